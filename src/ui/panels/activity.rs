//! Activity: the live feed of webhook notifications (confirmed, disagreeing, duplicates,
//! rejected), each opening its raw body. The day's close is its own panel (`reconcile`).

use crate::t;
use egui::{RichText, Ui};

use crate::ledger::{CheckState, StoredNotification};
use crate::ui::plumbing::bridge::UiError;
use crate::ui::services::feed::{NotificationFeed, Refusals};
use crate::ui::theme::Tone;
use crate::ui::widgets::form::error_box;
use crate::ui::widgets::table::{self, GridRow, Title};

/// What the panel shows of the session it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityView {
    /// The receiver's address, or why it is not running.
    pub receiver: Result<String, crate::i18n::Problem>,
    pub has_hash_key: bool,
}

impl ActivityView {
    pub fn of(session: &crate::ui::services::session::Session) -> ActivityView {
        ActivityView {
            receiver: session
                .receiver
                .as_ref()
                .map(|receiver| receiver.url())
                .map_err(Clone::clone),
            has_hash_key: session.connection.hash_key.is_some(),
        }
    }
}

/// Notificaciones: it shows the app's feed (`services::feed`), and the notification opened.
#[derive(Default)]
pub struct ActivityPanel {
    opened: Option<Opened>,
}

/// A notification opened from the list.
#[derive(Clone)]
struct Opened {
    title: String,
    /// What it says, in words.
    summary: String,
    /// Its body as it came.
    raw: String,
}

fn check_words(state: CheckState) -> (String, Tone) {
    let tone = match state {
        CheckState::Confirmed => Tone::Success,
        CheckState::Disagrees => Tone::Danger,
        CheckState::NotItsSale => Tone::Danger,
        CheckState::NotOurs => Tone::Neutral,
        CheckState::CheckFailed => Tone::Warning,
        CheckState::Unchecked => Tone::Info,
    };
    (state.words(), tone)
}

fn notified_words(status: crate::api::TransactionStatus) -> String {
    let mut words = status.to_string();
    if let Some(first) = words.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    words
}

impl ActivityPanel {
    pub fn ui(&mut self, ui: &mut Ui, view: &ActivityView, feed: &NotificationFeed) {
        ui.heading(t!("nav-activity"));
        match &view.receiver {
            Ok(url) => {
                ui.label(RichText::new(t!("activity-receiving", url = url.as_str())).weak());
            }
            // What the system said stays under «Detalles», as everywhere else.
            Err(problem) => error_box(
                ui,
                &UiError::from(crate::i18n::Problem {
                    message: t!("activity-receiver-down", problem = problem.message.as_str()),
                    detail: problem.detail.clone(),
                }),
            ),
        }
        if !view.has_hash_key {
            error_box(ui, &UiError::local(t!("activity-no-hash-key")));
        }
        self.feed_ui(ui, feed);
        self.raw_ui(ui);
    }

    fn feed_ui(&mut self, ui: &mut Ui, feed: &NotificationFeed) {
        let Some((notifications, rejections)) = feed.read.value().cloned() else {
            ui.spinner();
            return;
        };
        if let Some(error) = feed.read.error() {
            error_box(ui, error);
        }
        if notifications.is_empty() && rejections.is_empty() {
            ui.label(RichText::new(t!("activity-empty")).weak());
            return;
        }
        egui::ScrollArea::both()
            .id_salt("activity-feed")
            .show(ui, |ui| {
                if let Some(opened) = notifications_grid(ui, &notifications) {
                    self.opened = Some(opened);
                }
                if !rejections.is_empty()
                    && let Some(opened) = refusals_ui(ui, &rejections)
                {
                    self.opened = Some(opened);
                }
            });
    }

    /// A notification opened: what it says in words, and what came on the wire (JSON, for
    /// whoever helps) folded under «Detalles».
    fn raw_ui(&mut self, ui: &mut Ui) {
        let Some(Opened {
            title,
            summary,
            raw,
        }) = self.opened.clone()
        else {
            return;
        };
        let pretty = serde_json::from_str::<serde_json::Value>(&raw)
            .ok()
            .and_then(|value| serde_json::to_string_pretty(&value).ok())
            .unwrap_or(raw);
        let mut close = false;
        egui::Modal::new(egui::Id::unique("raw-notification")).show(ui.ctx(), |ui| {
            ui.heading(&title);
            ui.label(&summary);
            egui::CollapsingHeader::new(RichText::new(t!("problem-details")).small())
                .id_salt("raw-notification-details")
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(420.0)
                        .show(ui, |ui| {
                            ui.label(RichText::new(&pretty).monospace().small());
                        });
                });
            if ui.button(t!("close")).clicked() {
                close = true;
            }
        });
        if close {
            self.opened = None;
        }
    }
}

