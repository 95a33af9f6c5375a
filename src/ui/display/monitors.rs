//! This computer's monitors, as the system lays them out (physical pixels, one desktop), and
//! which of them faces the customer. Asked of the system off the UI thread: on X11 a round trip
//! to the X server (RandR's monitors, which include those `xrandr --setmonitor` makes), on
//! Windows the monitors GDI lists. Elsewhere (macOS; a Wayland session, where a window cannot
//! place itself) none are known, and the till keeps its full-window customer screen.

/// One monitor: its system name and where it sits on the desktop, in physical pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monitor {
    pub name: String,
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
    /// The system's primary monitor: where the cashier's window starts.
    pub primary: bool,
}

impl Monitor {
    pub fn contains(&self, x: f32, y: f32) -> bool {
        let (left, top) = (self.x as f32, self.y as f32);
        x >= left && y >= top && x < left + self.width as f32 && y < top + self.height as f32
    }
}

/// Where the customer display goes: the remembered monitor while it is still connected, else
/// the first that is not the cashier's (the one holding `cashier_at`, the centre of the
/// cashier's window, or the primary one when that is not known). With one monitor there is no
/// such place.
pub fn customer_monitor<'a>(
    monitors: &'a [Monitor],
    remembered: Option<&str>,
    cashier_at: Option<(f32, f32)>,
) -> Option<&'a Monitor> {
    if monitors.len() < 2 {
        return None;
    }
    let cashiers = cashier_at
        .and_then(|(x, y)| monitors.iter().position(|m| m.contains(x, y)))
        .or_else(|| monitors.iter().position(|m| m.primary))
        .unwrap_or(0);
    // Never the cashier's own: a remembered monitor the till has since moved to (or one saved
    // where a window manager left the display) would cover the till.
    remembered
        .and_then(|name| {
            monitors
                .iter()
                .enumerate()
                .find(|(index, m)| m.name == name && *index != cashiers)
                .map(|(_, monitor)| monitor)
        })
        .or_else(|| {
            monitors
                .iter()
                .enumerate()
                .find(|(index, _)| *index != cashiers)
                .map(|(_, monitor)| monitor)
        })
}

