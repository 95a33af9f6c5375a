//! The day's close as a person reads it: which lines it has, in which order, and what each says,
//! laid out once from `Ledger::reconcile`'s report. The window (Cuadre del día) and the terminal
//! (`paydesk ledger close`) only draw these lines, each in its own way, so the two cannot show
//! different closes.

mod figures;

use crate::api::catalog::MethodCatalog;

use super::activity::Actor;
use super::cash_state::CashSum;
use super::reconcile::{
    self, CashDay, Drawer, Report, SalesLessReturns, TabDay, TabSum, Totals, WaySum,
};
use crate::money::Pesos;
pub use figures::{Figure, FigureLine, FigureLines};

/// A line with a count and its money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TotalsLine {
    pub label: String,
    /// A part of the line above it (a method, a cashier): drawn indented.
    pub part: bool,
    pub totals: Totals,
}

/// A line of sales less returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetLine {
    pub label: String,
    /// A part of the line above it (a method, a cashier): drawn indented.
    pub part: bool,
    pub figures: SalesLessReturns,
}

/// Something a bookkeeper must look at, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExceptionLine {
    pub kind: String,
    pub reference: String,
    pub detail: String,
}

/// A line of the drawers' cash: a count and its money (cash has no fee).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashLine {
    pub label: String,
    /// A part of the line above it (a cashier): drawn indented.
    pub part: bool,
    pub sum: CashSum,
}

/// One till's shift in the close, in words ready to draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawerLine {
    pub shift: i64,
    pub till: String,
    pub opened_by: String,
    pub opened_at: String,
    /// Who closed and when, or «Abierto, sin contar».
    pub closed: String,
    pub base: Pesos,
    /// Frozen at the close, or so far while open.
    pub expected: Pesos,
    pub counted: Option<Pesos>,
    /// «Cuadra al peso», «Faltante de $ 3.000», or «Abierto, sin contar».
    pub difference: String,
    /// Counted less expected, signed (0 while open): for programs.
    pub difference_signed: i64,
}

/// The drawers' cash, apart from the service's money and said to be counted, not confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashLines {
    /// «Efectivo: contado por el cajero, no lo confirma el servicio».
    pub heading: String,
    /// Cash sales and their parts by cashier, cash returns, money in, money out, cash sales
    /// less cash returns, and the voided entries (in none of the others).
    pub lines: Vec<CashLine>,
    pub drawers: Vec<DrawerLine>,
    /// The counted drawers' differences added, in words, with how many are still open.
    pub difference: Option<String>,
    /// Counted less expected over every counted drawer, signed: for programs.
    pub difference_signed: i64,
}

/// A line of customers' tabs: a count and its amount, and, for what was collected, where that
/// money is already counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabLine {
    pub label: String,
    /// A part of the line above it (a cashier): drawn indented.
    pub part: bool,
    pub sum: TabSum,
    /// «Ya está en lo confirmado por el servicio…»: said beside a collected amount.
    pub counted_in: Option<String>,
}

/// Customers' tabs, apart from both kinds of money: what was taken is not money received, and
/// what was collected is already counted by the service or in a drawer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabLines {
    /// «Fiado: lo que se llevaron sin pagar; no es dinero recibido».
    pub heading: String,
    /// What was taken and its parts by cashier, what was collected by a link or QR, and in cash.
    pub lines: Vec<TabLine>,
    /// What customers owe the shop now, in words.
    pub owed: String,
    /// What the shop owes customers now (saldo a favor), in words, when it owes any.
    pub credit: Option<String>,
}

/// The close's lines, in the order they are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloseLines {
    /// The three figures, before any detail: Ventas, Recibido, Por cobrar.
    pub figures: FigureLines,
    /// «Confirmado por el servicio»: the heading over the service's money (received, payouts,
    /// its returns), which says which kind of money it is beside the cash.
    pub service_heading: String,
    /// The drawers' cash, when the range had any (a drawer opened or an entry written).
    pub cash: Option<CashLines>,
    /// Customers' tabs, when the range wrote on one or anyone owes or is owed now.
    pub tabs: Option<TabLines>,
    /// The money received: every approval the service confirmed, then its parts by method and,
    /// once sales carry a cashier, by cashier.
    pub received: Vec<TotalsLine>,
    /// Approvals announced and not confirmed: a line of their own, in no total.
    pub unconfirmed: Option<String>,
    /// Money sent: a payout has no payer and no fee, only its amount. Returns apart.
    pub payouts: Vec<TotalsLine>,
    /// Money back to customers, apart from payouts: the confirmed returns, then their parts by
    /// the sale's method and (once sales carry a cashier) cashier, then those under way and
    /// those that did not go. Empty when no return was made in the range.
    pub returns: Vec<TotalsLine>,
    /// Ventas: what was sold less what went back, the whole (the figure at the top), then by
    /// how it was paid and by who sold. Empty when no return was made in the range.
    pub net: Vec<NetLine>,
    /// Whose cost a return's fee is, said beside the returns.
    pub returns_fee: Option<String>,
    /// Payments created in the range, by their last known state: "Aprobado: 2 ($ 50.000)".
    pub by_state: Vec<String>,
    /// "Nothing to review", or how many things there are to review.
    pub exceptions_heading: String,
    pub exceptions: Vec<ExceptionLine>,
    /// How many notifications arrived in the range.
    pub notifications: String,
}

