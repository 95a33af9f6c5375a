//! Amounts in whole Colombian pesos. Never floating point: an amount is an `i64` count of pesos,
//! parsed from what a person types and shown the es-CO way (`$ 25.000`).

use std::fmt;

use serde::{Deserialize, Serialize};

pub mod cash;
pub mod words;

/// A whole number of Colombian pesos.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Pesos(i64);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("{}", crate::t!("amount-empty"))]
    Empty,
    #[error("{}", crate::t!("amount-not-a-number"))]
    NotANumber,
    #[error("{}", crate::t!("amount-has-cents"))]
    HasCents,
    #[error("{}", crate::t!("rule-amount-positive"))]
    NotPositive,
    #[error("{}", crate::t!("amount-too-large"))]
    TooLarge,
}

impl Pesos {
    pub const ZERO: Pesos = Pesos(0);
    /// The most one payment or payout may be (docs/decisions.md "Amounts"): far above any sale
    /// at a small shop, and far enough below `i64` that no sum of a ledger's payments overflows.
    pub const PAYMENT_CEILING: Pesos = Pesos(100_000_000);

    pub const fn new(pesos: i64) -> Self {
        Pesos(pesos)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// The amount said in words with its noun ("treinta y cinco mil pesos", "thirty-five
    /// thousand pesos"), for a voice; `None` below zero or above [`words::LARGEST`].
    pub fn in_words(self, language: crate::i18n::Language) -> Option<String> {
        words::pesos_in_words(self.0, language)
    }

    pub fn checked_add(self, other: Pesos) -> Option<Pesos> {
        self.0.checked_add(other.0).map(Pesos)
    }

    pub fn checked_sub(self, other: Pesos) -> Option<Pesos> {
        self.0.checked_sub(other.0).map(Pesos)
    }

    /// Adds without wrapping: past `i64` (over ninety thousand payments at the ceiling each
    /// for one total) it stays at the largest amount, never drops what was added.
    pub fn saturating_add(self, other: Pesos) -> Pesos {
        Pesos(self.0.saturating_add(other.0))
    }

    /// The sum of `amounts`; `None` when there are none.
    pub fn sum_of(amounts: impl IntoIterator<Item = Pesos>) -> Option<Pesos> {
        amounts.into_iter().fold(None, |total, amount| {
            Some(total.map_or(amount, |total: Pesos| total.saturating_add(amount)))
        })
    }

    /// Parses what a shop owner types: `25000`, `25.000`, `$ 25.000`, `$25.000`.
    /// In es-CO the dot groups thousands and the comma starts cents, so `25,50` has cents and
    /// `25.50` is a malformed grouping; both are refused rather than guessed.
    pub fn parse_input(text: &str) -> Result<Pesos, AmountError> {
        let trimmed = text.trim();
        let without_sign = trimmed.strip_prefix('$').unwrap_or(trimmed).trim_start();
        if without_sign.is_empty() {
            return Err(AmountError::Empty);
        }
        if without_sign.starts_with('-') {
            return Err(AmountError::NotPositive);
        }
        if without_sign.contains(',') {
            let (_, cents) = without_sign.split_once(',').unwrap_or_default();
            return if !cents.is_empty() && cents.chars().all(|c| c.is_ascii_digit()) {
                Err(AmountError::HasCents)
            } else {
                Err(AmountError::NotANumber)
            };
        }
        let Some(digits) = ungroup(without_sign, '.') else {
            // Digits whose grouping broke only because they ran past any amount (the till
            // groups as it is typed, up to the largest it can hold): too large, not misspelt.
            let bare: String = without_sign.chars().filter(|c| *c != '.').collect();
            let all_digits = !bare.is_empty() && bare.chars().all(|c| c.is_ascii_digit());
            return Err(if all_digits && bare.parse::<i64>().is_err() {
                AmountError::TooLarge
            } else {
                AmountError::NotANumber
            });
        };
        let value: i64 = digits.parse().map_err(|_| {
            if digits.chars().all(|c| c.is_ascii_digit()) {
                AmountError::TooLarge
            } else {
                AmountError::NotANumber
            }
        })?;
        if value <= 0 {
            return Err(AmountError::NotPositive);
        }
        Ok(Pesos(value))
    }

    /// Reads an amount as the service writes it: a JSON number (`25000`, `25000.0`), a decimal
    /// string with two decimals (`"1500000.00"`), or formatted currency text (`"$ 25.000"`,
    /// `"$25,000.00"`). Returns `None` when there are non-zero cents or the text is not an amount:
    /// the caller then shows the service's own text rather than a rounded figure.
    pub fn parse_service(text: &str) -> Option<Pesos> {
        let (negative, whole, cents) = service_parts(text)?;
        (cents == 0).then_some(Pesos(if negative { -whole } else { whole }))
    }

    /// Like [`Pesos::parse_service`], but cents are rounded to the nearest peso (half up)
    /// instead of refused: for figures the service computes, such as a fee of `"$597.80"`,
    /// where a peso of rounding is expected and refusing the figure would lose it.
    pub fn parse_service_rounded(text: &str) -> Option<Pesos> {
        let (negative, whole, cents) = service_parts(text)?;
        let rounded = whole.checked_add(i64::from(cents >= 50))?;
        Some(Pesos(if negative { -rounded } else { rounded }))
    }
}

/// The service's text as its sign, whole pesos and cents (0 to 99). A final separator followed
/// by one or two digits starts the cents; every other separator groups thousands, three digits
/// a group.
fn service_parts(text: &str) -> Option<(bool, i64, i64)> {
    let cleaned: String = text
        .trim()
        .trim_start_matches("COP")
        .chars()
        .filter(|c| !matches!(c, '$' | ' ' | '\u{a0}'))
        .collect();
    let (negative, body) = match cleaned.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, cleaned.as_str()),
    };
    let (whole, cents) = match body.rfind(['.', ',']) {
        Some(at) if body.len() - at - 1 <= 2 => (&body[..at], &body[at + 1..]),
        _ => (body, ""),
    };
    let mut groups = whole.split(['.', ',']);
    let first = groups.next().unwrap_or_default();
    if first.is_empty() || groups.any(|group| group.len() != 3) {
        return None;
    }
    let digits: String = whole.chars().filter(|c| *c != '.' && *c != ',').collect();
    if !digits.chars().all(|c| c.is_ascii_digit()) || !cents.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = digits.parse().ok()?;
    let cents: i64 = if cents.is_empty() {
        0
    } else {
        format!("{cents:0<2}").parse().ok()?
    };
    Some((negative, whole, cents))
}

