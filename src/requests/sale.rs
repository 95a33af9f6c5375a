//! A sale as typed at the till: what was sold, line by line (typed, or picked from the shop's
//! frequent items), an item to keep as frequent, and the ways it is paid when it is paid in
//! parts: a deposit in cash and the rest on fiado, or cash handed over short of the sale and the
//! rest by a QR or a link. Each is read whole, every problem with its field. What the books
//! decide (the parts add up to the sale, a customer's limit, the drawer's shift) stays theirs:
//! they refuse it in their words.

use super::{CashInForm, PaymentLinkForm, Problems, ResourceForm, Service, take};
use crate::api::family_a::ResourceRequest;
use crate::api::family_b::PaymentLinkRequest;
use crate::money::Pesos;
use crate::validate::{self, Field, ValidationError};

/// The most characters of a line's or a frequent item's description.
pub const LINE_TEXT_MAX_CHARS: usize = 80;

/// The most of one thing on one line.
pub const QUANTITY_MAX: i64 = 999;

/// The field a line's quantity is named by in its problems.
pub const QUANTITY_FIELD: Field = Field::Products;

/// The kind of QR the rest of a sale is charged by: a dynamic QR with its amount, which the
/// payer's bank app reads and pays as it is.
pub const REST_QR_METHOD: i64 = 2;

/// How long a link for the rest of a sale lives: the customer pays it at the counter.
const REST_LINK_SECONDS: u64 = 3_600;

/// A line of what was sold, as typed: an empty quantity is one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineForm {
    pub description: String,
    pub quantity: String,
    pub unit_price: String,
}

/// A line read: what, how many, the price of one, and the frequent item it was picked from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineAsk {
    pub description: String,
    pub quantity: i64,
    pub unit_price: Pesos,
    pub item: Option<i64>,
}

impl LineAsk {
    pub fn total(&self) -> Pesos {
        Pesos::new(self.unit_price.get().saturating_mul(self.quantity))
    }
}

impl LineForm {
    pub fn parse(&self) -> Result<LineAsk, Problems> {
        let mut problems = Problems::new();
        let description = take(words(Field::Description, &self.description), &mut problems);
        let quantity = take(quantity(&self.quantity), &mut problems);
        let unit_price = take(
            validate::amount(Field::Amount, &self.unit_price),
            &mut problems,
        );
        match (description, quantity, unit_price) {
            (Some(description), Some(quantity), Some(unit_price)) => {
                let line = LineAsk {
                    description,
                    quantity,
                    unit_price,
                    item: None,
                };
                validate::positive_amount(Field::Amount, line.total())
                    .map(|_| line)
                    .map_err(|problem| vec![problem])
            }
            _ => Err(problems),
        }
    }
}

/// How many, as typed: empty is one; a whole number from 1 to [`QUANTITY_MAX`].
pub fn quantity(text: &str) -> Result<i64, ValidationError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(1);
    }
    match text.parse::<i64>() {
        Ok(count) if (1..=QUANTITY_MAX).contains(&count) => Ok(count),
        _ => Err(ValidationError::new(
            QUANTITY_FIELD,
            crate::t!("cobrar-quantity-rule", max = QUANTITY_MAX),
        )),
    }
}

/// What the lines add up to: the sale's amount, within one payment's ceiling.
pub fn lines_total(lines: &[LineAsk]) -> Result<Pesos, ValidationError> {
    let sum = lines
        .iter()
        .fold(0_i64, |sum, line| sum.saturating_add(line.total().get()));
    validate::positive_amount(Field::Amount, Pesos::new(sum))
}

/// An item the shop sells often, as typed where it sells: its description and price.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ItemForm {
    pub description: String,
    pub price: String,
}

impl ItemForm {
    pub fn parse(&self) -> Result<(String, Pesos), Problems> {
        let mut problems = Problems::new();
        let description = take(words(Field::Description, &self.description), &mut problems);
        let price = take(validate::amount(Field::Amount, &self.price), &mut problems);
        match (description, price) {
            (Some(description), Some(price)) => Ok((description, price)),
            _ => Err(problems),
        }
    }
}

/// What is left of a sale of `amount` once the customer handed over `tendered` in cash, when
/// that falls short: the rest another way pays.
pub fn rest_after(amount: Pesos, tendered: Pesos) -> Option<Pesos> {
    (tendered < amount && tendered > Pesos::ZERO).then(|| Pesos::new(amount.get() - tendered.get()))
}

/// A sale put on a customer's tab, as typed in Cobrar: its amount, what the customer pays now in
/// cash (a deposit: optional), and what was taken.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TabSaleForm {
    pub amount: String,
    pub deposit: String,
    pub description: String,
}

/// A sale on a tab, read: the deposit in cash (if any) and what goes on the tab add up to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabSaleAsk {
    pub amount: Pesos,
    pub deposit: Option<Pesos>,
    pub description: String,
}

impl TabSaleAsk {
    /// What goes on the customer's tab.
    pub fn on_tab(&self) -> Pesos {
        Pesos::new(self.amount.get() - self.deposit.map_or(0, Pesos::get))
    }
}

