//! What each command needs before it runs, and what it leaves in the activity log: decided for
//! every command, in one match with no catch-all arm, so a command added without a decision
//! does not compile. `tests/gates.rs` lists every command with its decision, for review. The
//! app's panels decide the same (`ui::Panel::needs`): what the owner's side of the app holds,
//! the terminal holds for the owner too.

use super::args::{
    AccountCommand, CashCommand, CashierCommand, Command, CustomerCommand, LedgerCommand,
    PinCommand, PrintCommand, ProfileCommand, SaleArgs, SellArgs, TabCommand, UpdateCommand,
    WebhooksCommand,
};
use crate::ledger::activity::Action;
use crate::t;

/// Who must be at the terminal. The command line has no cashier PINs (the app's Caja is where
/// a cashier says who they are): `Cashier` is anyone at this computer.
pub use crate::ledger::Needs;

/// What the activity log keeps of a command that succeeded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Logged {
    /// Nothing: a read, or a sale (the books keep the sale itself, with who made it).
    Nothing,
    /// One entry, written once the command has succeeded.
    Entry(Action, String),
    /// The command writes its own entries as it goes: a payout as it is sent, a PIN or a
    /// cashier as it is saved.
    ItsOwn,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gate {
    pub needs: Needs,
    pub logged: Logged,
}

impl Gate {
    fn new(needs: Needs, logged: Logged) -> Gate {
        Gate { needs, logged }
    }

    /// A command that only reads or sells, open to whoever is at the till.
    fn cashier() -> Gate {
        Gate::new(Needs::Cashier, Logged::Nothing)
    }

    fn owner(action: Action, detail: String) -> Gate {
        Gate::new(Needs::Owner, Logged::Entry(action, detail))
    }
}

impl Command {
    /// This command's decision. Every arm is a command (or one of its subcommands): there is
    /// no `_`, so a new one is decided here before it builds.
    pub fn gate(&self) -> Gate {
        let from_terminal = || t!("log-from-terminal");
        match self {
            Command::Register(_) => Gate::owner(Action::CredentialsChanged, t!("log-registered")),
            Command::Login(_) => Gate::owner(Action::CredentialsChanged, t!("log-signed-in-cli")),
            Command::Methods { .. }
            | Command::Resource(_)
            | Command::Checkout(_)
            | Command::Link(_)
            | Command::Charge(_)
            | Command::Status { .. }
            | Command::Banks { .. }
            | Command::InstantBanks { .. }
            | Command::Notify(_) => Gate::cashier(),
            // The app's Dispersiones, Saldo and Cuentas bancarias are the owner's: the payout
            // journal, the balances and the bank accounts' one-time codes are too.
            Command::Otp { .. } | Command::Payouts { .. } | Command::Balance { .. } => {
                Gate::new(Needs::Owner, Logged::Nothing)
            }
            Command::Account(AccountCommand::Add { .. }) => {
                Gate::owner(Action::BankAccountAdded, from_terminal())
            }
            Command::Account(AccountCommand::Delete { id, .. }) => {
                Gate::owner(Action::BankAccountDeleted, format!("id {id}"))
            }
            Command::Payout(_) => Gate::new(Needs::Owner, Logged::ItsOwn),
            // A return moves money out: the owner's, as a payout is, and logged as it is sent.
            Command::Refund(_) => Gate::new(Needs::Owner, Logged::ItsOwn),
            Command::Webhooks(WebhooksCommand::Serve { .. } | WebhooksCommand::Verify { .. }) => {
                Gate::cashier()
            }
            Command::Sell(sell) => sell.gate(),
            Command::Sale(sale) => sale.gate(),
            Command::Sales { .. } => Gate::cashier(),
            Command::Ledger(ledger) => ledger.gate(),
            Command::Cash(cash) => cash.gate(),
            Command::Tab(tab) => tab.gate(),
            Command::Customer(CustomerCommand::Forget { .. }) => {
                Gate::owner(Action::CustomerForgotten, from_terminal())
            }
            Command::Profile(profile) => profile.gate(),
            // Paper of what the books hold; a return's receipt is the customer's, handed over at
            // the counter like a payment's.
            Command::Print(
                PrintCommand::Poster { .. }
                | PrintCommand::Receipt { .. }
                | PrintCommand::Return { .. }
                | PrintCommand::Close { .. }
                | PrintCommand::Shift { .. }
                | PrintCommand::CashReceipt { .. }
                | PrintCommand::Printers,
            ) => Gate::cashier(),
            Command::Pin(PinCommand::Set) => Gate::new(Needs::Owner, Logged::ItsOwn),
            Command::Cashier(CashierCommand::Add { .. } | CashierCommand::Remove { .. }) => {
                Gate::new(Needs::Owner, Logged::ItsOwn)
            }
            Command::Cashier(CashierCommand::List) => Gate::cashier(),
            Command::Simulator { .. } | Command::Manpage => {
                Gate::new(Needs::Nobody, Logged::Nothing)
            }
            // Only the maker's signed files, only forward: nothing of the shop's is read, sent
            // or changed, and a till kept current is what the owner wants of any cashier.
            Command::Update(UpdateCommand::Check { .. } | UpdateCommand::Install { .. }) => {
                Gate::new(Needs::Nobody, Logged::Nothing)
            }
            // The uninstaller's: this computer's books and settings go, PIN or not; the owner
            // chose it in the uninstaller, which asks.
            Command::ForgetThisComputer { .. } => Gate::new(Needs::Nobody, Logged::Nothing),
        }
    }
}

