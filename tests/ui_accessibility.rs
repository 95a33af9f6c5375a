//! What a screen reader finds (issue 38): every control of every panel has a name it reads, in
//! Spanish and in English: with the whole app open (no owner's PIN yet, so the owner's panels
//! show), then with a PIN set, in Caja, at the PIN prompt and on the owner's side it opens. Tab
//! walks Cobrar's form in the order it reads; a payment's state and amount read as words.
//! What it hears without moving (issue 47): the window named for where the person is, an
//! approval and a refusal announced at once (a live announcement, once a payment, the amount in
//! words), and the lists as tables of rows and cells under named column headers, with no empty
//! label.

mod common;

use common::ui::{App, click, create_link, shows, text_input, type_into, wait_until};
use egui::accesskit::{Action, Live, Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{AccessKitNode, By, NodeT, Queryable};
use paydesk::i18n::Language;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;
use std::sync::{Mutex, MutexGuard};

/// The language is the process's: one test at a time, so a Spanish test never reads the
/// English one's words.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn my_turn() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The roles a person acts on: each must say what it is for.
const INTERACTIVE: &[Role] = &[
    Role::Button,
    Role::DefaultButton,
    Role::Link,
    Role::CheckBox,
    Role::RadioButton,
    Role::Switch,
    Role::Tab,
    Role::TextInput,
    Role::MultilineTextInput,
    Role::PasswordInput,
    Role::SearchInput,
    Role::EmailInput,
    Role::NumberInput,
    Role::PhoneNumberInput,
    Role::UrlInput,
    Role::DateInput,
    Role::ComboBox,
    Role::EditableComboBox,
    Role::Slider,
    Role::SpinButton,
    Role::MenuItem,
    Role::MenuItemCheckBox,
    Role::MenuItemRadio,
    Role::ListBoxOption,
    Role::DisclosureTriangle,
];

/// The words a screen reader gives a node: its label (its own or its label's), or for a control
/// that senses clicks without a role of its own (a table row's cell), the text inside it.
fn spoken(node: &egui_kittest::kittest::AccessKitNode<'_>) -> String {
    // A label's words are its value in AccessKit.
    if node.role() == Role::Label {
        return node.value().unwrap_or_default();
    }
    if let Some(label) = node.label().filter(|label| !label.trim().is_empty()) {
        return label;
    }
    let mut words = Vec::new();
    collect_text(node, &mut words);
    words.join(" ")
}

fn collect_text(node: &egui_kittest::kittest::AccessKitNode<'_>, words: &mut Vec<String>) {
    for child in node.children() {
        let text = if child.role() == Role::Label {
            child.value()
        } else {
            child.label()
        };
        words.extend(text.filter(|text| !text.trim().is_empty()));
        collect_text(&child, words);
    }
}

/// Whether a control has words of its own. egui names a nameless widget by its tooltip
/// (`on_hover_text` becomes both its description and its name), but a tooltip is not a name: it
/// shows only under a mouse, so a name that is only the tooltip does not count.
fn named(node: &egui_kittest::kittest::AccessKitNode<'_>) -> bool {
    let words = spoken(node);
    !words.trim().is_empty() && node.description().as_deref() != Some(words.as_str())
}

/// Every control on screen that a screen reader would announce without a name, as "role at
/// (x, y)" so the failure says where to look.
fn unnamed(harness: &Harness<'_, PaydeskApp>) -> Vec<String> {
    harness
        .query_all(By::new().include_labels().predicate(|node| {
            // Besides the controls by role, anything else Tab stops at (a table's clickable
            // cell, a chart): a stop where a screen reader says nothing is a hole.
            let acts = INTERACTIVE.contains(&node.role())
                || (node.data().supports_action(Action::Focus)
                    && !matches!(node.role(), Role::Label | Role::Window));
            acts && !node.is_hidden() && !named(node)
        }))
        .map(|node| {
            let node = node.accesskit_node();
            let at = node
                .bounding_box()
                .map(|rect| format!(" at ({:.0}, {:.0})", rect.x0, rect.y0))
                .unwrap_or_default();
            let value = node
                .value()
                .map(|v| format!(" holding {v:?}"))
                .unwrap_or_default();
            // The nearest named ancestor says which part of the screen it is in.
            let mut within = String::new();
            let mut parent = node.parent();
            while let Some(up) = parent {
                if let Some(label) = up.label().filter(|label| !label.is_empty()) {
                    within = format!(" within {:?} {label:?}", up.role());
                    break;
                }
                parent = up.parent();
            }
            format!("{:?}{at}{value}{within}", node.role())
        })
        .collect()
}

/// Looks at what is on screen once the layout settled; `place` names it in the failure.
fn walk(harness: &mut Harness<'_, PaydeskApp>, place: &str, problems: &mut Vec<String>) {
    harness.run_steps(6);
    for control in unnamed(harness) {
        problems.push(format!("{place}: {control} has no name"));
    }
}

/// A payment approved at this till, so Estado de pagos has a row, its window and its chip.
fn approved_sale(app: &App, harness: &mut Harness<'_, PaydeskApp>) {
    let reference = create_link(harness, "35.000");
    app.post(
        format!("{}/transactions/{reference}/outcome", app.control(harness)),
        json!({"outcome": "approve"}),
    );
    wait_until(harness, "the approval", |h| {
        h.state().tracker().payments[0].status == Some(paydesk::api::TransactionStatus::Approved)
    });
}

/// Every panel and every view inside one that a person reaches with a click.
fn every_panel(language: Language) -> Vec<String> {
    let app = App::new();
    let mut harness = match language {
        Language::Es => app.harness(),
        Language::En => app.harness_in_english(),
    };
    wait_until(&mut harness, "the people are read", |h| {
        h.state().access().people().is_some()
    });
    assert!(
        harness.state().access().owner_side(),
        "the whole app is open"
    );
    approved_sale(&app, &mut harness);
    let mut problems = Vec::new();
    for panel in Panel::ALL {
        harness.state_mut().show_panel(panel);
        if panel == Panel::Reconcile {
            // The close and the owner's charts come from the books, a moment later.
            wait_until(&mut harness, "the owner's charts", |h| {
                shows(h, &paydesk::t!("chart-per-day"))
            });
        }
        walk(&mut harness, &panel.title(), &mut problems);
        if let Some(name) = table_of(panel) {
            wait_until(&mut harness, &name, |h| {
                h.query_all(By::new().role(Role::Table).label(&name))
                    .next()
                    .is_some()
            });
        }
        for problem in tables(&harness) {
            problems.push(format!("{}: {problem}", panel.title()));
        }
    }
    harness.state_mut().show_panel(Panel::Collect);
    // Cobrar's form for the next sale, its folds open.
    click(&mut harness, &paydesk::t!("collect-new-sale"));
    for fold in [
        paydesk::t!("collect-customer-details"),
        paydesk::t!("collect-reference-and-expiry"),
    ] {
        click(&mut harness, &fold);
    }
    walk(&mut harness, &Panel::Collect.title(), &mut problems);
    harness.state_mut().show_panel(Panel::Settings);
    for view in [
        paydesk::t!("settings-new-profile-button"),
        paydesk::t!("settings-edit-profile"),
    ] {
        click(&mut harness, &view);
        walk(&mut harness, &view, &mut problems);
        harness.state_mut().show_panel(Panel::Collect);
        harness.state_mut().show_panel(Panel::Settings);
    }
    harness.state_mut().show_panel(Panel::Collect);
    for view in [
        paydesk::t!("collect-one-method"),
        paydesk::t!("collect-qr-codes"),
    ] {
        click(&mut harness, &view);
        walk(&mut harness, &view, &mut problems);
    }
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(4);
    open_first_payment(&mut harness);
    let window = format!("{} › the payment's window", Panel::Status.title());
    walk(&mut harness, &window, &mut problems);
    return_form(&mut harness, &mut problems);
    caja_and_the_owners_side(&mut harness, &mut problems);
    problems
}

/// «Devolver dinero» in the payment's window: its form with a field to fix, and its review.
fn return_form(harness: &mut Harness<'_, PaydeskApp>, problems: &mut Vec<String>) {
    click(harness, &paydesk::t!("refund-button"));
    wait_until(harness, "the return's form", |h| {
        h.query_by(common::ui::text_input(&paydesk::t!("field-refund-alias")))
            .is_some()
    });
    type_into(harness, &paydesk::t!("field-refund-alias"), "ana");
    click(harness, &paydesk::t!("refund-review"));
    walk(harness, &paydesk::t!("refund-button"), problems);
    type_into(harness, &paydesk::t!("field-refund-alias"), "@ANA123");
    click(harness, &paydesk::t!("refund-review"));
    wait_until(harness, "the review", |h| {
        shows(h, &paydesk::t!("refund-confirm-title"))
    });
    walk(harness, &paydesk::t!("refund-confirm-title"), problems);
    click(harness, &paydesk::t!("cancel"));
    click(harness, &paydesk::t!("refund-close"));
}

/// The table each panel lists its rows in, by its name.
fn table_of(panel: Panel) -> Option<String> {
    match panel {
        Panel::Status => Some(paydesk::t!("status-today-table")),
        Panel::Reconcile => Some(paydesk::t!("close-table")),
        Panel::Activity => Some(paydesk::t!("activity-table")),
        _ => None,
    }
}

/// The nodes under `node` a screen reader finds: egui's layout containers are not among them.
fn reachable<'t>(node: &AccessKitNode<'t>) -> Vec<AccessKitNode<'t>> {
    let mut found = Vec::new();
    for child in node.children() {
        if child.role() == Role::GenericContainer {
            found.extend(reachable(&child));
        } else {
            found.push(child);
        }
    }
    found
}

