//! One function per operation: validate everything first (nothing is sent on bad input), call
//! the service once, print.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use serde_json::{Value, json};

use super::args::*;
use super::output::{Failure, Output};
use crate::api::catalog::ExtraField;
use crate::api::family_a::*;
use crate::api::family_b::*;
use crate::config::Paths;
use crate::connection::Connection;
use crate::money::Pesos;
use crate::payouts;
use crate::secrets::{SecretKind, SecretStore, SecretString, Stored};
use crate::validate::{self, ValidationError};

pub type Outcome = Result<ExitCode, Failure>;

fn checked(problems: Vec<ValidationError>) -> Result<(), Failure> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Input(problems))
    }
}

fn optional_amount(field: &'static str, text: &Option<String>) -> Result<Option<Pesos>, Failure> {
    text.as_deref()
        .map(|text| validate::amount(field, text))
        .transpose()
        .map_err(Failure::from)
}

/// A cost or tax may be zero, unlike an amount.
fn non_negative_amount(field: &'static str, text: &str) -> Result<Pesos, Failure> {
    if text.trim() == "0" {
        return Ok(Pesos::ZERO);
    }
    Ok(validate::amount(field, text)?)
}

pub struct Context<'a> {
    pub connection: &'a Connection,
    pub out: Output,
    pub paths: &'a Paths,
    pub secrets: &'a SecretStore,
}

impl Context<'_> {
    /// The ledger in the data folder; opened per command (it is small and the CLI is short-lived).
    fn ledger(&self) -> Result<std::sync::Arc<crate::ledger::Ledger>, Failure> {
        crate::ledger::Ledger::in_folder(&self.paths.data_dir)
            .map(std::sync::Arc::new)
            .map_err(|error| Failure::Local(error.to_string()))
    }

    fn user_id(&self, flag: Option<i64>) -> Result<i64, Failure> {
        flag.or(self.connection.user_id).ok_or_else(|| {
            Failure::from(ValidationError::new(
                "user-id",
                "give --user-id, set PAYDESK_USER_ID, or add user_id to the profile",
            ))
        })
    }
}

pub async fn register(ctx: &Context<'_>, args: &RegisterArgs) -> Outcome {
    let (password, confirmation) = read_password()?;
    let registration = Registration {
        register_type: args.register_type.clone(),
        password,
        verify_password: confirmation,
        email: args.email.clone(),
        cellphone: validate::cellphone("cellphone", &args.cellphone)
            .unwrap_or_else(|_| args.cellphone.clone()),
        doc_type: args.doc_type.trim().to_ascii_uppercase(),
        doc_number: args.doc_number.clone(),
        name: args.name.clone(),
        referred: args.referred,
        city_id: args.city,
        state_id: args.state,
        commerce_type_id: args.commerce_type,
    };
    checked(registration.check())?;
    let reply = ctx.connection.client.register(&registration).await?;
    let user = &reply.value.user;
    let stored = crate::connection::save_credentials(
        ctx.paths,
        ctx.secrets,
        &ctx.connection.profile_name,
        &[(SecretKind::ApiToken, user.token.clone())],
        user.id,
    )?
    .into_iter()
    .next()
    .unwrap_or(Stored::Keyring);
    let note = match &stored {
        Stored::Keyring => "(stored in the system keyring)".to_owned(),
        Stored::MemoryOnly { reason } => format!("(not stored: {reason})"),
    };
    let mut document = reply.raw.clone();
    if let Some(token) = document.pointer_mut("/User/token") {
        *token = json!(note);
    }
    // Without a keyring the token would be lost; show it once, to a person at a terminal only.
    let show_once = matches!(stored, Stored::MemoryOnly { .. })
        && !ctx.out.json
        && std::io::stdout().is_terminal();
    Ok(ctx.out.done(&document, || {
        let mut text = format!(
            "Registered {} ({}), environment {}\nAPI token {note}",
            user.name, user.email, user.env
        );
        if show_once {
            text.push_str(&format!(
                "\nThe system keyring is not available, so the token is shown once. Keep it safe:\n  {}",
                user.token.expose()
            ));
        }
        text
    }))
}

