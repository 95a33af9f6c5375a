//! What the panels' tables share.

/// A table's header row: each column's title, strong (an empty title leaves its column
/// untitled).
pub fn titles(mut header: egui_extras::TableRow<'_, '_>, titles: Vec<String>) {
    for title in titles {
        header.col(|ui| {
            ui.strong(title);
        });
    }
}
