//! Collect: a payment link (every method), a payment for one method, or a Family A resource.
//! Each form validates as the user types; the button stays disabled with the reason shown; the
//! created payment shows its QR and is followed until it is paid.

mod created;
mod creation;
mod fields;
mod link;
mod method;
mod panel;
mod resource;
mod submit;
mod view;

pub use crate::ui::customer::CreatedPayment;
use fields::{CashInFields, DOCUMENT_TYPES, EXPIRY_CHOICES, in_settings};
use link::LinkForm;
use method::MethodForm;
pub use panel::{CollectMode, CollectPanel};
use resource::ResourceForm;
pub use view::{CollectCommand, CollectView, Seller};