/// From the terminal without echo (asked twice), or two lines on a pipe (the second, the
/// confirmation, may be left out).
fn read_password() -> Result<(SecretString, SecretString), Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let ask = |prompt: &str| {
            rpassword::prompt_password(prompt)
                .map(SecretString::new)
                .map_err(|error| Failure::Local(format!("Could not read the password: {error}")))
        };
        let password = ask("Password: ")?;
        let confirmation = ask("Password again: ")?;
        return Ok((password, confirmation));
    }
    let mut lines = stdin.lock().lines();
    let mut next = || {
        lines
            .next()
            .transpose()
            .map_err(|error| Failure::Local(format!("Could not read the password: {error}")))
            .map(|line| line.map(|l| l.trim_end_matches('\r').to_owned()))
    };
    let password = next()?.unwrap_or_default();
    let confirmation = next()?.unwrap_or_else(|| password.clone());
    Ok((SecretString::new(password), SecretString::new(confirmation)))
}

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

fn collect(problems: &mut Vec<ValidationError>, failure: Failure) {
    if let Failure::Input(more) = failure {
        problems.extend(more);
    }
}

/// The 10-digit form when the number is valid; as typed otherwise (validation reports it).
fn normalized_cellphone(text: Option<&str>) -> String {
    let text = text.unwrap_or_default();
    validate::cellphone("cellphone", text).unwrap_or_else(|_| text.to_owned())
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

fn describe_status(record: &StatusRecord) -> String {
    let mut lines = vec![
        format!("State:     {}", record.status),
        format!(
            "Amount:    {}",
            record
                .amount_pesos()
                .map(|p| p.to_string())
                .unwrap_or_else(|| record.amount.clone())
        ),
        format!(
            "Cost:      {}",
            record
                .cost_pesos()
                .map(|p| p.to_string())
                .unwrap_or_else(|| record.cost.clone())
        ),
        format!("Date:      {}", record.date),
    ];
    if let Some(method) = &record.payment_method {
        lines.push(format!("Method:    {method}"));
    }
    if !record.provider_reference.is_empty() {
        lines.push(format!("Provider:  {}", record.provider_reference));
    }
    lines.join("\n")
}

pub async fn status(ctx: &Context<'_>, reference: &str, wait: bool, wait_limit: u64) -> Outcome {
    let reference = validate::required("reference", reference)?;
    let client = &ctx.connection.client;
    let mut reply = client.payment_status(&reference).await?;
    if wait && !reply.value.status.is_final() {
        let mut last = reply.value.status;
        ctx.out.note(format!("{reference}: {last}"));
        let following = crate::follow::Following::start(Some(Duration::from_secs(wait_limit)));
        while !reply.value.status.is_final() {
            if !following.wait().await {
                return Err(Failure::Local(format!(
                    "{reference} is still {last} after {wait_limit} s; check again later"
                )));
            }
            reply = match client.payment_status(&reference).await {
                Ok(answer) => answer,
                // A passing network failure is not the answer: keep asking until the limit.
                Err(error) if error.is_network() => {
                    ctx.out.note(format!("{error}; trying again"));
                    continue;
                }
                Err(error) => return Err(error.into()),
            };
            if reply.value.status != last {
                last = reply.value.status;
                ctx.out.note(format!("{reference}: {last}"));
            }
        }
    }
    Ok(ctx.out.done(&reply.raw, || describe_status(&reply.value)))
}

pub async fn banks(ctx: &Context<'_>, method_id: i64) -> Outcome {
    validate::positive_id("method", method_id)?;
    let reply = ctx.connection.client.payment_features(method_id).await?;
    Ok(ctx.out.done(&reply.raw, || {
        let lines: Vec<String> = reply
            .value
            .real_banks()
            .map(|bank| format!("{:>6}  {}", bank.id, bank.name))
            .collect();
        if lines.is_empty() {
            "This method has no bank list".into()
        } else {
            lines.join("\n")
        }
    }))
}

pub async fn instant_banks(ctx: &Context<'_>, cellphone: &str) -> Outcome {
    let cellphone = validate::cellphone("cellphone", cellphone)?;
    let reply = ctx.connection.client.instant_banks(&cellphone).await?;
    Ok(ctx.out.done(&reply.raw, || {
        if reply.value.banks.is_empty() {
            format!(
                "No banks are linked to {}",
                validate::group_cellphone(&cellphone)
            )
        } else {
            reply
                .value
                .banks
                .iter()
                .map(|bank| format!("{}  {}", bank.name, bank.bank_account_number))
                .collect::<Vec<_>>()
                .join("\n")
        }
    }))
}

pub async fn otp(ctx: &Context<'_>, reason: i64) -> Outcome {
    validate::otp_reason(reason)?;
    let reply = ctx.connection.client.request_otp(reason).await?;
    let words = OTP_REASONS
        .iter()
        .find(|(id, _)| *id == reason)
        .map(|(_, words)| *words)
        .unwrap_or_default();
    Ok(ctx.out.done(&reply.raw, || {
        format!("A one-time code for \"{words}\" was sent to the merchant's phone")
    }))
}

pub async fn account(ctx: &Context<'_>, command: &AccountCommand) -> Outcome {
    match command {
        AccountCommand::Add {
            number,
            otp,
            bank,
            account_type,
        } => {
            let account = NewBankAccount {
                number: number.clone(),
                otp: otp.clone(),
                bank_id: *bank,
                type_id: *account_type,
            };
            checked(account.check())?;
            let reply = ctx.connection.client.add_account(&account).await?;
            let added = &reply.value.account;
            Ok(ctx.out.done(&reply.raw, || {
                format!(
                    "Bank account {} added (id {})",
                    added.number,
                    added.id.map(|id| id.to_string()).unwrap_or_default()
                )
            }))
        }
        AccountCommand::Delete { id, otp } => {
            validate::positive_id("id", *id)?;
            let otp = otp.as_deref().map(validate::otp_code).transpose()?;
            let reply = ctx
                .connection
                .client
                .delete_account(*id, otp.as_deref())
                .await?;
            Ok(ctx
                .out
                .done(&reply.raw, || format!("Bank account {id} deleted")))
        }
    }
}

pub async fn payout(ctx: &Context<'_>, args: &PayoutArgs) -> Outcome {
    let mut problems = Vec::new();
    let amount = validate::amount("amount", &args.amount)
        .map_err(|e| problems.push(e))
        .ok();
    let method_id = args.method.unwrap_or(if args.key.is_some() {
        BREB_WITHDRAW_METHOD
    } else {
        245
    });
    let destination = match (&args.key, &args.cellphone) {
        (Some(key), _) if method_id == BREB_WITHDRAW_METHOD => validate::breb_key("key", key),
        (Some(_), _) => Err(ValidationError::new(
            "key",
            "a Bre-B key goes with method 264; use --cellphone for this method",
        )),
        (None, _) if method_id == BREB_WITHDRAW_METHOD => Err(ValidationError::new(
            "key",
            "method 264 sends to a Bre-B key: give --key, like @TIENDA123",
        )),
        (None, cellphone) => validate::cellphone("cellphone", cellphone.as_deref().unwrap_or("")),
    }
    .map_err(|e| problems.push(e))
    .ok();
    let webhook_request = match &args.webhook_url {
        Some(text) => {
            validate::webhook_url("webhookRequest", text, ctx.connection.client.pay_url())
                .map_err(|e| problems.push(e))
                .ok()
        }
        None => ctx.connection.default_webhook_url().and_then(|text| {
            validate::webhook_url("webhookRequest", &text, ctx.connection.client.pay_url()).ok()
        }),
    };
    checked(problems)?;
    let (Some(amount), Some(destination)) = (amount, destination) else {
        return Err(Failure::Local("the request could not be built".into()));
    };
    let request = WithdrawRequest {
        amount,
        reference1: args.reference1.trim().to_owned(),
        webhook_request,
        method_id,
        destination,
        bank_name: args.bank_name.clone(),
    };
    checked(request.check())?;
    let ledger = ctx.ledger()?;
    let client = &ctx.connection.client;
    let plan = payouts::prepare(
        ledger.clone(),
        client,
        &ctx.connection.profile_name,
        ctx.connection.user_id,
        request,
    )
    .await
    .map_err(payout_failure)?;
    let repeat_confirmed = if args.yes {
        if plan.similar.is_some() && !args.allow_repeat {
            let warning = plan
                .similar
                .as_ref()
                .map(|previous| {
                    payouts::PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
                        .to_string()
                })
                .unwrap_or_default();
            return Err(Failure::NotConfirmed(format!(
                "{warning}. Not sent: add --allow-repeat to send it anyway"
            )));
        }
        plan.similar.is_some()
    } else {
        confirm_payout(ctx, &plan)?;
        plan.similar.is_some()
    };
    let record = payouts::send(ledger, client, &plan, repeat_confirmed)
        .await
        .map_err(payout_failure)?;
    let document: Value = record
        .withdraw_json
        .as_deref()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null);
    Ok(ctx.out.done(&document, || {
        format!(
            "Payout of {} to {} sent\nReference:        {}\nStatus reference: {}",
            record.amount,
            validate::group_cellphone(&record.destination),
            record.reference1,
            record
                .transaction_reference
                .as_deref()
                .unwrap_or("(none given)")
        )
    }))
}

