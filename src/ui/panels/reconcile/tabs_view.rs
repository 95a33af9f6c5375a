//! Customers' tabs in Cuadre del día, under their own heading that says fiado is not money
//! received: what was taken (by cashier), what was collected by a link or QR and in cash, each
//! with where that money is already counted, and what is owed now. Nothing here is summed with
//! the service's money or the drawers'.

use egui::{RichText, Ui};

use super::cash_view::{Section, counted_lines_ui};
use crate::ledger::close::TabLines;
use crate::t;

pub fn tabs_ui(ui: &mut Ui, tabs: &TabLines) {
    let section = Section {
        heading: &tabs.heading,
        ids: ("reconcile-tabs", "close-tabs"),
        more: vec![t!("tabclose-counted-in")],
    };
    counted_lines_ui(
        ui,
        section,
        &tabs.lines,
        |line| (&line.label, line.part, line.sum.count, line.sum.amount),
        |ui, row, line| {
            let counted_in = line.counted_in.as_deref().unwrap_or("");
            row.text(ui, counted_in, &t!("tabclose-counted-in"));
        },
    );
    ui.label(RichText::new(&tabs.owed).strong());
    if let Some(credit) = &tabs.credit {
        ui.label(credit);
    }
}
