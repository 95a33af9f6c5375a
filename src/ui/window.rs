//! Opening the window: one paydesk per computer (a second start brings the first forward), the
//! renderers tried in turn until one draws, the icon, and the window's state kept from before
//! the app had an id.

use super::{AppOptions, PaydeskApp, sizing};

/// The app's reverse-DNS id: the desktop entry's and AppStream's name, the window's class on X11
/// and its app id on Wayland (the entry's `StartupWMClass`), and the folder eframe keeps the
/// window's state in.
pub const APP_ID: &str = crate::config::APP_ID;

/// The name eframe kept the window's state under before the app had an id.
const OLD_STATE_NAME: &str = "paydesk";

/// The window's icon, the 128 px one the installers ship. Not the 256 px: winit sends the icon to
/// X11 in one request, and 256×256 pixels is over the X server's request size, so the window
/// showed no icon at all (measured under Xvfb: `_NET_WM_ICON` stayed empty; 128 px sets it).
const ICON_PNG: &[u8] =
    include_bytes!("../../assets/icons/hicolor/128x128/apps/co.paydesk.Paydesk.png");

/// Opens the window on the given runtime; returns when it is closed.
pub fn run(runtime: &tokio::runtime::Runtime, options: AppOptions) -> Result<(), eframe::Error> {
    let listener = match crate::config::single_instance::claim(&options.paths.config_dir) {
        crate::config::single_instance::Start::First(listener) => Some(listener),
        crate::config::single_instance::Start::Second => {
            tracing::info!("paydesk is already open: its window was brought forward");
            eprintln!("{}", crate::t!("already-open"));
            return Ok(());
        }
        crate::config::single_instance::Start::Alone(error) => {
            tracing::warn!(%error, "no check for another paydesk window");
            None
        }
    };
    let handle = runtime.handle().clone();
    move_window_state();
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("paydesk")
        .with_app_id(APP_ID)
        .with_inner_size(sizing::FIRST_INNER_SIZE)
        .with_min_inner_size([640.0, 480.0]);
    match eframe::icon_data::from_png_bytes(ICON_PNG) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(error) => tracing::warn!(%error, "the window icon could not be read"),
    }
    // What the app is made of waits here until a renderer has opened the window: a renderer that
    // fails does so before it asks for the app, so the next one still finds it.
    let parts = std::rc::Rc::new(std::cell::RefCell::new(Some((listener, options))));
    let mut failure = None;
    for attempt in renderers() {
        let mut native = eframe::NativeOptions {
            viewport: viewport.clone(),
            persist_window: true,
            renderer: attempt.renderer(),
            ..Default::default()
        };
        attempt.configure(&mut native);
        let handle = handle.clone();
        let parts_for_app = parts.clone();
        let outcome = eframe::run_native(
            APP_ID,
            native,
            Box::new(move |cc| {
                let Some((listener, options)) = parts_for_app.borrow_mut().take() else {
                    return Err("the app was already started".into());
                };
                if let Some(listener) = listener {
                    let ctx = cc.egui_ctx.clone();
                    crate::config::single_instance::serve(listener, move || bring_forward(&ctx));
                }
                Ok(Box::new(PaydeskApp::new(cc, handle, options)))
            }),
        );
        match outcome {
            Ok(()) => return Ok(()),
            // The app ran and then failed: not a renderer that could not start.
            Err(error) if parts.borrow().is_none() => return Err(error),
            Err(error) => {
                tracing::warn!(?attempt, %error, "this renderer could not open the window");
                failure = Some(error);
            }
        }
    }
    Err(failure.unwrap_or_else(|| eframe::Error::AppCreation("no renderer was built in".into())))
}

/// One way to draw the window.
#[derive(Debug, Clone, Copy)]
enum Renderer {
    /// OpenGL 2 or later, through glow.
    Glow,
    /// wgpu on a Vulkan driver.
    #[cfg(any(windows, feature = "wgpu"))]
    Vulkan,
    /// wgpu on Direct3D 12, which Windows 10 and 11 always have: without a graphics driver it
    /// runs on Windows' own software adapter (WARP).
    #[cfg(windows)]
    Direct3D12,
    /// wgpu with the backends it picks itself (or `WGPU_BACKEND` names).
    #[cfg(all(not(windows), feature = "wgpu"))]
    Wgpu,
}

