//! The POS document's UBL 2.1 XML, written in the order the schema and the DIAN's example
//! («Ejemplo POS.xml») give, from a sale already checked and figured (`document::build`).

use super::amount::Centavos;
use super::input::{
    Address, Buyer, FINAL_CONSUMER_ID, FINAL_CONSUMER_ID_KIND, FINAL_CONSUMER_NAME, Issuer, PosSale,
};
use super::tax::{DocumentTotals, LineFigures, LineTax, TaxScheme, TaxSubtotal};
use super::xml::XmlWriter;

/// The DIAN as the agency behind a scheme, on every identifier it governs.
const AGENCY_ID: (&str, &str) = ("schemeAgencyID", "195");
const AGENCY_NAME: (&str, &str) = (
    "schemeAgencyName",
    "CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)",
);
/// The DIAN's own NIT and its check digit, as the authorization's provider.
const DIAN_NIT: &str = "800197268";
const DIAN_CHECK_DIGIT: &str = "4";
/// The NIT's code among the kinds of identification.
const NIT_KIND: &str = "31";
const COP: (&str, &str) = ("currencyID", "COP");
/// The unit of a line: a bag is counted in `94`, anything else in `NIU`.
const BAG_UNIT: &str = "94";
const ITEM_UNIT: &str = "NIU";

/// The root's namespaces, the DIAN example's own: the signature (a later step) is made over
/// the canonical form, which carries the namespaces in scope, so they are declared up front.
const ROOT_ATTRIBUTES: [(&str, &str); 10] = [
    (
        "xmlns",
        "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
    ),
    (
        "xmlns:cac",
        "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
    ),
    (
        "xmlns:cbc",
        "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
    ),
    ("xmlns:ds", "http://www.w3.org/2000/09/xmldsig#"),
    (
        "xmlns:ext",
        "urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2",
    ),
    ("xmlns:sts", "dian:gov:co:facturaelectronica:Structures-2-1"),
    ("xmlns:xades", "http://uri.etsi.org/01903/v1.3.2#"),
    ("xmlns:xades141", "http://uri.etsi.org/01903/v1.4.1#"),
    ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
    (
        "xsi:schemaLocation",
        "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 http://docs.oasis-open.org/ubl/os-UBL-2.1/xsd/maindoc/UBL-Invoice-2.1.xsd",
    ),
];

/// What `document::build` computed for the document, written into it.
pub(crate) struct Keys<'a> {
    pub(crate) number: &'a str,
    pub(crate) cude: &'a str,
    pub(crate) software_security_code: &'a str,
    pub(crate) qr: &'a str,
}

pub(crate) fn write(sale: &PosSale, totals: &DocumentTotals, keys: &Keys<'_>) -> String {
    let mut xml = XmlWriter::new();
    xml.open("Invoice", &ROOT_ATTRIBUTES);
    xml.open("ext:UBLExtensions", &[]);
    dian_extensions(&mut xml, sale, keys);
    pos_extensions(&mut xml, sale, totals);
    xml.close();
    header(&mut xml, sale, keys);
    supplier(&mut xml, &sale.issuer, &sale.numbering.prefix);
    customer(&mut xml, &sale.buyer);
    payments(&mut xml, sale);
    for scheme in [TaxScheme::Iva, TaxScheme::Inc, TaxScheme::IncBags] {
        let subtotals: Vec<&TaxSubtotal> = totals.subtotals_of(scheme).collect();
        if !subtotals.is_empty() {
            tax_total(&mut xml, totals.tax_of(scheme), &subtotals);
        }
    }
    xml.open("cac:LegalMonetaryTotal", &[]);
    amount(&mut xml, "cbc:LineExtensionAmount", totals.line_extension);
    amount(&mut xml, "cbc:TaxExclusiveAmount", totals.tax_exclusive);
    amount(&mut xml, "cbc:TaxInclusiveAmount", totals.tax_inclusive);
    amount(&mut xml, "cbc:PayableAmount", totals.payable);
    xml.close();
    for (index, (line, figures)) in sale.lines.iter().zip(&totals.lines).enumerate() {
        let number = (index + 1).to_string();
        let code = line.code.as_deref().unwrap_or(&number);
        invoice_line(&mut xml, &number, &line.description, code, figures);
    }
    xml.finish()
}