/// Removes thousands separators, insisting that every group after the first has three digits.
fn ungroup(text: &str, separator: char) -> Option<String> {
    let mut groups = text.split(separator);
    let first = groups.next()?;
    if first.is_empty() || first.len() > 3 && text.contains(separator) {
        return None;
    }
    let mut digits = first.to_owned();
    for group in groups {
        if group.len() != 3 {
            return None;
        }
        digits.push_str(group);
    }
    digits.chars().all(|c| c.is_ascii_digit()).then_some(digits)
}

impl fmt::Display for Pesos {
    /// es-CO: `$ 25.000`, `-$ 1.500`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.unsigned_abs().to_string();
        let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index).is_multiple_of(3) {
                grouped.push('.');
            }
            grouped.push(digit);
        }
        if self.0 < 0 {
            write!(f, "-$ {grouped}")
        } else {
            write!(f, "$ {grouped}")
        }
    }
}

/// The three money figures of a payment as the service reports them in a notification. Its
/// published sample reads `realAmount` 20000, `cost` "$595.00", `amount` 19405: the payer paid
/// the gross, the service kept the fee, the merchant receives the net (the figure the
/// notification's signature covers). Each is `None` when the service did not give it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PaymentFigures {
    /// What the payer paid (`realAmount`).
    pub gross: Option<Pesos>,
    /// The service's fee (`cost`).
    pub fee: Option<Pesos>,
    /// What the merchant receives (`amount`).
    pub net: Option<Pesos>,
}

/// Rounding the service's cents may leave the three figures this far apart.
const FIGURES_TOLERANCE: i64 = 1;

impl PaymentFigures {
    /// Whether the figures given agree: gross = net + fee, within a peso of rounding. Two or
    /// fewer figures always agree (the missing one is derived from the others).
    pub fn add_up(&self) -> bool {
        match (self.gross, self.fee, self.net) {
            (Some(gross), Some(fee), Some(net)) => net
                .0
                .checked_add(fee.0)
                .and_then(|sum| sum.checked_sub(gross.0))
                .is_some_and(|gap| gap.abs() <= FIGURES_TOLERANCE),
            _ => true,
        }
    }

