//! The desktop app driven through egui_kittest against its in-process simulator: fill forms by
//! label, click, and assert on what is shown. Waits are conditions with a deadline.

mod common;

use std::path::Path;

use common::ui::{
    App, captured_logs, click, create_link, on_screen, shows, text_input, type_into, wait_until,
};
use egui_kittest::kittest::{NodeT, Queryable};
use paydesk::ui::Panel;
use serde_json::json;

#[test]
fn the_app_opens_on_the_simulator_with_an_unmissable_badge() {
    let app = App::new();
    let mut harness = app.harness();
    wait_until(&mut harness, "the badge shows", |h| shows(h, "SIMULADOR"));
    for panel in [
        "Cobrar",
        "Estado de pagos",
        "Saldo",
        "Registrarse",
        "Configuración",
    ] {
        assert!(
            harness.query_by_label(panel).is_some(),
            "{panel} in the navigation"
        );
    }
}

#[test]
fn a_paid_link_turns_approved_on_screen_without_user_action() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    type_into(&mut harness, "Valor", "25.000");
    click(&mut harness, "Datos del cliente (opcional)");
    type_into(&mut harness, "Nombre del cliente", "Ana");
    click(&mut harness, "Crear link de pago");
    wait_until(&mut harness, "the link is created", |h| {
        shows(h, "Link de pago creado")
    });
    assert!(shows(&harness, "$ 25.000"));
    assert!(harness.query_by_label("Copiar link").is_some());
    assert!(harness.query_by_label("Guardar QR como imagen").is_some());
    let reference = harness.state().tracker().payments[0].reference.clone();
    assert!(shows(&harness, &reference));
    click(&mut harness, "Guardar QR como imagen");
    wait_until(&mut harness, "the QR is saved", |h| shows(h, "Guardado en"));
    let png = app
        .home
        .path()
        .join("exports")
        .join(format!("paydesk-QR-{reference}.png"));
    let image = image::open(&png).expect("a PNG was written").to_luma8();
    let (width, height) = image.dimensions();
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(width as usize, height as usize, |x, y| {
            image.get_pixel(x as u32, y as u32).0[0]
        });
    let grids = prepared.detect_grids();
    let (_, text) = grids[0].decode().expect("the saved QR decodes");
    assert!(text.ends_with(&format!("/checkout/{reference}")), "{text}");

    let control = app.control(&harness);
    let status = app.post(
        format!("{control}/transactions/{reference}/outcome"),
        json!({"outcome": "approve"}),
    );
    assert_eq!(status, 200);
    wait_until(&mut harness, "the approval shows", |h| {
        shows(h, "Pago aprobado: $ 25.000")
    });
    assert!(harness.query_by_label("Aprobado").is_some());

    // Paid: nothing is left to show the customer (no QR to scan, no «Mostrar al cliente»); the
    // card offers the next sale instead.
    assert!(harness.query_by_label("Mostrar al cliente").is_none());
    assert!(
        harness
            .query_all_by_label_contains("Código QR de")
            .next()
            .is_none()
    );
    click(&mut harness, "Nueva venta");
    assert!(!shows(&harness, "Link de pago creado"));
    assert!(harness.query_by_label("Crear link de pago").is_some());
}

#[test]
fn bad_values_show_their_messages_and_send_nothing() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    type_into(&mut harness, "Valor", "25,50");
    assert!(
        harness.query_all_by_value("25,50").next().is_some(),
        "typed"
    );
    assert!(shows(&harness, "use pesos enteros, sin centavos"));
    click(&mut harness, "Referencia y vencimiento");
    type_into(
        &mut harness,
        "Su referencia",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789X",
    );
    assert!(shows(&harness, "máximo 36 caracteres"));
    // The till's form asks only what a cashier decides: no addresses.
    assert!(
        harness
            .query_by(common::ui::text_input("Dirección de notificaciones"))
            .is_none()
    );
    assert!(
        harness
            .query_by(common::ui::text_input("Dirección de regreso"))
            .is_none()
    );
    click(&mut harness, "Datos del cliente (opcional)");
    type_into(&mut harness, "Correo del cliente", "ana@");
    assert!(shows(&harness, "escriba un correo"));
    // The button is disabled: clicking it sends nothing.
    click(&mut harness, "Crear link de pago");
    harness.step();
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-link/token"),
        0
    );
    assert!(shows(&harness, "Para continuar:"));
    // Why, in the form's own words and order.
    assert!(shows(&harness, "• Valor: use pesos enteros"));
    assert!(shows(&harness, "• Correo del cliente: escriba un correo"));
}

