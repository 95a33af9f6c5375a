//! A sale as the books hold it: one record whatever paid it, its number a person reads aloud
//! («Venta 1-000123»), what was sold (its lines), and its parts: each way it was paid, how much,
//! whose word stands behind it and where it stands. A sale is not money: its figures are what
//! the shop sold; the money is the service's answers and the drawers' counts, each in its own
//! books.

use super::actor::Actor;
use crate::api::kind::PaymentKind;
use crate::money::Pesos;

/// A sale's number: the till's number and the sale's consecutive at that till. Never reused; a
/// voided sale keeps its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SaleNumber {
    pub till: i64,
    pub number: i64,
}

impl std::fmt::Display for SaleNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{:06}", self.till, self.number)
    }
}

impl std::str::FromStr for SaleNumber {
    type Err = SaleRefusal;

    /// «1-000123», «1-123», with or without «Venta» before it.
    fn from_str(text: &str) -> Result<SaleNumber, SaleRefusal> {
        let bad = || SaleRefusal::BadNumber(text.trim().chars().take(40).collect());
        let trimmed = text.trim();
        let bare = ["venta", "sale"]
            .iter()
            .find_map(|word| {
                trimmed
                    .get(..word.len())
                    .filter(|head| head.eq_ignore_ascii_case(word))
                    .map(|_| trimmed[word.len()..].trim())
            })
            .unwrap_or(trimmed);
        let (till, number) = bare.split_once('-').ok_or_else(bad)?;
        let parse = |digits: &str| {
            let digits = digits.trim();
            (!digits.is_empty() && digits.len() <= 12 && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<i64>().ok())
                .flatten()
                .filter(|value| *value > 0)
        };
        match (parse(till), parse(number)) {
            (Some(till), Some(number)) => Ok(SaleNumber { till, number }),
            _ => Err(bad()),
        }
    }
}

/// One line of what was sold: a description, how many, and the price of one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleLine {
    pub description: String,
    pub quantity: i64,
    pub unit_price: Pesos,
    /// The shop's frequent item it was picked from, when it was.
    pub item: Option<i64>,
}

impl SaleLine {
    /// A line of one, for an amount typed alone.
    pub fn one(description: &str, amount: Pesos) -> SaleLine {
        SaleLine {
            description: description.trim().to_owned(),
            quantity: 1,
            unit_price: amount,
            item: None,
        }
    }

    pub fn total(&self) -> Pesos {
        Pesos::new(self.unit_price.get().saturating_mul(self.quantity))
    }
}

/// An item the shop sells often, kept in the books and shared by the tills («Productos
/// frecuentes»).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrequentItem {
    pub id: i64,
    pub description: String,
    pub unit_price: Pesos,
}

/// How a part of a sale was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PartWay {
    /// Through the service: a link, a charge to one method, a QR, a counter code's payment.
    Service,
    /// Cash into a drawer.
    Cash,
    /// On the customer's tab (fiado).
    Tab,
}

impl PartWay {
    pub const ALL: [PartWay; 3] = [PartWay::Service, PartWay::Cash, PartWay::Tab];

    /// The code kept in the books and given to programs (`--json`).
    pub fn code(self) -> &'static str {
        match self {
            PartWay::Service => "service",
            PartWay::Cash => "cash",
            PartWay::Tab => "tab",
        }
    }

    pub fn parse(code: &str) -> Option<PartWay> {
        PartWay::ALL.into_iter().find(|way| way.code() == code)
    }

    /// «Pago electrónico», «Efectivo», «Fiado».
    pub fn words(self) -> String {
        match self {
            PartWay::Service => crate::t!("sale-way-service"),
            PartWay::Cash => crate::t!("sale-way-cash"),
            PartWay::Tab => crate::t!("sale-way-tab"),
        }
    }

    /// Whose word stands behind it: «confirmado por el servicio», «contado por el cajero»,
    /// «lo debe el cliente».
    pub fn whose_word(self) -> String {
        match self {
            PartWay::Service => crate::t!("sale-word-service"),
            PartWay::Cash => crate::t!("sale-word-cash"),
            PartWay::Tab => crate::t!("sale-word-tab"),
        }
    }
}

