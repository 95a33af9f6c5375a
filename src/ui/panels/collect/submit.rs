//! What the three sale forms share: the button that creates, what an attempt's failure means for
//! the next one, the request sent by `logic`, and the created payment shown below.

use crate::api::kind::PaymentKind;
use crate::ui::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::family_b::TransactionStatus;
use crate::ui::PanelContext;
use crate::ui::bridge::{Requested, Task, UiError};
use crate::ui::tracker::TrackedPayment;
use crate::ui::widgets::form::error_box;

use super::created::CreatedView;
use super::creation::{Creation, fresh_reference1};
use super::view::{CollectCommand, CollectView};
use crate::ui::customer::CreatedPayment;

/// What happened to the last attempt, for a retry that never duplicates a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Attempt {
    Fresh,
    /// Nothing reached the service: the same `reference1` may be sent again.
    NotSent,
    /// The service may have created it: the next attempt gets a new `reference1`.
    MaybeCreated {
        reference1: String,
    },
}

/// How soon a second charge of the same amount asks whether it is another sale.
const SAME_AMOUNT_WINDOW_MS: i64 = 60_000;

/// A charge held back until the cashier says it is another sale.
#[derive(Debug, Clone)]
pub(super) struct Unconfirmed {
    creation: Creation,
    /// The earlier payment of the same amount, and how many seconds ago it was created.
    earlier: String,
    seconds_ago: i64,
    /// The earlier one was already paid: the question cannot be "use that one".
    earlier_paid: bool,
}

/// One form's attempt at creating a payment and what came of it.
pub(super) struct Submission {
    pub(super) request: Requested<CreatedPayment>,
    pub(super) attempt: Attempt,
    pub(super) view: CreatedView,
    /// What this form created last, for the payment list.
    kind: PaymentKind,
    /// The reference sent, to follow the payment under it.
    sent_reference1: String,
    /// A same-amount charge waiting for the cashier's yes.
    unconfirmed: Option<Unconfirmed>,
    /// The cashier pressed the button while it could not send: say why, even in an untouched
    /// form (which otherwise shows no complaints).
    pressed_while_blocked: bool,
}

impl Submission {
    pub(super) fn new() -> Submission {
        Submission {
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
            kind: PaymentKind::Link,
            sent_reference1: String::new(),
            unconfirmed: None,
            pressed_while_blocked: false,
        }
    }

    /// Whether the reasons the button is disabled should show: once the sale has begun, or
    /// once the cashier pressed it anyway.
    pub(super) fn explain_blocking(&self, started: bool) -> bool {
        started || self.pressed_while_blocked
    }

    /// Sends a charge, unless one of the same amount was made less than a minute ago and did
    /// not fail: that could be the same sale twice, so the cashier is asked first.
    pub(super) fn submit(
        &mut self,
        creation: Creation,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        let now = crate::ledger::now_ms();
        let earlier = creation.amount().and_then(|amount| {
            view.tracker.payments.iter().find(|payment| {
                payment.amount == Some(amount)
                    && now - payment.created_ms < SAME_AMOUNT_WINDOW_MS
                    && !payment.status.is_some_and(|status| {
                        status.is_final() && status != TransactionStatus::Approved
                    })
            })
        });
        match earlier {
            Some(earlier) => {
                self.unconfirmed = Some(Unconfirmed {
                    creation,
                    earlier: earlier.reference.clone(),
                    seconds_ago: ((now - earlier.created_ms) / 1_000).max(0),
                    earlier_paid: earlier.status == Some(TransactionStatus::Approved),
                });
            }
            None => queued.push(CollectCommand::Create(creation)),
        }
    }