/// Rule refusals are bad input (nothing was sent); the service's answers keep their codes.
fn payout_failure(error: payouts::PayoutError) -> Failure {
    use payouts::PayoutError as E;
    match error {
        E::Invalid(problems) => Failure::Input(problems),
        E::Api(api) => Failure::Api(api),
        E::TooSoon { .. } | E::InsufficientBalance { .. } | E::ReferenceUsed(_) => {
            let field = match &error {
                E::TooSoon { .. } => "spacing",
                E::InsufficientBalance { .. } => "amount",
                _ => "reference1",
            };
            Failure::Input(vec![ValidationError::new(field, error.to_string())])
        }
        E::NeedsDuplicateConfirmation(_) | E::NotResendable(_) | E::NoStatusReference => {
            Failure::NotConfirmed(error.to_string())
        }
        E::Ledger(_) | E::Internal(_) => Failure::Local(error.to_string()),
    }
}

/// Repeats the amount, the number (grouped for reading) and the method, warns about a recent
/// identical payout, then asks on the terminal. With no terminal, refuses: money never moves
/// on a guess.
fn confirm_payout(ctx: &Context<'_>, plan: &payouts::PayoutPlan) -> Result<(), Failure> {
    let mut summary = plan.summary();
    if ctx.connection.environment().moves_real_money() {
        summary.push_str(" — REAL MONEY");
    }
    if let Some(balance) = plan.balance {
        summary.push_str(&format!(" (disbursement balance {balance})"));
    }
    summary.push('?');
    if let Some(previous) = &plan.similar {
        summary = format!(
            "{}\n{summary}",
            payouts::PayoutError::NeedsDuplicateConfirmation(Box::new(previous.clone()))
        );
    }
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(Failure::NotConfirmed(format!(
            "{summary} Not sent: there is no terminal to confirm on. Add --yes to send without asking"
        )));
    }
    let mut stderr = std::io::stderr().lock();
    let _ = write!(stderr, "{summary}\nType yes to send: ");
    let _ = stderr.flush();
    let mut answer = String::new();
    stdin
        .lock()
        .read_line(&mut answer)
        .map_err(|error| Failure::Local(format!("Could not read the answer: {error}")))?;
    match answer.trim().to_lowercase().as_str() {
        "yes" | "y" | "si" | "sí" => Ok(()),
        _ => Err(Failure::NotConfirmed("Not sent".into())),
    }
}

