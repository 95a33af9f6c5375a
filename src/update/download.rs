//! A file of the feed brought onto this computer: into `NAME.HASH.part`, resumed where an
//! earlier try stopped (or started again when the server will not resume), bounded by the size
//! the signed feed gives, and renamed to `NAME` only once its size, SHA-256 and own signature
//! are right. So a half-downloaded file never has a name anything would run.

use std::io::{Seek, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use url::Url;

use super::fetch::{self, Limits};
use super::{FeedFile, TrustedKey, UpdateError};

/// A file whose size, hash and signature were checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    pub path: PathBuf,
    pub version: semver::Version,
    pub file: FeedFile,
}

impl Verified {
    /// Checks the file again, as it is on disk now: just before it is run or put in place.
    pub fn recheck(&self, key: &TrustedKey) -> Result<(), UpdateError> {
        check_file(&self.path, &self.file, key)
    }
}

/// Size, then SHA-256, then the file's own signature.
fn check_file(path: &Path, file: &FeedFile, key: &TrustedKey) -> Result<(), UpdateError> {
    use std::io::Read;
    let size = std::fs::metadata(path)
        .map_err(UpdateError::disk(path))?
        .len();
    if size != file.size {
        return Err(UpdateError::WrongSize {
            expected: file.size,
            got: size,
        });
    }
    let mut hasher = Sha256::new();
    let mut reader = std::fs::File::open(path).map_err(UpdateError::disk(path))?;
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        let read = reader.read(&mut buffer).map_err(UpdateError::disk(path))?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    if !hex::encode(hasher.finalize()).eq_ignore_ascii_case(&file.sha256) {
        return Err(UpdateError::WrongHash);
    }
    key.verifies_file(path, &file.signature)
}

/// [`check_file`] off the runtime's workers: hashing tens of megabytes takes a moment.
async fn checked_off_thread(
    path: &Path,
    file: &FeedFile,
    key: &TrustedKey,
) -> Result<(), UpdateError> {
    let (path, file, key) = (path.to_owned(), file.clone(), key.clone());
    tokio::task::spawn_blocking(move || check_file(&path, &file, &key))
        .await
        .map_err(|error| UpdateError::Install(error.to_string()))?
}

/// Where a file of the feed is fetched from: its `url` against the feed's address, https (or
/// loopback) only.
fn source(feed_url: &Url, file: &FeedFile) -> Result<Url, UpdateError> {
    let url = feed_url
        .join(&file.url)
        .map_err(|_| UpdateError::NotAFeed("url".into()))?;
    fetch::checked_address(url.as_str())
}

/// Partial downloads of other files (another release's) are never resumed: they go.
fn forget_other_parts(folder: &Path, keep: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path != keep && path.extension().is_some_and(|ext| ext == "part") {
            crate::owner_only::remove_leftover(&path);
        }
    }
}

pub(super) async fn fetch_verified(
    folder: &Path,
    feed_url: &Url,
    file: &FeedFile,
    version: &semver::Version,
    key: &TrustedKey,
    limits: &Limits,
    progress: &(dyn Fn(u64, u64) + Send + Sync),
) -> Result<Verified, UpdateError> {
    crate::owner_only::folder(folder).map_err(UpdateError::disk(folder))?;
    let url = source(feed_url, file)?;
    let done = Verified {
        path: folder.join(&file.name),
        version: version.clone(),
        file: file.clone(),
    };
    // Downloaded and checked before (the person asked twice, or the app restarted).
    if done.path.exists() {
        match checked_off_thread(&done.path, file, key).await {
            Ok(()) => return Ok(done),
            Err(_) => {
                crate::owner_only::remove_leftover(&done.path);
            }
        }
    }
    let part = folder.join(format!("{}.{}.part", file.name, &file.sha256[..16]));
    forget_other_parts(folder, &part);
    let client = fetch::client(limits)?;
    // A resumed download that turns out wrong is started once more from the first byte: the
    // bytes kept from before may be what was wrong.
    for attempt in 0..2 {
        let resumed = tokio::time::timeout(
            limits.file_whole,
            into_part(&client, &url, &part, file, limits, progress),
        )
        .await
        .map_err(|_| UpdateError::TooSlow {
            host: url.host_str().unwrap_or_default().to_owned(),
        })??;
        match checked_off_thread(&part, file, key).await {
            Ok(()) => {
                std::fs::rename(&part, &done.path).map_err(UpdateError::disk(&done.path))?;
                crate::owner_only::file(&done.path).map_err(UpdateError::disk(&done.path))?;
                return Ok(done);
            }
            Err(error) => {
                crate::owner_only::remove_leftover(&part);
                if !(resumed && attempt == 0) {
                    return Err(error);
                }
                tracing::info!(%error, "a resumed update download was wrong; starting again");
            }
        }
    }
    Err(UpdateError::WrongHash)
}

/// Brings the file into `part`, from where an earlier try left it when the server resumes.
/// Whether bytes from before were kept (a resume).
async fn into_part(
    client: &reqwest::Client,
    url: &Url,
    part: &Path,
    file: &FeedFile,
    limits: &Limits,
    progress: &(dyn Fn(u64, u64) + Send + Sync),
) -> Result<bool, UpdateError> {
    let mut have = std::fs::metadata(part).map(|meta| meta.len()).unwrap_or(0);
    if have > file.size {
        have = 0;
    }
    if have == file.size {
        return Ok(true);
    }
    let mut answer = fetch::get(client, url, (have > 0).then_some(have), limits).await?;
    // 206 from where we asked: append. Anything else (200, a range we did not ask for): the
    // whole file again.
    let resumes = have > 0
        && answer.status() == reqwest::StatusCode::PARTIAL_CONTENT
        && answer
            .headers()
            .get(reqwest::header::CONTENT_RANGE)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|range| range.starts_with(&format!("bytes {have}-")));
    if !resumes {
        have = 0;
    }
    if answer
        .content_length()
        .is_some_and(|length| have + length > file.size)
    {
        crate::owner_only::remove_leftover(part);
        return Err(UpdateError::TooLarge { cap: file.size });
    }
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(part)
        .map_err(UpdateError::disk(part))?;
    crate::owner_only::file(part).map_err(UpdateError::disk(part))?;
    out.set_len(have).map_err(UpdateError::disk(part))?;
    out.seek(std::io::SeekFrom::Start(have))
        .map_err(UpdateError::disk(part))?;
    progress(have, file.size);
    while let Some(piece) = fetch::next_piece(&mut answer, url, limits.stall).await? {
        if have + piece.len() as u64 > file.size {
            drop(out);
            crate::owner_only::remove_leftover(part);
            return Err(UpdateError::TooLarge { cap: file.size });
        }
        out.write_all(&piece).map_err(UpdateError::disk(part))?;
        have += piece.len() as u64;
        progress(have, file.size);
    }
    out.sync_all().map_err(UpdateError::disk(part))?;
    Ok(resumes)
}