    /// The question for a same-amount charge: send it anyway, or not.
    pub(super) fn confirm_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) {
        let Some(unconfirmed) = &self.unconfirmed else {
            return;
        };
        let mut answer = None;
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(
                2.0,
                crate::ui::theme::palette(ui).warning,
            ))
            .show(ui, |ui| {
                let amount = unconfirmed
                    .creation
                    .amount()
                    .map(|a| a.to_string())
                    .unwrap_or_default();
                let (said, question) = if unconfirmed.earlier_paid {
                    (
                        t!(
                            "collect-same-amount-paid",
                            amount = amount,
                            seconds = unconfirmed.seconds_ago,
                            reference = unconfirmed.earlier.as_str()
                        ),
                        t!("collect-same-amount-paid-question"),
                    )
                } else {
                    (
                        t!(
                            "collect-same-amount",
                            amount = amount,
                            seconds = unconfirmed.seconds_ago,
                            reference = unconfirmed.earlier.as_str()
                        ),
                        t!("collect-same-amount-question"),
                    )
                };
                ui.label(RichText::new(said).strong());
                ui.label(question);
                ui.horizontal(|ui| {
                    if ui.button(t!("collect-same-amount-yes")).clicked() {
                        answer = Some(true);
                    }
                    if ui.button(t!("collect-same-amount-no")).clicked() {
                        answer = Some(false);
                    }
                });
            });
        match answer {
            Some(true) => {
                if let Some(unconfirmed) = self.unconfirmed.take() {
                    queued.push(CollectCommand::Create(unconfirmed.creation));
                }
            }
            Some(false) => self.unconfirmed = None,
            None => {}
        }
    }

    /// Whether a charge is waiting for the cashier's answer (the button waits too).
    pub(super) fn asking(&self) -> bool {
        self.unconfirmed.is_some()
    }

    /// The card of the last sale goes; the form is ready for the next.
    pub(super) fn new_sale(&mut self) {
        self.request = Requested::NotRequested;
        self.view.reset();
        self.unconfirmed = None;
        self.pressed_while_blocked = false;
    }

    /// Runs a queued creation on the runtime.
    pub(super) fn start(&mut self, creation: Creation, ctx: &PanelContext<'_>) {
        self.sent_reference1 = match &creation {
            Creation::Link { request, .. } => request.cash_in.reference1.clone(),
            Creation::Method { request, .. } => request.cash_in.reference1.clone(),
            Creation::Resource { request } => request.bill.reference1.clone().unwrap_or_default(),
        };
        self.kind = creation.kind();
        let client = ctx.session.connection.client.clone();
        let minimum = creation.minimum(&ctx.session.connection.catalog);
        let repeatable = self.kind.repeatable(&ctx.session.connection.catalog);
        let ledger = ctx.session.ledger.clone().ok();
        let sending = creation.send(client, minimum, repeatable);
        self.request.start(ctx.bridge.spawn(async move {
            if let Some(ledger) = ledger
                && let Err(too_old) = crate::collections::may_sell(ledger).await
            {
                return Err(UiError {
                    code: Some("ledger.too_old".to_owned()),
                    ..UiError::local(too_old.to_string())
                });
            }
            sending.await
        }));
    }

    /// Hands the created payment to the follower and notes what a failure means for the next
    /// attempt; the form's reference changes once a payment exists under it. True when a
    /// payment was just created: the form empties for the next sale.
    pub(super) fn settle(&mut self, reference1: &mut String, ctx: &mut PanelContext<'_>) -> bool {
        if !self.request.poll() {
            return false;
        }
        match &self.request {
            Requested::Done(created) => {
                self.view.reset();
                self.attempt = Attempt::Fresh;
                self.pressed_while_blocked = false;
                let mut payment = TrackedPayment::new(
                    created.reference.clone(),
                    self.kind.clone(),
                    created.amount,
                    self.sent_reference1.clone(),
                    // What the QR encodes (a code without a link has its data): the books keep
                    // it, and the counter's poster is printed from it.
                    if created.url.is_empty() {
                        created.qr_text.clone()
                    } else {
                        created.url.clone()
                    },
                );
                payment.description = created.description.clone();
                payment.repeatable = created.repeatable;
                payment.open_until = created.open_until;
                payment.made_by = ctx.tracker.at_till().clone();
                payment.resource_id = created.resource_id.clone();
                ctx.tracker
                    .follow(ctx.bridge, ctx.session.connection.client.clone(), payment);
                *reference1 = fresh_reference1();
                return true;
            }
            Requested::Failed { error, .. } => {
                ctx.note_error(error);
                self.attempt = if error.outcome_unknown {
                    Attempt::MaybeCreated {
                        reference1: self.sent_reference1.clone(),
                    }
                } else if error.retryable {
                    Attempt::NotSent
                } else {
                    Attempt::Fresh
                };
            }
            _ => {}
        }
        false
    }

    /// The create button, with the retry's own words; true when pressed (or Enter in a field)
    /// and a request may go.
    pub(super) fn button(&mut self, ui: &mut Ui, ready: bool, enter: bool, normal: &str) -> bool {
        let pending = self.request.is_pending();
        let label = match &self.attempt {
            Attempt::Fresh => normal.to_owned(),
            Attempt::NotSent => t!("try-again"),
            Attempt::MaybeCreated { .. } => t!("retry-new-reference"),
        };
        let waiting = pending || self.asking();
        let response = crate::ui::widgets::primary::primary_button(
            ui,
            ready && !waiting,
            &label,
            Some(crate::ui::widgets::primary::Shortcut::Enter),
        );
        let clicked = response.clicked();
        if !ready && response.contains_pointer() && ui.input(|i| i.pointer.primary_released()) {
            self.pressed_while_blocked = true;
        }
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("creating"));
            });
        }
        ready && !waiting && (clicked || enter)
    }

    /// Before sending again after an unknown outcome, the reference changes.
    pub(super) fn reference_for_next(&self, reference1: &mut String) {
        if let Attempt::MaybeCreated {
            reference1: uncertain,
        } = &self.attempt
            && uncertain == reference1
        {
            *reference1 = fresh_reference1();
        }
    }

    /// What the last attempt left, under the button: its error, what a retry will do, the
    /// question of a same-amount charge.
    pub(super) fn attempt_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) {
        if let Some(error) = self.request.error() {
            error_box(ui, error);
        }
        match &self.attempt {
            Attempt::MaybeCreated { reference1 } => {
                ui.label(
                    RichText::new(t!("attempt-maybe-created", reference = reference1.as_str()))
                        .color(crate::ui::theme::palette(ui).danger),
                );
            }
            Attempt::NotSent => {
                ui.label(RichText::new(t!("attempt-not-sent")).weak());
            }
            Attempt::Fresh => {}
        }
        self.confirm_ui(ui, queued);
    }

    /// Whether a created payment's card is there to show.
    pub(super) fn has_card(&self) -> bool {
        self.request.value().is_some()
    }

    /// The created payment's card; true when the cashier asked for a new sale.
    pub(super) fn card_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) -> bool {
        let mut new_sale = false;
        if let Some(created) = self.request.value() {
            new_sale = self.view.ui(ui, view, created, queued);
        }
        if new_sale {
            self.new_sale();
        }
        new_sale
    }

    /// The reference of the payment whose card is shown.
    pub(super) fn card_reference(&self) -> Option<&str> {
        self.request
            .value()
            .map(|created| created.reference.as_str())
    }
}

