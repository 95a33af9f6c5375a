//! The fields a rule can find a problem in, by the name the service (or the profile file) gives
//! them. One enum, so a form's label table, its field rows and the rules cannot disagree on a
//! spelling: a typo does not compile.

macro_rules! fields {
    ($($variant:ident => $wire:literal, $spoken:literal,)*) => {
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

            /// Its name in the language in use, for messages a person reads ("valor", not
            /// "amount"); the wire name stays in `--json` and in English.
            pub fn spoken(self) -> String {
                match self {
                    $(Field::$variant => crate::t!($spoken),)*
                }
            }
        }
    };
}

fields! {
    // Family B cash-in
    Amount => "amount", "field-name-amount",
    Reference1 => "reference1", "field-name-reference1",
    Reference2 => "reference2", "field-name-reference2",
    Reference3 => "reference3", "field-name-reference3",
    Description => "description", "field-name-description",
    CustomerName => "customer name", "field-name-customer-name",
    CustomerCellphone => "customer cellphone", "field-name-customer-cellphone",
    Email => "email", "field-name-email",
    ReturnUrl => "returnUrl", "field-name-return-url",
    WebhookUrl => "webhookUrl", "field-name-webhook-url",
    BrandId => "brandId", "field-name-brand-id",
    ExpiresIn => "expiresIn", "field-name-expires-in",
    Method => "method", "field-name-method",
    // A method's own fields
    Cellphone => "cellphone", "field-name-cellphone",
    PayerCellphone => "payer cellphone", "field-name-payer-cellphone",
    BankId => "bankId", "field-name-bank-id",
    TypePerson => "typePerson", "field-name-type-person",
    DocumentType => "documentType", "field-name-document-type",
    DocumentNumber => "documentNumber", "field-name-document-number",
    DocType => "docType", "field-name-doc-type",
    DocNumber => "docNumber", "field-name-doc-number",
    Name => "name", "field-name-name",
    Address => "address", "field-name-address",
    MerchantId => "merchantId", "field-name-merchant-id",
    WhatsappAccountId => "whatsappAccountId", "field-name-whatsapp-account-id",
    // Family A resources
    Tax => "tax", "field-name-tax",
    CommerceType => "commerceType", "field-name-commerce-type",
    City => "city", "field-name-city",
    State => "state", "field-name-state",
    Info => "info", "field-name-info",
    Bank => "bank", "field-name-bank",
    Resource => "resource", "field-name-resource",
    // Payouts, accounts and status
    Key => "key", "field-name-key",
    BankName => "bankName", "field-name-bank-name",
    Number => "number", "field-name-number",
    Type => "type", "field-name-type",
    Otp => "otp", "field-name-otp",
    Reference => "reference", "field-name-reference",
    TransactionId => "transaction-id", "field-name-transaction-id",
    ResourceId => "resource-id", "field-name-resource-id",
    Status => "status", "field-name-status",
    Cost => "cost", "field-name-cost",
    Id => "id", "field-name-id",
    Check => "check", "field-name-check",
    Reason => "reason", "field-name-reason",
    // Cash
    Tendered => "tendered", "field-name-tendered",
    Base => "base", "field-name-base",
    Count => "count", "field-name-count",
    // Tabs
    Limit => "limit", "field-name-limit",
    Consent => "consent", "field-name-consent",
    // A sale from the terminal: its number, its lines, each way it is paid (issue 51)
    Sale => "sale", "field-name-sale",
    Item => "item", "field-name-item",
    CashPart => "cash", "field-name-cash-part",
    QrPart => "qr", "field-name-qr-part",
    LinkPart => "link", "field-name-link-part",
    TabPart => "tab", "field-name-tab-part",
    Spacing => "spacing", "field-name-spacing",
    Label => "label", "field-name-label",
    Data => "data", "field-name-data",
    Products => "products", "field-name-products",
    // Registration
    Password => "password", "field-name-password",
    VerifyPassword => "verifyPassword", "field-name-verify-password",
    Referred => "referred", "field-name-referred",
    RegisterType => "registerType", "field-name-register-type",
    PrintToken => "print-token", "field-name-print-token",
    WebhookRequest => "webhookRequest", "field-name-webhook-request",
    User => "user", "field-name-user",
    // Reconciliation
    From => "from", "field-name-from",
    To => "to", "field-name-to",
    Range => "range", "field-name-range",
    File => "file", "field-name-file",
    // A profile
    Environment => "environment", "field-name-environment",
    BaseUrl => "base_url", "field-name-base-url",
    PayUrl => "pay_url", "field-name-pay-url",
    ProfileBrandId => "brand_id", "field-name-profile-brand-id",
    ProfileUserId => "user_id", "field-name-profile-user-id",
    ProfileMerchantId => "merchant_id", "field-name-profile-merchant-id",
    ProfileWebhookUrl => "webhook_url", "field-name-profile-webhook-url",
    ProfileReturnUrl => "return_url", "field-name-profile-return-url",
    ShopName => "shop_name", "field-name-shop-name",
    WebhookListen => "webhook_listen", "field-name-webhook-listen",
    LedgerUrl => "ledger_url", "field-name-ledger-url",
    ShopUrl => "shop_url", "field-name-shop-url",
    Interface => "interface", "field-name-interface",
    EnvInterface => "PAYDESK_INTERFACE", "field-name-env-interface",
    // Signing in to the pay API
    Username => "username", "field-name-username",
    EnvUserId => "PAYDESK_USER_ID", "field-name-env-user-id",
    // Command-line flags and settings read from the environment
    UserIdFlag => "user-id", "field-name-user-id-flag",
    HashKey => "HASH_KEY", "field-name-hash-key",
    // Who works the till
    Pin => "pin", "field-name-pin",
    NewPin => "new-pin", "field-name-new-pin",
    CashierName => "cashier", "field-name-cashier-name",
    IdleMinutes => "idle-minutes", "field-name-idle-minutes",
    // Paper
    Printer => "printer", "field-name-printer",
    Paper => "paper", "field-name-paper",
    Page => "page", "field-name-page",
    Date => "date", "field-name-date",
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
