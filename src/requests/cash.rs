//! Cash as typed at the till or on the command line: a cash sale (the amount and what the
//! customer handed over), money in or out with its reason, the shift's base, the drawer's count by
//! denomination, a void's reason. Each is read whole, every problem with its field, so a button is
//! enabled only when the books would take it.

use super::{Problems, take};
use crate::money::Pesos;
use crate::money::cash::{Change, Count, DENOMINATIONS};
use crate::validate::{self, Field, ValidationError};

/// The most characters a reason or a description keeps: a line in the books, not a letter.
pub const CASH_REASON_MAX_CHARS: usize = 120;

/// A cash sale as typed. What was handed over may be left empty: the exact amount.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CashSaleForm {
    pub amount: String,
    pub tendered: String,
    pub description: String,
}

/// A cash sale read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashSaleAsk {
    pub amount: Pesos,
    pub tendered: Pesos,
    pub description: String,
}

impl CashSaleAsk {
    /// What goes back to the customer.
    pub fn change(&self) -> Pesos {
        match Change::of(self.amount, self.tendered) {
            Change::Give(change) => change,
            Change::Short(_) => Pesos::ZERO,
        }
    }
}

impl CashSaleForm {
    pub fn parse(&self) -> Result<CashSaleAsk, Problems> {
        let mut problems = Problems::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let tendered = if self.tendered.trim().is_empty() {
            amount
        } else {
            take(
                validate::amount(Field::Tendered, &self.tendered),
                &mut problems,
            )
        };
        let description = take(
            words(Field::Description, &self.description, false),
            &mut problems,
        );
        if let (Some(amount), Some(tendered)) = (amount, tendered)
            && let Change::Short(missing) = Change::of(amount, tendered)
        {
            problems.push(ValidationError::new(
                Field::Tendered,
                crate::t!("cash-tendered-short", missing = missing.to_string()),
            ));
        }
        match (amount, tendered, description) {
            (Some(amount), Some(tendered), Some(description)) if problems.is_empty() => {
                Ok(CashSaleAsk {
                    amount,
                    tendered,
                    description,
                })
            }
            _ => Err(problems),
        }
    }
}

/// Money in or out of the drawer (or a cash return) as typed: how much and why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CashMoveForm {
    pub amount: String,
    pub reason: String,
}

impl CashMoveForm {
    pub fn parse(&self) -> Result<(Pesos, String), Problems> {
        let mut problems = Problems::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let reason = take(reason(&self.reason), &mut problems);
        match (amount, reason) {
            (Some(amount), Some(reason)) => Ok((amount, reason)),
            _ => Err(problems),
        }
    }
}

/// Why, required: a void's, a movement's.
pub fn reason(text: &str) -> Result<String, ValidationError> {
    words(Field::Reason, text, true)
}

fn words(field: Field, text: &str, required: bool) -> Result<String, ValidationError> {
    let text = text.trim();
    if required && text.is_empty() {
        return Err(ValidationError::new(
            field,
            crate::t!("cash-reason-missing"),
        ));
    }
    if text.chars().count() > CASH_REASON_MAX_CHARS {
        return Err(ValidationError::new(
            field,
            crate::t!("cash-reason-too-long", max = CASH_REASON_MAX_CHARS),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ValidationError::new(field, crate::t!("cash-no-control")));
    }
    Ok(text.to_owned())
}

/// The shift's base as typed: whole pesos, zero allowed (a drawer may start empty).
pub fn base(text: &str) -> Result<Pesos, ValidationError> {
    let trimmed = text.trim().trim_start_matches('$').trim();
    if trimmed.starts_with('-') {
        return Err(ValidationError::new(
            Field::Base,
            crate::t!("cash-base-negative"),
        ));
    }
    if !trimmed.is_empty() && trimmed.chars().all(|c| c == '0' || c == '.') {
        return Ok(Pesos::ZERO);
    }
    validate::amount(Field::Base, text)
}

/// The drawer's count as typed: pieces of each denomination (in [`DENOMINATIONS`]' order; an
/// empty box is none). A count with nothing typed at all is refused: an empty drawer is counted
/// as zeros.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CountForm {
    pub pieces: [String; DENOMINATIONS.len()],
}

impl CountForm {
    pub fn parse(&self) -> Result<Count, Problems> {
        let mut problems = Problems::new();
        let mut count = Count::default();
        for (denomination, text) in DENOMINATIONS.iter().zip(&self.pieces) {
            match Count::read_pieces(*denomination, text) {
                Ok(pieces) => count.set(*denomination, pieces),
                Err(error) => problems.push(ValidationError::new(Field::Count, error.to_string())),
            }
        }
        if self.pieces.iter().all(|text| text.trim().is_empty()) {
            problems.push(ValidationError::new(
                Field::Count,
                crate::t!("cash-count-empty"),
            ));
        }
        if problems.is_empty() {
            Ok(count)
        } else {
            Err(problems)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sale(amount: &str, tendered: &str) -> Result<CashSaleAsk, Problems> {
        CashSaleForm {
            amount: amount.into(),
            tendered: tendered.into(),
            description: String::new(),
        }
        .parse()
    }

    #[test]
    fn a_cash_sale_needs_enough_handed_over() {
        let ask = sale("15.000", "20000").expect("enough");
        assert_eq!(ask.change(), Pesos::new(5_000));
        assert_eq!(
            sale("15000", "").expect("exact").tendered,
            Pesos::new(15_000)
        );
        let short = sale("15000", "10000").expect_err("short");
        assert_eq!(short[0].field, Field::Tendered);
        for bad in ["0", "-5000", "diez", "1,5", ""] {
            let problems = sale(bad, "20000").expect_err(bad);
            assert_eq!(problems[0].field, Field::Amount, "{bad}");
        }
        assert_eq!(
            sale("1000", "mil").expect_err("letters")[0].field,
            Field::Tendered
        );
    }

    #[test]
    fn a_movement_needs_its_reason() {
        let form = CashMoveForm {
            amount: "20000".into(),
            reason: "  ".into(),
        };
        assert_eq!(form.parse().expect_err("no reason")[0].field, Field::Reason);
        let form = CashMoveForm {
            amount: "20000".into(),
            reason: "Pago al proveedor de gaseosas".into(),
        };
        assert_eq!(
            form.parse().expect("a reason"),
            (Pesos::new(20_000), "Pago al proveedor de gaseosas".into())
        );
    }

    #[test]
    fn the_base_may_be_zero_but_not_less() {
        assert_eq!(base("0"), Ok(Pesos::ZERO));
        assert_eq!(base("$ 50.000"), Ok(Pesos::new(50_000)));
        assert!(base("-1").is_err());
        assert!(base("cien").is_err());
        assert!(base("").is_err());
    }

    #[test]
    fn a_count_is_whole_pieces() {
        let mut form = CountForm::default();
        assert!(form.parse().is_err(), "nothing counted");
        form.pieces[1] = "3".into();
        form.pieces[8] = "4".into();
        assert_eq!(form.parse().expect("a count").total(), Pesos::new(152_000));
        form.pieces[0] = "1,5".into();
        assert_eq!(
            form.parse().expect_err("half a bill")[0].field,
            Field::Count
        );
    }
}
