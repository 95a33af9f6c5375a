//! Who is at the till, and what they may reach. Once the owner has set a PIN, paydesk opens in
//! Caja: Cobrar, Estado de pagos and today's Cuadre del día, nothing else. The owner's PIN opens
//! the owner's side (Dueño), which closes by itself after some minutes without use (the
//! owner's setting) or on "Bloquear". Named cashiers take the till with their own PIN
//! ("Cambiar de cajero"); each sale carries the cashier's name.
//!
//! The PINs, the wrong tries and the minutes live in the ledger (`ledger/people.rs`): every
//! till of a shared ledger agrees. Every check runs off the UI thread; this keeps only what the
//! ledger answered.

use std::sync::Arc;

use crate::i18n::Problem;
use crate::ledger::activity::{Action, Actor, Role};
use crate::ledger::{Ledger, LedgerError, PinCheck, Who, now_ms};
use crate::secrets::Pin;
use crate::t;
use crate::ui::Panel;
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::session::Session;

pub use crate::ledger::People;

/// What someone asked of the till's access, run by the next `logic`.
#[derive(Debug, Clone, PartialEq)]
pub enum AccessCommand {
    /// Read the people again (another till may have changed them).
    Load,
    /// A PIN typed in the prompt.
    Check {
        who: Who,
        pin: Pin,
    },
    /// The owner's PIN, the first time (`current: None`) or changed (the current one first).
    SetOwnerPin {
        current: Option<Pin>,
        new: Pin,
    },
    AddCashier {
        name: String,
        pin: Pin,
    },
    RemoveCashier(String),
    SetIdleMinutes(u32),
}

/// The PIN prompt: for the owner's side, or for a cashier taking the till.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptFor {
    Owner,
    Cashier,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    pub purpose: PromptFor,
    /// The cashier chosen (for `PromptFor::Cashier`).
    pub cashier: String,
    pub pin: String,
    /// What the last try came to, in words.
    pub problem: Option<String>,
    /// Until when the PIN tried is locked (ms since the epoch).
    pub locked_until: Option<i64>,
}

impl Prompt {
    fn new(purpose: PromptFor) -> Prompt {
        Prompt {
            purpose,
            cashier: String::new(),
            pin: String::new(),
            problem: None,
            locked_until: None,
        }
    }
}

/// What a change asked in Configuración came to, in words.
pub type Outcome = Result<String, Problem>;

/// How often the people are read again without a notice (the embedded ledger has none: the
/// command line may have set a PIN while the app was open).
const READ_AGAIN_SECONDS: f64 = 60.0;

#[derive(Default)]
pub struct Access {
    pub queued: Queue<AccessCommand>,
    /// `None` until the ledger first answered.
    people: Option<People>,
    /// Why the people could not be read, if they could not.
    pub problem: Option<Problem>,
    /// Whether the session has a ledger at all (without one there is no PIN to ask); `None`
    /// until a session said.
    has_ledger: Option<bool>,
    loading: Option<Task<Result<People, LedgerError>>>,
    read_at: Option<f64>,
    /// The owner's side is open.
    owner_open: bool,
    /// When the owner's side was last used (egui's clock, seconds).
    last_use: f64,
    /// The cashier at the till (empty: nobody named).
    cashier: String,
    pub prompt: Option<Prompt>,
    checking: Option<Task<Result<(Who, PinCheck), LedgerError>>>,
    changing: Option<Task<Outcome>>,
    /// The last change asked in Configuración.
    pub outcome: Option<Outcome>,
    /// An owner's PIN was just set (here, at another till or from the command line) and this
    /// till turned into Caja: it says so, and how to get back, until closed or the owner's side
    /// opens.
    pub caja_notice: bool,
    /// Who was at the till when last asked (the owner's side open, the cashier), once the
    /// ledger said whether a PIN is set.
    seen: Option<(bool, String)>,
}

impl Access {
    /// A new session's ledger, read as it connected: Caja or not from its first frame.
    pub fn connected(&mut self, people: Option<Result<People, Problem>>, now: f64) {
        self.read_at = Some(now);
        self.has_ledger = Some(people.is_some());
        match people {
            Some(Ok(people)) => {
                self.problem = None;
                self.people = Some(people);
            }
            Some(Err(problem)) => self.problem = Some(problem),
            None => {}
        }
    }

    /// Whether the owner has set a PIN (as far as the ledger said).
    pub fn pin_set(&self) -> bool {
        self.people.as_ref().is_some_and(|people| people.owner_pin)
    }

    pub fn people(&self) -> Option<&People> {
        self.people.as_ref()
    }

    /// Whether the whole app is open: no PIN set, or the owner's side open. Until the ledger
    /// has answered, only the till is open: a PIN that could not be read yet still counts.
    pub fn owner_side(&self) -> bool {
        match &self.people {
            Some(people) => !people.owner_pin || self.owner_open,
            None => self.has_ledger == Some(false) || self.owner_open,
        }
    }