    /// A missing figure derived from the other two, when it can be.
    pub fn completed(self) -> PaymentFigures {
        match (self.gross, self.fee, self.net) {
            (None, Some(fee), Some(net)) => PaymentFigures {
                gross: net.checked_add(fee),
                ..self
            },
            (Some(gross), None, Some(net)) => PaymentFigures {
                fee: gross.checked_sub(net),
                ..self
            },
            (Some(gross), Some(fee), None) => PaymentFigures {
                net: gross.checked_sub(fee),
                ..self
            },
            _ => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_es_co() {
        assert_eq!(Pesos::new(0).to_string(), "$ 0");
        assert_eq!(Pesos::new(999).to_string(), "$ 999");
        assert_eq!(Pesos::new(1000).to_string(), "$ 1.000");
        assert_eq!(Pesos::new(25_000).to_string(), "$ 25.000");
        assert_eq!(Pesos::new(2_000_000).to_string(), "$ 2.000.000");
        assert_eq!(Pesos::new(-1500).to_string(), "-$ 1.500");
        assert_eq!(
            Pesos::new(i64::MIN).to_string(),
            "-$ 9.223.372.036.854.775.808"
        );
    }

    #[test]
    fn parses_what_people_type() {
        for (text, pesos) in [
            ("25000", 25_000),
            ("25.000", 25_000),
            ("$ 25.000", 25_000),
            ("$25.000", 25_000),
            ("  1.500.000 ", 1_500_000),
            ("1", 1),
            ("123", 123),
        ] {
            assert_eq!(Pesos::parse_input(text), Ok(Pesos::new(pesos)), "{text}");
        }
    }

    #[test]
    fn refuses_bad_amounts() {
        for (text, error) in [
            ("", AmountError::Empty),
            ("  $ ", AmountError::Empty),
            ("0", AmountError::NotPositive),
            ("-5", AmountError::NotPositive),
            ("$ -5.000", AmountError::NotPositive),
            ("25,50", AmountError::HasCents),
            ("25.50", AmountError::NotANumber),
            ("2.5000", AmountError::NotANumber),
            ("25000.", AmountError::NotANumber),
            ("1e5", AmountError::NotANumber),
            ("veinte", AmountError::NotANumber),
            ("25 000", AmountError::NotANumber),
            ("99999999999999999999", AmountError::TooLarge),
            // As the till's field leaves twenty nines typed one by one: grouped up to the
            // largest amount, the last digit past it.
            ("$ 999.999.999.999.999.999.9", AmountError::TooLarge),
            ("9.223.372.036.854.775.8079", AmountError::TooLarge),
            ("25,", AmountError::NotANumber),
        ] {
            assert_eq!(Pesos::parse_input(text), Err(error), "{text}");
        }
    }

    #[test]
    fn figures_add_up_within_a_peso_and_complete_each_other() {
        let figures = |gross: Option<i64>, fee: Option<i64>, net: Option<i64>| PaymentFigures {
            gross: gross.map(Pesos::new),
            fee: fee.map(Pesos::new),
            net: net.map(Pesos::new),
        };
        // The service's own sample.
        assert!(figures(Some(20_000), Some(595), Some(19_405)).add_up());
        assert!(figures(Some(20_000), Some(596), Some(19_405)).add_up());
        assert!(!figures(Some(20_000), Some(600), Some(19_405)).add_up());
        // The sample read the wrong way round does not add up.
        assert!(!figures(Some(19_405), Some(595), Some(20_000)).add_up());
        assert!(figures(None, Some(595), Some(19_405)).add_up());
        assert_eq!(
            figures(None, Some(595), Some(19_405)).completed(),
            figures(Some(20_000), Some(595), Some(19_405))
        );
        assert_eq!(
            figures(Some(20_000), None, Some(19_405)).completed().fee,
            Some(Pesos::new(595))
        );
        assert_eq!(
            figures(Some(20_000), Some(595), None).completed().net,
            Some(Pesos::new(19_405))
        );
        assert_eq!(
            figures(None, None, Some(1)).completed(),
            figures(None, None, Some(1))
        );
    }

    #[test]
    fn rounds_the_services_cents_to_the_nearest_peso() {
        for (text, pesos) in [
            ("$595.00", Some(595)),
            ("$597.80", Some(598)),
            ("$597.49", Some(597)),
            ("$1.647,5", Some(1_648)),
            ("19405.5", Some(19_406)),
            ("$ 1.647", Some(1_647)),
            ("-$ 12.50", Some(-13)),
            ("abc", None),
            ("$.", None),
            ("1.2.3", None),
        ] {
            assert_eq!(
                Pesos::parse_service_rounded(text),
                pesos.map(Pesos::new),
                "{text}"
            );
        }
    }

    #[test]
    fn reads_the_service_formats() {
        for (text, pesos) in [
            ("25000", Some(25_000)),
            ("25000.0", Some(25_000)),
            ("1500000.00", Some(1_500_000)),
            ("$ 25.000", Some(25_000)),
            ("$25,000.00", Some(25_000)),
            ("$ 1.190,00", Some(1_190)),
            ("COP 3.000", Some(3_000)),
            ("-2500.00", Some(-2_500)),
            ("1190.50", None),
            ("", None),
            ("n/a", None),
        ] {
            assert_eq!(Pesos::parse_service(text), pesos.map(Pesos::new), "{text}");
        }
    }
}
