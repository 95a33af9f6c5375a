//! Driving the desktop app with egui_kittest against its in-process simulator.

use std::path::Path;
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::config::{EnvOverrides, Paths};
use paydesk::i18n::Language;
use paydesk::ui::services::session::SecretsSource;
use paydesk::ui::{AppOptions, PaydeskApp};
use serde_json::Value;

pub struct App {
    pub runtime: tokio::runtime::Runtime,
    pub home: tempfile::TempDir,
}

impl App {
    pub fn new() -> App {
        App {
            runtime: tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap(),
            home: tempfile::tempdir().unwrap(),
        }
    }

    /// The app as a Colombian shop sees it: in Spanish.
    pub fn harness(&self) -> Harness<'static, PaydeskApp> {
        harness_in(
            self.home.path(),
            self.runtime.handle().clone(),
            Language::Es,
        )
    }

    /// The app with English chosen (the smaller set of tests that checks the second language).
    #[allow(dead_code)]
    pub fn harness_in_english(&self) -> Harness<'static, PaydeskApp> {
        harness_in(
            self.home.path(),
            self.runtime.handle().clone(),
            Language::En,
        )
    }

    pub fn control(&self, harness: &Harness<'_, PaydeskApp>) -> String {
        harness
            .state()
            .session()
            .and_then(|s| s.simulator_control_url())
            .expect("the app runs the built-in simulator")
    }

    pub fn post(&self, url: String, body: Value) -> u16 {
        self.runtime.block_on(async {
            reqwest::Client::new()
                .post(url)
                .json(&body)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        })
    }

    pub fn get(&self, url: String) -> Value {
        self.runtime
            .block_on(async { reqwest::get(url).await.unwrap().json().await.unwrap() })
    }

    pub fn requests_to(&self, harness: &Harness<'_, PaydeskApp>, path: &str) -> usize {
        match self.get(format!("{}/requests", self.control(harness))) {
            Value::Array(list) => list.iter().filter(|r| r["path"] == path).count(),
            other => panic!("{other}"),
        }
    }
}

/// A till (an app with a home of its own) whose profile names the shared ledger.
pub fn till_with_ledger(ledger_url: &str) -> App {
    let app = App::new();
    on_shared_ledger(&Paths::in_dir(app.home.path()), ledger_url);
    app
}

/// Writes the configuration whose simulator profile names the shared ledger at `ledger_url`.
pub fn on_shared_ledger(paths: &Paths, ledger_url: &str) {
    std::fs::create_dir_all(&paths.config_dir).unwrap();
    std::fs::write(
        paths.config_file(),
        format!(
            "version = 1\n\n[profiles.simulator]\nenvironment = \"simulator\"\nledger_url = \"{ledger_url}\"\n"
        ),
    )
    .unwrap();
}

pub fn harness_in(
    home: &Path,
    runtime: tokio::runtime::Handle,
    language: Language,
) -> Harness<'static, PaydeskApp> {
    harness_listening(home, runtime, language, "127.0.0.1:0".parse().unwrap())
}

/// The app with its webhook receiver asked to listen at `listen` (a taken port: receiver down).
pub fn harness_listening(
    home: &Path,
    runtime: tokio::runtime::Handle,
    language: Language,
    listen: std::net::SocketAddr,
) -> Harness<'static, PaydeskApp> {
    harness_against(home, runtime, language, EnvOverrides::default(), listen)
}

/// The app pointed at a service of the test's own by the `PAYDESK_*` automation settings
/// (`env`), with its webhook receiver at `listen`.
pub fn harness_against(
    home: &Path,
    runtime: tokio::runtime::Handle,
    language: Language,
    env: EnvOverrides,
    listen: std::net::SocketAddr,
) -> Harness<'static, PaydeskApp> {
    // One monitor unless a test gives more: the tests do not depend on the screens of the
    // machine they run on.
    harness_with(home, runtime, language, (env, listen), Vec::new())
}

/// The app on a computer with these monitors (the customer display opens on a second one).
#[allow(dead_code)]
pub fn harness_with_monitors(
    app: &App,
    monitors: Vec<paydesk::ui::display::Monitor>,
) -> Harness<'static, PaydeskApp> {
    harness_with(
        app.home.path(),
        app.runtime.handle().clone(),
        Language::Es,
        (EnvOverrides::default(), "127.0.0.1:0".parse().unwrap()),
        monitors,
    )
}

