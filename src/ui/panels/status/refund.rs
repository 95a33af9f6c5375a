//! «Devolver dinero» from a sale's window: money back to the customer, which is a payout
//! (docs/decisions.md "Returns"). The owner's alone: in Caja the button asks the owner's PIN,
//! and the review and the send are refused again in `logic` while the owner's side is shut, so
//! nothing reaches the service without it. Every rule is `payouts::returns`': the books' first
//! (what remains, decided again under the lock), then the payout's; reviewed in words, sent
//! once, then followed until the service says how it ended. Drawing is `refund_view.rs`'s.

use std::sync::Arc;
use std::sync::mpsc;

use crate::follow;
use crate::ledger::{Ledger, ReturnRecord, Returnable};
use crate::payouts::PayoutError;
use crate::payouts::returns::{self, ReturnError, ReturnPlan};
use crate::requests::{ReturnAsk, ReturnForm};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Bridge, Requested, UiError};
use crate::ui::plumbing::queue::Queue;

/// What the return asks the app to do.
#[derive(Debug, Clone)]
pub enum RefundCommand {
    /// The owner wants to return `sale`'s `payment` ("" for a charge of its own): the form
    /// opens, in Caja once the owner's PIN was right. `named` is how the form names the sale
    /// («1-000123»).
    Open {
        sale: String,
        payment: String,
        named: String,
    },
    /// Every rule and the balance: the plan the owner then confirms.
    Review(ReturnAsk),
    /// Exists once per confirmation: the dialog's plan is taken out as it is queued.
    Send { plan: Box<ReturnPlan>, repeat: bool },
    /// The form goes.
    Close,
}

/// The form as typed: `requests::ReturnForm`'s fields.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RefundForm {
    pub typed: ReturnForm,
    /// The review button was pressed while the form could not go: say why.
    pub pressed_while_blocked: bool,
}

/// The last look before money moves.
pub struct Confirmation {
    pub plan: ReturnPlan,
    pub repeat_acknowledged: bool,
}

pub struct Refund {
    pub queued: Queue<RefundCommand>,
    /// The sale's payment whose form opens once the owner's PIN is right, and how it is named.
    awaiting_owner: Option<(String, String, String)>,
    /// How the form names the sale: its number («1-000123»), else the charge's reference.
    pub named: String,
    /// The form was brought into sight in its window once.
    pub(super) brought_into_view: bool,
    /// What the return came to was brought into sight once.
    pub(super) result_brought_into_view: bool,
    pub form: Option<RefundForm>,
    /// What the books say remains (the amount is prefilled with it), or why it cannot be
    /// returned.
    pub returnable: Requested<Returnable>,
    pub plan: Requested<ReturnPlan>,
    /// The form as it was reviewed: a refusal belongs to those values.
    pub reviewed: Option<ReturnForm>,
    pub confirmation: Option<Confirmation>,
    pub send: Requested<ReturnRecord>,
    /// The return sent, as the service's last answer left it.
    pub latest: Option<ReturnRecord>,
    /// A return's state changed: what went back of the sales is read again.
    pub changed: bool,
    followed: Vec<i64>,
    news_sender: mpsc::Sender<ReturnRecord>,
    news_receiver: mpsc::Receiver<ReturnRecord>,
}

impl Default for Refund {
    fn default() -> Self {
        let (news_sender, news_receiver) = mpsc::channel();
        Refund {
            queued: Queue::default(),
            awaiting_owner: None,
            named: String::new(),
            brought_into_view: false,
            result_brought_into_view: false,
            form: None,
            returnable: Requested::NotRequested,
            plan: Requested::NotRequested,
            reviewed: None,
            confirmation: None,
            send: Requested::NotRequested,
            latest: None,
            changed: false,
            followed: Vec::new(),
            news_sender,
            news_receiver,
        }
    }
}

