//! Status: look up any reference, and today's payments with their live states (followed in the
//! background, so this panel only draws what the followers report). What it needs done it queues
//! as a [`StatusCommand`] for `logic` to run.

use crate::t;
use egui::{RichText, Ui};

use crate::api::family_b::StatusRecord;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::form::{self, error_box, text_row};
use crate::ui::widgets::status;

/// What the panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusCommand {
    /// Ask the service for this reference's status once.
    Lookup(String),
    /// Add it to today's list and follow it until it ends.
    Follow(String),
}

#[derive(Default)]
pub struct StatusPanel {
    pub reference: String,
    pub lookup: Requested<(String, StatusRecord)>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Vec<StatusCommand>,
}

impl StatusPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        for command in std::mem::take(&mut self.queued) {
            match command {
                StatusCommand::Lookup(wanted) => {
                    let client = ctx.session.connection.client.clone();
                    self.lookup.start(ctx.bridge.spawn(async move {
                        let record = client.payment_status(&wanted).await?.value;
                        Ok((wanted, record))
                    }));
                }
                StatusCommand::Follow(reference) => ctx.tracker.follow(
                    ctx.bridge,
                    ctx.session.connection.client.clone(),
                    TrackedPayment::new(
                        reference,
                        t!("kind-looked-up"),
                        None,
                        String::new(),
                        String::new(),
                    ),
                ),
            }
        }
        if self.lookup.poll()
            && let Some(error) = self.lookup.error()
        {
            ctx.note_error(error);
        }
    }

    fn queue(&mut self, ui: &Ui, command: StatusCommand) {
        self.queued.push(command);
        // The next frame runs it: ask for that frame now.
        ui.ctx().request_repaint();
    }

    pub fn ui(&mut self, ui: &mut Ui, tracker: &Tracker) {
        ui.heading(t!("status-title"));
        let reference = self.reference.trim().to_owned();
        let mut enter = false;
        egui::Grid::new("status-lookup")
            .num_columns(2)
            .show(ui, |ui| {
                let response = text_row(
                    ui,
                    &t!("status-reference"),
                    &mut self.reference,
                    &t!("status-reference-hint"),
                    None,
                );
                enter = form::submitted(&response);
            });
        ui.horizontal(|ui| {
            let ready = !reference.is_empty() && !self.lookup.is_pending();
            if ui
                .add_enabled(ready, egui::Button::new(t!("status-check")))
                .clicked()
                || (enter && ready)
            {
                self.queue(ui, StatusCommand::Lookup(reference.clone()));
            }
            let followed = tracker.find(&reference).is_some()
                || self
                    .queued
                    .contains(&StatusCommand::Follow(reference.clone()));
            if ui
                .add_enabled(
                    !reference.is_empty() && !followed,
                    egui::Button::new(t!("status-follow")),
                )
                .on_hover_text(t!("status-follow-hint"))
                .clicked()
            {
                self.queue(ui, StatusCommand::Follow(reference.clone()));
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
        today(ui, tracker);
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
                for (label, value) in [
                    (t!("field-amount"), record.shown_amount()),
                    (t!("status-fee"), record.shown_cost().unwrap_or_default()),
                    (
                        t!("cli-status-date"),
                        crate::clock::shown_service_time(&record.date),
                    ),
                    (
                        t!("field-method"),
                        record.payment_method.clone().unwrap_or_default(),
                    ),
                    (
                        t!("status-provider-reference"),
                        record.provider_reference.clone(),
                    ),
                    (
                        t!("field-description"),
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
fn today(ui: &mut Ui, tracker: &Tracker) {
    let payments = &tracker.payments;
    ui.horizontal(|ui| {
        ui.heading(t!("today"));
        ui.label(
            RichText::new(t!(
                "status-today-count",
                count = payments.len(),
                approved = tracker.approved_total().to_string()
            ))
            .weak(),
        );
    });
    if let Some(problem) = &tracker.restore_problem {
        ui.label(RichText::new(problem).color(crate::ui::theme::ERROR));
    }
    if payments.is_empty() {
        ui.label(RichText::new(t!("status-today-empty")).weak());
        return;
    }
    egui::Grid::new("today-header")
        .num_columns(6)
        .min_col_width(70.0)
        .show(ui, |ui| {
            for title in [
                t!("column-time"),
                t!("column-kind"),
                t!("field-amount"),
                t!("field-your-reference"),
                t!("created-service-reference"),
                t!("column-state"),
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
