//! The layout check (issue 52): every panel and window, in Spanish and in English, at the shop
//! laptop's 1366 × 768, a desk monitor's 1024 × 768 and the all-in-one counter's 1024 × 600,
//! through the states a person reaches, read where a screen reader reads it (the AccessKit tree
//! the app gives). Four rules:
//! - an enabled control on screen before a change is at the same place after it (within a pixel),
//!   unless it lies below the place that changed (what a press opens under itself);
//! - a window stays where it opened, and never over the top bar;
//! - what comes and goes by itself over a panel (a banner) covers no enabled control;
//! - what a person must press (a confirmation, «Cerrar turno», «Cobrar») is whole on screen at
//!   1024 × 600 without scrolling.
//!
//! The app's language is the process's, so the tests here take turns (`one_at_a_time`).

mod common;

use std::sync::{Mutex, MutexGuard};

use common::ui::{App, create_link, holds_within, shows, text_input, type_into, wait_until};
use egui::accesskit::{Action, Role};
use egui::{Rect, Vec2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use paydesk::i18n::Language;
use paydesk::ledger::CashKind;
use paydesk::money::Pesos;
use paydesk::money::cash::{DENOMINATIONS, denomination_words};
use paydesk::t;
use paydesk::ui::{Panel, PaydeskApp};
use serde_json::json;

/// The most common shop laptop.
const LAPTOP: Vec2 = vec2(1366.0, 768.0);
/// A desk monitor of the older kind.
const DESK: Vec2 = vec2(1024.0, 768.0);
/// The small all-in-one screens many counters use.
const COUNTER: Vec2 = vec2(1024.0, 600.0);
const SIZES: [Vec2; 3] = [LAPTOP, DESK, COUNTER];
const LANGUAGES: [Language; 2] = [Language::Es, Language::En];

type Screen = Harness<'static, PaydeskApp>;

/// The language is the process's: one test at a time.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn started(app: &App, language: Language) -> Screen {
    let mut harness = match language {
        Language::Es => app.harness(),
        Language::En => app.harness_in_english(),
    };
    resize(&mut harness, LAPTOP);
    // The first copy of the books is made at start: the top bar's chip turns from «Sin copia
    // reciente» to «Copias» as it ends (the top bar's own rule, not a panel's).
    let copies = t!("chip-copies");
    holds_within(&mut harness, std::time::Duration::from_secs(20), |h| {
        shows(h, &copies)
    });
    settle(&mut harness);
    harness
}

