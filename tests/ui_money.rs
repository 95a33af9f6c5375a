//! The Payouts, Balance and Accounts panels driven through egui_kittest: the confirmation
//! dialog, double clicks, every bad input, and the simulator's disbursements counted after each.

mod common;

use common::ui::{App, click, shows, type_into, type_with_enter_in_one_frame, wait_until};
use egui::accesskit::Role;
use egui_kittest::kittest::{By, NodeT, Queryable};
use paydesk::ui::Panel;
use serde_json::{Value, json};

const WITHDRAW: &str = "/pay/cash-out/generate/withdraw-method/token";

fn cash_outs(app: &App, harness: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>) -> usize {
    match app.get(format!("{}/transactions", app.control(harness))) {
        Value::Array(list) => list.iter().filter(|t| t["cashOut"] == true).count(),
        other => panic!("{other}"),
    }
}

#[test]
fn a_payout_is_confirmed_in_words_and_a_double_click_sends_once() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Valor", "50.000");
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@ANA123");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    assert!(shows(&harness, "@ANA123"), "the alias read back");
    assert!(shows(&harness, "Llave Bre-B"));
    assert!(shows(&harness, "$ 5.000.000"), "the balance before");
    assert!(shows(&harness, "$ 4.950.000"), "and after");
    assert_eq!(
        app.requests_to(&harness, WITHDRAW),
        0,
        "nothing sent before the yes"
    );

    // Two clicks on the send button in the same moment (once the dialog has settled).
    harness.run_steps(5);
    let send = harness.get_by_label("Enviar $ 50.000");
    send.click();
    send.click();
    harness.step();
    harness.step();
    wait_until(&mut harness, "the payout is sent", |h| {
        shows(h, "Dispersión de $ 50.000 a @ANA123 enviada")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
    assert_eq!(cash_outs(&app, &harness), 1);
    // No red "enter an amount" right after the success.
    assert!(!shows(&harness, "Para continuar"));
    wait_until(&mut harness, "the journal shows it paid", |h| {
        h.query_all_by_label("Pagada").next().is_some()
    });
    // The journal reads as a table: its time, the method by name, the alias.
    assert!(harness.query_by_label("Hora").is_some());
    // ...and a screen reader moves through it as one: a table of rows, headers first.
    let journal = harness
        .query_all(
            By::new()
                .role(Role::Table)
                .label("Dispersiones enviadas desde este computador"),
        )
        .next()
        .expect("the journal is a table");
    fn rows(node: &egui_kittest::kittest::AccessKitNode<'_>) -> usize {
        node.children()
            .map(|child| usize::from(child.role() == Role::Row) + rows(&child))
            .sum()
    }
    assert!(
        rows(&journal.accesskit_node()) >= 2,
        "a header and the payout"
    );
    assert!(
        harness.query_all_by_label("Llave Bre-B").count() >= 2,
        "the kind the form says, and the journal's row"
    );
    assert!(harness.query_all_by_label("@ANA123").next().is_some());
    assert!(
        harness.query_all_by_label("264").next().is_none(),
        "no method ids"
    );
}

/// The amount's last digit and Enter in one frame (a loaded till, a fast hand): the review
/// reads back the amount typed, not the one the frame began with.
#[test]
fn the_last_digit_and_enter_in_one_frame_review_the_amount_typed() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@PEDRO987");
    type_into(&mut harness, "Valor", "2000");
    type_with_enter_in_one_frame(&mut harness, "Valor", "0");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    assert!(
        shows(&harness, "Enviar $ 20.000"),
        "the amount typed is read back"
    );
    assert!(!shows(&harness, "Enviar $ 2.000"));
    click(&mut harness, "Cancelar");
    assert_eq!(app.requests_to(&harness, WITHDRAW), 0);
}

#[test]
fn cancelling_the_confirmation_sends_nothing() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Valor", "20000");
    // Typed as digits, shown as Cobrar shows an amount.
    assert_eq!(
        harness
            .get_by(common::ui::text_input("Valor"))
            .value()
            .unwrap_or_default(),
        "$ 20.000"
    );
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@PEDRO987");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    click(&mut harness, "Cancelar");
    wait_until(&mut harness, "the dialog closes", |h| {
        !shows(h, "Confirme la dispersión")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 0);
    assert_eq!(cash_outs(&app, &harness), 0);
}

