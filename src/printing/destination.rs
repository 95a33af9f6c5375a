//! Where paper comes out: a receipt printer on the network (`tcp://HOST:PORT`, ESC/POS on port
//! 9100), one on USB (`usb:PATH`, the device file), or a queue of the system's print system
//! (`system:QUEUE`: CUPS on Linux and macOS, the spooler on Windows). Every wait has a deadline,
//! and what goes wrong is said as a shop owner would say it ("está apagada", "no tiene papel").
//!
//! CUPS is spoken to over IPP (the `ipp` crate, pure Rust): linking libcups would need its
//! development files to build, and a library on every PC to start. A CUPS queue that renders
//! pages (a laser, cups-pdf, a thermal printer with its driver) is sent the PDF; a raw queue is
//! sent the printer's own bytes. The Windows spooler is sent the bytes RAW.

use std::fmt;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::PrintError;

/// How long a printer has to accept a connection, and to take a whole job.
const CONNECT: Duration = Duration::from_secs(4);
const WRITE: Duration = Duration::from_secs(15);
/// A printer that answers status queries answers at once; one that does not is not waited for.
const STATUS_WAIT: Duration = Duration::from_millis(700);

/// ESC/POS real-time status of the paper roll (DLE EOT 4).
const PAPER_STATUS: [u8; 3] = [0x10, 0x04, 0x04];
/// Bits 5 and 6 of its answer: the paper has run out.
const PAPER_OUT_BITS: u8 = 0x60;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrinterUri {
    Tcp { host: String, port: u16 },
    Usb(String),
    System(String),
}

impl PrinterUri {
    /// `tcp://HOST[:PORT]` (9100 when none), `usb:PATH`, `system:QUEUE`.
    pub fn parse(text: &str) -> Result<PrinterUri, PrintError> {
        let bad = || PrintError::BadUri(super::slip::printable(text));
        let text = text.trim();
        if text.chars().any(crate::untrusted::is_hidden_or_control) {
            return Err(bad());
        }
        if let Some(rest) = text.strip_prefix("tcp://") {
            let rest = rest.trim_end_matches('/');
            let (host, port) = match rest.rsplit_once(':') {
                // An IPv6 address without a port has colons of its own: `[::1]` needs brackets.
                Some((host, port)) if !host.is_empty() && !port.contains(']') => {
                    (host, port.parse::<u16>().map_err(|_| bad())?)
                }
                _ => (rest, 9100),
            };
            let host = host.trim_start_matches('[').trim_end_matches(']');
            if host.is_empty() || port == 0 || host.contains('/') {
                return Err(bad());
            }
            return Ok(PrinterUri::Tcp {
                host: host.to_owned(),
                port,
            });
        }
        if let Some(path) = text.strip_prefix("usb:") {
            let path = path.trim();
            return if path.is_empty() {
                Err(bad())
            } else {
                Ok(PrinterUri::Usb(path.to_owned()))
            };
        }
        if let Some(queue) = text.strip_prefix("system:") {
            let queue = queue.trim();
            return if queue.is_empty() || queue.len() > 127 {
                Err(bad())
            } else {
                Ok(PrinterUri::System(queue.to_owned()))
            };
        }
        Err(bad())
    }
}

impl fmt::Display for PrinterUri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrinterUri::Tcp { host, port } if host.contains(':') => {
                write!(f, "tcp://[{host}]:{port}")
            }
            PrinterUri::Tcp { host, port } => write!(f, "tcp://{host}:{port}"),
            PrinterUri::Usb(path) => write!(f, "usb:{path}"),
            PrinterUri::System(queue) => write!(f, "system:{queue}"),
        }
    }
}

/// One print job: the thermal printer's bytes, and the same as a document for a queue that
/// prints pages (none for the drawer's pulse, which only a receipt printer has).
#[derive(Debug, Clone)]
pub struct Job {
    pub title: String,
    pub escpos: Vec<u8>,
    pub pages: Option<PageDocument>,
}

/// A document for a page printer, with its MIME type (`application/postscript`,
/// `application/pdf`).
#[derive(Debug, Clone)]
pub struct PageDocument {
    pub format: &'static str,
    pub bytes: Vec<u8>,
}

