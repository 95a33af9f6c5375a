//! Panels driven on their own state, with no app, no simulator and no session: what they show
//! for a given state, and what they ask for when clicked (queued commands, run by the app's
//! `logic`, never by the drawing).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use paydesk::api::{Bag, Balance};
use paydesk::money::Pesos;
use paydesk::ui::panels::balance::{BalanceCommand, BalancePanel, TodayFigures};
use paydesk::ui::plumbing::bridge::Requested;

/// Types into the field labelled `label`, replacing what it held; focus takes a frame. Fixed
/// steps, not `run`: a panel with a request pending keeps repainting for its spinner.
fn type_into<State>(harness: &mut Harness<'_, State>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(2);
    harness.key_press(egui::Key::Backspace);
    harness.run_steps(2);
    harness.get_by_label(label).type_text(text);
    harness.run_steps(2);
}

fn bags() -> Balance {
    Balance {
        bags: vec![
            Bag {
                bag: "Saldo Dispersión".into(),
                amount: "5000000.00".into(),
            },
            Bag {
                bag: "Saldo Multiproducto".into(),
                amount: "50657.00".into(),
            },
        ],
        date: "21/11/2026 18:30:00".into(),
    }
}

fn shows(harness: &Harness<'_, BalancePanel>, text: &str) -> bool {
    harness.query_all_by_label_contains(text).next().is_some()
}

#[test]
fn the_balance_panel_asks_for_the_bags_once_and_on_refresh() {
    paydesk::i18n::set(paydesk::i18n::Language::Es);
    let today = TodayFigures::default();
    let mut harness = Harness::new_ui_state(
        move |ui, panel: &mut BalancePanel| panel.ui(ui, &today),
        BalancePanel::default(),
    );
    harness.step();
    assert_eq!(
        harness.state().queued,
        [BalanceCommand::Refresh],
        "opened for the first time, it asks"
    );
    // The app runs the command and the answer arrives.
    harness.state_mut().queued.clear();
    harness.state_mut().balance = Requested::Done(bags());
    harness.run();
    assert!(shows(&harness, "$ 5.000.000"));
    assert!(shows(&harness, "paga las dispersiones"));
    assert!(shows(&harness, "Al 21 nov. 2026, 6:30 p. m."));
    assert!(
        harness.state().queued.is_empty(),
        "an answer is not asked again"
    );
    harness.get_by_label("Actualizar").click();
    harness.run();
    assert_eq!(harness.state().queued, [BalanceCommand::Refresh]);
}

#[test]
fn todays_figures_show_only_when_every_fee_is_known() {
    paydesk::i18n::set(paydesk::i18n::Language::Es);
    let complete = TodayFigures {
        gross: Pesos::new(25_000),
        fee: Pesos::new(1_647),
        net: Pesos::new(23_353),
        with_fee: 1,
        approved: 1,
    };
    let panel = BalancePanel {
        balance: Requested::Done(bags()),
        ..BalancePanel::default()
    };
    let mut harness = Harness::new_ui_state(
        move |ui, panel: &mut BalancePanel| panel.ui(ui, &complete),
        panel,
    );
    harness.run();
    assert!(shows(&harness, "$ 25.000"));
    assert!(shows(&harness, "$ 1.647"));
    assert!(shows(&harness, "$ 23.353"));

    let partial = TodayFigures {
        with_fee: 1,
        approved: 2,
        ..complete
    };
    let panel = BalancePanel {
        balance: Requested::Done(bags()),
        ..BalancePanel::default()
    };
    let mut harness = Harness::new_ui_state(
        move |ui, panel: &mut BalancePanel| panel.ui(ui, &partial),
        panel,
    );
    harness.run();
    assert!(shows(&harness, "$ 25.000"));
    assert!(
        !shows(&harness, "$ 23.353"),
        "a net that leaves a payment out is not the day's"
    );
    assert!(shows(
        &harness,
        "informado la comisión de 1 de 2 pagos aprobados"
    ));
}

mod status {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::api::catalog::MethodCatalog;
    use paydesk::api::kind::PaymentKind;
    use paydesk::api::{StatusRecord, TransactionStatus};
    use paydesk::ledger::activity::{Actor, Role};
    use paydesk::ledger::reconcile::Figures;
    use paydesk::ledger::{
        PartReturns, PartState, PartTie, SaleLine, SaleNumber, SalePart, SaleRecord, ServicePart,
    };
    use paydesk::money::Pesos;
    use paydesk::ui::AlertSettings;
    use paydesk::ui::panels::status::{StatusCommand, StatusPanel};
    use paydesk::ui::plumbing::bridge::Requested;
    use paydesk::ui::services::sales::{DaySales, Followed};
    use paydesk::ui::services::tracker::{TrackedPayment, Tracker};

