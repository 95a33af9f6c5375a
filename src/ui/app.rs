//! The app's draw: the connection, the navigation, the customer screen, and `logic` then `ui`
//! each frame. The panels are `panels::Panels`, the top bar `top_bar.rs`, the token prompt
//! `session_prompt.rs`.

use std::sync::Arc;

use egui::Ui;

use super::chrome::banners::{Banners, failure_reason};
use super::chrome::session_prompt::SessionPrompt;
use super::customer::{CreatedPayment, CustomerAction, CustomerScreen};
use super::display::{CustomerDisplay, DisplayInputs};
use super::options::AppOptions;
use super::panels::{DrawContext, Panels};
use super::plumbing::bridge::{Bridge, Requested, Task};
use super::plumbing::news::News;
use super::preferences::{PREFERENCES_KEY, Preferences};
use super::services::access::Access;
use super::services::alerts::AlertSettings;
use super::services::session::{self, LocalStores, Session};
use super::services::today::TodayFromLedger;
use super::services::tracker::{Ended, Tracker, TrackerStore};
use super::sizing::Sizing;
use super::widgets::form::error_box;
use super::{AppAction, LogicContext, Panel, ThemeChoice};
use crate::i18n::{self, Language};
use crate::t;
use crate::webhook::ReceiverEvent;

/// What the app hears each frame, gathered as news for every panel.
mod hear;

pub struct PaydeskApp {
    bridge: Bridge,
    options: AppOptions,
    prefs: Preferences,
    /// The language on screen; Settings changes it, and it takes effect on the next frame.
    language: Language,
    applied_theme: Option<ThemeChoice>,
    sizing: Sizing,
    stores: Option<LocalStores>,
    stores_task: Option<Task<LocalStores>>,
    session: Requested<Arc<Session>>,
    /// A profile asked for by a reconnect, until it connects.
    wanted_profile: Option<String>,
    /// The profile of the last session that connected.
    connected_profile: Option<String>,
    tracker: Tracker,
    nav: Panel,
    banners: Banners,
    customer: Option<CustomerScreen>,
    /// The customer's own window, on a monitor of their own; the cashier's stays the till.
    display: CustomerDisplay,
    /// Since when the service has not answered, as the last `logic` read it.
    service_away: Option<i64>,
    /// Paper: printing asked for by the panels, and receipts on approval.
    paper: super::services::paper::Paper,
    prompt: SessionPrompt,
    actions: Vec<AppAction>,
    /// What panels wrote last frame (`AppAction::Tell`), told to every panel this frame.
    told: Vec<News>,
    webhook_events: tokio::sync::mpsc::UnboundedReceiver<ReceiverEvent>,
    webhook_sender: tokio::sync::mpsc::UnboundedSender<ReceiverEvent>,
    /// Today's payments from the ledger, and what other tills write to a shared one.
    today: TodayFromLedger,
    /// The books' copies, the way back when they cannot be opened, where saved files go.
    backups: crate::ui::services::backups::Backups,
    /// How long customers' personal data is kept, and forgetting one.
    customer_data: crate::ui::services::customer_data::CustomerData,
    /// The notifications stored, as the whole app reads them.
    feed: crate::ui::services::feed::NotificationFeed,
    /// Who is at the till and what they may reach (Caja or the owner's side).
    access: Access,
    panels: Panels,
    /// New versions: looked for in the background, said once, installed at close.
    updates: super::services::updates::UpdateWatch,
}

impl PaydeskApp {
    /// The customer display, for tests to read what it shows.
    pub fn customer_display(&self) -> &CustomerDisplay {
        &self.display
    }

