//! Fiado on screen, and its `PanelState`: the list of who owes what with «Agregar cliente», or
//! the statement of the customer opened, with Fiar and Cobrar el fiado.

use egui::{RichText, Ui};

use super::collect::SettleView;
use super::customers::{AddDraft, list_ui};
use super::outcome::Added;
use super::panel::TabsPanel;
use crate::requests::Service;
use crate::t;
use crate::ui::plumbing::bridge::Requested;
use crate::ui::plumbing::news::News;
use crate::ui::services::tracker::Tracker;
use crate::ui::theme;
use crate::ui::widgets::form::error_box;

/// What Fiado shows of the session.
pub struct TabsView<'a> {
    pub has_ledger: bool,
    /// The owner's side is open (or no PIN is set).
    pub owner: bool,
    /// The shop's name, as the messages to customers say it.
    pub shop: String,
    pub service: Service<'a>,
    pub tracker: &'a Tracker,
}

impl TabsPanel {
    pub fn ui(&mut self, ui: &mut Ui, view: &TabsView<'_>) {
        ui.heading(t!("fiado-title"));
        if !view.has_ledger {
            ui.label(RichText::new(t!("fiado-no-ledger")).weak());
            return;
        }
        ui.add_space(theme::space::SMALL);
        egui::ScrollArea::vertical()
            .id_salt("fiado-scroll")
            .show(ui, |ui| {
                if self.open.is_some() {
                    let settle = SettleView {
                        shop: &view.shop,
                        service: &view.service,
                        tracker: view.tracker,
                        busy: false,
                    };
                    self.statement_ui(ui, view.owner, &settle);
                } else {
                    self.customers_ui(ui);
                }
            });
    }

    /// Who owes what, and adding a customer.
    fn customers_ui(&mut self, ui: &mut Ui) {
        let busy = self.is_busy();
        let queued = &mut self.queued;
        AddDraft::offered_ui(ui, &mut self.adding, &mut self.added, |ui, draft, added| {
            draft.ui(ui, added, busy, queued);
        });
        ui.add_space(theme::space::MEDIUM);
        if let Some(error) = self.list.error() {
            error_box(ui, error);
        }
        match self.list.value() {
            Some(balances) => list_ui(ui, balances, &mut self.search, &mut self.queued),
            None if self.list.is_pending() => {
                ui.spinner();
            }
            None => {}
        }
    }
}

impl crate::ui::panels::PanelState for TabsPanel {
    fn logic(&mut self, work: &mut crate::ui::LogicContext<'_>) {
        TabsPanel::logic(self, work);
    }

    fn show(&mut self, ui: &mut Ui, draw: &mut crate::ui::panels::DrawContext<'_>) {
        let view = TabsView {
            has_ledger: draw.session.ledger.is_ok(),
            owner: draw.access.owner_side(),
            shop: draw.session.shop_name(),
            // As Cobrar's: the notification address is the profile's (or this computer's
            // receiver for the simulator).
            service: Service {
                default_webhook: draw.session.webhook_url(),
                ..Service::of(&draw.session.connection)
            },
            tracker: draw.tracker,
        };
        self.ui(ui, &view);
    }

    /// A tab changed here, at another till, from the command line, or by a payment the service
    /// confirmed: read again.
    fn hear(&mut self, news: &News) {
        match news {
            _ if crate::ui::panels::another_merchant(news) => *self = Default::default(),
            News::Tab | News::PaymentEnded { .. } | News::Connected { .. } => self.changed(),
            News::AnotherPerson => self.forget_person(),
            News::Books { .. } | News::Notification { .. } | News::Cash | News::Language => {}
        }
    }

    fn holds_a_sale(&self, tracker: &Tracker) -> bool {
        TabsPanel::holds_a_sale(self, tracker)
    }
}

impl AddDraft {
    /// «Agregar cliente» or, once pressed, the form (`form` draws it) with «Cancelar» under it:
    /// Fiado's and Cobrar's Fiar's alike. Opening or closing it forgets what came of the last
    /// try, so an earlier answer is not shown under a new form.
    pub fn offered_ui(
        ui: &mut Ui,
        adding: &mut Option<AddDraft>,
        added: &mut Requested<Added>,
        form: impl FnOnce(&mut Ui, &mut AddDraft, &Requested<Added>),
    ) {
        match adding {
            Some(draft) => {
                form(ui, draft, added);
                if ui.button(t!("fiado-add-cancel")).clicked() {
                    *adding = None;
                    added.clear();
                }
            }
            None => {
                if ui.button(t!("fiado-add-open")).clicked() {
                    *adding = Some(AddDraft::default());
                    added.clear();
                }
            }
        }
    }
}
