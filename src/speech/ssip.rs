//! Linux and the BSDs: speech-dispatcher, spoken to over its Unix socket in SSIP (the Speech
//! Synthesis Interface Protocol), in pure Rust. The daemon is found where libspeechd finds it and
//! is never started from here: no `speech-dispatcher --spawn`, no process at all. When no daemon
//! answers, the error says so and the chime plays as before.
//!
//! A small client of our own rather than `ssip-client-async` (0.19, the Odilia screen reader's,
//! kept up): its blocking client takes one read timeout for the whole conversation (here each
//! step has its own deadline), expects a message's id before any event (speech-dispatcher may
//! report the end of a short sentence first), panics on a status it does not know
//! (`Client::receive`), does not double a text line's leading dot, and does not read
//! `SPEECHD_ADDRESS`. What is used of SSIP is nine commands.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::engine::{
    ANSWER_DEADLINE, Asked, SPEECH_DEADLINE, Said, SpeechError, Voice, on_a_thread, voice_to_say,
};

/// The longest line and the most lines of one answer taken from the daemon: its longest (a
/// voice's name and language) is a few dozen bytes, and eSpeak NG lists some 13,000 voices with
/// their variants.
const MAX_LINE_BYTES: u64 = 4_096;
const MAX_ANSWER_LINES: usize = 20_000;

/// SSIP's events about a message (speech-dispatcher's `doc/ssip.html`): said to its end, or
/// cancelled. Every reply to a request that did what it asked is a 2xx.
const EVENT_END: u16 = 702;
const EVENT_CANCELLED: u16 = 703;

/// Where speech-dispatcher listens for this session, found as libspeechd finds it:
/// `SPEECHD_ADDRESS` (`unix_socket:PATH`), else `speech-dispatcher/speechd.sock` in the user's
/// runtime folder (`XDG_RUNTIME_DIR`; without one, the cache folder, as GLib falls back).
pub fn address() -> Result<PathBuf, SpeechError> {
    address_in(|name| std::env::var_os(name))
}

