//! A sale's POS document (documento equivalente electrónico tiquete POS): checked against its
//! resolution, figured, keyed (CUDE, security code, QR) and written as UBL 2.1, unsigned. The
//! signature is the next step's; it goes into a last `ext:UBLExtension` of its own.

use super::amount::Centavos;
use super::cude::{self, CudeFields};
use super::input::PosSale;
use super::tax::{self, DocumentTotals, TaxError, TaxScheme};
use super::ubl::{self, Keys};

/// A document built: what the receipt prints and the books keep beside the XML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PosDocument {
    /// The prefix and the number, `EPOS123`.
    pub number: String,
    pub cude: String,
    pub software_security_code: String,
    /// What the receipt's QR holds.
    pub qr: String,
    pub totals: DocumentTotals,
    /// The UBL 2.1 `Invoice`, unsigned.
    pub xml: String,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("{}", crate::t!(
        "dian-document-number-outside-range",
        number = .number.to_string(),
        from = .from.to_string(),
        to = .to.to_string()
    ))]
    NumberOutsideRange { number: u64, from: u64, to: u64 },
    #[error("{}", crate::t!(
        "dian-document-date-outside-resolution",
        date = .date.as_str(),
        from = .from.as_str(),
        until = .until.as_str()
    ))]
    DateOutsideResolution {
        date: String,
        from: String,
        until: String,
    },
    #[error("{}", crate::t!("dian-document-line", line = .line.to_string(), problem = .problem.to_string()))]
    Line { line: usize, problem: TaxError },
    #[error("{}", crate::t!("dian-document-line-no-description", line = .0.to_string()))]
    NoDescription(usize),
    #[error("{}", crate::t!("dian-document-no-payment"))]
    NoPayment,
    #[error("{0}")]
    Totals(TaxError),
}

