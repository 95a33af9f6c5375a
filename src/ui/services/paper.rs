//! Paper from the till: what the panels ask to print (a receipt, a cash sale's receipt, a
//! shift's report, the poster, the close, a test, the drawer), this computer's printer settings, and the receipt and drawer on each approval
//! when the owner turned them on. Everything runs off the UI thread; a printer that is off is
//! said in words and the sale goes on.

use std::collections::HashSet;

use crate::config::Paths;
use crate::i18n::Problem;
use crate::printing::cash::CashReceipt;
use crate::printing::destination::{self, SystemPrinter};
use crate::printing::documents::{Poster, Receipt, ReturnReceipt, close_slip};
use crate::printing::jobs::{self, PaperOut};
use crate::printing::pdf::SlipPage;
use crate::printing::shift::ShiftPaper;
use crate::printing::{PrintError, PrinterSettings, PrinterUri};
use crate::t;
use crate::ui::plumbing::bridge::{Bridge, Requested, Task, UiError};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::session::Session;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaperCommand {
    /// A payment's receipt: to the printer, or (`pdf`) a PDF opened for the person.
    Receipt {
        reference: String,
        payment: Option<String>,
        pdf: bool,
    },
    /// A confirmed return's receipt (the return's own reference): to the printer, or a PDF.
    ReturnReceipt {
        reference1: String,
        pdf: bool,
    },
    /// A cash sale's receipt (by its cash entry's id): to the printer, or a PDF.
    CashReceipt {
        entry: i64,
        pdf: bool,
    },
    /// A drawer's shift on paper, «Cierre de turno»: to the printer, or a PDF.
    ShiftReport {
        shift: i64,
        pdf: bool,
    },
    /// The counter's poster: to a sheet printer of the system's, else a PDF opened.
    Poster {
        reference: String,
    },
    /// The day's close: to the printer, or a PDF sheet opened.
    Close {
        day: time::Date,
        pdf: bool,
    },
    Test,
    Drawer,
    FindPrinters,
    Save(PrinterSettings),
}

/// Where a printing was asked for: each place shows what its own printing came to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PaperSource {
    #[default]
    Settings,
    /// A receipt or a poster from a payment's window.
    Payment,
    Close,
    /// The receipt (and drawer) of an approval, by itself.
    Approval,
    /// A return's receipt, from the return's form.
    Return,
    /// A cash sale's receipt, from Cobrar's cash form.
    Cash,
    /// A shift's report, from Turno.
    Shift,
}

impl PaperCommand {
    fn source(&self) -> PaperSource {
        match self {
            PaperCommand::Receipt { .. } | PaperCommand::Poster { .. } => PaperSource::Payment,
            PaperCommand::ReturnReceipt { .. } => PaperSource::Return,
            PaperCommand::CashReceipt { .. } => PaperSource::Cash,
            PaperCommand::ShiftReport { .. } => PaperSource::Shift,
            PaperCommand::Close { .. } => PaperSource::Close,
            PaperCommand::Test
            | PaperCommand::Drawer
            | PaperCommand::FindPrinters
            | PaperCommand::Save(_) => PaperSource::Settings,
        }
    }
}

#[derive(Default)]
pub struct Paper {
    pub queued: Queue<PaperCommand>,
    /// This computer's printer, as saved; `None` until read.
    settings: Option<PrinterSettings>,
    loading: Option<Task<PrinterSettings>>,
    jobs: Vec<(PaperSource, Printing)>,
    /// What the latest job came to, in words, and where it was asked for.
    outcome: Option<Result<Printed, Problem>>,
    outcome_source: PaperSource,
    pub printers: Requested<Vec<SystemPrinter>>,
    /// Approvals already printed (`reference/payment`): an approval seen twice prints once.
    printed: HashSet<String>,
    /// «Abrir carpeta» beside where a PDF went.
    pub opener: crate::ui::widgets::saved::FolderOpener,
}

/// What a printing came to: its words, and the PDF it wrote (whose folder can be opened).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Printed {
    pub words: String,
    pub pdf: Option<std::path::PathBuf>,
}

