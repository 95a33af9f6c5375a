//! Bank accounts linked from this computer, so the Accounts panel can list them (the service
//! has no operation that lists them).

use super::base::Ledger;
use super::error::LedgerError;
use super::store::args;
use crate::clock::now_ms;

/// A bank account added from this app.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedBankAccount {
    pub service_id: Option<i64>,
    pub masked_number: String,
    pub bank_id: i64,
    pub type_id: i64,
}

impl Ledger {
    pub fn record_bank_account(
        &self,
        profile: &str,
        service_id: Option<i64>,
        masked_number: &str,
        bank_id: i64,
        type_id: i64,
    ) -> Result<(), LedgerError> {
        self.with(|db| {
            db.execute(
                "INSERT INTO bank_accounts (profile, service_id, masked_number, bank_id, type_id, added_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![profile, service_id, masked_number, bank_id, type_id, now_ms()],
            )
        })?;
        Ok(())
    }

    pub fn forget_bank_account(&self, profile: &str, service_id: i64) -> Result<(), LedgerError> {
        self.with(|db| {
            db.execute(
                "UPDATE bank_accounts SET deleted_at = ?3 WHERE profile = ?1 AND service_id = ?2 AND deleted_at IS NULL",
                args![profile, service_id, now_ms()],
            )
        })?;
        Ok(())
    }

    /// Accounts added from this app and not deleted: (service id, masked number, bank, type).
    pub fn bank_accounts(&self, profile: &str) -> Result<Vec<SavedBankAccount>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT service_id, masked_number, bank_id, type_id FROM bank_accounts
                 WHERE profile = ?1 AND deleted_at IS NULL ORDER BY added_at DESC",
                args![profile],
                |row| {
                    Ok(SavedBankAccount {
                        service_id: row.get(0)?,
                        masked_number: row.get(1)?,
                        bank_id: row.get(2)?,
                        type_id: row.get(3)?,
                    })
                },
            )
        })
    }
}
