//! Copies of the books that restore. A copy is a whole embedded ledger in one file, written
//! beside its final name, verified (SQLite's integrity check, and every table's rows counted
//! against the ledger's at the moment copied), and only then given its name: a file named
//! `paydesk-copia-….sqlite3` is a good copy. Seven daily and four weekly copies are kept, in a
//! folder the owner chooses (a USB stick, a synced OneDrive or Google Drive folder), the data
//! folder's `copias` by default (`config::BooksSettings`). Restoring says what a copy holds first, and keeps the books it
//! replaces aside.

use std::path::{Path, PathBuf};

use time::{Date, OffsetDateTime, PrimitiveDateTime};

use crate::ledger::copy::{TableCounts, latest_schema, open_read_only, table_counts};
use crate::ledger::{Ledger, LedgerError};

/// Every copy's name starts so; nothing else in the folder is ever removed.
pub const COPY_PREFIX: &str = "paydesk-copia-";
/// The books a restore replaced, kept in the data folder.
pub const ASIDE_PREFIX: &str = "paydesk-antes-de-restaurar-";
/// A copy's file ends so (the restore dialog shows only these).
pub const COPY_EXTENSION: &str = "sqlite3";
const KEEP_DAILY: usize = 7;
const KEEP_WEEKLY: usize = 4;
/// Past this, the top bar says the books have no recent copy.
pub const STALE_AFTER_DAYS: i64 = 3;
const MS_PER_DAY: i64 = 24 * 60 * 60 * 1000;

const NAME_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]-[hour][minute][second]");

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    #[error("{}", crate::t!("backup-folder", path = .path.display().to_string(), error = .source.to_string()))]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::t!("backup-not-a-ledger", path = .0.display().to_string()))]
    NotALedger(PathBuf),
    #[error("{}", crate::t!("backup-damaged", path = .path.display().to_string(), detail = .detail.as_str()))]
    Damaged { path: PathBuf, detail: String },
    #[error("{}", crate::t!("backup-newer", path = .path.display().to_string(), schema = .found.to_string()))]
    Newer { path: PathBuf, found: i64 },
    #[error("{}", crate::t!("backup-none", folder = .0.display().to_string()))]
    NoCopy(PathBuf),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::Io {
        path: path.to_owned(),
        source,
    }
}

/// A good copy in a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copy {
    pub path: PathBuf,
    /// When it was taken (Colombia's clock, from its name), in ms since the epoch.
    pub taken_at: i64,
}

impl Copy {
    fn day(&self) -> Date {
        moment(self.taken_at).date()
    }
}

fn moment(ms: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .to_offset(crate::clock::bogota())
}

fn copy_name(taken_at: i64) -> String {
    let stamp = moment(taken_at)
        .format(NAME_FORMAT)
        .unwrap_or_else(|_| taken_at.to_string());
    format!("{COPY_PREFIX}{stamp}.{COPY_EXTENSION}")
}

/// When the copy named `name` was taken, if it is one of ours.
fn taken_at(name: &str) -> Option<i64> {
    let stamp = name
        .strip_prefix(COPY_PREFIX)?
        .strip_suffix(&format!(".{COPY_EXTENSION}"))?;
    let local = PrimitiveDateTime::parse(stamp, NAME_FORMAT).ok()?;
    let at = local.assume_offset(crate::clock::bogota());
    Some((at.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// The good copies in `folder`, newest first (none when the folder does not exist yet).
pub fn copies(folder: &Path) -> Result<Vec<Copy>, BackupError> {
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(io(folder)(error)),
    };
    let mut found: Vec<Copy> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            Some(Copy {
                taken_at: taken_at(&name)?,
                path: entry.path(),
            })
        })
        .collect();
    found.sort_by_key(|copy| std::cmp::Reverse(copy.taken_at));
    Ok(found)
}

/// Whether the newest good copy is older than `STALE_AFTER_DAYS` (or there is none).
pub fn is_stale(newest: Option<&Copy>, now_ms: i64) -> bool {
    newest.is_none_or(|copy| now_ms - copy.taken_at > STALE_AFTER_DAYS * MS_PER_DAY)
}

/// Whether a copy was taken today (Colombia's day).
pub fn taken_today(newest: Option<&Copy>, now_ms: i64) -> bool {
    newest.is_some_and(|copy| copy.day() == moment(now_ms).date())
}

