//! Fiado from the app (issue 46), as the people at the till do it (kittest, against the built-in
//! simulator over loopback): a customer added with their authorisation (and refused without it,
//! or with a malformed cellphone), what they take put on their tab, the statement, Cobrar el
//! fiado with the WhatsApp message in the shop's words, the simulator approving the link and the
//! tab turning to zero once the service's answer is applied, and forgetting the customer refused
//! while they owe and done after. Over the limit, only with the owner's PIN; a cellphone another
//! customer has is said, and added only once the person says it is someone else. An abono put
//! in its field in the frame of the click pays what was put, not all that is owed.

mod common;

use common::ui::{App, click, click_until, shows, text_input, type_into, wait_until};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

const OWNER_PIN: &str = "4826";

/// The tabs as the books hold them.
fn customers(harness: &Harness<'_, PaydeskApp>) -> Vec<paydesk::ledger::TabBalance> {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    ledger.tab_customers().expect("the tabs")
}

fn open_tabs(harness: &mut Harness<'_, PaydeskApp>) {
    harness.state_mut().show_panel(Panel::Tabs);
    harness.run_steps(2);
    wait_until(harness, "Fiado is open", |h| {
        shows(h, "Le deben a la tienda hoy")
    });
}

/// Adds a customer through the form, with the authorisation given in the shop.
fn add_customer(harness: &mut Harness<'_, PaydeskApp>, name: &str, cellphone: &str, limit: &str) {
    click(harness, "Agregar cliente");
    type_into(harness, "Nombre", name);
    type_into(harness, "Celular (opcional)", cellphone);
    type_into(harness, "Cupo (opcional)", limit);
    click(
        harness,
        "El cliente autoriza guardar sus datos para su cuenta de fiado (Ley 1581)",
    );
    click(harness, "De palabra, en la tienda");
    click(harness, "Guardar cliente");
}

fn fiar(harness: &mut Harness<'_, PaydeskApp>, amount: &str, what: &str) {
    type_into(harness, "Valor", amount);
    type_into(harness, "Lo que llevó", what);
    harness.get_by_label("Fiar").scroll_to_me();
    click(harness, "Fiar");
}