    fn part(id: i64, state: PartState, amount: i64, tie: PartTie) -> SalePart {
        SalePart {
            id,
            at: 0,
            amount: Some(Pesos::new(amount)),
            state,
            paid: Pesos::new(if state == PartState::Paid { amount } else { 0 }),
            tie,
            returns: PartReturns::default(),
            by: Actor::new(Role::Anyone, ""),
            paid_at: None,
        }
    }

    fn cash(id: i64, amount: i64) -> SalePart {
        let tie = PartTie::Cash {
            entry: id,
            reference: format!("EF{id}"),
            tendered: Some(Pesos::new(amount)),
        };
        part(id, PartState::Paid, amount, tie)
    }

    fn charge(id: i64, state: PartState, amount: i64, reference: &str) -> SalePart {
        let tie = PartTie::Service(ServicePart {
            profile: "tienda".into(),
            reference: reference.into(),
            payment: String::new(),
            kind: PaymentKind::Resource(2),
            fee: None,
        });
        part(id, state, amount, tie)
    }

    fn sale(number: i64, description: &str, amount: i64, parts: Vec<SalePart>) -> SaleRecord {
        SaleRecord {
            id: number,
            number: SaleNumber { till: 1, number },
            at: paydesk::ledger::now_ms() - (10 - number) * 60_000,
            amount: Some(Pesos::new(amount)),
            description: description.into(),
            lines: vec![SaleLine::one(description, Pesos::new(amount))],
            parts,
            by: Actor::new(Role::Anyone, ""),
        }
    }

    /// A day as the books would say it: a cash sale, a link paid, a sale part cash and part QR
    /// still waiting, and one voided; and its figures.
    fn today() -> Tracker {
        let mut tracker = Tracker::new(AlertSettings::new(false, false));
        for (reference, amount, status) in [
            ("PD1", 25_000, TransactionStatus::Approved),
            ("PD2", 8_500, TransactionStatus::Pending),
        ] {
            let mut payment = TrackedPayment::new(
                reference.into(),
                PaymentKind::Link,
                Some(Pesos::new(amount)),
                format!("MESA-{reference}"),
                String::new(),
            );
            payment.status = Some(status);
            tracker.add(payment);
        }
        let mut voided = cash(5, 4_000);
        voided.state = PartState::Voided;
        voided.paid = Pesos::ZERO;
        let sales = vec![
            sale(4, "Pan y leche", 4_000, vec![voided]),
            sale(
                3,
                "Mercado",
                40_000,
                vec![
                    cash(3, 20_000),
                    charge(4, PartState::Pending, 20_000, "PD2"),
                ],
            ),
            sale(
                2,
                "Zapatos",
                25_000,
                vec![charge(2, PartState::Paid, 25_000, "PD1")],
            ),
            sale(1, "Gaseosa", 15_000, vec![cash(1, 15_000)]),
        ];
        let mut figures = Figures::default();
        figures.sales.sold.amount = Pesos::new(60_000);
        figures.received.service.count = 1;
        figures.received.service.gross = Pesos::new(25_000);
        figures.received.cash.amount = Pesos::new(35_000);
        figures.owed.charges.amount = Pesos::new(20_000);
        let followed: Vec<Followed<'_>> = tracker
            .payments
            .iter()
            .map(|payment| Followed {
                reference: &payment.reference,
                reference1: &payment.reference1,
                description: &payment.description,
                kind: "Link de pago".into(),
                amount: payment.amount,
                created_ms: payment.created_ms,
                repeatable: payment.repeatable,
                cashier: "",
            })
            .collect();
        let day = DaySales::of_sales(sales, Some(figures), &followed, &MethodCatalog::default());
        tracker.sales = day;
        tracker
    }

    fn shows(harness: &Harness<'_, StatusPanel>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    /// The filter's choice (not a row's state in the same words).
    fn filter<'h>(
        harness: &'h Harness<'_, StatusPanel>,
        label: &'static str,
    ) -> egui_kittest::Node<'h> {
        harness.get_by(move |node| {
            node.role() != egui::accesskit::Role::Label && node.label().as_deref() == Some(label)
        })
    }

