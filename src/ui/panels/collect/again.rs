//! What a sale misses, charged another way: a part that failed or expired (or a QR the service
//! would not make) leaves the sale open, and its card offers the rest in cash, on a customer's
//! tab, or by a new QR or link made as one more part of the same sale (`sales::charge_again`:
//! the books refuse more than is missing, in words). Cash and fiado go through their forms, which
//! take what is missing; a QR or a link is made at once.

use egui::{RichText, Ui};

use crate::ledger::SaleNumber;
use crate::money::Pesos;
use crate::t;
use crate::ui::plumbing::queue::Queue;

use super::till::TillAsk;
use super::view::{CollectCommand, CollectView};

/// What a card asks of the forms beside it.
pub(super) enum CardAsked {
    /// A refused sale, back into the form it came from.
    PutBack(Box<TillAsk>),
    /// What an open sale is missing, charged in cash (Efectivo takes it).
    MissingInCash(SaleNumber, Pesos),
    /// What an open sale is missing, put on a customer's tab (Fiar takes it).
    MissingOnTab(SaleNumber, Pesos),
}

/// A sale that misses something: its number, what, and what it sold.
pub(super) struct Missing {
    pub(super) number: SaleNumber,
    pub(super) missing: Pesos,
    pub(super) description: String,
}

/// «Falta cobrar $ 20.000» and the ways to charge it.
pub(super) fn offers_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    open: &Missing,
    queued: &mut Queue<CollectCommand>,
) -> Option<CardAsked> {
    if open.missing == Pesos::ZERO {
        return None;
    }
    ui.add_space(crate::ui::theme::space::MEDIUM);
    let mut asked = None;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(
            2.0,
            crate::ui::theme::palette(ui).warning,
        ))
        .show(ui, |ui| {
            let words = t!("cobrar-card-missing", missing = open.missing.to_string());
            ui.label(RichText::new(words).strong());
            ui.horizontal_wrapped(|ui| {
                if ui.button(t!("cobrar-again-cash")).clicked() {
                    asked = Some(CardAsked::MissingInCash(open.number, open.missing));
                }
                if ui.button(t!("cobrar-again-tab")).clicked() {
                    asked = Some(CardAsked::MissingOnTab(open.number, open.missing));
                }
                for (qr, words) in [
                    (true, t!("cobrar-again-qr")),
                    (false, t!("cobrar-again-link")),
                ] {
                    if ui.button(words).clicked() {
                        by_service(ui, view, open, qr, queued);
                    }
                }
            });
        });
    asked
}

/// What `open` misses, charged now by a QR (`qr`) or a link, as one more part of its sale.
fn by_service(
    ui: &Ui,
    view: &CollectView<'_>,
    open: &Missing,
    qr: bool,
    queued: &mut Queue<CollectCommand>,
) {
    let reference1 = crate::collections::fresh_reference1();
    let charge = if qr {
        crate::requests::rest_by_qr(open.missing, &open.description, &reference1)
            .map(crate::collections::ChargeRequest::Resource)
    } else {
        crate::requests::rest_by_link(open.missing, &open.description, &reference1, &view.service)
            .map(crate::collections::ChargeRequest::Link)
    };
    match charge {
        Ok(charge) => {
            let mut ask = TillAsk::of(open.missing, &open.description, Vec::new());
            ask.charge = Some(charge);
            ask.again = Some(open.number);
            queued.ask(ui, CollectCommand::Sell(Box::new(ask)));
        }
        // Made of the books' own figures: a problem here is no person's to fix.
        Err(problems) => tracing::warn!(?problems, "the missing part's charge was not read"),
    }
}
