//! The Payouts, Balance and Accounts panels driven through egui_kittest: the confirmation
//! dialog, double clicks, every bad input, and the simulator's disbursements counted after each.

mod common;

use common::ui::{App, click, shows, type_into, wait_until};
use egui_kittest::kittest::Queryable;
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
    type_into(&mut harness, "Amount", "50.000");
    type_into(&mut harness, "Destination cellphone", "3001234567");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirm the payout")
    });
    assert!(
        shows(&harness, "300 123 4567"),
        "the number grouped for reading"
    );
    assert!(shows(&harness, "Disbursement as a product (245)"));
    assert!(shows(&harness, "$ 5.000.000"), "the balance before");
    assert!(shows(&harness, "$ 4.950.000"), "and after");
    assert_eq!(
        app.requests_to(&harness, WITHDRAW),
        0,
        "nothing sent before the yes"
    );

    // Two clicks on the send button in the same moment (once the dialog has settled).
    harness.run_steps(5);
    let send = harness.get_by_label("Send $ 50.000");
    send.click();
    send.click();
    harness.step();
    harness.step();
    wait_until(&mut harness, "the payout is sent", |h| {
        shows(h, "Payout of $ 50.000 to 300 123 4567 sent")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
    assert_eq!(cash_outs(&app, &harness), 1);
    wait_until(&mut harness, "the journal shows it paid", |h| {
        h.query_all_by_label("Paid").next().is_some()
    });
}

#[test]
fn cancelling_the_confirmation_sends_nothing() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Amount", "20000");
    type_into(&mut harness, "Destination cellphone", "310 987 6543");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirm the payout")
    });
    click(&mut harness, "Cancel");
    wait_until(&mut harness, "the dialog closes", |h| {
        !shows(h, "Confirm the payout")
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
    for (label, value, message) in [
        ("Amount", "50,5", "use whole pesos"),
        ("Amount", "-3", "more than $ 0"),
        (
            "Destination cellphone",
            "12345",
            "10 digits and starts with 3",
        ),
        (
            "Your reference",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
            "at most 20 characters",
        ),
        (
            "Webhook URL",
            "http://shop.example/payouts",
            "must start with https://",
        ),
    ] {
        type_into(&mut harness, label, value);
        assert!(
            shows(&harness, message),
            "{label}={value}: expected {message:?}"
        );
    }
    // The ceiling of online withdrawals.
    type_into(&mut harness, "Amount", "2.500.000");
    type_into(&mut harness, "Destination cellphone", "3001234567");
    type_into(&mut harness, "Your reference", "CEILING-1");
    type_into(&mut harness, "Webhook URL", "https://shop.example/payouts");
    click(&mut harness, "Online withdrawal (160)");
    harness.step();
    assert!(shows(
        &harness,
        "online withdrawals are at most $ 2.000.000"
    ));
    click(&mut harness, "Review payout…");
    assert!(!shows(&harness, "Confirm the payout"));

    // The balance rule: more than the demo merchant's $ 5.000.000.
    click(&mut harness, "Disbursement as a product (245)");
    type_into(&mut harness, "Amount", "6.000.000");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the balance refusal", |h| {
        shows(h, "The disbursement balance is $ 5.000.000")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 0);
    assert_eq!(cash_outs(&app, &harness), 0);
}

#[test]
fn the_thirty_second_rule_and_a_repeat_warning() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Payouts);
    harness.step();
    type_into(&mut harness, "Amount", "10.000");
    type_into(&mut harness, "Destination cellphone", "3001234567");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirm the payout")
    });
    click(&mut harness, "Send $ 10.000");
    wait_until(&mut harness, "sent", |h| shows(h, "Payout of $ 10.000"));
    // At once again: the 30 s rule refuses before anything is sent.
    type_into(&mut harness, "Amount", "10.000");
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the spacing refusal", |h| {
        shows(h, "30 s between payouts")
    });
    assert_eq!(app.requests_to(&harness, WITHDRAW), 1);
    assert_eq!(cash_outs(&app, &harness), 1);
}