/// A return's error as the panel shows it: the sentence, the service's or the system's words
/// under «Detalles», its code, and whether it may have gone (then never sent again here).
pub fn return_error(error: ReturnError) -> UiError {
    let code = error.code().map(str::to_owned);
    let outcome_unknown = !error.nothing_sent();
    let (sign_in, allowed_from_ms) = match &error {
        ReturnError::Payout(PayoutError::Api(api)) => (api.needs_sign_in(), None),
        ReturnError::Payout(PayoutError::TooSoon { seconds }) => {
            (None, Some(crate::ledger::now_ms() + seconds * 1_000))
        }
        _ => (None, None),
    };
    UiError {
        code,
        sign_in,
        outcome_unknown,
        allowed_from_ms,
        ..UiError::explained(&error)
    }
}

impl Refund {
    /// Whether the form (or the owner's PIN before it) is for `sale`'s charge.
    pub fn is_for(&self, sale: &str) -> bool {
        self.form
            .as_ref()
            .is_some_and(|form| form.typed.sale == sale)
            || self
                .awaiting_owner
                .as_ref()
                .is_some_and(|(waiting, _, _)| waiting == sale)
    }

    /// Whether the form (or the owner's PIN before it) is for this payment of `sale`'s charge
    /// ("" for a charge of its own).
    pub fn is_for_payment(&self, sale: &str, payment: &str) -> bool {
        self.form
            .as_ref()
            .is_some_and(|form| form.typed.sale == sale && form.typed.payment == payment)
            || self
                .awaiting_owner
                .as_ref()
                .is_some_and(|(waiting, paid, _)| waiting == sale && paid == payment)
    }

    /// The sale waiting for the owner's PIN, kept while the owner takes the till.
    pub fn awaits_owner(&self) -> Option<&str> {
        self.awaiting_owner
            .as_ref()
            .map(|(sale, _, _)| sale.as_str())
    }

    /// Whether a return went out from this form (or may have): it sends no other.
    pub fn has_sent(&self) -> bool {
        matches!(self.send, Requested::Done(_)) || self.send.error().is_some()
    }

    /// Whether a review or a return is on its way.
    pub fn is_busy(&self) -> bool {
        self.plan.is_pending()
            || self.send.is_pending()
            || self.confirmation.is_some()
            || !self.queued.is_empty()
    }

    fn open(
        &mut self,
        work: &mut LogicContext<'_>,
        (sale, payment, named): (String, String, String),
    ) {
        let typed = ReturnForm {
            sale: sale.clone(),
            payment: payment.clone(),
            reason: "product".into(),
            ..ReturnForm::default()
        };
        *self = Refund {
            form: Some(RefundForm {
                typed,
                pressed_while_blocked: false,
            }),
            named,
            followed: std::mem::take(&mut self.followed),
            ..Refund::default()
        };
        self.read_returnable(work, sale, payment);
    }

    /// What the books say remains of the form's charge, read again (the figure shown stays
    /// meanwhile): at its opening, and after a return of it moved.
    fn read_returnable(&mut self, work: &mut LogicContext<'_>, sale: String, payment: String) {
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        let profile = work.session.profile_name().to_owned();
        let payment = (!payment.is_empty()).then_some(payment);
        self.returnable.start(work.bridge.spawn(async move {
            returns::returnable(ledger, &profile, &sale, payment.as_deref())
                .await
                .map_err(return_error)
        }));
    }

    /// The form's charge, once a return of it moved: what remains is read again.
    fn read_again(&mut self, work: &mut LogicContext<'_>) {
        if let Some(form) = &self.form {
            let (sale, payment) = (form.typed.sale.clone(), form.typed.payment.clone());
            self.read_returnable(work, sale, payment);
        }
    }

    /// The owner's gate, kept here and not only on the button: without the owner's side open
    /// nothing is reviewed or sent, and the PIN is asked.
    fn owner_here(&mut self, work: &mut LogicContext<'_>) -> bool {
        if work.access.owner_side() {
            return true;
        }
        self.plan = Requested::Failed {
            error: UiError::local(t!("refund-needs-owner")),
            previous: None,
        };
        work.access.ask_owner_pin();
        false
    }

