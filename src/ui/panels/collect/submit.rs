//! What the three sale forms share: the button that creates, what an attempt's failure means for
//! the next one, the request sent by `logic`, and the created payment shown below.

use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::TransactionStatus;
use crate::collections::{ChargeRequest, MadeCharge, fresh_reference1, make_charge};
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, Task, UiError};
use crate::ui::widgets::form::{blocking_reasons, error_box};
use crate::validate::{Field, ValidationError};

use super::created::CreatedView;
use super::view::{CollectCommand, CollectView};
use crate::ui::customer::CreatedPayment;

/// What happened to the last attempt, for a retry that never duplicates a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Attempt {
    Fresh,
    /// Nothing reached the service: the same `reference1` may be sent again.
    NotSent,
    /// The service may have created it: the next attempt gets a new `reference1`.
    MaybeCreated {
        reference1: String,
    },
}

/// How soon a second charge of the same amount asks whether it is another sale.
const SAME_AMOUNT_WINDOW_MS: i64 = 60_000;

/// A charge held back until the cashier says it is another sale.
#[derive(Debug, Clone)]
pub(super) struct Unconfirmed {
    request: ChargeRequest,
    /// The earlier payment of the same amount, and how many seconds ago it was created.
    earlier: String,
    seconds_ago: i64,
    /// The earlier one was already paid: the question cannot be "use that one".
    earlier_paid: bool,
}

/// What a sale form hands its foot ([`Submission::foot_ui`]).
pub(super) struct SaleForm<'a> {
    /// The sale as the form reads it now, or every problem in it.
    pub(super) sale: Result<ChargeRequest, Vec<ValidationError>>,
    /// The form's reference, which a retry after an unknown outcome changes.
    pub(super) reference1: &'a mut String,
    /// The button's words, and the form's fields as its reasons name them.
    pub(super) button: (String, Vec<(Field, String)>),
    /// Enter was pressed in one of its fields.
    pub(super) enter: bool,
    /// Something was typed: the reasons the button waits show.
    pub(super) started: bool,
    /// A second way beside the button («Fiar a…»), by its words.
    pub(super) also: Option<String>,
}

/// A sale this form made: the card shown, and the sale as the domain made it (the list follows
/// it).
pub(super) struct Sold {
    pub(super) card: CreatedPayment,
    made: MadeCharge,
}

/// What a charge is for in the books: a sale of its own with what was sold (`lines`, none for
/// an amount typed alone), or one more part of a sale that misses something (`again`).
pub(super) struct ChargeFor {
    pub(super) lines: Vec<crate::ledger::SaleLine>,
    pub(super) again: Option<crate::ledger::SaleNumber>,
}

/// One form's attempt at creating a payment and what came of it.
pub(super) struct Submission {
    pub(super) request: Requested<Sold>,
    pub(super) attempt: Attempt,
    pub(super) view: CreatedView,
    /// The reference sent: a new one after an attempt whose outcome is unknown.
    sent_reference1: String,
    /// A same-amount charge waiting for the cashier's yes.
    unconfirmed: Option<Unconfirmed>,
    /// The sale the next charge is one more part of («Cobrar de nuevo»: what it misses).
    pub(super) again: Option<crate::ledger::SaleNumber>,
    /// The cashier pressed the button while it could not send: say why, even in an untouched
    /// form (which otherwise shows no complaints).
    pressed_while_blocked: bool,
    /// Enter was pressed in a field and nothing could go (the till still connecting, the form
    /// not ready): the amount takes the keyboard back, so what is typed next is not lost.
    enter_held: bool,
}

impl Submission {
    pub(super) fn new() -> Submission {
        Submission {
            request: Requested::NotRequested,
            attempt: Attempt::Fresh,
            view: CreatedView::default(),
            sent_reference1: String::new(),
            unconfirmed: None,
            again: None,
            pressed_while_blocked: false,
            enter_held: false,
        }
    }

    /// Whether the reasons the button is disabled should show: once the sale has begun, or
    /// once the cashier pressed it anyway.
    pub(super) fn explain_blocking(&self, started: bool) -> bool {
        started || self.pressed_while_blocked
    }

