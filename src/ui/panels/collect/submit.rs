//! What the three sale forms share: the button that creates, what an attempt's failure means for
//! the next one, the request sent by `logic`, and the created payment shown below.

use egui::{RichText, Ui};

use crate::t;

use crate::api::Client;
use crate::api::family_a::ResourceRequest;
use crate::api::family_b::{PaymentLinkRequest, PaymentMethodRequest};
use crate::money::Pesos;
use crate::ui::PanelContext;
use crate::ui::bridge::{Requested, Task, UiError};
use crate::ui::tracker::TrackedPayment;
use crate::ui::widgets::form::{self, error_box};

use super::created::{CreatedPayment, CreatedView};
use super::{CollectCommand, CollectView};

/// A reference the customer never sees twice: `PD` and the time in base 36, plus randomness.
pub fn fresh_reference1() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let random = uuid::Uuid::new_v4().as_u128() % (36 * 36);
    format!("PD{}{}", base36(seconds), base36(random as u64)).to_uppercase()
}

fn base36(mut value: u64) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(value % 36) as usize]);
        value /= 36;
        if value == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

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

/// A validated request, ready for the service.
#[derive(Debug, Clone)]
pub enum Creation {
    Link {
        request: PaymentLinkRequest,
        expires: String,
    },
    Method {
        request: PaymentMethodRequest,
        name: String,
    },
    Resource {
        request: ResourceRequest,
    },
}

impl Creation {
    /// Sends the request; a refusal below the minimum names the minimum.
    async fn send(self, client: Client, minimum: Option<Pesos>) -> Result<CreatedPayment, UiError> {
        let explain = |error: crate::api::ApiError| error.explain_minimum(minimum);
        Ok(match self {
            Creation::Link { request, expires } => {
                let reply = client
                    .create_payment_link(&request)
                    .await
                    .map_err(explain)?;
                CreatedPayment {
                    title: t!("created-link-title"),
                    amount: Some(request.cash_in.amount),
                    qr_text: reply.value.url.clone(),
                    url: reply.value.url,
                    reference: reply.value.reference,
                    expires,
                    extra: vec![(t!("field-your-reference"), request.cash_in.reference1)],
                }
            }
            Creation::Method { request, name } => {
                let payment = client
                    .create_method_payment(&request)
                    .await
                    .map_err(explain)?
                    .value;
                CreatedPayment {
                    title: t!("created-method-title", method = name),
                    amount: Some(request.cash_in.amount),
                    qr_text: payment.url.clone(),
                    url: payment.url,
                    reference: payment.reference,
                    expires: payment.expires_at,
                    extra: vec![
                        (t!("field-your-reference"), request.cash_in.reference1),
                        (t!("created-code-id"), payment.resource_id),
                    ],
                }
            }
            Creation::Resource { request } => {
                let resource = client
                    .generate_resource(&request)
                    .await
                    .map_err(explain)?
                    .value
                    .resource;
                let qr_text = if resource.url.is_empty() {
                    resource.data.clone()
                } else {
                    resource.url.clone()
                };
                CreatedPayment {
                    title: t!("created-qr-title"),
                    amount: request.bill.amount,
                    qr_text,
                    url: resource.url,
                    reference: resource.reference,
                    expires: resource.exp_date,
                    extra: vec![
                        (t!("created-code"), resource.data),
                        (
                            t!("created-code-id"),
                            resource.id.map(|id| id.to_string()).unwrap_or_default(),
                        ),
                        (
                            t!("created-at"),
                            crate::clock::shown_service_time(&resource.created_at),
                        ),
                    ],
                }
            }
        })
    }

    /// The lowest amount the service takes for this request, when the catalog knows it.
    fn minimum(&self, catalog: &crate::api::catalog::MethodCatalog) -> Option<Pesos> {
        match self {
            Creation::Method { request, .. } => catalog.min_amount(Some(request.method_id)),
            Creation::Link { .. } | Creation::Resource { .. } => catalog.min_amount(None),
        }
    }
}