/// A queue of the system's print system.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemPrinter {
    pub queue: String,
    /// Its make and model, or its description, as the system says.
    pub about: String,
}

/// Sends the job and waits until the printer (or the queue) has taken it.
pub async fn send(uri: &PrinterUri, job: &Job) -> Result<(), PrintError> {
    match uri {
        PrinterUri::Tcp { host, port } => send_tcp(host, *port, &job.escpos).await,
        PrinterUri::Usb(path) => send_usb(path, job.escpos.clone()).await,
        PrinterUri::System(queue) => system::send(queue, job).await,
    }
}

/// The system's print queues (empty where there is no print system).
pub async fn system_printers() -> Result<Vec<SystemPrinter>, PrintError> {
    system::printers().await
}

async fn send_tcp(host: &str, port: u16, bytes: &[u8]) -> Result<(), PrintError> {
    let printer = PrinterUri::Tcp {
        host: host.to_owned(),
        port,
    }
    .to_string();
    let unreachable = |detail: String| PrintError::Unreachable {
        printer: printer.clone(),
        detail,
    };
    let mut stream =
        match tokio::time::timeout(CONNECT, tokio::net::TcpStream::connect((host, port))).await {
            Err(_) => return Err(unreachable(crate::t!("print-detail-no-answer"))),
            Ok(Err(error)) => return Err(unreachable(io_words(&error))),
            Ok(Ok(stream)) => stream,
        };
    let work = async {
        stream.write_all(&PAPER_STATUS).await?;
        let mut status = [0u8; 1];
        if let Ok(Ok(1)) = tokio::time::timeout(STATUS_WAIT, stream.read(&mut status)).await
            && status[0] & PAPER_OUT_BITS != 0
        {
            return Ok(Err(PrintError::PaperOut(printer.clone())));
        }
        stream.write_all(bytes).await?;
        stream.flush().await?;
        stream.shutdown().await?;
        Ok::<_, std::io::Error>(Ok(()))
    };
    match tokio::time::timeout(WRITE, work).await {
        Err(_) => Err(unreachable(crate::t!("print-detail-stopped"))),
        Ok(Err(error)) => Err(unreachable(io_words(&error))),
        Ok(Ok(outcome)) => outcome,
    }
}

async fn send_usb(path: &str, bytes: Vec<u8>) -> Result<(), PrintError> {
    let failed = |detail: String| PrintError::Usb {
        path: path.to_owned(),
        detail,
    };
    let device = path.to_owned();
    let write = tokio::task::spawn_blocking(move || {
        let mut file = std::fs::OpenOptions::new().write(true).open(&device)?;
        std::io::Write::write_all(&mut file, &bytes)?;
        std::io::Write::flush(&mut file)
    });
    match tokio::time::timeout(WRITE, write).await {
        Err(_) => Err(failed(crate::t!("print-detail-stopped"))),
        Ok(Err(error)) => Err(failed(error.to_string())),
        Ok(Ok(Err(error))) => Err(failed(io_words(&error))),
        Ok(Ok(Ok(()))) => Ok(()),
    }
}

/// An I/O error in a shop owner's words, the system's own after them.
fn io_words(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    let words = match error.kind() {
        ErrorKind::ConnectionRefused => crate::t!("print-detail-refused"),
        ErrorKind::NotFound => crate::t!("print-detail-not-connected"),
        ErrorKind::PermissionDenied => crate::t!("print-detail-permission"),
        ErrorKind::TimedOut => crate::t!("print-detail-no-answer"),
        ErrorKind::ConnectionReset | ErrorKind::BrokenPipe | ErrorKind::ConnectionAborted => {
            crate::t!("print-detail-stopped")
        }
        _ => return crate::untrusted::ForLog(&error.to_string()).to_string(),
    };
    format!("{words} ({error})")
}

#[cfg(not(windows))]
mod system {
    //! CUPS over IPP, at `CUPS_SERVER` when it names a host (as CUPS's own tools read it), else
    //! the local scheduler.

