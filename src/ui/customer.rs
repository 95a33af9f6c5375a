//! The customer screen: the whole window shows the amount and a QR as large as fits, for the
//! payer to scan, and then follows the payment: "¡Pago recibido!" on approval, the reason in a
//! payer's words when it did not go through. It closes by itself a few seconds after the end.
//! A sale paid at the till shows what the customer reads at a counter instead: a cash sale its
//! total, what was received and the change; fiado its total and whose tab it went on; a mixed
//! sale what was paid in cash above what the QR still asks; and a return of it, when one was made.

use egui::{RichText, Ui};

use crate::api::TransactionStatus;
use crate::ledger::{PartState, PartTie, SaleNumber, SaleRecord};
use crate::money::Pesos;
use crate::ui::services::tracker::TrackedPayment;
use crate::ui::widgets::qr::QrTexture;
use crate::ui::widgets::status;

/// What a sale paid at the till shows the customer, beside a QR or instead of one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaidHere {
    /// Cash: what it paid, what the customer handed over, the change.
    Cash {
        amount: Pesos,
        received: Pesos,
        change: Pesos,
    },
    /// Put on the tab of the customer named.
    Tab { amount: Pesos, name: String },
}

/// The sale a payment on screen belongs to, as the customer reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaleOnScreen {
    /// Its number in the books, and its row (the display reads its returns by it).
    pub number: Option<SaleNumber>,
    pub id: Option<i64>,
    /// What the whole sale is for (a mixed sale's QR asks only the rest).
    pub total: Option<Pesos>,
    /// The parts paid at the till.
    pub paid: Vec<PaidHere>,
    /// What went back of it.
    pub returned: Pesos,
}

impl SaleOnScreen {
    /// A sale as the books hold it: its parts paid at the till (cash received and change, the
    /// tab and its customer) and what went back of it.
    pub fn of_record(record: &SaleRecord) -> SaleOnScreen {
        let paid = record
            .parts
            .iter()
            .filter(|part| part.state == PartState::Paid)
            .filter_map(|part| match &part.tie {
                PartTie::Cash { tendered, .. } => {
                    let received = tendered.unwrap_or(part.paid).max(part.paid);
                    Some(PaidHere::Cash {
                        amount: part.paid,
                        received,
                        change: Pesos::new(received.get() - part.paid.get()),
                    })
                }
                PartTie::Tab { customer_name, .. } => Some(PaidHere::Tab {
                    amount: part.paid,
                    name: customer_name.clone(),
                }),
                PartTie::Service(_) => None,
            })
            .collect();
        SaleOnScreen {
            number: Some(record.number),
            id: Some(record.id),
            total: Some(record.total()),
            paid,
            returned: record.returned(),
        }
    }
}

/// A payment as it came back from the service, ready to show.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreatedPayment {
    pub title: String,
    pub amount: Option<Pesos>,
    /// What the QR encodes: the payment URL (or the resource code when there is no URL).
    pub qr_text: String,
    pub url: String,
    pub reference: String,
    /// What was sold, as the cashier typed it.
    pub description: String,
    pub expires: String,
    pub extra: Vec<(String, String)>,
    /// The sale it is a part of, and what of it was paid at the till.
    pub sale: SaleOnScreen,
}

impl CreatedPayment {
    /// A payment link of `pesos` under `reference`, as the unit tests show one.
    #[cfg(test)]
    pub(crate) fn example(reference: &str, pesos: i64) -> CreatedPayment {
        let url = format!("http://127.0.0.1/checkout/{reference}");
        CreatedPayment {
            title: "Link de pago creado".into(),
            amount: Some(Pesos::new(pesos)),
            qr_text: url.clone(),
            url,
            reference: reference.into(),
            description: String::new(),
            expires: String::new(),
            extra: Vec::new(),
            sale: SaleOnScreen::default(),
        }
    }

