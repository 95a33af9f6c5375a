//! Whether the service answered lately: one state that the app's top bar and waiting screens,
//! the followers, the receiver's checks and the command line all read. It is kept from the
//! answers and failures of the requests already made (no extra traffic while things work), and
//! while the service does not answer, from a light check that asks four times a second whether
//! the line is back.
//!
//! One failure makes it doubtful and starts the check; the check failing too makes it down
//! (since the first failure). A passing blip never reaches the screen, and a dropped line does
//! within a status question's deadline plus the check's.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::{Semaphore, watch};

/// How the service is answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// It answers (or nothing was asked yet).
    Up,
    /// A call failed at `since_ms`: the light check is finding out whether the line dropped.
    Doubtful { since_ms: i64 },
    /// No answer since `since_ms` (the first failure); the light check goes on.
    Down { since_ms: i64 },
}

impl Reach {
    /// Since when the service has not answered, once that is sure.
    pub fn down_since(self) -> Option<i64> {
        match self {
            Reach::Down { since_ms } => Some(since_ms),
            _ => None,
        }
    }

    pub fn is_up(self) -> bool {
        self == Reach::Up
    }
}

/// How often the light check asks while the service does not answer, and how many of its
/// questions may wait at once: a line that swallows requests holds each for its whole deadline
/// (2 s, eight checks), and the one that finds the line back must not wait for a place. Four
/// greetings a second, only while the line is down, put a payment made in the dark on screen
/// within about a quarter of a second of the return.
pub const CHECK_EVERY: Duration = Duration::from_millis(250);
const CHECKS_IN_FLIGHT: usize = 10;
/// How many status questions go out at once when the line comes back: every open payment is
/// asked, a few at a time.
pub const CATCH_UP_AT_ONCE: usize = 8;

/// When a question went out, as the reachability counts returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked(u64);

pub struct Reachability {
    state: watch::Sender<Reach>,
    /// Whether a light check runs.
    checking: AtomicBool,
    /// How many times the service came back: a question asked before the last return that
    /// fails after it says nothing about the line now.
    returns: AtomicU64,
    /// Bounds the questions that go out together when the line comes back.
    catch_up: Arc<Semaphore>,
}

impl std::fmt::Debug for Reachability {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Reachability")
            .field(&self.current())
            .finish()
    }
}

impl Default for Reachability {
    fn default() -> Self {
        Reachability {
            state: watch::Sender::new(Reach::Up),
            checking: AtomicBool::new(false),
            returns: AtomicU64::new(0),
            catch_up: Arc::new(Semaphore::new(CATCH_UP_AT_ONCE)),
        }
    }
}

impl Reachability {
    pub fn current(&self) -> Reach {
        *self.state.borrow()
    }

    /// Changes, as they happen.
    pub fn subscribe(&self) -> watch::Receiver<Reach> {
        self.state.subscribe()
    }

    /// Taken when a question goes out, and given back with its failure.
    pub fn asking(&self) -> Asked {
        Asked(self.returns.load(Ordering::Acquire))
    }

    /// The service answered (whatever it said).
    pub fn answered(&self) {
        self.state.send_if_modified(|state| {
            let changed = *state != Reach::Up;
            if changed {
                self.returns.fetch_add(1, Ordering::AcqRel);
            }
            *state = Reach::Up;
            changed
        });
    }

    /// A call got no answer; true when the light check should start.
    pub fn failed(&self, asked: Asked, now_ms: i64) -> bool {
        let mut news = false;
        self.state.send_if_modified(|state| {
            news = self.is_current(asked);
            match *state {
                Reach::Up if news => {
                    *state = Reach::Doubtful { since_ms: now_ms };
                    true
                }
                _ => false,
            }
        });
        news && !self.checking.swap(true, Ordering::AcqRel)
    }

    /// The light check got no answer either: the line is down. A check that fails after the
    /// service answered (checks overlap on a line that swallows them) says nothing new.
    pub(super) fn check_failed(&self, asked: Asked) {
        self.state.send_if_modified(|state| match *state {
            Reach::Doubtful { since_ms } if self.is_current(asked) => {
                *state = Reach::Down { since_ms };
                true
            }
            _ => false,
        });
    }

    fn is_current(&self, asked: Asked) -> bool {
        self.returns.load(Ordering::Acquire) == asked.0
    }

    pub(super) fn checking_stopped(&self) {
        self.checking.store(false, Ordering::Release);
    }

    /// Takes the check up again (true) unless another already runs.
    pub(super) fn resume_checking(&self) -> bool {
        !self.checking.swap(true, Ordering::AcqRel)
    }

    pub(super) fn checks_in_flight() -> usize {
        CHECKS_IN_FLIGHT
    }

    /// Waits until the service answers again (at once when it does now).
    pub async fn back(&self) {
        let mut changes = self.subscribe();
        // The sender lives in `self`: it cannot close while this borrow does.
        let _ = changes.wait_for(|reach| reach.is_up()).await;
    }

    /// A place in the catch-up when the line comes back (a few questions at a time).
    pub async fn catch_up_turn(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        self.catch_up.clone().acquire_owned().await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_failure_is_a_doubt_and_a_failed_check_is_down_since_the_first() {
        let reach = Reachability::default();
        assert!(reach.current().is_up());
        let before = reach.asking();
        assert!(
            reach.failed(before, 1_000),
            "the first failure starts the check"
        );
        assert_eq!(reach.current(), Reach::Doubtful { since_ms: 1_000 });
        assert!(!reach.failed(before, 2_000), "one check at a time");
        reach.check_failed(reach.asking());
        assert_eq!(reach.current(), Reach::Down { since_ms: 1_000 });
        assert_eq!(reach.current().down_since(), Some(1_000));
        let in_the_dark = reach.asking();
        reach.answered();
        assert!(reach.current().is_up());
        reach.checking_stopped();
        assert!(
            !reach.failed(in_the_dark, 4_000),
            "a question asked before the return says nothing of now"
        );
        reach.check_failed(in_the_dark);
        assert!(reach.current().is_up());
        assert!(
            reach.failed(reach.asking(), 5_000),
            "a later outage starts a check again"
        );
        reach.check_failed(in_the_dark);
        assert_eq!(reach.current(), Reach::Doubtful { since_ms: 5_000 });
    }

    #[tokio::test]
    async fn waiting_for_the_return_ends_when_it_answers() {
        let reach = Arc::new(Reachability::default());
        reach.failed(reach.asking(), 1);
        reach.check_failed(reach.asking());
        let waiter = {
            let reach = reach.clone();
            tokio::spawn(async move { reach.back().await })
        };
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished());
        reach.answered();
        tokio::time::timeout(Duration::from_secs(5), waiter)
            .await
            .unwrap()
            .unwrap();
    }
}
