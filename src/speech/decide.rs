//! What is said aloud (and told a screen reader) for what the app heard about a payment. Pure
//! (no engine, no clock), so the rule is tested on its own: only an approval the service itself
//! confirmed, of a sale made at this till, is said, and each payment once, however many paths
//! report it (the till's follower, the receiver, another till through a shared ledger). A
//! refusal, a failure, an expiry, a pending payment and an approval only a notification
//! announced are never said: a notification is a hint, never money (DESIGN.md, "Money
//! safety"). A screen reader is told by the same rule, a refusal included (`Spoken::tell`).

use std::collections::{HashSet, VecDeque};

use crate::i18n;
use crate::money::Pesos;

use super::engine::Said;

/// The sentence for an approval of `amount`, in the language in use: "Pago recibido: treinta y
/// cinco mil pesos". Without a known amount (or past the words' range) it says the approval
/// alone.
pub fn approval(amount: Option<Pesos>) -> Said {
    let language = i18n::current();
    let text = match amount.and_then(|amount| amount.in_words(language)) {
        Some(words) => crate::t!("speech-approval", amount = words),
        None => crate::t!("speech-approval-no-amount"),
    };
    Said { text, language }
}

/// How the app learned of a payment's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The service's own answer to a status question says approved: what the books record.
    ApprovedByTheService,
    /// Only a notification says approved; the service has not confirmed it ("por confirmar").
    ApprovedByANotification,
    /// Declined, failed, cancelled or expired.
    NotPaid,
    /// Still pending or being processed.
    Pending,
}

/// What the app heard about one payment, in the speech's own terms (the app maps its status
/// answers and its list's news onto it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentNews {
    /// The sale's reference (paydesk's own).
    pub reference: String,
    /// A code that takes many payments (a counter QR, a Bre-B key): each of its payments is said
    /// on its own, and news of the code as a whole (`payment: None`) is not.
    pub takes_many: bool,
    /// One payment of such a code: its provider reference, which tells its payments apart.
    pub payment: Option<String>,
    /// What this payment brought, as the service's answer says.
    pub amount: Option<Pesos>,
    pub verdict: Verdict,
    /// The sale was made at this till: a shared ledger also shows the other tills' sales, and
    /// each till says only its own.
    pub made_here: bool,
}

/// How many said payments are remembered: far more than a shop's day, and bounded for an app
/// left open for weeks.
const REMEMBERED: usize = 10_000;

/// The payments already said, so that each is said once.
#[derive(Debug, Default)]
pub struct Spoken {
    said: HashSet<(String, Option<String>)>,
    order: VecDeque<(String, Option<String>)>,
}

impl Spoken {
    pub fn new() -> Spoken {
        Spoken::default()
    }

    /// What to say for `news`, if anything. A sentence returned is remembered as said: the
    /// same payment reported again (by the receiver after the follower) returns nothing.
    pub fn decide(&mut self, news: &PaymentNews) -> Option<Said> {
        (news.verdict == Verdict::ApprovedByTheService && self.first_time(news))
            .then(|| approval(news.amount))
    }

    /// Whether a screen reader is told of `news`: the voice's rule (what the service itself
    /// decided, of a sale made at this till, each payment once), and a payment that did not go
    /// through as well. The voice is the shop's and the customer hears it; a screen reader is
    /// the cashier's own, and a cashier who cannot see the banner must hear the refusal.
    pub fn tell(&mut self, news: &PaymentNews) -> bool {
        matches!(
            news.verdict,
            Verdict::ApprovedByTheService | Verdict::NotPaid
        ) && self.first_time(news)
    }

    /// A payment of a sale made here heard of for the first time (remembered from now on); a
    /// code that takes many payments is told of by each payment, never as a whole.
    fn first_time(&mut self, news: &PaymentNews) -> bool {
        if !news.made_here || (news.takes_many && news.payment.is_none()) {
            return false;
        }
        let key = (news.reference.clone(), news.payment.clone());
        if !self.said.insert(key.clone()) {
            return false;
        }
        self.order.push_back(key);
        if self.order.len() > REMEMBERED
            && let Some(oldest) = self.order.pop_front()
        {
            self.said.remove(&oldest);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sale(verdict: Verdict) -> PaymentNews {
        PaymentNews {
            reference: "V-1".to_owned(),
            takes_many: false,
            payment: None,
            amount: Some(Pesos::new(35_000)),
            verdict,
            made_here: true,
        }
    }

    #[test]
    fn only_an_approval_the_service_confirmed_here_is_said_and_once() {
        let mut spoken = Spoken::new();
        assert!(spoken.decide(&sale(Verdict::Pending)).is_none());
        assert!(
            spoken
                .decide(&sale(Verdict::ApprovedByANotification))
                .is_none()
        );
        assert!(spoken.decide(&sale(Verdict::NotPaid)).is_none());
        let elsewhere = PaymentNews {
            made_here: false,
            ..sale(Verdict::ApprovedByTheService)
        };
        assert!(spoken.decide(&elsewhere).is_none());
        assert!(
            spoken
                .decide(&sale(Verdict::ApprovedByTheService))
                .is_some()
        );
        // The receiver reports what the follower already did.
        assert!(
            spoken
                .decide(&sale(Verdict::ApprovedByTheService))
                .is_none()
        );
    }

    #[test]
    fn a_screen_reader_is_told_of_a_refusal_too_and_of_each_payment_once() {
        let mut told = Spoken::new();
        assert!(!told.tell(&sale(Verdict::Pending)));
        assert!(!told.tell(&sale(Verdict::ApprovedByANotification)));
        let elsewhere = PaymentNews {
            made_here: false,
            ..sale(Verdict::NotPaid)
        };
        assert!(!told.tell(&elsewhere));
        assert!(told.tell(&sale(Verdict::NotPaid)));
        assert!(!told.tell(&sale(Verdict::NotPaid)));
        let next = PaymentNews {
            reference: "V-2".to_owned(),
            ..sale(Verdict::ApprovedByTheService)
        };
        assert!(told.tell(&next));
        assert!(!told.tell(&next));
    }

    #[test]
    fn a_codes_payments_are_each_said_once_and_the_code_itself_never() {
        let mut spoken = Spoken::new();
        let code = |payment: Option<&str>| PaymentNews {
            takes_many: true,
            payment: payment.map(str::to_owned),
            ..sale(Verdict::ApprovedByTheService)
        };
        assert!(spoken.decide(&code(None)).is_none());
        assert!(spoken.decide(&code(Some("P1"))).is_some());
        assert!(spoken.decide(&code(Some("P2"))).is_some());
        assert!(spoken.decide(&code(Some("P1"))).is_none());
    }

    #[test]
    fn the_memory_is_bounded() {
        let mut spoken = Spoken::new();
        for index in 0..REMEMBERED + 5 {
            let news = PaymentNews {
                reference: format!("V-{index}"),
                ..sale(Verdict::ApprovedByTheService)
            };
            assert!(spoken.decide(&news).is_some());
        }
        assert_eq!(spoken.said.len(), REMEMBERED);
        assert_eq!(spoken.order.len(), REMEMBERED);
    }
}
