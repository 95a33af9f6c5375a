//! The cash-out methods' ids, and the online withdrawal's ceiling (which of them an interface
//! offers is `dialect`'s). Below both the interfaces' rules (`dialect`) and the requests (`family_b`).

use crate::money::Pesos;

/// An online withdrawal: the recipient collects it within a window; it has a ceiling.
pub const ONLINE_WITHDRAWAL: i64 = 160;
/// A disbursement as a product: paid by the provider without the recipient's action.
pub const PRODUCT_DISBURSEMENT: i64 = 245;
/// The cash-out that sends to a Bre-B key instead of a mobile number.
pub const BREB_WITHDRAW_METHOD: i64 = 264;

/// The service's ceiling for online withdrawals, docs/decisions.md "Payouts".
pub const ONLINE_WITHDRAWAL_CEILING: Pesos = Pesos::new(2_000_000);
