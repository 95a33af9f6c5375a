//! One rule per field: what a person typed, read or refused with a clear message.

use super::error::{Checked, ValidationError};
use super::field::Field;
use crate::money::Pesos;

pub const REFERENCE1_MAX_CHARS: usize = 20;

pub fn amount(field: Field, text: &str) -> Checked<Pesos> {
    let pesos =
        Pesos::parse_input(text).map_err(|error| ValidationError::new(field, error.to_string()))?;
    positive_amount(field, pesos)
}

/// Positive, and at most one payment's ceiling (docs/decisions.md "Amounts"): nothing larger
/// is sent, and no total can drop an amount.
pub fn positive_amount(field: Field, pesos: Pesos) -> Checked<Pesos> {
    if pesos.get() <= 0 {
        Err(ValidationError::new(
            field,
            crate::t!("rule-amount-positive"),
        ))
    } else if pesos > Pesos::PAYMENT_CEILING {
        Err(ValidationError::new(
            field,
            crate::t!(
                "rule-amount-ceiling",
                ceiling = Pesos::PAYMENT_CEILING.to_string()
            ),
        ))
    } else {
        Ok(pesos)
    }
}

/// `reference1`: 1 to 20 characters (characters, not bytes: "Peña" is four).
pub fn reference1(text: &str) -> Checked<String> {
    reference1_up_to(text, REFERENCE1_MAX_CHARS)
}

/// `reference1` of 1 to `max` characters: the interface in use says how many
/// (`api::Dialect::reference1_max`).
pub fn reference1_up_to(text: &str, max: usize) -> Checked<String> {
    let value = text.trim();
    let count = value.chars().count();
    if count == 0 {
        return Err(ValidationError::new(
            Field::Reference1,
            crate::t!("rule-reference-empty"),
        ));
    }
    if count > max {
        return Err(ValidationError::new(
            Field::Reference1,
            crate::t!("rule-at-most", max = max, count = count),
        ));
    }
    plain_text(Field::Reference1, value)
}

/// Text a person reads back (a reference, a description, a name) holds no character that
/// changes how it reads without being seen: line breaks, ESC and other controls, bidirectional
/// overrides (an amount that reads backwards), zero-width characters (two references that look
/// the same and are not).
pub fn plain_text(field: Field, text: &str) -> Checked<String> {
    match crate::untrusted::first_hidden_or_control(text) {
        None => Ok(text.to_owned()),
        Some('\n' | '\r' | '\t') => Err(ValidationError::new(
            field,
            crate::t!("rule-no-line-breaks"),
        )),
        Some(c) => Err(ValidationError::new(
            field,
            crate::t!(
                "rule-hidden-character",
                code = format!("U+{:04X}", c as u32)
            ),
        )),
    }
}

/// Document types the online bank transfer accepts for a natural person.
pub const NATURAL_PERSON_DOCUMENTS: &[&str] = &["RCN", "TI", "CC", "TE", "CE", "PA", "DIE"];
/// Document types for a legal person.
pub const LEGAL_PERSON_DOCUMENTS: &[&str] = &["NIT"];

/// A Colombian mobile number: 10 digits starting with 3. Spaces, dashes, dots and a leading
/// `+57` are accepted as typed and dropped; the result is the bare 10 digits.
pub fn cellphone(field: Field, text: &str) -> Checked<String> {
    let compact: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')'))
        .collect();
    if compact.is_empty() {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-cellphone-empty"),
        ));
    }
    let national = compact
        .strip_prefix("+57")
        .or_else(|| compact.strip_prefix("0057"))
        .or_else(|| {
            (compact.len() == 12)
                .then(|| compact.strip_prefix("57"))
                .flatten()
        })
        .unwrap_or(&compact);
    if !national.chars().all(|c| c.is_ascii_digit()) {
        return Err(ValidationError::new(field, crate::t!("rule-digits-only")));
    }
    if national.len() != 10 || !national.starts_with('3') {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-cellphone-shape"),
        ));
    }
    Ok(national.to_owned())
}

/// Shows a mobile number grouped for reading aloud: `300 123 4567`.
pub fn group_cellphone(number: &str) -> String {
    if number.len() == 10 && number.chars().all(|c| c.is_ascii_digit()) {
        format!("{} {} {}", &number[..3], &number[3..6], &number[6..])
    } else {
        number.to_owned()
    }
}

