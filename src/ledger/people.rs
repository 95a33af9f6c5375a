//! Who works the till: the owner and the cashiers, each with a PIN of their own. The PINs are
//! kept here, in the ledger, as Argon2id hashes, so every till of a shared ledger agrees on them
//! and a PIN changed at one till is the PIN at all of them; nothing about them goes to the
//! configuration file. Wrong tries are counted here too: five lock the PIN for 30 s, and every
//! further wrong try doubles that, at every till and in the command line alike.

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use super::base::Ledger;
use super::error::LedgerError;
use super::store::{Conn, Row, args};
use crate::secrets::Pin;

/// Wrong tries before a PIN locks.
pub const FREE_TRIES: i64 = 5;
/// How long the first lock lasts; each wrong try after it doubles it.
pub const FIRST_LOCK_MS: i64 = 30_000;
/// The doubling stops here (30 s × 2⁷ ≈ an hour): a shop is never locked out for a day.
const MAX_DOUBLINGS: i64 = 7;

/// How long the owner's side stays open without use, unless the owner says otherwise.
pub const DEFAULT_IDLE_MINUTES: u32 = 5;
/// The choices the owner has for it.
pub const IDLE_MINUTES: std::ops::RangeInclusive<u32> = 1..=60;
/// What Configuración offers for it.
pub const IDLE_MINUTES_CHOICES: [u32; 7] = [1, 2, 5, 10, 15, 30, 60];
const IDLE_MINUTES_KEY: &str = "owner_idle_minutes";

/// The shop's people as the ledger has them now: whether the owner has a PIN, the cashiers, and
/// how long the owner's side stays open with nobody at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct People {
    pub owner_pin: bool,
    pub cashiers: Vec<Cashier>,
    pub idle_minutes: u32,
}

/// Who must be at the till (or the terminal) for something: decided per command in the command
/// line and per panel in the app, each in one exhaustive match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Moves money, or changes what the shop trusts (credentials, accounts, people, the books
    /// themselves): once an owner's PIN is set, that PIN.
    Owner,
    /// What a cashier does at the till: sell, look a payment up, print, close the day.
    Cashier,
    /// Nothing of the shop's: no PIN, no books opened to ask for one.
    Nobody,
}

/// Whose PIN.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Who {
    Owner,
    Cashier(String),
}

impl Who {
    /// The row's key: one owner; cashiers by name, whatever its capitals.
    fn key(&self) -> String {
        match self {
            Who::Owner => "owner".to_owned(),
            Who::Cashier(name) => format!("cashier:{}", name.to_lowercase()),
        }
    }

    fn role(&self) -> &'static str {
        match self {
            Who::Owner => "owner",
            Who::Cashier(_) => "cashier",
        }
    }

    fn name(&self) -> &str {
        match self {
            Who::Owner => "",
            Who::Cashier(name) => name,
        }
    }
}

/// A cashier as the owner's list shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cashier {
    pub name: String,
    pub added_at: i64,
}

/// What a PIN try came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinCheck {
    Right,
    /// Wrong; this many tries are left before it locks (0: it is locked now, until then).
    Wrong {
        tries_left: i64,
        locked_until: Option<i64>,
    },
    /// Locked until then (ms since the epoch): the PIN was not even looked at.
    Locked {
        until: i64,
    },
    /// Nobody by that name has a PIN here (a cashier removed at another till).
    Unknown,
}

/// Argon2id at the crate's defaults (OWASP's 19 MiB, two passes): under 20 ms on a till. At
/// the till the lock is what stops guessing; against a copy of the books a short PIN still falls
/// in minutes (10,000 four-digit PINs at ~60 a second), which is why the books are the owner's
/// OS account's alone (`owner_only`) and the README says so.
fn hash(pin: &Pin) -> Result<String, LedgerError> {
    Argon2::default()
        .hash_password(pin.expose().as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|error| LedgerError::PinHash(error.to_string()))
}

fn matches(pin: &Pin, hash: &str) -> bool {
    Argon2::default()
        .verify_password(pin.expose().as_bytes(), hash)
        .is_ok()
}

/// How long the lock lasts after `failures` wrong tries in a row (none before the fifth).
pub fn lock_for_ms(failures: i64) -> Option<i64> {
    (failures >= FREE_TRIES)
        .then(|| FIRST_LOCK_MS << (failures - FREE_TRIES).clamp(0, MAX_DOUBLINGS))
}

impl Ledger {
    /// The shop's people, read together.
    pub fn people(&self) -> Result<People, LedgerError> {
        Ok(People {
            owner_pin: self.owner_pin_set()?,
            cashiers: self.cashiers()?,
            idle_minutes: self.owner_idle_minutes()?,
        })
    }

    /// Whether the owner has set a PIN: from then on paydesk opens in Caja.
    pub fn owner_pin_set(&self) -> Result<bool, LedgerError> {
        self.with(|db| {
            db.value::<i64>(
                "SELECT COUNT(*) FROM people WHERE who = 'owner' AND removed_at IS NULL",
                &[],
            )
            .map(|count| count > 0)
        })
    }