fn dian_extensions(xml: &mut XmlWriter, sale: &PosSale, keys: &Keys<'_>) {
    let numbering = &sale.numbering;
    xml.open("ext:UBLExtension", &[]);
    xml.open("ext:ExtensionContent", &[]);
    xml.open("sts:DianExtensions", &[]);
    xml.open("sts:InvoiceControl", &[]);
    xml.leaf("sts:InvoiceAuthorization", &[], &numbering.authorization);
    xml.open("sts:AuthorizationPeriod", &[]);
    xml.leaf("cbc:StartDate", &[], &date_text(numbering.valid_from));
    xml.leaf("cbc:EndDate", &[], &date_text(numbering.valid_until));
    xml.close();
    xml.open("sts:AuthorizedInvoices", &[]);
    xml.leaf("sts:Prefix", &[], &numbering.prefix);
    xml.leaf("sts:From", &[], &numbering.from.to_string());
    xml.leaf("sts:To", &[], &numbering.to.to_string());
    xml.close();
    xml.close();
    xml.open("sts:InvoiceSource", &[]);
    let country_list = [
        ("listAgencyID", "6"),
        (
            "listAgencyName",
            "United Nations Economic Commission for Europe",
        ),
        (
            "listSchemeURI",
            "urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1",
        ),
    ];
    xml.leaf("cbc:IdentificationCode", &country_list, "CO");
    xml.close();
    xml.open("sts:SoftwareProvider", &[]);
    let maker = &sale.software.maker_nit;
    let digit = maker.check_digit().to_string();
    let provider = [
        AGENCY_ID,
        AGENCY_NAME,
        ("schemeID", &digit),
        ("schemeName", NIT_KIND),
    ];
    xml.leaf("sts:ProviderID", &provider, maker.number());
    xml.leaf(
        "sts:SoftwareID",
        &[AGENCY_ID, AGENCY_NAME],
        &sale.software.id,
    );
    xml.close();
    let agency = [AGENCY_ID, AGENCY_NAME];
    xml.leaf(
        "sts:SoftwareSecurityCode",
        &agency,
        keys.software_security_code,
    );
    xml.open("sts:AuthorizationProvider", &[]);
    let dian = [
        AGENCY_ID,
        AGENCY_NAME,
        ("schemeID", DIAN_CHECK_DIGIT),
        ("schemeName", NIT_KIND),
    ];
    xml.leaf("sts:AuthorizationProviderID", &dian, DIAN_NIT);
    xml.close();
    xml.leaf("sts:QRCode", &[], keys.qr);
    xml.close();
    xml.close();
    xml.close();
}

/// The three extensions a POS document must carry (DEPD11/DEPD21), each a list of names and
/// values without a namespace prefix, the names spelt as the annex and its example spell them.
fn pos_extensions(xml: &mut XmlWriter, sale: &PosSale, totals: &DocumentTotals) {
    let software = &sale.software;
    name_values(
        xml,
        "FabricanteSoftware",
        "InformacionDelFabricanteDelSoftware",
        &[
            ("NombreApellido", &software.maker_person),
            ("RazonSocial", &software.maker_company),
            ("NombreSoftware", &software.name),
        ],
    );
    let (code, name) = match &sale.buyer {
        Buyer::FinalConsumer => (FINAL_CONSUMER_ID, FINAL_CONSUMER_NAME),
        Buyer::Identified { id, name, .. } => (id.number(), name.as_str()),
    };
    // paydesk keeps no loyalty points; the group is required all the same.
    name_values(
        xml,
        "BeneficiosComprador",
        "InformacionBeneficiosComprador",
        &[
            ("Codigo", code),
            ("NombresApellidos", name),
            ("Puntos", "0"),
        ],
    );
    let till = &sale.till;
    name_values(
        xml,
        "PuntoVenta",
        "InformacionCajaVenta",
        &[
            ("PlacaCaja", &till.plate),
            ("UbicaciónCaja", &till.location),
            ("Cajero", &sale.cashier),
            ("TipoCaja", &till.kind),
            ("CódigoVenta", &sale.sale_code),
            ("SubTotal", &totals.line_extension.to_string()),
        ],
    );
}

fn name_values(
    xml: &mut XmlWriter,
    group: &'static str,
    list: &'static str,
    pairs: &[(&str, &str)],
) {
    xml.open("ext:UBLExtension", &[]);
    xml.open("ext:ExtensionContent", &[]);
    xml.open(group, &[]);
    xml.open(list, &[]);
    for (name, value) in pairs {
        xml.leaf("Name", &[], name);
        xml.leaf("Value", &[], value);
    }
    xml.close();
    xml.close();
    xml.close();
    xml.close();
}

