//! A new merchant's registration as typed: the department and municipality by name (DANE's
//! list), the optional ids as numbers, the password twice.

use super::{Problems, checked};
use crate::api::family_a::Registration;
use crate::secrets::SecretString;
use crate::validate::{self, Field, ValidationError};

/// No `Debug`: it holds the password as typed.
#[derive(Clone, PartialEq, Eq)]
pub struct RegistrationForm {
    pub name: String,
    pub email: String,
    pub cellphone: String,
    pub doc_type: String,
    pub doc_number: String,
    /// The municipality, by name or DANE code.
    pub city: String,
    /// The department, by name or DANE code.
    pub state: String,
    pub commerce_type: String,
    pub referred: String,
    pub password: String,
    pub confirmation: String,
}

impl Default for RegistrationForm {
    fn default() -> Self {
        RegistrationForm {
            name: String::new(),
            email: String::new(),
            cellphone: String::new(),
            doc_type: "CC".into(),
            doc_number: String::new(),
            city: String::new(),
            state: String::new(),
            commerce_type: String::new(),
            referred: String::new(),
            password: String::new(),
            confirmation: String::new(),
        }
    }
}

impl RegistrationForm {
    /// Whether anything has been typed yet (the document type is chosen, not typed).
    pub fn started(&self) -> bool {
        [
            &self.name,
            &self.email,
            &self.cellphone,
            &self.doc_number,
            &self.city,
            &self.state,
            &self.commerce_type,
            &self.referred,
            &self.password,
            &self.confirmation,
        ]
        .iter()
        .any(|field| !field.trim().is_empty())
    }

    pub fn parse(&self) -> Result<Registration, Problems> {
        let mut problems = Vec::new();
        let (state, city) = crate::places::ids(&self.state, &self.city, &mut problems);
        let commerce_type = optional_id(Field::CommerceType, &self.commerce_type, &mut problems);
        let referred = optional_id(Field::Referred, &self.referred, &mut problems);
        let registration = Registration {
            register_type: "email".into(),
            password: SecretString::new(self.password.clone()),
            verify_password: SecretString::new(self.confirmation.clone()),
            email: self.email.trim().to_owned(),
            cellphone: validate::cellphone(Field::Cellphone, &self.cellphone)
                .unwrap_or_else(|_| self.cellphone.clone()),
            doc_type: self.doc_type.clone(),
            doc_number: self.doc_number.trim().to_owned(),
            name: self.name.trim().to_owned(),
            referred,
            city_id: city.unwrap_or_default(),
            state_id: state.unwrap_or_default(),
            commerce_type_id: commerce_type,
        };
        // The place's ids are read from names above, and said in those words there.
        let rules = registration
            .check()
            .into_iter()
            .filter(|problem| !matches!(problem.field, Field::City | Field::State));
        checked(registration, problems, rules)
    }
}

/// An id that may be left empty: a whole number above zero when given.
fn optional_id(field: Field, text: &str, problems: &mut Problems) -> Option<i64> {
    if text.trim().is_empty() {
        return None;
    }
    match text.trim().parse::<i64>() {
        Ok(id) if id > 0 => Some(id),
        _ => {
            problems.push(ValidationError::new(field, crate::t!("register-enter-id")));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_form_says_what_is_missing_and_nothing_about_places_twice() {
        let problems = RegistrationForm::default().parse().unwrap_err();
        assert!(problems.iter().any(|p| p.field == Field::Name));
        for field in [Field::City, Field::State] {
            assert!(problems.iter().filter(|p| p.field == field).count() <= 1);
        }
    }

    #[test]
    fn an_optional_id_must_be_a_number_above_zero() {
        let form = RegistrationForm {
            referred: "abc".into(),
            commerce_type: "0".into(),
            ..RegistrationForm::default()
        };
        let problems = form.parse().unwrap_err();
        assert!(problems.iter().any(|p| p.field == Field::Referred));
        assert!(problems.iter().any(|p| p.field == Field::CommerceType));
    }
}
