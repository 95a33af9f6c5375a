//! A Family A answer as the service (or something in between) might send it: the envelope
//! is decoded or refused with a typed error, and whatever data it holds is read as every typed
//! answer, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use paydesk::api::{self, Operation};

fuzz_target!(|input: &[u8]| {
    // The first byte picks the HTTP status, so refusals and successes are both reached.
    let Some((status, body)) = input.split_first() else {
        return;
    };
    let status = [200, 201, 400, 401, 404, 500, 502][usize::from(*status) % 7];
    if let Ok(value) = api::decode_family_a(Operation::PaymentStatus, status, body) {
        api::decode_every_answer(value);
    }
});
