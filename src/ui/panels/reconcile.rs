//! The day's close: the totals of a day or a range (Hoy, Ayer, Esta semana, Este mes, or dates
//! typed), the service's money and, apart, the drawers' cash (`reconcile/cash_view.rs`) and
//! customers' tabs (`reconcile/tabs_view.rs`), what a bookkeeper must look at, and the CSV for
//! a spreadsheet, with its folder opened.

mod cash_view;
mod figures_view;
mod tabs_view;

use crate::api::catalog::MethodCatalog;
use crate::ui::plumbing::queue::Queue;
use std::path::PathBuf;

use egui::{RichText, Ui};
use time::Date;

use crate::ledger::close::{self, CloseLines};
use crate::ledger::now_ms;
use crate::ledger::reconcile::{self, Report};
use crate::t;
use crate::ui::LogicContext;
use crate::ui::plumbing::bridge::{Requested, UiError};
use crate::ui::widgets::amount::amount_label;
use crate::ui::widgets::form::{error_box, text_row};
use crate::ui::widgets::table::{self, GridRow, Title};
use crate::validate::{Field, ValidationError};

/// The ranges a shop closes by; "other" reads the typed dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    Today,
    Yesterday,
    ThisWeek,
    ThisMonth,
    Other,
}

impl Range {
    const ALL: [Range; 5] = [
        Range::Today,
        Range::Yesterday,
        Range::ThisWeek,
        Range::ThisMonth,
        Range::Other,
    ];

    fn words(self) -> String {
        match self {
            Range::Today => t!("reconcile-today"),
            Range::Yesterday => t!("reconcile-yesterday"),
            Range::ThisWeek => t!("reconcile-this-week"),
            Range::ThisMonth => t!("reconcile-this-month"),
            Range::Other => t!("reconcile-other"),
        }
    }

    /// The first and last day, in the shop's calendar (a week starts on Monday).
    fn days(self, today: Date) -> Option<(Date, Date)> {
        match self {
            Range::Today => Some((today, today)),
            Range::Yesterday => today.previous_day().map(|day| (day, day)),
            Range::ThisWeek => {
                let back = i64::from(today.weekday().number_days_from_monday());
                Some((today - time::Duration::days(back), today))
            }
            Range::ThisMonth => today.replace_day(1).ok().map(|first| (first, today)),
            Range::Other => None,
        }
    }
}

/// The first and last day of the close, or why the typed dates do not make a range.
pub type Dates = Result<(Date, Date), Vec<ValidationError>>;

/// What the panel asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReconcileCommand {
    Report {
        from: Date,
        to: Date,
    },
    /// The last 30 days, for the owner's chart of sales per day.
    Month,
    Export {
        from: Date,
        to: Date,
    },
    /// Nothing in the range: to Cobrar, to make the first sale.
    StartSale,
}

pub struct ReconcilePanel {
    pub range: Range,
    pub from: String,
    pub to: String,
    pub report: Requested<Report>,
    /// The last 30 days' close, for the owner's charts.
    pub month: Requested<Report>,
    month_stale: bool,
    /// The range the report on screen (or on its way) is for.
    reported: Option<(Date, Date)>,
    /// New notifications or payments came in since the report was made.
    stale: bool,
    /// The frame the panel was last drawn in: coming back to it after another panel reads the
    /// close again (a cash sale at this till on a ledger of one computer sends no news).
    drawn_frame: Option<u64>,
    pub export: Requested<(PathBuf, usize)>,
    /// «Abrir carpeta» beside where the CSV went.
    opener: crate::ui::widgets::saved::FolderOpener,
    /// Asked for while drawing; run by the next `logic`.
    pub queued: Queue<ReconcileCommand>,
    /// The profile's methods, for what each kind of payment is called.
    catalog: MethodCatalog,
}

impl Default for ReconcilePanel {
    fn default() -> Self {
        let today = crate::clock::typed_date(reconcile::today());
        ReconcilePanel {
            range: Range::Today,
            from: today.clone(),
            to: today,
            report: Requested::NotRequested,
            month: Requested::NotRequested,
            month_stale: true,
            reported: None,
            stale: false,
            drawn_frame: None,
            export: Requested::NotRequested,
            opener: Default::default(),
            queued: Queue::default(),
            catalog: MethodCatalog::default(),
        }
    }
}

