//! Cash as the books hold it: a drawer's shift (turno), its entries (sales, returns, money in and
//! out), a void's correcting entry, the count at its close, and why the books refuse one. Counted
//! by a cashier, never confirmed by the service: nothing here is ever summed with the service's
//! money without saying so.

use super::actor::Actor;
use super::sale_state::SaleNumber;
use crate::money::Pesos;
use crate::money::cash::{Count, Difference};

/// What an entry of the drawer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CashKind {
    /// A sale paid in cash.
    Sale,
    /// Money given back in cash for a cash sale.
    Return,
    /// Cash put in the drawer (change brought in).
    In,
    /// Cash taken out (a supplier paid, a withdrawal to the safe).
    Out,
}

impl CashKind {
    pub const ALL: [CashKind; 4] = [
        CashKind::Sale,
        CashKind::Return,
        CashKind::In,
        CashKind::Out,
    ];

    /// The code kept in the books and in an English export.
    pub fn code(self) -> &'static str {
        match self {
            CashKind::Sale => "sale",
            CashKind::Return => "return",
            CashKind::In => "in",
            CashKind::Out => "out",
        }
    }

    pub fn parse(code: &str) -> Option<CashKind> {
        CashKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// «Venta en efectivo», «Devolución en efectivo», «Entrada de efectivo», «Salida de efectivo».
    pub fn words(self) -> String {
        match self {
            CashKind::Sale => crate::t!("cash-kind-sale"),
            CashKind::Return => crate::t!("cash-kind-return"),
            CashKind::In => crate::t!("cash-kind-in"),
            CashKind::Out => crate::t!("cash-kind-out"),
        }
    }

    /// Whether it takes money out of the drawer.
    pub fn takes_out(self) -> bool {
        match self {
            CashKind::Sale | CashKind::In => false,
            CashKind::Return | CashKind::Out => true,
        }
    }
}

/// A void: the correcting entry that takes an entry out of every figure, by the owner, with its
/// reason. The entry itself is never changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashVoid {
    pub at: i64,
    pub by: Actor,
    pub reason: String,
}

/// One entry of a drawer, as written (never edited) with its void, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashEntry {
    pub id: i64,
    pub shift: i64,
    pub at: i64,
    pub kind: CashKind,
    pub amount: Pesos,
    /// What the customer handed over (a sale's).
    pub tendered: Option<Pesos>,
    /// A sale's own reference; a return's, the cash sale it returns; "" for money in or out.
    pub reference: String,
    /// A sale charged in cash instead of this electronic sale (left unpaid at the service).
    pub instead_of: String,
    /// Why (money in or out, a return); a sale's is empty.
    pub reason: String,
    /// What was sold, as the cashier wrote it.
    pub description: String,
    pub by: Actor,
    pub void: Option<CashVoid>,
    /// The sale it is a part of (a sale), or whose part it gives back (a return).
    pub sale: Option<SaleNumber>,
}

impl CashEntry {
    /// The change the customer got (a sale's).
    pub fn change(&self) -> Option<Pesos> {
        self.tendered
            .map(|tendered| Pesos::new(tendered.get().saturating_sub(self.amount.get())))
    }

    /// What it does to the drawer: plus or minus its amount, nothing once voided.
    pub fn effect(&self) -> i64 {
        match (&self.void, self.kind.takes_out()) {
            (Some(_), _) => 0,
            (None, false) => self.amount.get(),
            (None, true) => -self.amount.get(),
        }
    }
}

/// What a person asks to write in the drawer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CashMove {
    Sale {
        amount: Pesos,
        tendered: Pesos,
        /// The sale's reference, minted by `cash::fresh_reference`.
        reference: String,
        /// The electronic sale this one is charged instead of ("" for none).
        instead_of: String,
        description: String,
    },
    /// Cash back for a cash sale (at most what remains of it), named by its reference; or, the
    /// owner allowing it, for a sale paid through the service, named by its charge's reference.
    Return {
        amount: Pesos,
        sale: String,
        reason: String,
    },
    /// Cash back for one part of a sale (paid in cash or through the service; a counter code's
    /// payment too), at most what remains of it.
    ReturnPart {
        amount: Pesos,
        sale: i64,
        part: i64,
        reason: String,
    },
    In {
        amount: Pesos,
        reason: String,
    },
    Out {
        amount: Pesos,
        reason: String,
    },
}

impl CashMove {
    pub fn kind(&self) -> CashKind {
        match self {
            CashMove::Sale { .. } => CashKind::Sale,
            CashMove::Return { .. } | CashMove::ReturnPart { .. } => CashKind::Return,
            CashMove::In { .. } => CashKind::In,
            CashMove::Out { .. } => CashKind::Out,
        }
    }

    pub fn amount(&self) -> Pesos {
        match self {
            CashMove::Sale { amount, .. }
            | CashMove::Return { amount, .. }
            | CashMove::ReturnPart { amount, .. }
            | CashMove::In { amount, .. }
            | CashMove::Out { amount, .. } => *amount,
        }
    }
}

/// A count and its money.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CashSum {
    pub count: usize,
    pub amount: Pesos,
}

impl CashSum {
    pub fn add(&mut self, amount: Pesos) {
        self.count += 1;
        self.amount = self.amount.saturating_add(amount);
    }

    /// Its money less `other`'s, never below zero (sales less returns).
    pub fn less(self, other: CashSum) -> Pesos {
        Pesos::new(self.amount.get().saturating_sub(other.amount.get()))
    }

    pub fn plus(self, other: CashSum) -> CashSum {
        CashSum {
            count: self.count + other.count,
            amount: self.amount.saturating_add(other.amount),
        }
    }
}

