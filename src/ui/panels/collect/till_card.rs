//! The card of a sale the till wrote: «Venta 1-000123», where it stands (paid, waiting for its
//! QR, or what it is missing), what was sold, each way it was paid (cash with what was received
//! and the change, the tab and whose, the QR or link and where it stands), the rest's QR to show
//! the customer, the receipt, and, while something is missing, the ways to charge it. A sale the
//! books refused is said in their words with its way back into the form (and, over a customer's
//! limit, the owner's PIN).

use egui::{RichText, Ui};

use crate::ledger::{PartState, PartTie, SaleRecord, SaleState};
use crate::money::Pesos;
use crate::t;
use crate::ui::customer::CreatedPayment;
use crate::ui::plumbing::queue::Queue;

use super::again::{CardAsked, Missing, offers_ui};
use super::cash_view::change_words;
use super::created::CreatedView;
use super::till::TillSales;
use super::view::{CollectCommand, CollectView};

/// How a sale is headed on its card: cash alone (or cash instead of its charge, `instead`),
/// fiado alone, or in parts.
fn title(record: &SaleRecord, instead: bool) -> String {
    if instead {
        return t!("cashsale-recorded");
    }
    let ways = record.ways();
    match ways.as_slice() {
        [crate::ledger::PartWay::Cash] => t!("cashsale-recorded"),
        [crate::ledger::PartWay::Tab] => t!("cobrar-card-tab-title"),
        _ => t!("cobrar-card-title"),
    }
}

/// «Venta 1-000123 · Pagada».
fn standing(record: &SaleRecord) -> String {
    t!(
        "cobrar-card-number",
        number = record.number.to_string(),
        state = record.state_words()
    )
}

impl TillSales {
    /// The books' refusals first (each sale kept to put back), then the last sale written.
    pub(super) fn card_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        (charge_view, queued): (&mut CreatedView, &mut Queue<CollectCommand>),
    ) -> Option<CardAsked> {
        let mut asked = self.refused_ui(ui, queued);
        if self.made.is_some() {
            asked = asked.or(self.made_ui(ui, view, (charge_view, queued)));
        }
        asked
    }

    /// Each refusal in the books' words, with «Volver a poner la venta en el formulario», and over a
    /// customer's limit «Con el PIN del dueño».
    fn refused_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) -> Option<CardAsked> {
        let mut put_back = None;
        let mut owner = None;
        for (index, refused) in self.refused.iter().enumerate() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                let amount = refused.ask.amount().to_string();
                let words = if refused.ask.tab.is_some() {
                    t!("cobrar-card-refused", amount = amount)
                } else {
                    t!("cashsale-refused", amount = amount)
                };
                ui.label(
                    RichText::new(words)
                        .size(crate::ui::theme::size::EMPHASIS)
                        .strong(),
                );
                crate::ui::widgets::form::error_box(ui, &refused.error);
                ui.horizontal_wrapped(|ui| {
                    if refused.over_limit && ui.button(t!("fiado-with-owner-pin")).clicked() {
                        owner = Some(index);
                    }
                    if ui.button(t!("cashsale-put-back")).clicked() {
                        put_back = Some(index);
                    }
                });
            });
            ui.add_space(crate::ui::theme::space::SMALL);
        }
        if let Some(mut ask) = owner.and_then(|index| self.take_refused(index)) {
            ask.as_owner = true;
            queued.ask(ui, CollectCommand::Sell(Box::new(ask)));
        }
        put_back
            .and_then(|index| self.take_refused(index))
            .map(|ask| CardAsked::PutBack(Box::new(ask)))
    }

    /// The sale written: its number and state, what paid it, the rest's QR, what is missing,
    /// the receipt.
    fn made_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        (charge_view, queued): (&mut CreatedView, &mut Queue<CollectCommand>),
    ) -> Option<CardAsked> {
        let (record, instead_of) = match &self.made {
            Some(made) => (made.record.clone(), made.instead_of.clone()),
            None => return None,
        };
        let mut close = false;
        let mut asked = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(title(&record, !instead_of.is_empty()));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    close = ui.button(t!("dismiss")).clicked();
                });
            });
            summary_ui(ui, &record);
            parts_ui(ui, view, &record);
            if !instead_of.is_empty() {
                let left = t!("cashsale-left-unpaid", reference = instead_of.as_str());
                ui.label(RichText::new(left).weak());
            }
            ui.add_space(crate::ui::theme::space::MEDIUM);
            self.paper_buttons(ui, view, queued);
            asked = missing_ui(ui, view, &record, queued);
            self.charge_ui(ui, view, (charge_view, queued));
        });
        if close {
            self.made = None;
            self.printed = None;
        }
        asked
    }

    /// The rest's charge at the service: its card with the QR to show the customer (which says
    /// what was paid at the till above it), or the service's refusal.
    fn charge_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        (charge_view, queued): (&mut CreatedView, &mut Queue<CollectCommand>),
    ) {
        let Some(made) = &self.made else {
            return;
        };
        match &made.charge {
            Some(Ok(charged)) => {
                ui.add_space(crate::ui::theme::space::MEDIUM);
                let card = charged.card.clone();
                if charge_view.ui(ui, view, &card, queued) {
                    self.made = None;
                }
            }
            Some(Err(error)) => {
                ui.label(RichText::new(t!("cobrar-card-charge-refused")).strong());
                crate::ui::widgets::form::error_box(ui, error);
            }
            None => {}
        }
    }

    /// «Mostrar al cliente» for a sale paid at the till; its receipt on paper, as a PDF, by
    /// WhatsApp; and what the paper came to.
    fn paper_buttons(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        let Some(made) = &self.made else {
            return;
        };
        let record = &made.record;
        let entry = made.cash_entry();
        let settled_here = made.charge.is_none();
        let instead = !made.instead_of.is_empty();
        ui.horizontal_wrapped(|ui| {
            if settled_here && ui.button(t!("created-show-customer")).clicked() {
                let shown = CreatedPayment::of_record(record, title(record, instead), None);
                queued.ask(ui, CollectCommand::ShowCustomer(shown));
            }
            if let Some(entry) = entry {
                let print = egui::Button::new(t!("cashsale-print-receipt"));
                if ui
                    .add_enabled(self.printer_ready, print)
                    .on_disabled_hover_text(t!("paper-no-printer"))
                    .clicked()
                {
                    queued.ask(ui, CollectCommand::CashReceipt { entry, pdf: false });
                }
                if ui.button(t!("cashsale-receipt-pdf")).clicked() {
                    queued.ask(ui, CollectCommand::CashReceipt { entry, pdf: true });
                }
            }
            let share = egui::Button::new(t!("cashsale-whatsapp"));
            if ui.add_enabled(!self.shared.is_pending(), share).clicked() {
                let text = super::receipt_text::sale_receipt(&view.shop_name, record);
                let link = super::receipt_text::share_link(&text);
                queued.ask(ui, CollectCommand::ShareWhatsApp(link));
            }
        });
        self.paper_ui(ui);
    }

    /// What the receipt's printing or sharing came to, under its buttons.
    fn paper_ui(&mut self, ui: &mut Ui) {
        match self.printed.clone() {
            Some(Ok(printed)) if printed.words.is_empty() => {}
            Some(Ok(crate::ui::services::paper::Printed {
                words,
                pdf: Some(pdf),
            })) => self.opener.saved_line(ui, &words, &pdf),
            Some(Ok(printed)) => {
                ui.label(RichText::new(printed.words).weak());
            }
            Some(Err(problem)) => crate::ui::widgets::form::error_box(
                ui,
                &crate::ui::plumbing::bridge::UiError::from(problem),
            ),
            None => {}
        }
        if let Some(error) = self.shared.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
    }
}

