//! Collecting: payment methods, Family A resources and checkout, payment links and payments for
//! one method.

use super::*;
use crate::api::catalog::ExtraField;
use crate::api::family_a::*;
use crate::api::family_b::*;
use crate::cli::args::*;
use crate::cli::output::Failure;
use crate::validate::{self, ValidationError};

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

fn cash_in(
    ctx: &Context<'_>,
    args: &CashInArgs,
    problems: &mut Vec<ValidationError>,
) -> Option<CashIn> {
    let amount = validate::amount("amount", &args.amount)
        .map_err(|e| problems.push(e))
        .ok();
    let webhook_text = args
        .webhook_url
        .clone()
        .or_else(|| ctx.connection.default_webhook_url());
    let webhook_url = match webhook_text {
        Some(text) => validate::webhook_url("webhookUrl", &text, ctx.connection.client.pay_url())
            .map_err(|e| problems.push(e))
            .ok(),
        None => {
            problems.push(ValidationError::new(
                "webhookUrl",
                "give --webhook-url or set a default webhook URL in the profile",
            ));
            None
        }
    };
    let return_url = match &args.return_url {
        Some(text) => match validate::web_url("returnUrl", text) {
            Ok(url) => Some(url),
            Err(error) => {
                problems.push(error);
                None
            }
        },
        None => None,
    };
    let mut reference2 = Reference2::default();
    for (field, source, target) in [
        ("label", &args.labels, &mut reference2.label),
        ("data", &args.data, &mut reference2.data),
    ] {
        for pair in source {
            match validate::key_value(field, pair) {
                Ok(pair) => target.push(pair),
                Err(error) => problems.push(error),
            }
        }
    }
    let reference1 = validate::reference1(&args.reference1)
        .map_err(|e| problems.push(e))
        .ok();
    Some(CashIn {
        amount: amount?,
        reference1: reference1?,
        webhook_url: webhook_url?,
        return_url,
        expires_in: args.expires_in,
        brand_id: args.brand_id.unwrap_or(ctx.connection.profile.brand_id),
        show_summary: args.show_summary,
        reference2,
    })
}

pub async fn link(ctx: &Context<'_>, args: &LinkArgs) -> Outcome {
    let mut problems = Vec::new();
    let cash_in = cash_in(ctx, &args.cash_in, &mut problems);
    checked(problems)?;
    let Some(cash_in) = cash_in else {
        return Err(Failure::Local("the request could not be built".into()));
    };
    let request = PaymentLinkRequest { cash_in };
    checked(request.check(&ctx.connection.catalog))?;
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
    let mut problems = Vec::new();
    let cash_in = cash_in(ctx, &args.cash_in, &mut problems);
    let catalog = &ctx.connection.catalog;
    let mut extras = Vec::new();
    for (field, _) in catalog.fields(args.method) {
        let value = match field {
            ExtraField::Cellphone => args
                .cellphone
                .as_deref()
                .map(|c| normalized_cellphone(Some(c))),
            ExtraField::BankId => args.bank.clone(),
            ExtraField::TypePerson => args
                .person_type
                .as_deref()
                .map(|typed| catalog.person_type_code(typed)),
            ExtraField::DocumentType | ExtraField::DocType => args
                .doc_type
                .as_ref()
                .map(|d| d.trim().to_ascii_uppercase()),
            ExtraField::DocumentNumber | ExtraField::DocNumber => args.doc_number.clone(),
            ExtraField::Name => args.name.clone(),
            ExtraField::Address => args.address.clone(),
            ExtraField::Email => args.email.clone(),
            ExtraField::MerchantId => args
                .merchant_id
                .clone()
                .or_else(|| ctx.connection.profile.merchant_id.clone()),
            ExtraField::WhatsappAccountId => args.whatsapp_account.clone(),
            ExtraField::Description => args.description.clone(),
        };
        extras.push((field, value.unwrap_or_default()));
    }
    // An id the catalog does not know gets no extras, but a cellphone given is still sent.
    if ctx.connection.catalog.find(args.method).is_none()
        && let Some(cellphone) = &args.cellphone
    {
        extras.push((ExtraField::Cellphone, normalized_cellphone(Some(cellphone))));
    }
    checked(problems)?;
    let Some(cash_in) = cash_in else {
        return Err(Failure::Local("the request could not be built".into()));
    };
    let request = PaymentMethodRequest {
        cash_in,
        method_id: args.method,
        extras,
    };
    checked(request.check(catalog))?;
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
