//! Who acted, and where: the owner, a named cashier, or anyone while no PIN is set, at which
//! till. Apart from the log that keeps it, so the drawer's records can name who without reaching
//! the ledger's base.

/// Who acted, as the log keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// With the owner's PIN.
    Owner,
    /// A named cashier, with their own PIN.
    Cashier,
    /// Nobody in particular: no owner PIN was set yet.
    Anyone,
}

impl Role {
    pub(crate) fn code(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Cashier => "cashier",
            Role::Anyone => "anyone",
        }
    }

    pub(crate) fn parse(code: &str) -> Role {
        match code {
            "owner" => Role::Owner,
            "cashier" => Role::Cashier,
            _ => Role::Anyone,
        }
    }
}

/// Who acted, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub role: Role,
    /// A cashier's name (empty for the owner and for anyone).
    pub name: String,
    /// The computer, as its owner named it.
    pub till: String,
}

impl Actor {
    pub fn new(role: Role, name: impl Into<String>) -> Actor {
        Actor {
            role,
            name: name.into(),
            till: this_till(),
        }
    }

    /// Who, in words.
    pub fn words(&self) -> String {
        match self.role {
            Role::Owner => crate::t!("actor-owner"),
            Role::Cashier => crate::t!("actor-cashier", name = self.name.as_str()),
            Role::Anyone => crate::t!("actor-anyone"),
        }
    }
}

/// This computer's name, as the shop's people know their tills (asked of the OS once).
pub fn this_till() -> String {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        let name = gethostname::gethostname().to_string_lossy().into_owned();
        crate::untrusted::ForLog(&name).to_string()
    })
    .clone()
}
