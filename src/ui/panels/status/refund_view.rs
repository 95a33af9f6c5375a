//! What «Devolver dinero» draws in the sale's window: the button (in Caja it asks the owner's
//! PIN first), the form (the amount prefilled with what remains, the reason, where the money
//! goes as the profile's interface pays), the review in words before money moves, and what the
//! return came to. It only draws: what it needs done is queued as a [`RefundCommand`].

use egui::{RichText, Ui};

use super::refund::{Confirmation, Refund, RefundCommand, RefundForm};
use crate::ledger::{PayoutState, ReturnRecord, ReturnRefusal, SaleReturns};
use crate::requests::{ReturnAsk, Service};
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::services::paper::{Paper, PaperCommand, PaperSource};
use crate::ui::widgets::form::{self, blocking_reasons, error_box};
use crate::ui::widgets::money_out::{self, MoneyOut};
use crate::validate::{self, Field, ValidationError};

/// What the return shows of the session it is in.
pub struct RefundView<'a> {
    /// The service the form's return is checked against.
    pub service: Service<'a>,
    pub moves_real_money: bool,
    /// Whether the owner's side is open (no PIN set, or the owner's PIN typed).
    pub owner_side: bool,
    /// The shop's name, as the customer's copy of a sale says it.
    pub shop: String,
}

/// The room a return's result keeps: its words on two lines, the receipt's buttons and what
/// saving it came to.
const RESULT_ROOM: f32 = 96.0;

/// The reasons a person picks from, by the code the books keep.
const REASONS: [&str; 4] = ["product", "charged-twice", "wrong-amount", "other"];

fn reason_words(code: &str) -> String {
    match code {
        "product" => t!("return-reason-product"),
        "charged-twice" => t!("return-reason-charged-twice"),
        "wrong-amount" => t!("return-reason-wrong-amount"),
        _ => t!("refund-reason-other"),
    }
}

/// Where the money goes, as the interface pays: the customer's Bre-B alias now, their mobile
/// number under the spec's. The label, the field its problems are under, a hint.
fn destination_words(service: &Service<'_>) -> (String, Field, &'static str) {
    if service.dialect.payout_key_is_alias() {
        (t!("field-refund-alias"), Field::Key, "@CLIENTE123")
    } else {
        (
            t!("field-refund-cellphone"),
            Field::Cellphone,
            "300 123 4567",
        )
    }
}

fn refund_labels(service: &Service<'_>) -> Vec<(Field, String)> {
    let (destination, field, _) = destination_words(service);
    vec![
        (Field::Amount, t!("field-amount")),
        (Field::Reason, t!("field-refund-reason")),
        (field, destination),
        (Field::Reference, t!("created-service-reference")),
        (Field::WebhookRequest, t!("field-webhook-url")),
        (Field::ShopUrl, t!("field-shop-url")),
    ]
}

impl Refund {
    /// «Devolver por dispersión…» for `sale`'s `payment` ("" for a charge of its own), named
    /// `named` in its form. On the owner's side only the owner sees it work; in Caja it says the
    /// owner's PIN is asked. True when it was pressed.
    pub fn button_ui(
        &mut self,
        ui: &mut Ui,
        label: &str,
        (sale, payment, named): (&str, &str, &str),
        owner: bool,
    ) -> bool {
        let pressed = return_button(ui, label, !self.is_for_payment(sale, payment), owner);
        if pressed {
            self.queued.ask(
                ui,
                RefundCommand::Open {
                    sale: sale.to_owned(),
                    payment: payment.to_owned(),
                    named: named.to_owned(),
                },
            );
        }
        pressed
    }

    /// The form for `sale`'s `payment`, when it is the one open, and the confirmation over it.
    pub fn form_ui(
        &mut self,
        ui: &mut Ui,
        (sale, payment): (&str, &str),
        view: &RefundView<'_>,
        paper: &mut Paper,
    ) {
        if !self.is_for_payment(sale, payment) {
            return;
        }
        if self.awaits_owner() == Some(sale) {
            ui.label(RichText::new(t!("refund-owner-pin")).weak());
        }
        let Some(mut form) = self.form.take() else {
            return;
        };
        if form.typed.sale == sale && form.typed.payment == payment {
            ui.separator();
            self.form_body(ui, &mut form, view, paper);
            self.confirmation_ui(ui, view.moves_real_money);
        }
        self.form = Some(form);
    }

