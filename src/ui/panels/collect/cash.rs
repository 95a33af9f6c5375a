//! Efectivo in Cobrar: a cash sale in two keys. The form hands its sale over the moment Enter is
//! pressed and empties for the next customer in that same frame; the books are written on the
//! runtime by the one cash sequence (`cash::sell`), never in a frame, and the answer comes back
//! as the card of the sale, or as the books' refusal with the sale kept to put back. Nothing
//! here asks the service: cash is counted by the cashier and needs no internet.

use std::sync::Arc;

use crate::ledger::{CashEntry, Ledger, Shift};
use crate::money::Pesos;
use crate::requests::{CashSaleAsk, CashSaleForm};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, Task, UiError};
use crate::ui::services::paper::{PaperCommand, PaperSource, Printed};

/// A cash sale as the form hands it over: what was read, the electronic sale it is charged
/// instead of ("" for none), and the base when the shift is opened in the same step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashSale {
    pub ask: CashSaleAsk,
    pub instead_of: String,
    pub open_with: Option<Pesos>,
}

/// The electronic sale on a card that the customer pays in cash instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsteadOf {
    pub reference: String,
    pub amount: Pesos,
    pub description: String,
}

/// A sale the books refused: said in their words, and kept whole to put back in the form.
pub(super) struct Refused {
    pub(super) sale: CashSale,
    pub(super) error: UiError,
}

/// What the books answered for one cash sale.
type Answer = Result<(Option<Shift>, CashEntry), UiError>;

/// The Efectivo form and what came of its sales.
pub(super) struct CashForm {
    /// What is typed: the amount, what the customer hands over (empty: the exact amount), what
    /// is sold.
    pub(super) typed: CashSaleForm,
    /// The shift's base, typed when this till has no open shift.
    pub(super) base: String,
    /// The electronic sale this cash sale is charged instead of, while the form holds it.
    pub(super) instead_of: Option<InsteadOf>,
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
    /// Sales handed to the books and not yet answered, oldest first.
    pending: Vec<(CashSale, Task<Answer>)>,
    /// The last sale the books wrote: its card.
    pub(super) recorded: Option<CashEntry>,
    /// Sales the books refused, each with its «Volver a poner en el formulario».
    pub(super) refused: Vec<Refused>,
    /// The receipt's text opened in WhatsApp, on the blocking pool.
    pub(super) shared: Requested<()>,
    /// The paper a card offers, as `logic` last found it: a printer set here and free.
    pub(super) printer_ready: bool,
    /// What the last cash receipt asked for came to.
    pub(super) printed: Option<Result<Printed, crate::i18n::Problem>>,
    /// «Abrir carpeta» beside a receipt saved as a PDF.
    pub(super) opener: crate::ui::widgets::saved::FolderOpener,
}

