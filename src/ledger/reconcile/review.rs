//! What the close's «Para revisar» reads beyond the period's own rows: the notifications the
//! service has not borne out, each with the charge it reached; customers' tabs paid by two links
//! at once; and the sales made before the period that a payment confirmed in it may have paid
//! twice. Nothing here is money: it is what the owner should look at.

use crate::ledger::base::Ledger;
use crate::ledger::error::LedgerError;
use crate::ledger::inbox::{NOTIFICATION_COLUMNS, StoredNotification, notification};
use crate::ledger::sale_reads::sales_where;
use crate::ledger::sale_state::{SaleNumber, SaleRecord};
use crate::ledger::store::{Row, args};
use crate::ledger::tab_state::TabKind;
use crate::money::Pesos;

/// A notification the close has something to say about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Notable {
    pub(super) notification: StoredNotification,
    /// About a payment or payout of its profile by its reference (one written down after its
    /// notification was checked, too).
    pub(super) ours: bool,
    /// The charge it reached by its reference or its resource, when it reached one.
    pub(super) reached: Option<Reached>,
}

/// One of the shop's charges, as a notification that reached it is told apart from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Reached {
    /// The charge's reference, the service's.
    pub(super) reference: String,
    pub(super) amount: Option<Pesos>,
    /// A counter code: each payment it takes is a sale of its own.
    pub(super) repeatable: bool,
    /// The sale a charge of its own is.
    pub(super) sale: Option<SaleNumber>,
    /// The customer whose tab it collects (blank once forgotten): no sale.
    pub(super) tab_customer: Option<String>,
}

/// A customer's tab paid by two links both unpaid at once: the credit the later one left in the
/// customer's favour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TabPaidTwice {
    /// The customer's name (blank once forgotten).
    pub(super) customer: String,
    pub(super) credit: Pesos,
    /// The later link's reference, the service's.
    pub(super) reference: String,
}

/// One of a tab's entries, as the walk over it reads them.
struct TabLine {
    customer_id: i64,
    name: String,
    at: i64,
    kind: Option<TabKind>,
    amount: i64,
    reference: String,
    /// For a payment by a link in the period: when the link was made.
    asked_at: Option<i64>,
}

fn tab_line(row: &Row<'_>) -> Result<TabLine, LedgerError> {
    Ok(TabLine {
        customer_id: row.get(0)?,
        name: row.get(1)?,
        at: row.get(2)?,
        kind: TabKind::parse(&row.get::<String>(3)?),
        amount: row.get(4)?,
        reference: row.get(5)?,
        asked_at: row.get(6)?,
    })
}

impl Ledger {
    /// The notifications of `[from_ms, to_ms)` a close has something to say about, without
    /// their raw bodies: those the service has not borne out (its check found them about nothing
    /// of ours, not that sale's, disagreeing, or has not run), each with the charge it reached
    /// by its reference or else its resource (as the check matched it), that charge's sale or
    /// tab. A confirmed notification says nothing more than its payment does, and a month has
    /// thousands of them.
    pub(super) fn notable_notifications(
        &self,
        profile: Option<&str>,
        from_ms: i64,
        to_ms: i64,
    ) -> Result<Vec<Notable>, LedgerError> {
        let columns: Vec<String> = NOTIFICATION_COLUMNS
            .split(',')
            .map(str::trim)
            .map(|column| match column {
                "raw" => "'' AS raw".to_owned(),
                column => format!("n.{column}"),
            })
            .collect();
        let read = columns.len();
        self.with(|db| {
            db.query(
                &format!(
                    "SELECT {},
                        (EXISTS (SELECT 1 FROM collections c
                                 WHERE c.reference = n.reference_id AND c.profile = n.profile)
                         OR EXISTS (SELECT 1 FROM payouts p
                                    WHERE p.transaction_reference = n.reference_id
                                      AND p.profile = n.profile)) AS ours,
                        m.reference, m.amount, m.repeatable, s.till_number, s.number, tc.name
                     FROM notifications n
                     LEFT JOIN collections m ON m.profile = n.profile AND m.reference = COALESCE(
                         (SELECT c.reference FROM collections c
                          WHERE c.profile = n.profile AND c.reference = n.reference_id),
                         (SELECT c.reference FROM collections c
                          WHERE c.profile = n.profile AND n.resource_id <> ''
                            AND c.resource_id = n.resource_id
                          ORDER BY c.created_at DESC LIMIT 1))
                     LEFT JOIN sale_parts sp ON sp.way = 'service' AND sp.profile = m.profile
                         AND sp.reference = m.reference AND sp.payment_reference = ''
                     LEFT JOIN sales s ON s.id = sp.sale_id
                     LEFT JOIN tab_links t ON t.profile = m.profile AND t.reference1 = m.reference1
                     LEFT JOIN tab_customers tc ON tc.id = t.customer_id
                     WHERE n.received_at >= ?1 AND n.received_at < ?2
                       AND (CAST(?3 AS TEXT) IS NULL OR n.profile = ?3)
                       AND n.check_state <> 'confirmed'
                     ORDER BY n.id",
                    columns.join(", ")
                ),
                args![from_ms, to_ms, profile],
                |row| {
                    let reached = match row.get::<Option<String>>(read + 1)? {
                        Some(reference) => Some(Reached {
                            reference,
                            amount: row.get::<Option<i64>>(read + 2)?.map(Pesos::new),
                            repeatable: row.get::<i64>(read + 3)? != 0,
                            sale: match (
                                row.get::<Option<i64>>(read + 4)?,
                                row.get::<Option<i64>>(read + 5)?,
                            ) {
                                (Some(till), Some(number)) => Some(SaleNumber { till, number }),
                                _ => None,
                            },
                            tab_customer: row.get(read + 6)?,
                        }),
                        None => None,
                    };
                    Ok(Notable {
                        notification: notification(row)?,
                        ours: row.get::<bool>(read)?,
                        reached,
                    })
                },
            )
        })
    }