    fn harness() -> Harness<'static, StatusPanel> {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let tracker = today();
        Harness::builder()
            .with_size([1280.0, 800.0])
            .build_ui_state(
                move |ui, panel: &mut StatusPanel| {
                    panel.ui(
                        ui,
                        &tracker,
                        &[],
                        &mut paydesk::ui::services::paper::Paper::default(),
                        None,
                    )
                },
                StatusPanel::default(),
            )
    }

    #[test]
    fn every_sale_of_the_day_is_listed_with_its_number_ways_and_state() {
        let mut harness = harness();
        harness.run_steps(3);
        assert!(shows(&harness, "Ventas: $ 60.000"), "the day's figures");
        assert!(shows(&harness, "1 pago, $ 25.000 aprobados"));
        assert!(shows(&harness, "En efectivo: $ 35.000"));
        assert!(shows(&harness, "Por cobrar: $ 20.000"));
        for (number, ways, state) in [
            ("1-000001", "Efectivo", "Pagada"),
            ("1-000002", "QR", "Pagada"),
            ("1-000003", "Efectivo + QR", "Esperando el pago"),
            ("1-000004", "Efectivo", "Anulada"),
        ] {
            assert!(shows(&harness, number), "{number}");
            assert!(shows(&harness, ways), "{ways}");
            assert!(shows(&harness, state), "{state}");
        }
        assert!(
            shows(&harness, "MESA-PD2"),
            "her own reference of its charge"
        );
        // The filters: only what waits, then only what was voided.
        filter(&harness, "Esperando el pago").click();
        harness.run_steps(2);
        assert!(shows(&harness, "1-000003"));
        assert!(!shows(&harness, "1-000001"));
        filter(&harness, "Anuladas").click();
        harness.run_steps(2);
        assert!(shows(&harness, "1-000004"));
        assert!(!shows(&harness, "1-000003"));
        filter(&harness, "Todas").click();
        harness.run_steps(2);
        // The search: by what was sold, by number, by a reference.
        super::type_into(&mut harness, "Referencia del pago", "zapatos");
        assert!(shows(&harness, "1-000002"));
        assert!(!shows(&harness, "1-000001"));
        super::type_into(&mut harness, "Referencia del pago", "000003");
        assert!(shows(&harness, "Mercado"));
        assert!(!shows(&harness, "Zapatos"));
        super::type_into(&mut harness, "Referencia del pago", "EF1");
        assert!(shows(&harness, "Gaseosa"));
        super::type_into(&mut harness, "Referencia del pago", "nada de esto");
        assert!(shows(&harness, "Ninguna venta de hoy coincide"));
        // A row opens the sale's window.
        super::type_into(&mut harness, "Referencia del pago", "");
        harness.get_by_label("Mercado").click();
        harness.run_steps(4);
        assert_eq!(harness.state().opened.as_deref(), Some("1-000003"));
        assert!(shows(&harness, "Venta 1-000003"));
        assert!(shows(&harness, "contado por el cajero"));
        assert!(shows(&harness, "Pendiente"));
    }

    #[test]
    fn a_lookup_and_a_follow_are_asked_for_not_done_while_drawing() {
        let mut harness = harness();
        harness.run_steps(3);
        harness.get_by_label("Referencia del pago").focus();
        harness.run_steps(2);
        harness.get_by_label("Referencia del pago").type_text("PD9");
        harness.run_steps(2);
        harness.get_by_label("Consultar estado").click();
        harness.run_steps(2);
        harness.get_by_label("Vigilar este pago").click();
        harness.run_steps(2);
        assert_eq!(
            harness.state().queued,
            [
                StatusCommand::Lookup("PD9".into()),
                StatusCommand::Follow("PD9".into())
            ]
        );
        // The answer, as the app's logic would leave it.
        harness.state_mut().queued.clear();
        let record: StatusRecord = serde_json::from_value(serde_json::json!({
            "id": "9", "cost": "$ 1.647", "status": "2", "date": "2026-11-21T18:30:00-05:00",
            "providerReference": "PRV9", "amount": "$ 25.000", "description": null,
            "paymentMethod": "Nequi"
        }))
        .unwrap();
        harness.state_mut().lookup = Requested::Done(("PD9".into(), record));
        harness.run_steps(2);
        assert!(shows(&harness, "PRV9"));
        assert!(shows(&harness, "Aprobado"));
        // A sale's number is asked of the books, whatever its day; it is not followed.
        super::type_into(&mut harness, "Referencia del pago", "1-000099");
        assert!(
            harness.query_by_label("Vigilar este pago").is_none(),
            "a sale's number is no charge to follow"
        );
        harness.get_by_label("Consultar estado").click();
        harness.run_steps(2);
        assert_eq!(
            harness.state().queued,
            [StatusCommand::FindSale(SaleNumber {
                till: 1,
                number: 99
            })]
        );
    }
}

mod activity {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::ui::panels::activity::{ActivityPanel, ActivityView};
    use paydesk::ui::panels::reconcile::{Range, ReconcileCommand, ReconcilePanel};

    fn shows<T>(harness: &Harness<'_, T>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    #[test]
    fn activity_says_what_the_session_lacks() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let view = ActivityView {
            receiver: Err(paydesk::i18n::Problem::words("the port 8787 is taken")),
            has_hash_key: false,
        };
        // The app's feed, not read yet (no logic runs here to read it).
        let feed = paydesk::ui::services::feed::NotificationFeed::default();
        let mut harness = Harness::new_ui_state(
            move |ui, panel: &mut ActivityPanel| panel.ui(ui, &view, &feed),
            ActivityPanel::default(),
        );
        // The feed's spinner keeps repainting (no logic runs here to load it).
        harness.run_steps(4);
        assert!(shows(&harness, "the port 8787 is taken"));
        assert!(shows(&harness, "No hay clave de notificaciones (HASH_KEY)"));
    }

