//! The payout methods: their ids, their names, and the online payout's ceiling (which of them
//! an interface offers is `dialect`'s). Below both the interfaces' rules (`dialect`) and the
//! requests (`family_b`). The service calls a payout a cash-out or a withdrawal and names
//! these methods its own way; here they are payouts, like everywhere in paydesk.

use crate::money::Pesos;

/// Paid online (the service's "online withdrawal"): the recipient collects it within a window,
/// and it has a ceiling.
pub const ONLINE_PAYOUT_METHOD: i64 = 160;
/// Paid as a product (the service's "disbursement"), by the provider without the recipient's
/// action.
pub const PRODUCT_PAYOUT_METHOD: i64 = 245;
/// Sent to a Bre-B key instead of a mobile number.
pub const BREB_PAYOUT_METHOD: i64 = 264;

/// The service's ceiling for an online payout, docs/decisions.md "Payouts".
pub const ONLINE_PAYOUT_CEILING: Pesos = Pesos::new(2_000_000);

/// The payout method in the person's words.
pub fn payout_method_name(id: i64) -> String {
    match id {
        ONLINE_PAYOUT_METHOD => crate::t!("withdraw-online"),
        PRODUCT_PAYOUT_METHOD => crate::t!("withdraw-product"),
        BREB_PAYOUT_METHOD => crate::t!("withdraw-breb"),
        other => crate::t!("kind-method", id = other),
    }
}
