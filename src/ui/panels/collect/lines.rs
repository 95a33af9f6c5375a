//! What was sold, line by line, whatever pays the sale: each line typed (what, how many, the
//! price of one) or picked from the shop's «Productos frecuentes», which the books keep for every
//! till. A person adds an item where they sell (the line they typed, with its price); the owner
//! takes one off. With lines the sale's Valor is their sum, shown and not typed; an amount typed
//! alone is one line. Every read and write of the items runs on the runtime, never in a frame.

use egui::{RichText, Ui};

use crate::ledger::{FrequentItem, SaleLine};
use crate::money::Pesos;
use crate::requests::{ItemForm, LineAsk, LineForm, QUANTITY_FIELD, QUANTITY_MAX, lines_total};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::widgets::form::{error_box, problem_for, problem_slot};
use crate::validate::Field;

/// What the items' part asks for; run by the next `logic`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ItemsCommand {
    Load,
    Add { description: String, price: Pesos },
    Remove(i64),
}

/// The lines of the sale being made, and the shop's frequent items.
#[derive(Default)]
pub(super) struct SaleLines {
    pub(super) lines: Vec<LineAsk>,
    /// The line being typed.
    pub(super) typed: LineForm,
    /// «Agregar» was pressed while the line could not be read: say why, even untouched.
    pressed: bool,
    /// The lines are unfolded (kept here, not in egui's memory: the form moves into a column of
    /// its own once a card stands beside it, and the fold stays as the person left it).
    open: bool,
    /// The shop's frequent items, as the books last said.
    pub(super) items: Requested<Vec<FrequentItem>>,
    items_read: bool,
    /// What the last keeping or removing of an item came to.
    pub(super) changed: Requested<()>,
    queued: Queue<ItemsCommand>,
}

impl SaleLines {
    /// The lines' sum, when there are lines: the sale's amount.
    pub(super) fn total(&self) -> Option<Pesos> {
        if self.lines.is_empty() {
            return None;
        }
        lines_total(&self.lines).ok()
    }

    /// The lines as the books keep them, when they add up to `amount` (what the charge asks):
    /// a sale written with lines that do not is refused, so the amount goes alone instead.
    pub(super) fn for_sale(&self, amount: Option<Pesos>) -> Vec<SaleLine> {
        if self.total().is_none() || self.total() != amount {
            return Vec::new();
        }
        self.lines
            .iter()
            .map(|line| SaleLine {
                description: line.description.clone(),
                quantity: line.quantity,
                unit_price: line.unit_price,
                item: line.item,
            })
            .collect()
    }

    /// The sale was made: its lines go, the next sale starts with none.
    pub(super) fn clear(&mut self) {
        self.lines.clear();
        self.typed = LineForm::default();
        self.pressed = false;
    }

    /// Lines put back with a sale the books refused.
    pub(super) fn put_back(&mut self, lines: &[SaleLine]) {
        self.open = true;
        self.lines = lines
            .iter()
            .map(|line| LineAsk {
                description: line.description.clone(),
                quantity: line.quantity,
                unit_price: line.unit_price,
                item: line.item,
            })
            .collect();
    }

    /// The items are read again: another till may have changed them.
    pub(super) fn items_changed(&mut self) {
        self.items_read = false;
    }

    /// Reads the items once (and again when told), and runs what the drawing asked for.
    pub(super) fn logic(&mut self, work: &mut LogicContext<'_>) {
        if !self.items_read && !self.items.is_pending() {
            self.items_read = true;
            self.queued.push(ItemsCommand::Load);
        }
        for command in self.queued.take() {
            self.run(command, work);
        }
        self.items.poll();
        if self.changed.poll() {
            match &self.changed {
                Requested::Done(()) => self.items_changed(),
                Requested::Failed { error, .. } => work.note_error(error),
                _ => {}
            }
        }
    }