    /// Sets the owner's PIN (the first time, or a change: the caller has checked the old one).
    pub fn set_owner_pin(&self, pin: &Pin, now_ms: i64) -> Result<(), LedgerError> {
        self.put_person(&Who::Owner, pin, now_ms)
    }

    /// Adds a cashier, or gives one a new PIN.
    pub fn set_cashier(&self, name: &str, pin: &Pin, now_ms: i64) -> Result<(), LedgerError> {
        self.put_person(&Who::Cashier(name.to_owned()), pin, now_ms)
    }

    fn put_person(&self, who: &Who, pin: &Pin, now_ms: i64) -> Result<(), LedgerError> {
        let hash = hash(pin)?;
        self.transaction(|db| {
            db.execute(
                "INSERT INTO people (who, name, role, pin_hash, added_at, changed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5)
                 ON CONFLICT (who) DO UPDATE SET name = excluded.name, pin_hash = excluded.pin_hash,
                     changed_at = excluded.changed_at, removed_at = NULL,
                     added_at = CASE WHEN people.removed_at IS NULL THEN people.added_at
                                     ELSE excluded.added_at END",
                args![who.key(), who.name(), who.role(), hash, now_ms],
            )?;
            // A new PIN starts with no wrong tries behind it.
            db.execute("DELETE FROM pin_locks WHERE who = ?1", args![who.key()])?;
            Ok(())
        })
    }

    /// Takes a cashier off the list (their sales keep their name); false if there was none.
    pub fn remove_cashier(&self, name: &str, now_ms: i64) -> Result<bool, LedgerError> {
        let who = Who::Cashier(name.to_owned());
        self.with(|db| {
            db.execute(
                "UPDATE people SET removed_at = ?2, changed_at = ?2
                 WHERE who = ?1 AND removed_at IS NULL",
                args![who.key(), now_ms],
            )
            .map(|changed| changed > 0)
        })
    }

    /// The cashiers, by name.
    pub fn cashiers(&self) -> Result<Vec<Cashier>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT name, added_at FROM people
                 WHERE role = 'cashier' AND removed_at IS NULL ORDER BY lower(name)",
                &[],
                |row: &Row<'_>| {
                    Ok(Cashier {
                        name: row.get(0)?,
                        added_at: row.get(1)?,
                    })
                },
            )
        })
    }

    /// Tries a PIN: refused unread while it is locked; a wrong one counted (the fifth in a row
    /// locks it); a right one clears the count.
    pub fn check_pin(&self, who: &Who, pin: &Pin, now_ms: i64) -> Result<PinCheck, LedgerError> {
        let key = who.key();
        let (stored, locked_until) = self.with(|db| {
            let stored = db.query_opt(
                "SELECT pin_hash FROM people WHERE who = ?1 AND removed_at IS NULL",
                args![key.as_str()],
                |row| row.get::<String>(0),
            )?;
            Ok((stored, lock_of(db, &key)?.1))
        })?;
        let Some(stored) = stored else {
            return Ok(PinCheck::Unknown);
        };
        if locked_until > now_ms {
            return Ok(PinCheck::Locked {
                until: locked_until,
            });
        }
        // Hashed outside any transaction: a try never holds the ledger for its 30 ms.
        if matches(pin, &stored) {
            self.with(|db| {
                db.execute("DELETE FROM pin_locks WHERE who = ?1", args![key.as_str()])
                    .map(drop)
            })?;
            return Ok(PinCheck::Right);
        }
        self.transaction(|db| {
            // Counted in one statement: two tills trying at once both count.
            let failures: i64 = db.value(
                "INSERT INTO pin_locks (who, failures, locked_until) VALUES (?1, 1, 0)
                 ON CONFLICT (who) DO UPDATE SET failures = pin_locks.failures + 1
                 RETURNING failures",
                args![key.as_str()],
            )?;
            let locked_until = lock_for_ms(failures).map(|lock| now_ms + lock);
            db.execute(
                "UPDATE pin_locks SET locked_until = ?2 WHERE who = ?1",
                args![key.as_str(), locked_until.unwrap_or(0)],
            )?;
            Ok(PinCheck::Wrong {
                tries_left: (FREE_TRIES - failures).max(0),
                locked_until,
            })
        })
    }

    /// Until when a PIN is locked (ms since the epoch), if it is at `now_ms`.
    pub fn pin_locked_until(&self, who: &Who, now_ms: i64) -> Result<Option<i64>, LedgerError> {
        let key = who.key();
        self.with(|db| Ok(Some(lock_of(db, &key)?.1).filter(|until| *until > now_ms)))
    }

    /// How many minutes the owner's side stays open without use.
    pub fn owner_idle_minutes(&self) -> Result<u32, LedgerError> {
        self.with(|db| {
            let value = db.query_opt(
                "SELECT value FROM shop_settings WHERE key = ?1",
                args![IDLE_MINUTES_KEY],
                |row| row.get::<String>(0),
            )?;
            Ok(value
                .and_then(|text| text.parse().ok())
                .filter(|minutes| IDLE_MINUTES.contains(minutes))
                .unwrap_or(DEFAULT_IDLE_MINUTES))
        })
    }

    pub fn set_owner_idle_minutes(&self, minutes: u32) -> Result<(), LedgerError> {
        let minutes = minutes.clamp(*IDLE_MINUTES.start(), *IDLE_MINUTES.end());
        self.with(|db| {
            db.execute(
                "INSERT INTO shop_settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                args![IDLE_MINUTES_KEY, minutes.to_string()],
            )
            .map(drop)
        })
    }
}

