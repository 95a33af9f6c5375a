//! What a POS document is made from: the shop's tax data, its numbering resolution, the
//! software, the till, the buyer, the lines and how the sale was paid. Plain values, filled by
//! whoever holds them (the set-up, the books, the sale); `document::build` checks them.

use time::Date;

use super::cude::{Environment, IssuedAt};
use super::nit::Nit;
use super::tax::{LineTax, PriceKind};
use crate::money::Pesos;
use crate::secrets::SecretString;

/// Where a party is, with the DANE's codes (`crate::places` holds them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    /// The municipality's DANE code, five digits (`11001` for Bogotá).
    pub municipality_code: String,
    pub city: String,
    pub department: String,
    /// The department's DANE code, two digits.
    pub department_code: String,
    pub line: String,
    pub postal_zone: Option<String>,
}

/// A company or a person, as the DIAN's `AdditionalAccountID` tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonKind {
    Company,
    Natural,
}

impl PersonKind {
    pub fn code(self) -> &'static str {
        match self {
            PersonKind::Company => "1",
            PersonKind::Natural => "2",
        }
    }
}

/// The shop that issues the document, as its RUT says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issuer {
    pub nit: Nit,
    pub kind: PersonKind,
    /// Razón social, or the person's name.
    pub name: String,
    /// The RUT's tax responsibilities (`O-13`, `R-99-PN`, ...), written joined by `;`.
    pub responsibilities: Vec<String>,
    pub responsible_for_iva: bool,
    pub address: Address,
}

/// The DIAN's numbering resolution for the shop's POS documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbering {
    /// The resolution's number (`InvoiceAuthorization`).
    pub authorization: String,
    pub valid_from: Date,
    pub valid_until: Date,
    pub prefix: String,
    pub from: u64,
    pub to: u64,
}

/// The software that issues, as registered at the DIAN's habilitación ("software propio").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Software {
    /// The id the DIAN gave it.
    pub id: String,
    /// The PIN the owner chose when registering it.
    pub pin: SecretString,
    /// The NIT of whoever made it: the shop itself, for software propio.
    pub maker_nit: Nit,
    /// Who made it, as the POS document's first extension names them.
    pub maker_person: String,
    pub maker_company: String,
    pub name: String,
}

/// The till, as the POS document's last extension describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Till {
    /// Placa de inventario de la caja.
    pub plate: String,
    pub location: String,
    /// Tipo de caja: «Caja principal», «Caja de apoyo».
    pub kind: String,
}

/// A buyer's identity document, by the DIAN's code for its kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuyerId {
    CitizenCard(String),
    ForeignerCard(String),
    Passport(String),
    Nit(Nit),
}

impl BuyerId {
    /// The DIAN's code for the document's kind (`schemeName`).
    pub fn kind_code(&self) -> &'static str {
        match self {
            BuyerId::CitizenCard(_) => "13",
            BuyerId::ForeignerCard(_) => "22",
            BuyerId::Passport(_) => "41",
            BuyerId::Nit(_) => "31",
        }
    }

    /// The number, without a NIT's check digit.
    pub fn number(&self) -> &str {
        match self {
            BuyerId::CitizenCard(number)
            | BuyerId::ForeignerCard(number)
            | BuyerId::Passport(number) => number,
            BuyerId::Nit(nit) => nit.number(),
        }
    }

    /// A NIT's check digit, which the document writes beside it (`schemeID`).
    pub fn check_digit(&self) -> Option<u8> {
        match self {
            BuyerId::Nit(nit) => Some(nit.check_digit()),
            _ => None,
        }
    }
}

/// Who bought: Consumidor final unless the customer gave their identification and name (for
/// IVA descontable).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Buyer {
    #[default]
    FinalConsumer,
    Identified {
        id: BuyerId,
        name: String,
        kind: PersonKind,
    },
}

/// Consumidor final's identification, fixed by the DIAN.
pub const FINAL_CONSUMER_ID: &str = "222222222222";
pub const FINAL_CONSUMER_NAME: &str = "Consumidor Final";
/// A cédula's code, which Consumidor final's fixed number is written with.
pub const FINAL_CONSUMER_ID_KIND: &str = "13";

impl Buyer {
    /// The identification the CUDE takes (`NumAdq`).
    pub fn id_number(&self) -> &str {
        match self {
            Buyer::FinalConsumer => FINAL_CONSUMER_ID,
            Buyer::Identified { id, .. } => id.number(),
        }
    }
}

/// One line of what was sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub description: String,
    pub quantity: i64,
    /// The price of one, as typed at the till.
    pub unit_price: Pesos,
    pub tax: LineTax,
    /// The shop's own code for the item (a frequent item's id); the line's number if none.
    pub code: Option<String>,
}

/// How a part of the sale was paid (`PaymentMeansCode`, FACTS.md's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMeans {
    Cash,
    CreditCard,
    DebitCard,
    /// A bank transfer: a payment link, a QR, Bre-B.
    BankTransfer,
    /// A deposit into the shop's account.
    Consignment,
    /// What the shop and the customer agreed: fiado.
    MutualAgreement,
}

impl PaymentMeans {
    pub fn code(self) -> &'static str {
        match self {
            PaymentMeans::Cash => "10",
            PaymentMeans::CreditCard => "48",
            PaymentMeans::DebitCard => "49",
            PaymentMeans::BankTransfer => "47",
            PaymentMeans::Consignment => "42",
            PaymentMeans::MutualAgreement => "ZZZ",
        }
    }
}

/// A way the sale was paid. Fiado is on credit (`PaymentMeans/ID` 2); everything else is paid
/// at the counter (1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    pub means: PaymentMeans,
    pub on_credit: bool,
}

/// Everything one sale's POS document is made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosSale {
    pub issuer: Issuer,
    pub numbering: Numbering,
    /// The number taken from the resolution's range for this document.
    pub number: u64,
    pub software: Software,
    pub environment: Environment,
    pub till: Till,
    /// Who sold, as the receipt names them.
    pub cashier: String,
    /// paydesk's own number of the sale («1-000123»), the extension's `CódigoVenta`.
    pub sale_code: String,
    pub buyer: Buyer,
    pub lines: Vec<Line>,
    /// What the prices typed hold: at a till, their tax.
    pub price_kind: PriceKind,
    /// One for each way the sale was paid, in the order of its parts.
    pub payments: Vec<Payment>,
    pub issued_at: IssuedAt,
}
