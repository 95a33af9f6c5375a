//! The shared ledger's address, checked one way wherever it is typed or read: when a profile is
//! saved (the app's form, `profile add`, the settings file) and when the ledger is opened. A
//! PostgreSQL address can name several hosts and, apart from them, the addresses to reach them
//! at (`hostaddr`): every one is looked at, so "this computer" is only said of an address that
//! reaches nothing else. No password anywhere in it: that goes to the keyring.

use tokio_postgres::config::{Config, Host, SslMode};

/// An address that passed: its parsed form (encryption required unless every host is this
/// computer), the hosts as written (for messages), and whether it stays on this computer.
#[derive(Debug, Clone)]
pub struct LedgerAddress {
    pub config: Config,
    pub hosts: String,
    pub local: bool,
}

fn is_this_computer(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

/// Checks `text` as a shared ledger's address; the reason, in the person's language, if not.
pub fn ledger_address(text: &str) -> Result<LedgerAddress, String> {
    let text = text.trim();
    if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
        return Err(crate::t!("ledger-url-scheme"));
    }
    let mut config: Config = text.parse().map_err(|error| {
        // The parser's message may quote the address, password and all: never shown.
        let _ = error;
        crate::t!("ledger-url-unreadable")
    })?;
    if config.get_password().is_some() {
        return Err(crate::t!("ledger-url-password"));
    }
    if config.get_user().is_none_or(str::is_empty) {
        return Err(crate::t!("ledger-url-user"));
    }
    if config.get_dbname().is_none_or(str::is_empty) {
        return Err(crate::t!("ledger-url-database"));
    }
    let hosts: Vec<String> = config
        .get_hosts()
        .iter()
        .map(|host| match host {
            Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            Host::Unix(path) => path.display().to_string(),
        })
        .collect();
    if hosts.is_empty() && config.get_hostaddrs().is_empty() {
        return Err(crate::t!("ledger-url-host"));
    }
    let hosts_local = config.get_hosts().iter().all(|host| match host {
        Host::Tcp(name) => is_this_computer(name),
        #[cfg(unix)]
        Host::Unix(_) => true,
    });
    let addresses_local = config
        .get_hostaddrs()
        .iter()
        .all(|address| address.is_loopback());
    let local = hosts_local && addresses_local;
    let shown_hosts = if hosts.is_empty() {
        config
            .get_hostaddrs()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    } else {
        hosts.join(",")
    };
    if local {
        // On this computer nothing crosses a network: no certificate to ask for.
        config.ssl_mode(SslMode::Disable);
    } else if config.get_ssl_mode() == SslMode::Disable {
        return Err(crate::t!("ledger-url-tls", host = shown_hosts.clone()));
    } else {
        config.ssl_mode(SslMode::Require);
    }
    Ok(LedgerAddress {
        config,
        hosts: shown_hosts,
        local,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_host_and_address_is_looked_at() {
        let local = ledger_address("postgres://caja@localhost:5432/tienda").unwrap();
        assert!(local.local);
        for remote in [
            "postgres://caja@localhost/tienda?hostaddr=203.0.113.5",
            "postgres://caja@localhost,db.tienda.co/tienda",
            "postgres://caja@127.0.0.1/tienda?host=db.tienda.co",
            "postgresql://caja@db.tienda.co/tienda",
        ] {
            let checked = ledger_address(remote).unwrap();
            assert!(!checked.local, "{remote}");
            assert_eq!(checked.config.get_ssl_mode(), SslMode::Require, "{remote}");
        }
    }

    #[test]
    fn no_password_and_no_clear_text_off_this_computer() {
        for (text, reason) in [
            ("postgres://caja:secreto@db.tienda.co/tienda", "password"),
            (
                "postgres://caja@db.tienda.co/tienda?password=secreto",
                "password",
            ),
            (
                "postgres://caja@localhost/tienda?password=secreto",
                "password",
            ),
            (
                "postgres://caja@db.tienda.co/tienda?sslmode=disable",
                "encrypted",
            ),
            (
                "postgres://caja@localhost/tienda?hostaddr=203.0.113.5&sslmode=disable",
                "encrypted",
            ),
            (
                "postgres://caja@localhost,db.tienda.co/tienda?sslmode=disable",
                "encrypted",
            ),
            ("mysql://caja@db/tienda", "postgres://"),
        ] {
            let error = ledger_address(text).unwrap_err();
            assert!(!error.contains("secreto"), "{error}");
            assert!(error.contains(reason), "{text}: {error}");
        }
    }
}
