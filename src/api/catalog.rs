//! The Family B payment-method catalog: ids, names, kinds, minimum `expiresIn` and the extra
//! fields each method needs inside `paymentMethod`. Kept as data (DESIGN.md) so a profile can
//! override or extend it when the service adds a method or changes a minimum.

use serde::{Deserialize, Serialize};

/// What a method is, in the spec's words; decides which extra payer fields the forms ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MethodKind {
    MobileWalletA,
    MobileWalletB,
    OnlineBankTransfer,
    Cash,
    Wallet,
    Card,
    BankAppQr,
    BankAppButton,
    InstantTransfer,
    Other,
}

/// An extra field of `paymentMethod`, by its wire name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtraField {
    #[serde(rename = "cellphone")]
    Cellphone,
    #[serde(rename = "documentType")]
    DocumentType,
    #[serde(rename = "typePerson")]
    TypePerson,
    #[serde(rename = "bankId")]
    BankId,
    #[serde(rename = "documentNumber")]
    DocumentNumber,
    #[serde(rename = "name")]
    Name,
    #[serde(rename = "address")]
    Address,
    #[serde(rename = "email")]
    Email,
}

impl ExtraField {
    pub fn wire_name(self) -> &'static str {
        match self {
            ExtraField::Cellphone => "cellphone",
            ExtraField::DocumentType => "documentType",
            ExtraField::TypePerson => "typePerson",
            ExtraField::BankId => "bankId",
            ExtraField::DocumentNumber => "documentNumber",
            ExtraField::Name => "name",
            ExtraField::Address => "address",
            ExtraField::Email => "email",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodInfo {
    pub id: i64,
    pub name: String,
    pub kind: MethodKind,
    /// `expiresIn` must be strictly greater than this many seconds.
    pub min_expires_in: Option<u64>,
    #[serde(default)]
    pub extra_fields: Vec<ExtraField>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodCatalog {
    pub methods: Vec<MethodInfo>,
}

/// Document types the online bank transfer accepts for a natural person (`typePerson` "0").
pub const NATURAL_PERSON_DOCUMENTS: &[&str] = &["RCN", "TI", "CC", "TE", "CE", "PA", "DIE"];
/// Document types for a legal person (`typePerson` "1").
pub const LEGAL_PERSON_DOCUMENTS: &[&str] = &["NIT"];

impl Default for MethodCatalog {
    fn default() -> Self {
        use ExtraField::*;
        let method = |id, name: &str, kind, min, extra_fields: &[ExtraField]| MethodInfo {
            id,
            name: name.to_owned(),
            kind,
            min_expires_in: Some(min),
            extra_fields: extra_fields.to_vec(),
        };
        MethodCatalog {
            methods: vec![
                method(
                    130,
                    "Nequi",
                    MethodKind::MobileWalletA,
                    43_200,
                    &[Cellphone],
                ),
                method(
                    131,
                    "Daviplata",
                    MethodKind::MobileWalletB,
                    43_200,
                    &[Cellphone],
                ),
                method(
                    117,
                    "PSE",
                    MethodKind::OnlineBankTransfer,
                    1_800,
                    &[
                        DocumentType,
                        TypePerson,
                        BankId,
                        DocumentNumber,
                        Name,
                        Cellphone,
                        Address,
                        Email,
                    ],
                ),
                method(153, "Cash collection", MethodKind::Cash, 86_400, &[]),
                method(163, "TPaga", MethodKind::Wallet, 43_200, &[]),
                method(273, "Cards", MethodKind::Card, 3_600, &[]),
            ],
        }
    }
}

impl MethodCatalog {
    pub fn find(&self, id: i64) -> Option<&MethodInfo> {
        self.methods.iter().find(|method| method.id == id)
    }

    /// The profile's entries replace the defaults with the same id and add new ones.
    pub fn with_overrides(mut self, overrides: impl IntoIterator<Item = MethodInfo>) -> Self {
        for method in overrides {
            match self.methods.iter_mut().find(|known| known.id == method.id) {
                Some(known) => *known = method,
                None => self.methods.push(method),
            }
        }
        self
    }

    pub fn min_expires_in(&self, id: i64) -> Option<u64> {
        self.find(id).and_then(|method| method.min_expires_in)
    }

    pub fn extra_fields(&self, id: i64) -> &[ExtraField] {
        self.find(id)
            .map(|method| method.extra_fields.as_slice())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_catalog_matches_the_design_table() {
        let catalog = MethodCatalog::default();
        assert_eq!(catalog.min_expires_in(130), Some(43_200));
        assert_eq!(catalog.min_expires_in(117), Some(1_800));
        assert_eq!(catalog.min_expires_in(153), Some(86_400));
        assert_eq!(catalog.min_expires_in(273), Some(3_600));
        assert_eq!(catalog.min_expires_in(999), None);
        assert_eq!(catalog.extra_fields(131), &[ExtraField::Cellphone]);
        assert_eq!(catalog.extra_fields(117).len(), 8);
        assert!(catalog.extra_fields(163).is_empty());
    }

    #[test]
    fn overrides_replace_and_extend() {
        let catalog = MethodCatalog::default().with_overrides([
            MethodInfo {
                id: 130,
                name: "Nequi".into(),
                kind: MethodKind::MobileWalletA,
                min_expires_in: Some(50_000),
                extra_fields: vec![ExtraField::Cellphone],
            },
            MethodInfo {
                id: 500,
                name: "Bank app QR".into(),
                kind: MethodKind::BankAppQr,
                min_expires_in: Some(1_800),
                extra_fields: vec![],
            },
        ]);
        assert_eq!(catalog.min_expires_in(130), Some(50_000));
        assert_eq!(catalog.min_expires_in(500), Some(1_800));
        assert_eq!(catalog.methods.len(), 7);
    }
}
