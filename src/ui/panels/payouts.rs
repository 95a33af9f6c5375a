//! Payouts: the form, a confirmation that repeats the amount in words and the number grouped
//! for reading and asks for an explicit "Send $ 50.000", and the journal with live states.
//! Everything that touches money goes through `crate::payouts`: one intent, one request.

use std::sync::Arc;
use std::sync::mpsc;

use egui::{RichText, Ui};

use crate::api::Client;
use crate::api::family_b::{
    BREB_WITHDRAW_METHOD, WITHDRAW_METHODS, WithdrawRequest, withdraw_method_name,
};
use crate::follow;
use crate::ledger::{Ledger, PayoutRecord, PayoutState};
use crate::payouts::{self, PayoutError, PayoutPlan};
use crate::requests::{PayoutForm, Service};
use crate::ui::PanelContext;
use crate::ui::bridge::{Bridge, Requested, Task, UiError};
use crate::ui::widgets::form::{self, ERROR_COLOR, blocking_reasons, error_box};
use crate::validate::{self, ValidationError};

use super::collect::fresh_reference1;

fn payout_error(error: PayoutError) -> UiError {
    let code = error.code().map(str::to_owned);
    let outcome_unknown = !error.nothing_sent();
    let session_ended = matches!(&error, PayoutError::Api(api) if api.is_session_ended());
    UiError {
        message: error.to_string(),
        code,
        session_ended,
        outcome_unknown,
        retryable: false,
    }
}

enum RowAction {
    Check,
    Settle,
    Resend,
}

/// The confirmation dialog's state: the plan the person is looking at.
struct Confirmation {
    plan: PayoutPlan,
    repeat_acknowledged: bool,
}

const PAYOUT_LABELS: &form::FieldLabels = &[
    ("amount", "Amount"),
    ("cellphone", "Destination cellphone"),
    ("key", "Bre-B key"),
    ("method", "Method"),
    ("reference1", "Your reference"),
    ("webhookRequest", "Webhook URL"),
];

pub struct PayoutsPanel {
    amount: String,
    cellphone: String,
    method_id: i64,
    bank_name: String,
    webhook_url: String,
    reference1: String,
    webhook_default: Option<String>,
    plan: Requested<PayoutPlan>,
    confirmation: Option<Confirmation>,
    send: Requested<PayoutRecord>,
    journal: Requested<Vec<PayoutRecord>>,
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
            amount: String::new(),
            cellphone: String::new(),
            method_id: 245,
            bank_name: String::new(),
            webhook_url: String::new(),
            reference1: fresh_reference1(),
            webhook_default: None,
            plan: Requested::NotRequested,
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
    /// The form as typed, read by the shared request layer. The app shows the default webhook
    /// address in its field, so an emptied field sends the payout without one.
    fn build(&self, ctx: &PanelContext<'_>) -> Result<WithdrawRequest, Vec<ValidationError>> {
        PayoutForm {
            amount: self.amount.clone(),
            destination: self.cellphone.clone(),
            method_id: self.method_id,
            bank_name: self.bank_name.clone(),
            webhook_url: self.webhook_url.clone(),
            reference1: self.reference1.clone(),
        }
        .parse(&Service {
            default_webhook: None,
            ..Service::of(&ctx.session.connection)
        })
    }

    fn ledger(ctx: &PanelContext<'_>) -> Result<Arc<Ledger>, UiError> {
        ctx.session.ledger.clone().map_err(|problem| {
            UiError::local(format!("The payout journal could not be opened: {problem}"))
        })
    }

