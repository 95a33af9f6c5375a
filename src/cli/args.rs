//! The command line's public interface: names and flags are what scripts depend on.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub use super::cash_args::CashCommand;
pub use super::money_out_args::{PayoutArgs, RefundArgs};
pub use super::sale_args::{AgainArgs, SaleArgs, SellArgs, SellParts};
pub use super::tab_args::TabCommand;

#[derive(Debug, Parser)]
#[command(
    name = "paydesk",
    version = crate::update::VERSION,
    about = "Payment links, QR codes, payouts and reconciliation for small merchants",
    long_about = "Without a command, opens the desktop app. With one, runs that operation and exits:\n\
                  0 done, 1 the service refused, 2 bad input (nothing was sent), 3 network failure or unknown outcome."
)]
pub struct Cli {
    /// Profile to use (default: the active profile, or the built-in simulator).
    #[arg(long, global = true, env = "PAYDESK_PROFILE")]
    pub profile: Option<String>,
    /// Print exactly one JSON document on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// A shared ledger on PostgreSQL (postgres://user@host:5432/shop) instead of the profile's;
    /// its password comes from the keyring or PAYDESK_LEDGER_PASSWORD.
    #[arg(long, global = true, env = "PAYDESK_LEDGER_URL", value_name = "URL")]
    pub ledger_url: Option<String>,
    /// Language of the messages: es or en (default: the system's).
    #[arg(long, global = true, env = "PAYDESK_LANG", value_parser = parse_language)]
    pub lang: Option<crate::i18n::Language>,
    /// Read PINs from stdin, one per line (for scripts), instead of asking on the terminal.
    /// With an owner's PIN set, every command that moves money or changes what the shop trusts
    /// needs it: the owner's first, then any new PIN.
    #[arg(long, global = true)]
    pub pin_stdin: bool,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Register a merchant user (the password is read from stdin, never from a flag).
    Register(RegisterArgs),
    /// Sign in to the pay API with the service's user and password: its access token goes to
    /// the keyring (the password is asked without echo, or read from stdin; it is never kept).
    Login(LoginArgs),
    /// List the payment methods of a type.
    Methods {
        #[arg(long = "type")]
        method_type: String,
        #[arg(long)]
        user_id: Option<i64>,
    },
    /// Generate a Family A payment resource (QR, link, transfer...).
    Resource(ResourceArgs),
    /// Start a payer's checkout on a Family A resource (the payment-link variant).
    Checkout(CheckoutArgs),
    /// Create a payment link (a gateway offering every method).
    Link(LinkArgs),
    /// Create a payment for one method.
    Charge(ChargeArgs),
    /// Show the state of a transaction.
    Status {
        reference: String,
        /// Poll with backoff until a final state.
        #[arg(long)]
        wait: bool,
        /// With --wait: give up after this many seconds.
        #[arg(long, default_value_t = 900)]
        wait_limit: u64,
    },
    /// List the banks of a payment method (the prompt entry is left out).
    Banks { method_id: i64 },
    /// List the banks linked to a phone number.
    InstantBanks {
        #[arg(long)]
        cellphone: String,
    },
    /// Ask for a one-time code (sent to the merchant's phone).
    Otp {
        /// 1 withdrawal, 2 link an account, 3 delete an account, 4 2FA QR, 5 PIN.
        #[arg(long)]
        reason: i64,
    },
    /// Add or delete a bank account.
    #[command(subcommand)]
    Account(AccountCommand),
    /// Send money to a Bre-B alias (asks for confirmation unless --yes).
    Payout(PayoutArgs),
    /// Give a customer money back for a sale (a return): a payout to the customer, tied to the
    /// sale, sent once and checked as every payout is; asks for confirmation unless --yes.
    Refund(RefundArgs),
    /// Sell, whatever pays it: in cash, by a QR or a link, on a customer's tab (fiado), or a mix
    /// (`paydesk sell 40.000 --cash 20.000 --received 20.000 --qr 20.000`). The parts must add
    /// up to the sale; cash and fiado need no service.
    Sell(SellArgs),
    /// One sale by its number (1-000123): what was sold, each part with how it was paid, its
    /// state, whose word stands behind it and what remains to return, and its returns. With a
    /// `--charge-…` flag, what it is missing is charged again another way.
    Sale(SaleArgs),
    /// The day's sales (or a range), whatever paid them, then the three figures: Ventas
    /// (sold less returns), Recibido (the service's money and, apart, the cash counted) and Por
    /// cobrar. Dates are YYYY-MM-DD, both ends included (default: today).
    Sales {
        #[arg(long)]
        from: Option<String>,
        #[arg(long)]
        to: Option<String>,
    },
    /// Cash at the counter: the drawer's shift (opened with its base, closed with the count),
    /// cash sales, money in and out, returns in cash, voids. Needs no service.
    #[command(subcommand)]
    Cash(CashCommand),
    /// Customers' tabs (fiado): customers kept with their authorisation, what they take, their
    /// statements, a payment link or cash to settle them. Only a link needs the service.
    #[command(subcommand)]
    Tab(TabCommand),
    /// The payout journal: every payout sent from this computer, newest first.
    Payouts {
        /// Ask the service for the state of this payout (by its reference1).
        #[arg(long, value_name = "REFERENCE1")]
        check: Option<String>,
        #[arg(long, default_value_t = 20)]
        limit: usize,
    },
    /// Show the balance bags.
    Balance {
        #[arg(long)]
        user_id: Option<i64>,
    },
    /// Ask the service to send a simulated webhook for a payment.
    #[command(alias = "webhook-notify")]
    Notify(NotifyArgs),
    /// The webhook endpoint: serve it, or check a saved notification's signature.
    #[command(subcommand)]
    Webhooks(WebhooksCommand),
    /// The ledger: follow a shared one, export for reconciliation.
    #[command(subcommand)]
    Ledger(LedgerCommand),
    /// Customers' personal data in the books (Ley 1581 de 2012).
    #[command(subcommand)]
    Customer(CustomerCommand),
    /// Profiles: which service paydesk talks to (the active one is used when none is named).
    #[command(subcommand)]
    Profile(ProfileCommand),
    /// Paper: the counter's QR poster, a payment's receipt, the day's close (to a PDF file or a
    /// printer: tcp://HOST:PORT, usb:PATH or system:QUEUE; without either, this computer's
    /// printer from Configuración).
    #[command(subcommand)]
    Print(PrintCommand),
    /// The owner's PIN: once set, paydesk opens in Caja and the commands that move money or
    /// change what the shop trusts ask for it.
    #[command(subcommand)]
    Pin(PinCommand),
    /// The cashiers, each with a PIN of their own (the owner's PIN is asked to change them).
    #[command(subcommand)]
    Cashier(CashierCommand),
    /// Updates from paydesk's maker only: look for a newer version, or download, verify and
    /// install it (refused, and nothing installed, unless the maker signed it and it is newer).
    #[command(subcommand)]
    Update(UpdateCommand),
    /// Run the built-in simulator of the service until stopped (`sandbox` is its old name): this
    /// computer's one, which the app and the other commands use too. When one already runs (the
    /// open app's, say), prints its connection and starts nothing.
    #[command(alias = "sandbox")]
    Simulator {
        #[arg(long, default_value = "127.0.0.1:7300")]
        addr: SocketAddr,
        /// Keep the simulator's state in this file across restarts (by default the data
        /// folder's, the one the app and the other commands use).
        #[arg(long)]
        state: Option<PathBuf>,
        /// Started by a command that found no simulator running: prints nothing, and ends by
        /// itself once nobody uses it.
        #[arg(long, hide = true)]
        background: bool,
    },
    /// Print paydesk's man page (roff), for the installers.
    #[command(hide = true)]
    Manpage,
    /// For the Windows uninstaller, when the owner chose not to keep the books: removes every
    /// profile's tokens from the keyring, then this computer's settings and books (copies made
    /// elsewhere stay).
    #[command(hide = true)]
    ForgetThisComputer {
        /// Without it nothing is removed.
        #[arg(long)]
        yes: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum UpdateCommand {
    /// Whether a newer version exists, and what changed in it.
    Check {
        /// Another feed for this run (https, or http on this computer).
        #[arg(long, value_name = "URL")]
        feed: Option<String>,
    },
    /// Download the newer version, check its signature, size and hash, and install it (Windows:
    /// the installer runs once this command ends and opens paydesk again; AppImage: replaced in
    /// place; .deb and .rpm: the command that installs it is printed).
    Install {
        #[arg(long, value_name = "URL")]
        feed: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum PinCommand {
    /// Set the owner's PIN (4 to 12 digits), or change it: the current PIN first.
    Set,
}

#[derive(Debug, Subcommand)]
pub enum CashierCommand {
    /// Add a cashier with a PIN of their own (or give one a new PIN).
    Add { name: String },
    /// Take a cashier off the list (their sales keep their name).
    Remove { name: String },
    /// The cashiers.
    List,
}

#[derive(Debug, Subcommand)]
pub enum ProfileCommand {
    /// Every profile, the active one marked.
    List,
    /// Add a profile for the service's sandbox or production and make it the active one.
    /// Its tokens go in afterwards: the app's Settings, or `PAYDESK_*` variables.
    Add(Box<ProfileArgs>),
    /// Make a profile the one used when none is named (app and command line).
    Use { name: String },
    /// Check every credential and setting of the profile against its service, moving no money:
    /// each line says what it found and what to do (exit 1 when something fails).
    Check,
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// The service's user (usually the e-mail registered with); asked when not given.
    #[arg(long)]
    pub username: Option<String>,
    /// With no system keyring, write the new token in the output (once: paydesk cannot keep
    /// it). Without this flag, a run with no keyring is refused before signing in.
    #[arg(long)]
    pub print_token: bool,
}

#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// Letters, digits, - and _.
    pub name: String,
    #[arg(long, value_enum, default_value_t = ProfileEnvironment::Sandbox)]
    pub environment: ProfileEnvironment,
    /// Family A base, including /api/v1.
    #[arg(long)]
    pub base_url: String,
    /// Family B base.
    #[arg(long)]
    pub pay_url: String,
    #[arg(long)]
    pub user_id: Option<String>,
    #[arg(long)]
    pub brand_id: Option<String>,
    /// Put in every new payment unless told otherwise.
    #[arg(long)]
    pub webhook_url: Option<String>,
    /// Where the app's own webhook receiver listens (default 127.0.0.1:8787).
    #[arg(long)]
    pub webhook_listen: Option<String>,
    /// Your merchant id in Bre-B, put in every Bre-B key and interoperable QR.
    #[arg(long)]
    pub merchant_id: Option<String>,
    /// Where the payer's browser goes after paying a link.
    #[arg(long)]
    pub return_url: Option<String>,
    /// The shop's name as customers know it (payment cards, WhatsApp messages).
    #[arg(long)]
    pub shop_name: Option<String>,
    /// The shop's web page or social network (https://…): the service's current interface asks
    /// for it with every payment and payout.
    #[arg(long)]
    pub shop_url: Option<String>,
    /// The interface the service speaks: 2026 (its current one, the default) or 1.0 (the
    /// specification's).
    #[arg(long, value_name = "VERSION")]
    pub interface: Option<String>,
    /// Do not show the payer the service's summary page before paying.
    #[arg(long)]
    pub no_summary: bool,
    /// A shared ledger on PostgreSQL (postgres://user@host:5432/shop) for several tills; its
    /// password goes in Settings (keyring) or PAYDESK_LEDGER_PASSWORD, never in the address.
    #[arg(long, value_name = "URL")]
    pub ledger_url: Option<String>,
    /// Change an existing profile of that name (the tokens it has stay).
    #[arg(long)]
    pub replace: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProfileEnvironment {
    /// The service's own sandbox.
    Sandbox,
    /// Real money.
    Production,
}

#[derive(Debug, Subcommand)]
pub enum WebhooksCommand {
    /// Receive, verify and store notifications at POST /webhook until stopped (Ctrl-C or
    /// SIGTERM finish the requests in flight first).
    Serve {
        #[arg(long, default_value = "127.0.0.1:8787")]
        addr: SocketAddr,
    },
    /// Check a saved notification's signature with the profile's HASH_KEY.
    Verify { file: PathBuf },
}

#[derive(Debug, Subcommand)]
pub enum CustomerCommand {
    /// Forget a customer who asks: their name, e-mail, phone and document number are blanked
    /// from every notification body and payout in the books; amounts, references and states
    /// stay. Give exactly one.
    Forget {
        #[arg(long, group = "who")]
        cellphone: Option<String>,
        #[arg(long, group = "who")]
        document: Option<String>,
        #[arg(long, group = "who")]
        email: Option<String>,
    },
}

#[derive(Debug, Subcommand)]
pub enum LedgerCommand {
    /// A copy of the books now (the shared ledger's too, as a file of the shop's own),
    /// verified, into DIR (default: the folder chosen in Configuración, else the data folder's
    /// `copias`); seven daily and four weekly copies are kept.
    Backup {
        #[arg(long, value_name = "DIR")]
        to: Option<PathBuf>,
    },
    /// The books back from a copy: says what it holds (dates, payments, payouts), asks, keeps
    /// the current books aside, then restores. A ledger that cannot be opened is moved aside.
    Restore {
        /// The copy to restore (a `paydesk-copia-….sqlite3`).
        #[arg(value_name = "FILE", required_unless_present = "newest")]
        file: Option<PathBuf>,
        /// The newest copy in the backup folder.
        #[arg(long, conflicts_with = "file")]
        newest: bool,
        /// Restore without asking (for scripts).
        #[arg(long)]
        yes: bool,
    },
    /// Follow a shared ledger as a till does: one line per notification, payment and payout
    /// any till or the receiver writes, as it is written (LISTEN/NOTIFY), until Ctrl-C. A
    /// ledger that stops answering is said on stderr, and followed again when it is back.
    #[command(alias = "follow")]
    Watch,
    /// The close of a day or a range for the current profile: the money the service
    /// confirmed, by method, approvals still to be confirmed, payouts and what to look at; the
    /// same figures as the app's Cuadre del día. Dates are YYYY-MM-DD, both ends included
    /// (default: today).
    Close {
        #[arg(long)]
        from: Option<String>,
        #[arg(long)]
        to: Option<String>,
    },
    /// One CSV row per notification received and per payment or payout created, with its
    /// confirmed state. Dates are YYYY-MM-DD, both ends included (default: today).
    Export {
        #[arg(long)]
        from: Option<String>,
        #[arg(long)]
        to: Option<String>,
        #[arg(long, value_name = "FILE")]
        csv: PathBuf,
        /// Every profile's payments and payouts, not only the current profile's.
        #[arg(long)]
        all_profiles: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum PrintCommand {
    /// The counter's poster of a code that takes many payments (static QR, interoperable QR,
    /// Bre-B key), as a PDF or on a sheet printer.
    Poster {
        reference: String,
        #[command(flatten)]
        to: PrintTo,
        /// carta, media-carta or a4 (default: the one in Configuración, else carta).
        #[arg(long)]
        page: Option<String>,
    },
    /// The receipt of a payment the service confirmed.
    Receipt {
        reference: String,
        /// Which payment of a code that took several (its provider reference; default: the
        /// latest).
        #[arg(long, value_name = "PROVIDER_REFERENCE")]
        payment: Option<String>,
        #[command(flatten)]
        roll: Roll,
        /// Open the cash drawer with it.
        #[arg(long)]
        drawer: bool,
    },
    /// The day's close: the figures of `ledger close`, by method and by cashier.
    Close {
        /// YYYY-MM-DD (default: today).
        #[arg(long)]
        date: Option<String>,
        #[command(flatten)]
        to: PrintTo,
        /// 58 or 80 (mm) on a receipt printer.
        #[arg(long)]
        paper: Option<String>,
        /// carta, media-carta or a4 for the PDF (default: carta).
        #[arg(long)]
        page: Option<String>,
    },
    /// The receipt of a return the service confirmed (money back to a customer for a sale).
    Return {
        /// The return's own reference, as `refund` said it.
        #[arg(value_name = "REFERENCE1")]
        reference1: String,
        #[command(flatten)]
        roll: Roll,
    },
    /// «Cierre de turno»: a drawer's shift with its count and, apart, the payments the service
    /// confirmed at that till while it was open.
    Shift {
        /// The shift's number (default: this till's open shift).
        id: Option<i64>,
        #[command(flatten)]
        roll: Roll,
    },
    /// The receipt of a cash sale that stands (a voided one has none).
    CashReceipt {
        /// The cash sale's entry number, as `cash sale` said it.
        entry: i64,
        #[command(flatten)]
        roll: Roll,
        /// Open the cash drawer with it.
        #[arg(long)]
        drawer: bool,
    },
    /// The printers of this computer's print system.
    Printers,
}

/// A slip on the roll: where it goes and the paper's width. One struct, so that every slip
/// (receipt, return, shift, cash receipt) says `--paper` in the same words and reads it the same
/// way.
#[derive(Debug, Args)]
pub struct Roll {
    #[command(flatten)]
    pub to: PrintTo,
    /// 58 or 80 (mm; default: the one in Configuración, else 80).
    #[arg(long)]
    pub paper: Option<String>,
}

/// Where paper goes.
#[derive(Debug, Args)]
pub struct PrintTo {
    /// Write a PDF to this file.
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,
    /// tcp://HOST:PORT, usb:PATH or system:QUEUE.
    #[arg(long, value_name = "URI", conflicts_with = "pdf")]
    pub printer: Option<String>,
}

#[derive(Debug, Args)]
pub struct RegisterArgs {
    #[arg(long)]
    pub name: String,
    #[arg(long)]
    pub email: String,
    #[arg(long)]
    pub cellphone: String,
    #[arg(long)]
    pub doc_type: String,
    #[arg(long)]
    pub doc_number: String,
    /// The municipality by name ("Bogotá", "Medellín") or DANE code (11001).
    #[arg(long)]
    pub city: String,
    /// The department by name or code; found from the municipality when its name is unique.
    #[arg(long, default_value = "")]
    pub state: String,
    #[arg(long)]
    pub commerce_type: Option<i64>,
    /// With no system keyring, write the new token in the output (once: paydesk cannot keep
    /// it). Without this flag, a run with no keyring is refused before anything is sent
    /// (a person at a terminal is shown the token instead).
    #[arg(long)]
    pub print_token: bool,
    #[arg(long)]
    pub referred: Option<i64>,
    #[arg(long, default_value = "email")]
    pub register_type: String,
}

#[derive(Debug, Args)]
pub struct ResourceArgs {
    #[arg(long)]
    pub method: i64,
    #[arg(long)]
    pub amount: Option<String>,
    #[arg(long)]
    pub tax: Option<String>,
    #[arg(long)]
    pub reference1: Option<String>,
    #[arg(long)]
    pub reference2: Option<String>,
    #[arg(long)]
    pub reference3: Option<String>,
    #[arg(long)]
    pub description: Option<String>,
    /// The customer's mobile number (method 10).
    #[arg(long)]
    pub cellphone: Option<String>,
    /// Method 1: commerce type id (with --city).
    #[arg(long, requires = "city")]
    pub commerce_type: Option<i64>,
    #[arg(long)]
    pub city: Option<i64>,
    /// Method 8: the payer's bank id, with the payer's details.
    #[arg(long, requires_all = ["person_type", "doc_type", "doc_number", "name", "address", "email", "payer_cellphone"])]
    pub bank: Option<i64>,
    #[command(flatten)]
    pub payer: PayerArgs,
    #[arg(long)]
    pub payer_cellphone: Option<String>,
    /// Method 11: encoded information text.
    #[arg(long)]
    pub info: Option<String>,
}

/// Who pays by online bank transfer: the details the bank asks of the payer, the same for a
/// Family A resource and a charge.
#[derive(Debug, Args)]
pub struct PayerArgs {
    #[arg(long)]
    pub person_type: Option<String>,
    #[arg(long)]
    pub doc_type: Option<String>,
    #[arg(long)]
    pub doc_number: Option<String>,
    #[arg(long)]
    pub name: Option<String>,
    #[arg(long)]
    pub address: Option<String>,
    #[arg(long)]
    pub email: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckoutArgs {
    #[arg(long)]
    pub resource_id: i64,
    #[arg(long)]
    pub method: i64,
    #[arg(long)]
    pub user_id: Option<i64>,
    #[arg(long)]
    pub person_type: String,
    #[arg(long)]
    pub doc_type: String,
    #[arg(long)]
    pub bank: Option<i64>,
}

/// Fields both cash-in commands share.
#[derive(Debug, Args)]
pub struct CashInArgs {
    #[arg(long)]
    pub amount: String,
    #[arg(long)]
    pub reference1: String,
    #[arg(long)]
    pub webhook_url: Option<String>,
    #[arg(long)]
    pub return_url: Option<String>,
    /// How long it may be paid: 15min, 1h, 1d, or a number of seconds.
    #[arg(long, value_parser = crate::validate::duration, value_name = "DURATION")]
    pub expires_in: Option<u64>,
    #[arg(long)]
    pub brand_id: Option<i64>,
    #[arg(long)]
    pub show_summary: Option<bool>,
    /// reference2.Label entry, shown to the payer (repeatable).
    #[arg(long = "label", value_name = "KEY=VALUE")]
    pub labels: Vec<String>,
    /// reference2.Data entry, for conciliation (repeatable).
    #[arg(long = "data", value_name = "KEY=VALUE")]
    pub data: Vec<String>,
}

#[derive(Debug, Args)]
pub struct LinkArgs {
    #[command(flatten)]
    pub cash_in: CashInArgs,
}

#[derive(Debug, Args)]
pub struct ChargeArgs {
    /// The method's id: 130 Nequi, 131 Daviplata, 117 PSE, 262 PSE gateway, 250 Bre-B key,
    /// 248 interoperable QR, 153 cash, 163 TPaga, 273 cards, 277 WhatsApp.
    #[arg(long)]
    pub method: i64,
    #[command(flatten)]
    pub cash_in: CashInArgs,
    /// The payer's mobile number (wallets, online bank transfer).
    #[arg(long)]
    pub cellphone: Option<String>,
    /// Online bank transfer: the payer's bank id and details.
    #[arg(long)]
    pub bank: Option<String>,
    #[command(flatten)]
    pub payer: PayerArgs,
    /// Bre-B key and interoperable QR: the merchant's id in the scheme.
    #[arg(long)]
    pub merchant_id: Option<String>,
    /// WhatsApp: the business account the charge is sent from.
    #[arg(long)]
    pub whatsapp_account: Option<String>,
    /// Cards: what is being paid for, shown to the payer (up to 255 characters).
    #[arg(long)]
    pub description: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Link a bank account (needs a code from `otp --reason 2`).
    Add {
        #[arg(long)]
        number: String,
        #[arg(long)]
        otp: String,
        #[arg(long)]
        bank: i64,
        #[arg(long = "type")]
        account_type: i64,
    },
    /// Delete a bank account (a code from `otp --reason 3` is sent when given).
    Delete {
        #[arg(long)]
        id: i64,
        #[arg(long)]
        otp: Option<String>,
    },
}

/// Which fields a simulation takes is the interface's: the current one names the payment by
/// `--reference`; the spec's (1.0) describes the notification with the rest.
#[derive(Debug, Args)]
pub struct NotifyArgs {
    /// The payment's reference.
    #[arg(long)]
    pub reference: Option<String>,
    #[arg(long)]
    pub transaction_id: Option<i64>,
    #[arg(long)]
    pub amount: Option<String>,
    #[arg(long)]
    pub cost: Option<String>,
    /// 1 pending, 2 approved, 3 failed.
    #[arg(long)]
    pub status: Option<i64>,
    #[arg(long)]
    pub resource_id: Option<i64>,
    #[arg(long)]
    pub reference1: Option<String>,
}

fn parse_language(text: &str) -> Result<crate::i18n::Language, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "es" => Ok(crate::i18n::Language::Es),
        "en" => Ok(crate::i18n::Language::En),
        _ => Err("use es (español) or en (English)".to_owned()),
    }
}