    #[test]
    fn the_close_follows_the_range_chosen_and_exports_it() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut ReconcilePanel| {
                panel.ui(
                    ui,
                    true,
                    true,
                    &mut paydesk::ui::services::paper::Paper::default(),
                )
            },
            ReconcilePanel::default(),
        );
        harness.run();
        // Today's report is asked for on opening, with nothing to press; on the owner's side
        // the last 30 days too, for the charts.
        let today = paydesk::ledger::reconcile::today();
        assert_eq!(
            std::mem::take(&mut harness.state_mut().queued),
            [
                ReconcileCommand::Report {
                    from: today,
                    to: today
                },
                ReconcileCommand::Month
            ]
        );
        harness.get_by_label("Ayer").click();
        harness.run();
        let yesterday = today.previous_day().unwrap();
        assert!(
            harness.state().queued.contains(&ReconcileCommand::Report {
                from: yesterday,
                to: yesterday
            }),
            "{:?}",
            harness.state().queued
        );
        // Dates typed the Colombian way, checked as typed.
        harness.state_mut().queued.clear();
        harness.get_by_label("Otras fechas").click();
        harness.run();
        assert_eq!(harness.state().range, Range::Other);
        super::type_into(&mut harness, "Desde", "01/11/2026");
        super::type_into(&mut harness, "Hasta", "31/10/2026");
        assert!(
            shows(&harness, "el final es anterior al inicio"),
            "an end before the start is said"
        );
        super::type_into(&mut harness, "Hasta", "21/11/2026");
        harness.get_by_label("Exportar a Excel (CSV)").click();
        harness.run();
        let from = time::macros::date!(2026 - 11 - 01);
        let to = time::macros::date!(2026 - 11 - 21);
        assert!(
            harness
                .state()
                .queued
                .contains(&ReconcileCommand::Export { from, to }),
            "{:?}",
            harness.state().queued
        );
    }
}

mod register {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::ui::panels::register::RegisterPanel;

    /// Replaces what the field holds with `text`.
    use super::type_into;

    #[test]
    fn a_registration_is_queued_only_when_every_field_reads_right() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut RegisterPanel| panel.ui(ui, "tienda"),
            RegisterPanel::default(),
        );
        harness.run();
        assert!(
            harness
                .query_all_by_label_contains("En el perfil tienda")
                .next()
                .is_some()
        );
        for (label, text) in [
            ("Nombre del negocio", "Tienda Ana"),
            ("Correo electrónico", "ana@tienda.co"),
            ("Celular", "300 123 4567"),
            ("Número de documento", "1020304050"),
            // A DANE code is still typeable: its department follows from it.
            ("Municipio", "11001"),
            ("Contraseña", "s3cret-pass"),
            ("Confirme la contraseña", "s3cret-pasS"),
        ] {
            type_into(&mut harness, label, text);
        }
        harness.get_by_label("Registrar comercio").click();
        harness.run();
        assert!(harness.state().queued.is_empty(), "the passwords differ");
        assert!(
            harness
                .query_all_by_label_contains("Confirme la contraseña:")
                .next()
                .is_some()
        );
        type_into(&mut harness, "Confirme la contraseña", "s3cret-pass");
        harness.get_by_label("Registrar comercio").click();
        // Queued, the form shows it is busy (a spinner never settles): a few frames only.
        harness.run_steps(2);
        let queued = harness.state().queued.first().cloned().expect("queued");
        assert_eq!(queued.email, "ana@tienda.co");
        assert_eq!(queued.cellphone, "3001234567");
        assert_eq!((queued.city_id, queued.state_id), (11_001, 11));
    }

    /// The built-in simulator's profile is named as a person reads it, never by its key.
    /// (Spanish only: the language is the process's, and the other tests here read Spanish.)
    #[test]
    fn the_profile_is_named_as_a_person_reads_it() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut RegisterPanel| panel.ui(ui, "simulator"),
            RegisterPanel::default(),
        );
        harness.run();
        assert!(
            harness
                .query_all_by_label_contains("En el perfil Simulador incluido")
                .next()
                .is_some()
        );
        assert!(
            harness
                .query_all_by_label_contains("simulator")
                .next()
                .is_none(),
            "the profile's key is not shown"
        );
    }

    #[test]
    fn places_are_chosen_by_name() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut RegisterPanel| panel.ui(ui, "tienda"),
            RegisterPanel::default(),
        );
        harness.run();
        // Pressed before typing anything, the form says what is missing, in its own words.
        harness.get_by_label("Registrar comercio").click();
        harness.run();
        // The place is asked in words, never as "a valid identifier (greater than 0)".
        assert!(
            harness
                .query_all_by_label_contains("mayor que 0")
                .next()
                .is_none()
        );
        assert!(
            harness
                .query_all_by_label_contains("• Municipio: este campo es obligatorio")
                .next()
                .is_some()
        );
        // Part of a name, without its accent: the suggestions say where each one is.
        type_into(&mut harness, "Municipio", "medell");
        assert!(
            harness
                .query_all_by_label_contains("Medellín (Antioquia)")
                .next()
                .is_some()
        );
        harness.get_by_label("Medellín (Antioquia)").click();
        harness.run();
        assert!(
            harness
                .query_all_by_label_contains("Antioquia")
                .next()
                .is_some()
                || harness.query_all_by_value("Antioquia").next().is_some(),
            "the department follows the municipality"
        );
        // A name the list does not know is said, with what to do.
        type_into(&mut harness, "Municipio", "Gotham");
        assert!(
            harness
                .query_all_by_label_contains("no es un municipio que conozcamos allí")
                .next()
                .is_some()
        );
    }
}

