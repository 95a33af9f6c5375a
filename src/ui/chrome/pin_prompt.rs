//! The PIN prompt: the owner's PIN to open the owner's side, or a cashier choosing their name
//! and typing their own PIN to take the till. It only draws; the check is `Access`'s, off the UI
//! thread.

use egui::{RichText, Ui};

use crate::ledger::Who;
use crate::secrets::Pin;
use crate::t;
use crate::ui::services::access::{Access, AccessCommand, Prompt, PromptFor};
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
    let mut answer = Answer::None;
    let modal = egui::Modal::new(egui::Id::unique("pin-prompt")).show(ui.ctx(), |ui| {
        ui.set_max_width(380.0);
        let (title, explain) = match prompt.purpose {
            PromptFor::Owner => (t!("pin-owner-title"), t!("pin-owner-explain")),
            PromptFor::Cashier => (t!("pin-cashier-title"), t!("pin-cashier-explain")),
        };
        ui.heading(title);
        ui.label(explain);
        ui.add_space(crate::ui::theme::space::SMALL);
        if prompt.purpose == PromptFor::Cashier {
            cashier_picker(ui, &mut prompt.cashier, &cashiers);
        }
        answer = pin_ui(ui, &mut prompt, checking);
    });
    match answer {
        Answer::Check { who, pin } => {
            prompt.problem = None;
            access.queued.ask(ui, AccessCommand::Check { who, pin });
        }
        Answer::Cancel => return,
        Answer::None => {}
    }
    if !modal.should_close() {
        access.prompt = Some(prompt);
    }
}

/// What the person did in the prompt this frame.
enum Answer {
    None,
    /// Check this PIN for this person.
    Check {
        who: Who,
        pin: Pin,
    },
    Cancel,
}

/// The cashier taking the till, the first one until another is chosen.
fn cashier_picker(ui: &mut Ui, chosen: &mut String, cashiers: &[String]) {
    if chosen.is_empty()
        && let Some(first) = cashiers.first()
    {
        chosen.clone_from(first);
    }
    egui::ComboBox::from_label(t!("column-cashier"))
        .selected_text(chosen.clone())
        .show_ui(ui, |ui| {
            for name in cashiers {
                ui.selectable_value(chosen, name.clone(), name);
            }
        });
}

/// The PIN field (it takes the keyboard at once), what is wrong with the last try or what was
/// typed, and the buttons.
fn pin_ui(ui: &mut Ui, prompt: &mut Prompt, checking: bool) -> Answer {
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
    problem_line(ui, prompt, locked_for, &typed);
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
        let cancelled = ui.button(t!("cancel")).clicked();
        match (typed, who) {
            (Ok(pin), Some(who)) if enter.clicked() || (entered && ready) => {
                Answer::Check { who, pin }
            }
            _ if cancelled => Answer::Cancel,
            _ => Answer::None,
        }
    })
    .inner
}

/// Locked (counting down), the last try's problem, or a letter typed (too short is no mistake
/// while typing; a letter is).
fn problem_line(
    ui: &mut Ui,
    prompt: &Prompt,
    locked_for: Option<i64>,
    typed: &Result<Pin, validate::ValidationError>,
) {
    let danger = crate::ui::theme::palette(ui).danger;
    let problem = if let Some(left) = locked_for {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(500));
        Some(t!(
            "pin-locked-for",
            seconds = ((left + 999) / 1_000).to_string()
        ))
    } else if let Some(problem) = &prompt.problem {
        Some(problem.clone())
    } else if let Err(problem) = typed
        && prompt.pin.chars().any(|c| !c.is_ascii_digit())
    {
        Some(problem.message.clone())
    } else {
        None
    };
    // Two lines' room (the longest says the lock) is kept while it says nothing: "Entrar"
    // stays where it was aimed at.
    let room = 2.0 * ui.text_style_height(&egui::TextStyle::Body);
    let width = ui.available_width();
    ui.allocate_ui(egui::vec2(width, room), |ui| {
        ui.set_min_size(egui::vec2(width, room));
        if let Some(problem) = problem {
            ui.add(egui::Label::new(RichText::new(problem).color(danger)).wrap());
        }
    });
}
