//! Money coming in: a payment link, or a payment for one Family B method with that method's
//! fields.

use super::{Problems, Service, checked, take};
use crate::api::Direction;
use crate::api::catalog::ExtraField;
use crate::api::family_b::{CashIn, PaymentLinkRequest, PaymentMethodRequest, Reference2};
use crate::validate;
use crate::validate::Field;
use url::Url;

/// The fields both cash-ins share, as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CashInForm {
    pub amount: String,
    pub reference1: String,
    /// What is being sold, shown to the payer.
    pub description: String,
    pub customer_name: String,
    pub customer_email: String,
    pub customer_cellphone: String,
    /// Empty: the service's default address (see [`Service::default_webhook`]).
    pub webhook_url: String,
    pub return_url: String,
    pub expires_in: Option<u64>,
    pub show_summary: Option<bool>,
    /// Empty: the profile's.
    pub brand_id: Option<i64>,
    /// Further `reference2.Label` and `reference2.Data` entries, as `KEY=VALUE`.
    pub labels: Vec<String>,
    pub data: Vec<String>,
}

impl CashInForm {
    pub fn parse(&self, service: &Service<'_>) -> Result<CashIn, Problems> {
        let mut problems = Vec::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let reference1 = take(
            validate::reference1_up_to(
                &self.reference1,
                service.dialect.reference1_max(Direction::In),
            ),
            &mut problems,
        );
        problems.extend(service.missing_shop_url());
        let (webhook_url, return_url) = self.addresses(service, &mut problems);
        let reference2 = self.reference2(&mut problems);
        let (Some(amount), Some(reference1), Some(webhook_url)) = (amount, reference1, webhook_url)
        else {
            return Err(problems);
        };
        let cash_in = CashIn {
            amount,
            reference1,
            webhook_url,
            return_url,
            expires_in: self.expires_in,
            brand_id: self.brand_id.unwrap_or(service.brand_id),
            // The service shows the summary unless told not to: say so only to turn it off.
            show_summary: self
                .show_summary
                .or((!service.show_summary).then_some(false)),
            reference2,
        };
        checked(cash_in, problems, [])
    }

    /// Where the service notifies the payment and where it sends the payer back: as typed,
    /// else the service's defaults.
    fn addresses(
        &self,
        service: &Service<'_>,
        problems: &mut Problems,
    ) -> (Option<Url>, Option<Url>) {
        let typed_or = |typed: &str, default: &Option<String>| {
            Some(typed.trim())
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
                .or_else(|| default.clone())
        };
        let webhook_text = typed_or(&self.webhook_url, &service.default_webhook);
        // With neither, the rule's own message asks for one.
        let webhook_url = take(
            validate::webhook_url(
                Field::WebhookUrl,
                webhook_text.as_deref().unwrap_or_default(),
                service.pay_url,
            ),
            problems,
        );
        let return_url = match typed_or(&self.return_url, &service.default_return_url) {
            None => None,
            Some(text) => take(validate::web_url(Field::ReturnUrl, &text), problems),
        };
        (webhook_url, return_url)
    }

    /// `reference2`: the customer's details and what is sold as its labels, then the further
    /// labels and data typed as `KEY=VALUE`.
    fn reference2(&self, problems: &mut Problems) -> Reference2 {
        let mut reference2 = Reference2::default();
        let labelled: [(&str, &str, ReadLabel); 4] = [
            ("Name", &self.customer_name, |typed| {
                validate::plain_text(Field::CustomerName, typed.trim())
            }),
            ("Email", &self.customer_email, |typed| {
                validate::email(Field::Email, typed)
            }),
            ("CellPhone", &self.customer_cellphone, |typed| {
                validate::cellphone(Field::CustomerCellphone, typed)
            }),
            ("Description", &self.description, |typed| {
                validate::plain_text(Field::Description, typed.trim())
            }),
        ];
        for (label, typed, read) in labelled {
            if !typed.trim().is_empty()
                && let Some(value) = take(read(typed), problems)
            {
                reference2.label.push((label.to_owned(), value));
            }
        }
        for (field, source, target) in [
            (Field::Label, &self.labels, &mut reference2.label),
            (Field::Data, &self.data, &mut reference2.data),
        ] {
            for pair in source {
                target.extend(take(validate::key_value(field, pair), problems));
            }
        }
        reference2
    }
}

/// Reads a customer's detail as typed, for its `reference2` label.
type ReadLabel = fn(&str) -> validate::Checked<String>;

