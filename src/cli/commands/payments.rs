//! Collecting: payment methods, Family A resources and checkout, payment links and payments for
//! one method.

use super::*;
use crate::api::catalog::ExtraField;
use crate::api::family_a::*;
use crate::api::family_b::*;
use crate::cli::args::*;
use crate::cli::output::Failure;
use crate::requests::{CashInForm, MethodPaymentForm, PaymentLinkForm, Service};

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
    let features = if let (Some(commerce_type_id), Some(city_id)) = (args.commerce_type, args.city)
    {
        ResourceFeatures::Commerce {
            commerce_type_id,
            city_id,
        }
    } else if let Some(bank_id) = args.bank {
        ResourceFeatures::BankTransfer {
            bank_id,
            type_person: args.person_type.clone().unwrap_or_default(),
            payer: Payer {
                doc_type: args
                    .doc_type
                    .clone()
                    .unwrap_or_default()
                    .to_ascii_uppercase(),
                doc_number: args.doc_number.clone().unwrap_or_default(),
                name: args.name.clone().unwrap_or_default(),
                cellphone: normalized_cellphone(args.payer_cellphone.as_deref()),
                address: args.address.clone().unwrap_or_default(),
                email: args.email.clone().unwrap_or_default(),
            },
        }
    } else if let Some(info) = &args.info {
        ResourceFeatures::Info(info.clone())
    } else {
        ResourceFeatures::None
    };
    let mut problems = Vec::new();
    let amount = optional_amount("amount", &args.amount).unwrap_or_else(|failure| {
        collect(&mut problems, failure);
        None
    });
    let tax = match &args.tax {
        Some(text) => non_negative_amount("tax", text)
            .map(Some)
            .unwrap_or_else(|failure| {
                collect(&mut problems, failure);
                None
            }),
        None => None,
    };
    let request = ResourceRequest {
        method_id: args.method,
        features,
        bill: Bill {
            amount,
            tax,
            products: Vec::new(),
            reference1: args.reference1.clone(),
            reference2: args.reference2.clone(),
            reference3: args.reference3.clone(),
        },
        description: args.description.clone(),
        cellphone: args
            .cellphone
            .as_deref()
            .map(|c| normalized_cellphone(Some(c))),
    };
    if problems.is_empty() {
        problems = request.check();
    }
    checked(problems)?;
    let reply = ctx
        .connection
        .client
        .generate_resource(&request)
        .await
        .map_err(|error| error.explain_minimum(ctx.connection.catalog.min_amount(None)))?;
    let resource = &reply.value.resource;
    Ok(ctx.out.done(&reply.raw, || {
        format!(
            "Resource {} ({})\nURL:       {}\nCode:      {}\nReference: {}\nExpires:   {}",
            resource.id.map(|id| id.to_string()).unwrap_or_default(),
            resource.kind,
            resource.url,
            resource.data,
            resource.reference,
            resource.exp_date
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
        format!("Checkout started: reference {}", reply.value.reference)
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
    let reply = ctx
        .connection
        .client
        .create_payment_link(&request)
        .await
        .map_err(|error| error.explain_minimum(ctx.connection.catalog.min_amount(None)))?;
    Ok(ctx.out.done(&reply.raw, || {
        format!(
            "Payment link for {}\nURL:       {}\nReference: {}",
            request.cash_in.amount, reply.value.url, reply.value.reference
        )
    }))
}

pub async fn charge(ctx: &Context<'_>, args: &ChargeArgs) -> Outcome {
    let catalog = &ctx.connection.catalog;
    let typed = [
        (ExtraField::Cellphone, &args.cellphone),
        (ExtraField::BankId, &args.bank),
        (ExtraField::TypePerson, &args.person_type),
        (ExtraField::DocumentType, &args.doc_type),
        (ExtraField::DocType, &args.doc_type),
        (ExtraField::DocumentNumber, &args.doc_number),
        (ExtraField::DocNumber, &args.doc_number),
        (ExtraField::Name, &args.name),
        (ExtraField::Address, &args.address),
        (ExtraField::Email, &args.email),
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
    let reply = ctx
        .connection
        .client
        .create_method_payment(&request)
        .await
        .map_err(|error| error.explain_minimum(catalog.min_amount(Some(args.method))))?;
    let payment = &reply.value;
    Ok(ctx.out.done(&reply.raw, || {
        format!(
            "Payment of {} created\nURL:       {}\nReference: {}\nResource:  {}\nExpires:   {}\nState:     {}",
            request.cash_in.amount,
            payment.url,
            payment.reference,
            payment.resource_id,
            payment.expires_at,
            payment
                .status
                .map(|id| TransactionStatus::from_id(id).to_string())
                .unwrap_or_default()
        )
    }))
}
