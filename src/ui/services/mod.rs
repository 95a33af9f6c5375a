//! The app's own services, which the panels and the app's `logic` share: today's payments as the
//! till follows them (`tracker`, `today`), who is at the till (`access`), the connection
//! (`session`), the approval heard (`announcer`, `alerts`, `chime`, `voice`), the notifications stored
//! (`feed`), paper, updates, the
//! copies of the books (`backups`) and customers' personal data (`customer_data`).

pub mod access;
pub mod alerts;
pub(in crate::ui) mod announcer;
pub mod backups;
pub mod chime;
pub mod customer_data;
pub mod feed;
pub mod paper;
pub mod sales;
pub mod session;
pub(in crate::ui) mod today;
pub mod tracker;
pub mod updates;
pub mod voice;
