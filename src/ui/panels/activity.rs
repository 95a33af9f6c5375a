//! Activity: the live feed of webhook notifications (confirmed, disagreeing, duplicates,
//! rejected), each opening its raw body; and reconciliation for a day or a range, with export.

use crate::validate::Field;
use std::path::PathBuf;
use std::sync::Arc;

use crate::t;
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
        let today = crate::clock::typed_date(reconcile::today());
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

fn check_words(state: CheckState) -> (String, egui::Color32) {
    use crate::api::family_b::TransactionStatus;
    use crate::ui::widgets::status::color;
    match state {
        CheckState::Confirmed => (state.words(), color(TransactionStatus::Approved)),
        CheckState::Disagrees => (state.words(), ERROR_COLOR),
        CheckState::CheckFailed => (state.words(), color(TransactionStatus::Pending)),
        CheckState::Unchecked => (state.words(), color(TransactionStatus::Processing)),
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
        let from = crate::clock::parse_typed_date(&self.from);
        let to = crate::clock::parse_typed_date(&self.to);
        if from.is_none() {
            problems.push(ValidationError::new(Field::From, crate::t!("rule-date")));
        }
        if to.is_none() {
            problems.push(ValidationError::new(Field::To, crate::t!("rule-date")));
        }
        match (from, to) {
            (Some(from), Some(to)) if from <= to => Ok((from, to)),
            // The range as a whole, shown under both dates.
            (Some(_), Some(_)) => Err(vec![ValidationError::new(
                Field::Range,
                crate::t!("rule-end-before-start"),
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
                            .export_csv_file(
                                Some(&profile),
                                from,
                                to,
                                &path,
                                crate::i18n::current(),
                            )
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
        ui.heading(t!("nav-activity"));
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.view, View::Feed, t!("activity-feed"));
            ui.selectable_value(&mut self.view, View::Reconcile, t!("activity-reconcile"));
        });
        ui.separator();
        match &view.receiver {
            Ok(url) => {
                ui.label(RichText::new(t!("activity-receiving", url = url.as_str())).weak());
            }
            Err(problem) => error_box(
                ui,
                &UiError::local(t!("activity-receiver-down", problem = problem.as_str())),
            ),
        }
        if !view.has_hash_key {
            error_box(ui, &UiError::local(t!("activity-no-hash-key")));
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
            ui.label(RichText::new(t!("activity-empty")).weak());
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
                            t!("activity-received"),
                            t!("confirm-reference"),
                            t!("activity-notified"),
                            t!("paid-by-customer"),
                            t!("status-fee"),
                            t!("you-receive"),
                            t!("activity-check"),
                            String::new(),
                        ] {
                            ui.label(RichText::new(title).strong());
                        }
                        ui.end_row();
                        for notification in notifications.iter() {
                            ui.label(crate::clock::shown_datetime(notification.received_at));
                            ui.label(RichText::new(&notification.reference_id).monospace());
                            ui.label(notified_words(notification.status));
                            let figures = notification.figures.completed();
                            ui.label(figure(figures.gross));
                            // Only an approval costs the shop anything.
                            if notification.status == 2 {
                                ui.label(figure(figures.fee));
                                ui.label(figure(figures.net));
                            } else {
                                ui.label("—");
                                ui.label("—");
                            }
                            let (words, color) = check_words(notification.check_state);
                            ui.horizontal(|ui| {
                                ui.label(RichText::new(words).color(color));
                                if notification.duplicates > 0 {
                                    ui.label(
                                        RichText::new(t!(
                                            "activity-duplicates",
                                            count = notification.duplicates
                                        ))
                                        .weak(),
                                    );
                                }
                            });
                            if ui
                                .button(t!("activity-body", id = notification.id))
                                .clicked()
                            {
                                self.opened = Some((
                                    t!("activity-notification-title", id = notification.id),
                                    notification.raw.clone(),
                                ));
                            }
                            ui.end_row();
                        }
                    });
                if !rejections.is_empty() {
                    ui.add_space(8.0);
                    ui.label(RichText::new(t!("activity-refused")).strong());
                    egui::Grid::new("rejections")
                        .num_columns(3)
                        .striped(true)
                        .show(ui, |ui| {
                            for (id, received, reason, raw) in &rejections {
                                ui.label(crate::clock::shown_datetime(*received));
                                ui.label(RichText::new(reason).color(ERROR_COLOR));
                                if ui
                                    .button(t!("activity-refused-body", id = id.to_string()))
                                    .clicked()
                                {
                                    self.opened = Some((
                                        t!("activity-refused-title", id = id.to_string()),
                                        raw.clone(),
                                    ));
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
            if ui.button(t!("close")).clicked() {
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
                    &t!("activity-from"),
                    &mut self.from,
                    &t!("hint-date"),
                    problems.iter().find(|p| p.field == Field::From),
                );
                text_row(
                    ui,
                    &t!("activity-to"),
                    &mut self.to,
                    &t!("hint-date"),
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
                    egui::Button::new(t!("activity-show-report")),
                )
                .clicked()
                && let Ok((from, to)) = dates
            {
                self.queue(ui, ActivityCommand::Report { from, to });
            }
            if ui
                .add_enabled(
                    dates.is_ok() && !self.export.is_pending(),
                    egui::Button::new(t!("activity-export")),
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
                    RichText::new(t!(
                        "activity-exported",
                        rows = rows.to_string(),
                        path = path.display().to_string()
                    ))
                    .weak(),
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
        RichText::new(t!(
            "activity-report-title",
            from = crate::clock::shown_date(report.from),
            to = crate::clock::shown_date(report.to),
            count = report.notifications
        ))
        .strong(),
    );
    egui::Grid::new("reconcile-totals")
        .num_columns(5)
        .striped(true)
        .spacing([18.0, 4.0])
        .show(ui, |ui| {
            for title in [
                String::new(),
                t!("activity-count"),
                t!("paid-by-customer"),
                t!("status-fee"),
                t!("you-receive"),
            ] {
                ui.label(RichText::new(title).strong());
            }
            ui.end_row();
            totals_row(ui, &t!("activity-approved-collections"), &report.approved);
            for (method, totals) in &report.by_method {
                totals_row(ui, &format!("  {method}"), totals);
            }
            totals_row(ui, &t!("activity-payouts-paid"), &report.payouts_paid);
            totals_row(ui, &t!("activity-payouts-open"), &report.payouts_open);
            totals_row(ui, &t!("activity-payouts-failed"), &report.payouts_failed);
        });
    if !report.by_state.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new(t!("activity-by-state")).strong());
        for (state, totals) in &report.by_state {
            ui.label(format!("{state}: {} ({})", totals.count, totals.gross));
        }
    }
    ui.add_space(4.0);
    if report.exceptions.is_empty() {
        ui.label(RichText::new(t!("activity-no-exceptions")).strong());
    } else {
        ui.label(
            RichText::new(t!("activity-exceptions", count = report.exceptions.len()))
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
