//! `paydesk sell`, `paydesk sale N` and `paydesk sales` against the simulator over real HTTP: a
//! mixed sale part cash and part QR that turns paid when the simulator approves the QR (applied by
//! `status --wait`); lines sold on a tab and in cash with the service away; a QR the service
//! could not make leaving the sale open, then charged again in cash; an expired QR charged again
//! by a link; `cash sale` and `tab take` saying their sale's number; `sales --json` agreeing with
//! the close (`Ledger::reconcile`, and `ledger close --json` where it says the three figures).
//! Every bad input exits 2 with nothing written and nothing sent.

mod common;

use common::cli::Shop;
use serde_json::{Value, json};

/// What these tests ask of a shop beyond running `paydesk`.
impl Shop {
    /// How many sales the books hold of the last day and the next.
    fn sales_written(&self) -> usize {
        let day = 24 * 3_600_000;
        let now = paydesk::clock::now_ms();
        self.ledger()
            .sales_between(now - day, now + day)
            .unwrap()
            .len()
    }

    async fn made_at_the_service(&self) -> usize {
        match &self.simulator {
            Some(simulator) => simulator.transactions().await.len(),
            None => 0,
        }
    }

    /// A customer kept (no PIN set: anyone may give a limit), their number.
    async fn customer(&self, name: &str, limit: &str) -> String {
        let added = self
            .json(&[
                "tab",
                "add",
                name,
                "--limit",
                limit,
                "--consent",
                "De palabra, en la tienda",
            ])
            .await
            .done();
        added["id"].as_i64().unwrap().to_string()
    }

    /// `sales --json` of today.
    async fn sales(&self) -> Value {
        self.json(&["sales"]).await.done()
    }
}

fn part<'a>(sale: &'a Value, way: &str) -> &'a Value {
    sale["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|part| part["way"] == way)
        .unwrap_or_else(|| panic!("no {way} part: {sale}"))
}

