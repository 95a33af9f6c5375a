//! The drawer's books' own rules, on the embedded ledger: a shift from base to count, every
//! refusal with nothing written, the owner's void and close, a shift left open overnight.

use super::activity::{Actor, Role};
use super::base::Ledger;
use super::cash_state::{CashMove, CashRefusal};
use super::error::LedgerError;
use crate::money::Pesos;
use crate::money::cash::{Count, DENOMINATIONS, Difference};

fn ana() -> Actor {
    Actor::new(Role::Cashier, "Ana")
}

fn sale(amount: i64, tendered: i64, reference: &str) -> CashMove {
    CashMove::Sale {
        amount: Pesos::new(amount),
        tendered: Pesos::new(tendered),
        reference: reference.to_owned(),
        instead_of: String::new(),
        description: String::new(),
    }
}

#[test]
fn a_shift_from_base_to_count() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    assert!(matches!(
        ledger.record_cash(&ana(), &sale(1_000, 1_000, "EF1"), now),
        Err(LedgerError::Cash(CashRefusal::NoOpenShift))
    ));
    let shift = ledger
        .open_shift(&ana(), Pesos::new(50_000), now)
        .expect("opened");
    assert!(matches!(
        ledger.open_shift(&ana(), Pesos::ZERO, now),
        Err(LedgerError::Cash(CashRefusal::ShiftOpen { .. }))
    ));
    let first = ledger
        .record_cash(&ana(), &sale(15_000, 20_000, "EF1"), now)
        .expect("a sale");
    assert_eq!(first.change(), Some(Pesos::new(5_000)));
    assert!(matches!(
        ledger.record_cash(&ana(), &sale(1_000, 1_000, "EF1"), now),
        Err(LedgerError::DuplicateReference(_))
    ));
    assert!(matches!(
        ledger.record_cash(&ana(), &sale(1_000, 500, "EF2"), now),
        Err(LedgerError::Cash(CashRefusal::TenderedShort { .. }))
    ));
    let back = CashMove::Return {
        amount: Pesos::new(16_000),
        sale: "EF1".into(),
        reason: "talla".into(),
    };
    let boss = Actor::new(Role::Owner, "");
    assert!(matches!(
        ledger.record_cash(&ana(), &back, now),
        Err(LedgerError::Cash(CashRefusal::ReturnOwnerOnly))
    ));
    assert!(matches!(
        ledger.record_cash(&boss, &back, now),
        Err(LedgerError::Cash(CashRefusal::ReturnOverRemaining { .. }))
    ));
    let back = CashMove::Return {
        amount: Pesos::new(5_000),
        sale: "EF1".into(),
        reason: "talla".into(),
    };
    ledger.record_cash(&boss, &back, now).expect("a return");
    let out = CashMove::Out {
        amount: Pesos::new(1_000_000),
        reason: "proveedor".into(),
    };
    assert!(matches!(
        ledger.record_cash(&ana(), &out, now),
        Err(LedgerError::Cash(CashRefusal::DrawerShort { .. }))
    ));
    let out = CashMove::Out {
        amount: Pesos::new(20_000),
        reason: "proveedor".into(),
    };
    let paid = ledger.record_cash(&ana(), &out, now).expect("out");
    let moved_in = CashMove::In {
        amount: Pesos::new(3_000),
        reason: "sencillo".into(),
    };
    let wrong = ledger.record_cash(&ana(), &moved_in, now).expect("in");
    assert!(matches!(
        ledger.void_cash(&ana(), wrong.id, "error", now),
        Err(LedgerError::Cash(CashRefusal::OwnerOnly))
    ));
    let owner = Actor::new(Role::Owner, "");
    ledger
        .void_cash(&owner, wrong.id, "se digitó dos veces", now)
        .expect("voided");
    assert!(matches!(
        ledger.void_cash(&owner, wrong.id, "otra vez", now),
        Err(LedgerError::Cash(CashRefusal::AlreadyVoided(_)))
    ));
    let report = ledger.shift_report(shift.id).expect("read").expect("found");
    // 50.000 + 15.000 − 5.000 − 20.000 (the 3.000 in was voided)
    assert_eq!(report.figures.expected(), Pesos::new(40_000));
    assert_eq!(report.figures.voided.amount, Pesos::new(3_000));
    assert_eq!(paid.effect(), -20_000);
    counted_and_closed(&ledger, shift.id, paid.id);
}

