//! Fiado's words and outcomes, below the rest of the folder: what came of keeping a customer
//! or of writing what they took (the refusals a person answers on screen), and a customer's
//! standing and an entry in words.

use crate::ledger::{TabBalance, TabCustomer, TabEntry, TabKind};
use crate::money::Pesos;
use crate::t;

/// What came of keeping a customer.
#[derive(Debug, Clone)]
pub enum Added {
    Kept(TabCustomer),
    /// Another customer has that cellphone: the person says whether this is someone else.
    SameCellphone {
        name: String,
    },
}

/// What came of writing what a customer took.
#[derive(Debug, Clone)]
pub enum Taken {
    Written(TabEntry),
    /// Over the customer's limit: the books' sentence, and what the owner may record.
    OverLimit {
        sentence: String,
        customer: i64,
        amount: Pesos,
        description: String,
    },
}

/// A customer's line in words: what they owe and since when, their credit, or «Al día».
pub fn standing(balance: &TabBalance) -> String {
    if balance.owed() > Pesos::ZERO {
        let since = balance
            .owed_since
            .and_then(crate::clock::day_and_hour)
            .map(|(day, _)| crate::clock::shown_date(day))
            .unwrap_or_default();
        t!(
            "fiado-owes-since",
            amount = balance.owed().to_string(),
            since = since
        )
    } else if balance.credit() > Pesos::ZERO {
        t!("fiado-credit", amount = balance.credit().to_string())
    } else {
        t!("fiado-settled")
    }
}

/// What an entry is, in words: what was taken, or how it was paid.
pub(super) fn entry_words(entry: &TabEntry) -> String {
    match entry.kind {
        TabKind::Taken if entry.description.is_empty() => entry.kind.words(),
        TabKind::Taken => format!("{}: {}", entry.kind.words(), entry.description),
        TabKind::Returned if entry.description.is_empty() => entry.kind.words(),
        TabKind::Returned => format!("{}: {}", entry.kind.words(), entry.description),
        TabKind::PaidByService | TabKind::PaidInCash => entry.kind.words(),
    }
}
