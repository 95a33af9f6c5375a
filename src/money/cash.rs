//! Cash as a cashier counts it: Colombia's bills and coins, a drawer's count by denomination, and
//! the change a customer gets. Whole pesos only; a count is what the cashier said, never what the
//! service confirmed (the close says which is which).

use super::Pesos;

/// A bill or a coin in circulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Denomination {
    pub value: Pesos,
    pub coin: bool,
}

impl Denomination {
    const fn bill(value: i64) -> Denomination {
        Denomination {
            value: Pesos::new(value),
            coin: false,
        }
    }

    const fn coin(value: i64) -> Denomination {
        Denomination {
            value: Pesos::new(value),
            coin: true,
        }
    }

    /// How the count keeps it: "b50000", "m500" (billete, moneda).
    pub fn code(self) -> String {
        format!("{}{}", if self.coin { 'm' } else { 'b' }, self.value.get())
    }

    pub fn parse(code: &str) -> Option<Denomination> {
        let (coin, value) = match code.split_at_checked(1)? {
            ("m", value) => (true, value),
            ("b", value) => (false, value),
            _ => return None,
        };
        let value: i64 = value.parse().ok()?;
        DENOMINATIONS
            .iter()
            .copied()
            .find(|d| d.coin == coin && d.value.get() == value)
    }
}

/// Every bill, largest first, then every coin (the $ 1.000 is both a bill and a coin).
pub const DENOMINATIONS: [Denomination; 12] = [
    Denomination::bill(100_000),
    Denomination::bill(50_000),
    Denomination::bill(20_000),
    Denomination::bill(10_000),
    Denomination::bill(5_000),
    Denomination::bill(2_000),
    Denomination::bill(1_000),
    Denomination::coin(1_000),
    Denomination::coin(500),
    Denomination::coin(200),
    Denomination::coin(100),
    Denomination::coin(50),
];

/// The bills a customer usually hands over, for the cash sale's quick buttons.
pub const USUAL_BILLS: [Pesos; 5] = [
    Pesos::new(2_000),
    Pesos::new(5_000),
    Pesos::new(10_000),
    Pesos::new(20_000),
    Pesos::new(50_000),
];

/// The most pieces of one denomination a count takes: far above any drawer, far below
/// any sum that could overflow.
pub const MOST_PIECES: u32 = 100_000;

/// A drawer counted by denomination. Pieces of a denomination not counted are zero.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Count {
    pieces: Vec<(Denomination, u32)>,
}

/// Why a count cannot be kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// Pieces must be a whole number from zero up.
    #[error("{}", crate::t!("cash-count-not-whole", denomination = .0.as_str()))]
    NotWhole(String),
    #[error("{}", crate::t!("cash-count-too-many", denomination = .0.as_str()))]
    TooMany(String),
    #[error("{}", crate::t!("cash-count-unknown", denomination = .0.as_str()))]
    Unknown(String),
}

impl Count {
    /// Sets how many pieces of `denomination` were counted.
    pub fn set(&mut self, denomination: Denomination, pieces: u32) {
        self.pieces.retain(|(d, _)| *d != denomination);
        if pieces > 0 {
            self.pieces.push((denomination, pieces.min(MOST_PIECES)));
        }
        self.pieces
            .sort_by_key(|(d, _)| DENOMINATIONS.iter().position(|x| x == d));
    }

    pub fn pieces(&self, denomination: Denomination) -> u32 {
        self.pieces
            .iter()
            .find(|(d, _)| *d == denomination)
            .map_or(0, |(_, n)| *n)
    }

    /// Each denomination counted (none with zero pieces), largest bill first.
    pub fn lines(&self) -> impl Iterator<Item = (Denomination, u32, Pesos)> + '_ {
        self.pieces
            .iter()
            .map(|(d, n)| (*d, *n, Pesos::new(d.value.get() * i64::from(*n))))
    }

    /// What the count adds up to.
    pub fn total(&self) -> Pesos {
        self.lines()
            .fold(Pesos::ZERO, |sum, (_, _, value)| sum.saturating_add(value))
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// How the books keep it: "b50000:3,m500:4".
    pub fn stored(&self) -> String {
        self.pieces
            .iter()
            .map(|(d, n)| format!("{}:{n}", d.code()))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// A stored count read back; a part it cannot read is left out (the total the books kept
    /// beside it is what counts).
    pub fn from_stored(text: &str) -> Count {
        let mut count = Count::default();
        for part in text.split(',').filter(|p| !p.is_empty()) {
            if let Some((code, pieces)) = part.split_once(':')
                && let (Some(d), Ok(n)) = (Denomination::parse(code), pieces.parse::<u32>())
            {
                count.set(d, n);
            }
        }
        count
    }

    /// What a person typed for `denomination`'s pieces ("" is none).
    pub fn read_pieces(denomination: Denomination, text: &str) -> Result<u32, CountError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(0);
        }
        let label = denomination_words(denomination);
        if !text.chars().all(|c| c.is_ascii_digit()) {
            return Err(CountError::NotWhole(label));
        }
        match text.parse::<u32>() {
            Ok(n) if n <= MOST_PIECES => Ok(n),
            _ => Err(CountError::TooMany(label)),
        }
    }

    /// A count written as the command line takes it: "50000x3" (a bill), "m500x4" (a coin),
    /// "b1000x2".
    pub fn read_part(&mut self, text: &str) -> Result<(), CountError> {
        let (code, pieces) = text
            .split_once(['x', 'X', '='])
            .ok_or_else(|| CountError::Unknown(text.to_owned()))?;
        let code = code.trim().replace('.', "");
        let code = if code.starts_with(['b', 'm']) {
            code
        } else {
            format!("b{code}")
        };
        let denomination =
            Denomination::parse(&code).ok_or_else(|| CountError::Unknown(text.to_owned()))?;
        let pieces = Count::read_pieces(denomination, pieces)?;
        self.set(denomination, pieces);
        Ok(())
    }
}

