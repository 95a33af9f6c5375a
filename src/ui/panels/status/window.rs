//! A sale opened in its window, the same whatever paid it: its number, what it came to and where
//! it stands, when and who sold it, what was sold, and its parts, each with how it was paid, how
//! much, where it stands, whose word stands behind it («confirmado por el servicio», «contado por
//! el cajero», «lo debe Rosa») and what went back of it; each paid part with the return that fits
//! it and its form under it; the receipt; and, folded, what the service said of each charge.

use egui::{RichText, Ui};

use super::StatusCommand;
use super::StatusPanel;
use super::charge_window::{
    code_ui, contradictions, details_grid, notifications_list, state_lines,
};
use super::panel::Shown;
use super::part_return::{BackTo, PartAsked, PartReturn, PartReturnCommand};
use super::refund::{Refund, RefundCommand};
use super::refund_view::RefundView;
use crate::ledger::{PartState, PartTie, PartWay, SalePart, SaleRecord, SaleReturns};
use crate::money::Pesos;
use crate::t;
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::paper::Paper;
use crate::ui::services::sales::{part_words, state_of};
use crate::ui::services::tracker::Tracker;
use crate::ui::theme::Tone;
use crate::ui::widgets::qr::QrTexture;

/// What a part's returns need from the panel while its window draws.
struct Returns<'a, 'v> {
    refund: &'a mut Refund,
    part_return: &'a mut PartReturn,
    view: &'a RefundView<'v>,
    paper: &'a mut Paper,
}

impl StatusPanel {
    /// The sale's window; false once the cashier closed it.
    pub(super) fn sale_window(
        &mut self,
        panel: &Ui,
        sale: &SaleRecord,
        tracker: &Tracker,
        shown: Shown<'_>,
        paper: &mut Paper,
    ) -> bool {
        let title = t!("status-sale-title", number = sale.number.to_string());
        let catalog = &tracker.catalog;
        let (refund, part_return) = (&mut self.refund, &mut self.part_return);
        let (queued, shared, qr) = (&mut self.queued, &self.shared, &mut self.opened_qr);
        super::frame::window(
            panel,
            egui::Id::unique("status-sale-window"),
            &title,
            |ui| {
                head_ui(ui, sale);
                facts_grid(ui, sale);
                lines_ui(ui, sale);
                ui.separator();
                ui.label(RichText::new(t!("status-sale-parts")).strong());
                for part in &sale.parts {
                    let returns = shown.returns.map(|view| Returns {
                        refund: &mut *refund,
                        part_return: &mut *part_return,
                        view,
                        paper: &mut *paper,
                    });
                    part_ui(ui, (sale, part), (tracker, &mut *queued), returns);
                }
                ui.separator();
                if let Some(view) = shown.returns {
                    super::receipt::receipt_row(
                        ui,
                        sale,
                        (&view.shop, catalog),
                        (&mut *queued, shared),
                        paper,
                    );
                }
                charges_ui(ui, sale, tracker, (shown, qr, queued));
            },
        )
    }
}

/// What it came to, large, and where it stands, in its colour; what was paid over, in danger.
fn head_ui(ui: &mut Ui, sale: &SaleRecord) {
    let (state, words) = state_of(sale);
    ui.horizontal_wrapped(|ui| {
        crate::ui::widgets::amount::amount_label(ui, sale.total(), |text| {
            text.size(crate::ui::theme::size::DETAIL_AMOUNT).strong()
        });
        let colour = crate::ui::theme::palette(ui).text_of(super::today::tone(state));
        ui.label(RichText::new(words).strong().color(colour));
    });
    if let Some(over) = sale.paid_twice() {
        ui.label(
            RichText::new(t!("status-sale-paid-twice", amount = over.to_string()))
                .color(crate::ui::theme::palette(ui).danger),
        );
    }
}

/// When, who sold it and where, and what it is for.
fn facts_grid(ui: &mut Ui, sale: &SaleRecord) {
    // «Cajero Ana en Caja 2»; the till alone where nobody typed a PIN («Caja 1», not «la caja ·
    // Caja 1»).
    let who = sale.by.words_at();
    egui::Grid::new("status-sale-facts")
        .num_columns(2)
        .show(ui, |ui| {
            for (label, value) in [
                (
                    t!("status-sale-when"),
                    crate::clock::shown_datetime(sale.at),
                ),
                (t!("status-sale-by"), who),
                (t!("field-description"), sale.description.clone()),
            ] {
                super::details::detail_row(ui, (label, value, None));
            }
        });
}

/// What was sold, a line each, when it is more than the amount typed alone.
fn lines_ui(ui: &mut Ui, sale: &SaleRecord) {
    let typed_alone = sale.lines.len() == 1
        && sale.lines[0].quantity == 1
        && sale.lines[0].description == sale.description;
    if sale.lines.is_empty() || typed_alone {
        return;
    }
    ui.label(RichText::new(t!("status-sale-lines")).strong());
    for line in &sale.lines {
        let said = ui.label(t!(
            "status-sale-line",
            quantity = line.quantity,
            description = line.description.as_str(),
            price = line.unit_price.to_string()
        ));
        crate::ui::widgets::amount::read_as_words(&said, line.total());
    }
}

fn part_tone(state: PartState) -> Tone {
    match state {
        PartState::Paid => Tone::Success,
        PartState::Pending => Tone::Warning,
        PartState::Declined => Tone::Danger,
        PartState::Expired | PartState::Voided => Tone::Neutral,
    }
}

