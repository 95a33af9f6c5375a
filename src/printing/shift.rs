//! «Cierre de turno» on paper: one till's shift from its opening to its count. The drawer's cash
//! first (counted by the cashier: base, sales, returns, every movement with its reason and who,
//! voids with theirs, the expected amount, the count by denomination and the difference in
//! words), then, clearly apart, the payments the service confirmed for sales made at that till
//! while the shift was open. The two are never added into one figure.

use crate::api::catalog::MethodCatalog;
use crate::ledger::reconcile::who;
use crate::ledger::{
    CashEntry, CashKind, CashRefusal, CashSum, Ledger, LedgerError, ReceivedPayment, ShiftReport,
};
use crate::money::Pesos;
use crate::money::cash::denomination_words;

use super::PrintError;
use super::slip::{Slip, SlipLine, printable};

/// A shift's report, with the electronic payments of its till while it was open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftPaper {
    pub shop: String,
    pub report: ShiftReport,
    /// Payments the service confirmed for sales made at the shift's till between its opening
    /// and its close (or `printed_at`, while it is open).
    pub electronic: Vec<ReceivedPayment>,
    pub printed_at: i64,
}

impl ShiftPaper {
    pub fn from_books(
        ledger: &Ledger,
        shop: &str,
        shift: i64,
        printed_at: i64,
    ) -> Result<ShiftPaper, PrintError> {
        let report = ledger
            .shift_report(shift)?
            .ok_or(LedgerError::Cash(CashRefusal::NoSuchShift(shift)))?;
        let until = report
            .shift
            .close
            .as_ref()
            .map_or(printed_at, |close| close.closed_at);
        let electronic = ledger.received_at_till(
            &report.shift.till_name,
            report.shift.opened_at,
            until.saturating_add(1),
        )?;
        Ok(ShiftPaper {
            shop: shop.to_owned(),
            report,
            electronic,
            printed_at,
        })
    }

    /// What the print queue and the PDF call it.
    pub fn title(&self) -> String {
        crate::t!(
            "cashpaper-shift-title",
            shift = self.report.shift.id.to_string()
        )
    }

