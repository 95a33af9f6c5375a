//! The `paydesk` binary as a person or a script runs it: a shop's home of its own, pointed at a
//! simulator of its own or at a service that is away, and what a run printed and how it exited.
//! A test file adds what only it asks of the shop in an `impl Shop` of its own.

use std::process::Stdio;

use serde_json::Value;
use tokio::io::AsyncWriteExt;
use tokio::process::Command;

use super::{TestSimulator, paydesk, paydesk_against};

/// How a run ended and what it printed.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The one JSON document `--json` prints.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|error| {
            panic!(
                "stdout is not one JSON document ({error}): {} {}",
                self.stdout, self.stderr
            )
        })
    }

    /// Exit 0, its JSON.
    pub fn done(&self) -> Value {
        assert_eq!(self.code, 0, "{} {}", self.stdout, self.stderr);
        self.json()
    }

    /// Exit 2 with the books' refusal: its words.
    pub fn refused(&self) -> String {
        assert_eq!(self.code, 2, "{} {}", self.stdout, self.stderr);
        let error = &self.json()["error"];
        assert_eq!(error["code"], "books.refused", "{error}");
        error["message"].as_str().unwrap().to_owned()
    }

    /// Exit 2 with bad input: the fields named.
    pub fn bad_fields(&self) -> Vec<String> {
        assert_eq!(self.code, 2, "{} {}", self.stdout, self.stderr);
        let error = &self.json()["error"];
        assert_eq!(error["code"], "input.invalid", "{error}");
        error["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|field| field["field"].as_str().unwrap().to_owned())
            .collect()
    }
}

/// Runs `command` to its end; `stdin`, where given, is what the person types (then the end of
/// input), otherwise standard input is empty.
pub async fn finish(mut command: Command, stdin: Option<&str>) -> Run {
    if stdin.is_some() {
        command.stdin(Stdio::piped());
    }
    let mut child = command.spawn().expect("paydesk runs");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        pipe.write_all(text.as_bytes()).await.unwrap();
        drop(pipe);
    }
    let output = child.wait_with_output().await.unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A shop: its home, and the simulator its profile points at (none: the service is away).
pub struct Shop {
    pub simulator: Option<TestSimulator>,
    pub home: tempfile::TempDir,
}

impl Shop {
    /// A shop with a simulator of its own.
    pub async fn new() -> Shop {
        Shop::against(TestSimulator::start().await)
    }

    /// A shop whose profile points at `simulator` (one set up first).
    pub fn against(simulator: TestSimulator) -> Shop {
        Shop {
            simulator: Some(simulator),
            home: tempfile::tempdir().unwrap(),
        }
    }

    /// The line is down: nothing listens where the profile points.
    pub fn away() -> Shop {
        Shop {
            simulator: None,
            home: tempfile::tempdir().unwrap(),
        }
    }

    pub fn simulator(&self) -> &TestSimulator {
        self.simulator.as_ref().expect("a simulator")
    }

    /// `paydesk args…` in this shop's home, not yet run.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = match &self.simulator {
            Some(simulator) => paydesk_against(self.home.path(), simulator),
            None => {
                let mut command = paydesk(self.home.path());
                command
                    .env("PAYDESK_BASE_URL", "http://127.0.0.1:9")
                    .env("PAYDESK_PAY_URL", "http://127.0.0.1:9/pay");
                command
            }
        };
        command.args(args);
        command
    }

    pub async fn run(&self, args: &[&str]) -> Run {
        finish(self.command(args), None).await
    }

    pub async fn run_with_stdin(&self, args: &[&str], stdin: &str) -> Run {
        finish(self.command(args), Some(stdin)).await
    }

    /// `paydesk --json args…`.
    pub async fn json(&self, args: &[&str]) -> Run {
        let mut all = vec!["--json"];
        all.extend_from_slice(args);
        self.run(&all).await
    }

    /// The shop's books, as the binary left them.
    pub fn ledger(&self) -> paydesk::ledger::Ledger {
        paydesk::ledger::Ledger::in_folder(&self.home.path().join("data")).unwrap()
    }
}
