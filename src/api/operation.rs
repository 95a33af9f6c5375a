//! Every operation of the service: its family, its path, and what doing it twice would mean.

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

impl Operation {
    /// Whether its answer carries a credential (an API token, a bearer token, a transaction
    /// token): such an answer is never quoted in an error, a log or a `Debug`.
    pub fn answer_holds_a_secret(self) -> bool {
        match self {
            Operation::Register | Operation::SignIn | Operation::TransactionToken => true,
            Operation::ListMethods
            | Operation::GenerateResource
            | Operation::Checkout
            | Operation::RequestOtp
            | Operation::AddAccount
            | Operation::DeleteAccount
            | Operation::CreatePaymentLink
            | Operation::CreateMethodPayment
            | Operation::PaymentStatus
            | Operation::PaymentFeatures
            | Operation::InstantBanks
            | Operation::Withdraw
            | Operation::Balance
            | Operation::SimulateNotification => false,
        }
    }

    pub fn family(self) -> Family {
        match self {
            Operation::Register
            | Operation::ListMethods
            | Operation::GenerateResource
            | Operation::Checkout
            | Operation::RequestOtp
            | Operation::AddAccount
            | Operation::DeleteAccount => Family::A,
            _ => Family::B,
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

    /// Whether doing it twice would create or move something: after a lost answer such an
    /// operation's outcome is unknown.
    pub fn changes_state(self) -> bool {
        !matches!(
            self,
            Operation::ListMethods
                | Operation::PaymentStatus
                | Operation::PaymentFeatures
                | Operation::InstantBanks
                | Operation::Balance
                | Operation::TransactionToken
                | Operation::SignIn
        )
    }

    /// Cash-in generation carries an `x-transaction-token` (the spec), and so does the cash-out
    /// (the service's public material: a single-use token for each, asked for that path).
    pub(super) fn needs_transaction_token(self) -> bool {
        self.moves_money_b()
    }

    /// The two cash-ins and the cash-out: what the current interface wants a transaction token
    /// and `userMetadata` with.
    pub(super) fn moves_money_b(self) -> bool {
        matches!(
            self,
            Operation::CreatePaymentLink | Operation::CreateMethodPayment | Operation::Withdraw
        )
    }

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
