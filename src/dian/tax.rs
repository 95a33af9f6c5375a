//! A line's tax, its base and its amount, and the document's totals, as the DIAN's document
//! writes them. Everything is counted in centavos in integers: a shop's price holds its tax
//! (docs/decisions.md "A price at the counter holds its tax"), and taking 19 % out of a whole
//! peso rarely leaves whole pesos.

use std::collections::BTreeMap;

use super::amount::{Centavos, divide_rounded};
use crate::money::Pesos;

/// What a typed price holds. paydesk's prices are what the customer pays, tax included; the
/// other reading is kept for a price list written before tax.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PriceKind {
    TaxIncluded,
    BeforeTax,
}

/// The tax a line carries: one per line, as the shop sells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineTax {
    /// IVA at the general 19 %.
    Iva19,
    /// IVA at 5 %.
    Iva5,
    /// IVA at 0 %: exempt goods (exentos) are taxed at a rate of nothing, and the document says
    /// so with the IVA and 0.00 (docs/decisions.md).
    IvaExempt,
    /// Outside IVA (excluidos): the line carries no tax at all.
    Excluded,
    /// The national consumption tax (INC) at 8 %, a restaurant's.
    Inc8,
    /// The consumption tax on plastic bags: a fixed amount per bag, whatever the bag's price.
    /// The law moves it every year, so it is the owner's figure, never one written here.
    Bags { per_bag: Pesos },
}

/// The taxes the document names, in the order it lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TaxScheme {
    Iva,
    Inc,
    IncBags,
}

impl TaxScheme {
    /// The annex's code for it (`cac:TaxScheme/cbc:ID`).
    pub fn code(self) -> &'static str {
        match self {
            TaxScheme::Iva => "01",
            TaxScheme::Inc => "04",
            TaxScheme::IncBags => "22",
        }
    }

    /// The annex's name for it (`cac:TaxScheme/cbc:Name`), the same in every language.
    pub fn name(self) -> &'static str {
        match self {
            TaxScheme::Iva => "IVA",
            TaxScheme::Inc => "INC",
            TaxScheme::IncBags => "INC Bolsas",
        }
    }
}

impl LineTax {
    /// `None` for a line outside every tax.
    pub fn scheme(self) -> Option<TaxScheme> {
        match self {
            LineTax::Iva19 | LineTax::Iva5 | LineTax::IvaExempt => Some(TaxScheme::Iva),
            LineTax::Inc8 => Some(TaxScheme::Inc),
            LineTax::Bags { .. } => Some(TaxScheme::IncBags),
            LineTax::Excluded => None,
        }
    }