    fn run(&mut self, command: RefundCommand, work: &mut LogicContext<'_>) {
        let Ok(ledger) = work.session.ledger.clone() else {
            return;
        };
        let client = work.session.connection.client.clone();
        match command {
            RefundCommand::Open {
                sale,
                payment,
                named,
            } if work.access.owner_side() => {
                self.open(work, (sale, payment, named));
            }
            RefundCommand::Open {
                sale,
                payment,
                named,
            } => {
                self.awaiting_owner = Some((sale, payment, named));
                work.access.ask_owner_pin();
            }
            RefundCommand::Close => {
                *self = Refund {
                    followed: std::mem::take(&mut self.followed),
                    ..Refund::default()
                }
            }
            RefundCommand::Review(ask) => {
                if !self.owner_here(work) {
                    return;
                }
                let profile = work.session.profile_name().to_owned();
                let user_id = work.session.connection.user_id;
                self.plan.start(work.bridge.spawn(async move {
                    returns::prepare(ledger, &client, &profile, user_id, ask)
                        .await
                        .map_err(return_error)
                }));
            }
            RefundCommand::Send { plan, repeat } => {
                if !self.owner_here(work) {
                    return;
                }
                let by = work.access.actor();
                self.send.start(work.bridge.spawn(async move {
                    returns::send(ledger, &client, &plan, repeat, &by)
                        .await
                        .map_err(return_error)
                }));
            }
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        if let Some(waiting) = self.awaiting_owner.clone() {
            if work.access.owner_side() {
                self.open(work, waiting);
            } else if work.access.prompt.is_none() {
                // The PIN prompt was closed without the owner's PIN: nothing opens.
                self.awaiting_owner = None;
            }
        }
        for command in self.queued.take() {
            self.run(command, work);
        }
        let mut moved = false;
        while let Ok(record) = self.news_receiver.try_recv() {
            self.latest = Some(record);
            self.changed = true;
            moved = true;
        }
        if self.returnable.poll() {
            if let Some(error) = self.returnable.error() {
                work.note_error(error);
            }
            if let (Some(found), Some(form)) = (self.returnable.value(), self.form.as_mut())
                && form.typed.amount.trim().is_empty()
            {
                form.typed.amount = found.returns.remaining().to_string();
            }
        }
        if self.plan.poll() {
            match &self.plan {
                Requested::Done(plan) => {
                    self.confirmation = Some(Confirmation {
                        plan: plan.clone(),
                        repeat_acknowledged: false,
                    });
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if self.send.poll() {
            self.changed = true;
            moved = true;
            match &self.send {
                Requested::Done(record) => {
                    self.latest = Some(record.clone());
                    if let Ok(ledger) = work.session.ledger.clone() {
                        let record = record.clone();
                        let client = work.session.connection.client.clone();
                        self.follow(work.bridge, ledger, client, record);
                    }
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if moved {
            self.read_again(work);
        }
    }

    /// Follows a sent return on the runtime until the service says how it ended, as a payout
    /// is followed; each change comes back on the channel.
    fn follow(
        &mut self,
        bridge: &Bridge,
        ledger: Arc<Ledger>,
        client: crate::api::Client,
        record: ReturnRecord,
    ) {
        let id = record.payout.id;
        if self.followed.contains(&id) || record.payout.transaction_reference.is_none() {
            return;
        }
        self.followed.push(id);
        let news = self.news_sender.clone();
        let ctx = bridge.ctx().clone();
        bridge.runtime().spawn(async move {
            let mut current = record;
            let following = follow::Following::start(None);
            loop {
                match returns::check(ledger.clone(), &client, &current).await {
                    Ok(updated) => {
                        let changed = updated.payout.state != current.payout.state;
                        current = updated;
                        if changed {
                            if news.send(current.clone()).is_err() {
                                return; // the app has closed
                            }
                            ctx.request_repaint();
                        }
                    }
                    // The window keeps showing the last state it knows; the check runs again.
                    Err(error) => tracing::info!(%error, "a return's status check failed"),
                }
                if !current.payout.state.is_open() || !following.wait().await {
                    return;
                }
            }
        });
    }
}