    /// Whether the till shows itself as Caja (a PIN is set and the owner's side is closed).
    pub fn in_caja(&self) -> bool {
        !self.owner_side()
    }

    /// Whether `panel` can be reached now.
    pub fn may_open(&self, panel: Panel) -> bool {
        match panel.needs() {
            crate::ledger::Needs::Owner => self.owner_side(),
            crate::ledger::Needs::Cashier | crate::ledger::Needs::Nobody => true,
        }
    }

    /// The cashier at the till (empty: nobody named).
    pub fn cashier(&self) -> &str {
        &self.cashier
    }

    /// Who acts now, for the activity log.
    pub fn actor(&self) -> Actor {
        if self.pin_set() && self.owner_open {
            Actor::new(Role::Owner, "")
        } else if self.pin_set() {
            Actor::new(Role::Cashier, self.cashier.clone())
        } else {
            Actor::new(Role::Anyone, "")
        }
    }

    /// Whether someone else is at the till since this was last asked: the owner's side opened
    /// or closed, or another cashier took the till. Not before the ledger said whether a PIN is
    /// set (the till starts closed until it does).
    pub fn another_person(&mut self) -> bool {
        if self.people.is_none() {
            return false;
        }
        let now = (self.owner_side(), self.cashier.clone());
        let changed = self.seen.as_ref().is_some_and(|seen| *seen != now);
        self.seen = Some(now);
        changed
    }

    /// The owner's side closes now ("Bloquear").
    pub fn lock(&mut self) {
        self.owner_open = false;
    }

    pub fn ask_owner_pin(&mut self) {
        self.prompt = Some(Prompt::new(PromptFor::Owner));
    }

    pub fn ask_cashier_pin(&mut self) {
        self.prompt = Some(Prompt::new(PromptFor::Cashier));
    }

    pub fn is_checking(&self) -> bool {
        self.checking.is_some()
    }

    pub fn is_changing(&self) -> bool {
        self.changing.is_some()
    }

    /// Seconds of use left on the owner's side (only while it is open with a PIN set).
    pub fn idle_left(&self, now: f64) -> Option<f64> {
        let people = self.people.as_ref().filter(|people| people.owner_pin)?;
        self.owner_open
            .then(|| self.last_use + f64::from(people.idle_minutes) * 60.0 - now)
    }

    /// Runs what was asked, takes what the ledger answered, and closes the owner's side when it
    /// has gone unused. `used` says whether the person touched the window this frame; `now` is
    /// egui's clock. Returns the cashier now at the till when it changed.
    pub fn logic(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        now: f64,
        used: bool,
    ) -> Option<String> {
        let ledger = session.ledger.clone().ok();
        self.has_ledger = Some(ledger.is_some());
        let Some(ledger) = ledger else {
            self.queued.clear();
            return None;
        };
        if self.read_at.is_none_or(|at| now - at > READ_AGAIN_SECONDS) {
            self.read_at = Some(now);
            self.queued.push(AccessCommand::Load);
        }
        for command in self.queued.take() {
            self.run(bridge, &ledger, command);
        }
        if let Some(read) = finished(&mut self.loading) {
            match read {
                Ok(people) => {
                    self.problem = None;
                    let was_open = self.people.as_ref().is_some_and(|people| !people.owner_pin);
                    if was_open && people.owner_pin {
                        self.caja_notice = true;
                    }
                    self.people = Some(people);
                }
                Err(error) => self.problem = Some(Problem::of(&error)),
            }
        }
        let mut new_cashier = None;
        if let Some(checked) = finished(&mut self.checking) {
            new_cashier = self.checked(bridge, &ledger, checked, now);
        }
        if let Some(outcome) = finished(&mut self.changing) {
            self.outcome = Some(outcome);
            self.queued.push(AccessCommand::Load);
        }
        if self.owner_open {
            if used {
                self.last_use = now;
            }
            if self.idle_left(now).is_some_and(|left| left <= 0.0) {
                tracing::info!("the owner's side closed after going unused");
                self.owner_open = false;
            }
        }
        new_cashier
    }

    fn run(&mut self, bridge: &Bridge, ledger: &Arc<Ledger>, command: AccessCommand) {
        let ledger = ledger.clone();
        match command {
            AccessCommand::Load => {
                if self.loading.is_none() {
                    self.loading = Some(bridge.spawn_blocking(move || ledger.people()));
                }
            }
            AccessCommand::Check { who, pin } => {
                if self.checking.is_none() {
                    self.checking = Some(bridge.spawn_blocking(move || {
                        ledger
                            .check_pin(&who, &pin, now_ms())
                            .map(|check| (who, check))
                    }));
                }
            }
            change => {
                if self.changing.is_none() {
                    let actor = self.actor();
                    self.changing =
                        Some(bridge.spawn_blocking(move || change_people(&ledger, &actor, change)));
                }
            }
        }
    }