    fn run(&mut self, command: ItemsCommand, work: &LogicContext<'_>) {
        let ledger = work.session.ledger.clone();
        let actor = work.access.actor();
        let at = crate::clock::now_ms();
        let failed = |error: crate::ledger::LedgerError| UiError::explained(&error);
        match command {
            ItemsCommand::Load => self.items.start(work.bridge.spawn_blocking(move || {
                ledger
                    .map_err(UiError::from)?
                    .frequent_items()
                    .map_err(failed)
            })),
            ItemsCommand::Add { description, price } => {
                self.changed.start(work.bridge.spawn_blocking(move || {
                    ledger
                        .map_err(UiError::from)?
                        .add_frequent_item(&actor, &description, price, at)
                        .map(|_| ())
                        .map_err(failed)
                }));
            }
            ItemsCommand::Remove(id) => self.changed.start(work.bridge.spawn_blocking(move || {
                ledger
                    .map_err(UiError::from)?
                    .remove_frequent_item(&actor, id, at)
                    .map_err(failed)
            })),
        }
    }

    /// Adds `item` as a line of one, or one more of it when it is a line already.
    fn pick(&mut self, item: &FrequentItem) {
        let same = self
            .lines
            .iter_mut()
            .find(|line| line.item == Some(item.id) && line.unit_price == item.unit_price);
        match same {
            Some(line) if line.quantity < QUANTITY_MAX => line.quantity += 1,
            Some(_) => {}
            None => self.lines.push(LineAsk {
                description: item.description.clone(),
                quantity: 1,
                unit_price: item.unit_price,
                item: Some(item.id),
            }),
        }
    }

    /// The lines, folded under «Productos», with the line being typed, the frequent items a click away, and, for the owner (`owner`), taking an
    /// item off the list.
    pub(super) fn ui(&mut self, ui: &mut Ui, owner: bool) {
        let heading = match self.total() {
            Some(total) => t!(
                "cobrar-lines-heading-sum",
                count = self.lines.len(),
                total = total.to_string()
            ),
            None => t!("cobrar-lines-heading"),
        };
        ui.horizontal(|ui| {
            let side = ui.spacing().icon_width;
            // The arrow only draws: the words beside it are the control, with its name.
            let (_, icon) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
            let openness = if self.open { 1.0 } else { 0.0 };
            egui::collapsing_header::paint_default_icon(ui, openness, &icon);
            if ui.selectable_label(self.open, heading).clicked() {
                self.open = !self.open;
            }
        });
        if self.open {
            ui.indent("cobrar-lines", |ui| {
                self.lines_ui(ui);
                self.typed_ui(ui);
                self.items_ui(ui, owner);
            });
        }
        ui.add_space(crate::ui::theme::space::SMALL);
    }