fn harness_with(
    home: &Path,
    runtime: tokio::runtime::Handle,
    language: Language,
    (env, listen): (EnvOverrides, std::net::SocketAddr),
    monitors: Vec<paydesk::ui::display::Monitor>,
) -> Harness<'static, PaydeskApp> {
    let options = AppOptions {
        paths: Paths::in_dir(home),
        profile: None,
        env,
        secrets: SecretsSource::MemoryOnly("las pruebas guardan los secretos en memoria".into()),
        alerts: false,
        webhook_listen: Some(listen),
        updates: false,
        monitors: Some(monitors),
        language: Some(language),
        speaker: paydesk::speech::Speaker::System,
        // A test never opens the system's dialogs: a stand-in answers (as if closed, unless a
        // test gives it an answer through `harness_with_picker`).
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    };
    harness_of(runtime, options)
}

/// The app whose «Elegir carpeta…» and «Elegir archivo…» `picker` answers.
#[allow(dead_code)]
pub fn harness_with_picker(
    app: &App,
    picker: paydesk::ui::plumbing::pick::Picker,
) -> Harness<'static, PaydeskApp> {
    let options = AppOptions {
        picker,
        ..options_in(Paths::in_dir(app.home.path()))
    };
    harness_of(app.runtime.handle().clone(), options)
}

/// A test's app with its folders at `paths`: in Spanish, secrets in memory, one monitor, its
/// receiver on a free port, no updates, no alerts, and a stand-in for the system's dialogs.
pub fn options_in(paths: Paths) -> AppOptions {
    AppOptions {
        paths,
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("las pruebas guardan los secretos en memoria".into()),
        alerts: false,
        webhook_listen: Some("127.0.0.1:0".parse().unwrap()),
        updates: false,
        monitors: Some(Vec::new()),
        language: Some(Language::Es),
        speaker: paydesk::speech::Speaker::System,
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    }
}

/// The app with these options (a test that changes one of them).
pub fn harness_of(
    runtime: tokio::runtime::Handle,
    options: AppOptions,
) -> Harness<'static, PaydeskApp> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 1000.0])
        .build_eframe(move |cc| PaydeskApp::new(cc, runtime, options));
    wait_until(&mut harness, "the simulator connects", |h| {
        h.state().session().is_some()
    });
    harness
}