/// Its number and where it stands, what was sold, and the amount, big.
fn summary_ui(ui: &mut Ui, record: &SaleRecord) {
    let tone = match record.state() {
        SaleState::Paid => crate::ui::theme::palette(ui).success,
        SaleState::Open { .. } => crate::ui::theme::palette(ui).warning,
        SaleState::Waiting { .. } | SaleState::Voided => ui.visuals().text_color(),
    };
    ui.label(RichText::new(standing(record)).strong().color(tone));
    if record.lines.len() > 1 {
        for line in &record.lines {
            ui.label(t!(
                "cobrar-card-line",
                what = line.description.as_str(),
                quantity = line.quantity,
                total = line.total().to_string()
            ));
        }
    } else if !record.description.is_empty() {
        ui.label(&record.description);
    }
    crate::ui::widgets::amount::amount_label(ui, record.total(), |text| {
        text.size(crate::ui::theme::size::AMOUNT).strong()
    });
}

/// Each way it was paid: how, how much, whose word, where it stands; cash with what was handed
/// over and the change, its reference and when.
fn parts_ui(ui: &mut Ui, view: &CollectView<'_>, record: &SaleRecord) {
    egui::Grid::new("cobrar-card-parts")
        .num_columns(3)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for part in &record.parts {
                let detail = match &part.tie {
                    PartTie::Cash { .. } => part.way().whose_word(),
                    PartTie::Tab { customer_name, .. } => {
                        t!("cobrar-card-tab-of", name = customer_name.as_str())
                    }
                    PartTie::Service(service) => service.kind.words(view.service.catalog),
                };
                ui.label(RichText::new(part.way().words()).strong());
                ui.label(part.amount.unwrap_or(part.paid).to_string());
                ui.label(format!("{detail} · {}", part.state_words()));
                ui.end_row();
            }
        });
    let cash = record.parts.iter().find_map(|part| match &part.tie {
        PartTie::Cash {
            reference,
            tendered,
            ..
        } if part.state == PartState::Paid => Some((part, reference, tendered)),
        _ => None,
    });
    let Some((part, reference, tendered)) = cash else {
        return;
    };
    let received = tendered.unwrap_or(part.paid).max(part.paid);
    let change = Pesos::new(received.get() - part.paid.get());
    if change > Pesos::ZERO || record.parts.len() == 1 {
        ui.label(
            change_words(change)
                .size(crate::ui::theme::size::LARGE)
                .strong(),
        );
    }
    let at = crate::clock::shown_datetime(part.paid_at.unwrap_or(part.at));
    egui::Grid::new("cash-sale-recorded")
        .num_columns(2)
        .show(ui, |ui| {
            for (label, value) in [
                (t!("cashsale-received"), received.to_string()),
                (t!("cashsale-reference"), reference.clone()),
                (t!("cashsale-at"), at),
            ] {
                ui.label(label);
                ui.label(RichText::new(value).monospace());
                ui.end_row();
            }
        });
}

/// While the sale misses something no pending charge covers: what, and the ways to charge it.
fn missing_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    record: &SaleRecord,
    queued: &mut Queue<CollectCommand>,
) -> Option<CardAsked> {
    let SaleState::Open { missing } = record.state() else {
        return None;
    };
    let open = Missing {
        number: record.number,
        missing,
        description: record.description.clone(),
    };
    offers_ui(ui, view, &open, queued)
}
