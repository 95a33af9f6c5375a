//! Collecting: payment methods, Family A resources and checkout, payment links and payments for
//! one method.

use super::*;
use crate::api::catalog::ExtraField;
use crate::api::family_a::*;
use crate::api::family_b::*;
use crate::api::kind::PaymentKind;
use crate::api::{ApiError, Reply};
use crate::cli::args::*;
use crate::cli::output::{Failure, labelled};
use crate::ledger::{Collection, Ledger, now_ms};
use crate::requests::{CashInForm, MethodPaymentForm, PaymentLinkForm, ResourceForm, Service};
use crate::t;

pub async fn methods(ctx: &Context<'_>, method_type: &str, user_id: Option<i64>) -> Outcome {
    let query = MethodQuery {
        method_type: method_type.to_owned(),
        user_id: user_id.or(ctx.connection.user_id),
    };
    query.check()?;
    let reply = ctx.connection.client.list_methods(&query).await?;
    Ok(ctx.out.done(&reply.raw, || {
        reply
            .value
            .payment_methods
            .iter()
            .map(|m| format!("{:>4}  {}  ({})", m.id, m.name, m.kind))
            .collect::<Vec<_>>()
            .join("\n")
    }))
}

pub async fn resource(ctx: &Context<'_>, args: &ResourceArgs) -> Outcome {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let number = |value: Option<i64>| value.map(|id| id.to_string()).unwrap_or_default();
    let request = ResourceForm {
        method_id: args.method,
        amount: text(&args.amount),
        tax: text(&args.tax),
        reference1: text(&args.reference1),
        reference2: text(&args.reference2),
        reference3: text(&args.reference3),
        description: text(&args.description),
        cellphone: text(&args.cellphone),
        commerce_type: number(args.commerce_type),
        city: number(args.city),
        bank: number(args.bank),
        person_type: text(&args.payer.person_type),
        payer: Payer {
            doc_type: text(&args.payer.doc_type),
            doc_number: text(&args.payer.doc_number),
            name: text(&args.payer.name),
            cellphone: text(&args.payer_cellphone),
            address: text(&args.payer.address),
            email: text(&args.payer.email),
        },
        info: text(&args.info),
    }
    .parse()
    .map_err(Failure::Input)?;
    let client = &ctx.connection.client;
    let generated = client.generate_resource(&request);
    let reply = create_and_record(ctx, None, generated, |answer| {
        let resource = &answer.resource;
        Sale {
            kind: PaymentKind::Resource(request.method_id),
            reference: resource.reference.clone(),
            amount: request.bill.amount,
            reference1: request.bill.reference1.clone().unwrap_or_default(),
            // What the QR encodes: the counter's poster is printed from it.
            url: if resource.url.is_empty() {
                resource.data.clone()
            } else {
                resource.url.clone()
            },
            description: request.description.clone().unwrap_or_default(),
            expires: resource.exp_date.clone(),
            resource_id: resource.id.map(|id| id.to_string()).unwrap_or_default(),
        }
    })
    .await?;
    let resource = &reply.value.resource;
    Ok(ctx.out.done(&reply.raw, || {
        labelled(
            Some(t!(
                "cli-resource-title",
                id = resource.id.map(|id| id.to_string()).unwrap_or_default(),
                kind = resource.kind.to_string()
            )),
            vec![
                ("URL".to_owned(), resource.url.clone()),
                (t!("created-code"), resource.data.clone()),
                (t!("confirm-reference"), resource.reference.clone()),
                (t!("created-expires"), resource.exp_date.clone()),
            ],
        )
    }))
}

pub async fn checkout(ctx: &Context<'_>, args: &CheckoutArgs) -> Outcome {
    let request = CheckoutRequest {
        method_id: args.method,
        resource_id: args.resource_id,
        user_id: ctx.user_id(args.user_id)?,
        type_person: args.person_type.trim().to_owned(),
        bank_id: args.bank,
        doc_type: args.doc_type.trim().to_ascii_uppercase(),
    };
    checked(request.check())?;
    let reply = ctx.connection.client.checkout(&request).await?;
    Ok(ctx.out.done(&reply.raw, || {
        t!(
            "cli-checkout-started",
            reference = reply.value.reference.as_str()
        )
    }))
}

/// The cash-in flags as the shared form reads them.
fn cash_in_form(args: &CashInArgs) -> CashInForm {
    CashInForm {
        amount: args.amount.clone(),
        reference1: args.reference1.clone(),
        webhook_url: args.webhook_url.clone().unwrap_or_default(),
        return_url: args.return_url.clone().unwrap_or_default(),
        expires_in: args.expires_in,
        show_summary: args.show_summary,
        brand_id: args.brand_id,
        labels: args.labels.clone(),
        data: args.data.clone(),
        ..CashInForm::default()
    }
}

pub async fn link(ctx: &Context<'_>, args: &LinkArgs) -> Outcome {
    let request = PaymentLinkForm {
        cash_in: cash_in_form(&args.cash_in),
    }
    .parse(&Service::of(ctx.connection))
    .map_err(Failure::Input)?;
    let client = &ctx.connection.client;
    let reply = create_and_record(ctx, None, client.create_payment_link(&request), |link| {
        Sale {
            kind: PaymentKind::Link,
            reference: link.reference.clone(),
            amount: Some(request.cash_in.amount),
            reference1: request.cash_in.reference1.clone(),
            url: link.url.clone(),
            description: request.cash_in.description(),
            expires: String::new(),
            resource_id: link.resource_id.clone(),
        }
    })
    .await?;
    Ok(ctx.out.done(&reply.raw, || {
        labelled(
            Some(t!(
                "cli-link-title",
                amount = request.cash_in.amount.to_string()
            )),
            vec![
                ("URL".to_owned(), reply.value.url.clone()),
                (t!("confirm-reference"), reply.value.reference.clone()),
            ],
        )
    }))
}

