//! The banners over every panel: each payment's end (approved, rejected, failed, expired) in
//! its colour, with the reason the service gave when it did not go through. They lie over the
//! panel's top right corner ([`overlay`]) rather than above it, so one that comes or goes by
//! itself never moves the form under the cashier's hand.

use egui::{RichText, Ui};

use crate::api::TransactionStatus;
use crate::ledger::StoredNotification;
use crate::t;

use crate::speech::{PaymentNews, Spoken, Verdict};
use crate::ui::navigation::Panel;
use crate::ui::services::tracker::{Ended, Tracker};
use crate::ui::widgets::live::{self, Announcement};
use crate::ui::widgets::status;

/// How many banners show at once; older ones wait behind them.
const SHOWN: usize = 3;

/// How long an approval's banner stays (seconds on screen): long enough to be seen from the
/// till, short enough that a counter QR's payments do not bury the screen. A payment that did
/// not go through stays until the cashier closes it.
const APPROVED_SHOWN_FOR: f64 = 90.0;

/// A payment's end everyone in the shop should see.
struct Banner {
    reference: String,
    /// Which of a code's payments (each has its own banner).
    payment: Option<String>,
    /// When it was first drawn (egui's clock, seconds).
    first_shown: Option<f64>,
    status: TransactionStatus,
    amount: Option<crate::money::Pesos>,
    description: String,
}

/// What happened to a payment, in the banner's words (`payment`: one of a code's payments).
fn what_happened(status: TransactionStatus, payment: bool) -> String {
    match status {
        TransactionStatus::Approved if payment => t!("banner-received"),
        TransactionStatus::Approved => t!("banner-approved"),
        TransactionStatus::Rejected => t!("banner-rejected"),
        TransactionStatus::Failed => t!("banner-failed"),
        TransactionStatus::Cancelled => t!("banner-expired"),
        other => status::words(other),
    }
}

impl Banner {
    /// Its words in the language on screen now: the cashier may switch it while it is up.
    fn text(&self) -> String {
        let what = what_happened(self.status, self.payment.is_some());
        let amount = self
            .amount
            .map(|amount| amount.to_string())
            .unwrap_or_default();
        let reference = self.reference.as_str();
        if self.description.is_empty() {
            t!(
                "banner-ended",
                what = what,
                amount = amount,
                reference = reference
            )
        } else {
            t!(
                "banner-ended-sold",
                what = what,
                amount = amount,
                description = self.description.as_str(),
                reference = reference
            )
        }
    }
}

/// An electronic sale the service approved after it was charged in cash instead: the customer
/// paid twice, and the money goes back from the sale's window in Estado de pagos.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidTwice {
    /// The electronic sale's reference.
    pub sale: String,
    /// The cash sale's reference (EF…).
    pub cash: String,
    pub amount: crate::money::Pesos,
}

impl PaidTwice {
    /// Its words in the language on screen now.
    fn words(&self) -> String {
        t!(
            "cashsale-paid-twice",
            cash = self.cash.as_str(),
            sale = self.sale.as_str(),
            amount = self.amount.to_string()
        )
    }
}

#[derive(Default)]
pub struct Banners {
    /// Oldest first.
    list: Vec<Banner>,
    /// Sales paid twice, said until the cashier closes them.
    paid_twice: Vec<PaidTwice>,
    /// The books asked whether an approved sale had been charged in cash instead.
    twice_asked: Vec<crate::ui::plumbing::bridge::Task<Option<PaidTwice>>>,
    /// The approvals already asked about, each once.
    twice_checked: std::collections::HashSet<String>,
    /// Ends pushed since the window last drew: a screen reader is told of them.
    unheard: Vec<Ended>,
    /// The payments a screen reader was told of, each once.
    told: Spoken,
    announcement: Announcement,
}

impl Banners {
    /// An approval heard for `ended`'s sale: the books are asked, off the frame, whether it had
    /// been charged in cash instead (the customer then paid twice). A code's payments are not
    /// sales charged instead, and each sale is asked once.
    pub fn check_paid_twice(
        &mut self,
        bridge: &crate::ui::plumbing::bridge::Bridge,
        ledger: &std::sync::Arc<crate::ledger::Ledger>,
        ended: &Ended,
    ) {
        if ended.status != TransactionStatus::Approved
            || ended.payment.is_some()
            || !self.twice_checked.insert(ended.reference.clone())
        {
            return;
        }
        let (ledger, sale) = (ledger.clone(), ended.reference.clone());
        self.twice_asked.push(bridge.spawn_blocking(move || {
            match ledger.cash_instead_of(&sale) {
                Ok(found) => found.map(|cash| PaidTwice {
                    sale,
                    cash: cash.reference,
                    amount: cash.amount,
                }),
                Err(error) => {
                    // Handled here, once: the approval's own banner still shows.
                    tracing::error!(%error, "the books could not say whether a sale was charged in cash");
                    None
                }
            }
        }));
    }

