//! Activity: the live feed of webhook notifications (confirmed, disagreeing, duplicates,
//! rejected), each opening its raw body; and reconciliation for a day or a range, with export.

use crate::validate::Field;
use std::path::PathBuf;
use std::sync::Arc;

use egui::{RichText, Ui};

use crate::ledger::reconcile::{self, Report, Totals};
use crate::ledger::{CheckState, StoredNotification, now_ms};
use crate::ui::PanelContext;
use crate::ui::bridge::{Requested, UiError};
use crate::ui::widgets::form::{ERROR_COLOR, error_box, text_row};
use crate::validate::ValidationError;

/// Which half of the panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Feed,
    Reconcile,
}

type Rejection = (i64, i64, String, String);

/// What the panel asks the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivityCommand {
    Report { from: time::Date, to: time::Date },
    Export { from: time::Date, to: time::Date },
}

/// What the panel shows of the session it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityView {
    /// The receiver's address, or why it is not running.
    pub receiver: Result<String, String>,
    pub has_hash_key: bool,
    /// Whether there is a ledger to reconcile from.
    pub has_ledger: bool,
}

impl ActivityView {
    pub fn of(session: &crate::ui::session::Session) -> ActivityView {
        ActivityView {
            receiver: session
                .receiver
                .as_ref()
                .map(|receiver| receiver.url())
                .map_err(Clone::clone),
            has_hash_key: session.connection.hash_key.is_some(),
            has_ledger: session.ledger.is_ok(),
        }
    }
}

pub struct ActivityPanel {
    pub view: View,
    pub feed: Requested<(Arc<Vec<StoredNotification>>, Vec<Rejection>)>,
    stale: bool,
    opened: Option<(String, String)>,
    pub from: String,
    pub to: String,
    pub report: Requested<Report>,
    pub export: Requested<(PathBuf, usize)>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Vec<ActivityCommand>,
}

impl Default for ActivityPanel {
    fn default() -> Self {
        let today = reconcile::format_date(reconcile::today());
        ActivityPanel {
            view: View::Feed,
            feed: Requested::NotRequested,
            stale: true,
            opened: None,
            from: today.clone(),
            to: today,
            report: Requested::NotRequested,
            export: Requested::NotRequested,
            queued: Vec::new(),
        }
    }
}

fn check_words(state: CheckState) -> (&'static str, egui::Color32) {
    use crate::api::family_b::TransactionStatus;
    use crate::ui::widgets::status::color;
    match state {
        CheckState::Confirmed => (
            "confirmed by the service",
            color(TransactionStatus::Approved),
        ),
        CheckState::Disagrees => ("the service disagrees", ERROR_COLOR),
        CheckState::CheckFailed => (
            "could not be checked yet",
            color(TransactionStatus::Pending),
        ),
        CheckState::Unchecked => (
            "verified, not yet checked",
            color(TransactionStatus::Processing),
        ),
    }
}

fn notified_words(status: i64) -> String {
    let mut words = reconcile::notified_words(status);
    if let Some(first) = words.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    words
}

/// A figure as the service gave it, or a dash where it gave none.
fn figure(value: Option<crate::money::Pesos>) -> String {
    value.map_or_else(|| "—".to_owned(), |p| p.to_string())
}

impl ActivityPanel {
    /// Something arrived at the receiver: reload the feed.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// The feed as last loaded, newest first (shared, cheap to hand around).
    pub fn recent(&self) -> Arc<Vec<StoredNotification>> {
        self.feed
            .value()
            .map(|(list, _)| list.clone())
            .unwrap_or_default()
    }

