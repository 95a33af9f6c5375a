//! One file (or folder) per panel: its state, its `logic` (running what it queued, polling its
//! requests) and its drawing. Every panel keeps one contract, [`PanelState`], and is registered
//! once, in [`Panels`]: adding a panel is its own file, its entry in `ui::Panel` (with who may open
//! it), and its line in `Panels::get`; it hears the app's [`News`] through `hear`, so the app's
//! shell (`ui/app.rs`) is not touched.

pub mod accounts;
pub mod activity;
pub mod activity_log;
pub mod backups_settings;
pub mod balance;
pub mod collect;
pub mod context;
pub mod customer_data_settings;
pub mod ledger_settings;
pub mod owner_charts;
pub mod payouts;
pub mod people_settings;
pub mod printer_settings;
pub mod reconcile;
pub mod register;
pub mod settings;
pub mod speech_settings;
pub mod status;
pub mod update_settings;

use egui::Ui;

use super::plumbing::news::News;
use super::services::tracker::Tracker;
use super::{LogicContext, Panel, ThemeChoice};
use crate::config::Paths;
use crate::i18n::Language;
use crate::ledger::StoredNotification;
use crate::ui::services::session::Session;

/// The contract of a panel. Its state lives apart from drawing: `show` only draws, from a view
/// it makes of the [`DrawContext`], and queues what it needs done as a small command value in its own
/// `Queue`; the next `logic` runs it and takes what the runtime sent back. So a panel can be
/// drawn and clicked in a test on its own state, with no session (`tests/ui_panels.rs` calls its
/// drawing with a view of its own).
pub trait PanelState {
    fn logic(&mut self, ctx: &mut LogicContext<'_>);
    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>);
    /// What happened elsewhere; each panel decides what of it makes it stale. Most hear nothing.
    fn hear(&mut self, _news: &News) {}
    /// A sale the cashier is making here (being typed, waiting, or its QR up while open):
    /// background work that can wait, waits for it.
    fn holds_a_sale(&self, _tracker: &Tracker) -> bool {
        false
    }
}

/// What the app hands a panel to draw with, each frame.
pub struct DrawContext<'a> {
    /// Who is at the till: what the panel offers follows it.
    pub access: &'a crate::ui::services::access::Access,
    pub session: &'a Session,
    pub tracker: &'a Tracker,
    /// The webhook notifications last loaded, newest first.
    pub notifications: &'a [StoredNotification],
    /// The app's feed of notifications and refusals, which Notificaciones shows.
    pub feed: &'a crate::ui::services::feed::NotificationFeed,
    pub paths: &'a Paths,
    pub backups: &'a crate::ui::services::backups::Backups,
    pub customer_data: &'a crate::ui::services::customer_data::CustomerData,
    /// The person's choices that Settings changes in place.
    pub theme: &'a mut ThemeChoice,
    pub language: &'a mut Language,
    pub zoom_percent: &'a mut Option<u16>,
    pub screen_zoom: Option<f32>,
    /// Paper: the panels ask it to print.
    pub paper: &'a mut crate::ui::services::paper::Paper,
    /// Since when the service has not answered (ms since the epoch), while it does not.
    pub service_away: Option<i64>,
    /// Where updates stand, as the app's update watch says.
    pub updates: &'a crate::ui::services::updates::UpdatesView,
}

/// Every panel of the app.
#[derive(Default)]
pub struct Panels {
    pub collect: collect::CollectPanel,
    pub status: status::StatusPanel,
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

    /// Every panel hears every piece of news, shown or not.
    pub fn tell(&mut self, news: &News) {
        for which in Panel::ALL {
            self.get(which).hear(news);
        }
    }
}

/// Another profile is another merchant: what a panel showed of the previous one goes.
fn another_merchant(news: &News) -> bool {
    matches!(
        news,
        News::Connected {
            another_merchant: true
        }
    )
}