/// Where a part of a sale stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PartState {
    /// A charge the service has not settled yet.
    Pending,
    /// Confirmed by the service, counted into a drawer, or put on the customer's tab.
    Paid,
    /// The charge's time ran out unpaid.
    Expired,
    /// The payer's bank or the provider said no (rejected or failed).
    Declined,
    /// A cash entry the owner voided.
    Voided,
}

impl PartState {
    pub fn code(self) -> &'static str {
        match self {
            PartState::Pending => "pending",
            PartState::Paid => "paid",
            PartState::Expired => "expired",
            PartState::Declined => "declined",
            PartState::Voided => "voided",
        }
    }

    pub fn words(self) -> String {
        match self {
            PartState::Pending => crate::t!("sale-part-pending"),
            PartState::Paid => crate::t!("sale-part-paid"),
            PartState::Expired => crate::t!("sale-part-expired"),
            PartState::Declined => crate::t!("sale-part-declined"),
            PartState::Voided => crate::t!("sale-part-voided"),
        }
    }

    /// Whether it still may come to stand (then the sale waits for it).
    pub fn is_pending(self) -> bool {
        self == PartState::Pending
    }

    /// Whether it ended without paying: the sale is open for it, and may be charged again.
    pub fn ended_unpaid(self) -> bool {
        match self {
            PartState::Expired | PartState::Declined | PartState::Voided => true,
            PartState::Pending | PartState::Paid => false,
        }
    }
}

/// What the books hold of a charge through the service for one part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServicePart {
    pub profile: String,
    /// The charge's reference, the service's.
    pub reference: String,
    /// A counter code's payment (its provider reference); empty for a charge of its own.
    pub payment: String,
    pub kind: PaymentKind,
    /// The fee the service said, once it confirmed the payment.
    pub fee: Option<Pesos>,
}

/// How one part was paid, with what the books hold of it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartTie {
    Service(ServicePart),
    /// The drawer's entry, and what the customer handed over.
    Cash {
        entry: i64,
        reference: String,
        tendered: Option<Pesos>,
    },
    /// The tab's entry and its customer (blank once forgotten).
    Tab {
        entry: i64,
        customer: i64,
        customer_name: String,
    },
}

impl PartTie {
    pub fn way(&self) -> PartWay {
        match self {
            PartTie::Service(_) => PartWay::Service,
            PartTie::Cash { .. } => PartWay::Cash,
            PartTie::Tab { .. } => PartWay::Tab,
        }
    }
}

/// What went back of a part, by the state of each return.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PartReturns {
    /// Returns that stand: confirmed by the service, cash handed back, credited to the tab.
    pub returned: Pesos,
    /// Payouts that may have left and the service has not confirmed yet.
    pub under_way: Pesos,
}

/// One part of a sale: a way it was paid, how much, where it stands, and what went back of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalePart {
    pub id: i64,
    pub at: i64,
    /// What it asked (a QR may leave it to the payer: `None` until paid).
    pub amount: Option<Pesos>,
    pub state: PartState,
    /// What stands of it: what the service confirmed was paid, the cash counted, what went on
    /// the tab. Zero unless paid.
    pub paid: Pesos,
    pub tie: PartTie,
    pub returns: PartReturns,
    pub by: Actor,
    /// When it came to stand: the service's confirmation, the drawer's entry, the tab's entry.
    pub paid_at: Option<i64>,
}

impl SalePart {
    /// Where it stands in words. Fiado that stands is owed, not paid: «Por cobrar», where the
    /// close counts it.
    pub fn state_words(&self) -> String {
        match (self.state, self.way()) {
            (PartState::Paid, PartWay::Tab) => crate::t!("sale-part-on-tab"),
            (state, _) => state.words(),
        }
    }