    fn dates(&self) -> Result<(time::Date, time::Date), Vec<ValidationError>> {
        let mut problems = Vec::new();
        let from = reconcile::parse_date(&self.from);
        let to = reconcile::parse_date(&self.to);
        if from.is_none() {
            problems.push(ValidationError::new(
                Field::From,
                "write the date as YYYY-MM-DD",
            ));
        }
        if to.is_none() {
            problems.push(ValidationError::new(
                Field::To,
                "write the date as YYYY-MM-DD",
            ));
        }
        match (from, to) {
            (Some(from), Some(to)) if from <= to => Ok((from, to)),
            // The range as a whole, shown under both dates.
            (Some(_), Some(_)) => Err(vec![ValidationError::new(
                Field::Range,
                "the end is before the start",
            )]),
            _ => Err(problems),
        }
    }

    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        for command in std::mem::take(&mut self.queued) {
            let Ok(ledger) = ctx.session.ledger.clone() else {
                continue;
            };
            let profile = ctx.session.profile_name().to_owned();
            match command {
                ActivityCommand::Report { from, to } => {
                    self.report.start(ctx.bridge.spawn_blocking(move || {
                        ledger
                            .reconcile(Some(&profile), from, to, now_ms())
                            .map_err(|e| UiError::local(e.to_string()))
                    }));
                }
                ActivityCommand::Export { from, to } => {
                    let path = export_path(&ctx.paths.exports_dir, from, to);
                    self.export.start(ctx.bridge.spawn_blocking(move || {
                        let rows = ledger
                            .export_csv_file(Some(&profile), from, to, &path)
                            .map_err(|e| UiError::local(e.to_string()))?;
                        Ok((path, rows))
                    }));
                }
            }
        }
        self.feed.poll();
        self.report.poll();
        self.export.poll();
        if self.stale
            && !self.feed.is_pending()
            && let Ok(ledger) = ctx.session.ledger.clone()
        {
            self.stale = false;
            self.feed.start(ctx.bridge.spawn_blocking(move || {
                let notifications = ledger
                    .notifications(300)
                    .map_err(|e| UiError::local(e.to_string()))?;
                let rejections = ledger
                    .rejections(100)
                    .map_err(|e| UiError::local(e.to_string()))?;
                Ok((Arc::new(notifications), rejections))
            }));
        }
    }

    fn queue(&mut self, ui: &Ui, command: ActivityCommand) {
        self.queued.push(command);
        // The next frame runs it: ask for that frame now.
        ui.ctx().request_repaint();
    }

    pub fn ui(&mut self, ui: &mut Ui, view: &ActivityView) {
        ui.heading("Activity");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.view, View::Feed, "Notifications");
            ui.selectable_value(&mut self.view, View::Reconcile, "Reconcile");
        });
        ui.separator();
        match &view.receiver {
            Ok(url) => {
                ui.label(RichText::new(format!("Receiving notifications at {url}")).weak());
            }
            Err(problem) => error_box(
                ui,
                &UiError::local(format!("The webhook receiver is not running: {problem}")),
            ),
        }
        if !view.has_hash_key {
            error_box(
                ui,
                &UiError::local(
                    "No webhook key (HASH_KEY) is set up: every notification is refused. Add it in Settings",
                ),
            );
        }
        match self.view {
            View::Feed => self.feed_ui(ui),
            View::Reconcile => self.reconcile_ui(ui, view),
        }
        self.raw_ui(ui);
    }

    fn feed_ui(&mut self, ui: &mut Ui) {
        let Some((notifications, rejections)) = self.feed.value().cloned() else {
            ui.spinner();
            return;
        };
        if let Some(error) = self.feed.error() {
            error_box(ui, error);
        }
        if notifications.is_empty() && rejections.is_empty() {
            ui.label(
                RichText::new("No notifications yet. They appear here as the service sends them")
                    .weak(),
            );
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("activity-feed")
            .show(ui, |ui| {
                egui::Grid::new("notifications")
                    .num_columns(8)
                    .striped(true)
                    .spacing([14.0, 4.0])
                    .show(ui, |ui| {
                        for title in [
                            "Received",
                            "Reference",
                            "Notified",
                            "Paid by the customer",
                            "Fee",
                            "You receive",
                            "Check",
                            "",
                        ] {
                            ui.label(RichText::new(title).strong());
                        }
                        ui.end_row();
                        for notification in notifications.iter() {
                            ui.label(reconcile::local_time(notification.received_at));
                            ui.label(RichText::new(&notification.reference_id).monospace());
                            ui.label(notified_words(notification.status));
                            let figures = notification.figures.completed();
                            ui.label(figure(figures.gross));
                            ui.label(figure(figures.fee));
                            ui.label(figure(figures.net));
                            let (words, color) = check_words(notification.check_state);
                            ui.horizontal(|ui| {
                                ui.label(RichText::new(words).color(color));
                                if notification.duplicates > 0 {
                                    ui.label(
                                        RichText::new(format!(
                                            "+{} duplicates",
                                            notification.duplicates
                                        ))
                                        .weak(),
                                    );
                                }
                            });
                            if ui.button(format!("Body of #{}", notification.id)).clicked() {
                                self.opened = Some((
                                    format!("Notification #{}", notification.id),
                                    notification.raw.clone(),
                                ));
                            }
                            ui.end_row();
                        }
                    });
                if !rejections.is_empty() {
                    ui.add_space(8.0);
                    ui.label(RichText::new("Refused (kept apart, never applied)").strong());
                    egui::Grid::new("rejections")
                        .num_columns(3)
                        .striped(true)
                        .show(ui, |ui| {
                            for (id, received, reason, raw) in &rejections {
                                ui.label(reconcile::local_time(*received));
                                ui.label(RichText::new(reason).color(ERROR_COLOR));
                                if ui.button(format!("Body of refused #{id}")).clicked() {
                                    self.opened =
                                        Some((format!("Refused notification #{id}"), raw.clone()));
                                }
                                ui.end_row();
                            }
                        });
                }
            });
    }

    fn raw_ui(&mut self, ui: &mut Ui) {
        let Some((title, raw)) = self.opened.clone() else {
            return;
        };
        let pretty = serde_json::from_str::<serde_json::Value>(&raw)
            .ok()
            .and_then(|value| serde_json::to_string_pretty(&value).ok())
            .unwrap_or(raw);
        let mut close = false;
        egui::Modal::new(egui::Id::unique("raw-notification")).show(ui.ctx(), |ui| {
            ui.heading(&title);
            egui::ScrollArea::vertical()
                .max_height(420.0)
                .show(ui, |ui| {
                    ui.label(RichText::new(&pretty).monospace());
                });
            if ui.button("Close").clicked() {
                close = true;
            }
        });
        if close {
            self.opened = None;
        }
    }

    fn reconcile_ui(&mut self, ui: &mut Ui, view: &ActivityView) {
        let dates = self.dates();
        let problems = dates.as_ref().err().cloned().unwrap_or_default();
        egui::Grid::new("reconcile-range")
            .num_columns(2)
            .show(ui, |ui| {
                text_row(
                    ui,
                    "From",
                    &mut self.from,
                    "YYYY-MM-DD",
                    problems.iter().find(|p| p.field == Field::From),
                );
                text_row(
                    ui,
                    "To",
                    &mut self.to,
                    "YYYY-MM-DD",
                    problems.iter().find(|p| p.field == Field::To),
                );
            });
        if let Some(problem) = problems.iter().find(|p| p.field == Field::Range) {
            ui.label(RichText::new(&problem.message).color(ERROR_COLOR));
        }
        if !view.has_ledger {
            return;
        }
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    dates.is_ok() && !self.report.is_pending(),
                    egui::Button::new("Show the report"),
                )
                .clicked()
                && let Ok((from, to)) = dates
            {
                self.queue(ui, ActivityCommand::Report { from, to });
            }
            if ui
                .add_enabled(
                    dates.is_ok() && !self.export.is_pending(),
                    egui::Button::new("Export CSV"),
                )
                .clicked()
                && let Ok((from, to)) = dates
            {
                self.queue(ui, ActivityCommand::Export { from, to });
            }
            if self.report.is_pending() || self.export.is_pending() {
                ui.spinner();
            }
        });
        match &self.export {
            Requested::Done((path, rows)) => {
                ui.label(
                    RichText::new(format!("{rows} rows exported to {}", path.display())).weak(),
                );
            }
            Requested::Failed { error, .. } => error_box(ui, error),
            _ => {}
        }
        if let Some(error) = self.report.error() {
            error_box(ui, error);
        }
        if let Some(report) = self.report.value() {
            report_ui(ui, report);
        }
    }
}

