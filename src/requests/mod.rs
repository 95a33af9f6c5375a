//! What a person typed, turned into a request the service accepts, or every problem with its
//! field: parse, don't validate. The app's forms and the command line fill the same forms, so the
//! same words are read the same way and nothing reaches the client unchecked.
//!
//! A form holds text as typed; `parse` needs the [`Service`] it is for (where it goes decides
//! which webhook address can be reached, the catalog decides the method's fields and minimums).

mod cash;
mod cash_in;
mod method_shape;
mod payout;
mod registration;
mod resource;
mod returns;
mod sale;
mod service;
mod tab;

pub use cash::{
    CASH_REASON_MAX_CHARS, CashMoveForm, CashSaleAsk, CashSaleForm, CountForm, base as cash_base,
    reason as cash_reason,
};
pub use cash_in::{CashInForm, MethodPaymentForm, PaymentLinkForm};
pub use method_shape::MethodShape;
pub use payout::PayoutForm;
pub use registration::RegistrationForm;
pub use resource::ResourceForm;
pub use returns::{REASON_MAX_CHARS, ReturnAsk, ReturnForm, ReturnReason, return_method};
pub use sale::{
    ItemForm, LINE_TEXT_MAX_CHARS, LineAsk, LineForm, QUANTITY_FIELD, QUANTITY_MAX, REST_QR_METHOD,
    TabSaleAsk, TabSaleForm, lines_total, quantity, rest_after, rest_by_link, rest_by_qr,
};
pub use service::{Problems, Service};
use service::{checked, take};
pub use tab::{CustomerForm, NewCustomer, TAB_TEXT_MAX_CHARS, TakeForm, tab_payment};