/// A payment link: the customer picks the method on the service's page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PaymentLinkForm {
    pub cash_in: CashInForm,
}

impl PaymentLinkForm {
    pub fn parse(&self, service: &Service<'_>) -> Result<PaymentLinkRequest, Problems> {
        let request = PaymentLinkRequest {
            cash_in: self.cash_in.parse(service)?,
        };
        let rules = request.check(service.catalog, service.dialect);
        checked(request, Vec::new(), rules)
    }
}

/// A payment for one method, with the values typed for that method's fields (those the method
/// does not take are ignored).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MethodPaymentForm {
    pub cash_in: CashInForm,
    pub method_id: i64,
    pub typed: Vec<(ExtraField, String)>,
}

impl MethodPaymentForm {
    fn typed(&self, field: ExtraField) -> &str {
        self.typed
            .iter()
            .find(|(known, _)| *known == field)
            .map(|(_, value)| value.as_str())
            .unwrap_or_default()
    }

    /// The method's fields in the catalog's order, each as the service wants it written.
    fn extras(&self, service: &Service<'_>) -> Vec<(ExtraField, String)> {
        let catalog = service.catalog;
        let mut extras: Vec<(ExtraField, String)> =
            crate::api::family_b::method_fields(catalog, self.method_id, service.dialect)
                .into_iter()
                .map(|(field, required)| {
                    let typed = self.typed(field);
                    let value = match field {
                        // A document type alone says nothing: an optional one goes with its number.
                        ExtraField::DocumentType | ExtraField::DocType
                            if !required
                                && self.typed(ExtraField::DocumentNumber).trim().is_empty()
                                && self.typed(ExtraField::DocNumber).trim().is_empty() =>
                        {
                            String::new()
                        }
                        ExtraField::DocumentType | ExtraField::DocType => {
                            typed.trim().to_ascii_uppercase()
                        }
                        ExtraField::Cellphone => validate::cellphone(Field::Cellphone, typed)
                            .unwrap_or_else(|_| typed.to_owned()),
                        ExtraField::TypePerson => catalog.person_type_code(typed),
                        _ => typed.to_owned(),
                    };
                    (field, value)
                })
                .collect();
        // A method the catalog does not know gets no fields, but a cellphone given still goes.
        let cellphone = self.typed(ExtraField::Cellphone);
        if catalog.find(self.method_id).is_none() && !cellphone.trim().is_empty() {
            extras.push((
                ExtraField::Cellphone,
                validate::cellphone(Field::Cellphone, cellphone)
                    .unwrap_or_else(|_| cellphone.to_owned()),
            ));
        }
        extras
    }