/// Steps frames until `condition` holds, or fails after the deadline. Between steps the
/// background runtime gets a moment to answer.
pub fn wait_until(
    harness: &mut Harness<'_, PaydeskApp>,
    what: &str,
    condition: impl Fn(&Harness<'_, PaydeskApp>) -> bool,
) {
    assert!(
        holds_within(harness, Duration::from_secs(20), &condition),
        "timed out waiting until {what}; on screen: {}",
        on_screen(harness)
    );
}

/// Whether `condition` comes to hold within `patience`, stepping frames meanwhile.
pub fn holds_within(
    harness: &mut Harness<'_, PaydeskApp>,
    patience: Duration,
    condition: impl Fn(&Harness<'_, PaydeskApp>) -> bool,
) -> bool {
    let deadline = Instant::now() + patience;
    loop {
        harness.step();
        if condition(harness) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Every name and value on screen, for a timeout to say what was there instead.
pub fn on_screen(harness: &Harness<'_, PaydeskApp>) -> String {
    harness
        .query_all(
            egui_kittest::kittest::By::new()
                .include_labels()
                .predicate(|node| node.label().is_some() || node.value().is_some()),
        )
        .map(|node| {
            use egui_kittest::kittest::NodeT;
            let words = node
                .accesskit_node()
                .label()
                .or_else(|| node.value())
                .unwrap_or_default();
            format!("{:?}", words)
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

pub fn shows(harness: &Harness<'_, PaydeskApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

/// Creates a payment link for `amount` on the Collect panel and waits until it is shown; returns
/// its reference.
pub fn create_link(harness: &mut Harness<'_, PaydeskApp>, amount: &str) -> String {
    // In the language the app runs in: the helper serves the Spanish and the English tests.
    let newest = |h: &Harness<'_, PaydeskApp>| {
        h.state()
            .tracker()
            .payments
            .first()
            .map(|payment| payment.reference.clone())
    };
    let before = newest(harness);
    click(harness, &paydesk::t!("nav-collect"));
    type_into(harness, &paydesk::t!("field-amount"), amount);
    click(harness, &paydesk::t!("collect-create-link"));
    // The last link's title may still be up: the new one is known by its reference.
    wait_until(harness, "the link is created", |h| {
        shows(h, &paydesk::t!("created-link-title")) && newest(h) != before
    });
    newest(harness).unwrap_or_default()
}

/// Creates a static QR from Collect > Códigos QR; returns its reference.
#[allow(dead_code)]
pub fn create_counter_qr(harness: &mut Harness<'_, PaydeskApp>) -> String {
    harness.state_mut().show_panel(paydesk::ui::Panel::Collect);
    click(harness, "Códigos QR");
    wait_until(harness, "the methods load", |h| {
        shows(h, "Medios de pago de su cuenta")
    });
    click(harness, "Tipo");
    click(harness, "QR estático (el pagador escribe el valor)");
    type_into(harness, "Descripción", "QR del mostrador");
    click(harness, "Crear código QR");
    wait_until(harness, "the code is created", |h| {
        shows(h, "Código QR creado")
    });
    harness.state().tracker().payments[0].reference.clone()
}

/// Picks a method on Collect > Un medio de pago by the name the picker shows.
#[allow(dead_code)]
pub fn pick_method(harness: &mut Harness<'_, PaydeskApp>, name: &str) {
    harness.state_mut().show_panel(paydesk::ui::Panel::Collect);
    click(harness, "Un medio de pago");
    harness.get_by_label("Medio de pago").click();
    harness.step();
    harness.step();
    // The list scrolls: a method far down it is brought into view first, as a person would.
    harness.get_by_label(name).scroll_to_me();
    harness.run_steps(4);
    click(harness, name);
}

/// Today's close for the app's profile, read from its ledger as the Cuadre del día panel does.
#[allow(dead_code)]
pub fn todays_report(harness: &Harness<'_, PaydeskApp>) -> paydesk::ledger::reconcile::Report {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let today = paydesk::ledger::reconcile::today();
    ledger
        .reconcile(
            Some(session.profile_name()),
            today,
            today,
            paydesk::ledger::now_ms(),
        )
        .expect("today's close")
}

/// Types into the text field labelled `label` (by role, so a column header with the same words
/// does not get in the way), replacing what it held.
pub fn type_into(harness: &mut Harness<'_, PaydeskApp>, label: &str, text: &str) {
    harness.get_by(text_input(label)).focus();
    harness.step();
    // Select what is there and delete it, so the text replaces it (even an empty text).
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.step();
    harness.key_press(egui::Key::Backspace);
    harness.step();
    harness.get_by(text_input(label)).type_text(text);
    // The frame that takes the text validates it; the next one shows the verdict.
    harness.step();
    harness.step();
}

/// Types `last` at the end of the field labelled `label` and presses Enter, the keys in one
/// frame, as a fast hand, a barcode reader or a loaded machine brings them. Into the frame's
/// input itself: kittest's `type_text` and `key_press` give each queued event a frame of its own.
#[allow(dead_code)]
pub fn type_with_enter_in_one_frame(
    harness: &mut Harness<'_, PaydeskApp>,
    label: &str,
    last: &str,
) {
    harness.get_by(text_input(label)).focus();
    harness.step();
    harness.key_press(egui::Key::End);
    harness.step();
    let enter = |pressed| egui::Event::Key {
        key: egui::Key::Enter,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    let keys = [
        egui::Event::Text(last.to_owned()),
        enter(true),
        enter(false),
    ];
    harness.input_mut().events.extend(keys);
    harness.step();
}

/// Clicks the node labelled `label` once the layout has settled (dialogs animate in).
pub fn click(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(4);
    harness.get_by_label(label).click();
    harness.step();
    harness.step();
}

/// Clicks `label` until `condition` holds: a screen whose text still fills in (a reason that
/// arrives with its notification) moves the button between finding it and the click landing.
/// Clicked again only while the button is still there and nothing came of it.
#[allow(dead_code)]
pub fn click_until(
    harness: &mut Harness<'_, PaydeskApp>,
    label: &str,
    what: &str,
    condition: impl Fn(&Harness<'_, PaydeskApp>) -> bool,
) {
    for _ in 0..3 {
        if condition(harness) {
            return;
        }
        if harness.query_by_label(label).is_some() {
            click(harness, label);
        }
        holds_within(harness, Duration::from_secs(3), &condition);
    }
    wait_until(harness, what, condition);
}

/// A text or password field with this label.
pub fn text_input(
    label: &str,
) -> impl Fn(&egui_kittest::kittest::AccessKitNode<'_>) -> bool + 'static {
    let label = label.to_owned();
    move |node| {
        matches!(
            node.role(),
            egui::accesskit::Role::TextInput | egui::accesskit::Role::PasswordInput
        ) && node.label().as_deref() == Some(label.as_str())
    }
}

/// Everything logged in this test process, at every level, from the moment the first test asks.
/// The subscriber is global because the app logs from its runtime's threads, not the test's.
pub fn captured_logs() -> &'static Mutex<Vec<u8>> {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // egui's own tracing is per frame and says nothing about secrets.
        let filter = tracing_subscriber::EnvFilter::new(
            "trace,egui=info,eframe=info,egui_kittest=info,kittest=info,accesskit=info",
        );
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(|| LogSink)
            .init();
    });
    &LOGS
}

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct LogSink;

impl std::io::Write for LogSink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        LOGS.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
