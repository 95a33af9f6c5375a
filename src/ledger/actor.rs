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
    /// The till, as its owner named it (rows written before tills had names hold the
    /// computer's host name: the books keep what was written, docs/decisions.md).
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

    /// Who, in words. Where no PIN was typed the till itself acted: «la caja», never "no PIN"
    /// (the one place an actor becomes words, so every screen, paper and file says the same).
    pub fn words(&self) -> String {
        match self.role {
            Role::Owner => crate::t!("actor-owner"),
            Role::Cashier => crate::t!("actor-cashier", name = self.name.as_str()),
            Role::Anyone => crate::t!("actor-anyone"),
        }
    }

    /// Who, and at which till: «Cajero Ana en Caja 2»; the till alone where the till acted
    /// («Caja 2», not «la caja en Caja 2»). A row that named no till says who only.
    pub fn words_at(&self) -> String {
        match (self.role, self.till.is_empty()) {
            (_, true) => self.words(),
            (Role::Anyone, false) => self.till.clone(),
            (Role::Owner | Role::Cashier, false) => crate::t!(
                "actor-at-till",
                who = self.words(),
                till = self.till.as_str()
            ),
        }
    }
}

/// A seller as the figures group them: a cashier by name; a sale that named nobody was made by
/// the till («la caja»), as `Actor::words` says it.
pub fn seller_words(name: &str) -> String {
    if name.is_empty() {
        crate::t!("actor-anyone")
    } else {
        name.to_owned()
    }
}

/// This till's name as its owner gave it in the settings, else «Caja 1»; never the computer's
/// host name (`config::till`).
pub fn this_till() -> String {
    crate::config::this_till_name()
}