impl From<String> for Printed {
    fn from(words: String) -> Printed {
        Printed { words, pdf: None }
    }
}

impl Paper {
    pub fn settings(&self) -> PrinterSettings {
        self.settings.clone().unwrap_or_default()
    }

    /// The settings once read from the file (`None` while they are being read).
    pub fn loaded(&self) -> Option<&PrinterSettings> {
        self.settings.as_ref()
    }

    /// What the latest printing asked for in one of `sources` came to.
    pub fn outcome_for(&self, sources: &[PaperSource]) -> Option<&Result<Printed, Problem>> {
        self.outcome
            .as_ref()
            .filter(|_| sources.contains(&self.outcome_source))
    }

    /// Another person took the till: what the last one printed or saved is not theirs to see.
    pub fn forget_outcome(&mut self) {
        self.outcome = None;
    }

    pub fn is_busy(&self) -> bool {
        !self.jobs.is_empty()
    }

    pub fn logic(&mut self, bridge: &Bridge, session: &Session, paths: &Paths) {
        if self.settings.is_none() && self.loading.is_none() {
            let paths = paths.clone();
            self.loading = Some(bridge.spawn_blocking(move || {
                paths
                    .load()
                    .map(|config| config.printer)
                    .unwrap_or_default()
            }));
        }
        if let Some(settings) = crate::ui::plumbing::bridge::finished(&mut self.loading) {
            self.settings = Some(settings);
        }
        for command in self.queued.take() {
            self.run(command, bridge, session, paths);
        }
        self.jobs.retain(|(source, task)| match task.poll() {
            Some(outcome) => {
                self.outcome = Some(outcome);
                self.outcome_source = *source;
                false
            }
            None => true,
        });
        self.printers.poll();
        self.opener.logic(bridge);
    }

    /// A payment the service just confirmed: its receipt and the drawer, when the owner asked
    /// for them, at the till that made the sale.
    pub fn approved(
        &mut self,
        reference: &str,
        payment: Option<&str>,
        bridge: &Bridge,
        session: &Session,
    ) {
        let settings = self.settings();
        if !(settings.receipt_on_approval || settings.drawer_on_approval) {
            return;
        }
        let key = format!("{reference}/{}", payment.unwrap_or_default());
        if !self.printed.insert(key) {
            return;
        }
        let Some(Ok(uri)) = crate::printing::configured_printer(&settings) else {
            return;
        };
        let Ok(ledger) = session.ledger.clone() else {
            return;
        };
        let (profile, shop) = (session.profile_name().to_owned(), session.shop_name());
        let catalog = session.connection.catalog.clone();
        let (reference, payment) = (reference.to_owned(), payment.map(str::to_owned));
        self.jobs.push((
            PaperSource::Approval,
            bridge.spawn(async move {
                let receipt = from_books(move || {
                    Receipt::from_books(&ledger, &profile, &shop, &reference, payment.as_deref())
                })
                .await?;
                // Another till's sale is printed at that till.
                let till = &receipt.sale.made_by.till;
                if !till.is_empty() && *till != crate::ledger::activity::this_till() {
                    return Ok(Printed::default());
                }
                let outcome = if settings.receipt_on_approval {
                    jobs::slip_to(
                        &receipt.slip(&catalog),
                        &receipt.title(),
                        settings.paper,
                        SlipPage::Roll(settings.paper),
                        settings.drawer_on_approval,
                        &PaperOut::Printer(uri.clone()),
                    )
                    .await
                } else {
                    jobs::open_drawer(&uri).await
                };
                outcome
                    .map(|()| jobs::taken_words(&uri).into())
                    .map_err(|error| Problem::of(&error))
            }),
        ));
    }

