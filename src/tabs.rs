//! Fiado: a customer's tab collected by a payment link or a QR the service confirms. The one
//! sequence the app and the command line both call: the sale is tied to the customer's tab in
//! the books before the service hears of it (so its payment always finds the tab, whichever till
//! or path sees the approval), then made as every sale is (`collections::make_charge`). The tab is
//! credited where received payments are written, from the service's answer only
//! (`ledger/tabs.rs`); an unpaid link that expires leaves it as it was. What the person sends the
//! customer is prepared here, never sent on its own.

use std::sync::Arc;

use crate::api::Client;
use crate::api::catalog::MethodCatalog;
use crate::collections::{ChargeError, ChargeRequest, MadeCharge, make_charge};
use crate::ledger::{Ledger, LedgerError, MadeBy, TabBalance};
use crate::money::Pesos;

/// A reference for a sale that pays a tab: "FI" (fiado), then the second and two random
/// characters, and three more (two tills in the same second), so the shop tells it from its
/// other sales.
pub fn fresh_reference1() -> String {
    let reference = crate::collections::fresh_reference1();
    format!(
        "FI{}{}",
        reference.trim_start_matches("PD"),
        crate::cash::more_random()
    )
}

/// Makes `request` (a link or a QR, under a reference minted by [`fresh_reference1`]) to pay
/// customer `customer`'s tab in `profile`'s books: refused by the books, with nothing sent,
/// when it asks more than the customer owes or the customer owes nothing.
pub async fn collect(
    client: &Client,
    catalog: &MethodCatalog,
    ledger: Arc<Ledger>,
    profile: &str,
    made_by: MadeBy,
    customer: i64,
    request: ChargeRequest,
) -> Result<MadeCharge, ChargeError> {
    let tie = {
        let ledger = ledger.clone();
        let profile = profile.to_owned();
        let reference1 = request.reference1();
        let asked = request.amount();
        tokio::task::spawn_blocking(move || {
            ledger.tie_tab_link(
                &profile,
                &reference1,
                customer,
                asked,
                crate::clock::now_ms(),
            )
        })
    };
    tie.await
        .map_err(|error| ChargeError::Books(LedgerError::Runtime(error.to_string())))?
        .map_err(ChargeError::Books)?;
    // A tab's collection is no sale: the customer pays what they took.
    make_charge(
        client,
        catalog,
        Some((ledger, profile.to_owned())),
        made_by,
        request,
        crate::ledger::SaleFor::NotASale,
    )
    .await
}

/// The message that goes with a link for a tab, in the shop's words: who writes, what is owed,
/// what this link collects and where to pay.
pub fn link_message(shop: &str, balance: &TabBalance, asked: Option<Pesos>, link: &str) -> String {
    let owed = balance.owed().to_string();
    let name = first_name(&balance.customer.name);
    match asked {
        Some(asked) if asked != balance.owed() => crate::t!(
            "tab-message-part",
            shop = shop,
            name = name,
            owed = owed,
            amount = asked.to_string(),
            link = link
        ),
        _ => crate::t!(
            "tab-message-whole",
            shop = shop,
            name = name,
            owed = owed,
            link = link
        ),
    }
}

/// A reminder the person may send (paydesk never sends it on its own): what is owed and since
/// when.
pub fn reminder(shop: &str, balance: &TabBalance) -> String {
    let since = balance
        .owed_since
        .map(crate::clock::shown_datetime)
        .unwrap_or_default();
    crate::t!(
        "tab-message-reminder",
        shop = shop,
        name = first_name(&balance.customer.name),
        owed = balance.owed().to_string(),
        since = since
    )
}

/// WhatsApp's page for `text`, to `cellphone` (ten digits, Colombia's) or, with none, to the
/// chat the person picks.
pub fn whatsapp_url(cellphone: &str, text: &str) -> String {
    let encoded: String = url::form_urlencoded::byte_serialize(text.as_bytes()).collect();
    let encoded = encoded.replace('+', "%20");
    if cellphone.is_empty() {
        format!("https://wa.me/?text={encoded}")
    } else {
        format!("https://wa.me/57{cellphone}?text={encoded}")
    }
}

/// How a customer is called on a screen others may see and in a message: the first name, with
/// the title the shop wrote before it («Doña Marta», «Don Pedro»): «Doña» alone is nobody.
pub fn first_name(name: &str) -> &str {
    const TITLES: [&str; 12] = [
        "don", "doña", "dona", "sr", "sra", "srta", "señor", "señora", "dr", "dra", "doctor",
        "doctora",
    ];
    let name = name.trim();
    let mut words = name.split_whitespace();
    let Some(first) = words.next() else {
        return name;
    };
    let titled = TITLES.contains(&first.trim_end_matches('.').to_lowercase().as_str());
    let called = match (titled, words.next()) {
        (true, Some(second)) => second,
        _ => first,
    };
    // Up to the end of the word called by, in the name as written.
    let end = called.as_ptr() as usize - name.as_ptr() as usize + called.len();
    &name[..end]
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_customer_is_called_by_the_first_name_and_the_title_before_it() {
        assert_eq!(super::first_name("Rosa Pérez"), "Rosa");
        assert_eq!(super::first_name("Doña Marta Rodríguez"), "Doña Marta");
        assert_eq!(super::first_name("  don  Pedro  "), "don  Pedro");
        assert_eq!(super::first_name("Sra. Lucía"), "Sra. Lucía");
        assert_eq!(super::first_name("Doña"), "Doña");
        assert_eq!(super::first_name(""), "");
    }

    use super::*;
    use crate::ledger::activity::{Actor, Role};
    use crate::ledger::{Consent, TabCustomer};

    fn rosa(owes: i64) -> TabBalance {
        TabBalance {
            customer: TabCustomer {
                id: 1,
                name: "Rosa Pérez".into(),
                cellphone: "3001234567".into(),
                document: String::new(),
                limit: None,
                consent: Consent {
                    at: 0,
                    how: "De palabra".into(),
                    by: Actor::new(Role::Owner, ""),
                },
                added_at: 0,
                forgotten_at: None,
            },
            taken: Pesos::new(owes),
            paid: Pesos::ZERO,
            owed_since: Some(0),
            last_at: Some(0),
        }
    }

    #[test]
    fn the_message_says_the_shop_the_debt_and_the_link() {
        let whole = link_message("Tienda Ana", &rosa(45_000), None, "https://pay/abc");
        assert!(whole.contains("Tienda Ana"), "{whole}");
        assert!(whole.contains("Rosa"), "{whole}");
        assert!(whole.contains("$ 45.000"), "{whole}");
        assert!(whole.contains("https://pay/abc"), "{whole}");
        let part = link_message(
            "Tienda Ana",
            &rosa(45_000),
            Some(Pesos::new(20_000)),
            "https://pay/abc",
        );
        assert!(part.contains("$ 20.000"), "{part}");
        let url = whatsapp_url("3001234567", &whole);
        assert!(url.starts_with("https://wa.me/573001234567?text="), "{url}");
        assert!(!url.contains(' '), "{url}");
        assert!(whatsapp_url("", "hola").starts_with("https://wa.me/?text="));
        assert!(reminder("Tienda Ana", &rosa(45_000)).contains("$ 45.000"));
    }
}
