//! The payout form: the amount, where it goes, the kind of payout, the bank and the reference;
//! the review button (nothing is sent from here, only read back), and what the last review and
//! the last payout came to. The request is `requests::PayoutForm`'s; the review is `logic`'s.

use egui::{RichText, Ui};

use crate::api::Dialect;
use crate::api::payout_methods::{BREB_PAYOUT_METHOD, payout_method_name};
use crate::t;
use crate::ui::widgets::form::{self, blocking_reasons};
use crate::validate::{self, Field, ValidationError};

use super::*;

impl PayoutsPanel {
    pub(super) fn form_ui(&mut self, ui: &mut Ui, view: &PayoutsView<'_>) {
        // The problems beside the fields are the frame's start; what is reviewed is read after
        // them, so a last digit and Enter in one frame review the amount typed.
        let problems = self.build(&view.service).err().unwrap_or_default();
        let enter = egui::Grid::new("payout-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| self.form_rows(ui, view.service.dialect, &problems))
            .inner;
        let built = self.build(&view.service);
        if self.method_id == crate::api::payout_methods::ONLINE_PAYOUT_METHOD {
            ui.label(RichText::new(t!("payouts-online-limits")).weak());
        }
        let busy = self.plan.is_pending()
            || self.send.is_pending()
            || self.confirmation.is_some()
            || !self.queued.is_empty();
        // The screen's one primary action: nothing is sent from here, only read back.
        ui.add_space(crate::ui::theme::space::SMALL);
        let review = crate::ui::widgets::primary::primary_button(
            ui,
            built.is_ok() && !busy,
            &t!("payouts-review"),
            None,
        );
        let clicked = review.clicked();
        if built.is_err() && review.contains_pointer() && ui.input(|i| i.pointer.primary_released())
        {
            self.pressed_while_blocked = true;
        }
        self.progress_ui(ui);
        if self.complaints_shown() {
            blocking_reasons(ui, &problems, &payout_labels());
        }
        if (clicked || (enter && !busy))
            && let Ok(request) = built
        {
            self.planned_form = Some(self.form_values());
            self.queued.ask(ui, PayoutsCommand::Review(request));
        }
        // A refusal is about the values it was given: changed, it no longer applies.
        if self.plan.error().is_some() && self.planned_form != Some(self.form_values()) {
            self.plan = Requested::NotRequested;
        }
        if let Some(error) = self.plan.error() {
            refusal_box(ui, error);
        }
        self.sent_ui(ui);
    }

    /// The form's rows; true when Enter was pressed in one.
    fn form_rows(&mut self, ui: &mut Ui, dialect: Dialect, problems: &[ValidationError]) -> bool {
        let method_id = self.method(dialect);
        let (destination_label, destination_field, destination_hint) =
            destination_words(method_id, dialect);
        let mut enter = form::submitted(&form::pesos_row(
            ui,
            &crate::t!("field-amount"),
            &mut self.amount,
            "$ 50.000",
            form::problem_for(problems, Field::Amount),
        ));
        enter |= form::text_rows(
            ui,
            problems,
            [(
                destination_label.as_str(),
                &mut self.destination,
                destination_field,
                destination_hint,
            )],
        );
        self.payout_kind_row(ui, dialect, method_id);
        enter |= form::text_rows(
            ui,
            problems,
            [
                (
                    &*t!("field-bank-name"),
                    &mut self.bank_name,
                    Field::BankName,
                    &*t!("hint-optional"),
                ),
                (
                    &*crate::t!("field-your-reference"),
                    &mut self.reference1,
                    Field::Reference1,
                    &*t!("hint-up-to-20"),
                ),
            ],
        );
        enter
    }

    /// The kinds of payout the interface offers. Each radio is labelled by its own words; the
    /// row label only groups them. With one kind there is nothing to choose: it is said.
    fn payout_kind_row(&mut self, ui: &mut Ui, dialect: Dialect, method_id: i64) {
        ui.label(crate::t!("field-payout-kind"));
        match dialect.payout_methods() {
            [only] => {
                ui.label(payout_method_name(*only));
            }
            methods => {
                if !methods.contains(&self.method_id) {
                    self.method_id = method_id;
                }
                ui.horizontal(|ui| {
                    for id in methods {
                        ui.radio_value(&mut self.method_id, *id, payout_method_name(*id));
                    }
                });
            }
        }
        ui.end_row();
    }

    /// A review or a payout on its way.
    fn progress_ui(&self, ui: &mut Ui) {
        for (pending, words) in [
            (self.plan.is_pending(), t!("payouts-checking")),
            (self.send.is_pending(), t!("sending")),
        ] {
            if pending {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(words);
                });
            }
        }
    }

    /// An untouched form is not a mistake, nor is the emptied amount right after a payout went
    /// out: the complaints wait until the owner starts, or presses the button.
    fn complaints_shown(&self) -> bool {
        let started = !self.amount.trim().is_empty() || !self.destination.trim().is_empty();
        let just_sent = matches!(self.send, Requested::Done(_)) && self.amount.trim().is_empty();
        (started || self.pressed_while_blocked) && !just_sent
    }

    /// What the last payout came to: sent, or refused (and never resent when its outcome is
    /// unknown).
    fn sent_ui(&self, ui: &mut Ui) {
        match &self.send {
            Requested::Done(record) => {
                ui.label(
                    RichText::new(t!(
                        "payouts-sent",
                        amount = record.amount.to_string(),
                        destination = validate::group_cellphone(&record.destination),
                        reference = record.reference1.as_str()
                    ))
                    .color(crate::ui::theme::palette(ui).success),
                );
            }
            Requested::Failed { error, .. } => {
                refusal_box(ui, error);
                if error.outcome_unknown {
                    ui.label(
                        RichText::new(t!("payouts-unknown-no-resend"))
                            .color(crate::ui::theme::palette(ui).danger),
                    );
                }
            }
            _ => {}
        }
    }
}

/// Where the money goes, as the kind of payout names it: a Bre-B key (an alias, in the current
/// interface) or a cellphone. The label, the field its problems are under, and a hint.
fn destination_words(method_id: i64, dialect: Dialect) -> (String, Field, &'static str) {
    if method_id == BREB_PAYOUT_METHOD && dialect.payout_key_is_alias() {
        (t!("field-breb-alias"), Field::Key, "@TIENDA123")
    } else if method_id == BREB_PAYOUT_METHOD {
        (t!("field-breb-key"), Field::Key, "@TIENDA123")
    } else {
        (
            t!("field-destination-cellphone"),
            Field::Cellphone,
            "300 123 4567",
        )
    }
}
