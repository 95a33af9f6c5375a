//! Fiado as the books hold it: the customers the shop chose to keep (with their authorisation,
//! Ley 1581), what each took on their tab and what they paid (by a link or QR the service
//! confirmed, or in cash at the till), and why the books refuse. A tab's figures come from its
//! entries only; a payment by the service comes only from the service's answer.

use super::actor::Actor;
use super::sale_state::SaleNumber;
use crate::money::Pesos;
pub use crate::requests::NewCustomer;

/// How the customer authorised keeping their data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Consent {
    pub at: i64,
    /// How it was given, in the shop's words («de palabra en la tienda», «por WhatsApp»).
    pub how: String,
    /// Who recorded it.
    pub by: Actor,
}

/// A customer the shop keeps a tab for. Once forgotten, name, cellphone and document are blank
/// and the amounts stay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabCustomer {
    pub id: i64,
    pub name: String,
    /// Ten digits, or empty (then a link is copied, not sent by WhatsApp).
    pub cellphone: String,
    pub document: String,
    /// The most the customer may owe without the owner (cupo); `None`: no limit set.
    pub limit: Option<Pesos>,
    pub consent: Consent,
    pub added_at: i64,
    pub forgotten_at: Option<i64>,
}

/// What an entry of a tab is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TabKind {
    /// Taken on the tab (fiado).
    Taken,
    /// Paid by a link or QR, as the service confirmed it.
    PaidByService,
    /// Paid in cash at the till (the drawer has its entry).
    PaidInCash,
    /// Goods given back, credited to the tab (a return of a part taken on it).
    Returned,
}

impl TabKind {
    pub const ALL: [TabKind; 4] = [
        TabKind::Taken,
        TabKind::PaidByService,
        TabKind::PaidInCash,
        TabKind::Returned,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TabKind::Taken => "taken",
            TabKind::PaidByService => "paid-service",
            TabKind::PaidInCash => "paid-cash",
            TabKind::Returned => "returned",
        }
    }

    pub fn parse(code: &str) -> Option<TabKind> {
        TabKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    pub fn words(self) -> String {
        match self {
            TabKind::Taken => crate::t!("tab-kind-taken"),
            TabKind::PaidByService => crate::t!("tab-kind-paid-service"),
            TabKind::PaidInCash => crate::t!("tab-kind-paid-cash"),
            TabKind::Returned => crate::t!("tab-kind-returned"),
        }
    }

    /// Money paid on the tab (by the service or in cash).
    pub fn is_payment(self) -> bool {
        match self {
            TabKind::Taken | TabKind::Returned => false,
            TabKind::PaidByService | TabKind::PaidInCash => true,
        }
    }

    /// What takes off what the customer owes: a payment, or goods given back.
    pub fn credits(self) -> bool {
        match self {
            TabKind::Taken => false,
            TabKind::PaidByService | TabKind::PaidInCash | TabKind::Returned => true,
        }
    }
}

/// One entry of a tab, written once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabEntry {
    pub id: i64,
    pub customer: i64,
    pub at: i64,
    pub kind: TabKind,
    pub amount: Pesos,
    /// What was taken, as the cashier wrote it.
    pub description: String,
    /// A payment by the service: the sale's reference (the service's) and, for a code that
    /// takes many, which payment.
    pub sale_reference: String,
    pub payment_reference: String,
    /// A payment in cash: the drawer's entry.
    pub cash_entry: Option<i64>,
    /// Taken over the customer's limit, with the owner.
    pub over_limit: bool,
    pub by: Actor,
    /// The sale it is a part of (taken), or gives back a part of (returned).
    pub sale: Option<SaleNumber>,
}

/// A customer's tab in figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabBalance {
    pub customer: TabCustomer,
    pub taken: Pesos,
    pub paid: Pesos,
    /// Since when the oldest unpaid part is owed (payments settle the oldest first).
    pub owed_since: Option<i64>,
    pub last_at: Option<i64>,
}

impl TabBalance {
    /// What was taken less what was paid: above zero the customer owes, below it the shop owes
    /// them (saldo a favor).
    pub fn signed(&self) -> i64 {
        self.taken.get().saturating_sub(self.paid.get())
    }

    /// What the customer owes (zero when nothing, or when in credit).
    pub fn owed(&self) -> Pesos {
        Pesos::new(self.signed().max(0))
    }

    /// What the shop owes the customer (saldo a favor).
    pub fn credit(&self) -> Pesos {
        Pesos::new((-self.signed()).max(0))
    }

    /// The figures of `customer` from its entries, oldest first.
    pub fn of(customer: TabCustomer, entries: &[TabEntry]) -> TabBalance {
        let mut taken = Pesos::ZERO;
        let mut paid = Pesos::ZERO;
        for entry in entries {
            if entry.kind.credits() {
                paid = paid.saturating_add(entry.amount);
            } else {
                taken = taken.saturating_add(entry.amount);
            }
        }
        // Payments settle what was taken first; what is left unpaid is owed since the first
        // entry it is part of.
        let mut settled = paid.get();
        let mut owed_since = None;
        for entry in entries.iter().filter(|entry| !entry.kind.credits()) {
            if settled >= entry.amount.get() {
                settled -= entry.amount.get();
            } else {
                owed_since = Some(entry.at);
                break;
            }
        }
        TabBalance {
            customer,
            taken,
            paid,
            owed_since,
            last_at: entries.iter().map(|entry| entry.at).max(),
        }
    }
}

/// A customer's statement: their entries, oldest first, and the figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TabStatement {
    pub balance: TabBalance,
    pub entries: Vec<TabEntry>,
}

/// Why the books refuse something of a tab: nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TabRefusal {
    #[error("{}", crate::t!("tab-unknown-customer", id = .0.to_string()))]
    UnknownCustomer(i64),
    #[error("{}", crate::t!("tab-forgotten"))]
    Forgotten,
    /// Another customer has this cellphone: said, never merged; added only when the person
    /// says so.
    #[error("{}", crate::t!("tab-same-cellphone", name = .name.as_str()))]
    SameCellphone { name: String },
    #[error("{}", crate::t!("tab-over-limit", limit = .limit.to_string(), owed = .owed.to_string()))]
    OverLimit { limit: Pesos, owed: Pesos },
    #[error("{}", crate::t!("tab-nothing-owed"))]
    NothingOwed,
    #[error("{}", crate::t!("tab-over-balance", owed = .owed.to_string()))]
    OverBalance { owed: Pesos },
    /// Links still waiting to be paid ask for this much of what is owed already.
    #[error("{}", crate::t!("tab-asked-already", owed = .owed.to_string(), waiting = .waiting.to_string()))]
    AskedAlready { owed: Pesos, waiting: Pesos },
    #[error("{}", crate::t!("tab-still-owes", owed = .owed.to_string()))]
    StillOwes { owed: Pesos },
    #[error("{}", crate::t!("tab-has-credit", credit = .credit.to_string()))]
    HasCredit { credit: Pesos },
    #[error("{}", crate::t!("tab-owner-only"))]
    OwnerOnly,
}
