//! The drawers in the CSV: a row per cash entry in the range's file (beside the service's rows,
//! a column saying whose word each row's money is), and the shifts with their counts in a file
//! of their own beside it, as the notifications are (docs/decisions.md, "Cash"). The drawers are
//! the shop's: no profile filter leaves one out.

use std::io::Write;

use super::cash::{Drawer, who};
use super::csv::{ExportError, Row, Spoken, beside, text, write_rows};
use super::terms::Period;
use crate::api::catalog::MethodCatalog;
use crate::clock::local_datetime as local_time;
use crate::i18n::Language;
use crate::ledger::base::Ledger;
use crate::ledger::cash_state::CashEntry;

/// The shifts' file: a row per shift open at some moment of the range.
type ShiftRow = [String; 18];

impl Spoken<'_> {
    /// Whose word a row's money is: the service's (it confirmed it, or will) or a cashier's
    /// count.
    pub(super) fn whose(&self, counted: bool) -> String {
        if counted {
            self.either("cash", "efectivo contado").to_owned()
        } else {
            self.either("service", "confirmado por el servicio")
                .to_owned()
        }
    }

    /// A drawer's entry. The service's money columns stay empty: cash is in a column of its
    /// own, what it did to the drawer (below zero when it took money out, nothing once voided).
    pub(super) fn cash_entry(&self, entry: &CashEntry) -> Row {
        let record = if self.spanish {
            entry.kind.words()
        } else {
            format!("cash_{}", entry.kind.code())
        };
        let state = match (&entry.void, self.spanish) {
            (Some(_), true) => "anulado",
            (Some(_), false) => "voided",
            (None, true) => "registrado",
            (None, false) => "recorded",
        };
        let voided = entry.void.as_ref().map_or_else(String::new, |void| {
            crate::t!(
                "cashclose-csv-voided",
                who = who(&void.by),
                when = local_time(void.at),
                reason = void.reason.as_str()
            )
        });
        let pesos = |value: Option<crate::money::Pesos>| {
            value.map(|p| p.get().to_string()).unwrap_or_default()
        };
        [
            record,
            local_time(entry.at),
            text(&entry.reference),
            entry.id.to_string(),
            self.either("cash", "efectivo").to_owned(),
            entry.amount.get().to_string(),
            String::new(),
            String::new(),
            String::new(),
            state.to_owned(),
            self.either("counted", "contado por el cajero").to_owned(),
            String::new(),
            text(&who(&entry.by)),
            text(&entry.by.till),
            text(&entry.description),
            self.whose(true),
            entry.effect().to_string(),
            pesos(entry.tendered),
            pesos(entry.change()),
            text(&entry.instead_of),
            text(&entry.reason),
            text(&voided),
            String::new(),
            String::new(),
        ]
    }

    fn shift(&self, drawer: &Drawer) -> ShiftRow {
        let shift = &drawer.report.shift;
        let figures = drawer.figures();
        let close = shift.close.as_ref();
        let difference = drawer.difference();
        let difference_words = difference.map_or_else(
            || crate::t!("cashclose-open-uncounted"),
            |difference| difference.words(),
        );
        [
            self.either("shift", "turno").to_owned(),
            shift.id.to_string(),
            text(&shift.till_name),
            local_time(shift.opened_at),
            text(&who(&shift.opened_by)),
            shift.base.get().to_string(),
            figures.sales.amount.get().to_string(),
            figures.returns.amount.get().to_string(),
            figures.cash_in.amount.get().to_string(),
            figures.cash_out.amount.get().to_string(),
            figures.voided.amount.get().to_string(),
            close
                .map(|close| local_time(close.closed_at))
                .unwrap_or_default(),
            close.map(|close| text(&who(&close.by))).unwrap_or_default(),
            drawer.expected.get().to_string(),
            drawer
                .counted
                .map(|counted| counted.get().to_string())
                .unwrap_or_default(),
            difference
                .map(|difference| difference.signed().to_string())
                .unwrap_or_default(),
            text(&difference_words),
            close.map(|close| close.count.stored()).unwrap_or_default(),
        ]
    }
}

impl Ledger {
    /// Every till's shift open at some moment of the period, one row each: its figures and,
    /// once counted, the count and its difference.
    pub fn export_shifts_csv(
        &self,
        period: Period<'_>,
        out: impl Write,
        language: Language,
    ) -> Result<usize, ExportError> {
        let (start, end) = period.bounds();
        let drawers: Vec<Drawer> = self
            .shifts_between(start, end)?
            .into_iter()
            .map(Drawer::of)
            .collect();
        write_file_beside(
            out,
            language,
            (&SHIFTS_HEADER, &SPANISH_SHIFTS_HEADER),
            &drawers,
            |spoken, drawer| spoken.shift(drawer),
        )
    }
}

/// A file of its own beside the range's (the notifications', the shifts'): its rows name no
/// payment method and tell no contradiction, under the header in the file's language
/// (`(english, spanish)`).
pub(super) fn write_file_beside<T, const N: usize>(
    out: impl Write,
    language: Language,
    (english, spanish): (&[&str; N], &[&str; N]),
    records: &[T],
    row: impl Fn(&Spoken<'_>, &T) -> [String; N],
) -> Result<usize, ExportError> {
    let spoken = Spoken {
        spanish: language == Language::Es,
        catalog: &MethodCatalog::default(),
        contradictions: &[],
    };
    let header = if spoken.spanish { spanish } else { english };
    let rows = records.iter().map(|record| row(&spoken, record));
    write_rows(out, spoken.spanish, header, rows)
}

/// Where a CSV's shifts go: beside it, named for them in the file's language.
pub fn shifts_path(path: &std::path::Path, language: Language) -> std::path::PathBuf {
    beside(path, language, ("turnos", "shifts"))
}

/// The shifts' file: `expected` is frozen at the close (so far, while open); `difference` is
/// counted less expected, below zero for a faltante; `count` is the pieces by denomination
/// ("b50000:3,m500:4": b a bill, m a coin).
pub const SHIFTS_HEADER: [&str; 18] = [
    "record",
    "shift",
    "till",
    "opened_at",
    "opened_by",
    "base",
    "cash_sales",
    "cash_returns",
    "cash_in",
    "cash_out",
    "voided",
    "closed_at",
    "closed_by",
    "expected",
    "counted",
    "difference",
    "difference_words",
    "count",
];

pub const SPANISH_SHIFTS_HEADER: [&str; 18] = [
    "registro",
    "turno",
    "caja",
    "apertura",
    "abrio",
    "base",
    "ventas_efectivo",
    "devoluciones_efectivo",
    "entradas",
    "salidas",
    "anulados",
    "cierre",
    "cerro",
    "esperado",
    "contado",
    "diferencia",
    "diferencia_en_palabras",
    "arqueo",
];
