//! Money going out: a payout to a mobile number, or to a Bre-B key with method 264.

use super::{Problems, Service, checked, take};
use crate::api::Direction;
use crate::api::PayoutRequest;
use crate::api::payout_methods::BREB_PAYOUT_METHOD;
use crate::validate;
use crate::validate::Field;

/// A payout as typed. `destination` is a mobile number, or a Bre-B key when the method sends
/// to one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PayoutForm {
    pub amount: String,
    pub destination: String,
    pub method_id: i64,
    pub bank_name: String,
    /// Empty: the service's default address, when it has one (a payout may go without).
    pub webhook_url: String,
    pub reference1: String,
}

impl PayoutForm {
    pub fn sends_to_key(&self) -> bool {
        self.method_id == BREB_PAYOUT_METHOD
    }

    pub fn parse(&self, service: &Service<'_>) -> Result<PayoutRequest, Problems> {
        let mut problems = Vec::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let destination = take(
            match (self.sends_to_key(), service.dialect.payout_key_is_alias()) {
                (true, true) => validate::breb_alias(Field::Key, &self.destination),
                (true, false) => validate::breb_key(Field::Key, &self.destination),
                (false, _) => validate::cellphone(Field::Cellphone, &self.destination),
            },
            &mut problems,
        );
        let reference1 = take(
            validate::reference1_up_to(
                &self.reference1,
                service.dialect.reference1_max(Direction::Out),
            ),
            &mut problems,
        );
        problems.extend(service.missing_shop_url());
        let webhook_request = if self.webhook_url.trim().is_empty() {
            // A default that cannot be reached from the service is left out, not refused: the
            // payout still goes, and its notification is not needed to settle it.
            service.default_webhook.as_deref().and_then(|text| {
                validate::webhook_url(Field::WebhookRequest, text, service.pay_url).ok()
            })
        } else {
            take(
                validate::webhook_url(Field::WebhookRequest, &self.webhook_url, service.pay_url),
                &mut problems,
            )
        };
        let (Some(amount), Some(destination), Some(reference1)) = (amount, destination, reference1)
        else {
            return Err(problems);
        };
        let request = PayoutRequest {
            amount,
            reference1,
            webhook_request,
            method_id: self.method_id,
            destination,
            bank_name: Some(self.bank_name.trim())
                .filter(|name| !name.is_empty())
                .map(str::to_owned),
        };
        // The method's own rules (the ceiling of online payouts), once per field.
        let rules = request.check(service.dialect);
        checked(request, problems, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalog::MethodCatalog;

    #[test]
    fn a_payout_reads_a_number_or_a_key_and_every_rule() {
        let catalog = MethodCatalog::default();
        let service = Service {
            pay_url: "https://pay.example.co",
            catalog: &catalog,
            brand_id: 79,
            default_webhook: None,
            default_return_url: None,
            show_summary: true,
            dialect: crate::api::Dialect::Spec,
            shop_url: None,
        };
        let form = PayoutForm {
            amount: "50.000".into(),
            destination: "300 123 4567".into(),
            method_id: crate::api::payout_methods::PRODUCT_PAYOUT_METHOD,
            reference1: "NOMINA-7".into(),
            ..PayoutForm::default()
        };
        let request = form.parse(&service).unwrap();
        assert_eq!(request.destination, "3001234567");
        assert_eq!(request.webhook_request, None);

        let key = PayoutForm {
            destination: "@TIENDA123".into(),
            method_id: BREB_PAYOUT_METHOD,
            ..form.clone()
        };
        assert_eq!(key.parse(&service).unwrap().destination, "@TIENDA123");

        let bad = PayoutForm {
            amount: "3.000.000".into(),
            method_id: crate::api::payout_methods::ONLINE_PAYOUT_METHOD,
            reference1: String::new(),
            webhook_url: "http://shop.example.co/hook".into(),
            ..form
        };
        let fields: Vec<&str> = bad
            .parse(&service)
            .unwrap_err()
            .iter()
            .map(|p| p.field.as_str())
            .collect();
        assert_eq!(fields, ["reference1", "webhookRequest"]);
        let over = PayoutForm {
            reference1: "R".into(),
            webhook_url: String::new(),
            ..bad
        };
        let problems = over.parse(&service).unwrap_err();
        assert_eq!(problems[0].field, Field::Amount, "{problems:?}");
    }

    #[test]
    fn the_current_interface_pays_an_alias_with_a_notification_address() {
        let catalog = MethodCatalog::default();
        let service = Service {
            pay_url: "https://pay.example.co",
            catalog: &catalog,
            brand_id: 79,
            default_webhook: Some("https://tienda.example.co/webhook".into()),
            default_return_url: None,
            show_summary: true,
            dialect: crate::api::Dialect::Current,
            shop_url: Some("https://tienda.example.co".into()),
        };
        let form = PayoutForm {
            amount: "50.000".into(),
            destination: "@TIENDA123".into(),
            method_id: BREB_PAYOUT_METHOD,
            reference1: "NOMINA-7".into(),
            ..PayoutForm::default()
        };
        let request = form.parse(&service).unwrap();
        assert_eq!(
            request.webhook_request.as_ref().map(url::Url::as_str),
            Some("https://tienda.example.co/webhook")
        );
        for (destination, method_id) in [
            ("3001234567", BREB_PAYOUT_METHOD),
            ("ana@correo.co", BREB_PAYOUT_METHOD),
            (
                "3001234567",
                crate::api::payout_methods::PRODUCT_PAYOUT_METHOD,
            ),
        ] {
            let problems = PayoutForm {
                destination: destination.into(),
                method_id,
                ..form.clone()
            }
            .parse(&service)
            .unwrap_err();
            assert!(
                matches!(problems[0].field, Field::Key | Field::Method),
                "{destination}: {problems:?}"
            );
        }
        let no_webhook = Service {
            default_webhook: None,
            ..service.clone()
        };
        let problems = form.parse(&no_webhook).unwrap_err();
        assert_eq!(problems[0].field, Field::WebhookRequest);
    }
}