mod accounts {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::ui::panels::accounts::{AccountsCommand, AccountsPanel};

    #[test]
    fn codes_banks_and_lookups_are_asked_for_not_fetched_while_drawing() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut AccountsPanel| panel.ui(ui),
            AccountsPanel::default(),
        );
        harness.run_steps(2);
        assert_eq!(
            harness.state().queued,
            [AccountsCommand::LoadBanks],
            "the bank list is asked for once"
        );
        harness.state_mut().queued.clear();
        harness.get_by_label("Enviar código").click();
        harness.run_steps(2);
        harness.get_by_label("Número de celular").focus();
        harness.run_steps(2);
        harness
            .get_by_label("Número de celular")
            .type_text("300 123 4567");
        harness.run_steps(2);
        harness.get_by_label("Consultar bancos").click();
        harness.run_steps(2);
        let queued = &harness.state().queued;
        assert!(queued.contains(&AccountsCommand::SendCode(2)), "{queued:?}");
        assert!(
            queued.contains(&AccountsCommand::LookUpBanks("3001234567".into())),
            "{queued:?}"
        );
        assert!(
            !queued.iter().any(|c| matches!(c, AccountsCommand::Add(_))),
            "an empty form adds nothing"
        );
    }

    fn shows(harness: &Harness<'_, AccountsPanel>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    /// As on Cobrar: an untouched form makes no complaints; what it needs is said once the
    /// owner starts typing, or presses the button anyway.
    #[test]
    fn what_an_account_needs_is_said_once_the_owner_starts() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut AccountsPanel| panel.ui(ui),
            AccountsPanel::default(),
        );
        harness.run_steps(2);
        assert!(!shows(&harness, "Para continuar"), "nothing typed yet");
        assert!(!shows(&harness, "• Banco"), "nothing typed yet");
        harness.get_by_label("Número de cuenta").focus();
        harness.run_steps(2);
        harness.get_by_label("Número de cuenta").type_text("1234");
        harness.run_steps(2);
        assert!(shows(&harness, "Para continuar"));
        assert!(shows(&harness, "• Banco: elija el banco de la lista"));

        // Untouched, a press on the (disabled) button says why it does nothing.
        let mut harness = Harness::new_ui_state(
            |ui, panel: &mut AccountsPanel| panel.ui(ui),
            AccountsPanel::default(),
        );
        harness.run_steps(2);
        harness.get_by_label("Inscribir cuenta").click();
        harness.run_steps(2);
        assert!(shows(&harness, "Para continuar"));
    }
}

mod settings {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::config::{Environment, Profile};
    use paydesk::ui::panels::ledger_settings::LedgerView;
    use paydesk::ui::panels::settings::{SettingsCommand, SettingsPanel, SettingsView};
    use paydesk::ui::{AlertSettings, ThemeChoice};

    use super::type_into;

