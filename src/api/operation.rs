//! Every operation of the service and everything the client decides by it. Each decision is a
//! `match` with no catch-all, so a new operation does not build until all of them are made
//! (`tests/operation_rules.rs` fails on a catch-all here and lists every decision).

use super::deadlines::CallKind;

/// Every operation of the service, with its family and path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    Register,
    ListMethods,
    GenerateResource,
    Checkout,
    RequestOtp,
    AddAccount,
    DeleteAccount,
    CreatePaymentLink,
    CreateMethodPayment,
    PaymentStatus,
    PaymentFeatures,
    InstantBanks,
    Withdraw,
    Balance,
    SimulateNotification,
    TransactionToken,
    /// The pay API's bearer token for a user and password (the current interface only).
    SignIn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The envelope API under `base_url`.
    A,
    /// The pay API under `pay_url`.
    B,
}

/// What one operation is, decided together in [`Operation::rules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub family: Family,
    pub effect: Effect,
    /// Whether its answer carries a credential (an API token, a bearer token, a transaction
    /// token): such an answer is never quoted in an error, a log or a `Debug`.
    pub answer_holds_a_secret: bool,
    /// Its kind of call, and so its deadlines.
    pub kind: CallKind,
}

/// What doing an operation does at the service, and so what doing it twice would mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing changes: asked again, it answers again.
    Reads,
    /// It creates or changes something other than money (an account, a registration, a
    /// notification sent): after a lost answer its outcome is unknown, and it is not sent while
    /// the service is out of reach.
    ChangesState,
    /// It creates a payment or sends money, and so changes state. On the pay API such a request
    /// carries a single-use transaction token, and in the current interface `userMetadata`.
    MovesMoney,
}

impl Operation {
    /// Every operation, for whoever lists them (`tests/operation_rules.rs` checks none is
    /// missing).
    pub const ALL: [Operation; 17] = [
        Operation::Register,
        Operation::ListMethods,
        Operation::GenerateResource,
        Operation::Checkout,
        Operation::RequestOtp,
        Operation::AddAccount,
        Operation::DeleteAccount,
        Operation::CreatePaymentLink,
        Operation::CreateMethodPayment,
        Operation::PaymentStatus,
        Operation::PaymentFeatures,
        Operation::InstantBanks,
        Operation::Withdraw,
        Operation::Balance,
        Operation::SimulateNotification,
        Operation::TransactionToken,
        Operation::SignIn,
    ];

    /// The one place an operation's rules are decided; operations grouped in an arm share
    /// every decision.
    pub fn rules(self) -> Rules {
        match self {
            Operation::Register => Rules {
                family: Family::A,
                effect: Effect::ChangesState,
                answer_holds_a_secret: true,
                kind: CallKind::Account,
            },
            Operation::ListMethods => Rules {
                family: Family::A,
                effect: Effect::Reads,
                answer_holds_a_secret: false,
                kind: CallKind::Read,
            },
            Operation::GenerateResource | Operation::Checkout => Rules {
                family: Family::A,
                effect: Effect::MovesMoney,
                answer_holds_a_secret: false,
                kind: CallKind::Create,
            },
            Operation::RequestOtp | Operation::AddAccount | Operation::DeleteAccount => Rules {
                family: Family::A,
                effect: Effect::ChangesState,
                answer_holds_a_secret: false,
                kind: CallKind::Account,
            },
            Operation::CreatePaymentLink | Operation::CreateMethodPayment => Rules {
                family: Family::B,
                effect: Effect::MovesMoney,
                answer_holds_a_secret: false,
                kind: CallKind::Create,
            },
            Operation::PaymentStatus => Rules {
                family: Family::B,
                effect: Effect::Reads,
                answer_holds_a_secret: false,
                kind: CallKind::Status,
            },
            Operation::PaymentFeatures | Operation::InstantBanks | Operation::Balance => Rules {
                family: Family::B,
                effect: Effect::Reads,
                answer_holds_a_secret: false,
                kind: CallKind::Read,
            },
            Operation::Withdraw => Rules {
                family: Family::B,
                effect: Effect::MovesMoney,
                answer_holds_a_secret: false,
                kind: CallKind::Payout,
            },
            // The service sends a notification; no money moves.
            Operation::SimulateNotification => Rules {
                family: Family::B,
                effect: Effect::ChangesState,
                answer_holds_a_secret: false,
                kind: CallKind::Create,
            },
            // A token asked for a sale that then never went out changed nothing.
            Operation::TransactionToken => Rules {
                family: Family::B,
                effect: Effect::Reads,
                answer_holds_a_secret: true,
                kind: CallKind::Read,
            },
            Operation::SignIn => Rules {
                family: Family::B,
                effect: Effect::Reads,
                answer_holds_a_secret: true,
                kind: CallKind::Account,
            },
        }
    }

