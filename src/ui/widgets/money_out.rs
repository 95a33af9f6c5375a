//! The last look before money leaves the shop's account through the service (a payout, a sale's
//! return sent to a cellphone): one dialog body for both, so what must be seen and acknowledged
//! before sending reads the same wherever money goes out.

use egui::{RichText, Ui};

use crate::ledger::PayoutRecord;
use crate::money::Pesos;
use crate::payouts::PayoutError;
use crate::t;

/// What the dialog asks the person to send.
pub struct MoneyOut<'a> {
    pub title: String,
    pub amount: Pesos,
    /// The send button's words, the amount in them.
    pub send: String,
    pub moves_real_money: bool,
    /// A recent payout like this one: said, and nothing is sent until the repeat is
    /// acknowledged (a double click or a second try must not pay twice unseen).
    pub similar: Option<&'a PayoutRecord>,
}

/// The dialog's body: the title, the amount large, what `details` draws under it (where the
/// money goes, the balance before and after), the warning when the money is real, and a similar
/// payout to acknowledge. `Some(true)` when the person sends, `Some(false)` when they cancel.
pub fn confirm_ui(
    ui: &mut Ui,
    out: MoneyOut<'_>,
    repeat_acknowledged: &mut bool,
    details: impl FnOnce(&mut Ui),
) -> Option<bool> {
    ui.heading(out.title);
    super::amount::amount_label(ui, out.amount, |text| {
        text.size(crate::ui::theme::size::PAYOUT_AMOUNT).strong()
    });
    details(ui);
    let danger = crate::ui::theme::palette(ui).danger;
    if out.moves_real_money {
        ui.label(
            RichText::new(t!("confirm-real-money"))
                .strong()
                .color(danger),
        );
    }
    if let Some(previous) = out.similar {
        let warning = PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()));
        ui.label(RichText::new(warning.to_string()).color(danger));
        ui.checkbox(repeat_acknowledged, t!("confirm-repeat"));
    }
    ui.add_space(crate::ui::theme::space::MEDIUM);
    let ready = out.similar.is_none() || *repeat_acknowledged;
    super::form::send_or_cancel(ui, &out.send, ready)
}
