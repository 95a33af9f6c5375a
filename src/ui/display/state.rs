//! What the customer display shows, as a small value apart from drawing: the shop's name while
//! idle, the amount and the QR while a sale waits (with what was paid in cash or put on a tab
//! above it, for a mixed sale), its end in the customer's words for a few seconds, then idle
//! again; a sale paid whole at the till (cash, fiado) is said at once, then idle. The app updates it each frame from the followed payment; the
//! window only draws the [`Showing`] it is handed.

use crate::api::TransactionStatus;
use crate::money::Pesos;
use crate::ui::customer::{
    CreatedPayment, SOLD_SHOWN_FOR, SaleOnScreen, end_shown_for, followed_state,
};
use crate::ui::services::tracker::TrackedPayment;

/// One frame of the customer display, as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Showing {
    Idle {
        shop: String,
    },
    Sale {
        amount: Option<Pesos>,
        /// What the QR encodes.
        qr_text: String,
        /// Since when the service has not answered (ms since the epoch): "we are confirming".
        service_away: Option<i64>,
        /// The sale it is a part of: what was paid at the till before this QR.
        sale: SaleOnScreen,
    },
    /// A sale paid whole at the till: its total, cash received and change, whose tab.
    Sold {
        sale: SaleOnScreen,
    },
    Ended {
        state: TransactionStatus,
        /// What was paid (or asked, for a payment that did not go through).
        amount: Option<Pesos>,
        /// The service's word on a payment that did not go through.
        reason: Option<String>,
    },
}

/// What the app knows of the sale on display, this frame.
pub struct Followed<'a> {
    pub tracked: Option<&'a TrackedPayment>,
    pub reason: Option<&'a str>,
    pub service_away: Option<i64>,
}

/// The payment in front of the customer, and how far its showing has gone.
struct OnDisplay {
    payment: CreatedPayment,
    /// For a code that takes many payments: how many were in when it was put on display.
    received_before: usize,
    /// When (egui's clock, seconds) its end was first shown.
    ended_at: Option<f64>,
}

/// The display's state: the sale in front of the customer, if any.
#[derive(Default)]
pub struct DisplayState {
    shown: Option<OnDisplay>,
}

impl DisplayState {
    /// Puts a sale in front of the customer, in place of whatever was there.
    pub fn show(&mut self, payment: CreatedPayment, received_before: usize) {
        self.shown = Some(OnDisplay {
            payment,
            received_before,
            ended_at: None,
        });
    }

    /// The reference of the sale on display, until the display goes idle again.
    pub fn reference(&self) -> Option<&str> {
        self.shown
            .as_ref()
            .map(|shown| shown.payment.reference.as_str())
    }

    /// Nothing in front of the customer any more (another merchant's profile, for one).
    pub fn clear(&mut self) {
        self.shown = None;
    }

