//! Efectivo in Cobrar: a cash sale in two keys. The form hands its sale over the moment Enter is
//! pressed and empties for the next customer in that same frame; the books are written on the
//! runtime (`till.rs`), never in a frame. When what the customer hands over falls short of the
//! sale, the rest is charged another way from here: by a QR or a link made as a part of the same
//! sale, or on the customer's tab (the cash then is a deposit). Nothing here asks the service
//! for cash: it is counted by the cashier and needs no internet.

use std::sync::Arc;

use crate::ledger::{Ledger, SaleLine, SaleNumber, Shift};
use crate::money::Pesos;
use crate::requests::{CashSaleAsk, CashSaleForm, TabSaleForm};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};

use super::till::TillAsk;

/// The electronic sale on a card that the customer pays in cash instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsteadOf {
    pub reference: String,
    pub amount: Pesos,
    pub description: String,
}

/// The Efectivo form.
pub(super) struct CashForm {
    /// What is typed: the amount, what the customer hands over (empty: the exact amount), what
    /// is sold.
    pub(super) typed: CashSaleForm,
    /// The shift's base, typed when this till has no open shift.
    pub(super) base: String,
    /// The electronic sale this cash sale is charged instead of, while the form holds it.
    pub(super) instead_of: Option<InsteadOf>,
    /// The sale whose missing part is charged in cash here, and what it is missing.
    pub(super) again: Option<(SaleNumber, Pesos)>,
    /// The amount takes the keyboard at the next frame (the form was just emptied or opened).
    pub(super) take_keyboard: bool,
    /// «¿Con cuánto paga?» takes the keyboard (the amount came from an electronic sale).
    pub(super) take_keyboard_tendered: bool,
    /// This till's shift as the books last said it (`None`: no shift open here).
    pub(super) shift: Requested<Option<Shift>>,
    /// The shift is to be read again (a sale answered, a drawer changed somewhere).
    shift_stale: bool,
    /// A sale that opens the shift went: the next ones go without a base.
    pub(super) opening: bool,
    /// The amount is the sum of the sale's lines: shown, not typed.
    pub(super) from_lines: bool,
    /// «Fiar el resto» or «Fiar a…» was pressed: the sale, for the Fiar form to put on a tab.
    pub(super) to_fiar: Option<TabSaleForm>,
    /// Sales are on their way to the books: said under the button.
    pub(super) writing: bool,
}

impl Default for CashForm {
    fn default() -> Self {
        CashForm {
            typed: CashSaleForm::default(),
            base: String::new(),
            instead_of: None,
            again: None,
            take_keyboard: false,
            take_keyboard_tendered: false,
            shift: Requested::NotRequested,
            shift_stale: true,
            opening: false,
            from_lines: false,
            to_fiar: None,
            writing: false,
        }
    }
}

/// What the form may do now, from the shift as the books last said it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Drawer {
    /// A shift is open here (or being opened by a sale on its way): sell.
    Open,
    /// No shift here: the base is asked for, and the sale opens it in one step.
    Closed,
    /// The shift was left open on an earlier day: it is counted in Turno before any sale.
    LeftOpen { since: i64 },
    /// Not read yet (or the books could not say): the sale goes, and the books decide.
    Unknown,
}

impl CashForm {
    /// Where the drawer stands for the form, at `now`.
    pub(super) fn drawer(&self, now: i64) -> Drawer {
        if self.opening {
            return Drawer::Open;
        }
        match self.shift.value() {
            Some(Some(shift)) if shift.left_open_before(now) => Drawer::LeftOpen {
                since: shift.opened_at,
            },
            Some(Some(_)) => Drawer::Open,
            Some(None) => Drawer::Closed,
            None => Drawer::Unknown,
        }
    }

    /// Whether a cash sale is typed and not sent.
    pub(super) fn holds_a_sale(&self) -> bool {
        !self.typed.amount.trim().is_empty()
    }

    /// A drawer changed (here or at another till of the books): read the shift again.
    pub(super) fn drawer_changed(&mut self) {
        self.shift_stale = true;
    }

    /// Empties the form for the next customer, the amount ready: the books are written by the
    /// next `logic`, on the runtime.
    fn emptied(&mut self, open_with: Option<Pesos>) {
        self.typed = CashSaleForm::default();
        self.again = None;
        self.take_keyboard = true;
        if open_with.is_some() {
            self.base.clear();
            self.opening = true;
        }
    }