/// Writes a copy of `ledger` into `folder`, verifies it, names it, and keeps seven daily and
/// four weekly copies.
pub fn take(ledger: &Ledger, folder: &Path) -> Result<Copy, BackupError> {
    crate::owner_only::folder(folder).map_err(io(folder))?;
    let now = crate::clock::now_ms();
    let name = copy_name(now);
    // Two copies in the same second (a click right after the daily one): the newer wins.
    let path = folder.join(&name);
    let partial = folder.join(format!(".{name}.partial"));
    crate::owner_only::remove_leftover(&partial);
    let written = ledger.write_copy(&partial).map_err(BackupError::from);
    let verified = written.and_then(|counts| verify(&partial, &counts));
    if let Err(error) = verified {
        crate::owner_only::remove_leftover(&partial);
        return Err(error);
    }
    std::fs::rename(&partial, &path).map_err(io(&path))?;
    if let Err(error) = prune(folder) {
        tracing::warn!(%error, "old copies could not be removed");
    }
    Ok(Copy {
        taken_at: taken_at(&name).unwrap_or(now),
        path,
    })
}

/// A copy passes SQLite's integrity check and holds the rows counted at the moment copied.
fn verify(path: &Path, expected: &TableCounts) -> Result<(), BackupError> {
    let connection = open_read_only(path).map_err(BackupError::from)?;
    let check: String = connection
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .map_err(|error| BackupError::Ledger(error.into()))?;
    if check != "ok" {
        return Err(BackupError::Damaged {
            path: path.to_owned(),
            detail: check,
        });
    }
    let found = table_counts(&connection)?;
    for (table, count) in expected {
        let copied = found.get(table).copied().unwrap_or(-1);
        if copied != *count {
            return Err(BackupError::Damaged {
                path: path.to_owned(),
                detail: format!("{table}: {copied} of {count}"),
            });
        }
    }
    Ok(())
}

/// Removes the copies past seven days and four weeks: the newest of each of the last seven
/// days that have one, and the newest of each of the last four weeks, stay.
pub fn prune(folder: &Path) -> Result<Vec<PathBuf>, BackupError> {
    let all = copies(folder)?;
    let mut days = Vec::new();
    let mut weeks = Vec::new();
    let mut removed = Vec::new();
    for copy in all {
        let day = copy.day();
        let week = day.to_iso_week_date();
        let week = (week.0, week.1);
        let mut keep = false;
        if !days.contains(&day) && days.len() < KEEP_DAILY {
            days.push(day);
            keep = true;
        }
        if !weeks.contains(&week) && weeks.len() < KEEP_WEEKLY {
            weeks.push(week);
            keep = true;
        }
        if !keep {
            std::fs::remove_file(&copy.path).map_err(io(&copy.path))?;
            removed.push(copy.path);
        }
    }
    Ok(removed)
}

/// What a copy holds, said before it replaces anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    pub schema: i64,
    /// The first and last moment anything was written down, in ms.
    pub first: Option<i64>,
    pub last: Option<i64>,
    /// Payments the service confirmed (the money in the books).
    pub payments: i64,
    /// Payment links and codes created.
    pub collections: i64,
    pub payouts: i64,
}

impl Contents {
    /// The dates it covers, for a person.
    pub fn span(&self) -> String {
        match (self.first, self.last) {
            (Some(first), Some(last)) => format!(
                "{} – {}",
                crate::clock::shown_date(moment(first).date()),
                crate::clock::shown_date(moment(last).date())
            ),
            _ => crate::t!("backup-empty"),
        }
    }

    pub fn words(&self) -> String {
        crate::t!(
            "backup-contents",
            span = self.span(),
            payments = self.payments,
            collections = self.collections,
            payouts = self.payouts
        )
    }
}

/// Reads what the copy at `path` holds; refuses a file that is not a paydesk ledger, is damaged,
/// or was written by a newer paydesk.
pub fn inspect(path: &Path) -> Result<Contents, BackupError> {
    if !path.is_file() {
        return Err(BackupError::NotALedger(path.to_owned()));
    }
    let not_ours = || BackupError::NotALedger(path.to_owned());
    let connection = open_read_only(path).map_err(|_| not_ours())?;
    let schema: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(|_| not_ours())?;
    let counts = table_counts(&connection).map_err(|_| not_ours())?;
    if schema < 1
        || !["payouts", "collections", "notifications"]
            .iter()
            .all(|table| counts.contains_key(*table))
    {
        return Err(not_ours());
    }
    if schema > latest_schema() {
        return Err(BackupError::Newer {
            path: path.to_owned(),
            found: schema,
        });
    }
    let check: String = connection
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .map_err(|error| BackupError::Damaged {
            path: path.to_owned(),
            detail: error.to_string(),
        })?;
    if check != "ok" {
        return Err(BackupError::Damaged {
            path: path.to_owned(),
            detail: check,
        });
    }
    let (first, last): (Option<i64>, Option<i64>) = connection
        .query_row(
            "SELECT min(t), max(t) FROM (
                SELECT created_at AS t FROM collections
                UNION ALL SELECT created_at FROM payouts
                UNION ALL SELECT received_at FROM notifications)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .map_err(|error| BackupError::Ledger(error.into()))?;
    Ok(Contents {
        schema,
        first,
        last,
        payments: counts.get("received_payments").copied().unwrap_or(0),
        collections: counts["collections"],
        payouts: counts["payouts"],
    })
}

