//! A sale's paper and its customer's copy: «Enviar comprobante por WhatsApp» (Cobrar's copy of
//! a sale, `collect::sale_receipt`, opened as WhatsApp's share link by `collect::share_link`),
//! and each paid part's own receipt printed or saved (the service's payment, the drawer's cash
//! sale) through the paper service. Only a sale that stands has one.

use egui::Ui;

use super::StatusCommand;
use crate::api::catalog::MethodCatalog;
use crate::ledger::{PartState, PartTie, SalePart, SaleRecord, SaleState};
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::paper::{Paper, PaperCommand, PaperSource};
use crate::ui::services::sales::part_words;

/// The paper a paid part has: the service's receipt of the payment it confirmed, the drawer's
/// of a cash sale; none for fiado.
fn paper_of(part: &SalePart, pdf: bool) -> Option<PaperCommand> {
    if part.state != PartState::Paid {
        return None;
    }
    match &part.tie {
        PartTie::Service(service) => Some(PaperCommand::Receipt {
            reference: service.reference.clone(),
            payment: (!service.payment.is_empty()).then(|| service.payment.clone()),
            pdf,
        }),
        PartTie::Cash { entry, .. } => Some(PaperCommand::CashReceipt { entry: *entry, pdf }),
        PartTie::Tab { .. } => None,
    }
}

/// «Enviar comprobante por WhatsApp» and each paid part's receipt, for a sale that stands, and
/// what printing or sharing it came to.
pub(super) fn receipt_row(
    ui: &mut Ui,
    sale: &SaleRecord,
    (shop, catalog): (&str, &MethodCatalog),
    (queued, shared): (&mut Queue<StatusCommand>, &Requested<()>),
    paper: &mut Paper,
) {
    if sale.state() != SaleState::Paid {
        return;
    }
    let printable: Vec<&SalePart> = sale
        .parts
        .iter()
        .filter(|part| paper_of(part, false).is_some())
        .collect();
    ui.horizontal_wrapped(|ui| {
        let share = egui::Button::new(t!("status-sale-whatsapp"));
        if ui.add_enabled(!shared.is_pending(), share).clicked() {
            let text = crate::ui::panels::collect::sale_receipt(shop, sale);
            let link = crate::ui::panels::collect::share_link(&text);
            queued.ask(ui, StatusCommand::ShareWhatsApp(link));
        }
        for part in &printable {
            // One receipt says its plain name; several say whose way each is.
            let (print, pdf) = if printable.len() == 1 {
                (t!("paper-print-receipt"), t!("paper-receipt-pdf"))
            } else {
                let way = part_words(part, catalog);
                (
                    t!("status-sale-print", way = way.as_str()),
                    t!("status-sale-pdf", way = way.as_str()),
                )
            };
            if let Some(pdf) =
                crate::ui::panels::printer_settings::print_or_pdf(ui, paper, &print, &pdf)
                && let Some(command) = paper_of(part, pdf)
            {
                paper.queued.ask(ui, command);
            }
        }
        if paper.is_busy() || shared.is_pending() {
            ui.spinner();
        }
    });
    crate::ui::panels::printer_settings::outcome_line(
        ui,
        paper,
        &[
            PaperSource::Payment,
            PaperSource::Approval,
            PaperSource::Cash,
        ],
    );
    if let Some(error) = shared.error() {
        crate::ui::widgets::form::error_box(ui, error);
    }
}
