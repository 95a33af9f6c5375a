//! Settings › Actualizaciones: the version running, where updates stand, looking on or off, and
//! under "Avanzado" the feed's address (a reseller's own). Only draws: what the owner asks is
//! queued, and the app hands it to `ui::updates::UpdateWatch`.

use egui::{RichText, Ui};

use crate::t;
use crate::ui::plumbing::queue::Queue;
use crate::ui::services::updates::{UpdatesCommand, UpdatesStatus, UpdatesView};

#[derive(Default)]
pub struct UpdatesSection {
    /// Asked for while drawing; Settings hands it to the app on the next `logic`.
    pub queued: Queue<UpdatesCommand>,
    /// The feed's address as being typed; `None` until the person edits it.
    feed: Option<String>,
}

impl UpdatesSection {
    /// `view`: what the app's update watch says, handed in each frame.
    pub fn ui(&mut self, ui: &mut Ui, view: &UpdatesView) {
        ui.label(RichText::new(t!("updates-title")).strong());
        ui.label(t!("updates-running", version = crate::update::VERSION));
        if !view.loaded {
            return;
        }
        if let UpdatesStatus::Failed(problem) = &view.status {
            crate::ui::widgets::problem::explained(
                ui,
                crate::ui::widgets::problem::Tone::Warning,
                problem,
            );
        } else if let Some(status) = view.status.words() {
            ui.label(status);
        }
        let mut look = view.look;
        if ui.checkbox(&mut look, t!("updates-look")).changed() {
            self.queued.ask(ui, UpdatesCommand::SetLook(look));
        }
        ui.horizontal(|ui| {
            let busy = matches!(
                view.status,
                UpdatesStatus::Looking | UpdatesStatus::Downloading { .. }
            );
            if ui
                .add_enabled(look && !busy, egui::Button::new(t!("updates-look-now")))
                .clicked()
            {
                self.queued.ask(ui, UpdatesCommand::LookNow);
            }
            if matches!(view.status, UpdatesStatus::Newer(_))
                && ui.button(t!("update-install-at-close")).clicked()
            {
                self.queued.ask(ui, UpdatesCommand::InstallAtClose);
            }
        });
        egui::CollapsingHeader::new(t!("updates-advanced"))
            .id_salt("updates-advanced")
            .show(ui, |ui| {
                ui.label(RichText::new(t!("updates-feed-note")).weak());
                ui.horizontal(|ui| {
                    let label = ui.label(t!("updates-feed"));
                    let current = view.feed_url.clone();
                    let text = self.feed.get_or_insert_with(|| current.clone());
                    ui.add(
                        egui::TextEdit::singleline(text)
                            .hint_text(crate::update::DEFAULT_FEED_URL)
                            .desired_width(360.0),
                    )
                    .labelled_by(label.id);
                    let typed = text.trim().to_owned();
                    if ui
                        .add_enabled(typed != current, egui::Button::new(t!("updates-use-feed")))
                        .clicked()
                    {
                        self.queued.ask(ui, UpdatesCommand::SetFeed(typed));
                    }
                });
            });
    }
}