#[test]
fn one_method_payment_asks_for_the_wallet_cellphone() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    click(&mut harness, "Un medio de pago");
    assert!(shows(
        &harness,
        "Los pagos con Nequi deben quedar abiertos al menos 12 h"
    ));
    type_into(&mut harness, "Valor", "30000");
    type_into(&mut harness, "Celular del pagador", "601 123 4567");
    assert!(shows(&harness, "empieza por 3"));
    click(&mut harness, "Crear pago");
    assert_eq!(
        app.requests_to(&harness, "/pay/cash-in/generate/payment-method/token"),
        0
    );
    type_into(&mut harness, "Celular del pagador", "300 123 4567");
    click(&mut harness, "Crear pago");
    wait_until(&mut harness, "the payment is created", |h| {
        shows(h, "Pago con Nequi creado")
    });
    let sent = app.get(format!("{}/requests", app.control(&harness)));
    let request = sent
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|r| r["path"] == "/pay/cash-in/generate/payment-method/token")
        .unwrap()
        .clone();
    assert_eq!(request["body"]["paymentMethod"]["cellphone"], "3001234567");
    assert!(request["body"]["expiresIn"].as_u64().unwrap() >= 43_200);
}

#[test]
fn online_bank_transfer_lists_banks_without_the_prompt() {
    let app = App::new();
    let mut harness = app.harness();
    common::ui::pick_method(
        &mut harness,
        "PSE (el cobro queda abierto al menos 30 minutos)",
    );
    wait_until(&mut harness, "the bank picker shows", |h| {
        h.query_by_label("Banco del pagador").is_some()
    });
    assert!(shows(
        &harness,
        "Los pagos con PSE deben quedar abiertos al menos 30 min"
    ));
    harness.get_by_label("Banco del pagador").click();
    harness.step();
    harness.step();
    wait_until(&mut harness, "banks show", |h| {
        h.query_by_label("BANCOLOMBIA").is_some()
    });
    assert!(
        !shows(&harness, "seleccione"),
        "the id-0 entry is a prompt, not a bank"
    );
}

#[test]
fn a_family_a_resource_shows_its_code_and_qr() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    click(&mut harness, "Códigos QR");
    wait_until(&mut harness, "methods load", |h| {
        shows(h, "Medios de pago de su cuenta")
    });
    assert!(shows(&harness, "PSE"));
    wait_until(&mut harness, "the method icons", |h| {
        shows(h, "Ícono de PSE")
    });
    click(&mut harness, "Crear código QR");
    assert!(shows(&harness, "escriba un valor"));
    type_into(&mut harness, "Valor", "15.000");
    click(&mut harness, "Crear código QR");
    wait_until(&mut harness, "the resource is created", |h| {
        shows(h, "Código QR creado")
    });
    // One number for one QR: the service's reference; the code and its id under «Detalles».
    assert!(!shows(&harness, "PDQR"), "the resource code is folded");
    click(&mut harness, "Detalles");
    assert!(
        shows(&harness, "PDQR"),
        "the resource code is there for whoever helps"
    );
}

#[test]
fn status_lookup_and_balance() {
    let app = App::new();
    let mut harness = app.harness();
    let reference = create_link(&mut harness, "12.000");

    click(&mut harness, "Estado de pagos");
    type_into(&mut harness, "Referencia del pago", &reference);
    click(&mut harness, "Consultar estado");
    wait_until(&mut harness, "the record shows", |h| shows(h, "Fecha"));
    // A payment that has not gone through costs nothing: no fee shown.
    assert!(!shows(&harness, "Comisión"));
    assert!(shows(&harness, "$ 12.000"));
    assert!(harness.query_all_by_label("Pendiente").next().is_some());
    // The header's Ventas says the link's sale is not paid yet.
    wait_until(&mut harness, "the day's figures", |h| {
        shows(h, "$ 12.000 sin pagar aún")
    });

    click(&mut harness, "Saldo");
    wait_until(&mut harness, "the bags show", |h| {
        shows(h, "Saldo Dispersión")
    });
    assert!(shows(&harness, "$ 5.000.000"));
    assert!(shows(&harness, "paga las dispersiones"));
}