impl CloseLines {
    pub fn of(report: &Report, catalog: &MethodCatalog) -> CloseLines {
        CloseLines {
            figures: FigureLines::of(&report.figures, catalog),
            service_heading: crate::t!("cashclose-service-heading"),
            cash: (!report.cash.is_empty()).then(|| CashLines::of(&report.cash)),
            tabs: (!report.tabs.is_empty()).then(|| TabLines::of(&report.tabs)),
            received: received_lines(report, catalog),
            unconfirmed: (report.unconfirmed > 0)
                .then(|| crate::t!("reconcile-unconfirmed", count = report.unconfirmed)),
            payouts: vec![
                whole(crate::t!("activity-payouts-paid"), report.payouts_paid),
                whole(crate::t!("activity-payouts-open"), report.payouts_open),
                whole(crate::t!("activity-payouts-failed"), report.payouts_failed),
            ],
            returns: return_lines(report, catalog),
            net: net_lines(report, catalog),
            returns_fee: (!report.returns.is_empty()).then(|| crate::t!("close-returns-fee")),
            by_state: report
                .by_state
                .iter()
                .map(|(state, totals)| {
                    format!(
                        "{}: {} ({})",
                        reconcile::state_words(*state),
                        totals.count,
                        totals.gross
                    )
                })
                .collect(),
            exceptions_heading: if report.exceptions.is_empty() {
                crate::t!("activity-no-exceptions")
            } else {
                crate::t!("activity-exceptions", count = report.exceptions.len())
            },
            exceptions: report
                .exceptions
                .iter()
                .map(|exception| ExceptionLine {
                    kind: exception.kind.words(),
                    reference: exception.reference.clone(),
                    detail: exception.detail.clone(),
                })
                .collect(),
            notifications: crate::t!("reconcile-notifications", count = report.notifications),
        }
    }

    /// The heading over the state lines.
    pub fn by_state_heading() -> String {
        crate::t!("activity-by-state")
    }

    /// What a payout line's figures are: count and the amount sent (a payout has no payer and no
    /// fee, so the money-in columns say nothing of it).
    pub fn payout_columns() -> [String; 2] {
        [crate::t!("activity-count"), crate::t!("close-payout-sent")]
    }

    /// What a net line's figures are, in its order: what was sold, what went back, what is
    /// left.
    pub fn net_columns() -> [String; 3] {
        [
            crate::t!("dayclose-sold"),
            crate::t!("close-returned"),
            crate::t!("close-left"),
        ]
    }

    /// What a totals line's figures are, in its order: count, what payers paid, the fee, what
    /// the shop receives.
    pub fn columns() -> [String; 4] {
        [
            crate::t!("activity-count"),
            crate::t!("paid-by-customer"),
            crate::t!("status-fee"),
            crate::t!("you-receive"),
        ]
    }
}

impl CashLines {
    pub fn of(cash: &CashDay) -> CashLines {
        let line = |label: String, part: bool, sum: CashSum| CashLine { label, part, sum };
        let mut lines = vec![line(crate::t!("cash-kind-sale"), false, cash.sales)];
        for (name, sum) in &cash.sales_by_cashier {
            lines.push(line(name.clone(), true, *sum));
        }
        lines.push(line(crate::t!("cash-kind-return"), false, cash.returns));
        lines.push(line(crate::t!("cash-kind-in"), false, cash.cash_in));
        lines.push(line(crate::t!("cash-kind-out"), false, cash.cash_out));
        lines.push(line(
            crate::t!("cashclose-net-sales"),
            false,
            CashSum {
                count: cash.sales.count,
                amount: cash.net_sales(),
            },
        ));
        if cash.voided.count > 0 {
            lines.push(line(crate::t!("cashclose-voided"), false, cash.voided));
        }
        let open = cash.open_drawers();
        let difference = cash.difference().map(|difference| {
            crate::t!(
                "cashclose-drawers-difference",
                difference = difference.words(),
                open = open
            )
        });
        CashLines {
            heading: crate::t!("cashclose-cash-heading"),
            lines,
            drawers: cash.drawers.iter().map(drawer_line).collect(),
            difference: difference.or_else(|| {
                (open > 0).then(|| crate::t!("cashclose-drawers-uncounted", open = open))
            }),
            difference_signed: cash.difference().map_or(0, |d| d.signed()),
        }
    }
}

