//! One function per operation, in a file per group: validate everything first (nothing is sent
//! on bad input), call the service once, print.

mod accounts;
mod backups;
mod cash;
mod context;
mod dispatch;
mod figures;
mod ledger;
mod payments;
mod payouts;
mod people;
mod printing;
mod returns;
mod sales;
mod sell;
mod sign_in;
mod status;
mod tabs;
mod update;
mod webhooks;

pub use accounts::*;
pub use backups::*;
pub use cash::cash;
pub use context::{Context, Local, Outcome, document, record};
use context::{Question, checked, collect, confirm_on_terminal, non_negative_amount};
pub use ledger::*;
pub use payments::*;
pub use payouts::*;
pub use people::*;
pub use printing::*;
pub use returns::*;
pub use sales::{list_sales, show_sale};
pub use sell::{Seller, charge_again_from_terminal, sell_from_terminal};
pub use sign_in::*;
pub use status::*;
pub use tabs::{tab, tab_link};
pub use update::update;
pub use webhooks::*;

// The files of this folder start with `use super::*`: what they share comes in through here.
use crate::validate::Field;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::args::{Command, CustomerCommand, LedgerCommand, ProfileCommand, WebhooksCommand};
use super::output::Failure;
use crate::validate::{self, ValidationError};

pub use dispatch::run;