    pub fn new(
        cc: &eframe::CreationContext<'_>,
        runtime: tokio::runtime::Handle,
        options: AppOptions,
    ) -> PaydeskApp {
        let prefs: Preferences = cc
            .storage
            .and_then(|storage| eframe::get_value(storage, PREFERENCES_KEY))
            .unwrap_or_default();
        let language = options
            .language
            .or(prefs.language)
            .unwrap_or_else(Language::from_os);
        i18n::set(language);
        super::theme::install(&cc.egui_ctx);
        let bridge = Bridge::new(runtime, cc.egui_ctx.clone());
        let voice =
            super::services::voice::TillVoice::new(options.speaker.clone(), Default::default());
        voice.load(bridge.runtime(), &options.paths);
        let alerts = AlertSettings::new(
            options.alerts && prefs.notifications,
            options.alerts && prefs.sound,
        )
        .with_voice(voice);
        let (webhook_sender, webhook_events) = tokio::sync::mpsc::unbounded_channel();
        let stores_task = Some(session::open_stores(
            &bridge,
            options.secrets.clone(),
            &options.paths,
            options.profile.clone(),
        ));
        PaydeskApp {
            display: CustomerDisplay::new(options.monitors.clone()),
            nav: prefs.last_panel,
            wanted_profile: options.profile.clone(),
            connected_profile: None,
            bridge,
            options,
            prefs,
            language,
            applied_theme: None,
            sizing: Sizing::default(),
            stores: None,
            stores_task,
            session: Requested::NotRequested,
            tracker: Tracker::new(alerts),
            banners: Banners::default(),
            customer: None,
            service_away: None,
            paper: super::services::paper::Paper::default(),
            prompt: SessionPrompt::default(),
            actions: Vec::new(),
            told: Vec::new(),
            webhook_events,
            webhook_sender,
            today: TodayFromLedger::default(),
            backups: crate::ui::services::backups::Backups::default(),
            customer_data: crate::ui::services::customer_data::CustomerData::default(),
            feed: Default::default(),
            access: Access::default(),
            panels: Panels::default(),
            updates: Default::default(),
        }
    }

    /// The connected session, once there is one.
    pub fn session(&self) -> Option<&Arc<Session>> {
        self.session.value()
    }

    pub fn tracker(&self) -> &Tracker {
        &self.tracker
    }

    pub fn tracker_mut(&mut self) -> &mut Tracker {
        &mut self.tracker
    }

    /// Goes to `panel` as the navigation would: only where the person at the till may go.
    pub fn show_panel(&mut self, panel: Panel) {
        if self.access.may_open(panel) {
            self.nav = panel;
        }
    }

    /// The panel on screen: the one chosen, while the person at the till may see it.
    pub fn panel(&self) -> Panel {
        if self.access.may_open(self.nav) {
            self.nav
        } else {
            Panel::Collect
        }
    }

    pub fn access(&self) -> &Access {
        &self.access
    }

    fn connect(&mut self) {
        let Some(stores) = self.stores.clone() else {
            return;
        };
        self.session.start(session::start(
            &self.bridge,
            self.options.paths.clone(),
            self.wanted_profile.clone(),
            self.options.env.clone(),
            stores,
            session::WebhookSetup {
                listen: self.options.webhook_listen,
                events: self.webhook_sender.clone(),
                running: self
                    .session
                    .value()
                    .and_then(|session| session.receiver.as_ref().ok().cloned()),
            },
            self.session
                .value()
                .and_then(|session| session.connection.simulator.clone()),
        ));
    }

    fn apply_theme(&mut self, ctx: &egui::Context) {
        if self.applied_theme == Some(self.prefs.theme) {
            return;
        }
        ctx.set_theme(match self.prefs.theme {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        });
        self.applied_theme = Some(self.prefs.theme);
    }

    /// The customer's screen closes; "Cobrar de nuevo" starts the same sale again in Cobrar.
    fn close_customer(&mut self, collect_again: bool) {
        let Some(screen) = self.customer.take() else {
            return;
        };
        if collect_again {
            self.panels.collect.collect_again(&screen.payment);
            self.nav = Panel::Collect;
        }
        self.tracker.show_on_screen(None);
        self.bridge
            .ctx()
            .send_viewport_cmd(egui::ViewportCommand::Fullscreen(false));
    }

