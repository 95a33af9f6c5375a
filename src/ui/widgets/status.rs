//! A transaction's state in words and colour.

use egui::{Color32, RichText, Ui};

use crate::api::TransactionStatus;
use crate::ui::theme::{self, Tone};

/// What a state means, as a colour's purpose.
pub fn tone(status: TransactionStatus) -> Tone {
    match status {
        TransactionStatus::Approved => Tone::Success,
        TransactionStatus::Pending => Tone::Warning,
        TransactionStatus::Processing => Tone::Info,
        TransactionStatus::Rejected | TransactionStatus::Failed => Tone::Danger,
        TransactionStatus::Cancelled | TransactionStatus::Other(_) => Tone::Neutral,
    }
}

/// The state's colour as words on the theme being drawn.
pub fn color(ui: &Ui, status: TransactionStatus) -> Color32 {
    theme::palette(ui).text_of(tone(status))
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
    ui.label(
        RichText::new(words(status))
            .strong()
            .color(color(ui, status)),
    )
}

/// A payment of today's list: its state, or for a code that takes payment after payment
/// (a static QR on the counter) that it takes them and how many it took today (`taking`: that
/// count while it takes them; `compact`: in a table cell, the count alone).
pub fn tracked_badge(
    ui: &mut Ui,
    taking: Option<usize>,
    status: Option<TransactionStatus>,
    compact: bool,
) {
    if let Some(count) = taking {
        let text = match (count, compact) {
            (0, _) => crate::t!("state-takes-payments"),
            (_, true) => format!("{} ({count})", crate::t!("state-takes-payments")),
            (_, false) => format!(
                "{} · {}",
                crate::t!("state-takes-payments"),
                crate::t!("state-payments-today", count = count)
            ),
        };
        ui.label(
            RichText::new(text)
                .strong()
                .color(theme::palette(ui).success),
        );
    } else if let Some(state) = status {
        badge(ui, state);
    }
}
