//! The three figures at the top of every close, as a person reads them: Ventas (what was sold,
//! less returns, with how it was paid under it), Recibido (the service's confirmed money with
//! its fee and net, and apart the cash the cashiers took: two kinds never added), and Por cobrar
//! (fiado owed, charges still waiting). Laid out once from `Report::figures`, so Cuadre del día,
//! `paydesk ledger close` and the printed close say the same figures in the same words. What
//! counts in no figure (sales unpaid, voided or paid twice, returns not confirmed yet) is said
//! apart, under the figure it would be confused with.

use crate::api::catalog::MethodCatalog;
use crate::ledger::reconcile::{Figures, Sum};
use crate::money::Pesos;

/// One line under a figure: a term of it and its amount, or a caption over the lines that
/// follow (no amount: «Cómo se pagó»).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureLine {
    pub label: String,
    pub amount: Option<Pesos>,
    /// A part of the line above it (the fee and net under the service's money, a way of paying
    /// under its caption): drawn indented.
    pub part: bool,
}

/// One of the three figures: its name, its one answer, what it holds, and what is said apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figure {
    /// «Ventas», «Recibido», «Por cobrar».
    pub title: String,
    /// The answer, when it is one figure (Ventas, Por cobrar). Recibido has none: the service's
    /// money and the drawers' are two kinds, never added into one.
    pub amount: Option<Pesos>,
    /// What the figure is, in a few words: «Lo vendido menos lo devuelto».
    pub meaning: String,
    /// Its terms and parts: what was sold and returned and how it was paid, where the money
    /// is, who owes.
    pub lines: Vec<FigureLine>,
    /// Said apart, in no figure: unpaid, voided or paid twice, returns under way.
    pub apart: Vec<String>,
}

/// The three figures, in the order they are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureLines {
    pub sales: Figure,
    pub received: Figure,
    pub owed: Figure,
}

impl FigureLines {
    pub fn of(figures: &Figures, catalog: &MethodCatalog) -> FigureLines {
        FigureLines {
            sales: sales(figures, catalog),
            received: received(figures),
            owed: owed(figures),
        }
    }

    /// The three, for a surface that draws them one after another.
    pub fn all(&self) -> [&Figure; 3] {
        [&self.sales, &self.received, &self.owed]
    }
}

fn line(label: String, amount: Pesos) -> FigureLine {
    FigureLine {
        label,
        amount: Some(amount),
        part: false,
    }
}

fn part(label: String, amount: Pesos) -> FigureLine {
    FigureLine {
        label,
        amount: Some(amount),
        part: true,
    }
}

fn sales(figures: &Figures, catalog: &MethodCatalog) -> Figure {
    let sales = &figures.sales;
    let mut lines = vec![
        line(
            crate::t!("dayclose-sales-sold", count = sales.sold.count),
            sales.sold.amount,
        ),
        line(
            crate::t!("dayclose-sales-returned", count = sales.returned.count),
            Pesos::new(-sales.returned.amount.get()),
        ),
    ];
    if !sales.by_way.is_empty() {
        lines.push(FigureLine {
            label: crate::t!("dayclose-sales-by-way"),
            amount: None,
            part: false,
        });
        lines.extend(
            sales
                .by_way
                .iter()
                .map(|(way, sum)| part(way.named(catalog), sum.net())),
        );
    }
    let mut apart = Vec::new();
    let said = |sum: &Sum, id: &str| {
        (sum.count > 0).then(|| match id {
            "under-way" => crate::t!(
                "dayclose-sales-under-way",
                count = sum.count,
                amount = sum.amount.to_string()
            ),
            "unpaid" => crate::t!(
                "dayclose-sales-unpaid",
                count = sum.count,
                amount = sum.amount.to_string()
            ),
            "voided" => crate::t!(
                "dayclose-sales-voided",
                count = sum.count,
                amount = sum.amount.to_string()
            ),
            _ => crate::t!(
                "dayclose-sales-paid-twice",
                count = sum.count,
                amount = sum.amount.to_string()
            ),
        })
    };
    apart.extend(said(&sales.returns_under_way, "under-way"));
    apart.extend(said(&sales.unpaid, "unpaid"));
    apart.extend(said(&sales.voided, "voided"));
    apart.extend(said(&sales.paid_twice, "paid-twice"));
    Figure {
        title: crate::t!("dayclose-sales"),
        amount: Some(sales.net()),
        meaning: crate::t!("dayclose-sales-meaning"),
        lines,
        apart,
    }
}

fn received(figures: &Figures) -> Figure {
    let received = &figures.received;
    let service = &received.service;
    let lines = vec![
        line(
            crate::t!("dayclose-received-service", count = service.count),
            service.gross,
        ),
        part(crate::t!("status-fee"), service.fee),
        part(crate::t!("you-receive"), service.net),
        line(
            crate::t!("dayclose-received-cash", count = received.cash.count),
            received.cash.amount,
        ),
    ];
    let unknown = service.count.saturating_sub(received.service_with_fee);
    let apart = (unknown > 0)
        .then(|| crate::t!("dayclose-received-fee-unknown", count = unknown))
        .into_iter()
        .collect();
    Figure {
        title: crate::t!("dayclose-received"),
        amount: None,
        meaning: crate::t!("dayclose-received-meaning"),
        lines,
        apart,
    }
}

