//! A throwaway PostgreSQL cluster for the shared-ledger tests: `initdb` into a temporary
//! folder, `postgres` on a free loopback port, as the `postgres` user when the tests run as
//! root (PostgreSQL refuses root). A small shell keeps watch: when the test process ends, even
//! by a panic, its pipe closes and the cluster is stopped and its folder removed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Cluster {
    dir: PathBuf,
    port: u16,
    bin: PathBuf,
    watcher: Child,
    /// Closed on drop: the watcher then stops the cluster.
    keep_alive: Option<ChildStdin>,
}

/// Whether PostgreSQL's server programs are installed (the benchmarks skip it otherwise).
pub fn installed() -> bool {
    find_server_bin().is_some()
}

/// Where Debian's package puts the server programs (`/usr/lib/postgresql/VERSION/bin`).
fn find_server_bin() -> Option<PathBuf> {
    if let Ok(output) = Command::new("pg_config").arg("--bindir").output()
        && output.status.success()
    {
        let dir = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
        if dir.join("initdb").exists() {
            return Some(dir);
        }
    }
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok().map(|entry| entry.path().join("bin")))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    versions.sort();
    versions.pop()
}

fn server_bin() -> PathBuf {
    find_server_bin().expect("PostgreSQL is installed (Debian's postgresql package: initdb)")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == "0")
}

/// `program args…`, as the `postgres` user when we are root.
fn as_server_user(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

impl Cluster {
    /// A cluster of this test's own (stopped and removed when dropped).
    pub fn start() -> Cluster {
        Cluster::start_with(false)
    }

    /// A cluster that flushes every commit to disk, as a real one does (the benchmarks').
    pub fn start_durable() -> Cluster {
        Cluster::start_with(true)
    }

    fn start_with(durable: bool) -> Cluster {
        let bin = server_bin();
        let dir = tempfile::Builder::new()
            .prefix("paydesk-pg-")
            .tempdir()
            .unwrap()
            .keep();
        if is_root() {
            let status = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&dir)
                .status()
                .unwrap();
            assert!(status.success());
        }
        // (Not `common::free_port`: the benchmarks include this file alone.)
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map(|address| address.port())
            .expect("a free loopback port");
        // Durability off for tests: they hold test data for seconds.
        let durability = if durable {
            "-c fsync=on -c synchronous_commit=on"
        } else {
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        };
        let script = r#"
            set -e
            BIN="$1"; DIR="$2"; PORT="$3"; DURABILITY="$4"
            "$BIN/initdb" -D "$DIR/data" -U paydesk --auth=trust -E UTF8 --no-locale >"$DIR/initdb.log" 2>&1
            "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 $DURABILITY -c max_connections=200" start >/dev/null
            echo started
            cat >/dev/null || true
            "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
            rm -rf "$DIR"
        "#;
        let mut watcher = as_server_user(Path::new("sh"))
            .args(["-c", script, "sh"])
            .arg(&bin)
            .arg(&dir)
            .arg(port.to_string())
            .arg(durability)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts");
        let stdin = watcher.stdin.take().unwrap();
        let mut line = String::new();
        BufReader::new(watcher.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(
            line.trim(),
            "started",
            "the cluster did not start; see {}",
            dir.display()
        );
        Cluster {
            dir,
            port,
            bin,
            watcher,
            keep_alive: Some(stdin),
        }
    }

    /// One cluster for the whole test binary, each test in a database of its own.
    pub fn shared() -> &'static Cluster {
        static SHARED: OnceLock<Cluster> = OnceLock::new();
        SHARED.get_or_init(Cluster::start)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// A new, empty database; its address (no password: the cluster trusts loopback).
    pub fn database(&self) -> String {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "shop_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let status = as_server_user(&self.bin.join("createdb"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "paydesk",
            ])
            .arg(&name)
            .status()
            .unwrap();
        assert!(status.success(), "createdb {name}");
        self.url(&name)
    }

    /// A new database holding what `dump` (a plain SQL dump, `pg_dump --inserts`) restores: the
    /// books of an earlier release, as its tills wrote them. Its address.
    pub fn restored(&self, dump: &Path) -> String {
        let url = self.database();
        let status = Command::new(self.bin.join("psql"))
            .args(["-q", "-X", "-v", "ON_ERROR_STOP=1", "-d", &url, "-f"])
            .arg(dump)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "psql -f {}", dump.display());
        url
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://paydesk@127.0.0.1:{}/{database}", self.port)
    }

    fn pg_ctl(&self, action: &str) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let status = as_server_user(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .arg("-l")
            .arg(self.dir.join("server.log"))
            .args(["-w", "-m", "fast", "-o", &options, action])
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "pg_ctl {action}");
    }

    /// Stops the server (fast shutdown: connections are cut), keeping its data.
    pub fn stop(&self) {
        self.pg_ctl("stop");
    }

    /// Starts it again on the same port.
    pub fn restart(&self) {
        self.pg_ctl("start");
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Closing stdin ends the watcher's `cat`; it stops the server and removes the folder.
        drop(self.keep_alive.take());
        let _ = self.watcher.wait();
    }
}
