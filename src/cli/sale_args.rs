//! `paydesk sell`, `paydesk sale` and `paydesk sales`: the shop's sales from the terminal, whatever
//! pays them. Amounts are typed as in the app (`25000`, `25.000`, `$ 25.000`); the flags are
//! `cash sale`'s and `tab take`'s (`--received`, `--open-with-base`, `--description`, `--owner`),
//! so a mixed sale reads as the two it joins. Every refusal exits 2 with nothing written.

use clap::Args;

/// How a sale is paid: each way at most once, their amounts adding up to the sale.
#[derive(Debug, Clone, Default, Args)]
pub struct SellParts {
    /// The part paid in cash, into this till's open shift.
    #[arg(long, value_name = "AMOUNT", allow_hyphen_values = true)]
    pub cash: Option<String>,
    /// What the customer handed over for the cash part (default: exactly it).
    #[arg(
        long,
        value_name = "AMOUNT",
        requires = "cash",
        allow_hyphen_values = true
    )]
    pub received: Option<String>,
    /// The part paid by a QR code the customer scans (made at the service).
    #[arg(long, value_name = "AMOUNT", allow_hyphen_values = true)]
    pub qr: Option<String>,
    /// The part paid by a payment link (made at the service), instead of a QR.
    #[arg(
        long,
        value_name = "AMOUNT",
        conflicts_with = "qr",
        allow_hyphen_values = true
    )]
    pub link: Option<String>,
    /// The part put on a customer's tab (fiado): the customer's number and the amount.
    #[arg(long, value_name = "CUSTOMER:AMOUNT", allow_hyphen_values = true)]
    pub tab: Option<String>,
}

impl SellParts {
    /// Whether a part is made at the service (a QR or a link): only then is the service asked.
    pub fn needs_service(&self) -> bool {
        self.qr.is_some() || self.link.is_some()
    }
}

/// `paydesk sell`: one sale, what was sold and how it is paid.
#[derive(Debug, Args)]
pub struct SellArgs {
    /// The sale's amount (with `--item`, their sum; typed too, it must be that sum).
    // A negative amount reaches the form, which says why, rather than clap's "unknown option".
    #[arg(allow_hyphen_values = true)]
    pub amount: Option<String>,
    /// A line of what was sold: "description;quantity;unit price" (repeatable).
    #[arg(long = "item", value_name = "DESCRIPTION;QUANTITY;PRICE")]
    pub items: Vec<String>,
    /// What was sold, in a few words.
    #[arg(long)]
    pub description: Option<String>,
    #[command(flatten)]
    pub parts: SellParts,
    /// No shift is open for the cash part: open it with this base first, in the same step.
    #[arg(
        long,
        value_name = "BASE",
        requires = "cash",
        allow_hyphen_values = true
    )]
    pub open_with_base: Option<String>,
    /// The fiado part goes over the customer's limit: asks the owner's PIN first (once one is
    /// set).
    #[arg(long, requires = "tab")]
    pub owner: bool,
    /// How long the link may be paid: 15min, 1h, 1d, or a number of seconds.
    #[arg(
        long,
        value_parser = crate::validate::duration,
        value_name = "DURATION",
        requires = "link"
    )]
    pub expires_in: Option<u64>,
}

/// What a sale is missing, charged again another way: one way per run.
#[derive(Debug, Clone, Default, Args)]
#[group(id = "again", multiple = false)]
pub struct AgainArgs {
    /// In cash at this till (its shift open).
    #[arg(long, value_name = "AMOUNT", allow_hyphen_values = true)]
    pub charge_cash: Option<String>,
    /// By a new QR code made at the service.
    #[arg(long, value_name = "AMOUNT", allow_hyphen_values = true)]
    pub charge_qr: Option<String>,
    /// By a new payment link made at the service.
    #[arg(long, value_name = "AMOUNT", allow_hyphen_values = true)]
    pub charge_link: Option<String>,
    /// On a customer's tab (fiado): the customer's number and the amount.
    #[arg(long, value_name = "CUSTOMER:AMOUNT", allow_hyphen_values = true)]
    pub charge_tab: Option<String>,
}

impl AgainArgs {
    pub fn is_asked(&self) -> bool {
        self.charge_cash.is_some()
            || self.charge_qr.is_some()
            || self.charge_link.is_some()
            || self.charge_tab.is_some()
    }

    pub fn needs_service(&self) -> bool {
        self.charge_qr.is_some() || self.charge_link.is_some()
    }
}

/// `paydesk sale N`: one sale with its lines, its parts and its returns; with a `--charge-…`
/// flag, what it is missing charged again.
#[derive(Debug, Args)]
pub struct SaleArgs {
    /// The sale's number, as a person reads it: 1-000123 (or 1-123).
    #[arg(value_name = "NUMBER")]
    pub number: String,
    #[command(flatten)]
    pub again: AgainArgs,
    /// What the customer handed over for `--charge-cash` (default: exactly it).
    #[arg(
        long,
        value_name = "AMOUNT",
        requires = "charge_cash",
        allow_hyphen_values = true
    )]
    pub received: Option<String>,
    /// `--charge-tab` over the customer's limit: asks the owner's PIN first (once one is set).
    #[arg(long, requires = "charge_tab")]
    pub owner: bool,
    /// How long a new link may be paid: 15min, 1h, 1d, or a number of seconds.
    #[arg(
        long,
        value_parser = crate::validate::duration,
        value_name = "DURATION",
        requires = "charge_link"
    )]
    pub expires_in: Option<u64>,
}
