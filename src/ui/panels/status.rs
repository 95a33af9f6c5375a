//! Status: look up any reference, and today's payments with their live states (followed in the
//! background, so this panel only draws what the followers report). What it needs done it queues
//! as a [`StatusCommand`] for `logic` to run.

use crate::t;
use crate::ui::queue::Queue;
use egui::{RichText, Ui};

use egui_extras::Column;

use crate::api::family_b::{StatusRecord, TransactionStatus};
use crate::ledger::StoredNotification;
use crate::ui::PanelContext;
use crate::ui::bridge::Requested;
use crate::ui::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::form::{self, error_box, text_row};
use crate::ui::widgets::qr::QrTexture;
use crate::ui::widgets::status;

/// What the panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusCommand {
    /// Ask the service for this reference's status once.
    Lookup(String),
    /// Add it to today's list and follow it until it ends.
    Follow(String),
    /// Put one of today's payments on the customer screen.
    ShowCustomer(String),
    /// Nothing today yet: to Cobrar, to make the first sale.
    StartSale,
}

#[derive(Default)]
pub struct StatusPanel {
    pub reference: String,
    pub lookup: Requested<(String, StatusRecord)>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<StatusCommand>,
    /// The payment of today's list opened in its window (its service reference).
    pub opened: Option<String>,
    opened_qr: QrTexture,
}

