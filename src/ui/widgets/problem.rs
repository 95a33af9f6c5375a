//! A problem as a person reads it: the sentence in their language (what happened, what to do),
//! and under it a closed «Detalles» holding what the system said in its own terms (an OS error,
//! the service's text, a code) for whoever helps. Every error on screen is drawn by this.

use egui::{RichText, Ui};

use crate::i18n::Explained;
use crate::ui::plumbing::bridge::UiError;

/// How loud a problem is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Something failed: boxed, in the danger colour.
    Failed,
    /// Something is missing or off, and work goes on: in the warning colour, no box.
    Warning,
}

/// A failure in place: its sentence, and its detail and code folded under «Detalles».
pub fn error_box(ui: &mut Ui, error: &UiError) {
    let code = error
        .code
        .as_deref()
        .map(|code| crate::t!("cli-error-code", code = code));
    problem(
        ui,
        Tone::Failed,
        &error.message,
        error.detail.as_deref(),
        code,
    );
}

/// `error` as its sentence and its detail. Drawn each frame: the detail was logged where the
/// error was met ([`crate::i18n::Problem::of`]), not here.
pub fn explained(ui: &mut Ui, tone: Tone, error: &(impl Explained + ?Sized)) {
    problem(
        ui,
        tone,
        &error.to_string(),
        error.detail().as_deref(),
        None,
    );
}

/// The sentence, and under it what the system said and the code, folded.
pub fn problem(ui: &mut Ui, tone: Tone, message: &str, detail: Option<&str>, code: Option<String>) {
    let palette = crate::ui::theme::palette(ui);
    let colour = match tone {
        Tone::Failed => palette.danger,
        Tone::Warning => ui.visuals().warn_fg_color,
    };
    let body = |ui: &mut Ui| {
        ui.label(RichText::new(message).color(colour));
        details(ui, detail, code);
    };
    match tone {
        Tone::Failed => {
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(1.0, colour))
                .show(ui, body);
        }
        Tone::Warning => {
            ui.vertical(body);
        }
    }
}

/// «Detalles», closed: the detail as it came (selectable, to copy for support) and the code.
fn details(ui: &mut Ui, detail: Option<&str>, code: Option<String>) {
    let detail = detail.map(str::trim).filter(|detail| !detail.is_empty());
    if detail.is_none() && code.is_none() {
        return;
    }
    // Salted by what it holds: two problems on one page keep their own fold.
    let salt = (detail, code.as_deref());
    egui::CollapsingHeader::new(RichText::new(crate::t!("problem-details")).small())
        .id_salt(salt)
        .default_open(false)
        .show(ui, |ui| {
            if let Some(detail) = detail {
                ui.add(
                    egui::Label::new(
                        RichText::new(crate::untrusted::ForLog(detail).to_string())
                            .small()
                            .monospace(),
                    )
                    .selectable(true),
                );
            }
            if let Some(code) = code {
                ui.label(RichText::new(code).small().weak());
            }
        });
}