#[test]
fn a_tab_is_taken_collected_by_a_link_the_service_confirms_and_forgotten_after() {
    let app = App::new();
    let mut harness = app.harness();
    open_tabs(&mut harness);
    assert!(shows(&harness, "Todavía no hay clientes de fiado"));

    // Without the authorisation nothing is kept; a malformed cellphone is said under its field.
    click(&mut harness, "Agregar cliente");
    type_into(&mut harness, "Nombre", "Rosa Pérez");
    type_into(&mut harness, "Celular (opcional)", "12345");
    assert!(
        shows(&harness, "un celular colombiano tiene 10 dígitos"),
        "the cellphone's rule under its field"
    );
    type_into(&mut harness, "Celular (opcional)", "300 123 4567");
    assert!(!shows(&harness, "un celular colombiano tiene 10 dígitos"));
    assert!(
        shows(
            &harness,
            "Sin la autorización del cliente para guardar sus datos"
        ),
        "why it cannot be kept yet"
    );
    click(&mut harness, "Guardar cliente");
    harness.run_steps(4);
    assert!(customers(&harness).is_empty(), "nothing kept without it");

    click(
        &mut harness,
        "El cliente autoriza guardar sus datos para su cuenta de fiado (Ley 1581)",
    );
    click(&mut harness, "De palabra, en la tienda");
    click(&mut harness, "Guardar cliente");
    wait_until(&mut harness, "the statement of the customer kept", |h| {
        shows(h, "Autorizó guardar sus datos") && shows(h, "Al día")
    });
    assert!(
        shows(&harness, "De palabra, en la tienda"),
        "how it was given"
    );
    assert_eq!(customers(&harness).len(), 1);

    // What she takes goes on her tab, and the statement says it.
    fiar(&mut harness, "45.000", "Arroz y aceite");
    wait_until(&mut harness, "the tab owes it", |h| {
        shows(h, "Debe $ 45.000 desde el")
    });
    assert!(shows(&harness, "Fiado: Arroz y aceite"), "the entry");

    // Not forgotten while she owes: the books' reason.
    harness.get_by_label("Olvidar cliente").scroll_to_me();
    click(&mut harness, "Olvidar cliente");
    wait_until(&mut harness, "forgetting is refused", |h| {
        shows(h, "Aún debe $ 45.000")
    });
    assert_eq!(customers(&harness).len(), 1);

    // A reminder is prepared for the person to send: the shop, what is owed; nothing is sent.
    let shop = harness.state().session().expect("a session").shop_name();
    harness.get_by_label("Recordatorio").scroll_to_me();
    click(&mut harness, "Recordatorio");
    wait_until(&mut harness, "the reminder", |h| {
        shows(
            h,
            &format!("Le recordamos de {shop} que su cuenta de fiado va en $ 45.000"),
        )
    });

    // Cobrar el fiado: a link for all she owes, its message for WhatsApp in the shop's words.
    harness.get_by_label("Crear link de pago").scroll_to_me();
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the link is made", |h| {
        shows(h, "Link de pago por $ 45.000")
    });
    let (reference, url) = {
        let newest = &harness.state().tracker().payments[0];
        (newest.reference.clone(), newest.url.clone())
    };
    assert!(!url.is_empty(), "a link to pay");
    wait_until(&mut harness, "the message for WhatsApp", |h| {
        shows(h, "su cuenta de fiado va en $ 45.000")
    });
    let message = harness
        .query_all_by_label_contains("su cuenta de fiado va en $ 45.000")
        .next()
        .and_then(|node| node.accesskit_node().label().or_else(|| node.value()))
        .expect("the message on screen");
    for part in [shop.as_str(), "Rosa", "$ 45.000", url.as_str()] {
        assert!(message.contains(part), "{part:?} in {message:?}");
    }
    assert!(harness.query_by_label("Enviar por WhatsApp").is_some());

    // The simulator approves it: the tab turns to zero once the service's answer is applied.
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "the payment is credited", |h| {
        shows(
            h,
            "Pago confirmado por el servicio: abono de $ 45.000 a la cuenta de Rosa Pérez",
        )
    });
    wait_until(&mut harness, "the tab is at zero", |h| shows(h, "Al día"));
    assert!(
        shows(&harness, "Abono confirmado por el servicio"),
        "the entry"
    );
    assert_eq!(customers(&harness)[0].signed(), 0);

    // Settled: forgotten, and gone from the list.
    harness.get_by_label("Olvidar cliente").scroll_to_me();
    click(&mut harness, "Olvidar cliente");
    wait_until(&mut harness, "she leaves the list", |h| {
        shows(h, "Todavía no hay clientes de fiado")
    });
    assert!(customers(&harness).is_empty());
}

