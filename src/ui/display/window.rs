//! The customer display's own window: a second OS window (an egui deferred viewport, so it
//! repaints on its own and the cashier's typing does not redraw it), opened on the monitor the
//! customer faces and reused sale after sale. The app feeds it each frame in `logic`; the window
//! only draws the [`Showing`] it was handed, and says when it was closed and where it sits.
//! Closing it never touches a sale: the tracker follows every payment whatever is on screen.

use std::sync::{Arc, Mutex, MutexGuard};

use egui::{Context, Pos2, Vec2, ViewportBuilder, ViewportId};

use super::draw::showing_ui;
use super::monitors::{Monitor, customer_monitor, discover};
use super::state::{DisplayState, Followed, Showing};
use crate::config::Paths;
use crate::config::display::DisplaySettings;
use crate::ledger::StoredNotification;
use crate::ui::chrome::banners::failure_reason;
use crate::ui::customer::CreatedPayment;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::services::tracker::Tracker;
use crate::ui::widgets::qr::QrTexture;

/// What the window and the app share: the app writes what to show, the window what happened
/// to it.
#[derive(Default)]
struct Shared {
    showing: Option<Showing>,
    qr: QrTexture,
    /// The window's close button, or Escape on it: the app closes it on its next frame.
    close_asked: bool,
    /// The window's centre in physical pixels, as its last frame saw it: which monitor it is on.
    centre: Option<(f32, f32)>,
    /// A return of the sale on display, while it goes, in the customer's words.
    returned: Option<String>,
}

fn lock(shared: &Mutex<Shared>) -> MutexGuard<'_, Shared> {
    // A panic while drawing leaves nothing half-done that matters: the next frame rewrites it.
    shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where the window opens, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    pub position: Pos2,
    pub size: Vec2,
}

/// What the app knows this frame that the display follows.
pub struct DisplayInputs<'a> {
    pub now: f64,
    pub shop: String,
    pub tracker: &'a Tracker,
    pub notifications: &'a [StoredNotification],
    pub service_away: Option<i64>,
    /// The session's books, where a return of the sale on display is read.
    pub books: Option<super::returned::Books>,
}

type Loaded = (Vec<Monitor>, DisplaySettings);

/// The customer display: its state, its window while open, and the monitors it can go to.
#[derive(Default)]
pub struct CustomerDisplay {
    state: DisplayState,
    shared: Arc<Mutex<Shared>>,
    /// Where it was opened, while it is open.
    open: Option<Place>,
    /// The monitors given instead of the system's (tests).
    given: Option<Vec<Monitor>>,
    monitors: Vec<Monitor>,
    /// The monitor the display was last left on, as the settings file keeps it.
    remembered: Option<String>,
    loaded: bool,
    loading: Option<Task<Loaded>>,
    saving: Option<Task<Result<(), String>>>,
    returned: super::returned::ReturnOnDisplay,
}

impl CustomerDisplay {
    /// `monitors`: the monitors to use instead of asking the system.
    pub fn new(monitors: Option<Vec<Monitor>>) -> CustomerDisplay {
        CustomerDisplay {
            given: monitors,
            ..CustomerDisplay::default()
        }
    }

    fn viewport_id() -> ViewportId {
        ViewportId::from_hash_of("paydesk-customer-display")
    }

    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// A sale is in front of the customer (work that can wait, waits for it).
    pub fn holds_a_sale(&self) -> bool {
        self.state.reference().is_some()
    }

    /// Where a display would open now (`cashier_at`: the centre of the cashier's window, and
    /// `pixels_per_point`, both of the cashier's window): none with one monitor, or before the
    /// monitors are known, and the full-window customer screen is used instead.
    pub fn place_for(
        &self,
        cashier_at: Option<(f32, f32)>,
        pixels_per_point: f32,
    ) -> Option<Place> {
        if let Some(place) = self.open {
            return Some(place);
        }
        let monitor = customer_monitor(&self.monitors, self.remembered.as_deref(), cashier_at)?;
        let scale = pixels_per_point.max(0.1);
        Some(Place {
            position: Pos2::new(monitor.x as f32, monitor.y as f32) / scale,
            size: Vec2::new(monitor.width as f32, monitor.height as f32) / scale,
        })
    }

