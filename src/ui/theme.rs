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

/// Type sizes in points, by what the text is for (egui's body text is 14).
pub mod size {
    /// The amount on the customer screen: read from a metre away.
    pub const CUSTOMER_AMOUNT: f32 = 56.0;
    /// The customer screen's verdict ("¡Pago recibido!").
    pub const CUSTOMER_VERDICT: f32 = 48.0;
    /// The amount a payout is about to send, read back before money moves.
    pub const PAYOUT_AMOUNT: f32 = 34.0;
    /// The amount a created payment leads with.
    pub const AMOUNT: f32 = 28.0;
    /// An opened payment's amount.
    pub const DETAIL_AMOUNT: f32 = 24.0;
    /// Words meant for the customer, or read back before a payout.
    pub const LARGE: f32 = 22.0;
    /// A figure in a row of figures (Saldo), the app's name, the customer screen's buttons.
    pub const FIGURE: f32 = 20.0;
    /// A banner's words, a secondary button on the customer screen.
    pub const EMPHASIS: f32 = 18.0;
    /// Small print on the customer screen.
    pub const NOTE: f32 = 16.0;
}

/// Space between blocks, in points.
pub mod space {
    /// Between a line and what belongs to it.
    pub const SMALL: f32 = 4.0;
    /// Between the parts of a form or a report.
    pub const MEDIUM: f32 = 8.0;
    /// Before a new section.
    pub const LARGE: f32 = 12.0;
    /// Around what stands alone (the customer screen's blocks).
    pub const XLARGE: f32 = 16.0;
}
