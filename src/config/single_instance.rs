//! One paydesk per user session. Two copies would fight for the webhook receiver's port and show
//! two lists of the same day; so the first window listens on a local socket (a Unix socket, or
//! a named pipe on Windows), and a second start asks it to come forward and then ends.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use interprocess::local_socket::prelude::*;
use interprocess::local_socket::{
    ConnectOptions, GenericNamespaced, Listener, ListenerOptions, Name, Stream,
};
use sha1::Digest;

/// What a second start says to the first.
const SHOW: &str = "show";
/// What a look says: only whether a paydesk is there. Every version answers every line.
const HERE: &str = "here?";

/// How long a second start waits for the first's answer. A first that does not answer in this
/// time (stopped, hung) is not running for the person: this start opens its own window.
const ANSWER_PATIENCE: std::time::Duration = std::time::Duration::from_secs(3);

/// How this start relates to another paydesk of the same person.
pub enum Start {
    /// The first: it keeps the listener and serves later starts ([`serve`]).
    First(Listener),
    /// Another paydesk was running and has been asked to come forward.
    Second,
    /// No local socket could be made (an unusual system): this start runs on its own.
    Alone(std::io::Error),
}

/// The socket's name, from the folder the settings live in: two people (or two test homes) on
/// one computer are two apps, one person's starts are one. A digest, not `DefaultHasher`, so a
/// newer paydesk finds an older one still running.
fn name_for(config_dir: &Path) -> std::io::Result<Name<'static>> {
    let digest = sha1::Sha1::digest(config_dir.to_string_lossy().as_bytes());
    let short = hex::encode(&digest[..8]);
    format!("{}-{short}.sock", super::APP_ID).to_ns_name::<GenericNamespaced>()
}

/// Finds out whether this start is the first; a second one asks the first to show itself.
pub fn claim(config_dir: &Path) -> Start {
    let name = match name_for(config_dir) {
        Ok(name) => name,
        Err(error) => return Start::Alone(error),
    };
    if ask(name.clone(), SHOW, ANSWER_PATIENCE).is_ok() {
        return Start::Second;
    }
    match ListenerOptions::new().name(name.clone()).create_sync() {
        Ok(listener) => Start::First(listener),
        // Two starts in the same instant: the other one won.
        Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => {
            match ask(name, SHOW, ANSWER_PATIENCE) {
                Ok(()) => Start::Second,
                Err(_) => Start::Alone(error),
            }
        }
        Err(error) => Start::Alone(error),
    }
}

/// Whether this person's paydesk window is open now, without bringing it forward: what an
/// installer would close. One that holds its name but does not answer counts as open (it may be
/// busy with a sale); the look waits longer than a second start does.
pub fn window_open(config_dir: &Path) -> bool {
    look(config_dir) != Look::Nobody
}

/// What a look at this person's paydesk found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Look {
    Answered,
    /// Something holds the name and did not answer in time.
    Silent,
    Nobody,
}

fn look(config_dir: &Path) -> Look {
    let Ok(name) = name_for(config_dir) else {
        return Look::Nobody;
    };
    match ask(name, HERE, LOOK_PATIENCE) {
        Ok(()) => Look::Answered,
        Err(error) if error.kind() == std::io::ErrorKind::TimedOut => Look::Silent,
        Err(_) => Look::Nobody,
    }
}

/// How long a look waits for a running paydesk's answer.
const LOOK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

fn ask(
    name: Name<'static>,
    line: &'static str,
    patience: std::time::Duration,
) -> std::io::Result<()> {
    // Connecting and the exchange run on a thread of their own, so a first start that never
    // answers (or a pipe that keeps the connection waiting) cannot keep this one waiting.
    let (answered, answer) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let asked = ConnectOptions::new()
            .name(name)
            .connect_sync()
            .and_then(|stream: Stream| exchange(stream, line));
        // Nobody listens any more after the patience ran out; that is fine.
        let _ = answered.send(asked);
    });
    answer.recv_timeout(patience).unwrap_or_else(|_| {
        Err(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the paydesk already running did not answer",
        ))
    })
}

fn exchange(stream: Stream, line: &str) -> std::io::Result<()> {
    let mut stream = BufReader::new(stream);
    stream.get_mut().write_all(format!("{line}\n").as_bytes())?;
    // The first answers once it has asked for its window: then this start may end.
    let mut answer = String::new();
    stream.read_line(&mut answer)?;
    Ok(())
}

/// Serves later starts on a thread of its own: each one calls `on_show` (bring the window
/// forward) and gets its answer.
pub fn serve(listener: Listener, on_show: impl Fn() + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("single-instance".into())
        .spawn(move || {
            for connection in listener.incoming() {
                let connection = match connection {
                    Ok(connection) => connection,
                    Err(error) => {
                        tracing::info!(%error, "a later start could not be heard");
                        continue;
                    }
                };
                let mut connection = BufReader::new(connection);
                let mut asked = String::new();
                if connection.read_line(&mut asked).is_err() {
                    continue;
                }
                if asked.trim() == SHOW {
                    on_show();
                }
                if let Err(error) = connection.get_mut().write_all(b"ok\n") {
                    tracing::info!(%error, "a later start left before its answer");
                }
            }
        });
    if let Err(error) = spawned {
        tracing::warn!(%error, "later starts will open windows of their own");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_second_start_asks_the_first_to_show_itself() {
        let home = tempfile::tempdir().unwrap();
        let Start::First(listener) = claim(home.path()) else {
            panic!("the first start of this home");
        };
        let shown = Arc::new(AtomicUsize::new(0));
        let counter = shown.clone();
        serve(listener, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        assert!(matches!(claim(home.path()), Start::Second));
        assert!(matches!(claim(home.path()), Start::Second));
        // The answer comes after the window was asked for.
        assert_eq!(shown.load(Ordering::SeqCst), 2);
        // A look only asks whether it is there, and is answered: nothing comes forward.
        assert_eq!(look(home.path()), Look::Answered);
        assert!(window_open(home.path()));
        assert_eq!(shown.load(Ordering::SeqCst), 2);
        // Another person's (another home's) paydesk is its own.
        let other = tempfile::tempdir().unwrap();
        assert_eq!(look(other.path()), Look::Nobody);
        assert!(!window_open(other.path()));
        assert!(matches!(claim(other.path()), Start::First(_)));
    }
}
