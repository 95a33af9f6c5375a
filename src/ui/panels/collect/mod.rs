//! Collect: a payment link (every method), a payment for one method, or a Family A resource.
//! Each form validates as the user types; the button stays disabled with the reason shown; the
//! created payment shows its QR and is followed until it is paid.

use egui::{RichText, Ui};

use crate::ui::PanelContext;
use crate::ui::bridge::{Requested, UiError};
use crate::ui::tracker::TrackedPayment;
use crate::ui::widgets::form::{self, error_box};

use super::created::{CreatedPayment, CreatedView};
use crate::requests::Service;

mod fields;
mod link;
mod method;
mod resource;

use fields::CashInFields;
use link::LinkForm;
use method::MethodForm;
use resource::ResourceForm;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectMode {
    Link,
    Method,
    Resource,
}

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

/// Expiry choices in seconds; for one method only those above its minimum are offered.
const EXPIRY_CHOICES: &[(u64, &str)] = &[
    (900, "15 min"),
    (1_800, "30 min"),
    (2_700, "45 min"),
    (3_600, "1 h"),
    (7_200, "2 h"),
    (21_600, "6 h"),
    (46_800, "13 h"),
    (86_400, "1 day"),
    (90_000, "1 day and 1 h"),
    (172_800, "2 days"),
    (259_200, "3 days"),
    (604_800, "7 days"),
];

/// The document types the service codes, for methods outside PSE (where the person type
/// decides the list).
const DOCUMENT_TYPES: &[&str] = &[
    "CC", "CE", "NIT", "TI", "PA", "PEP", "PPT", "RCN", "TE", "DIE",
];

/// What happened to the last attempt, for a retry that never duplicates a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Attempt {
    Fresh,
    /// Nothing reached the service: the same `reference1` may be sent again.
    NotSent,
    /// The service may have created it: the next attempt gets a new `reference1`.
    MaybeCreated {
        reference1: String,
    },
}

pub struct CollectPanel {
    pub mode: CollectMode,
    link: LinkForm,
    method: MethodForm,
    resource: ResourceForm,
    /// The webhook URL the forms were last filled with, to follow profile changes.
    webhook_default: Option<String>,
}

impl Default for CollectPanel {
    fn default() -> Self {
        CollectPanel {
            mode: CollectMode::Link,
            link: LinkForm::default(),
            method: MethodForm::default(),
            resource: ResourceForm::default(),
            webhook_default: None,
        }
    }
}

impl CollectPanel {
    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        let default = ctx.session.webhook_url();
        if self.webhook_default != default {
            // A new profile's webhook URL goes into every new payment (spec).
            let value = default.clone().unwrap_or_default();
            self.link.fields.webhook_url = value.clone();
            self.method.fields.webhook_url = value;
            self.webhook_default = default;
        }
        self.link.logic(ctx);
        self.method.logic(ctx);
        self.resource.logic(ctx);
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.heading("Collect a payment");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, CollectMode::Link, "Payment link");
            ui.selectable_value(&mut self.mode, CollectMode::Method, "One method");
            ui.selectable_value(&mut self.mode, CollectMode::Resource, "QR and resources");
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("collect-scroll")
            .show(ui, |ui| match self.mode {
                CollectMode::Link => self.link.ui(ui, ctx),
                CollectMode::Method => self.method.ui(ui, ctx),
                CollectMode::Resource => self.resource.ui(ui, ctx),
            });
    }
}

/// The service a form's request is checked against. The app shows the default webhook address
/// in the form, so an emptied field means no address.
fn service<'a>(ctx: &'a PanelContext<'_>) -> Service<'a> {
    Service {
        default_webhook: None,
        ..Service::of(&ctx.session.connection)
    }
}

/// Shared handling of a create request's result: follow the payment, note what a failure means
/// for the next attempt.
fn settle_attempt(
    request: &mut Requested<CreatedPayment>,
    attempt: &mut Attempt,
    reference1: &mut String,
    view: &mut CreatedView,
    ctx: &mut PanelContext<'_>,
    kind: &str,
) {
    if !request.poll() {
        return;
    }
    match request {
        Requested::Done(created) => {
            view.reset();
            *attempt = Attempt::Fresh;
            ctx.tracker.follow(
                ctx.bridge,
                ctx.session.connection.client.clone(),
                TrackedPayment::new(
                    created.reference.clone(),
                    kind.to_owned(),
                    created.amount,
                    reference1.clone(),
                    created.url.clone(),
                ),
            );
            // The next payment gets its own reference.
            *reference1 = fresh_reference1();
        }
        Requested::Failed { error, .. } => {
            ctx.note_error(error);
            *attempt = if error.outcome_unknown {
                Attempt::MaybeCreated {
                    reference1: reference1.clone(),
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

fn attempt_ui(ui: &mut Ui, attempt: &Attempt, error: Option<&UiError>) {
    if let Some(error) = error {
        error_box(ui, error);
    }
    match attempt {
        Attempt::MaybeCreated { reference1 } => {
            ui.label(
                RichText::new(format!(
                    "The payment with reference {reference1} may already exist. Trying again uses a new reference, so the customer is never asked to pay twice for one reference"
                ))
                .color(form::ERROR_COLOR),
            );
        }
        Attempt::NotSent => {
            ui.label(RichText::new("Nothing reached the service: trying again is safe").weak());
        }
        Attempt::Fresh => {}
    }
}

fn submit_label(attempt: &Attempt, normal: &str) -> String {
    match attempt {
        Attempt::Fresh => normal.to_owned(),
        Attempt::NotSent => "Try again".to_owned(),
        Attempt::MaybeCreated { .. } => "Try again with a new reference".to_owned(),
    }
}

/// Before sending again after an unknown outcome, the reference changes.
fn prepare_retry(attempt: &Attempt, reference1: &mut String) {
    if let Attempt::MaybeCreated {
        reference1: uncertain,
    } = attempt
        && uncertain == reference1
    {
        *reference1 = fresh_reference1();
    }
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
        let mut reference = "PD-1".to_owned();
        prepare_retry(&Attempt::NotSent, &mut reference);
        assert_eq!(reference, "PD-1");
        prepare_retry(
            &Attempt::MaybeCreated {
                reference1: "PD-1".into(),
            },
            &mut reference,
        );
        assert_ne!(reference, "PD-1");
    }
}
