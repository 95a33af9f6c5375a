//! The document's own key (CUDE), the software's security code and the QR's text, each a
//! SHA-384 or a URL exactly as FACTS.md gives them (the DIAN's validator and its examples).

use sha2::{Digest, Sha384};
use time::{Date, OffsetDateTime, Time, UtcOffset, macros::format_description};

use super::amount::Centavos;
use crate::secrets::SecretString;

/// Where a document counts: DIAN's tests (habilitación) or for real (producción).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Environment {
    Production,
    Testing,
}

impl Environment {
    /// `ProfileExecutionID`, the UUID's `schemeID` and the CUDE's last field.
    pub fn code(self) -> &'static str {
        match self {
            Environment::Production => "1",
            Environment::Testing => "2",
        }
    }

    /// The DIAN's catalogue, where the QR sends whoever reads it.
    fn catalogue(self) -> &'static str {
        match self {
            Environment::Production => "https://catalogo-vpfe.dian.gov.co",
            Environment::Testing => "https://catalogo-vpfe-hab.dian.gov.co",
        }
    }
}

/// When a document is issued, in the shop's time with its offset, as the annex writes it and
/// the CUDE takes it: `2022-09-07` and `16:31:02-05:00`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssuedAt(OffsetDateTime);

impl IssuedAt {
    /// A moment (milliseconds since the epoch) in Colombia's time; `None` outside `time`'s
    /// years.
    pub fn at_ms(ms: i64) -> Option<IssuedAt> {
        OffsetDateTime::from_unix_timestamp(ms.div_euclid(1_000))
            .ok()
            .map(|moment| IssuedAt(moment.to_offset(crate::clock::bogota())))
    }

    /// A date and time read on a Colombian clock.
    pub fn local(date: Date, time: Time) -> IssuedAt {
        IssuedAt(date.with_time(time).assume_offset(crate::clock::bogota()))
    }

    /// `2022-09-07` (`IssueDate`, the CUDE's `FecFac`).
    pub fn date_text(&self) -> String {
        self.0
            .format(format_description!("[year]-[month]-[day]"))
            .unwrap_or_default()
    }

    /// `16:31:02-05:00` (`IssueTime`, the CUDE's `HorFac`).
    pub fn time_text(&self) -> String {
        self.0
            .format(format_description!(
                "[hour]:[minute]:[second][offset_hour sign:mandatory]:[offset_minute]"
            ))
            .unwrap_or_default()
    }

    pub fn offset(&self) -> UtcOffset {
        self.0.offset()
    }
}

/// The fields the CUDE is made of, in the annex's names where they help.
#[derive(Debug, Clone, Copy)]
pub struct CudeFields<'a> {
    /// `NumFac`: the prefix and the number, `EPOS002`.
    pub number: &'a str,
    pub issued_at: IssuedAt,
    /// `ValFac`: the lines' bases (`LineExtensionAmount`), bags included.
    pub line_extension: Centavos,
    /// `ValIva`, tax 01.
    pub iva: Centavos,
    /// `ValInc`, tax 04; the bags' tax (22) is not in the string.
    pub inc: Centavos,
    /// `ValIca`, tax 03: a shop's ICA is never on its POS document, so always zero here, but
    /// the string names it.
    pub ica: Centavos,
    /// `ValTot`: `PayableAmount`.
    pub payable: Centavos,
    /// `NitOFE`: the shop's NIT without its check digit.
    pub issuer_nit: &'a str,
    /// `NumAdq`: the buyer's identification, 222222222222 for Consumidor final.
    pub buyer_id: &'a str,
    /// The software's PIN for a POS document or a note; a numbering range's technical key for
    /// an invoice's CUFE.
    pub key: &'a SecretString,
    pub environment: Environment,
}

/// The string the CUDE is the hash of. It holds the PIN: never log it or keep it.
pub fn cude_input(fields: &CudeFields<'_>) -> String {
    format!(
        "{}{}{}{}01{}04{}03{}{}{}{}{}{}",
        fields.number,
        fields.issued_at.date_text(),
        fields.issued_at.time_text(),
        fields.line_extension,
        fields.iva,
        fields.inc,
        fields.ica,
        fields.payable,
        fields.issuer_nit,
        fields.buyer_id,
        fields.key.expose(),
        fields.environment.code(),
    )
}

/// The CUDE: the lowercase hex SHA-384 of [`cude_input`].
pub fn cude(fields: &CudeFields<'_>) -> String {
    sha384_hex(&cude_input(fields))
}

/// `SoftwareSecurityCode`: the SHA-384 of the software's id, its PIN and the document's number.
pub fn software_security_code(software_id: &str, pin: &SecretString, number: &str) -> String {
    sha384_hex(&format!("{software_id}{}{number}", pin.expose()))
}

/// What the QR holds, and `sts:QRCode`: the DIAN's page for the document, as its example has
/// it (docs/decisions.md "The QR holds the DIAN's address only").
pub fn qr_text(environment: Environment, cude: &str) -> String {
    format!(
        "{}/document/searchqr?documentkey={cude}",
        environment.catalogue()
    )
}

