//! A sale the till writes itself, whatever the service does: in cash, on a customer's tab, or in
//! parts (cash and the rest on fiado; cash and the rest by a QR or a link, made at the service as
//! a part of the same sale and followed like any charge). A form hands its sale over and empties
//! at once; the books are written on the runtime by the one sale sequence (`sales::sell`,
//! `sales::charge_again`, `cash::sell` for a sale of cash alone), never in a frame, and the
//! answer comes back as the card of the sale (its number, what paid it, what is missing), or as
//! the books' refusal in their words with the sale kept to put back. A refusal for a customer's
//! limit offers the owner's PIN; the owner's sale goes once the PIN is right.

use crate::collections::{ChargeRequest, MadeCharge};
use crate::ledger::{
    LedgerError, NewSale, PartTie, PartWay, SaleNumber, SaleRecord, TabPart, TabRefusal,
};
use crate::money::Pesos;
use crate::requests::CashSaleAsk;
use crate::sales::{Again, SellAsk, blocking};
use crate::ui::LogicContext;
use crate::ui::customer::{CreatedPayment, SaleOnScreen};
use crate::ui::plumbing::bridge::{Requested, Task, UiError};
use crate::ui::plumbing::news::News;
use crate::ui::services::paper::{PaperCommand, PaperSource, Printed};

/// A sale made at the till, as a form hands it over.
#[derive(Debug, Clone)]
pub struct TillAsk {
    /// What was sold: its amount, what it is, its lines (none: the amount typed alone).
    pub sale: NewSale,
    /// Cash: what it pays and what the customer handed over.
    pub cash: Option<(Pesos, Pesos)>,
    /// On a customer's tab, with their name as the person picked them.
    pub tab: Option<(TabPart, String)>,
    /// The rest through the service: a QR or a link for what the till did not take.
    pub charge: Option<ChargeRequest>,
    /// The electronic sale this cash is charged instead of (its charge's reference).
    pub instead_of: String,
    /// The sale whose missing part this pays (charged again another way).
    pub again: Option<SaleNumber>,
    /// The base this till's shift opens with first.
    pub open_with: Option<Pesos>,
    /// Over a customer's limit: asked of the owner first, and written as the owner's.
    pub as_owner: bool,
}

impl TillAsk {
    /// A sale of `amount` (its lines, when the person listed them), with nothing paid yet.
    pub fn of(amount: Pesos, description: &str, lines: Vec<crate::ledger::SaleLine>) -> TillAsk {
        let sale = if lines.is_empty() {
            NewSale::of_amount(Some(amount), description)
        } else {
            NewSale {
                amount: Some(amount),
                description: description.trim().to_owned(),
                lines,
            }
        };
        TillAsk {
            sale,
            cash: None,
            tab: None,
            charge: None,
            instead_of: String::new(),
            again: None,
            open_with: None,
            as_owner: false,
        }
    }

    /// What the sale is for.
    pub fn amount(&self) -> Pesos {
        self.sale.amount.unwrap_or(Pesos::ZERO)
    }

    /// Cash alone, with no list of what was sold: the drawer's own sale (`cash::sell`).
    fn cash_alone(&self) -> bool {
        self.cash.is_some()
            && self.tab.is_none()
            && self.charge.is_none()
            && self.again.is_none()
            && self.sale.lines == NewSale::of_amount(self.sale.amount, &self.sale.description).lines
    }
}

/// The rest's charge made at the service: its card, and the charge the list follows.
pub(super) struct Charged {
    pub(super) card: CreatedPayment,
    pub(super) made: MadeCharge,
}

/// A sale the books wrote: as they hold it, and its charge at the service, made or refused.
pub(super) struct Made {
    pub(super) record: SaleRecord,
    pub(super) charge: Option<Result<Charged, UiError>>,
    /// The electronic sale the cash was charged instead of ("" for none).
    pub(super) instead_of: String,
}

impl Made {
    /// The reference of the charge on its card, while there is one.
    pub(super) fn charge_reference(&self) -> Option<&str> {
        match &self.charge {
            Some(Ok(charged)) => Some(charged.card.reference.as_str()),
            _ => None,
        }
    }

    /// The drawer's entry of its cash part, for its receipt.
    pub(super) fn cash_entry(&self) -> Option<i64> {
        self.record.parts.iter().find_map(|part| match part.tie {
            PartTie::Cash { entry, .. } => Some(entry),
            _ => None,
        })
    }
}

/// A sale the books refused: said in their words, kept whole to put back in the form.
pub(super) struct Refused {
    pub(super) ask: TillAsk,
    pub(super) error: UiError,
    /// Over the customer's limit: the owner may allow it.
    pub(super) over_limit: bool,
}

type Answer = Result<Made, (UiError, bool)>;

