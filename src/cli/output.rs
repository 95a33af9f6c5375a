//! What the CLI prints and how it exits. Each failure is reported here exactly once.

use crate::untrusted::for_terminal;
use std::io::Write;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::api::ApiError;
use crate::config::ConfigError;
use crate::validate::ValidationError;

/// Why a command stopped.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// Bad input: nothing was sent.
    #[error("{}", join(.0))]
    Input(Vec<ValidationError>),
    #[error(transparent)]
    Api(#[from] ApiError),
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The person did not confirm, or could not be asked.
    #[error("{0}")]
    NotConfirmed(String),
    #[error("{0}")]
    Local(String),
    /// The service's answer contradicts a final state the books hold: kept for review, never
    /// applied.
    #[error("{0}")]
    Contradiction(String),
    /// The books refuse it by their own rules (a drawer's): nothing was written.
    #[error("{0}")]
    Refused(String),
}

fn join(errors: &[ValidationError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl From<ValidationError> for Failure {
    fn from(error: ValidationError) -> Self {
        Failure::Input(vec![error])
    }
}

impl Failure {
    /// 0 done; 1 the service refused; 2 bad input (nothing was sent); 3 network failure or
    /// unknown outcome; 4 the service contradicts what the books hold as final.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Api(ApiError::Refused { .. }) => 1,
            Failure::Api(error) if error.is_network() => 3,
            Failure::Api(_) => 2,
            Failure::Input(_)
            | Failure::Config(_)
            | Failure::NotConfirmed(_)
            | Failure::Refused(_) => 2,
            Failure::Local(_) => 3,
            Failure::Contradiction(_) => 4,
        }
    }

    fn code(&self) -> String {
        match self {
            Failure::Input(_) => "input.invalid".into(),
            Failure::Api(error) => error.code().into(),
            Failure::Config(_) => "config.invalid".into(),
            Failure::NotConfirmed(_) => "input.notConfirmed".into(),
            Failure::Local(_) => "local.failure".into(),
            Failure::Contradiction(_) => "books.contradicted".into(),
            Failure::Refused(_) => "books.refused".into(),
        }
    }

    fn json(&self) -> Value {
        let mut error = json!({
            "code": self.code(),
            "message": self.to_string(),
            "httpStatus": match self {
                Failure::Api(api) => api.http_status().map(Value::from).unwrap_or(Value::Null),
                _ => Value::Null,
            },
        });
        if let Failure::Input(problems) = self {
            error["fields"] = problems
                .iter()
                .map(|p| json!({"field": p.field.as_str(), "message": p.message}))
                .collect();
        }
        if let Failure::Config(config) = self
            && let Some(detail) = crate::i18n::Explained::detail(config)
        {
            error["detail"] = json!(detail);
        }
        if let Failure::Api(api) = self {
            if let Some(message) = api.service_message() {
                error["serviceMessage"] = json!(message);
            }
            if api.outcome_unknown() {
                error["outcomeUnknown"] = json!(true);
            }
        }
        json!({"error": error})
    }
}

/// A title, then "Label: value" lines, for a person at a terminal; empty values are left out.
pub fn labelled(title: Option<String>, rows: Vec<(String, String)>) -> String {
    title
        .into_iter()
        .chain(
            rows.into_iter()
                .filter(|(_, value)| !value.is_empty())
                .map(|(label, value)| format!("{label}: {value}")),
        )
        .collect::<Vec<_>>()
        .join("\n")
}

#[derive(Debug, Clone, Copy)]
pub struct Output {
    pub json: bool,
}

impl Output {
    /// In JSON mode the document; otherwise the human text.
    pub fn done(&self, document: &Value, human: impl FnOnce() -> String) -> ExitCode {
        // JSON escapes what it carries itself; a person's text is escaped for the terminal.
        let text = if self.json {
            serde_json::to_string_pretty(document).unwrap_or_default()
        } else {
            for_terminal(human().trim_end()).into_owned()
        };
        let mut stdout = std::io::stdout().lock();
        // A closed pipe (`| head`) is not worth a second error.
        let _ = writeln!(stdout, "{}", text.trim_end());
        ExitCode::SUCCESS
    }