/// Steps until two looks ten frames apart find every control in the same place: at start the
/// top bar's chips (the copies, the receiver) fill in as their answers come, before anyone aims.
fn settle(harness: &mut Screen) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let before = controls(harness);
        harness.run_steps(10);
        let after = controls(harness);
        let still = before.len() == after.len()
            && before
                .iter()
                .zip(&after)
                .all(|(a, b)| a.same(b) && same_place(a.rect, b.rect));
        if still || std::time::Instant::now() >= deadline {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn resize(harness: &mut Screen, size: Vec2) {
    harness.set_size(size);
    harness.run_steps(6);
}

fn screen_of(harness: &Screen) -> Rect {
    Rect::from_min_size(egui::Pos2::ZERO, harness.ctx.content_rect().size())
}

/// An enabled control a person can press or type into, and where it is.
#[derive(Debug, Clone)]
struct Control {
    role: Role,
    name: String,
    /// Which of the controls with this role and name (a table's «Anular» on each row).
    nth: usize,
    rect: Rect,
}

impl Control {
    fn same(&self, other: &Control) -> bool {
        self.role == other.role && self.name == other.name && self.nth == other.nth
    }
}

fn rect_of(node: &egui_kittest::kittest::AccessKitNode<'_>) -> Option<Rect> {
    node.bounding_box().map(|b| {
        Rect::from_min_max(
            egui::pos2(b.x0 as f32, b.y0 as f32),
            egui::pos2(b.x1 as f32, b.y1 as f32),
        )
    })
}

/// Every enabled control at least partly on screen, top to bottom.
fn controls(harness: &Screen) -> Vec<Control> {
    let screen = screen_of(harness);
    let mut seen: Vec<Control> = Vec::new();
    let nodes = harness.query_all(
        By::new()
            .predicate(|node| node.data().supports_action(Action::Focus) && !node.is_disabled()),
    );
    for node in nodes {
        let node = node.accesskit_node();
        let Some(rect) = rect_of(&node) else { continue };
        if !rect.intersects(screen) {
            continue;
        }
        let name = node.label().unwrap_or_default();
        let nth = seen
            .iter()
            .filter(|c| c.role == node.role() && c.name == name)
            .count();
        seen.push(Control {
            role: node.role(),
            name,
            nth,
            rect,
        });
    }
    seen
}

/// Within a pixel, every edge: a field that takes the keyboard is drawn a pixel taller.
fn same_place(now: Rect, before: Rect) -> bool {
    (now.min - before.min).length() <= 1.0 && (now.max - before.max).length() <= 1.0
}

/// Every control that was above `changed_at` (a y; the whole screen for what came by itself)
/// before the change is where it was, or gone.
fn assert_held_still(harness: &Screen, before: &[Control], changed_at: f32, what: &str) {
    let after = controls(harness);
    let moved: Vec<String> = before
        .iter()
        .filter(|control| control.rect.min.y < changed_at)
        .filter_map(|control| {
            let now = after.iter().find(|c| c.same(control))?;
            (!same_place(now.rect, control.rect)).then(|| {
                format!(
                    "{:?} «{}» moved from {:?} to {:?}",
                    control.role, control.name, control.rect, now.rect
                )
            })
        })
        .collect();
    assert!(
        moved.is_empty(),
        "{what} at {:?}: {}",
        screen_of(harness).size(),
        moved.join("; ")
    );
}

/// Where the button `label` is.
fn button_rect(harness: &Screen, label: &str) -> Rect {
    let node = harness.get_by(button(label));
    rect_of(&node.accesskit_node()).unwrap_or(Rect::NOTHING)
}

/// Whether `label` is whole where a person sees it: on the screen, inside the window it is in,
/// below the top bar.
fn in_view(harness: &Screen, label: &str) -> bool {
    let named: Vec<_> = harness.query_all_by_label(label).collect();
    let first_button = named
        .iter()
        .find(|node| node.accesskit_node().role() == Role::Button);
    let Some(node) = first_button.or(named.first()) else {
        return false;
    };
    let Some(rect) = rect_of(&node.accesskit_node()) else {
        return false;
    };
    let mut seen = screen_of(harness);
    seen.min.y = top_bar_bottom(harness);
    let mut parent = node.accesskit_node().parent();
    while let Some(above) = parent {
        if above.role() == Role::Window
            && let Some(window) = rect_of(&above)
        {
            seen = seen.intersect(window);
        }
        parent = above.parent();
    }
    seen.expand(0.5).contains_rect(rect)
}

fn assert_in_view(harness: &Screen, label: &str, what: &str) {
    assert!(
        in_view(harness, label),
        "{what}: «{label}» is not whole on screen at {:?} (it is at {:?})",
        screen_of(harness).size(),
        harness
            .query_all_by_label(label)
            .find_map(|node| rect_of(&node.accesskit_node()))
    );
}

/// Where the top bar ends: the bottom of the highest control the side bar does not hold (the
/// top bar's chips and buttons).
fn top_bar_bottom(harness: &Screen) -> f32 {
    let theme = [t!("top-light-theme"), t!("top-dark-theme")];
    theme
        .iter()
        .filter_map(|label| harness.query_by_label(label))
        .filter_map(|node| rect_of(&node.accesskit_node()))
        .map(|rect| rect.max.y)
        .fold(0.0, f32::max)
}

/// Where the theme switch stands (by its words in either theme).
fn theme_switch_rect(harness: &Screen) -> Rect {
    [t!("top-light-theme"), t!("top-dark-theme")]
        .iter()
        .filter_map(|label| harness.query_by_label(label))
        .find_map(|node| rect_of(&node.accesskit_node()))
        .expect("the theme switch")
}

/// The window titled `title`, where it stands.
fn window_rect(harness: &Screen, title: &str) -> Rect {
    harness
        .query_all(By::new().predicate({
            let title = title.to_owned();
            move |node| node.role() == Role::Window && node.label().as_deref() == Some(&title)
        }))
        .find_map(|node| rect_of(&node.accesskit_node()))
        .unwrap_or_else(|| panic!("no window «{title}» on screen"))
}

/// What lies over the panel around the node whose words contain `words` (a banner): the area
/// of every node drawn in the same layer as it.
fn overlay_rect(harness: &Screen, words: &str) -> (Rect, Vec<Rect>) {
    let node = harness
        .get_all_by_label_contains(words)
        .next()
        .map(|n| n.accesskit_node());
    let Some(mut top) = node else {
        return (Rect::NOTHING, Vec::new());
    };
    while let Some(parent) = top.parent() {
        if parent.parent().is_none() {
            break;
        }
        top = parent;
    }
    let mut area = Rect::NOTHING;
    let mut inside = Vec::new();
    let mut stack = vec![top];
    while let Some(node) = stack.pop() {
        if let Some(rect) = rect_of(&node) {
            area = area.union(rect);
            inside.push(rect);
        }
        stack.extend(node.children());
    }
    (area, inside)
}

/// No enabled control outside the overlay around `words` lies under it.
fn assert_uncovered(harness: &Screen, words: &str, what: &str) {
    let (area, inside) = overlay_rect(harness, words);
    let covered: Vec<String> = controls(harness)
        .into_iter()
        .filter(|control| !inside.contains(&control.rect))
        .filter(|control| area.intersect(control.rect).area() > 1.0)
        .map(|control| {
            format!(
                "{:?} «{}» at {:?}",
                control.role, control.name, control.rect
            )
        })
        .collect();
    assert!(
        covered.is_empty(),
        "{what} at {:?}: the overlay at {area:?} covers {}",
        screen_of(harness).size(),
        covered.join("; ")
    );
}

/// The button named `label` (a row of a table may say the same words).
fn button(label: &str) -> impl Fn(&egui_kittest::kittest::AccessKitNode<'_>) -> bool + 'static {
    let label = label.to_owned();
    move |node| node.role() == Role::Button && node.label().as_deref() == Some(label.as_str())
}

/// The button `label` inside the window titled `title` (a banner's «Cerrar» says the same).
fn button_in(
    title: &str,
    label: &str,
) -> impl Fn(&egui_kittest::kittest::AccessKitNode<'_>) -> bool + 'static {
    let (title, named) = (title.to_owned(), button(label));
    move |node| {
        let mut above = node.parent();
        while let Some(parent) = above {
            if parent.role() == Role::Window && parent.label().as_deref() == Some(title.as_str()) {
                return named(node);
            }
            above = parent.parent();
        }
        false
    }
}

/// Clicks the button `label` where it is now.
fn click_button(harness: &mut Screen, label: &str) {
    harness.run_steps(4);
    harness.get_by(button(label)).click();
    harness.run_steps(2);
}

/// Brings the button `label` into view as a person scrolls to it, then clicks it.
fn press(harness: &mut Screen, label: &str) {
    harness.run_steps(2);
    harness.get_by(button(label)).scroll_to_me();
    harness.run_steps(3);
    click_button(harness, label);
}

fn fill(harness: &mut Screen, label: &str, text: &str) {
    harness.run_steps(2);
    harness.get_by(text_input(label)).scroll_to_me();
    harness.run_steps(3);
    type_into(harness, label, text);
}

fn approve(app: &App, harness: &Screen, reference: &str) {
    let control = app.control(harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({ "outcome": "approve" }),
    );
    assert_eq!(status, 200);
}

// ---------------------------------------------------------------------------------------------
// Every panel

/// What a person must be able to press on a panel as it opens, on a fresh till: whole on screen
/// at 1024 × 600 without scrolling. Every panel is decided here (no catch-all), so a new panel
/// does not build until it is.
fn must_press(panel: Panel) -> Vec<String> {
    match panel {
        Panel::Collect => vec![t!("collect-create-link")],
        Panel::Shift => vec![t!("shift-open-button")],
        Panel::Status
        | Panel::Tabs
        | Panel::Payouts
        | Panel::Balance
        | Panel::Reconcile
        | Panel::Accounts
        | Panel::Activity
        | Panel::Register
        | Panel::Settings => Vec::new(),
    }
}

#[test]
fn every_panel_holds_still_as_it_settles_and_shows_what_must_be_pressed() {
    let _turn = one_at_a_time();
    for language in LANGUAGES {
        let app = App::new();
        let mut harness = started(&app, language);
        wait_until(&mut harness, "the people are read", |h| {
            h.state().access().people().is_some()
        });
        for size in SIZES {
            resize(&mut harness, size);
            // The theme switch (and who is here beside it) holds the top bar's right end,
            // whatever the chips before it say: a chip that grows or comes moves neither.
            let theme = theme_switch_rect(&harness);
            assert!(
                size.x - theme.max.x < 24.0 && theme.max.y < 60.0,
                "the theme switch at the top bar's right end at {size:?}: {theme:?}"
            );
            for panel in Panel::ALL {
                harness.state_mut().show_panel(panel);
                harness.run_steps(10);
                let settled = controls(&harness);
                harness.run_steps(10);
                let what = format!("{panel:?} in {language:?}, drawn again");
                assert_held_still(&harness, &settled, f32::INFINITY, &what);
                if size == COUNTER {
                    for label in must_press(panel) {
                        assert_in_view(&harness, &label, &format!("{panel:?} in {language:?}"));
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Turno

fn entries_here(harness: &Harness<'_, PaydeskApp>) -> usize {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    ledger
        .open_shift_here()
        .expect("the books answer")
        .map_or(0, |report| report.entries.len())
}

/// A movement recorded with a quick reason, pressed where it is: nothing above the button moves.
fn record_money_in(harness: &mut Screen, what: &str) {
    fill(harness, &t!("field-amount"), "20.000");
    press(harness, &t!("shift-reason-change"));
    let record = t!("shift-record-in");
    harness.get_by(button(&record)).scroll_to_me();
    harness.run_steps(4);
    let before = controls(harness);
    let button = button_rect(harness, &record);
    let entries = entries_here(harness);
    click_button(harness, &record);
    wait_until(harness, "the movement is in the books", |h| {
        entries_here(h) == entries + 1
    });
    wait_until(harness, "the drawer shows it", |h| {
        h.query_by_label(&t!("shift-no-entries")).is_none()
    });
    harness.run_steps(6);
    assert_held_still(harness, &before, button.max.y, what);
}

/// More than the drawer holds: the books' refusal comes as an error line, and nothing above
/// the button moves.
fn record_too_much(harness: &mut Screen, what: &str) {
    press(harness, &CashKind::Out.words());
    fill(harness, &t!("field-amount"), "9.000.000");
    press(harness, &t!("shift-reason-supplier"));
    let record = t!("shift-record-out");
    harness.get_by(button(&record)).scroll_to_me();
    harness.run_steps(4);
    let before = controls(harness);
    let button = button_rect(harness, &record);
    click_button(harness, &record);
    let refused = t!("cash-drawer-short", holds = "");
    // Its first words, before the amount.
    let refused: String = refused.chars().take(15).collect();
    wait_until(harness, "the books refuse it", |h| shows(h, &refused));
    harness.run_steps(6);
    assert_held_still(harness, &before, button.max.y, what);
    press(harness, &CashKind::In.words());
}

/// The count typed, «Cerrar turno» and its confirmation in view without scrolling, the shift
/// closed and its paper in view.
fn close_shift(harness: &mut Screen, what: &str) {
    let fifty = DENOMINATIONS
        .into_iter()
        .find(|d| d.value == Pesos::new(50_000) && !d.coin)
        .map(denomination_words)
        .unwrap_or_default();
    fill(harness, &fifty, "2");
    harness.run_steps(4);
    assert_in_view(harness, &t!("shift-close-button"), what);
    let before = controls(harness);
    let close = button_rect(harness, &t!("shift-close-button"));
    click_button(harness, &t!("shift-close-button"));
    harness.run_steps(4);
    assert_in_view(harness, &t!("shift-close-yes"), what);
    assert_in_view(harness, &t!("cancel"), what);
    assert_held_still(harness, &before, close.min.y, what);
    click_button(harness, &t!("shift-close-yes"));
    wait_until(harness, "the shift is closed", |h| {
        h.query_by_label(&t!("shift-done")).is_some()
    });
    harness.run_steps(4);
    assert_in_view(harness, &t!("shift-done"), what);
}

#[test]
fn turno_holds_still_under_the_hand_and_its_close_is_in_view() {
    let _turn = one_at_a_time();
    for language in LANGUAGES {
        let app = App::new();
        let mut harness = started(&app, language);
        harness.state_mut().show_panel(Panel::Shift);
        wait_until(&mut harness, "Turno says no shift is open", |h| {
            shows(h, &t!("shift-open-button"))
        });
        resize(&mut harness, COUNTER);
        assert_in_view(&harness, &t!("shift-open-button"), "no shift open");
        fill(&mut harness, &t!("shift-base"), "100.000");
        press(&mut harness, &t!("shift-open-button"));
        wait_until(&mut harness, "the shift is open", |h| {
            shows(h, &t!("shift-expected-now"))
        });
        for size in SIZES {
            resize(&mut harness, size);
            let what = format!("Turno in {language:?}");
            record_money_in(&mut harness, &format!("{what}: money in recorded"));
            record_money_in(&mut harness, &format!("{what}: a second row"));
            record_too_much(&mut harness, &format!("{what}: an error line"));
        }
        resize(&mut harness, COUNTER);
        close_shift(&mut harness, &format!("Turno in {language:?}: the close"));
    }
}

// ---------------------------------------------------------------------------------------------
// A sale's window

/// A sale of `amount` for `what`, paid at the simulator and confirmed in the books; its number.
fn approved_sale(app: &App, harness: &mut Screen, amount: &str, what: &str) -> String {
    harness.state_mut().show_panel(Panel::Collect);
    harness.run_steps(2);
    type_into(harness, &t!("field-what-is-sold"), what);
    let reference = create_link(harness, amount);
    approve(app, harness, &reference);
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    let profile = session.profile_name().to_owned();
    wait_until(harness, "the books hold what was paid", |_| {
        ledger.returnable(&profile, &reference, "").is_ok()
    });
    ledger
        .sale_of_charge(&profile, &reference, "")
        .expect("the books")
        .expect("a sale of the charge")
        .number
        .to_string()
}

/// Estado de pagos, and the sale's window opened from its row; where it opened.
fn open_sale(harness: &mut Screen, number: &str, title: &str) -> Rect {
    harness.state_mut().show_panel(Panel::Status);
    harness.run_steps(4);
    // By its number: a narrow screen leaves the description's column out.
    wait_until(harness, "the sale is in today's list", |h| shows(h, number));
    harness.get_by_label(number).click();
    wait_until(harness, "the sale's window", |h| shows(h, title));
    harness.run_steps(6);
    let opened = window_rect(harness, title);
    assert!(
        opened.min.y >= top_bar_bottom(harness) && screen_of(harness).contains_rect(opened),
        "the sale's window opens on screen under the top bar at {:?}: {opened:?}",
        screen_of(harness).size()
    );
    opened
}

fn assert_window_stays(harness: &Screen, title: &str, opened: Rect, what: &str) {
    let now = window_rect(harness, title);
    assert!(
        same_place(now, opened),
        "{what}: the window moved from {opened:?} to {now:?} at {:?}",
        screen_of(harness).size()
    );
}

/// A return by payout filled in, field by field, in the sale's window: the window stays where
/// it opened, and nothing above what changed moves.
fn return_in_progress(harness: &mut Screen, title: &str, opened: Rect, what: &str) {
    let by_payout = t!("refund-button");
    harness.get_by(button(&by_payout)).scroll_to_me();
    harness.run_steps(4);
    let before = controls(harness);
    let pressed = button_rect(harness, &by_payout);
    click_button(harness, &by_payout);
    wait_until(harness, "the return's form", |h| {
        h.query_by(text_input(&t!("field-refund-alias"))).is_some()
    });
    harness.run_steps(4);
    assert_window_stays(harness, title, opened, &format!("{what}: the form opened"));
    assert_held_still(
        harness,
        &before,
        pressed.max.y,
        &format!("{what}: the form opened"),
    );
    let alias = t!("field-refund-alias");
    let amount = t!("field-amount");
    for (label, typed) in [(&amount, "10.000"), (&alias, "@ANA1234567890123456789")] {
        harness.get_by(text_input(label)).scroll_to_me();
        harness.run_steps(4);
        let before = controls(harness);
        let field = harness.get_by(text_input(label)).rect();
        type_into(harness, label, typed);
        harness.run_steps(2);
        let typing = format!("{what}: «{label}» typed");
        assert_window_stays(harness, title, opened, &typing);
        assert_held_still(harness, &before, field.max.y, &typing);
    }
    press(harness, &t!("refund-review"));
    let send = t!("refund-confirm-send", amount = "$ 10.000");
    wait_until(harness, "the review in words", |h| {
        h.query_by(button(&send)).is_some()
    });
    harness.run_steps(6);
    assert_in_view(harness, &send, &format!("{what}: the review"));
    assert_in_view(harness, &t!("cancel"), &format!("{what}: the review"));
    click_button(harness, &t!("cancel"));
    harness.run_steps(4);
    assert_window_stays(
        harness,
        title,
        opened,
        &format!("{what}: the review cancelled"),
    );
}

#[test]
fn a_sales_window_stays_where_it_opened_through_a_return() {
    let _turn = one_at_a_time();
    for language in LANGUAGES {
        let app = App::new();
        let mut harness = started(&app, language);
        let what = "Zapatos talla 40";
        let number = approved_sale(&app, &mut harness, "80.000", what);
        let title = t!("status-sale-title", number = number.as_str());
        for size in SIZES {
            resize(&mut harness, size);
            let opened = open_sale(&mut harness, &number, &title);
            let doing = format!("the sale's window in {language:?}");
            return_in_progress(&mut harness, &title, opened, &doing);
            click_button(&mut harness, &t!("refund-close"));
            assert_window_stays(&harness, &title, opened, &doing);
            let close = harness.get_by(button_in(&title, &t!("close")));
            let seen = window_rect(&harness, &title).intersect(screen_of(&harness));
            assert!(
                seen.contains_rect(close.rect()),
                "{doing}: «Cerrar» in view"
            );
            close.click();
            wait_until(&mut harness, "the window closes", |h| !shows(h, &title));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cobrar: a sale approved, its banner arriving and leaving

/// The approval's banner for a sale, in the language on screen: its first words.
fn approval_words() -> String {
    t!("banner-approved")
}

#[test]
fn an_approvals_banner_covers_no_control_and_moves_nothing_as_it_comes_and_goes() {
    let _turn = one_at_a_time();
    for language in LANGUAGES {
        let app = App::new();
        let mut harness = started(&app, language);
        // Each sale of its own amount: the same amount twice in a row asks whether it is another.
        for (size, amount) in SIZES.into_iter().zip(["25.000", "26.000", "27.000"]) {
            resize(&mut harness, size);
            let what = format!("Cobrar in {language:?}");
            let reference = create_link(&mut harness, amount);
            harness.run_steps(6);
            let before = controls(&harness);
            approve(&app, &harness, &reference);
            let banner = approval_words();
            wait_until(&mut harness, "the approval's banner", |h| shows(h, &banner));
            harness.run_steps(6);
            assert_uncovered(&harness, &banner, &format!("{what}: the banner arrived"));
            let approved = controls(&harness);
            let mut frames = 0;
            while shows(&harness, &banner) {
                harness.step();
                frames += 1;
                assert!(frames < 2_000, "the approval's banner goes by itself");
            }
            harness.run_steps(2);
            assert_held_still(
                &harness,
                &approved,
                f32::INFINITY,
                &format!("{what}: the banner left"),
            );
            let _ = before;
            click_button(&mut harness, &t!("collect-new-sale"));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cobrar in cash

fn open_shift_in_the_books(harness: &Screen) {
    let session = harness.state().session().cloned().expect("a session");
    let ledger = session.ledger.clone().expect("a ledger");
    ledger
        .open_shift(
            &common::anyone(),
            Pesos::new(100_000),
            paydesk::ledger::now_ms(),
        )
        .expect("the shift opens");
}

/// A cash sale of 12.000 paid with 20.000, recorded with Enter in the amount as a cashier does
/// («Enter» is written beside the button): nothing above the button moves, and the change is
/// said where the cashier looks, whole on screen.
fn cash_sale(harness: &mut Screen, what: &str) {
    press(harness, &t!("cashsale-mode"));
    let record = t!("cashsale-record");
    wait_until(harness, "the cash form knows the drawer", |h| {
        h.query_by(button(&record)).is_some()
    });
    fill(harness, &t!("field-amount"), "12.000");
    fill(harness, &t!("cashsale-tendered"), "20.000");
    let amount = t!("field-amount");
    harness.get_by(text_input(&amount)).scroll_to_me();
    harness.run_steps(4);
    let before = controls(harness);
    let pressed = button_rect(harness, &record);
    harness.get_by(text_input(&amount)).focus();
    harness.step();
    harness.key_press(egui::Key::Enter);
    let recorded = t!("cashsale-recorded");
    wait_until(harness, "the sale's card", |h| shows(h, &recorded));
    harness.run_steps(6);
    assert_held_still(
        harness,
        &before,
        pressed.max.y,
        &format!("{what}: recorded"),
    );
    let change = t!("cashsale-change", change = "$ 8.000");
    assert_in_view(harness, &change, &format!("{what}: the change"));
}

#[test]
fn a_cash_sale_says_its_change_in_view_and_holds_still() {
    let _turn = one_at_a_time();
    for language in LANGUAGES {
        let app = App::new();
        let mut harness = started(&app, language);
        open_shift_in_the_books(&harness);
        harness.state_mut().show_panel(Panel::Collect);
        for size in SIZES {
            resize(&mut harness, size);
            let what = format!("Efectivo in {language:?}");
            cash_sale(&mut harness, &what);
            // The cashier closes the card before the next size.
            let dismiss = t!("dismiss");
            for _ in 0..4 {
                let closed = match harness
                    .query_all(By::new().predicate(button(&dismiss)))
                    .next()
                {
                    Some(close) => {
                        close.click();
                        true
                    }
                    None => false,
                };
                if !closed {
                    break;
                }
                harness.run_steps(3);
            }
            press(&mut harness, &t!("kind-payment-link"));
        }
    }
}
