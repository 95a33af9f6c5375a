//! A stand-in of speech-dispatcher on a Unix socket that keeps every line it is sent (the texts
//! handed to the engine), answering as the daemon does or misbehaving as asked.
#![cfg(all(unix, not(target_os = "macos")))]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use paydesk::speech::ssip::Daemon;

#[derive(Clone, Copy, PartialEq)]
pub enum Behaviour {
    /// Answers as speech-dispatcher does, and reports each message said at once.
    Answers,
    /// Accepts the connection and never answers.
    Silent,
    /// Queues the message and never reports it said.
    NeverEnds,
    /// Reports the message said before its id (a short sentence on a fast machine).
    EndsFirst,
}

pub const VOICES: &[&str] = &[
    "Spanish (Spain)\tes\tnone",
    "Spanish (Latin America)\tes-419\tnone",
    "English (America)\ten-US\tnone",
];

/// A stand-in of speech-dispatcher on a Unix socket in a folder of its own.
pub struct StandIn {
    _folder: tempfile::TempDir,
    pub socket: PathBuf,
    /// Every line received, one list per connection.
    heard: Arc<Mutex<Vec<Vec<String>>>>,
}

impl StandIn {
    pub fn start(behaviour: Behaviour, voices: &'static [&'static str]) -> StandIn {
        let folder = tempfile::tempdir().unwrap();
        StandIn::start_at(folder, Path::new("speechd.sock"), behaviour, voices)
    }

    /// Listens at `relative` inside `folder` (a session's `speech-dispatcher/speechd.sock`).
    pub fn start_at(
        folder: tempfile::TempDir,
        relative: &Path,
        behaviour: Behaviour,
        voices: &'static [&'static str],
    ) -> StandIn {
        let socket = folder.path().join(relative);
        std::fs::create_dir_all(socket.parent().unwrap()).unwrap();
        let listener = UnixListener::bind(&socket).unwrap();
        let heard: Arc<Mutex<Vec<Vec<String>>>> = Arc::default();
        let kept = heard.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { return };
                let connection = {
                    let mut heard = kept.lock().unwrap();
                    heard.push(Vec::new());
                    heard.len() - 1
                };
                let kept = kept.clone();
                std::thread::spawn(move || serve(stream, behaviour, voices, &kept, connection));
            }
        });
        StandIn {
            _folder: folder,
            socket,
            heard,
        }
    }

    pub fn daemon(&self) -> Daemon {
        Daemon::at(&self.socket).with_deadlines(Duration::from_millis(500), Duration::from_secs(2))
    }

    pub fn heard(&self) -> Vec<Vec<String>> {
        self.heard.lock().unwrap().clone()
    }

    /// The text of every SPEAK, in the order received, its dots undone.
    pub fn spoken(&self) -> Vec<String> {
        let mut spoken = Vec::new();
        for lines in self.heard() {
            let mut lines = lines.into_iter();
            while lines.any(|line| line == "SPEAK") {
                let text: Vec<String> = lines
                    .by_ref()
                    .take_while(|line| line != ".")
                    .map(|line| line.strip_prefix('.').map(str::to_owned).unwrap_or(line))
                    .collect();
                spoken.push(text.join("\n"));
            }
        }
        spoken
    }
}

fn serve(
    stream: UnixStream,
    behaviour: Behaviour,
    voices: &[&str],
    heard: &Mutex<Vec<Vec<String>>>,
    connection: usize,
) {
    let mut writer = stream.try_clone().unwrap();
    let mut reply = |text: &str| {
        let _ = writer.write_all(text.replace('\n', "\r\n").as_bytes());
    };
    let (mut in_data, mut messages) = (false, 0);
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { return };
        heard.lock().unwrap()[connection].push(line.clone());
        if behaviour == Behaviour::Silent {
            continue;
        }
        if in_data {
            if line == "." {
                in_data = false;
                messages += 1;
                let end = format!("702-{messages}\n702-7\n702 END\n");
                let queued = format!("225-{messages}\n225 OK MESSAGE QUEUED\n");
                match behaviour {
                    Behaviour::EndsFirst => reply(&format!("{end}{queued}")),
                    Behaviour::NeverEnds => reply(&queued),
                    _ => reply(&format!("{queued}{end}")),
                }
            }
            continue;
        }
        let answer = match line.as_str() {
            l if l.starts_with("SET SELF CLIENT_NAME ") => "208 OK CLIENT NAME SET\n".to_owned(),
            l if l.starts_with("SET SELF PRIORITY ") => "202 OK PRIORITY SET\n".to_owned(),
            l if l.starts_with("SET SELF LANGUAGE ") => "201 OK LANGUAGE SET\n".to_owned(),
            l if l.starts_with("SET SELF VOLUME ") => "218 OK VOLUME SET\n".to_owned(),
            l if l.starts_with("SET SELF NOTIFICATION ") => "220 OK NOTIFICATION SET\n".to_owned(),
            l if l.starts_with("SET SELF SYNTHESIS_VOICE ") => {
                let name = &l["SET SELF SYNTHESIS_VOICE ".len()..];
                if voices
                    .iter()
                    .any(|voice| voice.split('\t').next() == Some(name))
                {
                    "209 OK VOICE SET\n".to_owned()
                } else {
                    "409 ERR VOICE NOT FOUND\n".to_owned()
                }
            }
            "LIST SYNTHESIS_VOICES" => {
                let listed: String = voices.iter().map(|v| format!("249-{v}\n")).collect();
                format!("{listed}249 OK VOICE LIST SENT\n")
            }
            "SPEAK" => {
                in_data = true;
                "230 OK RECEIVING DATA\n".to_owned()
            }
            "QUIT" => {
                reply("231 HAPPY HACKING\n");
                return;
            }
            _ => "300 ERR UNKNOWN COMMAND\n".to_owned(),
        };
        reply(&answer);
    }
}
