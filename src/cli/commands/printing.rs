//! `paydesk print poster | receipt | return | close | shift | cash-receipt | printers`: paper
//! from the books. Every flag is checked first (nothing is printed on bad input); a shift or a
//! cash sale the books do not hold is bad input too (exit 2, in the books' words); a printer that
//! is off ends with exit 3.

use std::path::PathBuf;

use super::*;
use crate::cli::args::{PrintCommand, PrintTo, Roll};
use crate::ledger::{CashRefusal, LedgerError};
use crate::printing::cash::CashReceipt;
use crate::printing::documents::{Poster, Receipt, ReturnReceipt, close_slip};
use crate::printing::jobs::{self, PaperOut};
use crate::printing::pdf::SlipPage;
use crate::printing::shift::ShiftPaper;
use crate::printing::slip::Slip;
use crate::printing::{PageSize, PaperWidth, PrintError, PrinterSettings, PrinterUri};

pub async fn print(ctx: &Context<'_>, command: &PrintCommand) -> Outcome {
    let settings = ctx.paths.load()?.printer;
    match command {
        PrintCommand::Printers => printers(ctx).await,
        PrintCommand::Poster {
            reference,
            to,
            page,
        } => {
            let mut problems = Vec::new();
            let page = page_of(page.as_deref(), &settings, &mut problems);
            let out = out_of(to, &settings, &mut problems);
            let reference = reference_of(reference, &mut problems);
            checked(problems)?;
            let (Some(page), Some(out)) = (page, out) else {
                return Err(unreadable_flags());
            };
            poster(ctx, reference, page, out).await
        }
        PrintCommand::Receipt {
            reference,
            payment,
            roll,
            drawer,
        } => {
            let (paper, out, reference) = roll_flags(roll, &settings, |problems| {
                reference_of(reference, problems)
            })?;
            receipt(ctx, reference, payment.clone(), paper, *drawer, out).await
        }
        PrintCommand::Return { reference1, roll } => {
            let (paper, out, reference1) = roll_flags(roll, &settings, |problems| {
                reference_of(reference1, problems)
            })?;
            return_receipt(ctx, reference1, paper, out).await
        }
        PrintCommand::Close {
            date,
            to,
            paper,
            page,
        } => {
            let mut problems = Vec::new();
            let paper = paper_of(paper.as_deref(), &settings, &mut problems);
            let page = page_of(page.as_deref(), &settings, &mut problems);
            let out = out_of(to, &settings, &mut problems);
            let day = day_of(date.as_deref(), &mut problems);
            checked(problems)?;
            let (Some(paper), Some(page), Some(out), Some(day)) = (paper, page, out, day) else {
                return Err(unreadable_flags());
            };
            close(ctx, day, paper, page, out).await
        }
        PrintCommand::Shift { id, roll } => {
            let (paper, out, ()) = roll_flags(roll, &settings, |_| ())?;
            shift(ctx, *id, paper, out).await
        }
        PrintCommand::CashReceipt {
            entry,
            roll,
            drawer,
        } => {
            let (paper, out, ()) = roll_flags(roll, &settings, |_| ())?;
            cash_receipt(ctx, *entry, paper, *drawer, out).await
        }
    }
}

/// A roll's flags read together, every problem said at once: the paper's width, where it goes
/// and, after them, what `more` reads (which payment or return a receipt is of), so that every
/// slip says its problems in the same order.
fn roll_flags<T>(
    roll: &Roll,
    settings: &PrinterSettings,
    more: impl FnOnce(&mut Vec<ValidationError>) -> T,
) -> Result<(PaperWidth, PaperOut, T), Failure> {
    let mut problems = Vec::new();
    let paper = paper_of(roll.paper.as_deref(), settings, &mut problems);
    let out = out_of(&roll.to, settings, &mut problems);
    let more = more(&mut problems);
    checked(problems)?;
    let (Some(paper), Some(out)) = (paper, out) else {
        return Err(unreadable_flags());
    };
    Ok((paper, out, more))
}

/// «Cierre de turno» of shift `id`, or of this till's open shift: the drawer's count and, apart,
/// the payments the service confirmed at that till while it was open.
async fn shift(ctx: &Context<'_>, id: Option<i64>, paper: PaperWidth, out: PaperOut) -> Outcome {
    let ledger = ctx.ledger()?;
    let shop = ctx.connection.shop_name();
    let shift_paper = blocking(move || {
        let id = match id {
            Some(id) => id,
            None => ledger
                .open_shift_here()?
                .map(|open| open.shift.id)
                .ok_or(LedgerError::Cash(CashRefusal::NoOpenShift))?,
        };
        ShiftPaper::from_books(&ledger, &shop, id, crate::ledger::now_ms())
    })
    .await?;
    let slip = (
        shift_paper.slip(&ctx.connection.catalog),
        shift_paper.title(),
    );
    on_roll(
        ctx,
        slip,
        (paper, false),
        &out,
        &shift_paper.report.shift.id.to_string(),
    )
    .await
}