/// A denomination in words: «billete de $ 50.000», «moneda de $ 500».
pub fn denomination_words(denomination: Denomination) -> String {
    let value = denomination.value.to_string();
    if denomination.coin {
        crate::t!("cash-coin", value = value)
    } else {
        crate::t!("cash-bill", value = value)
    }
}

/// What goes back to the customer: what they handed over less the amount, or how much is
/// missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Handed over at least the amount: this much change («Vueltas»).
    Give(Pesos),
    /// Handed over less than the amount: this much is missing.
    Short(Pesos),
}

impl Change {
    pub fn of(amount: Pesos, tendered: Pesos) -> Change {
        let difference = tendered.get().saturating_sub(amount.get());
        if difference >= 0 {
            Change::Give(Pesos::new(difference))
        } else {
            Change::Short(Pesos::new(-difference))
        }
    }
}

/// A drawer counted against what it should hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// To the peso.
    Even,
    /// More than expected (sobrante).
    Over(Pesos),
    /// Less than expected (faltante).
    Short(Pesos),
}

impl Difference {
    pub fn of(expected: Pesos, counted: Pesos) -> Difference {
        let difference = counted.get().saturating_sub(expected.get());
        match difference.cmp(&0) {
            std::cmp::Ordering::Equal => Difference::Even,
            std::cmp::Ordering::Greater => Difference::Over(Pesos::new(difference)),
            std::cmp::Ordering::Less => Difference::Short(Pesos::new(-difference)),
        }
    }

    /// Counted less expected, signed: what the close adds up.
    pub fn signed(self) -> i64 {
        match self {
            Difference::Even => 0,
            Difference::Over(amount) => amount.get(),
            Difference::Short(amount) => -amount.get(),
        }
    }

    /// «Cuadra al peso», «Sobrante de $ 2.000», «Faltante de $ 3.500».
    pub fn words(self) -> String {
        match self {
            Difference::Even => crate::t!("cash-difference-even"),
            Difference::Over(amount) => {
                crate::t!("cash-difference-over", amount = amount.to_string())
            }
            Difference::Short(amount) => {
                crate::t!("cash-difference-short", amount = amount.to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_adds_up_and_reads_back() {
        let mut count = Count::default();
        count.set(DENOMINATIONS[1], 3); // 50.000 × 3
        count.set(DENOMINATIONS[8], 4); // 500 × 4 coins
        count.set(DENOMINATIONS[6], 2); // 1.000 bill × 2
        count.set(DENOMINATIONS[7], 1); // 1.000 coin × 1
        assert_eq!(count.total(), Pesos::new(150_000 + 2_000 + 2_000 + 1_000));
        assert_eq!(count.stored(), "b50000:3,b1000:2,m1000:1,m500:4");
        assert_eq!(Count::from_stored(&count.stored()), count);
        count.set(DENOMINATIONS[1], 0);
        assert_eq!(count.pieces(DENOMINATIONS[1]), 0);
        assert_eq!(count.total(), Pesos::new(5_000));
    }

    #[test]
    fn pieces_are_whole_numbers() {
        let bill = DENOMINATIONS[0];
        assert_eq!(Count::read_pieces(bill, " 7 "), Ok(7));
        assert_eq!(Count::read_pieces(bill, ""), Ok(0));
        for bad in ["2,5", "2.5", "-1", "dos", "1e3"] {
            assert!(
                matches!(Count::read_pieces(bill, bad), Err(CountError::NotWhole(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            Count::read_pieces(bill, "100001"),
            Err(CountError::TooMany(_))
        ));
    }

    #[test]
    fn the_command_line_names_bills_and_coins() {
        let mut count = Count::default();
        count.read_part("50000x3").expect("a bill");
        count.read_part("50.000x1").expect("grouped");
        count.read_part("m500=4").expect("a coin");
        assert_eq!(count.pieces(DENOMINATIONS[1]), 1);
        assert_eq!(count.total(), Pesos::new(52_000));
        assert!(count.read_part("30000x1").is_err());
        assert!(count.read_part("m50000x1").is_err());
        assert!(count.read_part("50000").is_err());
        assert!(count.read_part("50000x1.5").is_err());
    }

    #[test]
    fn change_and_difference() {
        assert_eq!(
            Change::of(Pesos::new(15_000), Pesos::new(20_000)),
            Change::Give(Pesos::new(5_000))
        );
        assert_eq!(
            Change::of(Pesos::new(15_000), Pesos::new(10_000)),
            Change::Short(Pesos::new(5_000))
        );
        assert_eq!(
            Difference::of(Pesos::new(100), Pesos::new(100)),
            Difference::Even
        );
        assert_eq!(
            Difference::of(Pesos::new(100), Pesos::new(50)).signed(),
            -50
        );
        assert_eq!(
            Difference::of(Pesos::new(100), Pesos::new(150)),
            Difference::Over(Pesos::new(50))
        );
    }
}