fn set_owner_pin(harness: &mut Harness<'_, PaydeskApp>) {
    wait_until(harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(2);
    for label in ["PIN nuevo", "Repita el PIN"] {
        harness.run_steps(2);
        harness.get_by(text_input(label)).scroll_to_me();
        harness.run_steps(2);
        type_into(harness, label, OWNER_PIN);
    }
    harness.get_by_label("Poner PIN del dueño").scroll_to_me();
    click_until(
        harness,
        "Poner PIN del dueño",
        "the PIN is set and the till is in Caja",
        |h| h.state().access().in_caja(),
    );
    harness.run_steps(2);
}

#[test]
fn over_the_limit_needs_the_owner_and_a_shared_cellphone_is_said() {
    let app = App::new();
    let mut harness = app.harness();
    set_owner_pin(&mut harness);
    open_tabs(&mut harness);
    // A limit is the owner's to set: in Caja adding a customer with one asks the owner's PIN.
    add_customer(&mut harness, "Rosa Pérez", "3001234567", "20.000");
    wait_until(
        &mut harness,
        "the owner's PIN is asked for the limit",
        |h| h.query_by(text_input("PIN")).is_some(),
    );
    assert!(
        customers(&harness).is_empty(),
        "nothing kept before the PIN"
    );
    type_into(&mut harness, "PIN", OWNER_PIN);
    click(&mut harness, "Entrar");
    wait_until(&mut harness, "Rosa's statement", |h| {
        shows(h, "Cupo: $ 20.000")
    });
    // The owner steps away: the till is a cashier's again.
    click_until(
        &mut harness,
        "Bloquear",
        "the till is a cashier's again",
        |h| !h.state().access().owner_side(),
    );

    // Over her limit the cashier is refused in the books' words; the owner's PIN records it.
    fiar(&mut harness, "25.000", "Mercado");
    wait_until(&mut harness, "the limit is said", |h| {
        shows(h, "Pasa el cupo de $ 20.000")
    });
    assert_eq!(customers(&harness)[0].signed(), 0, "nothing written");
    click(&mut harness, "Con el PIN del dueño");
    wait_until(&mut harness, "the owner's PIN is asked", |h| {
        h.query_by(text_input("PIN")).is_some()
    });
    type_into(&mut harness, "PIN", OWNER_PIN);
    click(&mut harness, "Entrar");
    // The list and the statement are read apart: wait for both.
    wait_until(
        &mut harness,
        "recorded as the owner's, over the limit",
        |h| shows(h, "Debe $ 25.000 desde el") && shows(h, "sobre el cupo, con el dueño"),
    );
    let entries = {
        let session = harness.state().session().cloned().expect("a session");
        let ledger = session.ledger.clone().expect("a ledger");
        ledger
            .tab_statement(customers(&harness)[0].customer.id)
            .expect("the statement")
            .entries
    };
    assert!(entries[0].over_limit);

    // The owner's side is open now: the limit is the owner's to change.
    // Typed as digits, shown as Cobrar shows an amount.
    type_into(&mut harness, "Cambiar cupo", "30000");
    assert_eq!(field_value(&harness, "Cambiar cupo"), "$ 30.000");
    click(&mut harness, "Guardar cupo");
    wait_until(&mut harness, "the new limit", |h| {
        shows(h, "Cupo: $ 30.000")
    });

    // A cash payment needs this till's shift open: the drawer's refusal, and Turno offered.
    harness
        .get_by_label("Recibir abono en efectivo")
        .scroll_to_me();
    click(&mut harness, "Recibir abono en efectivo");
    wait_until(&mut harness, "the drawer's refusal", |h| {
        shows(h, "Ir a Turno")
    });
    assert_eq!(customers(&harness)[0].signed(), 25_000, "nothing paid");

    // Turno, where the shift is opened; then the cash is taken and the tab is at zero.
    click(&mut harness, "Ir a Turno");
    wait_until(&mut harness, "Turno", |h| {
        h.query_by(text_input("Base: efectivo con que empieza"))
            .is_some()
    });
    type_into(&mut harness, "Base: efectivo con que empieza", "50.000");
    click(&mut harness, "Abrir turno");
    wait_until(&mut harness, "the shift is open", |h| {
        h.query_by_label("Abrir turno").is_none()
    });
    harness.state_mut().show_panel(Panel::Tabs);
    wait_until(&mut harness, "Rosa's statement again", |h| {
        shows(h, "Recibir abono en efectivo")
    });
    type_into(&mut harness, "Valor recibido", "5000");
    assert_eq!(field_value(&harness, "Valor recibido"), "$ 5.000");
    harness
        .get_by_label("Recibir abono en efectivo")
        .scroll_to_me();
    click(&mut harness, "Recibir abono en efectivo");
    wait_until(&mut harness, "part paid in cash", |h| {
        shows(h, "Abono en efectivo de $ 5.000") && shows(h, "Debe $ 20.000 desde el")
    });
    click(&mut harness, "Recibir abono en efectivo");
    wait_until(&mut harness, "the rest paid in cash", |h| {
        shows(h, "Al día")
    });
    assert_eq!(customers(&harness)[0].signed(), 0);

    // Another customer with Rosa's cellphone: said with her name, added once confirmed.
    click(&mut harness, "Todos los clientes");
    add_customer(&mut harness, "Pedro Gómez", "3001234567", "");
    wait_until(&mut harness, "the shared cellphone is said", |h| {
        shows(h, "Rosa Pérez ya tiene ese celular")
    });
    assert_eq!(customers(&harness).len(), 1);
    click(&mut harness, "Es otra persona: agregarla");
    wait_until(&mut harness, "Pedro's statement", |h| {
        shows(h, "Pedro Gómez") && shows(h, "Al día")
    });
    assert_eq!(customers(&harness).len(), 2);

    // The list: who owes first, today's total, and the search.
    click(&mut harness, "Todos los clientes");
    wait_until(&mut harness, "the list", |h| {
        shows(h, "Le deben a la tienda hoy: $ 0")
    });
    type_into(&mut harness, "Buscar", "pedro");
    assert!(!shows(&harness, "Rosa Pérez"));
    click(&mut harness, "Pedro Gómez");
    wait_until(&mut harness, "Pedro's statement from the list", |h| {
        shows(h, "Cobrar el fiado") && shows(h, "No debe nada: no hay qué cobrar")
    });
}

#[test]
fn fiar_from_cobrar_ends_in_a_sale_with_its_number_on_the_customers_tab() {
    let app = App::new();
    let mut harness = app.harness();
    open_tabs(&mut harness);
    add_customer(&mut harness, "Rosa Pérez", "3001234567", "");
    wait_until(&mut harness, "Rosa's statement", |h| shows(h, "Al día"));

    // At Cobrar the cashier types the sale, then «Fiar a…»: Cobrar asks whose tab, there.
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(&mut harness, "Valor", "12.500");
    type_into(&mut harness, "¿Qué vende?", "Arroz");
    click(&mut harness, "Fiar a…");
    wait_until(&mut harness, "Cobrar's Fiar, the sale carried", |h| {
        shows(h, "¿A quién se le fía?") && shows(h, "Rosa Pérez")
    });
    assert_eq!(
        harness
            .get_by(text_input("Valor"))
            .value()
            .unwrap_or_default(),
        "$ 12.500"
    );
    click(&mut harness, "Rosa Pérez");
    click(&mut harness, "Fiar $ 12.500 a Rosa Pérez");
    wait_until(&mut harness, "the sale's card", |h| {
        shows(h, "Venta fiada registrada") && shows(h, "Venta 1-000001 · Vendida al fiado")
    });
    assert!(shows(&harness, "fiado a Rosa Pérez"));

    // Fiado says it (her statement still open there): the tab owes it, the entry names what
    // was taken and its sale.
    harness.state_mut().show_panel(Panel::Tabs);
    wait_until(&mut harness, "put on her tab", |h| {
        shows(h, "Debe $ 12.500 desde el") && shows(h, "Fiado: Arroz")
    });
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let entries = ledger
        .tab_statement(customers(&harness)[0].customer.id)
        .expect("the statement")
        .entries;
    assert_eq!(
        entries[0].sale.map(|n| n.to_string()).as_deref(),
        Some("1-000001")
    );
}

/// Cobrar el fiado collects the way Cobrar does: a QR for the customer at the counter, shown on
/// the customer screen and followed until the service confirms it; and a second link for what an
/// unpaid one asks already is refused in the books' words, with nothing sent.
#[test]
fn cobrar_el_fiado_shows_its_qr_to_the_customer_and_asks_nothing_twice() {
    let app = App::new();
    let mut harness = app.harness();
    open_tabs(&mut harness);
    add_customer(&mut harness, "Rosa Pérez", "3001234567", "");
    wait_until(&mut harness, "Rosa's statement", |h| shows(h, "Al día"));
    fiar(&mut harness, "30.000", "Mercado");
    wait_until(&mut harness, "the tab owes it", |h| {
        shows(h, "Debe $ 30.000 desde el")
    });

    // A QR for all she owes, shown to her.
    harness.get_by_label("Crear código QR").scroll_to_me();
    click(&mut harness, "Crear código QR");
    wait_until(&mut harness, "the QR is made", |h| {
        shows(h, "Código QR por $ 30.000")
    });
    let reference = harness.state().tracker().payments[0].reference.clone();
    let created = app.requests_to(&harness, "/api/v1/payments/resource/generate");
    assert_eq!(created, 1, "one QR at the service");

    // Another link for what the QR asks already: the books refuse it, nothing is sent.
    harness.get_by_label("Crear link de pago").scroll_to_me();
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the books' refusal", |h| {
        shows(h, "Ya hay links sin pagar que piden $ 30.000")
    });
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        0,
        "nothing sent for the second"
    );

    harness.get_by_label("Mostrar al cliente").scroll_to_me();
    click(&mut harness, "Mostrar al cliente");
    assert!(shows(
        &harness,
        "Escanee con la app de su banco o billetera"
    ));
    assert!(shows(&harness, "$ 30.000"));
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "the customer sees it paid", |h| {
        shows(h, "¡Pago recibido!")
    });
    wait_until(&mut harness, "the till comes back, the tab at zero", |h| {
        shows(h, "Al día")
    });
    assert_eq!(customers(&harness)[0].signed(), 0);
}

