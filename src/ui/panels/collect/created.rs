//! What a shop owner sees once a payment exists: the amount, a large QR rendered locally, the
//! link to copy, "Save QR as PNG", and "Show to customer".

use crate::ui::plumbing::queue::Queue;
use egui::{RichText, Ui};

use crate::t;

use crate::api::kind::PaymentKind;
use crate::money::Pesos;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::widgets::qr::QrTexture;
use crate::ui::widgets::status;

use super::view::{CollectCommand, CollectView};
use crate::ui::customer::CreatedPayment;

#[derive(Default)]
pub struct CreatedView {
    qr: QrTexture,
    /// The PNG written on the blocking pool, and where it went.
    pub(super) saved: Requested<std::path::PathBuf>,
    /// «Abrir carpeta» beside where it went.
    pub(super) opener: crate::ui::widgets::saved::FolderOpener,
    /// WhatsApp's share link, opened on the blocking pool.
    pub(super) shared: Requested<()>,
    copied: bool,
    /// A payment just created: "Mostrar al cliente" takes the keyboard, so Enter shows it.
    focus_show: bool,
    /// What the card asked of the forms beside it (what its sale misses, charged another way).
    pub(super) asked: Option<super::again::CardAsked>,
}

impl CreatedView {
    pub fn reset(&mut self) {
        self.saved = Requested::NotRequested;
        self.shared = Requested::NotRequested;
        self.copied = false;
        self.focus_show = true;
    }

    /// Draws the sale's card; true when the cashier asked for a new sale.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        payment: &CreatedPayment,
        queued: &mut Queue<CollectCommand>,
    ) -> bool {
        let mut new_sale = false;
        let tracked = view.tracker.find(&payment.reference);
        // Paid (or ended otherwise): its QR can take no payment, nothing is left to show the
        // customer; the card offers the next sale instead. A counter code stays open.
        let paid = tracked.is_some_and(crate::ui::services::tracker::TrackedPayment::sale_is_over);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(title(view, payment, tracked));
                if !paid {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        new_sale = ui
                            .button(RichText::new(t!("collect-new-sale")).strong())
                            .clicked();
                    });
                }
            });
            if let Some(number) = payment.sale.number {
                let sale = t!("cobrar-receipt-number", number = number.to_string());
                ui.label(RichText::new(sale).strong());
            }
            if !payment.description.is_empty() {
                ui.label(&payment.description);
            }
            if let Some(amount) = payment.amount {
                big_amount(ui, amount);
            }
            if let Some(tracked) = tracked {
                tracked_state(ui, view, payment, tracked);
            }
            if paid {
                self.asked = self
                    .asked
                    .take()
                    .or(missing_ui(ui, view, payment, tracked, queued));
                new_sale |= paid_ui(ui, view, payment, tracked, queued);
                if let Some(error) = self.shared.error() {
                    crate::ui::widgets::form::error_box(ui, error);
                }
                return;
            }
            ui.horizontal_top(|ui| {
                match self.qr.get(ui.ctx(), &payment.qr_text) {
                    Ok(texture) => {
                        ui.add(
                            egui::Image::new(texture)
                                .fit_to_exact_size(egui::vec2(220.0, 220.0))
                                .alt_text(t!("created-qr-alt", url = payment.url.as_str())),
                        );
                    }
                    Err(problem) => {
                        ui.label(problem);
                    }
                }
                ui.vertical(|ui| {
                    details_grid(ui, payment, tracked);
                    ui.add_space(crate::ui::theme::space::MEDIUM);
                    self.actions_ui(ui, view, payment, queued);
                    notifications_ui(ui, view, payment);
                });
            });
        });
        new_sale
    }

    /// "Show to customer" (it has the keyboard once the payment exists), then copy the link,
    /// save the card, send it by WhatsApp.
    fn actions_ui(
        &mut self,
        ui: &mut Ui,
        view: &CollectView<'_>,
        payment: &CreatedPayment,
        queued: &mut Queue<CollectCommand>,
    ) {
        let show = crate::ui::widgets::primary::primary_button(
            ui,
            true,
            &t!("created-show-customer"),
            Some(crate::ui::widgets::primary::Shortcut::Enter),
        );
        if std::mem::take(&mut self.focus_show) {
            show.request_focus();
            show.scroll_to_me(Some(egui::Align::Center));
        }
        if show.clicked() {
            queued.push(CollectCommand::ShowCustomer(payment.clone()));
            ui.ctx().request_repaint();
        }
        ui.add_space(crate::ui::theme::space::SMALL);
        ui.horizontal_wrapped(|ui| {
            if !payment.url.is_empty() && ui.button(t!("created-copy-link")).clicked() {
                ui.ctx().copy_text(payment.url.clone());
                self.copied = true;
            }
            let save = egui::Button::new(t!("created-save-qr"));
            if ui.add_enabled(!self.saved.is_pending(), save).clicked() {
                queued.push(CollectCommand::SaveCard {
                    card: card_of(payment, &view.shop_name),
                    reference: payment.reference.clone(),
                });
                ui.ctx().request_repaint();
            }
            let share = egui::Button::new(t!("created-whatsapp"));
            if !payment.url.is_empty() && ui.add_enabled(!self.shared.is_pending(), share).clicked()
            {
                let link = whatsapp_link(payment, &view.shop_name);
                queued.push(CollectCommand::ShareWhatsApp(link));
                ui.ctx().request_repaint();
            }
        });
        if self.copied {
            ui.label(RichText::new(t!("created-link-copied")).weak());
        }
        cash_instead_ui(ui, view, payment, queued);
        self.files_ui(ui);
    }

    /// Where the card was saved, right under the button that saved it, with its folder to
    /// open; and what went wrong saving or sharing it.
    fn files_ui(&mut self, ui: &mut Ui) {
        if let Requested::Done(path) = &self.saved {
            let words = t!("created-saved-to", path = path.display().to_string());
            self.opener.saved_line(ui, &words, path);
        }
        if let Some(error) = self.saved.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
        if let Some(error) = self.shared.error() {
            crate::ui::widgets::form::error_box(ui, error);
        }
    }
}

