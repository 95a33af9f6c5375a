//! The shop's NIT and its check digit (dígito de verificación), computed the DIAN's way: each
//! digit from the right times a prime weight, the sum's remainder by 11 gives the digit.

use std::fmt;

/// The weights, for the digits from the right; their count is also the longest NIT the DIAN's
/// rule can check.
const WEIGHTS: [u32; 15] = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/// A NIT whose check digit was computed or verified, kept apart so the document writes the
/// number and its digit where each goes (the CUDE takes the number alone).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Nit {
    number: String,
    check_digit: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NitError {
    #[error("{}", crate::t!("dian-nit-empty"))]
    Empty,
    #[error("{}", crate::t!("dian-nit-not-digits"))]
    NotDigits,
    #[error("{}", crate::t!("dian-nit-too-long", longest = WEIGHTS.len().to_string()))]
    TooLong,
    #[error("{}", crate::t!("dian-nit-no-check-digit"))]
    NoCheckDigit,
    #[error("{}", crate::t!(
        "dian-nit-wrong-check-digit",
        nit = .number.as_str(),
        typed = .typed.to_string(),
        expected = .expected.to_string()
    ))]
    WrongCheckDigit {
        number: String,
        typed: u8,
        expected: u8,
    },
}

/// The check digit of a NIT's number (its digits only, without the digit itself).
pub fn check_digit(number: &str) -> Result<u8, NitError> {
    if number.is_empty() {
        return Err(NitError::Empty);
    }
    if !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NitError::NotDigits);
    }
    if number.len() > WEIGHTS.len() {
        return Err(NitError::TooLong);
    }
    let sum: u32 = number
        .bytes()
        .rev()
        .zip(WEIGHTS)
        .map(|(digit, weight)| u32::from(digit - b'0') * weight)
        .sum();
    let remainder = sum % 11;
    // The rule as the DIAN gives it: a remainder of 0 or 1 is the digit itself, any other is
    // what it lacks to reach 11. The cast is safe: the digit is below 11 and never 10.
    let digit = if remainder > 1 {
        11 - remainder
    } else {
        remainder
    };
    Ok(digit as u8)
}

impl Nit {
    /// A NIT from its number alone, its check digit computed.
    pub fn from_number(number: &str) -> Result<Nit, NitError> {
        let number = ungrouped(number);
        let check_digit = check_digit(&number)?;
        Ok(Nit {
            number,
            check_digit,
        })
    }

    /// A NIT as the owner types it, with its check digit after a hyphen: `800197268-4`,
    /// `800.197.268-4`, `800 197 268 - 4`. A digit that does not match is refused, never
    /// corrected: a typo in the number changes the digit too.
    pub fn parse(text: &str) -> Result<Nit, NitError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NitError::Empty);
        }
        let Some((number, typed)) = text.rsplit_once('-') else {
            return Err(NitError::NoCheckDigit);
        };
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(NitError::NoCheckDigit);
        }
        let typed = match typed.as_bytes() {
            [digit] if digit.is_ascii_digit() => digit - b'0',
            _ => return Err(NitError::NotDigits),
        };
        let nit = Nit::from_number(number)?;
        if nit.check_digit != typed {
            return Err(NitError::WrongCheckDigit {
                number: nit.number,
                typed,
                expected: nit.check_digit,
            });
        }
        Ok(nit)
    }

    /// The number without its check digit, as the CUDE and `CompanyID` take it.
    pub fn number(&self) -> &str {
        &self.number
    }

    pub fn check_digit(&self) -> u8 {
        self.check_digit
    }
}

/// `800197268-4`.
impl fmt::Display for Nit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.number, self.check_digit)
    }
}

/// The number without the dots and spaces a person groups it with.
fn ungrouped(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, '.' | ' ')).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_nits_have_their_check_digit() {
        // The DIAN's own NIT, and the software makers' NITs in the DIAN's two POS examples
        // (their `schemeID` is the check digit).
        assert_eq!(check_digit("800197268"), Ok(4));
        assert_eq!(check_digit("2022516216"), Ok(1));
        assert_eq!(check_digit("2024022902"), Ok(2));
        // Worked by hand: 8×3 + 6×7 + 2×13 + 7×17 + 9×19 + 1×23 + 8×41 = 733, 733 mod 11 = 7.
        assert_eq!(
            Nit::from_number("800.197.268").unwrap().to_string(),
            "800197268-4"
        );
    }

    #[test]
    fn remainders_zero_and_one_are_the_digit_itself() {
        // 1 × 3 = 3 → 8; 4 × 3 = 12 → remainder 1 → 1; "0" → 0.
        assert_eq!(check_digit("1"), Ok(8));
        assert_eq!(check_digit("4"), Ok(1));
        assert_eq!(check_digit("0"), Ok(0));
        // 11 × ... : "11" is 1×3 + 1×7 = 10 → 1.
        assert_eq!(check_digit("11"), Ok(1));
        // Leading zeros weigh nothing.
        assert_eq!(check_digit("000800197268"), Ok(4));
    }

    #[test]
    fn a_typed_nit_is_read_with_its_digit() {
        let nit = Nit::parse(" 800.197.268-4 ").unwrap();
        assert_eq!(nit.number(), "800197268");
        assert_eq!(nit.check_digit(), 4);
        assert_eq!(Nit::parse("800 197 268 - 4").unwrap(), nit);
    }

    #[test]
    fn a_bad_nit_is_refused_in_words() {
        assert_eq!(Nit::parse(""), Err(NitError::Empty));
        assert_eq!(Nit::parse("800197268"), Err(NitError::NoCheckDigit));
        assert_eq!(Nit::parse("800197268-"), Err(NitError::NoCheckDigit));
        assert_eq!(Nit::parse("80019726A-4"), Err(NitError::NotDigits));
        assert_eq!(Nit::parse("800197268-44"), Err(NitError::NotDigits));
        assert_eq!(Nit::parse("1234567890123456-1"), Err(NitError::TooLong));
        assert_eq!(check_digit("-5"), Err(NitError::NotDigits));
        let wrong = Nit::parse("800197268-5").unwrap_err();
        assert_eq!(
            wrong,
            NitError::WrongCheckDigit {
                number: "800197268".into(),
                typed: 5,
                expected: 4
            }
        );
        let words = wrong.to_string();
        assert!(
            words.contains("800197268") && words.contains('4') && words.contains('5'),
            "{words}"
        );
        assert!(!NitError::TooLong.to_string().is_empty());
    }
}
