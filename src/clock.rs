//! The shop's clock. paydesk's merchants are in Colombia (UTC-5, no daylight saving); the OS's
//! own offset cannot be read safely from a multi-threaded process on every platform, so the
//! offset is fixed. (The simulator keeps a clock of its own: it plays the service.)

use time::{Date, OffsetDateTime, UtcOffset, macros::format_description};

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

/// `HH:MM`, shop time.
pub fn local_hh_mm(ms: i64) -> String {
    local(ms)
        .map(|t| format!("{:02}:{:02}", t.hour(), t.minute()))
        .unwrap_or_default()
}

/// `DD/MM HH:MM`, shop time.
pub fn local_day_and_time(ms: i64) -> String {
    local(ms)
        .map(|t| {
            format!(
                "{:02}/{:02} {:02}:{:02}",
                t.day(),
                u8::from(t.month()),
                t.hour(),
                t.minute()
            )
        })
        .unwrap_or_default()
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
        assert_eq!(local_hh_mm(ms), "10:00");
        assert_eq!(local_day_and_time(ms), "21/11 10:00");
    }
}