impl ReconcilePanel {
    /// Something that counts arrived (a notification, a payment's end): the report is redone
    /// next time it shows.
    pub fn mark_stale(&mut self) {
        self.stale = true;
        self.month_stale = true;
    }

    /// Another person took the till: the file the last one exported (and its folder) and the
    /// days they chose go; the close itself is the books' and stays.
    pub fn forget_person(&mut self) {
        let fresh = ReconcilePanel::default();
        self.range = fresh.range;
        self.from = fresh.from;
        self.to = fresh.to;
        self.export = Requested::NotRequested;
        self.opener = fresh.opener;
    }

    /// The range chosen, or why the typed dates do not make one.
    pub fn dates(&self) -> Dates {
        if let Some(days) = self.range.days(reconcile::today()) {
            return Ok(days);
        }
        let mut problems = Vec::new();
        let from = crate::clock::parse_typed_date(&self.from);
        let to = crate::clock::parse_typed_date(&self.to);
        if from.is_none() {
            problems.push(ValidationError::new(Field::From, t!("rule-date")));
        }
        if to.is_none() {
            problems.push(ValidationError::new(Field::To, t!("rule-date")));
        }
        match (from, to) {
            (Some(from), Some(to)) if from <= to => Ok((from, to)),
            // The range as a whole, shown under both dates.
            (Some(_), Some(_)) => Err(vec![ValidationError::new(
                Field::Range,
                t!("rule-end-before-start"),
            )]),
            _ => Err(problems),
        }
    }

    pub fn logic(&mut self, work: &mut LogicContext<'_>) {
        for command in self.queued.take() {
            let Ok(ledger) = work.session.ledger.clone() else {
                continue;
            };
            let profile = work.session.profile_name().to_owned();
            let catalog = work.session.connection.catalog.clone();
            match command {
                ReconcileCommand::Report { from, to } => {
                    self.catalog = catalog;
                    self.report.start(work.bridge.spawn_blocking(move || {
                        ledger
                            .reconcile(Some(&profile), from, to, now_ms())
                            .map_err(|e| UiError::local(e.to_string()))
                    }));
                }
                ReconcileCommand::Month => {
                    let to = reconcile::today();
                    let from = to - time::Duration::days(29);
                    self.month.start(work.bridge.spawn_blocking(move || {
                        ledger
                            .reconcile(Some(&profile), from, to, now_ms())
                            .map_err(|e| UiError::local(e.to_string()))
                    }));
                }
                ReconcileCommand::Export { from, to } => {
                    let folder = work.paths.exports_dir.clone();
                    let path = export_path(&folder, from, to);
                    self.export.start(work.bridge.spawn_blocking(move || {
                        let private = |error: std::io::Error| {
                            UiError::local(t!(
                                "csv-could-not-create",
                                path = folder.display().to_string(),
                                error = error.to_string()
                            ))
                        };
                        // A folder paydesk makes for it is the owner's alone, and so is the
                        // file: it names customers.
                        crate::owner_only::exports_folder(&folder).map_err(private)?;
                        let rows = ledger
                            .export_csv_file(
                                Some(&profile),
                                from,
                                to,
                                &path,
                                crate::i18n::current(),
                                &catalog,
                            )
                            .map_err(|e| UiError::local(e.to_string()))?;
                        crate::owner_only::file(&path).map_err(private)?;
                        Ok((path, rows))
                    }));
                }
                ReconcileCommand::StartSale => work
                    .actions
                    .push(crate::ui::AppAction::GoTo(crate::ui::Panel::Collect)),
            }
        }
        self.report.poll();
        self.month.poll();
        // The day's close is exported: the books get a copy of that moment too.
        if self.export.poll() && self.export.value().is_some() {
            work.backups
                .queued
                .push(crate::ui::services::backups::BackupsCommand::TakeNow);
        }
        self.opener.logic(work.bridge);
    }