/// The sales the till handed to the books and what came of them, with the paper its card offers.
#[derive(Default)]
pub(super) struct TillSales {
    pending: Vec<(TillAsk, Task<Answer>)>,
    /// The last sale written: its card.
    pub(super) made: Option<Made>,
    /// Sales the books refused, each with its way back into the form.
    pub(super) refused: Vec<Refused>,
    /// The card's sale read again (its charge ended).
    reading: Option<Task<Result<Option<SaleRecord>, LedgerError>>>,
    reread: bool,
    /// An owner's sale asked in Caja: it goes once the owner's PIN is right.
    awaiting_owner: Option<TillAsk>,
    /// The receipt's text opened in WhatsApp, on the blocking pool.
    pub(super) shared: Requested<()>,
    /// A printer set here and free, as `logic` last found it.
    pub(super) printer_ready: bool,
    /// What the last receipt asked for came to.
    pub(super) printed: Option<Result<Printed, crate::i18n::Problem>>,
    /// «Abrir carpeta» beside a receipt saved as a PDF.
    pub(super) opener: crate::ui::widgets::saved::FolderOpener,
}

impl TillSales {
    /// Whether sales are on their way to the books.
    pub(super) fn is_writing(&self) -> bool {
        !self.pending.is_empty() || self.awaiting_owner.is_some()
    }

    /// Whether a card is there to show: the last sale written, or a refusal to put back.
    pub(super) fn has_card(&self) -> bool {
        self.made.is_some() || !self.refused.is_empty()
    }

    /// A payment ended: when it is the charge on the card, the sale is read again.
    pub(super) fn charge_ended(&mut self, reference: &str) {
        if self
            .made
            .as_ref()
            .and_then(Made::charge_reference)
            .is_some_and(|shown| shown == reference)
        {
            self.reread = true;
        }
    }

    /// Writes a handed-over sale on the runtime, as whoever is at the till; an owner's sale in
    /// Caja waits for the owner's PIN first.
    pub(super) fn sell(&mut self, ask: TillAsk, work: &mut LogicContext<'_>) {
        if ask.as_owner && !work.access.owner_side() {
            self.awaiting_owner = Some(ask);
            work.access.ask_owner_pin();
            return;
        }
        let session = work.session;
        let client = session.connection.client.clone();
        let catalog = session.connection.catalog.clone();
        let profile = session.profile_name().to_owned();
        let made_by = work.tracker.at_till().clone();
        let ledger = session.ledger.clone();
        let actor = work.access.actor();
        let asked = ask.clone();
        let task = work.bridge.spawn(async move {
            let ledger = ledger.map_err(|error| (UiError::from(error), false))?;
            let service = crate::sales::Service {
                client: &client,
                catalog: &catalog,
                profile,
                made_by,
            };
            let instead_of = asked.instead_of.clone();
            let sold = write(ledger, actor, service, asked)
                .await
                .map_err(|error| {
                    let over = matches!(error, LedgerError::Tab(TabRefusal::OverLimit { .. }));
                    (UiError::explained(&error), over)
                })?;
            let Some(record) = sold.sale else {
                return Err((UiError::local(crate::t!("cobrar-not-written")), false));
            };
            let charge = sold.charge.map(|made| {
                made.map(|made| {
                    let card = CreatedPayment {
                        sale: SaleOnScreen::of_record(&record),
                        ..CreatedPayment::of_sale(&made.sale, &catalog)
                    };
                    Charged { card, made }
                })
                .map_err(refused)
            });
            Ok(Made {
                record,
                charge,
                instead_of,
            })
        });
        self.pending.push((ask, task));
    }

    /// The books' answers, the owner's sale once the PIN is right, the card's sale read again;
    /// the electronic sales a cash sale was charged instead of are handed back (their cards go).
    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>) -> Vec<String> {
        if let Some(waiting) = self.awaiting_owner.take() {
            if work.access.owner_side() {
                self.sell(waiting, work);
            } else if work.access.prompt.is_some() {
                self.awaiting_owner = Some(waiting);
            }
            // Otherwise the PIN prompt was closed without the owner's PIN: nothing is written.
        }
        let mut charged_instead = Vec::new();
        let mut index = 0;
        while index < self.pending.len() {
            let Some(answer) = self.pending[index].1.poll() else {
                index += 1;
                continue;
            };
            let (ask, _) = self.pending.remove(index);
            match answer {
                Ok(made) => {
                    if !made.instead_of.is_empty() {
                        charged_instead.push(made.instead_of.clone());
                    }
                    self.written(made, work);
                }
                Err((error, over_limit)) => {
                    work.note_error(&error);
                    self.refused.push(Refused {
                        ask,
                        error,
                        over_limit,
                    });
                }
            }
        }
        self.read_again(work);
        self.shared.poll();
        self.printer_ready = work.paper.settings().printer.is_some() && !work.paper.is_busy();
        self.printed = work.paper.outcome_for(&[PaperSource::Cash]).cloned();
        self.opener.logic(work.bridge);
        charged_instead
    }

    /// A sale written: its charge followed like any sale made here, the drawer's paper, and the
    /// news for the other panels of this till (Turno, Fiado).
    fn written(&mut self, made: Made, work: &mut LogicContext<'_>) {
        if let Some(Ok(charged)) = &made.charge {
            let client = work.session.connection.client.clone();
            work.tracker.follow_sale(work.bridge, client, &charged.made);
        }
        if let Some(entry) = made.cash_entry() {
            paper_for(work, entry);
            work.actions.push(crate::ui::AppAction::Tell(News::Cash));
        }
        if made
            .record
            .parts
            .iter()
            .any(|part| part.way() == PartWay::Tab)
        {
            work.actions.push(crate::ui::AppAction::Tell(News::Tab));
        }
        self.printed = None;
        self.made = Some(made);
    }

    /// The card's sale read again from the books once its charge ended.
    fn read_again(&mut self, work: &LogicContext<'_>) {
        if let Some(task) = &self.reading
            && let Some(read) = task.poll()
        {
            self.reading = None;
            match read {
                Ok(Some(record)) => {
                    if let Some(made) = &mut self.made
                        && made.record.id == record.id
                    {
                        if let Some(Ok(charged)) = &mut made.charge {
                            charged.card.sale = SaleOnScreen::of_record(&record);
                        }
                        made.record = record;
                    }
                }
                // The card keeps what it said; the next ending reads it again.
                Ok(None) => {}
                Err(error) => tracing::info!(%error, "the sale on the card could not be read"),
            }
        }
        let Some(id) = self.made.as_ref().map(|made| made.record.id) else {
            self.reread = false;
            return;
        };
        if self.reread && self.reading.is_none() {
            self.reread = false;
            let Ok(ledger) = work.session.ledger.clone() else {
                return;
            };
            self.reading = Some(work.bridge.spawn_blocking(move || ledger.sale(id)));
        }
    }

    /// A refused sale taken off the card, to go back in its form.
    pub(super) fn take_refused(&mut self, index: usize) -> Option<TillAsk> {
        (index < self.refused.len()).then(|| self.refused.remove(index).ask)
    }
}

