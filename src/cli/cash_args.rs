//! `paydesk cash …`: the drawer from the terminal, for automation and tests. Amounts are typed
//! as in the app (`25000`, `25.000`, `$ 25.000`); every refusal exits 2 with nothing written.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum CashCommand {
    /// Open this till's shift with the base counted (the cash the drawer starts with).
    Open {
        /// The base: whole pesos, zero allowed.
        #[arg(long, allow_hyphen_values = true)]
        base: String,
    },
    /// Record a cash sale in this till's open shift. With `--open-with-base` the shift is
    /// opened first, in the same step.
    Sale {
        // A negative amount reaches the form, which says why, rather than clap's "unknown option".
        #[arg(allow_hyphen_values = true)]
        amount: String,
        /// What the customer handed over (default: the exact amount).
        #[arg(long, allow_hyphen_values = true)]
        received: Option<String>,
        /// What was sold.
        #[arg(long)]
        description: Option<String>,
        /// Charged in cash instead of this electronic sale (its reference), which is left.
        #[arg(long, value_name = "REFERENCE")]
        instead_of: Option<String>,
        /// No shift is open: open it with this base, then record the sale.
        #[arg(long, value_name = "BASE", allow_hyphen_values = true)]
        open_with_base: Option<String>,
    },
    /// Cash put in the drawer, with its reason.
    In {
        #[arg(allow_hyphen_values = true)]
        amount: String,
        #[arg(long)]
        reason: String,
    },
    /// Cash taken out of the drawer, with its reason.
    Out {
        #[arg(allow_hyphen_values = true)]
        amount: String,
        #[arg(long)]
        reason: String,
    },
    /// Money back in cash for a cash sale (all that remains of it unless `--amount`).
    Return {
        /// The cash sale's reference (EF…).
        reference: String,
        #[arg(long, allow_hyphen_values = true)]
        amount: Option<String>,
        #[arg(long)]
        reason: String,
    },
    /// Close a shift with the drawer counted by denomination: `--count 50000x3 --count m500x4`
    /// (a bill by its value, a coin with `m`; the $ 1.000 bill is `1000`, its coin `m1000`).
    /// This till's open shift unless `--shift`; the owner's (its PIN once set).
    Close {
        #[arg(long)]
        shift: Option<i64>,
        #[arg(long = "count", value_name = "DENOMINATIONxPIECES", required = true)]
        count: Vec<String>,
        #[arg(long)]
        note: Option<String>,
    },
    /// Take an entry out of every figure, with the reason: the owner's, while its shift is open.
    Void {
        entry: i64,
        #[arg(long)]
        reason: String,
    },
    /// A shift with its entries and figures: this till's open one unless an id is given.
    Shift { id: Option<i64> },
    /// Every till's shifts over a range of days (today by default), open ones said so.
    Shifts {
        /// First day, YYYY-MM-DD (default today).
        #[arg(long)]
        from: Option<String>,
        /// Last day, YYYY-MM-DD (default: `--from`).
        #[arg(long)]
        to: Option<String>,
    },
}
