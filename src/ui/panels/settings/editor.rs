//! The form for a new profile or the current one: its draft as typed, the service's sign-in
//! for a new one, and the fields under "Avanzado".

use egui::{RichText, Ui};

use crate::api::Dialect;
use crate::config::{Environment, Profile, ProfileDraft};
use crate::secrets::SecretString;
use crate::t;
use crate::ui::widgets::form;
use crate::validate::{Field, ValidationError};

pub(super) fn profile_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Name, crate::t!("field-profile-name")),
        (Field::Environment, crate::t!("field-environment")),
        (Field::BaseUrl, crate::t!("field-base-url")),
        (Field::PayUrl, crate::t!("field-pay-url")),
        (Field::ShopUrl, crate::t!("field-shop-url")),
        (Field::ProfileUserId, crate::t!("field-user-id")),
        (Field::ProfileWebhookUrl, crate::t!("field-default-webhook")),
        (Field::ProfileReturnUrl, crate::t!("field-return-url")),
        (
            Field::ProfileMerchantId,
            crate::t!("field-profile-merchant-id"),
        ),
        (Field::ProfileBrandId, crate::t!("field-profile-brand-id")),
        (Field::WebhookListen, crate::t!("field-webhook-listen")),
        (Field::LedgerUrl, crate::t!("field-ledger-url")),
    ]
}

/// The profile's fields under "Advanced": opened by itself when one of them is wrong.
pub(super) const ADVANCED_FIELDS: [Field; 6] = [
    Field::ProfileWebhookUrl,
    Field::ProfileReturnUrl,
    Field::ProfileMerchantId,
    Field::ProfileBrandId,
    Field::WebhookListen,
    Field::LedgerUrl,
];

/// The form for a new profile, or for the current one.
pub(super) struct ProfileEditor {
    pub(super) draft: ProfileDraft,
    /// The profile being changed; `None` for a new one. Its name cannot change: the keyring
    /// keeps its tokens under that name.
    pub(super) editing: Option<Profile>,
    /// A new profile's sign-in, as typed; the password leaves when the profile is saved.
    pub(super) username: String,
    pub(super) password: String,
    /// The draft as the form opened: until something changes (or saving is tried), it is no
    /// mistake and no rule is shown.
    opened_as: ProfileDraft,
    /// Saving was tried while a rule kept the button off: say which, even untouched.
    pub(super) pressed_while_blocked: bool,
}

impl ProfileEditor {
    pub(super) fn new(draft: ProfileDraft, editing: Option<Profile>) -> ProfileEditor {
        ProfileEditor {
            opened_as: draft.clone(),
            draft,
            editing,
            username: String::new(),
            password: String::new(),
            pressed_while_blocked: false,
        }
    }

    /// Whether the form's complaints should show: once something was typed or chosen, or once
    /// saving was tried.
    pub(super) fn complaints_shown(&self) -> bool {
        self.draft != self.opened_as || self.pressed_while_blocked
    }

    /// A new profile of an interface with a sign-in signs in as it is saved.
    pub(super) fn offers_sign_in(&self) -> bool {
        self.editing.is_none() && self.draft.interface.has_sign_in()
    }

    pub(super) fn save_words(&self) -> String {
        if self.offers_sign_in() && !self.username.trim().is_empty() {
            t!("settings-save-and-sign-in")
        } else {
            t!("settings-save-profile")
        }
    }

    /// The user and password to sign in with, given both; the password leaves the form.
    pub(super) fn take_sign_in(&mut self) -> Option<(String, SecretString)> {
        let wanted =
            self.offers_sign_in() && !self.username.trim().is_empty() && !self.password.is_empty();
        wanted.then(|| {
            (
                self.username.trim().to_owned(),
                SecretString::new(std::mem::take(&mut self.password)),
            )
        })
    }