fn big_amount(ui: &mut Ui, amount: Pesos) {
    crate::ui::widgets::amount::amount_label(ui, amount, |text| {
        text.size(crate::ui::theme::size::AMOUNT).strong()
    });
}

/// What the follower knows of the payment: what a code left to the payer received, its state,
/// and that the line is down while it waits.
fn tracked_state(
    ui: &mut Ui,
    view: &CollectView<'_>,
    payment: &CreatedPayment,
    tracked: &crate::ui::services::tracker::TrackedPayment,
) {
    if payment.amount.is_none()
        && let Some(received) = tracked.shown_amount()
    {
        big_amount(ui, received);
    }
    ui.horizontal(|ui| {
        ui.label(t!("created-state"));
        status::tracked_badge(ui, tracked.taking(), tracked.status, false);
    });
    let waiting = !tracked.sale_is_over();
    if let Some(since) = view.service_away.filter(|_| waiting) {
        crate::ui::widgets::offline::waiting_line(ui, since);
    }
}

/// A sale of its own whose charge ended unpaid (declined, expired): it misses its amount, and
/// the card offers it another way. A part of a mixed sale is offered on the sale's own card.
fn missing_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    payment: &CreatedPayment,
    tracked: Option<&crate::ui::services::tracker::TrackedPayment>,
    queued: &mut Queue<CollectCommand>,
) -> Option<super::again::CardAsked> {
    let unpaid = tracked
        .and_then(|tracked| tracked.status)
        .is_some_and(|status| {
            status.is_final() && status != crate::api::TransactionStatus::Approved
        });
    let (Some(number), Some(missing)) = (payment.sale.number, payment.amount) else {
        return None;
    };
    if !unpaid || !payment.sale.paid.is_empty() {
        return None;
    }
    let open = super::again::Missing {
        number,
        missing,
        description: payment.description.clone(),
    };
    super::again::offers_ui(ui, view, &open, queued)
}

