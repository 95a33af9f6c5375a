//! A Family A resource: the fields the method's shape takes (spec, "Method-specific shapes").

use super::{Problems, checked, take};
use crate::api::family_a::{Bill, Payer, ResourceFeatures, ResourceRequest, ResourceShape};
use crate::validate::{self, Field, ValidationError};

/// A resource as typed. Which of the fields count depends on the method's shape; a method the
/// spec does not show takes the features whose fields were given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourceForm {
    pub method_id: i64,
    pub amount: String,
    pub tax: String,
    pub reference1: String,
    pub reference2: String,
    pub reference3: String,
    pub description: String,
    /// The customer's cellphone (method 10).
    pub cellphone: String,
    pub commerce_type: String,
    pub city: String,
    pub bank: String,
    pub person_type: String,
    pub payer: Payer,
    pub info: String,
}

fn optional(text: &str) -> Option<String> {
    Some(text.trim())
        .filter(|text| !text.is_empty())
        .map(str::to_owned)
}

fn id(field: Field, text: &str) -> Result<i64, ValidationError> {
    match text.trim().parse::<i64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(ValidationError::new(field, crate::t!("register-enter-id"))),
    }
}

/// The 10-digit form when the number is valid; as typed otherwise (the check reports it).
fn cellphone(field: Field, text: &str) -> String {
    validate::cellphone(field, text).unwrap_or_else(|_| text.to_owned())
}

impl ResourceForm {
    pub fn shape(&self) -> ResourceShape {
        ResourceShape::for_method(self.method_id)
    }

    /// The shape the request takes: the method's, or for a method the spec does not show, the
    /// one whose fields were given.
    fn effective_shape(&self) -> ResourceShape {
        match self.shape() {
            ResourceShape::Unknown if !self.commerce_type.trim().is_empty() => {
                ResourceShape::Commerce
            }
            ResourceShape::Unknown if !self.bank.trim().is_empty() => ResourceShape::BankTransfer,
            ResourceShape::Unknown if !self.info.trim().is_empty() => ResourceShape::Info,
            shape => shape,
        }
    }

    pub fn parse(&self) -> Result<ResourceRequest, Problems> {
        let shape = self.effective_shape();
        let mut problems = Vec::new();
        // An amount given to a method that takes none is refused by the request's own check.
        let amount = if self.amount.trim().is_empty() && !shape.needs_amount() {
            None
        } else {
            take(validate::amount(Field::Amount, &self.amount), &mut problems)
        };
        // A tax may be zero, unlike an amount.
        let tax = if self.tax.trim().is_empty() || self.tax.trim() == "0" {
            None
        } else {
            take(validate::amount(Field::Tax, &self.tax), &mut problems)
        };
        let features = match shape {
            ResourceShape::Commerce => ResourceFeatures::Commerce {
                commerce_type_id: take(id(Field::CommerceType, &self.commerce_type), &mut problems)
                    .unwrap_or_default(),
                city_id: take(id(Field::City, &self.city), &mut problems).unwrap_or_default(),
            },
            ResourceShape::BankTransfer => ResourceFeatures::BankTransfer {
                bank_id: take(id(Field::Bank, &self.bank), &mut problems).unwrap_or_default(),
                type_person: self.person_type.trim().to_owned(),
                payer: Payer {
                    doc_type: self.payer.doc_type.trim().to_ascii_uppercase(),
                    cellphone: cellphone(Field::PayerCellphone, &self.payer.cellphone),
                    ..self.payer.clone()
                },
            },
            ResourceShape::Info => ResourceFeatures::Info(self.info.trim().to_owned()),
            _ => ResourceFeatures::None,
        };
        let request = ResourceRequest {
            method_id: self.method_id,
            features,
            bill: Bill {
                amount,
                tax,
                products: vec![],
                reference1: optional(&self.reference1),
                reference2: optional(&self.reference2),
                reference3: optional(&self.reference3),
            },
            description: optional(&self.description),
            cellphone: (shape == ResourceShape::Cellphone
                || (self.shape() == ResourceShape::Unknown && !self.cellphone.trim().is_empty()))
            .then(|| cellphone(Field::Cellphone, &self.cellphone)),
        };
        let rules = request.check();
        checked(request, problems, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shape_takes_its_own_fields() {
        let static_qr = ResourceForm {
            method_id: 3,
            reference1: "CAJA-1".into(),
            ..ResourceForm::default()
        };
        assert_eq!(static_qr.parse().unwrap().bill.amount, None);
        let with_amount = ResourceForm {
            amount: "5.000".into(),
            ..static_qr
        };
        assert_eq!(
            with_amount.parse().unwrap_err()[0].field,
            Field::Amount,
            "a static QR takes no amount"
        );

        let commerce = ResourceForm {
            method_id: 1,
            amount: "15000".into(),
            commerce_type: "x".into(),
            city: "".into(),
            ..ResourceForm::default()
        }
        .parse()
        .unwrap_err();
        let fields: Vec<&str> = commerce.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["commerceType", "city"]);

        // An id the spec does not show takes the features whose fields were given.
        let unknown = ResourceForm {
            method_id: 99,
            amount: "15000".into(),
            info: "abc".into(),
            ..ResourceForm::default()
        }
        .parse()
        .unwrap();
        assert_eq!(unknown.features, ResourceFeatures::Info("abc".into()));
    }
}
