//! Accounts: one-time codes (the reason chosen in words), adding a bank account (with a code
//! for reason 2), deleting one (reason 3), the accounts added from this app, and the banks
//! linked to a phone number.

use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::api::family_a::{NewBankAccount, OTP_REASONS, otp_reason_words};
use crate::api::family_b::{BankList, InstantBankList};
use crate::ledger::SavedBankAccount;
use crate::ledger::activity::Action;
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::widgets::form::{self, blocking_reasons, error_box, text_row};
use crate::validate::{self, Field, ValidationError};

/// Account types as the service numbers them.
const ACCOUNT_TYPES: &[i64] = &[1, 2];

fn account_type_words(id: i64) -> String {
    match id {
        1 => t!("account-savings"),
        2 => t!("account-checking"),
        _ => String::new(),
    }
}
use crate::api::catalog::BANK_LIST_METHOD;

fn account_labels() -> Vec<(Field, String)> {
    vec![
        (Field::Number, crate::t!("field-account-number")),
        (Field::Bank, crate::t!("field-bank")),
        (Field::Type, crate::t!("field-account-type")),
        (Field::Otp, crate::t!("field-link-code")),
    ]
}

/// What the panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountsCommand {
    /// Send a one-time code for this reason to the merchant's phone.
    SendCode(i64),
    /// The banks an account can be in.
    LoadBanks,
    Add(NewBankAccount),
    Delete {
        id: i64,
        code: String,
    },
    LookUpBanks(String),
}

pub struct AccountsPanel {
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<AccountsCommand>,
    otp_reason: i64,
    otp: Requested<i64>,
    number: String,
    bank_id: String,
    type_id: i64,
    add_code: String,
    /// The add button was pressed while it could not send: say why, even in an untouched form
    /// (which otherwise shows no complaints, as Cobrar's).
    add_pressed_while_blocked: bool,
    added: Requested<String>,
    banks: Requested<BankList>,
    saved: Requested<Vec<SavedBankAccount>>,
    saved_stale: bool,
    deleting: Option<i64>,
    delete_code: String,
    deleted: Requested<i64>,
    lookup_phone: String,
    lookup: Requested<(String, InstantBankList)>,
    /// With the built-in simulator no code reaches a phone: the page where it shows them.
    simulator_codes: Option<String>,
}

impl Default for AccountsPanel {
    fn default() -> Self {
        AccountsPanel {
            queued: Queue::default(),
            otp_reason: 2,
            otp: Requested::NotRequested,
            number: String::new(),
            bank_id: String::new(),
            type_id: 1,
            add_code: String::new(),
            add_pressed_while_blocked: false,
            added: Requested::NotRequested,
            banks: Requested::NotRequested,
            saved: Requested::NotRequested,
            saved_stale: true,
            deleting: None,
            delete_code: String::new(),
            deleted: Requested::NotRequested,
            lookup_phone: String::new(),
            lookup: Requested::NotRequested,
            simulator_codes: None,
        }
    }
}

fn reason_words(id: i64) -> String {
    otp_reason_words(id)
}

impl AccountsPanel {
    fn build_account(&self) -> Result<NewBankAccount, Vec<ValidationError>> {
        let bank_id = self.bank_id.trim().parse::<i64>().unwrap_or(0);
        let account = NewBankAccount {
            number: self.number.trim().to_owned(),
            otp: self.add_code.trim().to_owned(),
            bank_id,
            type_id: self.type_id,
        };
        let mut problems = account.check();
        if bank_id <= 0 {
            problems.retain(|p| p.field != Field::Bank);
            problems.push(ValidationError::new(
                Field::Bank,
                t!("accounts-choose-bank"),
            ));
        }
        if problems.is_empty() {
            Ok(account)
        } else {
            Err(problems)
        }
    }

