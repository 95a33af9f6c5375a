//! Customers' personal data in the books (Ley 1581 de 2012): names, e-mails, phones and document
//! numbers arrive in notification bodies (`reference2`), and payout destinations are people's
//! phones. They are kept as long as the owner sets (180 days unless told), then blanked, while
//! amounts, references and states stay; a customer who asks is forgotten at once.

use serde_json::Value;

use super::base::Ledger;
use super::error::LedgerError;
use super::param::Param;
use super::store::{Conn, Row, args};

/// Keys that name a person, wherever they sit in a notification body (`reference2.Label`,
/// `reference2.Data`, the top level).
const PERSONAL_KEYS: [&str; 12] = [
    "Name",
    "Email",
    "CellPhone",
    "DocumentType",
    "DocumentNumber",
    "DocType",
    "DocNumber",
    "Typedoc",
    "docnum",
    "cellphone",
    "email",
    "name",
];

/// Who a customer is, as they ask to be forgotten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Customer {
    Cellphone(String),
    Document(String),
    Email(String),
}

impl Customer {
    fn text(&self) -> &str {
        match self {
            Customer::Cellphone(text) | Customer::Document(text) | Customer::Email(text) => text,
        }
    }

    /// Whether `value` (a field of a body) is this customer's.
    fn matches(&self, value: &str) -> bool {
        match self {
            Customer::Email(email) => value.trim().eq_ignore_ascii_case(email),
            Customer::Cellphone(number) | Customer::Document(number) => {
                let digits: String = value.chars().filter(char::is_ascii_digit).collect();
                !digits.is_empty() && digits == *number
            }
        }
    }
}

/// The moment before which customers' data is blanked, for `days` of keeping.
pub fn personal_cutoff(days: u32) -> i64 {
    crate::clock::now_ms() - i64::from(days) * 24 * 60 * 60 * 1000
}

/// How much was blanked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Blanked {
    pub notifications: u64,
    pub payouts: u64,
    pub refusals: u64,
    /// Tab customers whose tab was settled before the cutoff: name, cellphone and document.
    pub tab_customers: u64,
}

