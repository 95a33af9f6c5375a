//! What a person typed, turned into a request the service accepts, or every problem with its
//! field: parse, don't validate. The app's forms and the command line fill the same forms, so the
//! same words are read the same way and nothing reaches the client unchecked.
//!
//! A form holds text as typed; `parse` needs the [`Service`] it is for (where it goes decides
//! which webhook address can be reached, the catalog decides the method's fields and minimums).

mod cash_in;
mod method_shape;
mod payout;
mod registration;
mod resource;

pub use cash_in::{CashInForm, MethodPaymentForm, PaymentLinkForm};
pub use method_shape::MethodShape;
pub use payout::PayoutForm;
pub use registration::RegistrationForm;
pub use resource::ResourceForm;

use crate::api::Dialect;
use crate::api::catalog::MethodCatalog;
use crate::validate::{Field, ValidationError};

/// Every problem found, in the order of the form's fields.
pub type Problems = Vec<ValidationError>;

/// What a request is checked against: the service it goes to and the profile's choices.
#[derive(Debug, Clone)]
pub struct Service<'a> {
    /// Family B's base: a webhook address must be one a service there can reach.
    pub pay_url: &'a str,
    pub catalog: &'a MethodCatalog,
    /// The profile's white-label id.
    pub brand_id: i64,
    /// The webhook address used when a form leaves it empty: the profile's (set once in
    /// Settings, Advanced), or the receiver's on this computer for the simulator.
    pub default_webhook: Option<String>,
    /// Where the payer's browser goes after paying, when a form does not say (the profile's).
    pub default_return_url: Option<String>,
    /// Whether the payer sees the service's summary first, when a form does not say.
    pub show_summary: bool,
    /// The interface the service speaks: its rules decide what a request may hold.
    pub dialect: Dialect,
    /// The shop's page (`userMetadata.urlCommerce`), which the current interface asks for with
    /// every cash-in and cash-out.
    pub shop_url: Option<String>,
}

impl<'a> Service<'a> {
    /// The service a connection talks to, with its profile's choices.
    pub fn of(connection: &'a crate::connection::Connection) -> Service<'a> {
        Service {
            pay_url: connection.client.pay_url(),
            catalog: &connection.catalog,
            brand_id: connection.profile.brand_id,
            default_webhook: connection.default_webhook_url(),
            default_return_url: connection.profile.return_url.clone(),
            show_summary: connection.profile.show_summary,
            dialect: connection.client.dialect(),
            shop_url: connection.shop_url(),
        }
    }

    /// A request that moves money is refused before sending, with the fix, when the interface
    /// needs the shop's page and the profile has none.
    fn missing_shop_url(&self) -> Option<ValidationError> {
        let missing = self
            .shop_url
            .as_deref()
            .is_none_or(|url| url.trim().is_empty());
        (self.dialect.sends_user_metadata() && missing)
            .then(|| ValidationError::new(Field::ShopUrl, crate::t!("rule-shop-url-missing")))
    }
}

/// Keeps what parsed, or puts its problem with the others.
fn take<T>(result: Result<T, ValidationError>, problems: &mut Problems) -> Option<T> {
    result.map_err(|problem| problems.push(problem)).ok()
}

/// The request, or every problem: those found reading the form, then the request's own rules
/// for fields not already named.
fn checked<T>(
    request: T,
    mut problems: Problems,
    rules: impl IntoIterator<Item = ValidationError>,
) -> Result<T, Problems> {
    for problem in rules {
        if !problems.iter().any(|known| known.field == problem.field) {
            problems.push(problem);
        }
    }
    if problems.is_empty() {
        Ok(request)
    } else {
        Err(problems)
    }
}