#[test]
fn every_bad_payout_input_has_its_message_and_sends_nothing() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    // An untouched form has no complaints; pressing the button while it cannot go says why.
    assert!(!shows(&harness, "Para continuar"));
    click(&mut harness, "Revisar dispersión…");
    assert!(shows(&harness, "Valor: escriba un valor"));
    for (label, value, message) in [
        ("Valor", "50,5", "use pesos enteros"),
        ("Valor", "-3", "mayor que $ 0"),
        (
            "Alias Bre-B de quien recibe",
            "3001234567",
            "el servicio solo envía a un alias Bre-B",
        ),
        (
            "Su referencia",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "máximo 20 caracteres",
        ),
    ] {
        type_into(&mut harness, label, value);
        assert!(
            shows(&harness, message),
            "{label}={value}: expected {message:?}"
        );
    }
    // Today's service pays a Bre-B alias only: there is no other kind to pick.
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@ANA123");
    type_into(&mut harness, "Su referencia", "BALANCE-1");
    assert!(harness.query_by_label("Retiro en línea").is_none());
    assert!(harness.query_by_label("Dispersión como producto").is_none());

    // The balance rule: more than the demo merchant's $ 5.000.000.
    type_into(&mut harness, "Valor", "6.000.000");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the balance refusal", |h| {
        shows(h, "El saldo de dispersión es $ 5.000.000")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 0);
    assert_eq!(cash_outs(&app, &harness), 0);
    // The refusal was about $ 6.000.000: another amount, and it goes.
    type_into(&mut harness, "Valor", "60.000");
    assert!(!shows(&harness, "El saldo de dispersión es $ 5.000.000"));
}

#[test]
fn the_thirty_second_rule_and_a_repeat_warning() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Valor", "10.000");
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@ANA123");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    click(&mut harness, "Enviar $ 10.000");
    wait_until(&mut harness, "sent", |h| shows(h, "Dispersión de $ 10.000"));
    // At once again: the 30 s rule refuses before anything is sent.
    type_into(&mut harness, "Valor", "10.000");
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the spacing refusal", |h| {
        shows(h, "30 s entre dispersiones")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
    assert_eq!(cash_outs(&app, &harness), 1);
    // The wait counts down as the cashier looks at it.
    let seconds_left = |h: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>| {
        (1..=30).find(|n| shows(h, &format!("Espere {n} s más")))
    };
    let first = seconds_left(&harness).expect("the seconds left are shown");
    wait_until(&mut harness, "the figure goes down", |h| {
        seconds_left(h).is_some_and(|now| now < first)
    });
}

#[test]
fn a_lost_answer_shows_unknown_and_offers_no_resend() {
    let app = App::new();
    // The receiver is down (another program holds its port): nothing but a status check can
    // tell what happened (the service's notification would otherwise settle it at once).
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let mut harness = common::ui::harness_listening(
        app.home.path(),
        app.runtime.handle().clone(),
        paydesk::i18n::Language::Es,
        taken.local_addr().unwrap(),
    );
    let control = app.control(&harness);
    assert_eq!(
        app.post(
            format!("{control}/faults"),
            json!({"route": "/cash-out/generate/withdraw-method/token", "mode": "drop-after-commit", "times": 1})
        ),
        204
    );
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Valor", "30.000");
    type_into(&mut harness, "Alias Bre-B de quien recibe", "@ANA123");
    let reference = harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Su referencia")
        .value()
        .unwrap_or_default();
    click(&mut harness, "Revisar dispersión…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirme la dispersión")
    });
    click(&mut harness, "Enviar $ 30.000");
    wait_until(&mut harness, "the unknown outcome", |h| {
        shows(h, "se haya hecho o no")
    });
    assert!(shows(&harness, "paydesk no la enviará de nuevo"));
    wait_until(&mut harness, "the journal", |h| {
        h.query_all_by_label("Resultado desconocido")
            .next()
            .is_some()
    });
    // The only ways forward are a status check or settling by hand; no resend button exists.
    assert!(
        harness
            .query_by_label(&format!("Resolver {reference} a mano…"))
            .is_some()
    );
    assert!(!shows(&harness, "Enviar de nuevo"));
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
    assert_eq!(cash_outs(&app, &harness), 1);
}