/// A paid sale's card: no QR nor ways to send it, the next sale offered, and the customer's
/// copy by WhatsApp once the service approved it; true when «Nueva venta» was pressed.
fn paid_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    payment: &CreatedPayment,
    tracked: Option<&crate::ui::services::tracker::TrackedPayment>,
    queued: &mut Queue<CollectCommand>,
) -> bool {
    details_grid(ui, payment, tracked);
    ui.add_space(crate::ui::theme::space::MEDIUM);
    let next = crate::ui::widgets::primary::primary_button(ui, true, &t!("collect-new-sale"), None)
        .clicked();
    if let Some(tracked) =
        tracked.filter(|tracked| tracked.status == Some(crate::api::TransactionStatus::Approved))
        && ui.button(t!("cashsale-whatsapp")).clicked()
    {
        let method = view.tracker.kind_words(tracked);
        let text = super::receipt_text::approved_receipt(&view.shop_name, tracked, method);
        queued.ask(
            ui,
            CollectCommand::ShareWhatsApp(super::receipt_text::share_link(&text)),
        );
    }
    notifications_ui(ui, view, payment);
    next
}

/// «Cobrar en efectivo»: the customer pays this sale in cash instead; the Efectivo form takes
/// its amount, and the electronic one is left unpaid at the service.
fn cash_instead_ui(
    ui: &mut Ui,
    view: &CollectView<'_>,
    payment: &CreatedPayment,
    queued: &mut Queue<CollectCommand>,
) {
    let Some(amount) = payment.amount else {
        return;
    };
    // A counter code is no one sale: its payments stand on their own.
    if view
        .tracker
        .find(&payment.reference)
        .is_some_and(|tracked| tracked.repeatable)
    {
        return;
    }
    ui.add_space(crate::ui::theme::space::SMALL);
    if ui.button(t!("cashsale-charge-instead")).clicked() {
        queued.ask(
            ui,
            CollectCommand::ChargeInCash(super::cash::InsteadOf {
                reference: payment.reference.clone(),
                amount,
                description: payment.description.clone(),
            }),
        );
    }
}

/// The card's heading in the language on screen now (the sale may have been made in the other).
fn title(
    view: &CollectView<'_>,
    payment: &CreatedPayment,
    tracked: Option<&crate::ui::services::tracker::TrackedPayment>,
) -> String {
    match tracked.map(|tracked| &tracked.kind) {
        Some(PaymentKind::Link) => t!("created-link-title"),
        Some(PaymentKind::Resource(_)) => t!("created-qr-title"),
        Some(PaymentKind::Method(id)) => view
            .service
            .catalog
            .find(*id)
            .map(|method| t!("created-method-title", method = method.display_name()))
            .unwrap_or_else(|| payment.title.clone()),
        _ => payment.title.clone(),
    }
}

/// The link, the service's reference, the expiry and what the cashier typed, as label and
/// value; the service's own numbers for the code (its data, its id) under «Detalles»: one
/// number for one QR.
fn details_grid(
    ui: &mut Ui,
    payment: &CreatedPayment,
    tracked: Option<&crate::ui::services::tracker::TrackedPayment>,
) {
    let expires = crate::clock::shown_service_time(&payment.expires);
    let (shown, folded) =
        super::creation::Extra::rows(tracked.map(|tracked| &tracked.kind), &payment.extra);
    egui::Grid::new("created-details")
        .num_columns(2)
        .show(ui, |ui| {
            let known = [
                (t!("created-link"), payment.url.as_str()),
                (t!("created-service-reference"), payment.reference.as_str()),
                (t!("created-expires"), expires.as_str()),
            ];
            // The known rows only when they say something; what the cashier typed even empty.
            let rows = known
                .into_iter()
                .filter(|(_, value)| !value.is_empty())
                .chain(
                    shown
                        .iter()
                        .map(|(label, value)| (label.clone(), value.as_str())),
                );
            for (label, value) in rows {
                ui.label(label);
                // Cut at the card's edge (the card stands beside the form on a 1366-pixel
                // screen); whole on hover, and "Copiar link" copies it whole.
                ui.add(egui::Label::new(RichText::new(value).monospace()).truncate());
                ui.end_row();
            }
        });
    if folded.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(RichText::new(t!("problem-details")).small())
        .id_salt("created-details-folded")
        .show(ui, |ui| {
            egui::Grid::new("created-details-more")
                .num_columns(2)
                .show(ui, |ui| {
                    for (label, value) in &folded {
                        ui.label(RichText::new(label).small());
                        ui.label(RichText::new(value).small().monospace());
                        ui.end_row();
                    }
                });
        });
}

