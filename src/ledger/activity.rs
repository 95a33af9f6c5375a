//! Who did what: every payout, change of credentials or settings, PIN or cashier change,
//! restore and forgotten customer is one entry, with who (the owner, a cashier, or anyone where
//! no PIN is set), which till and when. An entry never holds a secret: its detail is written by
//! paydesk from checked values (an amount, a masked phone, a profile's name), never a token or
//! a PIN.

use std::io::Write;

use super::base::Ledger;
use super::error::LedgerError;
use super::store::{Conn, Row, args};

pub use super::actor::{Actor, Role, seller_words, this_till};

/// What was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    PayoutSent,
    /// Money back to a customer for a sale (a payout, tied to the sale).
    ReturnSent,
    BankAccountAdded,
    BankAccountDeleted,
    CredentialsChanged,
    ProfileChanged,
    SettingsChanged,
    OwnerPinSet,
    CashierAdded,
    CashierRemoved,
    BooksRestored,
    CustomerForgotten,
    /// The owner's side opened with the PIN (and which till): the rest of the log reads by it.
    OwnerOpened,
    PinLocked,
    /// A drawer's shift opened with its base.
    ShiftOpened,
    /// A drawer's shift closed with its count (by its cashier or the owner).
    ShiftClosed,
    CashIn,
    CashOut,
    /// Cash back to a customer for a cash sale.
    CashReturned,
    /// A cash entry taken out of every figure by the owner, with its reason.
    CashVoided,
    /// A customer kept for a tab, with the authorisation they gave.
    TabCustomerAdded,
    /// A customer's limit (cupo) set or taken away.
    TabLimitSet,
    /// Taken on a tab over the customer's limit, with the owner.
    TabOverLimit,
    /// An item put on the shop's frequent list.
    ItemAdded,
    /// An item taken off the shop's frequent list.
    ItemRemoved,
    /// Goods given back credited to the customer's tab.
    TabReturned,
}

impl Action {
    const ALL: [Action; 26] = [
        Action::PayoutSent,
        Action::ReturnSent,
        Action::BankAccountAdded,
        Action::BankAccountDeleted,
        Action::CredentialsChanged,
        Action::ProfileChanged,
        Action::SettingsChanged,
        Action::OwnerPinSet,
        Action::CashierAdded,
        Action::CashierRemoved,
        Action::BooksRestored,
        Action::CustomerForgotten,
        Action::OwnerOpened,
        Action::PinLocked,
        Action::ShiftOpened,
        Action::ShiftClosed,
        Action::CashIn,
        Action::CashOut,
        Action::CashReturned,
        Action::CashVoided,
        Action::TabCustomerAdded,
        Action::TabLimitSet,
        Action::TabOverLimit,
        Action::ItemAdded,
        Action::ItemRemoved,
        Action::TabReturned,
    ];

    /// The code kept in the ledger and in an English export.
    pub fn code(self) -> &'static str {
        match self {
            Action::PayoutSent => "payout",
            Action::ReturnSent => "return",
            Action::BankAccountAdded => "bank-account-added",
            Action::BankAccountDeleted => "bank-account-deleted",
            Action::CredentialsChanged => "credentials",
            Action::ProfileChanged => "profile",
            Action::SettingsChanged => "settings",
            Action::OwnerPinSet => "owner-pin",
            Action::CashierAdded => "cashier-added",
            Action::CashierRemoved => "cashier-removed",
            Action::BooksRestored => "restore",
            Action::CustomerForgotten => "customer-forgotten",
            Action::OwnerOpened => "owner-opened",
            Action::PinLocked => "pin-locked",
            Action::ShiftOpened => "shift-opened",
            Action::ShiftClosed => "shift-closed",
            Action::CashIn => "cash-in",
            Action::CashOut => "cash-out",
            Action::CashReturned => "cash-return",
            Action::CashVoided => "cash-void",
            Action::TabCustomerAdded => "tab-customer-added",
            Action::TabLimitSet => "tab-limit",
            Action::TabOverLimit => "tab-over-limit",
            Action::ItemAdded => "item-added",
            Action::ItemRemoved => "item-removed",
            Action::TabReturned => "tab-return",
        }
    }

    fn parse(code: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|action| action.code() == code)
    }

    pub fn words(self) -> String {
        match self {
            Action::PayoutSent => crate::t!("action-payout"),
            Action::ReturnSent => crate::t!("action-return"),
            Action::BankAccountAdded => crate::t!("action-bank-account-added"),
            Action::BankAccountDeleted => crate::t!("action-bank-account-deleted"),
            Action::CredentialsChanged => crate::t!("action-credentials"),
            Action::ProfileChanged => crate::t!("action-profile"),
            Action::SettingsChanged => crate::t!("action-settings"),
            Action::OwnerPinSet => crate::t!("action-owner-pin"),
            Action::CashierAdded => crate::t!("action-cashier-added"),
            Action::CashierRemoved => crate::t!("action-cashier-removed"),
            Action::BooksRestored => crate::t!("action-restore"),
            Action::CustomerForgotten => crate::t!("action-customer-forgotten"),
            Action::OwnerOpened => crate::t!("action-owner-opened"),
            Action::PinLocked => crate::t!("action-pin-locked"),
            Action::ShiftOpened => crate::t!("action-shift-opened"),
            Action::ShiftClosed => crate::t!("action-shift-closed"),
            Action::CashIn => crate::t!("action-cash-in"),
            Action::CashOut => crate::t!("action-cash-out"),
            Action::CashReturned => crate::t!("action-cash-return"),
            Action::CashVoided => crate::t!("action-cash-void"),
            Action::TabCustomerAdded => crate::t!("action-tab-customer-added"),
            Action::TabLimitSet => crate::t!("action-tab-limit"),
            Action::TabOverLimit => crate::t!("action-tab-over-limit"),
            Action::ItemAdded => crate::t!("action-item-added"),
            Action::ItemRemoved => crate::t!("action-item-removed"),
            Action::TabReturned => crate::t!("action-tab-return"),
        }
    }
}