    /// The customer's own monitor when there is one (the cashier's window stays the till),
    /// else the cashier's whole window.
    fn show_customer(&mut self, payment: CreatedPayment) {
        self.tracker.show_on_screen(Some(payment.reference.clone()));
        let received_before = self
            .tracker
            .find(&payment.reference)
            .map_or(0, |tracked| tracked.received.len());
        let ctx = self.bridge.ctx().clone();
        if let Some(place) = self.display.place_beside(&ctx) {
            tracing::info!(reference = %payment.reference, "a sale is on the customer display");
            self.display.show(payment, received_before, place);
            return;
        }
        tracing::info!(reference = %payment.reference, "a sale is on the customer screen");
        self.customer = Some(CustomerScreen::new(payment, received_before));
        // The customer sees the amount and the QR on the whole screen.
        ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(true));
    }

    /// The customer display follows its sale, and goes idle after its end.
    fn display_logic(&mut self, ctx: &egui::Context) {
        let notifications = self.feed.recent();
        let shop = self.session.value().map(|s| s.shop_name());
        let inputs = DisplayInputs {
            now: ctx.input(|i| i.time),
            shop: shop.unwrap_or_default(),
            tracker: &self.tracker,
            notifications: &notifications,
            service_away: self.service_away,
            books: self.session.value().and_then(|session| {
                let ledger = session.ledger.clone().ok()?;
                Some((ledger, session.profile_name().to_owned()))
            }),
        };
        self.display
            .logic(&self.bridge, &self.options.paths, inputs);
    }

    fn handle_actions(&mut self) {
        for action in std::mem::take(&mut self.actions) {
            match action {
                AppAction::GoTo(panel) => self.show_panel(panel),
                AppAction::ShowCustomer(payment) => self.show_customer(*payment),
                AppAction::Reconnect(profile) => {
                    if profile.is_some() {
                        self.wanted_profile = profile;
                    }
                    self.connect();
                }
                AppAction::SignIn(needed) => self.prompt.ask(needed),
                AppAction::OfferSignIn => self.prompt.offer_sign_in(),
                AppAction::CloseCustomer { collect_again } => self.close_customer(collect_again),
                AppAction::Updates(command) => self.updates.queued.push(command),
                AppAction::OpenPayment(reference) => self.panels.open_sale(reference),
                AppAction::Tell(item) => self.told.push(item),
                AppAction::ClearDisplay if self.display.holds_a_sale() => {
                    self.tracker.show_on_screen(None);
                    self.display.clear();
                }
                AppAction::ClearDisplay => {}
            }
        }
    }
}

impl eframe::App for PaydeskApp {
    /// Everything that changes the app's state, each frame: the connection, what the books, the
    /// receiver and the followers report (told to every panel as [`News`]), the panels' own
    /// work, and what was asked for while drawing.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.apply_theme(ctx);
        self.sizing.apply(
            ctx,
            &mut self.prefs.zoom_percent,
            &mut self.prefs.window_fitted,
        );
        let mut news = std::mem::take(&mut self.told);
        self.follow_language(&mut news);
        self.follow_connection(&mut news);
        if let Some(session) = self.session.value().cloned() {
            self.follow_books(&session, &mut news);
            self.follow_people(ctx, &session);
        }
        // Someone else at the till: what the one before searched, exported or printed goes.
        if self.access.another_person() {
            news.push(News::AnotherPerson);
            self.paper.forget_outcome();
        }
        // Approvals the service confirmed this frame: their receipts, when the owner asked.
        let mut approvals = Vec::new();
        self.follow_receiver(&mut news, &mut approvals);
        self.follow_payments(&mut news, &mut approvals);
        if let Some(session) = self.session.value().cloned() {
            let turned_to = (self.prefs.last_panel != self.nav).then_some(self.nav);
            self.today
                .follow_day_money(&self.bridge, &session, &news, turned_to);
        }
        for item in &news {
            self.feed.hear(item);
            self.panels.tell(item);
        }
        if let Some(session) = self.session.value().cloned() {
            self.run_panels(&session, &approvals);
        }
        // The actions first: Configuración's update commands reach the updater this frame, not
        // at the next input.
        self.handle_actions();
        self.updates_logic();
        self.display_logic(ctx);
        self.prefs.last_panel = self.nav;
        self.prefs.notifications = self.tracker.alerts().notifications();
        self.prefs.sound = self.tracker.alerts().sound();
    }

    /// Only draws: what a click asks for is queued (the panels' queues, `actions`) and run by
    /// the next `logic`.
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.banners
            .window_ui(ui.ctx(), self.panel(), &self.tracker);
        self.display.ui(ui.ctx());
        if self.customer.is_some() {
            self.customer_ui(ui);
            return;
        }
        let session = self.session.value().cloned();
        self.bars_ui(ui, session.as_deref());
        self.navigation_ui(ui);
        egui::CentralPanel::default().show(ui, |ui| self.central_ui(ui, session.as_ref()));
        // A new token is the owner's to type: in Caja the top bar says to call the owner.
        if let Some(session) = &session
            && self.access.owner_side()
        {
            let sign_in_offered = session.connection.client.dialect().has_sign_in();
            self.prompt.ui(ui, sign_in_offered);
        }
        if self.language != i18n::current() || !self.actions.is_empty() {
            // Settings chose a language, or a click asked for something: the next frame's
            // `logic` takes it, so that frame is wanted now.
            ui.ctx().request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFERENCES_KEY, &self.prefs);
    }
}