/// Writes `ask` by the sequence that fits it.
async fn write(
    ledger: std::sync::Arc<crate::ledger::Ledger>,
    actor: crate::ledger::activity::Actor,
    service: crate::sales::Service<'_>,
    ask: TillAsk,
) -> Result<crate::sales::Sold, LedgerError> {
    if !ask.instead_of.is_empty() || ask.cash_alone() {
        let (amount, tendered) = ask.cash.unwrap_or((ask.amount(), ask.amount()));
        let cash = CashSaleAsk {
            amount,
            tendered,
            description: ask.sale.description.clone(),
        };
        let at = crate::clock::now_ms();
        let (ledger, actor) = (ledger.clone(), actor.clone());
        let record = blocking(move || {
            let (_, entry) =
                crate::cash::sell(&ledger, &actor, &cash, &ask.instead_of, ask.open_with, at)?;
            ledger
                .sale_of_cash_entry(entry.id)?
                .ok_or_else(|| LedgerError::Missing("sales".to_owned()))
        })
        .await?;
        return Ok(crate::sales::Sold {
            sale: Some(record),
            charge: None,
        });
    }
    if let Some(number) = ask.again {
        let id = {
            let ledger = ledger.clone();
            blocking(move || ledger.sale_by_number(number)).await?
        }
        .id;
        let how = match (ask.cash, ask.tab, ask.charge) {
            (Some((amount, tendered)), _, _) => Again::Cash { amount, tendered },
            (None, Some((tab, _)), _) => Again::Tab(tab),
            (None, None, Some(charge)) => Again::Charge(Box::new(charge)),
            (None, None, None) => return Err(LedgerError::Runtime("nothing to charge".into())),
        };
        return crate::sales::charge_again(ledger, actor, Some(service), id, how).await;
    }
    let sell = SellAsk {
        sale: ask.sale,
        cash: ask.cash,
        tab: ask.tab.map(|(tab, _)| tab),
        charge: ask.charge,
        open_with: ask.open_with,
    };
    let mut sold = crate::sales::sell(ledger.clone(), actor, Some(service), sell).await?;
    // Its charge was written as one more part after the sale: the card shows the sale whole.
    if let (Some(written), Some(Ok(_))) = (&sold.sale, &sold.charge) {
        let id = written.id;
        if let Some(whole) = blocking(move || ledger.sale(id)).await? {
            sold.sale = Some(whole);
        }
    }
    Ok(sold)
}

/// What this till does on paper with each cash sale, as its printer is set: the drawer opens,
/// the receipt prints by itself; otherwise the card offers it.
fn paper_for(work: &mut LogicContext<'_>, entry: i64) {
    let settings = work.paper.settings();
    if settings.drawer_on_approval {
        work.paper.queued.push(PaperCommand::Drawer);
    }
    if settings.receipt_on_approval {
        work.paper
            .queued
            .push(PaperCommand::CashReceipt { entry, pdf: false });
    }
}

/// Why no sale was made, as the form says it: the service's refusal with its code, or the books
/// that may no longer take a sale.
pub(super) fn refused(error: crate::collections::ChargeError) -> UiError {
    match error {
        crate::collections::ChargeError::Service(error) => UiError::from(error),
        crate::collections::ChargeError::Books(too_old) => UiError {
            code: Some("ledger.too_old".to_owned()),
            ..UiError::local(too_old.to_string())
        },
    }
}
