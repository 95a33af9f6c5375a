//! The shop's clock. paydesk's merchants are in Colombia (UTC-5, no daylight saving); the OS's
//! own offset cannot be read safely from a multi-threaded process on every platform, so the
//! offset is fixed. (The simulator keeps a clock of its own: it plays the service.)

use time::{Date, OffsetDateTime, UtcOffset, macros::format_description};

use crate::i18n::Language;

pub fn bogota() -> UtcOffset {
    UtcOffset::from_hms(-5, 0, 0).unwrap_or(UtcOffset::UTC)
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

fn local(ms: i64) -> Option<OffsetDateTime> {
    OffsetDateTime::from_unix_timestamp(ms.div_euclid(1_000))
        .ok()
        .map(|t| t.to_offset(bogota()))
}

/// `YYYY-MM-DD HH:MM:SS`, shop time.
pub fn local_datetime(ms: i64) -> String {
    local(ms)
        .and_then(|t| {
            t.format(format_description!(
                "[year]-[month]-[day] [hour]:[minute]:[second]"
            ))
            .ok()
        })
        .unwrap_or_default()
}

/// A moment as a person reads it: `21 nov. 2026, 6:30 p. m.` in Spanish, `Nov 21, 2026, 6:30 PM`
/// in English, shop time.
pub fn shown_datetime(ms: i64) -> String {
    local(ms)
        .map(|t| {
            format!(
                "{}, {}",
                shown_date(t.date()),
                clock_time(t.hour(), t.minute())
            )
        })
        .unwrap_or_default()
}

/// Today's moments by their time alone (`2:05 p. m.`), older ones with their day.
pub fn shown_moment(ms: i64) -> String {
    match local(ms) {
        Some(moment) if moment.date() == today() => clock_time(moment.hour(), moment.minute()),
        Some(_) => shown_datetime(ms),
        None => String::new(),
    }
}

/// The time of day as a person reads it: `6:30 p. m.` / `6:30 PM`, shop time.
pub fn shown_time(ms: i64) -> String {
    local(ms)
        .map(|t| clock_time(t.hour(), t.minute()))
        .unwrap_or_default()
}

/// A day as a person reads it: `21 nov. 2026` / `Nov 21, 2026`.
pub fn shown_date(date: Date) -> String {
    const SPANISH: [&str; 12] = [
        "ene.", "feb.", "mar.", "abr.", "may.", "jun.", "jul.", "ago.", "sept.", "oct.", "nov.",
        "dic.",
    ];
    const ENGLISH: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = usize::from(u8::from(date.month())) - 1;
    match crate::i18n::current() {
        Language::Es => format!("{} {} {}", date.day(), SPANISH[month], date.year()),
        Language::En => format!("{} {}, {}", ENGLISH[month], date.day(), date.year()),
    }
}

fn clock_time(hour: u8, minute: u8) -> String {
    let twelve = match hour % 12 {
        0 => 12,
        h => h,
    };
    let morning = hour < 12;
    match crate::i18n::current() {
        Language::Es => format!(
            "{twelve}:{minute:02} {}",
            if morning { "a. m." } else { "p. m." }
        ),
        Language::En => format!("{twelve}:{minute:02} {}", if morning { "AM" } else { "PM" }),
    }
}

/// A date the service wrote (`21/11/2026 18:30:00`, `2026-11-21 18:30:00`, or ISO 8601 with an
/// offset), as ms since the epoch; the service writes Colombian time when it gives no offset.
pub fn parse_service_time(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Ok(moment) = OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
    {
        return Some(moment.unix_timestamp() * 1_000);
    }
    let local_formats = [
        format_description!("[day]/[month]/[year] [hour]:[minute]:[second]"),
        format_description!("[year]-[month]-[day] [hour]:[minute]:[second]"),
        format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]"),
    ];
    local_formats.into_iter().find_map(|format| {
        time::PrimitiveDateTime::parse(text, format)
            .ok()
            .map(|moment| moment.assume_offset(bogota()).unix_timestamp() * 1_000)
    })
}

/// A date the service wrote, as a person reads it; text in any other shape is shown as it came.
pub fn shown_service_time(text: &str) -> String {
    parse_service_time(text).map_or_else(|| text.trim().to_owned(), shown_datetime)
}

/// A day as files and scripts write it: `2026-11-21`.
pub fn parse_date(text: &str) -> Option<Date> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).ok()
}

/// A day as files and scripts write it: `2026-11-21`.
pub fn format_date(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]"))
        .unwrap_or_default()
}

/// A day as a person types it: `21/11/2026` (day first, as Colombians write it) or
/// `2026-11-21`.
pub fn parse_typed_date(text: &str) -> Option<Date> {
    let text = text.trim();
    Date::parse(text, format_description!("[day]/[month]/[year]"))
        .or_else(|_| Date::parse(text, format_description!("[year]-[month]-[day]")))
        .ok()
}

/// A day to prefill a field with: `21/11/2026` in Spanish, `2026-11-21` in English.
pub fn typed_date(date: Date) -> String {
    let format = match crate::i18n::current() {
        Language::Es => format_description!("[day]/[month]/[year]"),
        Language::En => format_description!("[year]-[month]-[day]"),
    };
    date.format(format).unwrap_or_default()
}

/// The shop's day and hour (0 to 23) of a moment.
pub fn day_and_hour(ms: i64) -> Option<(Date, u8)> {
    local(ms).map(|moment| (moment.date(), moment.hour()))
}

pub fn today() -> Date {
    OffsetDateTime::now_utc().to_offset(bogota()).date()
}

/// Milliseconds of the shop's midnight at the start of `date`.
pub fn start_of(date: Date) -> i64 {
    date.midnight().assume_offset(bogota()).unix_timestamp() * 1_000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shop_time() {
        // 2026-11-21 15:00:00 UTC is 10:00 in Bogotá.
        let ms = 1_795_273_200_000;
        assert_eq!(local_datetime(ms), "2026-11-21 10:00:00");
    }
}
