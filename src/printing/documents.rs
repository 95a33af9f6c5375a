//! The four things a shop prints, read from the books: a payment's receipt, a return's receipt,
//! the day's close, and the counter's poster. Each is built from what the service confirmed and
//! nothing else: a receipt needs a received payment, a return's receipt a return the service
//! confirmed, the close is `Ledger::reconcile`'s report.

use crate::api::catalog::MethodCatalog;
use crate::ledger::close::{CashLines, CloseLines, FigureLines, TabLines};
use crate::ledger::reconcile::{Report, Totals};
use crate::ledger::{Collection, Ledger, PayoutState, ReceivedPayment, ReturnRecord, SaleReturns};
use crate::money::Pesos;

use super::pdf::{ACCENT, Canvas, INK, PT_PER_MM, SOFT_INK, page_settings};
use super::slip::{Slip, SlipLine, printable};
use super::{PageSize, PrintError};

/// A payment the service confirmed, with the sale it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub shop: String,
    pub payment: ReceivedPayment,
    pub sale: Collection,
}

impl Receipt {
    /// The receipt of `reference` (the payment `provider` names when the code took several;
    /// else its latest), from the books. A payment the service has not confirmed has none.
    pub fn from_books(
        ledger: &Ledger,
        profile: &str,
        shop: &str,
        reference: &str,
        provider: Option<&str>,
    ) -> Result<Receipt, PrintError> {
        let sale = ledger
            .collection_by_reference(profile, reference)?
            .ok_or_else(|| PrintError::UnknownReference(reference.to_owned()))?;
        let payments = ledger.received_of(profile, reference)?;
        let payment = match provider {
            Some(provider) => payments
                .into_iter()
                .find(|payment| payment.provider_reference == provider),
            None => payments.into_iter().last(),
        }
        .ok_or_else(|| PrintError::NotConfirmed(reference.to_owned()))?;
        Ok(Receipt {
            shop: shop.to_owned(),
            payment,
            sale,
        })
    }

    /// What the print queue and the PDF call it: one receipt told from another.
    pub fn title(&self) -> String {
        format!(
            "{} {}",
            crate::t!("receipt-title"),
            printable(&self.payment.reference)
        )
    }

    pub fn slip(&self, catalog: &MethodCatalog) -> Slip {
        let mut slip = Slip::default();
        slip.push(SlipLine::Title(self.shop.clone()));
        slip.push(SlipLine::Heading(crate::t!("receipt-title")));
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Big(amount_words(self.payment.amount)));
        slip.push(SlipLine::Pair(
            crate::t!("receipt-when"),
            crate::clock::shown_datetime(self.payment.received_at),
        ));
        slip.push(SlipLine::Pair(
            crate::t!("receipt-method"),
            self.sale.kind.words(catalog),
        ));
        if !self.sale.description.is_empty() {
            slip.push(SlipLine::Pair(
                crate::t!("receipt-concept"),
                self.sale.description.clone(),
            ));
        }
        slip.push(SlipLine::Pair(
            crate::t!("receipt-reference"),
            self.payment.reference.clone(),
        ));
        if !self.payment.provider_reference.is_empty() {
            slip.push(SlipLine::Pair(
                crate::t!("receipt-provider-reference"),
                self.payment.provider_reference.clone(),
            ));
        }
        if !self.sale.made_by.cashier.is_empty() {
            slip.push(SlipLine::Pair(
                crate::t!("receipt-cashier"),
                self.sale.made_by.cashier.clone(),
            ));
        }
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Qr(self.payment.reference.clone()));
        slip.push(SlipLine::Small(crate::t!("receipt-confirmed")));
        slip.push(SlipLine::Small(crate::t!("receipt-not-an-invoice")));
        slip
    }
}

/// Money back to a customer, once the service confirmed it went: the shop, the sale returned,
/// the amount, why, where it went and the service's reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReturnReceipt {
    pub shop: String,
    pub returned: ReturnRecord,
    /// What the customer had paid for the sale (or the code's payment) and what went back of it
    /// in all, when the books still say.
    pub sale: Option<SaleReturns>,
}

impl ReturnReceipt {
    /// The receipt of the return sent under `reference1`, from the books. A return the service
    /// has not confirmed has none yet.
    pub fn from_books(
        ledger: &Ledger,
        profile: &str,
        shop: &str,
        reference1: &str,
    ) -> Result<ReturnReceipt, PrintError> {
        let returned = ledger
            .return_by_reference(profile, reference1)?
            .ok_or_else(|| PrintError::NotAReturn(reference1.to_owned()))?;
        if returned.payout.state != PayoutState::Approved {
            return Err(PrintError::ReturnNotConfirmed(reference1.to_owned()));
        }
        let sale = ledger.returned(profile, &returned.tie.sale, &returned.tie.payment)?;
        Ok(ReturnReceipt {
            shop: shop.to_owned(),
            returned,
            sale,
        })
    }