    pub fn parse(&self, service: &Service<'_>) -> Result<PaymentMethodRequest, Problems> {
        let request = PaymentMethodRequest {
            cash_in: self.cash_in.parse(service)?,
            method_id: self.method_id,
            extras: self.extras(service),
        };
        let rules = request.check(service.catalog, service.dialect);
        checked(request, Vec::new(), rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalog::MethodCatalog;

    fn service(catalog: &MethodCatalog) -> Service<'_> {
        Service {
            pay_url: "https://pay.example.co",
            catalog,
            brand_id: 79,
            default_webhook: Some("https://shop.example.co/webhook".into()),
            default_return_url: None,
            show_summary: true,
            dialect: crate::api::Dialect::Current,
            shop_url: Some("https://instagram.com/tienda".into()),
        }
    }

    fn form(amount: &str) -> CashInForm {
        CashInForm {
            amount: amount.into(),
            reference1: "MESA-4".into(),
            ..CashInForm::default()
        }
    }

    #[test]
    fn a_cash_in_reads_what_was_typed() {
        let catalog = MethodCatalog::default();
        let mut typed = form("$ 25.000");
        typed.customer_name = " Ana ".into();
        typed.customer_cellphone = "300 123 4567".into();
        typed.labels = vec!["Mesa=4".into()];
        let cash_in = typed.parse(&service(&catalog)).unwrap();
        assert_eq!(cash_in.amount.get(), 25_000);
        assert_eq!(
            cash_in.webhook_url.as_str(),
            "https://shop.example.co/webhook"
        );
        assert_eq!(cash_in.brand_id, 79);
        assert_eq!(
            cash_in.reference2.label,
            [
                ("Name".to_owned(), "Ana".to_owned()),
                ("CellPhone".to_owned(), "3001234567".to_owned()),
                ("Mesa".to_owned(), "4".to_owned()),
            ]
        );
    }

    #[test]
    fn every_problem_is_named_at_once() {
        let catalog = MethodCatalog::default();
        let mut typed = form("25,50");
        typed.reference1 = String::new();
        typed.customer_email = "ana@".into();
        typed.labels = vec!["no-equals".into()];
        let mut without_default = service(&catalog);
        without_default.default_webhook = None;
        let fields: Vec<&str> = typed
            .parse(&without_default)
            .unwrap_err()
            .iter()
            .map(|p| p.field.as_str())
            .collect();
        assert_eq!(
            fields,
            ["amount", "reference1", "webhookUrl", "email", "label"]
        );
    }

    #[test]
    fn a_method_payment_writes_its_fields_as_the_service_wants_them() {
        let catalog = MethodCatalog::default();
        let request = MethodPaymentForm {
            cash_in: form("15000"),
            method_id: 117,
            typed: vec![
                (ExtraField::TypePerson, "jurídica".into()),
                (ExtraField::DocumentType, "nit".into()),
                (ExtraField::DocumentNumber, "900123456".into()),
                (ExtraField::BankId, "1007".into()),
                (ExtraField::Name, "Tienda SAS".into()),
                (ExtraField::Cellphone, "300-123-4567".into()),
                (ExtraField::Address, "Calle 1".into()),
                (ExtraField::Email, "pagos@tienda.co".into()),
                // Not a PSE field: ignored.
                (ExtraField::MerchantId, "X".into()),
            ],
        }
        .parse(&service(&catalog))
        .unwrap();
        assert_eq!(request.extra(ExtraField::TypePerson), Some("1"));
        assert_eq!(request.extra(ExtraField::DocumentType), Some("NIT"));
        assert_eq!(request.extra(ExtraField::Cellphone), Some("3001234567"));
        assert_eq!(request.extra(ExtraField::MerchantId), None);

        let qr = MethodPaymentForm {
            cash_in: form("8500"),
            method_id: 248,
            typed: vec![(ExtraField::DocumentType, "CC".into())],
        }
        .parse(&service(&catalog))
        .unwrap();
        assert_eq!(
            qr.extra(ExtraField::DocumentType),
            Some(""),
            "a document type without its number is not sent"
        );
    }

    #[test]
    fn the_interface_decides_the_reference_and_the_shop_page() {
        let catalog = MethodCatalog::default();
        let mut typed = form("25000");
        typed.reference1 = "PEDIDO-2026-11-25-MESA-4-ANA".into();
        assert!(
            typed.parse(&service(&catalog)).is_ok(),
            "28 of 36 characters"
        );
        let spec = Service {
            dialect: crate::api::Dialect::Spec,
            shop_url: None,
            ..service(&catalog)
        };
        let problems = typed.parse(&spec).unwrap_err();
        assert_eq!(problems[0].field, Field::Reference1, "the spec's 20");

        let without_page = Service {
            shop_url: None,
            ..service(&catalog)
        };
        let problems = form("25000").parse(&without_page).unwrap_err();
        assert_eq!(problems[0].field, Field::ShopUrl);
        assert!(
            problems[0].message.contains("Settings"),
            "{}",
            problems[0].message
        );
    }

    #[test]
    fn a_card_says_what_is_paid_for_in_the_current_interface() {
        let catalog = MethodCatalog::default();
        let card = |description: &str| MethodPaymentForm {
            cash_in: CashInForm {
                expires_in: Some(3_600),
                ..form("40000")
            },
            method_id: 273,
            typed: vec![(ExtraField::Description, description.into())],
        };
        let problems = card("").parse(&service(&catalog)).unwrap_err();
        assert_eq!(problems[0].field, Field::Description);
        let request = card("Almuerzo ejecutivo")
            .parse(&service(&catalog))
            .unwrap();
        assert_eq!(
            request.wire(crate::api::Dialect::Current)["paymentMethod"],
            serde_json::json!({"id": 273, "description": "Almuerzo ejecutivo"})
        );
        // The spec lets a card go without, and takes an hour only above the hour.
        let spec = Service {
            dialect: crate::api::Dialect::Spec,
            ..service(&catalog)
        };
        let problems = card("").parse(&spec).unwrap_err();
        assert_eq!(problems[0].field, Field::ExpiresIn);
    }
}