/// Blanks every personal value in a body; `true` if there was any.
fn blank_body(value: &mut Value) -> bool {
    let mut changed = false;
    match value {
        Value::Object(map) => {
            for (key, inner) in map.iter_mut() {
                if PERSONAL_KEYS.contains(&key.as_str()) {
                    if !matches!(inner, Value::String(text) if text.is_empty()) {
                        *inner = Value::String(String::new());
                        changed = true;
                    }
                } else {
                    changed |= blank_body(inner);
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                changed |= blank_body(item);
            }
        }
        _ => {}
    }
    changed
}

/// Whether a body holds this customer's data.
fn names(value: &Value, customer: &Customer) -> bool {
    match value {
        Value::Object(map) => map.iter().any(|(key, inner)| {
            (PERSONAL_KEYS.contains(&key.as_str())
                && inner.as_str().is_some_and(|text| customer.matches(text)))
                || names(inner, customer)
        }),
        Value::Array(items) => items.iter().any(|item| names(item, customer)),
        _ => false,
    }
}

/// A phone as the journal keeps it once forgotten: its last two digits.
fn masked_phone(phone: &str) -> String {
    let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
    let shown: String = digits[digits.len().saturating_sub(2)..].iter().collect();
    format!("{}{shown}", "•".repeat(digits.len().saturating_sub(2)))
}

fn blank_notifications(
    db: &mut Conn<'_>,
    rows: Vec<(i64, String)>,
    customer: Option<&Customer>,
) -> Result<u64, LedgerError> {
    let mut count = 0;
    for (id, raw) in rows {
        let mut body: Value = match serde_json::from_str(&raw) {
            Ok(body) => body,
            // Not JSON (never stored so; kept apart): nothing to pick out, so nothing is kept.
            Err(_) => Value::String(String::new()),
        };
        if customer.is_some_and(|customer| !names(&body, customer)) {
            continue;
        }
        blank_body(&mut body);
        let text = body.to_string();
        db.execute(
            "UPDATE notifications SET raw = ?2, personal_blanked = 1 WHERE id = ?1",
            args![id, text.as_str()],
        )?;
        count += 1;
    }
    Ok(count)
}

fn blank_payouts(db: &mut Conn<'_>, rows: Vec<(i64, String)>) -> Result<u64, LedgerError> {
    let count = rows.len() as u64;
    for (id, destination) in rows {
        db.execute(
            "UPDATE payouts SET destination = ?2, reply_json = NULL, personal_blanked = 1
             WHERE id = ?1",
            args![id, masked_phone(&destination).as_str()],
        )?;
    }
    Ok(count)
}

/// What one pass over the books picks, each as (SQL, its `?1`): the notifications whose
/// bodies are blanked (`id, raw`), the payouts whose destinations are masked (`id,
/// destination`; none where no phone is asked for) and the refused samples deleted.
struct Pass<'a> {
    notifications: (&'a str, Param),
    payouts: Option<(&'a str, Param)>,
    refusals: (&'a str, Param),
    /// One customer's pass: a body picked by text is read to be sure it names them.
    customer: Option<&'a Customer>,
}

impl Pass<'_> {
    /// Tab customers are not the pass's: they are kept while they owe, so they are blanked
    /// apart.
    fn blank(self, db: &mut Conn<'_>) -> Result<Blanked, LedgerError> {
        let (sql, picked_by) = self.notifications;
        let rows = db.query(sql, &[picked_by], id_and_text)?;
        let notifications = blank_notifications(db, rows, self.customer)?;
        let payouts = match self.payouts {
            Some((sql, picked_by)) => {
                let rows = db.query(sql, &[picked_by], id_and_text)?;
                blank_payouts(db, rows)?
            }
            None => 0,
        };
        let (sql, picked_by) = self.refusals;
        let refusals = db.execute(sql, &[picked_by])?;
        Ok(Blanked {
            notifications,
            payouts,
            refusals,
            tab_customers: 0,
        })
    }
}

/// A row's id and the text that may hold personal data (a body, a destination).
fn id_and_text(row: &Row<'_>) -> Result<(i64, String), LedgerError> {
    Ok((row.get::<i64>(0)?, row.get::<String>(1)?))
}

impl Ledger {
    /// Blanks the personal data of everything older than `before` (ms): notification bodies'
    /// personal keys, payout destinations (to their last two digits), refused samples.
    pub fn blank_personal_data(&self, before: i64) -> Result<Blanked, LedgerError> {
        self.transaction(|db| {
            Pass {
                notifications: (
                    "SELECT id, raw FROM notifications WHERE personal_blanked = 0 AND received_at < ?1",
                    Param::from(before),
                ),
                payouts: Some((
                    "SELECT id, destination FROM payouts WHERE personal_blanked = 0 AND created_at < ?1
                 AND state IN ('approved', 'failed', 'refused', 'not_sent', 'sent')",
                    Param::from(before),
                )),
                refusals: (
                    "DELETE FROM rejected_notifications WHERE received_at < ?1",
                    Param::from(before),
                ),
                customer: None,
            }
            .blank(db)
        })
        .and_then(|blanked| {
            // A tab's customer is kept while they owe (or are owed), and for the same time after.
            Ok(Blanked {
                tab_customers: self.blank_settled_tabs(before)?,
                ..blanked
            })
        })
    }

    /// Forgets one customer now, whatever their data's age. A tab's customer asks to be
    /// forgotten in Fiado, where what they owe is said.
    pub fn forget_customer(&self, customer: &Customer) -> Result<Blanked, LedgerError> {
        let pattern = format!("%{}%", customer.text());
        self.transaction(|db| {
            Pass {
                // Narrowed by text first; each body is then read to be sure the value is a
                // personal field's, not an amount or a reference that happens to contain it.
                notifications: (
                    "SELECT id, raw FROM notifications WHERE raw LIKE ?1",
                    Param::from(pattern.as_str()),
                ),
                payouts: match customer {
                    Customer::Cellphone(number) => Some((
                        "SELECT id, destination FROM payouts WHERE destination = ?1",
                        Param::from(number.as_str()),
                    )),
                    _ => None,
                },
                refusals: (
                    "DELETE FROM rejected_notifications WHERE raw LIKE ?1",
                    Param::from(pattern.as_str()),
                ),
                customer: Some(customer),
            }
            .blank(db)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personal_keys_are_blanked_and_the_rest_stays() {
        let mut body = serde_json::json!({
            "referenceId": "R1", "amount": 25000, "cellphone": "3001234567",
            "reference2": {
                "Label": {"Name": "Ana Pérez", "Email": "ana@correo.co", "DocumentNumber": "1020304050",
                          "Description": "Almuerzo"},
                "Data": {"DocNumber": "1020304050", "ConciliationCode": "C1"}
            }
        });
        assert!(names(&body, &Customer::Document("1020304050".into())));
        assert!(names(&body, &Customer::Email("ANA@correo.co".into())));
        assert!(
            !names(&body, &Customer::Cellphone("25000".into())),
            "an amount is not a phone"
        );
        assert!(blank_body(&mut body));
        let text = body.to_string();
        for gone in ["Ana", "ana@correo.co", "1020304050", "3001234567"] {
            assert!(!text.contains(gone), "{text}");
        }
        for kept in ["R1", "25000", "Almuerzo", "C1"] {
            assert!(text.contains(kept), "{text}");
        }
        assert_eq!(masked_phone("3001234567"), "••••••••67");
    }
}
