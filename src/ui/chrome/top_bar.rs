//! The bar across the top, on one line at 1366 px: the profile by its name, the environment,
//! and a chip for each thing paydesk depends on (notificaciones, llavero, registro, copias).
//! A chip says in a word or two whether all is well; clicked, it says what is wrong and what to
//! do. Nothing is squeezed in as a sentence.

use egui::{RichText, Ui};

use crate::ui::ThemeChoice;
use crate::ui::services::access::Access;
use crate::ui::services::backups::Backups;
use crate::ui::services::session::Session;

use crate::config::Environment;
use crate::t;

use crate::ui::theme::{self, Tone};
use crate::ui::widgets::chip::{self, ChipLook};
use crate::ui::widgets::stable_ids;

/// The state of the books' copies the Copias chip tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Copies {
    /// The last good copy is older than three days, or there is none.
    pub stale: bool,
    /// When the last good copy was taken.
    pub newest: Option<i64>,
}

impl Copies {
    /// What the copies' folder showed, once it has been looked at (until then the bar says
    /// nothing of them).
    pub fn of(backups: &Backups) -> Option<Copies> {
        backups.looked().then(|| Copies {
            stale: backups.is_stale(),
            newest: backups.newest().map(|copy| copy.taken_at),
        })
    }
}

/// One chip: its words on the bar, and what it says when clicked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusChip {
    /// Its name, as a screen reader says it.
    pub words: String,
    /// What the pill shows, when shorter than its name (the dot already says "all is well").
    pub shown: Option<String>,
    pub look: ChipLook,
    /// What the explanation is about; an alarm's words are their own title.
    pub title: Option<String>,
    pub explanation: String,
}

impl StatusChip {
    fn quiet(words: String, title: String, explanation: String) -> StatusChip {
        StatusChip {
            words,
            shown: None,
            look: ChipLook::Quiet(Tone::Success),
            title: Some(title),
            explanation,
        }
    }

    fn alarm(tone: Tone, words: String, explanation: String) -> StatusChip {
        StatusChip {
            title: None,
            words,
            shown: None,
            look: ChipLook::Alarm(tone),
            explanation,
        }
    }
}

/// The chips for a session, in the bar's order. Kept apart from drawing so what each says is
/// decided (and tested) in one place.
pub fn status_chips(
    session: &Session,
    ledger_away_at: Option<&String>,
    service_away: Option<i64>,
    copies: Option<Copies>,
) -> Vec<StatusChip> {
    let mut chips = Vec::new();
    // First: a cashier looking at a customer who says "ya le pagué" needs to know whether
    // paydesk is waiting for the payer or for the internet.
    if let Some(since) = service_away {
        chips.push(StatusChip::alarm(
            Tone::Danger,
            t!("chip-service-away", since = crate::clock::shown_time(since)),
            t!("chip-service-away-help"),
        ));
    }
    chips.push(receiver_chip(session));
    chips.push(keyring_chip(session));
    chips.push(ledger_chip(session, ledger_away_at));
    chips.extend(copies.map(copies_chip));
    chips
}

/// The notification receiver: listening, or why not.
fn receiver_chip(session: &Session) -> StatusChip {
    match &session.receiver {
        Ok(receiver) => StatusChip {
            shown: Some(t!("chip-notifications-short")),
            ..StatusChip::quiet(
                t!("chip-notifications"),
                t!("chip-notifications-title"),
                t!("chip-notifications-ok", url = receiver.url()),
            )
        },
        Err(problem) => StatusChip::alarm(
            Tone::Danger,
            t!("top-receiver-down"),
            t!("top-receiver-down-help", problem = problem.message.as_str()),
        ),
    }
}

/// Where the tokens are kept: the keyring, or why only for this run.
fn keyring_chip(session: &Session) -> StatusChip {
    match session.keyring_problem() {
        None => StatusChip::quiet(
            t!("chip-keyring"),
            t!("chip-keyring-title"),
            t!("chip-keyring-ok"),
        ),
        // One thing per cause: left out on purpose is changed where it was set; a keyring
        // that failed is opened and unlocked.
        Some(_) if session.keyring_turned_off() => StatusChip::alarm(
            Tone::Danger,
            t!("top-keyring-short"),
            t!("chip-keyring-turned-off"),
        ),
        Some(reason) => StatusChip::alarm(
            Tone::Danger,
            t!("top-keyring-short"),
            t!("chip-keyring-problem", reason = reason),
        ),
    }
}

