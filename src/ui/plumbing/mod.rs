//! How work and news travel inside the app: work to the runtime and back (`bridge`), what a
//! panel asks while drawing (`queue`), what happened as the panels hear it (`news`), which
//! follower answers are worth a frame (`follow_news`), and the system's file dialogs as work like
//! any other (`pick`). What the app asks of itself is `ui/actions.rs`, beside the app.

pub mod bridge;
pub(in crate::ui) mod follow_news;
pub mod news;
pub mod pick;
pub mod queue;