#[test]
fn register_validates_then_signs_in_with_the_new_token() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Registrarse");
    // Untouched, the form has no complaints; the button pressed anyway says what is missing.
    assert!(!shows(&harness, "Para continuar"));
    click(&mut harness, "Registrar comercio");
    assert!(shows(&harness, "• Municipio: este campo es obligatorio"));
    type_into(&mut harness, "Nombre del negocio", "Tienda Ana");
    type_into(&mut harness, "Correo electrónico", "ana@tienda.co");
    type_into(&mut harness, "Celular", "310 123 4567");
    type_into(&mut harness, "Número de documento", "1020304050");
    // By name, as she knows it: "Bogota" (no accent) is Bogotá D.C., department 11.
    type_into(&mut harness, "Municipio", "Bogota");
    assert!(!shows(&harness, "• Municipio"));
    type_into(&mut harness, "Contraseña", "s3cret-pass");
    type_into(&mut harness, "Confirme la contraseña", "s3cret-pasS");
    assert!(shows(&harness, "las contraseñas no coinciden"));
    click(&mut harness, "Registrar comercio");
    assert_eq!(app.requests_to(&harness, "/api/v1/auth/register"), 0);
    type_into(&mut harness, "Confirme la contraseña", "s3cret-pass");
    click(&mut harness, "Registrar comercio");
    wait_until(&mut harness, "registration finishes", |h| {
        shows(h, "Registro hecho")
    });
    assert_eq!(app.requests_to(&harness, "/api/v1/auth/register"), 1);
    // Said in words, with the profile it landed in; no system error text on screen.
    assert!(shows(
        &harness,
        "Registro hecho: Tienda Ana quedó con la sesión iniciada en el perfil Simulador incluido"
    ));
    assert!(!shows(&harness, "zbus") && !shows(&harness, "org.freedesktop"));
    // Done is done: no complaint about the password it cleared sits above the green line.
    assert!(!shows(&harness, "• Contraseña"), "{}", on_screen(&harness));
    // Signed in as the new merchant, on the same simulator: it knows the merchant, and the top
    // bar says which.
    wait_for_new_merchant_session(&mut harness);
    let merchant = harness
        .state()
        .session()
        .unwrap()
        .connection
        .user_id
        .unwrap();
    // By the name just registered, not a number.
    assert!(shows(&harness, "Perfil: Simulador incluido · Tienda Ana"));
    assert!(!shows(&harness, &format!("comercio {merchant}")));
    click(&mut harness, "Saldo");
    wait_until(&mut harness, "the new merchant's bags", |h| {
        shows(h, "Saldo Dispersión") || shows(h, "código ")
    });
    assert!(shows(&harness, "Saldo Dispersión"), "no balance shown");
    // The token never lands in a file of paydesk's. The built-in simulator's own state stands
    // in for the service's records, which know the merchant's token as the real service's do; it
    // is saved every few seconds, so whether it was saved yet depended on the machine's load.
    for entry in walk(app.home.path()) {
        if entry
            .file_name()
            .is_some_and(|name| name == "simulator-state.json")
        {
            continue;
        }
        let text = std::fs::read_to_string(&entry).unwrap_or_default();
        assert!(!text.contains("sbx-"), "{} holds a token", entry.display());
        assert!(
            !text.contains("s3cret-pass"),
            "{} holds the password",
            entry.display()
        );
    }
}

#[test]
fn an_ended_session_asks_for_the_token_and_keeps_the_form() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    click(&mut harness, "Códigos QR");
    type_into(&mut harness, "Valor", "15.000");
    type_into(&mut harness, "Descripción", "Mesa 4");
    let control = app.control(&harness);
    assert_eq!(
        app.post(
            format!("{control}/session"),
            json!({"token": "sandbox-api-token", "ended": true})
        ),
        204
    );
    click(&mut harness, "Crear código QR");
    wait_until(&mut harness, "the sign-in prompt", |h| {
        shows(h, "Su sesión terminó")
    });
    assert!(
        harness.query_all_by_value("Mesa 4").next().is_some(),
        "what the user typed is still there"
    );
    click(&mut harness, "Más tarde");
}

