//! What a PIN costs at the till: `cargo bench --bench pin_check`. Argon2id is meant to be slow
//! for whoever tries every PIN of a copied ledger, and must still feel instant to the owner: it
//! times setting a PIN and checking a right and a wrong one against the embedded ledger (the
//! median of 21 of each, release build).

use std::time::{Duration, Instant};

use paydesk::ledger::{Ledger, PinCheck, Who};
use paydesk::validate::{Field, pin};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn time(runs: usize, mut work: impl FnMut(usize)) -> Duration {
    median(
        (0..runs)
            .map(|run| {
                let started = Instant::now();
                work(run);
                started.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let ledger = Ledger::in_folder(dir.path()).expect("ledger");
    let right = pin(Field::Pin, "482619").expect("a PIN");
    let wrong = pin(Field::Pin, "000000").expect("a PIN");
    let set = time(21, |run| {
        ledger
            .set_owner_pin(&right, run as i64)
            .expect("the PIN is set");
    });
    let checked = time(21, |_| {
        assert_eq!(
            ledger.check_pin(&Who::Owner, &right, 0).expect("checked"),
            PinCheck::Right
        );
    });
    // Each wrong try is counted; the right PIN clears the count before the next, so none locks.
    let refused = time(21, |_| {
        let check = ledger.check_pin(&Who::Owner, &wrong, 0).expect("checked");
        assert!(matches!(check, PinCheck::Wrong { .. }), "{check:?}");
        ledger.check_pin(&Who::Owner, &right, 0).expect("checked");
    });
    println!("| what | median |");
    println!("|---|---|");
    println!(
        "| set a PIN (hash + write) | {:.1} ms |",
        set.as_secs_f64() * 1e3
    );
    println!(
        "| check the right PIN | {:.1} ms |",
        checked.as_secs_f64() * 1e3
    );
    println!(
        "| a wrong PIN counted, then the right one | {:.1} ms |",
        refused.as_secs_f64() * 1e3
    );
}