    /// The rate of a tax on the price; `None` for one by the unit or none.
    pub fn percent(self) -> Option<i64> {
        match self {
            LineTax::Iva19 => Some(19),
            LineTax::Iva5 => Some(5),
            LineTax::IvaExempt => Some(0),
            LineTax::Inc8 => Some(8),
            LineTax::Bags { .. } | LineTax::Excluded => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaxError {
    #[error("{}", crate::t!("dian-line-quantity-not-positive", quantity = .0.to_string()))]
    QuantityNotPositive(i64),
    #[error("{}", crate::t!("dian-line-price-negative"))]
    PriceNegative,
    #[error("{}", crate::t!("dian-line-bag-price-below-tax", per_bag = .0.to_string()))]
    BagPriceBelowTax(Pesos),
    #[error("{}", crate::t!("dian-line-too-large"))]
    TooLarge,
    #[error("{}", crate::t!("dian-document-no-lines"))]
    NoLines,
}

/// One line's figures, each as the document writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineFigures {
    pub quantity: i64,
    pub tax: LineTax,
    /// Before tax: the line's `LineExtensionAmount`, and its `TaxableAmount` when it is taxed
    /// by a rate.
    pub base: Centavos,
    pub tax_amount: Centavos,
    /// What the customer pays for it: the base and the tax, to the centavo.
    pub total: Centavos,
    /// Its tax as its own `TaxTotal` writes it; `None` outside every tax.
    pub subtotal: Option<TaxSubtotal>,
}

impl LineFigures {
    /// The price before tax and the quantity it is the price of (`cac:Price`'s `PriceAmount`
    /// and `BaseQuantity`): the price of one when the base divides evenly, else the whole
    /// line's base for its whole quantity, so the price times the quantity is the line's base
    /// to the centavo and no rounded price of one disagrees with it.
    pub fn price_before_tax(&self) -> (Centavos, i64) {
        if self.quantity > 0 && self.base.get() % self.quantity == 0 {
            (Centavos::new(self.base.get() / self.quantity), 1)
        } else {
            (self.base, self.quantity)
        }
    }
}

/// A line's base, tax and total from its quantity, the price of one and its tax.
///
/// A price with its tax is split once for the whole line: the base is the price over one plus
/// the rate, to the nearest centavo, and the tax is what remains, so base and tax add up to
/// exactly what the customer paid and the tax is within a centavo of the base times the rate.
pub fn line_figures(
    quantity: i64,
    unit_price: Pesos,
    tax: LineTax,
    kind: PriceKind,
) -> Result<LineFigures, TaxError> {
    if quantity <= 0 {
        // A return is an adjustment note of its own, never a line taken off a sale.
        return Err(TaxError::QuantityNotPositive(quantity));
    }
    if unit_price < Pesos::ZERO {
        return Err(TaxError::PriceNegative);
    }
    let priced = centavos_times(quantity, unit_price)?;
    let (base, tax_amount) = match (tax, tax.percent(), kind) {
        (LineTax::Bags { per_bag }, _, kind) => {
            let bag_tax = centavos_times(quantity, per_bag)?;
            match kind {
                PriceKind::BeforeTax => (priced, bag_tax),
                PriceKind::TaxIncluded => {
                    let base = priced.checked_sub(bag_tax).ok_or(TaxError::TooLarge)?;
                    if base < Centavos::ZERO {
                        return Err(TaxError::BagPriceBelowTax(per_bag));
                    }
                    (base, bag_tax)
                }
            }
        }
        (_, None, _) | (_, Some(0), _) => (priced, Centavos::ZERO),
        (_, Some(percent), PriceKind::BeforeTax) => {
            let tax_amount = rounded(i128::from(priced.get()) * i128::from(percent), 100)?;
            (priced, tax_amount)
        }
        (_, Some(percent), PriceKind::TaxIncluded) => {
            let base = rounded(i128::from(priced.get()) * 100, 100 + i128::from(percent))?;
            let tax_amount = priced.checked_sub(base).ok_or(TaxError::TooLarge)?;
            (base, tax_amount)
        }
    };
    let total = base.checked_add(tax_amount).ok_or(TaxError::TooLarge)?;
    let subtotal = match tax.scheme() {
        None => None,
        Some(scheme) => {
            let per_bag = match tax {
                LineTax::Bags { per_bag } => {
                    Some(Centavos::from_pesos(per_bag).ok_or(TaxError::TooLarge)?)
                }
                _ => None,
            };
            Some(TaxSubtotal {
                scheme,
                percent: tax.percent(),
                per_bag,
                bags: if per_bag.is_some() { quantity } else { 0 },
                taxable: if per_bag.is_some() {
                    Centavos::ZERO
                } else {
                    base
                },
                tax_amount,
            })
        }
    };
    Ok(LineFigures {
        quantity,
        tax,
        base,
        tax_amount,
        total,
        subtotal,
    })
}

fn centavos_times(quantity: i64, price: Pesos) -> Result<Centavos, TaxError> {
    quantity
        .checked_mul(price.get())
        .and_then(|pesos| pesos.checked_mul(100))
        .map(Centavos::new)
        .ok_or(TaxError::TooLarge)
}

fn rounded(numerator: i128, denominator: i128) -> Result<Centavos, TaxError> {
    divide_rounded(numerator, denominator)
        .and_then(|centavos| i64::try_from(centavos).ok())
        .map(Centavos::new)
        .ok_or(TaxError::TooLarge)
}

/// One rate of one tax across the document's lines (`cac:TaxSubtotal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxSubtotal {
    pub scheme: TaxScheme,
    /// The rate, for a tax on the price.
    pub percent: Option<i64>,
    /// The amount per bag, for the bags' tax.
    pub per_bag: Option<Centavos>,
    /// How many bags, for the bags' tax; zero otherwise.
    pub bags: i64,
    /// The base the rate was applied to; zero for the bags' tax, which has none.
    pub taxable: Centavos,
    pub tax_amount: Centavos,
}

/// The document's figures: its lines and, summed from them, its taxes and totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentTotals {
    pub lines: Vec<LineFigures>,
    /// By tax (IVA, INC, bags) and within a tax by rate, in that order.
    pub subtotals: Vec<TaxSubtotal>,
    /// The lines' bases (`LineExtensionAmount`; the CUDE's `ValFac`).
    pub line_extension: Centavos,
    /// The bases a rate was applied to (`TaxExclusiveAmount`): a line outside IVA and a bag
    /// are not in it, as in the DIAN's example.
    pub tax_exclusive: Centavos,
    /// The bases and every tax (`TaxInclusiveAmount`).
    pub tax_inclusive: Centavos,
    /// What the customer pays (`PayableAmount`; the CUDE's `ValTot`): no discount or charge
    /// is written at the document's level.
    pub payable: Centavos,
}

