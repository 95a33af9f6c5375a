//! Payouts: the form, a confirmation that repeats the amount in words and the number grouped
//! for reading and asks for an explicit "Send $ 50.000", and the journal with live states.
//! Everything that touches money goes through `crate::payouts`: one intent, one request.

use crate::ui::plumbing::queue::Queue;
use std::sync::Arc;
use std::sync::mpsc;

use egui::{RichText, Ui};

use crate::api::Client;
use crate::api::Dialect;
use crate::api::PayoutRequest;
use crate::api::payout_methods::payout_method_name;
use crate::follow;
use crate::ledger::{Ledger, PayoutRecord, PayoutState};
use crate::payouts::{self, PayoutError, PayoutPlan};
use crate::requests::{PayoutForm, Service};
use crate::t;

mod confirm;
mod journal;
mod payout_form;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Bridge, Requested, Task, UiError};
use crate::ui::widgets::form::error_box;
use crate::validate::{Field, ValidationError};

use crate::collections::fresh_reference1;

/// A refusal, as [`error_box`]; one that allows a retry at a known time counts down to it.
fn refusal_box(ui: &mut Ui, error: &UiError) {
    let Some(allowed_from) = error.allowed_from_ms else {
        error_box(ui, error);
        return;
    };
    let left_ms = allowed_from - crate::ledger::now_ms();
    if left_ms <= 0 {
        ui.label(
            RichText::new(t!("payouts-may-review-again"))
                .color(crate::ui::theme::palette(ui).success),
        );
        return;
    }
    let counted = UiError {
        message: t!(
            "payout-too-soon",
            seconds = ((left_ms + 999) / 1_000).to_string()
        ),
        ..error.clone()
    };
    error_box(ui, &counted);
    // Repaint when the figure changes.
    let to_next_second = (left_ms - 1) % 1_000 + 1;
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_millis(to_next_second as u64));
}

fn payout_error(error: PayoutError) -> UiError {
    let code = error.code().map(str::to_owned);
    let outcome_unknown = !error.nothing_sent();
    let sign_in = match &error {
        PayoutError::Api(api) => api.needs_sign_in(),
        _ => None,
    };
    let allowed_from_ms = match &error {
        PayoutError::TooSoon { seconds } => Some(crate::ledger::now_ms() + seconds * 1_000),
        _ => None,
    };
    UiError {
        message: error.to_string(),
        detail: None,
        code,
        sign_in,
        outcome_unknown,
        retryable: false,
        allowed_from_ms,
    }
}

enum RowAction {
    Check,
    Settle,
    Resend,
}

/// What the panel asks the app to do. A `Send` exists only once per confirmation: the
/// dialog's plan is taken out when it is queued.
#[derive(Debug, Clone)]
pub enum PayoutsCommand {
    /// Check every rule and the balance: the plan the person then confirms.
    Review(PayoutRequest),
    Send {
        plan: Box<PayoutPlan>,
        repeat: bool,
    },
    Check(PayoutRecord),
    Resend(PayoutRecord),
    Settle {
        id: i64,
        went_out: bool,
    },
}

/// What the panel shows of the session it is in.
pub struct PayoutsView<'a> {
    /// The service the form's request is checked against.
    pub service: Service<'a>,
    /// Why there is no payout journal, if there is none: then nothing can be sent.
    pub journal_problem: Option<String>,
    pub moves_real_money: bool,
    /// Since when the service has not answered, while it does not.
    pub service_away: Option<i64>,
}