    /// Where a display would open now, beside the cashier's window (`ctx`: its context). The
    /// monitors are asked for again for the next time: one plugged in since is used from then.
    pub fn place_beside(&mut self, ctx: &Context) -> Option<Place> {
        if self.open.is_none() && self.loading.is_none() {
            self.loaded = false;
        }
        let scale = ctx.pixels_per_point();
        let cashier_at = ctx.input(|i| i.viewport().outer_rect).map(|outer| {
            let centre = outer.center() * scale;
            (centre.x, centre.y)
        });
        self.place_for(cashier_at, scale)
    }

    /// Puts a sale in front of the customer, opening the window at `place` unless it is open.
    /// A close the window asked for in the meantime is overruled: the cashier asked for the
    /// display after it, and the sale must not be dropped by the close running next.
    pub fn show(&mut self, payment: CreatedPayment, received_before: usize, place: Place) {
        lock(&self.shared).close_asked = false;
        self.open.get_or_insert(place);
        self.returned.shown(Some(&payment));
        self.state.show(payment, received_before);
    }

    /// Another merchant: nothing of the last one stays in front of the customer.
    pub fn clear(&mut self) {
        self.state.clear();
        self.returned.shown(None);
    }

    /// What the display says of a return of the sale on display, while it goes (tests read
    /// it; the window draws it).
    pub fn returned(&self) -> Option<String> {
        lock(&self.shared).returned.clone()
    }

    /// Each frame: the monitors and the remembered one read once, the window's close, the
    /// monitor it was moved to remembered, and what it shows brought up to date.
    pub fn logic(&mut self, bridge: &Bridge, paths: &Paths, inputs: DisplayInputs<'_>) {
        self.load(bridge, paths);
        if let Some(Err(problem)) = finished(&mut self.saving) {
            tracing::warn!("the customer display's monitor was not saved: {problem}");
        }
        let (close_asked, centre) = {
            let mut shared = lock(&self.shared);
            let close_asked = std::mem::take(&mut shared.close_asked);
            // A closed window's last place is not where the next one opens.
            let centre = if close_asked {
                shared.centre.take()
            } else {
                shared.centre
            };
            (close_asked, centre)
        };
        if close_asked && self.open.take().is_some() {
            if self.state.reference().is_some() {
                inputs.tracker.show_on_screen(None);
            }
            self.state.clear();
        }
        if self.open.is_some()
            && let Some((x, y)) = centre
        {
            self.remember_monitor_at(x, y, bridge, paths);
        }
        self.follow(bridge, inputs);
    }

    fn load(&mut self, bridge: &Bridge, paths: &Paths) {
        if !self.loaded && self.loading.is_none() {
            let given = self.given.clone();
            let paths = paths.clone();
            self.loading = Some(bridge.spawn_blocking(move || {
                let settings = paths
                    .load()
                    .map(|config| config.display)
                    .unwrap_or_default();
                (given.unwrap_or_else(discover), settings)
            }));
        }
        if let Some((monitors, settings)) = finished(&mut self.loading) {
            self.loaded = true;
            self.monitors = monitors;
            self.remembered = settings.monitor;
        }
    }

    /// The cashier moved the display to another monitor: that one is the customer's from now
    /// on, on this computer.
    fn remember_monitor_at(&mut self, x: f32, y: f32, bridge: &Bridge, paths: &Paths) {
        let Some(monitor) = self.monitors.iter().find(|m| m.contains(x, y)) else {
            return;
        };
        if self.remembered.as_deref() == Some(monitor.name.as_str()) || self.saving.is_some() {
            return;
        }
        let name = monitor.name.clone();
        self.remembered = Some(name.clone());
        let paths = paths.clone();
        self.saving = Some(bridge.spawn_blocking(move || {
            paths
                .change(|config| {
                    config.display.monitor = Some(name);
                    Ok(())
                })
                .map_err(|error| error.to_string())
        }));
    }

