//! How long after the service approves a payment the customer screen says "¡Pago recibido!":
//! with the webhook receiver on (the notification, or the status check, whichever is first) and
//! with it down (the status check alone, every second while the customer screen shows it).
//! `cargo bench --bench approval_latency`. The target is 3 s.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::config::{EnvOverrides, Paths};
use paydesk::ui::session::SecretsSource;
use paydesk::ui::{AppOptions, PaydeskApp};

const RUNS: usize = 10;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    // Held for the whole run: the receiver of the second app cannot listen here.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to hold");
    for (mode, listen) in [
        ("receiver on ", "127.0.0.1:0".parse().expect("address")),
        (
            "receiver off",
            taken.local_addr().expect("the held port's address"),
        ),
    ] {
        let mut figures = measure(&runtime, listen);
        figures.sort();
        let median = figures[figures.len() / 2];
        let worst = figures[figures.len() - 1];
        let best = figures[0];
        println!(
            "approval to the customer screen, {mode}: median {} ms, best {} ms, worst {} ms ({RUNS} payments)",
            median.as_millis(),
            best.as_millis(),
            worst.as_millis()
        );
    }
}

fn measure(runtime: &tokio::runtime::Runtime, listen: std::net::SocketAddr) -> Vec<Duration> {
    let home = tempfile::tempdir().expect("temporary home");
    let options = AppOptions {
        paths: Paths::in_dir(home.path()),
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("benchmark".into()),
        alerts: false,
        webhook_listen: Some(listen),
        language: Some(paydesk::i18n::Language::Es),
    };
    let handle = runtime.handle().clone();
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_eframe(move |cc| PaydeskApp::new(cc, handle, options));
    wait(&mut harness, "the simulator", |h| {
        h.state().session().is_some()
    });
    let control = harness
        .state()
        .session()
        .and_then(|session| session.simulator_control_url())
        .expect("the built-in simulator");
    let client = reqwest::Client::new();
    let mut figures = Vec::new();
    for run in 0..RUNS {
        // A different amount each time: the same amount within a minute would ask first.
        let amount = format!("{}", 10_000 + run * 1_000);
        type_into(&mut harness, "Valor", &amount);
        click(&mut harness, "Crear link de pago");
        wait(&mut harness, "the link", |h| {
            h.state().tracker().payments.len() == run + 1
        });
        let reference = harness.state().tracker().payments[0].reference.clone();
        click(&mut harness, "Mostrar al cliente");
        wait(&mut harness, "the customer screen", |h| {
            shows(h, "Esperando el pago")
        });
        let approved = runtime.block_on(
            client
                .post(format!("{control}/transactions/{reference}/outcome"))
                .json(&serde_json::json!({"outcome": "approve"}))
                .send(),
        );
        let started = Instant::now();
        assert!(approved.is_ok_and(|reply| reply.status().is_success()));
        wait(&mut harness, "the customer screen turns to paid", |h| {
            shows(h, "¡Pago recibido!")
        });
        figures.push(started.elapsed());
        harness.key_press(egui::Key::Escape);
        harness.run_steps(2);
        click(&mut harness, "Nueva venta");
    }
    figures
}

fn wait(
    harness: &mut Harness<'_, PaydeskApp>,
    what: &str,
    condition: impl Fn(&Harness<'_, PaydeskApp>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        harness.step();
        if condition(harness) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        // One frame every 5 ms: finer than what is measured.
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn shows(harness: &Harness<'_, PaydeskApp>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

fn click(harness: &mut Harness<'_, PaydeskApp>, label: &str) {
    harness.run_steps(2);
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

fn type_into(harness: &mut Harness<'_, PaydeskApp>, label: &str, text: &str) {
    let field = |node: &egui_kittest::kittest::AccessKitNode<'_>| {
        node.role() == egui::accesskit::Role::TextInput && node.label().as_deref() == Some(label)
    };
    harness.get_by(field).focus();
    harness.step();
    harness.get_by(field).type_text(text);
    harness.run_steps(2);
}
