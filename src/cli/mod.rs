//! `paydesk <command>`: one subcommand per operation, for automation and scripting. Human text
//! by default, exactly one JSON document with `--json`, and exit codes a script can branch on.

pub mod args;
mod cash_args;
mod commands;
pub mod gate;
mod help;
mod money_out_args;
pub mod output;
pub mod parse_errors;
mod profiles;
mod run;
mod sale_args;
mod simulator;
mod tab_args;

pub use run::{parse, run};
