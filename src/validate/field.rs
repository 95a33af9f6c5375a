//! The fields a rule can find a problem in, by the name the service (or the profile file) gives
//! them. One enum, so a form's label table, its field rows and the rules cannot disagree on a
//! spelling: a typo does not compile.

macro_rules! fields {
    ($($variant:ident => $wire:literal,)*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Field {
            $($variant,)*
        }

        impl Field {
            pub const ALL: &[Field] = &[$(Field::$variant,)*];

            /// The service's (or the profile file's) name for it, as `--json` reports it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Field::$variant => $wire,)*
                }
            }
        }
    };
}

fields! {
    // Family B cash-in
    Amount => "amount",
    Reference1 => "reference1",
    Reference2 => "reference2",
    Reference3 => "reference3",
    Description => "description",
    CustomerName => "customer name",
    CustomerCellphone => "customer cellphone",
    Email => "email",
    ReturnUrl => "returnUrl",
    WebhookUrl => "webhookUrl",
    BrandId => "brandId",
    ExpiresIn => "expiresIn",
    Method => "method",
    // A method's own fields
    Cellphone => "cellphone",
    PayerCellphone => "payer cellphone",
    BankId => "bankId",
    TypePerson => "typePerson",
    DocumentType => "documentType",
    DocumentNumber => "documentNumber",
    DocType => "docType",
    DocNumber => "docNumber",
    Name => "name",
    Address => "address",
    MerchantId => "merchantId",
    WhatsappAccountId => "whatsappAccountId",
    // Family A resources
    Tax => "tax",
    CommerceType => "commerceType",
    City => "city",
    State => "state",
    Info => "info",
    Bank => "bank",
    Resource => "resource",
    // Payouts, accounts and status
    Key => "key",
    BankName => "bankName",
    Number => "number",
    Type => "type",
    Otp => "otp",
    Reference => "reference",
    TransactionId => "transaction-id",
    ResourceId => "resource-id",
    Status => "status",
    Cost => "cost",
    Id => "id",
    Check => "check",
    Reason => "reason",
    Spacing => "spacing",
    Label => "label",
    Data => "data",
    Products => "products",
    // Registration
    Password => "password",
    VerifyPassword => "verifyPassword",
    Referred => "referred",
    RegisterType => "registerType",
    PrintToken => "print-token",
    WebhookRequest => "webhookRequest",
    User => "user",
    // Reconciliation
    From => "from",
    To => "to",
    Range => "range",
    File => "file",
    // A profile
    Environment => "environment",
    BaseUrl => "base_url",
    PayUrl => "pay_url",
    ProfileBrandId => "brand_id",
    ProfileUserId => "user_id",
    ProfileMerchantId => "merchant_id",
    ProfileWebhookUrl => "webhook_url",
    ProfileReturnUrl => "return_url",
    ShopName => "shop_name",
    WebhookListen => "webhook_listen",
    LedgerUrl => "ledger_url",
    EnvUserId => "PAYDESK_USER_ID",
    // Command-line flags and settings read from the environment
    UserIdFlag => "user-id",
    HashKey => "HASH_KEY",
    // Who works the till
    Pin => "pin",
    NewPin => "new-pin",
    CashierName => "cashier",
    IdleMinutes => "idle-minutes",
    // Paper
    Printer => "printer",
    Paper => "paper",
    Page => "page",
    Date => "date",
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_has_its_own_name() {
        let mut names: Vec<_> = Field::ALL.iter().map(|field| field.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Field::ALL.len());
    }
}