/// The shift of `a_shift_from_base_to_count` counted $ 1.000 short, closed by its cashier only,
/// and nothing voided in it afterwards.
fn counted_and_closed(ledger: &Ledger, shift: i64, paid: i64) {
    let now = crate::clock::now_ms();
    let mut count = Count::default();
    count.set(DENOMINATIONS[2], 1); // 20.000
    count.set(DENOMINATIONS[3], 1); // 10.000
    count.set(DENOMINATIONS[4], 1); //  5.000
    count.set(DENOMINATIONS[5], 2); //  4.000
    let bruno = Actor::new(Role::Cashier, "Bruno");
    assert!(matches!(
        ledger.close_shift(&bruno, shift, &count, "", now),
        Err(LedgerError::Cash(CashRefusal::NotYourShift { .. }))
    ));
    let closed = ledger
        .close_shift(&ana(), shift, &count, "", now)
        .expect("closed");
    let close = closed.shift.close.expect("its close");
    assert_eq!(close.counted, Pesos::new(39_000));
    assert_eq!(close.difference(), Difference::Short(Pesos::new(1_000)));
    assert!(matches!(
        ledger.close_shift(&ana(), shift, &count, "", now),
        Err(LedgerError::Cash(CashRefusal::AlreadyClosed(_)))
    ));
    assert!(matches!(
        ledger.void_cash(&Actor::new(Role::Owner, ""), paid, "tarde", now),
        Err(LedgerError::Cash(CashRefusal::VoidInClosedShift(_)))
    ));
    let log = ledger.recent_activity(20).expect("log");
    let codes: Vec<_> = log.iter().map(|a| a.action_code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "shift-closed",
            "cash-void",
            "cash-in",
            "cash-out",
            "cash-return",
            "shift-opened"
        ]
    );
}

#[test]
fn a_shift_left_open_overnight_is_counted_first() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    let yesterday = now - 26 * 3_600_000;
    let shift = ledger
        .open_shift(&ana(), Pesos::new(10_000), yesterday)
        .expect("opened");
    assert!(matches!(
        ledger.record_cash(&ana(), &sale(1_000, 1_000, "EF9"), now),
        Err(LedgerError::Cash(CashRefusal::LeftOpen { .. }))
    ));
    assert!(matches!(
        ledger.open_shift(&ana(), Pesos::ZERO, now),
        Err(LedgerError::Cash(CashRefusal::LeftOpen { .. }))
    ));
    let owner = Actor::new(Role::Owner, "");
    let mut count = Count::default();
    count.set(DENOMINATIONS[3], 1);
    ledger
        .close_shift(&owner, shift.id, &count, "", now)
        .expect("the owner closes a cashier's shift");
    ledger
        .open_shift(&ana(), Pesos::ZERO, now)
        .expect("then a new one opens");
}

#[test]
fn a_sale_refused_with_its_base_leaves_no_shift_open() {
    let ledger = Ledger::open_in_memory().expect("ledger");
    let now = crate::clock::now_ms();
    let short = sale(5_000, 2_000, "EF7");
    assert!(matches!(
        ledger.open_shift_and_record(&ana(), Pesos::new(10_000), &short, now),
        Err(LedgerError::Cash(CashRefusal::TenderedShort { .. }))
    ));
    assert!(
        ledger.open_shift_here().expect("read").is_none(),
        "nothing written"
    );
    let (shift, entry) = ledger
        .open_shift_and_record(&ana(), Pesos::new(10_000), &sale(5_000, 5_000, "EF7"), now)
        .expect("both at once");
    assert_eq!(entry.shift, shift.id);
}

#[test]
fn a_periods_drawers_read_beside_its_entries_are_the_drawers() {
    // A shift open across the period's edges: entries before it, in it and after it.
    let ledger = Ledger::open_in_memory().expect("ledger");
    let day = time::macros::date!(2026 - 11 - 20);
    let opened = crate::clock::start_of(day) + 8 * 3_600_000;
    let shift = ledger
        .open_shift(&ana(), Pesos::new(10_000), opened)
        .expect("opened");
    for (minutes, reference) in [(10, "EF1"), (70, "EF2"), (100, "EF3"), (150, "EF4")] {
        ledger
            .record_cash(
                &ana(),
                &sale(1_000, 2_000, reference),
                opened + minutes * 60_000,
            )
            .expect("a sale");
    }
    let (from, to) = (opened + 60 * 60_000, opened + 120 * 60_000);
    let period = ledger.cash_between(from, to).expect("the period's entries");
    assert_eq!(period.len(), 2);
    let beside = ledger
        .shifts_between_beside(from, to, &period)
        .expect("beside");
    let alone = ledger.shifts_between(from, to).expect("alone");
    assert_eq!(beside, alone);
    assert_eq!(beside[0].shift.id, shift.id);
    assert_eq!(beside[0].entries.len(), 4);
}