fn export_path(exports_dir: &std::path::Path, from: time::Date, to: time::Date) -> PathBuf {
    exports_dir.join(format!(
        "paydesk-{}_{}.csv",
        reconcile::format_date(from),
        reconcile::format_date(to)
    ))
}

fn totals_row(ui: &mut Ui, label: &str, totals: &Totals) {
    ui.label(label);
    ui.label(totals.count.to_string());
    ui.label(totals.gross.to_string());
    ui.label(totals.fee.to_string());
    ui.label(totals.net.to_string());
    ui.end_row();
}

fn report_ui(ui: &mut Ui, report: &Report) {
    ui.add_space(6.0);
    ui.label(
        RichText::new(format!(
            "{} to {}: {} notifications",
            reconcile::format_date(report.from),
            reconcile::format_date(report.to),
            report.notifications
        ))
        .strong(),
    );
    egui::Grid::new("reconcile-totals")
        .num_columns(5)
        .striped(true)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            for title in ["", "Count", "Paid by the customer", "Fee", "You receive"] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            totals_row(ui, "Approved collections", &report.approved);
            for (method, totals) in &report.by_method {
                totals_row(ui, &format!("  {method}"), totals);
            }
            totals_row(ui, "Payouts paid", &report.payouts_paid);
            totals_row(ui, "Payouts open", &report.payouts_open);
            totals_row(ui, "Payouts failed or refused", &report.payouts_failed);
        });
    if !report.by_state.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new("Payments created here, by state").strong());
        for (state, totals) in &report.by_state {
            ui.label(format!("{state}: {} ({})", totals.count, totals.gross));
        }
    }
    ui.add_space(4.0);
    if report.exceptions.is_empty() {
        ui.label(RichText::new("No exceptions").strong());
    } else {
        ui.label(
            RichText::new(format!("Exceptions ({})", report.exceptions.len()))
                .strong()
                .color(ERROR_COLOR),
        );
        egui::Grid::new("exceptions")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for exception in &report.exceptions {
                    ui.label(exception.kind.words());
                    ui.label(RichText::new(&exception.reference).monospace());
                    // A detail names every payment involved: it wraps rather than run off the window.
                    ui.add(egui::Label::new(&exception.detail).wrap());
                    ui.end_row();
                }
            });
    }
}