    /// What the display shows at `now` (egui's clock, seconds), and how many seconds until it
    /// changes by itself (an end going back to idle). An end shown long enough goes: the
    /// display is idle again, and `reference` says so.
    pub fn update(
        &mut self,
        now: f64,
        shop: &str,
        followed: Followed<'_>,
    ) -> (Showing, Option<f64>) {
        let idle = Showing::Idle {
            shop: shop.to_owned(),
        };
        let Some(shown) = &mut self.shown else {
            return (idle, None);
        };
        if shown.payment.settled_here() {
            let ended_at = *shown.ended_at.get_or_insert(now);
            let left = SOLD_SHOWN_FOR - (now - ended_at);
            if left <= 0.0 {
                self.shown = None;
                return (idle, None);
            }
            let sale = shown.payment.sale.clone();
            return (Showing::Sold { sale }, Some(left));
        }
        let (state, paid) = followed_state(followed.tracked, shown.received_before);
        let Some(state) = state.filter(|state| state.is_final()) else {
            let showing = Showing::Sale {
                amount: shown.payment.amount,
                qr_text: shown.payment.qr_text.clone(),
                service_away: followed.service_away,
                sale: shown.payment.sale.clone(),
            };
            return (showing, None);
        };
        let ended_at = *shown.ended_at.get_or_insert(now);
        let left = end_shown_for(state) - (now - ended_at);
        if left <= 0.0 {
            self.shown = None;
            return (idle, None);
        }
        let showing = Showing::Ended {
            state,
            amount: paid.or(shown.payment.amount),
            reason: followed
                .reason
                .filter(|_| state != TransactionStatus::Approved)
                .map(str::to_owned),
        };
        (showing, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payment() -> CreatedPayment {
        CreatedPayment::example("PD1", 35_000)
    }

    fn nothing_heard() -> Followed<'static> {
        Followed {
            tracked: None,
            reason: None,
            service_away: None,
        }
    }

    #[test]
    fn idle_shows_the_shop_then_a_sale_shows_its_amount_and_qr() {
        let mut display = DisplayState::default();
        let (idle, _) = display.update(0.0, "Tienda Doña Rosa", nothing_heard());
        assert_eq!(
            idle,
            Showing::Idle {
                shop: "Tienda Doña Rosa".into()
            }
        );
        display.show(payment(), 0);
        let (sale, wake) = display.update(1.0, "Tienda Doña Rosa", nothing_heard());
        assert_eq!(
            sale,
            Showing::Sale {
                amount: Some(Pesos::new(35_000)),
                qr_text: "http://127.0.0.1/checkout/PD1".into(),
                service_away: None,
                sale: SaleOnScreen::default(),
            }
        );
        assert_eq!(wake, None);
        assert_eq!(display.reference(), Some("PD1"));
    }

    fn tracked(status: TransactionStatus) -> TrackedPayment {
        let mut tracked = TrackedPayment::new(
            "PD1".into(),
            crate::api::kind::PaymentKind::Link,
            Some(Pesos::new(35_000)),
            "PD1".into(),
            "http://127.0.0.1/checkout/PD1".into(),
        );
        tracked.status = Some(status);
        tracked
    }

    #[test]
    fn paid_shows_for_a_few_seconds_then_the_shop_again() {
        let mut display = DisplayState::default();
        display.show(payment(), 0);
        let paid = tracked(TransactionStatus::Approved);
        let heard = || Followed {
            tracked: Some(&paid),
            reason: Some("ignored for an approval"),
            service_away: None,
        };
        let (showing, wake) = display.update(10.0, "Tienda", heard());
        assert_eq!(
            showing,
            Showing::Ended {
                state: TransactionStatus::Approved,
                amount: Some(Pesos::new(35_000)),
                reason: None,
            }
        );
        assert_eq!(wake, Some(end_shown_for(TransactionStatus::Approved)));
        let (still, _) = display.update(15.0, "Tienda", heard());
        assert!(matches!(still, Showing::Ended { .. }));
        let (idle, wake) = display.update(16.5, "Tienda", heard());
        assert_eq!(
            idle,
            Showing::Idle {
                shop: "Tienda".into()
            }
        );
        assert_eq!((wake, display.reference()), (None, None));
    }

    #[test]
    fn a_refusal_carries_the_services_reason_and_stays_longer() {
        let mut display = DisplayState::default();
        display.show(payment(), 0);
        let refused = tracked(TransactionStatus::Rejected);
        let heard = Followed {
            tracked: Some(&refused),
            reason: Some("Fondos insuficientes"),
            service_away: None,
        };
        let (showing, wake) = display.update(0.0, "Tienda", heard);
        assert_eq!(
            showing,
            Showing::Ended {
                state: TransactionStatus::Rejected,
                amount: Some(Pesos::new(35_000)),
                reason: Some("Fondos insuficientes".into()),
            }
        );
        assert!(wake > Some(end_shown_for(TransactionStatus::Approved)));
    }

    #[test]
    fn a_sale_paid_at_the_till_is_said_then_the_shop_again() {
        let mut display = DisplayState::default();
        let sale = SaleOnScreen {
            total: Some(Pesos::new(15_000)),
            paid: vec![crate::ui::customer::PaidHere::Cash {
                amount: Pesos::new(15_000),
                received: Pesos::new(20_000),
                change: Pesos::new(5_000),
            }],
            ..SaleOnScreen::default()
        };
        let cash = CreatedPayment {
            amount: Some(Pesos::new(15_000)),
            reference: "1-000001".into(),
            sale: sale.clone(),
            ..CreatedPayment::default()
        };
        display.show(cash, 0);
        let (showing, wake) = display.update(0.0, "Tienda", nothing_heard());
        assert_eq!(showing, Showing::Sold { sale });
        assert_eq!(wake, Some(SOLD_SHOWN_FOR));
        let (idle, _) = display.update(SOLD_SHOWN_FOR + 0.5, "Tienda", nothing_heard());
        assert!(matches!(idle, Showing::Idle { .. }));
        assert_eq!(display.reference(), None);
    }

    #[test]
    fn with_the_line_down_the_sale_says_it_is_being_confirmed() {
        let mut display = DisplayState::default();
        display.show(payment(), 0);
        let waiting = tracked(TransactionStatus::Pending);
        let heard = Followed {
            tracked: Some(&waiting),
            reason: None,
            service_away: Some(1_700_000_000_000),
        };
        let (showing, _) = display.update(0.0, "Tienda", heard);
        assert!(matches!(
            showing,
            Showing::Sale {
                service_away: Some(_),
                ..
            }
        ));
    }
}