/// The books: where they are (this computer, or shared), or that they cannot be reached.
fn ledger_chip(session: &Session, ledger_away_at: Option<&String>) -> StatusChip {
    let shared = session
        .ledger
        .as_ref()
        .is_ok_and(|ledger| ledger.is_shared());
    match (&session.ledger, ledger_away_at) {
        (Err(problem), _) => StatusChip::alarm(
            Tone::Danger,
            t!("top-ledger-away"),
            t!("top-ledger-away-help", problem = problem.message.as_str()),
        ),
        (Ok(_), Some(host)) => StatusChip::alarm(
            Tone::Danger,
            t!("top-ledger-away"),
            t!(
                "top-ledger-away-help",
                problem = t!("ledger-unreachable", host = host.as_str())
            ),
        ),
        (Ok(ledger), None) if shared => StatusChip::quiet(
            t!("chip-shared-ledger"),
            t!("chip-shared-ledger"),
            t!("chip-shared-ledger-ok", place = ledger.location()),
        ),
        (Ok(ledger), None) => StatusChip::quiet(
            t!("chip-ledger"),
            t!("chip-ledger-title"),
            t!("chip-ledger-ok", place = ledger.location()),
        ),
    }
}

/// The books' copies: when the last good one was taken, or that none is recent.
fn copies_chip(copies: Copies) -> StatusChip {
    match (copies.stale, copies.newest) {
        (true, Some(at)) => StatusChip::alarm(
            Tone::Warning,
            t!("top-no-recent-copy"),
            t!(
                "top-no-recent-copy-help",
                when = crate::clock::shown_datetime(at)
            ),
        ),
        (true, None) => StatusChip::alarm(
            Tone::Warning,
            t!("top-no-recent-copy"),
            t!("top-no-copy-help"),
        ),
        (false, Some(at)) => StatusChip::quiet(
            t!("chip-copies"),
            t!("chip-copies-title"),
            t!("chip-copies-ok", when = crate::clock::shown_datetime(at)),
        ),
        (false, None) => StatusChip::quiet(
            t!("chip-copies"),
            t!("chip-copies-title"),
            t!("chip-copies-looking"),
        ),
    }
}

/// A chip on the bar; clicked, its explanation opens beneath it.
fn show_chip(ui: &mut Ui, status: &StatusChip) {
    let shown = status.shown.as_deref().unwrap_or(&status.words);
    let response = chip::status_chip_named(ui, shown, &status.words, status.look);
    egui::Popup::from_toggle_button_response(&response)
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
        .show(|ui| {
            ui.set_max_width(380.0);
            if let Some(title) = &status.title {
                ui.label(RichText::new(title).strong());
                ui.add_space(theme::space::SMALL);
            }
            ui.add(egui::Label::new(&status.explanation).wrap());
        });
}

/// The profile by its name ("Simulador incluido" for the built-in one) and its merchant.
fn profile_words(session: &Session) -> String {
    let name = crate::config::shown_profile_name(session.profile_name());
    // The shop by the name it was registered under, once it has one; else its number.
    match (
        &session.connection.profile.shop_name,
        session.connection.user_id,
    ) {
        (Some(shop), _) => t!("top-profile-shop", name = name, shop = shop.as_str()),
        (None, Some(id)) => t!("top-profile-merchant", name = name, id = id.to_string()),
        (None, None) => name,
    }
}

pub fn environment_badge(ui: &mut Ui, environment: Environment) {
    let (text, tone) = match environment {
        Environment::Simulator => (t!("badge-simulator"), Tone::Simulator),
        Environment::Sandbox => (t!("badge-sandbox"), Tone::Info),
        Environment::Production => (t!("badge-production"), Tone::Success),
    };
    chip::badge(ui, text, tone);
}

/// The bar across the top: the profile and its merchant, the environment, the status chips, who
/// is at the till and the theme switch.
pub fn show(
    ui: &mut Ui,
    session: Option<&Session>,
    ledger_away_at: Option<&String>,
    service_away: Option<i64>,
    copies: Option<Copies>,
    theme_choice: &mut ThemeChoice,
    access: &mut Access,
) {
    let palette = theme::palette(ui);
    egui::Panel::top("top-bar")
        .frame(
            egui::Frame::new()
                .fill(palette.panel)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .stroke(egui::Stroke::new(1.0, palette.border)),
        )
        .show(ui, |ui| {
            // Who is here and the theme hold the bar's right end, drawn first so that the chips
            // that come and go (the service away, copies late, a word that grows) never move
            // them; the rest wraps in what is left: on a small screen (640 × 480) nothing is
            // cut, it takes a second line.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                ui.spacing_mut().item_spacing.x = BAR_GAP;
                ui.spacing_mut().button_padding.x = BAR_BUTTON_PADDING;
                stable_ids::stable_group(ui, "who-is-here", |ui| {
                    theme_switch(ui, theme_choice);
                    who_is_here(ui, access);
                });
                // Left to right in the room left of them, as tall as its lines.
                let start = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
                let room = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
                ui.allocate_ui_with_layout(room, start, |ui| {
                    bar_start(ui, session, (ledger_away_at, service_away, copies));
                });
            });
        });
}