/// Every node under `node`, however deep.
fn descendants<'t>(node: &AccessKitNode<'t>, found: &mut Vec<AccessKitNode<'t>>) {
    for child in node.children() {
        found.push(child);
        descendants(&child, found);
    }
}

/// What is wrong with the tables on screen, as a screen reader moves through them: each named,
/// made of rows, each row of cells (the header's column headers) that all say something, and no
/// empty label anywhere in it.
fn tables(harness: &Harness<'_, PaydeskApp>) -> Vec<String> {
    let mut problems = Vec::new();
    for table in harness.query_all_by_role(Role::Table) {
        let table = table.accesskit_node();
        let name = table.label().unwrap_or_default();
        if name.trim().is_empty() {
            problems.push("a table has no name".to_owned());
        }
        let rows: Vec<_> = reachable(&table)
            .into_iter()
            .filter(|node| node.role() != Role::ScrollBar)
            .collect();
        if rows.is_empty() || rows.iter().any(|row| row.role() != Role::Row) {
            let roles: Vec<Role> = rows.iter().map(|row| row.role()).collect();
            problems.push(format!("table {name:?} holds {roles:?}, not rows"));
        }
        for (index, row) in rows.iter().enumerate() {
            let cells = reachable(row);
            let header = cells.first().map(|cell| cell.role()) == Some(Role::ColumnHeader);
            if index == 0 && !header {
                problems.push(format!("table {name:?} has no column headers first"));
            }
            for cell in &cells {
                let role = cell.role();
                if role != Role::Cell && role != Role::ColumnHeader {
                    problems.push(format!("table {name:?}, row {index}: a {role:?} in a row"));
                }
                if role == Role::ColumnHeader && cell.label().is_none_or(|l| l.trim().is_empty()) {
                    problems.push(format!("table {name:?}: a column header with no name"));
                }
                if spoken(cell).trim().is_empty() {
                    problems.push(format!(
                        "table {name:?}, row {index}: a cell that says nothing"
                    ));
                }
            }
        }
        let mut inside = Vec::new();
        descendants(&table, &mut inside);
        if inside.iter().any(|node| {
            node.role() == Role::Label && node.value().is_none_or(|v| v.trim().is_empty())
        }) {
            problems.push(format!("table {name:?} holds an empty label"));
        }
    }
    problems
}