    pub fn way(&self) -> PartWay {
        self.tie.way()
    }

    /// What may still be returned of it: what stands, less every return that was not refused,
    /// failed or voided.
    pub fn returnable(&self) -> Pesos {
        let spoken_for = self.returns.returned.saturating_add(self.returns.under_way);
        Pesos::new(self.paid.get().saturating_sub(spoken_for.get()).max(0))
    }

    /// The charge's reference (a service part's), or the drawer's sale reference (cash).
    pub fn reference(&self) -> &str {
        match &self.tie {
            PartTie::Service(service) => &service.reference,
            PartTie::Cash { reference, .. } => reference,
            PartTie::Tab { .. } => "",
        }
    }
}

/// Where a sale stands, from its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaleState {
    /// Its parts that stand cover it (more than covered: see [`SaleRecord::paid_twice`]).
    Paid,
    /// Charges still pending would cover what is missing.
    Waiting { missing: Pesos },
    /// Something is missing and nothing pending covers it: charge it again another way.
    Open { missing: Pesos },
    /// Every part was voided: no sale, and its number kept.
    Voided,
}

impl SaleState {
    pub fn code(self) -> &'static str {
        match self {
            SaleState::Paid => "paid",
            SaleState::Waiting { .. } => "waiting",
            SaleState::Open { .. } => "open",
            SaleState::Voided => "voided",
        }
    }

    pub fn words(self) -> String {
        match self {
            SaleState::Paid => crate::t!("sale-state-paid"),
            SaleState::Waiting { .. } => crate::t!("sale-state-waiting"),
            SaleState::Open { missing } => {
                crate::t!("sale-state-open", missing = missing.to_string())
            }
            SaleState::Voided => crate::t!("sale-state-voided"),
        }
    }
}

/// A sale, whatever paid it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleRecord {
    pub id: i64,
    pub number: SaleNumber,
    pub at: i64,
    /// What the sale is for (the sum of its lines); `None` while a QR leaves it to the payer.
    pub amount: Option<Pesos>,
    pub description: String,
    pub lines: Vec<SaleLine>,
    pub parts: Vec<SalePart>,
    pub by: Actor,
}

impl SaleRecord {
    /// Where it stands in words. A sale whose parts stand but some of it is on a customer's tab
    /// is sold, not paid: «Vendida al fiado».
    pub fn state_words(&self) -> String {
        let state = self.state();
        let on_tab = self
            .parts
            .iter()
            .any(|part| part.way() == PartWay::Tab && part.paid > Pesos::ZERO);
        match state {
            SaleState::Paid if on_tab => crate::t!("sale-state-on-tab"),
            state => state.words(),
        }
    }

    /// What the sale is for: its amount, or (left to the payer) what its parts asked or stood.
    pub fn total(&self) -> Pesos {
        self.amount.unwrap_or_else(|| {
            Pesos::sum_of(
                self.parts
                    .iter()
                    .filter_map(|part| part.amount.or(Some(part.paid))),
            )
            .unwrap_or(Pesos::ZERO)
        })
    }

    /// What its parts that stand cover: what the shop sold of it.
    pub fn standing(&self) -> Pesos {
        Pesos::sum_of(self.parts.iter().map(|part| part.paid)).unwrap_or(Pesos::ZERO)
    }

    fn pending(&self) -> Pesos {
        Pesos::sum_of(
            self.parts
                .iter()
                .filter(|part| part.state.is_pending())
                .filter_map(|part| part.amount),
        )
        .unwrap_or(Pesos::ZERO)
    }

    /// What is not covered by a part that stands.
    pub fn missing(&self) -> Pesos {
        Pesos::new((self.total().get() - self.standing().get()).max(0))
    }