impl<'a> PayoutsView<'a> {
    pub fn of(session: &'a crate::ui::services::session::Session) -> PayoutsView<'a> {
        PayoutsView {
            // The notification address is the profile's, set once in Settings > Advanced (or
            // this computer's receiver for the simulator); one the service cannot reach is left
            // out, and the payout settles by status checks.
            service: Service {
                default_webhook: session.webhook_url(),
                ..Service::of(&session.connection)
            },
            journal_problem: session.ledger.as_ref().err().map(ToString::to_string),
            moves_real_money: session.environment().moves_real_money(),
            service_away: None,
        }
    }
}

/// The payouts the journal lists, newest first, and the sale each return gives back (by the
/// payout's id): a return is named by its sale, never shown as an anonymous payout.
#[derive(Debug, Clone, Default)]
pub(super) struct Journal {
    records: Vec<PayoutRecord>,
    returns: std::collections::HashMap<i64, crate::ledger::SaleNumber>,
}

impl Journal {
    /// Reads the journal, and the returns of sales its payouts carried.
    fn read(ledger: &Ledger, profile: &str) -> Result<Journal, crate::ledger::LedgerError> {
        let records = ledger.payouts(profile, 200)?;
        let since = records
            .iter()
            .map(|record| record.created_at)
            .min()
            .unwrap_or_default();
        // A return is written with its payout's intent: none is older than the oldest payout.
        let returns = ledger
            .part_returns_between(since, i64::MAX)?
            .into_iter()
            .filter_map(|back| back.payout.map(|id| (id, back.number)))
            .collect();
        Ok(Journal { records, returns })
    }

    /// The sale a payout gave money back for, when it is a return.
    pub(super) fn sale_of(&self, payout: i64) -> Option<crate::ledger::SaleNumber> {
        self.returns.get(&payout).copied()
    }
}

/// The confirmation dialog's state: the plan the person is looking at.
struct Confirmation {
    plan: PayoutPlan,
    repeat_acknowledged: bool,
}

fn payout_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Amount, crate::t!("field-amount")),
        (Field::Cellphone, crate::t!("field-destination-cellphone")),
        (Field::Key, crate::t!("field-breb-key")),
        (Field::WebhookRequest, crate::t!("field-webhook-url")),
        (Field::ShopUrl, crate::t!("field-shop-url")),
        (Field::Method, crate::t!("field-payout-kind")),
        (Field::Reference1, crate::t!("field-your-reference")),
    ]
}

pub struct PayoutsPanel {
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<PayoutsCommand>,
    amount: String,
    /// Where the money goes, as typed: a mobile number or a Bre-B key, as the method asks.
    destination: String,
    method_id: i64,
    bank_name: String,
    reference1: String,
    /// The owner pressed the review button while it could not go: say why, even in an
    /// untouched form.
    pressed_while_blocked: bool,
    plan: Requested<PayoutPlan>,
    /// The form as it was when the plan (or its refusal) was asked for: a refusal belongs to
    /// those values and goes once they change.
    planned_form: Option<[String; 4]>,
    confirmation: Option<Confirmation>,
    send: Requested<PayoutRecord>,
    journal: Requested<Journal>,
    journal_stale: bool,
    actions: Vec<(i64, Task<Result<PayoutRecord, UiError>>)>,
    settle: Option<PayoutRecord>,
    followed: Vec<i64>,
    refresh_sender: mpsc::Sender<()>,
    refresh_receiver: mpsc::Receiver<()>,
}

impl Default for PayoutsPanel {
    fn default() -> Self {
        let (refresh_sender, refresh_receiver) = mpsc::channel();
        PayoutsPanel {
            queued: Queue::default(),
            amount: String::new(),
            destination: String::new(),
            method_id: crate::api::payout_methods::PRODUCT_PAYOUT_METHOD,
            bank_name: String::new(),
            reference1: fresh_reference1(),
            pressed_while_blocked: false,
            plan: Requested::NotRequested,
            planned_form: None,
            confirmation: None,
            send: Requested::NotRequested,
            journal: Requested::NotRequested,
            journal_stale: true,
            actions: Vec::new(),
            settle: None,
            followed: Vec::new(),
            refresh_sender,
            refresh_receiver,
        }
    }
}

impl PayoutsPanel {
    /// The journal changed elsewhere (a confirmed notification): reload it.
    pub fn refresh(&mut self) {
        self.journal_stale = true;
    }

    /// `service_url`: where the payout goes, which decides what webhook address can be reached.
    /// The form as typed, read by the shared request layer.
    fn build(&self, service: &Service<'_>) -> Result<PayoutRequest, Vec<ValidationError>> {
        PayoutForm {
            amount: self.amount.clone(),
            destination: self.destination.clone(),
            method_id: self.method(service.dialect),
            bank_name: self.bank_name.clone(),
            webhook_url: String::new(),
            reference1: self.reference1.clone(),
        }
        .parse(service)
    }

