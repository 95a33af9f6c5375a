//! One simulator per state file, so per data folder: the app, `paydesk simulator` and the
//! command line share the one already running instead of each starting its own (a second one
//! would hand out links that die with it, and answer `/payment/status` from a state it loaded
//! before the first saved).
//!
//! The serving process says where it is in a notice beside the state file (`notice.rs`): its
//! address, its credentials, its pid and this run's token. Another process reads that notice and
//! asks `/simulator/instance` at the address it names; only an answer with the same token counts,
//! so a notice left by a process that died, or a port some other program got since, is never
//! used.

use std::fs::File;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::config::{SimulatorConfig, SimulatorConnection};
use super::notice::{
    Claim, Lock, Notice, notice_addr, notice_path, publish, read_notice, try_lock,
};
use super::server::Simulator;

/// How long a process waits for one that holds the lock (starting, or slow to answer) before
/// it says so.
const PATIENCE: Duration = Duration::from_secs(10);

/// How long the question to a running simulator may take: it is on this computer.
const ASK_DEADLINE: Duration = Duration::from_secs(2);

/// How often a process using another's simulator asks after it: each question counts as use,
/// so a simulator started in the background stays while the app uses it.
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// Why no simulator could be found or started for a state file.
#[derive(Debug, thiserror::Error)]
pub enum ShareError {
    /// Another process holds the state file's lock but did not answer in time.
    #[error("{}", crate::t!("simulator-held-not-answering", pid = pid_words(*.pid)))]
    NotAnswering { pid: Option<u32> },
    #[error("{}", crate::t!("simulator-start-failed", error = .0.to_string()))]
    Io(#[from] std::io::Error),
}

fn pid_words(pid: Option<u32>) -> String {
    pid.map(|pid| pid.to_string()).unwrap_or_else(|| "?".into())
}

fn http() -> Option<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(ASK_DEADLINE)
        // Loopback only: a proxy set for the shop's browsing must not stand in between.
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .ok()
}

/// The token the simulator at `control_url` answers with, if one answers.
/// Another program may hold the port: its answer is read up to a few KiB. (The service's own
/// capped reader is `api`'s, a layer this one must not use.)
async fn ask_instance(http: &reqwest::Client, control_url: &str) -> Option<String> {
    const ANSWER_MAX_BYTES: usize = 4 * 1024;
    let mut answer = http
        .get(format!("{control_url}/instance"))
        .send()
        .await
        .ok()?;
    let mut body = Vec::new();
    while let Some(chunk) = answer.chunk().await.ok()? {
        if body.len() + chunk.len() > ANSWER_MAX_BYTES {
            return None;
        }
        body.extend_from_slice(&chunk);
    }
    let answer: serde_json::Value = serde_json::from_slice(&body).ok()?;
    answer["instance"].as_str().map(str::to_owned)
}

/// A simulator another process (or another part of this one) serves for a state file.
pub struct FoundSimulator {
    connection: SimulatorConnection,
    pid: u32,
    /// Asks after it, and serves its state here should it go (the app only).
    keeper: Option<tokio::task::JoinHandle<()>>,
    /// The simulator this process took over when the one it used went.
    adopted: Arc<Mutex<Option<Simulator>>>,
}

impl std::fmt::Debug for FoundSimulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FoundSimulator")
            .field("base_url", &self.connection.base_url)
            .field("pid", &self.pid)
            .finish_non_exhaustive()
    }
}

impl Drop for FoundSimulator {
    fn drop(&mut self) {
        if let Some(keeper) = self.keeper.take() {
            keeper.abort();
        }
    }
}

impl FoundSimulator {
    pub fn connection(&self) -> &SimulatorConnection {
        &self.connection
    }

    /// The process that serves it.
    pub fn pid(&self) -> u32 {
        self.pid
    }
}

/// The simulator a process uses: its own, or one another process serves.
#[derive(Debug, Clone)]
pub enum RunningSimulator {
    Here(Arc<Simulator>),
    Elsewhere(Arc<FoundSimulator>),
}

impl RunningSimulator {
    pub fn connection(&self) -> &SimulatorConnection {
        match self {
            RunningSimulator::Here(simulator) => simulator.connection(),
            RunningSimulator::Elsewhere(found) => found.connection(),
        }
    }
}

/// What [`find_or_serve`] came to.
#[derive(Debug)]
pub enum Served {
    /// None ran: this process serves it now.
    Here(Simulator),
    Elsewhere(FoundSimulator),
}

/// The simulator another process serves for `state_file`, asked to be sure it is the one its
/// notice names. `None` when none answers (none runs, or its process died).
pub async fn find(state_file: &Path) -> Option<FoundSimulator> {
    let notice = read_notice(&notice_path(state_file))?;
    notice_addr(&notice.connection)?;
    let answer = ask_instance(&http()?, &notice.connection.control_url).await?;
    (answer == notice.instance).then(|| FoundSimulator {
        connection: notice.connection,
        pid: notice.pid,
        keeper: None,
        adopted: Arc::default(),
    })
}