pub async fn payouts(ctx: &Context<'_>, check: Option<&str>, limit: usize) -> Outcome {
    let ledger = ctx.ledger()?;
    let profile = ctx.connection.profile_name.clone();
    if let Some(reference1) = check {
        let found = {
            let ledger = ledger.clone();
            let reference1 = reference1.to_owned();
            let profile = profile.clone();
            tokio::task::spawn_blocking(move || ledger.payout_by_reference(&profile, &reference1))
                .await
                .map_err(|e| Failure::Local(e.to_string()))?
                .map_err(|e| Failure::Local(e.to_string()))?
        };
        let Some(record) = found else {
            return Err(Failure::Input(vec![ValidationError::new(
                "check",
                format!("no payout with reference {reference1} in this computer's journal"),
            )]));
        };
        let record = payouts::check(ledger, &ctx.connection.client, &record)
            .await
            .map_err(payout_failure)?;
        return Ok(ctx
            .out
            .done(&payout_json(&record), || describe_payout(&record)));
    }
    let records = tokio::task::spawn_blocking(move || ledger.payouts(&profile, limit))
        .await
        .map_err(|e| Failure::Local(e.to_string()))?
        .map_err(|e| Failure::Local(e.to_string()))?;
    let document = Value::Array(records.iter().map(payout_json).collect());
    Ok(ctx.out.done(&document, || {
        if records.is_empty() {
            "No payouts yet".into()
        } else {
            records
                .iter()
                .map(describe_payout)
                .collect::<Vec<_>>()
                .join("\n")
        }
    }))
}