/// Types into a field further down Configuración, scrolled to first as a person would.
fn type_below(harness: &mut Harness<'_, PaydeskApp>, label: &str, text: &str) {
    harness.run_steps(2);
    harness.get_by(text_input(label)).scroll_to_me();
    harness.run_steps(2);
    type_into(harness, label, text);
}

/// With an owner's PIN set: Caja (the till alone), the PIN prompt, and the owner's side opened
/// by the PIN, each walked.
fn caja_and_the_owners_side(harness: &mut Harness<'_, PaydeskApp>, problems: &mut Vec<String>) {
    harness.state_mut().show_panel(Panel::Settings);
    harness.run_steps(2);
    type_below(harness, &paydesk::t!("people-new-pin"), "4826");
    type_below(harness, &paydesk::t!("people-repeat-pin"), "4826");
    let set = paydesk::t!("people-set-pin");
    harness.get_by_label(&set).scroll_to_me();
    click(harness, &set);
    wait_until(harness, "the till is in Caja", |h| {
        h.state().access().in_caja()
    });
    for panel in [Panel::Collect, Panel::Status, Panel::Reconcile] {
        harness.state_mut().show_panel(panel);
        walk(harness, &format!("Caja › {}", panel.title()), problems);
    }
    click(harness, &paydesk::t!("caja-owner"));
    walk(harness, &paydesk::t!("pin-owner-title"), problems);
    type_into(harness, &paydesk::t!("pin-hint"), "4826");
    click(harness, &paydesk::t!("pin-enter"));
    wait_until(harness, "the owner's side opens", |h| {
        h.state().access().owner_side() && !h.state().access().is_checking()
    });
    harness.state_mut().show_panel(Panel::Collect);
    walk(harness, &paydesk::t!("owner-chip"), problems);
}