/// Restores the copy at `copy` into the open embedded `ledger`, after keeping the books it
/// replaces as a copy in `aside_folder`. Returns what was restored.
pub fn restore_into(
    ledger: &Ledger,
    copy: &Path,
    aside_folder: &Path,
) -> Result<(Contents, PathBuf), BackupError> {
    let contents = inspect(copy)?;
    if ledger.is_shared() {
        return Err(LedgerError::SharedRestore.into());
    }
    crate::owner_only::folder(aside_folder).map_err(io(aside_folder))?;
    let aside = aside_folder.join(aside_name());
    let counts = ledger.write_copy(&aside)?;
    verify(&aside, &counts)?;
    ledger.restore_contents(copy)?;
    Ok((contents, aside))
}

fn aside_name() -> String {
    let stamp = moment(crate::clock::now_ms())
        .format(NAME_FORMAT)
        .unwrap_or_default();
    format!("{ASIDE_PREFIX}{stamp}.{COPY_EXTENSION}")
}

/// Restores the copy at `copy` as the ledger file at `ledger_path` when that ledger cannot be
/// opened (damaged, or gone): what is there is moved aside (never deleted), then the copy is
/// put in its place and opened, which brings it to this paydesk's schema.
pub fn restore_file(
    copy: &Path,
    ledger_path: &Path,
) -> Result<(Contents, Ledger, Option<PathBuf>), BackupError> {
    let contents = inspect(copy)?;
    let folder = ledger_path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    crate::owner_only::folder(folder).map_err(io(folder))?;
    let stamp = aside_name();
    let mut moved = None;
    for companion in ["", "-wal", "-shm"] {
        let mut from = ledger_path.as_os_str().to_owned();
        from.push(companion);
        let from = PathBuf::from(from);
        if from.exists() {
            let aside = folder.join(format!("{stamp}{companion}"));
            std::fs::rename(&from, &aside).map_err(io(&from))?;
            moved.get_or_insert(aside);
        }
    }
    let partial = folder.join(".restaurando.sqlite3");
    std::fs::copy(copy, &partial).map_err(io(&partial))?;
    crate::owner_only::file(&partial).map_err(io(&partial))?;
    std::fs::rename(&partial, ledger_path).map_err(io(ledger_path))?;
    let ledger = Ledger::open(ledger_path)?;
    Ok((contents, ledger, moved))
}

/// The newest good copy in `folder`, for "restore the newest copy".
pub fn newest(folder: &Path) -> Result<Copy, BackupError> {
    copies(folder)?
        .into_iter()
        .next()
        .ok_or_else(|| BackupError::NoCopy(folder.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn copy_at(folder: &Path, date: &str) {
        let at = PrimitiveDateTime::parse(&format!("{date}-120000"), NAME_FORMAT)
            .unwrap()
            .assume_offset(crate::clock::bogota());
        let ms = (at.unix_timestamp_nanos() / 1_000_000) as i64;
        std::fs::write(folder.join(copy_name(ms)), b"").unwrap();
    }

    #[test]
    fn seven_days_and_four_weeks_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        // Every day of November, and a file that is not a copy.
        for day in 1..=30 {
            copy_at(dir.path(), &format!("2026-11-{day:02}"));
        }
        std::fs::write(dir.path().join("notas.txt"), b"de la tienda").unwrap();
        prune(dir.path()).unwrap();
        let kept: Vec<Date> = copies(dir.path()).unwrap().iter().map(Copy::day).collect();
        let days: Vec<u8> = kept.iter().map(|date| date.day()).collect();
        // 24–30 (seven days, across the weeks of Monday 30 and of 23–29), then the newest of
        // the two weeks before: Sundays 22 and 15.
        assert_eq!(days, vec![30, 29, 28, 27, 26, 25, 24, 22, 15]);
        assert!(
            dir.path().join("notas.txt").exists(),
            "only copies are removed"
        );
    }

    #[test]
    fn a_copy_is_known_by_its_name() {
        let now = crate::clock::now_ms();
        let name = copy_name(now);
        let read = taken_at(&name).unwrap();
        assert!((now - read).abs() < 1_000);
        assert_eq!(taken_at("ledger.sqlite3"), None);
        assert!(is_stale(None, now));
        let copy = Copy {
            path: name.into(),
            taken_at: now - 4 * MS_PER_DAY,
        };
        assert!(is_stale(Some(&copy), now));
        assert!(!taken_today(Some(&copy), now));
    }
}