impl TabLines {
    pub fn of(tabs: &TabDay) -> TabLines {
        let line = |label: String, part: bool, sum: TabSum, counted_in: Option<String>| TabLine {
            label,
            part,
            sum,
            counted_in,
        };
        let mut lines = vec![line(crate::t!("tabclose-given"), false, tabs.given, None)];
        for (name, sum) in &tabs.given_by_cashier {
            lines.push(line(name.clone(), true, *sum, None));
        }
        lines.push(line(
            crate::t!("tabclose-paid-service"),
            false,
            tabs.paid_by_service,
            Some(crate::t!("tabclose-in-service")),
        ));
        lines.push(line(
            crate::t!("tabclose-paid-cash"),
            false,
            tabs.paid_in_cash,
            Some(crate::t!("tabclose-in-cash")),
        ));
        // Goods given back and credited to the tab: a return, already off the sales.
        if tabs.returned.count > 0 {
            lines.push(line(
                crate::t!("dayclose-tab-returned"),
                false,
                tabs.returned,
                Some(crate::t!("dayclose-tab-returned-where")),
            ));
        }
        TabLines {
            heading: crate::t!("tabclose-heading"),
            lines,
            owed: crate::t!(
                "tabclose-owed-now",
                amount = tabs.owed.amount.to_string(),
                count = tabs.owed.count
            ),
            credit: (tabs.credit.count > 0).then(|| {
                crate::t!(
                    "tabclose-credit-now",
                    amount = tabs.credit.amount.to_string(),
                    count = tabs.credit.count
                )
            }),
        }
    }
}

fn drawer_line(drawer: &Drawer) -> DrawerLine {
    let shift = &drawer.report.shift;
    let closed = match &shift.close {
        Some(close) => crate::t!(
            "cashclose-closed-by",
            who = who(&close.by),
            when = crate::clock::shown_datetime(close.closed_at)
        ),
        None => crate::t!("cashclose-open-uncounted"),
    };
    let difference = drawer.difference();
    DrawerLine {
        shift: shift.id,
        till: shift.till_name.clone(),
        opened_by: who(&shift.opened_by),
        opened_at: crate::clock::shown_datetime(shift.opened_at),
        closed,
        base: shift.base,
        expected: drawer.expected,
        counted: drawer.counted,
        difference: difference.map_or_else(|| crate::t!("cashclose-open-uncounted"), |d| d.words()),
        difference_signed: difference.map_or(0, |d| d.signed()),
    }
}

fn who(actor: &Actor) -> String {
    reconcile::who(actor)
}

/// Nothing happened in the range: no payment created, no payout, no return, no cash, nothing
/// written on a tab.
pub fn is_empty(report: &Report) -> bool {
    let figures = &report.figures;
    let sales = &figures.sales;
    sales.sold.count + sales.returned.count + sales.unpaid.count + sales.voided.count == 0
        && figures.received.service.count == 0
        && report.cash.is_empty()
        && !report.tabs.had_entries()
        && report.by_state.is_empty()
        && report.returns.is_empty()
        && [
            &report.payouts_paid,
            &report.payouts_open,
            &report.payouts_failed,
        ]
        .iter()
        .all(|totals| totals.count == 0)
}

fn whole(label: String, totals: Totals) -> TotalsLine {
    TotalsLine {
        label,
        part: false,
        totals,
    }
}

fn part(label: String, totals: Totals) -> TotalsLine {
    TotalsLine {
        label,
        part: true,
        totals,
    }
}

/// The cashier a line names: the till («la caja») where the sale named none.
fn cashier_label(name: &str) -> String {
    let who = crate::ledger::activity::seller_words(name);
    crate::t!("reconcile-by-cashier", name = who)
}

fn return_lines(report: &Report, catalog: &MethodCatalog) -> Vec<TotalsLine> {
    let returns = &report.returns;
    if returns.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![whole(crate::t!("close-returns-paid"), returns.paid)];
    for (kind, totals) in &returns.by_method {
        lines.push(part(kind.words(catalog), *totals));
    }
    if returns.by_cashier.keys().any(|name| !name.is_empty()) {
        for (name, totals) in &returns.by_cashier {
            lines.push(part(cashier_label(name), *totals));
        }
    }
    lines.push(whole(crate::t!("close-returns-open"), returns.open));
    lines.push(whole(crate::t!("close-returns-failed"), returns.failed));
    lines
}

