//! Which of a follower's answers are worth a frame. The payment on the customer screen is asked
//! about twice a second for as long as it waits (an hour, for a link), and almost every answer is
//! the last one again: a frame for each would be a frame drawn for nothing, and drawn in software
//! (as many shop PCs draw) that was a good part of a core. An answer like the last one waits in
//! the tracker's channel for the next frame, whenever that comes.

use crate::api::ApiError;
use crate::api::StatusRecord;

/// What one follower last told the window: the service's answer, or the words of the failure
/// the window showed (compared, never handled here: the follower's own owner handles it).
#[derive(Default)]
pub struct LastTold(Option<Told>);

#[derive(PartialEq)]
enum Told {
    Answer(StatusRecord),
    Failure(String),
}

impl LastTold {
    /// Whether a follower's answer (`result`, and whether it brought one more payment of a
    /// code) changes what the window shows, and so is worth a frame now.
    pub fn is_news(&mut self, result: &Result<StatusRecord, ApiError>, received: bool) -> bool {
        let told = match result {
            Ok(record) => Told::Answer(record.clone()),
            Err(error) => Told::Failure(error.to_string()),
        };
        let news = received || self.0.as_ref() != Some(&told);
        self.0 = Some(told);
        news
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: &str) -> Result<StatusRecord, ApiError> {
        Ok(serde_json::from_value(serde_json::json!({
            "id": "1", "cost": "", "status": status, "date": "", "providerReference": "",
            "amount": "$ 2.500", "description": null, "paymentMethod": null
        }))
        .unwrap())
    }

    #[test]
    fn only_an_answer_that_changes_something_asks_for_a_frame() {
        let mut told = LastTold::default();
        let pending = "1";
        assert!(told.is_news(&answer(pending), false), "the first answer");
        assert!(!told.is_news(&answer(pending), false), "the same again");
        assert!(!told.is_news(&answer(pending), false));
        let unreachable = || {
            Err(ApiError::Unreachable {
                host: "127.0.0.1".into(),
                detail: "refused".into(),
            })
        };
        assert!(told.is_news(&unreachable(), false), "a problem");
        assert!(!told.is_news(&unreachable(), false), "the same problem");
        assert!(told.is_news(&answer(pending), false), "the problem gone");
        assert!(told.is_news(&answer("2"), false), "approved");
        assert!(told.is_news(&answer("2"), true), "a code's next payment");
    }
}
