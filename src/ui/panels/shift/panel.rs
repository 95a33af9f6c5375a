//! Turno's state and its `logic`: this till's open shift as the books last said, the forms as
//! typed, and every read and write of the drawer run on the runtime (never in a frame). The
//! books decide every rule under the till's lock; what they refuse comes back in their words and
//! nothing is written. The drawer is read again after each write, and whenever another till or
//! the command line changed one (`News::Cash`).

use std::sync::Arc;

use super::command::ShiftCommand;
use super::count::CountDraft;
use super::moves::MoveDraft;
use super::shifts::AllShifts;
use crate::ledger::{CashEntry, Ledger, LedgerError, Shift, ShiftReport};
use crate::money::Pesos;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;

/// Which part of Turno is on screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Part {
    /// This till's drawer.
    #[default]
    Mine,
    /// The owner's view of every till's shifts.
    All,
}

pub struct ShiftPanel {
    pub queued: Queue<ShiftCommand>,
    /// The frame it was last drawn in: a person turning back to Turno reads the drawer again
    /// (the command line writes to an embedded ledger without a word to the app).
    pub(super) drawn_frame: Option<u64>,
    pub(super) part: Part,
    /// This till's open shift (`None`: none is open), as the books last said.
    pub(super) here: Requested<Option<ShiftReport>>,
    here_stale: bool,
    /// The app was turned to Turno for a shift left open: once a session.
    told_left_open: bool,
    /// The base as typed.
    pub(super) base: String,
    pub(super) opening: Requested<Shift>,
    pub(super) movement: MoveDraft,
    pub(super) moved: Requested<CashEntry>,
    /// A return's cash sale and what remains of it.
    pub(super) sale: Requested<(CashEntry, Pesos)>,
    /// This till's count at its close.
    pub(super) count: CountDraft,
    pub(super) closing: Requested<ShiftReport>,
    /// The shift whose close was asked for: a second click does not ask again.
    closing_shift: Option<i64>,
    /// The shift just closed, on screen with its paper until put away.
    pub(super) closed: Option<ShiftReport>,
    pub(super) all: AllShifts,
    /// The owner's view was asked for in Caja: it opens once the owner's PIN is right.
    awaiting_owner: bool,
}

impl Default for ShiftPanel {
    fn default() -> Self {
        ShiftPanel {
            drawn_frame: None,
            queued: Queue::default(),
            part: Part::Mine,
            here: Requested::NotRequested,
            here_stale: true,
            told_left_open: false,
            base: String::new(),
            opening: Requested::NotRequested,
            movement: MoveDraft::default(),
            moved: Requested::NotRequested,
            sale: Requested::NotRequested,
            count: CountDraft::default(),
            closing: Requested::NotRequested,
            closing_shift: None,
            closed: None,
            all: AllShifts::default(),
            awaiting_owner: false,
        }
    }
}

/// The books' refusal (or failure) as the panel shows it.
fn shown(error: LedgerError) -> UiError {
    UiError::explained(&error)
}

impl ShiftPanel {
    /// This till's open shift, as last read.
    pub fn open_here(&self) -> Option<&ShiftReport> {
        self.here.value().and_then(Option::as_ref)
    }

    /// Whether a write or the close is on its way.
    pub(super) fn is_busy(&self) -> bool {
        self.opening.is_pending()
            || self.moved.is_pending()
            || self.closing.is_pending()
            || self.all.voiding.is_pending()
            || !self.queued.is_empty()
    }

    /// The drawer changed: read again.
    pub(super) fn changed(&mut self) {
        self.here_stale = true;
        self.all.stale = true;
    }

    /// Someone else is at the till: what one person typed or saw of the owner's view goes.
    pub(super) fn forget_person(&mut self) {
        self.part = Part::Mine;
        self.awaiting_owner = false;
        self.base.clear();
        self.movement = MoveDraft::default();
        self.count = CountDraft::default();
        self.closed = None;
        self.all = AllShifts {
            day: self.all.day,
            ..AllShifts::default()
        };
        self.changed();
    }

    pub(super) fn hear_cash(&mut self) {
        self.changed();
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if self.awaiting_owner {
            if work.access.owner_side() {
                self.awaiting_owner = false;
                self.part = Part::All;
                self.all.stale = true;
            } else if work.access.prompt.is_none() {
                // The PIN prompt was closed without the owner's PIN: the view stays shut.
                self.awaiting_owner = false;
            }
        }
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        for command in self.queued.take() {
            self.run(command, work, &ledger);
        }
        if self.here_stale && !self.here.is_pending() {
            self.here_stale = false;
            let ledger = ledger.clone();
            self.here.start(
                work.bridge
                    .spawn_blocking(move || ledger.open_shift_here().map_err(shown)),
            );
        }
        if self.part == Part::All && self.all.stale && !self.all.list.is_pending() {
            self.all.stale = false;
            let (from, to) = self.all.range();
            let ledger = ledger.clone();
            self.all.list.start(
                work.bridge
                    .spawn_blocking(move || ledger.shifts_between(from, to).map_err(shown)),
            );
        }
        self.poll(work);
    }