/// The notifications, newest first: when each came, for which payment, what it says (never its
/// figures: a notification is not money; the day's close has what the service confirmed) and
/// what checking it found. The body a button opened, with its title.
fn notifications_grid(ui: &mut Ui, notifications: &[StoredNotification]) -> Option<Opened> {
    if notifications.is_empty() {
        // Only refusals so far: no table without rows above them.
        ui.label(RichText::new(t!("activity-empty")).weak());
        return None;
    }
    let mut opened = None;
    let grid = egui::Grid::new("notifications")
        .num_columns(5)
        .striped(true)
        .spacing([14.0, 4.0]);
    table::grid(ui, "notifications", &t!("activity-table"), grid, |ui| {
        let titles = [
            Title::Shown(t!("activity-received")),
            Title::Shown(t!("confirm-reference")),
            Title::Shown(t!("activity-notified")),
            Title::Shown(t!("activity-check")),
            Title::Unseen(t!("activity-column-content")),
        ];
        GridRow::titles(ui, 0, titles);
        GridRow::lines(ui, 1, notifications, |ui, row, notification| {
            opened = notification_row(ui, row, notification).or(opened.take());
        });
    });
    opened
}

/// A notification's cells; what its button opened, if pressed.
fn notification_row(
    ui: &mut Ui,
    row: &mut GridRow,
    notification: &StoredNotification,
) -> Option<Opened> {
    row.cell(ui, |ui| {
        ui.label(crate::clock::shown_datetime(notification.received_at))
    });
    let reference = RichText::new(&notification.reference_id).monospace();
    row.text(ui, reference, &t!("confirm-reference"));
    row.cell(ui, |ui| ui.label(notified_words(notification.status)));
    let (words, tone) = check_words(notification.check_state);
    row.cell(ui, |ui| {
        let color = crate::ui::theme::palette(ui).text_of(tone);
        ui.horizontal(|ui| {
            ui.label(RichText::new(words.as_str()).color(color));
            if notification.duplicates > 0 {
                ui.label(
                    RichText::new(t!("activity-duplicates", count = notification.duplicates))
                        .weak(),
                );
            }
        });
    });
    let pressed = row.cell(ui, |ui| {
        ui.button(t!("activity-body", id = notification.id))
            .clicked()
    });
    pressed.then(|| Opened {
        title: t!("activity-notification-title", id = notification.id),
        summary: t!(
            "activity-notification-summary",
            time = crate::clock::shown_datetime(notification.received_at),
            reference = notification.reference_id.as_str(),
            notified = notification.status.to_string(),
            check = words.as_str()
        ),
        raw: notification.raw.clone(),
    })
}

/// What the receiver refused: how many today, and the samples kept, each with its body.
fn refusals_ui(ui: &mut Ui, rejections: &Refusals) -> Option<Opened> {
    ui.add_space(crate::ui::theme::space::MEDIUM);
    ui.label(RichText::new(t!("activity-refused")).strong());
    let today: u64 = rejections.today.iter().map(|(_, count)| count).sum();
    let not_taken: u64 = rejections
        .today
        .iter()
        .filter(|(kind, _)| kind == crate::webhook::Refusal::InboxFull.as_str())
        .map(|(_, count)| count)
        .sum();
    if not_taken > 0 {
        // Signed with the shop's key yet past a day's worth the service never confirmed: what
        // the owner can do about it is a new key.
        error_box(
            ui,
            &UiError::local(t!("activity-inbox-full", count = not_taken)),
        );
    }
    if today > 0 {
        ui.label(
            RichText::new(t!(
                "activity-refused-today",
                count = today,
                kept = rejections.samples.len()
            ))
            .weak(),
        );
    }
    let mut opened = None;
    let grid = egui::Grid::new("rejections").num_columns(4).striped(true);
    table::grid(ui, "refusals", &t!("activity-refused-table"), grid, |ui| {
        // Drawn without titles (each line reads on its own); a screen reader still has them.
        GridRow::unseen_titles(
            ui,
            [
                t!("activity-received"),
                t!("activity-column-source"),
                t!("activity-column-reason"),
                t!("activity-column-content"),
            ],
        );
        GridRow::lines(ui, 1, &rejections.samples, |ui, row, refusal| {
            opened = refusal_row(ui, row, refusal).or(opened.take());
        });
    });
    opened
}

/// A refusal's cells; what its button opened, if pressed.
fn refusal_row(
    ui: &mut Ui,
    row: &mut GridRow,
    refusal: &crate::ledger::StoredRefusal,
) -> Option<Opened> {
    let id = refusal.id.to_string();
    row.cell(ui, |ui| {
        ui.label(crate::clock::shown_datetime(refusal.received_at))
    });
    row.text(ui, &refusal.source, &t!("activity-column-source"));
    row.cell(ui, |ui| {
        ui.label(RichText::new(&refusal.reason).color(crate::ui::theme::palette(ui).danger))
    });
    let pressed = row.cell(ui, |ui| {
        ui.button(t!("activity-refused-body", id = id.as_str()))
            .clicked()
    });
    pressed.then(|| Opened {
        title: t!("activity-refused-title", id = id.as_str()),
        summary: t!(
            "activity-refused-summary",
            time = crate::clock::shown_datetime(refusal.received_at),
            source = refusal.source.as_str(),
            reason = refusal.reason.as_str()
        ),
        raw: refusal.raw.clone(),
    })
}

impl crate::ui::panels::PanelState for ActivityPanel {
    /// The feed it shows is the app's (`services::feed`): nothing of its own to do or hear.
    fn logic(&mut self, _ctx: &mut crate::ui::LogicContext<'_>) {}

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        self.ui(ui, &ActivityView::of(draw.session), draw.feed);
    }
}
