//! How long each kind of call to the service may take, written down once with the reason for
//! each figure. A deadline is what turns a dropped line into words on screen: without one, a
//! request into a line that accepts connections and answers nothing waits for the operating
//! system's own timeout (minutes).
//!
//! - **Connect**: the same for every kind, because one pool of connections serves them all. A TCP
//!   and TLS handshake to the service takes well under a second even on a phone's data; past 3 s
//!   the line is down, and nothing was sent, so trying again is safe.
//! - **First byte**: from the request sent to the answer's first bytes (the service thinking).
//! - **Whole**: the answer read to its end.
//!
//! Which kind each operation is, is decided with its other rules in `Operation::rules`.

use std::time::Duration;

/// One kind of call's deadlines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    pub connect: Duration,
    pub first_byte: Duration,
    pub whole: Duration,
}

/// Every kind of call shares its connections, and so its connect deadline.
pub const CONNECT: Duration = Duration::from_secs(3);

/// The kinds of call, as their deadlines differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// A payment created (a link, a charge, a QR resource, a checkout).
    Create,
    /// A payment's state. The followers ask again right after a failure, so a short deadline
    /// costs nothing and makes a dropped line visible within seconds.
    Status,
    /// Money sent out.
    Payout,
    /// A read that moves nothing: the balance, banks, methods, a transaction token.
    Read,
    /// Signing in, registering, bank accounts: a person waits at the form.
    Account,
    /// The light check of whether the service answers at all, while it does not.
    Probe,
}

impl CallKind {
    pub fn deadlines(self) -> Deadlines {
        let (first_byte, whole) = match self {
            // A payment's creation may wait on the provider (a bank list, a wallet's push); the
            // vendor publishes no figure. Ten seconds is what a cashier with a customer waiting
            // tolerates; after it the outcome is unknown, and the next attempt goes under a new
            // reference, never the same one twice.
            CallKind::Create => (10, 15),
            // A read of one row: a second at most when the line is good.
            CallKind::Status => (3, 5),
            // Never retried blindly: a longer wait leaves fewer payouts "por confirmar", each of
            // which needs the owner's attention.
            CallKind::Payout => (20, 30),
            CallKind::Read => (6, 10),
            CallKind::Account => (10, 15),
            // A greeting: any answer at all says the line is back.
            CallKind::Probe => (2, 2),
        };
        let whole = Duration::from_secs(whole);
        Deadlines {
            // A call that must end sooner than a handshake may take (the light check) connects
            // within its own whole deadline.
            connect: CONNECT.min(whole),
            first_byte: Duration::from_secs(first_byte),
            whole,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_fits_inside_its_whole_deadline() {
        for kind in [
            CallKind::Create,
            CallKind::Status,
            CallKind::Payout,
            CallKind::Read,
            CallKind::Account,
            CallKind::Probe,
        ] {
            let deadlines = kind.deadlines();
            assert!(deadlines.first_byte <= deadlines.whole, "{kind:?}");
            assert!(deadlines.connect <= deadlines.whole, "{kind:?}");
        }
        // Seconds, not a minute: a sale in the dark is told so while the customer waits.
        assert!(CallKind::Create.deadlines().whole <= Duration::from_secs(15));
        assert!(CallKind::Status.deadlines().whole <= Duration::from_secs(5));
    }
}
