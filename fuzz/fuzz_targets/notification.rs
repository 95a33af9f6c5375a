//! A webhook body from anyone on the internet: parsed, verified and its figures read, never a
//! panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use paydesk::webhook::Notification;

fuzz_target!(|body: &[u8]| {
    if let Ok(notification) = Notification::parse(body) {
        let _ = notification.verify("fuzz-key");
        let _ = notification.figures();
    }
});