/// Why the system's monitors could not be listed. Only ever logged (the till keeps its
/// full-window customer screen), so said in the log's words.
#[derive(Debug, thiserror::Error)]
pub enum MonitorsError {
    #[cfg(all(unix, not(target_os = "macos")))]
    #[error("a Wayland session places windows itself")]
    Wayland,
    #[cfg(all(unix, not(target_os = "macos")))]
    #[error("no X server answered: {0}")]
    Connect(#[from] x11rb::errors::ConnectError),
    #[cfg(all(unix, not(target_os = "macos")))]
    #[error("the X server named no such screen")]
    NoScreen,
    #[cfg(all(unix, not(target_os = "macos")))]
    #[error("the X server's connection failed: {0}")]
    Connection(#[from] x11rb::errors::ConnectionError),
    #[cfg(all(unix, not(target_os = "macos")))]
    #[error("the X server did not answer: {0}")]
    Reply(#[from] x11rb::errors::ReplyError),
    #[cfg(windows)]
    #[error("EnumDisplayMonitors failed")]
    Enumeration,
    #[cfg(not(any(windows, all(unix, not(target_os = "macos")))))]
    #[error("this system's monitors are not listed yet")]
    Unsupported,
}

/// The system's monitors; none when it cannot say (no X server, a Wayland session, macOS).
pub fn discover() -> Vec<Monitor> {
    match system::monitors() {
        Ok(monitors) => monitors,
        Err(error) => {
            tracing::info!(%error, "the monitors could not be listed");
            Vec::new()
        }
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
mod system {
    use x11rb::connection::Connection;
    use x11rb::protocol::randr::ConnectionExt as _;
    use x11rb::protocol::xproto::ConnectionExt as _;

    use super::{Monitor, MonitorsError};

    pub fn monitors() -> Result<Vec<Monitor>, MonitorsError> {
        // winit opens the window on Wayland whenever the session is one: there a window is
        // placed by the compositor, never by its own position.
        if std::env::var_os("WAYLAND_DISPLAY").is_some_and(|display| !display.is_empty()) {
            return Err(MonitorsError::Wayland);
        }
        let (connection, screen) = x11rb::connect(None)?;
        let root = connection
            .setup()
            .roots
            .get(screen)
            .ok_or(MonitorsError::NoScreen)?
            .root;
        let reply = connection.randr_get_monitors(root, true)?.reply()?;
        let mut monitors = Vec::new();
        for info in reply.monitors {
            let name = connection.get_atom_name(info.name)?.reply()?.name;
            monitors.push(Monitor {
                name: String::from_utf8_lossy(&name).into_owned(),
                x: info.x.into(),
                y: info.y.into(),
                width: info.width.into(),
                height: info.height.into(),
                primary: info.primary,
            });
        }
        Ok(monitors)
    }
}

#[cfg(windows)]
mod system {
    use windows_sys::Win32::Foundation::{LPARAM, RECT, TRUE};
    use windows_sys::Win32::Graphics::Gdi::{
        EnumDisplayMonitors, GetMonitorInfoW, HDC, HMONITOR, MONITORINFOEXW,
    };
    use windows_sys::core::BOOL;

    use super::{Monitor, MonitorsError};

    /// MONITORINFOF_PRIMARY.
    const PRIMARY: u32 = 1;

    pub fn monitors() -> Result<Vec<Monitor>, MonitorsError> {
        let mut monitors: Vec<Monitor> = Vec::new();
        // SAFETY: the callback only runs during this call, with `monitors` alive and not
        // otherwise borrowed; it is handed back through LPARAM as the pointer it was given.
        let listed = unsafe {
            EnumDisplayMonitors(
                std::ptr::null_mut(),
                std::ptr::null(),
                Some(one),
                &mut monitors as *mut Vec<Monitor> as LPARAM,
            )
        };
        if listed == 0 {
            return Err(MonitorsError::Enumeration);
        }
        Ok(monitors)
    }

    unsafe extern "system" fn one(handle: HMONITOR, _: HDC, _: *mut RECT, found: LPARAM) -> BOOL {
        // SAFETY: `found` is the `Vec<Monitor>` that `monitors` passed, alive for this call.
        let monitors = unsafe { &mut *(found as *mut Vec<Monitor>) };
        let mut info = MONITORINFOEXW::default();
        info.monitorInfo.cbSize = std::mem::size_of::<MONITORINFOEXW>() as u32;
        // SAFETY: `handle` comes from the enumeration, `info` is sized as cbSize says.
        if unsafe { GetMonitorInfoW(handle, &mut info.monitorInfo) } != 0 {
            let area = info.monitorInfo.rcMonitor;
            let end = info.szDevice.iter().position(|c| *c == 0).unwrap_or(0);
            monitors.push(Monitor {
                name: String::from_utf16_lossy(&info.szDevice[..end]),
                x: area.left,
                y: area.top,
                width: (area.right - area.left).max(0) as u32,
                height: (area.bottom - area.top).max(0) as u32,
                primary: info.monitorInfo.dwFlags & PRIMARY != 0,
            });
        }
        TRUE
    }
}

#[cfg(not(any(windows, all(unix, not(target_os = "macos")))))]
mod system {
    pub fn monitors() -> Result<Vec<super::Monitor>, super::MonitorsError> {
        Err(super::MonitorsError::Unsupported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn monitor(name: &str, x: i32, primary: bool) -> Monitor {
        Monitor {
            name: name.into(),
            x,
            y: 0,
            width: 1920,
            height: 1080,
            primary,
        }
    }

    #[test]
    fn one_monitor_has_no_place_for_the_customer() {
        assert_eq!(customer_monitor(&[monitor("A", 0, true)], None, None), None);
    }

    #[test]
    fn the_customer_gets_the_monitor_the_cashier_is_not_on() {
        let two = [monitor("A", 0, true), monitor("B", 1920, false)];
        assert_eq!(customer_monitor(&two, None, None).unwrap().name, "B");
        // The cashier moved her window to B: the customer faces A.
        let at_b = Some((2500.0, 400.0));
        assert_eq!(customer_monitor(&two, None, at_b).unwrap().name, "A");
    }

    #[test]
    fn a_remembered_monitor_wins_while_it_is_connected() {
        let three = [
            monitor("A", 0, true),
            monitor("B", 1920, false),
            monitor("C", 3840, false),
        ];
        assert_eq!(customer_monitor(&three, Some("C"), None).unwrap().name, "C");
        assert_eq!(
            customer_monitor(&three, Some("gone"), None).unwrap().name,
            "B"
        );
        // Remembered where the till now is: the display goes elsewhere, never over the till.
        let at_c = Some((4000.0, 400.0));
        assert_eq!(customer_monitor(&three, Some("C"), at_c).unwrap().name, "A");
    }
}
