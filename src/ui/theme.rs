//! paydesk's design system, in one place: colours with a purpose, a type scale, spacing and
//! corner radii, for a light and a dark theme. A colour means the same on every panel (green is
//! money that arrived, red what did not go through, amber what is still waiting), and every text
//! colour is readable on every surface it is drawn on: the tests below check each pair against
//! WCAG AA (4.5:1).
//!
//! Panels never name a colour: they ask the palette of the theme being drawn
//! ([`palette`]), so the same code is right in light and in dark.

use egui::{Color32, CornerRadius, Stroke, Ui};

/// The colours of one theme. Text colours (`text`, `success`, …) are for words on `surface`,
/// `panel` and `raised`; a `*_fill` carries `on_fill` words (a badge, a chip, the primary
/// button).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub dark: bool,
    /// Behind the panel being worked in.
    pub surface: Color32,
    /// The navigation and the top bar: a step away from `surface`.
    pub panel: Color32,
    /// Inputs, cards and pop-ups: what is filled in or read closely.
    pub raised: Color32,
    /// Lines between blocks and around inputs.
    pub border: Color32,
    pub text: Color32,
    /// Hints, small print, what can be skipped.
    pub text_muted: Color32,
    /// The brand's green, from the icon: the primary action, the chosen tab.
    pub accent: Color32,
    /// The primary action under the pointer.
    pub accent_hover: Color32,
    /// Words on `accent` and on every `*_fill`.
    pub on_fill: Color32,
    /// The accent as words or links on a surface.
    pub accent_text: Color32,
    /// Behind the chosen tab and selected text; `selection_text` is the chosen tab's words and a
    /// focused field's outline.
    pub selection: Color32,
    pub selection_text: Color32,
    /// A secondary button's face, and its face under the pointer.
    pub control: Color32,
    pub control_hover: Color32,
    /// Approved, paid, saved.
    pub success: Color32,
    /// Waiting on someone.
    pub warning: Color32,
    /// Refused, failed, a problem to fix.
    pub danger: Color32,
    /// Under way; the service's test environment.
    pub info: Color32,
    /// Ended without money moving.
    pub neutral: Color32,
    /// The built-in simulator: no real money.
    pub simulator: Color32,
    pub success_fill: Color32,
    pub warning_fill: Color32,
    pub danger_fill: Color32,
    pub info_fill: Color32,
    pub neutral_fill: Color32,
    pub simulator_fill: Color32,
}

/// One colour in each theme: a row of the table below, so that the light and the dark of a
/// purpose are chosen side by side.
#[derive(Debug, Clone, Copy)]
struct Shade {
    light: Color32,
    dark: Color32,
}

impl Shade {
    /// `0xRRGGBB` in the light theme and in the dark one.
    const fn new(light: u32, dark: u32) -> Shade {
        Shade {
            light: rgb(light),
            dark: rgb(dark),
        }
    }

    /// The same colour in both themes.
    const fn both(colour: Color32) -> Shade {
        Shade {
            light: colour,
            dark: colour,
        }
    }

    const fn in_theme(self, dark: bool) -> Color32 {
        if dark { self.dark } else { self.light }
    }
}