    /// What the print queue and the PDF call it.
    pub fn title(&self) -> String {
        format!(
            "{} {}",
            crate::t!("return-receipt-title"),
            printable(&self.returned.payout.reference1)
        )
    }

    pub fn slip(&self, catalog: &MethodCatalog) -> Slip {
        let payout = &self.returned.payout;
        let tie = &self.returned.tie;
        let mut slip = Slip::default();
        slip.push(SlipLine::Title(self.shop.clone()));
        slip.push(SlipLine::Heading(crate::t!("return-receipt-title")));
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Big(payout.amount.to_string()));
        let mut pair = |label: String, value: String| slip.push(SlipLine::Pair(label, value));
        pair(
            crate::t!("receipt-when"),
            crate::clock::shown_datetime(payout.updated_at),
        );
        pair(crate::t!("return-receipt-sale"), tie.sale.clone());
        if !tie.payment.is_empty() {
            pair(crate::t!("return-receipt-payment"), tie.payment.clone());
        }
        pair(
            crate::t!("receipt-method"),
            self.returned.kind.words(catalog),
        );
        if let Some(sale) = &self.sale {
            pair(crate::t!("paid-by-customer"), sale.paid.to_string());
            if let Some(words) = sale.words() {
                pair(crate::t!("return-receipt-so-far"), words);
            }
        }
        pair(crate::t!("return-receipt-reason"), tie.reason.words());
        pair(
            crate::t!("return-receipt-to"),
            crate::validate::group_cellphone(&payout.destination),
        );
        pair(
            crate::t!("return-receipt-how"),
            crate::api::payout_methods::payout_method_name(payout.method_id),
        );
        if let Some(service) = &payout.transaction_reference {
            pair(
                crate::t!("return-receipt-service-reference"),
                service.clone(),
            );
        }
        pair(crate::t!("receipt-reference"), payout.reference1.clone());
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Small(crate::t!("return-receipt-confirmed")));
        slip.push(SlipLine::Small(crate::t!("receipt-not-an-invoice")));
        slip
    }
}

fn amount_words(amount: Option<Pesos>) -> String {
    amount.map_or_else(
        || crate::t!("receipt-amount-unknown"),
        |amount| amount.to_string(),
    )
}

/// The close on paper: the three figures first (Ventas, Recibido, Por cobrar), then the figures
/// of Cuadre del día, by method and by cashier, the service's money and, apart under its own
/// heading, the drawers' cash.
pub fn close_slip(shop: &str, report: &Report, catalog: &MethodCatalog, printed_at: i64) -> Slip {
    let mut slip = Slip::default();
    slip.push(SlipLine::Title(shop.to_owned()));
    slip.push(SlipLine::Heading(if report.from == report.to {
        crate::t!(
            "close-paper-title-day",
            day = crate::clock::shown_date(report.from)
        )
    } else {
        crate::t!(
            "close-paper-title",
            from = crate::clock::shown_date(report.from),
            to = crate::clock::shown_date(report.to)
        )
    }));
    figures_on_paper(&mut slip, &FigureLines::of(&report.figures, catalog));
    slip.push(SlipLine::Rule);
    // Two kinds of money, each under words that say whose it is: never one figure.
    slip.push(SlipLine::Heading(crate::t!("cashclose-service-heading")));
    totals(
        &mut slip,
        &crate::t!("activity-approved-collections"),
        &report.approved,
    );
    if report.unconfirmed > 0 {
        slip.push(SlipLine::Small(crate::t!(
            "reconcile-unconfirmed",
            count = report.unconfirmed
        )));
    }
    let by_method = report
        .by_method
        .iter()
        .map(|(kind, totals)| (kind.words(catalog), totals));
    counted(
        &mut slip,
        Some(crate::t!("close-paper-by-method")),
        by_method,
    );
    if report.by_cashier.keys().any(|name| !name.is_empty()) {
        let by_cashier = report.by_cashier.iter().map(|(name, totals)| {
            let name = if name.is_empty() {
                crate::t!("close-paper-nobody")
            } else {
                name.clone()
            };
            (name, totals)
        });
        counted(
            &mut slip,
            Some(crate::t!("close-paper-by-cashier")),
            by_cashier,
        );
    }
    let payouts = [
        (crate::t!("close-paper-payouts-paid"), &report.payouts_paid),
        (crate::t!("close-paper-payouts-open"), &report.payouts_open),
        (
            crate::t!("close-paper-payouts-failed"),
            &report.payouts_failed,
        ),
    ];
    let payouts = payouts.into_iter().filter(|(_, totals)| totals.count > 0);
    counted(&mut slip, None, payouts);
    returns_on_paper(&mut slip, report, catalog);
    if !report.cash.is_empty() {
        super::cash::cash_on_paper(&mut slip, &CashLines::of(&report.cash));
    }
    if !report.tabs.is_empty() {
        super::tabs::tabs_on_paper(&mut slip, &TabLines::of(&report.tabs));
    }
    if !report.exceptions.is_empty() {
        slip.push(SlipLine::Small(crate::t!(
            "close-paper-exceptions",
            count = report.exceptions.len()
        )));
    }
    slip.push(SlipLine::Rule);
    slip.push(SlipLine::Small(crate::t!(
        "close-paper-printed",
        when = crate::clock::shown_datetime(printed_at)
    )));
    slip
}