    pub fn family(self) -> Family {
        self.rules().family
    }

    /// Whether doing it twice would create or move something (see [`Effect`]).
    pub fn changes_state(self) -> bool {
        match self.rules().effect {
            Effect::Reads => false,
            Effect::ChangesState | Effect::MovesMoney => true,
        }
    }

    /// See [`Effect::MovesMoney`].
    pub fn moves_money(self) -> bool {
        match self.rules().effect {
            Effect::MovesMoney => true,
            Effect::Reads | Effect::ChangesState => false,
        }
    }

    /// See [`Rules::answer_holds_a_secret`].
    pub fn answer_holds_a_secret(self) -> bool {
        self.rules().answer_holds_a_secret
    }

    pub fn kind(self) -> CallKind {
        self.rules().kind
    }

    /// Money moved on the pay API: the request carries an `x-transaction-token` (the spec's
    /// cash-ins; the service's public material adds the payout, a single-use token for each,
    /// asked for that path) and, in the current interface, `userMetadata`. The envelope API
    /// takes neither.
    pub fn moves_money_on_the_pay_api(self) -> bool {
        match self.family() {
            Family::A => false,
            Family::B => self.moves_money(),
        }
    }

    pub fn path(self) -> &'static str {
        match self {
            Operation::Register => "/auth/register",
            Operation::ListMethods => "/payments/method/list",
            Operation::GenerateResource | Operation::Checkout => "/payments/resource/generate",
            Operation::RequestOtp => "/accounts/otp/get",
            Operation::AddAccount => "/accounts/add",
            Operation::DeleteAccount => "/accounts/delete",
            Operation::CreatePaymentLink => "/cash-in/generate/payment-link/token",
            Operation::CreateMethodPayment => "/cash-in/generate/payment-method/token",
            Operation::PaymentStatus => "/payment/status",
            Operation::PaymentFeatures => "/payment/features",
            Operation::InstantBanks => "/payment/instant-banks",
            Operation::Withdraw => "/cash-out/generate/withdraw-method/token",
            Operation::Balance => "/customer/getBalance",
            Operation::SimulateNotification => "/webhook/notify",
            Operation::TransactionToken => "/trx-token/generate",
            Operation::SignIn => "/auth/login",
        }
    }

    /// Its name in the person's language, asked for each time so a language switch reaches it.
    pub fn describe(self) -> String {
        match self {
            Operation::Register => crate::t!("operation-register"),
            Operation::ListMethods => crate::t!("operation-list-methods"),
            Operation::GenerateResource => crate::t!("operation-generate-resource"),
            Operation::Checkout => crate::t!("operation-checkout"),
            Operation::RequestOtp => crate::t!("operation-request-otp"),
            Operation::AddAccount => crate::t!("operation-add-account"),
            Operation::DeleteAccount => crate::t!("operation-delete-account"),
            Operation::CreatePaymentLink => crate::t!("operation-create-payment-link"),
            Operation::CreateMethodPayment => crate::t!("operation-create-method-payment"),
            Operation::PaymentStatus => crate::t!("operation-payment-status"),
            Operation::PaymentFeatures => crate::t!("operation-payment-features"),
            Operation::InstantBanks => crate::t!("operation-instant-banks"),
            Operation::Withdraw => crate::t!("operation-withdraw"),
            Operation::Balance => crate::t!("operation-balance"),
            Operation::SimulateNotification => crate::t!("operation-simulate-notification"),
            Operation::TransactionToken => crate::t!("operation-transaction-token"),
            Operation::SignIn => crate::t!("operation-sign-in"),
        }
    }
}