impl DocumentTotals {
    /// The document's figures from its lines. Each total is the sum of what the lines say,
    /// never computed again from a summed base, so the header agrees with its lines to the
    /// centavo.
    pub fn of(lines: Vec<LineFigures>) -> Result<DocumentTotals, TaxError> {
        if lines.is_empty() {
            return Err(TaxError::NoLines);
        }
        let mut by_rate: BTreeMap<(TaxScheme, Option<i64>, Option<Centavos>), TaxSubtotal> =
            BTreeMap::new();
        for line_subtotal in lines.iter().filter_map(|line| line.subtotal) {
            let key = (
                line_subtotal.scheme,
                line_subtotal.percent,
                line_subtotal.per_bag,
            );
            let subtotal = by_rate.entry(key).or_insert(TaxSubtotal {
                bags: 0,
                taxable: Centavos::ZERO,
                tax_amount: Centavos::ZERO,
                ..line_subtotal
            });
            subtotal.bags = subtotal
                .bags
                .checked_add(line_subtotal.bags)
                .ok_or(TaxError::TooLarge)?;
            subtotal.taxable = add(subtotal.taxable, line_subtotal.taxable)?;
            subtotal.tax_amount = add(subtotal.tax_amount, line_subtotal.tax_amount)?;
        }
        let subtotals: Vec<TaxSubtotal> = by_rate.into_values().collect();
        let sum = |amounts: &mut dyn Iterator<Item = Centavos>| {
            Centavos::checked_sum(amounts).ok_or(TaxError::TooLarge)
        };
        let line_extension = sum(&mut lines.iter().map(|line| line.base))?;
        let tax_exclusive = sum(&mut subtotals.iter().map(|subtotal| subtotal.taxable))?;
        let taxes = sum(&mut subtotals.iter().map(|subtotal| subtotal.tax_amount))?;
        let tax_inclusive = add(line_extension, taxes)?;
        Ok(DocumentTotals {
            lines,
            subtotals,
            line_extension,
            tax_exclusive,
            tax_inclusive,
            payable: tax_inclusive,
        })
    }

    /// The whole of one tax across the document (the CUDE's `ValIva`, `ValInc`).
    pub fn tax_of(&self, scheme: TaxScheme) -> Centavos {
        self.subtotals
            .iter()
            .filter(|subtotal| subtotal.scheme == scheme)
            .map(|subtotal| subtotal.tax_amount)
            .try_fold(Centavos::ZERO, Centavos::checked_add)
            // `of` summed every subtotal already, so a part of that sum fits too.
            .unwrap_or_default()
    }

    /// The subtotals of one tax, for its `cac:TaxTotal`.
    pub fn subtotals_of(&self, scheme: TaxScheme) -> impl Iterator<Item = &TaxSubtotal> {
        self.subtotals
            .iter()
            .filter(move |subtotal| subtotal.scheme == scheme)
    }
}

