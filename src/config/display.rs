//! The customer display, as this computer's settings file keeps it (each till has its own
//! screens): which monitor the customer faces. Monitors are named as the system names them
//! ("HDMI-1", `\\.\DISPLAY2`), so the choice survives a restart and a monitor plugged in later.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplaySettings {
    /// The monitor the customer display was last left on; none: the first one that is not the
    /// cashier's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monitor: Option<String>,
}

impl DisplaySettings {
    pub fn is_unset(&self) -> bool {
        *self == DisplaySettings::default()
    }
}