    /// `owner`: the owner's side is open (or no PIN is set). In Caja only today's close shows,
    /// and nothing is exported.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        has_ledger: bool,
        owner: bool,
        paper: &mut crate::ui::services::paper::Paper,
    ) {
        ui.heading(t!("nav-reconcile"));
        let frame = ui.ctx().cumulative_frame_nr();
        if self.drawn_frame.is_some_and(|drawn| drawn + 1 < frame) {
            self.stale = true;
        }
        self.drawn_frame = Some(frame);
        let dates = self.range_ui(ui, owner);
        if !has_ledger {
            return;
        }
        self.follow_range(ui, &dates);
        ui.horizontal(|ui| {
            if owner {
                self.export_button(ui, &dates);
            }
            // The close on paper is one day's, as the cashier hands it over.
            if let Ok((day, last)) = dates
                && day == last
                && let Some(pdf) = super::printer_settings::print_or_pdf(
                    ui,
                    paper,
                    &t!("paper-print-close"),
                    &t!("paper-close-pdf"),
                )
            {
                paper.queued.ask(
                    ui,
                    crate::ui::services::paper::PaperCommand::Close { day, pdf },
                );
            }
            if self.report.is_pending() || self.export.is_pending() || paper.is_busy() {
                ui.spinner();
            }
        });
        super::printer_settings::outcome_line(
            ui,
            paper,
            &[crate::ui::services::paper::PaperSource::Close],
        );
        self.opener.export_outcome(ui, &self.export);
        if let Some(error) = self.report.error() {
            error_box(ui, error);
        }
        // The owner's pictures: the 30 days are asked for once shown, and again when
        // something that counts arrives.
        if owner && self.month_stale && !self.month.is_pending() {
            self.month_stale = false;
            self.queued.ask(ui, ReconcileCommand::Month);
        }
        self.report_area(ui, owner);
    }

    /// The ranges to choose from (the owner's; Caja closes today), and the range in words or
    /// its typed dates. Returns the range chosen, or why the typed dates do not make one.
    fn range_ui(&mut self, ui: &mut Ui, owner: bool) -> Dates {
        if owner {
            ui.horizontal_wrapped(|ui| {
                for range in Range::ALL {
                    ui.selectable_value(&mut self.range, range, range.words());
                }
            });
        } else {
            self.range = Range::Today;
        }
        let dates = self.dates();
        if self.range == Range::Other {
            self.typed_dates_ui(ui, &dates);
            // What is reported, printed or exported is the range the fields hold after this
            // frame's keys.
            return self.dates();
        } else if let Ok((from, to)) = dates {
            ui.label(RichText::new(shown_range(from, to)).weak());
        }
        dates
    }

    /// The report follows the range chosen (and what arrives): nothing to press to see it.
    fn follow_range(&mut self, ui: &Ui, dates: &Dates) {
        if let Ok(range) = *dates
            && !self.report.is_pending()
            && (self.reported != Some(range) || self.stale)
        {
            self.reported = Some(range);
            self.stale = false;
            self.queued.ask(
                ui,
                ReconcileCommand::Report {
                    from: range.0,
                    to: range.1,
                },
            );
        }
    }

    fn export_button(&mut self, ui: &mut Ui, dates: &Dates) {
        if ui
            .add_enabled(
                dates.is_ok() && !self.export.is_pending(),
                egui::Button::new(t!("activity-export")),
            )
            .clicked()
            && let Ok((from, to)) = *dates
        {
            self.queued.ask(ui, ReconcileCommand::Export { from, to });
        }
    }

    /// The close itself and the owner's charts; a range with nothing in it says so and offers
    /// the first sale.
    fn report_area(&mut self, ui: &mut Ui, owner: bool) {
        let Some(report) = self.report.value() else {
            return;
        };
        let empty = close::is_empty(report);
        if empty
            && crate::ui::widgets::empty::show(
                ui,
                crate::ui::widgets::empty::EmptyState {
                    title: &t!("reconcile-empty-title"),
                    body: &t!("reconcile-empty-body"),
                    action: Some(&t!("reconcile-empty-action")),
                },
            )
        {
            self.queued.ask(ui, ReconcileCommand::StartSale);
        }
        // The owner's 30 days may hold what an empty range does not.
        if empty && !owner {
            return;
        }
        let month = self.month.value();
        egui::ScrollArea::both()
            .id_salt("reconcile-scroll")
            .show(ui, |ui| {
                if !empty {
                    report_ui(ui, &CloseLines::of(report, &self.catalog));
                }
                if owner {
                    super::owner_charts::show(ui, month, report, &self.catalog);
                }
            });
    }

    fn typed_dates_ui(&mut self, ui: &mut Ui, dates: &Dates) {
        let problems = dates.as_ref().err().cloned().unwrap_or_default();
        egui::Grid::new("reconcile-range")
            .num_columns(2)
            .show(ui, |ui| {
                text_row(
                    ui,
                    &t!("activity-from"),
                    &mut self.from,
                    &t!("hint-date"),
                    problems.iter().find(|p| p.field == Field::From),
                );
                text_row(
                    ui,
                    &t!("activity-to"),
                    &mut self.to,
                    &t!("hint-date"),
                    problems.iter().find(|p| p.field == Field::To),
                );
            });
        if let Some(problem) = problems.iter().find(|p| p.field == Field::Range) {
            ui.label(RichText::new(&problem.message).color(crate::ui::theme::palette(ui).danger));
        }
    }
}