/// The three figures, each under a rule and its name: the answer in bold, what it is, its
/// parts, and what counts in no figure. The close's own lines (`ledger::close::FigureLines`), so
/// paper and screen say the same.
fn figures_on_paper(slip: &mut Slip, figures: &FigureLines) {
    for figure in figures.all() {
        slip.push(SlipLine::Rule);
        match figure.amount {
            Some(amount) => slip.push(SlipLine::BoldPair(figure.title.clone(), amount.to_string())),
            None => slip.push(SlipLine::Heading(figure.title.clone())),
        }
        slip.push(SlipLine::Small(figure.meaning.clone()));
        for line in &figure.lines {
            let indent = if line.part { "  " } else { "" };
            let label = format!("{indent}{}", line.label);
            slip.push(match line.amount {
                Some(amount) => SlipLine::Pair(label, amount.to_string()),
                None => SlipLine::Text(label),
            });
        }
        for words in &figure.apart {
            slip.push(SlipLine::Small(words.clone()));
        }
    }
}

/// Money back to customers, apart from payouts, and what is left of the sales once it went
/// back: the close's own lines (`ledger::close`), so paper and screen say the same.
fn returns_on_paper(slip: &mut Slip, report: &Report, catalog: &MethodCatalog) {
    let close = CloseLines::of(report, catalog);
    // Payouts that returned a sale: the service's; a return in cash or to a tab is in its own
    // section, and every kind is off the sales below.
    if !close.returns.is_empty() {
        slip.push(SlipLine::Rule);
        slip.push(SlipLine::Heading(crate::t!("close-paper-returns")));
        for line in close.returns.iter().filter(|line| line.totals.count > 0) {
            let indent = if line.part { "  " } else { "" };
            slip.push(SlipLine::Pair(
                format!("{indent}{} ({})", line.label, line.totals.count),
                line.totals.gross.to_string(),
            ));
        }
    }
    if close.net.is_empty() {
        return;
    }
    slip.push(SlipLine::Rule);
    slip.push(SlipLine::Heading(crate::t!("close-net")));
    for line in &close.net {
        let label = if line.part {
            format!("  {}", line.label)
        } else {
            crate::t!("close-left")
        };
        let figures = &line.figures;
        if line.part {
            slip.push(SlipLine::Pair(label, figures.left.to_string()));
        } else {
            slip.push(SlipLine::Pair(
                crate::t!("dayclose-sold"),
                figures.sold.to_string(),
            ));
            slip.push(SlipLine::Pair(
                crate::t!("close-returned"),
                figures.returned.to_string(),
            ));
            slip.push(SlipLine::BoldPair(label, figures.left.to_string()));
        }
    }
    if let Some(note) = close.returns_fee {
        slip.push(SlipLine::Small(note));
    }
}

/// A section of "label (count) ... amount" lines under a rule and its heading; none at all
/// when there is nothing to count.
fn counted<'a>(
    slip: &mut Slip,
    heading: Option<String>,
    lines: impl Iterator<Item = (String, &'a Totals)>,
) {
    let mut lines = lines.peekable();
    if lines.peek().is_none() {
        return;
    }
    slip.push(SlipLine::Rule);
    if let Some(heading) = heading {
        slip.push(SlipLine::Heading(heading));
    }
    for (label, totals) in lines {
        slip.push(SlipLine::Pair(
            format!("{label} ({})", totals.count),
            totals.gross.to_string(),
        ));
    }
}