    #[test]
    fn profiles_and_credentials_are_saved_by_queued_commands() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let profile = Profile::simulator();
        let names = vec!["simulator".to_owned()];
        let mut theme = ThemeChoice::System;
        let mut language = paydesk::i18n::Language::Es;
        let mut zoom = None;
        let backups = paydesk::ui::services::backups::Backups::default();
        let customer_data = paydesk::ui::services::customer_data::CustomerData::default();
        let mut harness = Harness::new_ui_state(
            move |ui, panel: &mut SettingsPanel| {
                let view = SettingsView {
                    profile_name: "simulator",
                    profile_names: &names,
                    profile: &profile,
                    environment: Environment::Simulator,
                    keyring_problem: Some("no keyring in this test"),
                    keyring_turned_off: false,
                    sign_in_offered: true,
                    config_file: "/tmp/paydesk.toml".into(),
                    alerts: AlertSettings::new(false, false),
                    ledger: LedgerView {
                        ledger: Ok(("/tmp/ledger.sqlite3".into(), false)),
                        profile_ledger_url: None,
                    },
                    backups: &backups,
                    customer_data: &customer_data,
                    people: paydesk::ui::panels::people_settings::PeopleView {
                        people: None,
                        problem: None,
                        busy: false,
                        outcome: None,
                    },
                    updates: Default::default(),
                };
                panel.ui(
                    ui,
                    &view,
                    &mut theme,
                    &mut language,
                    (&mut zoom, Some(1.25)),
                    &mut paydesk::ui::services::paper::Paper::default(),
                );
            },
            SettingsPanel::default(),
        );
        harness.run_steps(2);
        assert!(
            harness
                .query_all_by_label_contains("no keyring in this test")
                .next()
                .is_some()
        );
        type_into(&mut harness, "Token de API", "pasted-token");
        harness.get_by_label("Guardar credenciales").click();
        harness.run_steps(2);
        harness.get_by_label("Perfil nuevo…").click();
        harness.run_steps(2);
        type_into(&mut harness, "Nombre del perfil", "tienda");
        type_into(
            &mut harness,
            "Dirección de la API",
            "https://api.example.co/api/v1",
        );
        type_into(&mut harness, "Dirección de pagos", "https://pay.example.co");
        type_into(
            &mut harness,
            "Página del negocio",
            "https://tienda.example.co",
        );
        harness.get_by_label("Guardar perfil").click();
        harness.run_steps(2);
        let queued = &harness.state().queued;
        assert!(
            queued.iter().any(|command| matches!(
                command,
                SettingsCommand::SaveCredentials(values) if values.len() == 1
            )),
            "{queued:?}"
        );
        assert!(
            queued.iter().any(|command| matches!(
                command,
                SettingsCommand::SaveProfile { name, profile, .. }
                    if name == "tienda" && profile.environment == Environment::Sandbox
            )),
            "{queued:?}"
        );
        // Nothing of the pasted token is shown back.
        assert!(
            harness
                .query_all_by_label_contains("pasted-token")
                .next()
                .is_none()
        );
    }
}

mod payouts {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::api::catalog::MethodCatalog;
    use paydesk::money::Pesos;
    use paydesk::payouts::PayoutPlan;
    use paydesk::requests::Service;
    use paydesk::ui::panels::payouts::{PayoutsCommand, PayoutsPanel, PayoutsView};

    fn harness() -> Harness<'static, PayoutsPanel> {
        let catalog: &'static MethodCatalog = Box::leak(Box::new(MethodCatalog::default()));
        Harness::new_ui_state(
            move |ui, panel: &mut PayoutsPanel| {
                let view = PayoutsView {
                    service: Service {
                        pay_url: "https://pay.example.co",
                        catalog,
                        brand_id: 79,
                        default_webhook: Some("https://tienda.example.co/webhook".into()),
                        default_return_url: None,
                        show_summary: true,
                        dialect: paydesk::api::Dialect::Current,
                        shop_url: Some("https://tienda.example.co".into()),
                    },
                    journal_problem: None,
                    moves_real_money: true,
                    service_away: None,
                };
                panel.ui(ui, &view);
            },
            PayoutsPanel::default(),
        )
    }

    use super::type_into;

    fn shows(harness: &Harness<'_, PayoutsPanel>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    #[test]
    fn a_review_then_one_send_however_many_clicks() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = harness();
        harness.run_steps(2);
        type_into(&mut harness, "Valor", "50.000");
        type_into(&mut harness, "Alias Bre-B de quien recibe", "601 123 4567");
        harness.get_by_label("Revisar dispersión…").click();
        harness.run_steps(2);
        assert!(
            harness.state().queued.is_empty(),
            "a number where an alias goes sends nothing"
        );
        assert!(shows(&harness, "Llave Bre-B:"));

        harness.get_by_label("Alias Bre-B de quien recibe").focus();
        harness.run_steps(1);
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        harness.key_press(egui::Key::Backspace);
        harness.run_steps(1);
        harness
            .get_by_label("Alias Bre-B de quien recibe")
            .type_text("@ANA123");
        harness.run_steps(2);
        harness.get_by_label("Revisar dispersión…").click();
        harness.run_steps(2);
        let request = match harness.state_mut().queued.take().pop() {
            Some(PayoutsCommand::Review(request)) => request,
            other => panic!("{other:?}"),
        };
        assert_eq!(request.amount, Pesos::new(50_000));
        assert_eq!(request.destination, "@ANA123");

        // The review's answer: the plan the person confirms, in words.
        harness.state_mut().confirm(PayoutPlan {
            profile: "tienda".into(),
            request,
            balance: Some(Pesos::new(5_000_000)),
            similar: None,
        });
        harness.run_steps(4);
        assert!(shows(&harness, "Confirme la dispersión"));
        assert!(shows(&harness, "@ANA123"));
        assert!(shows(&harness, "Esto mueve dinero real"));
        assert!(shows(&harness, "$ 4.950.000"), "the balance after it");
        harness.get_by_label("Enviar $ 50.000").click();
        harness.run_steps(1);
        // The dialog is gone with its plan: a second click finds nothing to send.
        if let Some(again) = harness.query_by_label("Enviar $ 50.000") {
            again.click();
        }
        harness.run_steps(2);
        let sends = harness
            .state()
            .queued
            .iter()
            .filter(|command| matches!(command, PayoutsCommand::Send { .. }))
            .count();
        assert_eq!(sends, 1);
    }
}