/// The receipt of cash sale `entry` (the drawer opened when asked): a voided sale has none.
async fn cash_receipt(
    ctx: &Context<'_>,
    entry: i64,
    paper: PaperWidth,
    drawer: bool,
    out: PaperOut,
) -> Outcome {
    let ledger = ctx.ledger()?;
    let shop = ctx.connection.shop_name();
    let receipt = blocking(move || CashReceipt::from_books(&ledger, &shop, entry)).await?;
    let slip = (receipt.slip(), receipt.title());
    on_roll(ctx, slip, (paper, drawer), &out, &receipt.sale.reference).await
}

/// A slip and its title on the roll of `paper` (a PDF as wide as the roll), the drawer opened
/// when asked, then said as printed with `what` it was of.
async fn on_roll(
    ctx: &Context<'_>,
    (slip, title): (Slip, String),
    (paper, drawer): (PaperWidth, bool),
    out: &PaperOut,
    what: &str,
) -> Outcome {
    jobs::slip_to(&slip, &title, paper, SlipPage::Roll(paper), drawer, out)
        .await
        .map_err(failure)?;
    done(ctx, out, what)
}

/// Whose books a paper is read from and the shop's name it carries.
fn profile_and_shop(ctx: &Context<'_>) -> (String, String) {
    (
        ctx.connection.profile_name.clone(),
        ctx.connection.shop_name(),
    )
}

/// The flags were checked and passed, yet one could not be read: said rather than guessed.
fn unreadable_flags() -> Failure {
    Failure::Local(crate::t!("cli-print-flags-unreadable"))
}

/// The counter's poster of `reference`, a code that takes many payments.
async fn poster(ctx: &Context<'_>, reference: String, page: PageSize, out: PaperOut) -> Outcome {
    let ledger = ctx.ledger()?;
    let (profile, shop) = profile_and_shop(ctx);
    let catalog = ctx.connection.catalog.clone();
    let poster =
        blocking(move || Poster::from_books(&ledger, &profile, &shop, &reference, &catalog))
            .await?;
    jobs::poster_to(&poster, page, &out)
        .await
        .map_err(failure)?;
    done(ctx, &out, &poster.reference)
}

/// The receipt of a payment the service confirmed, on `paper` (the drawer opened when asked).
async fn receipt(
    ctx: &Context<'_>,
    reference: String,
    payment: Option<String>,
    paper: PaperWidth,
    drawer: bool,
    out: PaperOut,
) -> Outcome {
    let ledger = ctx.ledger()?;
    let (profile, shop) = profile_and_shop(ctx);
    let receipt = blocking(move || {
        Receipt::from_books(&ledger, &profile, &shop, &reference, payment.as_deref())
    })
    .await?;
    let slip = (receipt.slip(&ctx.connection.catalog), receipt.title());
    on_roll(ctx, slip, (paper, drawer), &out, &receipt.payment.reference).await
}

/// The receipt of a return the service confirmed, on `paper`.
async fn return_receipt(
    ctx: &Context<'_>,
    reference1: String,
    paper: PaperWidth,
    out: PaperOut,
) -> Outcome {
    let ledger = ctx.ledger()?;
    let (profile, shop) = profile_and_shop(ctx);
    let receipt =
        blocking(move || ReturnReceipt::from_books(&ledger, &profile, &shop, &reference1)).await?;
    let slip = (receipt.slip(&ctx.connection.catalog), receipt.title());
    on_roll(
        ctx,
        slip,
        (paper, false),
        &out,
        &receipt.returned.payout.reference1,
    )
    .await
}

/// The close of `day`: a PDF on a sheet of `page`, a printer's copy as the roll of `paper`.
async fn close(
    ctx: &Context<'_>,
    day: time::Date,
    paper: PaperWidth,
    page: PageSize,
    out: PaperOut,
) -> Outcome {
    let ledger = ctx.ledger()?;
    let profile = ctx.connection.profile_name.clone();
    let report = blocking(move || {
        ledger
            .reconcile(Some(&profile), day, day, crate::ledger::now_ms())
            .map_err(PrintError::from)
    })
    .await?;
    let slip = close_slip(
        &ctx.connection.shop_name(),
        &report,
        &ctx.connection.catalog,
        crate::ledger::now_ms(),
    );
    let title = crate::t!("close-paper-title-day", day = crate::clock::shown_date(day));
    jobs::slip_to(&slip, &title, paper, SlipPage::Sheet(page), false, &out)
        .await
        .map_err(failure)?;
    done(ctx, &out, &crate::ledger::reconcile::format_date(day))
}