/// The figures `paydesk sales --json` says, read against the close's own (`Ledger::reconcile`),
/// to the peso.
fn agrees_with_the_close(figures: &Value, shop: &Shop) {
    let today = paydesk::ledger::reconcile::today();
    let report = shop
        .ledger()
        .reconcile(
            Some(paydesk::config::SIMULATOR_PROFILE),
            today,
            today,
            paydesk::clock::now_ms(),
        )
        .unwrap();
    let close = &report.figures;
    assert_eq!(
        figures["sales"]["net"],
        close.sales.net().get(),
        "{figures}"
    );
    assert_eq!(
        figures["sales"]["sold"]["amount"],
        close.sales.sold.amount.get()
    );
    assert_eq!(figures["sales"]["sold"]["count"], close.sales.sold.count);
    assert_eq!(
        figures["sales"]["returned"]["amount"],
        close.sales.returned.amount.get()
    );
    assert_eq!(
        figures["sales"]["unpaid"]["amount"],
        close.sales.unpaid.amount.get()
    );
    let by_way: Vec<(String, i64)> = close
        .sales
        .by_way
        .iter()
        .map(|(way, sum)| (way.code(), sum.net().get()))
        .collect();
    let said: Vec<(String, i64)> = figures["sales"]["byWay"]
        .as_array()
        .unwrap()
        .iter()
        .map(|way| {
            (
                way["way"].as_str().unwrap().to_owned(),
                way["net"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(said, by_way);
    let received = &close.received;
    assert_eq!(
        figures["received"]["service"]["gross"],
        received.service.gross.get()
    );
    assert_eq!(
        figures["received"]["service"]["net"],
        received.service.net.get()
    );
    assert_eq!(
        figures["received"]["cash"]["amount"],
        received.cash.amount.get()
    );
    assert_eq!(figures["owed"]["total"], close.owed.total().get());
    assert_eq!(
        figures["owed"]["tabs"]["amount"],
        close.owed.tabs.amount.get()
    );
    assert_eq!(
        figures["owed"]["charges"]["amount"],
        close.owed.charges.amount.get()
    );
}

/// `ledger close --json`, once it starts with the three figures, says the same as `sales`.
async fn agrees_with_ledger_close(figures: &Value, shop: &Shop) {
    let close = shop.json(&["ledger", "close"]).await.done();
    if close["sales"].is_object() && close["owed"].is_object() {
        assert_eq!(close["sales"]["net"], figures["sales"]["net"], "{close}");
        assert_eq!(close["owed"]["total"], figures["owed"]["total"], "{close}");
    }
}

#[tokio::test]
async fn a_sale_part_cash_part_qr_is_paid_once_the_service_approves_the_qr() {
    let shop = Shop::new().await;
    let sold = shop
        .json(&[
            "sell",
            "40.000",
            "--cash",
            "20.000",
            "--received",
            "50.000",
            "--qr",
            "20.000",
            "--open-with-base",
            "0",
            "--description",
            "Mercado",
        ])
        .await
        .done();
    let sale = &sold["sale"];
    let number = sale["number"].as_str().unwrap().to_owned();
    assert!(number.starts_with("1-0000"), "{number}");
    assert_eq!(sale["amount"], 40_000);
    assert_eq!(sale["state"], "waiting", "{sale}");
    assert_eq!(sale["description"], "Mercado");
    assert_eq!(sale["ways"], json!(["service", "cash"]));
    let cash = part(sale, "cash");
    assert_eq!(
        (
            cash["amount"].clone(),
            cash["state"].clone(),
            cash["paid"].clone()
        ),
        (json!(20_000), json!("paid"), json!(20_000))
    );
    assert_eq!(
        (cash["received"].clone(), cash["change"].clone()),
        (json!(50_000), json!(30_000))
    );
    assert_eq!(cash["word"], "cashier");
    let qr = part(sale, "service");
    assert_eq!(
        (qr["amount"].clone(), qr["state"].clone()),
        (json!(20_000), json!("pending"))
    );
    assert_eq!(qr["kind"], "resource:2");
    assert_eq!(qr["word"], "service");
    // The QR is made at the service as a part of the sale: its page or code, and its reference.
    let charge = &sold["charge"];
    let reference = charge["reference"].as_str().unwrap().to_owned();
    assert_eq!(qr["reference"], reference.as_str());
    assert_eq!(charge["amount"], 20_000);
    assert!(
        !charge["url"].as_str().unwrap().is_empty() || !charge["code"].as_str().unwrap().is_empty(),
        "{charge}"
    );

    // Waiting: not sold yet, said apart («sin pagar»); the cash is in the drawer already.
    let waiting = shop.sales().await;
    assert_eq!(waiting["sales"].as_array().unwrap().len(), 1);
    let figures = &waiting["figures"];
    assert_eq!(figures["sales"]["net"], 20_000, "{figures}");
    assert_eq!(figures["sales"]["unpaid"]["amount"], 20_000);
    assert_eq!(figures["received"]["cash"]["amount"], 20_000);
    assert_eq!(figures["received"]["service"]["gross"], 0);
    agrees_with_the_close(figures, &shop);

    // The simulator approves it; `status --wait` applies the service's answer.
    shop.simulator().settle(&reference, "approve").await;
    let status = shop.run(&["status", &reference, "--wait"]).await;
    assert_eq!(status.code, 0, "{}", status.stderr);

    let paid = shop.json(&["sale", &number]).await.done();
    assert_eq!(paid["state"], "paid", "{paid}");
    assert_eq!(paid["missing"], 0);
    assert_eq!(part(&paid, "service")["state"], "paid");
    assert_eq!(part(&paid, "service")["paid"], 20_000);
    assert_eq!(part(&paid, "service")["returnable"], 20_000);
    assert_eq!(paid["returns"], json!([]));
    // The short form of the number finds it too, and the text says it in words.
    let short = number.replace("-0000", "-");
    let text = shop.run(&["sale", &short]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(
        text.stdout.contains(&format!("Sale {number}")),
        "{}",
        text.stdout
    );
    assert!(text.stdout.contains("Cash"), "{}", text.stdout);
    assert!(text.stdout.contains("$ 20.000"), "{}", text.stdout);
    assert!(text.stdout.contains("change $ 30.000"), "{}", text.stdout);

    let day = shop.sales().await;
    let figures = &day["figures"];
    assert_eq!(figures["sales"]["net"], 40_000, "{figures}");
    assert_eq!(figures["sales"]["sold"]["count"], 1);
    assert_eq!(figures["sales"]["unpaid"]["amount"], 0);
    assert_eq!(figures["received"]["service"]["gross"], 20_000);
    assert_eq!(figures["received"]["cash"]["amount"], 20_000);
    assert_eq!(figures["owed"]["total"], 0);
    assert_eq!(day["sales"][0]["state"], "paid");
    agrees_with_the_close(figures, &shop);
    agrees_with_ledger_close(figures, &shop).await;
    // A person reads the list and the three figures.
    let text = shop.run(&["sales"]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    for words in [
        number.as_str(),
        "Paid",
        "Sales: $ 40.000",
        "Received",
        "Owed to the shop: $ 0",
    ] {
        assert!(text.stdout.contains(words), "{words}: {}", text.stdout);
    }
}

#[tokio::test]
async fn lines_sold_in_cash_and_on_a_tab_with_the_line_down() {
    let shop = Shop::away();
    let rosa = shop.customer("Rosa Pérez", "50.000").await;
    let tab = format!("{rosa}:4.000");
    let sold = shop
        .json(&[
            "sell",
            "--item",
            "Pan;2;1.500",
            "--item",
            "Leche;1;4.000",
            "--cash",
            "3.000",
            "--tab",
            &tab,
            "--open-with-base",
            "10.000",
        ])
        .await
        .done();
    let sale = &sold["sale"];
    assert_eq!(sale["amount"], 7_000);
    assert_eq!(sale["state"], "paid", "{sale}");
    assert_eq!(sold["charge"], Value::Null);
    assert_eq!(
        sale["lines"],
        json!([
            {"description": "Pan", "quantity": 2, "unitPrice": 1_500, "total": 3_000, "item": null},
            {"description": "Leche", "quantity": 1, "unitPrice": 4_000, "total": 4_000, "item": null},
        ])
    );
    let fiado = part(sale, "tab");
    assert_eq!(fiado["amount"], 4_000);
    assert_eq!(fiado["customerName"], "Rosa Pérez");
    assert_eq!(fiado["word"], "customer");
    let number = sale["number"].as_str().unwrap();
    // The tab knows the sale its fiado came from; the drawer took the cash.
    let statement = shop.json(&["tab", "statement", &rosa]).await.done();
    assert_eq!(statement["owed"], 4_000);
    assert_eq!(statement["entries"][0]["sale"], number);
    let shift = shop.json(&["cash", "shift"]).await.done();
    assert_eq!(shift["sales"]["amount"], 3_000);
    assert_eq!(shift["entries"][0]["sale"], number);

    let day = shop.sales().await;
    let figures = &day["figures"];
    assert_eq!(figures["sales"]["net"], 7_000, "{figures}");
    assert_eq!(figures["received"]["cash"]["amount"], 3_000);
    assert_eq!(figures["owed"]["tabs"]["amount"], 4_000);
    agrees_with_the_close(figures, &shop);
    let text = shop.run(&["sale", number]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    for words in [
        "2 × Pan at $ 1.500 = $ 3.000",
        "On the tab",
        "Rosa Pérez",
        "owed by the customer",
    ] {
        assert!(text.stdout.contains(words), "{words}: {}", text.stdout);
    }
}

#[tokio::test]
async fn cash_sale_and_tab_take_say_their_sale() {
    let shop = Shop::away();
    let cash = shop
        .json(&["cash", "sale", "15.000", "--open-with-base", "0"])
        .await
        .done();
    let number = cash["sale"].as_str().unwrap().to_owned();
    let sale = shop.json(&["sale", &number]).await.done();
    assert_eq!(sale["amount"], 15_000);
    assert_eq!(part(&sale, "cash")["entry"], cash["id"]);
    let text = shop.run(&["cash", "sale", "2.000"]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("Sale: 1-0000"), "{}", text.stdout);

    let rosa = shop.customer("Rosa Pérez", "50.000").await;
    let taken = shop.json(&["tab", "take", &rosa, "8.000"]).await.done();
    let number = taken["sale"].as_str().unwrap().to_owned();
    assert_eq!(taken["entry"]["sale"], number.as_str());
    let sale = shop.json(&["sale", &number]).await.done();
    assert_eq!(part(&sale, "tab")["amount"], 8_000);
    let text = shop.run(&["tab", "take", &rosa, "1.000"]).await;
    assert_eq!(text.code, 0, "{}", text.stderr);
    assert!(text.stdout.contains("Sale: 1-0000"), "{}", text.stdout);
    assert_eq!(shop.sales().await["sales"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn a_qr_the_service_could_not_make_leaves_the_sale_open_for_it() {
    let shop = Shop::new().await;
    shop.simulator()
        .fault(
            "/payments/resource/generate",
            json!({"mode": "server-error", "times": 1}),
        )
        .await;
    let run = shop
        .json(&[
            "sell",
            "30.000",
            "--cash",
            "10.000",
            "--qr",
            "20.000",
            "--open-with-base",
            "0",
        ])
        .await;
    assert_ne!(run.code, 0, "{}", run.stdout);
    let document = run.json();
    assert!(document["error"]["message"].is_string(), "{document}");
    let sale = &document["sale"];
    assert_eq!(sale["state"], "open", "{sale}");
    assert_eq!(sale["missing"], 20_000);
    assert_eq!(document["open"]["missing"], 20_000);
    let number = sale["number"].as_str().unwrap().to_owned();
    assert!(
        document["open"]["words"]
            .as_str()
            .unwrap()
            .contains(&format!("paydesk sale {number} --charge-cash 20000")),
        "{document}"
    );

    // More than it is missing: refused, nothing written.
    let over = shop
        .json(&["sale", &number, "--charge-cash", "25.000"])
        .await
        .refused();
    assert!(over.contains("$ 20.000"), "{over}");
    // Too little handed over: bad input.
    let short = shop
        .json(&[
            "sale",
            &number,
            "--charge-cash",
            "20.000",
            "--received",
            "10.000",
        ])
        .await;
    assert_eq!(short.bad_fields(), ["tendered"]);
    // The rest in cash: paid.
    let again = shop
        .json(&[
            "sale",
            &number,
            "--charge-cash",
            "20.000",
            "--received",
            "20.000",
        ])
        .await
        .done();
    assert_eq!(again["sale"]["state"], "paid", "{again}");
    assert_eq!(again["sale"]["parts"].as_array().unwrap().len(), 2);
    // Paid: nothing more to charge.
    shop.json(&["sale", &number, "--charge-cash", "1.000"])
        .await
        .refused();
    let figures = shop.sales().await["figures"].clone();
    assert_eq!(figures["sales"]["net"], 30_000);
    assert_eq!(figures["received"]["cash"]["amount"], 30_000);
    agrees_with_the_close(&figures, &shop);
}

#[tokio::test]
async fn an_expired_qr_is_charged_again_by_a_link_and_on_a_tab() {
    let shop = Shop::new().await;
    let sold = shop
        .json(&["sell", "25.000", "--qr", "25.000"])
        .await
        .done();
    let number = sold["sale"]["number"].as_str().unwrap().to_owned();
    let reference = sold["charge"]["reference"].as_str().unwrap().to_owned();
    assert_eq!(sold["sale"]["ways"], json!(["service"]));
    shop.simulator().settle(&reference, "expire").await;
    let status = shop.run(&["status", &reference, "--wait"]).await;
    assert_eq!(status.code, 0, "{} {}", status.stdout, status.stderr);
    let open = shop.json(&["sale", &number]).await.done();
    assert_eq!(open["state"], "open", "{open}");
    assert_eq!(part(&open, "service")["state"], "expired");
    let text = shop.run(&["sale", &number]).await;
    assert!(
        text.stdout
            .contains(&format!("paydesk sale {number} --charge-cash")),
        "{}",
        text.stdout
    );

    // Part of it by a new link, the rest on Rosa's tab.
    let link = shop
        .json(&[
            "sale",
            &number,
            "--charge-link",
            "15.000",
            "--expires-in",
            "1h",
        ])
        .await
        .done();
    let link_reference = link["charge"]["reference"].as_str().unwrap().to_owned();
    assert_eq!(link["charge"]["kind"], "link");
    assert!(
        link["charge"]["url"]
            .as_str()
            .unwrap()
            .contains(&link_reference)
    );
    assert_eq!(link["sale"]["state"], "open", "{link}");
    assert_eq!(link["sale"]["missing"], 25_000);
    let rosa = shop.customer("Rosa Pérez", "50.000").await;
    // What a pending link covers is not charged twice.
    shop.json(&["sale", &number, "--charge-tab", &format!("{rosa}:15.000")])
        .await
        .refused();
    let fiado = shop
        .json(&["sale", &number, "--charge-tab", &format!("{rosa}:10.000")])
        .await
        .done();
    assert_eq!(fiado["sale"]["state"], "waiting", "{fiado}");
    shop.simulator().settle(&link_reference, "approve").await;
    let status = shop.run(&["status", &link_reference, "--wait"]).await;
    assert_eq!(status.code, 0, "{}", status.stderr);
    let paid = shop.json(&["sale", &number]).await.done();
    assert_eq!(paid["state"], "paid", "{paid}");
    assert_eq!(paid["ways"], json!(["service", "tab"]));
    let figures = shop.sales().await["figures"].clone();
    assert_eq!(figures["sales"]["net"], 25_000);
    assert_eq!(figures["received"]["service"]["gross"], 15_000);
    assert_eq!(figures["owed"]["tabs"]["amount"], 10_000);
    agrees_with_the_close(&figures, &shop);
}

#[tokio::test]
async fn bad_input_exits_2_with_nothing_written_or_sent() {
    let shop = Shop::new().await;
    let rosa = shop.customer("Rosa Pérez", "10.000").await;
    let over_rosa = format!("{rosa}:20.000");
    let opened = shop.run(&["cash", "open", "--base", "0"]).await;
    assert_eq!(opened.code, 0, "{}", opened.stderr);
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["sell", "40.000", "--cash", "20.000", "--qr", "10.000"],
            vec!["amount"],
        ),
        (
            vec!["sell", "20.000", "--cash", "20.000", "--received", "10.000"],
            vec!["tendered"],
        ),
        (vec!["sell", "0", "--cash", "0"], vec!["amount", "cash"]),
        (
            vec!["sell", "-5000", "--cash", "-5000"],
            vec!["amount", "cash"],
        ),
        (
            vec!["sell", "diez mil", "--cash", "diez mil"],
            vec!["amount", "cash"],
        ),
        (
            vec!["sell", "5.000", "--cash", "5.000", "--received", "cinco"],
            vec!["tendered"],
        ),
        (vec!["sell", "5.000"], vec!["method"]),
        (vec!["sell", "5.000", "--qr", "cero"], vec!["qr"]),
        (vec!["sell", "5.000", "--link", "-5.000"], vec!["link"]),
        (vec!["sell", "500", "--qr", "500"], vec!["qr"]),
        (vec!["sell", "5.000", "--tab", "rosa:5.000"], vec!["tab"]),
        (vec!["sell", "5.000", "--tab", "5.000"], vec!["tab"]),
        (vec!["sell", "5.000", "--tab", "1:cinco"], vec!["tab"]),
        (
            vec!["sell", "--item", "Pan;0;1.500", "--cash", "3.000"],
            vec!["item"],
        ),
        (
            vec!["sell", "--item", "Pan;2", "--cash", "3.000"],
            vec!["item"],
        ),
        (
            vec!["sell", "--item", "Pan;2;mil", "--cash", "3.000"],
            vec!["item"],
        ),
        (
            vec!["sell", "--item", ";2;1.500", "--cash", "3.000"],
            vec!["item"],
        ),
        (
            vec!["sell", "5.000", "--item", "Pan;2;1.500", "--cash", "5.000"],
            vec!["item"],
        ),
        (
            vec!["sell", "1.000", "--cash", "1.000", "--open-with-base", "-1"],
            vec!["base"],
        ),
        (vec!["sale", "abc"], vec!["sale"]),
        (vec!["sale", "1-0"], vec!["sale"]),
        (vec!["sale", "1-1", "--charge-cash", "0"], vec!["cash"]),
        (vec!["sale", "1-1", "--charge-qr", "mil"], vec!["qr"]),
        (vec!["sale", "1-1", "--charge-tab", "x"], vec!["tab"]),
        (
            vec!["sale", "uno", "--charge-link", "cero"],
            vec!["sale", "link"],
        ),
        (vec!["sales", "--from", "2026-13-01"], vec!["from", "to"]),
        (
            vec!["sales", "--from", "2026-11-21", "--to", "2026-11-20"],
            vec!["to"],
        ),
    ];
    let made = shop.made_at_the_service().await;
    for (args, fields) in cases {
        let run = shop.json(&args).await;
        assert_eq!(run.bad_fields(), fields, "{args:?}");
        // Said in words for a person too.
        let text = shop.run(&args).await;
        assert_eq!(text.code, 2, "{args:?}");
        assert!(
            text.stderr.contains("Nothing was"),
            "{args:?}: {}",
            text.stderr
        );
    }
    // clap's own: a flag that needs another.
    let run = shop
        .run(&["sell", "5.000", "--qr", "5.000", "--received", "5.000"])
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);

    // The books' refusals, in their words: a customer that does not exist, over the limit
    // without the owner, a sale that does not exist.
    let nobody = shop
        .json(&["sell", "5.000", "--tab", "999:5.000"])
        .await
        .refused();
    assert!(nobody.contains("no customer 999"), "{nobody}");
    let over = shop
        .run_with_stdin(&["--json", "sell", "20.000", "--tab", &over_rosa], "")
        .await;
    // No PIN set: anyone may go over the limit, as with `tab take`.
    assert_eq!(over.code, 0, "{}", over.stdout);
    let unknown = shop.json(&["sale", "1-999"]).await.refused();
    assert!(unknown.contains("1-000999"), "{unknown}");
    let elsewhere = shop
        .json(&["sale", "7-1", "--charge-cash", "1.000"])
        .await
        .refused();
    assert!(elsewhere.contains("7-000001"), "{elsewhere}");
    assert_eq!(shop.made_at_the_service().await, made, "nothing sent");
    assert_eq!(
        shop.sales_written(),
        1,
        "only the sale over the limit with no PIN set"
    );

    // With the owner's PIN set, over the limit needs it: refused, told how, nothing written.
    let set = shop
        .run_with_stdin(&["pin", "set", "--pin-stdin"], "4826\n")
        .await;
    assert_eq!(set.code, 0, "{}", set.stderr);
    let refused = shop
        .json(&[
            "sell",
            "20.000",
            "--cash",
            "5.000",
            "--tab",
            &over_rosa.replace("20.000", "15.000"),
        ])
        .await
        .refused();
    assert!(refused.contains("--owner"), "{refused}");
    let wrong = shop
        .run_with_stdin(
            &[
                "--json",
                "--pin-stdin",
                "sell",
                "15.000",
                "--tab",
                &over_rosa.replace("20.000", "15.000"),
                "--owner",
            ],
            "1111\n",
        )
        .await;
    assert_eq!(wrong.code, 2, "{}", wrong.stdout);
    assert_eq!(shop.sales_written(), 1);
    let owner = shop
        .run_with_stdin(
            &[
                "--json",
                "--pin-stdin",
                "sell",
                "15.000",
                "--tab",
                &over_rosa.replace("20.000", "15.000"),
                "--owner",
            ],
            "4826\n",
        )
        .await
        .done();
    assert_eq!(owner["sale"]["state"], "paid");
    assert_eq!(shop.sales_written(), 2);
}
