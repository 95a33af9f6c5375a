//! The shop's line drops while the till works, as a cashier lives it: the customer screen says
//! it is confirming (and, in small letters for the cashier, that the internet is down), the top
//! bar and Cobrar say what still works, nothing is created in the dark, and a payment made in
//! the dark turns paid on screen once the line is back. The figures printed are reports;
//! `cargo bench --bench outage` measures them.

mod common;

use std::time::Instant;

use common::TestSimulator;
use common::line::{Line, LineState, env_through};
use common::ui::{App, click, create_link, harness_against, shows, wait_until};
use egui_kittest::Harness;
use paydesk::i18n::Language;
use paydesk::ui::PaydeskApp;

const LINK: &str = "/pay/cash-in/generate/payment-link/token";

/// A till whose service is a simulator of the test's own, behind a line the test can cut.
fn till_behind_a_line(app: &App) -> (TestSimulator, Line, Harness<'static, PaydeskApp>) {
    let (simulator, line) = app.runtime.block_on(async {
        let simulator = TestSimulator::start().await;
        let url = url::Url::parse(&simulator.connection().pay_url).unwrap();
        let upstream = format!("127.0.0.1:{}", url.port().unwrap())
            .parse()
            .unwrap();
        let line = Line::to(upstream).await;
        (simulator, line)
    });
    let harness = harness_against(
        app.home.path(),
        app.runtime.handle().clone(),
        Language::Es,
        env_through(&line, simulator.connection()),
        "127.0.0.1:0".parse().unwrap(),
    );
    (simulator, line, harness)
}

#[test]
fn the_customer_screen_says_it_waits_for_the_internet_and_turns_paid_when_it_is_back() {
    let app = App::new();
    let (simulator, line, mut harness) = till_behind_a_line(&app);
    let reference = create_link(&mut harness, "35.000");
    click(&mut harness, "Mostrar al cliente");
    assert!(shows(&harness, "Esperando el pago"));
    assert!(!shows(&harness, "Estamos confirmando su pago"));

    line.set(LineState::BlackHole);
    let cut = Instant::now();
    wait_until(&mut harness, "the customer screen to say so", |h| {
        shows(h, "Estamos confirmando su pago") && shows(h, "sin internet desde las")
    });
    let told = cut.elapsed();
    assert!(
        !shows(&harness, "Esperando el pago"),
        "the customer is not told to wait for herself"
    );

    // The payer pays on her own data; the till cannot hear it.
    app.runtime
        .block_on(simulator.settle(&reference, "approve"));
    line.set(LineState::Up);
    let back = Instant::now();
    wait_until(&mut harness, "the payment turns paid", |h| {
        shows(h, "¡Pago recibido!")
    });
    println!(
        "the cashier was told {} ms after the cut; paid on screen {} ms after the return",
        told.as_millis(),
        back.elapsed().as_millis()
    );
    wait_until(&mut harness, "the customer screen closes by itself", |h| {
        shows(h, "Crear link de pago")
    });
    assert!(!shows(&harness, "Sin conexión desde las"));
}

#[test]
fn in_the_dark_cobrar_says_what_still_works_and_makes_nothing_half_way() {
    let app = App::new();
    let (simulator, line, mut harness) = till_behind_a_line(&app);
    let reference = create_link(&mut harness, "20.000");

    line.set(LineState::BlackHole);
    // The open payment's follower is the first to find the line dark.
    wait_until(&mut harness, "the top bar to say the line is down", |h| {
        shows(h, "Sin conexión desde las")
    });
    assert!(shows(
        &harness,
        "No se crean cobros nuevos hasta que vuelva la conexión"
    ));
    assert!(
        shows(&harness, "Esperando la conexión, no al cliente"),
        "the sale on screen says what it waits for"
    );

    // A sale tried in the dark is refused at once, in words; nothing goes out.
    let links_before = app.runtime.block_on(simulator.requests_to(LINK));
    common::ui::type_into(&mut harness, "Valor", "15.000");
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the refusal in words", |h| {
        shows(h, "no se envió nada")
    });
    line.set(LineState::Up);
    // The chip and Cobrar's banner go with the outage (the refusal's own words stay with it).
    wait_until(&mut harness, "the till to know the line is back", |h| {
        !shows(h, "No se crean cobros nuevos")
    });
    assert!(
        !shows(&harness, "Sin conexión desde las"),
        "no chip left in the top bar"
    );
    assert_eq!(
        app.runtime.block_on(simulator.requests_to(LINK)),
        links_before,
        "nothing was sent in the dark"
    );

    // Back: nothing of the refused sale exists, so trying again is safe, and it goes.
    assert!(shows(
        &harness,
        "Nada llegó al servicio: es seguro reintentar"
    ));
    click(&mut harness, "Reintentar");
    wait_until(&mut harness, "the second link", |h| {
        h.state().tracker().payments.len() == 2
    });
    assert_ne!(harness.state().tracker().payments[0].reference, reference);
}