impl PaydeskApp {
    /// The token prompt, the books' copies, customers' data, every panel's own work, and paper.
    fn run_panels(&mut self, session: &Arc<Session>, approvals: &[Ended]) {
        self.feed.logic(&self.bridge, session);
        if self
            .prompt
            .logic(&self.bridge, session, &self.options.paths)
        {
            self.connect();
        }
        let restored = self.backups.logic(
            &self.bridge,
            session,
            &mut self.options.paths,
            &self.options.picker,
            &self.access,
        );
        if restored == super::services::backups::Restored::Yes {
            // The books are new under every panel: the session opens them again.
            self.actions.push(AppAction::Reconnect(None));
        }
        self.customer_data
            .logic(&self.bridge, session, &self.options.paths, &self.access);
        let mut work = LogicContext {
            bridge: &self.bridge,
            session,
            tracker: &mut self.tracker,
            paths: &self.options.paths,
            actions: &mut self.actions,
            backups: &mut self.backups,
            customer_data: &mut self.customer_data,
            access: &mut self.access,
            notifications: self.feed.recent(),
            paper: &mut self.paper,
        };
        self.panels.logic(&mut work);
        for ended in approvals
            .iter()
            .filter(|ended| ended.status == crate::api::TransactionStatus::Approved)
        {
            self.paper.approved(
                &ended.reference,
                ended.payment.as_deref(),
                &self.bridge,
                session,
            );
        }
        self.paper.logic(&self.bridge, session, &self.options.paths);
    }

