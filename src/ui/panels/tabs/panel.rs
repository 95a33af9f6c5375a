//! Fiado's state and its `logic`: who owes what and the customer open, as the books last said,
//! the forms as typed, and every read and write of a tab run on the runtime (never in a frame).
//! The books decide every rule under the tab's lock; what they refuse comes back in their words
//! and nothing is written. The tabs are read again after each write, and whenever another till,
//! the command line or a payment the service confirmed changed one (`News::Tab`).

use std::sync::Arc;

use super::collect::{Made, Settle};
use super::command::TabsCommand;
use super::customers::AddDraft;
use super::outcome::{Added, Taken};
use crate::ledger::{Ledger, LedgerError, TabBalance, TabCustomer, TabRefusal, TabStatement};
use crate::money::Pesos;
use crate::requests::TakeForm;
use crate::t;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::{AppAction, LogicContext, Panel};

pub struct TabsPanel {
    pub queued: Queue<TabsCommand>,
    /// Every customer kept, who owes first.
    pub(super) list: Requested<Vec<TabBalance>>,
    list_stale: bool,
    /// The search by name or cellphone, as typed.
    pub(super) search: String,
    /// The form to add a customer, while open.
    pub(super) adding: Option<AddDraft>,
    pub(super) added: Requested<Added>,
    /// The customer whose statement is on screen.
    pub(super) open: Option<i64>,
    pub(super) statement: Requested<TabStatement>,
    statement_stale: bool,
    pub(super) take: TakeForm,
    pub(super) taking: Requested<Taken>,
    /// The limit as the owner types it.
    pub(super) limit: String,
    pub(super) limit_saved: Requested<TabCustomer>,
    pub(super) forgetting: Requested<()>,
    pub(super) settle: Settle,
    /// WhatsApp opened on a prepared message.
    pub(super) shared: Requested<()>,
    /// An owner's action asked in Caja: it runs once the owner's PIN is right.
    awaiting_owner: Option<TabsCommand>,
}

impl Default for TabsPanel {
    fn default() -> Self {
        TabsPanel {
            queued: Queue::default(),
            list: Requested::NotRequested,
            list_stale: true,
            search: String::new(),
            adding: None,
            added: Requested::NotRequested,
            open: None,
            statement: Requested::NotRequested,
            statement_stale: false,
            take: TakeForm::default(),
            taking: Requested::NotRequested,
            limit: String::new(),
            limit_saved: Requested::NotRequested,
            forgetting: Requested::NotRequested,
            settle: Settle::default(),
            shared: Requested::NotRequested,
            awaiting_owner: None,
        }
    }
}

/// The books' refusal (or failure) as the panel shows it.
fn shown(error: LedgerError) -> UiError {
    UiError::explained(&error)
}

impl TabsPanel {
    /// The statement on screen, when it is the open customer's.
    pub(super) fn shown_statement(&self) -> Option<&TabStatement> {
        let open = self.open?;
        self.statement
            .value()
            .filter(|statement| statement.balance.customer.id == open)
    }

    /// Whether a write is on its way.
    pub(super) fn is_busy(&self) -> bool {
        self.added.is_pending()
            || self.taking.is_pending()
            || self.limit_saved.is_pending()
            || self.forgetting.is_pending()
            || self.settle.is_busy()
            || !self.queued.is_empty()
    }

    /// A tab changed: read again.
    pub(super) fn changed(&mut self) {
        self.list_stale = true;
        self.statement_stale = self.open.is_some();
    }

    /// Someone else is at the till: what one person typed or searched goes. An owner's action
    /// waiting for the PIN stays: the owner taking the till is how it goes on.
    pub(super) fn forget_person(&mut self) {
        self.search.clear();
        self.adding = None;
        self.take = TakeForm::default();
        self.limit.clear();
        self.settle.forget_person();
        self.changed();
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if let Some(waiting) = self.awaiting_owner.take() {
            if work.access.owner_side() {
                self.queued.push(waiting);
            } else if work.access.prompt.is_some() {
                self.awaiting_owner = Some(waiting);
            }
            // Otherwise the PIN prompt was closed without the owner's PIN: nothing is done.
        }
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        for command in self.queued.take() {
            self.run(command, work, &ledger);
        }
        if self.list_stale && !self.list.is_pending() {
            self.list_stale = false;
            let ledger = ledger.clone();
            self.list.start(
                work.bridge
                    .spawn_blocking(move || ledger.tab_customers().map_err(shown)),
            );
        }
        if self.statement_stale
            && !self.statement.is_pending()
            && let Some(id) = self.open
        {
            self.statement_stale = false;
            let ledger = ledger.clone();
            self.statement.start(
                work.bridge
                    .spawn_blocking(move || ledger.tab_statement(id).map_err(shown)),
            );
        }
        self.poll(work);
    }

    /// An owner's action: run now on the owner's side, or once the owner's PIN is right.
    fn owner_first(&mut self, command: &TabsCommand, work: &mut LogicContext<'_>) -> bool {
        if work.access.owner_side() {
            return true;
        }
        self.awaiting_owner = Some(command.clone());
        work.access.ask_owner_pin();
        false
    }