    /// A payment the till follows, to show again (its QR encodes what the books kept).
    pub fn of_tracked(
        payment: &crate::ui::services::tracker::TrackedPayment,
        title: String,
    ) -> Self {
        CreatedPayment {
            title,
            amount: payment.amount(),
            qr_text: payment.url.clone(),
            url: payment.url.clone(),
            reference: payment.reference.clone(),
            description: payment.description.clone(),
            expires: String::new(),
            extra: Vec::new(),
            sale: SaleOnScreen::default(),
        }
    }

    /// A sale the till wrote (cash, fiado, a mix), as the customer is shown it: what it asks
    /// still through `charge` (a QR or a link for the rest: its amount and what it encodes), or
    /// nothing left to scan.
    pub fn of_record(
        record: &SaleRecord,
        title: String,
        charge: Option<&CreatedPayment>,
    ) -> CreatedPayment {
        let sale = SaleOnScreen::of_record(record);
        match charge {
            Some(charge) => CreatedPayment {
                sale,
                ..charge.clone()
            },
            None => CreatedPayment {
                title,
                amount: Some(record.total()),
                reference: format!("{}", record.number),
                description: record.description.clone(),
                sale,
                ..CreatedPayment::default()
            },
        }
    }

    /// Paid at the till whole: there is nothing to scan, the screen says the sale and closes.
    pub fn settled_here(&self) -> bool {
        self.qr_text.is_empty() && !self.sale.paid.is_empty()
    }
}

/// How long a sale paid at the till stays in front of the customer: long enough to count the
/// change.
pub const SOLD_SHOWN_FOR: f64 = 10.0;

/// How long the end stays on the customer screen before the till comes back.
const APPROVED_SHOWN_FOR: f64 = 6.0;
/// A payment that did not go through stays longer: the cashier may want to charge again.
const NOT_PAID_SHOWN_FOR: f64 = 12.0;

/// How long (seconds) the end of a payment stays in front of the customer.
pub fn end_shown_for(state: TransactionStatus) -> f64 {
    if state == TransactionStatus::Approved {
        APPROVED_SHOWN_FOR
    } else {
        NOT_PAID_SHOWN_FOR
    }
}

/// What the customer is shown of a followed payment: its state and the amount paid. A code that
/// takes many payments turns paid with the first payment after it was put in front of the
/// customer (`received_before` were in by then), and shows what that payer paid.
pub fn followed_state(
    tracked: Option<&TrackedPayment>,
    received_before: usize,
) -> (Option<TransactionStatus>, Option<Pesos>) {
    match tracked {
        Some(code) if code.repeatable => {
            let newest = code.received.get(received_before..).and_then(<[_]>::last);
            match newest {
                Some(payment) => (Some(TransactionStatus::Approved), payment.amount),
                None => (
                    code.status
                        .filter(|state| state.is_final() && *state != TransactionStatus::Approved),
                    None,
                ),
            }
        }
        Some(payment) => (payment.status, payment.amount()),
        None => (None, None),
    }
}

/// What the cashier (or the clock) decided on the customer screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CustomerAction {
    Close,
    /// Back to the sale form with this sale's amount and description, for a new link.
    CollectAgain,
}

/// The customer screen of one payment.
pub struct CustomerScreen {
    pub payment: CreatedPayment,
    qr: QrTexture,
    /// When (egui's clock, seconds) the final state was first shown.
    ended_at: Option<f64>,
    /// For a code that takes payment after payment: how many it had taken when the screen
    /// opened (the next one is this customer's).
    received_before: usize,
}

impl CustomerScreen {
    pub fn new(payment: CreatedPayment, received_before: usize) -> CustomerScreen {
        CustomerScreen {
            payment,
            qr: QrTexture::default(),
            ended_at: None,
            received_before,
        }
    }

    /// What the screen shows of a followed payment: see [`followed_state`].
    pub fn state_of(
        &self,
        tracked: Option<&TrackedPayment>,
    ) -> (Option<TransactionStatus>, Option<Pesos>) {
        followed_state(tracked, self.received_before)
    }

    pub fn reference(&self) -> &str {
        &self.payment.reference
    }

