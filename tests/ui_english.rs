//! With English chosen, no Spanish word of the interface and no text of the system's own is
//! left on any panel: sales are made in Spanish (a link paid, a Nequi charge, a QR code, a copy
//! of the books), English is chosen in Configuración, and every panel and view is opened with
//! the troubles a shop meets (`common::tour`). What was made before the switch speaks English
//! too: «Pago con Nequi creado», «Su referencia», «Id del código», «Copia hecha y verificada».

mod common;

use common::tour;
use paydesk::i18n::Language;

/// Words of the Spanish interface that have no place in the English one. Words both languages
/// write alike ("no", "a", "real", "solo", "id") and names ("Nequi", "Bre-B", "PSE") are not in it.
const SPANISH: &[&str] = &[
    "el",
    "la",
    "los",
    "las",
    "de",
    "del",
    "que",
    "con",
    "para",
    "por",
    "una",
    "uno",
    "en",
    "y",
    "su",
    "sus",
    "sin",
    "pago",
    "pagos",
    "cobro",
    "cobros",
    "cobrar",
    "valor",
    "referencia",
    "creado",
    "creada",
    "código",
    "copia",
    "hecha",
    "verificada",
    "estado",
    "aprobado",
    "pendiente",
    "rechazado",
    "vencido",
    "cancelado",
    "nueva",
    "nuevo",
    "venta",
    "mostrar",
    "cliente",
    "guardar",
    "buscar",
    "ahora",
    "impresora",
    "voz",
    "actualizaciones",
    "configuración",
    "cuadre",
    "saldo",
    "cuentas",
    "cuenta",
    "hoy",
    "está",
    "más",
    "llavero",
    "detalles",
    "desde",
    "hasta",
    "dispersiones",
    "notificaciones",
    "perfil",
    "comercio",
    "simulador",
    "incluido",
    "dinero",
    "libros",
    "tema",
    "claro",
    "oscuro",
    "medio",
    "medios",
    "enviar",
    "crear",
    "copiar",
    "pagar",
    "fecha",
    "hora",
    "horas",
    "comisión",
    "usted",
    "recibe",
    "puede",
    "aún",
    "también",
    "cuando",
    "qué",
];

/// The shop's data and the service's own words, shown as they came: the simulator's shop, its
/// balance bags' labels (beside the app's words for them) and its reasons are in Spanish
/// whatever the till's language; a law is named by its name; the tests' own reason for keeping
/// tokens in memory is the tests'. The methods a link offers and the one a sale was paid by are
/// the app's words («Link de pago», «Botón de banco» were shown as the service wrote them).
const DATA: &[&str] = &[
    "Tienda Demo",
    "Saldo Dispersión",
    "Reason given by the service:",
    // The simulator's reasons for a refusal, an expiry and a failure, as the service words them.
    "La entidad del pagador rechazó la transacción",
    "El pago venció antes de ser pagado",
    "El proveedor no pudo completar la transacción",
    "Ley 1581 de 2012",
    "las pruebas guardan los secretos en memoria",
];

#[test]
fn spanish_words_in_an_english_sentence_are_found() {
    let spanish_in = |text| tour::words_in(text, SPANISH);
    assert!(spanish_in("Nequi payment created").is_empty());
    assert!(spanish_in("Reference: PDTP2W1OF2.").is_empty());
    assert_eq!(
        spanish_in("Pago con Nequi creado"),
        vec!["con", "pago", "creado"]
    );
    assert_eq!(spanish_in("Id del código"), vec!["del", "código"]);
}

#[test]
fn no_spanish_word_nor_system_text_is_left_on_any_panel() {
    // Sales made in Spanish first: what they left on screen must follow the switch.
    let walk = tour::walk(Language::Es, Language::En);
    // What was made before the switch was seen, in English.
    for made in [
        "Nequi payment created",
        "Your reference",
        "Copy made and verified",
        "Payment expired unpaid",
    ] {
        assert!(
            walk.seen.iter().any(|text| text.contains(made)),
            "{made} was looked at: {:?}",
            walk.seen
        );
    }

    let leftovers = tour::leftovers(&walk.seen, SPANISH, DATA);
    assert!(
        leftovers.is_empty(),
        "Spanish on screen:\n{}",
        leftovers.join("\n")
    );
    // A time of day written the Spanish way ("4:57 a. m."): English writes "4:57 AM".
    let times: Vec<&String> = walk
        .seen
        .iter()
        .filter(|text| text.contains("a. m.") || text.contains("p. m."))
        .collect();
    assert!(times.is_empty(), "Spanish times on screen: {times:?}");
    let raw = tour::system_text(&walk.seen);
    assert!(raw.is_empty(), "system text on screen:\n{}", raw.join("\n"));
}