pub fn otp_reason(id: i64) -> Checked<i64> {
    if (1..=5).contains(&id) {
        Ok(id)
    } else {
        Err(ValidationError::new(
            Field::Reason,
            crate::t!("rule-otp-reason"),
        ))
    }
}

/// A one-time code as typed: digits only, 4 to 8 of them.
pub fn otp_code(text: &str) -> Checked<String> {
    let code = text.trim();
    if code.is_empty() {
        return Err(ValidationError::new(
            Field::Otp,
            crate::t!("rule-otp-empty"),
        ));
    }
    if !code.chars().all(|c| c.is_ascii_digit()) || !(4..=8).contains(&code.len()) {
        return Err(ValidationError::new(
            Field::Otp,
            crate::t!("rule-otp-shape"),
        ));
    }
    Ok(code.to_owned())
}

pub fn required(field: Field, text: &str) -> Checked<String> {
    let value = text.trim();
    if value.is_empty() {
        Err(ValidationError::new(field, crate::t!("rule-required")))
    } else {
        Ok(value.to_owned())
    }
}

pub fn email(field: Field, text: &str) -> Checked<String> {
    let value = text.trim();
    let valid = match value.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !value.contains(char::is_whitespace)
        }
        None => false,
    };
    if valid {
        Ok(value.to_owned())
    } else {
        Err(ValidationError::new(field, crate::t!("rule-email")))
    }
}

/// Identity document numbers: digits only (a NIT's check digit may follow a dash).
pub fn document_number(field: Field, text: &str) -> Checked<String> {
    let value = text.trim();
    let digits_and_dash = value.chars().all(|c| c.is_ascii_digit() || c == '-');
    let digit_count = value.chars().filter(char::is_ascii_digit).count();
    if value.is_empty() {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-document-empty"),
        ));
    }
    if !digits_and_dash || !(3..=15).contains(&digit_count) || value.starts_with('-') {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-document-shape"),
        ));
    }
    Ok(value.to_owned())
}

/// Natural or legal person (`typePerson`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonType {
    Natural,
    Legal,
}

impl PersonType {
    /// The codes of the service's public material ("0" natural, "1" legal); a profile's
    /// catalog may say otherwise (see `MethodCatalog::person_type_code`).
    pub fn default_code(self) -> &'static str {
        match self {
            PersonType::Natural => "0",
            PersonType::Legal => "1",
        }
    }

    pub fn documents(self) -> &'static [&'static str] {
        match self {
            PersonType::Natural => NATURAL_PERSON_DOCUMENTS,
            PersonType::Legal => LEGAL_PERSON_DOCUMENTS,
        }
    }
}

/// `0`/`1`, or the words people use: natural, legal, jurídica (with or without the accent, and
/// with "persona" before it), company.
pub fn person_type(text: &str) -> Checked<PersonType> {
    let folded = text
        .trim()
        .to_lowercase()
        .replace('í', "i")
        .trim_start_matches("persona ")
        .trim()
        .to_owned();
    match folded.as_str() {
        "0" | "natural" => Ok(PersonType::Natural),
        "1" | "legal" | "juridica" | "company" => Ok(PersonType::Legal),
        _ => Err(ValidationError::new(
            Field::TypePerson,
            crate::t!("rule-person-type"),
        )),
    }
}

/// A person type and a document type that fits it.
pub fn person_and_document(
    type_person: &str,
    document_type: &str,
) -> Checked<(PersonType, String)> {
    let person = person_type(type_person)?;
    let document = document_type.trim().to_ascii_uppercase();
    let allowed = person.documents();
    if !allowed.contains(&document.as_str()) {
        return Err(ValidationError::new(
            Field::DocumentType,
            crate::t!("rule-document-for-person", allowed = allowed.join(", ")),
        ));
    }
    Ok((person, document))
}

/// The wire code for what a person typed: the default code for a recognised word, the text as
/// typed otherwise (the check reports it).
pub fn person_type_code(text: &str) -> String {
    person_type(text)
        .map(|person| person.default_code().to_owned())
        .unwrap_or_else(|_| text.trim().to_owned())
}

