//! A customer's statement: their balance and since when it is owed, every entry (when, what was
//! taken or how it was paid, the amount, who), the authorisation they gave (when, how, who wrote
//! it down), the limit (the owner's to change), «Fiar» (what was taken, by whoever is at the
//! till; over the limit only with the owner's PIN) and forgetting the customer (the owner's,
//! refused by the books while money is owed either way).

use egui::{RichText, Ui};

use super::command::TabsCommand;
use super::outcome::{Taken, entry_words, standing};
use super::panel::TabsPanel;
use crate::ledger::{TabCustomer, TabKind, TabStatement};
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::theme;
use crate::ui::widgets::form::{
    FieldLabels, blocking_reasons, error_box, pesos_row, problem_for, text_row,
};
use crate::ui::widgets::table::{GridRow, grid};
use crate::validate::{self, Field};

/// A limit as typed: empty is none.
fn typed_limit(typed: &str) -> Result<Option<crate::money::Pesos>, validate::ValidationError> {
    if typed.trim().is_empty() {
        Ok(None)
    } else {
        validate::amount(Field::Limit, typed).map(Some)
    }
}

/// The customer's entries, oldest first.
fn entries_ui(ui: &mut Ui, statement: &TabStatement) {
    if statement.entries.is_empty() {
        ui.label(RichText::new(t!("fiado-no-entries")).weak());
        return;
    }
    let titles = [
        t!("fiado-column-when"),
        t!("fiado-column-what"),
        t!("fiado-column-amount"),
        t!("fiado-column-by"),
    ];
    let table = egui::Grid::new("fiado-entries")
        .num_columns(4)
        .striped(true)
        .spacing([18.0, 4.0]);
    grid(
        ui,
        "fiado-entries",
        &t!("fiado-entries-table"),
        table,
        |ui| {
            GridRow::titles(ui, 0, titles.clone());
            GridRow::lines(ui, 1, &statement.entries, |ui, row, entry| {
                row.text(ui, crate::clock::shown_datetime(entry.at), &titles[0]);
                let mut what = entry_words(entry);
                if entry.over_limit {
                    what = t!("fiado-over-limit-entry", what = what);
                }
                row.text(ui, what, &titles[1]);
                row.text(ui, entry.amount.to_string(), &titles[2]);
                let by = match entry.kind {
                    TabKind::PaidByService => t!("fiado-by-service"),
                    TabKind::Taken | TabKind::PaidInCash | TabKind::Returned => entry.by.words_at(),
                };
                row.text(ui, by, &titles[3]);
            });
        },
    );
}

/// The customer's data and authorisation, and the limit.
fn customer_ui(ui: &mut Ui, customer: &TabCustomer) {
    if !customer.cellphone.is_empty() {
        ui.label(t!(
            "fiado-cellphone-is",
            cellphone = customer.cellphone.as_str()
        ));
    }
    if !customer.document.is_empty() {
        ui.label(t!(
            "fiado-document-is",
            document = customer.document.as_str()
        ));
    }
    ui.label(
        RichText::new(t!(
            "fiado-consent-given",
            at = crate::clock::shown_datetime(customer.consent.at),
            how = customer.consent.how.as_str(),
            by = customer.consent.by.words()
        ))
        .weak(),
    );
    let limit = customer
        .limit
        .map_or_else(|| t!("tab-no-limit"), |limit| limit.to_string());
    ui.label(t!("fiado-limit-is", limit = limit));
}

impl TabsPanel {
    /// The open customer's statement and what may be done with it.
    pub(super) fn statement_ui(
        &mut self,
        ui: &mut Ui,
        owner: bool,
        settle: &super::collect::SettleView<'_>,
    ) {
        if ui.button(t!("fiado-back")).clicked() {
            self.queued.ask(ui, TabsCommand::Open(None));
        }
        if let Some(error) = self.statement.error() {
            error_box(ui, error);
        }
        let Some(statement) = self.shown_statement().cloned() else {
            ui.spinner();
            return;
        };
        let balance = &statement.balance;
        let customer = &balance.customer;
        ui.heading(&customer.name);
        ui.label(RichText::new(standing(balance)).strong());
        ui.label(t!(
            "fiado-figures",
            taken = balance.taken.to_string(),
            paid = balance.paid.to_string()
        ));
        customer_ui(ui, customer);
        if owner {
            self.limit_ui(ui, customer);
        }
        ui.add_space(theme::space::MEDIUM);
        entries_ui(ui, &statement);
        ui.add_space(theme::space::LARGE);
        self.take_ui(ui, customer.id);
        ui.add_space(theme::space::LARGE);
        let busy = self.is_busy();
        let view = super::collect::SettleView { busy, ..*settle };
        self.settle.ui(ui, balance, &view, &mut self.queued);
        if let Some(error) = self.shared.error() {
            error_box(ui, error);
        }
        ui.add_space(theme::space::LARGE);
        self.forget_ui(ui, customer.id);
    }

