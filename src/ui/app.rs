//! The app: connection state, the shell (top bar, navigation), and the panels.

use std::sync::Arc;

use egui::{RichText, Ui};

use crate::config::{EnvOverrides, Paths};
use crate::connection::save_credentials;
use crate::secrets::{SecretKind, SecretString};

use super::alerts::AlertSettings;
use super::banners::{Banners, failure_reason};
use super::bridge::{Bridge, Requested, Task};
use super::customer::{CustomerAction, CustomerScreen};
use super::panels::accounts::AccountsPanel;
use super::panels::activity::ActivityPanel;
use super::panels::balance::BalancePanel;
use super::panels::collect::CollectPanel;
use super::panels::collect::CollectView;
use super::panels::payouts::PayoutsPanel;
use super::panels::reconcile::ReconcilePanel;
use super::panels::register::RegisterPanel;
use super::panels::settings::SettingsPanel;
use super::panels::status::StatusPanel;
use super::session::{self, LocalStores, SecretsSource, Session};
use super::sizing::Sizing;
use super::today::TodayFromLedger;
use super::top_bar::{environment_badge, ledger_away, receiver_down};
use super::tracker::{Tracker, TrackerStore};
use super::widgets::form::{ERROR_COLOR, error_box, secret_row};
use super::{AppAction, Panel, PanelContext, ThemeChoice};
use crate::i18n::{self, Language};
use crate::t;
use crate::webhook::ReceiverEvent;

/// How the app is started: by `main` for a person, by tests with a temporary home.
#[derive(Debug, Clone)]
pub struct AppOptions {
    pub paths: Paths,
    pub profile: Option<String>,
    pub env: EnvOverrides,
    pub secrets: SecretsSource,
    /// Desktop notification and sound on approval (the Settings toggles' starting values).
    pub alerts: bool,
    /// Where the webhook receiver listens, instead of the profile's address (tests use port 0).
    pub webhook_listen: Option<std::net::SocketAddr>,
    /// Asked for on the command line (`--lang`, `PAYDESK_LANG`): it wins over the one chosen in
    /// Settings.
    pub language: Option<Language>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Preferences {
    /// Chosen in Settings; until then the system's.
    language: Option<Language>,
    theme: ThemeChoice,
    last_panel: Panel,
    notifications: bool,
    sound: bool,
    /// Text and buttons, in percent; none: from the screen's size.
    zoom_percent: Option<u16>,
    /// The window was sized to the screen once (its first start); after that it is the
    /// person's size, which eframe remembers.
    window_fitted: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            language: None,
            theme: ThemeChoice::System,
            last_panel: Panel::Collect,
            notifications: true,
            sound: true,
            zoom_percent: None,
            window_fitted: false,
        }
    }
}

const PREFERENCES_KEY: &str = "paydesk-preferences";

/// Asking for the API token again after `auth.sessionEnded`, without losing any form.
#[derive(Default)]
struct SessionPrompt {
    open: bool,
    token: String,
    /// The pasted token, asked to be saved while drawing; `logic` saves it.
    queued: Option<SecretString>,
    saving: Option<Task<Result<(), String>>>,
    problem: Option<String>,
}

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
    prompt: SessionPrompt,
    actions: Vec<AppAction>,
    webhook_events: tokio::sync::mpsc::UnboundedReceiver<ReceiverEvent>,
    webhook_sender: tokio::sync::mpsc::UnboundedSender<ReceiverEvent>,
    /// Today's payments from the ledger, and what other tills write to a shared one.
    today: TodayFromLedger,
    activity: ActivityPanel,
    collect: CollectPanel,
    status: StatusPanel,
    payouts: PayoutsPanel,
    balance: BalancePanel,
    reconcile: ReconcilePanel,
    accounts: AccountsPanel,
    register: RegisterPanel,
    settings: SettingsPanel,
}

