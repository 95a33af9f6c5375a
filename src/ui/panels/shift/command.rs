//! What Turno asks the app to do: each a small value queued while drawing and run by the next
//! `logic` on the runtime.

use time::Date;

use crate::ledger::CashMove;
use crate::money::Pesos;
use crate::money::cash::Count;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShiftCommand {
    /// Opens this till's shift with the base counted.
    Open(Pesos),
    /// Money in or out, or a cash return, in this till's open shift.
    Move(CashMove),
    /// The cash sale a return is for, and what remains of it to return.
    FindSale(String),
    /// Closes `shift` with the count (this till's, or in the owner's view a cashier's).
    Close {
        shift: i64,
        count: Count,
        note: String,
    },
    /// The owner's view of every till's shifts: in Caja the owner's PIN first.
    ShowAll,
    /// Back to this till's drawer.
    ShowMine,
    /// The owner's view on another day.
    Day(Date),
    /// The owner takes an entry of an open shift out of every figure, with the reason.
    Void { entry: i64, reason: String },
}
