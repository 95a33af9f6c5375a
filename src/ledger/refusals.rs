//! What the receiver refused. Anyone on the internet can post to it, so nothing here grows with
//! what they send: refusals are counted per day and kind, and only a small sample of the latest
//! is kept (bodies cut to a couple of KiB, oldest dropped) for whoever investigates.

use super::base::Ledger;
use super::error::LedgerError;
use super::store::args;
use crate::clock::now_ms;

/// How many refused bodies are kept at most.
pub const KEPT_SAMPLES: i64 = 200;
/// How much of a refused body is kept, in bytes.
pub const SAMPLE_BYTES: usize = 2 * 1024;

/// One refused request kept as a sample.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusalSample {
    /// What kind of refusal (`not-json`, `signature`, ...): counted by it.
    pub kind: &'static str,
    /// Why, for a person.
    pub reason: String,
    /// The address it came from.
    pub source: String,
    /// The start of its body.
    pub raw: String,
}

/// A sample as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRefusal {
    pub id: i64,
    pub received_at: i64,
    pub kind: String,
    pub reason: String,
    pub source: String,
    pub raw: String,
}

/// The first `SAMPLE_BYTES` of `raw`, cut on a character.
fn cut(raw: &str) -> &str {
    if raw.len() <= SAMPLE_BYTES {
        return raw;
    }
    let mut end = SAMPLE_BYTES;
    while !raw.is_char_boundary(end) {
        end -= 1;
    }
    &raw[..end]
}

impl Ledger {
    /// Counts refusals of each kind and keeps `samples` (cut), in one transaction; the samples
    /// past the last `KEPT_SAMPLES` go.
    pub fn store_refusals(
        &self,
        samples: &[RefusalSample],
        counts: &[(&'static str, u64)],
    ) -> Result<(), LedgerError> {
        let now = now_ms();
        let day = crate::clock::format_date(crate::clock::today());
        self.transaction(|db| {
            for (kind, count) in counts {
                db.execute(
                    "INSERT INTO refusal_tally (day, kind, count, last_at) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (day, kind) DO UPDATE
                     SET count = refusal_tally.count + excluded.count, last_at = excluded.last_at",
                    args![day.as_str(), *kind, *count as i64, now],
                )?;
            }
            for sample in samples {
                db.execute(
                    "INSERT INTO rejected_notifications (received_at, reason, raw, kind, source)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    args![
                        now,
                        sample.reason.as_str(),
                        cut(&sample.raw),
                        sample.kind,
                        sample.source.as_str()
                    ],
                )?;
            }
            if !samples.is_empty() {
                db.execute(
                    "DELETE FROM rejected_notifications
                     WHERE id <= (SELECT max(id) FROM rejected_notifications) - ?1",
                    args![KEPT_SAMPLES],
                )?;
            }
            Ok(())
        })
    }

    /// The latest kept samples, newest first.
    pub fn refusal_samples(&self, limit: usize) -> Result<Vec<StoredRefusal>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT id, received_at, kind, reason, source, raw FROM rejected_notifications
                 ORDER BY id DESC LIMIT ?1",
                args![limit as i64],
                |row| {
                    Ok(StoredRefusal {
                        id: row.get(0)?,
                        received_at: row.get(1)?,
                        kind: row.get(2)?,
                        reason: row.get(3)?,
                        source: row.get(4)?,
                        raw: row.get(5)?,
                    })
                },
            )
        })
    }

    /// How many requests were refused, by kind, from `day` (`YYYY-MM-DD`) on.
    pub fn refusal_counts(&self, since_day: &str) -> Result<Vec<(String, u64)>, LedgerError> {
        self.with(|db| {
            db.query(
                "SELECT kind, CAST(sum(count) AS BIGINT) FROM refusal_tally WHERE day >= ?1
                 GROUP BY kind ORDER BY kind",
                args![since_day],
                |row| Ok((row.get(0)?, row.get::<i64>(1)?.max(0) as u64)),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(raw: &str) -> RefusalSample {
        RefusalSample {
            kind: "signature",
            reason: "the signature does not match".into(),
            source: "203.0.113.9".into(),
            raw: raw.into(),
        }
    }

    #[test]
    fn samples_are_cut_and_capped_while_every_refusal_is_counted() {
        let ledger = Ledger::open_in_memory().unwrap();
        let body = "ñ".repeat(30_000);
        for _ in 0..3 {
            let samples: Vec<_> = (0..100).map(|_| sample(&body)).collect();
            ledger
                .store_refusals(&samples, &[("signature", 100), ("too-many", 5_000)])
                .unwrap();
        }
        let kept = ledger.refusal_samples(1_000).unwrap();
        assert_eq!(kept.len() as i64, KEPT_SAMPLES);
        assert!(kept.iter().all(|kept| kept.raw.len() <= SAMPLE_BYTES));
        assert!(kept[0].raw.starts_with('ñ'));
        let today = crate::clock::format_date(crate::clock::today());
        assert_eq!(
            ledger.refusal_counts(&today).unwrap(),
            vec![("signature".into(), 300), ("too-many".into(), 15_000)]
        );
    }
}