/// Writes a payment's QR as a PNG on the blocking pool, never in a frame; the task ends with
/// where it went.
pub(super) fn save_card(
    ctx: &PanelContext<'_>,
    card: crate::ui::widgets::payment_card::PaymentCard,
    reference: &str,
) -> Task<Result<std::path::PathBuf, UiError>> {
    let path = crate::ui::widgets::qr::default_save_path(&ctx.paths.exports_dir, reference);
    ctx.bridge.spawn_blocking(move || {
        crate::ui::widgets::payment_card::save_card(&card, &path)
            .map(|()| path)
            .map_err(|e| UiError::explained(&e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate;

    #[test]
    fn fresh_references_are_short_and_distinct() {
        let a = fresh_reference1();
        let b = fresh_reference1();
        assert!(a.len() <= 20 && a.starts_with("PD"), "{a}");
        assert!(validate::reference1(&a).is_ok());
        // The random suffix makes two in the same second differ (almost always; retry once).
        assert!(a != b || fresh_reference1() != a);
    }

    #[test]
    fn a_retry_after_an_unknown_outcome_changes_the_reference() {
        let mut submission = Submission::new();
        let mut reference = "PD-1".to_owned();
        submission.attempt = Attempt::NotSent;
        submission.reference_for_next(&mut reference);
        assert_eq!(reference, "PD-1");
        submission.attempt = Attempt::MaybeCreated {
            reference1: "PD-1".into(),
        };
        submission.reference_for_next(&mut reference);
        assert_ne!(reference, "PD-1");
    }
}
