//! Amounts as a screen reader says them. On screen an amount is digits ("$ 35.000"); read
//! aloud, a voice may say the sign as dollars and take the es-CO thousands point for a decimal
//! one ("35.000" is thirty-five to an English voice), so the amount's node in the accessibility
//! tree also carries it in words ("treinta y cinco mil pesos"), in the language the app runs in.

use egui::{Response, RichText, Ui};

use crate::money::Pesos;

/// Draws `pesos` as a label (`style` sets its size and weight) that a screen reader reads in
/// words.
pub fn amount_label(
    ui: &mut Ui,
    pesos: Pesos,
    style: impl FnOnce(RichText) -> RichText,
) -> Response {
    let response = ui.label(style(RichText::new(pesos.to_string())));
    read_as_words(&response, pesos);
    response
}

/// Gives the widget's node the amount in words as its description. A label's name is its own
/// text in AccessKit (the digits stay findable and readable), so the words go beside it rather
/// than in place of it. An amount too large for words (none a payment reaches) keeps its digits
/// alone.
pub fn read_as_words(response: &Response, pesos: Pesos) {
    let Some(words) = pesos.in_words(crate::i18n::current()) else {
        return;
    };
    response.ctx.accesskit_node_builder(response.id, |node| {
        node.set_description(words);
    });
}