    /// Draws the screen for the payment's current state; `reason` is the service's word on a
    /// payment that did not go through.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        state: Option<TransactionStatus>,
        paid: Option<Pesos>,
        reason: Option<&str>,
        service_away: Option<i64>,
    ) -> Option<CustomerAction> {
        let now = ui.input(|i| i.time);
        let mut ended = state.filter(|state| state.is_final());
        let mut action = None;
        ui.vertical_centered(|ui| {
            ui.add_space(crate::ui::theme::space::XLARGE);
            if self.payment.settled_here() {
                // Paid at the till: the sale is said, and the till comes back by itself.
                let ended_at = *self.ended_at.get_or_insert(now);
                let left = SOLD_SHOWN_FOR - (now - ended_at);
                if left <= 0.0 {
                    action = Some(CustomerAction::Close);
                } else {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs_f64(left));
                }
                sold_ui(ui, &self.payment.sale);
                ended = None;
            }
            match ended {
                None if self.payment.settled_here() => {}
                None => {
                    paid_here_ui(ui, &self.payment.sale);
                    waiting_ui(
                        ui,
                        &mut self.qr,
                        (self.payment.amount, &self.payment.qr_text),
                        service_away,
                        true,
                    );
                }
                Some(state) => {
                    let ended_at = *self.ended_at.get_or_insert(now);
                    let left = end_shown_for(state) - (now - ended_at);
                    if left <= 0.0 {
                        action = Some(CustomerAction::Close);
                    } else {
                        ui.ctx()
                            .request_repaint_after(std::time::Duration::from_secs_f64(left));
                    }
                    ended_ui(ui, state, paid.or(self.payment.amount), reason);
                    if state != TransactionStatus::Approved {
                        ui.add_space(crate::ui::theme::space::LARGE);
                        if ui
                            .button(
                                RichText::new(crate::t!("customer-collect-again"))
                                    .size(crate::ui::theme::size::FIGURE),
                            )
                            .clicked()
                        {
                            action = Some(CustomerAction::CollectAgain);
                        }
                    }
                }
            }
            ui.add_space(crate::ui::theme::space::MEDIUM);
            if ui
                .button(RichText::new(crate::t!("close")).size(crate::ui::theme::size::EMPHASIS))
                .clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                action = action.or(Some(CustomerAction::Close));
            }
        });
        action
    }
}

/// The amount and the QR (`sale`: the amount and what the QR encodes), and what is awaited: the
/// payer, or (with the line down) the confirmation, in the customer's words, with a small line
/// for the cashier when she sees this screen too (`for_cashier`).
pub fn waiting_ui(
    ui: &mut Ui,
    qr: &mut QrTexture,
    sale: (Option<Pesos>, &str),
    service_away: Option<i64>,
    for_cashier: bool,
) {
    ui.label(
        RichText::new(crate::t!("customer-amount-to-pay")).size(crate::ui::theme::size::LARGE),
    );
    if let Some(amount) = sale.0 {
        ui.label(
            RichText::new(amount.to_string())
                .size(crate::ui::theme::size::CUSTOMER_AMOUNT)
                .strong(),
        );
    }
    let side = (ui.available_height() - 190.0)
        .min(ui.available_width() - 40.0)
        .max(120.0);
    match qr.get(ui.ctx(), sale.1) {
        Ok(texture) => {
            ui.add(
                egui::Image::new(texture)
                    .fit_to_exact_size(egui::vec2(side, side))
                    .alt_text(crate::t!("customer-qr-alt")),
            );
        }
        Err(problem) => {
            ui.label(problem);
        }
    }
    ui.label(RichText::new(crate::t!("customer-scan")).size(crate::ui::theme::size::EMPHASIS));
    ui.add_space(crate::ui::theme::space::SMALL);
    // Calm dots, not egui's spinner: the screen waits for as long as the link lives, and a
    // frame a second is all a waiting screen needs.
    crate::ui::widgets::waiting::waiting_dots(ui, crate::ui::theme::size::FIGURE * 0.6);
    match service_away {
        None => {
            ui.label(
                RichText::new(crate::t!("customer-waiting"))
                    .size(crate::ui::theme::size::NOTE)
                    .weak(),
            );
        }
        Some(since) => {
            ui.label(
                RichText::new(crate::t!("customer-confirming"))
                    .size(crate::ui::theme::size::EMPHASIS),
            );
            if !for_cashier {
                return;
            }
            ui.label(
                RichText::new(crate::t!(
                    "customer-offline-cashier",
                    since = crate::clock::shown_time(since)
                ))
                .size(crate::ui::theme::size::NOTE)
                .color(crate::ui::theme::palette(ui).danger),
            );
        }
    }
}

