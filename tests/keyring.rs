//! Secrets through a real Secret Service (`.ci/run` starts one: a private D-Bus session with an
//! unlocked gnome-keyring). Plain `cargo test` skips this; the mock store covers the logic.

use paydesk::secrets::{SecretKind, SecretStore, SecretString, Stored};

#[test]
#[ignore = "needs a Secret Service (D-Bus session with gnome-keyring)"]
fn stores_reads_replaces_and_deletes_each_secret() {
    let store = SecretStore::platform();
    assert_eq!(
        store.unavailable_reason(),
        None,
        "a Secret Service is running"
    );
    let profile = format!("test-{}", std::process::id());
    for kind in SecretKind::ALL {
        let first = SecretString::new(format!("first-{}", kind.key()));
        assert_eq!(store.set(&profile, kind, &first), Stored::Keyring);
        assert_eq!(store.get(&profile, kind), Ok(Some(first)));
        let second = SecretString::new(format!("second-{}", kind.key()));
        assert_eq!(store.set(&profile, kind, &second), Stored::Keyring);
        assert_eq!(store.get(&profile, kind), Ok(Some(second)));
    }
    // A fresh store (as after a restart) reads them back from the keyring, not from memory.
    let reopened = SecretStore::platform();
    assert_eq!(
        reopened.get(&profile, SecretKind::HashKey),
        Ok(Some(SecretString::new("second-hash-key")))
    );
    store.delete_all(&profile).unwrap();
    for kind in SecretKind::ALL {
        assert_eq!(reopened.get(&profile, kind), Ok(None));
    }
    // Deleting what is not there is not an error.
    store.delete(&profile, SecretKind::ApiToken).unwrap();
}
