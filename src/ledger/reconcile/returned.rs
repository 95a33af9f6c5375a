//! Money back to customers in the close: returns are payouts, counted apart from payouts to
//! suppliers, on the day each was made (a return of yesterday's sale is today's), under the
//! method of the sale and the cashier who made it. Only what the service confirmed comes off the
//! sales; a return still under way, or one that never went, is shown apart.

use std::collections::BTreeMap;

use super::totals::Totals;
use crate::api::kind::PaymentKind;
use crate::ledger::payouts::PayoutState;
use crate::ledger::returns::ReturnRecord;
use crate::money::Pesos;

/// The range's returns, by how they stand.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Returned {
    /// The service confirmed them: money that went back, taken off the sales.
    pub paid: Totals,
    /// Under way, or their answer lost (each of those is also an exception to review).
    pub open: Totals,
    /// Refused, failed, or never reached the service: no money went.
    pub failed: Totals,
    /// The confirmed ones, by how the sale was paid.
    pub by_method: BTreeMap<PaymentKind, Totals>,
    /// The confirmed ones, by the cashier who made the sale ("": nobody named).
    pub by_cashier: BTreeMap<String, Totals>,
}

impl Returned {
    pub(super) fn of(returns: &[ReturnRecord]) -> Returned {
        let mut returned = Returned::default();
        for record in returns {
            let amount = Some(record.payout.amount);
            let bucket = match record.payout.state {
                PayoutState::Approved => &mut returned.paid,
                PayoutState::Failed | PayoutState::Refused | PayoutState::NotSent => {
                    &mut returned.failed
                }
                PayoutState::Sending | PayoutState::Sent | PayoutState::Unknown => {
                    &mut returned.open
                }
            };
            bucket.add_gross(amount);
            if record.payout.state == PayoutState::Approved {
                returned
                    .by_method
                    .entry(record.kind.clone())
                    .or_default()
                    .add_gross(amount);
                returned
                    .by_cashier
                    .entry(record.cashier.clone())
                    .or_default()
                    .add_gross(amount);
            }
        }
        returned
    }

    /// No return was made in the range.
    pub fn is_empty(&self) -> bool {
        [&self.paid, &self.open, &self.failed]
            .iter()
            .all(|totals| totals.count == 0)
    }
}

/// What customers paid, what of it the service confirmed went back to them, and what is left:
/// the close's net of sales and returns, for the day, a method or a cashier.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SalesLessReturns {
    pub sold: Pesos,
    pub returned: Pesos,
    /// Below zero when more went back than came in (a return of an earlier day's sale).
    pub left: Pesos,
}

impl SalesLessReturns {
    pub fn of(sold: &Totals, returned: Option<&Totals>) -> SalesLessReturns {
        let returned = returned.map_or(Pesos::ZERO, |totals| totals.gross);
        SalesLessReturns {
            sold: sold.gross,
            returned,
            left: Pesos::new(sold.gross.get().saturating_sub(returned.get())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_returned_than_sold_in_a_day_is_below_zero() {
        let sold = Totals {
            count: 1,
            gross: Pesos::new(10_000),
            fee: Pesos::ZERO,
            net: Pesos::new(10_000),
        };
        let returned = Totals {
            count: 1,
            gross: Pesos::new(30_000),
            ..Totals::default()
        };
        let net = SalesLessReturns::of(&sold, Some(&returned));
        assert_eq!(net.left, Pesos::new(-20_000));
        assert_eq!(SalesLessReturns::of(&sold, None).left, Pesos::new(10_000));
    }
}
