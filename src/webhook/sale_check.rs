//! Checking a sale's notifications with the service. A notification reaches one of the profile's
//! charges (a sale's link, method or QR, a counter code, a tab's collection) by the reference it
//! names, or else by its resource; the service is asked about that charge by its own reference,
//! the answer is applied to the books (the one door money comes through), and each notification
//! is marked as it belongs to that charge (`belongs`) and as the answer bears it out.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::belongs::{Said, belongs};
use super::checked::{Check, agrees, blocking, failed_check, record_checks};
use crate::api::Client;
use crate::api::notification::Notification;
use crate::collections::apply_answer;
use crate::ledger::{CheckState, Collection, Ledger, LedgerError, now_ms};

type Batch = Vec<(i64, Notification)>;

/// Checks notifications that name one reference: each charge they reach is asked about once.
/// Only this profile's own charges are asked about: a notification of anything else never makes
/// the receiver question the service.
pub(super) async fn check_payment(
    client: &Client,
    ledger: Arc<Ledger>,
    profile: String,
    reference: &str,
    batch: &[(i64, Notification)],
) -> Check {
    let groups = {
        let (ledger, profile, reference) = (ledger.clone(), profile.clone(), reference.to_owned());
        let batch = batch.to_vec();
        blocking(move || reached(&ledger, &profile, &reference, batch)).await
    };
    let Some(groups) = groups else {
        return Check::default();
    };
    let grouped: HashSet<i64> = groups
        .iter()
        .flat_map(|(_, group)| group.iter().map(|(id, _)| *id))
        .collect();
    let mut check = Check::not_yet(
        &batch
            .iter()
            .filter(|(id, _)| !grouped.contains(id))
            .cloned()
            .collect::<Batch>(),
    );
    for (charge, group) in groups {
        check.join(check_charge(client, ledger.clone(), &profile, charge, &group).await);
    }
    check
}

/// The charges a batch reaches: the one its reference names, or else the one each
/// notification's resource was created under (the current interface's notifications may name
/// only the resource; its plugin matches so). What reaches none is left out.
fn reached(
    ledger: &Ledger,
    profile: &str,
    reference: &str,
    batch: Batch,
) -> Result<Vec<(Collection, Batch)>, LedgerError> {
    if let Some(charge) = ledger.collection_by_reference(profile, reference)? {
        return Ok(vec![(charge, batch)]);
    }
    let mut groups: Vec<(Collection, Batch)> = Vec::new();
    let mut by_resource: HashMap<String, Option<usize>> = HashMap::new();
    for (id, notification) in batch {
        let slot = match by_resource.get(&notification.resource_id) {
            Some(slot) => *slot,
            None => {
                let slot = ledger
                    .collection_by_resource(profile, &notification.resource_id)?
                    .map(|charge| {
                        groups.push((charge, Vec::new()));
                        groups.len() - 1
                    });
                by_resource.insert(notification.resource_id.clone(), slot);
                slot
            }
        };
        if let Some((_, group)) = slot.and_then(|slot| groups.get_mut(slot)) {
            group.push((id, notification));
        }
    }
    Ok(groups)
}

/// Asks about one charge once, by its own reference, and applies the answer to the books (only
/// with the answer's figures). Each notification that reached it is confirmed only when it
/// belongs to it and the answer bears its state out; one that does not belong is only said so,
/// and the charge's state stays the service's whatever the notification says.
async fn check_charge(
    client: &Client,
    ledger: Arc<Ledger>,
    profile: &str,
    charge: Collection,
    batch: &[(i64, Notification)],
) -> Check {
    let asked_at = now_ms();
    let answer = match client.payment_status(&charge.reference).await {
        Ok(reply) => reply.value,
        Err(error) => {
            // The service's message is outside text too.
            tracing::info!(error = %crate::untrusted::ForLog(&error.to_string()), "could not check a notification with the service");
            return failed_check(ledger, batch, &error).await;
        }
    };
    let applied = {
        let (ledger, answer, charge) = (ledger.clone(), answer.clone(), charge.clone());
        let profile = profile.to_owned();
        blocking(move || {
            let applied = apply_answer(&ledger, &profile, &charge, &answer, asked_at, now_ms())?;
            // A counter code's answer names only its latest payer's payment; the others it took
            // are in the books as the service confirmed them.
            let payments = if charge.repeatable {
                ledger.received_of(&profile, &charge.reference)?
            } else {
                Vec::new()
            };
            Ok((applied, payments))
        })
        .await
    };
    let Some((applied, payments)) = applied else {
        return Check::default();
    };
    let said = Said {
        asked: &charge.reference,
        answer: &answer,
        repeatable: charge.repeatable,
        payments: &payments,
    };
    let checked = record_checks(ledger, batch, |notification| {
        match belongs(notification, &said) {
            Some(service) if agrees(notification.status, service) => {
                (CheckState::Confirmed, Some(service))
            }
            Some(service) => (CheckState::Disagrees, Some(service)),
            None => (CheckState::NotItsSale, Some(answer.status)),
        }
    })
    .await;
    // Whoever hears of the check (a till's list) learns the state the books hold, which a later
    // answer may contradict but never moves (the notification keeps what the service said); one
    // that belongs to the charge is told under the charge's reference, the one a till follows.
    Check::done(
        checked
            .into_iter()
            .map(|(id, reference, state, _)| {
                let reference = if state == CheckState::NotItsSale {
                    reference
                } else {
                    charge.reference.clone()
                };
                (id, reference, state, Some(applied.status))
            })
            .collect(),
    )
}
