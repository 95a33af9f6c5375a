//! One simulator per computer (issue 42): the app, `paydesk simulator` and the command line use
//! the one already running for the data folder, found through its discovery file, instead of
//! each starting its own. A link the command line prints stays payable after the command ends,
//! and `paydesk status` reads what the app's simulator holds.

mod common;

use std::path::Path;
use std::time::Duration;

use common::ui::{App, create_link, shows, wait_until};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|error| panic!("{error}: {}{}", self.stdout, self.stderr))
    }
}

/// The real `paydesk` binary on the home's built-in simulator profile: no `PAYDESK_*` service.
async fn paydesk(home: &Path, args: &[&str]) -> Run {
    let output = common::paydesk(home).args(args).output().await.unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// What the discovery file of the home's simulator says.
fn notice(home: &Path) -> Value {
    let path = paydesk::simulator::notice_path(&home.join("data/simulator-state.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

async fn pay(control_url: &str, reference: &str) -> u16 {
    reqwest::Client::new()
        .post(format!("{control_url}/transactions/{reference}/outcome"))
        .json(&json!({"outcome": "approve"}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// The payer's page of a link, as the customer opens it.
async fn payer_page(url: &str) -> (u16, String) {
    let response = reqwest::get(url).await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

async fn sell(home: &Path, reference1: &str) -> (String, String) {
    let run = paydesk(
        home,
        &[
            "--json",
            "link",
            "--amount",
            "12.000",
            "--reference1",
            reference1,
        ],
    )
    .await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let link = run.json();
    (
        link["reference"].as_str().unwrap().to_owned(),
        link["url"].as_str().unwrap().to_owned(),
    )
}

#[test]
fn with_the_app_open_the_command_line_sells_and_reads_through_the_apps_simulator() {
    let app = App::new();
    let mut harness = app.harness();
    let control = app.control(&harness);
    let home = app.home.path();
    assert_eq!(
        notice(home)["pid"],
        std::process::id(),
        "the app serves the simulator"
    );

    // A sale the app made and saw approved: `status` reads the app's truth at once.
    let sold_here = create_link(&mut harness, "30.000");
    assert_eq!(app.runtime.block_on(pay(&control, &sold_here)), 200);
    wait_until(&mut harness, "the app says it is paid", |h| {
        shows(h, "Aprobado")
    });
    let run = app
        .runtime
        .block_on(paydesk(home, &["--json", "status", &sold_here]));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert_eq!(run.json()["status"], "2", "approved, as the app shows it");
    let run = app
        .runtime
        .block_on(paydesk(home, &["status", &sold_here, "--wait"]));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("State: approved"), "{}", run.stdout);

    // A link the command line makes is the app's simulator's: still there, and payable, after
    // the command has ended.
    let (reference, url) = app.runtime.block_on(sell(home, "CLI-1"));
    let origin = control.trim_end_matches("/simulator");
    assert!(url.starts_with(origin), "{url} is not served at {origin}");
    let (status, page) = app.runtime.block_on(payer_page(&url));
    assert_eq!(status, 200, "{page}");
    assert!(!page.contains("no existe"), "{page}");
    assert_eq!(app.runtime.block_on(pay(&control, &reference)), 200);
    let run = app
        .runtime
        .block_on(paydesk(home, &["status", &reference, "--wait"]));
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("State: approved"), "{}", run.stdout);

    // Nothing else started: the app's simulator is still the one its discovery file names.
    assert_eq!(notice(home)["pid"], std::process::id());
    assert_eq!(
        notice(home)["connection"]["control_url"].as_str(),
        Some(control.as_str())
    );
}

/// `paydesk simulator` serves the data folder's simulator; the command line uses it, a second
/// `paydesk simulator` says it runs and starts nothing, and the app opened meanwhile uses it
/// too, and takes its state over at the same address when it is stopped.
#[test]
fn paydesk_simulator_is_the_one_the_command_line_and_the_app_use() {
    let app = App::new();
    let home = app.home.path().to_owned();
    let (mut served, control) = app.runtime.block_on(async {
        let mut served = common::paydesk(&home)
            .args(["simulator", "--addr", "127.0.0.1:0"])
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(served.stdout.take().unwrap()).lines();
        let mut control = String::new();
        while let Some(line) = lines.next_line().await.unwrap() {
            if let Some(url) = line.strip_prefix("control_url=") {
                control = url.to_owned();
                break;
            }
        }
        (served, control)
    });
    assert!(!control.is_empty());
    let (reference, _) = app.runtime.block_on(sell(&home, "SIM-1"));
    assert_eq!(app.runtime.block_on(pay(&control, &reference)), 200);
    let run = app
        .runtime
        .block_on(paydesk(&home, &["status", &reference, "--wait"]));
    assert!(run.stdout.contains("State: approved"), "{}", run.stdout);

    let again = app
        .runtime
        .block_on(paydesk(&home, &["simulator", "--addr", "127.0.0.1:0"]));
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(
        again.stdout.contains(&format!("control_url={control}")),
        "{}",
        again.stdout
    );
    assert!(again.stderr.contains("already running"), "{}", again.stderr);

    // The app finds it rather than starting a second one.
    let mut harness = app.harness();
    assert_eq!(app.control(&harness), control);
    let served_by = notice(&home)["pid"].clone();
    assert_eq!(served_by, served.id().unwrap());

    // Stopped: the app serves the same state at the same address, so it goes on selling and
    // the link made before is still there.
    app.runtime.block_on(async {
        served.start_kill().unwrap();
        served.wait().await.unwrap();
    });
    wait_until(&mut harness, "the app serves the simulator itself", |_| {
        notice(&home)["pid"] == std::process::id()
    });
    assert_eq!(notice(&home)["connection"]["control_url"], control.as_str());
    let sold_here = create_link(&mut harness, "18.000");
    assert_eq!(app.runtime.block_on(pay(&control, &sold_here)), 200);
    let run = app
        .runtime
        .block_on(paydesk(&home, &["--json", "status", &reference]));
    assert_eq!(run.json()["status"], "2", "{}", run.stdout);
}

/// With nothing running, a command starts the simulator in the background: the command ends
/// (its output closes: the simulator holds none of its streams), the link it printed is payable
/// after it ended, the next command uses the same simulator, and the simulator ends by itself
/// once its data folder is gone (a test's home, an uninstall).
#[tokio::test]
async fn with_nothing_running_the_command_line_leaves_one_that_outlives_it() {
    let home = tempfile::tempdir().unwrap();
    let run = paydesk(
        home.path(),
        &["link", "--amount", "12.000", "--reference1", "BG-1"],
    )
    .await;
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("in the background"), "{}", run.stderr);
    let first = notice(home.path());
    let control = first["connection"]["control_url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ne!(first["pid"], std::process::id());

    let (reference, url) = sell(home.path(), "BG-2").await;
    assert_eq!(notice(home.path())["pid"], first["pid"], "the same one");
    assert_eq!(payer_page(&url).await.0, 200);
    assert_eq!(pay(&control, &reference).await, 200);
    let run = paydesk(home.path(), &["status", &reference, "--wait"]).await;
    assert!(run.stdout.contains("State: approved"), "{}", run.stdout);
    assert!(!run.stderr.contains("in the background"), "{}", run.stderr);

    let instance = format!("{control}/instance");
    // Removed as an uninstall removes it; again should the simulator write a file into it
    // meanwhile (its state, saved every second).
    let home = home.keep();
    common::wait_for("the home to be removed", || {
        let removed = std::fs::remove_dir_all(&home).is_ok() || !home.exists();
        async move { removed.then_some(()) }
    })
    .await;
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(1))
        .build()
        .unwrap();
    common::wait_for("the background simulator to end", || {
        let asked = http.get(&instance).send();
        async move { asked.await.is_err().then_some(()) }
    })
    .await;
}