    pub fn slip(&self, catalog: &MethodCatalog) -> Slip {
        let mut slip = Slip::default();
        slip.push(SlipLine::Title(self.shop.clone()));
        slip.push(SlipLine::Heading(self.title()));
        slip.push(SlipLine::Rule);
        self.who_and_when(&mut slip);
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Heading(crate::t!("cashclose-cash-heading")));
        self.drawer(&mut slip);
        self.movements(&mut slip);
        self.count(&mut slip);
        slip.push(SlipLine::Rule);
        self.confirmed(&mut slip, catalog);
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Small(crate::t!("cashpaper-never-added")));
        slip.push(SlipLine::Small(crate::t!(
            "close-paper-printed",
            when = crate::clock::shown_datetime(self.printed_at)
        )));
        slip
    }

    fn who_and_when(&self, slip: &mut Slip) {
        let shift = &self.report.shift;
        let mut pair = |label: String, value: String| slip.push(SlipLine::Pair(label, value));
        pair(crate::t!("cashpaper-till"), printable(&shift.till_name));
        pair(crate::t!("cashpaper-opened-by"), who(&shift.opened_by));
        pair(
            crate::t!("cashpaper-opened-at"),
            crate::clock::shown_datetime(shift.opened_at),
        );
        match &shift.close {
            Some(close) => {
                pair(crate::t!("cashpaper-closed-by"), who(&close.by));
                pair(
                    crate::t!("cashpaper-closed-at"),
                    crate::clock::shown_datetime(close.closed_at),
                );
            }
            None => slip.push(SlipLine::Text(crate::t!("cashclose-open-uncounted"))),
        }
    }

    fn drawer(&self, slip: &mut Slip) {
        let figures = &self.report.figures;
        slip.push(SlipLine::Pair(
            crate::t!("cashpaper-base"),
            figures.base.to_string(),
        ));
        let sums = [
            (CashKind::Sale, figures.sales),
            (CashKind::Return, figures.returns),
            (CashKind::In, figures.cash_in),
            (CashKind::Out, figures.cash_out),
        ];
        for (kind, sum) in sums {
            slip.push(sum_line(kind.words(), sum));
        }
        if figures.voided.count > 0 {
            slip.push(sum_line(crate::t!("cashclose-voided"), figures.voided));
        }
    }

    /// Every movement but a sale (money in, out, a return), and every void, with its reason and
    /// who: what the owner reads to understand a difference.
    fn movements(&self, slip: &mut Slip) {
        let moved: Vec<&CashEntry> = self
            .report
            .entries
            .iter()
            .filter(|entry| entry.kind != CashKind::Sale || entry.void.is_some())
            .collect();
        if moved.is_empty() {
            return;
        }
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Heading(crate::t!("cashpaper-movements")));
        for entry in moved {
            slip.push(SlipLine::Pair(
                format!(
                    "{} {}",
                    crate::clock::shown_time(entry.at),
                    entry.kind.words()
                ),
                entry.amount.to_string(),
            ));
            let mut why = printable(&entry.reason);
            if why.is_empty() {
                why = printable(&entry.reference);
            }
            slip.push(SlipLine::Small(crate::t!(
                "cashpaper-movement-detail",
                why = why,
                who = who(&entry.by)
            )));
            if let Some(void) = &entry.void {
                slip.push(SlipLine::Small(crate::t!(
                    "cashpaper-voided-detail",
                    who = who(&void.by),
                    when = crate::clock::shown_datetime(void.at),
                    reason = printable(&void.reason)
                )));
            }
        }
    }

    /// Expected, the count by denomination (bills, then coins), counted and the difference.
    fn count(&self, slip: &mut Slip) {
        slip.push(SlipLine::Rule);
        let Some(close) = &self.report.shift.close else {
            slip.push(SlipLine::BoldPair(
                crate::t!("cashclose-expected-so-far"),
                self.report.figures.expected().to_string(),
            ));
            slip.push(SlipLine::Text(crate::t!("cashclose-open-uncounted")));
            return;
        };
        slip.push(SlipLine::BoldPair(
            crate::t!("cashclose-expected"),
            close.expected.to_string(),
        ));
        slip.push(SlipLine::Heading(crate::t!("cashpaper-count")));
        let mut coins_said = false;
        for (index, (denomination, pieces, subtotal)) in close.count.lines().enumerate() {
            if index == 0 && !denomination.coin {
                slip.push(SlipLine::Text(crate::t!("cashpaper-bills")));
            }
            if denomination.coin && !coins_said {
                slip.push(SlipLine::Text(crate::t!("cashpaper-coins")));
                coins_said = true;
            }
            slip.push(SlipLine::Pair(
                format!("  {pieces} × {}", denomination_words(denomination)),
                subtotal.to_string(),
            ));
        }
        if close.count.is_empty() {
            slip.push(SlipLine::Text(crate::t!("cashpaper-count-empty")));
        }
        slip.push(SlipLine::BoldPair(
            crate::t!("cashclose-counted"),
            close.counted.to_string(),
        ));
        slip.push(SlipLine::Heading(close.difference().words()));
        if !close.note.is_empty() {
            slip.push(SlipLine::Pair(
                crate::t!("cashpaper-note"),
                printable(&close.note),
            ));
        }
    }

    /// The service's side, apart: each payment confirmed for a sale made at this till.
    fn confirmed(&self, slip: &mut Slip, catalog: &MethodCatalog) {
        slip.push(SlipLine::Heading(crate::t!("cashclose-service-heading")));
        if self.electronic.is_empty() {
            slip.push(SlipLine::Text(crate::t!("cashpaper-no-electronic")));
            return;
        }
        for payment in &self.electronic {
            slip.push(SlipLine::Pair(
                format!(
                    "{} {}",
                    crate::clock::shown_time(payment.received_at),
                    payment.kind.words(catalog)
                ),
                payment
                    .amount
                    .map_or_else(|| crate::t!("receipt-amount-unknown"), |a| a.to_string()),
            ));
            slip.push(SlipLine::Small(printable(&payment.reference)));
        }
        let total = self
            .electronic
            .iter()
            .filter_map(|payment| payment.amount)
            .fold(Pesos::ZERO, Pesos::saturating_add);
        slip.push(SlipLine::BoldPair(
            crate::t!("cashpaper-electronic-total", count = self.electronic.len()),
            total.to_string(),
        ));
    }
}

fn sum_line(label: String, sum: CashSum) -> SlipLine {
    SlipLine::Pair(format!("{label} ({})", sum.count), sum.amount.to_string())
}