    /// Sends a charge under the form's reference (a new one after an attempt whose outcome is
    /// unknown), unless one of the same amount was made less than a minute ago and did not
    /// fail: that could be the same sale twice, so the cashier is asked first.
    pub(super) fn submit(
        &mut self,
        (request, reference1): (ChargeRequest, &mut String),
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) {
        self.reference_for_next(reference1);
        let request = request.under(reference1);
        let now = crate::ledger::now_ms();
        let earlier = request.amount().and_then(|amount| {
            view.tracker.payments.iter().find(|payment| {
                payment.amount == Some(amount)
                    && now - payment.created_ms < SAME_AMOUNT_WINDOW_MS
                    && !payment.status.is_some_and(|status| {
                        status.is_final() && status != TransactionStatus::Approved
                    })
            })
        });
        match earlier {
            Some(earlier) => {
                self.unconfirmed = Some(Unconfirmed {
                    request,
                    earlier: earlier.reference.clone(),
                    seconds_ago: ((now - earlier.created_ms) / 1_000).max(0),
                    earlier_paid: earlier.status == Some(TransactionStatus::Approved),
                });
            }
            None => queued.push(CollectCommand::Create(request)),
        }
    }

    /// The question for a same-amount charge: send it anyway, or not.
    pub(super) fn confirm_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) {
        let Some(unconfirmed) = &self.unconfirmed else {
            return;
        };
        let mut answer = None;
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(
                2.0,
                crate::ui::theme::palette(ui).warning,
            ))
            .show(ui, |ui| {
                let (said, question) = same_amount_words(unconfirmed);
                ui.label(RichText::new(said).strong());
                ui.label(question);
                ui.horizontal(|ui| {
                    if ui.button(t!("collect-same-amount-yes")).clicked() {
                        answer = Some(true);
                    }
                    if ui.button(t!("collect-same-amount-no")).clicked() {
                        answer = Some(false);
                    }
                });
            });
        match answer {
            Some(true) => {
                if let Some(unconfirmed) = self.unconfirmed.take() {
                    queued.push(CollectCommand::Create(unconfirmed.request));
                }
            }
            Some(false) => self.unconfirmed = None,
            None => {}
        }
    }

    /// Whether a charge is waiting for the cashier's answer (the button waits too).
    pub(super) fn asking(&self) -> bool {
        self.unconfirmed.is_some()
    }

    /// The card of the last sale goes; the form is ready for the next.
    pub(super) fn new_sale(&mut self) {
        self.request = Requested::NotRequested;
        self.view.reset();
        self.unconfirmed = None;
        self.pressed_while_blocked = false;
    }

    /// Makes a queued sale on the runtime, by the one sale sequence (`collections::make_charge`):
    /// in the session's books, as the sale of whoever is at the till, with what was sold; or, as
    /// one more part of a sale that misses something, through `sales::charge_again`.
    pub(super) fn start(
        &mut self,
        request: ChargeRequest,
        sale: ChargeFor,
        work: &LogicContext<'_>,
    ) {
        self.sent_reference1 = request.reference1();
        let session = work.session;
        let client = session.connection.client.clone();
        let catalog = session.connection.catalog.clone();
        let ledger = session.ledger.clone().ok();
        let profile = session.profile_name().to_owned();
        let made_by = work.tracker.at_till().clone();
        let actor = work.access.actor();
        let own = match sale.lines.is_empty() {
            true => request.own_sale(actor.clone()),
            false => crate::ledger::SaleFor::New {
                sale: crate::ledger::NewSale {
                    amount: request.amount(),
                    description: request.description(),
                    lines: sale.lines,
                },
                by: actor.clone(),
            },
        };
        let again = sale.again.filter(|_| ledger.is_some());
        self.again = None;
        self.request.start(work.bridge.spawn(async move {
            let made = match (again, ledger) {
                (Some(number), Some(ledger)) => {
                    let service = crate::sales::Service {
                        client: &client,
                        catalog: &catalog,
                        profile,
                        made_by,
                    };
                    charge_again(ledger, actor, service, number, request).await?
                }
                (_, ledger) => {
                    let books = ledger.map(|ledger| (ledger, profile));
                    make_charge(&client, &catalog, books, made_by, request, own)
                        .await
                        .map_err(super::till::refused)?
                }
            };
            let mut card = CreatedPayment::of_sale(&made.sale, &catalog);
            if let crate::collections::InBooks::Written(number) = &made.books {
                card.sale.number = *number;
            }
            card.sale.number = card.sale.number.or(again);
            Ok(Sold { card, made })
        }));
    }

    /// Hands the sale made to the list, which follows it, and notes what a failure means for
    /// the next attempt; the form's reference changes once a payment exists under it. True when
    /// a payment was just created: the form empties for the next sale.
    pub(super) fn settle(&mut self, reference1: &mut String, work: &mut LogicContext<'_>) -> bool {
        if !self.request.poll() {
            return false;
        }
        match &self.request {
            Requested::Done(sold) => {
                self.view.reset();
                self.attempt = Attempt::Fresh;
                self.pressed_while_blocked = false;
                let client = work.session.connection.client.clone();
                work.tracker.follow_sale(work.bridge, client, &sold.made);
                *reference1 = fresh_reference1();
                return true;
            }
            Requested::Failed { error, .. } => {
                work.note_error(error);
                self.attempt = if error.outcome_unknown {
                    Attempt::MaybeCreated {
                        reference1: self.sent_reference1.clone(),
                    }
                } else if error.retryable {
                    Attempt::NotSent
                } else {
                    Attempt::Fresh
                };
            }
            _ => {}
        }
        false
    }

    /// A form's foot, alike in the three forms: the create button (Enter in a field presses it
    /// too) and the second way beside it, why it cannot send yet, the sale sent under the form's
    /// reference once pressed, and what the last attempt left. True when the second way was
    /// pressed.
    pub(super) fn foot_ui(
        &mut self,
        ui: &mut Ui,
        form: SaleForm<'_>,
        (view, queued): (&CollectView<'_>, &mut Queue<CollectCommand>),
    ) -> bool {
        let (words, labels) = form.button;
        let mut also = false;
        let go = ui
            .horizontal_top(|ui| {
                let go = self.button(ui, form.sale.is_ok(), form.enter, &words);
                if let Some(words) = &form.also {
                    also = ui.button(words).clicked();
                }
                go
            })
            .inner;
        if self.explain_blocking(form.started) {
            let problems = form.sale.as_ref().err().map_or(&[][..], Vec::as_slice);
            blocking_reasons(ui, problems, &labels);
        }
        self.enter_held = form.enter && !go;
        if go && let Ok(request) = form.sale {
            self.submit((request, form.reference1), view, queued);
        }
        self.attempt_ui(ui, queued);
        also
    }

    /// Whether Enter went nowhere in the form's last frame (see `enter_held`); asked once.
    pub(super) fn take_enter_held(&mut self) -> bool {
        std::mem::take(&mut self.enter_held)
    }

    /// The create button, with the retry's own words; true when pressed (or Enter in a field)
    /// and a request may go.
    pub(super) fn button(&mut self, ui: &mut Ui, ready: bool, enter: bool, normal: &str) -> bool {
        let pending = self.request.is_pending();
        let label = match &self.attempt {
            Attempt::Fresh => normal.to_owned(),
            Attempt::NotSent => t!("try-again"),
            Attempt::MaybeCreated { .. } => t!("retry-new-reference"),
        };
        let waiting = pending || self.asking();
        let response = crate::ui::widgets::primary::primary_button(
            ui,
            ready && !waiting,
            &label,
            Some(crate::ui::widgets::primary::Shortcut::Enter),
        );
        let clicked = response.clicked();
        if !ready && response.contains_pointer() && ui.input(|i| i.pointer.primary_released()) {
            self.pressed_while_blocked = true;
        }
        if pending {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("creating"));
            });
        }
        ready && !waiting && (clicked || enter)
    }

    /// Before sending again after an unknown outcome, the reference changes.
    pub(super) fn reference_for_next(&self, reference1: &mut String) {
        if let Attempt::MaybeCreated {
            reference1: uncertain,
        } = &self.attempt
            && uncertain == reference1
        {
            *reference1 = fresh_reference1();
        }
    }

    /// What the last attempt left, under the button: its error, what a retry will do, the
    /// question of a same-amount charge.
    pub(super) fn attempt_ui(&mut self, ui: &mut Ui, queued: &mut Queue<CollectCommand>) {
        if let Some(error) = self.request.error() {
            error_box(ui, error);
        }
        match &self.attempt {
            Attempt::MaybeCreated { reference1 } => {
                ui.label(
                    RichText::new(t!("attempt-maybe-created", reference = reference1.as_str()))
                        .color(crate::ui::theme::palette(ui).danger),
                );
            }
            Attempt::NotSent => {
                ui.label(RichText::new(t!("attempt-not-sent")).weak());
            }
            Attempt::Fresh => {}
        }
        self.confirm_ui(ui, queued);
    }

    /// The card of the sale this form made last, while it is there to show.
    pub(super) fn card(&self) -> Option<&CreatedPayment> {
        self.request.value().map(|sold| &sold.card)
    }

    /// Whether a created payment's card is there to show.
    pub(super) fn has_card(&self) -> bool {
        self.card().is_some()
    }

    /// The created payment's card; true when the cashier asked for a new sale.
    pub(super) fn card_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        queued: &mut Queue<CollectCommand>,
    ) -> bool {
        let mut new_sale = false;
        if let Some(sold) = self.request.value() {
            new_sale = self.view.ui(ui, view, &sold.card, queued);
        }
        if new_sale {
            self.new_sale();
        }
        new_sale
    }

    /// The reference of the payment whose card is shown.
    pub(super) fn card_reference(&self) -> Option<&str> {
        self.card().map(|card| card.reference.as_str())
    }
}