/// A shift's drawer in figures, from its entries (voided ones apart, in none of the others).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShiftFigures {
    pub base: Pesos,
    pub sales: CashSum,
    pub returns: CashSum,
    pub cash_in: CashSum,
    pub cash_out: CashSum,
    pub voided: CashSum,
}

impl ShiftFigures {
    pub fn of(base: Pesos, entries: &[CashEntry]) -> ShiftFigures {
        let mut figures = ShiftFigures {
            base,
            ..ShiftFigures::default()
        };
        for entry in entries {
            let sum = match (&entry.void, entry.kind) {
                (Some(_), _) => &mut figures.voided,
                (None, CashKind::Sale) => &mut figures.sales,
                (None, CashKind::Return) => &mut figures.returns,
                (None, CashKind::In) => &mut figures.cash_in,
                (None, CashKind::Out) => &mut figures.cash_out,
            };
            sum.add(entry.amount);
        }
        figures
    }

    /// What the drawer should hold: base + cash sales − cash returns + money in − money out.
    pub fn expected(&self) -> Pesos {
        Pesos::new(
            self.base
                .get()
                .saturating_add(self.sales.amount.get())
                .saturating_sub(self.returns.amount.get())
                .saturating_add(self.cash_in.amount.get())
                .saturating_sub(self.cash_out.amount.get()),
        )
    }

    /// Cash sales less cash returns.
    pub fn net_sales(&self) -> Pesos {
        self.sales.less(self.returns)
    }
}

/// A shift's close: who counted, when, the count by denomination, and what the drawer should
/// have held then (frozen: nothing later changes a closed shift).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftClose {
    pub closed_at: i64,
    pub by: Actor,
    pub expected: Pesos,
    pub counted: Pesos,
    pub count: Count,
    pub note: String,
}

impl ShiftClose {
    pub fn difference(&self) -> Difference {
        Difference::of(self.expected, self.counted)
    }
}

/// A drawer's shift: opened with the base counted, closed once with the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shift {
    pub id: i64,
    /// The till's key in the books ("" on a ledger of one computer).
    pub till: String,
    /// The computer, as the shop's people know it.
    pub till_name: String,
    pub opened_at: i64,
    pub opened_by: Actor,
    pub base: Pesos,
    pub close: Option<ShiftClose>,
}

impl Shift {
    pub fn is_open(&self) -> bool {
        self.close.is_none()
    }

    /// Opened on a day before `at`'s (shop time) and still open: it must be counted before the
    /// drawer takes anything more.
    pub fn left_open_before(&self, at: i64) -> bool {
        self.is_open()
            && crate::clock::day_and_hour(at)
                .is_some_and(|(day, _)| self.opened_at < crate::clock::start_of(day))
    }
}

/// A shift with its entries and figures, as the shift's report and the owner's view read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShiftReport {
    pub shift: Shift,
    pub entries: Vec<CashEntry>,
    pub figures: ShiftFigures,
}

/// Why the books refuse a cash entry, a close or a void: nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CashRefusal {
    #[error("{}", crate::t!("cash-no-open-shift"))]
    NoOpenShift,
    #[error("{}", crate::t!("cash-shift-already-open", since = crate::clock::shown_datetime(*.since), by = .by.as_str()))]
    ShiftOpen { since: i64, by: String },
    #[error("{}", crate::t!("cash-shift-left-open", since = crate::clock::shown_datetime(*.since)))]
    LeftOpen { shift: i64, since: i64 },
    #[error("{}", crate::t!("cash-shift-closed", shift = .0.to_string()))]
    AlreadyClosed(i64),
    #[error("{}", crate::t!("cash-no-such-shift", shift = .0.to_string()))]
    NoSuchShift(i64),
    #[error("{}", crate::t!("cash-no-such-entry", entry = .0.to_string()))]
    NoSuchEntry(i64),
    #[error("{}", crate::t!("cash-already-voided", entry = .0.to_string()))]
    AlreadyVoided(i64),
    /// A closed shift's figures are final: a mistake found later is a movement in an open one.
    #[error("{}", crate::t!("cash-void-closed-shift", entry = .0.to_string()))]
    VoidInClosedShift(i64),
    /// A sale with returns standing is voided after its returns.
    #[error("{}", crate::t!("cash-void-returned-sale", sale = .0.as_str()))]
    SaleHasReturns(String),
    #[error("{}", crate::t!("cash-owner-only"))]
    OwnerOnly,
    #[error("{}", crate::t!("cash-return-owner-only"))]
    ReturnOwnerOnly,
    #[error("{}", crate::t!("cash-not-your-shift", by = .by.as_str()))]
    NotYourShift { by: String },
    #[error("{}", crate::t!("cash-drawer-short", holds = .holds.to_string()))]
    DrawerShort { holds: Pesos },
    #[error("{}", crate::t!("cash-unknown-sale", sale = .0.as_str()))]
    UnknownSale(String),
    #[error("{}", crate::t!("cash-return-over", remaining = .remaining.to_string(), sold = .sold.to_string()))]
    ReturnOverRemaining { remaining: Pesos, sold: Pesos },
    #[error("{}", crate::t!("cash-tendered-short", missing = .missing.to_string()))]
    TenderedShort { missing: Pesos },
    #[error("{}", crate::t!("cash-already-charged", sale = .0.as_str()))]
    AlreadyCharged(String),
    /// A customer's tab was paid with it: voided, the tab would stay paid with money no drawer
    /// holds.
    #[error("{}", crate::t!("cash-void-tab-payment", entry = .0.to_string()))]
    TabPayment(i64),
}