#[test]
fn a_lost_answer_shows_unknown_and_offers_no_resend() {
    let app = App::new();
    let mut harness = app.harness();
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
    type_into(&mut harness, "Amount", "30.000");
    type_into(&mut harness, "Destination cellphone", "3001234567");
    // No notification address: nothing but a status check can tell what happened (the
    // service's notification would otherwise settle it within a second).
    type_into(&mut harness, "Webhook URL", "");
    let reference = harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "Your reference")
        .value()
        .unwrap_or_default();
    click(&mut harness, "Review payout…");
    wait_until(&mut harness, "the confirmation", |h| {
        shows(h, "Confirm the payout")
    });
    click(&mut harness, "Send $ 30.000");
    wait_until(&mut harness, "the unknown outcome", |h| {
        shows(h, "may or may not have been done")
    });
    assert!(shows(&harness, "paydesk will not send it again"));
    wait_until(&mut harness, "the journal", |h| {
        h.query_all_by_label("Outcome unknown").next().is_some()
    });
    // The only ways forward are a status check or settling by hand; no resend button exists.
    assert!(
        harness
            .query_by_label(&format!("Settle {reference} by hand…"))
            .is_some()
    );
    assert!(!shows(&harness, "again to 300 123 4567"));
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
    type_into(&mut harness, "Account number", "12ab");
    assert!(shows(&harness, "enter the account number"));
    type_into(&mut harness, "Code for linking", "12");
    assert!(shows(&harness, "the code has 4 to 8 digits"));
    type_into(&mut harness, "Phone number", "601 234");
    assert!(shows(&harness, "starts with 3"));

    // A code for linking, read from the simulator as the merchant's phone would.
    click(&mut harness, "Send code");
    wait_until(&mut harness, "the code is sent", |h| {
        shows(h, "A code for \"Link a bank account\" was sent")
    });
    let code = app.get(format!("{}/otp/last", app.control(&harness)))["code"]
        .as_str()
        .unwrap()
        .to_owned();
    type_into(&mut harness, "Account number", "1234567890");
    harness.get_by_label("Bank").click();
    harness.step();
    harness.step();
    click(&mut harness, "BANCOLOMBIA");
    type_into(&mut harness, "Code for linking", &code);
    click(&mut harness, "Add account");
    wait_until(&mut harness, "the account is linked", |h| {
        shows(h, "Account ******7890 linked")
    });
    wait_until(&mut harness, "the list shows it", |h| {
        h.query_by_label("Delete ******7890…").is_some()
    });

    // Deleting needs a code for reason 3.
    click(&mut harness, "Delete ******7890…");
    harness.get_by_label("Reason").click();
    harness.step();
    harness.step();
    click(&mut harness, "Delete a bank account");
    click(&mut harness, "Send code");
    wait_until(&mut harness, "the delete code is sent", |h| {
        shows(h, "A code for \"Delete a bank account\" was sent")
    });
    let code = app.get(format!("{}/otp/last", app.control(&harness)))["code"]
        .as_str()
        .unwrap()
        .to_owned();
    type_into(&mut harness, "Code for deleting", &code);
    click(&mut harness, "Delete account");
    wait_until(&mut harness, "the account is gone", |h| {
        shows(h, "None yet")
    });

    type_into(&mut harness, "Phone number", "300 123 4567");
    click(&mut harness, "Look up banks");
    wait_until(&mut harness, "banks show", |h| shows(h, "NEQUI"));
}

#[test]
fn balance_shows_both_bags_and_todays_collections() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Balance");
    wait_until(&mut harness, "the bags", |h| {
        shows(h, "Saldo Multiproducto")
    });
    assert!(shows(&harness, "Saldo Dispersión"));
    assert!(shows(&harness, "Approved collections today"));
    click(&mut harness, "Refresh");
    wait_until(&mut harness, "refreshed", |h| shows(h, "As of"));

    // A payment approved today: what the customer paid, the simulator's fee (2.99 % + $ 900,
    // $ 1.647 on $ 25.000) and what the shop receives.
    let reference = common::ui::create_link(&mut harness, "25.000");
    let control = app.control(&harness);
    app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    wait_until(&mut harness, "approved", |h| {
        shows(h, "Payment approved: $ 25.000")
    });
    click(&mut harness, "Balance");
    wait_until(&mut harness, "the day's figures", |h| {
        shows(h, "$ 23.353") && shows(h, "$ 1.647")
    });
    assert!(shows(&harness, "Paid by the customers"));
    assert!(!shows(&harness, "has reported the fee of"));
}