/// [`address`] in the environment `env` gives.
pub fn address_in(env: impl Fn(&str) -> Option<OsString>) -> Result<PathBuf, SpeechError> {
    let set = |name: &str| env(name).filter(|value| !value.is_empty());
    if let Some(address) = set("SPEECHD_ADDRESS") {
        let address = address.to_string_lossy().into_owned();
        let (method, rest) = address.split_once(':').unwrap_or((&address, ""));
        match method.trim() {
            "unix_socket" if !rest.trim().is_empty() => return Ok(PathBuf::from(rest.trim())),
            "unix_socket" => {}
            // A daemon on another computer (inet_socket) would be speech leaving the till.
            _ => {
                return Err(SpeechError::NoService(crate::t!(
                    "speech-reason-not-a-socket",
                    address = address.as_str()
                )));
            }
        }
    }
    let runtime = set("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .or_else(|| set("XDG_CACHE_HOME").map(PathBuf::from))
        .or_else(|| set("HOME").map(|home| PathBuf::from(home).join(".cache")))
        .ok_or_else(|| SpeechError::NoService(crate::t!("speech-reason-no-session")))?;
    Ok(runtime.join("speech-dispatcher").join("speechd.sock"))
}

/// A speech-dispatcher at a socket, with the deadlines it is held to.
#[derive(Debug, Clone)]
pub struct Daemon {
    socket: PathBuf,
    answer: Duration,
    speech: Duration,
}

impl Daemon {
    /// The daemon of this session ([`address`]).
    pub fn of_this_session() -> Result<Daemon, SpeechError> {
        Ok(Daemon::at(address()?))
    }

    pub fn at(socket: impl Into<PathBuf>) -> Daemon {
        Daemon {
            socket: socket.into(),
            answer: ANSWER_DEADLINE,
            speech: SPEECH_DEADLINE,
        }
    }

    /// Other deadlines than [`ANSWER_DEADLINE`] and [`SPEECH_DEADLINE`] (tests).
    pub fn with_deadlines(self, answer: Duration, speech: Duration) -> Daemon {
        Daemon {
            answer,
            speech,
            ..self
        }
    }

    /// Says `said` as `asked`, with a voice of its language from the daemon's own list
    /// ([`voice_to_say`]), and returns once it has been said, or why not (blocking). Each
    /// request must be answered within the answer deadline, and the sentence said within the
    /// speech deadline.
    pub fn speak(&self, said: &Said, asked: &Asked) -> Result<(), SpeechError> {
        let daemon = self.clone();
        let (said, asked) = (said.clone(), asked.clone());
        on_a_thread(self.speech + self.answer, move || {
            daemon.converse(&said, &asked)
        })
    }

    /// The voices the daemon's speech engine offers (blocking, within the answer deadline).
    pub fn voices(&self) -> Result<Vec<Voice>, SpeechError> {
        let daemon = self.clone();
        on_a_thread(self.answer * 2, move || {
            let mut conversation = Conversation::open(&daemon)?;
            conversation.introduce()?;
            let voices = conversation.voices()?;
            conversation.quit();
            Ok(voices)
        })
    }

    fn converse(&self, said: &Said, asked: &Asked) -> Result<(), SpeechError> {
        let until = Instant::now() + self.speech;
        let mut conversation = Conversation::open(self)?;
        conversation.introduce()?;
        // The voice is picked here from the daemon's list, never left to the daemon: told a
        // language it has no voice for, it reads the sentence with another language's.
        let voice = conversation
            .voices()
            .and_then(|offered| voice_to_say(&offered, said, asked.voice.as_deref()));
        let voice = match voice {
            Ok(voice) => voice,
            Err(problem) => {
                conversation.quit();
                return Err(problem);
            }
        };
        // "message": queued behind whatever is being said (a screen reader, the previous
        // payment) instead of cutting it off, and never cut off by the next one.
        conversation.command("SET SELF PRIORITY message")?;
        // The language first: setting it makes the daemon forget a voice set before.
        conversation.command(&format!("SET SELF LANGUAGE {}", said.language.code()))?;
        // SSIP's volume runs from -100 to 100; Configuración's from 0 to 100.
        let ssip_volume = i16::from(asked.volume.percent()) * 2 - 100;
        conversation.command(&format!("SET SELF VOLUME {ssip_volume}"))?;
        let name = one_line(&voice.name);
        conversation
            .command(&format!("SET SELF SYNTHESIS_VOICE {name}"))
            .map_err(|error| match error {
                SpeechError::Refused(_) => SpeechError::VoiceGone(name.clone()),
                other => other,
            })?;
        conversation.command("SET SELF NOTIFICATION END on")?;
        conversation.command("SET SELF NOTIFICATION CANCEL on")?;
        conversation.command("SPEAK")?;
        let mut data = escaped_lines(&said.text);
        data.push(".".to_owned());
        let queued = conversation.request(&data)?;
        let message = queued
            .first()
            .cloned()
            .ok_or_else(|| SpeechError::Refused(crate::t!("speech-reason-not-queued")))?;
        let outcome = conversation.wait_for_end(&message, until);
        conversation.quit();
        outcome
    }
}

/// `text` as SSIP data lines: one per line of text, a leading dot doubled (a lone dot would end
/// the data).
pub fn escaped_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.trim_end_matches('\r'))
        .map(|line| {
            if line.starts_with('.') {
                format!(".{line}")
            } else {
                line.to_owned()
            }
        })
        .collect()
}

/// A value put on a command's line: on one line, whatever it held.
fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// A line of `LIST SYNTHESIS_VOICES`: the name, a tab, the language, a tab, the variant.
fn voice_of(line: &str) -> Option<Voice> {
    let mut fields = line.split('\t');
    let name = fields.next()?.trim();
    let language = fields.next().unwrap_or_default().trim();
    (!name.is_empty()).then(|| Voice {
        name: name.to_owned(),
        language: language.to_owned(),
    })
}

/// What the daemon sent: a reply to the last request, or an event about a message.
enum Incoming {
    Reply { code: u16, lines: Vec<String> },
    Event { code: u16, message: String },
}

/// One connection to the daemon.
struct Conversation {
    reader: BufReader<UnixStream>,
    writer: UnixStream,
    answer: Duration,
    /// Events that came while a reply was awaited: (message id, code).
    events: Vec<(String, u16)>,
}

