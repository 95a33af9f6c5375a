//! Every command of the command line and every panel of the app, with who must be there (the
//! owner's PIN, a cashier at the till, nobody) and, for commands, what the activity log keeps.
//! The decisions are made in `src/cli/gate.rs` and `ui::Panel::needs`, each in a match with no
//! catch-all, so a new command or panel does not compile until someone decides; these lists
//! make the decision show up in review, and fail until the newcomer is written down here too.

use clap::CommandFactory;
use clap::Parser;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use paydesk::cli::args::Cli;
use paydesk::cli::gate::{Logged, Needs};

/// `path`, `needs`, `log`: `-` nothing, `own` the command writes its own entries, else the
/// action's code.
const EVERY_COMMAND: &[(&str, &str, &str)] = &[
    ("account add", "owner", "bank-account-added"),
    ("account delete", "owner", "bank-account-deleted"),
    ("balance", "owner", "-"),
    ("banks", "cashier", "-"),
    ("cash close", "owner", "own"),
    ("cash in", "cashier", "own"),
    ("cash open", "cashier", "own"),
    ("cash out", "cashier", "own"),
    ("cash return", "owner", "own"),
    ("cash sale", "cashier", "-"),
    ("cash shift", "cashier", "-"),
    ("cash shifts", "cashier", "-"),
    ("cash void", "owner", "own"),
    ("cashier add", "owner", "own"),
    ("cashier list", "cashier", "-"),
    ("cashier remove", "owner", "own"),
    ("charge", "cashier", "-"),
    ("checkout", "cashier", "-"),
    ("customer forget", "owner", "customer-forgotten"),
    ("forget-this-computer", "nobody", "-"),
    ("instant-banks", "cashier", "-"),
    ("ledger backup", "cashier", "-"),
    ("ledger close", "cashier", "-"),
    ("ledger export", "owner", "-"),
    ("ledger restore", "owner", "restore"),
    ("ledger watch", "cashier", "-"),
    ("link", "cashier", "-"),
    ("login", "owner", "credentials"),
    ("manpage", "nobody", "-"),
    ("methods", "cashier", "-"),
    ("notify", "cashier", "-"),
    ("otp", "owner", "-"),
    ("payout", "owner", "own"),
    ("payouts", "owner", "-"),
    ("pin set", "owner", "own"),
    ("print cash-receipt", "cashier", "-"),
    ("print close", "cashier", "-"),
    ("print poster", "cashier", "-"),
    ("print printers", "cashier", "-"),
    ("print receipt", "cashier", "-"),
    ("print return", "cashier", "-"),
    ("print shift", "cashier", "-"),
    ("profile add", "owner", "profile"),
    ("profile check", "cashier", "-"),
    ("profile list", "cashier", "-"),
    ("profile use", "owner", "profile"),
    ("refund", "owner", "own"),
    ("register", "owner", "credentials"),
    ("resource", "cashier", "-"),
    ("sale", "cashier", "-"),
    ("sales", "cashier", "-"),
    ("sell", "cashier", "-"),
    ("simulator", "nobody", "-"),
    ("status", "cashier", "-"),
    ("tab add", "cashier", "own"),
    ("tab customers", "cashier", "-"),
    ("tab forget", "owner", "own"),
    ("tab limit", "owner", "own"),
    ("tab link", "cashier", "-"),
    ("tab pay-cash", "cashier", "own"),
    ("tab remind", "cashier", "-"),
    ("tab statement", "cashier", "-"),
    ("tab take", "cashier", "own"),
    ("update check", "nobody", "-"),
    ("update install", "nobody", "-"),
    ("webhooks serve", "cashier", "-"),
    ("webhooks verify", "cashier", "-"),
];

/// Every runnable command's words, from clap's own tree (`help` left out).
fn leaves(command: &clap::Command, path: &str, found: &mut Vec<String>) {
    let children: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
        .collect();
    if children.is_empty() {
        found.push(path.trim().to_owned());
    }
    for child in children {
        leaves(child, &format!("{path} {}", child.get_name()), found);
    }
}

