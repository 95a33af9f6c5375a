//! A transaction's state in words and colour.

use egui::{Color32, RichText, Ui};

use crate::api::family_b::TransactionStatus;

pub fn color(status: TransactionStatus) -> Color32 {
    match status {
        TransactionStatus::Approved => Color32::from_rgb(0x1e, 0x9e, 0x4a),
        TransactionStatus::Pending => Color32::from_rgb(0xc8, 0x8a, 0x00),
        TransactionStatus::Processing => Color32::from_rgb(0x2f, 0x7f, 0xd1),
        TransactionStatus::Rejected | TransactionStatus::Failed => {
            Color32::from_rgb(0xd0, 0x3b, 0x3b)
        }
        TransactionStatus::Cancelled | TransactionStatus::Other(_) => {
            Color32::from_rgb(0x80, 0x80, 0x80)
        }
    }
}

/// "Approved", "Pending"... capitalised for labels.
pub fn words(status: TransactionStatus) -> String {
    let text = status.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => text,
    }
}

pub fn badge(ui: &mut Ui, status: TransactionStatus) -> egui::Response {
    ui.label(RichText::new(words(status)).strong().color(color(status)))
}