fn refused(error: std::io::Error) -> SpeechError {
    match error.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => SpeechError::TooSlow,
        _ => SpeechError::Refused(error.to_string()),
    }
}

impl Conversation {
    fn open(daemon: &Daemon) -> Result<Conversation, SpeechError> {
        let stream = UnixStream::connect(&daemon.socket).map_err(|error| {
            SpeechError::NoService(format!("{}: {error}", daemon.socket.display()))
        })?;
        stream
            .set_write_timeout(Some(daemon.answer))
            .map_err(refused)?;
        let writer = stream.try_clone().map_err(refused)?;
        Ok(Conversation {
            reader: BufReader::new(stream),
            writer,
            answer: daemon.answer,
            events: Vec::new(),
        })
    }

    /// Names this client, as SSIP asks first: `user:application:component`.
    fn introduce(&mut self) -> Result<(), SpeechError> {
        let user = std::env::var("USER")
            .ok()
            .map(|user| one_line(&user).replace([':', ' '], "_"))
            .filter(|user| !user.is_empty())
            .unwrap_or_else(|| "paydesk".to_owned());
        self.command(&format!("SET SELF CLIENT_NAME {user}:paydesk:approvals"))
            .map(|_| ())
    }

    /// Every voice of the daemon's speech engine, each with its language.
    fn voices(&mut self) -> Result<Vec<Voice>, SpeechError> {
        let lines = self.command("LIST SYNTHESIS_VOICES")?;
        Ok(lines.iter().filter_map(|line| voice_of(line)).collect())
    }

    fn command(&mut self, line: &str) -> Result<Vec<String>, SpeechError> {
        self.request(&[line.to_owned()])
    }

    /// Sends `lines` and waits for the reply, which must say the request was done (a 2xx);
    /// returns its data lines.
    fn request(&mut self, lines: &[String]) -> Result<Vec<String>, SpeechError> {
        let mut bytes = Vec::new();
        for line in lines {
            bytes.extend_from_slice(line.as_bytes());
            bytes.extend_from_slice(b"\r\n");
        }
        self.writer.write_all(&bytes).map_err(refused)?;
        let until = Instant::now() + self.answer;
        loop {
            match self.next(until)? {
                Incoming::Event { code, message } => self.events.push((message, code)),
                Incoming::Reply { code, lines } if (200..300).contains(&code) => return Ok(lines),
                Incoming::Reply { code, lines } => {
                    let first = lines.first().map(String::as_str).unwrap_or_default();
                    return Err(SpeechError::Refused(format!(
                        "{}: {code} {first}",
                        lines_summary(&bytes)
                    )));
                }
            }
        }
    }

    /// Waits until `message` has been said (its END event) or was cancelled.
    fn wait_for_end(&mut self, message: &str, until: Instant) -> Result<(), SpeechError> {
        loop {
            if let Some((_, code)) = self.events.iter().find(|(id, _)| id == message) {
                return match *code {
                    EVENT_END => Ok(()),
                    _ => Err(SpeechError::Refused(crate::t!("speech-reason-cancelled"))),
                };
            }
            match self.next(until)? {
                Incoming::Event { code, message }
                    if code == EVENT_END || code == EVENT_CANCELLED =>
                {
                    self.events.push((message, code));
                }
                // Other events (a sentence begun) and stray replies change nothing.
                _ => {}
            }
        }
    }

    /// Says goodbye (the daemon keeps what it queued, so its answer changes nothing): events
    /// still on their way come first, then the goodbye.
    fn quit(&mut self) {
        if self.writer.write_all(b"QUIT\r\n").is_ok() {
            let until = Instant::now() + self.answer;
            while let Ok(Incoming::Event { .. }) = self.next(until) {}
        }
    }