/// Wrong tries in a row and until when the PIN is locked (0: not).
fn lock_of(db: &mut Conn<'_>, key: &str) -> Result<(i64, i64), LedgerError> {
    Ok(db
        .query_opt(
            "SELECT failures, locked_until FROM pin_locks WHERE who = ?1",
            args![key],
            |row| Ok((row.get::<i64>(0)?, row.get::<i64>(1)?)),
        )?
        .unwrap_or((0, 0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::{Field, pin};

    fn pin_of(text: &str) -> Pin {
        pin(Field::Pin, text).unwrap()
    }

    #[test]
    fn five_wrong_tries_lock_for_thirty_seconds_then_doubling() {
        let ledger = Ledger::open_in_memory().unwrap();
        assert!(!ledger.owner_pin_set().unwrap());
        ledger.set_owner_pin(&pin_of("2580"), 0).unwrap();
        assert!(ledger.owner_pin_set().unwrap());
        let now = 1_000_000;
        for left in (0..5).rev() {
            let check = ledger.check_pin(&Who::Owner, &pin_of("1111"), now).unwrap();
            let PinCheck::Wrong { tries_left, .. } = check else {
                panic!("{check:?}");
            };
            assert_eq!(tries_left, left);
        }
        // Locked: even the right PIN is not looked at.
        assert_eq!(
            ledger
                .check_pin(&Who::Owner, &pin_of("2580"), now + 1)
                .unwrap(),
            PinCheck::Locked {
                until: now + 30_000
            }
        );
        // After the lock, one more wrong try locks for twice as long.
        let later = now + 30_001;
        assert_eq!(
            ledger
                .check_pin(&Who::Owner, &pin_of("1111"), later)
                .unwrap(),
            PinCheck::Wrong {
                tries_left: 0,
                locked_until: Some(later + 60_000)
            }
        );
        let after = later + 60_001;
        assert_eq!(
            ledger
                .check_pin(&Who::Owner, &pin_of("2580"), after)
                .unwrap(),
            PinCheck::Right
        );
        // The right PIN cleared the count.
        assert!(matches!(
            ledger
                .check_pin(&Who::Owner, &pin_of("1111"), after)
                .unwrap(),
            PinCheck::Wrong { tries_left: 4, .. }
        ));
        assert_eq!(lock_for_ms(100), Some(30_000 << 7));
    }

    #[test]
    fn cashiers_are_added_renamed_by_pin_and_removed() {
        let ledger = Ledger::open_in_memory().unwrap();
        ledger.set_cashier("Ana", &pin_of("4826"), 1).unwrap();
        ledger.set_cashier("Luis", &pin_of("7391"), 2).unwrap();
        let ana = Who::Cashier("ana".into());
        assert_eq!(
            ledger.check_pin(&ana, &pin_of("4826"), 3).unwrap(),
            PinCheck::Right,
            "a name is found whatever its capitals"
        );
        assert_eq!(
            ledger.check_pin(&Who::Owner, &pin_of("4826"), 3).unwrap(),
            PinCheck::Unknown,
            "a cashier's PIN is not the owner's"
        );
        assert!(ledger.remove_cashier("ANA", 4).unwrap());
        assert!(!ledger.remove_cashier("Ana", 5).unwrap());
        assert_eq!(
            ledger.check_pin(&ana, &pin_of("4826"), 6).unwrap(),
            PinCheck::Unknown
        );
        let names: Vec<_> = ledger
            .cashiers()
            .unwrap()
            .into_iter()
            .map(|c| c.name)
            .collect();
        assert_eq!(names, ["Luis"]);
        // Back with a new PIN.
        ledger.set_cashier("Ana", &pin_of("5937"), 7).unwrap();
        assert_eq!(ledger.cashiers().unwrap().len(), 2);
    }

    #[test]
    fn no_pin_is_stored_as_typed() {
        let ledger = Ledger::open_in_memory().unwrap();
        ledger.set_owner_pin(&pin_of("246813"), 0).unwrap();
        let stored: String = ledger
            .with(|db| db.value("SELECT pin_hash FROM people", &[]))
            .unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("246813"));
    }

    #[test]
    fn idle_minutes_default_and_bounds() {
        let ledger = Ledger::open_in_memory().unwrap();
        assert_eq!(ledger.owner_idle_minutes().unwrap(), DEFAULT_IDLE_MINUTES);
        ledger.set_owner_idle_minutes(15).unwrap();
        assert_eq!(ledger.owner_idle_minutes().unwrap(), 15);
        ledger.set_owner_idle_minutes(0).unwrap();
        assert_eq!(ledger.owner_idle_minutes().unwrap(), 1);
    }
}
