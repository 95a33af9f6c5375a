//! How much one source may ask of the receiver: requests per second, refusals (a source that
//! keeps posting what is not a valid notification is answered 429 before its body is read),
//! and open connections. Every table here is capped: an attacker with many addresses fills it,
//! then the least recently seen sources are forgotten, never the memory.
//!
//! Hand-written rather than `governor`: a refusal budget is checked before a request is known to
//! be refused and spent only once it is, which a keyed rate limiter's check-and-spend does not do.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;

use crate::ledger::InboxCap;

/// A token bucket: `burst` at once, then `per_second`.
#[derive(Debug, Clone, Copy)]
pub struct Rate {
    pub burst: f64,
    pub per_second: f64,
}

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Any request. The service delivers a busy shop's notifications well under this.
    pub requests: Rate,
    /// Requests refused (not JSON, not a notification, not signed with the key). A source out
    /// of these gets 429 without being read until it has waited.
    pub refusals: Rate,
    /// Connections open at once, from everyone. `packaging/server/paydesk-receiver.service`
    /// allows the process several times as many files.
    pub connections: usize,
    /// Connections one address may hold open (only for addresses seen directly: behind the
    /// proxy every connection is the proxy's).
    pub connections_per_source: usize,
    /// How many sources are remembered at most.
    pub sources: usize,
    /// How many notifications of a profile the books take in 24 hours, and how many of those
    /// the service has not confirmed.
    pub inbox: InboxCap,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            requests: Rate {
                burst: 100.0,
                per_second: 20.0,
            },
            refusals: Rate {
                burst: 10.0,
                per_second: 0.2,
            },
            connections: 512,
            connections_per_source: 64,
            sources: 10_000,
            inbox: InboxCap::default(),
        }
    }
}

/// Who sent a request: the peer's address, or, when the peer is this computer's own proxy, the
/// address the proxy says it forwarded (the last `X-Forwarded-For` entry, the one the proxy
/// itself added). IPv6 addresses count by their /64, which one client usually holds whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Source(IpAddr);

impl Source {
    pub fn of(peer: IpAddr, headers: &HeaderMap) -> Source {
        let forwarded = peer
            .is_loopback()
            .then(|| headers.get_all("x-forwarded-for").iter().next_back())
            .flatten()
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.rsplit(',').next())
            .and_then(|last| last.trim().parse::<IpAddr>().ok());
        Source::direct(forwarded.unwrap_or(peer))
    }

    pub fn direct(address: IpAddr) -> Source {
        match address {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Source(IpAddr::V4(v4)),
                None => {
                    let mut segments = v6.segments();
                    segments[4..].fill(0);
                    Source(IpAddr::V6(segments.into()))
                }
            },
            v4 => Source(v4),
        }
    }
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            tokens: rate.burst,
            at: now,
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.at = now;
    }

    fn is_full(&self, rate: Rate, now: Instant) -> bool {
        let mut copy = *self;
        copy.refill(rate, now);
        copy.tokens >= rate.burst
    }
}

#[derive(Debug)]
struct Budget {
    requests: Bucket,
    refusals: Bucket,
    connections: usize,
    seen: Instant,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    Admitted,
    /// Too many requests, or too many refused: answered 429, the body unread.
    TooMany,
}

#[derive(Debug)]
pub struct SourceLimits {
    limits: Limits,
    sources: Mutex<HashMap<Source, Budget>>,
}

impl SourceLimits {
    pub fn new(limits: Limits) -> SourceLimits {
        SourceLimits {
            limits,
            sources: Mutex::new(HashMap::new()),
        }
    }

    fn with_budget<T>(&self, source: Source, work: impl FnOnce(&mut Budget, Instant) -> T) -> T {
        let now = Instant::now();
        let mut sources = self
            .sources
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if !sources.contains_key(&source) && sources.len() >= self.limits.sources {
            self.make_room(&mut sources, now);
        }
        let limits = self.limits;
        let budget = sources.entry(source).or_insert_with(|| Budget {
            requests: Bucket::full(limits.requests, now),
            refusals: Bucket::full(limits.refusals, now),
            connections: 0,
            seen: now,
        });
        budget.seen = now;
        work(budget, now)
    }

