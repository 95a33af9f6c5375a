//! Every panel of the app, registered once: a navigation entry meets its panel in `get`.

use egui::Ui;

use super::contract::{DrawContext, PanelState};
use super::{
    accounts, activity, balance, collect, payouts, reconcile, register, settings, shift, status,
    tabs,
};
use crate::ui::plumbing::news::News;
use crate::ui::services::tracker::Tracker;
use crate::ui::{LogicContext, Panel};

/// Every panel of the app.
#[derive(Default)]
pub struct Panels {
    pub collect: collect::CollectPanel,
    pub status: status::StatusPanel,
    pub shift: shift::ShiftPanel,
    pub tabs: tabs::TabsPanel,
    pub payouts: payouts::PayoutsPanel,
    pub balance: balance::BalancePanel,
    pub reconcile: reconcile::ReconcilePanel,
    pub accounts: accounts::AccountsPanel,
    pub activity: activity::ActivityPanel,
    pub register: register::RegisterPanel,
    pub settings: settings::SettingsPanel,
}

impl Panels {
    /// The one place a navigation entry meets its panel.
    fn get(&mut self, which: Panel) -> &mut dyn PanelState {
        match which {
            Panel::Collect => &mut self.collect,
            Panel::Status => &mut self.status,
            Panel::Shift => &mut self.shift,
            Panel::Tabs => &mut self.tabs,
            Panel::Payouts => &mut self.payouts,
            Panel::Balance => &mut self.balance,
            Panel::Reconcile => &mut self.reconcile,
            Panel::Accounts => &mut self.accounts,
            Panel::Activity => &mut self.activity,
            Panel::Register => &mut self.register,
            Panel::Settings => &mut self.settings,
        }
    }

    /// Every panel's `logic`, shown or not: a request started on one panel finishes while
    /// another is on screen.
    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for which in Panel::ALL {
            self.get(which).logic(work);
        }
    }

    pub fn show(&mut self, which: Panel, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.get(which).show(ui, draw);
    }

    /// Whether any panel holds a sale in progress.
    pub fn sale_in_progress(&mut self, tracker: &Tracker) -> bool {
        Panel::ALL
            .into_iter()
            .any(|which| self.get(which).holds_a_sale(tracker))
    }

    /// A sale of today's list opened in its window in Estado de pagos, where «Devolver dinero»
    /// is: the paid-twice alert's way to give the money back.
    pub fn open_sale(&mut self, reference: String) {
        self.status.opened = Some(reference);
    }

    /// Every panel hears every piece of news, shown or not.
    pub fn tell(&mut self, news: &News) {
        for which in Panel::ALL {
            self.get(which).hear(news);
        }
    }
}
