//! A charge this till follows that is no sale of today, opened in a window of its own (a tab's
//! link, a counter code, a reference looked up): what it is, its state, what the service said
//! about it, the payments a code took (each a sale of its own, returned one at a time), paper,
//! its QR while it can still be paid, and the notifications that came for it.

use egui::{RichText, Ui};

use super::details::{DetailRow, code_rows, detail_row, record_rows};
use super::panel::Shown;
use super::refund::Refund;
use super::{StatusCommand, StatusPanel};
use crate::api::TransactionStatus;
use crate::ledger::{SaleReturns, StoredNotification};
use crate::t;
use crate::ui::services::sales::{DaySales, NotASale, not_a_sale_words};
use crate::ui::services::tracker::{TrackedPayment, Tracker};
use crate::ui::widgets::qr::QrTexture;
use crate::ui::widgets::status;

impl StatusPanel {
    /// The window; false once the cashier closed it.
    pub(super) fn payment_window(
        &mut self,
        panel: &Ui,
        payment: &TrackedPayment,
        tracker: &Tracker,
        shown: Shown<'_>,
        paper: &mut crate::ui::services::paper::Paper,
    ) -> bool {
        let (qr, queued) = (&mut self.opened_qr, &mut self.queued);
        let refund = &mut self.refund;
        let title = t!(
            "status-payment-title",
            reference = payment.reference.as_str()
        );
        let kind = tracker.kind_words(payment);
        let what = tracker.sales.not_a_sale(&payment.reference);
        super::frame::window(
            panel,
            egui::Id::unique("status-charge-window"),
            &title,
            |ui| {
                ui.label(RichText::new(not_a_sale_words(&kind, payment.repeatable, what)).strong());
                if let Some(NotASale::OtherDay(number)) = what
                    && ui
                        .button(t!("status-open-sale", number = number.to_string()))
                        .clicked()
                {
                    queued.ask(ui, StatusCommand::FindSale(*number));
                }
                state_lines(ui, payment, shown.service_away);
                contradictions(ui, payment);
                if !payment.description.is_empty() {
                    ui.label(&payment.description);
                }
                // The return's form needs the room: the charge's details and its notifications step
                // aside while it is open, and come back when it closes.
                let returning = refund.is_for(&payment.reference);
                if !returning {
                    details_grid(ui, payment, &kind);
                }
                let returns = shown.returns.map(|view| (&mut *refund, view.owner_side));
                received_payments(ui, payment, &tracker.sales, returns);
                if let Some(view) = shown.returns {
                    for received in &payment.received {
                        let which = (
                            payment.reference.as_str(),
                            received.provider_reference.as_str(),
                        );
                        refund.form_ui(ui, which, view, paper);
                    }
                }
                paper_row(ui, payment, paper);
                if code_ui(ui, payment, qr) {
                    queued.push(StatusCommand::ShowCustomer(payment.reference.clone()));
                }
                if !returning {
                    notifications_list(ui, payment, shown.notifications);
                }
            },
        )
    }
}

/// The amount and the state, and that the line is down while it waits.
pub(super) fn state_lines(ui: &mut Ui, payment: &TrackedPayment, service_away: Option<i64>) {
    ui.horizontal(|ui| {
        if let Some(amount) = payment.shown_amount() {
            crate::ui::widgets::amount::amount_label(ui, amount, |text| {
                text.size(crate::ui::theme::size::DETAIL_AMOUNT).strong()
            });
        }
        status::tracked_badge(ui, payment.taking(), payment.status, false);
    });
    let waiting = payment.repeatable || !payment.status.is_some_and(|s| s.is_final());
    if let Some(since) = service_away.filter(|_| waiting) {
        crate::ui::widgets::offline::waiting_line(ui, since);
    }
}

/// What the service said later against the final state the books keep: said plainly, in the
/// warning colour, for the owner to look into (the books never take it).
pub(super) fn contradictions(ui: &mut Ui, payment: &TrackedPayment) {
    let warn = crate::ui::theme::palette(ui).warning;
    for contradiction in &payment.contradictions {
        ui.label(
            RichText::new(t!(
                "status-contradiction",
                held = contradiction.held.to_string(),
                answered = contradiction.answered.to_string(),
                time = crate::clock::shown_moment(contradiction.seen_at)
            ))
            .color(warn),
        );
    }
}

/// What the till knows of the payment, then what the service's last answer said (empty values
/// left out).
pub(super) fn details_grid(ui: &mut Ui, payment: &TrackedPayment, kind: &str) {
    let mut rows: Vec<DetailRow> = [
        (t!("column-kind"), kind.to_owned()),
        (
            t!("column-time"),
            crate::clock::shown_moment(payment.created_ms),
        ),
        (t!("field-your-reference"), payment.reference1.clone()),
        (t!("created-service-reference"), payment.reference.clone()),
        (t!("column-cashier"), payment.made_by.cashier.clone()),
        (t!("column-till"), payment.made_by.till.clone()),
    ]
    .into_iter()
    .map(|(label, value)| (label, value, None))
    .collect();
    if let Some(record) = &payment.record {
        // A code's last status answer is one payment of many: its amount, fee and date are in
        // the list of payments below, not the code's.
        if payment.repeatable {
            rows.extend(code_rows(record));
        } else {
            rows.extend(record_rows(record));
        }
    }
    egui::Grid::new("status-payment-details")
        .num_columns(2)
        .show(ui, |ui| {
            for row in rows {
                detail_row(ui, row);
            }
        });
}