impl TabSaleForm {
    pub fn parse(&self) -> Result<TabSaleAsk, Problems> {
        let mut problems = Problems::new();
        let amount = take(validate::amount(Field::Amount, &self.amount), &mut problems);
        let deposit = if self.deposit.trim().is_empty() {
            Some(None)
        } else {
            take(
                validate::amount(Field::Tendered, &self.deposit),
                &mut problems,
            )
            .map(Some)
        };
        let description = take(
            optional_words(Field::Description, &self.description),
            &mut problems,
        );
        if let (Some(amount), Some(Some(deposit))) = (amount, deposit)
            && deposit >= amount
        {
            problems.push(ValidationError::new(
                Field::Tendered,
                crate::t!("cobrar-deposit-covers", amount = amount.to_string()),
            ));
        }
        match (amount, deposit, description) {
            (Some(amount), Some(deposit), Some(description)) if problems.is_empty() => {
                Ok(TabSaleAsk {
                    amount,
                    deposit,
                    description,
                })
            }
            _ => Err(problems),
        }
    }
}

/// A payment link for what is left of a sale, under `reference1`, for the customer to pay at
/// the counter.
pub fn rest_by_link(
    rest: Pesos,
    description: &str,
    reference1: &str,
    service: &Service<'_>,
) -> Result<PaymentLinkRequest, Problems> {
    PaymentLinkForm {
        cash_in: CashInForm {
            amount: rest.get().to_string(),
            reference1: reference1.to_owned(),
            description: description.to_owned(),
            expires_in: Some(REST_LINK_SECONDS),
            ..CashInForm::default()
        },
    }
    .parse(service)
}

/// A QR with its amount for what is left of a sale, under `reference1`: the customer scans it
/// at the counter.
pub fn rest_by_qr(
    rest: Pesos,
    description: &str,
    reference1: &str,
) -> Result<ResourceRequest, Problems> {
    ResourceForm {
        method_id: REST_QR_METHOD,
        amount: rest.get().to_string(),
        reference1: reference1.to_owned(),
        description: description.to_owned(),
        ..ResourceForm::default()
    }
    .parse()
}

fn optional_words(field: Field, text: &str) -> Result<String, ValidationError> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = text.chars().count();
    if count > LINE_TEXT_MAX_CHARS {
        return Err(ValidationError::new(
            field,
            crate::t!("rule-at-most", max = LINE_TEXT_MAX_CHARS, count = count),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ValidationError::new(field, crate::t!("cash-no-control")));
    }
    Ok(text)
}

fn words(field: Field, text: &str) -> Result<String, ValidationError> {
    let text = optional_words(field, text)?;
    if text.is_empty() {
        return Err(ValidationError::new(
            field,
            crate::t!("cobrar-description-missing"),
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(description: &str, quantity: &str, price: &str) -> LineForm {
        LineForm {
            description: description.into(),
            quantity: quantity.into(),
            unit_price: price.into(),
        }
    }

    #[test]
    fn a_line_is_what_how_many_and_the_price_of_one() {
        let read = line(" Arroz  Diana ", "", "3.500").parse().expect("a line");
        assert_eq!(read.description, "Arroz Diana");
        assert_eq!(read.quantity, 1, "empty is one");
        assert_eq!(read.total(), Pesos::new(3_500));
        let three = line("Gaseosa", "3", "2500").parse().expect("a line");
        assert_eq!(three.total(), Pesos::new(7_500));
        assert_eq!(
            lines_total(&[read, three]).expect("a total"),
            Pesos::new(11_000)
        );
        let fields = |form: LineForm| -> Vec<Field> {
            form.parse()
                .expect_err("refused")
                .iter()
                .map(|p| p.field)
                .collect()
        };
        assert_eq!(
            fields(line("", "0", "-1")),
            [Field::Description, QUANTITY_FIELD, Field::Amount]
        );
        assert_eq!(fields(line("Pan", "1.5", "500")), [QUANTITY_FIELD]);
        assert_eq!(fields(line("Pan", "1000", "500")), [QUANTITY_FIELD]);
        // Each line within the ceiling, and so their product.
        assert_eq!(fields(line("Nevera", "999", "9.000.000")), [Field::Amount]);
        assert!(lines_total(&[]).is_err(), "no lines, no amount");
    }

    #[test]
    fn a_deposit_leaves_something_on_the_tab() {
        let form = |amount: &str, deposit: &str| TabSaleForm {
            amount: amount.into(),
            deposit: deposit.into(),
            description: "Mercado".into(),
        };
        let read = form("40.000", "10.000").parse().expect("a sale on the tab");
        assert_eq!(read.on_tab(), Pesos::new(30_000));
        assert_eq!(form("40.000", "").parse().expect("all").deposit, None);
        for covers in ["40.000", "50.000"] {
            let problems = form("40.000", covers).parse().expect_err(covers);
            assert_eq!(problems[0].field, Field::Tendered);
        }
        assert_eq!(
            form("", "").parse().expect_err("no amount")[0].field,
            Field::Amount
        );
    }

    #[test]
    fn the_rest_is_what_the_cash_did_not_cover() {
        let p = Pesos::new;
        assert_eq!(rest_after(p(40_000), p(20_000)), Some(p(20_000)));
        assert_eq!(rest_after(p(40_000), p(40_000)), None);
        assert_eq!(rest_after(p(40_000), p(50_000)), None);
        assert_eq!(rest_after(p(40_000), Pesos::ZERO), None);
        let qr = rest_by_qr(p(20_000), "Mercado", "PD1").expect("a QR");
        assert_eq!(qr.bill.amount, Some(p(20_000)));
        assert_eq!(qr.method_id, REST_QR_METHOD);
    }
}
