//! How long after the service approves a payment the customer screen says "¡Pago recibido!":
//! with the webhook receiver on (the notification, or the status check, whichever is first) and
//! with it down (the status check alone, every second while the customer screen shows it).
//! `cargo bench --bench approval_latency`. The target is 3 s.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use paydesk::ui::PaydeskApp;

// The UI tests' own steps (type by label, click, wait with a deadline), not a copy of them.
#[allow(dead_code)]
#[path = "../tests/common/ui.rs"]
mod ui;

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
    let mut harness: Harness<'static, PaydeskApp> = ui::harness_listening(
        home.path(),
        runtime.handle().clone(),
        paydesk::i18n::Language::Es,
        listen,
    );
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
        ui::type_into(&mut harness, "Valor", &amount);
        ui::click(&mut harness, "Crear link de pago");
        ui::wait_until(&mut harness, "the link", |h| {
            h.state().tracker().payments.len() == run + 1
        });
        let reference = harness.state().tracker().payments[0].reference.clone();
        ui::click(&mut harness, "Mostrar al cliente");
        ui::wait_until(&mut harness, "the customer screen", |h| {
            ui::shows(h, "Esperando el pago")
        });
        let approved = runtime.block_on(
            client
                .post(format!("{control}/transactions/{reference}/outcome"))
                .json(&serde_json::json!({"outcome": "approve"}))
                .send(),
        );
        let started = Instant::now();
        assert!(approved.is_ok_and(|reply| reply.status().is_success()));
        // The wait steps a frame every 10 ms: the figures are to about 10 ms.
        ui::wait_until(&mut harness, "the customer screen turns to paid", |h| {
            ui::shows(h, "¡Pago recibido!")
        });
        figures.push(started.elapsed());
        harness.key_press(egui::Key::Escape);
        harness.run_steps(2);
        ui::click(&mut harness, "Nueva venta");
    }
    figures
}
