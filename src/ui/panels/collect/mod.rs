//! Collect: a payment link (every method), a payment for one method, a Family A resource, or a
//! sale in cash (Efectivo, written in the books alone).
//! Each form validates as the user types; the button stays disabled with the reason shown; the
//! created payment shows its QR and is followed until it is paid.

mod cash;
mod cash_view;
mod created;
mod creation;
mod fields;
mod link;
mod method;
mod panel;
mod receipt_text;
mod resource;
mod submit;
mod view;

pub use crate::ui::customer::CreatedPayment;
pub use cash::{CashSale, InsteadOf};
use fields::{CashInFields, DOCUMENT_TYPES, EXPIRY_CHOICES, in_settings};
use link::LinkForm;
use method::MethodForm;
pub use panel::{CollectMode, CollectPanel};
pub use receipt_text::{approved_receipt, cash_receipt, share_link};
use resource::ResourceForm;
pub use view::{CollectCommand, CollectView, Seller};
