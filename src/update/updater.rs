//! Looking for a new version and getting it ready: the signed feed read, the offer made, the
//! download checked, the install handed over at close.

use std::path::{Path, PathBuf};

use super::{
    Feed, FeedFile, Limits, Notes, Platform, TrustedKey, UpdateError, UpdateState, Verified,
    running_version,
};

/// How far ahead of this computer's clock a feed's date may be (clocks differ by minutes, a
/// time zone by hours).
const FUTURE_SLACK_SECONDS: i64 = 24 * 60 * 60;

/// Where the update's files and what was seen are kept: the data folder's `updates`.
pub fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("updates")
}

/// What a look at the feed found.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// The feed offers the version running (or the feed was seen and nothing is newer).
    UpToDate { running: semver::Version },
    /// A newer version, signed by the maker.
    Newer(Box<Offer>),
}

/// A newer version, as the signed feed describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub version: semver::Version,
    /// When the maker published it (seconds since the epoch).
    pub published: i64,
    pub notes: Notes,
    /// This computer's file, when the feed has one for it.
    pub file: Option<FeedFile>,
    /// Where `file.url` is resolved from.
    pub feed_url: url::Url,
}

impl Offer {
    /// What changed, in the language on screen.
    pub fn notes_shown(&self) -> &str {
        match crate::i18n::current() {
            crate::i18n::Language::Es => &self.notes.es,
            crate::i18n::Language::En => &self.notes.en,
        }
    }
}

/// The feed, the key and the folder: one look and one download at a time.
#[derive(Debug, Clone)]
pub struct Updater {
    feed_url: url::Url,
    key: TrustedKey,
    folder: PathBuf,
    limits: Limits,
    running: semver::Version,
    platform: Platform,
}

impl Updater {
    /// An updater for this build: the key compiled in, the version running, this computer's kind
    /// of installation. `feed_url` is checked (https, or plain http on this computer only).
    pub fn new(feed_url: &str, key: TrustedKey, data_dir: &Path) -> Result<Updater, UpdateError> {
        let feed_url = super::fetch::checked_address(feed_url)?;
        Ok(Updater {
            feed_url,
            key,
            folder: folder(data_dir),
            limits: Limits::default(),
            running: running_version(),
            platform: Platform::detect(),
        })
    }

    /// Other deadlines and caps (tests use short ones).
    pub fn with_limits(mut self, limits: Limits) -> Updater {
        self.limits = limits;
        self
    }

    /// Another running version (tests, and a build asked about another).
    pub fn with_running(mut self, running: semver::Version) -> Updater {
        self.running = running;
        self
    }

    /// Another kind of installation (tests).
    pub fn with_platform(mut self, platform: Platform) -> Updater {
        self.platform = platform;
        self
    }

    pub fn platform(&self) -> &Platform {
        &self.platform
    }

    pub fn running(&self) -> &semver::Version {
        &self.running
    }

    pub fn feed_url(&self) -> &url::Url {
        &self.feed_url
    }

    /// Fetches the feed and its signature, checks the signature before reading the feed, then
    /// refuses a replay (a feed older than the last seen) and a downgrade. Nothing about the
    /// shop is sent: one GET for the feed and one for its signature, no query, no cookies.
    pub async fn check(&self) -> Result<Check, UpdateError> {
        let client = super::fetch::client(&self.limits)?;
        let feed_bytes =
            super::fetch::small(&client, &self.feed_url, self.limits.feed_cap, &self.limits)
                .await?;
        let signature_url = super::fetch::signature_address(&self.feed_url)?;
        let signature_bytes = super::fetch::small(
            &client,
            &signature_url,
            self.limits.signature_cap,
            &self.limits,
        )
        .await?;
        let feed = Feed::verified(&feed_bytes, &signature_bytes, &self.key)?;
        // Remembered, a date years ahead (a slip in a release) would refuse every later feed as
        // a replay: a feed more than a day ahead of this computer's clock is not taken.
        if feed.published > time::OffsetDateTime::now_utc().unix_timestamp() + FUTURE_SLACK_SECONDS
        {
            return Err(UpdateError::FromTheFuture {
                offered: super::feed::shown_time(feed.published),
            });
        }
        let folder = self.folder.clone();
        let seen = tokio::task::spawn_blocking(move || UpdateState::load(&folder))
            .await
            .map_err(|error| UpdateError::Install(error.to_string()))??;
        if let Some(last) = seen.last_published
            && feed.published < last
        {
            return Err(UpdateError::Replayed {
                seen: super::feed::shown_time(last),
                offered: super::feed::shown_time(feed.published),
            });
        }
        let folder = self.folder.clone();
        let published = feed.published;
        tokio::task::spawn_blocking(move || UpdateState::saw(&folder, published))
            .await
            .map_err(|error| UpdateError::Install(error.to_string()))??;
        if feed.version < self.running {
            return Err(UpdateError::Downgrade {
                offered: feed.version.to_string(),
                running: self.running.to_string(),
            });
        }
        if feed.version == self.running {
            return Ok(Check::UpToDate {
                running: self.running.clone(),
            });
        }
        let file = self
            .platform
            .feed_key()
            .and_then(|key| feed.files.get(&key).cloned());
        Ok(Check::Newer(Box::new(Offer {
            version: feed.version,
            published: feed.published,
            notes: feed.notes,
            file,
            feed_url: self.feed_url.clone(),
        })))
    }

    /// Downloads this computer's file of `offer` into the update folder, resuming a partial
    /// download of the same file, and gives it back only once its size, SHA-256 and signature
    /// are right. `progress` hears (bytes so far, bytes in all).
    pub async fn download(
        &self,
        offer: &Offer,
        progress: impl Fn(u64, u64) + Send + Sync,
    ) -> Result<Verified, UpdateError> {
        if offer.version <= self.running {
            return Err(UpdateError::Downgrade {
                offered: offer.version.to_string(),
                running: self.running.to_string(),
            });
        }
        // A build from source has no installer to replace: say so before downloading.
        let Some(platform) = self.platform.feed_key() else {
            return Err(UpdateError::NotInstallable);
        };
        let Some(file) = &offer.file else {
            return Err(UpdateError::NoFileForPlatform(platform));
        };
        super::download::fetch_verified(
            &self.folder,
            &offer.feed_url,
            file,
            &offer.version,
            &self.key,
            &self.limits,
            &progress,
        )
        .await
    }
}
