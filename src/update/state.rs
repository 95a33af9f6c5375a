//! What this computer has seen of the feed, kept in the update folder: the newest `published`
//! accepted (a feed older than it is a replay) and the version the person said "Ahora no" to
//! (the app says a version once).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::UpdateError;

const FILE_NAME: &str = "state.json";

/// The state file is a few dozen bytes; one far larger is not ours.
const STATE_CAP: u64 = 16 * 1024;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UpdateState {
    /// The newest feed accepted, in seconds since the epoch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_published: Option<i64>,
    /// The version the person put off ("Ahora no"): not offered again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismissed: Option<String>,
}

impl UpdateState {
    /// The state kept in `folder`; none yet is the default. A file that does not read (or is
    /// over its cap) is treated as none and replaced on the next save: what was seen starts
    /// again from the next feed. Only whoever can write this user's files can do that, and the
    /// signature and the no-downgrade rule still hold.
    pub fn load(folder: &Path) -> Result<UpdateState, UpdateError> {
        let path = folder.join(FILE_NAME);
        let text = match std::fs::metadata(&path) {
            Ok(meta) if meta.len() > STATE_CAP => return Ok(UpdateState::default()),
            Ok(_) => std::fs::read_to_string(&path).map_err(UpdateError::disk(&path))?,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Ok(UpdateState::default());
            }
            Err(error) => return Err(UpdateError::disk(&path)(error)),
        };
        Ok(serde_json::from_str(&text).unwrap_or_else(|error| {
            tracing::warn!(%error, "the update state does not read; starting again");
            UpdateState::default()
        }))
    }

    /// Writes the state beside its file and renames it over: never half a file.
    pub fn save(&self, folder: &Path) -> Result<(), UpdateError> {
        use std::io::Write;
        crate::owner_only::folder(folder).map_err(UpdateError::disk(folder))?;
        let path = folder.join(FILE_NAME);
        let mut file =
            tempfile::NamedTempFile::new_in(folder).map_err(UpdateError::disk(folder))?;
        let text = serde_json::to_string_pretty(self).unwrap_or_default();
        file.write_all(text.as_bytes())
            .and_then(|()| file.as_file().sync_all())
            .map_err(UpdateError::disk(&path))?;
        file.persist(&path)
            .map_err(|error| UpdateError::disk(&path)(error.error))?;
        Ok(())
    }

    /// A verified feed published at `published` was accepted: it is the newest seen unless an
    /// even newer one was.
    pub fn saw(folder: &Path, published: i64) -> Result<(), UpdateError> {
        let mut state = UpdateState::load(folder)?;
        if state.last_published.is_none_or(|last| published > last) {
            state.last_published = Some(published);
            state.save(folder)?;
        }
        Ok(())
    }

    /// The person put `version` off.
    pub fn dismiss(folder: &Path, version: &str) -> Result<(), UpdateError> {
        let mut state = UpdateState::load(folder)?;
        state.dismissed = Some(version.to_owned());
        state.save(folder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_was_seen_only_moves_forward() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            UpdateState::load(dir.path()).unwrap(),
            UpdateState::default()
        );
        UpdateState::saw(dir.path(), 200).unwrap();
        UpdateState::saw(dir.path(), 100).unwrap();
        assert_eq!(
            UpdateState::load(dir.path()).unwrap().last_published,
            Some(200)
        );
        UpdateState::dismiss(dir.path(), "0.2.0").unwrap();
        let state = UpdateState::load(dir.path()).unwrap();
        assert_eq!(state.dismissed.as_deref(), Some("0.2.0"));
        assert_eq!(state.last_published, Some(200));
    }
}
