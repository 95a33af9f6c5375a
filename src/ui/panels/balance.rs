//! Balance: both bags with the service's date, and today's approved collections beside them.
//!
//! The panel only draws: what it needs done it queues as a [`BalanceCommand`], and `logic` runs
//! it on the next frame. So its state can be drawn and clicked in a test with no service.

use crate::t;
use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::api::{Balance, TransactionStatus};
use crate::money::Pesos;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::services::tracker::Tracker;
use crate::ui::widgets::form::error_box;

/// What the panel asks the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BalanceCommand {
    /// Ask the service for both bags.
    Refresh,
}

/// Today's approved collections, as the payment list knows them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TodayFigures {
    pub gross: Pesos,
    pub fee: Pesos,
    pub net: Pesos,
    /// Approved payments whose fee the service has reported.
    pub with_fee: usize,
    pub approved: usize,
}

impl TodayFigures {
    pub fn of(tracker: &Tracker) -> TodayFigures {
        let (gross, fee, net, with_fee) = tracker.approved_figures();
        // The payments the figures add up (a counter QR's payments each count), as the close
        // counts them.
        let approved = tracker.day_money.map_or_else(
            || {
                tracker
                    .payments
                    .iter()
                    .filter(|p| p.status == Some(TransactionStatus::Approved))
                    .count()
            },
            |money| money.totals.count,
        );
        TodayFigures {
            gross,
            fee,
            net,
            with_fee,
            approved,
        }
    }
}

#[derive(Default)]
pub struct BalancePanel {
    pub balance: Requested<Balance>,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<BalanceCommand>,
    /// The frame it was last drawn in: drawn again after frames without it, it was opened
    /// again, and money may have moved meanwhile.
    pub last_drawn: Option<u64>,
}

impl BalancePanel {
    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        // However often it was asked for, once.
        if self.queued.take().contains(&BalanceCommand::Refresh) {
            self.refresh(work);
        }
        if self.balance.poll()
            && let Some(error) = self.balance.error()
        {
            work.note_error(error);
        }
    }

    fn refresh(&mut self, work: &mut LogicContext<'_>) {
        let client = work.session.connection.client.clone();
        // Without a user id the client asks for the signed-in user's bags where the interface
        // allows it, and says what is missing where it does not.
        let user_id = work.session.connection.user_id;
        self.balance.start(
            work.bridge
                .spawn(async move { Ok(client.balance(user_id).await?.value) }),
        );
    }

    pub fn ui(&mut self, ui: &mut Ui, today: &TodayFigures) {
        // Opened (the first time, or again): the bags are asked for, and what was shown before
        // stays while the answer comes, so an old figure is never left standing unasked.
        let frame = ui.ctx().cumulative_frame_nr();
        let opened = self.last_drawn.is_none_or(|last| frame > last + 1);
        self.last_drawn = Some(frame);
        if opened && !self.balance.is_pending() && self.queued.is_empty() {
            self.queued.ask(ui, BalanceCommand::Refresh);
        }
        ui.horizontal(|ui| {
            ui.heading(t!("nav-balance"));
            if ui
                .add_enabled(!self.balance.is_pending(), egui::Button::new(t!("refresh")))
                .clicked()
            {
                self.queued.ask(ui, BalanceCommand::Refresh);
            }
            if self.balance.is_pending() {
                ui.spinner();
            }
        });
        if let Some(error) = self.balance.error() {
            error_box(ui, error);
        }
        if let Some(balance) = self.balance.value() {
            bags_ui(ui, balance);
        }
        ui.separator();
        today_ui(ui, today);
    }
}

/// A bag by the words a shop owner uses: the service's "Saldo Multiproducto" is where what
/// customers paid lands (docs/decisions.md) and "Saldo Dispersión" what pays payouts, and each
/// is called so, with the service's label beside it for when she talks to the service. Other
/// labels are shown as the service wrote them.
fn bag_words(label: &str) -> String {
    let folded = crate::places::folded(label);
    if folded.contains("multiprod") {
        t!("balance-bag-sales", service = label)
    } else if folded.contains("dispersi") {
        t!("balance-bag-payouts", service = label)
    } else {
        label.to_owned()
    }
}

/// Each bag and its money; the one that pays payouts says so (when its label tells).
fn bags_ui(ui: &mut Ui, balance: &Balance) {
    let payout_bag = balance.payout_bag().map(|bag| bag.bag.clone());
    egui::Grid::new("bags")
        .num_columns(3)
        .spacing([24.0, 8.0])
        .show(ui, |ui| {
            for bag in &balance.bags {
                ui.label(bag_words(&bag.bag));
                let pesos = bag.pesos();
                let amount = pesos
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| bag.amount.clone());
                figure(ui, amount, pesos);
                if Some(&bag.bag) == payout_bag.as_ref() {
                    ui.label(RichText::new(t!("balance-pays-payouts")).weak());
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    if payout_bag.is_none() && balance.bags.len() > 1 {
        ui.label(RichText::new(t!("balance-bag-unknown")).weak());
    }
    ui.label(
        RichText::new(t!(
            "balance-as-of",
            date = crate::clock::shown_service_time(&balance.date)
        ))
        .weak(),
    );
}

/// Today's approved collections: what customers paid, the fees, what the shop receives.
fn today_ui(ui: &mut Ui, today: &TodayFigures) {
    let TodayFigures {
        gross,
        fee,
        net,
        with_fee,
        approved,
    } = *today;
    // A fee and a net that leave some payments out would read as the day's: they are shown
    // only when every approved payment's fee is known.
    let complete = with_fee == approved;
    let known = |value: Pesos| {
        if complete {
            value.to_string()
        } else {
            "—".to_owned()
        }
    };
    ui.label(RichText::new(t!("balance-today")).strong());
    egui::Grid::new("today-figures")
        .num_columns(2)
        .spacing([24.0, 6.0])
        .show(ui, |ui| {
            ui.label(t!("balance-paid-by-customers"));
            figure(ui, gross.to_string(), Some(gross));
            ui.end_row();
            ui.label(t!("balance-fees"));
            let fee_label = ui.label(known(fee));
            if complete {
                crate::ui::widgets::amount::read_as_words(&fee_label, fee);
            }
            ui.end_row();
            ui.label(t!("you-receive"));
            figure(ui, known(net), complete.then_some(net));
            ui.end_row();
        });
    if !complete {
        ui.label(
            RichText::new(t!(
                "balance-fees-partial",
                with_fee = with_fee,
                approved = approved
            ))
            .weak(),
        );
    }
}

/// A figure read at a glance: large and strong; `pesos`, when the figure is an amount the app
/// read, also in words for a screen reader.
fn figure(ui: &mut Ui, text: String, pesos: Option<Pesos>) {
    let response = ui.label(
        RichText::new(text)
            .size(crate::ui::theme::size::FIGURE)
            .strong(),
    );
    if let Some(pesos) = pesos {
        crate::ui::widgets::amount::read_as_words(&response, pesos);
    }
}

impl crate::ui::panels::PanelState for BalancePanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        BalancePanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        self.ui(ui, &TodayFigures::of(draw.tracker));
    }

    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        if crate::ui::panels::another_merchant(news) {
            *self = Default::default();
        }
    }
}