    /// The name, the environment, the service's addresses and the shop.
    pub(super) fn main_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let new = self.editing.is_none();
        let draft = &mut self.draft;
        let mut enter = false;
        egui::Grid::new("profile-editor")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                if new {
                    enter |= form::text_rows(
                        ui,
                        problems,
                        [(
                            &*t!("field-profile-name"),
                            &mut draft.name,
                            Field::Name,
                            "tienda",
                        )],
                    );
                }
                ui.label(t!("field-environment"));
                ui.horizontal(|ui| {
                    ui.radio_value(
                        &mut draft.environment,
                        Environment::Sandbox,
                        Environment::Sandbox.label(),
                    );
                    ui.radio_value(
                        &mut draft.environment,
                        Environment::Production,
                        t!("settings-production-real-money"),
                    );
                });
                ui.end_row();
                enter |= form::text_rows(
                    ui,
                    problems,
                    [
                        (
                            &*t!("field-base-url"),
                            &mut draft.base_url,
                            Field::BaseUrl,
                            "https://…/api/v1",
                        ),
                        (
                            &*t!("field-pay-url"),
                            &mut draft.pay_url,
                            Field::PayUrl,
                            "https://…",
                        ),
                        (
                            &*t!("field-shop-name"),
                            &mut draft.shop_name,
                            Field::ShopName,
                            &*t!("hint-shop-name"),
                        ),
                        (
                            &*t!("field-shop-url"),
                            &mut draft.shop_url,
                            Field::ShopUrl,
                            "https://instagram.com/mitienda",
                        ),
                        (
                            &*t!("field-user-id"),
                            &mut draft.user_id,
                            Field::ProfileUserId,
                            &*t!("hint-from-registration"),
                        ),
                    ],
                );
            });
        enter
    }

    /// What is set once for every sale: kept out of the till's forms. Opened by itself when one
    /// of its fields is wrong.
    pub(super) fn advanced_rows(&mut self, ui: &mut Ui, problems: &[ValidationError]) -> bool {
        let advanced_problem = problems.iter().any(|p| ADVANCED_FIELDS.contains(&p.field));
        let draft = &mut self.draft;
        let mut enter = false;
        let fold = (t!("settings-advanced"), advanced_problem);
        let ids = ("profile-advanced", "profile-advanced-grid");
        let note = Some(t!("settings-advanced-note"));
        form::folded_grid(ui, fold, ids, note, |ui| {
            enter |= form::text_rows(
                ui,
                problems,
                [
                    (
                        &*t!("field-default-webhook"),
                        &mut draft.webhook_url,
                        Field::ProfileWebhookUrl,
                        &*t!("hint-optional-https"),
                    ),
                    (
                        &*t!("field-return-url"),
                        &mut draft.return_url,
                        Field::ProfileReturnUrl,
                        &*t!("hint-optional-https"),
                    ),
                    (
                        &*t!("field-profile-merchant-id"),
                        &mut draft.merchant_id,
                        Field::ProfileMerchantId,
                        &*t!("hint-merchant-optional"),
                    ),
                    (
                        &*t!("field-profile-brand-id"),
                        &mut draft.brand_id,
                        Field::ProfileBrandId,
                        "79",
                    ),
                    (
                        &*t!("field-webhook-listen"),
                        &mut draft.webhook_listen,
                        Field::WebhookListen,
                        crate::config::DEFAULT_WEBHOOK_LISTEN,
                    ),
                    (
                        &*t!("field-ledger-url"),
                        &mut draft.ledger_url,
                        Field::LedgerUrl,
                        "postgres://caja@servidor:5432/tienda",
                    ),
                ],
            );
            ui.label(t!("field-payment-summary"));
            ui.checkbox(&mut draft.show_summary, t!("field-show-summary"));
            ui.end_row();
            interface_row(ui, &mut draft.interface);
        });
        enter
    }

    /// A new profile's sign-in: the service's user and password, optional (a token can be
    /// pasted instead, in Credentials).
    pub(super) fn sign_in_rows(&mut self, ui: &mut Ui) -> bool {
        let mut enter = false;
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("settings-sign-in-title")).strong());
        ui.label(RichText::new(t!("settings-sign-in-note")).weak());
        egui::Grid::new("profile-sign-in")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter |= form::submitted(&form::text_row(
                    ui,
                    &t!("field-service-user"),
                    &mut self.username,
                    "tienda@correo.co",
                    None,
                ));
                enter |= form::submitted(&form::secret_row(
                    ui,
                    &t!("field-password"),
                    &mut self.password,
                    "",
                    None,
                ));
            });
        enter
    }
}

/// The interface's version, chosen from the two paydesk speaks.
fn interface_row(ui: &mut Ui, interface: &mut Dialect) {
    let label = ui.label(t!("field-interface"));
    egui::ComboBox::from_id_salt("profile-interface")
        .selected_text(interface.label())
        .show_ui(ui, |ui| {
            for choice in Dialect::ALL {
                ui.selectable_value(interface, choice, choice.label());
            }
        })
        .response
        .labelled_by(label.id);
    ui.end_row();
}
