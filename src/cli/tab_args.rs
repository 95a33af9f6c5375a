//! `paydesk tab …`: customers' tabs (fiado) from the terminal, for automation and tests.
//! Amounts are typed as in the app (`25000`, `25.000`, `$ 25.000`); every refusal of the books
//! exits 2 with nothing written.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum TabCommand {
    /// Every customer kept: who owes what, the longest owed first, with the total owed to the
    /// shop and the total in the customers' favour.
    Customers,
    /// Keep a customer, with the authorisation they gave to keep their data (Ley 1581):
    /// without `--consent` nothing is kept.
    Add {
        name: String,
        /// Ten digits (for WhatsApp); without it a link is copied, not sent.
        #[arg(long)]
        cellphone: Option<String>,
        #[arg(long)]
        document: Option<String>,
        /// The most they may owe without the owner (cupo).
        #[arg(long, allow_hyphen_values = true)]
        limit: Option<String>,
        /// How the customer authorised keeping their data («De palabra, en la tienda»).
        #[arg(long)]
        consent: Option<String>,
        /// Another customer has this cellphone and this is someone else: add them anyway.
        #[arg(long)]
        same_cellphone: bool,
    },
    /// Write what a customer took on their tab (fiar).
    Take {
        id: i64,
        // A negative amount reaches the form, which says why, rather than clap's "unknown option".
        #[arg(allow_hyphen_values = true)]
        amount: String,
        #[arg(long)]
        description: Option<String>,
        /// Over the customer's limit: asks the owner's PIN first (once one is set).
        #[arg(long)]
        owner: bool,
    },
    /// A customer's statement: every entry, the balance, owed since when.
    Statement { id: i64 },
    /// Set the most a customer may owe without the owner (`none` takes it away): the owner's.
    Limit {
        id: i64,
        #[arg(allow_hyphen_values = true)]
        amount: String,
    },
    /// A customer pays their tab in cash at this till (all they owe unless an amount is
    /// given); needs this till's open shift.
    PayCash {
        id: i64,
        #[arg(allow_hyphen_values = true)]
        amount: Option<String>,
    },
    /// A payment link for a customer's tab (all they owe unless `--amount`), with the WhatsApp
    /// message to send it.
    Link {
        id: i64,
        #[arg(long, allow_hyphen_values = true)]
        amount: Option<String>,
        /// How long it may be paid: 15min, 1h, 1d, or a number of seconds.
        #[arg(long, value_parser = crate::validate::duration, value_name = "DURATION")]
        expires_in: Option<u64>,
    },
    /// The reminder the person may send a customer, and its WhatsApp address: nothing is sent.
    Remind { id: i64 },
    /// Forget a customer at their request (name, cellphone, document): refused while money is
    /// owed either way; the owner's.
    Forget { id: i64 },
}