impl StatusPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        for command in self.queued.take() {
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
                        crate::api::kind::PaymentKind::LookedUp,
                        None,
                        String::new(),
                        String::new(),
                    ),
                ),
                StatusCommand::StartSale => ctx
                    .actions
                    .push(crate::ui::AppAction::GoTo(crate::ui::Panel::Collect)),
                StatusCommand::ShowCustomer(reference) => {
                    if let Some(payment) = ctx.tracker.find(&reference) {
                        let shown = crate::ui::panels::collect::CreatedPayment::of_tracked(
                            payment,
                            ctx.tracker.kind_words(payment),
                        );
                        ctx.actions
                            .push(crate::ui::AppAction::ShowCustomer(Box::new(shown)));
                    }
                }
            }
        }
        if self.lookup.poll()
            && let Some(error) = self.lookup.error()
        {
            ctx.note_error(error);
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut Ui,
        tracker: &Tracker,
        notifications: &[StoredNotification],
        paper: &mut crate::ui::paper::Paper,
        service_away: Option<i64>,
    ) {
        ui.heading(t!("status-title"));
        if let Some(since) = service_away {
            crate::ui::widgets::offline::banner(ui, since, &t!("status-offline"));
        }
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
                // Her own reference ("MESA-4") is one of today's: ask by the service's.
                let wanted = tracker
                    .payments
                    .iter()
                    .find(|p| p.reference1.eq_ignore_ascii_case(&reference))
                    .map_or_else(|| reference.clone(), |p| p.reference.clone());
                self.queued.ask(ui, StatusCommand::Lookup(wanted));
            }
            let followed = tracker.find(&reference).is_some()
                || tracker
                    .payments
                    .iter()
                    .any(|p| p.reference1.eq_ignore_ascii_case(&reference))
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
                self.queued
                    .ask(ui, StatusCommand::Follow(reference.clone()));
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
        if today(ui, tracker, &self.reference, &mut self.opened) {
            self.queued.ask(ui, StatusCommand::StartSale);
        }
        if let Some(opened) = self.opened.clone() {
            let still_open = match tracker.find(&opened) {
                Some(payment) => self.payment_window(
                    ui.ctx(),
                    payment,
                    &tracker.kind_words(payment),
                    notifications,
                    paper,
                    service_away,
                ),
                None => false,
            };
            if !still_open {
                self.opened = None;
            }
        }
    }

    /// One payment of today's list, opened: its state, what was sold, its QR while it can still be
    /// paid, what the service said about it and the notifications that came for it.
    fn payment_window(
        &mut self,
        ctx: &egui::Context,
        payment: &TrackedPayment,
        kind: &str,
        notifications: &[StoredNotification],
        paper: &mut crate::ui::paper::Paper,
        service_away: Option<i64>,
    ) -> bool {
        let (qr, queued) = (&mut self.opened_qr, &mut self.queued);
        let mut open = true;
        egui::Window::new(t!(
            "status-payment-title",
            reference = payment.reference.as_str()
        ))
        .id(egui::Id::unique("status-payment"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if let Some(amount) = payment.shown_amount() {
                    ui.label(
                        RichText::new(amount.to_string())
                            .size(crate::ui::theme::size::DETAIL_AMOUNT)
                            .strong(),
                    );
                }
                status::tracked_badge(ui, payment, false);
            });
            let waiting = payment.repeatable || !payment.status.is_some_and(|s| s.is_final());
            if let Some(since) = service_away.filter(|_| waiting) {
                crate::ui::widgets::offline::waiting_line(ui, since);
            }
            if !payment.description.is_empty() {
                ui.label(&payment.description);
            }
            egui::Grid::new("status-payment-details")
                .num_columns(2)
                .show(ui, |ui| {
                    for (label, value) in [
                        (t!("column-kind"), kind.to_owned()),
                        (t!("column-time"), payment.created.clone()),
                        (t!("field-your-reference"), payment.reference1.clone()),
                        (t!("created-service-reference"), payment.reference.clone()),
                        (t!("column-cashier"), payment.made_by.cashier.clone()),
                        (t!("column-till"), payment.made_by.till.clone()),
                    ] {
                        if !value.is_empty() {
                            ui.label(label);
                            ui.label(value);
                            ui.end_row();
                        }
                    }
                    if let Some(record) = &payment.record {
                        // A code's last status answer is one payment of many: its amount, fee and
                        // date are in the list of payments below, not the code's.
                        let rows: Vec<(String, String)> = if payment.repeatable {
                            code_rows(record).into()
                        } else {
                            record_rows(record).into()
                        };
                        for (label, value) in rows {
                            if !value.is_empty() {
                                ui.label(label);
                                ui.label(value);
                                ui.end_row();
                            }
                        }
                    }
                });
            received_payments(ui, payment);
            paper_row(ui, payment, paper);
            let payable = !payment.status.is_some_and(|s| s.is_final())
                || payment.takes_payments(crate::ledger::now_ms());
            if payable && !payment.url.is_empty() {
                if let Ok(texture) = qr.get(ui.ctx(), &payment.url) {
                    ui.add(
                        egui::Image::new(texture)
                            .fit_to_exact_size(egui::vec2(180.0, 180.0))
                            .alt_text(t!("created-qr-alt", url = payment.url.as_str())),
                    );
                }
                if ui.button(t!("created-show-customer")).clicked() {
                    queued.push(StatusCommand::ShowCustomer(payment.reference.clone()));
                }
            }
            let received: Vec<_> = notifications
                .iter()
                .filter(|n| n.reference_id == payment.reference)
                .collect();
            ui.separator();
            if received.is_empty() {
                ui.label(RichText::new(t!("status-no-notifications")).weak());
            } else {
                ui.label(RichText::new(t!("created-notifications")).strong());
                for notification in received.iter().rev() {
                    let mut line = format!(
                        "{} — {} ({})",
                        crate::clock::shown_datetime(notification.received_at),
                        notification.status,
                        notification.check_state.words()
                    );
                    if let Some(reason) = &notification.error_message {
                        line.push_str(&format!(": {reason}"));
                    }
                    ui.label(line);
                }
            }
        });
        open
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
                for (label, value) in record_rows(record) {
                    if !value.is_empty() {
                        ui.label(label);
                        ui.label(value);
                        ui.end_row();
                    }
                }
            });
    });
}

/// What a status check says, as label and value (empty values are left out by the callers).
fn record_rows(record: &StatusRecord) -> [(String, String); 6] {
    [
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
    ]
}

/// What a status check says about a code that takes many payments as a whole.
fn code_rows(record: &StatusRecord) -> [(String, String); 2] {
    [
        (
            t!("field-method"),
            record.payment_method.clone().unwrap_or_default(),
        ),
        (
            t!("field-description"),
            record.description.clone().unwrap_or_default(),
        ),
    ]
}

