//! The version this build is. It comes from the build: `PAYDESK_BUILD_VERSION` when the build
//! sets it (CI cross-builds a second, newer installer that way, rebuilding only paydesk itself),
//! else Cargo.toml's.

/// This build's version, as `paydesk --version`, the installers and the feed say it.
pub const VERSION: &str = match option_env!("PAYDESK_BUILD_VERSION") {
    Some(version) => version,
    None => env!("CARGO_PKG_VERSION"),
};

/// [`VERSION`] as a semantic version. A build given a version that is not one is a broken
/// build: it compares as 0.0.0, so any signed release replaces it.
pub fn running_version() -> semver::Version {
    semver::Version::parse(VERSION).unwrap_or_else(|error| {
        tracing::error!(%error, version = VERSION, "this build's version is not a version");
        semver::Version::new(0, 0, 0)
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn this_build_has_a_version() {
        assert_eq!(super::running_version().to_string(), super::VERSION);
    }
}