fn totals(slip: &mut Slip, label: &str, totals: &Totals) {
    slip.push(SlipLine::Pair(label.to_owned(), totals.count.to_string()));
    slip.push(SlipLine::BoldPair(
        crate::t!("paid-by-customer"),
        totals.gross.to_string(),
    ));
    slip.push(SlipLine::Pair(
        crate::t!("status-fee"),
        totals.fee.to_string(),
    ));
    slip.push(SlipLine::BoldPair(
        crate::t!("you-receive"),
        totals.net.to_string(),
    ));
}

/// The QR that lives on the counter: a code that takes payment after payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Poster {
    pub shop: String,
    /// What the QR encodes.
    pub qr_text: String,
    /// How it is paid ("QR interoperable").
    pub method: String,
    /// Set when the code asks a fixed amount.
    pub amount: Option<Pesos>,
    pub reference: String,
}

impl Poster {
    /// The poster of one of the profile's codes; only a code that takes many payments has one
    /// (a one-off payment's QR on the wall would be paid once and then refused).
    pub fn from_books(
        ledger: &Ledger,
        profile: &str,
        shop: &str,
        reference: &str,
        catalog: &MethodCatalog,
    ) -> Result<Poster, PrintError> {
        let sale = ledger
            .collection_by_reference(profile, reference)?
            .ok_or_else(|| PrintError::UnknownReference(reference.to_owned()))?;
        Poster::of(&sale, shop, catalog)
    }

    pub fn of(
        sale: &Collection,
        shop: &str,
        catalog: &MethodCatalog,
    ) -> Result<Poster, PrintError> {
        if !sale.repeatable || sale.url.is_empty() {
            return Err(PrintError::NotACounterCode(sale.reference.clone()));
        }
        Ok(Poster {
            shop: shop.to_owned(),
            qr_text: sale.url.clone(),
            method: sale.kind.words(catalog),
            amount: sale.amount.filter(|amount| amount.get() > 0),
            reference: sale.reference.clone(),
        })
    }

    /// The poster as a one-page PDF on `page`.
    pub fn pdf(&self, page: PageSize) -> Result<Vec<u8>, PrintError> {
        let (width, height) = page.points();
        // Everything in proportion to the sheet: half letter is a smaller poster, not a cut one.
        let unit = width / 612.0;
        let margin = 18.0 * PT_PER_MM * unit;
        let mut document = krilla::Document::new();
        document.set_metadata(
            krilla::metadata::Metadata::new()
                .title(crate::t!("poster-title", shop = printable(&self.shop)))
                .creator("paydesk".to_owned())
                .language(crate::i18n::current().code().to_owned()),
        );
        let mut pdf_page = document.start_page_with(page_settings(width, height)?);
        let mut surface = pdf_page.surface();
        {
            let mut canvas = Canvas::new(&mut surface, width)?;
            let (left, right) = (margin, width - margin);
            // Every line is centred between the margins, its size in proportion to the sheet.
            let line = |canvas: &mut Canvas<'_, '_>, y: f32, size: f32, text: &str, colour| {
                canvas.centred(left, right, y, size * unit, text, colour);
            };
            let band = 110.0 * unit;
            canvas.rect(0.0, 0.0, width, band, ACCENT);
            let shop = printable(&self.shop);
            line(&mut canvas, band * 0.62, 40.0, &shop, (255, 255, 255));
            let mut y = band + 64.0 * unit;
            line(&mut canvas, y, 44.0, &crate::t!("poster-scan-and-pay"), INK);
            y += 20.0 * unit;
            if let Some(amount) = self.amount {
                y += 34.0 * unit;
                line(&mut canvas, y, 34.0, &amount.to_string(), INK);
                y += 10.0 * unit;
            }
            // As large as the sheet leaves: on letter about 14 cm, readable from well past a metre.
            let below = 120.0 * unit;
            let side = (right - left).min(height - y - below - margin);
            canvas.qr((width - side) / 2.0, y, side, &self.qr_text)?;
            y += side + 36.0 * unit;
            line(&mut canvas, y, 22.0, &crate::t!("customer-scan"), INK);
            y += 30.0 * unit;
            let method = crate::t!("poster-method", method = printable(&self.method));
            line(&mut canvas, y, 18.0, &method, SOFT_INK);
            let reference = crate::t!("card-reference", reference = printable(&self.reference));
            line(&mut canvas, height - margin, 10.0, &reference, SOFT_INK);
        }
        surface.finish();
        pdf_page.finish();
        document
            .finish()
            .map_err(|error| PrintError::Encode(format!("{error:?}")))
    }
}