/// A document type the service codes (CC, CE, NIT, TI, PA, PEP, PPT, RCN, TE, DIE).
pub fn document_type(field: Field, text: &str) -> Checked<String> {
    const KNOWN: &[&str] = &[
        "CC", "CE", "NIT", "TI", "PA", "PEP", "PPT", "RCN", "TE", "DIE",
    ];
    let code = text.trim().to_ascii_uppercase();
    if KNOWN.contains(&code.as_str()) {
        Ok(code)
    } else {
        Err(ValidationError::new(
            field,
            crate::t!("rule-one-of", allowed = KNOWN.join(", ")),
        ))
    }
}

/// Free text the service caps at `max` characters.
pub fn at_most(field: Field, text: &str, max: usize) -> Checked<String> {
    let count = text.trim().chars().count();
    if count > max {
        Err(ValidationError::new(
            field,
            crate::t!("rule-at-most", max = max, count = count),
        ))
    } else {
        plain_text(field, text.trim())
    }
}

/// An id the user picks from a list or types: positive.
pub fn positive_id(field: Field, id: i64) -> Checked<i64> {
    if id > 0 {
        Ok(id)
    } else {
        Err(ValidationError::new(field, crate::t!("rule-positive-id")))
    }
}

/// A Bre-B key: an alias (`@TIENDA123`), a mobile number, an e-mail or a document number.
pub fn breb_key(field: Field, text: &str) -> Checked<String> {
    let key = text.trim();
    let alias = key.strip_prefix('@').is_some_and(|name| {
        (3..=30).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    });
    let digits = key.chars().all(|c| c.is_ascii_digit()) && (5..=15).contains(&key.len());
    if alias || digits || email(field, key).is_ok() {
        Ok(key.to_owned())
    } else if key.is_empty() {
        Err(ValidationError::new(
            field,
            crate::t!("rule-breb-key-empty"),
        ))
    } else {
        Err(ValidationError::new(
            field,
            crate::t!("rule-breb-key-shape"),
        ))
    }
}

/// Whether a key has the form of a Bre-B alias, `@USERNAME`: the vendor publishes only that
/// form, no length and no alphabet, so only what is clearly not an alias fails (no leading `@`,
/// nothing after it, white space or control characters). The simulator's current cash-out
/// refuses by this same rule, so paydesk and it never disagree.
pub fn is_breb_alias(key: &str) -> bool {
    key.strip_prefix('@').is_some_and(|name| {
        !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

/// A Bre-B alias, the only key the current cash-out sends to (`@TIENDA123`).
pub fn breb_alias(field: Field, text: &str) -> Checked<String> {
    let key = text.trim();
    if is_breb_alias(key) {
        Ok(key.to_owned())
    } else if key.is_empty() {
        Err(ValidationError::new(
            field,
            crate::t!("rule-breb-alias-empty"),
        ))
    } else {
        Err(ValidationError::new(
            field,
            crate::t!("rule-breb-alias-shape"),
        ))
    }
}

/// The shop's page or social network (`urlCommerce`): an http(s) address of at most 500
/// characters. Plain http is accepted: it only names the shop, nothing is sent there.
pub fn shop_url(field: Field, text: &str) -> Checked<String> {
    const MAX: usize = 500;
    let value = text.trim();
    if value.is_empty() {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-shop-url-empty"),
        ));
    }
    let count = value.chars().count();
    if count > MAX {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-at-most", max = MAX, count = count),
        ));
    }
    match url::Url::parse(value) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.host().is_some() => {
            Ok(value.to_owned())
        }
        _ => Err(ValidationError::new(
            field,
            crate::t!("rule-shop-url-shape"),
        )),
    }
}

/// A password for registration: at least 8 characters, and the confirmation matches.
pub fn new_password(password: &str, confirmation: &str) -> Checked<()> {
    if password.chars().count() < 8 {
        return Err(ValidationError::new(
            Field::Password,
            crate::t!("rule-password-short"),
        ));
    }
    if password != confirmation {
        return Err(ValidationError::new(
            Field::VerifyPassword,
            crate::t!("rule-password-mismatch"),
        ));
    }
    Ok(())
}

