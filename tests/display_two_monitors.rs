//! The customer display on a real X server with two monitors (Xvfb, split in two with RandR's
//! `xrandr --setmonitor`): the real paydesk binary opens the display on the second monitor while
//! its own window stays on the first, and the cashier types the next sale at the till while the
//! display still shows the first sale's QR (read back from the screen). Driven from outside as a
//! person would: keys through the X server (xdotool), windows found by their titles, the screen
//! photographed (ImageMagick's `import`), the sales read from the app's own books.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use paydesk::ledger::Ledger;

/// The cashier's monitor, then the customer's: x, y, width, height.
const CASHIER: (i32, i32, i32, i32) = (0, 0, 1920, 1080);
const CUSTOMER: (i32, i32, i32, i32) = (1920, 0, 1366, 768);

/// A child process ended when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        // Asked to end first: an X server killed outright leaves its lock file and socket behind,
        // and each such run would take a display number for good.
        let asked = Command::new("kill")
            .arg(self.0.id().to_string())
            .status()
            .is_ok_and(|status| status.success());
        let deadline = Instant::now() + Duration::from_secs(5);
        while asked && Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_for<T>(what: &str, seconds: u64, mut check: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn run(display: &str, program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program)
        .args(args)
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .unwrap_or_else(|error| panic!("{program}: {error}"));
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}

/// An X server of its own with the two monitors, on a display number nobody uses.
fn two_monitor_server() -> (Running, String) {
    let number = (91..140)
        .find(|n| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        })
        .expect("a free X display number");
    let display = format!(":{number}");
    let width = CUSTOMER.0 + CUSTOMER.2;
    // -noreset: the server keeps the monitors when xrandr, its only client then, disconnects.
    let server = Running(
        Command::new("Xvfb")
            .args([&display, "-noreset", "-nolisten", "tcp", "-screen", "0"])
            .arg(format!("{width}x{}x24", CASHIER.3))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb (apt: xvfb)"),
    );
    wait_for("the X server", 20, || {
        run(&display, "xrandr", &["--listmonitors"])
    });
    // The cashier's monitor takes the screen's one output; the customer's is declared beside it.
    let geometry = |(x, y, w, h): (i32, i32, i32, i32)| format!("{w}/300x{h}/200+{x}+{y}");
    run(
        &display,
        "xrandr",
        &["--setmonitor", "CAJA", &geometry(CASHIER), "screen"],
    )
    .expect("xrandr --setmonitor (apt: x11-xserver-utils)");
    run(
        &display,
        "xrandr",
        &["--setmonitor", "CLIENTE", &geometry(CUSTOMER), "none"],
    )
    .expect("xrandr --setmonitor");
    let monitors = run(&display, "xrandr", &["--listmonitors"]).unwrap_or_default();
    assert!(monitors.contains("Monitors: 2"), "{monitors}");
    (server, display)
}

/// Where a window sits on the screen and its size, as `xdotool getwindowgeometry` says.
fn geometry(display: &str, window: &str) -> (i32, i32, i32, i32) {
    let words = run(display, "xdotool", &["getwindowgeometry", window]).unwrap_or_default();
    let numbers = |line: &str, split: char| -> Option<(i32, i32)> {
        let rest = words.lines().find_map(|l| l.trim().strip_prefix(line))?;
        let first = rest.split_whitespace().next()?;
        let (a, b) = first.split_once(split)?;
        Some((a.parse().ok()?, b.parse().ok()?))
    };
    let (x, y) = numbers("Position:", ',').unwrap_or_else(|| panic!("{words}"));
    let (w, h) = numbers("Geometry:", 'x').unwrap_or_else(|| panic!("{words}"));
    (x, y, w, h)
}

fn on(monitor: (i32, i32, i32, i32), x: i32, y: i32) -> bool {
    x >= monitor.0 && y >= monitor.1 && x < monitor.0 + monitor.2 && y < monitor.1 + monitor.3
}

fn find_window(display: &str, title: &str) -> Option<String> {
    run(
        display,
        "xdotool",
        &["search", "--onlyvisible", "--name", title],
    )?
    .lines()
    .next()
    .map(str::to_owned)
}

/// The sales the app wrote down, oldest first (their payment addresses are what the QRs encode).
fn sales(home: &Path) -> Vec<String> {
    sales_with_amounts(home)
        .into_iter()
        .map(|(url, _)| url)
        .collect()
}

/// The sales in the books, oldest first, with the amount each was made for.
fn sales_with_amounts(home: &Path) -> Vec<(String, Option<i64>)> {
    let Ok(ledger) = Ledger::open(&home.join("data").join("ledger.sqlite3")) else {
        return Vec::new();
    };
    let mut sales: Vec<(String, Option<i64>)> = ledger
        .collections_between(None, 0, i64::MAX)
        .unwrap_or_default()
        .into_iter()
        .map(|sale| (sale.url, sale.amount.map(|amount| amount.get())))
        .collect();
    sales.reverse();
    sales
}

/// The QR codes visible in one monitor's part of the screen, decoded.
fn qr_codes_on(display: &str, monitor: (i32, i32, i32, i32), home: &Path) -> Vec<String> {
    let shot = home.join("screen.png");
    let crop = format!("{}x{}+{}+{}", monitor.2, monitor.3, monitor.0, monitor.1);
    let shot_name = shot.to_string_lossy().into_owned();
    run(
        display,
        "import",
        &["-window", "root", "-crop", &crop, &shot_name],
    )
    .expect("import (apt: imagemagick)");
    let Ok(image) = image::open(&shot) else {
        return Vec::new();
    };
    let grey = image.to_luma8();
    let (width, height) = grey.dimensions();
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(width as usize, height as usize, |x, y| {
            grey.get_pixel(x as u32, y as u32).0[0]
        });
    prepared
        .detect_grids()
        .into_iter()
        .filter_map(|grid| grid.decode().ok().map(|(_, text)| text))
        .collect()
}