    pub fn state(&self) -> SaleState {
        if !self.parts.is_empty()
            && self
                .parts
                .iter()
                .all(|part| part.state == PartState::Voided)
        {
            return SaleState::Voided;
        }
        let missing = self.missing();
        let open_amount_pending = self.amount.is_none()
            && self
                .parts
                .iter()
                .any(|part| part.state.is_pending() && part.amount.is_none());
        if missing == Pesos::ZERO && !open_amount_pending && !self.parts.is_empty() {
            return SaleState::Paid;
        }
        if open_amount_pending || (self.pending() >= missing && missing > Pesos::ZERO) {
            SaleState::Waiting { missing }
        } else {
            SaleState::Open { missing }
        }
    }

    /// Paid more than its amount: charged twice (a charge approved after it was paid another
    /// way); one must be given back.
    pub fn paid_twice(&self) -> Option<Pesos> {
        let over = self.standing().get() - self.total().get();
        (over > 0).then(|| Pesos::new(over))
    }

    /// What went back of it (stood), every part's.
    pub fn returned(&self) -> Pesos {
        Pesos::sum_of(self.parts.iter().map(|part| part.returns.returned)).unwrap_or(Pesos::ZERO)
    }

    /// How it was paid, in words: «Efectivo + QR».
    pub fn ways(&self) -> Vec<PartWay> {
        let mut ways: Vec<PartWay> = self
            .parts
            .iter()
            .filter(|part| part.state == PartState::Paid || part.state.is_pending())
            .map(SalePart::way)
            .collect();
        if ways.is_empty() {
            ways = self.parts.iter().map(SalePart::way).collect();
        }
        ways.sort();
        ways.dedup();
        ways
    }

    pub fn part(&self, id: i64) -> Option<&SalePart> {
        self.parts.iter().find(|part| part.id == id)
    }
}

/// A sale a person asks the books to write: what was sold and who sold it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSale {
    /// The sale's amount (`None`: a QR that leaves it to the payer).
    pub amount: Option<Pesos>,
    pub description: String,
    /// What was sold; an amount typed alone is one line.
    pub lines: Vec<SaleLine>,
}

impl NewSale {
    /// A sale of an amount typed alone: one line.
    pub fn of_amount(amount: Option<Pesos>, description: &str) -> NewSale {
        NewSale {
            amount,
            description: description.trim().to_owned(),
            lines: amount
                .map(|amount| vec![SaleLine::one(description, amount)])
                .unwrap_or_default(),
        }
    }
}

/// Which sale a charge at the service is a part of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaleFor {
    /// A sale of its own: what was sold and who sold it.
    New { sale: NewSale, by: Actor },
    /// One more part of sale `id` (the rest of a mixed sale, or a part charged again).
    Part(i64),
    /// No sale: a tab's collection (the customer pays what they took), a reference looked up.
    NotASale,
}