/// The sale's document, or what stops it, in words. Nothing is sent or kept here.
pub fn build(sale: &PosSale) -> Result<PosDocument, DocumentError> {
    let numbering = &sale.numbering;
    if !(numbering.from..=numbering.to).contains(&sale.number) {
        return Err(DocumentError::NumberOutsideRange {
            number: sale.number,
            from: numbering.from,
            to: numbering.to,
        });
    }
    let date = sale.issued_at.date_text();
    let from = crate::clock::format_date(numbering.valid_from);
    let until = crate::clock::format_date(numbering.valid_until);
    // The texts are ISO dates of four-digit years, so they compare as the days do.
    if date < from || date > until {
        return Err(DocumentError::DateOutsideResolution { date, from, until });
    }
    if sale.payments.is_empty() {
        return Err(DocumentError::NoPayment);
    }
    let mut lines = Vec::with_capacity(sale.lines.len());
    for (index, line) in sale.lines.iter().enumerate() {
        if line.description.trim().is_empty() {
            return Err(DocumentError::NoDescription(index + 1));
        }
        let figures = tax::line_figures(line.quantity, line.unit_price, line.tax, sale.price_kind)
            .map_err(|problem| DocumentError::Line {
                line: index + 1,
                problem,
            })?;
        lines.push(figures);
    }
    let totals = DocumentTotals::of(lines).map_err(DocumentError::Totals)?;
    let number = format!("{}{}", numbering.prefix, sale.number);
    let cude = cude::cude(&CudeFields {
        number: &number,
        issued_at: sale.issued_at,
        line_extension: totals.line_extension,
        iva: totals.tax_of(TaxScheme::Iva),
        inc: totals.tax_of(TaxScheme::Inc),
        ica: Centavos::ZERO,
        payable: totals.payable,
        issuer_nit: sale.issuer.nit.number(),
        buyer_id: sale.buyer.id_number(),
        key: &sale.software.pin,
        environment: sale.environment,
    });
    let software_security_code =
        cude::software_security_code(&sale.software.id, &sale.software.pin, &number);
    let qr = cude::qr_text(sale.environment, &cude);
    let xml = ubl::write(
        sale,
        &totals,
        &Keys {
            number: &number,
            cude: &cude,
            software_security_code: &software_security_code,
            qr: &qr,
        },
    );
    Ok(PosDocument {
        number,
        cude,
        software_security_code,
        qr,
        totals,
        xml,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dian::cude::{Environment, IssuedAt};
    use crate::dian::input::{
        Address, Buyer, BuyerId, Issuer, Line, Numbering, Payment, PaymentMeans, PersonKind,
        Software, Till,
    };
    use crate::dian::nit::Nit;
    use crate::dian::tax::{LineTax, PriceKind};
    use crate::money::Pesos;
    use crate::secrets::SecretString;
    use quick_xml::events::Event;
    use sha2::{Digest, Sha384};
    use time::macros::{date, time};

    fn address() -> Address {
        Address {
            municipality_code: "11001".into(),
            city: "Bogotá, D.C.".into(),
            department: "Bogotá".into(),
            department_code: "11".into(),
            line: "Cra 7 # 12-34".into(),
            postal_zone: Some("110111".into()),
        }
    }

    fn line(description: &str, quantity: i64, pesos: i64, tax: LineTax) -> Line {
        Line {
            description: description.into(),
            quantity,
            unit_price: Pesos::new(pesos),
            tax,
            code: None,
        }
    }

    /// A shop's sale: bread and cheese at 19 %, milk exempt, two bags.
    fn sale() -> PosSale {
        PosSale {
            issuer: Issuer {
                nit: Nit::parse("800197268-4").unwrap(),
                kind: PersonKind::Company,
                name: "Tienda Doña Rosa S.A.S.".into(),
                responsibilities: vec!["O-13".into(), "O-15".into()],
                responsible_for_iva: true,
                address: address(),
            },
            numbering: Numbering {
                authorization: "18760000001".into(),
                valid_from: date!(2026 - 01 - 01),
                valid_until: date!(2027 - 12 - 31),
                prefix: "EPOS".into(),
                from: 1,
                to: 5_000,
            },
            number: 123,
            software: Software {
                id: "710d99d0-6d49-4e18-bb70-196d1b17785f".into(),
                pin: SecretString::new("12345"),
                maker_nit: Nit::from_number("800197268").unwrap(),
                maker_person: "Rosa Pérez".into(),
                maker_company: "Tienda Doña Rosa S.A.S.".into(),
                name: "paydesk".into(),
            },
            environment: Environment::Testing,
            till: Till {
                plate: "CAJA-1".into(),
                location: "Mostrador".into(),
                kind: "Caja principal".into(),
            },
            cashier: "Ana".into(),
            sale_code: "1-000123".into(),
            buyer: Buyer::FinalConsumer,
            lines: vec![
                line("Pan & \"queso\" <x>", 2, 3_500, LineTax::Iva19),
                line("Leche", 1, 4_200, LineTax::IvaExempt),
                line(
                    "Bolsa",
                    2,
                    66,
                    LineTax::Bags {
                        per_bag: Pesos::new(66),
                    },
                ),
            ],
            price_kind: PriceKind::TaxIncluded,
            payments: vec![
                Payment {
                    means: PaymentMeans::Cash,
                    on_credit: false,
                },
                Payment {
                    means: PaymentMeans::BankTransfer,
                    on_credit: false,
                },
            ],
            issued_at: IssuedAt::local(date!(2026 - 12 - 03), time!(9:05:07)),
        }
    }

    /// Every element's text by its path of local names (`Invoice/cbc:ID` is `Invoice/ID`),
    /// read by quick-xml, which also refuses a tag closed out of order.
    fn read(xml: &str) -> Vec<(String, String)> {
        let mut reader = quick_xml::Reader::from_str(xml);
        let (mut path, mut texts, mut text) = (Vec::<String>::new(), Vec::new(), String::new());
        loop {
            match reader.read_event().unwrap() {
                Event::Start(start) => {
                    let name = start.local_name();
                    path.push(String::from_utf8(name.as_ref().to_vec()).unwrap());
                    text.clear();
                }
                Event::Text(part) => text.push_str(&part.decode().unwrap()),
                Event::GeneralRef(reference) => {
                    let name = reference.decode().unwrap();
                    text.push(match name.as_ref() {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => {
                            let hex = other.strip_prefix("#x").unwrap();
                            char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap()
                        }
                    });
                }
                Event::End(_) => {
                    texts.push((path.join("/"), std::mem::take(&mut text)));
                    path.pop();
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert!(path.is_empty(), "unclosed: {path:?}");
        texts
    }

    fn text_of<'a>(texts: &'a [(String, String)], path: &str) -> Vec<&'a str> {
        texts
            .iter()
            .filter(|(p, _)| p == path)
            .map(|(_, t)| t.as_str())
            .collect()
    }

    #[test]
    fn the_document_parses_back_with_its_keys_totals_and_escaped_words() {
        let document = build(&sale()).unwrap();
        let texts = read(&document.xml);
        let one = |path: &str| {
            let found = text_of(&texts, path);
            assert_eq!(found.len(), 1, "{path}: {found:?}");
            found[0].to_owned()
        };
        assert_eq!(one("Invoice/ID"), "EPOS123");
        assert_eq!(one("Invoice/UUID"), document.cude);
        assert_eq!(one("Invoice/InvoiceTypeCode"), "20");
        assert_eq!(
            one("Invoice/ProfileID"),
            "DIAN 2.1: Documento Equivalente POS"
        );
        assert_eq!(one("Invoice/IssueTime"), "09:05:07-05:00");
        let dian = "Invoice/UBLExtensions/UBLExtension/ExtensionContent/DianExtensions";
        assert_eq!(one(&format!("{dian}/QRCode")), document.qr);
        assert!(document.qr.ends_with(&document.cude));
        assert_eq!(
            one(&format!("{dian}/SoftwareSecurityCode")),
            document.software_security_code
        );
        let descriptions = text_of(&texts, "Invoice/InvoiceLine/Item/Description");
        assert_eq!(descriptions, ["Pan & \"queso\" <x>", "Leche", "Bolsa"]);
        assert!(document.xml.contains("Pan &amp; \"queso\" &lt;x&gt;"));
        // 7000 / 1.19 = 5882.35 + 19 % of it 1117.65; milk 4200 exempt; two bags of 66 in tax.
        let totals = "Invoice/LegalMonetaryTotal";
        assert_eq!(one(&format!("{totals}/LineExtensionAmount")), "10082.35");
        assert_eq!(one(&format!("{totals}/TaxExclusiveAmount")), "10082.35");
        assert_eq!(one(&format!("{totals}/TaxInclusiveAmount")), "11332.00");
        assert_eq!(one(&format!("{totals}/PayableAmount")), "11332.00");
        let taxes = text_of(&texts, "Invoice/TaxTotal/TaxAmount");
        assert_eq!(taxes, ["1117.65", "132.00"]);
        // Two loaves' base does not halve to the centavo: the price is the pair's.
        let prices = text_of(&texts, "Invoice/InvoiceLine/Price/PriceAmount");
        assert_eq!(prices, ["5882.35", "4200.00", "0.00"]);
        let per = text_of(&texts, "Invoice/InvoiceLine/Price/BaseQuantity");
        assert_eq!(per, ["2.00", "1.00", "1.00"]);
        let codes = text_of(&texts, "Invoice/PaymentMeans/PaymentMeansCode");
        assert_eq!(codes, ["10", "47"]);
        let pos =
            "Invoice/UBLExtensions/UBLExtension/ExtensionContent/PuntoVenta/InformacionCajaVenta";
        assert!(text_of(&texts, &format!("{pos}/Name")).contains(&"UbicaciónCaja"));
        assert!(text_of(&texts, &format!("{pos}/Value")).contains(&"1-000123"));
    }

    #[test]
    fn the_cude_is_recomputed_from_the_written_document_as_the_dian_does() {
        let document = build(&sale()).unwrap();
        let texts = read(&document.xml);
        let one = |path: &str| text_of(&texts, path)[0].to_owned();
        let header_taxes: Vec<&str> = text_of(&texts, "Invoice/TaxTotal/TaxAmount");
        let schemes = text_of(
            &texts,
            "Invoice/TaxTotal/TaxSubtotal/TaxCategory/TaxScheme/ID",
        );
        assert_eq!(schemes, ["01", "01", "22"]);
        let input = format!(
            "{}{}{}{}01{}04{}03{}{}{}{}{}{}",
            one("Invoice/ID"),
            one("Invoice/IssueDate"),
            one("Invoice/IssueTime"),
            one("Invoice/LegalMonetaryTotal/LineExtensionAmount"),
            header_taxes[0],
            "0.00",
            "0.00",
            one("Invoice/LegalMonetaryTotal/PayableAmount"),
            one("Invoice/AccountingSupplierParty/Party/PartyTaxScheme/CompanyID"),
            one("Invoice/AccountingCustomerParty/Party/PartyIdentification/ID"),
            "12345",
            one("Invoice/ProfileExecutionID"),
        );
        assert_eq!(hex::encode(Sha384::digest(input.as_bytes())), document.cude);
        assert!(input.starts_with("EPOS1232026-12-0309:05:07-05:0010082.35011117.65040.0003"));
    }

    #[test]
    fn an_identified_buyer_is_written_with_their_document() {
        let mut sale = sale();
        sale.buyer = Buyer::Identified {
            id: BuyerId::Nit(Nit::parse("900373115-3").unwrap()),
            name: "Comercial Ñandú Ltda.".into(),
            kind: PersonKind::Company,
        };
        let document = build(&sale).unwrap();
        let texts = read(&document.xml);
        let party = "Invoice/AccountingCustomerParty/Party";
        assert_eq!(
            text_of(&texts, &format!("{party}/PartyIdentification/ID")),
            ["900373115"]
        );
        assert_eq!(
            text_of(&texts, &format!("{party}/PartyName/Name")),
            ["Comercial Ñandú Ltda."]
        );
        let consumer = build(&self::sale()).unwrap();
        assert_ne!(document.cude, consumer.cude, "the buyer is in the CUDE");
        assert!(document.xml.contains("schemeName=\"31\""));
    }

    #[test]
    fn a_sale_outside_its_resolution_or_with_a_bad_line_is_refused_in_words() {
        let mut outside = sale();
        outside.number = 5_001;
        let refused = build(&outside).unwrap_err();
        assert_eq!(
            refused,
            DocumentError::NumberOutsideRange {
                number: 5_001,
                from: 1,
                to: 5_000
            }
        );
        assert!(refused.to_string().contains("5001"), "{refused}");
        let mut late = sale();
        late.issued_at = IssuedAt::local(date!(2028 - 01 - 01), time!(0:00:00));
        assert!(matches!(
            build(&late),
            Err(DocumentError::DateOutsideResolution { .. })
        ));
        let mut negative = sale();
        negative.lines[1].quantity = -1;
        let refused = build(&negative).unwrap_err();
        assert_eq!(
            refused,
            DocumentError::Line {
                line: 2,
                problem: TaxError::QuantityNotPositive(-1)
            }
        );
        assert!(refused.to_string().contains("-1"), "{refused}");
        let mut unpaid = sale();
        unpaid.payments.clear();
        assert_eq!(build(&unpaid), Err(DocumentError::NoPayment));
        let mut blank = sale();
        blank.lines[0].description = "  ".into();
        assert_eq!(build(&blank), Err(DocumentError::NoDescription(1)));
        let mut empty = sale();
        empty.lines.clear();
        assert_eq!(build(&empty), Err(DocumentError::Totals(TaxError::NoLines)));
        for error in [DocumentError::NoPayment, DocumentError::NoDescription(1)] {
            assert!(!error.to_string().is_empty());
        }
    }
}