/// One form's attempt at creating a payment and what came of it.
pub(super) struct Submission {
    pub(super) request: Requested<CreatedPayment>,
    pub(super) attempt: Attempt,
    pub(super) view: CreatedView,
    /// The kind the payment list shows for what this form creates.
    kind: String,
    /// The reference sent, to follow the payment under it.
    sent_reference1: String,
}

impl Submission {
    pub(super) fn new() -> Submission {
        Submission {
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
            kind: String::new(),
            sent_reference1: String::new(),
        }
    }

    /// Runs a queued creation on the runtime.
    pub(super) fn start(&mut self, creation: Creation, kind: String, ctx: &PanelContext<'_>) {
        self.sent_reference1 = match &creation {
            Creation::Link { request, .. } => request.cash_in.reference1.clone(),
            Creation::Method { request, .. } => request.cash_in.reference1.clone(),
            Creation::Resource { request } => request.bill.reference1.clone().unwrap_or_default(),
        };
        self.kind = kind;
        let client = ctx.session.connection.client.clone();
        let minimum = creation.minimum(&ctx.session.connection.catalog);
        self.request
            .start(ctx.bridge.spawn(creation.send(client, minimum)));
    }

    /// Hands the created payment to the follower and notes what a failure means for the next
    /// attempt; the form's reference changes once a payment exists under it.
    pub(super) fn settle(&mut self, reference1: &mut String, ctx: &mut PanelContext<'_>) {
        if !self.request.poll() {
            return;
        }
        match &self.request {
            Requested::Done(created) => {
                self.view.reset();
                self.attempt = Attempt::Fresh;
                ctx.tracker.follow(
                    ctx.bridge,
                    ctx.session.connection.client.clone(),
                    TrackedPayment::new(
                        created.reference.clone(),
                        self.kind.clone(),
                        created.amount,
                        self.sent_reference1.clone(),
                        created.url.clone(),
                    ),
                );
                *reference1 = fresh_reference1();
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
    }

    /// The create button, with the retry's own words; true when pressed (or Enter in a field)
    /// and a request may go.
    pub(super) fn button(&self, ui: &mut Ui, ready: bool, enter: bool, normal: &str) -> bool {
        let pending = self.request.is_pending();
        let label = match &self.attempt {
            Attempt::Fresh => normal.to_owned(),
            Attempt::NotSent => t!("try-again"),
            Attempt::MaybeCreated { .. } => t!("retry-new-reference"),
        };
        let clicked = ui
            .add_enabled(ready && !pending, egui::Button::new(label))
            .clicked();
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("creating"));
            });
        }
        ready && !pending && (clicked || enter)
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

    /// What the last attempt left: its error, what a retry will do, the created payment.
    pub(super) fn outcome_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Vec<CollectCommand>,
    ) {
        if let Some(error) = self.request.error() {
            error_box(ui, error);
        }
        match &self.attempt {
            Attempt::MaybeCreated { reference1 } => {
                ui.label(
                    RichText::new(t!("attempt-maybe-created", reference = reference1.as_str()))
                        .color(form::ERROR_COLOR),
                );
            }
            Attempt::NotSent => {
                ui.label(RichText::new(t!("attempt-not-sent")).weak());
            }
            Attempt::Fresh => {}
        }
        if let Some(created) = self.request.value() {
            ui.add_space(8.0);
            self.view.ui(ui, view, created, queued);
        }
    }
}

/// Writes a payment's QR as a PNG on the blocking pool, never in a frame.
pub(super) fn save_qr(
    ctx: &PanelContext<'_>,
    text: String,
    reference: &str,
) -> Task<Result<String, UiError>> {
    let path = crate::ui::widgets::qr::default_save_path(&ctx.paths.exports_dir, reference);
    ctx.bridge.spawn_blocking(move || {
        crate::ui::widgets::qr::save_png(&text, &path)
            .map(|()| path.display().to_string())
            .map_err(|e| UiError::local(e.to_string()))
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