/// The command parsed from its words, its required arguments filled in as clap asks for them.
fn parsed(path: &str) -> Cli {
    let mut argv: Vec<String> = std::iter::once("paydesk".to_owned())
        .chain(path.split(' ').map(str::to_owned))
        .collect();
    for _ in 0..12 {
        let error = match Cli::try_parse_from(&argv) {
            Ok(cli) => return cli,
            Err(error) => error,
        };
        assert_eq!(
            error.kind(),
            ErrorKind::MissingRequiredArgument,
            "{path}: {error}"
        );
        let Some(ContextValue::Strings(missing)) = error.get(ContextKind::InvalidArg) else {
            panic!("{path}: {error}");
        };
        for argument in missing.clone() {
            match argument.split_once(' ') {
                Some((flag, _)) if flag.starts_with("--") => {
                    argv.extend([flag.to_owned(), "1".to_owned()])
                }
                _ => argv.push("1".to_owned()),
            }
        }
    }
    panic!("{path}: could not fill in its arguments: {argv:?}")
}

fn written(needs: Needs, logged: &Logged) -> (&'static str, String) {
    let needs = match needs {
        Needs::Owner => "owner",
        Needs::Cashier => "cashier",
        Needs::Nobody => "nobody",
    };
    let logged = match logged {
        Logged::Nothing => "-".to_owned(),
        Logged::ItsOwn => "own".to_owned(),
        Logged::Entry(action, _) => action.code().to_owned(),
    };
    (needs, logged)
}

#[test]
fn every_command_is_decided_and_written_down_here() {
    let mut found = Vec::new();
    leaves(&Cli::command(), "", &mut found);
    found.sort();
    let listed: Vec<String> = EVERY_COMMAND
        .iter()
        .map(|(path, ..)| path.to_string())
        .collect();
    assert_eq!(
        found, listed,
        "a command was added or removed: decide and list it"
    );
    for (path, needs, log) in EVERY_COMMAND {
        let cli = parsed(path);
        let gate = cli.command.expect("a command").gate();
        assert_eq!(
            written(gate.needs, &gate.logged),
            (*needs, log.to_string()),
            "{path}"
        );
    }
}

#[test]
fn whatever_moves_money_or_trust_needs_the_owner() {
    for path in [
        "payout",
        "refund",
        "account add",
        "account delete",
        "login",
        "register",
        "pin set",
        "cashier add",
        "customer forget",
        "ledger restore",
        "ledger export",
        "profile add",
        "profile use",
        "payouts",
        "balance",
        "otp",
        "ledger backup --to 1",
        "cash close --count 1000x1",
        "cash return EF1 --reason talla",
        "cash void 1 --reason error",
        "tab take 1 1000 --owner",
        "sell 5000 --tab 1:5000 --owner",
        "sale 1-1 --charge-tab 1:5000 --owner",
        "tab limit 1 none",
        "tab forget 1",
        "tab add Rosa --limit 50000 --consent palabra",
    ] {
        let gate = parsed(path).command.expect("a command").gate();
        assert_eq!(gate.needs, Needs::Owner, "{path}");
    }
    // The copy to where Configuración says is any till's.
    let gate = parsed("ledger backup").command.expect("a command").gate();
    assert_eq!(gate.needs, Needs::Cashier);
    // Fiar within the limit is any cashier's; over it the books ask for the owner (`--owner`).
    let gate = parsed("tab take 1 1000").command.expect("a command").gate();
    assert_eq!(gate.needs, Needs::Cashier);
    // A sale's fiado part is `tab take`'s: the books write over the limit in the log themselves.
    for path in ["sell 5000 --tab 1:5000", "sale 1-1 --charge-tab 1:5000"] {
        let gate = parsed(path).command.expect("a command").gate();
        assert_eq!(
            (gate.needs, gate.logged),
            (Needs::Cashier, Logged::ItsOwn),
            "{path}"
        );
    }
}

/// Every panel of the app, with who may open it: in Caja only the cashier's are there at all.
#[test]
fn every_panel_is_decided_and_written_down_here() {
    use paydesk::ui::Panel;
    let decided: Vec<(Panel, Needs)> = Panel::ALL.iter().map(|p| (*p, p.needs())).collect();
    assert_eq!(
        decided,
        [
            (Panel::Collect, Needs::Cashier),
            (Panel::Status, Needs::Cashier),
            (Panel::Shift, Needs::Cashier),
            (Panel::Tabs, Needs::Cashier),
            (Panel::Payouts, Needs::Owner),
            (Panel::Balance, Needs::Owner),
            (Panel::Reconcile, Needs::Cashier),
            (Panel::Accounts, Needs::Owner),
            (Panel::Activity, Needs::Owner),
            (Panel::Register, Needs::Owner),
            (Panel::Settings, Needs::Owner),
        ]
    );
}