impl PaydeskApp {
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
        let bridge = Bridge::new(runtime, cc.egui_ctx.clone());
        let alerts = AlertSettings::new(
            options.alerts && prefs.notifications,
            options.alerts && prefs.sound,
        );
        let (webhook_sender, webhook_events) = tokio::sync::mpsc::unbounded_channel();
        let stores_task = Some(session::open_stores(
            &bridge,
            options.secrets.clone(),
            &options.paths,
            options.profile.clone(),
        ));
        PaydeskApp {
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
            prompt: SessionPrompt::default(),
            actions: Vec::new(),
            webhook_events,
            webhook_sender,
            today: TodayFromLedger::default(),
            activity: ActivityPanel::default(),
            collect: CollectPanel::default(),
            status: StatusPanel::default(),
            payouts: PayoutsPanel::default(),
            balance: BalancePanel::default(),
            reconcile: ReconcilePanel::default(),
            accounts: AccountsPanel::default(),
            register: RegisterPanel::default(),
            settings: SettingsPanel::default(),
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

    pub fn show_panel(&mut self, panel: Panel) {
        self.nav = panel;
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

    fn handle_actions(&mut self) {
        for action in std::mem::take(&mut self.actions) {
            match action {
                AppAction::GoTo(panel) => self.nav = panel,
                AppAction::ShowCustomer(payment) => {
                    self.tracker.show_on_screen(Some(payment.reference.clone()));
                    let received_before = self
                        .tracker
                        .find(&payment.reference)
                        .map_or(0, |tracked| tracked.received.len());
                    self.customer = Some(CustomerScreen::new(payment, received_before));
                    // The customer sees the amount and the QR on the whole screen.
                    self.bridge
                        .ctx()
                        .send_viewport_cmd(egui::ViewportCommand::Fullscreen(true));
                }
                AppAction::Reconnect(profile) => {
                    if profile.is_some() {
                        self.wanted_profile = profile;
                    }
                    self.connect();
                }
                AppAction::SessionEnded => {
                    self.prompt.open = true;
                    self.prompt.problem = None;
                }
            }
        }
    }

    fn prompt_logic(&mut self) {
        if let Some(token) = self.prompt.queued.take()
            && let Some(session) = self.session.value().cloned()
        {
            let paths = self.options.paths.clone();
            let secrets = session.secrets.clone();
            let profile = session.profile_name().to_owned();
            self.prompt.saving = Some(self.bridge.spawn_blocking(move || {
                save_credentials(
                    &paths,
                    &secrets,
                    &profile,
                    &[(SecretKind::ApiToken, token)],
                    None,
                )
                .map(drop)
                .map_err(|e| e.to_string())
            }));
        }
        let Some(task) = &self.prompt.saving else {
            return;
        };
        let Some(result) = task.poll() else {
            return;
        };
        self.prompt.saving = None;
        match result {
            Ok(()) => {
                self.prompt = SessionPrompt::default();
                self.connect();
            }
            Err(problem) => self.prompt.problem = Some(problem),
        }
    }
}

impl eframe::App for PaydeskApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.apply_theme(ctx);
        self.sizing.apply(
            ctx,
            &mut self.prefs.zoom_percent,
            &mut self.prefs.window_fitted,
        );
        if let Some(task) = &self.stores_task
            && let Some(stores) = task.poll()
        {
            self.stores_task = None;
            self.stores = Some(stores);
            self.connect();
        }
        if self.session.poll()
            && let Some(session) = self.session.value().cloned()
        {
            self.on_connected(&session);
        }
        if let Some(session) = self.session.value().cloned() {
            let news =
                self.today
                    .logic(&self.bridge, &session, &mut self.tracker, &mut self.banners);
            if news.notifications {
                self.activity.mark_stale();
                self.reconcile.mark_stale();
            }
            if news.payouts {
                self.payouts.refresh();
                self.reconcile.mark_stale();
            }
        }
        while let Ok(event) = self.webhook_events.try_recv() {
            self.activity.mark_stale();
            self.reconcile.mark_stale();
            if let ReceiverEvent::Checked {
                reference,
                service_status: Some(status),
                state: crate::ledger::CheckState::Confirmed,
                ..
            } = &event
            {
                // A notification the service bore out: its answer is as good as our own check.
                if let Some(ended) = self.tracker.apply_status(reference, *status) {
                    self.banners.push(ended);
                }
                // The receiver wrote down a code's payment: the ledger has its amount.
                if self.tracker.find(reference).is_some_and(|p| p.repeatable)
                    && let Some(session) = self.session.value().cloned()
                {
                    self.today.restore(&self.bridge, &session, false);
                }
                self.payouts.refresh();
            }
        }
        for ended in self.tracker.drain() {
            self.reconcile.mark_stale();
            self.banners.push(ended);
        }
        self.prompt_logic();
        if let Some(session) = self.session.value().cloned() {
            let mut ctx = PanelContext {
                bridge: &self.bridge,
                session: &session,
                tracker: &mut self.tracker,
                paths: &self.options.paths,
                actions: &mut self.actions,
                notifications: self.activity.recent(),
            };
            self.activity.logic(&mut ctx);
            self.collect.logic(&mut ctx);
            self.status.logic(&mut ctx);
            self.payouts.logic(&mut ctx);
            self.balance.logic(&mut ctx);
            self.reconcile.logic(&mut ctx);
            self.accounts.logic(&mut ctx);
            self.register.logic(&mut ctx);
            self.settings.logic(&mut ctx);
        }
        self.handle_actions();
    }

    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        if let Some(screen) = &mut self.customer {
            let (state, paid) = screen.state_of(self.tracker.find(screen.reference()));
            let reason = failure_reason(&self.activity.recent(), screen.reference());
            let mut action = None;
            egui::CentralPanel::default().show(ui, |ui| {
                action = screen.ui(ui, state, paid, reason.as_deref());
            });
            if let Some(action) = action {
                if action == CustomerAction::CollectAgain {
                    self.collect.collect_again(&screen.payment);
                    self.nav = Panel::Collect;
                }
                self.customer = None;
                self.tracker.show_on_screen(None);
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::Fullscreen(false));
            }
            return;
        }
        let session = self.session.value().cloned();
        self.top_bar(ui, session.as_deref());
        egui::Panel::left("navigation")
            .resizable(false)
            .default_size(150.0)
            .show(ui, |ui| {
                ui.add_space(8.0);
                for panel in Panel::ALL {
                    let selected = self.nav == panel;
                    if ui
                        .add_sized(
                            [ui.available_width(), 30.0],
                            egui::Button::selectable(selected, panel.title()),
                        )
                        .clicked()
                    {
                        self.nav = panel;
                    }
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            self.banners.ui(ui, &self.activity.recent());
            let Some(session) = session else {
                self.connecting_ui(ui);
                return;
            };
            if let Some(error) = self.session.error() {
                error_box(ui, error);
            }
            // Panels only draw: what they ask for is queued and run by the next `logic`.
            let tracker = &self.tracker;
            match self.nav {
                Panel::Collect => self.collect.ui(
                    ui,
                    &CollectView::of(&session, tracker, &self.activity.recent()),
                ),
                Panel::Status => self.status.ui(ui, tracker, &self.activity.recent()),
                Panel::Payouts => self
                    .payouts
                    .ui(ui, &super::panels::payouts::PayoutsView::of(&session)),
                Panel::Balance => self
                    .balance
                    .ui(ui, &super::panels::balance::TodayFigures::of(tracker)),
                Panel::Reconcile => self.reconcile.ui(ui, session.ledger.is_ok()),
                Panel::Accounts => self.accounts.ui(ui),
                Panel::Activity => self
                    .activity
                    .ui(ui, &super::panels::activity::ActivityView::of(&session)),
                Panel::Register => self.register.ui(ui, session.profile_name()),
                Panel::Settings => self.settings.ui(
                    ui,
                    &super::panels::settings::SettingsView::of(
                        &session,
                        &self.options.paths,
                        tracker.alerts(),
                    ),
                    &mut self.prefs.theme,
                    &mut self.language,
                    &mut self.prefs.zoom_percent,
                    self.sizing.screen_zoom(),
                ),
            }
        });
        self.prompt_ui(ui);
        if self.language != i18n::current() {
            i18n::set(self.language);
            self.prefs.language = Some(self.language);
            ui.ctx().request_repaint();
        }
        self.prefs.last_panel = self.nav;
        self.prefs.notifications = self.tracker.alerts().notifications();
        self.prefs.sound = self.tracker.alerts().sound();
        // Actions raised while drawing (a click) are handled now, not a frame later.
        self.handle_actions();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PREFERENCES_KEY, &self.prefs);
    }
}

