//! What the environment sets for automation (`PAYDESK_*`): each value wins over the profile's.

/// Connection values the environment sets for automation; each wins over the profile.
#[derive(Debug, Clone, Default)]
pub struct EnvOverrides {
    pub base_url: Option<String>,
    pub pay_url: Option<String>,
    pub api_token: Option<crate::secrets::SecretString>,
    pub access_token: Option<crate::secrets::SecretString>,
    pub user_id: Option<String>,
    pub hash_key: Option<crate::secrets::SecretString>,
    /// `1.0` or `2026`: the interface the named service speaks.
    pub interface: Option<String>,
    /// The shop's page for `userMetadata.urlCommerce`.
    pub shop_url: Option<String>,
}

impl EnvOverrides {
    pub fn from_environment() -> EnvOverrides {
        let text = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let secret = |name: &str| text(name).map(crate::secrets::SecretString::new);
        EnvOverrides {
            base_url: text("PAYDESK_BASE_URL"),
            pay_url: text("PAYDESK_PAY_URL"),
            api_token: secret("PAYDESK_API_TOKEN"),
            access_token: secret("PAYDESK_ACCESS_TOKEN"),
            user_id: text("PAYDESK_USER_ID"),
            hash_key: secret("PAYDESK_HASH_KEY"),
            interface: text("PAYDESK_INTERFACE"),
            shop_url: text("PAYDESK_SHOP_URL"),
        }
    }

    pub fn names_a_service(&self) -> bool {
        self.base_url.is_some() || self.pay_url.is_some()
    }
}
