//! The banks a payer may pay from (`/payment/features`) and those that take an instant
//! transfer (`/payment/instant-banks`).

use serde::Deserialize;

use crate::api::lenient;

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct BankOption {
    #[serde(deserialize_with = "lenient::text")]
    pub id: String,
    #[serde(default, deserialize_with = "lenient::text")]
    pub name: String,
}

impl BankOption {
    /// The first entry, id `0`, is a prompt ("Select your bank"), not a bank.
    pub fn is_prompt(&self) -> bool {
        self.id.trim() == "0"
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct BankList {
    #[serde(default, deserialize_with = "lenient::list")]
    pub banks: Vec<BankOption>,
}

impl BankList {
    pub fn real_banks(&self) -> impl Iterator<Item = &BankOption> {
        self.banks.iter().filter(|bank| !bank.is_prompt())
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct InstantBank {
    #[serde(default, deserialize_with = "lenient::text")]
    pub name: String,
    /// Masked by the service.
    #[serde(
        default,
        rename = "bankAccountNumber",
        deserialize_with = "lenient::text"
    )]
    pub bank_account_number: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct InstantBankList {
    #[serde(default, deserialize_with = "lenient::list")]
    pub banks: Vec<InstantBank>,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_bank_prompt_is_not_a_bank() {
        let list: BankList = serde_json::from_value(json!({"banks": [
            {"id": "0", "name": "Select your bank"},
            {"id": 1007, "name": "Bancolombia"},
        ]}))
        .unwrap();
        let banks: Vec<_> = list.real_banks().map(|b| b.name.as_str()).collect();
        assert_eq!(banks, ["Bancolombia"]);
    }
}
