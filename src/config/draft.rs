//! A profile as a person types it (Settings, `paydesk profile add`), checked field by field
//! before anything is saved.

use super::{DEFAULT_WEBHOOK_LISTEN, Environment, Profile, SIMULATOR_PROFILE};
use crate::api::Dialect;
use crate::api::family_b::DEFAULT_BRAND_ID;
use crate::validate::{self, Field, ValidationError};

/// A profile as a person fills it in (Settings, `paydesk profile add`): text, checked field by
/// field before anything is saved. Field names are the TOML keys.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileDraft {
    pub name: String,
    pub environment: Environment,
    pub base_url: String,
    pub pay_url: String,
    pub user_id: String,
    pub brand_id: String,
    pub webhook_url: String,
    pub webhook_listen: String,
    pub merchant_id: String,
    pub return_url: String,
    pub show_summary: bool,
    pub shop_name: String,
    /// The shop's page or social network (`userMetadata.urlCommerce`).
    pub shop_url: String,
    /// The interface the service speaks.
    pub interface: Dialect,
    /// A shared ledger (PostgreSQL) instead of this computer's; empty for this computer's.
    pub ledger_url: String,
}

impl Default for ProfileDraft {
    fn default() -> Self {
        ProfileDraft {
            name: String::new(),
            // A new profile starts on the service's sandbox: production is a deliberate choice.
            environment: Environment::Sandbox,
            base_url: String::new(),
            pay_url: String::new(),
            user_id: String::new(),
            brand_id: DEFAULT_BRAND_ID.to_string(),
            webhook_url: String::new(),
            webhook_listen: String::new(),
            merchant_id: String::new(),
            return_url: String::new(),
            show_summary: true,
            shop_name: String::new(),
            shop_url: String::new(),
            // The live service speaks its current interface: a new profile does too.
            interface: Dialect::Current,
            ledger_url: String::new(),
        }
    }
}

/// Longest profile name: it is part of every keyring entry's name.
const PROFILE_NAME_MAX_CHARS: usize = 40;

impl ProfileDraft {
    pub fn from_profile(name: &str, profile: &Profile) -> ProfileDraft {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        ProfileDraft {
            name: name.to_owned(),
            environment: profile.environment,
            base_url: text(&profile.base_url),
            pay_url: text(&profile.pay_url),
            user_id: profile.user_id.map(|id| id.to_string()).unwrap_or_default(),
            brand_id: profile.brand_id.to_string(),
            webhook_url: text(&profile.webhook_url),
            webhook_listen: text(&profile.webhook_listen),
            merchant_id: text(&profile.merchant_id),
            return_url: text(&profile.return_url),
            show_summary: profile.show_summary,
            shop_name: text(&profile.shop_name),
            shop_url: text(&profile.shop_url),
            interface: profile.interface,
            ledger_url: text(&profile.ledger_url),
        }
    }

