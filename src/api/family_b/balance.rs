//! The merchant's balance on the pay API: its bags, and which of them pays payouts.

use serde::Deserialize;

use crate::api::lenient;
use crate::money::Pesos;

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Bag {
    #[serde(default, deserialize_with = "lenient::text")]
    pub bag: String,
    /// Decimal text with two decimals, as sent.
    #[serde(default, deserialize_with = "lenient::text")]
    pub amount: String,
}

impl Bag {
    pub fn pesos(&self) -> Option<Pesos> {
        Pesos::parse_service(&self.amount)
    }

    /// Whether this bag pays payouts. docs/decisions.md: its label, the service's, contains
    /// "dispers" or "disburs", in any case, accents ignored.
    pub fn pays_payouts(&self) -> bool {
        let folded: String = self
            .bag
            .chars()
            .map(|c| match c {
                'á' | 'Á' => 'a',
                'é' | 'É' => 'e',
                'í' | 'Í' => 'i',
                'ó' | 'Ó' => 'o',
                'ú' | 'Ú' | 'ü' | 'Ü' => 'u',
                other => other,
            })
            .collect::<String>()
            .to_lowercase();
        folded.contains("dispers") || folded.contains("disburs")
    }

    /// The earlier name of [`Bag::pays_payouts`], kept until the callers outside `api` use it.
    pub fn is_disbursement(&self) -> bool {
        self.pays_payouts()
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Balance {
    #[serde(default, deserialize_with = "lenient::list")]
    pub bags: Vec<Bag>,
    /// `DD/MM/YYYY HH:MM:SS`.
    #[serde(default, deserialize_with = "lenient::text")]
    pub date: String,
}

impl Balance {
    /// The bag that pays payouts, or `None` when no label says so (show both and let the
    /// service decide rather than guess).
    pub fn payout_bag(&self) -> Option<&Bag> {
        let mut matching = self.bags.iter().filter(|bag| bag.pays_payouts());
        match (matching.next(), matching.next()) {
            (Some(bag), None) => Some(bag),
            _ => None,
        }
    }

    /// The earlier name of [`Balance::payout_bag`], kept until the callers outside `api` use it.
    pub fn disbursement_bag(&self) -> Option<&Bag> {
        self.payout_bag()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bag(label: &str) -> Bag {
        Bag {
            bag: label.into(),
            amount: "100.00".into(),
        }
    }

    #[test]
    fn finds_the_payout_bag_by_label() {
        assert!(bag("Saldo de Dispersión").pays_payouts());
        assert!(bag("DISPERSION").pays_payouts());
        assert!(bag("Disbursement balance").pays_payouts());
        assert!(!bag("Saldo multiproducto").pays_payouts());
        let balance = Balance {
            bags: vec![bag("Saldo multiproducto"), bag("Saldo dispersión")],
            date: String::new(),
        };
        assert_eq!(
            balance.payout_bag().map(|b| b.bag.as_str()),
            Some("Saldo dispersión")
        );
        let unclear = Balance {
            bags: vec![bag("Bolsa 1"), bag("Bolsa 2")],
            date: String::new(),
        };
        assert_eq!(unclear.payout_bag(), None);
    }
}