fn header(xml: &mut XmlWriter, sale: &PosSale, keys: &Keys<'_>) {
    let environment = sale.environment.code();
    xml.leaf("cbc:UBLVersionID", &[], "UBL 2.1");
    xml.leaf("cbc:CustomizationID", &[], "10");
    xml.leaf("cbc:ProfileID", &[], "DIAN 2.1: Documento Equivalente POS");
    xml.leaf("cbc:ProfileExecutionID", &[], environment);
    xml.leaf("cbc:ID", &[], keys.number);
    let uuid = [
        AGENCY_ID,
        AGENCY_NAME,
        ("schemeID", environment),
        ("schemeName", "CUDE-SHA384"),
    ];
    xml.leaf("cbc:UUID", &uuid, keys.cude);
    xml.leaf("cbc:IssueDate", &[], &sale.issued_at.date_text());
    xml.leaf("cbc:IssueTime", &[], &sale.issued_at.time_text());
    let type_name = [("name", "Factura tipo punto de venta POS")];
    xml.leaf("cbc:InvoiceTypeCode", &type_name, "20");
    xml.leaf("cbc:DocumentCurrencyCode", &[], "COP");
    xml.leaf("cbc:LineCountNumeric", &[], &sale.lines.len().to_string());
}

fn supplier(xml: &mut XmlWriter, issuer: &Issuer, prefix: &str) {
    let digit = issuer.nit.check_digit().to_string();
    let company_id = [
        AGENCY_ID,
        AGENCY_NAME,
        ("schemeID", &digit),
        ("schemeName", NIT_KIND),
    ];
    xml.open("cac:AccountingSupplierParty", &[]);
    xml.leaf("cbc:AdditionalAccountID", &[], issuer.kind.code());
    xml.open("cac:Party", &[]);
    xml.open("cac:PartyName", &[]);
    xml.leaf("cbc:Name", &[], &issuer.name);
    xml.close();
    xml.open("cac:PhysicalLocation", &[]);
    address(xml, "cac:Address", &issuer.address);
    xml.close();
    xml.open("cac:PartyTaxScheme", &[]);
    xml.leaf("cbc:RegistrationName", &[], &issuer.name);
    xml.leaf("cbc:CompanyID", &company_id, issuer.nit.number());
    let responsibilities = issuer.responsibilities.join(";");
    xml.leaf("cbc:TaxLevelCode", &[("listName", "48")], &responsibilities);
    address(xml, "cac:RegistrationAddress", &issuer.address);
    if issuer.responsible_for_iva {
        scheme(xml, "01", "IVA");
    } else {
        scheme(xml, "ZZ", "No aplica");
    }
    xml.close();
    xml.open("cac:PartyLegalEntity", &[]);
    xml.leaf("cbc:RegistrationName", &[], &issuer.name);
    xml.leaf("cbc:CompanyID", &company_id, issuer.nit.number());
    xml.open("cac:CorporateRegistrationScheme", &[]);
    xml.leaf("cbc:ID", &[], prefix);
    xml.close();
    xml.close();
    xml.close();
    xml.close();
}

fn address(xml: &mut XmlWriter, element: &'static str, address: &Address) {
    xml.open(element, &[]);
    xml.leaf("cbc:ID", &[], &address.municipality_code);
    xml.leaf("cbc:CityName", &[], &address.city);
    if let Some(postal_zone) = &address.postal_zone {
        xml.leaf("cbc:PostalZone", &[], postal_zone);
    }
    xml.leaf("cbc:CountrySubentity", &[], &address.department);
    xml.leaf("cbc:CountrySubentityCode", &[], &address.department_code);
    xml.open("cac:AddressLine", &[]);
    xml.leaf("cbc:Line", &[], &address.line);
    xml.close();
    xml.open("cac:Country", &[]);
    xml.leaf("cbc:IdentificationCode", &[], "CO");
    xml.leaf("cbc:Name", &[("languageID", "es")], "Colombia");
    xml.close();
    xml.close();
}

fn scheme(xml: &mut XmlWriter, id: &str, name: &str) {
    xml.open("cac:TaxScheme", &[]);
    xml.leaf("cbc:ID", &[], id);
    xml.leaf("cbc:Name", &[], name);
    xml.close();
}