    /// The profile to save, or every field's problem. `editing` is the profile being changed
    /// (what the form does not show, such as the secrets it has, is kept); a new profile's name
    /// must not be one of `names_in_use`.
    pub fn build(
        &self,
        names_in_use: &[String],
        editing: Option<&Profile>,
    ) -> Result<(String, Profile), Vec<ValidationError>> {
        let mut problems = Vec::new();
        let name = self.name.trim();
        if let Err(problem) = check_profile_name(name) {
            problems.push(problem);
        } else if editing.is_none() && names_in_use.iter().any(|used| used == name) {
            problems.push(ValidationError::new(
                Field::Name,
                crate::t!("rule-profile-exists"),
            ));
        }
        if self.environment == Environment::Simulator {
            problems.push(ValidationError::new(
                Field::Environment,
                crate::t!("rule-environment"),
            ));
        }
        let settings = self.settings(&mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut profile = editing.cloned().unwrap_or_else(Profile::simulator);
        profile.ledger_url = settings.ledger_url;
        profile.environment = self.environment;
        profile.base_url = settings.base_url;
        profile.pay_url = settings.pay_url;
        profile.user_id = settings.user_id;
        profile.brand_id = settings.brand_id;
        profile.webhook_url = settings.webhook_url;
        profile.webhook_listen = settings.webhook_listen;
        profile.return_url = settings.return_url;
        profile.shop_name = Some(self.shop_name.trim())
            .filter(|name| !name.is_empty())
            .map(str::to_owned);
        profile.show_summary = self.show_summary;
        profile.shop_url = settings.shop_url;
        profile.interface = self.interface;
        profile.merchant_id = Some(self.merchant_id.trim())
            .filter(|id| !id.is_empty())
            .map(str::to_owned);
        Ok((name.to_owned(), profile))
    }

    /// The typed settings read, each field's problem noted in the form's order.
    fn settings(&self, problems: &mut Vec<ValidationError>) -> Settings {
        let url = |field: Field, text: &str| {
            validate::web_url(field, text).map(|url| url.as_str().trim_end_matches('/').to_owned())
        };
        Settings {
            base_url: url(Field::BaseUrl, &self.base_url)
                .map_err(|problem| problems.push(problem))
                .ok(),
            pay_url: url(Field::PayUrl, &self.pay_url)
                .map_err(|problem| problems.push(problem))
                .ok(),
            webhook_url: optional(&self.webhook_url, problems, |text| {
                url(Field::ProfileWebhookUrl, text)
            }),
            return_url: optional(&self.return_url, problems, |text| {
                url(Field::ProfileReturnUrl, text)
            }),
            user_id: optional(
                &self.user_id,
                problems,
                positive_id(Field::ProfileUserId, crate::t!("rule-user-id")),
            ),
            brand_id: optional(
                &self.brand_id,
                problems,
                positive_id(
                    Field::ProfileBrandId,
                    crate::t!("rule-brand-id", default = DEFAULT_BRAND_ID),
                ),
            )
            .unwrap_or(DEFAULT_BRAND_ID),
            webhook_listen: optional(&self.webhook_listen, problems, |text| {
                text.parse::<std::net::SocketAddr>()
                    .map(|address| address.to_string())
                    .map_err(|_| {
                        ValidationError::new(
                            Field::WebhookListen,
                            crate::t!("rule-listen", example = DEFAULT_WEBHOOK_LISTEN),
                        )
                    })
            }),
            // Asked once, here: the current interface sends it with every sale and payout
            // (the rule's own words say that it is missing).
            shop_url: if self.interface.sends_user_metadata() {
                validate::shop_url(Field::ShopUrl, &self.shop_url)
                    .map_err(|problem| problems.push(problem))
                    .ok()
            } else {
                optional(&self.shop_url, problems, |text| {
                    validate::shop_url(Field::ShopUrl, text)
                })
            },
            ledger_url: optional(&self.ledger_url, problems, |text| {
                super::check_ledger_url(text)
                    .map(|()| text.to_owned())
                    .map_err(|problem| ValidationError::new(Field::LedgerUrl, problem))
            }),
        }
    }
}

/// What the draft's typed settings say, read.
struct Settings {
    base_url: Option<String>,
    pay_url: Option<String>,
    webhook_url: Option<String>,
    return_url: Option<String>,
    user_id: Option<i64>,
    brand_id: i64,
    webhook_listen: Option<String>,
    shop_url: Option<String>,
    ledger_url: Option<String>,
}

/// An id above zero, or `words` about `field`.
fn positive_id(field: Field, words: String) -> impl FnOnce(&str) -> Result<i64, ValidationError> {
    move |text| {
        text.parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| ValidationError::new(field, words))
    }
}

/// Nothing typed is no value; anything else is read by `read`, and its problem noted.
fn optional<T>(
    text: &str,
    problems: &mut Vec<ValidationError>,
    read: impl FnOnce(&str) -> Result<T, ValidationError>,
) -> Option<T> {
    match text.trim() {
        "" => None,
        text => read(text).map_err(|problem| problems.push(problem)).ok(),
    }
}

