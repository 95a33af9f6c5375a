//! The bridge between frames and the tokio runtime owned by `main`: work goes out as a future,
//! its result comes back on a channel, then the UI is asked to repaint. Nothing here blocks.

use std::future::Future;
use std::sync::mpsc;

use crate::api::ApiError;

/// A result on its way back from the runtime; polled from `App::logic`.
pub struct Task<T> {
    receiver: mpsc::Receiver<T>,
}

/// A kept task's result once it is done; the task is then gone (a panel's `Option<Task>` of
/// work under way, emptied as it finishes).
pub fn finished<T>(task: &mut Option<Task<T>>) -> Option<T> {
    let result = task.as_ref()?.poll()?;
    *task = None;
    Some(result)
}

impl<T> Task<T> {
    /// `Some` once, when the work has finished.
    pub fn poll(&self) -> Option<T> {
        self.receiver.try_recv().ok()
    }

    /// A task whose result is already known (for tests and synchronous paths).
    pub fn ready(value: T) -> Task<T> {
        let (sender, receiver) = mpsc::channel();
        // The receiver is alive: this cannot fail.
        let _ = sender.send(value);
        Task { receiver }
    }
}

#[derive(Clone)]
pub struct Bridge {
    runtime: tokio::runtime::Handle,
    ctx: egui::Context,
}

impl Bridge {
    pub fn new(runtime: tokio::runtime::Handle, ctx: egui::Context) -> Bridge {
        Bridge { runtime, ctx }
    }

    pub fn runtime(&self) -> &tokio::runtime::Handle {
        &self.runtime
    }

    pub fn ctx(&self) -> &egui::Context {
        &self.ctx
    }

    /// Runs `work` on the runtime; the result is sent first, then a repaint is requested, so the
    /// frame that wakes up finds it.
    pub fn spawn<T, F>(&self, work: F) -> Task<T>
    where
        T: Send + 'static,
        F: Future<Output = T> + Send + 'static,
    {
        let (sender, receiver) = mpsc::channel();
        let ctx = self.ctx.clone();
        self.runtime.spawn(async move {
            let value = work.await;
            // The panel may have moved on and dropped the task: nothing to deliver to.
            let _ = sender.send(value);
            ctx.request_repaint();
        });
        Task { receiver }
    }

    /// Blocking work (keyring, files) on the runtime's blocking pool.
    pub fn spawn_blocking<T, F>(&self, work: F) -> Task<T>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let (sender, receiver) = mpsc::channel();
        let ctx = self.ctx.clone();
        self.runtime.spawn_blocking(move || {
            // As above: the panel may have moved on and dropped the task.
            let _ = sender.send(work());
            ctx.request_repaint();
        });
        Task { receiver }
    }
}

/// An error as a panel shows it: the shop owner's words, the code for whoever debugs, and what
/// the app should do next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UiError {
    pub message: String,
    /// What the system or the service said in its own terms, folded away under «Detalles».
    pub detail: Option<String>,
    pub code: Option<String>,
    /// The credential the service asks for again (an ended session, a rejected token).
    pub sign_in: Option<crate::api::SignInNeeded>,
    /// The operation may have happened: only a status check may follow, never a blind retry.
    pub outcome_unknown: bool,
    /// Nothing was done and trying again is safe.
    pub retryable: bool,
    /// Nothing was done, and the rule that refused allows it again at this time (ms since the
    /// epoch): the message counts down to it instead of standing still.
    pub allowed_from_ms: Option<i64>,
}

impl UiError {
    pub fn local(message: impl Into<String>) -> UiError {
        UiError {
            message: message.into(),
            detail: None,
            code: None,
            sign_in: None,
            outcome_unknown: false,
            retryable: false,
            allowed_from_ms: None,
        }
    }