async fn printers(ctx: &Context<'_>) -> Outcome {
    let printers = crate::printing::destination::system_printers()
        .await
        .map_err(failure)?;
    let document = json!({
        "printers": printers.iter().map(|printer| json!({
            "uri": PrinterUri::System(printer.queue.clone()).to_string(),
            "about": printer.about,
        })).collect::<Vec<_>>(),
    });
    Ok(ctx.out.done(&document, || {
        if printers.is_empty() {
            return crate::t!("cli-no-printers");
        }
        printers
            .iter()
            .map(|printer| {
                format!(
                    "{}  {}",
                    PrinterUri::System(printer.queue.clone()),
                    crate::untrusted::ForLog(&printer.about)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }))
}

fn done(ctx: &Context<'_>, out: &PaperOut, what: &str) -> Outcome {
    let (key, place) = match out {
        PaperOut::Pdf(path) => ("pdf", path.display().to_string()),
        PaperOut::Printer(uri) => ("printer", uri.to_string()),
    };
    let document = json!({ "printed": what, key: place });
    Ok(ctx.out.done(&document, || match out {
        PaperOut::Pdf(path) => crate::t!("cli-printed-pdf", path = path.display().to_string()),
        PaperOut::Printer(uri) => jobs::taken_words(uri),
    }))
}

/// The books are read off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, PrintError> + Send + 'static,
) -> Result<T, Failure> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|error| Failure::Local(error.to_string()))?
        .map_err(failure)
}

/// A printing problem as the command line reports it: what the person typed is input (exit 2),
/// a printer or a file that fails is the world (exit 3).
fn failure(error: PrintError) -> Failure {
    match error {
        PrintError::BadUri(_) | PrintError::NotAPagePrinter(_) | PrintError::NotARollPrinter(_) => {
            Failure::Input(vec![ValidationError::new(
                Field::Printer,
                error.to_string(),
            )])
        }
        PrintError::NotConfirmed(_)
        | PrintError::UnknownReference(_)
        | PrintError::NotACounterCode(_)
        | PrintError::NotAReturn(_)
        | PrintError::ReturnNotConfirmed(_) => Failure::Input(vec![ValidationError::new(
            Field::Reference,
            error.to_string(),
        )]),
        // No such shift or entry, no open shift here, an entry that is no sale or was voided:
        // the books refuse, in their words, as `paydesk cash` says it.
        PrintError::NotACashSale(_)
        | PrintError::CashSaleVoided(_)
        | PrintError::Ledger(LedgerError::Cash(_)) => Failure::Refused(error.to_string()),
        // A terminal has no fold: what the printer or the disk said on a line of its own.
        other => Failure::Local(crate::i18n::in_full(&other)),
    }
}

/// `--date`, or today when it is left out.
fn day_of(date: Option<&str>, problems: &mut Vec<ValidationError>) -> Option<time::Date> {
    let Some(text) = date else {
        return Some(crate::ledger::reconcile::today());
    };
    let day = crate::ledger::reconcile::parse_date(text);
    if day.is_none() {
        problems.push(ValidationError::new(
            Field::Date,
            crate::t!("rule-date-not", text = format!("{text:?}")),
        ));
    }
    day
}

fn reference_of(reference: &str, problems: &mut Vec<ValidationError>) -> String {
    let reference = reference.trim();
    if reference.is_empty() || crate::untrusted::first_hidden_or_control(reference).is_some() {
        problems.push(ValidationError::new(
            Field::Reference,
            crate::t!(
                "print-error-unknown-reference",
                reference = format!("{reference:?}")
            ),
        ));
    }
    reference.to_owned()
}

fn out_of(
    to: &PrintTo,
    settings: &PrinterSettings,
    problems: &mut Vec<ValidationError>,
) -> Option<PaperOut> {
    if let Some(path) = &to.pdf {
        return Some(PaperOut::Pdf(PathBuf::from(path)));
    }
    let uri = match (&to.printer, crate::printing::configured_printer(settings)) {
        (Some(text), _) => PrinterUri::parse(text),
        (None, Some(configured)) => configured,
        (None, None) => {
            problems.push(ValidationError::new(
                Field::Printer,
                crate::t!("cli-print-needs-target"),
            ));
            return None;
        }
    };
    uri.map(PaperOut::Printer)
        .map_err(|error| problems.push(ValidationError::new(Field::Printer, error.to_string())))
        .ok()
}

fn paper_of(
    text: Option<&str>,
    settings: &PrinterSettings,
    problems: &mut Vec<ValidationError>,
) -> Option<PaperWidth> {
    let rule = |text: String| crate::t!("rule-paper", text = text);
    flag_or_setting(
        text,
        settings.paper,
        PaperWidth::parse,
        (Field::Paper, rule),
        problems,
    )
}

fn page_of(
    text: Option<&str>,
    settings: &PrinterSettings,
    problems: &mut Vec<ValidationError>,
) -> Option<PageSize> {
    let rule = |text: String| crate::t!("rule-page", text = text);
    flag_or_setting(
        text,
        settings.page,
        PageSize::parse,
        (Field::Page, rule),
        problems,
    )
}

/// A flag of the paper (`--paper`, `--page`): as typed, else the setting in Configuración. One
/// that does not read is a problem of `field`, in its rule's words (`rule` gets the text as it
/// may be shown: no hidden or control characters).
fn flag_or_setting<T>(
    text: Option<&str>,
    setting: T,
    parse: fn(&str) -> Option<T>,
    (field, rule): (Field, fn(String) -> String),
    problems: &mut Vec<ValidationError>,
) -> Option<T> {
    let Some(text) = text else {
        return Some(setting);
    };
    let value = parse(text);
    if value.is_none() {
        let shown = crate::untrusted::ForLog(text).to_string();
        problems.push(ValidationError::new(field, rule(shown)));
    }
    value
}