    /// The lines so far: what, how many, the price of one, the line's total, «Quitar».
    fn lines_ui(&mut self, ui: &mut Ui) {
        if self.lines.is_empty() {
            return;
        }
        let mut removed = None;
        egui::Grid::new("cobrar-lines-grid")
            .num_columns(4)
            .striped(true)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for (index, line) in self.lines.iter().enumerate() {
                    ui.label(&line.description);
                    ui.label(t!(
                        "cobrar-line-times",
                        quantity = line.quantity,
                        price = line.unit_price.to_string()
                    ));
                    ui.label(RichText::new(line.total().to_string()).strong());
                    let remove = ui.button(t!("cobrar-line-remove")).on_hover_text(t!(
                        "cobrar-line-remove-what",
                        what = line.description.as_str()
                    ));
                    if remove.clicked() {
                        removed = Some(index);
                    }
                    ui.end_row();
                }
            });
        if let Some(index) = removed {
            self.lines.remove(index);
        }
        if self.total().is_none() {
            let over = lines_total(&self.lines).err();
            problem_slot(ui, over.as_ref().map(|problem| problem.message.as_str()));
        }
        ui.add_space(crate::ui::theme::space::SMALL);
    }

    /// The line being typed, «Agregar producto», and «Guardar en frecuentes» for it.
    fn typed_ui(&mut self, ui: &mut Ui) {
        let problems = self.typed.parse().err().unwrap_or_default();
        let started =
            !self.typed.description.trim().is_empty() || !self.typed.unit_price.trim().is_empty();
        let mut enter = false;
        egui::Grid::new("cobrar-line-typed")
            .num_columns(3)
            .spacing([8.0, 2.0])
            .show(ui, |ui| {
                let rows = [
                    (t!("cobrar-line-what"), Field::Description, 180.0),
                    (t!("cobrar-line-quantity"), QUANTITY_FIELD, 50.0),
                    (t!("cobrar-line-price"), Field::Amount, 110.0),
                ];
                let labels: Vec<_> = rows.iter().map(|(words, ..)| ui.label(words)).collect();
                ui.end_row();
                let texts = [
                    &mut self.typed.description,
                    &mut self.typed.quantity,
                    &mut self.typed.unit_price,
                ];
                for ((text, (_, _, width)), label) in texts.into_iter().zip(&rows).zip(&labels) {
                    let hint = if *width < 60.0 { "1" } else { "" };
                    let response = ui
                        .add(
                            egui::TextEdit::singleline(text)
                                .hint_text(hint)
                                .desired_width(*width),
                        )
                        .labelled_by(label.id);
                    enter |= crate::ui::widgets::form::submitted(&response);
                }
                ui.end_row();
            });
        // One line kept for the first problem, so the items below never move.
        let shown = rows_problem(&problems).filter(|_| started || self.pressed);
        problem_slot(ui, shown);
        // Read again now the fields took this frame's keys: the price and Enter in one frame
        // add the price typed.
        let parsed = self.typed.parse();
        ui.horizontal_wrapped(|ui| {
            let add = ui.add_enabled(parsed.is_ok(), egui::Button::new(t!("cobrar-line-add")));
            if parsed.is_err()
                && add.contains_pointer()
                && ui.input(|i| i.pointer.primary_released())
            {
                self.pressed = true;
            }
            if (add.clicked() || enter)
                && let Ok(line) = &parsed
            {
                self.lines.push(line.clone());
                self.typed = LineForm::default();
                self.pressed = false;
            }
            let keep = ItemForm {
                description: self.typed.description.clone(),
                price: self.typed.unit_price.clone(),
            }
            .parse();
            let save = egui::Button::new(t!("cobrar-item-save"));
            if ui
                .add_enabled(keep.is_ok() && !self.changed.is_pending(), save)
                .on_hover_text(t!("cobrar-item-save-hint"))
                .clicked()
                && let Ok((description, price)) = keep
            {
                self.queued
                    .ask(ui, ItemsCommand::Add { description, price });
            }
        });
    }

    /// The frequent items, a click from a line; the owner's way to take one off the list.
    fn items_ui(&mut self, ui: &mut Ui, owner: bool) {
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(t!("cobrar-items-title")).strong());
        if let Some(error) = self.changed.error().or(self.items.error()) {
            error_box(ui, error);
        }
        let items = self.items.value().cloned().unwrap_or_default();
        if items.is_empty() {
            ui.label(RichText::new(t!("cobrar-items-none")).weak());
            return;
        }
        let mut picked = None;
        ui.horizontal_wrapped(|ui| {
            for item in &items {
                let words = t!(
                    "cobrar-item-pick",
                    item = item.description.as_str(),
                    price = item.unit_price.to_string()
                );
                if ui.button(words).clicked() {
                    picked = Some(item.clone());
                }
            }
        });
        if let Some(item) = picked {
            self.pick(&item);
        }
        if !owner {
            return;
        }
        egui::CollapsingHeader::new(RichText::new(t!("cobrar-items-remove-title")).small())
            .id_salt("cobrar-items-remove")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for item in &items {
                        let words = t!("cobrar-item-remove", item = item.description.as_str());
                        let remove = egui::Button::new(words);
                        if ui.add_enabled(!self.changed.is_pending(), remove).clicked() {
                            self.queued.ask(ui, ItemsCommand::Remove(item.id));
                        }
                    }
                });
            });
    }
}

/// The first problem of the line being typed, in its fields' order.
fn rows_problem(problems: &[crate::validate::ValidationError]) -> Option<&str> {
    [Field::Description, QUANTITY_FIELD, Field::Amount]
        .into_iter()
        .find_map(|field| problem_for(problems, field))
        .map(|problem| problem.message.as_str())
}
