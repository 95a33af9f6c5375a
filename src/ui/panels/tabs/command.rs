//! What Fiado asks the app to do: each a small value queued while drawing and run by the next
//! `logic` on the runtime.

use crate::collections::ChargeRequest;
use crate::ledger::NewCustomer;
use crate::money::Pesos;

#[derive(Debug, Clone)]
pub enum TabsCommand {
    /// Keeps a customer; `same_cellphone_ok` once the person said the one who shares the
    /// cellphone is someone else.
    Add {
        customer: NewCustomer,
        same_cellphone_ok: bool,
    },
    /// Opens a customer's statement (`None`: back to the list).
    Open(Option<i64>),
    /// Writes what the customer took on their tab, as whoever is at the till.
    Take {
        customer: i64,
        amount: Pesos,
        description: String,
    },
    /// The same, over the customer's limit: the owner's PIN first (in Caja), then as the owner.
    TakeAsOwner {
        customer: i64,
        amount: Pesos,
        description: String,
    },
    /// The owner sets (or with `None` takes away) the customer's limit.
    Limit { customer: i64, limit: Option<Pesos> },
    /// A link for the customer's tab, made by `tabs::collect` and followed like any sale.
    Collect {
        customer: i64,
        request: Box<ChargeRequest>,
    },
    /// The customer pays in cash at this till (the drawer's open shift).
    PayInCash { customer: i64, amount: Pesos },
    /// The owner forgets the customer (Ley 1581): in Caja the owner's PIN first.
    Forget(i64),
    /// WhatsApp opened on a prepared message (the person sends it).
    Whatsapp(String),
    /// To Turno, where the drawer's shift is opened.
    GoToShift,
    /// The tab's link or QR in front of the customer (the customer screen or the display).
    ShowCustomer(Box<crate::ui::customer::CreatedPayment>),
}