/// Opens the first row of today's list, by its reference as the cashier reads it.
fn open_first_payment(harness: &mut Harness<'_, PaydeskApp>) {
    let mine = harness.state().tracker().payments[0].reference1.clone();
    harness.get_by_label(&mine).click();
    harness.run_steps(6);
}

/// The live announcements in the window now: their node (as its id reads) and their words.
fn announcements(harness: &Harness<'_, PaydeskApp>) -> Vec<(String, String)> {
    harness
        .query_all(
            By::new()
                .include_labels()
                .predicate(|node| node.live() != Live::Off),
        )
        .map(|node| {
            let node = node.accesskit_node();
            (format!("{:?}", node.id()), node.label().unwrap_or_default())
        })
        .collect()
}

/// Waits for `words` to be announced, then lets the app run on: it is announced once (one
/// node, which stays the same while it is up).
fn announced_once(harness: &mut Harness<'_, PaydeskApp>, words: &str) {
    wait_until(harness, words, |h| {
        announcements(h).iter().any(|(_, said)| said == words)
    });
    let first = announcements(harness);
    assert_eq!(first.len(), 1, "{first:?}");
    harness.run_steps(20);
    assert_eq!(announcements(harness), first, "announced again");
}

/// The window's name, as a screen reader reads it when the window takes the focus.
fn window_name(harness: &Harness<'_, PaydeskApp>) -> String {
    harness.root().accesskit_node().label().unwrap_or_default()
}

/// What a person who does not see the screen hears without moving: where they are, and each
/// payment's end the moment the service says it (the approval with its amount in words, a
/// refusal in the cashier's words).
fn heard_without_moving(language: Language) {
    let app = App::new();
    let mut harness = match language {
        Language::Es => app.harness(),
        Language::En => app.harness_in_english(),
    };
    harness.run_steps(4);
    let named = |panel: Panel| paydesk::t!("window-title", panel = panel.title());
    assert_eq!(window_name(&harness), named(Panel::Collect));
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(2);
    assert_eq!(window_name(&harness), named(Panel::Status));
    assert!(announcements(&harness).is_empty());

    approved_sale(&app, &mut harness);
    let approved = match language {
        Language::Es => "Pago aprobado: treinta y cinco mil pesos",
        Language::En => "Payment approved: thirty-five thousand pesos",
    };
    announced_once(&mut harness, approved);

    let refused = create_link(&mut harness, "12.000");
    app.post(
        format!("{}/transactions/{refused}/outcome", app.control(&harness)),
        json!({"outcome": "decline"}),
    );
    let refused = match language {
        Language::Es => "Pago rechazado: doce mil pesos",
        Language::En => "Payment rejected: twelve thousand pesos",
    };
    announced_once(&mut harness, refused);
}

#[test]
fn a_screen_reader_hears_where_it_is_and_each_payments_end_in_spanish() {
    let _turn = my_turn();
    heard_without_moving(Language::Es);
    // The words themselves, not only the same message looked up.
    let app = App::new();
    let mut harness = app.harness();
    harness.run_steps(4);
    assert_eq!(window_name(&harness), "paydesk — Cobrar");
}

#[test]
fn a_screen_reader_hears_where_it_is_and_each_payments_end_in_english() {
    let _turn = my_turn();
    heard_without_moving(Language::En);
}

#[test]
fn every_control_of_every_panel_has_a_name_in_spanish() {
    let _turn = my_turn();
    let problems = every_panel(Language::Es);
    assert!(problems.is_empty(), "unnamed:\n{}", problems.join("\n"));
}