const fn rgb(hex: u32) -> Color32 {
    Color32::from_rgb((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
}

/// The icon's green: `#158050` carries white words at 5:1.
const BRAND_GREEN: Color32 = rgb(0x158050);

/// Every colour of both themes, a purpose a row. Fills are shared by both: a badge reads the same
/// on a light or a dark bar.
struct Shades {
    surface: Shade,
    panel: Shade,
    raised: Shade,
    border: Shade,
    text: Shade,
    text_muted: Shade,
    accent: Shade,
    accent_hover: Shade,
    on_fill: Shade,
    accent_text: Shade,
    selection: Shade,
    selection_text: Shade,
    control: Shade,
    control_hover: Shade,
    success: Shade,
    warning: Shade,
    danger: Shade,
    info: Shade,
    neutral: Shade,
    simulator: Shade,
    success_fill: Shade,
    warning_fill: Shade,
    danger_fill: Shade,
    info_fill: Shade,
    neutral_fill: Shade,
    simulator_fill: Shade,
}

#[rustfmt::skip]
const SHADES: Shades = Shades {
    //                          light     dark
    surface:        Shade::new(0xfafbfa, 0x171a19),
    panel:          Shade::new(0xedf1ee, 0x1f2422),
    raised:         Shade::new(0xffffff, 0x0f1211),
    border:         Shade::new(0xc4ccc7, 0x3a423e),
    text:           Shade::new(0x1a1f1c, 0xe8ecea),
    text_muted:     Shade::new(0x555f59, 0xa3ada8),
    accent:         Shade::both(BRAND_GREEN),
    accent_hover:   Shade::new(0x106c43, 0x117046),
    on_fill:        Shade::both(Color32::WHITE),
    accent_text:    Shade::new(0x0f6b42, 0x5ccb94),
    selection:      Shade::new(0xcfe9dc, 0x174a33),
    selection_text: Shade::new(0x0b5535, 0x9fe8c4),
    control:        Shade::new(0xe1e7e3, 0x2e3532),
    control_hover:  Shade::new(0xd3dbd6, 0x3a423e),
    success:        Shade::new(0x15703a, 0x5ccb94),
    warning:        Shade::new(0x855600, 0xf0b541),
    danger:         Shade::new(0xb42318, 0xff8f85),
    info:           Shade::new(0x1d5fb0, 0x8abeff),
    neutral:        Shade::new(0x5b6360, 0xa3ada8),
    simulator:      Shade::new(0x9a4a00, 0xffad62),
    success_fill:   Shade::both(rgb(0x17793f)),
    warning_fill:   Shade::both(rgb(0x8a5a00)),
    danger_fill:    Shade::both(rgb(0xb42318)),
    info_fill:      Shade::both(rgb(0x1d5fb0)),
    neutral_fill:   Shade::both(rgb(0x5b6360)),
    simulator_fill: Shade::both(rgb(0xa14e00)),
};

impl Palette {
    /// The table's column for one theme.
    const fn of_theme(dark: bool) -> Palette {
        let s = &SHADES;
        Palette {
            dark,
            surface: s.surface.in_theme(dark),
            panel: s.panel.in_theme(dark),
            raised: s.raised.in_theme(dark),
            border: s.border.in_theme(dark),
            text: s.text.in_theme(dark),
            text_muted: s.text_muted.in_theme(dark),
            accent: s.accent.in_theme(dark),
            accent_hover: s.accent_hover.in_theme(dark),
            on_fill: s.on_fill.in_theme(dark),
            accent_text: s.accent_text.in_theme(dark),
            selection: s.selection.in_theme(dark),
            selection_text: s.selection_text.in_theme(dark),
            control: s.control.in_theme(dark),
            control_hover: s.control_hover.in_theme(dark),
            success: s.success.in_theme(dark),
            warning: s.warning.in_theme(dark),
            danger: s.danger.in_theme(dark),
            info: s.info.in_theme(dark),
            neutral: s.neutral.in_theme(dark),
            simulator: s.simulator.in_theme(dark),
            success_fill: s.success_fill.in_theme(dark),
            warning_fill: s.warning_fill.in_theme(dark),
            danger_fill: s.danger_fill.in_theme(dark),
            info_fill: s.info_fill.in_theme(dark),
            neutral_fill: s.neutral_fill.in_theme(dark),
            simulator_fill: s.simulator_fill.in_theme(dark),
        }
    }
}

pub const LIGHT: Palette = Palette::of_theme(false);
pub const DARK: Palette = Palette::of_theme(true);

/// The palette of the theme `ui` is drawn in.
pub fn palette(ui: &Ui) -> &'static Palette {
    palette_for(ui.visuals().dark_mode)
}

pub fn palette_for(dark: bool) -> &'static Palette {
    if dark { &DARK } else { &LIGHT }
}

/// What a colour is for, where the choice is made apart from drawing (a payment's state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Success,
    Warning,
    Danger,
    Info,
    Neutral,
    Simulator,
}

impl Palette {
    /// The tone as words on a surface.
    pub fn text_of(&self, tone: Tone) -> Color32 {
        self.colours_of(tone).0
    }

    /// The tone as a badge's fill, under `on_fill` words.
    pub fn fill_of(&self, tone: Tone) -> Color32 {
        self.colours_of(tone).1
    }

    /// A tone's words and its fill, in one table so that a new tone gets both at once.
    fn colours_of(&self, tone: Tone) -> (Color32, Color32) {
        match tone {
            Tone::Success => (self.success, self.success_fill),
            Tone::Warning => (self.warning, self.warning_fill),
            Tone::Danger => (self.danger, self.danger_fill),
            Tone::Info => (self.info, self.info_fill),
            Tone::Neutral => (self.neutral, self.neutral_fill),
            Tone::Simulator => (self.simulator, self.simulator_fill),
        }
    }
}

