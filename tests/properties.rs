//! Property tests: the money parser and formatter agree with each other for every amount, and
//! nothing that reads the service's bytes (notifications, both families' envelopes, the typed
//! answers inside them) panics on any input; it returns a typed error instead.

use paydesk::api::{self, Operation};
use paydesk::money::Pesos;
use paydesk::webhook::Notification;
use proptest::prelude::*;
use serde_json::Value;

/// Any JSON value, nested a few levels, with the keys the service's answers use mixed in so
/// that the decoders get past their first checks often.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,12}".prop_map(Value::String),
        prop_oneof![
            Just("00"),
            Just("05"),
            Just("2"),
            Just("$595.00"),
            Just("25000"),
            Just("2026-11-21 10:00:00"),
        ]
        .prop_map(|s| Value::String(s.to_owned())),
    ];
    let key = prop_oneof![
        Just("data"),
        Just("status"),
        Just("statusCode"),
        Just("message"),
        Just("errorCode"),
        Just("amount"),
        Just("realAmount"),
        Just("cost"),
        Just("referenceId"),
        Just("resourceId"),
        Just("updatedAt"),
        Just("sign"),
        Just("withdraw"),
        Just("error"),
        Just("code"),
        Just("url"),
        Just("reference"),
        Just("bags"),
        Just("banks"),
        Just("User"),
        Just("Resource"),
        Just("paymentMethods"),
        Just("transactionReference"),
    ]
    .prop_map(str::to_owned);
    leaf.prop_recursive(4, 48, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..8)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

const OPERATIONS: [Operation; 6] = [
    Operation::Register,
    Operation::GenerateResource,
    Operation::CreateMethodPayment,
    Operation::PaymentStatus,
    Operation::Withdraw,
    Operation::Balance,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_amount_reads_back_from_its_es_co_text(pesos in 1i64..=i64::MAX) {
        let shown = Pesos::new(pesos).to_string();
        prop_assert_eq!(Pesos::parse_input(&shown), Ok(Pesos::new(pesos)));
        prop_assert_eq!(Pesos::parse_service(&shown), Some(Pesos::new(pesos)));
        // es-CO groups thousands with dots, three digits a group, no cents.
        let digits = shown.trim_start_matches("$ ");
        let groups: Vec<&str> = digits.split('.').collect();
        prop_assert!(groups[0].len() <= 3 && !groups[0].is_empty());
        prop_assert!(groups[1..].iter().all(|g| g.len() == 3));
        prop_assert_eq!(digits.replace('.', ""), pesos.to_string());
    }

    #[test]
    fn the_money_parsers_never_panic(text in any::<String>()) {
        let _ = Pesos::parse_input(&text);
        let _ = Pesos::parse_service(&text);
        let _ = Pesos::parse_service_rounded(&text);
    }

    #[test]
    fn a_parsed_amount_is_positive_and_shows_as_typed_digits(text in "[$ ]{0,2}[0-9.,]{1,12}") {
        if let Ok(pesos) = Pesos::parse_input(&text) {
            prop_assert!(pesos.get() > 0);
            let typed: String = text.chars().filter(char::is_ascii_digit).collect();
            prop_assert_eq!(typed.trim_start_matches('0'), pesos.get().to_string());
        }
    }

    #[test]
    fn notifications_from_any_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        if let Ok(notification) = Notification::parse(&bytes) {
            let _ = notification.verify("key");
            let _ = notification.figures();
        }
    }

    #[test]
    fn notifications_from_any_json_never_panic(value in json_value()) {
        let text = value.to_string();
        if let Ok(notification) = Notification::parse(text.as_bytes()) {
            let _ = notification.verify("key");
            let _ = notification.figures();
        }
    }

    #[test]
    fn envelopes_from_any_bytes_are_decoded_or_refused(
        bytes in prop::collection::vec(any::<u8>(), 0..512),
        status in prop_oneof![Just(200u16), Just(400), Just(401), Just(500), 100u16..600],
    ) {
        for operation in OPERATIONS {
            let _ = api::decode_family_a(operation, status, &bytes);
            let _ = api::decode_family_b(operation, status, &bytes);
        }
    }

    #[test]
    fn envelopes_and_typed_answers_from_any_json_never_panic(
        value in json_value(),
        status in prop_oneof![Just(200u16), Just(400), Just(401), Just(500)],
    ) {
        let bytes = value.to_string().into_bytes();
        for operation in OPERATIONS {
            if let Ok(data) = api::decode_family_a(operation, status, &bytes) {
                api::decode_every_answer(data);
            }
            if let Ok(body) = api::decode_family_b(operation, status, &bytes) {
                api::decode_every_answer(body);
            }
        }
        // The typed answers straight from any value, too.
        api::decode_every_answer(value);
    }
}