mod collect {
    use super::type_into;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::api::catalog::MethodCatalog;
    use paydesk::collections::ChargeRequest;
    use paydesk::money::Pesos;
    use paydesk::requests::Service;
    use paydesk::ui::AlertSettings;
    use paydesk::ui::panels::collect::{CollectCommand, CollectPanel, CollectView};
    use paydesk::ui::services::tracker::Tracker;

    fn harness(panel: CollectPanel) -> Harness<'static, CollectPanel> {
        let catalog: &'static MethodCatalog = Box::leak(Box::new(MethodCatalog::default()));
        let tracker: &'static Tracker =
            Box::leak(Box::new(Tracker::new(AlertSettings::new(false, false))));
        Harness::new_ui_state(
            move |ui, panel: &mut CollectPanel| {
                let view = CollectView {
                    service: Service {
                        pay_url: "https://pay.example.com",
                        catalog,
                        brand_id: 1,
                        // The profile's, set once in Settings: the form does not ask.
                        default_webhook: Some("https://tienda.example.com/paydesk".into()),
                        default_return_url: Some("https://tienda.example.com/gracias".into()),
                        show_summary: false,
                        dialect: paydesk::api::Dialect::Current,
                        shop_url: Some("https://instagram.com/tiendaana".into()),
                    },
                    tracker,
                    notifications: &[],
                    shop_name: "Tienda Ana".into(),
                    service_away: None,
                    seller: paydesk::ui::panels::collect::Seller::Anyone,
                };
                panel.ui(ui, &view)
            },
            panel,
        )
    }

    fn shows(harness: &Harness<'_, CollectPanel>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    #[test]
    fn a_link_is_asked_for_once_with_what_was_typed() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = harness(CollectPanel::default());
        harness.run();
        assert!(
            !shows(&harness, "Para continuar"),
            "an untouched form does not complain"
        );
        harness.get_by_label("Crear link de pago").click();
        harness.run();
        assert!(
            harness.state().queued.is_empty(),
            "nothing without an amount"
        );
        assert!(
            shows(&harness, "• Valor:"),
            "pressed anyway, the reason names the field"
        );

        type_into(&mut harness, "Valor", "25.000");
        type_into(&mut harness, "¿Qué vende?", "Almuerzo");
        harness.get_by_label("Crear link de pago").click();
        harness.run_steps(2);
        let queued = harness.state_mut().queued.take();
        let [CollectCommand::Create(ChargeRequest::Link(request))] = queued.as_slice() else {
            let reasons: Vec<_> = harness
                .query_all_by_label_contains("•")
                .map(|node| format!("{node:?}"))
                .collect();
            panic!("one link asked for, got {queued:?}; {reasons:?}");
        };
        assert_eq!(request.cash_in.amount, Pesos::new(25_000));
        assert!(
            format!("{:?}", request.cash_in.reference2).contains("Almuerzo"),
            "what is sold goes with the payment"
        );
        assert!(request.cash_in.reference1.starts_with("PD"));
        // The addresses and the summary choice come from the profile.
        assert_eq!(
            request.cash_in.webhook_url.as_str(),
            "https://tienda.example.com/paydesk"
        );
        assert_eq!(
            request.cash_in.return_url.as_ref().map(|url| url.as_str()),
            Some("https://tienda.example.com/gracias")
        );
        assert_eq!(request.cash_in.show_summary, Some(false));
    }

    #[test]
    fn a_bad_amount_is_named_and_nothing_is_asked() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = harness(CollectPanel::default());
        type_into(&mut harness, "Valor", "-5");
        harness.get_by_label("Crear link de pago").click();
        harness.run();
        assert!(harness.state().queued.is_empty());
        assert!(
            harness
                .query_all_by_label_contains("• Valor:")
                .all(|node| !format!("{node:?}").contains("escriba un valor")),
            "the amount was read, and refused for what it is"
        );
    }

    #[test]
    fn resources_ask_for_the_accounts_methods_once() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = harness(CollectPanel::default());
        harness.get_by_label("Códigos QR").click();
        harness.run_steps(3);
        let asked = harness
            .state()
            .queued
            .iter()
            .filter(|command| matches!(command, CollectCommand::LoadResourceMethods))
            .count();
        assert_eq!(asked, 1);
    }

    #[test]
    fn a_bank_transfer_asks_for_its_banks() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut harness = harness(CollectPanel::default());
        harness.get_by_label("Un medio de pago").click();
        harness.run();
        harness.get_by_label("Medio de pago").click();
        harness.run();
        harness
            .query_all_by_label_contains("PSE (el cobro")
            .next()
            .expect("PSE is offered")
            .click();
        harness.run_steps(2);
        assert!(
            harness
                .state()
                .queued
                .iter()
                .any(|command| matches!(command, CollectCommand::LoadBanks(_))),
            "{:?}",
            harness.state().queued
        );
        assert!(shows(&harness, "Banco del pagador"));
    }
}