/// Whose word stands behind a part that stands: the service's, the cashier's count, the
/// customer's debt (by name).
fn whose_word(part: &SalePart) -> Option<String> {
    if part.state != PartState::Paid {
        return None;
    }
    Some(match &part.tie {
        PartTie::Tab { customer_name, .. } if !customer_name.is_empty() => {
            t!("status-part-tab-word", name = customer_name.as_str())
        }
        tie => tie.way().whose_word(),
    })
}

/// One part: how, how much, where it stands and whose word, what went back of it, its
/// returns and their forms.
fn part_ui(
    ui: &mut Ui,
    (sale, part): (&SaleRecord, &SalePart),
    (tracker, queued): (&Tracker, &mut Queue<StatusCommand>),
    returns: Option<Returns<'_, '_>>,
) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(part_words(part, &tracker.catalog)).strong());
            let amount = match part.state {
                PartState::Paid => Some(part.paid),
                _ => part.amount,
            };
            if let Some(amount) = amount {
                crate::ui::widgets::amount::amount_label(ui, amount, |text| text);
            }
            let colour = crate::ui::theme::palette(ui).text_of(part_tone(part.state));
            ui.label(RichText::new(part.state_words()).color(colour));
            if let Some(word) = whose_word(part) {
                ui.label(RichText::new(word).weak());
            }
        });
        let gone_back = SaleReturns {
            paid: part.paid,
            returned: part.returns.returned,
            under_way: part.returns.under_way,
        };
        if let Some(words) = gone_back.words() {
            ui.label(RichText::new(words).strong());
        }
        if let PartTie::Service(service) = &part.tie
            && let Some(payment) = tracker.find(&service.reference)
        {
            contradictions(ui, payment);
            let payable = part.state.is_pending() && !payment.url.is_empty();
            if payable && ui.button(t!("created-show-customer")).clicked() {
                queued.ask(ui, StatusCommand::ShowCustomer(payment.reference.clone()));
            }
        }
        if let Some(returns) = returns {
            returns_ui(ui, (sale, part), returns);
        }
    });
}

/// The returns that fit a part that stands, while something of it remains: by payout or in
/// cash at the counter for what the service confirmed, in cash for cash, to the tab for fiado;
/// and the form open for it. One form at a time: opening one closes the other.
fn returns_ui(ui: &mut Ui, (sale, part): (&SaleRecord, &SalePart), returns: Returns<'_, '_>) {
    let Returns {
        refund,
        part_return,
        view,
        paper,
    } = returns;
    let owner = view.owner_side;
    let asked = |to| PartAsked {
        sale: sale.id,
        part: part.id,
        to,
    };
    let number = sale.number.to_string();
    if part.state == PartState::Paid && part.returnable() > Pesos::ZERO {
        ui.horizontal_wrapped(|ui| {
            let (by_payout, in_cash) = match (&part.tie, part.way()) {
                (PartTie::Service(service), _) => {
                    let charge = (
                        service.reference.as_str(),
                        service.payment.as_str(),
                        number.as_str(),
                    );
                    let by_payout = refund.button_ui(ui, &t!("refund-button"), charge, owner);
                    let label = t!("status-return-cash-back");
                    (
                        by_payout,
                        part_return.button_ui(ui, &label, asked(BackTo::Drawer), owner),
                    )
                }
                (_, PartWay::Tab) => {
                    let label = t!("status-return-tab");
                    (
                        false,
                        part_return.button_ui(ui, &label, asked(BackTo::Tab), owner),
                    )
                }
                _ => {
                    let label = t!("status-return-cash");
                    (
                        false,
                        part_return.button_ui(ui, &label, asked(BackTo::Drawer), owner),
                    )
                }
            };
            if by_payout {
                part_return.queued.ask(ui, PartReturnCommand::Close);
            }
            if in_cash && (refund.form.is_some() || refund.awaits_owner().is_some()) {
                refund.queued.ask(ui, RefundCommand::Close);
            }
        });
    }
    if let PartTie::Service(service) = &part.tie {
        refund.form_ui(ui, (&service.reference, &service.payment), view, paper);
    }
    part_return.form_ui(ui, sale, part);
}

/// What the service said of each charge of the sale this till follows, folded: its details,
/// its QR while it can still be paid, and the notifications that came for it.
fn charges_ui(
    ui: &mut Ui,
    sale: &SaleRecord,
    tracker: &Tracker,
    (shown, qr, queued): (Shown<'_>, &mut QrTexture, &mut Queue<StatusCommand>),
) {
    let charges = sale.parts.iter().filter_map(|part| match &part.tie {
        PartTie::Service(service) => tracker.find(&service.reference),
        _ => None,
    });
    for payment in charges {
        egui::CollapsingHeader::new(t!(
            "status-charge-details",
            reference = payment.reference.as_str()
        ))
        .id_salt(("status-charge-details", payment.reference.as_str()))
        .show(ui, |ui| {
            state_lines(ui, payment, shown.service_away);
            details_grid(ui, payment, &tracker.kind_words(payment));
            if code_ui(ui, payment, qr) {
                queued.push(StatusCommand::ShowCustomer(payment.reference.clone()));
            }
            notifications_list(ui, payment, shown.notifications);
        });
    }
}
