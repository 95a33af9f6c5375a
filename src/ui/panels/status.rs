//! Status: look up any reference, and today's payments with their live states (followed in the
//! background, so this panel only draws what the followers report).

use egui::{RichText, Ui};

use crate::api::family_b::StatusRecord;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::tracker::TrackedPayment;
use crate::ui::widgets::form::{self, error_box, text_row};
use crate::ui::widgets::status;

#[derive(Default)]
pub struct StatusPanel {
    reference: String,
    lookup: Requested<(String, StatusRecord)>,
}

impl StatusPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        if self.lookup.poll()
            && let Some(error) = self.lookup.error()
        {
            ctx.note_error(error);
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.heading("Payment status");
        let reference = self.reference.trim().to_owned();
        let mut enter = false;
        egui::Grid::new("status-lookup")
            .num_columns(2)
            .show(ui, |ui| {
                let response = text_row(
                    ui,
                    "Payment reference",
                    &mut self.reference,
                    "the service's reference",
                    None,
                );
                enter = form::submitted(&response);
            });
        ui.horizontal(|ui| {
            let ready = !reference.is_empty() && !self.lookup.is_pending();
            if ui
                .add_enabled(ready, egui::Button::new("Check status"))
                .clicked()
                || (enter && ready)
            {
                let client = ctx.session.connection.client.clone();
                let wanted = reference.clone();
                self.lookup.start(ctx.bridge.spawn(async move {
                    let record = client.payment_status(&wanted).await?.value;
                    Ok((wanted, record))
                }));
            }
            let followed = ctx.tracker.find(&reference).is_some();
            if ui
                .add_enabled(
                    !reference.is_empty() && !followed,
                    egui::Button::new("Follow"),
                )
                .on_hover_text("Watch it until it is approved or ends")
                .clicked()
            {
                ctx.tracker.follow(
                    ctx.bridge,
                    ctx.session.connection.client.clone(),
                    TrackedPayment::new(
                        reference.clone(),
                        "Looked up".into(),
                        None,
                        String::new(),
                        String::new(),
                    ),
                );
            }
            if self.lookup.is_pending() {
                ui.spinner();
            }
        });
        if let Some(error) = self.lookup.error() {
            error_box(ui, error);
        }
        if let Some((looked_up, record)) = self.lookup.value() {
            record_details(ui, looked_up, record);
        }
        ui.separator();
        today(ui, ctx);
    }
}

fn record_details(ui: &mut Ui, reference: &str, record: &StatusRecord) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(RichText::new(reference).monospace());
            status::badge(ui, record.status);
        });
        egui::Grid::new("status-record")
            .num_columns(2)
            .show(ui, |ui| {
                let amount = record
                    .amount_pesos()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| record.amount.clone());
                let cost = record
                    .cost_pesos()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| record.cost.clone());
                for (label, value) in [
                    ("Amount", amount),
                    ("Cost", cost),
                    ("Date", record.date.clone()),
                    ("Method", record.payment_method.clone().unwrap_or_default()),
                    ("Provider reference", record.provider_reference.clone()),
                    (
                        "Description",
                        record.description.clone().unwrap_or_default(),
                    ),
                ] {
                    if !value.is_empty() {
                        ui.label(label);
                        ui.label(value);
                        ui.end_row();
                    }
                }
            });
    });
}

const ROW_HEIGHT: f32 = 22.0;

/// Today's payments, newest first. Only the visible rows are laid out, so a long day stays fast.
fn today(ui: &mut Ui, ctx: &mut PanelContext<'_>) {
    let payments = &ctx.tracker.payments;
    ui.horizontal(|ui| {
        ui.heading("Today");
        let count = match payments.len() {
            1 => "1 payment".to_owned(),
            n => format!("{n} payments"),
        };
        ui.label(
            RichText::new(format!(
                "{count}, {} approved",
                ctx.tracker.approved_total()
            ))
            .weak(),
        );
    });
    if let Some(problem) = &ctx.tracker.restore_problem {
        ui.label(RichText::new(problem).color(crate::ui::theme::ERROR));
    }
    if payments.is_empty() {
        ui.label(
            RichText::new("Payments you create today appear here with their live state").weak(),
        );
        return;
    }
    egui::Grid::new("today-header")
        .num_columns(6)
        .min_col_width(70.0)
        .show(ui, |ui| {
            for title in [
                "Time",
                "Kind",
                "Amount",
                "Your reference",
                "Service reference",
                "State",
            ] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
        });
    egui::ScrollArea::vertical()
        .id_salt("today-rows")
        .auto_shrink([false, true])
        .show_rows(ui, ROW_HEIGHT, payments.len(), |ui, rows| {
            egui::Grid::new("today-rows-grid")
                .num_columns(6)
                .min_col_width(70.0)
                .striped(true)
                .show(ui, |ui| {
                    for payment in &payments[rows] {
                        row(ui, payment);
                    }
                });
        });
}

fn row(ui: &mut Ui, payment: &TrackedPayment) {
    ui.label(&payment.created);
    ui.label(&payment.kind);
    ui.label(payment.amount().map(|a| a.to_string()).unwrap_or_default());
    ui.label(&payment.reference1);
    ui.label(RichText::new(&payment.reference).monospace());
    ui.horizontal(|ui| {
        if let Some(state) = payment.status {
            status::badge(ui, state);
        }
        if let Some(problem) = &payment.problem {
            ui.label(RichText::new("⚠").color(form::ERROR_COLOR))
                .on_hover_text(problem);
        }
    });
    ui.end_row();
}