pub async fn charge(ctx: &Context<'_>, args: &ChargeArgs) -> Outcome {
    let typed = [
        (ExtraField::Cellphone, &args.cellphone),
        (ExtraField::BankId, &args.bank),
        (ExtraField::TypePerson, &args.payer.person_type),
        (ExtraField::DocumentType, &args.payer.doc_type),
        (ExtraField::DocType, &args.payer.doc_type),
        (ExtraField::DocumentNumber, &args.payer.doc_number),
        (ExtraField::DocNumber, &args.payer.doc_number),
        (ExtraField::Name, &args.payer.name),
        (ExtraField::Address, &args.payer.address),
        (ExtraField::Email, &args.payer.email),
        (
            ExtraField::MerchantId,
            &args
                .merchant_id
                .clone()
                .or_else(|| ctx.connection.profile.merchant_id.clone()),
        ),
        (ExtraField::WhatsappAccountId, &args.whatsapp_account),
        (ExtraField::Description, &args.description),
    ]
    .into_iter()
    .filter_map(|(field, value)| value.clone().map(|value| (field, value)))
    .collect();
    let request = MethodPaymentForm {
        cash_in: cash_in_form(&args.cash_in),
        method_id: args.method,
        typed,
    }
    .parse(&Service::of(ctx.connection))
    .map_err(Failure::Input)?;
    let client = &ctx.connection.client;
    let created = client.create_method_payment(&request);
    let reply = create_and_record(ctx, Some(args.method), created, |payment| Sale {
        kind: PaymentKind::Method(request.method_id),
        reference: payment.reference.clone(),
        amount: Some(request.cash_in.amount),
        reference1: request.cash_in.reference1.clone(),
        url: payment.url.clone(),
        description: request.cash_in.description(),
        expires: payment.expires_at.clone(),
        resource_id: payment.resource_id.clone(),
    })
    .await?;
    let payment = &reply.value;
    Ok(ctx.out.done(&reply.raw, || {
        labelled(
            Some(t!(
                "cli-payment-title",
                amount = request.cash_in.amount.to_string()
            )),
            vec![
                ("URL".to_owned(), payment.url.clone()),
                (t!("confirm-reference"), payment.reference.clone()),
                (t!("created-code-id"), payment.resource_id.clone()),
                (t!("created-expires"), payment.expires_at.clone()),
                (
                    t!("cli-status-state"),
                    payment
                        .status
                        .map(|id| TransactionStatus::from_id(id).to_string())
                        .unwrap_or_default(),
                ),
            ],
        )
    }))
}

/// A sale made from the terminal, as the service answered it.
struct Sale {
    kind: PaymentKind,
    reference: String,
    amount: Option<Pesos>,
    reference1: String,
    url: String,
    description: String,
    expires: String,
    /// The service's id of the resource ("" when it named none).
    resource_id: String,
}

/// Every sale from the terminal is made one way: the books opened first (a sale the books
/// cannot keep is not made), the service asked once (a refusal under the method's smallest
/// amount says that amount), then the sale it made written down.
async fn create_and_record<T>(
    ctx: &Context<'_>,
    method: Option<i64>,
    create: impl std::future::Future<Output = Result<Reply<T>, ApiError>>,
    sale_of: impl FnOnce(&T) -> Sale,
) -> Result<Reply<T>, Failure> {
    let ledger = ctx.ledger()?;
    crate::collections::may_sell(ledger.clone())
        .await
        .map_err(|too_old| Failure::Local(too_old.to_string()))?;
    let catalog = &ctx.connection.catalog;
    let unknown_method = method.is_some_and(|id| catalog.find(id).is_none());
    let reply = create.await.map_err(|error| {
        let error = error.explain_minimum(catalog.min_amount(method));
        if unknown_method {
            error.explain_unknown_method()
        } else {
            error
        }
    })?;
    record_sale(ctx, ledger, sale_of(&reply.value)).await?;
    Ok(reply)
}

/// Writes a sale made from the terminal into the books exactly as a till writes its own: the
/// day's close expects it and a notification about it is known. A sale the service made but
/// the books could not keep is said, with its reference, and exits non-zero.
async fn record_sale(
    ctx: &Context<'_>,
    ledger: std::sync::Arc<Ledger>,
    sale: Sale,
) -> Result<(), Failure> {
    let now = now_ms();
    let repeatable = sale.kind.repeatable(&ctx.connection.catalog);
    let collection = Collection {
        open_until: crate::collections::open_until(repeatable, &sale.expires, now),
        reference: sale.reference,
        kind: sale.kind,
        amount: sale.amount,
        reference1: sale.reference1,
        url: sale.url,
        created_at: now,
        status: None,
        description: sale.description,
        repeatable,
        // From the terminal: no cashier, this computer.
        made_by: crate::ledger::MadeBy {
            cashier: String::new(),
            till: crate::ledger::activity::this_till(),
        },
        resource_id: Some(sale.resource_id).filter(|id| !id.is_empty()),
    };
    let profile = ctx.connection.profile_name.clone();
    let reference = collection.reference.clone();
    tokio::task::spawn_blocking(move || {
        crate::collections::record_created(&ledger, &profile, &collection)
    })
    .await
    .map_err(|error| Failure::Local(error.to_string()))?
    .map_err(|error| {
        Failure::Local(t!(
            "cli-sale-not-in-books",
            reference = reference.as_str(),
            error = error.to_string()
        ))
    })
}
