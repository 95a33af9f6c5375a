//! One way to type pesos, in every field of an amount: Cobrar's, a drawer's base and its moves,
//! a return, fiado and its limit, a payout. The pesos are grouped in es-CO as they are typed
//! (`25000` shows `$ 25.000`), as the till shows every amount; text that is not a plain amount
//! (a comma, letters, a pasted `25.50`) is left as typed, so its problem is shown rather than
//! guessed away.

use egui::text_edit::TextEditState;
use egui::{Response, Ui};

/// After a field of pesos took this frame's keys (`before`: what it held): what it holds now,
/// grouped, with the cursor at its end.
pub fn group_typed(
    ui: &Ui,
    response: &Response,
    mut state: TextEditState,
    before: &str,
    amount: &mut String,
) {
    if response.changed()
        && let Some(grouped) = grouped_as_typed(before, amount)
        && grouped != *amount
    {
        *amount = grouped;
        let end = egui::text::CCursor::new(amount.chars().count());
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::one(end)));
        state.store(ui.ctx(), response.id);
    }
}

/// The amount grouped in es-CO, when what was typed is a plain amount: one that parses, or one
/// keystroke away from the grouped text before it (`$ 2.5000` after typing a 0).
pub(crate) fn grouped_as_typed(before: &str, now: &str) -> Option<String> {
    let trimmed = now.trim();
    if trimmed.is_empty() {
        return Some(String::new());
    }
    if let Ok(pesos) = crate::money::Pesos::parse_input(trimmed) {
        return Some(pesos.to_string());
    }
    let one_keystroke = now.chars().count().abs_diff(before.chars().count()) == 1;
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '$' | '.' | ' '))
        .collect();
    if !one_keystroke || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if digits.is_empty() {
        return Some(String::new());
    }
    crate::money::Pesos::parse_input(&digits)
        .ok()
        .map(|pesos| pesos.to_string())
}

#[cfg(test)]
mod tests {
    use super::grouped_as_typed;

    #[test]
    fn typing_an_amount_groups_it_and_a_bad_one_is_left_to_be_explained() {
        // Digit by digit, as a cashier types 25000.
        let mut shown = String::new();
        for digit in "25000".chars() {
            let typed = format!("{shown}{digit}");
            shown = grouped_as_typed(&shown, &typed).expect("grouped");
        }
        assert_eq!(shown, "$ 25.000");
        // Backspace regroups.
        assert_eq!(
            grouped_as_typed("$ 25.000", "$ 25.00").as_deref(),
            Some("$ 2.500")
        );
        // A typed dot is the grouping's own: it changes nothing.
        assert_eq!(grouped_as_typed("$ 25", "$ 25.").as_deref(), Some("$ 25"));
        // Cents, letters and a pasted malformed grouping stay as typed: the form explains them.
        assert_eq!(grouped_as_typed("$ 25", "$ 25,"), None);
        assert_eq!(grouped_as_typed("", "25,50"), None);
        assert_eq!(grouped_as_typed("$ 2", "$ 2x"), None);
        assert_eq!(grouped_as_typed("", "25.50"), None);
        assert_eq!(grouped_as_typed("$ 5", ""), Some(String::new()));
    }
}