    /// What a PIN try came to.
    fn checked(
        &mut self,
        bridge: &Bridge,
        ledger: &Arc<Ledger>,
        checked: Result<(Who, PinCheck), LedgerError>,
        now: f64,
    ) -> Option<String> {
        let prompt = self.prompt.as_mut()?;
        prompt.pin.clear();
        let (who, check) = match checked {
            Ok(checked) => checked,
            Err(error) => {
                // The prompt has room for the sentence only: what the ledger said is logged.
                prompt.problem = Some(Problem::of(&error).message);
                return None;
            }
        };
        match check {
            PinCheck::Right => {
                self.prompt = None;
                match who {
                    Who::Owner => {
                        self.owner_open = true;
                        self.caja_notice = false;
                        self.last_use = now;
                        self.log(bridge, ledger, Action::OwnerOpened, String::new());
                        None
                    }
                    Who::Cashier(name) => {
                        self.cashier.clone_from(&name);
                        Some(name)
                    }
                }
            }
            PinCheck::Wrong {
                tries_left,
                locked_until,
            } => {
                prompt.locked_until = locked_until;
                prompt.problem = Some(match locked_until {
                    Some(_) => t!("pin-locked-now"),
                    None => t!("pin-wrong", left = tries_left),
                });
                if locked_until.is_some() {
                    let whose = match &who {
                        Who::Owner => t!("actor-owner"),
                        Who::Cashier(name) => name.clone(),
                    };
                    self.log(bridge, ledger, Action::PinLocked, whose);
                }
                None
            }
            PinCheck::Locked { until } => {
                prompt.locked_until = Some(until);
                prompt.problem = Some(t!("pin-locked-now"));
                None
            }
            PinCheck::Unknown => {
                prompt.problem = Some(match who {
                    Who::Owner => t!("pin-owner-unset"),
                    Who::Cashier(_) => t!("pin-cashier-gone"),
                });
                self.queued.push(AccessCommand::Load);
                None
            }
        }
    }

    /// Writes down who did `action` now (off the UI thread), in the session's ledger.
    pub fn record(&self, bridge: &Bridge, session: &Session, action: Action, detail: String) {
        if let Ok(ledger) = &session.ledger {
            self.log(bridge, ledger, action, detail);
        }
    }

    /// Writes one activity entry off the UI thread; a failure is logged, once.
    fn log(&self, bridge: &Bridge, ledger: &Arc<Ledger>, action: Action, detail: String) {
        let ledger = ledger.clone();
        let actor = self.actor();
        drop(bridge.spawn_blocking(move || {
            if let Err(error) = ledger.record_activity(&actor, action, &detail, now_ms()) {
                tracing::warn!(%error, "an activity entry could not be written");
            }
        }));
    }
}

/// A change of the people, as the owner asked it in Configuración.
fn change_people(ledger: &Ledger, actor: &Actor, change: AccessCommand) -> Outcome {
    let now = now_ms();
    let failed = |error: LedgerError| Problem::of(&error);
    let refused = |words: String| Err(Problem::words(words));
    let (action, detail, done) = match change {
        AccessCommand::SetOwnerPin { current, new } => {
            let changing = ledger.owner_pin_set().map_err(failed)?;
            if changing {
                let Some(current) = current else {
                    return refused(t!("pin-current-needed"));
                };
                match ledger
                    .check_pin(&Who::Owner, &current, now)
                    .map_err(failed)?
                {
                    PinCheck::Right => {}
                    PinCheck::Locked { .. }
                    | PinCheck::Wrong {
                        locked_until: Some(_),
                        ..
                    } => return refused(t!("pin-locked-now")),
                    _ => return refused(t!("pin-current-wrong")),
                }
            }
            ledger.set_owner_pin(&new, now).map_err(failed)?;
            let done = if changing {
                t!("cli-pin-changed")
            } else {
                t!("pin-owner-saved")
            };
            (Action::OwnerPinSet, String::new(), done)
        }
        AccessCommand::AddCashier { name, pin } => {
            ledger.set_cashier(&name, &pin, now).map_err(failed)?;
            let done = t!("cashier-saved", name = name.as_str());
            (Action::CashierAdded, name, done)
        }
        AccessCommand::RemoveCashier(name) => {
            if !ledger.remove_cashier(&name, now).map_err(failed)? {
                return refused(t!("pin-cashier-gone"));
            }
            let done = t!("cashier-removed", name = name.as_str());
            (Action::CashierRemoved, name, done)
        }
        AccessCommand::SetIdleMinutes(minutes) => {
            ledger.set_owner_idle_minutes(minutes).map_err(failed)?;
            let done = t!("owner-idle-saved", minutes = minutes.to_string());
            (Action::SettingsChanged, done.clone(), done)
        }
        AccessCommand::Load | AccessCommand::Check { .. } => return Ok(String::new()),
    };
    // A PIN set for the first time is the owner's from then on.
    let actor = match action {
        Action::OwnerPinSet => Actor::new(Role::Owner, ""),
        _ => actor.clone(),
    };
    if let Err(error) = ledger.record_activity(&actor, action, &detail, now) {
        tracing::warn!(%error, "an activity entry could not be written");
    }
    Ok(done)
}
