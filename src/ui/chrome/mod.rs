//! What stands around and over every panel: the top bar and the side bar, the payments'
//! banners, the PIN prompt, the credential asked again, and the damaged books at start.

pub(in crate::ui) mod banners;
pub(in crate::ui) mod damaged_books;
pub(in crate::ui) mod pin_prompt;
pub(in crate::ui) mod session_prompt;
pub(in crate::ui) mod side_bar;
pub(in crate::ui) mod top_bar;