impl LedgerCommand {
    fn gate(&self) -> Gate {
        match self {
            // A copy where Configuración says (the owner chose it) is any till's; one to a
            // folder named here takes every customer's data wherever it is told.
            LedgerCommand::Backup { to: None } => Gate::cashier(),
            LedgerCommand::Backup { to: Some(_) } => Gate::new(Needs::Owner, Logged::Nothing),
            LedgerCommand::Watch | LedgerCommand::Close { .. } => Gate::cashier(),
            // Every customer's data leaves the books in the file.
            LedgerCommand::Export { .. } => Gate::new(Needs::Owner, Logged::Nothing),
            LedgerCommand::Restore { file, .. } => Gate::owner(
                Action::BooksRestored,
                file.as_ref()
                    .map(|file| file.display().to_string())
                    .unwrap_or_else(|| t!("log-newest-copy")),
            ),
        }
    }
}

impl CashCommand {
    /// The books write the drawer's own entries in the log (a shift, a movement, a void) in the
    /// transaction that writes them; a sale is in the books, not the log.
    fn gate(&self) -> Gate {
        match self {
            CashCommand::Open { .. } | CashCommand::In { .. } | CashCommand::Out { .. } => {
                Gate::new(Needs::Cashier, Logged::ItsOwn)
            }
            CashCommand::Sale { .. } | CashCommand::Shift { .. } | CashCommand::Shifts { .. } => {
                Gate::cashier()
            }
            // The terminal knows no cashier: closing a shift (anyone's), giving money back and
            // taking an entry out of the figures are the owner's once a PIN is set, as the
            // books hold them.
            CashCommand::Close { .. } | CashCommand::Return { .. } | CashCommand::Void { .. } => {
                Gate::new(Needs::Owner, Logged::ItsOwn)
            }
        }
    }
}

impl TabCommand {
    /// The books write a tab's own entries in the log (a customer kept, a limit, one forgotten,
    /// fiado over the limit) in the transaction that writes them; what is taken or paid is in
    /// the books themselves.
    fn gate(&self) -> Gate {
        match self {
            TabCommand::Customers
            | TabCommand::Statement { .. }
            | TabCommand::Link { .. }
            | TabCommand::Remind { .. } => Gate::cashier(),
            TabCommand::Add { limit: None, .. } | TabCommand::PayCash { .. } => {
                Gate::new(Needs::Cashier, Logged::ItsOwn)
            }
            // A limit is the owner's to set, from the first day as after.
            TabCommand::Add { limit: Some(_), .. } => Gate::new(Needs::Owner, Logged::ItsOwn),
            // Within the limit fiar is any cashier's; over it the books want the owner, whose
            // PIN `--owner` asks first (a cashier without it is refused, nothing written).
            TabCommand::Take { owner: false, .. } => Gate::new(Needs::Cashier, Logged::ItsOwn),
            TabCommand::Take { owner: true, .. }
            | TabCommand::Limit { .. }
            | TabCommand::Forget { .. } => Gate::new(Needs::Owner, Logged::ItsOwn),
        }
    }
}

impl SellArgs {
    /// A sale is the books' own, with who made it. A fiado part is `tab take`'s: over the limit
    /// the books want the owner (whose PIN `--owner` asks first) and write it in the log
    /// themselves.
    fn gate(&self) -> Gate {
        match (self.parts.tab.is_some(), self.owner) {
            (_, true) => Gate::new(Needs::Owner, Logged::ItsOwn),
            (true, false) => Gate::new(Needs::Cashier, Logged::ItsOwn),
            (false, false) => Gate::cashier(),
        }
    }
}

impl SaleArgs {
    /// Reading a sale, or charging what it is missing, is any cashier's; the rest on a tab is as
    /// `sell --tab`.
    fn gate(&self) -> Gate {
        match (self.again.charge_tab.is_some(), self.owner) {
            (_, true) => Gate::new(Needs::Owner, Logged::ItsOwn),
            (true, false) => Gate::new(Needs::Cashier, Logged::ItsOwn),
            (false, false) => Gate::cashier(),
        }
    }
}

impl ProfileCommand {
    fn gate(&self) -> Gate {
        match self {
            ProfileCommand::List | ProfileCommand::Check => Gate::cashier(),
            ProfileCommand::Add(args) => Gate::owner(
                Action::ProfileChanged,
                t!("log-profile-saved", name = args.name.as_str()),
            ),
            ProfileCommand::Use { name } => Gate::owner(
                Action::ProfileChanged,
                t!("log-profile-active", name = name.as_str()),
            ),
        }
    }
}