    /// The books' answers: a sale paid twice gets its alert at once.
    pub fn follow_paid_twice(&mut self) {
        self.twice_asked.retain(|task| match task.poll() {
            Some(found) => {
                if let Some(found) = found
                    && !self.paid_twice.contains(&found)
                {
                    // Said to a screen reader at once, as a payment's end is.
                    self.announcement.say(found.words());
                    self.paid_twice.push(found);
                }
                false
            }
            None => true,
        });
    }

    /// A payment just ended, or a code took one more payment: its banner, replacing any earlier
    /// one for the same payment.
    pub fn push(&mut self, ended: Ended) {
        self.unheard.push(ended.clone());
        let Ended {
            reference,
            status,
            amount,
            payment,
            description,
        } = ended;
        self.list
            .retain(|banner| !(banner.reference == reference && banner.payment == payment));
        self.list.push(Banner {
            reference,
            payment,
            first_shown: None,
            status,
            amount,
            description,
        });
    }

    /// The newest banners; the reason is looked up as drawn, since the notification that
    /// carries it may arrive after the status check that ended the payment.
    pub fn ui(&mut self, ui: &mut Ui, notifications: &[StoredNotification]) {
        let now = ui.input(|i| i.time);
        self.list.retain(|banner| {
            banner.status != TransactionStatus::Approved
                || banner
                    .first_shown
                    .is_none_or(|shown| now - shown < APPROVED_SHOWN_FOR)
        });
        let mut dismissed = None;
        // Newest first; when there are more than fit, a payment that did not go through is
        // never pushed out of sight by approvals that came after it.
        let mut shown: Vec<usize> = (0..self.list.len()).rev().collect();
        shown.sort_by_key(|&index| self.list[index].status == TransactionStatus::Approved);
        shown.truncate(SHOWN);
        shown.sort_unstable_by(|a, b| b.cmp(a));
        for index in shown {
            let banner = &mut self.list[index];
            let shown = *banner.first_shown.get_or_insert(now);
            if banner.status == TransactionStatus::Approved {
                let left = APPROVED_SHOWN_FOR - (now - shown);
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_secs_f64(left.max(0.0)));
            }
            let reason = (banner.status != TransactionStatus::Approved)
                .then(|| failure_reason(notifications, &banner.reference))
                .flatten();
            let closed = note(ui, status::tone(banner.status), Some(t!("dismiss")), |ui| {
                ui.label(
                    RichText::new(banner.text())
                        .size(crate::ui::theme::size::EMPHASIS)
                        .strong()
                        .color(crate::ui::theme::palette(ui).on_fill),
                );
                if let Some(reason) = &reason {
                    ui.label(
                        RichText::new(t!("banner-reason", reason = reason.as_str()))
                            .color(crate::ui::theme::palette(ui).on_fill),
                    );
                }
            });
            if closed {
                dismissed = Some(index);
            }
        }
        if let Some(index) = dismissed {
            self.list.remove(index);
        }
    }
}

impl Banners {
    /// What a screen reader hears without moving, each frame before anything else is drawn (the
    /// customer's screen may cover the panels): the window named for the panel on screen, and a
    /// payment that just ended announced at once, by the voice's rule (`speech::decide`: what
    /// the service decided, of a sale made at this till, each payment once), a refusal too.
    pub fn window_ui(&mut self, ctx: &egui::Context, panel: Panel, tracker: &Tracker) {
        let name = t!("window-title", panel = panel.title());
        live::name_window(ctx, &name);
        for ended in std::mem::take(&mut self.unheard) {
            let Some(sale) = tracker.find(&ended.reference) else {
                continue;
            };
            let news = PaymentNews {
                reference: ended.reference.clone(),
                takes_many: sale.repeatable,
                payment: ended.payment.clone(),
                amount: ended.amount,
                verdict: verdict(ended.status),
                made_here: sale.made_by.same_till(&tracker.at_till()),
            };
            if self.told.tell(&news) {
                self.announcement.say(announced(&ended));
            }
        }
        self.announcement.ui(ctx);
    }
}