    fn run(&mut self, command: PaperCommand, bridge: &Bridge, session: &Session, paths: &Paths) {
        let job = Job::of(self.settings(), session, paths);
        let source = command.source();
        // What this command comes to replaces what the last one came to.
        self.outcome = None;
        self.outcome_source = source;
        let task = match command {
            PaperCommand::Save(new) => Some(self.save(new, bridge, paths)),
            PaperCommand::FindPrinters => {
                self.printers.start(bridge.spawn(async {
                    destination::system_printers()
                        .await
                        .map_err(|error| UiError::explained(&error))
                }));
                None
            }
            PaperCommand::Drawer => self.drawer(job, bridge),
            PaperCommand::Test => self.test(job, bridge),
            PaperCommand::Receipt {
                reference,
                payment,
                pdf,
            } => self.slip_from_books(job, BooksSlip::Receipt(reference, payment), pdf, bridge),
            PaperCommand::ReturnReceipt { reference1, pdf } => {
                self.slip_from_books(job, BooksSlip::Return(reference1), pdf, bridge)
            }
            PaperCommand::CashReceipt { entry, pdf } => {
                self.slip_from_books(job, BooksSlip::Cash(entry), pdf, bridge)
            }
            PaperCommand::ShiftReport { shift, pdf } => {
                self.slip_from_books(job, BooksSlip::Shift(shift), pdf, bridge)
            }
            PaperCommand::Poster { reference } => self.poster(job, reference, bridge),
            PaperCommand::Close { day, pdf } => self.close(job, day, pdf, bridge),
        };
        if let Some(task) = task {
            self.jobs.push((source, task));
        }
    }

    /// The new settings are the ones in use at once; the file follows.
    fn save(&mut self, new: PrinterSettings, bridge: &Bridge, paths: &Paths) -> Printing {
        let paths = paths.clone();
        // What was read at start, if it is still coming, is older than this.
        self.loading = None;
        self.settings = Some(new.clone());
        bridge.spawn_blocking(move || {
            paths
                .change(|config| {
                    config.printer = new;
                    Ok(())
                })
                .map(|()| t!("paper-saved").into())
                .map_err(|error| Problem::words(error.to_string()))
        })
    }

    fn drawer(&mut self, job: Job, bridge: &Bridge) -> Option<Printing> {
        let uri = self.printer_or_say(job.printer)?;
        Some(bridge.spawn(async move {
            jobs::open_drawer(&uri)
                .await
                .map(|()| t!("paper-drawer-opened").into())
                .map_err(|error| Problem::of(&error))
        }))
    }

    fn test(&mut self, job: Job, bridge: &Bridge) -> Option<Printing> {
        let uri = self.printer_or_say(job.printer)?;
        let slip = test_slip(&job.shop, &uri);
        let paper = job.settings.paper;
        Some(bridge.spawn(async move {
            jobs::slip_to(
                &slip,
                &t!("paper-test-title"),
                paper,
                SlipPage::Roll(paper),
                false,
                &PaperOut::Printer(uri.clone()),
            )
            .await
            .map(|()| jobs::taken_words(&uri).into())
            .map_err(|error| Problem::of(&error))
        }))
    }

    /// A slip read from the books (off the UI thread), to the receipt printer or a PDF among
    /// the saved files.
    fn slip_from_books(
        &mut self,
        job: Job,
        what: BooksSlip,
        pdf: bool,
        bridge: &Bridge,
    ) -> Option<Printing> {
        let out = self.slip_out(pdf, job.printer, job.exports.join(what.file()));
        let (Some(ledger), Some(out)) = (job.ledger, out) else {
            self.outcome.get_or_insert_with(no_books);
            return None;
        };
        let (profile, shop, catalog, paper) =
            (job.profile, job.shop, job.catalog, job.settings.paper);
        Some(bridge.spawn(async move {
            let (slip, title) =
                from_books(move || what.read(&ledger, &profile, &shop, &catalog)).await?;
            let done =
                jobs::slip_to(&slip, &title, paper, SlipPage::Roll(paper), false, &out).await;
            finished(done, &out).await
        }))
    }

    /// The counter's poster: to a sheet printer of the system's, else a PDF.
    fn poster(&mut self, job: Job, reference: String, bridge: &Bridge) -> Option<Printing> {
        let Some(ledger) = job.ledger else {
            self.outcome = Some(no_books());
            return None;
        };
        let out = match job.printer {
            Some(Ok(uri @ PrinterUri::System(_))) => PaperOut::Printer(uri),
            _ => PaperOut::Pdf(
                job.exports
                    .join(format!("paydesk-cartel-{}.pdf", file_safe(&reference))),
            ),
        };
        let (profile, shop, catalog, page) =
            (job.profile, job.shop, job.catalog, job.settings.page);
        Some(bridge.spawn(async move {
            let poster = from_books(move || {
                Poster::from_books(&ledger, &profile, &shop, &reference, &catalog)
            })
            .await?;
            let done = jobs::poster_to(&poster, page, &out).await;
            finished(done, &out).await
        }))
    }