fn owed(figures: &Figures) -> Figure {
    let owed = &figures.owed;
    Figure {
        title: crate::t!("dayclose-owed"),
        amount: Some(owed.total()),
        meaning: crate::t!("dayclose-owed-meaning"),
        lines: vec![
            line(
                crate::t!("dayclose-owed-tabs", count = owed.tabs.count),
                owed.tabs.amount,
            ),
            line(
                crate::t!("dayclose-owed-charges", count = owed.charges.count),
                owed.charges.amount,
            ),
        ],
        apart: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::kind::PaymentKind;
    use crate::ledger::reconcile::{PaidWith, Totals, WaySum};

    fn sum(count: usize, amount: i64) -> Sum {
        Sum {
            count,
            amount: Pesos::new(amount),
        }
    }

    fn a_day() -> Figures {
        let mut figures = Figures::default();
        let sales = &mut figures.sales;
        sales.sold = sum(3, 70_000);
        sales.returned = sum(1, 10_000);
        sales.by_way.insert(
            PaidWith::Cash,
            WaySum {
                sold: sum(1, 15_000),
                returned: sum(0, 0),
            },
        );
        sales.by_way.insert(
            PaidWith::Service(PaymentKind::Link),
            WaySum {
                sold: sum(1, 25_000),
                returned: sum(1, 10_000),
            },
        );
        sales.by_way.insert(
            PaidWith::Tab,
            WaySum {
                sold: sum(1, 30_000),
                returned: sum(0, 0),
            },
        );
        sales.unpaid = sum(1, 12_000);
        sales.voided = sum(1, 8_000);
        sales.paid_twice = sum(1, 9_000);
        figures.received.service = Totals {
            count: 2,
            gross: Pesos::new(45_000),
            fee: Pesos::new(1_190),
            net: Pesos::new(43_810),
        };
        figures.received.service_with_fee = 2;
        figures.received.cash = sum(2, 21_000);
        figures.owed.tabs = sum(1, 10_000);
        figures.owed.charges = sum(1, 12_000);
        figures
    }

    #[test]
    fn ventas_is_one_figure_with_how_it_was_paid_under_it_and_the_rest_apart() {
        let lines = FigureLines::of(&a_day(), &MethodCatalog::default());
        let sales = &lines.sales;
        assert_eq!(sales.title, "Sales");
        assert_eq!(sales.amount, Some(Pesos::new(60_000)));
        assert_eq!(sales.meaning, "What was sold less what was returned");
        let said: Vec<(&str, Option<i64>, bool)> = sales
            .lines
            .iter()
            .map(|line| (line.label.as_str(), line.amount.map(Pesos::get), line.part))
            .collect();
        assert_eq!(
            said,
            [
                ("Sold (3 sales)", Some(70_000), false),
                ("Returns (1)", Some(-10_000), false),
                ("How it was paid", None, false),
                ("Cash", Some(15_000), true),
                ("On the tab", Some(30_000), true),
                ("Payment link", Some(15_000), true),
            ]
        );
        let terms: i64 = said[..2].iter().filter_map(|line| line.1).sum();
        let by_way: i64 = said[3..].iter().filter_map(|line| line.1).sum();
        assert_eq!(Some(Pesos::new(terms)), sales.amount, "the terms add up");
        assert_eq!(Some(Pesos::new(by_way)), sales.amount, "the ways add up");
        assert_eq!(sales.apart.len(), 3, "{:?}", sales.apart);
        assert!(
            sales
                .apart
                .iter()
                .all(|words| words.contains("not counted in Sales"))
        );
        assert!(sales.apart[2].contains("$ 9.000 over"), "{:?}", sales.apart);
    }

    #[test]
    fn recibido_keeps_the_two_kinds_of_money_apart() {
        let lines = FigureLines::of(&a_day(), &MethodCatalog::default());
        let received = &lines.received;
        assert_eq!(received.amount, None, "never one sum of the two");
        let said: Vec<(&str, i64, bool)> = received
            .lines
            .iter()
            .map(|line| {
                let amount = line.amount.unwrap_or_default().get();
                (line.label.as_str(), amount, line.part)
            })
            .collect();
        assert_eq!(
            said,
            [
                ("Confirmed by the service (2 payments)", 45_000, false),
                ("Fee", 1_190, true),
                ("You receive", 43_810, true),
                (
                    "Cash in the drawers, counted by the cashier (2)",
                    21_000,
                    false
                ),
            ]
        );
        assert!(received.apart.is_empty());
        let owed = &lines.owed;
        assert_eq!(owed.amount, Some(Pesos::new(22_000)));
        assert_eq!(owed.lines[0].label, "Tabs (1 customer)");
    }
}