    /// Forgets the sources that owe nothing (both budgets full again, no connection open); if
    /// that frees nothing, the least recently seen one without open connections.
    fn make_room(&self, sources: &mut HashMap<Source, Budget>, now: Instant) {
        let limits = self.limits;
        sources.retain(|_, budget| {
            budget.connections > 0
                || !budget.requests.is_full(limits.requests, now)
                || !budget.refusals.is_full(limits.refusals, now)
        });
        if sources.len() >= limits.sources
            && let Some(oldest) = sources
                .iter()
                .filter(|(_, budget)| budget.connections == 0)
                .min_by_key(|(_, budget)| budget.seen)
                .map(|(source, _)| *source)
        {
            sources.remove(&oldest);
        }
    }

    /// Whether a request from `source` is read at all; an admitted one spends a request.
    pub fn admit(&self, source: Source) -> Admission {
        let limits = self.limits;
        self.with_budget(source, |budget, now| {
            budget.requests.refill(limits.requests, now);
            budget.refusals.refill(limits.refusals, now);
            if budget.refusals.tokens < 1.0 || budget.requests.tokens < 1.0 {
                return Admission::TooMany;
            }
            budget.requests.tokens -= 1.0;
            Admission::Admitted
        })
    }

    /// A request from `source` was refused.
    pub fn refused(&self, source: Source) {
        let limits = self.limits;
        self.with_budget(source, |budget, now| {
            budget.refusals.refill(limits.refusals, now);
            budget.refusals.tokens = (budget.refusals.tokens - 1.0).max(0.0);
        });
    }

    /// A connection from `source` opens; `false` when it already holds its share.
    pub fn connect(&self, source: Source) -> bool {
        let most = self.limits.connections_per_source;
        self.with_budget(source, |budget, _| {
            if budget.connections >= most {
                return false;
            }
            budget.connections += 1;
            true
        })
    }

    pub fn disconnect(&self, source: Source) {
        self.with_budget(source, |budget, _| {
            budget.connections = budget.connections.saturating_sub(1);
        });
    }

    /// How long a source out of refusals waits for the next one, for `Retry-After`.
    pub fn retry_after(&self) -> Duration {
        Duration::from_secs_f64(1.0 / self.limits.refusals.per_second.max(0.001))
            .max(Duration::from_secs(1))
    }

    pub fn connections(&self) -> usize {
        self.limits.connections
    }

    pub fn remembered(&self) -> usize {
        self.sources
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_source_that_keeps_being_refused_is_not_read() {
        let limits = SourceLimits::new(Limits::default());
        let attacker = Source::direct(ip("203.0.113.9"));
        let service = Source::direct(ip("198.51.100.7"));
        for _ in 0..10 {
            assert_eq!(limits.admit(attacker), Admission::Admitted);
            limits.refused(attacker);
        }
        assert_eq!(limits.admit(attacker), Admission::TooMany);
        assert_eq!(limits.admit(service), Admission::Admitted, "others are not");
    }

    #[test]
    fn requests_past_the_burst_wait() {
        let limits = SourceLimits::new(Limits::default());
        let source = Source::direct(ip("203.0.113.9"));
        let admitted = (0..150)
            .filter(|_| limits.admit(source) == Admission::Admitted)
            .count();
        assert!((100..=102).contains(&admitted), "{admitted}");
    }

    #[test]
    fn the_table_of_sources_stays_bounded() {
        let limits = SourceLimits::new(Limits {
            sources: 100,
            ..Limits::default()
        });
        for n in 0..5_000u32 {
            let source = Source::direct(IpAddr::V4(n.into()));
            limits.admit(source);
            limits.refused(source);
        }
        assert!(limits.remembered() <= 100);
    }

    #[test]
    fn connections_per_source_are_capped_and_given_back() {
        let limits = SourceLimits::new(Limits {
            connections_per_source: 2,
            ..Limits::default()
        });
        let source = Source::direct(ip("203.0.113.9"));
        assert!(limits.connect(source));
        assert!(limits.connect(source));
        assert!(!limits.connect(source));
        limits.disconnect(source);
        assert!(limits.connect(source));
    }

    #[test]
    fn the_proxys_word_is_taken_only_from_the_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("10.9.9.9, 203.0.113.9"),
        );
        assert_eq!(
            Source::of(ip("127.0.0.1"), &headers),
            Source::direct(ip("203.0.113.9")),
            "the entry the proxy added, not one the client wrote"
        );
        assert_eq!(
            Source::of(ip("198.51.100.7"), &headers),
            Source::direct(ip("198.51.100.7")),
            "a client on the internet cannot name itself"
        );
        assert_eq!(
            Source::direct(ip("2001:db8:1:2:3:4:5:6")),
            Source::direct(ip("2001:db8:1:2:ffff::1")),
            "one /64 is one source"
        );
    }
}
