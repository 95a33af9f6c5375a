//! The Family B payment-method catalog: ids, names, kinds, minimum `expiresIn` and the extra
//! fields each method needs inside `paymentMethod`. Kept as data (docs/decisions.md) so a profile can
//! override or extend it when the service adds a method or changes a minimum.

use serde::{Deserialize, Serialize};

use crate::money::Pesos;
use crate::validate::{self, Checked, Field, PersonType, ValidationError};

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
    /// The interoperable QR any bank or wallet app can pay (248).
    InteroperableQr,
    /// A Bre-B dynamic key (250), Colombia's instant-payment scheme.
    BreBKey,
    /// A charge sent through a WhatsApp business account (277).
    Chat,
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
    /// Bre-B spells the document fields `docType`/`docNumber`, PSE `documentType`/`documentNumber`.
    #[serde(rename = "docType")]
    DocType,
    #[serde(rename = "docNumber")]
    DocNumber,
    #[serde(rename = "merchantId")]
    MerchantId,
    #[serde(rename = "whatsappAccountId")]
    WhatsappAccountId,
    #[serde(rename = "description")]
    Description,
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
            ExtraField::DocType => "docType",
            ExtraField::DocNumber => "docNumber",
            ExtraField::MerchantId => "merchantId",
            ExtraField::WhatsappAccountId => "whatsappAccountId",
            ExtraField::Description => "description",
        }
    }

    /// The longest text the service takes in the field, where public material says.
    pub fn max_len(self) -> Option<usize> {
        match self {
            ExtraField::Description => Some(255),
            _ => None,
        }
    }
}

/// How long a payment of a method lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Lifetime {
    /// As long as the request's `expiresIn` says (above the method's minimum).
    #[default]
    AsRequested,
    /// A fixed time the service sets; `expiresIn` is ignored, so paydesk does not send it.
    Fixed { seconds: u64 },
    /// Until 23:59:59 Bogotá time of the day it was created; `expiresIn` is not sent.
    EndOfDay,
}

impl Lifetime {
    pub fn takes_expires_in(self) -> bool {
        self == Lifetime::AsRequested
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodInfo {
    pub id: i64,
    pub name: String,
    pub kind: MethodKind,
    /// `expiresIn` must be strictly greater than this many seconds.
    pub min_expires_in: Option<u64>,
    /// Fields the method requires inside `paymentMethod`.
    #[serde(default)]
    pub extra_fields: Vec<ExtraField>,
    /// Fields the method takes inside `paymentMethod` when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional_fields: Vec<ExtraField>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub lifetime: Lifetime,
    /// The smallest amount the service has a fee for with this method, where it is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_amount: Option<Pesos>,
    /// One payment resource takes several payments (an open QR, a Bre-B key): every approval
    /// is money received.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeatable: bool,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

impl MethodInfo {
    /// The name a person reads: the built-in names in their language, a profile's own name as
    /// the profile wrote it.
    pub fn display_name(&self) -> String {
        match (self.id, self.name.as_str()) {
            (262, "PSE gateway") => crate::t!("method-pse-gateway"),
            (250, "Bre-B key") => crate::t!("withdraw-breb"),
            (248, "Interoperable QR") => crate::t!("method-interoperable-qr"),
            (153, "Cash collection") => crate::t!("method-cash"),
            (273, "Cards") => crate::t!("method-cards"),
            _ => self.name.clone(),
        }
    }

    /// Every field the method takes, required first.
    pub fn fields(&self) -> impl Iterator<Item = (ExtraField, bool)> + '_ {
        self.extra_fields
            .iter()
            .map(|field| (*field, true))
            .chain(self.optional_fields.iter().map(|field| (*field, false)))
    }
}

/// The wire codes of `typePerson`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonTypeCodes {
    pub natural: String,
    pub legal: String,
}

impl Default for PersonTypeCodes {
    fn default() -> Self {
        PersonTypeCodes {
            natural: PersonType::Natural.default_code().to_owned(),
            legal: PersonType::Legal.default_code().to_owned(),
        }
    }
}

/// The method a sale form starts on: the mobile wallet most payers have (Nequi).
pub const FIRST_METHOD: i64 = 130;

/// The method whose features list the banks an account can be linked at: the online bank
/// transfer (PSE).
pub const BANK_LIST_METHOD: i64 = 117;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MethodCatalog {
    pub methods: Vec<MethodInfo>,
    #[serde(default)]
    pub person_type_codes: PersonTypeCodes,
    /// The smallest amount for a payment link, where it is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_min_amount: Option<Pesos>,
}

pub use crate::validate::{LEGAL_PERSON_DOCUMENTS, NATURAL_PERSON_DOCUMENTS};

/// A built-in method, as the design's table gives it.
struct BuiltIn {
    id: i64,
    name: &'static str,
    kind: MethodKind,
    min_expires_in: Option<u64>,
    required: &'static [ExtraField],
    optional: &'static [ExtraField],
    lifetime: Lifetime,
    repeatable: bool,
}

impl BuiltIn {
    /// The common case: a payment that lives as long as asked and is paid once.
    const fn method(
        id: i64,
        name: &'static str,
        kind: MethodKind,
        min_expires_in: Option<u64>,
        required: &'static [ExtraField],
    ) -> BuiltIn {
        BuiltIn {
            id,
            name,
            kind,
            min_expires_in,
            required,
            optional: &[],
            lifetime: Lifetime::AsRequested,
            repeatable: false,
        }
    }