fn add(one: Centavos, other: Centavos) -> Result<Centavos, TaxError> {
    one.checked_add(other).ok_or(TaxError::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn included(quantity: i64, pesos: i64, tax: LineTax) -> LineFigures {
        line_figures(quantity, Pesos::new(pesos), tax, PriceKind::TaxIncluded).unwrap()
    }

    fn figures(line: &LineFigures) -> (i64, i64, i64) {
        (line.base.get(), line.tax_amount.get(), line.total.get())
    }

    #[test]
    fn a_price_with_its_tax_splits_into_base_and_tax() {
        assert_eq!(
            figures(&included(1, 119_000, LineTax::Iva19)),
            (10_000_000, 1_900_000, 11_900_000)
        );
        assert_eq!(
            figures(&included(1, 1_050, LineTax::Iva5)),
            (100_000, 5_000, 105_000)
        );
        assert_eq!(
            figures(&included(1, 10_800, LineTax::Inc8)),
            (1_000_000, 80_000, 1_080_000)
        );
        assert_eq!(
            figures(&included(3, 2_500, LineTax::IvaExempt)),
            (750_000, 0, 750_000)
        );
        assert_eq!(
            figures(&included(2, 4_000, LineTax::Excluded)),
            (800_000, 0, 800_000)
        );
    }

    #[test]
    fn the_base_is_rounded_to_the_nearest_centavo_and_the_tax_is_what_remains() {
        // $ 1.000 / 1.19 = 840.336…: down to 840.34, the tax 159.66.
        assert_eq!(
            figures(&included(1, 1_000, LineTax::Iva19)),
            (84_034, 15_966, 100_000)
        );
        // $ 17 / 1.19 = 14.285…: up to 14.29, the tax 2.71.
        assert_eq!(
            figures(&included(1, 17, LineTax::Iva19)),
            (1_429, 271, 1_700)
        );
        // The line is split once: two of $ 1.000 is not twice one of them.
        assert_eq!(
            figures(&included(2, 1_000, LineTax::Iva19)),
            (168_067, 31_933, 200_000)
        );
        // Whatever the price, base and tax add up to the price, and the tax is within a
        // centavo of the base times the rate (what a validator recomputes).
        for tax in [LineTax::Iva19, LineTax::Iva5, LineTax::Inc8] {
            let percent = tax.percent().unwrap();
            for pesos in 1..=5_000 {
                let line = included(1, pesos, tax);
                assert_eq!(line.base.get() + line.tax_amount.get(), pesos * 100);
                let exact = line.base.get() * percent;
                assert!(
                    (line.tax_amount.get() * 100 - exact).abs() <= 100,
                    "{pesos} {tax:?}"
                );
            }
        }
    }

    #[test]
    fn a_price_before_tax_takes_its_tax_on_top() {
        let line =
            line_figures(2, Pesos::new(1_000), LineTax::Iva19, PriceKind::BeforeTax).unwrap();
        assert_eq!(figures(&line), (200_000, 38_000, 238_000));
        let bags = line_figures(
            3,
            Pesos::new(100),
            LineTax::Bags {
                per_bag: Pesos::new(50),
            },
            PriceKind::BeforeTax,
        )
        .unwrap();
        assert_eq!(figures(&bags), (30_000, 15_000, 45_000));
    }

    #[test]
    fn the_bag_tax_is_per_bag_whatever_its_price() {
        let per_bag = Pesos::new(66);
        let line = included(4, 100, LineTax::Bags { per_bag });
        assert_eq!(figures(&line), (13_600, 26_400, 40_000));
        // A bag charged at the tax alone has no base.
        assert_eq!(
            figures(&included(1, 66, LineTax::Bags { per_bag })),
            (0, 6_600, 6_600)
        );
        assert_eq!(
            line_figures(
                1,
                Pesos::new(50),
                LineTax::Bags { per_bag },
                PriceKind::TaxIncluded
            ),
            Err(TaxError::BagPriceBelowTax(per_bag))
        );
    }

    #[test]
    fn a_line_without_a_positive_quantity_or_with_a_negative_price_is_refused_in_words() {
        let refused = line_figures(
            -1,
            Pesos::new(1_000),
            LineTax::Iva19,
            PriceKind::TaxIncluded,
        );
        assert_eq!(refused, Err(TaxError::QuantityNotPositive(-1)));
        assert!(refused.unwrap_err().to_string().contains("-1"));
        assert_eq!(
            line_figures(0, Pesos::new(1_000), LineTax::Iva19, PriceKind::TaxIncluded),
            Err(TaxError::QuantityNotPositive(0))
        );
        let negative = line_figures(1, Pesos::new(-5), LineTax::Iva19, PriceKind::TaxIncluded);
        assert_eq!(negative, Err(TaxError::PriceNegative));
        let huge = line_figures(
            i64::MAX,
            Pesos::new(2),
            LineTax::Iva19,
            PriceKind::TaxIncluded,
        );
        assert_eq!(huge, Err(TaxError::TooLarge));
        for error in [
            TaxError::PriceNegative,
            TaxError::TooLarge,
            TaxError::NoLines,
        ] {
            assert!(!error.to_string().is_empty());
        }
        assert_eq!(DocumentTotals::of(Vec::new()), Err(TaxError::NoLines));
    }

    #[test]
    fn the_dian_example_totals_come_out_of_its_lines() {
        // Ejemplo POS.xml: shoes at 100000.00 before 19 % IVA, and a bag at 100.00 with 50.00
        // of bag tax.
        let shoes = included(1, 119_000, LineTax::Iva19);
        let bag = line_figures(
            1,
            Pesos::new(100),
            LineTax::Bags {
                per_bag: Pesos::new(50),
            },
            PriceKind::BeforeTax,
        )
        .unwrap();
        let totals = DocumentTotals::of(vec![shoes, bag]).unwrap();
        assert_eq!(totals.line_extension.to_string(), "100100.00");
        assert_eq!(totals.tax_exclusive.to_string(), "100000.00");
        assert_eq!(totals.tax_inclusive.to_string(), "119150.00");
        assert_eq!(totals.payable.to_string(), "119150.00");
        assert_eq!(totals.tax_of(TaxScheme::Iva).to_string(), "19000.00");
        assert_eq!(totals.tax_of(TaxScheme::Inc), Centavos::ZERO);
        assert_eq!(totals.tax_of(TaxScheme::IncBags).to_string(), "50.00");
        let bags = totals.subtotals_of(TaxScheme::IncBags).next().unwrap();
        assert_eq!(
            (bags.bags, bags.per_bag, bags.taxable),
            (1, Some(Centavos::new(5_000)), Centavos::ZERO)
        );
    }

    #[test]
    fn totals_are_the_sums_of_their_lines_by_tax_and_rate() {
        let lines = vec![
            included(1, 1_000, LineTax::Iva19),
            included(1, 1_000, LineTax::Iva19),
            included(1, 2_100, LineTax::Iva5),
            included(1, 5_400, LineTax::Inc8),
            included(1, 3_000, LineTax::Excluded),
            included(1, 700, LineTax::IvaExempt),
        ];
        let totals = DocumentTotals::of(lines).unwrap();
        let iva: Vec<(Option<i64>, i64, i64)> = totals
            .subtotals_of(TaxScheme::Iva)
            .map(|subtotal| {
                (
                    subtotal.percent,
                    subtotal.taxable.get(),
                    subtotal.tax_amount.get(),
                )
            })
            .collect();
        // Rates in order 0, 5, 19: two lines of 840.34 each, never one split of 2000.
        assert_eq!(
            iva,
            vec![
                (Some(0), 70_000, 0),
                (Some(5), 200_000, 10_000),
                (Some(19), 168_068, 31_932)
            ]
        );
        assert_eq!(totals.tax_of(TaxScheme::Inc).get(), 40_000);
        // Outside IVA: in the lines' bases, not in the taxed bases.
        assert_eq!(
            totals.line_extension.get(),
            168_068 + 200_000 + 500_000 + 300_000 + 70_000
        );
        assert_eq!(
            totals.tax_exclusive.get(),
            168_068 + 200_000 + 500_000 + 70_000
        );
        // What the customer pays is what was typed, to the centavo.
        assert_eq!(
            totals.payable.get(),
            (1_000 + 1_000 + 2_100 + 5_400 + 3_000 + 700) * 100
        );
    }

    #[test]
    fn a_price_before_tax_is_never_rounded_apart_from_its_line() {
        let line = included(3, 1_000, LineTax::Iva19);
        // 3000 / 1.19 = 2521.01 for the line, which three of 840.34 would miss by a centavo.
        assert_eq!(line.base.get(), 252_101);
        assert_eq!(line.price_before_tax(), (Centavos::new(252_101), 3));
        let even = included(4, 1_190, LineTax::Iva19);
        assert_eq!(even.price_before_tax(), (Centavos::new(100_000), 1));
    }
}