    /// Reads one reply or event (its lines up to the one whose code is followed by a space),
    /// before `until`.
    fn next(&mut self, until: Instant) -> Result<Incoming, SpeechError> {
        let mut lines = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(SpeechError::TooSlow);
            }
            self.reader
                .get_ref()
                .set_read_timeout(Some(left))
                .map_err(refused)?;
            let mut line = String::new();
            // A line or an answer past any the daemon sends is not the daemon's.
            let read = std::io::Read::take(&mut self.reader, MAX_LINE_BYTES)
                .read_line(&mut line)
                .map_err(refused)?;
            if read == 0 {
                return Err(SpeechError::Refused(crate::t!("speech-reason-closed")));
            }
            if !line.ends_with('\n') || lines.len() >= MAX_ANSWER_LINES {
                return Err(SpeechError::Refused(crate::t!("speech-reason-not-ssip")));
            }
            let line = line.trim_end_matches(['\r', '\n']);
            let code: u16 = line
                .get(..3)
                .and_then(|code| code.parse().ok())
                .ok_or_else(|| SpeechError::Refused(crate::t!("speech-reason-not-ssip")))?;
            let rest = line.get(4..).unwrap_or_default().to_owned();
            match line.as_bytes().get(3) {
                Some(b'-') => lines.push(rest),
                Some(b' ') | None if (700..800).contains(&code) => {
                    let message = lines.into_iter().next().unwrap_or_default();
                    return Ok(Incoming::Event { code, message });
                }
                Some(b' ') | None => return Ok(Incoming::Reply { code, lines }),
                _ => return Err(SpeechError::Refused(crate::t!("speech-reason-not-ssip"))),
            }
        }
    }
}

/// The request a refusal answered, for its message: its first line.
fn lines_summary(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The platform's entry points (speech/mod.rs).
pub fn speak(said: &Said, asked: &Asked) -> Result<(), SpeechError> {
    Daemon::of_this_session()?.speak(said, asked)
}

pub fn voices() -> Result<Vec<Voice>, SpeechError> {
    Daemon::of_this_session()?.voices()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn the_socket_is_found_as_libspeechd_finds_it() {
        let found = |pairs: &[(&str, &str)]| address_in(env(pairs));
        assert_eq!(
            found(&[
                ("SPEECHD_ADDRESS", "unix_socket:/tmp/s/speechd.sock"),
                ("XDG_RUNTIME_DIR", "/run/user/1000"),
            ]),
            Ok(PathBuf::from("/tmp/s/speechd.sock"))
        );
        assert_eq!(
            found(&[
                ("SPEECHD_ADDRESS", "unix_socket"),
                ("XDG_RUNTIME_DIR", "/run/user/1000")
            ]),
            Ok(PathBuf::from(
                "/run/user/1000/speech-dispatcher/speechd.sock"
            ))
        );
        assert_eq!(
            found(&[("XDG_RUNTIME_DIR", "/run/user/1000")]),
            Ok(PathBuf::from(
                "/run/user/1000/speech-dispatcher/speechd.sock"
            ))
        );
        assert_eq!(
            found(&[("XDG_RUNTIME_DIR", ""), ("HOME", "/home/ana")]),
            Ok(PathBuf::from(
                "/home/ana/.cache/speech-dispatcher/speechd.sock"
            ))
        );
        assert!(matches!(
            found(&[("SPEECHD_ADDRESS", "inet_socket:192.0.2.1:6560")]),
            Err(SpeechError::NoService(_))
        ));
        assert!(matches!(found(&[]), Err(SpeechError::NoService(_))));
    }

    #[test]
    fn a_leading_dot_is_doubled_and_lines_kept_apart() {
        assert_eq!(escaped_lines("Pago recibido"), ["Pago recibido"]);
        assert_eq!(escaped_lines(".\r\nuno\n..dos"), ["..", "uno", "...dos"]);
        assert!(escaped_lines("").is_empty());
    }

    #[test]
    fn voices_are_read_from_their_tab_separated_lines() {
        assert_eq!(
            voice_of("Spanish (Latin America)\tes-419\tnone"),
            Some(Voice {
                name: "Spanish (Latin America)".into(),
                language: "es-419".into()
            })
        );
        assert_eq!(
            voice_of("en"),
            Some(Voice {
                name: "en".into(),
                language: String::new()
            })
        );
        assert_eq!(voice_of(""), None);
        assert_eq!(one_line(" a\r\nb "), "a  b");
    }
}
