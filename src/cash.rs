//! Cash at the counter: the one sequence the app and the command line both call to sell in
//! cash, so a cash sale is made one way. The drawer's rules (one open shift per till, what it
//! holds, what remains of a sale, who closes and who voids) are the books' own
//! (`ledger/cash.rs`), decided where each row is written; this mints a cash sale's reference and
//! opens the shift first when the person gave its base in the same step.

use crate::ledger::activity::Actor;
use crate::ledger::{CashEntry, CashMove, Ledger, LedgerError, Shift};
use crate::money::Pesos;
use crate::requests::CashSaleAsk;

/// A cash sale's reference: "EF" (efectivo), then the second it was made and two random
/// characters, like a sale's at the service, so the two never read alike.
pub fn fresh_reference() -> String {
    let reference = crate::collections::fresh_reference1();
    format!("EF{}{}", reference.trim_start_matches("PD"), more_random())
}

/// Three more random characters: two tills selling in the same second must not mint the same
/// reference (the second's two random characters alone collide about once in 1.296).
pub(crate) fn more_random() -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut value = uuid::Uuid::new_v4().as_u128();
    (0..3)
        .map(|_| {
            let digit = DIGITS[(value % 36) as usize] as char;
            value /= 36;
            digit
        })
        .collect()
}

/// A cash sale written in this till's open shift. `open_with`: the base counted, when the
/// person opened the shift in the same step (both in one transaction: a sale refused leaves no
/// shift open). `instead_of`: the electronic sale it is
/// charged instead of ("" for none).
pub fn sell(
    ledger: &Ledger,
    actor: &Actor,
    ask: &CashSaleAsk,
    instead_of: &str,
    open_with: Option<Pesos>,
    at: i64,
) -> Result<(Option<Shift>, CashEntry), LedgerError> {
    let sale = CashMove::Sale {
        amount: ask.amount,
        tendered: ask.tendered,
        reference: fresh_reference(),
        instead_of: instead_of.to_owned(),
        description: ask.description.clone(),
    };
    let (opened, entry) = match open_with {
        Some(base) => {
            let (shift, entry) = ledger.open_shift_and_record(actor, base, &sale, at)?;
            (Some(shift), entry)
        }
        None => (None, ledger.record_cash(actor, &sale, at)?),
    };
    Ok((opened, entry))
}