/// Its QR and "Show to customer", while it can still be paid; true when that was pressed.
pub(super) fn code_ui(ui: &mut Ui, payment: &TrackedPayment, qr: &mut QrTexture) -> bool {
    let payable = !payment.status.is_some_and(|s| s.is_final())
        || payment.takes_payments(crate::ledger::now_ms());
    if !payable || payment.url.is_empty() {
        return false;
    }
    if let Ok(texture) = qr.get(ui.ctx(), &payment.url) {
        ui.add(
            egui::Image::new(texture)
                .fit_to_exact_size(egui::vec2(180.0, 180.0))
                .alt_text(t!("created-qr-alt", url = payment.url.as_str())),
        );
    }
    ui.button(t!("created-show-customer")).clicked()
}

/// The notifications that came for the payment, newest last, with what checking them found.
pub(super) fn notifications_list(
    ui: &mut Ui,
    payment: &TrackedPayment,
    notifications: &[StoredNotification],
) {
    let received: Vec<_> = notifications
        .iter()
        .filter(|n| n.reference_id == payment.reference)
        .collect();
    ui.separator();
    if received.is_empty() {
        ui.label(RichText::new(t!("status-no-notifications")).weak());
        return;
    }
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

/// The payments a code that takes many took today, one line each, with what went back of each
/// and its own «Devolver» (a code is returned one payment at a time).
fn received_payments(
    ui: &mut Ui,
    payment: &TrackedPayment,
    sales: &DaySales,
    mut refund: Option<(&mut Refund, bool)>,
) {
    if payment.received.is_empty() {
        return;
    }
    ui.separator();
    ui.label(RichText::new(t!("status-received-today")).strong());
    egui::Grid::new("status-received")
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for received in payment.received.iter().rev() {
                ui.label(crate::clock::shown_moment(received.received_at));
                match received.amount {
                    Some(amount) => crate::ui::widgets::amount::amount_label(ui, amount, |t| t),
                    None => ui.label(""),
                };
                ui.label(
                    received
                        .fee
                        .map(|fee| t!("status-received-fee", fee = fee.to_string()))
                        .unwrap_or_default(),
                );
                // What went back of it, as the books hold its sale.
                let gone_back = sales
                    .part_of_charge(&payment.reference, &received.provider_reference)
                    .and_then(|(_, part)| {
                        SaleReturns {
                            paid: part.paid,
                            returned: part.returns.returned,
                            under_way: part.returns.under_way,
                        }
                        .words()
                    });
                ui.horizontal(|ui| {
                    if let Some(words) = gone_back {
                        ui.label(words);
                    }
                    if let (Some((refund, owner)), Some(amount)) =
                        (refund.as_mut(), received.amount)
                        && !received.provider_reference.is_empty()
                    {
                        let label = t!(
                            "refund-this-payment",
                            amount = amount.to_string(),
                            time = crate::clock::shown_moment(received.received_at)
                        );
                        let named = sales
                            .part_of_charge(&payment.reference, &received.provider_reference)
                            .map(|(sale, _)| sale.number.to_string())
                            .unwrap_or_default();
                        refund.button_ui(
                            ui,
                            &label,
                            (&payment.reference, &received.provider_reference, &named),
                            *owner,
                        );
                    }
                });
                ui.end_row();
            }
        });
}

/// Paper for a payment: its receipt once the service confirmed it (the latest payment of a code
/// that takes many), and a code's poster for the counter.
fn paper_row(ui: &mut Ui, payment: &TrackedPayment, paper: &mut crate::ui::services::paper::Paper) {
    use crate::ui::services::paper::PaperCommand;
    let confirmed = if payment.repeatable {
        payment
            .received
            .last()
            .map(|received| Some(received.provider_reference.clone()))
    } else {
        (payment.status == Some(TransactionStatus::Approved)).then_some(None)
    };
    ui.horizontal_wrapped(|ui| {
        if let Some(which) = confirmed
            && let Some(pdf) = crate::ui::panels::printer_settings::print_or_pdf(
                ui,
                paper,
                &t!("paper-print-receipt"),
                &t!("paper-receipt-pdf"),
            )
        {
            paper.queued.ask(
                ui,
                PaperCommand::Receipt {
                    reference: payment.reference.clone(),
                    payment: which,
                    pdf,
                },
            );
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
    crate::ui::panels::printer_settings::outcome_line(
        ui,
        paper,
        &[
            crate::ui::services::paper::PaperSource::Payment,
            crate::ui::services::paper::PaperSource::Approval,
        ],
    );
}