impl Renderer {
    fn renderer(self) -> eframe::Renderer {
        match self {
            Renderer::Glow => eframe::Renderer::Glow,
            #[cfg(any(windows, feature = "wgpu"))]
            _ => eframe::Renderer::Wgpu,
        }
    }

    fn configure(self, native: &mut eframe::NativeOptions) {
        #[cfg(any(windows, feature = "wgpu"))]
        {
            use eframe::egui_wgpu::{WgpuSetup, WgpuSetupCreateNew, wgpu};
            let backends = match self {
                Renderer::Glow => return,
                Renderer::Vulkan => wgpu::Backends::VULKAN,
                #[cfg(windows)]
                Renderer::Direct3D12 => wgpu::Backends::DX12,
                #[cfg(all(not(windows), feature = "wgpu"))]
                Renderer::Wgpu => wgpu::Backends::all(),
            };
            let mut setup = WgpuSetupCreateNew::without_display_handle();
            // WGPU_BACKEND, for whoever debugs a PC's drivers, wins over the choice here.
            if wgpu::Backends::from_env().is_none() {
                setup.instance_descriptor.backends = backends;
            }
            // A till draws forms, not games: the integrated or software adapter is enough and
            // keeps a laptop cool.
            setup.power_preference = wgpu::PowerPreference::LowPower;
            native.wgpu_options.wgpu_setup = WgpuSetup::CreateNew(setup);
        }
        // Built with glow alone, nothing here is set up: the renderer and the options go unused.
        #[cfg(not(any(windows, feature = "wgpu")))]
        let _ = (self, native);
    }
}

/// The renderers to try, in order, each when the one before could not open the window. glow
/// first where it serves: under software GL it used a fifth of wgpu's CPU and far less memory.
/// A Windows PC without its graphics driver, a remote-desktop session or a virtual machine only
/// offers OpenGL 1.1, which glow cannot use: there wgpu follows, on Vulkan where a driver brings
/// it, then on Direct3D 12 (WARP, Windows' software adapter, when there is no driver at all).
/// Direct3D 12 goes last because a broken one can end the process instead of failing.
fn renderers() -> Vec<Renderer> {
    let mut renderers = vec![Renderer::Glow];
    #[cfg(any(windows, feature = "wgpu"))]
    renderers.push(Renderer::Vulkan);
    #[cfg(windows)]
    renderers.push(Renderer::Direct3D12);
    #[cfg(all(not(windows), feature = "wgpu"))]
    renderers.push(Renderer::Wgpu);
    // PAYDESK_RENDERER=wgpu starts with wgpu (for whoever debugs a PC's drivers).
    if std::env::var("PAYDESK_RENDERER").as_deref() == Ok("wgpu") {
        renderers.rotate_left(1);
    }
    renderers
}

/// Another start asked for this window: out of the taskbar and in front.
fn bring_forward(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Visible(true));
    ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
        egui::UserAttentionType::Informational,
    ));
    ctx.request_repaint();
}

/// eframe keeps the window's size and the app's preferences under the app id; before there was
/// one they were under "paydesk". The first start with the id moves them, so nobody loses their
/// window size, language or theme.
fn move_window_state() {
    let (Some(old), Some(new)) = (
        eframe::storage_dir(OLD_STATE_NAME),
        eframe::storage_dir(APP_ID),
    ) else {
        return;
    };
    let (old_file, new_file) = (old.join("app.ron"), new.join("app.ron"));
    if new_file.exists() || !old_file.exists() {
        return;
    }
    let moved = std::fs::create_dir_all(&new).and_then(|()| std::fs::copy(&old_file, &new_file));
    match moved {
        Ok(_) => {
            if let Err(error) = std::fs::remove_file(&old_file) {
                tracing::info!(%error, "the old window state stays where it was");
            }
        }
        Err(error) => tracing::warn!(%error, "the window state could not be moved to the app id"),
    }
}