    use ipp::prelude::*;

    use super::{Job, PrintError, SystemPrinter};

    const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

    fn server() -> String {
        match std::env::var("CUPS_SERVER") {
            // A socket path is what CUPS's tools also accept; IPP over HTTP needs a host.
            Ok(server) if !server.trim().is_empty() && !server.starts_with('/') => {
                let server = server.trim();
                if server.contains(':') {
                    server.to_owned()
                } else {
                    format!("{server}:631")
                }
            }
            _ => "localhost:631".to_owned(),
        }
    }

    fn client(uri: Uri) -> AsyncIppClient {
        AsyncIppClient::builder(uri)
            .request_timeout(REQUEST_TIMEOUT)
            .build()
    }

    fn unreachable(error: impl std::fmt::Display) -> PrintError {
        PrintError::NoPrintSystem(crate::untrusted::ForLog(&error.to_string()).to_string())
    }

    fn queue_uri(queue: &str) -> Result<Uri, PrintError> {
        let encoded: String = url::form_urlencoded::byte_serialize(queue.as_bytes()).collect();
        format!(
            "http://{}/printers/{}",
            server(),
            encoded.replace('+', "%20")
        )
        .parse()
        .map_err(|_| PrintError::BadUri(format!("system:{queue}")))
    }

    fn text(value: &IppValue) -> Vec<String> {
        match value {
            IppValue::Array(values) => values.iter().map(ToString::to_string).collect(),
            value => vec![value.to_string()],
        }
    }

    pub async fn printers() -> Result<Vec<SystemPrinter>, PrintError> {
        let uri: Uri = format!("http://{}/", server())
            .parse()
            .map_err(unreachable)?;
        let response = client(uri)
            .send(ipp::operation::cups::CupsGetPrinters::new())
            .await
            .map_err(unreachable)?;
        let mut printers = Vec::new();
        for group in response
            .attributes()
            .groups_of(DelimiterTag::PrinterAttributes)
        {
            let Some(name) = group.get("printer-name") else {
                continue;
            };
            let about = group
                .get("printer-make-and-model")
                .or_else(|| group.get("printer-info"))
                .map(|attribute| attribute.value().to_string())
                .unwrap_or_default();
            printers.push(SystemPrinter {
                queue: name.value().to_string(),
                about,
            });
        }
        printers.sort_by(|a, b| a.queue.cmp(&b.queue));
        Ok(printers)
    }

    pub async fn send(queue: &str, job: &Job) -> Result<(), PrintError> {
        let uri = queue_uri(queue)?;
        let ask = IppOperationBuilder::get_printer_attributes(uri.clone())
            .attributes([
                "printer-make-and-model",
                "document-format-supported",
                "printer-state-reasons",
            ])
            .build()
            .map_err(unreachable)?;
        let answer = client(uri.clone()).send(ask).await.map_err(unreachable)?;
        if !answer.header().status_code().is_success() {
            return Err(PrintError::NoQueue(queue.to_owned()));
        }
        let printer = answer
            .attributes()
            .first_of(DelimiterTag::PrinterAttributes)
            .ok_or_else(|| PrintError::NoQueue(queue.to_owned()))?;
        let values = |name: &str| {
            printer
                .get(name)
                .map(|a| text(a.value()))
                .unwrap_or_default()
        };
        let reasons = values("printer-state-reasons");
        if reasons
            .iter()
            .any(|reason| reason.starts_with("media-empty"))
        {
            return Err(PrintError::PaperOut(format!("system:{queue}")));
        }
        if reasons
            .iter()
            .any(|reason| reason.starts_with("cover-open"))
        {
            return Err(PrintError::CoverOpen(format!("system:{queue}")));
        }
        let make = values("printer-make-and-model").join(" ");
        let formats = values("document-format-supported");
        let renders_pages = !make.to_lowercase().contains("raw")
            && formats
                .iter()
                .any(|format| format == "application/pdf" || format == "application/postscript");
        let (format, bytes) = match (&job.pages, renders_pages) {
            (Some(pages), true) => (pages.format, pages.bytes.clone()),
            (None, true) => return Err(PrintError::NotARollPrinter(queue.to_owned())),
            (_, false) if job.escpos.is_empty() => {
                return Err(PrintError::NotAPagePrinter(format!("system:{queue}")));
            }
            (_, false) => ("application/vnd.cups-raw", job.escpos.clone()),
        };
        let print = IppOperationBuilder::print_job(
            uri.clone(),
            IppPayload::new(std::io::Cursor::new(bytes)),
        )
        .job_title(job.title.clone())
        .user_name(whoami())
        .document_format(format)
        .build()
        .map_err(unreachable)?;
        let answer = client(uri).send(print).await.map_err(unreachable)?;
        let status = answer.header().status_code();
        if status.is_success() {
            Ok(())
        } else {
            Err(PrintError::Queue {
                queue: queue.to_owned(),
                detail: status.to_string(),
            })
        }
    }