    /// The method chosen, where the interface offers it; its own default otherwise (the
    /// current interface pays a Bre-B alias only).
    fn method(&self, dialect: Dialect) -> i64 {
        if dialect.payout_methods().contains(&self.method_id) {
            self.method_id
        } else {
            dialect.default_payout_method(false)
        }
    }

    /// What a review depends on, to tell when a refusal no longer applies.
    fn form_values(&self) -> [String; 4] {
        [
            self.amount.trim().to_owned(),
            self.destination.trim().to_owned(),
            self.method_id.to_string(),
            self.reference1.trim().to_owned(),
        ]
    }

    /// The plan the person confirms next (the review's answer).
    pub fn confirm(&mut self, plan: PayoutPlan) {
        self.confirmation = Some(Confirmation {
            plan,
            repeat_acknowledged: false,
        });
    }

    fn run(&mut self, command: PayoutsCommand, work: &mut LogicContext<'_>) {
        let ledger = match Self::ledger(work) {
            Ok(ledger) => ledger,
            Err(error) => {
                // Nothing is sent without a journal to write the intent in.
                tracing::error!(message = %error.message, "a payout command without a journal");
                return;
            }
        };
        let client = work.session.connection.client.clone();
        match command {
            PayoutsCommand::Review(request) => {
                let profile = work.session.profile_name().to_owned();
                let user_id = work.session.connection.user_id;
                self.plan.start(work.bridge.spawn(async move {
                    payouts::prepare(ledger, &client, &profile, user_id, request)
                        .await
                        .map_err(payout_error)
                }));
            }
            PayoutsCommand::Send { plan, repeat } => {
                let plan = *plan;
                let by = work.access.actor();
                self.send.start(work.bridge.spawn(async move {
                    payouts::send(ledger, &client, &plan, repeat, &by)
                        .await
                        .map_err(payout_error)
                }));
            }
            PayoutsCommand::Check(record) => {
                let id = record.id;
                let task = work.bridge.spawn(async move {
                    payouts::check(ledger, &client, &record)
                        .await
                        .map_err(payout_error)
                });
                self.actions.push((id, task));
            }
            PayoutsCommand::Resend(record) => {
                let id = record.id;
                let task = work.bridge.spawn(async move {
                    payouts::resend_not_sent(ledger, &client, &record)
                        .await
                        .map_err(payout_error)
                });
                self.actions.push((id, task));
            }
            PayoutsCommand::Settle { id, went_out } => {
                let task = work.bridge.spawn_blocking(move || {
                    ledger
                        .settle_payout_by_hand(id, went_out)
                        .map_err(|e| UiError::local(e.to_string()))
                });
                self.actions.push((id, task));
            }
        }
    }

    fn ledger(work: &LogicContext<'_>) -> Result<Arc<Ledger>, UiError> {
        work.session.ledger.clone().map_err(|problem| {
            UiError::local(t!(
                "payouts-journal-unopened",
                problem = problem.to_string()
            ))
        })
    }

    fn load_journal(&mut self, work: &LogicContext<'_>) {
        self.journal_stale = false;
        let Ok(ledger) = Self::ledger(work) else {
            return;
        };
        let profile = work.session.profile_name().to_owned();
        self.journal.start(work.bridge.spawn_blocking(move || {
            Journal::read(&ledger, &profile).map_err(|e| UiError::local(e.to_string()))
        }));
    }

