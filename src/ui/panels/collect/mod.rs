//! Collect: a payment link (every method), a payment for one method, a Family A resource, a sale
//! in cash (Efectivo) or on a customer's tab (Fiar), written in the books alone or with the rest
//! by a QR or a link; and what was sold, line by line, whatever pays it.
//! Each form validates as the user types; the button stays disabled with the reason shown; the
//! created payment shows its QR and is followed until it is paid.

mod again;
mod cash;
mod cash_view;
mod created;
mod creation;
mod fiar;
mod fields;
mod lines;
mod link;
mod method;
mod panel;
mod receipt_text;
mod resource;
mod submit;
mod till;
mod till_card;
mod view;

pub use crate::ui::customer::CreatedPayment;
pub use cash::InsteadOf;
use fields::{CashInFields, DOCUMENT_TYPES, EXPIRY_CHOICES, in_settings};
use link::LinkForm;
use method::MethodForm;
pub use panel::{CollectMode, CollectPanel};
pub use receipt_text::{approved_receipt, cash_receipt, sale_receipt, share_link};
use resource::ResourceForm;
pub use till::TillAsk;
pub use view::{CollectCommand, CollectView, Seller};