    fn form_body(
        &mut self,
        ui: &mut Ui,
        form: &mut RefundForm,
        view: &RefundView<'_>,
        paper: &mut Paper,
    ) {
        let named = if self.named.is_empty() {
            form.typed.sale.as_str()
        } else {
            self.named.as_str()
        };
        let title = ui.label(
            RichText::new(t!("refund-title", sale = named))
                .strong()
                .size(crate::ui::theme::size::EMPHASIS),
        );
        // Only as far as its title needs, and only when it opened out of sight: a form that
        // opens in view moves nothing under the hand that pressed its button.
        if !std::mem::replace(&mut self.brought_into_view, true) {
            title.scroll_to_me(None);
        }
        if !self.remaining_ui(ui) {
            return;
        }
        if let Some(words) = self
            .returnable
            .value()
            .and_then(|found| found.returns.words())
        {
            ui.label(RichText::new(words).weak());
        }
        let returns = self
            .returnable
            .value()
            .map(|found| found.returns)
            .unwrap_or_default();
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = checked(form, &view.service, returns)
            .err()
            .unwrap_or_default();
        let enter = egui::Grid::new("refund-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| fields(ui, form, &view.service, &problems))
            .inner;
        // Read again once the fields took this frame's keys: a last digit and Enter can come in
        // one frame, and what is reviewed (then sent) is what the fields hold now.
        let built = checked(form, &view.service, returns);
        self.review_row(ui, form, built, enter);
        self.result_ui(ui, paper);
        // Once a return went, the form asks nothing more: what it typed is not a problem.
        if (form.pressed_while_blocked || started(form)) && !problems.is_empty() && !self.has_sent()
        {
            blocking_reasons(ui, &problems, &refund_labels(&view.service));
        }
        // A refusal is about the values it was given: changed, it no longer applies.
        if self.plan.error().is_some() && self.reviewed.as_ref() != Some(&form.typed) {
            self.plan = Requested::NotRequested;
        }
        if let Some(error) = self.plan.error() {
            error_box(ui, error);
        }
    }

    /// What the return came to and its receipt, under the button that reviewed it, in room
    /// kept from the moment it goes (the answer and the receipt's buttons arrive later without
    /// moving anything): brought into sight once, as far as it needs (the review's dialog has
    /// closed over the window, and the cashier looks for the answer).
    fn result_ui(&mut self, ui: &mut Ui, paper: &mut Paper) {
        if !self.send.is_pending() && !self.has_sent() && self.latest.is_none() {
            return;
        }
        let shown = ui
            .scope(|ui| {
                ui.set_min_height(RESULT_ROOM);
                self.outcome_ui(ui);
                self.paper_ui(ui, paper);
            })
            .response;
        if !std::mem::replace(&mut self.result_brought_into_view, true) {
            shown.scroll_to_me(None);
        }
    }

    /// What the customer paid and what remains to return, as the books say it now (read again
    /// after each return of it, the figure shown kept meanwhile); false when there is nothing to
    /// fill in (the books refuse it, or they were not read yet).
    fn remaining_ui(&mut self, ui: &mut Ui) -> bool {
        if let Some(error) = self.returnable.error() {
            if !self.has_sent() {
                error_box(ui, error);
                close_button(ui, &mut self.queued);
                return false;
            }
            // After a return of it: the books' words for what is left (nothing, all returned).
            ui.label(RichText::new(&error.message).strong());
            return true;
        }
        let Some(found) = self.returnable.value() else {
            ui.spinner();
            return false;
        };
        ui.label(t!(
            "refund-paid",
            paid = found.returns.paid.to_string(),
            remaining = found.returns.remaining().to_string()
        ));
        true
    }

    /// «Revisar devolución…» (nothing is sent from here, only read back), «Cerrar», and what is
    /// under way.
    fn review_row(
        &mut self,
        ui: &mut Ui,
        form: &mut RefundForm,
        built: Result<ReturnAsk, Vec<ValidationError>>,
        enter: bool,
    ) {
        let busy = self.is_busy();
        let sent = self.has_sent();
        ui.horizontal(|ui| {
            let review = crate::ui::widgets::primary::primary_button(
                ui,
                built.is_ok() && !busy && !sent,
                &t!("refund-review"),
                None,
            );
            if built.is_err()
                && review.contains_pointer()
                && ui.input(|i| i.pointer.primary_released())
            {
                form.pressed_while_blocked = true;
            }
            if (review.clicked() || (enter && !busy && !sent))
                && let Ok(ask) = built
            {
                self.reviewed = Some(form.typed.clone());
                self.queued.ask(ui, RefundCommand::Review(ask));
            }
            close_button(ui, &mut self.queued);
            for (pending, words) in [
                (self.plan.is_pending(), t!("refund-checking")),
                (self.send.is_pending(), t!("sending")),
            ] {
                if pending {
                    ui.spinner();
                    ui.label(words);
                }
            }
        });
    }

    /// What the return came to: sent and waiting, confirmed, not out (with the service's
    /// reason), or its answer lost (never sent again from here).
    fn outcome_ui(&self, ui: &mut Ui) {
        if let Some(error) = self.send.error() {
            error_box(ui, error);
            if error.outcome_unknown {
                ui.label(
                    RichText::new(t!("refund-unknown-no-resend"))
                        .color(crate::ui::theme::palette(ui).danger),
                );
            }
            return;
        }
        if let Some(record) = &self.latest {
            let (words, tone) = outcome_words(record);
            let palette = crate::ui::theme::palette(ui);
            let colour = if tone {
                palette.success
            } else {
                palette.danger
            };
            ui.label(RichText::new(words).color(colour));
        }
    }

    /// Once the service confirmed the return: its receipt printed or saved, as the owner
    /// chooses, and what that came to.
    fn paper_ui(&self, ui: &mut Ui, paper: &mut Paper) {
        let Some(record) = self
            .latest
            .as_ref()
            .filter(|record| record.payout.state == PayoutState::Approved)
        else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            if let Some(pdf) = crate::ui::panels::printer_settings::print_or_pdf(
                ui,
                paper,
                &t!("refund-print-receipt"),
                &t!("refund-receipt-pdf"),
            ) {
                paper.queued.ask(
                    ui,
                    PaperCommand::ReturnReceipt {
                        reference1: record.payout.reference1.clone(),
                        pdf,
                    },
                );
            }
            if paper.is_busy() {
                ui.spinner();
            }
        });
        crate::ui::panels::printer_settings::outcome_line(ui, paper, &[PaperSource::Return]);
    }

    fn confirmation_ui(&mut self, ui: &mut Ui, moves_real_money: bool) {
        let Some(confirmation) = &mut self.confirmation else {
            return;
        };
        let named = if self.named.is_empty() {
            confirmation.plan.tie.sale.clone()
        } else {
            self.named.clone()
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("refund-confirmation")).show(ui.ctx(), |ui| {
            answer = confirmation.body_ui(ui, moves_real_money, &named);
        });
        match answer {
            // Taking the plan out of the dialog is what makes a second click send nothing.
            Some(true) => {
                if let Some(confirmation) = self.confirmation.take() {
                    self.queued.ask(
                        ui,
                        RefundCommand::Send {
                            plan: Box::new(confirmation.plan),
                            repeat: confirmation.repeat_acknowledged,
                        },
                    );
                }
            }
            Some(false) => self.confirmation = None,
            None => {}
        }
    }
}