/// paydesk as a shop starts it, in a home of its own: the built-in simulator, Spanish, no
/// keyring, no update check, its receiver on a free port.
fn start_paydesk(display: &str, home: &Path) -> Running {
    let config = home.join("config");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::write(
        config.join("paydesk.toml"),
        "version = 1\n\n[updates]\nlook = false\n\n[profiles.simulator]\nenvironment = \"simulator\"\nwebhook_listen = \"127.0.0.1:0\"\n",
    )
    .expect("settings file");
    let log = std::fs::File::create(home.join("paydesk.log")).expect("log file");
    Running(
        Command::new(env!("CARGO_BIN_EXE_paydesk"))
            .env("DISPLAY", display)
            .env_remove("WAYLAND_DISPLAY")
            .env("HOME", home)
            .env("PAYDESK_CONFIG_DIR", &config)
            .env("PAYDESK_DATA_DIR", home.join("data"))
            .env("PAYDESK_EXPORTS_DIR", home.join("exports"))
            .env("PAYDESK_NO_KEYRING", "1")
            .env("PAYDESK_LANG", "es")
            .env("XDG_CACHE_HOME", home.join("cache"))
            .env("LIBGL_ALWAYS_SOFTWARE", "1")
            .stdout(log.try_clone().expect("log file"))
            .stderr(log)
            .spawn()
            .expect("the paydesk binary"),
    )
}

/// Keys typed into the cashier's window (focused first: no window manager does it here).
fn keys(display: &str, window: &str, keys: &[&str]) {
    run(display, "xdotool", &["windowfocus", window]);
    for key in keys {
        let typed = match key.strip_prefix("type:") {
            Some(text) => run(display, "xdotool", &["type", "--delay", "40", text]),
            None => run(display, "xdotool", &["key", key]),
        };
        typed.expect("xdotool (apt: xdotool)");
    }
}

#[test]
#[ignore = "needs an X server with two monitors (Xvfb, xrandr)"]
fn the_display_opens_on_the_second_monitor_and_the_till_keeps_working() {
    let (_server, display) = two_monitor_server();
    let home = tempfile::tempdir().expect("a home");
    let _app = start_paydesk(&display, home.path());
    let cashier = wait_for("the cashier's window", 60, || {
        find_window(&display, "^paydesk$")
    });

    // The first sale: its amount has the keyboard once the till is connected; Enter creates it.
    // The deadlines are long: a debug build drawing a large window in software on a loaded
    // machine starts slowly (a passing run takes seconds).
    wait_for("the first sale to be created", 180, || {
        keys(
            &display,
            &cashier,
            &["ctrl+a", "BackSpace", "type:35000", "Return"],
        );
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if !sales(home.path()).is_empty() {
                return Some(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    });
    // "Mostrar al cliente" has the keyboard once the sale's card is drawn, which can be a few
    // frames after the sale is in the books: Enter again while no display appears (before the
    // card, it lands in the empty amount, which only says what is missing).
    let customer = wait_for("the customer display", 60, || {
        keys(&display, &cashier, &["Return"]);
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Some(window) = find_window(&display, "Pantalla del cliente") {
                return Some(window);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    });
    let (x, y, width, height) = wait_for("the display on the customer's monitor", 30, || {
        let place = geometry(&display, &customer);
        on(CUSTOMER, place.0, place.1).then_some(place)
    });
    println!("customer display at {x},{y}, {width}x{height}");
    assert!(
        on(CUSTOMER, x + width - 1, y + height - 1),
        "it fits on the monitor"
    );
    let (cx, cy, cw, ch) = geometry(&display, &cashier);
    println!("cashier's window at {cx},{cy}, {cw}x{ch}");
    assert!(on(CASHIER, cx, cy), "the cashier's window stays on hers");
    assert!(on(CASHIER, cx + cw / 2, cy + ch / 2));

    let first = sales(home.path())[0].clone();
    wait_for("the first sale's QR on the customer's monitor", 30, || {
        qr_codes_on(&display, CUSTOMER, home.path())
            .contains(&first)
            .then_some(())
    });

    // Meanwhile the cashier types the next sale at the till (Escape lets the amount have the
    // keyboard again). Typed again while no such sale appears: on a loaded machine the digits can
    // reach the frame that hands the amount the keyboard, before it has it.
    let second_sale = || {
        sales_with_amounts(home.path())
            .iter()
            .any(|(_, amount)| *amount == Some(12_000))
    };
    // By its amount: a first sale typed twice (a slow first start) would also make two.
    wait_for("the second sale, typed at the till", 120, || {
        keys(
            &display,
            &cashier,
            &["Escape", "ctrl+a", "BackSpace", "type:12000", "Return"],
        );
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if second_sale() {
                return Some(());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        None
    });
    assert!(
        qr_codes_on(&display, CUSTOMER, home.path()).contains(&first),
        "the customer still sees the first sale's QR"
    );
    assert_eq!(
        geometry(&display, &customer).0,
        x,
        "the display did not move"
    );
    // This computer remembers which monitor faces the customer, in its settings file.
    let settings = wait_for("the monitor remembered", 30, || {
        let text = std::fs::read_to_string(home.path().join("config").join("paydesk.toml")).ok()?;
        text.contains("monitor = \"CLIENTE\"").then_some(text)
    });
    assert!(settings.contains("[display]"), "{settings}");
}