/// What was paid at the till of a sale whose QR asks the rest: «Pagado en efectivo: $ 20.000»,
/// «Fiado a Rosa: $ 20.000», above what is still to pay.
pub fn paid_here_ui(ui: &mut Ui, sale: &SaleOnScreen) {
    if sale.paid.is_empty() {
        return;
    }
    if let Some(total) = sale.total {
        ui.label(
            RichText::new(crate::t!(
                "cobrar-customer-total",
                total = total.to_string()
            ))
            .size(crate::ui::theme::size::LARGE),
        );
    }
    for part in &sale.paid {
        let words = match part {
            PaidHere::Cash { amount, .. } => {
                crate::t!("cobrar-customer-paid-cash", amount = amount.to_string())
            }
            PaidHere::Tab { amount, name } => crate::t!(
                "cobrar-customer-on-tab",
                amount = amount.to_string(),
                name = crate::tabs::first_name(name)
            ),
        };
        ui.label(
            RichText::new(words)
                .size(crate::ui::theme::size::LARGE)
                .strong(),
        );
    }
    ui.add_space(crate::ui::theme::space::MEDIUM);
}

/// A sale paid whole at the till, as the customer reads it at the counter: the total, what was
/// received and the change (cash), whose tab it went on (fiado), what went back of it.
pub fn sold_ui(ui: &mut Ui, sale: &SaleOnScreen) {
    let space = (ui.available_height() / 6.0).max(16.0);
    ui.add_space(space);
    ui.label(
        RichText::new(crate::t!("cobrar-customer-total-title")).size(crate::ui::theme::size::LARGE),
    );
    if let Some(total) = sale.total {
        ui.label(
            RichText::new(total.to_string())
                .size(crate::ui::theme::size::CUSTOMER_AMOUNT)
                .strong(),
        );
    }
    ui.add_space(crate::ui::theme::space::LARGE);
    for part in &sale.paid {
        match part {
            PaidHere::Cash {
                amount,
                received,
                change,
            } => {
                let lines = [
                    crate::t!("cobrar-customer-received", amount = received.to_string()),
                    crate::t!("cashsale-change", change = change.to_string()),
                ];
                if sale.paid.len() > 1 {
                    big_line(
                        ui,
                        crate::t!("cobrar-customer-paid-cash", amount = amount.to_string()),
                    );
                }
                for line in lines {
                    big_line(ui, line);
                }
            }
            PaidHere::Tab { amount, name } => big_line(
                ui,
                crate::t!(
                    "cobrar-customer-on-tab",
                    amount = amount.to_string(),
                    name = crate::tabs::first_name(name)
                ),
            ),
        }
    }
    returned_line(ui, sale.returned);
    ui.add_space(crate::ui::theme::space::LARGE);
    ui.label(
        RichText::new(crate::t!("cobrar-customer-thanks")).size(crate::ui::theme::size::LARGE),
    );
}

/// «Devolución: $ 10.000», when something went back of the sale.
pub fn returned_line(ui: &mut Ui, returned: Pesos) {
    if returned > Pesos::ZERO {
        big_line(
            ui,
            crate::t!("cobrar-customer-returned", amount = returned.to_string()),
        );
    }
}

