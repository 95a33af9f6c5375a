//! Following something until the service says it ended: one timing policy for today's payment
//! list, the payout journal and `paydesk status --wait`.
//!
//! A person scanning a QR and confirming in a bank app takes 20 s to 3 minutes. So the first
//! five minutes are polled often enough that an approval shows within 3 s by polling alone
//! (every second for 20 s, every 2 s to a minute, every 3 s to five minutes); after that the
//! interval grows by a second for every 10 s of further following, up to 30 s, for payments
//! that wait for hours (a link sent by chat, an online payout waiting for its recipient).

use std::time::Duration;

/// The longest wait between two questions, once a payment has been pending for a while.
pub const LONGEST_INTERVAL: Duration = Duration::from_secs(30);
/// How long the 3-second interval holds.
pub const WATCHED_FOR: Duration = Duration::from_secs(5 * 60);

/// How long to wait before asking again, `following_for` after the first question.
pub fn poll_interval(following_for: Duration) -> Duration {
    let seconds = following_for.as_secs();
    match seconds {
        0..20 => Duration::from_secs(1),
        20..60 => Duration::from_secs(2),
        60..300 => Duration::from_secs(3),
        later => Duration::from_secs(3 + (later - 300) / 10).min(LONGEST_INTERVAL),
    }
}

/// The clock of one following: started at the first question, it says how long to wait before
/// the next one. Callers loop: ask, stop when it ended, else `wait`.
#[derive(Debug, Clone, Copy)]
pub struct Following {
    started: tokio::time::Instant,
    limit: Option<Duration>,
}

impl Following {
    /// `limit`: give up once the next question would fall after it.
    pub fn start(limit: Option<Duration>) -> Following {
        Following {
            started: tokio::time::Instant::now(),
            limit,
        }
    }

    /// Sleeps until the next question; false (without sleeping) when it would pass the limit.
    pub async fn wait(&self) -> bool {
        let wait = poll_interval(self.started.elapsed());
        if let Some(limit) = self.limit
            && self.started.elapsed() + wait > limit
        {
            return false;
        }
        tokio::time::sleep(wait).await;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_more_than_three_seconds_in_the_first_five_minutes() {
        let mut elapsed = Duration::ZERO;
        let mut questions = 0;
        while elapsed < WATCHED_FOR {
            let wait = poll_interval(elapsed);
            assert!(wait <= Duration::from_secs(3), "{wait:?} at {elapsed:?}");
            elapsed += wait;
            questions += 1;
        }
        // Enough to see an approval fast, few enough not to hammer the service.
        assert!((100..=130).contains(&questions), "{questions}");
    }

    #[test]
    fn then_backs_off_to_half_a_minute() {
        assert_eq!(
            poll_interval(Duration::from_secs(0)),
            Duration::from_secs(1)
        );
        assert_eq!(
            poll_interval(Duration::from_secs(30)),
            Duration::from_secs(2)
        );
        assert_eq!(
            poll_interval(Duration::from_secs(299)),
            Duration::from_secs(3)
        );
        assert_eq!(
            poll_interval(Duration::from_secs(400)),
            Duration::from_secs(13)
        );
        assert_eq!(poll_interval(Duration::from_secs(3_600)), LONGEST_INTERVAL);
        let mut previous = Duration::ZERO;
        for second in (0..4_000).step_by(7) {
            let wait = poll_interval(Duration::from_secs(second));
            assert!(wait >= previous, "never shorter as time goes on");
            previous = wait;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn waits_by_the_policy_until_the_limit() {
        let following = Following::start(Some(Duration::from_secs(25)));
        let mut waits = 0;
        while following.wait().await {
            waits += 1;
        }
        // 20 waits of 1 s, then 2 s waits while they end by 25 s.
        assert_eq!(waits, 22);
        assert!(following.started.elapsed() <= Duration::from_secs(25));
        let endless = Following::start(None);
        assert!(endless.wait().await);
    }
}