    /// The owner changes the limit (empty: none).
    fn limit_ui(&mut self, ui: &mut Ui, customer: &TabCustomer) {
        let shown = typed_limit(&self.limit);
        ui.horizontal(|ui| {
            egui::Grid::new("fiado-limit-form")
                .num_columns(2)
                .show(ui, |ui| {
                    pesos_row(
                        ui,
                        &t!("fiado-new-limit"),
                        &mut self.limit,
                        &t!("fiado-new-limit-hint"),
                        shown.as_ref().err(),
                    );
                });
            // What is kept is what the field holds after this frame's keys.
            let limit = typed_limit(&self.limit);
            let ready = limit.is_ok() && !self.is_busy();
            if ui
                .add_enabled(ready, egui::Button::new(t!("fiado-limit-button")))
                .clicked()
                && let Ok(limit) = limit
            {
                let customer = customer.id;
                self.queued.ask(ui, TabsCommand::Limit { customer, limit });
            }
        });
        if let Some(error) = self.limit_saved.error() {
            error_box(ui, error);
        }
    }

    /// «Fiar»: what was taken and its value, by whoever is at the till; over the limit, the
    /// books' sentence and «Con el PIN del dueño».
    fn take_ui(&mut self, ui: &mut Ui, customer: i64) {
        ui.label(RichText::new(t!("fiado-take-heading")).strong());
        // Beside the fields, the problems of what they held before this frame's keys.
        let problems = self.take.parse().err().unwrap_or_default();
        egui::Grid::new("fiado-take-form")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                pesos_row(
                    ui,
                    &t!("field-amount"),
                    &mut self.take.amount,
                    &t!("fiado-take-amount-hint"),
                    problem_for(&problems, Field::Amount),
                );
                text_row(
                    ui,
                    &t!("fiado-take-what"),
                    &mut self.take.description,
                    &t!("fiado-take-what-hint"),
                    problem_for(&problems, Field::Description),
                );
            });
        // What goes on the tab is what the fields hold after this frame's keys.
        let parsed = self.take.parse();
        let ready = parsed.is_ok() && !self.is_busy();
        if ui
            .add_enabled(ready, egui::Button::new(t!("fiado-take-button")))
            .clicked()
            && let Ok((amount, description)) = parsed
        {
            let take = TabsCommand::Take {
                customer,
                amount,
                description,
            };
            self.queued.ask(ui, take);
        }
        if !self.take.amount.trim().is_empty() {
            let labels: &FieldLabels = &[
                (Field::Amount, t!("field-amount")),
                (Field::Description, t!("fiado-take-what")),
            ];
            blocking_reasons(ui, &problems, labels);
        }
        match (&self.taking, self.taking.value()) {
            (Requested::Failed { error, .. }, _) => error_box(ui, error),
            (Requested::Done(_), Some(Taken::Written(entry))) if entry.customer == customer => {
                ui.label(t!("fiado-taken", amount = entry.amount.to_string()));
            }
            (
                Requested::Done(_),
                Some(Taken::OverLimit {
                    sentence,
                    customer: over,
                    amount,
                    description,
                }),
            ) if *over == customer => {
                ui.label(RichText::new(sentence).color(theme::palette(ui).warning));
                if ui.button(t!("fiado-with-owner-pin")).clicked() {
                    let take = TabsCommand::TakeAsOwner {
                        customer,
                        amount: *amount,
                        description: description.clone(),
                    };
                    self.queued.ask(ui, take);
                }
            }
            _ => {}
        }
    }

    /// «Olvidar cliente» (the owner's; in Caja the owner's PIN first): the books refuse it while
    /// money is owed either way, in their words.
    fn forget_ui(&mut self, ui: &mut Ui, customer: i64) {
        ui.label(RichText::new(t!("fiado-forget-heading")).strong());
        ui.label(RichText::new(t!("fiado-forget-note")).weak());
        let ready = !self.is_busy();
        if ui
            .add_enabled(ready, egui::Button::new(t!("fiado-forget-button")))
            .clicked()
        {
            self.queued.ask(ui, TabsCommand::Forget(customer));
        }
        if let Some(error) = self.forgetting.error() {
            error_box(ui, error);
        }
    }
}
