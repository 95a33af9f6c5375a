//! What Cobrar's forms draw from and what they ask for: the view of the session, and the
//! commands the panel's `logic` runs.

use crate::collections::ChargeRequest;
use crate::ledger::StoredNotification;
use crate::requests::Service;
use crate::ui::customer::CreatedPayment;
use crate::ui::services::session::Session;
use crate::ui::services::tracker::Tracker;

/// What the panel asks the app to do; run by `logic`, never while drawing.
#[derive(Debug, Clone)]
pub enum CollectCommand {
    /// A sale to make, checked.
    Create(ChargeRequest),
    /// The banks a PSE payer can choose, for this method.
    LoadBanks(i64),
    /// The methods the account offers for resources, with their icons.
    LoadResourceMethods,
    /// The payment card (shop, amount, QR, reference) as a PNG.
    SaveCard {
        card: crate::ui::widgets::payment_card::PaymentCard,
        reference: String,
    },
    /// Opens WhatsApp's share link with the message written.
    ShareWhatsApp(String),
    ShowCustomer(CreatedPayment),
    /// A sale the till writes (cash, fiado, or a mix with the rest by a QR or a link), handed
    /// over by its form, for the books.
    Sell(Box<super::till::TillAsk>),
    /// An electronic sale on a card, paid in cash instead: into the Efectivo form.
    ChargeInCash(super::cash::InsteadOf),
    /// A cash sale's receipt (its entry in the books): to the printer, or (`pdf`) a PDF.
    CashReceipt {
        entry: i64,
        pdf: bool,
    },
    /// A cashier takes the till with their PIN (nobody at the till said who they are).
    TakeTill,
}

/// Who sells at this till now, as the sale form says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seller {
    /// No owner's PIN: nobody is told apart.
    Anyone,
    /// The owner's side is open.
    Owner,
    /// A cashier took the till with their PIN.
    Cashier(String),
    /// In Caja with nobody named: the sales carry no name. `cashiers`: there are cashiers who
    /// could say who they are.
    Nobody { cashiers: bool },
}

impl Seller {
    pub fn of(access: &crate::ui::services::access::Access) -> Seller {
        if !access.pin_set() {
            Seller::Anyone
        } else if access.owner_side() {
            Seller::Owner
        } else if access.cashier().is_empty() {
            Seller::Nobody {
                cashiers: access
                    .people()
                    .is_some_and(|people| !people.cashiers.is_empty()),
            }
        } else {
            Seller::Cashier(access.cashier().to_owned())
        }
    }
}

/// What the forms read from the session while drawing.
pub struct CollectView<'a> {
    /// The service the forms' requests are checked against.
    pub service: Service<'a>,
    pub tracker: &'a Tracker,
    /// The webhook notifications last loaded, newest first.
    pub notifications: &'a [StoredNotification],
    /// The shop's name on the payment card and in the WhatsApp message.
    pub shop_name: String,
    /// Since when the service has not answered, while it does not.
    pub service_away: Option<i64>,
    /// Who sells here now: said beside the form, always.
    pub seller: Seller,
}

impl<'a> CollectView<'a> {
    /// The addresses every payment carries are the session's: the profile's, or this computer's
    /// receiver for the simulator.
    pub fn of(
        session: &'a Session,
        tracker: &'a Tracker,
        notifications: &'a [StoredNotification],
    ) -> CollectView<'a> {
        CollectView {
            service: Service {
                default_webhook: session.webhook_url(),
                ..Service::of(&session.connection)
            },
            tracker,
            notifications,
            shop_name: session.shop_name(),
            service_away: None,
            seller: Seller::Anyone,
        }
    }
}