fn shown_range(from: Date, to: Date) -> String {
    if from == to {
        crate::clock::shown_date(from)
    } else {
        t!(
            "reconcile-range",
            from = crate::clock::shown_date(from),
            to = crate::clock::shown_date(to)
        )
    }
}

fn export_path(exports_dir: &std::path::Path, from: time::Date, to: time::Date) -> PathBuf {
    exports_dir.join(format!(
        "paydesk-{}_{}.csv",
        reconcile::format_date(from),
        reconcile::format_date(to)
    ))
}

/// The close's lines (`ledger::close`, as the terminal prints them), drawn as the window's.
fn report_ui(ui: &mut Ui, close: &CloseLines) {
    // The three figures first, before any detail; the range is shown above, by the choice
    // that made it.
    figures_view::figures_ui(ui, &close.figures);
    ui.add_space(crate::ui::theme::space::LARGE);
    ui.label(RichText::new(&close.notifications).weak());
    // Two kinds of money, each under words that say whose it is: never one figure.
    ui.label(RichText::new(&close.service_heading).strong());
    totals_grid(ui, close);
    if !close.by_state.is_empty() {
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(RichText::new(CloseLines::by_state_heading()).strong());
        for line in &close.by_state {
            ui.label(line);
        }
    }
    if let Some(unconfirmed) = &close.unconfirmed {
        // Announced, not confirmed: on a line of their own, in no total.
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.label(
            RichText::new(unconfirmed)
                .strong()
                .color(crate::ui::theme::palette(ui).warning),
        );
    }
    if let Some(cash) = &close.cash {
        cash_view::cash_ui(ui, cash);
    }
    if let Some(tabs) = &close.tabs {
        tabs_view::tabs_ui(ui, tabs);
    }
    ui.add_space(crate::ui::theme::space::SMALL);
    exceptions_ui(ui, close);
}

/// The money received and sent, a row each, under the figures' titles.
fn totals_grid(ui: &mut Ui, close: &CloseLines) {
    let line = || Title::Unseen(t!("table-column-line"));
    let grid = egui::Grid::new("reconcile-totals")
        .num_columns(5)
        .striped(true)
        .spacing([18.0, 4.0]);
    table::grid(ui, "close-totals", &t!("close-table"), grid, |ui| {
        let titles = CloseLines::columns().map(Title::Shown);
        GridRow::titles(ui, 0, std::iter::once(line()).chain(titles));
        GridRow::lines(ui, 1, &close.received, |ui, row, line| {
            row.cell(ui, |ui| {
                if line.part {
                    ui.label(format!("  {}", line.label));
                } else {
                    ui.label(&line.label);
                }
            });
            let totals = &line.totals;
            row.cell(ui, |ui| ui.label(totals.count.to_string()));
            for pesos in [totals.gross, totals.fee, totals.net] {
                row.cell(ui, |ui| amount_label(ui, pesos, |text| text));
            }
        });
        // Money sent under titles of its own: a payout has no payer, no fee and nothing the
        // shop receives.
        let first = close.received.len() + 1;
        let titles = CloseLines::payout_columns().map(Title::Shown);
        GridRow::titles(ui, first, std::iter::once(line()).chain(titles));
        GridRow::lines(ui, first + 1, &close.payouts, |ui, row, line| {
            row.text(ui, &line.label, &t!("table-column-line"));
            row.cell(ui, |ui| ui.label(line.totals.count.to_string()));
            row.cell(ui, |ui| amount_label(ui, line.totals.gross, |text| text));
        });
        returns_rows(ui, close, first + 1 + close.payouts.len());
    });
    // Whose cost a return's fee is, said beside the returns.
    if let Some(note) = &close.returns_fee {
        ui.label(RichText::new(note).weak());
    }
}