/// The notifications that came for the payment: what each says and whether the service bore it
/// out; their own figures are not money and are not shown.
fn notifications_ui(ui: &mut Ui, view: &CollectView<'_>, payment: &CreatedPayment) {
    let received: Vec<_> = view
        .notifications
        .iter()
        .filter(|n| n.reference_id == payment.reference)
        .collect();
    if received.is_empty() {
        return;
    }
    ui.label(RichText::new(t!("created-notifications")).strong());
    for notification in received.iter().rev() {
        let words = notification.status.to_string();
        ui.label(format!(
            "{} — {words} ({})",
            crate::clock::shown_service_time(&notification.updated_at),
            notification.check_state.words()
        ));
    }
}

/// The card a customer can be sent for this payment.
fn card_of(payment: &CreatedPayment, shop: &str) -> crate::ui::widgets::payment_card::PaymentCard {
    crate::ui::widgets::payment_card::PaymentCard {
        shop: shop.to_owned(),
        amount: payment.amount.map(|a| a.to_string()).unwrap_or_default(),
        description: payment.description.clone(),
        qr_text: payment.qr_text.clone(),
        reference_line: t!("card-reference", reference = payment.reference.as_str()),
        instruction: t!("customer-scan"),
    }
}

/// WhatsApp's share link with the message written: the cashier picks the chat (the customer's
/// number is not needed, and not sent anywhere else).
pub fn whatsapp_link(payment: &CreatedPayment, shop: &str) -> String {
    let amount = payment.amount.map(|a| a.to_string()).unwrap_or_default();
    let message = if payment.description.is_empty() {
        t!(
            "whatsapp-message",
            shop = shop,
            amount = amount,
            url = payment.url.as_str()
        )
    } else {
        t!(
            "whatsapp-message-for",
            shop = shop,
            amount = amount,
            what = payment.description.as_str(),
            url = payment.url.as_str()
        )
    };
    super::receipt_text::share_link(&message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whatsapp_message_names_the_shop_the_amount_and_the_link() {
        // In the language the unit tests run in (English); other tests share the setting.
        let payment = CreatedPayment {
            title: String::new(),
            amount: Some(Pesos::new(25_000)),
            qr_text: String::new(),
            url: "https://pay.example.co/checkout/PD1".into(),
            reference: "PD1".into(),
            description: "Almuerzo & postre".into(),
            expires: String::new(),
            extra: Vec::new(),
            sale: Default::default(),
        };
        let link = whatsapp_link(&payment, "Tienda Ana");
        let (start, text) = link.split_once("?text=").unwrap();
        assert_eq!(start, "https://wa.me/");
        let decoded: String = url::form_urlencoded::parse(format!("t={text}").as_bytes())
            .map(|(_, value)| value.into_owned())
            .collect();
        assert_eq!(
            decoded,
            "Hello! This is the link to pay $ 25.000 to Tienda Ana for Almuerzo & postre: https://pay.example.co/checkout/PD1"
        );
        assert!(!text.contains(' ') && !text.contains('&'), "{text}");
    }
}