    /// Follows a sent payout on the runtime until the service says it ended.
    fn follow(
        &mut self,
        bridge: &Bridge,
        ledger: Arc<Ledger>,
        client: Client,
        record: PayoutRecord,
    ) {
        if self.followed.contains(&record.id) || record.transaction_reference.is_none() {
            return;
        }
        self.followed.push(record.id);
        let refresh = self.refresh_sender.clone();
        let ctx = bridge.ctx().clone();
        bridge.runtime().spawn(async move {
            let mut current = record;
            let following = follow::Following::start(None);
            loop {
                match payouts::check(ledger.clone(), &client, &current).await {
                    Ok(updated) => {
                        let changed = updated.state != current.state;
                        current = updated;
                        if changed {
                            if refresh.send(()).is_err() {
                                return; // the app has closed
                            }
                            ctx.request_repaint();
                        }
                    }
                    // The journal keeps showing the last state it knows; the check runs again.
                    Err(error) => tracing::info!(%error, "a payout's status check failed"),
                }
                if !current.state.is_open() || !following.wait().await {
                    return;
                }
            }
        });
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            self.run(command, work);
        }
        while self.refresh_receiver.try_recv().is_ok() {
            self.journal_stale = true;
        }
        if self.plan.poll() {
            match &self.plan {
                Requested::Done(plan) => {
                    let plan = plan.clone();
                    self.confirm(plan);
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if self.send.poll() {
            self.journal_stale = true;
            // Whatever happened, this reference is used: the next payout gets a new one.
            self.reference1 = fresh_reference1();
            match &self.send {
                Requested::Done(record) => {
                    if let Ok(ledger) = Self::ledger(work) {
                        let record = record.clone();
                        self.follow(
                            work.bridge,
                            ledger,
                            work.session.connection.client.clone(),
                            record,
                        );
                    }
                    self.amount.clear();
                    self.pressed_while_blocked = false;
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        let mut finished = Vec::new();
        for (index, (_, task)) in self.actions.iter().enumerate() {
            if let Some(result) = task.poll() {
                finished.push(index);
                if let Err(error) = &result {
                    work.note_error(error);
                }
            }
        }
        for index in finished.into_iter().rev() {
            self.actions.remove(index);
            self.journal_stale = true;
        }
        if self.journal.poll() {
            if let Some(error) = self.journal.error() {
                work.note_error(error);
            }
            // Payouts still open when the app starts are followed again.
            if let (Some(journal), Ok(ledger)) = (self.journal.value().cloned(), Self::ledger(work))
            {
                for record in journal
                    .records
                    .into_iter()
                    .filter(|r| r.state == PayoutState::Sent)
                {
                    self.follow(
                        work.bridge,
                        ledger.clone(),
                        work.session.connection.client.clone(),
                        record,
                    );
                }
            }
        }
        if self.journal_stale && !self.journal.is_pending() {
            self.load_journal(work);
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, view: &PayoutsView<'_>) {
        ui.heading(t!("nav-payouts"));
        let subtitle = if view.service.dialect.payout_key_is_alias() {
            t!("payouts-subtitle-alias")
        } else {
            t!("payouts-subtitle")
        };
        ui.label(RichText::new(subtitle).weak());
        if let Some(since) = view.service_away {
            crate::ui::widgets::offline::banner(ui, since, &t!("payouts-offline"));
        }
        if let Some(problem) = &view.journal_problem {
            error_box(
                ui,
                &UiError::local(t!(
                    "payouts-journal-unopened",
                    problem = problem.to_string()
                )),
            );
            return;
        }
        egui::ScrollArea::both()
            .id_salt("payouts-scroll")
            .show(ui, |ui| {
                self.form_ui(ui, view);
                ui.separator();
                self.journal_ui(ui);
            });
        self.confirmation_ui(ui, view);
        self.settle_ui(ui);
    }
}

impl crate::ui::panels::PanelState for PayoutsPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        PayoutsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let mut view = PayoutsView::of(draw.session);
        view.service_away = draw.service_away;
        self.ui(ui, &view);
    }

    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        match news {
            _ if crate::ui::panels::another_merchant(news) => *self = Default::default(),
            crate::ui::plumbing::news::News::Books { payouts: true, .. }
            | crate::ui::plumbing::news::News::Notification {
                confirmed: Some(_), ..
            } => self.refresh(),
            crate::ui::plumbing::news::News::Books { .. }
            | crate::ui::plumbing::news::News::Notification { .. }
            | crate::ui::plumbing::news::News::PaymentEnded { .. }
            | crate::ui::plumbing::news::News::Connected { .. }
            | crate::ui::plumbing::news::News::Language
            | crate::ui::plumbing::news::News::Cash
            | crate::ui::plumbing::news::News::Tab
            | crate::ui::plumbing::news::News::AnotherPerson => {}
        }
    }
}
