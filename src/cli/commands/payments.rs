//! Collecting: payment methods, Family A resources and checkout, payment links and payments for
//! one method.

use super::*;
use crate::api::catalog::ExtraField;
use crate::api::family_a::*;
use crate::api::family_b::*;
use crate::cli::args::*;
use crate::cli::output::{Failure, labelled};
use crate::collections::{
    Charge, ChargeError, ChargeRequest, Created, InBooks, MadeCharge, make_charge,
};
use crate::ledger::MadeBy;
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
    sell(ctx, ChargeRequest::Resource(request)).await
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
    sell(ctx, ChargeRequest::Link(request)).await
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
    sell(ctx, ChargeRequest::Method(request)).await
}

/// Every sale from the terminal is made by the one sale sequence (`collections::make_charge`), in
/// this profile's books, by nobody named at this computer. A sale the service made but the books
/// could not keep is said, with its reference, and exits non-zero.
async fn sell(ctx: &Context<'_>, request: ChargeRequest) -> Outcome {
    let books = (ctx.ledger()?, ctx.connection.profile_name.clone());
    let made_by = made_here();
    let connection = ctx.connection;
    let sale = request.own_sale(made_by.seller());
    let made = make_charge(
        &connection.client,
        &connection.catalog,
        Some(books),
        made_by,
        request,
        sale,
    )
    .await
    .map_err(|error| match error {
        ChargeError::Service(error) => Failure::Api(error),
        ChargeError::Books(too_old) => Failure::Local(too_old.to_string()),
    })?;
    let sale = kept(made)?;
    Ok(ctx.out.done(&sale.raw, || shown(&sale)))
}

/// Who makes a sale from the terminal: nobody named, at this computer's till.
pub(super) fn made_here() -> MadeBy {
    MadeBy {
        cashier: String::new(),
        till: crate::ledger::activity::this_till(),
        till_id: String::new(),
    }
}

/// The sale the service made, if the books kept it too: one they could not keep is said with
/// its reference and exits non-zero, since the money may come for a sale no book shows.
pub(super) fn kept(made: MadeCharge) -> Result<Charge, Failure> {
    if let InBooks::NotWritten(error) = made.books {
        return Err(Failure::Local(t!(
            "cli-sale-not-in-books",
            reference = made.sale.payment.reference.as_str(),
            error = error.to_string()
        )));
    }
    Ok(made.sale)
}

/// A sale as the terminal says it: what the service answered, by kind.
fn shown(sale: &Charge) -> String {
    let amount = sale
        .payment
        .amount
        .map(|a| a.to_string())
        .unwrap_or_default();
    match &sale.answer {
        Created::Link(link) => labelled(
            Some(t!("cli-link-title", amount = amount)),
            vec![
                ("URL".to_owned(), link.url.clone()),
                (t!("confirm-reference"), link.reference.clone()),
            ],
        ),
        Created::Method(payment) => labelled(
            Some(t!("cli-payment-title", amount = amount)),
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
        ),
        Created::Resource(resource) => labelled(
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
        ),
    }
}
