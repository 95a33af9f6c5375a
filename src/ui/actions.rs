//! What a panel (or a click in the draw) asks of the app: handled by the next `logic`, after
//! everything has drawn.

use crate::ui::customer::CreatedPayment;
use crate::ui::navigation::Panel;

/// What a panel asks of the app, handled after the panel has drawn.
#[derive(Debug, Clone)]
pub enum AppAction {
    GoTo(Panel),
    ShowCustomer(Box<CreatedPayment>),
    /// Connect again: another profile, or the same one with new credentials.
    Reconnect(Option<String>),
    /// The service asks for a credential again; also Settings' "Iniciar sesión…".
    SignIn(crate::api::SignInNeeded),
    /// The owner asked to sign in to the pay API (Settings).
    OfferSignIn,
    /// The customer's screen is done; `collect_again`: the cashier starts the same sale again.
    CloseCustomer {
        collect_again: bool,
    },
    /// The cashier takes the sale off the customer display (an abandoned sale's QR must not
    /// wait there for the next customer to pay it); it is still followed at the till.
    ClearDisplay,
    /// A sale of today's list opened in its window in Estado de pagos (its service reference),
    /// for when that panel is next shown: the paid-twice alert's way to «Devolver dinero».
    OpenPayment(String),
    /// What this till just wrote, for every panel (a cash sale, a shift's movement, a tab's
    /// entry): a shared ledger's notices tell the other tills, and an embedded ledger has none,
    /// so the panels here hear it from the one that wrote it.
    Tell(crate::ui::plumbing::news::News),
    /// What the owner asked of updates in Settings, for the app's update watch.
    Updates(crate::ui::services::updates::UpdatesCommand),
}