fn close_button(ui: &mut Ui, queued: &mut crate::ui::plumbing::queue::Queue<RefundCommand>) {
    if ui.button(t!("refund-close")).clicked() {
        queued.ask(ui, RefundCommand::Close);
    }
}

/// Whether the owner has started changing the form (the amount comes prefilled).
fn started(form: &RefundForm) -> bool {
    !form.typed.destination.trim().is_empty() || !form.typed.reason_words.trim().is_empty()
}

/// The form read as the engine reads it, with what the app asks more: an amount (the engine's
/// "all that remains" is the prefilled figure here) of at most what remains.
fn checked(
    form: &RefundForm,
    service: &Service<'_>,
    returns: SaleReturns,
) -> Result<ReturnAsk, Vec<ValidationError>> {
    let remaining = returns.remaining();
    let mut problems = Vec::new();
    let amount = validate::amount(Field::Amount, &form.typed.amount);
    match &amount {
        Err(problem) => problems.push(problem.clone()),
        Ok(amount) if *amount > remaining => problems.push(ValidationError::new(
            Field::Amount,
            ReturnRefusal::OverRemaining {
                remaining,
                paid: returns.paid,
            }
            .to_string(),
        )),
        Ok(_) => {}
    }
    match form.typed.parse(service) {
        Ok(ask) if problems.is_empty() => Ok(ask),
        Ok(_) => Err(problems),
        Err(more) => {
            problems.extend(more.into_iter().filter(|p| p.field != Field::Amount));
            Err(problems)
        }
    }
}