const ROW_HEIGHT: f32 = 24.0;

/// Whether a payment answers to what the cashier typed (already in lower case): her reference,
/// the service's, or what was sold (any case, any part).
fn matches(payment: &TrackedPayment, wanted: &str) -> bool {
    [
        &payment.reference1,
        &payment.reference,
        &payment.description,
    ]
    .iter()
    .any(|text| text.to_lowercase().contains(wanted))
}

/// Today's payments, newest first, as a table whose rows open the payment. Only the visible
/// rows are laid out, so a long day stays fast.
/// Today's list; true when its empty state's button asked for the first sale.
fn today(ui: &mut Ui, tracker: &Tracker, filter: &str, opened: &mut Option<String>) -> bool {
    let payments = &tracker.payments;
    ui.horizontal(|ui| {
        ui.heading(t!("today"));
        ui.label(
            RichText::new(t!(
                "status-today-count",
                count = tracker.payment_count(),
                approved = tracker.approved_total().to_string()
            ))
            .weak(),
        );
    });
    if let Some(problem) = &tracker.restore_problem {
        ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
    }
    if payments.is_empty() {
        return crate::ui::widgets::empty::show(
            ui,
            crate::ui::widgets::empty::EmptyState {
                title: &t!("status-empty-title"),
                body: &t!("status-empty-body"),
                action: Some(&t!("status-empty-action")),
            },
        );
    }
    // Drawn every frame: nothing typed, nothing to compare.
    let wanted = filter.trim().to_lowercase();
    let shown: Vec<&TrackedPayment> = if wanted.is_empty() {
        payments.iter().collect()
    } else {
        payments.iter().filter(|p| matches(p, &wanted)).collect()
    };
    if shown.is_empty() {
        ui.label(RichText::new(t!("status-none-match", wanted = filter.trim())).weak());
        return false;
    }
    let text_height = ui.text_style_height(&egui::TextStyle::Body);
    // Labels in a clickable row must not take the click for text selection. Set once here, the
    // cells share this style instead of each copying its own.
    ui.style_mut().interaction.selectable_labels = false;
    // A small window keeps the columns a cashier reads; the rest shows when a row is opened.
    let narrow = ui.available_width() < NARROW_TABLE;
    let mut table = egui_extras::TableBuilder::new(ui)
        .id_salt(("today-table", narrow))
        .striped(true)
        .sense(egui::Sense::click())
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(72.0));
    let mut titles = vec![t!("column-time")];
    // Who sold it, once the shop has named cashiers.
    let cashiers = shown.iter().any(|p| !p.made_by.cashier.is_empty());
    if cashiers {
        table = table.column(Column::auto().at_least(70.0).clip(true));
        titles.push(t!("column-cashier"));
    }
    if !narrow {
        table = table.column(Column::auto().at_least(90.0).clip(true));
        titles.push(t!("column-kind"));
    }
    table = table
        .column(Column::auto().at_least(80.0))
        .column(Column::remainder().at_least(100.0).clip(true))
        .column(Column::auto().at_least(90.0).clip(true));
    titles.extend([
        t!("field-amount"),
        t!("field-description"),
        t!("field-your-reference"),
    ]);
    if !narrow {
        table = table.column(Column::auto().at_least(120.0).clip(true));
        titles.push(t!("created-service-reference"));
    }
    titles.push(t!("column-state"));
    table
        .column(Column::auto().at_least(100.0))
        .auto_shrink([false, true])
        .header(text_height + 8.0, |mut header| {
            for title in titles {
                header.col(|ui| {
                    ui.strong(title);
                });
            }
        })
        .body(|body| {
            body.rows(ROW_HEIGHT, shown.len(), |mut row| {
                let payment = shown[row.index()];
                row.set_selected(opened.as_deref() == Some(payment.reference.as_str()));
                row_cells(
                    &mut row,
                    payment,
                    &tracker.kind_words(payment),
                    Columns { narrow, cashiers },
                );
                if row.response().clicked() {
                    *opened = Some(payment.reference.clone());
                }
            });
        });
    false
}

/// Narrower than this, the table leaves out the kind and the service's reference.
const NARROW_TABLE: f32 = 760.0;