    fn run(&mut self, command: AccountsCommand, work: &mut LogicContext<'_>) {
        let client = work.session.connection.client.clone();
        match command {
            AccountsCommand::SendCode(reason) => {
                self.otp.start(work.bridge.spawn(async move {
                    client.request_otp(reason).await?;
                    Ok(reason)
                }));
            }
            AccountsCommand::LoadBanks => {
                self.banks.start(work.bridge.spawn(async move {
                    Ok(client.payment_features(BANK_LIST_METHOD).await?.value)
                }));
            }
            AccountsCommand::Add(account) => {
                let ledger = work.session.ledger.clone();
                let profile = work.session.profile_name().to_owned();
                let actor = work.access.actor();
                self.added.start(work.bridge.spawn(async move {
                    let added = client.add_account(&account).await?.value.account;
                    if let Ok(ledger) = ledger {
                        let masked = added.number.clone();
                        let service_id = added.id;
                        tokio::task::spawn_blocking(move || {
                            ledger.record_bank_account(
                                &profile,
                                service_id,
                                &masked,
                                account.bank_id,
                                account.type_id,
                            )?;
                            ledger.record_activity(
                                &actor,
                                Action::BankAccountAdded,
                                &masked,
                                crate::ledger::now_ms(),
                            )
                        })
                        .await
                        .map_err(|e| UiError::local(e.to_string()))?
                        .map_err(|e| UiError::local(e.to_string()))?;
                    }
                    // The service's id of the account is for scripts (the CLI), not for her.
                    Ok(t!("accounts-linked-shown", number = added.number.as_str()))
                }));
            }
            AccountsCommand::Delete { id, code } => {
                let ledger = work.session.ledger.clone();
                let profile = work.session.profile_name().to_owned();
                let actor = work.access.actor();
                self.deleted.start(work.bridge.spawn(async move {
                    client.delete_account(id, Some(&code)).await?;
                    if let Ok(ledger) = ledger {
                        tokio::task::spawn_blocking(move || {
                            ledger.forget_bank_account(&profile, id)?;
                            ledger.record_activity(
                                &actor,
                                Action::BankAccountDeleted,
                                &format!("id {id}"),
                                crate::ledger::now_ms(),
                            )
                        })
                        .await
                        .map_err(|e| UiError::local(e.to_string()))?
                        .map_err(|e| UiError::local(e.to_string()))?;
                    }
                    Ok(id)
                }));
            }
            AccountsCommand::LookUpBanks(number) => {
                self.lookup.start(work.bridge.spawn(async move {
                    let banks = client.instant_banks(&number).await?.value;
                    Ok((number, banks))
                }));
            }
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        self.simulator_codes = work
            .session
            .simulator_control_url()
            .map(|control| format!("{control}/otp/last"));
        for command in self.queued.take() {
            self.run(command, work);
        }
        for error in [
            self.otp.poll().then(|| self.otp.error().cloned()).flatten(),
            self.banks
                .poll()
                .then(|| self.banks.error().cloned())
                .flatten(),
            self.saved
                .poll()
                .then(|| self.saved.error().cloned())
                .flatten(),
            self.lookup
                .poll()
                .then(|| self.lookup.error().cloned())
                .flatten(),
        ]
        .into_iter()
        .flatten()
        {
            work.note_error(&error);
        }
        if self.added.poll() {
            match &self.added {
                Requested::Done(_) => {
                    self.number.clear();
                    self.add_code.clear();
                    self.add_pressed_while_blocked = false;
                    self.saved_stale = true;
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if self.deleted.poll() {
            match &self.deleted {
                Requested::Done(_) => {
                    self.deleting = None;
                    self.delete_code.clear();
                    self.saved_stale = true;
                }
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
        if self.saved_stale
            && !self.saved.is_pending()
            && let Ok(ledger) = work.session.ledger.clone()
        {
            self.saved_stale = false;
            let profile = work.session.profile_name().to_owned();
            self.saved.start(work.bridge.spawn_blocking(move || {
                ledger
                    .bank_accounts(&profile)
                    .map_err(|e| UiError::local(e.to_string()))
            }));
        }
    }

    pub fn ui(&mut self, ui: &mut Ui) {
        ui.heading(t!("nav-accounts"));
        egui::ScrollArea::both()
            .id_salt("accounts-scroll")
            .show(ui, |ui| {
                self.otp_ui(ui);
                ui.separator();
                self.add_ui(ui);
                ui.separator();
                self.saved_ui(ui);
                ui.separator();
                self.lookup_ui(ui);
            });
    }

    fn otp_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new(t!("accounts-otp")).strong());
        ui.horizontal(|ui| {
            let label = ui.label(t!("accounts-reason"));
            egui::ComboBox::from_id_salt("otp-reason")
                .selected_text(reason_words(self.otp_reason))
                .show_ui(ui, |ui| {
                    for (id, _) in OTP_REASONS {
                        ui.selectable_value(&mut self.otp_reason, *id, reason_words(*id));
                    }
                })
                .response
                .labelled_by(label.id);
            if ui
                .add_enabled(
                    !self.otp.is_pending(),
                    egui::Button::new(t!("accounts-send-code")),
                )
                .clicked()
            {
                self.queued
                    .ask(ui, AccountsCommand::SendCode(self.otp_reason));
            }
            if self.otp.is_pending() {
                ui.spinner();
            }
        });
        if let Requested::Done(reason) = &self.otp {
            ui.label(
                RichText::new(t!("accounts-code-sent", reason = reason_words(*reason))).weak(),
            );
            // Practising on the simulator: no phone gets the code, so say where it is.
            if let Some(codes) = &self.simulator_codes {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(t!("accounts-code-in-simulator")).weak());
                    ui.hyperlink_to(t!("accounts-code-in-simulator-link"), codes);
                });
            }
        }
        if let Some(error) = self.otp.error() {
            error_box(ui, error);
        }
    }

    fn add_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new(t!("otp-reason-link-account")).strong());
        ui.label(RichText::new(t!("accounts-link-first")).weak());
        if matches!(self.banks, Requested::NotRequested)
            && !self.queued.contains(&AccountsCommand::LoadBanks)
        {
            self.queued.ask(ui, AccountsCommand::LoadBanks);
        }
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = self.build_account().err().unwrap_or_default();
        let mut enter = false;
        egui::Grid::new("add-account")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [(
                        &*crate::t!("field-account-number"),
                        &mut self.number,
                        Field::Number,
                        &*t!("hint-digits"),
                    )],
                );
                form::bank_row(
                    ui,
                    &t!("field-bank"),
                    "account-bank",
                    &self.banks,
                    &mut self.bank_id,
                );
                ui.label(crate::t!("field-account-type"));
                ui.horizontal(|ui| {
                    for id in ACCOUNT_TYPES {
                        ui.radio_value(&mut self.type_id, *id, account_type_words(*id));
                    }
                });
                ui.end_row();
                enter |= form::text_rows(
                    ui,
                    &problems,
                    [(
                        &*crate::t!("field-link-code"),
                        &mut self.add_code,
                        Field::Otp,
                        &*t!("hint-from-phone"),
                    )],
                );
            });
        // What is linked is what the fields hold after this frame's keys (a last key and Enter
        // can come in one frame).
        let built = self.build_account();
        let pending = self.added.is_pending();
        let response = ui.add_enabled(
            built.is_ok() && !pending,
            egui::Button::new(t!("accounts-add")),
        );
        let clicked = response.clicked();
        if built.is_err()
            && response.contains_pointer()
            && ui.input(|i| i.pointer.primary_released())
        {
            self.add_pressed_while_blocked = true;
        }
        if self.add_started() || self.add_pressed_while_blocked {
            blocking_reasons(ui, &problems, &account_labels());
        }
        if (clicked || (enter && !pending))
            && let Ok(account) = built
        {
            self.queued.ask(ui, AccountsCommand::Add(account));
        }
        match &self.added {
            Requested::Done(message) => {
                ui.label(RichText::new(message).weak());
            }
            Requested::Failed { error, .. } => error_box(ui, error),
            _ => {}
        }
    }

    /// Whether the owner has begun linking an account: until then the form shows no
    /// complaints, the way Cobrar's does (which also counts only what was typed, not a choice
    /// from a list).
    fn add_started(&self) -> bool {
        [&self.number, &self.add_code]
            .iter()
            .any(|text| !text.trim().is_empty())
    }

    fn saved_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new(t!("accounts-linked-here")).strong());
        let Some(accounts) = self.saved.value().cloned() else {
            return;
        };
        if accounts.is_empty() {
            ui.label(RichText::new(t!("none-yet")).weak());
            return;
        }
        let bank_name = |id: i64| {
            self.banks
                .value()
                .and_then(|list| {
                    list.real_banks()
                        .find(|b| b.id == id.to_string())
                        .map(|b| b.name.clone())
                })
                .unwrap_or_else(|| t!("accounts-bank-id", id = id))
        };
        egui::Grid::new("saved-accounts")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                for account in &accounts {
                    ui.label(&account.masked_number);
                    ui.label(bank_name(account.bank_id));
                    ui.label(account_type_words(account.type_id));
                    if let Some(id) = account.service_id
                        && ui
                            .button(t!(
                                "accounts-delete-number",
                                number = account.masked_number.as_str()
                            ))
                            .clicked()
                    {
                        self.deleting = Some(id);
                        self.delete_code.clear();
                    }
                    ui.end_row();
                }
            });
        if let Some(id) = self.deleting {
            ui.label(RichText::new(t!("accounts-delete-first")).weak());
            let shown = validate::otp_code(&self.delete_code);
            egui::Grid::new("delete-account")
                .num_columns(2)
                .show(ui, |ui| {
                    text_row(
                        ui,
                        &t!("accounts-delete-code"),
                        &mut self.delete_code,
                        &t!("hint-from-phone"),
                        shown.as_ref().err(),
                    );
                });
            // The code sent is the one the field holds after this frame's keys.
            let code = validate::otp_code(&self.delete_code);
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        code.is_ok() && !self.deleted.is_pending(),
                        egui::Button::new(t!("accounts-delete")),
                    )
                    .clicked()
                    && let Ok(code) = code
                {
                    self.queued.ask(ui, AccountsCommand::Delete { id, code });
                }
                if ui.button(t!("accounts-keep")).clicked() {
                    self.deleting = None;
                }
            });
        }
        if let Some(error) = self.deleted.error() {
            error_box(ui, error);
        }
    }

    fn lookup_ui(&mut self, ui: &mut Ui) {
        ui.label(RichText::new(t!("accounts-lookup-title")).strong());
        let shown = validate::cellphone(Field::Cellphone, &self.lookup_phone);
        let mut enter = false;
        egui::Grid::new("instant-lookup")
            .num_columns(2)
            .show(ui, |ui| {
                let r = text_row(
                    ui,
                    &t!("accounts-phone"),
                    &mut self.lookup_phone,
                    "300 123 4567",
                    shown.as_ref().err(),
                );
                enter = form::submitted(&r);
            });
        // The number looked up is the one the field holds after this frame's keys (a last
        // digit and Enter can come in one frame).
        let phone = validate::cellphone(Field::Cellphone, &self.lookup_phone);
        let clicked = ui
            .add_enabled(
                phone.is_ok() && !self.lookup.is_pending(),
                egui::Button::new(t!("accounts-look-up")),
            )
            .clicked();
        if (clicked || enter)
            && let Ok(number) = phone
        {
            self.queued.ask(ui, AccountsCommand::LookUpBanks(number));
        }
        if let Some(error) = self.lookup.error() {
            error_box(ui, error);
        }
        if let Some((number, list)) = self.lookup.value() {
            if list.banks.is_empty() {
                ui.label(t!(
                    "accounts-no-banks",
                    number = validate::group_cellphone(number)
                ));
            }
            for bank in &list.banks {
                ui.label(format!("{}  {}", bank.name, bank.bank_account_number));
            }
        }
    }
}

impl crate::ui::panels::PanelState for AccountsPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        AccountsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, _shell: &mut crate::ui::panels::DrawContext<'_>) {
        self.ui(ui);
    }

    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        if crate::ui::panels::another_merchant(news) {
            *self = Default::default();
        }
    }
}