    fn info(&self) -> MethodInfo {
        MethodInfo {
            id: self.id,
            name: self.name.to_owned(),
            kind: self.kind,
            min_expires_in: self.min_expires_in,
            extra_fields: self.required.to_vec(),
            optional_fields: self.optional.to_vec(),
            lifetime: self.lifetime,
            min_amount: None,
            repeatable: self.repeatable,
        }
    }
}

const PSE_FIELDS: &[ExtraField] = {
    use ExtraField::*;
    &[
        DocumentType,
        TypePerson,
        BankId,
        DocumentNumber,
        Name,
        Cellphone,
        Address,
        Email,
    ]
};

/// paydesk's default catalog, in the order the forms list it (DESIGN.md's table).
const BUILT_IN: &[BuiltIn] = {
    use ExtraField::*;
    use MethodKind::*;
    &[
        BuiltIn::method(130, "Nequi", MobileWalletA, Some(43_200), &[Cellphone]),
        BuiltIn::method(131, "Daviplata", MobileWalletB, Some(43_200), &[Cellphone]),
        BuiltIn::method(117, "PSE", OnlineBankTransfer, Some(1_800), PSE_FIELDS),
        BuiltIn::method(
            262,
            "PSE gateway",
            OnlineBankTransfer,
            Some(1_800),
            PSE_FIELDS,
        ),
        BuiltIn {
            lifetime: Lifetime::Fixed { seconds: 600 },
            repeatable: true,
            ..BuiltIn::method(
                250,
                "Bre-B key",
                BreBKey,
                None,
                &[Cellphone, DocType, DocNumber, MerchantId],
            )
        },
        BuiltIn {
            optional: &[Cellphone, DocumentType, DocumentNumber, MerchantId],
            lifetime: Lifetime::EndOfDay,
            repeatable: true,
            ..BuiltIn::method(248, "Interoperable QR", InteroperableQr, None, &[])
        },
        BuiltIn::method(153, "Cash collection", Cash, Some(86_400), &[]),
        BuiltIn::method(163, "TPaga", Wallet, Some(43_200), &[]),
        BuiltIn {
            optional: &[Description],
            ..BuiltIn::method(273, "Cards", Card, Some(3_600), &[])
        },
        BuiltIn::method(
            277,
            "WhatsApp",
            Chat,
            Some(2_592_000),
            &[Cellphone, WhatsappAccountId],
        ),
    ]
};

impl Default for MethodCatalog {
    fn default() -> Self {
        MethodCatalog {
            methods: BUILT_IN.iter().map(BuiltIn::info).collect(),
            link_min_amount: None,
            person_type_codes: PersonTypeCodes::default(),
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

    /// `expiresIn` must be strictly greater than the chosen method's minimum (the spec says
    /// "exceed"), or at least the minimum where `minimum_included` (the current interface says
    /// "greater than or equal"). An id the catalog does not know gets no minimum: the service
    /// decides.
    pub fn check_expires_in(
        &self,
        method_id: i64,
        seconds: u64,
        minimum_included: bool,
    ) -> Checked<u64> {
        if seconds == 0 {
            return Err(ValidationError::new(
                Field::ExpiresIn,
                crate::t!("rule-expiry-positive"),
            ));
        }
        match self.find(method_id) {
            Some(method) => match method.min_expires_in {
                Some(minimum) if minimum_included && seconds < minimum => {
                    Err(ValidationError::new(
                        Field::ExpiresIn,
                        crate::t!(
                            "rule-expiry-at-least",
                            method = method.display_name(),
                            minimum = validate::describe_seconds(minimum)
                        ),
                    ))
                }
                Some(minimum) if !minimum_included && seconds <= minimum => {
                    Err(ValidationError::new(
                        Field::ExpiresIn,
                        crate::t!(
                            "rule-expiry-minimum",
                            method = method.name.as_str(),
                            minimum = validate::describe_seconds(minimum),
                            seconds = minimum
                        ),
                    ))
                }
                _ => Ok(seconds),
            },
            None => Ok(seconds),
        }
    }

    pub fn min_expires_in(&self, id: i64) -> Option<u64> {
        self.find(id).and_then(|method| method.min_expires_in)
    }

    pub fn extra_fields(&self, id: i64) -> &[ExtraField] {
        self.find(id)
            .map(|method| method.extra_fields.as_slice())
            .unwrap_or_default()
    }

    /// Every field the method takes, with whether it is required.
    pub fn fields(&self, id: i64) -> Vec<(ExtraField, bool)> {
        self.find(id)
            .map(|method| method.fields().collect())
            .unwrap_or_default()
    }

    pub fn lifetime(&self, id: i64) -> Lifetime {
        self.find(id)
            .map(|method| method.lifetime)
            .unwrap_or_default()
    }

    /// The smallest amount for a method (`None`: a payment link).
    pub fn min_amount(&self, id: Option<i64>) -> Option<Pesos> {
        match id {
            Some(id) => self.find(id).and_then(|method| method.min_amount),
            None => self.link_min_amount,
        }
    }

    /// Whether a method's payment may be paid more than once.
    pub fn repeatable(&self, id: i64) -> bool {
        self.find(id).is_some_and(|method| method.repeatable)
    }

    /// The catalog's code for what a person typed as `typePerson` (natural, legal, jurídica,
    /// or a code); what they typed when it is none of those, for the check to report.
    pub fn person_type_code(&self, typed: &str) -> String {
        let codes = &self.person_type_codes;
        if typed.trim() == codes.natural || typed.trim() == codes.legal {
            return typed.trim().to_owned();
        }
        match validate::person_type(typed) {
            Ok(PersonType::Natural) => codes.natural.clone(),
            Ok(PersonType::Legal) => codes.legal.clone(),
            Err(_) => typed.trim().to_owned(),
        }
    }

    /// The other way: a code of this catalog as a word the checks understand.
    pub fn person_type_text(&self, code: &str) -> String {
        let codes = &self.person_type_codes;
        match code.trim() {
            code if code == codes.natural => "natural".to_owned(),
            code if code == codes.legal => "legal".to_owned(),
            other => other.to_owned(),
        }
    }

    /// Sets a floor for every method (and links) that has none of its own: the simulator's
    /// profile knows the simulator's.
    pub fn with_minimum_amount(mut self, minimum: Pesos) -> Self {
        for method in &mut self.methods {
            method.min_amount.get_or_insert(minimum);
        }
        self.link_min_amount.get_or_insert(minimum);
        self
    }
}

impl super::family_a::PaymentMethodEntry {
    /// The method a payer may choose on a link, in the till's language: the service names them
    /// in Spanish whatever the till speaks. The ids the interface lists (4 card, 7 bank app,
    /// 8 online bank transfer, 9 cash on delivery) have the app's words; another is shown as
    /// the service named it.
    pub fn words(&self) -> String {
        match self.id {
            4 => crate::t!("link-method-card"),
            7 => crate::t!("link-method-bank-app"),
            8 => crate::t!("link-method-pse"),
            9 => crate::t!("link-method-cash-on-delivery"),
            _ => self.name.clone(),
        }
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
        // The current methods of public material.
        assert_eq!(catalog.lifetime(250), Lifetime::Fixed { seconds: 600 });
        assert_eq!(catalog.lifetime(248), Lifetime::EndOfDay);
        assert!(catalog.repeatable(250) && catalog.repeatable(248) && !catalog.repeatable(130));
        assert_eq!(catalog.extra_fields(250).len(), 4);
        assert_eq!(catalog.extra_fields(262), catalog.extra_fields(117));
        assert_eq!(catalog.min_expires_in(277), Some(2_592_000));
        assert_eq!(catalog.fields(273), vec![(ExtraField::Description, false)]);
        assert_eq!(catalog.min_amount(Some(130)), None);
        let simulator = catalog.with_minimum_amount(Pesos::new(1_000));
        assert_eq!(simulator.min_amount(Some(130)), Some(Pesos::new(1_000)));
        assert_eq!(simulator.min_amount(None), Some(Pesos::new(1_000)));
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
                optional_fields: vec![],
                lifetime: Lifetime::AsRequested,
                min_amount: None,
                repeatable: false,
            },
            MethodInfo {
                id: 500,
                name: "Bank app QR".into(),
                kind: MethodKind::BankAppQr,
                min_expires_in: Some(1_800),
                extra_fields: vec![],
                optional_fields: vec![],
                lifetime: Lifetime::AsRequested,
                min_amount: None,
                repeatable: false,
            },
        ]);
        assert_eq!(catalog.min_expires_in(130), Some(50_000));
        assert_eq!(catalog.min_expires_in(500), Some(1_800));
        assert_eq!(
            catalog.methods.len(),
            MethodCatalog::default().methods.len() + 1
        );
    }

