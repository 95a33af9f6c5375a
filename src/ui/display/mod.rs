//! The customer display of its own: a second window on the monitor the customer faces, while
//! the cashier's window stays the till. Its state (`state.rs`) is a small value apart from its
//! drawing (`draw.rs`); `window.rs` opens, feeds and places the window; `monitors.rs` asks the
//! system which monitors there are.

mod draw;
pub mod monitors;
mod returned;
mod state;
mod window;

pub use monitors::Monitor;
pub use state::{DisplayState, Followed, Showing};
pub use window::{CustomerDisplay, DisplayInputs, Place};