    /// What the display shows now, handed to its window, which repaints only when it changed.
    fn follow(&mut self, bridge: &Bridge, inputs: DisplayInputs<'_>) {
        let ctx = bridge.ctx();
        let had_sale = self.state.reference().is_some();
        let reference = self.state.reference().map(str::to_owned);
        let reason = reference
            .as_deref()
            .and_then(|reference| failure_reason(inputs.notifications, reference));
        let followed = Followed {
            tracked: reference
                .as_deref()
                .and_then(|reference| inputs.tracker.find(reference)),
            reason: reason.as_deref(),
            service_away: inputs.service_away,
        };
        let (showing, wake) = self.state.update(inputs.now, &inputs.shop, followed);
        if had_sale && self.state.reference().is_none() {
            // Back to idle: no payment is in front of anyone, so none is asked about every second.
            inputs.tracker.show_on_screen(None);
        }
        if let Some(left) = wake {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
        if self.state.reference().is_none() {
            self.returned.shown(None);
        } else {
            self.returned.follow(bridge, inputs.books, inputs.now);
        }
        let returned = self.returned.words().map(str::to_owned);
        let mut shared = lock(&self.shared);
        if shared.returned != returned {
            shared.returned = returned;
            ctx.request_repaint_of(Self::viewport_id());
        }
        if shared.showing.as_ref() != Some(&showing) {
            shared.showing = Some(showing);
            ctx.request_repaint_of(Self::viewport_id());
        }
    }

    /// Where the display's window was opened, while it is open.
    pub fn place(&self) -> Option<Place> {
        self.open
    }

    /// What the display shows now (tests read it; the window draws it).
    pub fn showing(&self) -> Option<Showing> {
        lock(&self.shared).showing.clone()
    }

    /// Draws the display's window while it is open. Where the system has no second window
    /// (egui's embedded viewports, as in tests), it is a window inside the cashier's, in a
    /// corner, drawn the same way.
    pub fn ui(&self, ctx: &Context) {
        let Some(place) = self.open else {
            return;
        };
        let shared = Arc::clone(&self.shared);
        if ctx.embed_viewports() {
            egui::Window::new(crate::t!("display-title"))
                .id(egui::Id::unique("paydesk-customer-display"))
                .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
                .fixed_size([360.0, 480.0])
                .collapsible(false)
                .show(ctx, move |ui| draw(ui, &shared, false));
            return;
        }
        let builder = ViewportBuilder::default()
            .with_title(crate::t!("display-title"))
            .with_app_id(crate::config::APP_ID)
            .with_position(place.position)
            .with_inner_size(place.size)
            .with_maximized(true);
        ctx.show_viewport_deferred(Self::viewport_id(), builder, move |ui, class| {
            draw(ui, &shared, class != egui::ViewportClass::EmbeddedWindow);
        });
    }
}

/// One frame of the display's window: what it shows, and what happened to it. Only a window
/// of its own (`own_window`) says where it is: embedded, the input's viewport is the cashier's.
fn draw(ui: &mut egui::Ui, shared: &Mutex<Shared>, own_window: bool) {
    let mut shared = lock(shared);
    let (closing, outer) = ui.input(|i| {
        (
            i.viewport().close_requested() || i.key_pressed(egui::Key::Escape),
            i.viewport().outer_rect,
        )
    });
    if closing {
        shared.close_asked = true;
        ui.ctx().request_repaint_of(ViewportId::ROOT);
    }
    if let Some(outer) = outer.filter(|_| own_window) {
        let centre = outer.center() * ui.ctx().pixels_per_point();
        shared.centre = Some((centre.x, centre.y));
    }
    if own_window {
        // The title bar's words are the builder's; a screen reader reads the window's node
        // (over AT-SPI once eframe gives this window an adapter: 0.37 gives the first alone).
        crate::ui::widgets::live::name_window(ui.ctx(), &crate::t!("display-title"));
    }
    let showing = shared.showing.clone().unwrap_or(Showing::Idle {
        shop: String::new(),
    });
    let Shared { qr, returned, .. } = &mut *shared;
    egui::CentralPanel::default().show(ui, |ui| {
        showing_ui(ui, &showing, qr);
        if let Some(words) = returned {
            super::draw::returned_ui(ui, words);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sale(reference: &str) -> CreatedPayment {
        CreatedPayment::example(reference, 12_000)
    }

    #[test]
    fn a_sale_shown_after_the_window_asked_to_close_stays_in_front_of_the_customer() {
        let place = Place {
            position: Pos2::new(1920.0, 0.0),
            size: Vec2::new(1366.0, 768.0),
        };
        let mut display = CustomerDisplay::new(Some(Vec::new()));
        display.show(sale("PD1"), 0, place);
        // The display's window was closed in its last frame, and in this one the cashier shows
        // the next sale before the app runs the close.
        lock(&display.shared).close_asked = true;
        display.show(sale("PD2"), 0, place);
        assert!(!lock(&display.shared).close_asked, "the close is overruled");
        assert!(display.is_open());
        assert_eq!(display.state.reference(), Some("PD2"));
    }
}
