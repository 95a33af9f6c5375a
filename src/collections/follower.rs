//! Following one created payment until it ends: ask the service by the one timing policy
//! (`follow`), apply each answer to the books, and tell whoever follows (the app's list, a
//! script) through a callback. It runs on the runtime, not in frames, so it goes on while a
//! window is minimized.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use super::{apply_answer, received_from_answer};
use crate::api::{ApiError, Client};
use crate::api::{StatusRecord, TransactionStatus};
use crate::follow::Following;
use crate::ledger::{Collection, Ledger, LedgerError, ReceivedPayment, StatusWrite, now_ms};

/// The payment someone is looking at right now (the customer screen), by reference: it is
/// asked about at once and then every second, whatever its age.
pub type Watched = tokio::sync::watch::Receiver<Option<String>>;

/// How often the watched payment is asked about: a customer at the counter sees an approval
/// within a second by polling alone, one question in flight at a time.
const WATCHED_INTERVAL: Duration = Duration::from_millis(500);

/// One answer about a followed payment.
#[derive(Debug)]
pub struct FollowUpdate {
    pub reference: String,
    pub result: Result<StatusRecord, ApiError>,
    /// One more payment of a code that takes many, which this follower had not seen before
    /// (its books may have it already, written by the receiver or another till).
    pub received: Option<ReceivedPayment>,
    /// The final state the books keep when this answer contradicted it (kept for review, never
    /// applied).
    pub contradicted: Option<TransactionStatus>,
    /// The state the books hold after this answer (`None`: no books, or they could not say):
    /// what a list shows, since a final state is never left whatever the answer said.
    pub books: Option<TransactionStatus>,
}

pub struct Follower {
    /// Where answers are written, and for which profile (`None`: nowhere, the list only).
    pub books: Option<(Arc<Ledger>, String)>,
    pub collection: Collection,
    /// The payments of a code already known (their provider references).
    pub seen: HashSet<String>,
    pub watched: Option<Watched>,
    /// The books hold it already (the sale's own sequence, `make_charge`, wrote it down): it is
    /// not written again.
    pub recorded: bool,
}

impl Follower {
    pub fn new(books: Option<(Arc<Ledger>, String)>, collection: Collection) -> Follower {
        Follower {
            books,
            collection,
            seen: HashSet::new(),
            watched: None,
            recorded: false,
        }
    }

    /// Writes the payment down unless it is there already, then asks about it until it ends (a
    /// code that takes many payments: until it closes), applying every answer. `on_update` hears
    /// each answer and says whether anyone still listens; following stops when nobody does.
    pub async fn run(mut self, client: Client, mut on_update: impl FnMut(FollowUpdate) -> bool) {
        // Written before the first question, so that a payment it takes finds its payment.
        if !self.recorded {
            self.in_books(super::record_created).await;
        }
        if self.collection.repeatable {
            // The payments the code took before (another day, another run) are not news: the
            // status answer still shows the latest of them.
            let known = self
                .in_books(|ledger, profile, collection| {
                    ledger.received_references(profile, &collection.reference)
                })
                .await;
            self.seen.extend(known.into_iter().flatten());
        }
        let reference = self.collection.reference.clone();
        let following = Following::start(None);
        let reach = client.reachability();
        loop {
            // While the service does not answer (or a failure is being looked into), the light
            // check asks, not every follower: a question sent into a dropped line would hold
            // this payment for its whole deadline after the line is back. It waits for the
            // line, then is asked at once (a few payments at a time).
            let catching_up = if !reach.current().is_up() {
                reach.back().await;
                reach.catch_up_turn().await
            } else {
                None
            };
            let asked_at = now_ms();
            let result = client.payment_status(&reference).await;
            drop(catching_up);
            let mut status = result.as_ref().ok().map(|reply| reply.value.status);
            let mut received = None;
            let mut contradicted = None;
            let mut books = None;
            if let Ok(reply) = &result {
                let now = now_ms();
                let answer = reply.value.clone();
                let applied = self
                    .in_books(move |ledger, profile, collection| {
                        apply_answer(ledger, profile, collection, &answer, asked_at, now)
                    })
                    .await;
                if let Some(applied) = applied {
                    // The books' state is the payment's: a final one they keep ends the
                    // following whatever a later answer says.
                    status = Some(applied.status);
                    books = Some(applied.status);
                    if let StatusWrite::Contradicted { held } = applied.written {
                        contradicted = Some(held);
                    }
                }
                received =
                    received_from_answer(&self.collection, &reply.value, now).filter(|payment| {
                        self.collection.repeatable
                            && self.seen.insert(payment.provider_reference.clone())
                    });
            }
            let update = FollowUpdate {
                reference: reference.clone(),
                result: result.map(|reply| reply.value),
                received,
                contradicted,
                books,
            };
            if !on_update(update) {
                return;
            }
            let repeatable = self.collection.repeatable;
            let ended = status.is_some_and(|status| {
                status.is_final() && !(repeatable && status == TransactionStatus::Approved)
            });
            let closed = repeatable
                && self
                    .collection
                    .open_until
                    .is_some_and(|until| now_ms() >= until);
            if ended || closed {
                return;
            }
            // The line coming back ends any wait: what was paid in the dark shows at once.
            let mut changes = reach.subscribe();
            let down = !changes.borrow().is_up();
            let back = async move {
                if down {
                    let _ = changes.wait_for(|reach| reach.is_up()).await;
                } else {
                    std::future::pending::<()>().await;
                }
            };
            tokio::select! {
                _ = self.wait_for_next_question(&following, &reference) => {}
                _ = back => {}
            }
        }
    }

    /// Runs one ledger call on the blocking pool; a failure is logged here, once (`None`).
    async fn in_books<T: Send + 'static>(
        &self,
        call: impl FnOnce(&Ledger, &str, &Collection) -> Result<T, LedgerError> + Send + 'static,
    ) -> Option<T> {
        let (ledger, profile) = self.books.clone()?;
        let collection = self.collection.clone();
        let done = tokio::task::spawn_blocking(move || call(&ledger, &profile, &collection)).await;
        match done {
            Ok(Ok(value)) => Some(value),
            Ok(Err(error)) => {
                tracing::error!(%error, reference = %self.collection.reference, "the ledger could not keep a payment");
                None
            }
            Err(error) => {
                tracing::error!(%error, "the ledger task failed");
                None
            }
        }
    }

    /// Waits by the following's policy, or less: a watched payment is asked about every second.
    async fn wait_for_next_question(&mut self, following: &Following, reference: &str) {
        let Some(watched) = &mut self.watched else {
            following.wait().await;
            return;
        };
        if watched.borrow().as_deref() == Some(reference) {
            tokio::time::sleep(WATCHED_INTERVAL).await;
            return;
        }
        tokio::select! {
            _ = following.wait() => {}
            changed = watched.changed() => {
                if changed.is_err() {
                    // Nobody will watch a payment any more.
                    following.wait().await;
                }
            }
        }
    }
}