    /// Something was done, then something after it failed (a sale written whose charge the
    /// service refused): in JSON mode the document with the failure in it as `error`, otherwise
    /// the person's text on stdout and the failure on stderr; the failure's exit code.
    pub fn done_but(
        &self,
        document: &Value,
        human: impl FnOnce() -> String,
        failure: &Failure,
    ) -> ExitCode {
        if !self.json {
            self.done(document, human);
            return self.failed(failure);
        }
        let mut document = document.clone();
        document["error"] = failure.json()["error"].take();
        // As in `done`: a closed pipe leaves only the exit code to say it.
        let _ = writeln!(
            std::io::stdout().lock(),
            "{}",
            serde_json::to_string_pretty(&document).unwrap_or_default()
        );
        ExitCode::from(failure.exit_code())
    }

    pub fn failed(&self, failure: &Failure) -> ExitCode {
        // Writing to the terminal is the handling of the failure: a closed stderr leaves only the
        // exit code to say it, which follows.
        if self.json {
            let _ = writeln!(
                std::io::stdout().lock(),
                "{}",
                serde_json::to_string_pretty(&failure.json()).unwrap_or_default()
            );
        } else {
            let mut stderr = std::io::stderr().lock();
            match failure {
                Failure::Input(problems) => {
                    let _ = writeln!(stderr, "{}", crate::t!("cli-nothing-sent"));
                    for problem in problems {
                        let _ = writeln!(
                            stderr,
                            "  {}: {}",
                            problem.field.spoken(),
                            for_terminal(&problem.message)
                        );
                    }
                }
                Failure::Api(api) => {
                    let _ = writeln!(stderr, "{}", for_terminal(&api.to_string()));
                    let mut details = vec![crate::t!("cli-error-code", code = api.code())];
                    if let Some(status) = api.http_status() {
                        details.push(format!("HTTP {status}"));
                    }
                    if let Some(message) = api.service_message()
                        && message != api.to_string()
                    {
                        details.push(crate::t!("cli-service-said", message = message));
                    } else if let Some(detail) = crate::i18n::Explained::detail(api) {
                        // What the line said (a refused connection, an unreadable answer).
                        details.push(crate::t!("problem-detail-line", detail = detail));
                    }
                    let _ = writeln!(stderr, "  ({})", for_terminal(&details.join(", ")));
                }
                Failure::Config(config) => {
                    // The sentence, then the file and what the system said, «Detalles».
                    let _ = writeln!(stderr, "{}", for_terminal(&crate::i18n::in_full(config)));
                }
                other => {
                    let _ = writeln!(stderr, "{}", for_terminal(&other.to_string()));
                }
            }
        }
        ExitCode::from(failure.exit_code())
    }

    /// One line of a stream (`ledger watch`): a compact JSON object per line in JSON mode.
    pub fn line(&self, document: &Value, human: &str) {
        let text = if self.json {
            serde_json::to_string(document).unwrap_or_default()
        } else {
            for_terminal(human).into_owned()
        };
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{text}");
        let _ = stdout.flush();
    }

    /// Progress for a person; silent in JSON mode so stdout stays one document.
    pub fn note(&self, text: impl AsRef<str>) {
        if !self.json {
            let _ = writeln!(std::io::stderr().lock(), "{}", for_terminal(text.as_ref()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Operation, Refusal};
    use crate::validate::Field;

    #[test]
    fn exit_codes_follow_the_contract() {
        let refused = Failure::Api(ApiError::Refused {
            refusal: Refusal::Other,
            code: "05".into(),
            message: "no".into(),
            http_status: 400,
        });
        assert_eq!(refused.exit_code(), 1);
        assert_eq!(
            Failure::Input(vec![ValidationError::new(Field::Amount, "bad")]).exit_code(),
            2
        );
        assert_eq!(
            Failure::Api(ApiError::TimedOut {
                operation: Operation::Withdraw
            })
            .exit_code(),
            3
        );
        assert_eq!(
            Failure::Api(ApiError::InsecureUrl {
                url: "http://x".into()
            })
            .exit_code(),
            2
        );
        let document = refused.json();
        assert_eq!(document["error"]["code"], "05");
        assert_eq!(document["error"]["httpStatus"], 400);
    }
}