/// The one simulator of `config.state_file`: the running one if one answers, else one served by
/// this process (claimed, then published). Without a state file nothing is shared: a simulator
/// of its own is started, as tests do. An address with port 0 takes the previous run's address
/// when it is free, so the links it handed out work again.
pub async fn find_or_serve(config: SimulatorConfig) -> Result<Served, ShareError> {
    let Some(state_file) = config.state_file.clone() else {
        return Ok(Served::Here(Simulator::start(config).await?));
    };
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        if let Some(found) = find(&state_file).await {
            return Ok(Served::Elsewhere(found));
        }
        let lock = match try_lock(&state_file)? {
            Lock::Held(file) => Some(file),
            Lock::Unsupported => None,
            Lock::Taken => {
                if tokio::time::Instant::now() >= deadline {
                    let pid = read_notice(&notice_path(&state_file)).map(|notice| notice.pid);
                    return Err(ShareError::NotAnswering { pid });
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        return Ok(Served::Here(
            serve_claimed(config, &state_file, lock).await?,
        ));
    }
}

async fn serve_claimed(
    config: SimulatorConfig,
    state_file: &Path,
    lock: Option<File>,
) -> std::io::Result<Simulator> {
    let notice = notice_path(state_file);
    let previous = read_notice(&notice).and_then(|notice| notice_addr(&notice.connection));
    let mut simulator = match previous {
        Some(addr) if config.addr.port() == 0 && addr != config.addr => {
            let mut again = config.clone();
            again.addr = addr;
            match Simulator::start(again).await {
                Ok(simulator) => simulator,
                Err(error) => {
                    tracing::info!(%error, %addr, "the simulator's last address is taken");
                    Simulator::start(config).await?
                }
            }
        }
        _ => Simulator::start(config).await?,
    };
    let instance = simulator.instance();
    publish(
        &notice,
        &Notice {
            instance: instance.to_string(),
            pid: std::process::id(),
            connection: simulator.connection().clone(),
        },
    )?;
    simulator.hold(Claim::new(lock, notice, instance));
    Ok(simulator)
}

/// For the app: the simulator of `config.state_file`, found or served here. One found is asked
/// after every few seconds (which keeps one started in the background serving while the app
/// uses it); should it go (`paydesk simulator` stopped, its process ended), this process takes
/// its state over at the same address, so its client and the links already handed out keep
/// working.
pub async fn find_or_serve_kept(config: SimulatorConfig) -> Result<RunningSimulator, ShareError> {
    let state_file = config.state_file.clone();
    match find_or_serve(config.clone()).await? {
        Served::Here(simulator) => Ok(RunningSimulator::Here(Arc::new(simulator))),
        Served::Elsewhere(mut found) => {
            if let (Some(state_file), Some(addr)) = (state_file, found_addr(&found)) {
                let mut takeover = config;
                takeover.addr = addr;
                takeover.state_file = Some(state_file.clone());
                found.keeper = Some(tokio::spawn(keep(
                    found.connection.clone(),
                    takeover,
                    found.adopted.clone(),
                )));
            }
            Ok(RunningSimulator::Elsewhere(Arc::new(found)))
        }
    }
}

fn found_addr(found: &FoundSimulator) -> Option<SocketAddr> {
    notice_addr(&found.connection)
}

async fn keep(
    connection: SimulatorConnection,
    takeover: SimulatorConfig,
    adopted: Arc<Mutex<Option<Simulator>>>,
) {
    let Some(http) = http() else {
        return;
    };
    let mut misses = 0;
    let mut said_elsewhere = false;
    loop {
        tokio::time::sleep(KEEP_ALIVE).await;
        if ask_instance(&http, &connection.control_url).await.is_some() {
            misses = 0;
            continue;
        }
        misses += 1;
        if misses < 2 {
            continue;
        }
        match find_or_serve(takeover.clone()).await {
            Ok(Served::Here(simulator)) => {
                tracing::info!("the simulator in use went; this process serves its state now");
                *adopted
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(simulator);
                return;
            }
            Ok(Served::Elsewhere(found)) if found.connection == connection => misses = 0,
            Ok(Served::Elsewhere(found)) => {
                if !said_elsewhere {
                    tracing::warn!(
                        now = %crate::untrusted::ForLog(&found.connection.base_url),
                        "the simulator moved to another address: reconnect to use it"
                    );
                    said_elsewhere = true;
                }
            }
            Err(error) => {
                tracing::warn!(%error, "the simulator in use went and could not be served here")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_second_finds_the_first_and_a_dead_notice_is_replaced() {
        let home = tempfile::tempdir().unwrap();
        let state_file = home.path().join("simulator-state.json");
        let config = SimulatorConfig {
            state_file: Some(state_file.clone()),
            ..SimulatorConfig::default()
        };
        let Served::Here(first) = find_or_serve(config.clone()).await.unwrap() else {
            panic!("nothing ran: the first serves");
        };
        let Served::Elsewhere(found) = find_or_serve(config.clone()).await.unwrap() else {
            panic!("the second finds the first");
        };
        assert_eq!(found.connection(), first.connection());
        assert_eq!(found.pid(), std::process::id());
        let address = first.connection().base_url.clone();
        first.stop().await;
        // The notice stays, naming a run that no longer answers: it is not used...
        assert!(notice_path(&state_file).exists());
        assert!(find(&state_file).await.is_none());
        // ...and the next one serves at the same address, so links handed out work again.
        let Served::Here(again) = find_or_serve(config).await.unwrap() else {
            panic!("a dead notice is replaced");
        };
        assert_eq!(again.connection().base_url, address);
        assert!(find(&state_file).await.is_some());
    }

    #[tokio::test]
    async fn a_notice_answered_by_another_run_is_not_used() {
        let home = tempfile::tempdir().unwrap();
        let state_file = home.path().join("simulator-state.json");
        let other = Simulator::start(SimulatorConfig::default()).await.unwrap();
        publish(
            &notice_path(&state_file),
            &Notice {
                instance: "a-run-long-gone".into(),
                pid: 1,
                connection: other.connection().clone(),
            },
        )
        .unwrap();
        assert!(
            find(&state_file).await.is_none(),
            "the port answers, not the run"
        );
    }
}