/// A payment's end as the speech's rule weighs it: the service's own state, as the books keep it.
fn verdict(status: TransactionStatus) -> Verdict {
    match status {
        TransactionStatus::Approved => Verdict::ApprovedByTheService,
        TransactionStatus::Rejected | TransactionStatus::Failed | TransactionStatus::Cancelled => {
            Verdict::NotPaid
        }
        TransactionStatus::Pending
        | TransactionStatus::Processing
        | TransactionStatus::Other(_) => Verdict::Pending,
    }
}

/// A payment's end as a screen reader hears it: the banner's words, the amount in words (as the
/// amounts on screen describe themselves: a reader's own way with "$ 35.000" depends on its
/// settings) and what was sold.
fn announced(ended: &Ended) -> String {
    let what = what_happened(ended.status, ended.payment.is_some());
    let Some(amount) = ended
        .amount
        .and_then(|amount| amount.in_words(crate::i18n::current()))
    else {
        return what;
    };
    if ended.description.trim().is_empty() {
        t!("announce-ended", what = what, amount = amount)
    } else {
        t!(
            "announce-ended-sold",
            what = what,
            amount = amount,
            description = ended.description.as_str()
        )
    }
}

/// What the till says of itself over the panel, beside the payments' banners.
pub struct TillNotes<'a> {
    /// The session with the service ended while in Caja: the owner must open it again.
    pub session_ended: bool,
    /// The till just turned into Caja: said until "Entendido".
    pub caja_notice: &'a mut bool,
    /// The customer display shows a sale (with the way to take it off).
    pub display_holds_a_sale: bool,
    /// Where taking the sale off the customer display is asked for.
    pub actions: &'a mut Vec<crate::ui::AppAction>,
}

impl Banners {
    /// Everything that comes and goes over the panel on screen (`ui`'s area): what the till says
    /// of itself, then the payments' banners.
    pub fn overlay_ui(
        &mut self,
        ui: &Ui,
        notifications: &[StoredNotification],
        notes: TillNotes<'_>,
    ) {
        use crate::ui::theme::Tone;
        let on_fill = |ui: &Ui, words: String| {
            RichText::new(words).color(crate::ui::theme::palette(ui).on_fill)
        };
        overlay(ui.ctx(), ui.max_rect(), |ui| {
            if notes.session_ended {
                // The token is the owner's to type: the till says whom to call.
                note(ui, Tone::Danger, None, |ui| {
                    ui.label(on_fill(ui, t!("caja-session-ended")).strong());
                });
            }
            if *notes.caja_notice
                && note(ui, Tone::Info, Some(t!("caja-notice-understood")), |ui| {
                    ui.label(on_fill(ui, t!("caja-notice-title")).strong());
                    ui.label(on_fill(ui, t!("caja-notice")));
                })
            {
                *notes.caja_notice = false;
            }
            // The till's own notes first, the payments' banners under them: a banner that comes
            // or goes never moves a note's button.
            if notes.display_holds_a_sale
                && note(ui, Tone::Info, Some(t!("display-clear")), |ui| {
                    ui.label(on_fill(ui, t!("display-showing-sale")));
                })
            {
                notes.actions.push(crate::ui::AppAction::ClearDisplay);
            }
            self.paid_twice_ui(ui, notes.actions);
            self.ui(ui, notifications);
        });
    }
}

impl Banners {
    /// Each sale paid twice, in the danger colour until closed, with the way to its window in
    /// Estado de pagos, where «Devolver dinero» gives the customer the money back.
    fn paid_twice_ui(&mut self, ui: &mut Ui, actions: &mut Vec<crate::ui::AppAction>) {
        let mut closed = None;
        for (index, twice) in self.paid_twice.iter().enumerate() {
            let words = twice.words();
            let tone = crate::ui::theme::Tone::Danger;
            if note(ui, tone, Some(t!("dismiss")), |ui| {
                let palette = crate::ui::theme::palette(ui);
                ui.label(
                    RichText::new(words)
                        .size(crate::ui::theme::size::EMPHASIS)
                        .strong()
                        .color(palette.on_fill),
                );
                if ui.button(t!("cashsale-paid-twice-open")).clicked() {
                    actions.push(crate::ui::AppAction::OpenPayment(twice.sale.clone()));
                    actions.push(crate::ui::AppAction::GoTo(Panel::Status));
                }
            }) {
                closed = Some(index);
            }
        }
        if let Some(index) = closed {
            self.paid_twice.remove(index);
        }
    }
}