/// Letters, digits, `-` and `_`: the name appears in keyring entries and on the command line.
pub fn check_profile_name(name: &str) -> Result<(), ValidationError> {
    if name.is_empty() {
        return Err(ValidationError::new(
            Field::Name,
            crate::t!("rule-profile-name-empty"),
        ));
    }
    if name == SIMULATOR_PROFILE {
        return Err(ValidationError::new(
            Field::Name,
            crate::t!("rule-profile-simulator"),
        ));
    }
    if name.chars().count() > PROFILE_NAME_MAX_CHARS
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ValidationError::new(
            Field::Name,
            crate::t!("rule-profile-name", max = PROFILE_NAME_MAX_CHARS),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{ConfigError, Paths, check_profile};
    use crate::secrets::SecretKind;

    fn filled_draft() -> ProfileDraft {
        ProfileDraft {
            name: "tienda".into(),
            environment: Environment::Production,
            base_url: "https://api.example.co/api/v1/".into(),
            pay_url: "https://pay.example.co".into(),
            user_id: "42".into(),
            brand_id: "79".into(),
            webhook_url: "https://tienda.example.co/webhook".into(),
            webhook_listen: "0.0.0.0:8787".into(),
            merchant_id: "TIENDA123".into(),
            return_url: "https://tienda.example.co/gracias".into(),
            show_summary: false,
            shop_name: "Tienda Ana".into(),
            shop_url: "https://instagram.com/tiendaana".into(),
            interface: Dialect::Current,
            ledger_url: String::new(),
        }
    }

    #[test]
    fn a_filled_draft_becomes_a_profile_and_an_edit_keeps_what_the_form_hides() {
        let (name, profile) = filled_draft().build(&[], None).unwrap();
        assert_eq!(name, "tienda");
        assert_eq!(profile.environment, Environment::Production);
        assert_eq!(
            profile.base_url.as_deref(),
            Some("https://api.example.co/api/v1")
        );
        assert_eq!(profile.user_id, Some(42));
        assert_eq!(profile.webhook_listen.as_deref(), Some("0.0.0.0:8787"));
        assert_eq!(
            profile.return_url.as_deref(),
            Some("https://tienda.example.co/gracias")
        );
        assert!(!profile.show_summary);
        check_profile(&name, &profile).unwrap();

        let mut kept = profile.clone();
        kept.secrets = vec![SecretKind::AccessToken];
        let mut draft = ProfileDraft::from_profile("tienda", &kept);
        draft.user_id = String::new();
        let (_, edited) = draft.build(&["tienda".into()], Some(&kept)).unwrap();
        assert_eq!(edited.user_id, None);
        assert_eq!(edited.secrets, [SecretKind::AccessToken]);
        assert_eq!(edited.return_url, kept.return_url);
        assert!(!edited.show_summary);
    }

    #[test]
    fn every_bad_field_of_a_draft_is_named() {
        let in_use = ["simulator".to_owned(), "tienda".to_owned()];
        let taken = filled_draft().build(&in_use, None).unwrap_err();
        assert_eq!(taken[0].field, Field::Name);
        let draft = ProfileDraft {
            name: "mi tienda".into(),
            environment: Environment::Simulator,
            base_url: "http://api.example.co".into(),
            pay_url: "pay".into(),
            user_id: "-3".into(),
            brand_id: "x".into(),
            webhook_url: "ftp://x".into(),
            webhook_listen: "8787".into(),
            merchant_id: String::new(),
            return_url: "gracias".into(),
            show_summary: true,
            shop_name: String::new(),
            shop_url: "instagram".into(),
            interface: Dialect::Spec,
            // The password belongs in the keyring, never in the profile file.
            ledger_url: "postgres://caja:secreto@db.tienda.co/tienda".into(),
        };
        let fields: Vec<&str> = draft
            .build(&in_use, None)
            .unwrap_err()
            .iter()
            .map(|problem| problem.field.as_str())
            .collect();
        assert_eq!(
            fields,
            [
                "name",
                "environment",
                "base_url",
                "pay_url",
                "webhook_url",
                "return_url",
                "user_id",
                "brand_id",
                "webhook_listen",
                "shop_url",
                "ledger_url"
            ]
        );
        for name in ["", "simulator", "ñandú", &"x".repeat(41)] {
            assert!(check_profile_name(name).is_err(), "{name:?}");
        }
        check_profile_name("tienda_2-norte").unwrap();
    }

    #[test]
    fn saving_a_profile_makes_it_active_and_switching_back_forgets_it() {
        let dir = tempfile::tempdir().unwrap();
        let paths = Paths::in_dir(dir.path());
        let (name, profile) = filled_draft().build(&[], None).unwrap();
        paths.save_profile(&name, profile.clone()).unwrap();
        let config = paths.load().unwrap();
        assert_eq!(config.active_profile_name(), "tienda");
        assert_eq!(config.profile("tienda").unwrap(), profile);
        paths.set_active_profile(SIMULATOR_PROFILE).unwrap();
        assert_eq!(
            paths.load().unwrap().active_profile_name(),
            SIMULATOR_PROFILE
        );
        assert!(matches!(
            paths.set_active_profile("nope"),
            Err(ConfigError::UnknownProfile(_))
        ));
    }
}
