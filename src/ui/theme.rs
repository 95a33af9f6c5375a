//! paydesk's colours, in one place: what a colour means stays the same on every panel (green is
//! money that arrived, red what did not go through, amber what is still waiting).

use egui::Color32;

/// Approved, paid, saved: good news.
pub const SUCCESS: Color32 = Color32::from_rgb(0x1e, 0x9e, 0x4a);
/// Waiting on someone.
pub const WAITING: Color32 = Color32::from_rgb(0xc8, 0x8a, 0x00);
/// Under way at the service; also the service's own test environment.
pub const INFO: Color32 = Color32::from_rgb(0x2f, 0x7f, 0xd1);
/// Refused, failed, a problem to fix.
pub const ERROR: Color32 = Color32::from_rgb(0xd0, 0x3b, 0x3b);
/// Ended without money moving.
pub const NEUTRAL: Color32 = Color32::from_rgb(0x80, 0x80, 0x80);
/// The built-in simulator: no real money.
pub const SIMULATOR: Color32 = Color32::from_rgb(0xe0, 0x7a, 0x10);