    fn whoami() -> String {
        std::env::var("USER")
            .or_else(|_| std::env::var("LOGNAME"))
            .unwrap_or_else(|_| "paydesk".to_owned())
    }
}

#[cfg(windows)]
mod system {
    //! The Windows spooler: the bytes go RAW to the queue, as receipt printers' drivers expect.

    use windows_sys::Win32::Foundation::FALSE;
    use windows_sys::Win32::Graphics::Printing::{
        ClosePrinter, DOC_INFO_1W, EndDocPrinter, EndPagePrinter, EnumPrintersW, OpenPrinterW,
        PRINTER_ENUM_CONNECTIONS, PRINTER_ENUM_LOCAL, PRINTER_HANDLE, PRINTER_INFO_2W,
        StartDocPrinterW, StartPagePrinter, WritePrinter,
    };

    use super::{Job, PrintError, SystemPrinter};

    fn wide(text: &str) -> Vec<u16> {
        text.encode_utf16().chain(std::iter::once(0)).collect()
    }

    /// # Safety
    /// `pointer` is null or a NUL-terminated UTF-16 string.
    unsafe fn from_wide(pointer: *const u16) -> String {
        if pointer.is_null() {
            return String::new();
        }
        let mut length = 0;
        // SAFETY: the caller promises a NUL-terminated string.
        while unsafe { *pointer.add(length) } != 0 {
            length += 1;
        }
        // SAFETY: `length` units were just read.
        String::from_utf16_lossy(unsafe { std::slice::from_raw_parts(pointer, length) })
    }

    pub async fn printers() -> Result<Vec<SystemPrinter>, PrintError> {
        tokio::task::spawn_blocking(list)
            .await
            .map_err(|error| PrintError::NoPrintSystem(error.to_string()))?
    }

    fn list() -> Result<Vec<SystemPrinter>, PrintError> {
        let flags = PRINTER_ENUM_LOCAL | PRINTER_ENUM_CONNECTIONS;
        let (mut needed, mut count) = (0u32, 0u32);
        // SAFETY: a size query with no buffer, as the API documents.
        unsafe {
            EnumPrintersW(
                flags,
                std::ptr::null(),
                2,
                std::ptr::null_mut(),
                0,
                &mut needed,
                &mut count,
            )
        };
        if needed == 0 {
            return Ok(Vec::new());
        }
        // u64s so the buffer is aligned for the structures written into it.
        let mut buffer = vec![0u64; (needed as usize).div_ceil(8)];
        // SAFETY: the buffer holds `needed` bytes.
        let ok = unsafe {
            EnumPrintersW(
                flags,
                std::ptr::null(),
                2,
                buffer.as_mut_ptr().cast(),
                needed,
                &mut needed,
                &mut count,
            )
        };
        if ok == FALSE {
            return Err(PrintError::NoPrintSystem(
                std::io::Error::last_os_error().to_string(),
            ));
        }
        let infos = buffer.as_ptr().cast::<PRINTER_INFO_2W>();
        let mut printers = Vec::new();
        for index in 0..count as usize {
            // SAFETY: the API wrote `count` structures at the buffer's start.
            let info = unsafe { &*infos.add(index) };
            // SAFETY: the strings point into the same buffer, NUL-terminated.
            let (queue, about) =
                unsafe { (from_wide(info.pPrinterName), from_wide(info.pDriverName)) };
            printers.push(SystemPrinter { queue, about });
        }
        printers.sort_by(|a, b| a.queue.cmp(&b.queue));
        Ok(printers)
    }