    /// Our sentence for a failure, and what the system said (`detail`) behind «Detalles»,
    /// logged once, here.
    pub fn failed(message: impl Into<String>, detail: impl std::fmt::Display) -> UiError {
        UiError::explained(&crate::i18n::Problem {
            message: message.into(),
            detail: Some(detail.to_string()),
        })
    }

    /// A problem met here: its sentence, and what the system said behind «Detalles».
    pub fn explained(error: &(impl crate::i18n::Explained + ?Sized)) -> UiError {
        UiError::from(crate::i18n::Problem::of(error))
    }
}

impl From<crate::i18n::Problem> for UiError {
    fn from(problem: crate::i18n::Problem) -> Self {
        UiError {
            detail: problem.detail,
            ..UiError::local(problem.message)
        }
    }
}

impl From<ApiError> for UiError {
    fn from(error: ApiError) -> Self {
        let problem = crate::i18n::Problem::of(&error);
        UiError {
            message: problem.message,
            detail: problem.detail,
            code: Some(error.code().to_owned()),
            sign_in: error.needs_sign_in(),
            outcome_unknown: error.outcome_unknown(),
            retryable: error.is_network() && !error.outcome_unknown(),
            allowed_from_ms: None,
        }
    }
}

/// One async call's state, as a panel holds it (rerun's `RequestedObject`): the previous value
/// stays visible while a refresh is pending or after it failed, so nothing flickers.
#[derive(Default)]
pub enum Requested<T> {
    #[default]
    NotRequested,
    Pending {
        task: Task<Result<T, UiError>>,
        previous: Option<T>,
    },
    Done(T),
    Failed {
        error: UiError,
        previous: Option<T>,
    },
}

impl<T> Requested<T> {
    /// Starts a request, keeping what was there.
    pub fn start(&mut self, task: Task<Result<T, UiError>>) {
        let previous = match std::mem::take(self) {
            Requested::Done(value) => Some(value),
            Requested::Pending { previous, .. } | Requested::Failed { previous, .. } => previous,
            Requested::NotRequested => None,
        };
        *self = Requested::Pending { task, previous };
    }

    /// Moves a finished task into `Done` or `Failed`; true when something changed.
    pub fn poll(&mut self) -> bool {
        let Requested::Pending { task, .. } = self else {
            return false;
        };
        let Some(result) = task.poll() else {
            return false;
        };
        let previous = match std::mem::take(self) {
            Requested::Pending { previous, .. } => previous,
            _ => None,
        };
        *self = match result {
            Ok(value) => Requested::Done(value),
            Err(error) => Requested::Failed { error, previous },
        };
        true
    }

    pub fn is_pending(&self) -> bool {
        matches!(self, Requested::Pending { .. })
    }

    /// The newest value: the result, or the previous one while pending or failed.
    pub fn value(&self) -> Option<&T> {
        match self {
            Requested::Done(value) => Some(value),
            Requested::Pending { previous, .. } | Requested::Failed { previous, .. } => {
                previous.as_ref()
            }
            Requested::NotRequested => None,
        }
    }

    pub fn error(&self) -> Option<&UiError> {
        match self {
            Requested::Failed { error, .. } => Some(error),
            _ => None,
        }
    }

    pub fn clear(&mut self) {
        *self = Requested::NotRequested;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_previous_value_while_pending_and_after_failure() {
        let mut state: Requested<u32> = Requested::default();
        state.start(Task::ready(Ok(1)));
        assert!(state.is_pending());
        assert!(state.poll());
        assert_eq!(state.value(), Some(&1));
        state.start(Task::ready(Err(UiError::local("down"))));
        assert_eq!(
            state.value(),
            Some(&1),
            "previous value shown while pending"
        );
        state.poll();
        assert_eq!(state.error().map(|e| e.message.as_str()), Some("down"));
        assert_eq!(
            state.value(),
            Some(&1),
            "previous value kept after a failure"
        );
        assert!(!state.poll(), "nothing more to take");
    }
}
