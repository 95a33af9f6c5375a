//! Turno: this till's drawer (its base, cash in and out, a cash return, the count at its close)
//! and, inside it, the owner's view of every till's shifts. What it asks the app to do in
//! `command.rs`; the state and its `logic` in `panel.rs` (every read and write on the runtime);
//! the drawing and its `PanelState` in `show.rs`, from the parts: `drawer.rs` (a shift's figures
//! and entries), `moves.rs` (money in and out, a cash return), `count.rs` (the count by
//! denomination) and `shifts.rs` (the owner's view).

mod command;
mod count;
mod drawer;
mod moves;
mod panel;
mod shifts;
mod show;

pub use command::ShiftCommand;
pub use panel::ShiftPanel;
pub use show::ShiftView;