#[test]
fn settings_save_pasted_credentials_and_sign_out() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    assert!(shows(&harness, "El llavero del sistema no está disponible"));
    let receiver_url = |h: &egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>| {
        h.state()
            .session()
            .and_then(|s| s.receiver.as_ref().ok().map(|r| r.url()))
    };
    let before = harness.state().session().cloned().unwrap();
    let url_before = receiver_url(&harness).expect("the receiver runs");
    type_into(&mut harness, "Token de acceso", "pasted-access-token-123");
    click(&mut harness, "Guardar credenciales");
    wait_until(&mut harness, "saved", |h| {
        shows(h, "1 credencial guardada para el perfil simulator")
    });
    // Saving reconnects; the webhook port stays open and is the same one.
    wait_until(&mut harness, "the new session", |h| {
        h.state()
            .session()
            .is_some_and(|s| !std::sync::Arc::ptr_eq(s, &before))
    });
    assert_eq!(receiver_url(&harness), Some(url_before));
    let config = std::fs::read_to_string(app.home.path().join("config/paydesk.toml")).unwrap();
    assert!(
        config.contains("access-token"),
        "the profile lists the secret: {config}"
    );
    assert!(!config.contains("pasted-access-token-123"));
    click(&mut harness, "Cerrar sesión");
    wait_until(&mut harness, "signed out", |h| {
        shows(h, "Sesión cerrada en simulator")
    });
}

#[test]
fn the_app_logs_no_secret_even_at_trace_level() {
    let logs = captured_logs();
    let app = App::new();
    let mut harness = app.harness();
    // Both families with the simulator's tokens, then a registration (password out, token back),
    // then a pasted token the service refuses: the error path is where secrets tend to slip.
    create_link(&mut harness, "12.000");
    click(&mut harness, "Registrarse");
    type_into(&mut harness, "Nombre del negocio", "Tienda Leo");
    type_into(&mut harness, "Correo electrónico", "leo@tienda.co");
    type_into(&mut harness, "Celular", "310 765 4321");
    type_into(&mut harness, "Número de documento", "5040302010");
    type_into(&mut harness, "Municipio", "11001");
    type_into(&mut harness, "Contraseña", "log-check-pass");
    type_into(&mut harness, "Confirme la contraseña", "log-check-pass");
    click(&mut harness, "Registrar comercio");
    wait_until(&mut harness, "registration finishes", |h| {
        shows(h, "Registro hecho")
    });
    wait_for_new_merchant_session(&mut harness);
    click(&mut harness, "Configuración");
    let before = harness.state().session().cloned().unwrap();
    type_into(&mut harness, "Token de acceso", "pasted-wrong-token-456");
    click(&mut harness, "Guardar credenciales");
    wait_until(&mut harness, "the session with the pasted token", |h| {
        h.state()
            .session()
            .is_some_and(|s| !std::sync::Arc::ptr_eq(s, &before))
    });
    click(&mut harness, "Saldo");
    click(&mut harness, "Actualizar");
    wait_until(&mut harness, "the refusal shows", |h| {
        shows(h, "El servicio no aceptó el token de acceso")
    });
    // The service asks for a sign-in: the dialog opens, and the password goes once.
    wait_until(&mut harness, "the sign-in dialog", |h| {
        shows(h, "Iniciar sesión en el servicio de pagos")
    });
    type_into(
        &mut harness,
        "Usuario del servicio",
        paydesk::simulator::DEMO_USERNAME,
    );
    type_into(
        &mut harness,
        "Contraseña",
        paydesk::simulator::DEMO_PASSWORD,
    );
    let before = harness.state().session().cloned().unwrap();
    click(&mut harness, "Iniciar sesión");
    wait_until(&mut harness, "the session with the signed-in token", |h| {
        h.state()
            .session()
            .is_some_and(|s| !std::sync::Arc::ptr_eq(s, &before))
    });

    let logged = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(
        logged.contains("/cash-in/generate/payment-link/token")
            && logged.contains("/auth/register"),
        "the calls were logged: {logged}"
    );
    for secret in [
        paydesk::simulator::DEMO_API_TOKEN,
        paydesk::simulator::DEMO_ACCESS_TOKEN,
        paydesk::simulator::DEMO_HASH_KEY,
        "sbx-",
        "log-check-pass",
        "pasted-wrong-token-456",
        paydesk::simulator::DEMO_PASSWORD,
        "pay-",
    ] {
        assert!(!logged.contains(secret), "{secret} is in the log");
    }
}

