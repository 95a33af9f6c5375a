//! What a screen reader hears without the person moving: the window's name, which says where
//! they are, and a live announcement of what just happened, read at once. Both are AccessKit's:
//! the name is the window node's (the accessible frame's over AT-SPI, UIA's window name), and an
//! announcement is a live node that appears (AT-SPI's `Announcement` event from
//! accesskit_unix, UIA's LiveRegionChanged from accesskit_windows).

use egui::Context;
use egui::accesskit::{Live, Role};

use crate::i18n::{self, Language};

/// How long an announcement's node stays in the tree: it is read the moment it appears, and a
/// screen reader walking the window a little later still finds it.
const ANNOUNCED_FOR: f64 = 30.0;

/// Names the window of the viewport being drawn `name`, for a screen reader: the window node's
/// name, which AT-SPI gives as its frame's and reads when the window takes the focus. The title
/// bar keeps its own words (the installer finds a running paydesk by them).
pub fn name_window(ctx: &Context, name: &str) {
    ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_label(name));
}

/// The live announcement: one at a time, each read once by a screen reader, when its node
/// appears. A new one is a new node, so the same words said twice (two sales of the same
/// amount) are read twice.
#[derive(Debug, Default)]
pub struct Announcement {
    told: u64,
    current: Option<Told>,
}

#[derive(Debug)]
struct Told {
    words: String,
    /// The language the words are in: a switch of language takes them away rather than
    /// reading them again in the new one.
    language: Language,
    /// When its node first appeared (egui's clock).
    since: Option<f64>,
}

impl Announcement {
    /// Announces `words` (in the language in use), in place of the last announcement.
    pub fn say(&mut self, words: String) {
        self.told += 1;
        self.current = Some(Told {
            words,
            language: i18n::current(),
            since: None,
        });
    }

    /// Puts the announcement's node in the window's tree, while it is fresh.
    pub fn ui(&mut self, ctx: &Context) {
        let now = ctx.input(|i| i.time);
        let Some(told) = &mut self.current else {
            return;
        };
        let since = *told.since.get_or_insert(now);
        if told.language != i18n::current() || now - since > ANNOUNCED_FOR {
            self.current = None;
            return;
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            ANNOUNCED_FOR - (now - since),
        ));
        let words = told.words.clone();
        ctx.accesskit_node_builder(
            egui::Id::unique(("paydesk-announcement", self.told)),
            |node| {
                node.set_role(Role::Status);
                node.set_label(words);
                node.set_live(Live::Assertive);
                node.set_live_atomic();
            },
        );
    }
}