fn big_line(ui: &mut Ui, words: String) {
    ui.label(
        RichText::new(words)
            .size(crate::ui::theme::size::AMOUNT)
            .strong(),
    );
}

/// The end of a payment, in the customer's words: paid (`amount`: what was paid), or why not.
pub fn ended_ui(
    ui: &mut Ui,
    state: TransactionStatus,
    amount: Option<Pesos>,
    reason: Option<&str>,
) {
    let colour = status::color(ui, state);
    let (title, explanation) = match state {
        TransactionStatus::Approved => (
            crate::t!("customer-paid"),
            crate::t!("customer-paid-thanks"),
        ),
        TransactionStatus::Rejected => (
            crate::t!("customer-rejected"),
            crate::t!("customer-rejected-explain"),
        ),
        TransactionStatus::Cancelled => (
            crate::t!("customer-expired"),
            crate::t!("customer-expired-explain"),
        ),
        _ => (
            crate::t!("customer-failed"),
            crate::t!("customer-failed-explain"),
        ),
    };
    let space = (ui.available_height() / 5.0).max(16.0);
    ui.add_space(space);
    end_mark(
        ui,
        state == TransactionStatus::Approved,
        crate::ui::theme::palette(ui).fill_of(status::tone(state)),
    );
    ui.label(
        RichText::new(title)
            .size(crate::ui::theme::size::CUSTOMER_VERDICT)
            .strong()
            .color(colour),
    );
    if let Some(amount) = amount {
        ui.label(
            RichText::new(amount.to_string())
                .size(crate::ui::theme::size::CUSTOMER_AMOUNT)
                .strong(),
        );
    }
    ui.add_space(crate::ui::theme::space::LARGE);
    if state != TransactionStatus::Approved {
        match reason {
            Some(reason) => {
                ui.label(
                    RichText::new(reason)
                        .size(crate::ui::theme::size::LARGE)
                        .color(colour),
                );
            }
            // The reason comes with the service's notification, often a moment after the end:
            // its line is kept, so «Cobrar de nuevo» below does not move under the cashier's
            // finger when it arrives.
            None => {
                let line = ui.painter().layout_no_wrap(
                    " ".to_owned(),
                    egui::FontId::proportional(crate::ui::theme::size::LARGE),
                    colour,
                );
                ui.add_space(line.size().y + ui.spacing().item_spacing.y);
            }
        }
    }
    ui.label(RichText::new(explanation).size(crate::ui::theme::size::LARGE));
}

/// A tick in a green disc, or a cross in a red one: drawn, so no font has to carry the glyph.
fn end_mark(ui: &mut Ui, paid: bool, colour: egui::Color32) {
    let size = 96.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    let centre = rect.center();
    painter.circle_filled(centre, size / 2.0, colour);
    let stroke = egui::Stroke::new(9.0, egui::Color32::WHITE);
    let at = |x: f32, y: f32| centre + egui::vec2(x, y) * size;
    if paid {
        painter.line(
            vec![at(-0.22, 0.0), at(-0.06, 0.17), at(0.24, -0.16)],
            stroke,
        );
    } else {
        painter.line_segment([at(-0.18, -0.18), at(0.18, 0.18)], stroke);
        painter.line_segment([at(0.18, -0.18), at(-0.18, 0.18)], stroke);
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ui::widgets::waiting::settled_repaint_delay;

    #[test]
    fn the_customer_screen_waiting_for_the_payment_asks_for_a_frame_a_second_at_most() {
        let mut screen = CustomerScreen::new(CreatedPayment::example("PD1", 25_000), 0);
        let waiting = Some(TransactionStatus::Pending);
        let delay = settled_repaint_delay(|ui| {
            screen.ui(ui, waiting, None, None, None);
        });
        assert!(delay >= Duration::from_millis(500), "{delay:?}");
        let delay = settled_repaint_delay(|ui| {
            screen.ui(ui, waiting, None, None, Some(1_700_000_000_000));
        });
        assert!(delay >= Duration::from_millis(500), "line down: {delay:?}");
    }
}
