//! Configuración → Impresora: this computer's printer (one of the system's, or a receipt printer
//! on the network or on USB), the roll's width and the sheet's size, a receipt and the drawer on
//! each approval, and "Imprimir prueba" / "Abrir cajón" to see it work before a customer waits.

use egui::{RichText, Ui};

use crate::printing::{PageSize, PaperWidth, PrinterSettings, PrinterUri};
use crate::t;
use crate::ui::plumbing::bridge::UiError;
use crate::ui::services::paper::{Paper, PaperCommand, PaperSource};
use crate::ui::widgets::form::error_box;

#[derive(Default)]
pub struct PrinterSection {
    /// The settings as being edited; `None` until the person changes something.
    draft: Option<PrinterSettings>,
    /// The printer's address as typed.
    address: Option<String>,
}

impl PrinterSection {
    /// In an id scope of its own: the sections above it fill in as their files are read, and
    /// an id counted from the top of the page would change under a screen reader (or a test).
    pub fn ui(&mut self, ui: &mut Ui, paper: &mut Paper) {
        ui.push_id("printer-section", |ui| self.section_ui(ui, paper));
    }

    fn section_ui(&mut self, ui: &mut Ui, paper: &mut Paper) {
        ui.label(RichText::new(t!("printer-title")).strong());
        // The form starts from what is saved: drawn before the file is read, it would offer
        // to save the defaults over it.
        let Some(saved) = paper.loaded().cloned() else {
            ui.spinner();
            return;
        };
        let draft = self.draft.get_or_insert_with(|| saved.clone());
        let address = self
            .address
            .get_or_insert_with(|| saved.printer.clone().unwrap_or_default());
        address_ui(ui, address, paper);
        paper_rows(ui, draft);
        let typed = address.trim().to_owned();
        let parsed = (!typed.is_empty()).then(|| PrinterUri::parse(&typed));
        if let Some(Err(error)) = &parsed {
            crate::ui::widgets::problem::explained(
                ui,
                crate::ui::widgets::problem::Tone::Failed,
                error,
            );
        }
        let mut wanted = draft.clone();
        wanted.printer = parsed
            .as_ref()
            .and_then(|parsed| parsed.as_ref().ok())
            .map(ToString::to_string);
        let valid = !matches!(parsed, Some(Err(_)));
        buttons_row(ui, paper, &saved, wanted, valid);
        outcome_line(ui, paper, &[PaperSource::Settings]);
    }
}

/// The printer's address as typed, the system's printers to pick from, and why they could not
/// be found.
fn address_ui(ui: &mut Ui, address: &mut String, paper: &mut Paper) {
    ui.horizontal(|ui| {
        let label = ui.label(t!("printer-address"));
        ui.add(
            egui::TextEdit::singleline(address)
                .hint_text("tcp://192.168.1.50:9100")
                .desired_width(300.0),
        )
        .labelled_by(label.id);
        if ui.button(t!("printer-find")).clicked() {
            paper.queued.ask(ui, PaperCommand::FindPrinters);
        }
        if paper.printers.is_pending() {
            ui.spinner();
        }
    });
    ui.label(RichText::new(t!("printer-address-help")).weak());
    if let Some(printers) = paper.printers.value() {
        if printers.is_empty() {
            ui.label(t!("printer-none-found"));
        }
        for printer in printers {
            let uri = PrinterUri::System(printer.queue.clone()).to_string();
            let chosen = *address == uri;
            let text = format!(
                "{}  ·  {}",
                printer.queue,
                crate::untrusted::ForLog(&printer.about)
            );
            if ui.selectable_label(chosen, text).clicked() {
                *address = uri;
            }
        }
    }
    if let Some(error) = paper.printers.error() {
        error_box(ui, error);
    }
}

/// The roll's width, the sheet's size, and what happens on each approval.
fn paper_rows(ui: &mut Ui, draft: &mut PrinterSettings) {
    ui.horizontal(|ui| {
        ui.label(t!("printer-paper"));
        for width in PaperWidth::ALL {
            ui.radio_value(&mut draft.paper, width, width.words());
        }
        ui.separator();
        let label = ui.label(t!("printer-page"));
        egui::ComboBox::from_id_salt("printer-page")
            .selected_text(draft.page.words())
            .show_ui(ui, |ui| {
                for page in PageSize::ALL {
                    ui.selectable_value(&mut draft.page, page, page.words());
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.checkbox(
        &mut draft.receipt_on_approval,
        t!("printer-receipt-on-approval"),
    );
    ui.checkbox(
        &mut draft.drawer_on_approval,
        t!("printer-drawer-on-approval"),
    );
}

/// Save what changed; try the saved printer (a test page, the drawer) once nothing is unsaved.
fn buttons_row(
    ui: &mut Ui,
    paper: &mut Paper,
    saved: &PrinterSettings,
    wanted: PrinterSettings,
    valid: bool,
) {
    let changed = wanted != *saved;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(changed && valid, egui::Button::new(t!("printer-save")))
            .clicked()
        {
            paper.queued.ask(ui, PaperCommand::Save(wanted));
        }
        let ready = saved.printer.is_some() && !changed && !paper.is_busy();
        for (words, command) in [
            (t!("printer-test"), PaperCommand::Test),
            (t!("printer-open-drawer"), PaperCommand::Drawer),
        ] {
            if ui.add_enabled(ready, egui::Button::new(words)).clicked() {
                paper.queued.ask(ui, command);
            }
        }
        if paper.is_busy() {
            ui.spinner();
        }
    });
}

/// What the latest printing asked for here came to: a quiet line when it worked (where a PDF
/// went, with «Abrir carpeta» beside it), the problem in a box when not.
pub fn outcome_line(ui: &mut Ui, paper: &mut Paper, sources: &[PaperSource]) {
    match paper.outcome_for(sources).cloned() {
        Some(Ok(printed)) if printed.words.is_empty() => {}
        Some(Ok(crate::ui::services::paper::Printed {
            words,
            pdf: Some(pdf),
        })) => paper.opener.saved_line(ui, &words, &pdf),
        Some(Ok(printed)) => {
            ui.label(RichText::new(printed.words).weak());
        }
        Some(Err(problem)) => error_box(ui, &UiError::from(problem)),
        None => {}
    }
}

/// A document's two ways to paper: "print" (to this computer's printer, once there is one and it
/// is free) and "PDF". `Some(pdf)` when one was pressed: whether a PDF was asked for.
pub fn print_or_pdf(ui: &mut Ui, paper: &Paper, print: &str, pdf: &str) -> Option<bool> {
    let has_printer = paper.settings().printer.is_some();
    let printed = ui
        .add_enabled(has_printer && !paper.is_busy(), egui::Button::new(print))
        .on_disabled_hover_text(t!("paper-no-printer"))
        .clicked();
    let as_pdf = ui.button(pdf).clicked();
    if printed {
        Some(false)
    } else {
        as_pdf.then_some(true)
    }
}

/// A receipt on approval that did not print, where the cashier is: said, and the sale goes on.
pub fn approval_problem(ui: &mut Ui, paper: &Paper) {
    if let Some(Err(problem)) = paper.outcome_for(&[PaperSource::Approval]) {
        error_box(ui, &UiError::from(problem.clone()));
    }
}