/// Whether the range had a return of any kind: by payout, in cash, credited to a tab.
fn had_returns(report: &Report) -> bool {
    let sales = &report.figures.sales;
    !report.returns.is_empty() || sales.returned.count + sales.returns_under_way.count > 0
}

fn net_lines(report: &Report, catalog: &MethodCatalog) -> Vec<NetLine> {
    if !had_returns(report) {
        return Vec::new();
    }
    let sales = &report.figures.sales;
    let line = |label: String, part: bool, sum: &WaySum| NetLine {
        label,
        part,
        figures: SalesLessReturns {
            sold: sum.sold.amount,
            returned: sum.returned.amount,
            left: sum.net(),
        },
    };
    let whole = WaySum {
        sold: sales.sold,
        returned: sales.returned,
    };
    let mut lines = vec![line(crate::t!("close-net"), false, &whole)];
    for (way, sum) in &sales.by_way {
        lines.push(line(way.named(catalog), true, sum));
    }
    // Who sold, as the drawer's lines name them: a cashier by name, else the role's words.
    for (name, sum) in &sales.by_seller {
        lines.push(line(name.clone(), true, sum));
    }
    lines
}

fn received_lines(report: &Report, catalog: &MethodCatalog) -> Vec<TotalsLine> {
    let mut lines = vec![whole(
        crate::t!("activity-approved-collections"),
        report.approved,
    )];
    for (kind, totals) in &report.by_method {
        lines.push(part(kind.words(catalog), *totals));
    }
    // Arqueo por cajero, once sales carry a cashier.
    if report.by_cashier.keys().any(|name| !name.is_empty()) {
        for (name, totals) in &report.by_cashier {
            lines.push(part(cashier_label(name), *totals));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::api::kind::PaymentKind;
    use crate::money::Pesos;

    fn totals(count: usize, gross: i64) -> Totals {
        Totals {
            count,
            gross: Pesos::new(gross),
            fee: Pesos::ZERO,
            net: Pesos::new(gross),
        }
    }

    fn report(by_cashier: BTreeMap<String, Totals>) -> Report {
        let day = crate::clock::today();
        Report {
            from: day,
            to: day,
            by_state: BTreeMap::new(),
            by_method: BTreeMap::from([(PaymentKind::Link, totals(2, 50_000))]),
            by_cashier,
            by_day: BTreeMap::new(),
            by_hour: BTreeMap::new(),
            approved: totals(2, 50_000),
            unconfirmed: 0,
            payouts_paid: totals(0, 0),
            payouts_open: totals(0, 0),
            payouts_failed: totals(0, 0),
            returns: reconcile::Returned::default(),
            exceptions: Vec::new(),
            notifications: 3,
            cash: reconcile::CashDay::default(),
            tabs: reconcile::TabDay::default(),
            figures: reconcile::Figures::default(),
        }
    }

    #[test]
    fn the_money_received_comes_first_then_its_parts() {
        let anonymous = BTreeMap::from([(String::new(), totals(2, 50_000))]);
        let close = CloseLines::of(&report(anonymous), &MethodCatalog::default());
        let parts: Vec<bool> = close.received.iter().map(|line| line.part).collect();
        // Nobody named at the till: no line per cashier.
        assert_eq!(parts, [false, true]);
        assert_eq!(close.received[0].totals.gross, Pesos::new(50_000));
        assert_eq!(close.payouts.len(), 3);
        assert!(close.payouts.iter().all(|line| !line.part));
        assert!(close.unconfirmed.is_none() && close.exceptions.is_empty());
    }

    #[test]
    fn once_a_sale_names_its_cashier_every_cashier_has_a_line() {
        let named = BTreeMap::from([
            (String::new(), totals(1, 20_000)),
            ("Ana".to_owned(), totals(1, 30_000)),
        ]);
        let close = CloseLines::of(&report(named), &MethodCatalog::default());
        assert_eq!(close.received.len(), 4);
        assert!(close.received[3].label.contains("Ana"), "{close:?}");
    }

    #[test]
    fn a_range_with_no_payment_created_and_no_payout_is_empty() {
        let mut nothing = report(BTreeMap::new());
        assert!(is_empty(&nothing));
        nothing.payouts_open = totals(1, 10_000);
        assert!(!is_empty(&nothing));
    }
}
