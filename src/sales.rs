//! A sale, whatever pays it: the one sequence the app and the command line both call to sell. A
//! sale paid by one charge at the service is that charge, written with what was sold
//! (`collections::make_charge`); a sale paid otherwise, or in parts (cash, fiado, and the rest by
//! a link or a QR), is written first with the parts the till takes at once (`Ledger::record_sale`,
//! one transaction: the parts must add up to it), then its charge is made as a part of it. A
//! charge the service could not make leaves the sale open for what it would have paid: the
//! person charges that another way (`charge_again`). Cash and fiado need no service; only what
//! goes through it waits for it.

use std::sync::Arc;

use crate::api::Client;
use crate::api::catalog::MethodCatalog;
use crate::collections::{ChargeError, ChargeRequest, MadeCharge, make_charge};
use crate::ledger::activity::Actor;
use crate::ledger::{
    CashPart, Ledger, LedgerError, MadeBy, NewSale, SaleAsk, SaleFor, SaleRecord, TabPart,
};
use crate::money::Pesos;

/// Where the rest of a sale is charged: the service, as whom, in which books.
pub struct Service<'a> {
    pub client: &'a Client,
    pub catalog: &'a MethodCatalog,
    /// The profile whose charge it is (its books are `ledger`).
    pub profile: String,
    pub made_by: MadeBy,
}

/// A sale as a person asked for it: what was sold, and how it is paid.
#[derive(Debug, Clone)]
pub struct SellAsk {
    pub sale: NewSale,
    /// Cash: what it pays and what the customer handed over.
    pub cash: Option<(Pesos, Pesos)>,
    /// Fiado: the customer and what goes on their tab.
    pub tab: Option<TabPart>,
    /// The rest, through the service: a link, a charge to one method, a QR.
    pub charge: Option<ChargeRequest>,
    /// The base to open this till's shift with first, when a cash part finds none open.
    pub open_with: Option<Pesos>,
}

/// A sale made: as the books hold it once its parts at the till were written (none for a sale
/// that is one charge: see `charge`), and its charge at the service, made or refused.
#[derive(Debug)]
pub struct Sold {
    pub sale: Option<SaleRecord>,
    pub charge: Option<Result<MadeCharge, ChargeError>>,
}

/// Runs `work` on the books on the runtime's blocking pool: a ledger call waits on SQLite or
/// PostgreSQL and must not hold a runtime thread. Cobrar's till waits on the books through it
/// too, so a stopped task reads the same there and here.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, LedgerError> + Send + 'static,
) -> Result<T, LedgerError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|stopped| LedgerError::Runtime(stopped.to_string()))?
}

/// Sells, for the app and the command line alike. A sale that is one charge is made at the
/// service with what was sold (nothing is written if the service refuses it); any other sale is
/// written first with its cash and fiado parts (refused by the books, in words, with nothing
/// written: parts that do not add up, too little handed over, over a customer's limit), then its
/// charge is made as a part of it. The books' refusal is the error; the service's refusal of
/// the charge comes back in `Sold::charge`, the sale kept open for it.
pub async fn sell(
    ledger: Arc<Ledger>,
    actor: Actor,
    service: Option<Service<'_>>,
    ask: SellAsk,
) -> Result<Sold, LedgerError> {
    if ask.cash.is_none()
        && ask.tab.is_none()
        && let (Some(charge), Some(service)) = (&ask.charge, &service)
    {
        let sale = SaleFor::New {
            sale: ask.sale.clone(),
            by: actor,
        };
        let made = make_charge(
            service.client,
            service.catalog,
            Some((ledger, service.profile.clone())),
            service.made_by.clone(),
            charge.clone(),
            sale,
        )
        .await;
        return Ok(Sold {
            sale: None,
            charge: Some(made),
        });
    }
    let at_till = SaleAsk {
        sale: ask.sale.clone(),
        cash: ask.cash.map(|(amount, tendered)| CashPart {
            amount,
            tendered,
            reference: crate::cash::fresh_reference(),
        }),
        tab: ask.tab,
        by_service: ask
            .charge
            .as_ref()
            .and_then(ChargeRequest::amount)
            .unwrap_or(Pesos::ZERO),
        open_with: ask.open_with,
    };
    let written = {
        let ledger = ledger.clone();
        let actor = actor.clone();
        blocking(move || ledger.record_sale(&actor, &at_till, crate::clock::now_ms())).await?
    };
    let charge = match (ask.charge, service) {
        (Some(charge), Some(service)) => Some(
            make_charge(
                service.client,
                service.catalog,
                Some((ledger, service.profile.clone())),
                service.made_by.clone(),
                charge,
                SaleFor::Part(written.id),
            )
            .await,
        ),
        _ => None,
    };
    Ok(Sold {
        sale: Some(written),
        charge,
    })
}

/// How what a sale is missing is charged again.
#[derive(Debug, Clone)]
pub enum Again {
    /// In cash: what it pays and what the customer handed over.
    Cash { amount: Pesos, tendered: Pesos },
    /// On a customer's tab.
    Tab(TabPart),
    /// Through the service: another link, method or QR.
    Charge(Box<ChargeRequest>),
}

/// Charges what sale `id` is missing (a part that failed or expired, or was never made) another
/// way: at most what is missing and no pending charge covers (the books refuse more, in words,
/// before anything is sent). The sale as the books hold it after, and a charge's outcome.
pub async fn charge_again(
    ledger: Arc<Ledger>,
    actor: Actor,
    service: Option<Service<'_>>,
    id: i64,
    how: Again,
) -> Result<Sold, LedgerError> {
    let at = crate::clock::now_ms();
    match how {
        Again::Cash { amount, tendered } => {
            let cash = CashPart {
                amount,
                tendered,
                reference: crate::cash::fresh_reference(),
            };
            let (sale, _) =
                blocking(move || ledger.charge_again_in_cash(&actor, id, &cash, at)).await?;
            Ok(Sold {
                sale: Some(sale),
                charge: None,
            })
        }
        Again::Tab(tab) => {
            let (sale, _) =
                blocking(move || ledger.charge_again_on_tab(&actor, id, tab, at)).await?;
            Ok(Sold {
                sale: Some(sale),
                charge: None,
            })
        }
        Again::Charge(request) => {
            let request = *request;
            let amount = request.amount().unwrap_or(Pesos::ZERO);
            let asked = ledger.clone();
            blocking(move || asked.may_charge_again(id, amount)).await?;
            let Some(service) = service else {
                return Err(LedgerError::Runtime("no service".to_owned()));
            };
            let made = make_charge(
                service.client,
                service.catalog,
                Some((ledger.clone(), service.profile.clone())),
                service.made_by.clone(),
                request,
                SaleFor::Part(id),
            )
            .await;
            let sale = blocking(move || ledger.sale(id)).await?;
            Ok(Sold {
                sale,
                charge: Some(made),
            })
        }
    }
}