/// Type sizes in points, by what the text is for.
pub mod size {
    /// Most words: labels, fields, table cells.
    pub const BODY: f32 = 15.0;
    /// A screen's title.
    pub const HEADING: f32 = 22.0;
    /// Hints and codes for whoever debugs.
    pub const SMALL: f32 = 12.0;
    /// The primary action's words.
    pub const PRIMARY_BUTTON: f32 = 18.0;
    /// The amount being typed on Cobrar: the first thing on the screen.
    pub const AMOUNT_INPUT: f32 = 32.0;
    /// The amount on the customer screen: read from a metre away.
    pub const CUSTOMER_AMOUNT: f32 = 56.0;
    /// The customer screen's verdict ("¡Pago recibido!").
    pub const CUSTOMER_VERDICT: f32 = 48.0;
    /// The amount a payout is about to send, read back before money moves.
    pub const PAYOUT_AMOUNT: f32 = 34.0;
    /// The amount a created payment leads with.
    pub const AMOUNT: f32 = 28.0;
    /// An opened payment's amount.
    pub const DETAIL_AMOUNT: f32 = 24.0;
    /// Words meant for the customer, or read back before a payout; an empty screen's title.
    pub const LARGE: f32 = 22.0;
    /// A figure in a row of figures (Saldo), the app's name, the customer screen's buttons.
    pub const FIGURE: f32 = 20.0;
    /// A banner's words, a secondary button on the customer screen.
    pub const EMPHASIS: f32 = 18.0;
    /// Small print on the customer screen.
    pub const NOTE: f32 = 16.0;
}

/// Space between blocks, in points.
pub mod space {
    /// Between a line and what belongs to it.
    pub const SMALL: f32 = 4.0;
    /// Between the parts of a form or a report.
    pub const MEDIUM: f32 = 8.0;
    /// Before a new section.
    pub const LARGE: f32 = 12.0;
    /// Around what stands alone (the customer screen's blocks).
    pub const XLARGE: f32 = 16.0;
    /// Around an empty screen's message.
    pub const XXLARGE: f32 = 32.0;
}

/// Corner radii, in points.
pub mod radius {
    /// Inputs and secondary buttons.
    pub const SMALL: u8 = 4;
    /// Cards, chips, the primary button.
    pub const MEDIUM: u8 = 6;
    /// Windows and the customer screen's blocks.
    pub const LARGE: u8 = 10;
}

/// egui's visuals for a palette: every widget drawn by egui itself takes the tokens.
pub fn visuals(palette: &Palette) -> egui::Visuals {
    let mut visuals = if palette.dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let small = CornerRadius::same(radius::SMALL);
    let border = Stroke::new(1.0, palette.border);
    visuals.override_text_color = None;
    visuals.weak_text_color = Some(palette.text_muted);
    visuals.hyperlink_color = palette.accent_text;
    visuals.panel_fill = palette.surface;
    // Windows and dialogs sit a step below their fields, so an input in a dialog shows as one.
    visuals.window_fill = palette.panel;
    visuals.window_stroke = border;
    visuals.window_corner_radius = CornerRadius::same(radius::LARGE);
    visuals.menu_corner_radius = CornerRadius::same(radius::MEDIUM);
    visuals.extreme_bg_color = palette.raised;
    visuals.text_edit_bg_color = Some(palette.raised);
    visuals.faint_bg_color = palette.panel;
    visuals.code_bg_color = palette.panel;
    visuals.warn_fg_color = palette.warning;
    visuals.error_fg_color = palette.danger;
    visuals.selection.bg_fill = palette.selection;
    visuals.selection.stroke = Stroke::new(1.5, palette.selection_text);

    let widgets = &mut visuals.widgets;
    widgets.noninteractive.bg_fill = palette.surface;
    widgets.noninteractive.weak_bg_fill = palette.surface;
    widgets.noninteractive.bg_stroke = border;
    widgets.noninteractive.fg_stroke = Stroke::new(1.0, palette.text);
    widgets.noninteractive.corner_radius = small;
    for (state, face) in [
        (&mut widgets.inactive, palette.control),
        (&mut widgets.hovered, palette.control_hover),
        (&mut widgets.active, palette.control_hover),
        (&mut widgets.open, palette.control),
    ] {
        state.bg_fill = face;
        state.weak_bg_fill = face;
        state.fg_stroke = Stroke::new(1.0, palette.text);
        state.corner_radius = small;
    }
    widgets.inactive.bg_stroke = Stroke::NONE;
    widgets.hovered.bg_stroke = Stroke::new(1.0, palette.accent);
    widgets.active.bg_stroke = Stroke::new(1.5, palette.accent);
    widgets.open.bg_stroke = border;
    visuals
}