impl PaydeskApp {
    /// A new session: its ledger backs the payment list, and today's payments come back. Another
    /// profile is another merchant: what the panels showed of the previous one goes.
    fn on_connected(&mut self, session: &Arc<Session>) {
        let profile = session.profile_name().to_owned();
        if self
            .connected_profile
            .as_ref()
            .is_some_and(|previous| *previous != profile)
        {
            self.collect = CollectPanel::default();
            self.status = StatusPanel::default();
            self.payouts = PayoutsPanel::default();
            self.balance = BalancePanel::default();
            self.reconcile = ReconcilePanel::default();
            self.accounts = AccountsPanel::default();
            self.banners = Banners::default();
            if self.customer.take().is_some() {
                self.tracker.show_on_screen(None);
            }
        }
        self.connected_profile = Some(profile);
        if let Some(stores) = &mut self.stores {
            // The profile's ledger, kept for the next reconnect (another profile may name
            // another one).
            stores.ledger = session.ledger.clone();
        }
        self.today.listen(&self.bridge, session);
        let store = session.ledger.clone().ok().map(|ledger| TrackerStore {
            ledger,
            profile: session.profile_name().to_owned(),
        });
        self.tracker.set_store(store.clone());
        self.tracker.catalog = session.connection.catalog.clone();
        self.activity.mark_stale();
        self.today.restore(&self.bridge, session, true);
    }

