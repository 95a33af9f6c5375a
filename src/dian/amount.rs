//! Amounts as the DIAN's document writes them: centavos, because a price with its tax included
//! splits into a base and a tax that are rarely whole pesos. An integer count, never a float.

use std::fmt;

use crate::money::Pesos;

/// A whole number of centavos of a peso. What a shop charges is always whole [`Pesos`]; only a
/// tax taken out of it needs the centavos.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Centavos(i64);

impl Centavos {
    pub const ZERO: Centavos = Centavos(0);

    pub const fn new(centavos: i64) -> Centavos {
        Centavos(centavos)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// `None` past what an `i64` holds in centavos (ninety thousand billion pesos): no sale is
    /// that large, and a wrapped figure would be a wrong document.
    pub fn from_pesos(pesos: Pesos) -> Option<Centavos> {
        pesos.get().checked_mul(100).map(Centavos)
    }

    pub fn checked_add(self, other: Centavos) -> Option<Centavos> {
        self.0.checked_add(other.0).map(Centavos)
    }

    pub fn checked_sub(self, other: Centavos) -> Option<Centavos> {
        self.0.checked_sub(other.0).map(Centavos)
    }

    /// The sum of `amounts`; `None` if it overflows.
    pub fn checked_sum(amounts: impl IntoIterator<Item = Centavos>) -> Option<Centavos> {
        amounts
            .into_iter()
            .try_fold(Centavos::ZERO, |total, amount| total.checked_add(amount))
    }
}

/// `12345.00`: a point before two decimals and no grouping, as the annex writes every amount and
/// as the CUDE's string takes them.
impl fmt::Display for Centavos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", magnitude / 100, magnitude % 100)
    }
}

/// `numerator / denominator` rounded to the nearest whole, a half away from zero (the usual
/// rounding of a sum of money), in integers; `None` for a zero denominator or an overflow.
pub(crate) fn divide_rounded(numerator: i128, denominator: i128) -> Option<i128> {
    if denominator == 0 {
        return None;
    }
    let (numerator, denominator) = if denominator < 0 {
        (numerator.checked_neg()?, denominator.checked_neg()?)
    } else {
        (numerator, denominator)
    };
    let half = denominator / 2;
    let adjusted = if numerator >= 0 {
        numerator.checked_add(half)?
    } else {
        numerator.checked_sub(half)?
    };
    // `/` truncates toward zero, which after adding half of the divisor away from zero is the
    // rounding wanted.
    let quotient = adjusted / denominator;
    Some(quotient)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_with_two_decimals_and_no_grouping() {
        assert_eq!(Centavos::new(1_234_500).to_string(), "12345.00");
        assert_eq!(Centavos::new(5).to_string(), "0.05");
        assert_eq!(Centavos::new(0).to_string(), "0.00");
        assert_eq!(Centavos::new(-150).to_string(), "-1.50");
        assert_eq!(
            Centavos::from_pesos(Pesos::new(119_150))
                .unwrap()
                .to_string(),
            "119150.00"
        );
        assert_eq!(Centavos::from_pesos(Pesos::new(i64::MAX / 10)), None);
    }

    #[test]
    fn a_half_rounds_away_from_zero() {
        assert_eq!(divide_rounded(5, 10), Some(1));
        assert_eq!(divide_rounded(4, 10), Some(0));
        assert_eq!(divide_rounded(-5, 10), Some(-1));
        assert_eq!(divide_rounded(10_000, 119), Some(84));
        assert_eq!(divide_rounded(7, 3), Some(2));
        assert_eq!(divide_rounded(8, 3), Some(3));
        assert_eq!(divide_rounded(1, 0), None);
        assert_eq!(divide_rounded(5, -10), Some(-1));
    }
}