#[test]
fn a_new_profile_is_checked_saved_used_and_remembered() {
    let app = App::new();
    // The "service's simulator" of this test: a second simulator, apart from the app's own.
    let service = app.runtime.block_on(common::TestSimulator::start());
    let connection = service.connection().clone();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    assert!(
        harness
            .get_by_label("Editar perfil")
            .accesskit_node()
            .is_disabled(),
        "the simulator has nothing to edit"
    );
    click(&mut harness, "Perfil nuevo…");
    type_into(&mut harness, "Nombre del perfil", "mi tienda");
    type_into(
        &mut harness,
        "Dirección de la API",
        "http://api.example.co/api/v1",
    );
    type_into(&mut harness, "Id de usuario", "abc");
    assert!(shows(&harness, "• Nombre del perfil: use hasta 40 letras"));
    assert!(shows(
        &harness,
        "• Dirección de la API: la dirección debe empezar por https://"
    ));
    assert!(shows(
        &harness,
        "• Dirección de pagos: escriba una dirección web"
    ));
    assert!(shows(
        &harness,
        "• Id de usuario: escriba el número de id de usuario"
    ));
    click(&mut harness, "Guardar perfil");
    harness.step();
    let config_file = app.home.path().join("config/paydesk.toml");
    assert!(!config_file.exists(), "nothing saved from a bad form");

    type_into(
        &mut harness,
        "Id de usuario",
        &paydesk::simulator::state::DEMO_USER_ID.to_string(),
    );
    save_new_profile(
        &mut harness,
        "tienda",
        &connection.base_url,
        &connection.pay_url,
    );
    assert!(shows(&harness, "PRUEBAS"));
    let config = std::fs::read_to_string(&config_file).unwrap();
    assert!(config.contains("active_profile = \"tienda\""), "{config}");

    // Its tokens, pasted; then a payment link goes to that service, not the built-in one.
    type_into(&mut harness, "Token de API", &connection.api_token);
    type_into(&mut harness, "Token de acceso", &connection.access_token);
    let before = harness.state().session().cloned().unwrap();
    click(&mut harness, "Guardar credenciales");
    wait_until(&mut harness, "the session with the tokens", |h| {
        h.state()
            .session()
            .is_some_and(|s| !std::sync::Arc::ptr_eq(s, &before))
    });
    create_link(&mut harness, "18.000");
    let sent = app
        .runtime
        .block_on(service.requests_to("/pay/cash-in/generate/payment-link/token"));
    assert_eq!(sent, 1, "the link was made on the profile's service");
    let config = std::fs::read_to_string(&config_file).unwrap();
    assert!(!config.contains(&connection.access_token), "{config}");

    // Edited: the change is kept, and so is the list of tokens it has.
    click(&mut harness, "Configuración");
    click(&mut harness, "Editar perfil");
    assert!(
        harness.query_by_label("Nombre del perfil").is_none(),
        "no renaming"
    );
    // The addresses set once for every sale live under "Avanzado".
    click(&mut harness, "Avanzado");
    type_into(
        &mut harness,
        "Dirección de escucha de notificaciones",
        "port 9000",
    );
    assert!(shows(
        &harness,
        "• Dirección de escucha de notificaciones: escriba una dirección y puerto"
    ));
    type_into(&mut harness, "Dirección de escucha de notificaciones", "");
    type_into(
        &mut harness,
        "Dirección de notificaciones por defecto",
        "https://tienda.example.co/webhook",
    );
    click(&mut harness, "Guardar perfil");
    wait_until(&mut harness, "the profile saved", |h| {
        std::fs::read_to_string(&config_file)
            .is_ok_and(|config| config.contains("https://tienda.example.co/webhook"))
            && h.query_by_label("Guardar perfil").is_none()
    });
    let config = std::fs::read_to_string(&config_file).unwrap();
    assert!(config.contains("access-token"), "{config}");

    // Back to the simulator: remembered as the one to open next time.
    harness
        .get_by_role_and_label(egui::accesskit::Role::ComboBox, "Perfil")
        .click();
    harness.step();
    // Listed by the words a person reads, not its key "simulator".
    assert!(harness.query_by_label("simulator").is_none());
    click(&mut harness, "Simulador incluido");
    click(&mut harness, "Cambiar");
    wait_until(&mut harness, "the simulator again", |h| {
        shows(h, "Perfil: Simulador incluido")
    });
    let config = std::fs::read_to_string(&config_file).unwrap();
    assert!(!config.contains("active_profile"), "{config}");
}

