//! The flags of the commands that move money out: a payout, and a return (a payout to a
//! customer, tied to the sale it returns). Part of the command line's public interface
//! (`args.rs`), which scripts depend on.

use clap::Args;

#[derive(Debug, Args)]
pub struct PayoutArgs {
    #[arg(long)]
    pub amount: String,
    #[arg(long)]
    pub reference1: String,
    /// The recipient's mobile number (methods 160 and 245, offered only by the spec's
    /// interface 1.0).
    #[arg(long, required_unless_present = "key", conflicts_with = "key")]
    pub cellphone: Option<String>,
    /// The recipient's Bre-B alias, like @TIENDA123 (method 264). The service's current
    /// interface sends payouts to an alias only.
    #[arg(long)]
    pub key: Option<String>,
    /// 264 to a Bre-B alias (the default with --key, and the only one the current interface
    /// offers); under the spec's 1.0 also 160 online withdrawal and 245 disbursement as a
    /// product (the default with --cellphone).
    #[arg(long)]
    pub method: Option<i64>,
    #[arg(long)]
    pub bank_name: Option<String>,
    #[arg(long)]
    pub webhook_url: Option<String>,
    /// Send without asking.
    #[arg(long)]
    pub yes: bool,
    /// With --yes: send even when the same amount went to the same number a few minutes ago.
    #[arg(long)]
    pub allow_repeat: bool,
}

/// A return: which sale, how much, why and where the money goes. Exit codes as a payout's: 0
/// sent, 1 the service refused, 2 nothing sent (bad input, the books refuse, not confirmed), 3
/// network failure or unknown outcome.
#[derive(Debug, Args)]
pub struct RefundArgs {
    /// The sale's reference.
    pub reference: String,
    /// How much to give back (default: all that remains of the sale, or of the payment).
    #[arg(long)]
    pub amount: Option<String>,
    /// Why: product (a product returned), charged-twice, wrong-amount, or other (with --note).
    #[arg(long)]
    pub reason: String,
    /// The reason in words (needed with --reason other).
    #[arg(long)]
    pub note: Option<String>,
    /// Where the money goes: the customer's Bre-B alias (@ANA123) under the service's current
    /// interface; their mobile number under the spec's 1.0.
    #[arg(long)]
    pub to: String,
    /// A counter code's payment to return (its provider reference): such a code is returned
    /// one payment at a time.
    #[arg(long, value_name = "PROVIDER_REFERENCE")]
    pub payment: Option<String>,
    /// Send without asking.
    #[arg(long)]
    pub yes: bool,
    /// With --yes: send even when the same amount went to the same customer a few minutes ago.
    #[arg(long)]
    pub allow_repeat: bool,
}