    /// The customer's screen, the whole window; what the cashier does there is queued.
    fn customer_ui(&mut self, ui: &mut Ui) {
        let Some(screen) = &mut self.customer else {
            return;
        };
        let (state, paid) = screen.state_of(self.tracker.find(screen.reference()));
        let reason = failure_reason(&self.feed.recent(), screen.reference());
        let away = self.service_away;
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(action) = screen.ui(ui, state, paid, reason.as_deref(), away) {
                self.actions.push(AppAction::CloseCustomer {
                    collect_again: action == CustomerAction::CollectAgain,
                });
                ui.ctx().request_repaint();
            }
        });
    }

    /// The top bar, and what stands over every panel: damaged books, the PIN prompt.
    fn bars_ui(&mut self, ui: &mut Ui, session: Option<&Session>) {
        super::chrome::top_bar::show(
            ui,
            session,
            self.today.away(),
            self.service_away,
            super::chrome::top_bar::Copies::of(&self.backups),
            &mut self.prefs.theme,
            &mut self.access,
        );
        super::chrome::damaged_books::show(ui, &mut self.backups, self.access.owner_side());
        super::chrome::pin_prompt::show(ui, &mut self.access);
    }

    /// The side bar: what is clicked there is queued for the next `logic`.
    fn navigation_ui(&mut self, ui: &mut Ui) {
        if let Some(panel) = super::chrome::side_bar::side_bar(ui, self.nav, &self.access) {
            self.actions.push(AppAction::GoTo(panel));
        }
    }

    /// The banners, then the panel on screen.
    fn central_ui(&mut self, ui: &mut Ui, session: Option<&Arc<Session>>) {
        if self.access.owner_side() {
            self.updates.offer_ui(ui);
        }
        // Laid over the panel's corner: what comes and goes there moves nothing beneath.
        let notes = super::chrome::banners::TillNotes {
            session_ended: self.prompt.is_open() && self.access.in_caja(),
            caja_notice: &mut self.access.caja_notice,
            display_holds_a_sale: self.display.holds_a_sale(),
            actions: &mut self.actions,
        };
        let notifications = self.feed.recent();
        self.banners.overlay_ui(ui, &notifications, notes);
        let Some(session) = session else {
            self.connecting_ui(ui);
            return;
        };
        if let Some(error) = self.session.error() {
            error_box(ui, error);
        }
        // Panels only draw: what they ask for is queued and run by the next `logic`.
        let notifications = self.feed.recent();
        let updates = self.updates.view();
        let nav = self.panel();
        let mut draw = DrawContext {
            access: &self.access,
            session,
            tracker: &self.tracker,
            notifications: &notifications,
            feed: &self.feed,
            paths: &self.options.paths,
            backups: &self.backups,
            customer_data: &self.customer_data,
            theme: &mut self.prefs.theme,
            language: &mut self.language,
            zoom_percent: &mut self.prefs.zoom_percent,
            screen_zoom: self.sizing.screen_zoom(),
            paper: &mut self.paper,
            service_away: self.service_away,
            updates: &updates,
        };
        self.panels.show(nav, ui, &mut draw);
    }

    /// A new session: its ledger backs the payment list, and today's payments come back. Another
    /// profile is another merchant: what the app showed of the previous one goes, and the
    /// panels hear so.
    fn on_connected(&mut self, session: &Arc<Session>) -> News {
        let profile = session.profile_name().to_owned();
        let another_merchant = self
            .connected_profile
            .as_ref()
            .is_some_and(|previous| *previous != profile);
        if another_merchant {
            self.banners = Banners::default();
            if self.customer.take().is_some() {
                self.tracker.show_on_screen(None);
            }
            self.display.clear();
        }
        self.connected_profile = Some(profile);
        self.access
            .connected(session.people.clone(), self.bridge.ctx().input(|i| i.time));
        if let Some(stores) = &mut self.stores {
            // The profile's ledger, kept for the next reconnect (another profile may name
            // another one).
            stores.ledger = session.ledger.clone();
        }
        self.today.listen(&self.bridge, session);
        // A line that drops or comes back is drawn at once, even with nothing else moving.
        let mut reach = session.connection.client.reachability().subscribe();
        let ctx = self.bridge.ctx().clone();
        self.bridge.runtime().spawn(async move {
            while reach.changed().await.is_ok() {
                ctx.request_repaint();
            }
        });
        let store = session.ledger.clone().ok().map(|ledger| TrackerStore {
            ledger,
            profile: session.profile_name().to_owned(),
        });
        self.tracker.set_store(store.clone());
        self.tracker.catalog = session.connection.catalog.clone();
        self.today.restore(&self.bridge, session, true);
        News::Connected { another_merchant }
    }

    /// Updates: never looked for while a sale is on screen.
    fn updates_logic(&mut self) {
        let sale_on_screen = self.customer.is_some()
            || self.display.holds_a_sale()
            || self.panels.sale_in_progress(&self.tracker);
        if self.options.updates {
            self.updates
                .logic(&self.bridge, &self.options.paths, sale_on_screen);
        }
    }

    fn connecting_ui(&mut self, ui: &mut Ui) {
        match self.session.error() {
            Some(error) => {
                ui.heading(t!("connect-failed"));
                error_box(ui, error);
                if ui.button(t!("try-again")).clicked() {
                    self.actions.push(AppAction::Reconnect(None));
                }
                if self.wanted_profile.as_deref() != Some(crate::config::SIMULATOR_PROFILE)
                    && ui.button(t!("use-simulator")).clicked()
                {
                    self.actions.push(AppAction::Reconnect(Some(
                        crate::config::SIMULATOR_PROFILE.to_owned(),
                    )));
                }
            }
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("connecting"));
                });
            }
        }
    }
}