#[test]
fn every_control_of_every_panel_has_a_name_in_english() {
    let _turn = my_turn();
    let problems = every_panel(Language::En);
    assert!(problems.is_empty(), "unnamed:\n{}", problems.join("\n"));
}

/// The name of the node that has the keyboard, and its role.
fn focused(harness: &Harness<'_, PaydeskApp>) -> Option<(Role, String)> {
    harness
        .query_all(
            By::new()
                .include_labels()
                .predicate(|node| node.is_focused()),
        )
        .next()
        .map(|node| {
            let node = node.accesskit_node();
            (node.role(), spoken(&node))
        })
}

fn tab(harness: &mut Harness<'_, PaydeskApp>) -> Option<(Role, String)> {
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    focused(harness)
}

#[test]
fn tab_walks_cobrar_in_the_order_it_reads() {
    let _turn = my_turn();
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, &paydesk::t!("nav-collect"));
    // The customer's fold open, so its fields are on the way too.
    click(&mut harness, &paydesk::t!("collect-customer-details"));
    type_into(&mut harness, &paydesk::t!("field-amount"), "35.000");
    assert_eq!(
        focused(&harness).map(|(_, name)| name),
        Some(paydesk::t!("field-amount"))
    );
    let expected = [
        (Role::TextInput, paydesk::t!("field-what-is-sold")),
        (
            Role::DisclosureTriangle,
            paydesk::t!("collect-customer-details"),
        ),
        (Role::TextInput, paydesk::t!("field-customer-name")),
        (Role::TextInput, paydesk::t!("field-customer-email")),
        (Role::TextInput, paydesk::t!("field-customer-cellphone")),
        (
            Role::DisclosureTriangle,
            paydesk::t!("collect-reference-and-expiry"),
        ),
        (Role::Button, paydesk::t!("collect-create-link")),
    ];
    for (role, name) in expected {
        assert_eq!(
            tab(&mut harness),
            Some((role, name.clone())),
            "Tab after the previous field reaches {name}"
        );
    }
    // Shift+Tab goes back the same way.
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    harness.run_steps(2);
    assert_eq!(
        focused(&harness),
        Some((
            Role::DisclosureTriangle,
            paydesk::t!("collect-reference-and-expiry")
        ))
    );
}

#[test]
fn an_approved_payments_state_and_amount_read_as_words() {
    let _turn = my_turn();
    let app = App::new();
    let mut harness = app.harness();
    approved_sale(&app, &mut harness);
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(4);
    // In today's list: the amount as digits on screen, in words for the reader.
    let amount = harness
        .query_all_by_label("$ 35.000")
        .next()
        .expect("the amount is on today's list")
        .accesskit_node()
        .description();
    assert_eq!(amount.as_deref(), Some("treinta y cinco mil pesos"));
    // The sale's state in words: paid, whatever paid it.
    wait_until(&mut harness, "the sale turns paid", |h| shows(h, "Pagada"));
    open_first_payment(&mut harness);
    // The payment's window: its amount and its state chip.
    let amounts: Vec<Option<String>> = harness
        .query_all_by_label("$ 35.000")
        .map(|node| node.accesskit_node().description())
        .collect();
    assert!(
        amounts.len() >= 2,
        "the list's and the window's: {amounts:?}"
    );
    assert!(
        amounts
            .iter()
            .all(|words| words.as_deref() == Some("treinta y cinco mil pesos")),
        "{amounts:?}"
    );
    // The payment's own state, as the service answered it, in its details.
    let reference = harness.state().tracker().payments[0].reference.clone();
    click(
        &mut harness,
        &format!("Detalles del pago electrónico {reference}"),
    );
    harness.run_steps(4);
    let chips: Vec<String> = harness
        .query_all_by_label("Aprobado")
        .map(|node| spoken(&node.accesskit_node()))
        .collect();
    assert!(!chips.is_empty(), "the payment's chip: {chips:?}");
    assert!(chips.iter().all(|words| words == "Aprobado"), "{chips:?}");
    // The day's close reads its money in words too.
    harness.state_mut().show_panel(Panel::Reconcile);
    wait_until(&mut harness, "the close", |h| shows(h, "Cobros aprobados"));
    let in_the_close = harness
        .query_all_by_label("$ 35.000")
        .filter(|node| {
            node.accesskit_node().description().as_deref() == Some("treinta y cinco mil pesos")
        })
        .count();
    assert!(in_the_close >= 1, "the close's approved line");
}
