//! How long something lives, as a person writes and reads it.

/// "12 horas", "30 minutos", "1 día": how long a minimum is, in words, for messages.
pub fn describe_seconds(seconds: u64) -> String {
    match seconds {
        s if s % 86_400 == 0 && s >= 86_400 => {
            let days = s / 86_400;
            if days == 1 {
                crate::t!("duration-one-day")
            } else {
                crate::t!("duration-days", days = days)
            }
        }
        // In words: "12 h" read as a shop owner reads it is "12 horas".
        s if s % 3_600 == 0 && s >= 3_600 => {
            let hours: u64 = s / 3_600;
            crate::t!("duration-hours", hours = hours)
        }
        s if s % 60 == 0 && s >= 60 => {
            let minutes: u64 = s / 60;
            crate::t!("duration-minutes", minutes = minutes)
        }
        s => crate::t!("duration-seconds", seconds = s),
    }
}

/// A lifetime as a person writes it: `15min`, `1h`, `1d` (or `1 día`), `90s`, or a bare number
/// of seconds. The result is in seconds; how the wire counts it is the interface's business.
pub fn duration(text: &str) -> Result<u64, String> {
    let compact: String = text
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let split = compact
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(compact.len());
    let (digits, unit) = compact.split_at(split);
    let count: u64 = digits
        .parse()
        .map_err(|_| crate::t!("rule-duration-shape"))?;
    let scale = match unit {
        "" | "s" | "seg" | "sec" => 1,
        "m" | "min" | "mins" | "minutos" | "minutes" => 60,
        "h" | "hora" | "horas" | "hour" | "hours" => 3_600,
        "d" | "día" | "dia" | "días" | "dias" | "day" | "days" => 86_400,
        _ => return Err(crate::t!("rule-duration-shape")),
    };
    match count.checked_mul(scale) {
        Some(0) => Err(crate::t!("rule-expiry-positive")),
        Some(seconds) => Ok(seconds),
        None => Err(crate::t!("rule-duration-shape")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_durations() {
        assert_eq!(describe_seconds(43_200), "12 hours");
        assert_eq!(describe_seconds(3_600), "1 hour");
        assert_eq!(describe_seconds(1_800), "30 minutes");
        assert_eq!(describe_seconds(86_400), "1 day");
        assert_eq!(describe_seconds(172_800), "2 days");
        assert_eq!(describe_seconds(720), "12 minutes");
        assert_eq!(describe_seconds(61), "61 seconds");
        assert_eq!(duration("15min"), Ok(900));
        assert_eq!(duration("1 h"), Ok(3_600));
        assert_eq!(duration("1 día"), Ok(86_400));
        assert_eq!(duration("600"), Ok(600));
        assert!(duration("0").is_err());
        assert!(duration("una hora").is_err());
        assert!(duration("99999999999999999999d").is_err());
    }
}