    /// One day's close, on a sheet.
    fn close(&mut self, job: Job, day: time::Date, pdf: bool, bridge: &Bridge) -> Option<Printing> {
        let file = format!("paydesk-cuadre-{}.pdf", crate::clock::format_date(day));
        let out = self.slip_out(pdf, job.printer, job.exports.join(file));
        let (Some(ledger), Some(out)) = (job.ledger, out) else {
            self.outcome.get_or_insert_with(no_books);
            return None;
        };
        let (profile, shop, catalog, settings) = (job.profile, job.shop, job.catalog, job.settings);
        Some(bridge.spawn(async move {
            let report = from_books(move || {
                ledger.reconcile(Some(&profile), day, day, crate::ledger::now_ms())
            })
            .await?;
            let slip = close_slip(&shop, &report, &catalog, crate::ledger::now_ms());
            let title = t!("close-paper-title-day", day = crate::clock::shown_date(day));
            let done = jobs::slip_to(
                &slip,
                &title,
                settings.paper,
                SlipPage::Sheet(settings.page),
                false,
                &out,
            )
            .await;
            finished(done, &out).await
        }))
    }
}

/// What a printing comes to, in words, once it ends.
type Printing = Task<Result<Printed, Problem>>;

/// What a printing job needs of the till, taken when it is asked for.
struct Job {
    settings: PrinterSettings,
    /// The printer as configured, or why its address does not read (`None`: none set).
    printer: Option<Result<PrinterUri, PrintError>>,
    exports: std::path::PathBuf,
    profile: String,
    shop: String,
    catalog: crate::api::catalog::MethodCatalog,
    /// The books, when the session has them (without, nothing is read from them to print).
    ledger: Option<std::sync::Arc<crate::ledger::Ledger>>,
}

impl Job {
    fn of(settings: PrinterSettings, session: &Session, paths: &Paths) -> Job {
        Job {
            printer: crate::printing::configured_printer(&settings),
            settings,
            exports: paths.exports_dir.clone(),
            profile: session.profile_name().to_owned(),
            shop: session.shop_name(),
            catalog: session.connection.catalog.clone(),
            ledger: session.ledger.clone().ok(),
        }
    }
}

fn no_books() -> Result<Printed, Problem> {
    Err(Problem::words(t!("paper-no-books")))
}

impl Paper {
    /// The printer a test or the drawer needs; without one (or one whose address does not
    /// read) that is said, and `None` returned.
    fn printer_or_say(
        &mut self,
        printer: Option<Result<PrinterUri, PrintError>>,
    ) -> Option<PrinterUri> {
        let Some(Ok(uri)) = printer else {
            self.outcome = Some(Err(Problem::words(t!("paper-no-printer"))));
            return None;
        };
        Some(uri)
    }

    /// Where a slip goes: the printer, unless a PDF was asked for or there is none. A printer
    /// address that does not read is said (and `None` returned).
    fn slip_out(
        &mut self,
        pdf: bool,
        printer: Option<Result<PrinterUri, PrintError>>,
        file: std::path::PathBuf,
    ) -> Option<PaperOut> {
        match (pdf, printer) {
            (false, Some(Ok(uri))) => Some(PaperOut::Printer(uri)),
            (false, Some(Err(error))) => {
                self.outcome = Some(Err(Problem::of(&error)));
                None
            }
            _ => Some(PaperOut::Pdf(file)),
        }
    }
}

/// A slip for the receipt printer that the books make: which one, and what it is of.
enum BooksSlip {
    /// A payment's receipt (its reference, and which payment of a code): only what the service
    /// confirmed has one.
    Receipt(String, Option<String>),
    /// A return's receipt (the return's own reference): only a return the service confirmed has
    /// one.
    Return(String),
    /// A cash sale's receipt (its cash entry): a voided sale has none.
    Cash(i64),
    /// A shift's report: the drawer's count and, apart, the payments the service confirmed at
    /// that till while it was open.
    Shift(i64),
}