/// `typed` put in the field labelled `field` and `button` clicked, in one frame. Keys typed in
/// a click's frame never land (the click takes the keyboard from the field first), but a value
/// set without the keyboard does (a screen reader's SetValue): it comes with the click. Put into
/// the frame's input itself, as kittest gives each queued event a frame of its own.
fn set_and_click_in_one_frame(
    harness: &mut Harness<'_, PaydeskApp>,
    field: &str,
    typed: &str,
    button: &str,
) {
    let (target_node, target_tree) = harness.get_by(text_input(field)).accesskit_node().locate();
    let at = harness.get_by_label(button).rect().center();
    let set = egui::Event::AccessKitActionRequest(egui::accesskit::ActionRequest {
        action: egui::accesskit::Action::SetValue,
        target_node,
        target_tree,
        data: Some(egui::accesskit::ActionData::Value(typed.into())),
    });
    let press = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let events = [
        set,
        egui::Event::PointerMoved(at),
        press(true),
        press(false),
    ];
    harness.input_mut().events.extend(events);
    harness.step();
}

/// An abono is what was put in «Valor recibido» in the frame «Recibir abono» was clicked: read
/// before the field took it, the empty field of the frame before paid all that was owed.
#[test]
fn an_abono_set_with_the_click_in_one_frame_pays_what_was_put() {
    let app = App::new();
    let mut harness = app.harness();
    open_tabs(&mut harness);
    add_customer(&mut harness, "Rosa Pérez", "3001234567", "");
    wait_until(&mut harness, "Rosa's statement", |h| shows(h, "Al día"));
    fiar(&mut harness, "30.000", "Mercado");
    wait_until(&mut harness, "the tab owes it", |h| {
        shows(h, "Debe $ 30.000 desde el")
    });
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let anyone = paydesk::ledger::activity::Actor::new(paydesk::ledger::activity::Role::Anyone, "");
    ledger
        .open_shift(
            &anyone,
            paydesk::money::Pesos::ZERO,
            paydesk::clock::now_ms(),
        )
        .expect("the shift opens");

    harness
        .get_by_label("Recibir abono en efectivo")
        .scroll_to_me();
    harness.run_steps(4);
    set_and_click_in_one_frame(
        &mut harness,
        "Valor recibido",
        "5.000",
        "Recibir abono en efectivo",
    );
    wait_until(&mut harness, "the abono is written", |h| {
        shows(h, "Abono en efectivo de $")
    });
    assert_eq!(customers(&harness)[0].signed(), 25_000, "what is left owed");
    assert!(shows(&harness, "Abono en efectivo de $ 5.000"));
    wait_until(&mut harness, "the tab says what is left", |h| {
        shows(h, "Debe $ 25.000 desde el")
    });
}

fn field_value(
    harness: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>,
    label: &str,
) -> String {
    harness
        .get_by(text_input(label))
        .value()
        .unwrap_or_default()
}