    fn top_bar(&mut self, ui: &mut Ui, session: Option<&Session>) {
        egui::Panel::top("top-bar").show(ui, |ui| {
            // Wrapped: on a small screen (640 × 480) nothing is cut, it takes a second line.
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("paydesk").size(20.0).strong());
                ui.separator();
                match session {
                    Some(session) => {
                        // The merchant too: a registration changes it within the same profile.
                        ui.label(match session.connection.user_id {
                            Some(id) => t!(
                                "top-profile-merchant",
                                name = session.profile_name(),
                                id = id.to_string()
                            ),
                            None => t!("top-profile", name = session.profile_name()),
                        });
                        environment_badge(ui, session.environment());
                        if session.keyring_problem().is_some() {
                            ui.label(RichText::new(t!("top-keyring-short")).color(ERROR_COLOR))
                                .on_hover_text(t!("top-keyring-unavailable"));
                        }
                        if let Err(problem) = &session.receiver {
                            receiver_down(ui, problem);
                        }
                        match (&session.ledger, self.today.away()) {
                            (Err(problem), _) => ledger_away(ui, problem),
                            (Ok(_), Some(host)) => {
                                ledger_away(ui, &t!("ledger-unreachable", host = host.as_str()))
                            }
                            (Ok(_), None) => {}
                        }
                    }
                    None => {
                        ui.label(RichText::new(t!("connecting")).weak());
                    }
                }
                let dark = ui.visuals().dark_mode;
                if ui
                    .button(if dark {
                        t!("top-light-theme")
                    } else {
                        t!("top-dark-theme")
                    })
                    .clicked()
                {
                    self.prefs.theme = if dark {
                        ThemeChoice::Light
                    } else {
                        ThemeChoice::Dark
                    };
                }
            });
        });
    }

    fn connecting_ui(&mut self, ui: &mut Ui) {
        match self.session.error() {
            Some(error) => {
                ui.heading(t!("connect-failed"));
                error_box(ui, error);
                if ui.button(t!("try-again")).clicked() {
                    self.connect();
                }
                if self.wanted_profile.as_deref() != Some(crate::config::SIMULATOR_PROFILE)
                    && ui.button(t!("use-simulator")).clicked()
                {
                    self.wanted_profile = Some(crate::config::SIMULATOR_PROFILE.to_owned());
                    self.connect();
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

    fn prompt_ui(&mut self, ui: &mut Ui) {
        if !self.prompt.open || self.session.value().is_none() {
            return;
        }
        let modal = egui::Modal::new(egui::Id::unique("session-ended")).show(ui.ctx(), |ui| {
            ui.heading(t!("session-ended-title"));
            ui.label(t!("session-ended-body"));
            egui::Grid::new("session-token")
                .num_columns(2)
                .show(ui, |ui| {
                    secret_row(ui, &t!("api-token"), &mut self.prompt.token, "", None);
                });
            if let Some(problem) = &self.prompt.problem {
                ui.label(RichText::new(problem).color(ERROR_COLOR));
            }
            ui.horizontal(|ui| {
                let ready = !self.prompt.token.trim().is_empty()
                    && self.prompt.saving.is_none()
                    && self.prompt.queued.is_none();
                if ui
                    .add_enabled(ready, egui::Button::new(t!("sign-in-again")))
                    .clicked()
                {
                    self.prompt.queued = Some(SecretString::new(self.prompt.token.trim()));
                    self.prompt.token.clear();
                    // The next frame saves it: ask for that frame now.
                    ui.ctx().request_repaint();
                }
                if ui.button(t!("later")).clicked() {
                    self.prompt.open = false;
                }
            });
        });
        if modal.should_close() && self.prompt.saving.is_none() && self.prompt.queued.is_none() {
            self.prompt.open = false;
        }
    }
}