impl BooksSlip {
    /// The PDF's name among the saved files.
    fn file(&self) -> String {
        match self {
            BooksSlip::Receipt(reference, _) => {
                format!("paydesk-comprobante-{}.pdf", file_safe(reference))
            }
            BooksSlip::Return(reference1) => {
                format!("paydesk-devolucion-{}.pdf", file_safe(reference1))
            }
            BooksSlip::Cash(entry) => format!("paydesk-efectivo-{entry}.pdf"),
            BooksSlip::Shift(shift) => format!("paydesk-turno-{shift}.pdf"),
        }
    }

    /// The slip and its title, read from `profile`'s books (blocking: off the UI thread).
    fn read(
        self,
        ledger: &crate::ledger::Ledger,
        profile: &str,
        shop: &str,
        catalog: &crate::api::catalog::MethodCatalog,
    ) -> Result<(crate::printing::slip::Slip, String), PrintError> {
        Ok(match self {
            BooksSlip::Receipt(reference, payment) => {
                let receipt =
                    Receipt::from_books(ledger, profile, shop, &reference, payment.as_deref())?;
                (receipt.slip(catalog), receipt.title())
            }
            BooksSlip::Return(reference1) => {
                let receipt = ReturnReceipt::from_books(ledger, profile, shop, &reference1)?;
                (receipt.slip(catalog), receipt.title())
            }
            BooksSlip::Cash(entry) => {
                let receipt = CashReceipt::from_books(ledger, shop, entry)?;
                (receipt.slip(), receipt.title())
            }
            BooksSlip::Shift(shift) => {
                let paper = ShiftPaper::from_books(ledger, shop, shift, crate::ledger::now_ms())?;
                (paper.slip(catalog), paper.title())
            }
        })
    }
}

/// Reads the books off the async threads; a failure in words.
async fn from_books<T: Send + 'static, E: std::fmt::Display + Send + 'static>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<T, Problem> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| Problem::words(error.to_string()))?
        .map_err(|error| Problem::words(error.to_string()))
}

/// A job's end in words; a PDF is opened for the person to see or print.
async fn finished(done: Result<(), PrintError>, out: &PaperOut) -> Result<Printed, Problem> {
    done.map_err(|error| Problem::of(&error))?;
    match out {
        PaperOut::Printer(uri) => Ok(jobs::taken_words(uri).into()),
        PaperOut::Pdf(path) => {
            let file = path.clone();
            // No viewer (a server) is not a failure: the file is there, and the words say where.
            let _ = tokio::task::spawn_blocking(move || opener::open(file)).await;
            Ok(Printed {
                words: t!("paper-pdf-saved", path = path.display().to_string()),
                pdf: Some(path.clone()),
            })
        }
    }
}

/// A name a file can carry: a reference from the service, with nothing that makes a path.
fn file_safe(reference: &str) -> String {
    let name: String = reference
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .take(64)
        .collect();
    if name.is_empty() {
        "sin-referencia".to_owned()
    } else {
        name
    }
}

fn test_slip(shop: &str, printer: &PrinterUri) -> crate::printing::slip::Slip {
    use crate::printing::slip::{Slip, SlipLine};
    let mut slip = Slip::default();
    slip.push(SlipLine::Title(shop.to_owned()));
    slip.push(SlipLine::Heading(t!("paper-test-title")));
    slip.push(SlipLine::Rule);
    slip.push(SlipLine::Text(t!("paper-test-body")));
    slip.push(SlipLine::Pair(
        t!("paper-test-printer"),
        printer.to_string(),
    ));
    slip.push(SlipLine::Pair(
        t!("receipt-when"),
        crate::clock::shown_datetime(crate::ledger::now_ms()),
    ));
    slip.push(SlipLine::Text("áéíóú ñÑ ¿¡ $ 25.000".to_owned()));
    slip.push(SlipLine::Qr("paydesk".to_owned()));
    slip
}