/// One entry of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activity {
    pub id: i64,
    pub at: i64,
    pub actor: Actor,
    /// `None`: written by a newer paydesk (its code is in `detail`'s place in the export).
    pub action: Option<Action>,
    pub action_code: String,
    pub detail: String,
}

impl Activity {
    pub fn action_words(&self) -> String {
        self.action
            .map_or_else(|| self.action_code.clone(), Action::words)
    }
}

/// Writes one entry, on `db` (inside the caller's transaction, where the act it records is).
pub(super) fn write_activity(
    db: &mut Conn<'_>,
    actor: &Actor,
    action: Action,
    detail: &str,
    at_ms: i64,
) -> Result<(), LedgerError> {
    let detail: String = detail.chars().take(DETAIL_MAX_CHARS).collect();
    db.execute(
        "INSERT INTO activity (at, role, name, till, action, detail)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        args![
            at_ms,
            actor.role.code(),
            actor.name.as_str(),
            actor.till.as_str(),
            action.code(),
            detail
        ],
    )
    .map(drop)
}

/// At most this many characters of detail: it is paydesk's own words, never a document.
const DETAIL_MAX_CHARS: usize = 300;

fn activity(row: &Row<'_>) -> Result<Activity, LedgerError> {
    let action_code: String = row.get(5)?;
    Ok(Activity {
        id: row.get(0)?,
        at: row.get(1)?,
        actor: Actor {
            role: Role::parse(&row.get::<String>(2)?),
            name: row.get(3)?,
            till: row.get(4)?,
        },
        action: Action::parse(&action_code),
        action_code,
        detail: row.get(6)?,
    })
}

impl Ledger {
    /// Writes one entry.
    pub fn record_activity(
        &self,
        actor: &Actor,
        action: Action,
        detail: &str,
        at_ms: i64,
    ) -> Result<(), LedgerError> {
        self.with(|db| write_activity(db, actor, action, detail, at_ms))
    }

    /// The latest `limit` entries, newest first.
    pub fn recent_activity(&self, limit: usize) -> Result<Vec<Activity>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT id, at, role, name, till, action, detail FROM activity
                 ORDER BY at DESC, id DESC LIMIT ?1",
                args![i64::try_from(limit).unwrap_or(i64::MAX)],
                activity,
            )
        })
    }

    /// Every entry, oldest first, as CSV: the columns a bookkeeper reads, text cells that never
    /// turn into formulas. Returns how many entries were written.
    pub fn export_activity(
        &self,
        out: impl Write,
        language: crate::i18n::Language,
    ) -> Result<usize, LedgerError> {
        let entries = self.with(|db| {
            db.query(
                "SELECT id, at, role, name, till, action, detail FROM activity ORDER BY at, id",
                &[],
                activity,
            )
        })?;
        let spanish = language == crate::i18n::Language::Es;
        let write_error = |error: csv::Error| LedgerError::Export(error.to_string());
        let mut out = out;
        if spanish {
            out.write_all("\u{feff}".as_bytes())
                .map_err(|error| LedgerError::Export(error.to_string()))?;
        }
        let mut writer = csv::WriterBuilder::new()
            .delimiter(if spanish { b';' } else { b',' })
            .from_writer(out);
        let header = if spanish {
            ["fecha", "quién", "caja", "qué", "detalle"]
        } else {
            ["time", "who", "till", "action", "detail"]
        };
        writer.write_record(header).map_err(write_error)?;
        let text = |cell: &str| crate::untrusted::spreadsheet_text(cell).into_owned();
        for entry in &entries {
            let (who, action) = if spanish {
                (entry.actor.words(), entry.action_words())
            } else {
                let who = match entry.actor.role {
                    Role::Cashier => format!("cashier:{}", entry.actor.name),
                    role => role.code().to_owned(),
                };
                (who, entry.action_code.clone())
            };
            writer
                .write_record([
                    crate::clock::shown_datetime(entry.at),
                    text(&who),
                    text(&entry.actor.till),
                    text(&action),
                    text(&entry.detail),
                ])
                .map_err(write_error)?;
        }
        writer
            .flush()
            .map_err(|error| LedgerError::Export(error.to_string()))?;
        Ok(entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_newest_first_and_export_as_text() {
        let ledger = Ledger::open_in_memory().unwrap();
        let owner = Actor {
            role: Role::Owner,
            name: String::new(),
            till: "caja-1".into(),
        };
        let ana = Actor {
            role: Role::Cashier,
            name: "Ana".into(),
            till: "=caja-2".into(),
        };
        ledger
            .record_activity(&owner, Action::PayoutSent, "$ 50.000 a 300***4567", 1)
            .unwrap();
        ledger
            .record_activity(&ana, Action::CashierAdded, "Luis", 2)
            .unwrap();
        let entries = ledger.recent_activity(10).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].action, Some(Action::CashierAdded));
        assert_eq!(entries[1].actor, owner);
        let mut csv = Vec::new();
        let written = ledger
            .export_activity(&mut csv, crate::i18n::Language::En)
            .unwrap();
        assert_eq!(written, 2);
        let text = String::from_utf8(csv).unwrap();
        assert!(text.contains("payout"), "{text}");
        assert!(text.contains("cashier:Ana"), "{text}");
        assert!(
            text.contains(",'=caja-2,"),
            "a name never runs as a formula: {text}"
        );
    }
}
