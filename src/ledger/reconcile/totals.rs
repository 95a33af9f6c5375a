//! A count and its money, as every line of the close adds them up.

use crate::money::{PaymentFigures, Pesos};

/// A count and the money of what was counted: what payers paid (gross), the service's fees,
/// and what the merchant receives (net). For payouts, gross is the amount sent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub count: usize,
    pub gross: Pesos,
    pub fee: Pesos,
    pub net: Pesos,
}

impl Totals {
    pub(super) fn add(&mut self, figures: PaymentFigures) {
        let add = |total: &mut Pesos, value: Option<Pesos>| {
            if let Some(value) = value {
                *total = total.saturating_add(value);
            }
        };
        let figures = figures.completed();
        self.count += 1;
        add(&mut self.gross, figures.gross);
        add(&mut self.fee, figures.fee);
        add(&mut self.net, figures.net);
    }

    pub(super) fn add_gross(&mut self, gross: Option<Pesos>) {
        self.add(PaymentFigures {
            gross,
            ..PaymentFigures::default()
        });
    }
}