/// Money back to customers, apart from payouts to suppliers (their own titles: an amount sent
/// back), then sales less returns by method and cashier; `first` is the grid's next row.
fn returns_rows(ui: &mut Ui, close: &CloseLines, first: usize) {
    if close.returns.is_empty() {
        return;
    }
    let line = || Title::Unseen(t!("table-column-line"));
    let indented = |ui: &mut Ui, part: bool, label: &str| {
        if part {
            ui.label(format!("  {label}"))
        } else {
            ui.label(label)
        }
    };
    let titles = [t!("activity-count"), t!("close-returned")].map(Title::Shown);
    GridRow::titles(ui, first, std::iter::once(line()).chain(titles));
    GridRow::lines(ui, first + 1, &close.returns, |ui, row, line| {
        row.cell(ui, |ui| indented(ui, line.part, &line.label));
        row.cell(ui, |ui| ui.label(line.totals.count.to_string()));
        row.cell(ui, |ui| amount_label(ui, line.totals.gross, |text| text));
    });
    let first = first + 1 + close.returns.len();
    let titles = CloseLines::net_columns().map(Title::Shown);
    GridRow::titles(ui, first, std::iter::once(line()).chain(titles));
    GridRow::lines(ui, first + 1, &close.net, |ui, row, line| {
        row.cell(ui, |ui| indented(ui, line.part, &line.label));
        let figures = &line.figures;
        for pesos in [figures.sold, figures.returned, figures.left] {
            row.cell(ui, |ui| amount_label(ui, pesos, |text| text));
        }
    });
}

fn exceptions_ui(ui: &mut Ui, close: &CloseLines) {
    if close.exceptions.is_empty() {
        ui.label(RichText::new(&close.exceptions_heading).strong());
        return;
    }
    ui.label(
        RichText::new(&close.exceptions_heading)
            .strong()
            .color(crate::ui::theme::palette(ui).danger),
    );
    let grid = egui::Grid::new("exceptions").num_columns(3).striped(true);
    let name = t!("close-exceptions-table");
    table::grid(ui, "close-exceptions", &name, grid, |ui| {
        let titles = [
            t!("table-column-what"),
            t!("confirm-reference"),
            t!("log-detail"),
        ];
        GridRow::unseen_titles(ui, titles);
        GridRow::lines(ui, 1, &close.exceptions, |ui, row, exception| {
            row.text(ui, &exception.kind, &t!("table-column-what"));
            row.cell(ui, |ui| {
                ui.label(RichText::new(&exception.reference).monospace())
            });
            // A detail names every payment involved: it wraps rather than run off the window.
            row.cell(ui, |ui| ui.add(egui::Label::new(&exception.detail).wrap()));
        });
    });
}

impl crate::ui::panels::PanelState for ReconcilePanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        ReconcilePanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut egui::Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        self.ui(
            ui,
            draw.session.ledger.is_ok(),
            draw.access.owner_side(),
            draw.paper,
        );
    }

    /// The close counts notifications, payouts and every payment that ends.
    fn hear(&mut self, news: &crate::ui::plumbing::news::News) {
        match news {
            _ if crate::ui::panels::another_merchant(news) => *self = Default::default(),
            crate::ui::plumbing::news::News::Books {
                notifications: false,
                payouts: false,
            }
            | crate::ui::plumbing::news::News::Connected { .. }
            | crate::ui::plumbing::news::News::Language => {}
            crate::ui::plumbing::news::News::Books { .. }
            | crate::ui::plumbing::news::News::Notification { .. }
            | crate::ui::plumbing::news::News::Cash
            | crate::ui::plumbing::news::News::Tab
            | crate::ui::plumbing::news::News::PaymentEnded { .. } => self.mark_stale(),
            crate::ui::plumbing::news::News::AnotherPerson => self.forget_person(),
        }
    }
}
