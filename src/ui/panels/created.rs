//! What a shop owner sees once a payment exists: the amount, a large QR rendered locally, the
//! link to copy, "Save QR as PNG", and "Show to customer".

use egui::{RichText, TextureHandle, TextureOptions, Ui};

use crate::money::Pesos;
use crate::ui::bridge::Task;
use crate::ui::widgets::{qr, status};
use crate::ui::{AppAction, PanelContext};

/// A payment as it came back from the service, ready to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedPayment {
    pub title: String,
    pub amount: Option<Pesos>,
    /// What the QR encodes: the payment URL (or the resource code when there is no URL).
    pub qr_text: String,
    pub url: String,
    pub reference: String,
    pub expires: String,
    pub extra: Vec<(String, String)>,
}

/// The QR as a texture, made once per payment.
#[derive(Default)]
pub struct QrTexture {
    for_text: String,
    texture: Option<TextureHandle>,
    problem: Option<String>,
}

impl QrTexture {
    pub fn get(&mut self, ctx: &egui::Context, text: &str) -> Result<&TextureHandle, String> {
        if self.for_text != text {
            self.for_text = text.to_owned();
            self.texture = None;
            self.problem = None;
            match qr::qr_image(text, 8) {
                Ok(image) => {
                    self.texture =
                        Some(ctx.load_texture(format!("qr-{text}"), image, TextureOptions::NEAREST))
                }
                Err(error) => self.problem = Some(error.to_string()),
            }
        }
        match (&self.texture, &self.problem) {
            (Some(texture), _) => Ok(texture),
            (None, Some(problem)) => Err(problem.clone()),
            (None, None) => Err("no QR".into()),
        }
    }
}

#[derive(Default)]
pub struct CreatedView {
    qr: QrTexture,
    /// Encoding and writing the PNG happen on the blocking pool, never in a frame.
    saving: Option<Task<Result<String, String>>>,
    saved: Option<Result<String, String>>,
    copied: bool,
}

impl CreatedView {
    pub fn reset(&mut self) {
        self.saved = None;
        self.saving = None;
        self.copied = false;
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>, payment: &CreatedPayment) {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.heading(&payment.title);
            if let Some(amount) = payment.amount {
                ui.label(RichText::new(amount.to_string()).size(28.0).strong());
            }
            if let Some(tracked) = ctx.tracker.find(&payment.reference)
                && let Some(state) = tracked.status
            {
                ui.horizontal(|ui| {
                    ui.label("State:");
                    status::badge(ui, state);
                });
            }
            ui.horizontal_top(|ui| {
                match self.qr.get(ui.ctx(), &payment.qr_text) {
                    Ok(texture) => {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(220.0, 220.0))
                                .alt_text(format!("QR code for {}", payment.url)),
                        );
                    }
                    Err(problem) => {
                        ui.label(problem);
                    }
                }
                ui.vertical(|ui| {
                    egui::Grid::new("created-details")
                        .num_columns(2)
                        .show(ui, |ui| {
                            for (label, value) in [
                                ("Link", payment.url.as_str()),
                                ("Service reference", payment.reference.as_str()),
                                ("Expires", payment.expires.as_str()),
                            ] {
                                if !value.is_empty() {
                                    ui.label(label);
                                    ui.label(RichText::new(value).monospace());
                                    ui.end_row();
                                }
                            }
                            for (label, value) in &payment.extra {
                                ui.label(label);
                                ui.label(RichText::new(value).monospace());
                                ui.end_row();
                            }
                        });
                    ui.add_space(8.0);
                    ui.horizontal_wrapped(|ui| {
                        if !payment.url.is_empty() && ui.button("Copy link").clicked() {
                            ui.ctx().copy_text(payment.url.clone());
                            self.copied = true;
                        }
                        if ui.button("Save QR as PNG").clicked() {
                            let path =
                                qr::default_save_path(&ctx.paths.exports_dir, &payment.reference);
                            let text = payment.qr_text.clone();
                            self.saved = None;
                            self.saving = Some(ctx.bridge.spawn_blocking(move || {
                                qr::save_png(&text, &path)
                                    .map(|()| path.display().to_string())
                                    .map_err(|e| e.to_string())
                            }));
                        }
                        if ui.button("Show to customer").clicked() {
                            ctx.actions.push(AppAction::ShowCustomer(payment.clone()));
                        }
                    });
                    if let Some(task) = &self.saving
                        && let Some(result) = task.poll()
                    {
                        self.saving = None;
                        self.saved = Some(result);
                    }
                    if self.copied {
                        ui.label(RichText::new("Link copied").weak());
                    }
                    let received: Vec<_> = ctx
                        .notifications
                        .iter()
                        .filter(|n| n.reference_id == payment.reference)
                        .collect();
                    if !received.is_empty() {
                        ui.label(RichText::new("Notifications received").strong());
                        for notification in received.iter().rev() {
                            let words =
                                crate::ledger::reconcile::notified_words(notification.status);
                            // An approval says what the shop receives of what was paid.
                            let figures = notification.figures.completed();
                            let money = match (notification.status, figures.gross, figures.net) {
                                (2, Some(gross), Some(net)) => {
                                    format!(": paid {gross}, you receive {net}")
                                }
                                _ => String::new(),
                            };
                            ui.label(format!(
                                "{} — {words}{money} ({})",
                                notification.updated_at,
                                notification.check_state.as_str().replace('_', " ")
                            ));
                        }
                    }
                    match &self.saved {
                        Some(Ok(path)) => {
                            ui.label(RichText::new(format!("Saved to {path}")).weak());
                        }
                        Some(Err(problem)) => {
                            ui.label(
                                RichText::new(problem).color(crate::ui::widgets::form::ERROR_COLOR),
                            );
                        }
                        None => {}
                    }
                });
            });
        });
    }
}

/// The full-window view for the customer: the amount and a QR as large as fits.
pub fn customer_view(ui: &mut Ui, qr: &mut QrTexture, payment: &CreatedPayment) -> bool {
    let mut close = false;
    ui.vertical_centered(|ui| {
        ui.add_space(16.0);
        ui.label(RichText::new("Amount to pay").size(22.0));
        if let Some(amount) = payment.amount {
            ui.label(RichText::new(amount.to_string()).size(56.0).strong());
        }
        let side = (ui.available_height() - 110.0)
            .min(ui.available_width() - 40.0)
            .max(120.0);
        match qr.get(ui.ctx(), &payment.qr_text) {
            Ok(texture) => {
                ui.add(
                    egui::Image::new(texture)
                        .fit_to_exact_size(egui::vec2(side, side))
                        .alt_text("Payment QR code"),
                );
            }
            Err(problem) => {
                ui.label(problem);
            }
        }
        ui.label(RichText::new("Scan with your bank or wallet app").size(18.0));
        ui.add_space(8.0);
        if ui.button(RichText::new("Close").size(18.0)).clicked()
            || ui.input(|i| i.key_pressed(egui::Key::Escape))
        {
            close = true;
        }
    });
    close
}