fn payout_json(record: &crate::ledger::PayoutRecord) -> Value {
    json!({
        "reference1": record.reference1,
        "amount": record.amount.get(),
        "cellphone": record.destination,
        "method": record.method_id,
        "state": record.state.as_str(),
        "transactionReference": record.transaction_reference,
        "serviceStatus": record.service_status,
        "errorCode": record.error_code,
        "errorMessage": record.error_message,
        "createdAt": record.created_at,
    })
}

fn describe_payout(record: &crate::ledger::PayoutRecord) -> String {
    format!(
        "{:<20} {:>14} to {}  {}{}",
        record.reference1,
        record.amount.to_string(),
        validate::group_cellphone(&record.destination),
        record.state.words(),
        record
            .error_message
            .as_deref()
            .map(|m| format!(" ({m})"))
            .unwrap_or_default()
    )
}

pub async fn balance(ctx: &Context<'_>, user_id: Option<i64>) -> Outcome {
    let user_id = ctx.user_id(user_id)?;
    let reply = ctx.connection.client.balance(user_id).await?;
    let balance = &reply.value;
    Ok(ctx.out.done(&reply.raw, || {
        let disbursement = balance.disbursement_bag().map(|bag| bag.bag.clone());
        let mut lines: Vec<String> = balance
            .bags
            .iter()
            .map(|bag| {
                let amount = bag
                    .pesos()
                    .map(|p| p.to_string())
                    .unwrap_or_else(|| bag.amount.clone());
                let marker = if Some(&bag.bag) == disbursement.as_ref() {
                    "  (pays payouts)"
                } else {
                    ""
                };
                format!("{:<28} {:>18}{marker}", bag.bag, amount)
            })
            .collect();
        lines.push(format!("As of {}", balance.date));
        lines.join("\n")
    }))
}

pub async fn notify(ctx: &Context<'_>, args: &NotifyArgs) -> Outcome {
    let mut problems = Vec::new();
    let amount = validate::amount("amount", &args.amount)
        .map_err(|e| problems.push(e))
        .ok();
    let cost = non_negative_amount("cost", &args.cost)
        .map_err(|failure| collect(&mut problems, failure))
        .ok();
    checked(problems)?;
    let (Some(amount), Some(cost)) = (amount, cost) else {
        return Err(Failure::Local("the request could not be built".into()));
    };
    let simulation = NotifySimulation {
        transaction_id: args.transaction_id,
        amount,
        cost,
        status_id: args.status,
        status_description: None,
        resource_id: args.resource_id,
        reference1: args.reference1.clone(),
    };
    checked(simulation.check())?;
    let reply = ctx
        .connection
        .client
        .simulate_notification(&simulation)
        .await?;
    Ok(ctx.out.done(&reply.raw, || {
        format!(
            "Notification for transaction {} requested (status {})",
            args.transaction_id,
            TransactionStatus::from_id(args.status)
        )
    }))
}

/// For `--json` outputs that have no service data of their own.
pub fn document(pairs: &[(&str, String)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(key, value)| ((*key).to_owned(), json!(value)))
            .collect(),
    )
}

/// `paydesk webhooks serve`: the receiver without the app, until Ctrl-C or SIGTERM.
pub async fn serve_webhooks(ctx: &Context<'_>, addr: std::net::SocketAddr) -> Outcome {
    use crate::webhook::{Confirmer, Receiver, ReceiverConfig};
    let Some(hash_key) = ctx.connection.hash_key.clone() else {
        return Err(Failure::Input(vec![ValidationError::new(
            "HASH_KEY",
            "no webhook key is set up: every notification would be refused. Set PAYDESK_HASH_KEY or save it in Settings",
        )]));
    };
    let ledger = ctx.ledger()?;
    let receiver = Receiver::start(
        ReceiverConfig {
            addr,
            hash_key: Some(hash_key),
        },
        ledger,
        Some(Confirmer {
            client: ctx.connection.client.clone(),
            profile: ctx.connection.profile_name.clone(),
        }),
        None,
    )
    .await
    .map_err(|error| Failure::Local(format!("Could not listen on {addr}: {error}")))?;
    let url = receiver.url();
    ctx.out.done(&json!({"url": url}), || {
        format!("Receiving notifications at {url}")
    });
    ctx.out
        .note("Press Ctrl-C to stop; requests in flight are finished first.");
    wait_for_stop().await;
    receiver.shutdown().await;
    ctx.out.note("Stopped.");
    Ok(ExitCode::SUCCESS)
}