impl Default for CashForm {
    fn default() -> Self {
        CashForm {
            typed: CashSaleForm::default(),
            base: String::new(),
            instead_of: None,
            take_keyboard: false,
            take_keyboard_tendered: false,
            shift: Requested::NotRequested,
            shift_stale: true,
            opening: false,
            pending: Vec::new(),
            recorded: None,
            refused: Vec::new(),
            shared: Requested::NotRequested,
            printer_ready: false,
            printed: None,
            opener: Default::default(),
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

    /// Whether a cash sale is under way: typed and not sent, or sent and not answered.
    pub(super) fn holds_a_sale(&self) -> bool {
        !self.typed.amount.trim().is_empty() || !self.pending.is_empty()
    }

    /// Whether sales are on their way to the books.
    pub(super) fn is_writing(&self) -> bool {
        !self.pending.is_empty()
    }

    /// A drawer changed (here or at another till of the books): read the shift again.
    pub(super) fn drawer_changed(&mut self) {
        self.shift_stale = true;
    }

    /// The form hands its sale over and empties at once, the amount ready for the next customer:
    /// the books are written by the next `logic`, on the runtime.
    pub(super) fn hand_over(&mut self, ask: CashSaleAsk, open_with: Option<Pesos>) -> CashSale {
        let instead_of = self
            .instead_of
            .take()
            .map(|sale| sale.reference)
            .unwrap_or_default();
        self.typed = CashSaleForm::default();
        self.take_keyboard = true;
        if open_with.is_some() {
            self.base.clear();
            self.opening = true;
        }
        CashSale {
            ask,
            instead_of,
            open_with,
        }
    }

    /// The electronic sale on a card, charged in cash instead: its amount and what it sold come
    /// into the form, and what the customer hands over takes the keyboard.
    pub(super) fn charge_instead(&mut self, sale: InsteadOf) {
        self.typed = CashSaleForm {
            amount: sale.amount.to_string(),
            tendered: String::new(),
            description: sale.description.clone(),
        };
        self.instead_of = Some(sale);
        self.take_keyboard_tendered = true;
    }

    /// A refused sale back in the form, as it was typed: nothing was written, nothing is lost.
    pub(super) fn put_back(&mut self, index: usize) {
        if index >= self.refused.len() {
            return;
        }
        let Refused { sale, .. } = self.refused.remove(index);
        self.typed = CashSaleForm {
            amount: sale.ask.amount.to_string(),
            tendered: sale.ask.tendered.to_string(),
            description: sale.ask.description,
        };
        self.instead_of = (!sale.instead_of.is_empty()).then(|| InsteadOf {
            reference: sale.instead_of,
            amount: sale.ask.amount,
            description: String::new(),
        });
        if let Some(base) = sale.open_with {
            self.base = base.get().to_string();
        }
        self.take_keyboard = true;
    }

    /// Writes a handed-over sale in the books on the blocking pool, as the sale of whoever is
    /// at the till, by the one cash sequence.
    pub(super) fn sell(&mut self, sale: CashSale, work: &LogicContext<'_>) {
        let actor = work.access.actor();
        let ledger = work.session.ledger.clone();
        let at = crate::clock::now_ms();
        let asked = sale.clone();
        let task = work.bridge.spawn_blocking(move || -> Answer {
            let ledger = ledger.map_err(UiError::from)?;
            crate::cash::sell(
                &ledger,
                &actor,
                &asked.ask,
                &asked.instead_of,
                asked.open_with,
                at,
            )
            .map_err(|error| UiError::explained(&error))
        });
        self.pending.push((sale, task));
    }

    /// The books' answers to the sales sent, and this till's shift read again when stale. The
    /// electronic sales a recorded cash sale was charged instead of are handed back: their cards
    /// go.
    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>) -> Vec<String> {
        let mut charged_instead = Vec::new();
        let mut index = 0;
        while index < self.pending.len() {
            let Some(answer) = self.pending[index].1.poll() else {
                index += 1;
                continue;
            };
            let (sale, _) = self.pending.remove(index);
            self.shift_stale = true;
            match answer {
                Ok((_, entry)) => {
                    if !sale.instead_of.is_empty() {
                        charged_instead.push(sale.instead_of.clone());
                    }
                    paper_for(work, &entry);
                    self.recorded = Some(entry);
                    work.actions.push(crate::ui::AppAction::Tell(
                        crate::ui::plumbing::news::News::Cash,
                    ));
                }
                Err(error) => {
                    work.note_error(&error);
                    self.refused.push(Refused { sale, error });
                }
            }
        }
        if self.shift.poll() {
            self.opening = self.opening && !self.pending.is_empty();
        }
        if self.shift_stale && !self.shift.is_pending() {
            self.shift_stale = false;
            self.read_shift(work);
        }
        self.shared.poll();
        self.printer_ready = work.paper.settings().printer.is_some() && !work.paper.is_busy();
        self.printed = work.paper.outcome_for(&[PaperSource::Cash]).cloned();
        self.opener.logic(work.bridge);
        charged_instead
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

/// What this till does on paper with each cash sale, as its printer is set: the drawer opens,
/// the receipt prints by itself; otherwise the card offers it.
fn paper_for(work: &mut LogicContext<'_>, entry: &CashEntry) {
    let settings = work.paper.settings();
    if settings.drawer_on_approval {
        work.paper.queued.push(PaperCommand::Drawer);
    }
    if settings.receipt_on_approval {
        work.paper.queued.push(PaperCommand::CashReceipt {
            entry: entry.id,
            pdf: false,
        });
    }
}
