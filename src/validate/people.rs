//! Who works the till: the PINs of the owner and the cashiers, and a cashier's name.

use super::rules::plain_text;
use super::{Checked, Field, ValidationError};

/// How many digits a PIN has: four at least (a till's keypad habit), twelve at most.
pub const PIN_DIGITS: std::ops::RangeInclusive<usize> = 4..=12;

/// A PIN to check: digits only, of a PIN's length. Whether it is the right one is the ledger's
/// to say.
pub fn pin(field: Field, text: &str) -> Checked<crate::secrets::Pin> {
    let digits = text.trim();
    if digits.is_empty() {
        return Err(ValidationError::new(field, crate::t!("rule-pin-empty")));
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) || !PIN_DIGITS.contains(&digits.len()) {
        return Err(ValidationError::new(
            field,
            crate::t!(
                "rule-pin-shape",
                min = PIN_DIGITS.start().to_string(),
                max = PIN_DIGITS.end().to_string()
            ),
        ));
    }
    Ok(crate::secrets::Pin::checked(digits.to_owned()))
}

/// A PIN being chosen: as [`pin`], and not one anyone tries first (all one digit, or digits in
/// a row up or down, like 1234 or 9876).
pub fn new_pin(field: Field, text: &str) -> Checked<crate::secrets::Pin> {
    let chosen = pin(field, text)?;
    let digits: Vec<i32> = chosen
        .expose()
        .bytes()
        .map(|digit| i32::from(digit - b'0'))
        .collect();
    let steps: Vec<i32> = digits.windows(2).map(|pair| pair[1] - pair[0]).collect();
    let guessable = steps.iter().all(|step| *step == 0)
        || steps.iter().all(|step| *step == 1)
        || steps.iter().all(|step| *step == -1);
    if guessable {
        return Err(ValidationError::new(field, crate::t!("rule-pin-guessable")));
    }
    Ok(chosen)
}

/// How many characters a cashier's name has at most.
pub const CASHIER_NAME_MAX_CHARS: usize = 40;

/// A cashier's name as the close and the list show it: 1 to 40 characters, plain text.
pub fn cashier_name(text: &str) -> Checked<String> {
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = name.chars().count();
    if count == 0 {
        return Err(ValidationError::new(
            Field::CashierName,
            crate::t!("rule-cashier-name-empty"),
        ));
    }
    if count > CASHIER_NAME_MAX_CHARS {
        return Err(ValidationError::new(
            Field::CashierName,
            crate::t!("rule-at-most", max = CASHIER_NAME_MAX_CHARS, count = count),
        ));
    }
    plain_text(Field::CashierName, &name)
}