/// The buyer. Consumidor final is written as the DIAN's example writes it, and a buyer who
/// gave their identification the same way with their own.
fn customer(xml: &mut XmlWriter, buyer: &Buyer) {
    let (kind, id_kind, number, digit, name) = match buyer {
        Buyer::FinalConsumer => (
            "2",
            FINAL_CONSUMER_ID_KIND,
            FINAL_CONSUMER_ID,
            String::new(),
            FINAL_CONSUMER_NAME,
        ),
        Buyer::Identified { id, name, kind } => (
            kind.code(),
            id.kind_code(),
            id.number(),
            id.check_digit().map(|d| d.to_string()).unwrap_or_default(),
            name.as_str(),
        ),
    };
    let identification = [
        ("schemeID", digit.as_str()),
        ("schemeName", id_kind),
        AGENCY_ID,
        AGENCY_NAME,
    ];
    xml.open("cac:AccountingCustomerParty", &[]);
    xml.leaf("cbc:AdditionalAccountID", &[], kind);
    xml.open("cac:Party", &[]);
    xml.open("cac:PartyIdentification", &[]);
    xml.leaf("cbc:ID", &identification, number);
    xml.close();
    xml.open("cac:PartyName", &[]);
    xml.leaf("cbc:Name", &[], name);
    xml.close();
    xml.open("cac:PartyTaxScheme", &[]);
    xml.leaf("cbc:RegistrationName", &[], name);
    xml.leaf("cbc:CompanyID", &identification, number);
    scheme(xml, "01", "IVA");
    xml.close();
    xml.close();
    xml.close();
}

/// One `PaymentMeans` for each way the sale was paid, due the day it was issued.
fn payments(xml: &mut XmlWriter, sale: &PosSale) {
    let due = sale.issued_at.date_text();
    for payment in &sale.payments {
        xml.open("cac:PaymentMeans", &[]);
        xml.leaf("cbc:ID", &[], if payment.on_credit { "2" } else { "1" });
        xml.leaf("cbc:PaymentMeansCode", &[], payment.means.code());
        xml.leaf("cbc:PaymentDueDate", &[], &due);
        xml.close();
    }
}

/// One tax's `TaxTotal`, on the header or on a line: its whole, then each rate.
fn tax_total(xml: &mut XmlWriter, whole: Centavos, subtotals: &[&TaxSubtotal]) {
    xml.open("cac:TaxTotal", &[]);
    amount(xml, "cbc:TaxAmount", whole);
    for subtotal in subtotals {
        xml.open("cac:TaxSubtotal", &[]);
        match subtotal.per_bag {
            Some(per_bag) => {
                amount(xml, "cbc:TaxAmount", subtotal.tax_amount);
                let bags = format!("{}.00", subtotal.bags);
                xml.leaf("cbc:BaseUnitMeasure", &[("unitCode", BAG_UNIT)], &bags);
                amount(xml, "cbc:PerUnitAmount", per_bag);
                xml.open("cac:TaxCategory", &[]);
            }
            None => {
                amount(xml, "cbc:TaxableAmount", subtotal.taxable);
                amount(xml, "cbc:TaxAmount", subtotal.tax_amount);
                xml.open("cac:TaxCategory", &[]);
                let percent = format!("{}.00", subtotal.percent.unwrap_or_default());
                xml.leaf("cbc:Percent", &[], &percent);
            }
        }
        scheme(xml, subtotal.scheme.code(), subtotal.scheme.name());
        xml.close();
        xml.close();
    }
    xml.close();
}

fn invoice_line(
    xml: &mut XmlWriter,
    number: &str,
    description: &str,
    code: &str,
    figures: &LineFigures,
) {
    let unit = match figures.tax {
        LineTax::Bags { .. } => BAG_UNIT,
        _ => ITEM_UNIT,
    };
    let quantity = format!("{}.00", figures.quantity);
    xml.open("cac:InvoiceLine", &[]);
    xml.leaf("cbc:ID", &[], number);
    xml.leaf("cbc:InvoicedQuantity", &[("unitCode", unit)], &quantity);
    amount(xml, "cbc:LineExtensionAmount", figures.base);
    xml.leaf("cbc:FreeOfChargeIndicator", &[], "false");
    if let Some(subtotal) = &figures.subtotal {
        tax_total(xml, figures.tax_amount, &[subtotal]);
    }
    xml.open("cac:Item", &[]);
    xml.leaf("cbc:Description", &[], description);
    xml.open("cac:StandardItemIdentification", &[]);
    xml.leaf("cbc:ID", &[("schemeID", "999")], code);
    xml.close();
    xml.close();
    xml.open("cac:Price", &[]);
    let (price, of) = figures.price_before_tax();
    amount(xml, "cbc:PriceAmount", price);
    xml.leaf(
        "cbc:BaseQuantity",
        &[("unitCode", unit)],
        &format!("{of}.00"),
    );
    xml.close();
    xml.close();
}

fn amount(xml: &mut XmlWriter, element: &'static str, value: Centavos) {
    xml.leaf(element, &[COP], &value.to_string());
}

fn date_text(date: time::Date) -> String {
    crate::clock::format_date(date)
}
