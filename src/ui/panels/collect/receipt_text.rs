//! The customer's copy as a WhatsApp message: the shop, the amount, the date and time, the
//! reference, how it was paid, and that it is not an invoice. Opened as WhatsApp's share link
//! without a number, so the cashier picks the chat (the customer's number is not needed, and not
//! sent anywhere else), as the payment link's own message is.

use crate::ledger::CashEntry;
use crate::t;
use crate::ui::services::tracker::TrackedPayment;

/// WhatsApp's share link with `message` written in it.
pub fn share_link(message: &str) -> String {
    let encoded: String = url::form_urlencoded::byte_serialize(message.as_bytes()).collect();
    // `+` for spaces is a form's encoding; WhatsApp reads the text as a URL's query: %20.
    format!("https://wa.me/?text={}", encoded.replace('+', "%20"))
}

/// A cash sale's receipt, from the entry the books wrote.
pub fn cash_receipt(shop: &str, entry: &CashEntry) -> String {
    receipt(
        shop,
        &entry.amount.to_string(),
        &crate::clock::shown_datetime(entry.at),
        &entry.reference,
        t!("cashsale-receipt-cash"),
    )
}

/// An approved sale's receipt, as the service confirmed it: its amount, the time the service
/// gave (or when it was made), and the method (`method`: the kind of sale in words, when the
/// service named none).
pub fn approved_receipt(shop: &str, payment: &TrackedPayment, method: String) -> String {
    let amount = payment
        .shown_amount()
        .map(|amount| amount.to_string())
        .unwrap_or_default();
    let record = payment.record.as_ref();
    let when = record
        .map(|record| record.date.as_str())
        .filter(|date| !date.trim().is_empty())
        .map(crate::clock::shown_service_time)
        .unwrap_or_else(|| crate::clock::shown_datetime(payment.created_ms));
    let method = record
        .map(|record| record.method_words())
        .filter(|method| !method.trim().is_empty())
        .unwrap_or(method);
    receipt(
        shop,
        &amount,
        &when,
        &payment.reference,
        t!("cashsale-receipt-method", method = method),
    )
}

/// A sale's receipt, as the books hold it: its number, its total, when it was made, and how
/// it was paid («Pagado en efectivo», «Fiado», or the ways of a mixed sale).
pub fn sale_receipt(shop: &str, record: &crate::ledger::SaleRecord) -> String {
    let ways: Vec<String> = record.ways().into_iter().map(|way| way.words()).collect();
    let how = match record.ways().as_slice() {
        [crate::ledger::PartWay::Cash] => t!("cashsale-receipt-cash"),
        _ => t!("cashsale-receipt-method", method = ways.join(" + ")),
    };
    receipt(
        shop,
        &record.total().to_string(),
        &crate::clock::shown_datetime(record.at),
        &t!("cobrar-receipt-number", number = record.number.to_string()),
        how,
    )
}

fn receipt(shop: &str, amount: &str, when: &str, reference: &str, how: String) -> String {
    t!(
        "cashsale-receipt-message",
        shop = shop,
        amount = amount,
        when = when,
        reference = reference,
        how = how
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::activity::Actor;
    use crate::money::Pesos;

    fn decoded(link: &str) -> String {
        let (start, text) = link.split_once("?text=").expect("a text");
        assert_eq!(
            start, "https://wa.me/",
            "no number: the cashier picks the chat"
        );
        assert!(!text.contains(' ') && !text.contains('\n'), "{text}");
        url::form_urlencoded::parse(format!("t={text}").as_bytes())
            .map(|(_, value)| value.into_owned())
            .collect()
    }

    #[test]
    fn a_cash_receipt_names_the_shop_the_amount_the_reference_and_is_no_invoice() {
        // In the language the unit tests run in (English); other tests share the setting.
        let entry = CashEntry {
            id: 7,
            shift: 1,
            at: 1_764_259_200_000,
            kind: crate::ledger::CashKind::Sale,
            amount: Pesos::new(15_000),
            tendered: Some(Pesos::new(20_000)),
            reference: "EF1764259200AB".into(),
            instead_of: String::new(),
            reason: String::new(),
            description: String::new(),
            by: Actor::new(crate::ledger::activity::Role::Anyone, ""),
            void: None,
            sale: None,
        };
        let text = decoded(&share_link(&cash_receipt("Tienda Ana", &entry)));
        for part in [
            "Tienda Ana",
            "$ 15.000",
            "EF1764259200AB",
            &crate::clock::shown_datetime(entry.at),
            &t!("cashsale-receipt-cash"),
        ] {
            assert!(text.contains(part), "{part:?} in {text:?}");
        }
        assert!(text.lines().count() >= 5, "one thing a line: {text:?}");
    }
}