mod owner_charts {
    use std::collections::BTreeMap;

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use paydesk::api::catalog::MethodCatalog;
    use paydesk::ledger::reconcile::{Figures, PaidWith, Report, Sum, Totals, WaySum};
    use paydesk::money::Pesos;
    use paydesk::ui::panels::owner_charts::{peso_mark, show};
    use time::macros::date;

    /// A month whose Ventas are `by_day` (sold that day, nothing returned), all in cash.
    fn month(by_day: BTreeMap<time::Date, Pesos>) -> Report {
        let sold = Sum {
            count: by_day.len(),
            amount: Pesos::sum_of(by_day.values().copied()).unwrap_or(Pesos::ZERO),
        };
        let mut figures = Figures::default();
        figures.sales.sold = sold;
        if sold.count > 0 {
            figures.sales.by_way.insert(
                PaidWith::Cash,
                WaySum {
                    sold,
                    returned: Sum::default(),
                },
            );
            figures.sales.by_hour.insert(10, sold.amount);
            figures
                .sales
                .by_cashier
                .insert("Ana".to_owned(), sold.amount);
        }
        figures.sales.by_day = by_day;
        Report {
            from: date!(2026 - 10 - 27),
            to: date!(2026 - 11 - 25),
            by_state: BTreeMap::new(),
            by_method: BTreeMap::new(),
            by_cashier: BTreeMap::new(),
            by_day: BTreeMap::new(),
            by_hour: BTreeMap::new(),
            approved: Totals::default(),
            unconfirmed: 0,
            payouts_paid: Totals::default(),
            payouts_open: Totals::default(),
            payouts_failed: Totals::default(),
            returns: Default::default(),
            exceptions: Vec::new(),
            notifications: 0,
            cash: Default::default(),
            tabs: Default::default(),
            figures,
        }
    }

    fn shows<T>(harness: &Harness<'_, T>, text: &str) -> bool {
        harness.query_all_by_label_contains(text).next().is_some()
    }

    /// A month without sales says so in words, where an empty plot with an axis from "-$ 10"
    /// to "$ 10" was.
    #[test]
    fn an_empty_month_says_it_is_empty() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let empty = month(BTreeMap::new());
        let catalog = MethodCatalog::default();
        let mut harness = Harness::new_ui(move |ui| show(ui, Some(&empty), &empty, &catalog));
        harness.run();
        assert!(shows(&harness, "Sin ventas en los últimos 30 días"));
        assert!(!shows(&harness, "-$"), "no negative pesos anywhere");

        // With a sale, the month is drawn as bars (no words of an empty month), and every
        // chart says the close's Ventas.
        let sold = month(BTreeMap::from([(
            date!(2026 - 11 - 20),
            Pesos::new(35_000),
        )]));
        let catalog = MethodCatalog::default();
        let mut harness = Harness::new_ui(move |ui| show(ui, Some(&sold), &sold, &catalog));
        harness.run();
        assert!(!shows(&harness, "últimos 30 días:"));
        assert_eq!(
            harness.query_all_by_label("Total: $ 35.000").count(),
            4,
            "by day, by hour, by way, by who sold"
        );
    }

    /// A day more went back than was sold: its bar is below zero, and the axis reads it.
    #[test]
    fn a_day_of_more_returns_than_sales_reads_below_zero() {
        paydesk::i18n::set(paydesk::i18n::Language::Es);
        let mut returned = month(BTreeMap::from([
            (date!(2026 - 11 - 19), Pesos::new(30_000)),
            (date!(2026 - 11 - 20), Pesos::new(-10_000)),
        ]));
        returned.figures.sales.sold = Sum {
            count: 1,
            amount: Pesos::new(30_000),
        };
        returned.figures.sales.returned = Sum {
            count: 1,
            amount: Pesos::new(10_000),
        };
        let catalog = MethodCatalog::default();
        let mut harness = Harness::new_ui(move |ui| show(ui, Some(&returned), &returned, &catalog));
        harness.run();
        assert!(shows(&harness, "Total: $ 20.000"));
    }

    /// The money axes never read a negative amount where no bar is below zero: the plot's
    /// margin below zero is blank.
    #[test]
    fn a_money_axis_has_no_negative_pesos() {
        assert_eq!(peso_mark(-10.0), "");
        assert_eq!(peso_mark(-5_000.0), "");
        assert_eq!(peso_mark(-0.2), "$ 0");
        assert_eq!(peso_mark(0.0), "$ 0");
        assert_eq!(peso_mark(35_000.0), "$ 35.000");
    }
}