/// Which of the optional columns the table shows.
#[derive(Clone, Copy)]
struct Columns {
    narrow: bool,
    cashiers: bool,
}

fn row_cells(
    row: &mut egui_extras::TableRow<'_, '_>,
    payment: &TrackedPayment,
    kind: &str,
    Columns { narrow, cashiers }: Columns,
) {
    row.col(|ui| {
        ui.label(&payment.created);
    });
    if cashiers {
        row.col(|ui| {
            ui.label(&payment.made_by.cashier);
        });
    }
    if !narrow {
        row.col(|ui| {
            ui.label(kind);
        });
    }
    row.col(|ui| {
        ui.label(
            payment
                .shown_amount()
                .map(|a| a.to_string())
                .unwrap_or_default(),
        );
    });
    row.col(|ui| {
        ui.label(&payment.description);
    });
    row.col(|ui| {
        ui.label(&payment.reference1);
    });
    if !narrow {
        row.col(|ui| {
            ui.label(RichText::new(&payment.reference).monospace());
        });
    }
    row.col(|ui| {
        status::tracked_badge(ui, payment, true);
        if let Some(problem) = &payment.problem {
            // A plain "!" rather than ⚠: not every font a shop PC has draws that sign.
            ui.label(
                RichText::new("!")
                    .strong()
                    .color(crate::ui::theme::palette(ui).danger),
            )
            .on_hover_text(problem);
        }
    });
}

/// The payments a code that takes many took today, one line each.
fn received_payments(ui: &mut Ui, payment: &TrackedPayment) {
    if payment.received.is_empty() {
        return;
    }
    ui.separator();
    ui.label(RichText::new(t!("status-received-today")).strong());
    egui::Grid::new("status-received")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for received in payment.received.iter().rev() {
                ui.label(crate::clock::shown_moment(received.received_at));
                ui.label(
                    received
                        .amount
                        .map(|amount| amount.to_string())
                        .unwrap_or_default(),
                );
                ui.label(
                    received
                        .fee
                        .map(|fee| t!("status-received-fee", fee = fee.to_string()))
                        .unwrap_or_default(),
                );
                ui.end_row();
            }
        });
}

/// Paper for a payment: its receipt once the service confirmed it (the latest payment of a code
/// that takes many), and a code's poster for the counter.
fn paper_row(ui: &mut Ui, payment: &TrackedPayment, paper: &mut crate::ui::paper::Paper) {
    use crate::ui::paper::PaperCommand;
    let confirmed = if payment.repeatable {
        payment
            .received
            .last()
            .map(|received| Some(received.provider_reference.clone()))
    } else {
        (payment.status == Some(TransactionStatus::Approved)).then_some(None)
    };
    let has_printer = paper.settings().printer.is_some();
    ui.horizontal_wrapped(|ui| {
        if let Some(which) = confirmed {
            if ui
                .add_enabled(
                    has_printer && !paper.is_busy(),
                    egui::Button::new(t!("paper-print-receipt")),
                )
                .on_disabled_hover_text(t!("paper-no-printer"))
                .clicked()
            {
                paper.queued.ask(
                    ui,
                    PaperCommand::Receipt {
                        reference: payment.reference.clone(),
                        payment: which.clone(),
                        pdf: false,
                    },
                );
            }
            if ui.button(t!("paper-receipt-pdf")).clicked() {
                paper.queued.ask(
                    ui,
                    PaperCommand::Receipt {
                        reference: payment.reference.clone(),
                        payment: which,
                        pdf: true,
                    },
                );
            }
        }
        if payment.repeatable && !payment.url.is_empty() && ui.button(t!("paper-poster")).clicked()
        {
            paper.queued.ask(
                ui,
                PaperCommand::Poster {
                    reference: payment.reference.clone(),
                },
            );
        }
        if paper.is_busy() {
            ui.spinner();
        }
    });
    super::printer_settings::outcome_line(
        ui,
        paper,
        &[
            crate::ui::paper::PaperSource::Payment,
            crate::ui::paper::PaperSource::Approval,
        ],
    );
}
