//! When the app looks at the feed: at start and once a day, never while the owner has it off,
//! and never while a sale is on screen (the look waits until the customer screen closes and no
//! sale form is waiting). A look that failed is tried again within the hour, not the next day.

/// A day between looks.
pub const LOOK_EVERY_MS: i64 = 24 * 60 * 60 * 1000;

/// After a look that failed (no line, the server away).
pub const RETRY_AFTER_MS: i64 = 60 * 60 * 1000;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Schedule {
    /// When the last look started (ms since the epoch); none yet this run.
    last_look: Option<i64>,
    last_failed: bool,
    looking: bool,
}

impl Schedule {
    /// Whether to look now.
    pub fn due(&self, now_ms: i64, enabled: bool, sale_on_screen: bool) -> bool {
        if !enabled || sale_on_screen || self.looking {
            return false;
        }
        match self.last_look {
            None => true,
            Some(last) => {
                let wait = if self.last_failed {
                    RETRY_AFTER_MS
                } else {
                    LOOK_EVERY_MS
                };
                now_ms.saturating_sub(last) >= wait
            }
        }
    }

    /// A look started.
    pub fn started(&mut self, now_ms: i64) {
        self.last_look = Some(now_ms);
        self.looking = true;
    }

    /// The look ended; `failed` when it could not say whether there is something new.
    pub fn ended(&mut self, failed: bool) {
        self.looking = false;
        self.last_failed = failed;
    }

    /// When the next look is due (for the app's repaint timer), if one is planned.
    pub fn next_due(&self) -> Option<i64> {
        let last = self.last_look?;
        Some(
            last + if self.last_failed {
                RETRY_AFTER_MS
            } else {
                LOOK_EVERY_MS
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: i64 = 1_800_000_000_000;

    #[test]
    fn looks_at_start_then_once_a_day() {
        let mut schedule = Schedule::default();
        assert!(schedule.due(START, true, false));
        schedule.started(START);
        assert!(!schedule.due(START + 1, true, false), "one look at a time");
        schedule.ended(false);
        assert!(!schedule.due(START + LOOK_EVERY_MS - 1, true, false));
        assert!(schedule.due(START + LOOK_EVERY_MS, true, false));
    }

    #[test]
    fn never_while_a_sale_is_on_screen_nor_when_turned_off() {
        let mut schedule = Schedule::default();
        assert!(
            !schedule.due(START, true, true),
            "the customer screen is up"
        );
        assert!(
            !schedule.due(START, false, false),
            "the owner turned it off"
        );
        // The sale ends: the look that waited happens now.
        assert!(schedule.due(START + 5_000, true, false));
        schedule.started(START + 5_000);
        schedule.ended(false);
        let tomorrow = START + 5_000 + LOOK_EVERY_MS;
        assert!(!schedule.due(tomorrow, true, true));
        assert!(schedule.due(tomorrow + 1, true, false));
    }

    #[test]
    fn a_failed_look_is_tried_again_within_the_hour() {
        let mut schedule = Schedule::default();
        schedule.started(START);
        schedule.ended(true);
        assert!(!schedule.due(START + RETRY_AFTER_MS - 1, true, false));
        assert!(schedule.due(START + RETRY_AFTER_MS, true, false));
        assert_eq!(schedule.next_due(), Some(START + RETRY_AFTER_MS));
    }
}