impl PanelState for collect::CollectPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        collect::CollectPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        let mut view = collect::CollectView::of(draw.session, draw.tracker, draw.notifications);
        view.service_away = draw.service_away;
        view.seller = collect::Seller::of(draw.access);
        printer_settings::approval_problem(ui, draw.paper);
        self.ui(ui, &view);
    }

    fn holds_a_sale(&self, tracker: &Tracker) -> bool {
        self.sale_in_progress(tracker)
    }

    fn hear(&mut self, news: &News) {
        if another_merchant(news) {
            *self = Default::default();
        } else if let News::PaymentEnded { reference, .. } = news {
            self.sale_ended(reference);
        }
    }
}

impl PanelState for status::StatusPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        status::StatusPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.ui(
            ui,
            draw.tracker,
            draw.notifications,
            draw.paper,
            draw.service_away,
        );
    }

    fn hear(&mut self, news: &News) {
        if another_merchant(news) {
            *self = Default::default();
        } else if *news == News::AnotherPerson {
            self.forget_search();
        }
    }
}

impl PanelState for payouts::PayoutsPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        payouts::PayoutsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        let mut view = payouts::PayoutsView::of(draw.session);
        view.service_away = draw.service_away;
        self.ui(ui, &view);
    }

    fn hear(&mut self, news: &News) {
        match news {
            _ if another_merchant(news) => *self = Default::default(),
            News::Books { payouts: true, .. }
            | News::Notification {
                confirmed: Some(_), ..
            } => self.refresh(),
            News::Books { .. }
            | News::Notification { .. }
            | News::PaymentEnded { .. }
            | News::Connected { .. }
            | News::Language
            | News::AnotherPerson => {}
        }
    }
}

impl PanelState for balance::BalancePanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        balance::BalancePanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.ui(ui, &balance::TodayFigures::of(draw.tracker));
    }

    fn hear(&mut self, news: &News) {
        if another_merchant(news) {
            *self = Default::default();
        }
    }
}

impl PanelState for reconcile::ReconcilePanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        reconcile::ReconcilePanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.ui(
            ui,
            draw.session.ledger.is_ok(),
            draw.access.owner_side(),
            draw.paper,
        );
    }

    /// The close counts notifications, payouts and every payment that ends.
    fn hear(&mut self, news: &News) {
        match news {
            _ if another_merchant(news) => *self = Default::default(),
            News::Books {
                notifications: false,
                payouts: false,
            }
            | News::Connected { .. }
            | News::Language => {}
            News::Books { .. } | News::Notification { .. } | News::PaymentEnded { .. } => {
                self.mark_stale()
            }
            News::AnotherPerson => self.forget_person(),
        }
    }
}

impl PanelState for accounts::AccountsPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        accounts::AccountsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, _shell: &mut DrawContext<'_>) {
        self.ui(ui);
    }

    fn hear(&mut self, news: &News) {
        if another_merchant(news) {
            *self = Default::default();
        }
    }
}

impl PanelState for activity::ActivityPanel {
    /// The feed it shows is the app's (`services::feed`): nothing of its own to do or hear.
    fn logic(&mut self, _ctx: &mut LogicContext<'_>) {}

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.ui(ui, &activity::ActivityView::of(draw.session), draw.feed);
    }
}

impl PanelState for register::RegisterPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        register::RegisterPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        self.ui(ui, draw.session.profile_name());
    }
}

impl PanelState for settings::SettingsPanel {
    fn logic(&mut self, work: &mut LogicContext<'_>) {
        settings::SettingsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut DrawContext<'_>) {
        let mut view = settings::SettingsView::of(
            draw.session,
            draw.paths,
            draw.tracker.alerts(),
            (draw.backups, draw.customer_data),
            draw.access,
        );
        view.updates = draw.updates.clone();
        self.ui(
            ui,
            &view,
            draw.theme,
            draw.language,
            (draw.zoom_percent, draw.screen_zoom),
            draw.paper,
        );
    }
}
