//! Fiado as typed at the till or on the command line: a customer to keep (with the
//! authorisation they gave), what they take on their tab, what they pay of it. Each is read
//! whole, every problem with its field.

use super::{Problems, take};
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

/// The most characters of a customer's name, a document or how they authorised it.
pub const TAB_TEXT_MAX_CHARS: usize = 80;

/// A customer to keep, as checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCustomer {
    pub name: String,
    pub cellphone: String,
    pub document: String,
    pub limit: Option<Pesos>,
    /// How the customer authorised it: required.
    pub consent_how: String,
}

/// A customer as typed. The cellphone may be left empty (a link is then copied, not sent by
/// WhatsApp); the authorisation may not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CustomerForm {
    pub name: String,
    pub cellphone: String,
    pub document: String,
    /// The most they may owe without the owner (cupo); empty: none.
    pub limit: String,
    /// Whether the customer authorised keeping their data (Ley 1581).
    pub consent: bool,
    /// How they gave it («De palabra, en la tienda»).
    pub consent_how: String,
}

impl CustomerForm {
    pub fn parse(&self) -> Result<NewCustomer, Problems> {
        let mut problems = Problems::new();
        let name = take(text(Field::Name, &self.name, true), &mut problems);
        let cellphone = if self.cellphone.trim().is_empty() {
            Some(String::new())
        } else {
            take(
                validate::cellphone(Field::Cellphone, &self.cellphone),
                &mut problems,
            )
        };
        let document = take(
            text(Field::DocumentNumber, &self.document, false),
            &mut problems,
        );
        let limit = if self.limit.trim().is_empty() {
            Some(None)
        } else {
            take(validate::amount(Field::Limit, &self.limit), &mut problems).map(Some)
        };
        let consent_how = if self.consent && self.consent_how.trim().is_empty() {
            problems.push(ValidationError::new(
                Field::Consent,
                crate::t!("tab-consent-how-missing"),
            ));
            None
        } else if self.consent {
            take(text(Field::Consent, &self.consent_how, true), &mut problems)
        } else {
            problems.push(ValidationError::new(
                Field::Consent,
                crate::t!("tab-consent-missing"),
            ));
            None
        };
        match (name, cellphone, document, limit, consent_how) {
            (Some(name), Some(cellphone), Some(document), Some(limit), Some(consent_how))
                if problems.is_empty() =>
            {
                Ok(NewCustomer {
                    name,
                    cellphone,
                    document,
                    limit,
                    consent_how,
                })
            }
            _ => Err(problems),
        }
    }
}

/// What a customer takes on their tab, as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TakeForm {
    pub amount: String,
    pub description: String,
}

impl TakeForm {
    pub fn parse(&self) -> Result<(Pesos, String), Problems> {
        let mut problems = Problems::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let description = take(
            text(Field::Description, &self.description, false),
            &mut problems,
        );
        match (amount, description) {
            (Some(amount), Some(description)) => Ok((amount, description)),
            _ => Err(problems),
        }
    }
}

/// What a customer pays of their tab, as typed: empty is all they owe (`None`).
pub fn tab_payment(text: &str) -> Result<Option<Pesos>, ValidationError> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    validate::amount(Field::Amount, text).map(Some)
}

fn text(field: Field, typed: &str, required: bool) -> Result<String, ValidationError> {
    let typed = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    if required && typed.is_empty() {
        return Err(ValidationError::new(field, crate::t!("tab-field-missing")));
    }
    let count = typed.chars().count();
    if count > TAB_TEXT_MAX_CHARS {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-at-most", max = TAB_TEXT_MAX_CHARS, count = count),
        ));
    }
    if typed.chars().any(char::is_control) {
        return Err(ValidationError::new(field, crate::t!("cash-no-control")));
    }
    Ok(typed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rosa() -> CustomerForm {
        CustomerForm {
            name: " Rosa  Pérez ".into(),
            cellphone: "300 123 4567".into(),
            document: String::new(),
            limit: "50.000".into(),
            consent: true,
            consent_how: "De palabra, en la tienda".into(),
        }
    }

    #[test]
    fn a_customer_needs_a_name_and_their_authorisation() {
        let kept = rosa().parse().expect("a customer");
        assert_eq!(kept.name, "Rosa Pérez");
        assert_eq!(kept.cellphone, "3001234567");
        assert_eq!(kept.limit, Some(Pesos::new(50_000)));
        let no_phone = CustomerForm {
            cellphone: String::new(),
            ..rosa()
        };
        assert_eq!(no_phone.parse().expect("no cellphone").cellphone, "");
        let problems = CustomerForm {
            name: " ".into(),
            cellphone: "12345".into(),
            limit: "-1".into(),
            consent: false,
            ..rosa()
        }
        .parse()
        .expect_err("bad");
        let fields: Vec<_> = problems.iter().map(|p| p.field).collect();
        assert_eq!(
            fields,
            [Field::Name, Field::Cellphone, Field::Limit, Field::Consent]
        );
    }

    #[test]
    fn what_is_taken_is_a_positive_amount() {
        let form = |amount: &str| TakeForm {
            amount: amount.into(),
            description: "Arroz".into(),
        };
        assert_eq!(
            form("12.500").parse().expect("fiado"),
            (Pesos::new(12_500), "Arroz".into())
        );
        for bad in ["0", "-1", "doce", ""] {
            assert_eq!(form(bad).parse().expect_err(bad)[0].field, Field::Amount);
        }
        assert_eq!(tab_payment(""), Ok(None));
        assert!(tab_payment("0").is_err());
    }
}
