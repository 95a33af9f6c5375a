//! Where the app can go: the side bar's panels (each with who may open it) and the theme chosen.

/// The left navigation's entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Panel {
    Collect,
    Status,
    /// This till's drawer (turno): its base, cash in and out, the count at its close; the
    /// owner's view of every till's shifts inside it.
    Shift,
    /// Fiado: customers' tabs, who owes what, fiar and collecting it (issue 46).
    Tabs,
    Payouts,
    Balance,
    /// The day's close. New in the side bar after it lived under Activity: a remembered panel
    /// from an older version still reads (serde by name).
    Reconcile,
    Accounts,
    Activity,
    Register,
    Settings,
}

impl Panel {
    pub const ALL: [Panel; 11] = [
        Panel::Collect,
        Panel::Status,
        Panel::Shift,
        Panel::Tabs,
        Panel::Payouts,
        Panel::Balance,
        Panel::Reconcile,
        Panel::Accounts,
        Panel::Activity,
        Panel::Register,
        Panel::Settings,
    ];

    /// Who may open it: decided for every panel, with no catch-all, so a new panel is decided
    /// before it builds. In Caja only the cashier's panels are there at all.
    pub fn needs(self) -> crate::ledger::Needs {
        use crate::ledger::Needs;
        match self {
            Panel::Collect | Panel::Status | Panel::Shift | Panel::Tabs | Panel::Reconcile => {
                Needs::Cashier
            }
            Panel::Payouts
            | Panel::Balance
            | Panel::Accounts
            | Panel::Activity
            | Panel::Register
            | Panel::Settings => Needs::Owner,
        }
    }

    /// Whether it shows the day's money (the books' figure), so turning to it reads the books
    /// again: a sale the command line made, or another program's write, is heard no other way
    /// on an embedded ledger.
    pub fn shows_the_days_money(self) -> bool {
        match self {
            Panel::Status | Panel::Balance | Panel::Reconcile => true,
            // The drawer reads its own books when it changes, not the day's money.
            Panel::Collect
            | Panel::Shift
            | Panel::Tabs
            | Panel::Payouts
            | Panel::Accounts
            | Panel::Activity
            | Panel::Register
            | Panel::Settings => false,
        }
    }

    pub fn title(self) -> String {
        match self {
            Panel::Collect => crate::t!("nav-collect"),
            Panel::Status => crate::t!("nav-status"),
            Panel::Shift => crate::t!("shift-title"),
            Panel::Tabs => crate::t!("fiado-title"),
            Panel::Payouts => crate::t!("nav-payouts"),
            Panel::Balance => crate::t!("nav-balance"),
            Panel::Reconcile => crate::t!("nav-reconcile"),
            Panel::Accounts => crate::t!("nav-accounts"),
            Panel::Activity => crate::t!("nav-activity"),
            Panel::Register => crate::t!("nav-register"),
            Panel::Settings => crate::t!("settings-title"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ThemeChoice {
    System,
    Light,
    Dark,
}