    fn run(&mut self, command: TabsCommand, work: &mut LogicContext<'_>, ledger: &Arc<Ledger>) {
        let ledger = ledger.clone();
        let actor = work.access.actor();
        let now = crate::clock::now_ms();
        match command {
            // A limit is the owner's to set: in Caja the owner's PIN first, then it is added as
            // the owner's.
            ref owners @ TabsCommand::Add { ref customer, .. }
                if customer.limit.is_some() && !self.owner_first(owners, work) => {}
            TabsCommand::Add {
                customer,
                same_cellphone_ok,
            } => self.added.start(work.bridge.spawn_blocking(
                move || match ledger.add_tab_customer(&actor, &customer, same_cellphone_ok, now) {
                    Ok(kept) => Ok(Added::Kept(kept)),
                    Err(LedgerError::Tab(TabRefusal::SameCellphone { name })) => {
                        Ok(Added::SameCellphone { name })
                    }
                    Err(error) => Err(shown(error)),
                },
            )),
            TabsCommand::Open(customer) => {
                self.open = customer;
                self.statement.clear();
                self.take = TakeForm::default();
                self.taking.clear();
                self.limit.clear();
                self.limit_saved.clear();
                self.forgetting.clear();
                self.settle = Settle::default();
                self.changed();
            }
            TabsCommand::Take {
                customer,
                amount,
                description,
            } => self.take_on_tab(work, (ledger, actor), customer, (amount, description)),
            ref owners @ TabsCommand::TakeAsOwner {
                customer,
                amount,
                ref description,
            } => {
                if self.owner_first(owners, work) {
                    let description = description.clone();
                    self.take_on_tab(work, (ledger, actor), customer, (amount, description));
                }
            }
            ref owners @ TabsCommand::Limit { customer, limit } => {
                if self.owner_first(owners, work) {
                    self.limit_saved.start(work.bridge.spawn_blocking(move || {
                        ledger
                            .set_tab_limit(&actor, customer, limit, now)
                            .map_err(shown)
                    }));
                }
            }
            TabsCommand::Collect { customer, request } => {
                self.settle.start(work, customer, request)
            }
            TabsCommand::PayInCash { customer, amount } => {
                self.settle
                    .pay_in_cash(work, (ledger, actor), customer, amount);
            }
            ref owners @ TabsCommand::Forget(customer) => {
                if self.owner_first(owners, work) {
                    self.forgetting.start(work.bridge.spawn_blocking(move || {
                        ledger
                            .forget_tab_customer(&actor, customer, now)
                            .map_err(shown)
                    }));
                }
            }
            TabsCommand::Whatsapp(url) => {
                self.shared.start(work.bridge.spawn_blocking(move || {
                    opener::open(&url)
                        .map_err(|error| UiError::failed(t!("created-whatsapp-failed"), error))
                }))
            }
            TabsCommand::GoToShift => work.actions.push(AppAction::GoTo(Panel::Shift)),
            TabsCommand::ShowCustomer(payment) => {
                work.actions.push(AppAction::ShowCustomer(payment));
            }
        }
    }

    /// Writes what `customer` took, as `actor`; over the limit the books' sentence comes back
    /// with what the owner may record.
    fn take_on_tab(
        &mut self,
        work: &LogicContext<'_>,
        (ledger, actor): (Arc<Ledger>, crate::ledger::activity::Actor),
        customer: i64,
        (amount, description): (Pesos, String),
    ) {
        let now = crate::clock::now_ms();
        self.taking.start(work.bridge.spawn_blocking(move || {
            match ledger.take_on_tab(&actor, customer, amount, &description, now) {
                Ok(entry) => Ok(Taken::Written(entry)),
                Err(LedgerError::Tab(refusal @ TabRefusal::OverLimit { .. })) => {
                    Ok(Taken::OverLimit {
                        sentence: refusal.to_string(),
                        customer,
                        amount,
                        description,
                    })
                }
                Err(error) => Err(shown(error)),
            }
        }));
    }

    /// Takes what the runtime sent back; a tab written here is news for the other panels (the
    /// close's Fiado) as another till's is.
    fn poll(&mut self, work: &mut LogicContext<'_>) {
        let wrote = self.poll_writes(work);
        if wrote {
            self.changed();
            work.actions.push(crate::ui::AppAction::Tell(
                crate::ui::plumbing::news::News::Tab,
            ));
        }
        self.shared.poll();
    }

    /// The writes' answers; true when one was written.
    fn poll_writes(&mut self, work: &mut LogicContext<'_>) -> bool {
        let mut wrote = false;
        self.list.poll();
        if self.statement.poll()
            && let Some(statement) = self.statement.value()
        {
            self.settle.heard_statement(statement);
        }
        if self.added.poll()
            && let Some(Added::Kept(customer)) = self.added.value()
        {
            self.adding = None;
            self.open = Some(customer.id);
            self.statement.clear();
            self.take = TakeForm::default();
            wrote = true;
        }
        if self.taking.poll()
            && let Some(Taken::Written(_)) = self.taking.value()
        {
            self.take = TakeForm::default();
            wrote = true;
        }
        if self.limit_saved.poll() && matches!(self.limit_saved, Requested::Done(_)) {
            self.limit.clear();
            wrote = true;
        }
        if self.forgetting.poll() && matches!(self.forgetting, Requested::Done(())) {
            self.open = None;
            self.statement.clear();
            wrote = true;
        }
        wrote |= self.settle.poll(work);
        wrote
    }

    /// Whether a link of this panel is on screen and still open: background work waits.
    pub(super) fn holds_a_sale(&self, tracker: &crate::ui::services::tracker::Tracker) -> bool {
        self.settle.sale.is_pending()
            || self.settle.sale.value().is_some_and(|made: &Made| {
                tracker
                    .find(&made.reference)
                    .is_some_and(|tracked| !tracked.sale_is_over())
            })
    }
}
