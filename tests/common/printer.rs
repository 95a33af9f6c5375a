//! A receipt printer on the network, as far as paydesk can tell: a TCP listener on loopback
//! that answers the paper-status query (with paper, or without) and keeps every job's bytes;
//! and a reader of those bytes back into text, QR data, cuts and drawer pulses.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The paper-status answer of a printer with paper (bits 1 and 4 are always set).
pub const PAPER_OK: u8 = 0x12;
/// The same with the roll's end sensor set (bits 5 and 6).
pub const PAPER_OUT: u8 = 0x72;

pub struct FakePrinter {
    pub port: u16,
    jobs: Arc<Mutex<Vec<Vec<u8>>>>,
}

impl FakePrinter {
    /// Listens on a free loopback port; answers a paper-status query with `status`.
    pub fn start(status: u8) -> FakePrinter {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let jobs = Arc::new(Mutex::new(Vec::new()));
        let kept = jobs.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let kept = kept.clone();
                std::thread::spawn(move || {
                    stream
                        .set_read_timeout(Some(Duration::from_secs(20)))
                        .unwrap();
                    let mut bytes = Vec::new();
                    let mut answered = false;
                    let mut buffer = [0u8; 4096];
                    loop {
                        match stream.read(&mut buffer) {
                            Ok(0) | Err(_) => break,
                            Ok(read) => bytes.extend_from_slice(&buffer[..read]),
                        }
                        if !answered && bytes.starts_with(&[0x10, 0x04, 0x04]) {
                            answered = true;
                            let _ = stream.write_all(&[status]);
                        }
                    }
                    kept.lock().unwrap().push(bytes);
                });
            }
        });
        FakePrinter { port, jobs }
    }

    pub fn uri(&self) -> String {
        format!("tcp://127.0.0.1:{}", self.port)
    }

    pub fn jobs(&self) -> Vec<Vec<u8>> {
        self.jobs.lock().unwrap().clone()
    }

    /// Waits (with a deadline) until `count` jobs have come in.
    pub fn wait_for_jobs(&self, count: usize) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + super::DEADLINE;
        loop {
            let jobs = self.jobs();
            if jobs.len() >= count {
                return jobs;
            }
            assert!(
                Instant::now() < deadline,
                "the printer got {} jobs, not {count}",
                jobs.len()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// What a job's bytes say.
#[derive(Debug, Default)]
pub struct Decoded {
    pub text: String,
    pub qr: Vec<String>,
    pub cuts: usize,
    pub drawer_pulses: usize,
}

/// Reads ESC/POS back: the commands paydesk sends are known; anything else fails the test.
pub fn decode(bytes: &[u8]) -> Decoded {
    let mut out = Decoded::default();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x0a => {
                out.text.push('\n');
                i += 1;
            }
            0x10 => i += 3, // DLE EOT n: a status query
            0x1b => match bytes[i + 1] {
                b'@' => i += 2,
                b'd' => {
                    out.text.push('\n');
                    i += 3;
                }
                b't' | b'E' | b'a' => i += 3,
                b'p' => {
                    out.drawer_pulses += 1;
                    i += 5;
                }
                other => panic!("unexpected ESC {other:#x} at {i}"),
            },
            0x1d => match bytes[i + 1] {
                b'!' => i += 3,
                b'V' => {
                    out.cuts += 1;
                    i += if matches!(bytes[i + 2], b'A' | b'B') {
                        4
                    } else {
                        3
                    };
                }
                b'(' => {
                    let length = bytes[i + 3] as usize + 256 * bytes[i + 4] as usize;
                    let command = &bytes[i + 5..i + 5 + length];
                    // cn 49 (QR), fn 80: store the symbol's data (after m = 48).
                    if command[0] == 49 && command[1] == 80 {
                        out.qr
                            .push(String::from_utf8_lossy(&command[3..]).into_owned());
                    }
                    i += 5 + length;
                }
                other => panic!("unexpected GS {other:#x} at {i}"),
            },
            byte => {
                out.text.push(code_page_858(byte));
                i += 1;
            }
        }
    }
    out
}

fn code_page_858(byte: u8) -> char {
    match byte {
        0x00..=0x7f => byte as char,
        0xa0 => 'á',
        0x82 => 'é',
        0xa1 => 'í',
        0xa2 => 'ó',
        0xa3 => 'ú',
        0xa4 => 'ñ',
        0xa5 => 'Ñ',
        0xa8 => '¿',
        0xad => '¡',
        0x81 => 'ü',
        0xb5 => 'Á',
        0x90 => 'É',
        0xd6 => 'Í',
        0xe0 => 'Ó',
        0xe9 => 'Ú',
        0xfa => '·',
        0xf8 => '°',
        _ => '\u{fffd}',
    }
}
