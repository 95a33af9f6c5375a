//! The PIN prompt: the owner's PIN to open the owner's side, or a cashier choosing their name
//! and typing their own PIN to take the till. It only draws; the check is `Access`'s, off the UI
//! thread.

use egui::{RichText, Ui};

use super::access::{Access, AccessCommand, PromptFor};
use crate::ledger::Who;
use crate::t;
use crate::validate::{self, Field};

pub fn show(ui: &mut Ui, access: &mut Access) {
    let Some(mut prompt) = access.prompt.take() else {
        return;
    };
    let cashiers: Vec<String> = access
        .people()
        .map(|people| people.cashiers.iter().map(|c| c.name.clone()).collect())
        .unwrap_or_default();
    let checking = access.is_checking();
    let mut close = false;
    let modal = egui::Modal::new(egui::Id::unique("pin-prompt")).show(ui.ctx(), |ui| {
        ui.set_max_width(380.0);
        ui.heading(match prompt.purpose {
            PromptFor::Owner => t!("pin-owner-title"),
            PromptFor::Cashier => t!("pin-cashier-title"),
        });
        ui.label(match prompt.purpose {
            PromptFor::Owner => t!("pin-owner-explain"),
            PromptFor::Cashier => t!("pin-cashier-explain"),
        });
        ui.add_space(super::theme::space::SMALL);
        if prompt.purpose == PromptFor::Cashier {
            if prompt.cashier.is_empty()
                && let Some(first) = cashiers.first()
            {
                prompt.cashier.clone_from(first);
            }
            egui::ComboBox::from_label(t!("column-cashier"))
                .selected_text(prompt.cashier.clone())
                .show_ui(ui, |ui| {
                    for name in &cashiers {
                        ui.selectable_value(&mut prompt.cashier, name.clone(), name);
                    }
                });
        }
        let locked_for = prompt
            .locked_until
            .map(|until| until - crate::ledger::now_ms())
            .filter(|left| *left > 0);
        let field = ui
            .horizontal(|ui| {
                let label = ui.label(t!("pin-hint"));
                ui.add(
                    egui::TextEdit::singleline(&mut prompt.pin)
                        .password(true)
                        .desired_width(160.0)
                        .char_limit(*validate::PIN_DIGITS.end()),
                )
                .labelled_by(label.id)
            })
            .inner;
        if !checking && locked_for.is_none() && !field.has_focus() && prompt.pin.is_empty() {
            // The PIN is typed at once, without reaching for the mouse; the next frame shows
            // the caret.
            field.request_focus();
            ui.ctx().request_repaint();
        }
        let typed = validate::pin(Field::Pin, &prompt.pin);
        if let Some(left) = locked_for {
            ui.label(
                RichText::new(t!(
                    "pin-locked-for",
                    seconds = ((left + 999) / 1_000).to_string()
                ))
                .color(crate::ui::theme::palette(ui).danger),
            );
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(500));
        } else if let Some(problem) = &prompt.problem {
            ui.label(RichText::new(problem).color(crate::ui::theme::palette(ui).danger));
        } else if let Err(problem) = &typed
            && prompt.pin.chars().any(|c| !c.is_ascii_digit())
        {
            // Too short is no mistake while typing; a letter is.
            ui.label(RichText::new(&problem.message).color(crate::ui::theme::palette(ui).danger));
        }
        let who = match prompt.purpose {
            PromptFor::Owner => Some(Who::Owner),
            PromptFor::Cashier => {
                (!prompt.cashier.is_empty()).then(|| Who::Cashier(prompt.cashier.clone()))
            }
        };
        let ready = typed.is_ok() && who.is_some() && !checking && locked_for.is_none();
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        ui.horizontal(|ui| {
            let enter = ui.add_enabled(
                ready,
                egui::Button::new(RichText::new(t!("pin-enter")).strong()),
            );
            if checking {
                ui.spinner();
            }
            if (enter.clicked() || (entered && ready))
                && let (Ok(pin), Some(who)) = (typed, who)
            {
                prompt.problem = None;
                access.queued.ask(ui, AccessCommand::Check { who, pin });
            }
            if ui.button(t!("cancel")).clicked() {
                close = true;
            }
        });
    });
    if !(close || modal.should_close()) {
        access.prompt = Some(prompt);
    }
}