/// Fills the open new-profile form's name and URLs, saves, and waits until the app uses it.
fn save_new_profile(
    harness: &mut egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>,
    name: &str,
    base_url: &str,
    pay_url: &str,
) {
    type_into(harness, "Nombre del perfil", name);
    type_into(harness, "Dirección de la API", base_url);
    type_into(harness, "Dirección de pagos", pay_url);
    type_into(
        harness,
        "Página del negocio",
        "https://instagram.com/tiendaleo",
    );
    click(harness, "Guardar perfil");
    let top_bar = format!("Perfil: {name}");
    wait_until(harness, "the app uses the new profile", |h| {
        shows(h, &top_bar)
    });
}

#[test]
fn a_service_elsewhere_is_never_given_this_computers_webhook_address() {
    let app = App::new();
    let mut harness = app.harness();
    click(&mut harness, "Configuración");
    click(&mut harness, "Perfil nuevo…");
    click(&mut harness, "Producción (dinero real)");
    // Never contacted: nothing in this test sends.
    save_new_profile(
        &mut harness,
        "tienda",
        "https://api.example.invalid/api/v1",
        "https://pay.example.invalid",
    );
    assert!(shows(&harness, "PRODUCCIÓN"));

    // The app's own receiver is not offered to a service elsewhere: the sale cannot go, and
    // the cashier is told where the address is set.
    click(&mut harness, "Cobrar");
    type_into(&mut harness, "Valor", "25.000");
    assert!(shows(
        &harness,
        "• Dirección de notificaciones (Configuración › Avanzado): escriba la dirección https:// a la que el servicio envía las notificaciones"
    ));
    assert!(
        harness
            .get_by_label("Crear link de pago")
            .accesskit_node()
            .is_disabled()
    );
    // Set once in Settings, every sale carries it.
    click(&mut harness, "Configuración");
    click(&mut harness, "Editar perfil");
    click(&mut harness, "Avanzado");
    type_into(
        &mut harness,
        "Dirección de notificaciones por defecto",
        "https://tienda.example.co/webhook",
    );
    click(&mut harness, "Guardar perfil");
    wait_until(&mut harness, "the profile saved", |h| {
        h.query_by_label("Guardar perfil").is_none()
    });
    click(&mut harness, "Cobrar");
    wait_until(&mut harness, "the form takes the profile's address", |h| {
        !h.get_by_label("Crear link de pago")
            .accesskit_node()
            .is_disabled()
    });

    // Payouts carry the same address; nobody types it at the till.
    click(&mut harness, "Dispersiones");
    assert!(
        harness
            .query_by(common::ui::text_input("Dirección de notificaciones"))
            .is_none()
    );
}

/// After a registration the app reconnects as the new merchant; later steps depend on it.
fn wait_for_new_merchant_session(harness: &mut egui_kittest::Harness<'_, paydesk::ui::PaydeskApp>) {
    wait_until(harness, "the session of the new merchant", |h| {
        h.state()
            .session()
            .is_some_and(|s| s.connection.user_id != Some(paydesk::simulator::state::DEMO_USER_ID))
    });
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                found.extend(walk(&path));
            } else {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn enter_in_the_amount_creates_the_sale_as_the_button_does() {
    let app = App::new();
    let mut harness = app.harness();
    harness.state_mut().show_panel(Panel::Collect);
    type_into(&mut harness, "Valor", "12.500");
    harness.get_by(text_input("Valor")).focus();
    harness.step();
    harness.key_press(egui::Key::Enter);
    wait_until(&mut harness, "Enter creates the link", |h| {
        shows(h, "Link de pago creado")
    });
    assert_eq!(harness.state().tracker().payments.len(), 1);
    assert!(shows(&harness, "$ 12.500"));
}
