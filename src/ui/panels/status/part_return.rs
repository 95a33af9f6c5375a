//! A part of a sale given back where the money or the debt is, from the sale's window: cash from
//! this till's drawer for a part paid in cash (or, the owner allowing it with the customer at the
//! counter, for a part the service confirmed: `Ledger::return_in_cash`), credit to the customer's
//! tab for a part taken on fiado (`Ledger::return_to_tab`). The owner's, as every return: in Caja
//! the button asks the owner's PIN first, and the books refuse anyone else again. Never more than
//! remains of the part: the form says it before anything is asked, and the books decide again
//! under the sale's lock, their refusal shown in their words. Drawing is `part_return_view.rs`'s.

use crate::ledger::LedgerError;
use crate::money::Pesos;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::news::News;
use crate::ui::plumbing::queue::Queue;

/// Where a part goes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BackTo {
    /// Cash from this till's drawer.
    Drawer,
    /// Credit to the customer's tab.
    Tab,
}

/// Which part of which sale, and how it goes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartAsked {
    pub sale: i64,
    pub part: i64,
    pub to: BackTo,
}

/// A return of a part as the books are asked to write it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartReturnAsk {
    pub asked: PartAsked,
    pub amount: Pesos,
    /// Why, in the person's words.
    pub reason: String,
}

/// What the return of a part asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartReturnCommand {
    /// The owner wants to give this part back: the form opens, in Caja once the owner's PIN
    /// was right.
    Open(PartAsked),
    /// Written once: the button is pressed once per return, and the form empties.
    Write(PartReturnAsk),
    Close,
}

/// The form as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartReturnForm {
    pub asked: PartAsked,
    pub amount: String,
    /// product, charged-twice, wrong-amount or other.
    pub reason: String,
    /// The reason's words (needed for other).
    pub reason_words: String,
}

/// A return the books wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub to: BackTo,
    pub amount: Pesos,
}

#[derive(Default)]
pub struct PartReturn {
    pub queued: Queue<PartReturnCommand>,
    /// The part whose form opens once the owner's PIN is right.
    awaiting_owner: Option<PartAsked>,
    pub form: Option<PartReturnForm>,
    pub written: Requested<Written>,
    /// A return was written: what remains is read again, and the drawer's or the tab's panels
    /// hear it.
    pub changed: bool,
    /// The form was brought into sight in its window once.
    pub(super) brought_into_view: bool,
}

impl PartReturn {
    /// Whether the form (or the owner's PIN before it) is for this part of this sale.
    pub fn is_for(&self, sale: i64, part: i64) -> bool {
        let mine = |asked: &PartAsked| asked.sale == sale && asked.part == part;
        self.form.as_ref().is_some_and(|form| mine(&form.asked))
            || self.awaiting_owner.as_ref().is_some_and(mine)
    }

    /// The sale (its id) whose part waits for the owner's PIN.
    pub fn awaits_owner(&self) -> Option<i64> {
        self.awaiting_owner.map(|asked| asked.sale)
    }

    /// Whether a return is on its way to the books.
    pub fn is_busy(&self) -> bool {
        self.written.is_pending() || !self.queued.is_empty()
    }

    fn open(&mut self, asked: PartAsked) {
        *self = PartReturn {
            form: Some(PartReturnForm {
                asked,
                amount: String::new(),
                reason: "product".into(),
                reason_words: String::new(),
            }),
            ..PartReturn::default()
        };
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if let Some(asked) = self.awaiting_owner {
            if work.access.owner_side() {
                self.open(asked);
            } else if work.access.prompt.is_none() {
                // The PIN prompt was closed without the owner's PIN: nothing opens.
                self.awaiting_owner = None;
            }
        }
        for command in self.queued.take() {
            self.run(command, work);
        }
        if self.written.poll() {
            match &self.written {
                Requested::Done(written) => {
                    self.changed = true;
                    // The drawer or the tab changed at this till: Turno, Efectivo and Fiado hear.
                    let news = match written.to {
                        BackTo::Drawer => News::Cash,
                        BackTo::Tab => News::Tab,
                    };
                    work.actions.push(crate::ui::AppAction::Tell(news));
                    // Emptied, so a second press cannot give the rest back by mistake.
                    if let Some(form) = &mut self.form {
                        form.amount.clear();
                    }
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
    }

    fn run(&mut self, command: PartReturnCommand, work: &mut LogicContext<'_>) {
        match command {
            PartReturnCommand::Open(asked) if work.access.owner_side() => self.open(asked),
            PartReturnCommand::Open(asked) => {
                self.awaiting_owner = Some(asked);
                work.access.ask_owner_pin();
            }
            PartReturnCommand::Close => *self = PartReturn::default(),
            PartReturnCommand::Write(ask) => {
                // The owner's gate, kept here and not only on the button; the books ask again.
                if !work.access.owner_side() {
                    self.written = Requested::Failed {
                        error: UiError::local(t!("status-return-needs-owner")),
                        previous: None,
                    };
                    work.access.ask_owner_pin();
                    return;
                }
                let Ok(ledger) = work.session.ledger.clone() else {
                    return;
                };
                let by = work.access.actor();
                self.written.start(work.bridge.spawn_blocking(move || {
                    let PartAsked { sale, part, to } = ask.asked;
                    let at = crate::ledger::now_ms();
                    let written = match to {
                        BackTo::Drawer => ledger
                            .return_in_cash(&by, sale, part, ask.amount, &ask.reason, at)
                            .map(|_| ()),
                        BackTo::Tab => ledger
                            .return_to_tab(&by, sale, part, ask.amount, &ask.reason, at)
                            .map(|_| ()),
                    };
                    written.map_err(|error: LedgerError| UiError::explained(&error))?;
                    Ok(Written {
                        to,
                        amount: ask.amount,
                    })
                }));
            }
        }
    }
}
