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
    format!("EF{}", reference.trim_start_matches("PD"))
}

/// A cash sale written in this till's open shift. `open_with`: the base counted, when the
/// person opened the shift in the same step (the shift is opened first, then the sale; a sale
/// refused leaves the shift open, as the person asked). `instead_of`: the electronic sale it is
/// charged instead of ("" for none).
pub fn sell(
    ledger: &Ledger,
    actor: &Actor,
    ask: &CashSaleAsk,
    instead_of: &str,
    open_with: Option<Pesos>,
    at: i64,
) -> Result<(Option<Shift>, CashEntry), LedgerError> {
    let opened = match open_with {
        Some(base) => Some(ledger.open_shift(actor, base, at)?),
        None => None,
    };
    let entry = ledger.record_cash(
        actor,
        &CashMove::Sale {
            amount: ask.amount,
            tendered: ask.tendered,
            reference: fresh_reference(),
            instead_of: instead_of.to_owned(),
            description: ask.description.clone(),
        },
        at,
    )?;
    Ok((opened, entry))
}