    fn run(&mut self, command: ShiftCommand, work: &mut LogicContext<'_>, ledger: &Arc<Ledger>) {
        let ledger = ledger.clone();
        let actor = work.access.actor();
        let now = crate::clock::now_ms();
        match command {
            ShiftCommand::Open(base) => self.opening.start(
                work.bridge
                    .spawn_blocking(move || ledger.open_shift(&actor, base, now).map_err(shown)),
            ),
            ShiftCommand::Move(what) => self.moved.start(
                work.bridge
                    .spawn_blocking(move || ledger.record_cash(&actor, &what, now).map_err(shown)),
            ),
            ShiftCommand::FindSale(reference) => self.sale.start(
                work.bridge
                    .spawn_blocking(move || ledger.cash_sale(&reference).map_err(shown)),
            ),
            ShiftCommand::Close { shift, count, note } => {
                // One close per shift from here: a double click asks the books once.
                let asked = self.closing_shift == Some(shift)
                    && (self.closing.is_pending() || matches!(self.closing, Requested::Done(_)));
                if asked {
                    return;
                }
                self.closing_shift = Some(shift);
                self.closing.start(work.bridge.spawn_blocking(move || {
                    ledger
                        .close_shift(&actor, shift, &count, &note, now)
                        .map_err(shown)
                }));
            }
            ShiftCommand::ShowAll if work.access.owner_side() => {
                self.part = Part::All;
                self.all.stale = true;
            }
            ShiftCommand::ShowAll => {
                self.awaiting_owner = true;
                work.access.ask_owner_pin();
            }
            ShiftCommand::ShowMine => self.part = Part::Mine,
            ShiftCommand::Day(day) => {
                self.all.day = day;
                self.all.selected = None;
                self.all.stale = true;
            }
            ShiftCommand::Void { entry, reason } => {
                // The owner's gate, kept here and not only in the view: the books refuse a
                // cashier too.
                if !work.access.owner_side() {
                    self.all.voiding = Requested::Failed {
                        error: UiError::local(t!("shift-void-needs-owner")),
                        previous: None,
                    };
                    work.access.ask_owner_pin();
                    return;
                }
                self.all.voiding.start(work.bridge.spawn_blocking(move || {
                    ledger.void_cash(&actor, entry, &reason, now).map_err(shown)
                }));
            }
        }
    }

    /// Takes what the runtime sent back.
    fn poll(&mut self, work: &mut LogicContext<'_>) {
        if self.here.poll()
            && let Some(Some(report)) = self.here.value()
            && report.shift.left_open_before(crate::clock::now_ms())
            && !self.told_left_open
        {
            // A shift left open at night is said wherever the person landed: the app turns
            // to Turno, once.
            self.told_left_open = true;
            work.actions
                .push(crate::ui::AppAction::GoTo(crate::ui::Panel::Shift));
        }
        if self.opening.poll() && self.opening.value().is_some() {
            self.base.clear();
            self.closed = None;
            self.changed();
            told(work);
        }
        if self.moved.poll() && matches!(self.moved, Requested::Done(_)) {
            self.movement = MoveDraft {
                kind: self.movement.kind,
                ..MoveDraft::default()
            };
            self.sale.clear();
            self.changed();
            told(work);
        }
        if self.sale.poll()
            && let Some((_, remaining)) = self.sale.value()
            && self.movement.form.amount.trim().is_empty()
        {
            self.movement.form.amount = remaining.to_string();
        }
        if self.closing.poll()
            && let Requested::Done(report) = &self.closing
        {
            self.closed = Some(report.clone());
            self.count = CountDraft::default();
            self.all.count = CountDraft::default();
            self.all.selected = None;
            self.changed();
            told(work);
        }
        self.all.list.poll();
        if self.all.voiding.poll() && matches!(self.all.voiding, Requested::Done(_)) {
            self.all.void = None;
            self.changed();
            told(work);
        }
    }
}

/// This till wrote to its drawer: Cobrar's Efectivo (and the close) hear it as they hear another
/// till's write.
fn told(work: &mut LogicContext<'_>) {
    work.actions.push(crate::ui::AppAction::Tell(
        crate::ui::plumbing::news::News::Cash,
    ));
}