async fn wait_for_stop() {
    #[cfg(unix)]
    {
        let mut terminate =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(signal) => signal,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `paydesk webhooks verify FILE`: 0 valid, 1 the signature does not match, 2 not a
/// notification or no key.
pub fn verify_webhook(ctx: &Context<'_>, file: &std::path::Path) -> Outcome {
    use crate::webhook::{Notification, Verdict};
    let body = std::fs::read(file).map_err(|error| {
        Failure::Input(vec![ValidationError::new(
            "file",
            format!("could not read {}: {error}", file.display()),
        )])
    })?;
    let notification = Notification::parse(&body)
        .map_err(|error| Failure::Input(vec![ValidationError::new("file", error.to_string())]))?;
    let key = ctx
        .connection
        .hash_key
        .as_ref()
        .map(|k| k.expose().to_owned())
        .unwrap_or_default();
    let verdict = notification.verify(&key);
    let document = json!({
        "valid": verdict == Verdict::Valid,
        "reason": verdict.reason(),
        "referenceId": notification.reference_id,
        "status": notification.status,
        "amount": notification.amount_text,
        "gross": notification.gross.map(Pesos::get),
        "cost": notification.fee.map(Pesos::get),
        "net": notification.net.map(Pesos::get),
        "figuresAddUp": notification.figures().add_up(),
    });
    match verdict {
        Verdict::Valid => Ok(ctx.out.done(&document, || {
            let figures = notification.figures().completed();
            let shown =
                |value: Option<Pesos>| value.map_or_else(|| "?".to_owned(), |p| p.to_string());
            format!(
                "Valid signature: {} {}; paid by the customer {}, fee {}, you receive {}{}",
                notification.reference_id,
                crate::ledger::reconcile::notified_words(notification.status),
                shown(figures.gross),
                shown(figures.fee),
                shown(figures.net),
                if figures.add_up() {
                    ""
                } else {
                    " (these do not add up)"
                }
            )
        })),
        Verdict::NoKey => Err(Failure::Input(vec![ValidationError::new(
            "HASH_KEY",
            verdict.reason(),
        )])),
        Verdict::Invalid | Verdict::Missing => {
            ctx.out
                .done(&document, || format!("NOT valid: {}", verdict.reason()));
            Ok(ExitCode::from(1))
        }
    }
}

/// `paydesk ledger export`.
pub async fn export_ledger(
    ctx: &Context<'_>,
    from: Option<&str>,
    to: Option<&str>,
    file: &std::path::Path,
) -> Outcome {
    use crate::ledger::reconcile;
    let date = |field: &'static str, text: Option<&str>| match text {
        None => Ok(reconcile::today()),
        Some(text) => reconcile::parse_date(text).ok_or_else(|| {
            ValidationError::new(field, format!("write the date as YYYY-MM-DD, not {text:?}"))
        }),
    };
    let mut problems = Vec::new();
    let from_date = date("from", from).map_err(|e| problems.push(e)).ok();
    let to_date = date("to", to.or(from)).map_err(|e| problems.push(e)).ok();
    if let (Some(start), Some(end)) = (from_date, to_date)
        && start > end
    {
        problems.push(ValidationError::new("to", "the end is before the start"));
    }
    checked(problems)?;
    let (Some(from_date), Some(to_date)) = (from_date, to_date) else {
        return Err(Failure::Local("the dates could not be read".into()));
    };
    let ledger = ctx.ledger()?;
    let path = file.to_owned();
    let written = tokio::task::spawn_blocking(move || -> Result<usize, String> {
        let out = std::fs::File::create(&path)
            .map_err(|e| format!("could not create {}: {e}", path.display()))?;
        ledger
            .export_csv(None, from_date, to_date, std::io::BufWriter::new(out))
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| Failure::Local(e.to_string()))?
    .map_err(Failure::Local)?;
    let document = json!({"file": file.display().to_string(), "rows": written});
    Ok(ctx.out.done(&document, || {
        format!("{written} rows written to {}", file.display())
    }))
}
