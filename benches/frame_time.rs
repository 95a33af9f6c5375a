//! Frame time of Estado de pagos with a busy day in the books: `cargo bench --bench frame_time`.
//!
//! 2,000 sales of today, every kind a counter sees (`common/shop.rs`: links and QR, declined and
//! expired, counter payments, cash with change, voids, fiado, mixed sales, returns), written into
//! the app's own books through the ledger's calls; the app reads them as it does (turned to
//! Estado de pagos) and the list is drawn at rest and then scrolled with the mouse wheel from the
//! first sale to the last, two rows a frame. Cobrar is measured beside it. Each frame is one
//! `Harness::step`: `App::logic` + `App::ui` + the AccessKit tree update kittest does on top (so
//! the figures are an upper bound). After the scroll it counts the rows the AccessKit tree holds:
//! the rows laid out in that frame.

#[path = "common/shop.rs"]
mod shop;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::config::{EnvOverrides, Paths};
use paydesk::ui::services::session::SecretsSource;
use paydesk::ui::{AppOptions, Panel, PaydeskApp};

const SALES: usize = 2_000;
const WARM_UP: usize = 50;
const FRAMES: usize = 1_000;
/// Two rows of the list (24 points each) a frame: 1,000 frames go through the whole day.
const WHEEL_POINTS: f32 = 48.0;
/// 60 frames a second.
const TARGET_MS: f64 = 1_000.0 / 60.0;

fn options(home: &std::path::Path) -> AppOptions {
    AppOptions {
        paths: Paths::in_dir(home),
        profile: None,
        env: EnvOverrides::default(),
        secrets: SecretsSource::MemoryOnly("benchmark".into()),
        alerts: false,
        webhook_listen: Some("127.0.0.1:0".parse().expect("an address")),
        updates: false,
        // One monitor: the figures do not depend on the screens of the machine they run on.
        monitors: Some(Vec::new()),
        language: Some(paydesk::i18n::Language::Es),
        speaker: paydesk::speech::Speaker::System,
        picker: paydesk::ui::plumbing::pick::Picker::stand_in(),
    }
}

/// Steps until `done`, at most 60 s.
fn wait(harness: &mut Harness<'_, PaydeskApp>, what: &str, done: impl Fn(&PaydeskApp) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(harness.state()) {
        assert!(Instant::now() < deadline, "{what}: not within 60 s");
        harness.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Writes today's sales into the app's own books, as its tills would have.
fn write_today(harness: &Harness<'_, PaydeskApp>) -> String {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("the app's books");
    let today = paydesk::clock::start_of(paydesk::clock::today());
    let now = paydesk::ledger::now_ms();
    let mut shop = shop::Shop::open(&ledger, session.profile_name(), 20, today);
    shop.write_day(today, now.max(today + 60_000), SALES, false);
    format!(
        "{} sales ({:?}), {} returns, {} payouts",
        shop.sold(),
        shop.written,
        shop.returns,
        shop.payouts
    )
}

/// `frames` timed steps, each after `before` (what the person does in that frame); sorted.
fn time_frames(
    harness: &mut Harness<'_, PaydeskApp>,
    frames: usize,
    before: &dyn Fn(&Harness<'_, PaydeskApp>),
) -> Vec<Duration> {
    let mut times: Vec<Duration> = (0..frames)
        .map(|_| {
            before(harness);
            let started = Instant::now();
            harness.step();
            started.elapsed()
        })
        .collect();
    times.sort();
    times
}

fn say(what: &str, times: &[Duration]) -> f64 {
    let at = |fraction: f64| {
        times[((times.len() - 1) as f64 * fraction).round() as usize].as_secs_f64() * 1_000.0
    };
    println!(
        "{what:<28} median {:>7.3} ms   p99 {:>7.3} ms   max {:>7.3} ms",
        at(0.5),
        at(0.99),
        at(1.0),
    );
    at(0.99)
}

/// The sale numbers of the rows the AccessKit tree holds, in order (the rows laid out).
fn rows_laid_out(harness: &Harness<'_, PaydeskApp>) -> Vec<String> {
    harness
        .query_all_by_role(Role::Row)
        .filter_map(|row| sale_number_in(&row.accesskit_node()))
        .collect()
}

/// The sale's number («1-000123») somewhere in a row's cells.
fn sale_number_in(node: &egui_kittest::kittest::AccessKitNode<'_>) -> Option<String> {
    let is_number = |text: &str| {
        text.split_once('-').is_some_and(|(till, number)| {
            !till.is_empty()
                && till.chars().all(|c| c.is_ascii_digit())
                && number.len() == 6
                && number.chars().all(|c| c.is_ascii_digit())
        })
    };
    [node.label(), node.value()]
        .into_iter()
        .flatten()
        .find(|text| is_number(text))
        .or_else(|| node.children().find_map(|child| sale_number_in(&child)))
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let home = tempfile::tempdir().expect("temporary home");
    let app_options = options(home.path());
    let handle = runtime.handle().clone();
    let mut harness = Harness::builder()
        .with_size([1280.0, 900.0])
        .build_eframe(move |cc| PaydeskApp::new(cc, handle, app_options));
    wait(&mut harness, "the simulator", |app| app.session().is_some());
    let written = Instant::now();
    let day = write_today(&harness);
    println!("written in {:.1} s: {day}", written.elapsed().as_secs_f64());
    harness.state_mut().show_panel(Panel::Status);
    wait(&mut harness, "today's sales read", |app| {
        app.tracker().sales.sales().len() >= SALES && !app.tracker().sales.is_reading()
    });
    let rows = harness.state().tracker().sales.rows().len();
    println!(
        "{SALES} sales of today in the books, {rows} rows in Estado de pagos, {FRAMES} frames each (1280x900)"
    );

    harness.state_mut().show_panel(Panel::Collect);
    time_frames(&mut harness, WARM_UP, &|_| ());
    say("Cobrar", &time_frames(&mut harness, FRAMES, &|_| ()));

    harness.state_mut().show_panel(Panel::Status);
    time_frames(&mut harness, WARM_UP, &|_| ());
    say(
        "Estado de pagos, at rest",
        &time_frames(&mut harness, FRAMES, &|_| ()),
    );
    // The wheel over the list: a row of it (the table itself has no rectangle of its own in
    // the AccessKit tree).
    let table = harness
        .query_all_by_role(Role::Row)
        .nth(2)
        .expect("rows in the list")
        .rect();
    let first_rows = rows_laid_out(&harness);
    let wheel = |harness: &Harness<'_, PaydeskApp>| {
        harness.hover_at(table.center());
        harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -WHEEL_POINTS),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: egui::Modifiers::NONE,
        });
    };
    let p99 = say(
        "Estado de pagos, scrolled",
        &time_frames(&mut harness, FRAMES, &wheel),
    );
    let last_rows = rows_laid_out(&harness);
    let ends = |rows: &[String]| {
        format!(
            "{} to {}",
            rows.first().map_or("-", String::as_str),
            rows.last().map_or("-", String::as_str)
        )
    };
    println!(
        "rows laid out: {} before the scroll ({}), {} after it ({}), of {rows}",
        first_rows.len(),
        ends(&first_rows),
        last_rows.len(),
        ends(&last_rows),
    );
    println!(
        "target: 60 fps, {TARGET_MS:.1} ms a frame: scrolled p99 {}",
        if p99 < TARGET_MS { "met" } else { "MISSED" }
    );
}
