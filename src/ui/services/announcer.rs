//! The approval announced at a till: the chime, the desktop notification and the voice, once in
//! a sale's life (the books say whether it was announced before, on any till, in any run).

use std::sync::Arc;

use crate::ledger::{Ledger, ReceivedPayment};
use crate::money::Pesos;
use crate::speech::{PaymentNews, Verdict};

use crate::ui::services::alerts::{self, AlertSettings};

/// The books an announcement is claimed in, and for which profile (none: this run's memory).
type Books = Arc<std::sync::Mutex<Option<(Arc<Ledger>, String)>>>;

/// The approval alert (sound, voice and desktop notification): once in a sale's life. A
/// code's payment may reach a till by its status check and by a notification, and a sale's
/// approval by its follower after a restart: the books' claim (`Ledger::claim_announcement`)
/// lets it sound once, ever, on every till of the books.
#[derive(Clone)]
pub(super) struct Announcer {
    pub(super) alerts: AlertSettings,
    /// What this run announced (`reference/provider reference`; a sale's has none), so a second
    /// path in the same run asks the books nothing.
    announced: Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
    /// The books the claim is made in, and for which profile (none: this run's memory only).
    books: Books,
}

/// What the voice needs to know of the sale an approval belongs to.
#[derive(Debug, Clone, Copy)]
pub(super) struct AboutSale {
    /// Made at this till: on a shared ledger each till says only its own sales.
    pub(super) made_here: bool,
    /// A code that takes many payments: each of its payments is said, the code never.
    pub(super) takes_many: bool,
}

impl Announcer {
    pub(super) fn new(alerts: AlertSettings) -> Announcer {
        Announcer {
            alerts,
            announced: Arc::default(),
            books: Arc::default(),
        }
    }

    /// Where announcements are claimed from now on (a profile's books, or none).
    pub(super) fn claim_in(&self, books: Option<(Arc<Ledger>, String)>) {
        if let Ok(mut claimed_in) = self.books.lock() {
            *claimed_in = books;
        }
    }

    /// A payment's approval, or one payment of a code that takes many, as the service's answer
    /// to a status question says: sounded and said once.
    pub(super) fn approved(
        &self,
        reference: &str,
        received: Option<&ReceivedPayment>,
        amount: Option<Pesos>,
        sale: AboutSale,
    ) {
        let runtime = tokio::runtime::Handle::current();
        match received {
            Some(payment) => self.once(
                &runtime,
                reference,
                &payment.provider_reference,
                payment.amount,
                sale,
            ),
            None => self.once(&runtime, reference, "", amount, sale),
        }
    }

    /// Announces `payment` of `reference` (empty: the sale's own approval) unless it was
    /// announced before, in this run or, as the books say, ever. The claim reads the books, so
    /// it runs on the blocking pool.
    pub(super) fn once(
        &self,
        runtime: &tokio::runtime::Handle,
        reference: &str,
        payment: &str,
        amount: Option<Pesos>,
        sale: AboutSale,
    ) {
        let first = self
            .announced
            .lock()
            .map(|mut announced| announced.insert(format!("{reference}/{payment}")))
            // A poisoned set only means a panicked announcement: sounding again is harmless.
            .unwrap_or(true);
        if !first {
            return;
        }
        let this = self.clone();
        let (reference, payment) = (reference.to_owned(), payment.to_owned());
        runtime.spawn_blocking(move || {
            // The till that made the sale claims it in the books, where the customer stands:
            // any other till that hears of it says it at most once in its run, never instead.
            if sale.made_here && !this.claimed_in_books(&reference, &payment) {
                return;
            }
            let payment = (!payment.is_empty()).then_some(payment.as_str());
            this.say(&reference, payment, amount, sale);
            let (title, body) = alert_words(&reference, amount);
            alerts::announce(&this.alerts, &title, &body);
        });
    }

    /// Whether this till may announce: the books had not announced it (or there are none).
    /// Books that cannot answer do not silence an approval.
    fn claimed_in_books(&self, reference: &str, payment: &str) -> bool {
        let books = self.books.lock().ok().and_then(|books| books.clone());
        let Some((ledger, profile)) = books else {
            return true;
        };
        ledger
            .claim_announcement(&profile, reference, payment)
            .unwrap_or_else(|error| {
                tracing::error!(%error, "the books could not say whether an approval was announced");
                true
            })
    }

    /// Only what the service confirmed reaches here (a status answer, or a code's payment the
    /// books took from one): the voice's own rule decides the rest.
    fn say(&self, reference: &str, payment: Option<&str>, amount: Option<Pesos>, sale: AboutSale) {
        let news = PaymentNews {
            reference: reference.to_owned(),
            takes_many: sale.takes_many,
            payment: payment.map(str::to_owned),
            amount,
            verdict: Verdict::ApprovedByTheService,
            made_here: sale.made_here,
        };
        // The chime sounds with every approval when Configuración has it on: the voice sounds
        // it only in place of a sentence it could not say, and never twice.
        self.alerts.voice().hear(&news, self.alerts.sound());
    }
}

/// The desktop notification's title and body for an approval.
fn alert_words(reference: &str, amount: Option<Pesos>) -> (String, String) {
    let title = crate::t!("alert-title");
    let body = match amount {
        Some(amount) => crate::t!(
            "alert-approved-amount",
            amount = amount.to_string(),
            reference = reference
        ),
        None => crate::t!("alert-approved", reference = reference),
    };
    (title, body)
}
