//! Which function runs each command that talks to the service: one arm per command, no
//! catch-all, so a new command does not build until it is given one.

use super::*;
use crate::cli::args::TabCommand;

/// Runs an operation that talks to the service (the local ones are `run_local`'s).
pub async fn run(ctx: &Context<'_>, command: &Command) -> Outcome {
    match command {
        Command::Register(args) => register(ctx, args).await,
        Command::Login(args) => login(ctx, args).await,
        Command::Methods {
            method_type,
            user_id,
        } => methods(ctx, method_type, *user_id).await,
        Command::Resource(args) => resource(ctx, args).await,
        Command::Checkout(args) => checkout(ctx, args).await,
        Command::Link(args) => link(ctx, args).await,
        Command::Charge(args) => charge(ctx, args).await,
        Command::Status {
            reference,
            wait,
            wait_limit,
        } => status(ctx, reference, *wait, *wait_limit).await,
        Command::Banks { method_id } => banks(ctx, *method_id).await,
        Command::InstantBanks { cellphone } => instant_banks(ctx, cellphone).await,
        Command::Otp { reason } => otp(ctx, *reason).await,
        Command::Account(command) => account(ctx, command).await,
        Command::Payout(args) => payout(ctx, args).await,
        Command::Refund(args) => refund(ctx, args).await,
        Command::Balance { user_id } => balance(ctx, *user_id).await,
        Command::Payouts { check, limit } => payouts(ctx, check.as_deref(), *limit).await,
        Command::Webhooks(WebhooksCommand::Serve { addr }) => serve_webhooks(ctx, *addr).await,
        Command::Webhooks(WebhooksCommand::Verify { file }) => verify_webhook(ctx, file),
        Command::Ledger(command) => run_ledger(ctx, command).await,
        // Here when a part is made at the service; otherwise `run_local`, with the line down.
        Command::Sell(args) => sell_from_terminal(&seller(ctx), args).await,
        Command::Sale(args) if args.again.is_asked() => {
            charge_again_from_terminal(&seller(ctx), args).await
        }
        Command::Sale(args) => show_sale(&ctx.local(), ctx.out, &args.number).await,
        Command::Sales { from, to } => {
            list_sales(&ctx.local(), ctx.out, from.as_deref(), to.as_deref()).await
        }
        Command::Customer(CustomerCommand::Forget {
            cellphone,
            document,
            email,
        }) => {
            forget_customer(
                ctx,
                cellphone.as_deref(),
                document.as_deref(),
                email.as_deref(),
            )
            .await
        }
        Command::Profile(ProfileCommand::Check) => check_profile(ctx).await,
        Command::Notify(args) => notify(ctx, args).await,
        Command::Print(command) => print(ctx, command).await,
        Command::Tab(TabCommand::Link {
            id,
            amount,
            expires_in,
        }) => tab_link(ctx, *id, amount.as_deref(), *expires_in).await,
        // Not the service's: `run_local`, or before any profile is read.
        Command::Simulator { .. }
        | Command::Profile(_)
        | Command::Pin(_)
        | Command::Cashier(_)
        | Command::Cash(_)
        | Command::Tab(_)
        | Command::Manpage
        | Command::Update(_)
        | Command::ForgetThisComputer { .. } => Ok(ExitCode::SUCCESS),
    }
}

/// Who sells from this command, with the service to make a QR or a link.
fn seller<'a>(ctx: &'a Context<'_>) -> Seller<'a> {
    Seller {
        local: ctx.local(),
        connection: Some(ctx.connection),
        actor: ctx.actor.clone(),
        out: ctx.out,
    }
}

async fn run_ledger(ctx: &Context<'_>, command: &LedgerCommand) -> Outcome {
    match command {
        LedgerCommand::Export {
            from,
            to,
            csv,
            all_profiles,
        } => export_ledger(ctx, from.as_deref(), to.as_deref(), csv, *all_profiles).await,
        LedgerCommand::Watch => watch_ledger(ctx).await,
        LedgerCommand::Backup { to } => backup_ledger(ctx, to.as_deref()).await,
        LedgerCommand::Restore { file, newest, yes } => {
            restore_ledger(ctx, file.as_deref(), *newest, *yes).await
        }
        LedgerCommand::Close { from, to } => {
            close_ledger(ctx, from.as_deref(), to.as_deref()).await
        }
    }
}