    /// The sale as read, handed over: cash alone, charged instead of an electronic sale, or
    /// paying what an open sale is missing.
    pub(super) fn hand_over(
        &mut self,
        ask: CashSaleAsk,
        open_with: Option<Pesos>,
        lines: Vec<SaleLine>,
    ) -> TillAsk {
        let mut sale = TillAsk::of(ask.amount, &ask.description, lines);
        sale.cash = Some((ask.amount, ask.tendered));
        sale.open_with = open_with;
        sale.instead_of = self
            .instead_of
            .take()
            .map(|sale| sale.reference)
            .unwrap_or_default();
        sale.again = self.again.map(|(number, _)| number);
        self.emptied(open_with);
        sale
    }

    /// The sale with what the customer handed over as its cash part, and the rest charged by
    /// `charge` (a QR or a link) as a part of the same sale.
    pub(super) fn hand_over_with_rest(
        &mut self,
        (amount, tendered): (Pesos, Pesos),
        charge: crate::collections::ChargeRequest,
        (open_with, lines): (Option<Pesos>, Vec<SaleLine>),
    ) -> TillAsk {
        let mut sale = TillAsk::of(amount, self.typed.description.trim(), lines);
        sale.cash = Some((tendered, tendered));
        sale.charge = Some(charge);
        sale.open_with = open_with;
        self.emptied(open_with);
        sale
    }

    /// «Fiar el resto»: the sale goes to the Fiar form, what was handed over its deposit.
    pub(super) fn rest_on_tab(&mut self, tendered: Option<Pesos>) {
        self.to_fiar = Some(TabSaleForm {
            amount: self.typed.amount.clone(),
            deposit: tendered.map(|pesos| pesos.to_string()).unwrap_or_default(),
            description: self.typed.description.clone(),
        });
        self.typed = CashSaleForm::default();
        self.instead_of = None;
    }

    /// The electronic sale on a card, charged in cash instead: its amount and what it sold come
    /// into the form, and what the customer hands over takes the keyboard.
    pub(super) fn charge_instead(&mut self, sale: InsteadOf) {
        self.typed = CashSaleForm {
            amount: sale.amount.to_string(),
            tendered: String::new(),
            description: sale.description.clone(),
        };
        self.again = None;
        self.instead_of = Some(sale);
        self.take_keyboard_tendered = true;
    }

    /// What an open sale is missing, charged in cash here: the amount is what it misses.
    pub(super) fn charge_missing(&mut self, number: SaleNumber, missing: Pesos) {
        self.typed = CashSaleForm {
            amount: missing.to_string(),
            tendered: String::new(),
            description: String::new(),
        };
        self.instead_of = None;
        self.again = Some((number, missing));
        self.take_keyboard_tendered = true;
    }

    /// A refused sale back in the form, as it was asked: nothing was written, nothing is lost.
    pub(super) fn put_back(&mut self, ask: &TillAsk) {
        let (cash, tendered) = ask.cash.unwrap_or((ask.amount(), ask.amount()));
        let tendered = if ask.charge.is_some() { cash } else { tendered };
        self.typed = CashSaleForm {
            amount: ask.amount().to_string(),
            tendered: tendered.to_string(),
            description: ask.sale.description.clone(),
        };
        self.instead_of = (!ask.instead_of.is_empty()).then(|| InsteadOf {
            reference: ask.instead_of.clone(),
            amount: ask.amount(),
            description: String::new(),
        });
        self.again = ask.again.map(|number| (number, ask.amount()));
        if let Some(base) = ask.open_with {
            self.base = base.get().to_string();
        }
        self.take_keyboard = true;
    }

    /// This till's shift, read again when stale (`writing`: sales are on their way).
    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>, writing: bool) {
        if self.shift.poll() {
            self.opening = self.opening && writing;
        }
        if self.shift_stale && !self.shift.is_pending() {
            self.shift_stale = false;
            self.read_shift(work);
        }
    }

    /// This till's shift, read from the books off the frame.
    fn read_shift(&mut self, work: &LogicContext<'_>) {
        let ledger: Result<Arc<Ledger>, _> = work.session.ledger.clone();
        self.shift.start(work.bridge.spawn_blocking(move || {
            let ledger = ledger.map_err(UiError::from)?;
            let report = ledger
                .open_shift_here()
                .map_err(|error| UiError::explained(&error))?;
            Ok(report.map(|report| report.shift))
        }));
    }
}