    /// The payments by a link in `[from, to)` that left a customer's tab in their favour while
    /// another link of the same tab, still unpaid when this one was made, had paid it too. A link
    /// asks at most what no unpaid link of the tab asks, so these are two links paid anyway (one
    /// that asked no amount, a counter code's, books carried over); credit from one payment over
    /// the balance (a counter code's payer typing more) is not one of them.
    pub(super) fn tabs_paid_by_two_links(
        &self,
        from: i64,
        to: i64,
    ) -> Result<Vec<TabPaidTwice>, LedgerError> {
        // When its link was made is asked only of a payment in the period (the walk reports no
        // other): the customer's history before it is read for its balance alone, and a busy
        // tab's years of payments made a month's close wait on a question each.
        let lines = self.with(|db| {
            db.query(
                "SELECT e.customer_id, c.name, e.at, e.kind, e.amount, e.sale_reference,
                    CASE WHEN e.kind = 'paid-service' AND e.at >= ?1 THEN
                        (SELECT MIN(k.created_at) FROM collections k
                         JOIN tab_links t ON t.profile = k.profile AND t.reference1 = k.reference1
                         WHERE k.reference = e.sale_reference AND t.customer_id = e.customer_id)
                    END
                 FROM tab_entries e JOIN tab_customers c ON c.id = e.customer_id
                 WHERE e.at < ?2 AND e.customer_id IN
                     (SELECT customer_id FROM tab_entries
                      WHERE kind = 'paid-service' AND at >= ?1 AND at < ?2)
                 ORDER BY e.customer_id, e.at, e.id",
                args![from, to],
                tab_line,
            )
        })?;
        Ok(paid_by_two_links(&lines, from))
    }

    /// The sales made before `from` that a payment the service confirmed in `[from, to)` came to
    /// stand in: such a payment is the day a sale may turn out paid twice.
    pub(super) fn sales_paid_in(&self, from: i64, to: i64) -> Result<Vec<SaleRecord>, LedgerError> {
        // One read of them all, not one per sale: a month's late payments are many.
        self.with(|db| {
            sales_where(
                db,
                "s.at < ?1 AND s.id IN (SELECT sp.sale_id FROM received_payments rp
                 JOIN sale_parts sp ON sp.way = 'service' AND sp.profile = rp.profile
                     AND sp.reference = rp.reference
                     AND sp.payment_reference = rp.provider_reference
                 WHERE rp.received_at >= ?1 AND rp.received_at < ?2)",
                args![from, to],
            )
        })
    }
}

/// Walks each customer's entries (oldest first) with the balance they leave: a payment by a link
/// from `from` on that leaves the tab in the customer's favour, while another link paid after
/// this one was made, is the tab paid by two links; the credit is what it left over.
fn paid_by_two_links(lines: &[TabLine], from: i64) -> Vec<TabPaidTwice> {
    let mut found = Vec::new();
    let mut customer = None;
    let mut balance: i64 = 0;
    // The tab's payments by a link so far: which link, when.
    let mut paid: Vec<(&str, i64)> = Vec::new();
    for line in lines {
        if customer != Some(line.customer_id) {
            customer = Some(line.customer_id);
            balance = 0;
            paid.clear();
        }
        match line.kind {
            Some(TabKind::Taken) => {
                balance = balance.saturating_add(line.amount);
                continue;
            }
            Some(TabKind::PaidByService) => {}
            _ => {
                balance = balance.saturating_sub(line.amount);
                continue;
            }
        }
        balance = balance.saturating_sub(line.amount);
        let both_unpaid_at_once = line.asked_at.is_some_and(|asked| {
            paid.iter()
                .any(|(other, at)| *other != line.reference && *at >= asked)
        });
        if line.at >= from && balance < 0 && both_unpaid_at_once {
            found.push(TabPaidTwice {
                customer: line.name.clone(),
                credit: Pesos::new(line.amount.min(balance.saturating_neg())),
                reference: line.reference.clone(),
            });
        }
        paid.push((&line.reference, line.at));
    }
    found
}