    #[test]
    fn expires_in_is_strictly_above_the_minimum() {
        let catalog = MethodCatalog::default();
        let expires_in =
            |catalog: &MethodCatalog, id, seconds| catalog.check_expires_in(id, seconds, false);
        assert!(expires_in(&catalog, 130, 43_200).is_err());
        assert_eq!(expires_in(&catalog, 130, 43_201), Ok(43_201));
        assert!(expires_in(&catalog, 117, 1_800).is_err());
        assert_eq!(expires_in(&catalog, 117, 1_801), Ok(1_801));
        assert!(expires_in(&catalog, 153, 86_400).is_err());
        assert!(expires_in(&catalog, 273, 3_600).is_err());
        assert_eq!(expires_in(&catalog, 273, 3_601), Ok(3_601));
        let message = expires_in(&catalog, 131, 60).unwrap_err().to_string();
        assert!(
            message.contains("Daviplata needs more than 12 h"),
            "{message}"
        );
        // Unknown id: no minimum, the service decides.
        assert_eq!(expires_in(&catalog, 999, 1), Ok(1));
        assert!(expires_in(&catalog, 999, 0).is_err());
        // The current interface takes the minimum itself.
        assert_eq!(catalog.check_expires_in(130, 43_200, true), Ok(43_200));
        assert!(catalog.check_expires_in(130, 43_199, true).is_err());
    }
}
