//! Frame time of the Collect and Status panels with 1,000 payments in today's list.
//! `cargo bench --bench frame_time`. Each frame is one `Harness::step`: `App::logic` + `App::ui`
//! + the AccessKit tree update kittest does on top (so the figures are an upper bound).

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use paydesk::api::TransactionStatus;
use paydesk::config::{EnvOverrides, Paths};
use paydesk::money::Pesos;
use paydesk::ui::services::session::SecretsSource;
use paydesk::ui::services::tracker::TrackedPayment;
use paydesk::ui::{AppOptions, Panel, PaydeskApp};

const PAYMENTS: usize = 1_000;
const WARM_UP: usize = 50;
const FRAMES: usize = 1_000;

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let home = tempfile::tempdir().expect("temporary home");
    let options = AppOptions {
        paths: Paths::in_dir(home.path()),
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("benchmark".into()),
        alerts: false,
        webhook_listen: Some("127.0.0.1:0".parse().unwrap()),
        updates: false,
        // One monitor unless a test gives two: the tests do not depend on the screens of the
        // machine they run on.
        monitors: Some(Vec::new()),
        language: Some(paydesk::i18n::Language::Es),
        speaker: paydesk::speech::Speaker::System,
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    };
    let handle = runtime.handle().clone();
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_eframe(move |cc| PaydeskApp::new(cc, handle, options));
    let deadline = Instant::now() + Duration::from_secs(30);
    while harness.state().session().is_none() {
        assert!(Instant::now() < deadline, "the simulator did not start");
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    let statuses = [
        TransactionStatus::Pending,
        TransactionStatus::Approved,
        TransactionStatus::Processing,
        TransactionStatus::Rejected,
        TransactionStatus::Cancelled,
    ];
    for index in 0..PAYMENTS {
        let mut payment = TrackedPayment::new(
            format!("PD{:09}", 100_000 + index),
            paydesk::api::kind::PaymentKind::Link,
            Some(Pesos::new(1_000 + index as i64 * 250)),
            format!("ORDER-{index}"),
            format!("http://127.0.0.1/checkout/PD{index}"),
        );
        payment.status = Some(statuses[index % statuses.len()]);
        harness.state_mut().tracker_mut().add(payment);
    }
    println!("{PAYMENTS} payments in today's list, {FRAMES} frames per panel (1280x900)");
    for panel in [Panel::Collect, Panel::Status] {
        harness.state_mut().show_panel(panel);
        for _ in 0..WARM_UP {
            harness.step();
        }
        let mut times: Vec<Duration> = (0..FRAMES)
            .map(|_| {
                let started = Instant::now();
                harness.step();
                started.elapsed()
            })
            .collect();
        times.sort();
        let at = |fraction: f64| times[((times.len() - 1) as f64 * fraction).round() as usize];
        println!(
            "{:<8} median {:>7.3} ms   p99 {:>7.3} ms   max {:>7.3} ms",
            panel.title(),
            at(0.5).as_secs_f64() * 1_000.0,
            at(0.99).as_secs_f64() * 1_000.0,
            times[times.len() - 1].as_secs_f64() * 1_000.0,
        );
    }
}