fn sha384_hex(text: &str) -> String {
    hex::encode(Sha384::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, time};

    fn pesos(text: &str) -> Centavos {
        let (whole, cents) = text.split_once('.').unwrap();
        Centavos::new(whole.parse::<i64>().unwrap() * 100 + cents.parse::<i64>().unwrap())
    }

    /// The DIAN's two POS examples differ only in number, moment and the maker's NIT.
    fn pos_example(number: &str, issued_at: IssuedAt, nit: &str, pin: &SecretString) -> String {
        cude_input(&CudeFields {
            number,
            issued_at,
            line_extension: pesos("100100.00"),
            iva: pesos("19000.00"),
            inc: Centavos::ZERO,
            ica: Centavos::ZERO,
            payable: pesos("119150.00"),
            issuer_nit: nit,
            buyer_id: "222222222222",
            key: pin,
            environment: Environment::Testing,
        })
    }

    #[test]
    fn the_dian_pos_example_cude_is_reproduced() {
        let pin = SecretString::new("12345");
        let at = IssuedAt::local(date!(2022 - 09 - 07), time!(16:31:02));
        let input = pos_example("EPOS002", at, "2022516216", &pin);
        assert_eq!(
            input,
            "EPOS0022022-09-0716:31:02-05:00100100.000119000.00040.00030.00119150.002022516216222222222222123452"
        );
        assert_eq!(
            sha384_hex(&input),
            "63586429c4577b7461150bdc28ed35cbee4edb3fe8872d4ef55d74f7b7a9ecd062419600290208fc869ca94c47e895ca"
        );
    }

    #[test]
    fn the_dian_second_pos_example_cude_is_reproduced() {
        let pin = SecretString::new("12345");
        let at = IssuedAt::local(date!(2024 - 03 - 01), time!(16:40:02));
        let fields_input = pos_example("EPOS001", at, "2024022902", &pin);
        assert_eq!(
            fields_input,
            "EPOS0012024-03-0116:40:02-05:00100100.000119000.00040.00030.00119150.002024022902222222222222123452"
        );
        assert_eq!(
            sha384_hex(&fields_input),
            "ae964d2796d112b6c431f46f2245dc84c6b707f7961189f3d5be299bdb0370b43662c9930d2d095e50bec7d34a90ce73"
        );
    }

    #[test]
    fn the_invoice_annex_cufe_is_reproduced_with_the_technical_key() {
        let key = SecretString::new("693ff6f2a553c3646a063436fd4dd9ded0311471");
        let fields = CudeFields {
            number: "323200000129",
            issued_at: IssuedAt::local(date!(2019 - 01 - 16), time!(10:53:10)),
            line_extension: pesos("1500000.00"),
            iva: pesos("285000.00"),
            inc: Centavos::ZERO,
            ica: Centavos::ZERO,
            payable: pesos("1785000.00"),
            issuer_nit: "700085371",
            buyer_id: "800199436",
            key: &key,
            environment: Environment::Production,
        };
        assert_eq!(
            cude_input(&fields),
            "3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711"
        );
        assert_eq!(
            cude(&fields),
            "8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4"
        );
    }

    #[test]
    fn the_dian_examples_software_security_codes_are_reproduced() {
        let pin = SecretString::new("12345");
        assert_eq!(
            software_security_code("710d99d0-6d49-4e18-bb70-196d1b17785f", &pin, "EPOS002"),
            "cfb3e564f5660585cd0ba4f23090242a73d3f4f298110d2eaa3976ce03cba4c6f980f6fa9a41b68a072d8e7decbd53a8"
        );
        assert_eq!(
            software_security_code("e19ec220-eafb-4d7e-864f-9f7261264bf7", &pin, "EPOS001"),
            "6d8657d3ec704ad10dd054a5c77be2d917315698b1a2d97390362cf7af74a644cc83027cec31fe0e33c446bbe10bdf52"
        );
    }

    #[test]
    fn the_qr_names_the_environment_catalogue() {
        let cude = "63586429c4577b7461150bdc28ed35cbee4edb3fe8872d4ef55d74f7b7a9ecd062419600290208fc869ca94c47e895ca";
        assert_eq!(
            qr_text(Environment::Testing, cude),
            format!("https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey={cude}")
        );
        assert_eq!(
            qr_text(Environment::Production, cude),
            format!("https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey={cude}")
        );
    }

    #[test]
    fn a_moment_is_written_in_colombia_time() {
        // 2022-09-07 21:31:02 UTC is 16:31:02 in Bogotá.
        let at = IssuedAt::at_ms(1_662_586_262_000).unwrap();
        assert_eq!(
            (at.date_text(), at.time_text()),
            ("2022-09-07".into(), "16:31:02-05:00".into())
        );
        // Midnight UTC is still the day before in Colombia.
        let late = IssuedAt::at_ms(1_662_595_200_000).unwrap();
        assert_eq!(
            (late.date_text(), late.time_text()),
            ("2022-09-07".into(), "19:00:00-05:00".into())
        );
    }
}