/// Lays `add` over the top right corner of `over` (the panel's area), above the panel and below
/// any dialog: what is drawn there comes and goes without moving what lies beneath.
pub fn overlay(ctx: &egui::Context, over: egui::Rect, add: impl FnOnce(&mut Ui)) {
    let width = (over.width() * 0.5).clamp(OVERLAY_WIDTH.0, OVERLAY_WIDTH.1);
    egui::Area::new(egui::Id::unique("banners-overlay"))
        .order(egui::Order::Middle)
        .fixed_pos(over.right_top() + egui::vec2(-OVERLAY_INSET, OVERLAY_INSET))
        .pivot(egui::Align2::RIGHT_TOP)
        .constrain_to(over)
        .show(ctx, |ui| {
            ui.set_width(width.min(over.width() - 2.0 * OVERLAY_INSET));
            ui.spacing_mut().item_spacing.y = crate::ui::theme::space::SMALL;
            add(ui);
        });
}

/// The overlay's width, narrowest and widest: half the panel in between, and no wider than the
/// empty right side the panels leave at 1366 pixels (Saldo's amounts, Cuadre's table and the sale
/// form on the left stay clear of it while an approval is shown).
const OVERLAY_WIDTH: (f32, f32) = (280.0, 400.0);

/// How far the overlay keeps from the panel's edges.
const OVERLAY_INSET: f32 = 6.0;

/// One note of the overlay in `tone`'s colour, with `button` (or none) at its right; true when
/// the button was pressed.
pub fn note(
    ui: &mut Ui,
    tone: crate::ui::theme::Tone,
    button: Option<String>,
    add: impl FnOnce(&mut Ui),
) -> bool {
    let palette = crate::ui::theme::palette(ui);
    let mut pressed = false;
    egui::Frame::new()
        .fill(palette.fill_of(tone))
        .inner_margin(10.0)
        .corner_radius(6.0)
        .shadow(ui.visuals().popup_shadow)
        .show(ui, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                if let Some(button) = button {
                    pressed = ui.button(button).clicked();
                }
                ui.with_layout(egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                    add(ui);
                });
            });
        });
    pressed
}

/// Why the service said a payment did not go through: the newest notification's
/// `error.message` for it, when one came.
pub fn failure_reason(notifications: &[StoredNotification], reference: &str) -> Option<String> {
    notifications
        .iter()
        .filter(|n| n.reference_id == reference)
        .find_map(|n| n.error_message.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ended(reference: &str, status: TransactionStatus) -> Ended {
        Ended {
            reference: reference.into(),
            status,
            amount: Some(crate::money::Pesos::new(12_000)),
            payment: None,
            description: String::new(),
        }
    }

    #[test]
    fn an_approval_goes_by_itself_and_a_decline_waits_for_the_cashier() {
        let ctx = egui::Context::default();
        let mut banners = Banners::default();
        banners.push(ended("A", TransactionStatus::Approved));
        banners.push(ended("D", TransactionStatus::Rejected));
        let frame_at = |time: f64, banners: &mut Banners| {
            let input = egui::RawInput {
                time: Some(time),
                ..Default::default()
            };
            let mut output = ctx.run_ui(input, |ui| banners.ui(ui, &[]));
            // No renderer here to take the font atlas.
            output.textures_delta.clear();
        };
        frame_at(10.0, &mut banners);
        frame_at(10.0 + APPROVED_SHOWN_FOR - 1.0, &mut banners);
        assert_eq!(banners.list.len(), 2, "both still shown");
        frame_at(10.0 + APPROVED_SHOWN_FOR + 1.0, &mut banners);
        let left: Vec<&str> = banners.list.iter().map(|b| b.reference.as_str()).collect();
        assert_eq!(left, ["D"], "the decline stays until closed");
    }

    #[test]
    fn approvals_that_come_later_do_not_hide_a_decline() {
        let ctx = egui::Context::default();
        let mut banners = Banners::default();
        banners.push(ended("D", TransactionStatus::Rejected));
        for reference in ["A1", "A2", "A3", "A4"] {
            banners.push(ended(reference, TransactionStatus::Approved));
        }
        let mut drawn = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            banners.ui(ui, &[]);
            drawn = banners
                .list
                .iter()
                .filter(|banner| banner.first_shown.is_some())
                .map(|banner| banner.reference.clone())
                .collect();
        });
        output.textures_delta.clear();
        assert_eq!(
            drawn,
            ["D", "A3", "A4"],
            "the decline and the newest approvals"
        );
    }
}