/// The bar's start: the app's name, the profile, its environment and the chips.
fn bar_start(
    ui: &mut Ui,
    session: Option<&Session>,
    (ledger_away_at, service_away, copies): (Option<&String>, Option<i64>, Option<Copies>),
) {
    let palette = theme::palette(ui);
    // Closer than elsewhere: the whole bar, with a cashier at the till, is one line in the
    // window a 1366 × 768 screen opens with.
    ui.spacing_mut().item_spacing.x = BAR_GAP;
    ui.spacing_mut().button_padding.x = BAR_BUTTON_PADDING;
    ui.label(
        RichText::new("paydesk")
            .size(theme::size::EMPHASIS)
            .strong()
            .color(palette.accent_text),
    );
    bar_separator(ui);
    match session {
        Some(session) => {
            // Seen beside the app's name it needs no "Perfil:"; heard, it does.
            let words = profile_words(session);
            let spoken = t!("top-profile", name = words.as_str());
            let response = ui.label(RichText::new(&words).strong());
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, &spoken)
            });
            response.on_hover_text(&spoken);
            environment_badge(ui, session.environment());
            bar_separator(ui);
            for status in status_chips(session, ledger_away_at, service_away, copies) {
                show_chip(ui, &status);
            }
        }
        None => {
            ui.label(RichText::new(t!("connecting")).weak());
        }
    }
}

/// The theme switch as a sun or a moon (the bar has no room for its words), named in words for
/// a screen reader. (A tooltip of the same words would read to it as no name at all.)
fn theme_switch(ui: &mut Ui, theme_choice: &mut ThemeChoice) {
    let dark = ui.visuals().dark_mode;
    let words = if dark {
        t!("top-light-theme")
    } else {
        t!("top-dark-theme")
    };
    let response = ui.add(egui::Button::new(" ").min_size(egui::vec2(26.0, 0.0)));
    paint_sun_or_moon(ui, &response, dark);
    let enabled = response.enabled();
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Button, enabled, &words));
    if response.clicked() {
        *theme_choice = if dark {
            ThemeChoice::Light
        } else {
            ThemeChoice::Dark
        };
    }
}

/// Who is at the till, and the way to the other side: in Caja, the cashier's name, "Cambiar de
/// cajero" and "Dueño"; on the owner's side, "Bloquear". Nothing while no PIN is set.
fn who_is_here(ui: &mut Ui, access: &mut Access) {
    if !access.pin_set() && access.owner_side() {
        return;
    }
    bar_separator(ui);
    if access.in_caja() {
        let cashier = match access.cashier() {
            "" => t!("caja-nobody"),
            name => name.to_owned(),
        };
        chip::badge(ui, t!("caja-chip", cashier = cashier), Tone::Info);
        if access
            .people()
            .is_some_and(|people| !people.cashiers.is_empty())
            && named_button(ui, &t!("caja-change-short"), &t!("caja-change-cashier")).clicked()
        {
            access.ask_cashier_pin();
        }
        if ui
            .button(RichText::new(t!("caja-owner")).strong())
            .on_hover_text(t!("caja-owner-help"))
            .clicked()
        {
            access.ask_owner_pin();
        }
    } else {
        let left = access
            .idle_left(ui.input(|i| i.time))
            .map(|seconds| (seconds.max(0.0) / 60.0).ceil() as u64);
        let chip_response = chip::badge(ui, t!("owner-chip"), Tone::Success);
        if let Some(minutes) = left {
            chip_response.on_hover_text(t!("owner-chip-help", minutes = minutes.to_string()));
        }
        if ui.button(t!("owner-lock")).clicked() {
            access.lock();
        }
    }
}

/// Between two things on the bar, and between its buttons.
const BAR_GAP: f32 = 5.0;

/// A button's room around its words on the bar.
const BAR_BUTTON_PADDING: f32 = 7.0;

/// A thin line between the bar's groups, with little room around it.
fn bar_separator(ui: &mut Ui) {
    ui.add(egui::Separator::default().spacing(4.0));
}

/// A button showing `shown`, short for the bar, and named `name` for a screen reader.
fn named_button(ui: &mut Ui, shown: &str, name: &str) -> egui::Response {
    let response = ui.button(shown);
    let enabled = response.enabled();
    response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Button, enabled, name));
    response
}

/// A sun (to light) or a moon (to dark) drawn on the switch: the app's font has no such
/// glyphs, and the bar no room for words.
fn paint_sun_or_moon(ui: &Ui, response: &egui::Response, sun: bool) {
    let visuals = ui.style().interact(response);
    let painter = ui.painter();
    let centre = response.rect.center();
    let ink = visuals.fg_stroke.color;
    if sun {
        painter.circle_filled(centre, 3.5, ink);
        for ray in 0..8 {
            let angle = ray as f32 * std::f32::consts::FRAC_PI_4;
            let direction = egui::vec2(angle.cos(), angle.sin());
            painter.line_segment(
                [centre + direction * 5.5, centre + direction * 7.5],
                egui::Stroke::new(1.5, ink),
            );
        }
    } else {
        painter.circle_filled(centre, 6.5, ink);
        painter.circle_filled(centre + egui::vec2(3.0, -2.5), 5.5, visuals.weak_bg_fill);
    }
}