/// Installs both themes and the type scale; egui picks light or dark as the OS (or the owner's
/// choice in Configuración) says.
pub fn install(ctx: &egui::Context) {
    ctx.set_visuals_of(egui::Theme::Light, visuals(&LIGHT));
    ctx.set_visuals_of(egui::Theme::Dark, visuals(&DARK));
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(size::HEADING, FontFamily::Proportional),
            ),
            (
                TextStyle::Body,
                FontId::new(size::BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Button,
                FontId::new(size::BODY, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(size::SMALL, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(size::BODY - 1.0, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(space::MEDIUM, 6.0);
        style.spacing.button_padding = egui::vec2(10.0, 4.0);
        style.spacing.interact_size.y = 24.0;
    });
}

/// WCAG 2 contrast ratio between two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    let (light, dark) = if la > lb { (la, lb) } else { (lb, la) };
    (light + 0.05) / (dark + 0.05)
}

fn relative_luminance(color: Color32) -> f32 {
    let linear = |channel: u8| {
        let c = f32::from(channel) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(color.r()) + 0.7152 * linear(color.g()) + 0.0722 * linear(color.b())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG AA for body text.
    const AA: f32 = 4.5;

    fn pairs(p: &Palette) -> Vec<(&'static str, Color32, &'static str, Color32)> {
        let words = [
            ("text", p.text),
            ("text_muted", p.text_muted),
            ("accent_text", p.accent_text),
            ("success", p.success),
            ("warning", p.warning),
            ("danger", p.danger),
            ("info", p.info),
            ("neutral", p.neutral),
            ("simulator", p.simulator),
        ];
        let grounds = [
            ("surface", p.surface),
            ("panel", p.panel),
            ("raised", p.raised),
        ];
        let mut pairs = Vec::new();
        for (word, fg) in words {
            for (ground, bg) in grounds {
                pairs.push((word, fg, ground, bg));
            }
        }
        for (fill, bg) in [
            ("accent", p.accent),
            ("accent_hover", p.accent_hover),
            ("success_fill", p.success_fill),
            ("warning_fill", p.warning_fill),
            ("danger_fill", p.danger_fill),
            ("info_fill", p.info_fill),
            ("neutral_fill", p.neutral_fill),
            ("simulator_fill", p.simulator_fill),
        ] {
            pairs.push(("on_fill", p.on_fill, fill, bg));
        }
        for (face, bg) in [
            ("control", p.control),
            ("control_hover", p.control_hover),
            ("selection", p.selection),
        ] {
            pairs.push(("text", p.text, face, bg));
        }
        pairs.push(("selection_text", p.selection_text, "selection", p.selection));
        pairs.push(("selection_text", p.selection_text, "raised", p.raised));
        pairs
    }

    #[test]
    fn every_word_on_every_ground_meets_wcag_aa_in_both_themes() {
        let mut failures = Vec::new();
        for palette in [&LIGHT, &DARK] {
            for (word, fg, ground, bg) in pairs(palette) {
                let ratio = contrast(fg, bg);
                if ratio < AA {
                    failures.push(format!(
                        "{} theme: {word} on {ground} is {ratio:.2}:1",
                        if palette.dark { "dark" } else { "light" }
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// What egui draws by itself (labels, buttons in each state, selected tabs, inputs, hints)
    /// takes the tokens, so it passes too.
    #[test]
    fn egui_s_own_widgets_take_the_tokens_and_stay_readable() {
        for palette in [&LIGHT, &DARK] {
            let v = visuals(palette);
            let w = &v.widgets;
            let checks = [
                ("label on panel", v.text_color(), v.panel_fill),
                ("hint on input", v.weak_text_color(), v.text_edit_bg_color()),
                (
                    "input text",
                    w.inactive.text_color(),
                    v.text_edit_bg_color(),
                ),
                ("weak on panel", v.weak_text_color(), v.panel_fill),
                ("window text", v.text_color(), v.window_fill),
                ("button", w.inactive.text_color(), w.inactive.weak_bg_fill),
                ("hovered", w.hovered.text_color(), w.hovered.weak_bg_fill),
                ("pressed", w.active.text_color(), w.active.weak_bg_fill),
                ("open", w.open.text_color(), w.open.weak_bg_fill),
                ("selected", v.selection.stroke.color, v.selection.bg_fill),
                ("link", v.hyperlink_color, v.panel_fill),
                ("warning", v.warn_fg_color, v.panel_fill),
                ("error", v.error_fg_color, v.panel_fill),
            ];
            for (what, fg, bg) in checks {
                let ratio = contrast(fg, bg);
                assert!(ratio >= AA, "dark={}: {what} is {ratio:.2}:1", palette.dark);
            }
        }
    }

    #[test]
    fn the_contrast_formula_gives_wcag_s_own_figures() {
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 0.01);
        // #767676 on white is the classic 4.54:1.
        let grey = Color32::from_rgb(0x76, 0x76, 0x76);
        assert!((contrast(grey, Color32::WHITE) - 4.54).abs() < 0.01);
    }

    #[test]
    fn the_accent_is_the_icon_s_green() {
        assert_eq!(LIGHT.accent, Color32::from_rgb(0x15, 0x80, 0x50));
        assert_eq!(DARK.accent, LIGHT.accent);
    }
}