#[test]
fn accounts_codes_link_delete_and_bank_lookup() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Accounts);
    harness.step();
    // Bad inputs first.
    type_into(&mut harness, "Número de cuenta", "12ab");
    assert!(shows(&harness, "escriba el número de cuenta"));
    type_into(&mut harness, "Código de verificación para inscribir", "12");
    assert!(shows(&harness, "el código tiene de 4 a 8 dígitos"));
    type_into(&mut harness, "Número de celular", "601 234");
    assert!(shows(&harness, "empieza por 3"));

    // A code for linking, read from the simulator as the merchant's phone would.
    click(&mut harness, "Enviar código");
    wait_until(&mut harness, "the code is sent", |h| {
        shows(h, "Se envió un código para \"Inscribir cuenta bancaria\"")
    });
    let code = app.get(format!("{}/otp/last", app.control(&harness)))["code"]
        .as_str()
        .unwrap()
        .to_owned();
    type_into(&mut harness, "Número de cuenta", "1234567890");
    harness.get_by_label("Banco").click();
    harness.step();
    harness.step();
    click(&mut harness, "BANCOLOMBIA");
    type_into(&mut harness, "Código de verificación para inscribir", &code);
    click(&mut harness, "Inscribir cuenta");
    wait_until(&mut harness, "the account is linked", |h| {
        shows(h, "Cuenta ******7890 inscrita")
    });
    wait_until(&mut harness, "the list shows it", |h| {
        h.query_by_label("Eliminar ******7890…").is_some()
    });

    // Deleting needs a code for reason 3.
    click(&mut harness, "Eliminar ******7890…");
    harness.get_by_label("Motivo").click();
    harness.step();
    harness.step();
    click(&mut harness, "Eliminar cuenta bancaria");
    click(&mut harness, "Enviar código");
    wait_until(&mut harness, "the delete code is sent", |h| {
        shows(h, "Se envió un código para \"Eliminar cuenta bancaria\"")
    });
    let code = app.get(format!("{}/otp/last", app.control(&harness)))["code"]
        .as_str()
        .unwrap()
        .to_owned();
    type_into(&mut harness, "Código para eliminar", &code);
    click(&mut harness, "Eliminar cuenta");
    wait_until(&mut harness, "the account is gone", |h| {
        shows(h, "Ninguna todavía")
    });

    type_into(&mut harness, "Número de celular", "300 123 4567");
    click(&mut harness, "Consultar bancos");
    wait_until(&mut harness, "banks show", |h| shows(h, "NEQUI"));
}

#[test]
fn balance_shows_both_bags_and_todays_collections() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Saldo");
    wait_until(&mut harness, "the bags", |h| {
        shows(h, "Saldo Multiproducto")
    });
    // The bag that pays payouts by the shop's words, the service's label beside them.
    assert!(shows(
        &harness,
        "Saldo para dispersiones (el servicio lo llama «Saldo Dispersión»)"
    ));
    assert!(shows(&harness, "Cobros aprobados hoy"));
    click(&mut harness, "Actualizar");
    wait_until(&mut harness, "refreshed", |h| shows(h, "Al "));

    // A payment approved today: what the customer paid, the simulator's fee (2.99 % + $ 900,
    // $ 1.647 on $ 25.000) and what the shop receives.
    let reference = common::ui::create_link(&mut harness, "25.000");
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "approved", |h| {
        shows(h, "Pago aprobado: $ 25.000")
    });
    click(&mut harness, "Saldo");
    wait_until(&mut harness, "the day's figures", |h| {
        shows(h, "$ 23.353") && shows(h, "$ 1.647")
    });
    assert!(shows(&harness, "Pagaron los clientes"));
    assert!(!shows(&harness, "ha informado la comisión de"));
}