/// `KEY=VALUE` pairs for `reference2.Label` and `reference2.Data`.
pub fn key_value(field: Field, text: &str) -> Checked<(String, String)> {
    match text.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => {
            Ok((key.trim().to_owned(), value.trim().to_owned()))
        }
        _ => Err(ValidationError::new(
            field,
            crate::t!("rule-key-value", text = format!("{text:?}")),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::*;

    #[test]
    fn reference1_rules() {
        assert_eq!(reference1("ORDER-1").as_deref(), Ok("ORDER-1"));
        assert_eq!(reference1("  ORDER-1 ").as_deref(), Ok("ORDER-1"));
        assert_eq!(reference1(&"x".repeat(20)).map(|r| r.len()), Ok(20));
        assert_eq!(
            reference1(&"ñ".repeat(20)).map(|r| r.chars().count()),
            Ok(20)
        );
        let too_long = reference1(&"x".repeat(21)).unwrap_err();
        assert_eq!(too_long.field, Field::Reference1);
        assert!(too_long.message.contains("at most 20"), "{too_long}");
        assert!(reference1("").is_err());
        assert!(reference1("   ").is_err());
        assert!(reference1("a\nb").is_err());
    }

    #[test]
    fn amount_rules() {
        assert_eq!(amount(Field::Amount, "25.000"), Ok(Pesos::new(25_000)));
        for bad in ["", "0", "-1", "12,50", "abc", "1.2.3"] {
            let error = amount(Field::Amount, bad).unwrap_err();
            assert_eq!(error.field, Field::Amount, "{bad}");
        }
        assert!(positive_amount(Field::Amount, Pesos::ZERO).is_err());
    }

    #[test]
    fn cellphone_rules() {
        for good in [
            "3001234567",
            "300 123 4567",
            "300-123-4567",
            "+57 300 123 4567",
            "573001234567",
            "(300) 123.4567",
        ] {
            assert_eq!(
                cellphone(Field::Cellphone, good).as_deref(),
                Ok("3001234567"),
                "{good}"
            );
        }
        for bad in [
            "",
            "300123456",
            "30012345678",
            "6011234567",
            "30012x4567",
            "+1 300 123 4567",
        ] {
            assert!(cellphone(Field::Cellphone, bad).is_err(), "{bad}");
        }
        assert_eq!(group_cellphone("3001234567"), "300 123 4567");
    }

    #[test]
    fn url_rules() {
        assert!(web_url(Field::WebhookUrl, "https://shop.example/hook").is_ok());
        assert!(web_url(Field::WebhookUrl, "http://127.0.0.1:8080/webhook").is_ok());
        assert!(web_url(Field::WebhookUrl, "http://localhost/webhook").is_ok());
        assert!(web_url(Field::WebhookUrl, "http://[::1]:9/webhook").is_ok());
        for bad in [
            "",
            "shop.example/hook",
            "/webhook",
            "http://shop.example/hook",
            "http://10.0.0.1/hook",
            "ftp://shop.example/hook",
            "https://",
        ] {
            assert!(web_url(Field::WebhookUrl, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn otp_rules() {
        for good in 1..=5 {
            assert_eq!(otp_reason(good), Ok(good));
        }
        for bad in [0, 6, -1] {
            assert!(otp_reason(bad).is_err());
        }
        assert_eq!(otp_code(" 123456 ").as_deref(), Ok("123456"));
        for bad in ["", "12", "123456789", "12a456"] {
            assert!(otp_code(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn text_rules() {
        assert!(required(Field::Name, "Ana").is_ok());
        assert!(required(Field::Name, "  ").is_err());
        assert!(email(Field::Email, "ana@tienda.co").is_ok());
        for bad in [
            "",
            "ana",
            "ana@",
            "@tienda.co",
            "ana@tienda",
            "a b@c.co",
            "a@b@c.co",
        ] {
            assert!(email(Field::Email, bad).is_err(), "{bad}");
        }
        assert!(document_number(Field::DocNumber, "1020304050").is_ok());
        assert!(document_number(Field::DocNumber, "900123456-7").is_ok());
        for bad in ["", "12", "abc123", "-123", "1234567890123456"] {
            assert!(document_number(Field::DocNumber, bad).is_err(), "{bad}");
        }
        assert!(positive_id(Field::City, 1).is_ok());
        assert!(positive_id(Field::City, 0).is_err());
    }

    #[test]
    fn person_and_document_rules() {
        assert_eq!(
            person_and_document("0", "cc"),
            Ok((PersonType::Natural, "CC".to_owned()))
        );
        for (typed, person) in [
            ("natural", PersonType::Natural),
            ("Persona natural", PersonType::Natural),
            ("legal", PersonType::Legal),
            ("juridica", PersonType::Legal),
            ("Jurídica", PersonType::Legal),
            ("persona jurídica", PersonType::Legal),
            ("1", PersonType::Legal),
        ] {
            assert_eq!(person_type(typed), Ok(person), "{typed}");
        }
        assert_eq!(person_type_code("jurídica"), "1");
        assert_eq!(person_type_code("natural"), "0");
        assert_eq!(person_type_code("x"), "x");
        assert!(person_type("empresa unipersonal").is_err());
        assert!(document_type(Field::DocType, "cc").is_ok());
        assert!(document_type(Field::DocType, "XX").is_err());
        assert!(at_most(Field::Description, &"a".repeat(255), 255).is_ok());
        assert!(at_most(Field::Description, &"a".repeat(256), 255).is_err());
        assert!(person_and_document("1", "NIT").is_ok());
        assert!(person_and_document("1", "CC").is_err());
        assert!(person_and_document("0", "NIT").is_err());
        assert!(person_and_document("2", "CC").is_err());
    }

    #[test]
    fn breb_keys() {
        for good in [
            "@TIENDA123",
            "@don.pepe",
            "3001234567",
            "tienda@example.co",
            "1020304050",
        ] {
            assert_eq!(breb_key(Field::Key, good), Ok(good.to_owned()), "{good}");
        }
        for bad in ["", "@", "@ab", "TIENDA", "@tienda 123", "12"] {
            assert!(breb_key(Field::Key, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn breb_aliases_refuse_only_what_is_clearly_not_one() {
        let long = format!("@{}", "x".repeat(60));
        for good in [
            "@TIENDA123",
            "@don.pepe",
            "@a",
            "@Doña_Ana-1",
            &long,
            " @ab ",
        ] {
            assert_eq!(breb_alias(Field::Key, good), Ok(good.trim().to_owned()));
        }
        for bad in [
            "",
            "@",
            "TIENDA",
            "3001234567",
            "a@b.co",
            "@a b",
            "@a\tb",
            "@a\u{7}",
        ] {
            assert!(breb_alias(Field::Key, bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn password_rules() {
        assert!(new_password("s3cret-pass", "s3cret-pass").is_ok());
        assert_eq!(
            new_password("short", "short").unwrap_err().field,
            Field::Password
        );
        assert_eq!(
            new_password("s3cret-pass", "s3cret-pasS")
                .unwrap_err()
                .field,
            Field::VerifyPassword
        );
    }

    #[test]
    fn key_value_rules() {
        assert_eq!(
            key_value(Field::Label, "Name=Ana María"),
            Ok(("Name".to_owned(), "Ana María".to_owned()))
        );
        assert_eq!(
            key_value(Field::Label, "Note=a=b").map(|kv| kv.1),
            Ok("a=b".to_owned())
        );
        assert!(key_value(Field::Label, "Name").is_err());
        assert!(key_value(Field::Label, "=Ana").is_err());
    }

    #[test]
    fn a_webhook_must_be_reachable_from_the_service() {
        let local = "http://127.0.0.1:7300/pay";
        let remote = "https://pay.example.co";
        assert!(webhook_url(Field::WebhookUrl, "http://127.0.0.1:8787/webhook", local).is_ok());
        let refused =
            webhook_url(Field::WebhookUrl, "http://localhost:8787/webhook", remote).unwrap_err();
        assert!(refused.message.contains("cannot reach"), "{refused}");
        assert!(webhook_url(Field::WebhookUrl, "https://shop.example/webhook", remote).is_ok());
        assert!(
            webhook_url(Field::WebhookUrl, "  ", remote)
                .unwrap_err()
                .message
                .contains("https://")
        );
        assert!(webhook_url(Field::WebhookUrl, "http://shop.example/webhook", local).is_err());
    }
}