/// The form's rows; true when Enter was pressed in one.
fn fields(
    ui: &mut Ui,
    form: &mut RefundForm,
    service: &Service<'_>,
    problems: &[ValidationError],
) -> bool {
    let amount = form::pesos_row(
        ui,
        &t!("field-amount"),
        &mut form.typed.amount,
        "$ 20.000",
        form::problem_for(problems, Field::Amount),
    );
    let mut enter = form::submitted(&amount);
    enter |= reason_rows(
        ui,
        (&mut form.typed.reason, &mut form.typed.reason_words),
        problems,
    );
    let (label, field, hint) = destination_words(service);
    enter |= form::submitted(&form::text_row(
        ui,
        &label,
        &mut form.typed.destination,
        hint,
        form::problem_for(problems, field),
    ));
    enter
}

/// A return's button, `enabled` while its form is not the one open: in Caja, where the owner's
/// PIN is asked first, it says so. Shared by a return through the service and a part's return,
/// so both read alike. True when it was pressed.
pub(super) fn return_button(ui: &mut Ui, label: &str, enabled: bool, owner: bool) -> bool {
    let button = ui.add_enabled(enabled, egui::Button::new(label));
    let button = if owner {
        button
    } else {
        button.on_hover_text(t!("refund-owner-pin"))
    };
    button.clicked()
}

/// The reason's rows of a return's form: the usual reasons to pick from, and the shop's own
/// words for «Otro»; true when Enter was pressed in them.
pub(super) fn reason_rows(
    ui: &mut Ui,
    (reason, words): (&mut String, &mut String),
    problems: &[ValidationError],
) -> bool {
    let reason_label = ui.label(t!("field-refund-reason"));
    ui.vertical(|ui| {
        for code in REASONS {
            ui.radio_value(reason, code.to_owned(), reason_words(code));
        }
    })
    .response
    .labelled_by(reason_label.id);
    ui.end_row();
    if reason != "other" {
        return false;
    }
    form::submitted(&form::text_row(
        ui,
        &t!("field-refund-reason-words"),
        words,
        &t!("refund-reason-words-hint"),
        form::problem_for(problems, Field::Reason),
    ))
}

/// The outcome in the cashier's words, and whether it is good news.
fn outcome_words(record: &ReturnRecord) -> (String, bool) {
    let payout = &record.payout;
    let amount = payout.amount.to_string();
    let destination = validate::group_cellphone(&payout.destination);
    match payout.state {
        PayoutState::Approved => (
            t!(
                "refund-confirmed",
                amount = amount,
                destination = destination
            ),
            true,
        ),
        PayoutState::Sending | PayoutState::Sent => (
            t!("refund-sent", amount = amount, destination = destination),
            true,
        ),
        PayoutState::Unknown => (
            format!(
                "{} {}",
                payout.state.words(),
                t!("refund-unknown-no-resend")
            ),
            false,
        ),
        PayoutState::Refused | PayoutState::Failed | PayoutState::NotSent => {
            let reason = payout
                .error_message
                .clone()
                .unwrap_or_else(|| t!("refund-no-reason"));
            (
                t!(
                    "refund-not-out",
                    amount = amount,
                    state = payout.state.words().to_lowercase(),
                    reason = reason
                ),
                false,
            )
        }
    }
}

impl Confirmation {
    /// The dialog: the amount large, the return in words, the balance before and after, what must
    /// be acknowledged; `Some(true)` when the owner sends, `Some(false)` when they cancel.
    /// The dialog, the sale named `named`.
    fn body_ui(&mut self, ui: &mut Ui, moves_real_money: bool, named: &str) -> Option<bool> {
        let plan = &self.plan;
        let amount = plan.amount();
        ui.set_max_width(460.0);
        let out = MoneyOut {
            title: t!("refund-confirm-title"),
            amount,
            send: t!("refund-confirm-send", amount = amount.to_string()),
            moves_real_money,
            similar: plan.payout.similar.as_ref(),
        };
        money_out::confirm_ui(ui, out, &mut self.repeat_acknowledged, |ui| {
            ui.add(egui::Label::new(plan.summary_naming(named)).wrap());
            egui::Grid::new("refund-confirm-grid")
                .num_columns(2)
                .show(ui, |ui| {
                    let balance = plan.payout.balance;
                    let after = balance.and_then(|balance| balance.checked_sub(amount));
                    for (label, value) in [
                        (t!("confirm-balance"), balance),
                        (t!("refund-confirm-after"), after),
                    ] {
                        if let Some(value) = value {
                            ui.label(label);
                            ui.label(value.to_string());
                            ui.end_row();
                        }
                    }
                });
        })
    }
}