/// `request` made as one more part of sale `number` (what it misses), the books asked first.
async fn charge_again(
    ledger: std::sync::Arc<crate::ledger::Ledger>,
    actor: crate::ledger::activity::Actor,
    service: crate::sales::Service<'_>,
    number: crate::ledger::SaleNumber,
    request: ChargeRequest,
) -> Result<MadeCharge, UiError> {
    let asked = ledger.clone();
    let id = tokio::task::spawn_blocking(move || asked.sale_by_number(number))
        .await
        .map_err(|stopped| UiError::local(stopped.to_string()))?
        .map_err(|error| UiError::explained(&error))?
        .id;
    let how = crate::sales::Again::Charge(Box::new(request));
    let sold = crate::sales::charge_again(ledger, actor, Some(service), id, how)
        .await
        .map_err(|error| UiError::explained(&error))?;
    match sold.charge {
        Some(made) => made.map_err(super::till::refused),
        None => Err(UiError::local(crate::t!("cobrar-not-written"))),
    }
}

/// What the cashier is told of the earlier charge of the same amount, and what she is asked.
fn same_amount_words(unconfirmed: &Unconfirmed) -> (String, String) {
    let amount = unconfirmed.request.amount().map(|a| a.to_string());
    let (seconds, reference) = (unconfirmed.seconds_ago, unconfirmed.earlier.as_str());
    // The two sentences differ only in their words: the earlier charge was paid, or not yet.
    macro_rules! said {
        ($id:tt) => {
            t!(
                $id,
                amount = amount.unwrap_or_default(),
                seconds = seconds,
                reference = reference
            )
        };
    }
    if unconfirmed.earlier_paid {
        let said = said!("collect-same-amount-paid");
        (said, t!("collect-same-amount-paid-question"))
    } else {
        (
            said!("collect-same-amount"),
            t!("collect-same-amount-question"),
        )
    }
}

/// Writes a payment's QR as a PNG on the blocking pool, never in a frame; the task ends with
/// where it went.
pub(super) fn save_card(
    work: &LogicContext<'_>,
    card: crate::ui::widgets::payment_card::PaymentCard,
    reference: &str,
) -> Task<Result<std::path::PathBuf, UiError>> {
    let path = crate::ui::widgets::qr::default_save_path(&work.paths.exports_dir, reference);
    work.bridge.spawn_blocking(move || {
        crate::ui::widgets::payment_card::save_card(&card, &path)
            .map(|()| path)
            .map_err(|e| UiError::explained(&e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retry_after_an_unknown_outcome_changes_the_reference() {
        let mut submission = Submission::new();
        let mut reference = "PD-1".to_owned();
        submission.attempt = Attempt::NotSent;
        submission.reference_for_next(&mut reference);
        assert_eq!(reference, "PD-1");
        submission.attempt = Attempt::MaybeCreated {
            reference1: "PD-1".into(),
        };
        submission.reference_for_next(&mut reference);
        assert_ne!(reference, "PD-1");
    }
}
