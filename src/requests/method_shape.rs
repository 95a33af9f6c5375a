//! What one method's form asks for, as the interface the profile speaks asks it: the fields it
//! shows and which may be left empty, and how long the payment may live. The app's method form
//! draws from it; the request itself is [`super::MethodPaymentForm`]'s.

use crate::api::catalog::{ExtraField, Lifetime, MethodKind};

use super::Service;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodShape {
    /// The method's name as a person reads it (empty for an id the catalog does not know).
    pub name: String,
    /// Each field the method takes inside `paymentMethod`, and whether it must be given.
    fields: Vec<(ExtraField, bool)>,
    /// An online bank transfer (PSE): the payer's bank, person type and documents.
    pub bank_transfer: bool,
    pub lifetime: Lifetime,
    /// The method's shortest life in seconds (0: it has none).
    pub minimum: u64,
    /// Whether the interface takes a life of exactly the minimum (the current one) or only a
    /// longer one (the spec's).
    pub minimum_included: bool,
    /// A code that takes payment after payment.
    pub repeatable: bool,
}

impl MethodShape {
    pub fn of(service: &Service<'_>, method_id: i64) -> MethodShape {
        let method = service.catalog.find(method_id);
        MethodShape {
            name: method.map(|m| m.display_name()).unwrap_or_default(),
            // A card's description is required in the current interface.
            fields: crate::api::family_b::method_fields(
                service.catalog,
                method_id,
                service.dialect,
            ),
            bank_transfer: method.is_some_and(|m| m.kind == MethodKind::OnlineBankTransfer),
            lifetime: method.map(|m| m.lifetime).unwrap_or_default(),
            minimum: method.and_then(|m| m.min_expires_in).unwrap_or(0),
            minimum_included: service.dialect.minimum_lifetime_included(),
            repeatable: method.is_some_and(|m| m.repeatable),
        }
    }

    /// Whether the method must have `field`.
    pub fn needs(&self, field: ExtraField) -> bool {
        self.fields.contains(&(field, true))
    }

    /// Whether the form shows `field`: needed, or taken when given (its label then says it may
    /// be left empty).
    pub fn shows(&self, field: ExtraField) -> bool {
        self.fields.iter().any(|(known, _)| *known == field)
    }

    /// Whether a payment of this method may live `seconds`.
    pub fn long_enough(&self, seconds: u64) -> bool {
        seconds > self.minimum || (self.minimum_included && seconds == self.minimum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::catalog::MethodCatalog;

    fn service(catalog: &MethodCatalog, dialect: crate::api::Dialect) -> Service<'_> {
        Service {
            pay_url: "https://pay.example.co",
            catalog,
            brand_id: 79,
            default_webhook: None,
            default_return_url: None,
            show_summary: true,
            dialect,
            shop_url: None,
        }
    }

    #[test]
    fn pse_asks_for_the_payer_and_a_life_longer_than_its_minimum() {
        let catalog = MethodCatalog::default();
        let spec = MethodShape::of(&service(&catalog, crate::api::Dialect::Spec), 117);
        assert!(spec.bank_transfer);
        assert!(spec.needs(ExtraField::BankId) && spec.shows(ExtraField::Email));
        assert!(!spec.long_enough(1_800) && spec.long_enough(2_700));
        let current = MethodShape::of(&service(&catalog, crate::api::Dialect::Current), 117);
        assert!(current.long_enough(1_800));
    }

    #[test]
    fn an_unknown_method_asks_for_nothing_of_its_own() {
        let catalog = MethodCatalog::default();
        let shape = MethodShape::of(&service(&catalog, crate::api::Dialect::Spec), 9_999);
        assert_eq!(shape.name, "");
        assert!(!shape.shows(ExtraField::Cellphone) && shape.long_enough(1));
    }
}
