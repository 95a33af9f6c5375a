//! Customers' personal data while the app is open (Ley 1581 de 2012): how many days it is kept
//! (the owner's setting), the blanking of what is older as the hours go by, and forgetting a
//! customer who asks. The amounts, references and states stay. The ledger does the blanking off
//! the UI thread; this only keeps what it came to.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::config::ConfigError;
use crate::i18n::Problem;
use crate::ledger::activity::Action;
use crate::ledger::{Blanked, Customer, LedgerError};
use crate::ui::plumbing::bridge::{Bridge, Task, finished};
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::access::Access;
use crate::ui::services::session::Session;

/// What the owner asked of customers' data, run by the next `logic`.
#[derive(Debug, Clone, PartialEq)]
pub enum CustomerDataCommand {
    /// How many days customers' personal data is kept.
    SetDays(u32),
    /// A customer who asked to be forgotten.
    Forget(Customer),
}

/// How often what has passed its days is blanked.
const BLANK_AGAIN: Duration = Duration::from_secs(60 * 60);

#[derive(Default)]
pub struct CustomerData {
    pub queued: Queue<CustomerDataCommand>,
    /// How many days customers' personal data is kept, once the settings file was read.
    days: Option<u32>,
    reading: Option<Task<u32>>,
    saving: Option<Task<Result<u32, ConfigError>>>,
    blanked_at: Option<Instant>,
    blanking: Option<Task<Result<Blanked, LedgerError>>>,
    forgetting: Option<Task<Result<Blanked, LedgerError>>>,
    /// The last "forget a customer" or change of the days, for Configuración.
    pub result: Option<Result<String, Problem>>,
}

impl CustomerData {
    /// How many days customers' personal data is kept (0 until the settings file was read).
    pub fn days(&self) -> u32 {
        self.days.unwrap_or_default()
    }

    /// Runs what the owner asked, and blanks what has passed its days (at start, every hour,
    /// and at once when the days change).
    pub fn logic(
        &mut self,
        bridge: &Bridge,
        session: &Arc<Session>,
        paths: &crate::config::Paths,
        access: &Access,
    ) {
        self.poll();
        for command in self.queued.take() {
            log(bridge, session, access, &command);
            self.run(command, bridge, session, paths);
        }
        let Some(days) = self.days else {
            // The settings file is read off the UI thread, once; nothing is blanked before. One
            // that cannot be read keeps the default days: the session says why it cannot.
            if self.reading.is_none() {
                let paths = paths.clone();
                self.reading = Some(bridge.spawn_blocking(move || {
                    let books = paths.load().map(|config| config.books).unwrap_or_default();
                    books.customer_data_days()
                }));
            }
            return;
        };
        let due = self
            .blanked_at
            .is_none_or(|blanked| blanked.elapsed() >= BLANK_AGAIN);
        if let Ok(ledger) = &session.ledger
            && due
            && self.blanking.is_none()
        {
            self.blanked_at = Some(Instant::now());
            let ledger = ledger.clone();
            let before = crate::ledger::personal_cutoff(days);
            self.blanking = Some(bridge.spawn_blocking(move || ledger.blank_personal_data(before)));
        }
    }

    fn run(
        &mut self,
        command: CustomerDataCommand,
        bridge: &Bridge,
        session: &Session,
        paths: &crate::config::Paths,
    ) {
        match command {
            CustomerDataCommand::SetDays(days) => {
                let paths = paths.clone();
                self.saving = Some(bridge.spawn_blocking(move || {
                    paths.change(|config| {
                        config.books.customer_data_days = Some(days);
                        Ok(days)
                    })
                }));
            }
            CustomerDataCommand::Forget(customer) => {
                if let Ok(ledger) = session.ledger.clone() {
                    self.forgetting =
                        Some(bridge.spawn_blocking(move || ledger.forget_customer(&customer)));
                }
            }
        }
    }

    /// The days read at start, and what changing them, blanking and forgetting came to.
    fn poll(&mut self) {
        if let Some(days) = finished(&mut self.reading) {
            self.days = Some(days);
        }
        if let Some(saved) = finished(&mut self.saving) {
            self.result = Some(match saved {
                Ok(days) => {
                    self.days = Some(days);
                    // The new days apply at once.
                    self.blanked_at = None;
                    Ok(crate::t!("customers-days-saved", days = days))
                }
                Err(error) => Err(Problem::of(&error)),
            });
        }
        // Nobody asked for the blanking: it is only written down when it fails, and tried
        // again within the hour.
        if let Some(Err(error)) = finished(&mut self.blanking) {
            tracing::warn!(%error, "customers' old data could not be blanked");
        }
        if let Some(forgot) = finished(&mut self.forgetting) {
            self.result = Some(match forgot {
                Ok(blanked) => Ok(crate::t!(
                    "cli-forgotten",
                    notifications = blanked.notifications,
                    payouts = blanked.payouts
                )),
                Err(error) => Err(Problem::of(&error)),
            });
        }
    }
}

/// What the owner changed of customers' data, and a forgotten customer (never who: forgetting
/// them in the log too), written down as theirs.
fn log(bridge: &Bridge, session: &Session, access: &Access, command: &CustomerDataCommand) {
    let (action, detail) = match *command {
        CustomerDataCommand::SetDays(days) => (
            Action::SettingsChanged,
            crate::t!("customers-days-saved", days = days),
        ),
        CustomerDataCommand::Forget(_) => (Action::CustomerForgotten, String::new()),
    };
    access.record(bridge, session, action, detail);
}