    fn load_journal(&mut self, ctx: &PanelContext<'_>) {
        self.journal_stale = false;
        let Ok(ledger) = Self::ledger(ctx) else {
            return;
        };
        let profile = ctx.session.profile_name().to_owned();
        self.journal.start(ctx.bridge.spawn_blocking(move || {
            ledger
                .payouts(&profile, 200)
                .map_err(|e| UiError::local(e.to_string()))
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

    pub fn logic(&mut self, ctx: &mut PanelContext<'_>) {
        let default = ctx.session.webhook_url();
        if self.webhook_default != default {
            self.webhook_url = default.clone().unwrap_or_default();
            self.webhook_default = default;
        }
        while self.refresh_receiver.try_recv().is_ok() {
            self.journal_stale = true;
        }
        if self.plan.poll() {
            match &self.plan {
                Requested::Done(plan) => {
                    self.confirmation = Some(Confirmation {
                        plan: plan.clone(),
                        repeat_acknowledged: false,
                    });
                }
                Requested::Failed { error, .. } => ctx.note_error(error),
                _ => {}
            }
        }
        if self.send.poll() {
            self.journal_stale = true;
            // Whatever happened, this reference is used: the next payout gets a new one.
            self.reference1 = fresh_reference1();
            match &self.send {
                Requested::Done(record) => {
                    if let Ok(ledger) = Self::ledger(ctx) {
                        let record = record.clone();
                        self.follow(
                            ctx.bridge,
                            ledger,
                            ctx.session.connection.client.clone(),
                            record,
                        );
                    }
                    self.amount.clear();
                }
                Requested::Failed { error, .. } => ctx.note_error(error),
                _ => {}
            }
        }
        let mut finished = Vec::new();
        for (index, (_, task)) in self.actions.iter().enumerate() {
            if let Some(result) = task.poll() {
                finished.push(index);
                if let Err(error) = &result {
                    ctx.note_error(error);
                }
            }
        }
        for index in finished.into_iter().rev() {
            self.actions.remove(index);
            self.journal_stale = true;
        }
        if self.journal.poll() {
            if let Some(error) = self.journal.error() {
                ctx.note_error(error);
            }
            // Payouts still open when the app starts are followed again.
            if let (Some(records), Ok(ledger)) = (self.journal.value().cloned(), Self::ledger(ctx))
            {
                for record in records.into_iter().filter(|r| r.state == PayoutState::Sent) {
                    self.follow(
                        ctx.bridge,
                        ledger.clone(),
                        ctx.session.connection.client.clone(),
                        record,
                    );
                }
            }
        }
        if self.journal_stale && !self.journal.is_pending() {
            self.load_journal(ctx);
        }
    }

    pub fn ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.heading("Payouts");
        if let Err(error) = Self::ledger(ctx) {
            error_box(ui, &error);
            return;
        }
        egui::ScrollArea::vertical()
            .id_salt("payouts-scroll")
            .show(ui, |ui| {
                self.form_ui(ui, ctx);
                ui.separator();
                self.journal_ui(ui, ctx);
            });
        self.confirmation_ui(ui, ctx);
        self.settle_ui(ui, ctx);
    }

    fn form_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        let built = self.build(ctx);
        let problems = built.as_ref().err().cloned().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("payout-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                let (destination_label, destination_field, destination_hint) =
                    if self.method_id == BREB_WITHDRAW_METHOD {
                        ("Bre-B key", "key", "@TIENDA123")
                    } else {
                        ("Destination cellphone", "cellphone", "300 123 4567")
                    };
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [
                        ("Amount", &mut self.amount, "amount", "$ 50.000"),
                        (
                            destination_label,
                            &mut self.cellphone,
                            destination_field,
                            destination_hint,
                        ),
                    ],
                );
                // Each radio is labelled by its own words; the row label only groups them.
                ui.label("Method");
                ui.horizontal(|ui| {
                    for (id, name) in WITHDRAW_METHODS {
                        ui.radio_value(&mut self.method_id, *id, format!("{name} ({id})"));
                    }
                });
                ui.end_row();
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [
                        ("Bank name", &mut self.bank_name, "bankName", "optional"),
                        (
                            "Your reference",
                            &mut self.reference1,
                            "reference1",
                            "up to 20 characters",
                        ),
                        (
                            "Webhook URL",
                            &mut self.webhook_url,
                            "webhookRequest",
                            "https://",
                        ),
                    ],
                );
            });
        if self.method_id == 160 {
            ui.label(
                RichText::new(
                    "Online withdrawals are at most $ 2.000.000; the recipient has 12 h to accept",
                )
                .weak(),
            );
        }
        let busy = self.plan.is_pending() || self.send.is_pending() || self.confirmation.is_some();
        let clicked = ui
            .add_enabled(built.is_ok() && !busy, egui::Button::new("Review payout…"))
            .clicked();
        if self.plan.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Checking the balance and the rules…");
            });
        }
        if self.send.is_pending() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Sending…");
            });
        }
        blocking_reasons(ui, &problems, PAYOUT_LABELS);
        if (clicked || (enter && !busy))
            && let Ok(request) = built
            && let Ok(ledger) = Self::ledger(ctx)
        {
            let client = ctx.session.connection.client.clone();
            let profile = ctx.session.profile_name().to_owned();
            let user_id = ctx.session.connection.user_id;
            self.plan.start(ctx.bridge.spawn(async move {
                payouts::prepare(ledger, &client, &profile, user_id, request)
                    .await
                    .map_err(payout_error)
            }));
        }
        if let Some(error) = self.plan.error() {
            error_box(ui, error);
        }
        match &self.send {
            Requested::Done(record) => {
                ui.label(
                    RichText::new(format!(
                        "Payout of {} to {} sent (reference {})",
                        record.amount,
                        validate::group_cellphone(&record.destination),
                        record.reference1
                    ))
                    .color(crate::ui::theme::SUCCESS),
                );
            }
            Requested::Failed { error, .. } => {
                error_box(ui, error);
                if error.outcome_unknown {
                    ui.label(
                        RichText::new(
                            "paydesk will not send it again. Check its status in the list below",
                        )
                        .color(ERROR_COLOR),
                    );
                }
            }
            _ => {}
        }
    }

    fn confirmation_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        let Some(confirmation) = &mut self.confirmation else {
            return;
        };
        let mut send = false;
        let mut cancel = false;
        let plan = &confirmation.plan;
        let amount = plan.request.amount;
        egui::Modal::new(egui::Id::unique("payout-confirmation")).show(ui.ctx(), |ui| {
            ui.heading("Confirm the payout");
            ui.label(RichText::new(amount.to_string()).size(34.0).strong());
            egui::Grid::new("payout-confirm-grid")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("To");
                    ui.label(
                        RichText::new(validate::group_cellphone(&plan.request.destination))
                            .size(22.0)
                            .monospace(),
                    );
                    ui.end_row();
                    ui.label("Method");
                    ui.label(format!(
                        "{} ({})",
                        withdraw_method_name(plan.request.method_id),
                        plan.request.method_id
                    ));
                    ui.end_row();
                    ui.label("Reference");
                    ui.label(&plan.request.reference1);
                    ui.end_row();
                    if let Some(balance) = plan.balance {
                        ui.label("Disbursement balance");
                        ui.label(balance.to_string());
                        ui.end_row();
                        if let Some(after) = balance.checked_sub(amount) {
                            ui.label("After this payout");
                            ui.label(after.to_string());
                            ui.end_row();
                        }
                    }
                });
            if ctx.session.environment().moves_real_money() {
                ui.label(
                    RichText::new("This moves real money")
                        .strong()
                        .color(ERROR_COLOR),
                );
            }
            if let Some(previous) = &plan.similar {
                ui.label(
                    RichText::new(
                        PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
                            .to_string(),
                    )
                    .color(ERROR_COLOR),
                );
                ui.checkbox(
                    &mut confirmation.repeat_acknowledged,
                    "Yes, send another one",
                );
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let ready = plan.similar.is_none() || confirmation.repeat_acknowledged;
                if ui
                    .add_enabled(
                        ready,
                        egui::Button::new(RichText::new(format!("Send {amount}")).strong()),
                    )
                    .clicked()
                {
                    send = true;
                }
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        });
        if send {
            // Taking the plan out of the dialog is what makes a second click send nothing.
            if let (Some(confirmation), Ok(ledger)) = (self.confirmation.take(), Self::ledger(ctx))
            {
                let client = ctx.session.connection.client.clone();
                let repeat = confirmation.repeat_acknowledged;
                let plan = confirmation.plan;
                self.send.start(ctx.bridge.spawn(async move {
                    payouts::send(ledger, &client, &plan, repeat)
                        .await
                        .map_err(payout_error)
                }));
            }
        } else if cancel {
            self.confirmation = None;
        }
    }

    fn journal_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        ui.horizontal(|ui| {
            ui.heading("Sent from this computer");
            if self.journal.is_pending() {
                ui.spinner();
            }
        });
        let Some(records) = self.journal.value().cloned() else {
            return;
        };
        if records.is_empty() {
            ui.label(RichText::new("No payouts yet").weak());
            return;
        }
        let busy: Vec<i64> = self.actions.iter().map(|(id, _)| *id).collect();
        egui::Grid::new("payout-journal")
            .num_columns(6)
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                for title in ["Reference", "Amount", "To", "Method", "State", ""] {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for record in &records {
                    ui.label(&record.reference1);
                    ui.label(record.amount.to_string());
                    ui.label(validate::group_cellphone(&record.destination));
                    ui.label(record.method_id.to_string());
                    ui.vertical(|ui| {
                        ui.label(
                            RichText::new(record.state.words()).color(state_color(record.state)),
                        );
                        if record.state == PayoutState::Sent && record.method_id == 160 {
                            ui.label(RichText::new(acceptance_window(record)).small().weak());
                        }
                        if let Some(message) = &record.error_message {
                            ui.label(RichText::new(message).small().weak());
                        }
                    });
                    ui.horizontal(|ui| {
                        if busy.contains(&record.id) {
                            ui.spinner();
                        } else {
                            self.row_actions(ui, ctx, record);
                        }
                    });
                    ui.end_row();
                }
            });
    }

    fn row_actions(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>, record: &PayoutRecord) {
        let Ok(ledger) = Self::ledger(ctx) else {
            return;
        };
        let client = ctx.session.connection.client.clone();
        // The one way forward each state allows; an unknown payout is never offered a resend.
        let action = match record.state {
            PayoutState::Sent | PayoutState::Unknown if record.transaction_reference.is_some() => {
                Some((
                    RowAction::Check,
                    format!("Check status of {}", record.reference1),
                ))
            }
            PayoutState::Unknown => Some((
                RowAction::Settle,
                format!("Settle {} by hand…", record.reference1),
            )),
            PayoutState::NotSent => Some((
                RowAction::Resend,
                format!(
                    "Send {} again to {}",
                    record.amount,
                    validate::group_cellphone(&record.destination)
                ),
            )),
            _ => None,
        };
        let Some((action, label)) = action else {
            return;
        };
        if !ui.button(label).clicked() {
            return;
        }
        let id = record.id;
        let record = record.clone();
        match action {
            RowAction::Check => {
                let task = ctx.bridge.spawn(async move {
                    payouts::check(ledger, &client, &record)
                        .await
                        .map_err(payout_error)
                });
                self.actions.push((id, task));
            }
            RowAction::Settle => self.settle = Some(record),
            RowAction::Resend => {
                let task = ctx.bridge.spawn(async move {
                    payouts::resend_not_sent(ledger, &client, &record)
                        .await
                        .map_err(payout_error)
                });
                self.actions.push((id, task));
            }
        }
    }

    fn settle_ui(&mut self, ui: &mut Ui, ctx: &mut PanelContext<'_>) {
        let Some(record) = self.settle.clone() else {
            return;
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("payout-settle")).show(ui.ctx(), |ui| {
            ui.heading(format!("Did {} to {} go out?", record.amount, validate::group_cellphone(&record.destination)));
            ui.label("The service never confirmed this payout. Answer only after checking with the service or the recipient: paydesk will never send it again either way");
            ui.horizontal(|ui| {
                if ui.button("It went out").clicked() {
                    answer = Some(true);
                }
                if ui.button("It never went out").clicked() {
                    answer = Some(false);
                }
                if ui.button("Not yet").clicked() {
                    self.settle = None;
                }
            });
        });
        if let (Some(went_out), Ok(ledger)) = (answer, Self::ledger(ctx)) {
            self.settle = None;
            let id = record.id;
            let task = ctx.bridge.spawn_blocking(move || {
                ledger
                    .settle_payout_by_hand(id, went_out)
                    .map_err(|e| UiError::local(e.to_string()))
            });
            self.actions.push((id, task));
        }
    }
}

fn state_color(state: PayoutState) -> egui::Color32 {
    use crate::api::family_b::TransactionStatus;
    use crate::ui::widgets::status::color;
    match state {
        PayoutState::Approved => color(TransactionStatus::Approved),
        PayoutState::Sent | PayoutState::Sending => color(TransactionStatus::Pending),
        PayoutState::Unknown => ERROR_COLOR,
        PayoutState::Refused | PayoutState::Failed => color(TransactionStatus::Failed),
        PayoutState::NotSent => color(TransactionStatus::Cancelled),
    }
}

/// "the recipient can accept until 21/11 22:15": online withdrawals wait up to 12 h.
fn acceptance_window(record: &PayoutRecord) -> String {
    format!(
        "the recipient can accept until {}",
        crate::clock::local_day_and_time(record.created_at + 12 * 3_600_000)
    )
}