/// Why the books refuse a sale, a part of it or a return of it: nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SaleRefusal {
    #[error("{}", crate::t!("sale-bad-number", number = .0.as_str()))]
    BadNumber(String),
    #[error("{}", crate::t!("sale-unknown", number = .0.as_str()))]
    UnknownSale(String),
    #[error("{}", crate::t!("sale-parts-do-not-add", parts = .parts.to_string(), amount = .amount.to_string()))]
    PartsDoNotAdd { parts: Pesos, amount: Pesos },
    #[error("{}", crate::t!("sale-lines-do-not-add", lines = .lines.to_string(), amount = .amount.to_string()))]
    LinesDoNotAdd { lines: Pesos, amount: Pesos },
    #[error("{}", crate::t!("sale-over-missing", missing = .missing.to_string()))]
    OverMissing { missing: Pesos },
    #[error("{}", crate::t!("sale-already-paid"))]
    AlreadyPaid,
    #[error("{}", crate::t!("sale-voided"))]
    Voided,
    #[error("{}", crate::t!("sale-unknown-part", part = .0.to_string()))]
    UnknownPart(i64),
    #[error("{}", crate::t!("sale-part-not-paid"))]
    PartNotPaid,
    #[error("{}", crate::t!("sale-return-over", remaining = .remaining.to_string(), paid = .paid.to_string()))]
    ReturnOverRemaining { remaining: Pesos, paid: Pesos },
    #[error("{}", crate::t!("sale-return-wrong-way"))]
    ReturnWrongWay,
    #[error("{}", crate::t!("sale-cash-back-owner-only"))]
    CashBackOwnerOnly,
    #[error("{}", crate::t!("sale-no-items"))]
    NoSuchItem,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::activity::Role;

    fn part(id: i64, state: PartState, amount: i64, paid: i64) -> SalePart {
        SalePart {
            id,
            at: 0,
            amount: Some(Pesos::new(amount)),
            state,
            paid: Pesos::new(paid),
            tie: PartTie::Cash {
                entry: id,
                reference: format!("EF{id}"),
                tendered: None,
            },
            returns: PartReturns::default(),
            by: Actor::new(Role::Anyone, ""),
            paid_at: None,
        }
    }

    fn sale(amount: i64, parts: Vec<SalePart>) -> SaleRecord {
        SaleRecord {
            id: 1,
            number: SaleNumber { till: 1, number: 7 },
            at: 0,
            amount: Some(Pesos::new(amount)),
            description: String::new(),
            lines: vec![],
            parts,
            by: Actor::new(Role::Anyone, ""),
        }
    }

    #[test]
    fn a_number_reads_aloud_and_back() {
        let number = SaleNumber {
            till: 1,
            number: 123,
        };
        assert_eq!(number.to_string(), "1-000123");
        assert_eq!("1-000123".parse::<SaleNumber>(), Ok(number));
        assert_eq!(" Venta 1-123 ".parse::<SaleNumber>(), Ok(number));
        for bad in ["", "123", "1-", "-5", "a-1", "1-0", "1-2-3", "1--2"] {
            assert!(bad.parse::<SaleNumber>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_sale_is_paid_when_its_parts_cover_it() {
        use PartState::*;
        let paid = sale(
            40_000,
            vec![part(1, Paid, 20_000, 20_000), part(2, Paid, 20_000, 20_000)],
        );
        assert_eq!(paid.state(), SaleState::Paid);
        let waiting = sale(
            40_000,
            vec![part(1, Paid, 20_000, 20_000), part(2, Pending, 20_000, 0)],
        );
        assert_eq!(
            waiting.state(),
            SaleState::Waiting {
                missing: Pesos::new(20_000)
            }
        );
        // The QR expired: the sale is open for it; charged again in cash, it is paid.
        let mut open = sale(
            40_000,
            vec![part(1, Paid, 20_000, 20_000), part(2, Expired, 20_000, 0)],
        );
        assert_eq!(
            open.state(),
            SaleState::Open {
                missing: Pesos::new(20_000)
            }
        );
        open.parts.push(part(3, Paid, 20_000, 20_000));
        assert_eq!(open.state(), SaleState::Paid);
        assert_eq!(open.paid_twice(), None);
        assert_eq!(open.standing(), Pesos::new(40_000));
        let voided = sale(8_000, vec![part(1, Voided, 8_000, 0)]);
        assert_eq!(voided.state(), SaleState::Voided);
        assert_eq!(voided.standing(), Pesos::ZERO);
    }

    #[test]
    fn a_charge_approved_after_cash_is_paid_twice() {
        use PartState::*;
        let twice = sale(
            9_000,
            vec![part(1, Paid, 9_000, 9_000), part(2, Paid, 9_000, 9_000)],
        );
        assert_eq!(twice.state(), SaleState::Paid);
        assert_eq!(twice.paid_twice(), Some(Pesos::new(9_000)));
    }

    #[test]
    fn what_remains_to_return_of_a_part() {
        let mut paid = part(1, PartState::Paid, 25_000, 25_000);
        paid.returns = PartReturns {
            returned: Pesos::new(10_000),
            under_way: Pesos::new(5_000),
        };
        assert_eq!(paid.returnable(), Pesos::new(10_000));
    }
}
