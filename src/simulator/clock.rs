//! Time as the simulated service writes it: Colombia's local time (UTC-5, no daylight saving).

use std::time::{SystemTime, UNIX_EPOCH};

use time::{OffsetDateTime, UtcOffset, macros::format_description};

const COLOMBIA: UtcOffset = match UtcOffset::from_hms(-5, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_millis() as i64)
        .unwrap_or_default()
}

fn local(seconds: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(seconds)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .to_offset(COLOMBIA)
}

/// `YYYY-MM-DD HH:MM:SS`, the notification and Family A format.
pub fn local_datetime(seconds: i64) -> String {
    local(seconds)
        .format(format_description!(
            "[year]-[month]-[day] [hour]:[minute]:[second]"
        ))
        .unwrap_or_default()
}

/// ISO 8601 with the offset, the Family B format.
pub fn iso(seconds: i64) -> String {
    local(seconds)
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

/// `DD/MM/YYYY HH:MM:SS`, the balance answer's format.
pub fn balance_date(seconds: i64) -> String {
    local(seconds)
        .format(format_description!(
            "[day]/[month]/[year] [hour]:[minute]:[second]"
        ))
        .unwrap_or_default()
}

/// Formatted currency text, as the status record and notifications carry it.
pub fn currency(pesos: i64) -> String {
    crate::money::Pesos::new(pesos).to_string()
}

/// A notification's `cost` as the service writes it: `"$595.00"`, `"$1,647.00"` (a dot before
/// the cents, commas between thousands).
pub fn notification_currency(pesos: i64) -> String {
    let digits = pesos.unsigned_abs().to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if pesos < 0 { "-" } else { "" };
    format!("{sign}${grouped}.00")
}

/// The two-decimal text of the balance bags.
pub fn decimal(pesos: i64) -> String {
    format!("{pesos}.00")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_in_colombian_time() {
        // 2026-11-21 15:00:00 UTC is 10:00 in Bogotá.
        let instant = 1_795_273_200;
        assert_eq!(local_datetime(instant), "2026-11-21 10:00:00");
        assert_eq!(balance_date(instant), "21/11/2026 10:00:00");
        assert_eq!(iso(instant), "2026-11-21T10:00:00-05:00");
        assert_eq!(currency(1_647), "$ 1.647");
        assert_eq!(notification_currency(595), "$595.00");
        assert_eq!(notification_currency(1_647), "$1,647.00");
        assert_eq!(notification_currency(1_234_567), "$1,234,567.00");
        assert_eq!(decimal(5_000_000), "5000000.00");
    }
}
