//! A transaction's state in words and colour.

use egui::{Color32, RichText, Ui};

use crate::api::family_b::TransactionStatus;
use crate::ui::theme;

pub fn color(status: TransactionStatus) -> Color32 {
    match status {
        TransactionStatus::Approved => theme::SUCCESS,
        TransactionStatus::Pending => theme::WAITING,
        TransactionStatus::Processing => theme::INFO,
        TransactionStatus::Rejected | TransactionStatus::Failed => theme::ERROR,
        TransactionStatus::Cancelled | TransactionStatus::Other(_) => theme::NEUTRAL,
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
