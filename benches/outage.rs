//! The shop's line drops while a customer pays, with the receiver down (polling alone): how
//! long until the customer screen tells the cashier the internet is down, and how long after the
//! line comes back until a payment made in the dark shows "¡Pago recibido!". The line is a
//! black hole (connections accepted, nothing answered), as a dropped home line behaves.
//! `cargo bench --bench outage`. The targets: told within 10 s, paid within 2 s.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use paydesk::ui::PaydeskApp;

// The UI tests' own steps and line, not copies of them.
#[allow(dead_code)]
#[path = "../tests/common/line.rs"]
mod line;
#[allow(dead_code)]
#[path = "../tests/common/ui.rs"]
mod ui;

const RUNS: usize = 5;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let (simulator, line) = runtime.block_on(async {
        let simulator = paydesk::simulator::Simulator::start(Default::default())
            .await
            .expect("the simulator");
        let url = url::Url::parse(&simulator.connection().pay_url).expect("its address");
        let port = url.port().expect("a port");
        let line = line::Line::to(([127, 0, 0, 1], port).into()).await;
        (simulator, line)
    });
    // Held for the whole run: the app's receiver cannot listen, so only its polling hears.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port to hold");
    let home = tempfile::tempdir().expect("temporary home");
    let mut harness: Harness<'static, PaydeskApp> = ui::harness_against(
        home.path(),
        runtime.handle().clone(),
        paydesk::i18n::Language::Es,
        line::env_through(&line, simulator.connection()),
        taken.local_addr().expect("the held port's address"),
    );
    let control = simulator.connection().control_url.clone();
    let client = reqwest::Client::new();
    let mut told = Vec::new();
    let mut paid = Vec::new();
    for run in 0..RUNS {
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

        line.set(line::LineState::BlackHole);
        let cut = Instant::now();
        ui::wait_until(&mut harness, "the cashier is told", |h| {
            ui::shows(h, "sin internet desde las")
        });
        told.push(cut.elapsed());

        let approved = runtime.block_on(
            client
                .post(format!("{control}/transactions/{reference}/outcome"))
                .json(&serde_json::json!({"outcome": "approve"}))
                .send(),
        );
        assert!(approved.is_ok_and(|reply| reply.status().is_success()));
        // The payer paid well before the line came back: the service has it approved (not
        // still processing) when it does, so the figure is paydesk's alone.
        let deadline = Instant::now() + Duration::from_secs(20);
        while !runtime.block_on(is_approved(&client, &control, &reference)) {
            assert!(Instant::now() < deadline, "the simulator approves");
            std::thread::sleep(Duration::from_millis(50));
        }
        line.set(line::LineState::Up);
        let back = Instant::now();
        // The wait steps a frame every 10 ms: the figures are to about 10 ms.
        ui::wait_until(&mut harness, "the customer screen turns to paid", |h| {
            ui::shows(h, "¡Pago recibido!")
        });
        paid.push(back.elapsed());
        harness.key_press(egui::Key::Escape);
        harness.run_steps(2);
        ui::click(&mut harness, "Nueva venta");
    }
    report("the cashier told of the outage after the cut", told);
    report("paid on screen after the line came back", paid);
}

async fn is_approved(client: &reqwest::Client, control: &str, reference: &str) -> bool {
    let Ok(answer) = client.get(format!("{control}/transactions")).send().await else {
        return false;
    };
    let list: serde_json::Value = answer.json().await.unwrap_or_default();
    list.as_array().is_some_and(|list| {
        list.iter().any(|t| {
            t["reference"] == reference && t["status"].to_string().trim_matches('"') == "2"
        })
    })
}

fn report(what: &str, mut figures: Vec<Duration>) {
    figures.sort();
    println!(
        "{what}: median {} ms, best {} ms, worst {} ms ({RUNS} payments)",
        figures[figures.len() / 2].as_millis(),
        figures[0].as_millis(),
        figures[figures.len() - 1].as_millis()
    );
}