    pub async fn send(queue: &str, job: &Job) -> Result<(), PrintError> {
        let (queue, job) = (queue.to_owned(), job.clone());
        tokio::task::spawn_blocking(move || raw(&queue, &job))
            .await
            .map_err(|error| PrintError::NoPrintSystem(error.to_string()))?
    }

    fn raw(queue: &str, job: &Job) -> Result<(), PrintError> {
        let failed = |detail: String| PrintError::Queue {
            queue: queue.to_owned(),
            detail,
        };
        let name = wide(queue);
        let mut handle = PRINTER_HANDLE::default();
        // SAFETY: `name` is NUL-terminated; the handle is closed below.
        if unsafe { OpenPrinterW(name.as_ptr(), &mut handle, std::ptr::null()) } == FALSE {
            return Err(PrintError::NoQueue(queue.to_owned()));
        }
        let mut title = wide(&job.title);
        let mut datatype = wide("RAW");
        let info = DOC_INFO_1W {
            pDocName: title.as_mut_ptr(),
            pOutputFile: std::ptr::null_mut(),
            pDatatype: datatype.as_mut_ptr(),
        };
        let outcome = (|| {
            // SAFETY: the handle is open and `info` outlives the call.
            if unsafe { StartDocPrinterW(handle, 1, &info) } == 0 {
                return Err(failed(std::io::Error::last_os_error().to_string()));
            }
            // SAFETY: a document was started on this handle.
            unsafe { StartPagePrinter(handle) };
            let mut written = 0u32;
            // SAFETY: the bytes outlive the call; `written` receives the count.
            let ok = unsafe {
                WritePrinter(
                    handle,
                    job.escpos.as_ptr().cast(),
                    job.escpos.len() as u32,
                    &mut written,
                )
            };
            // SAFETY: the page and the document were started above.
            unsafe {
                EndPagePrinter(handle);
                EndDocPrinter(handle);
            }
            if ok == FALSE || written as usize != job.escpos.len() {
                return Err(failed(std::io::Error::last_os_error().to_string()));
            }
            Ok(())
        })();
        // SAFETY: opened above, closed once.
        unsafe { ClosePrinter(handle) };
        outcome
    }
}

/// This computer's printer, when one is set: as it reads, or why it does not.
pub fn configured_printer(
    settings: &crate::config::printer::PrinterSettings,
) -> Option<Result<PrinterUri, PrintError>> {
    settings
        .printer
        .as_deref()
        .filter(|text| !text.trim().is_empty())
        .map(PrinterUri::parse)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printer_addresses_read_as_a_shop_writes_them() {
        assert_eq!(
            PrinterUri::parse("tcp://192.168.1.50:9100").unwrap(),
            PrinterUri::Tcp {
                host: "192.168.1.50".into(),
                port: 9100
            }
        );
        assert_eq!(
            PrinterUri::parse(" tcp://caja-1 ").unwrap(),
            PrinterUri::Tcp {
                host: "caja-1".into(),
                port: 9100
            }
        );
        assert_eq!(
            PrinterUri::parse("tcp://[::1]:9101").unwrap().to_string(),
            "tcp://[::1]:9101"
        );
        assert_eq!(
            PrinterUri::parse("usb:/dev/usb/lp0").unwrap(),
            PrinterUri::Usb("/dev/usb/lp0".into())
        );
        assert_eq!(
            PrinterUri::parse("system:PDF").unwrap(),
            PrinterUri::System("PDF".into())
        );
        for bad in [
            "",
            "lpt1",
            "tcp://",
            "tcp://host:0",
            "tcp://host:99999",
            "usb:",
            "system:",
            "system:a\u{1b}b",
        ] {
            assert!(PrinterUri::parse(bad).is_err(), "{bad:?}");
        }
    }
}
