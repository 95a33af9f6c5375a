//! Settings files written by earlier versions are read by this one.

use paydesk::api::TransactionTokenSource;
use paydesk::config::{ConfigFile, Environment, Paths};
use paydesk::secrets::SecretKind;

#[test]
fn reads_the_first_format() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::in_dir(dir.path());
    std::fs::create_dir_all(&paths.config_dir).unwrap();
    std::fs::copy("tests/fixtures/config-v1.toml", paths.config_file()).unwrap();

    let config = paths.load().unwrap();
    assert_eq!(config.active_profile_name(), "tienda");
    let tienda = config.profile("tienda").unwrap();
    assert_eq!(tienda.environment, Environment::Production);
    assert_eq!(tienda.user_id, Some(4242));
    assert_eq!(tienda.webhook_listen(), "0.0.0.0:8787");
    assert_eq!(
        tienda.secrets,
        [
            SecretKind::ApiToken,
            SecretKind::AccessToken,
            SecretKind::HashKey
        ]
    );
    assert_eq!(
        tienda.transaction_token_source(),
        TransactionTokenSource::Fetch
    );
    assert_eq!(tienda.catalog().min_expires_in(130), Some(50_000));
    assert_eq!(tienda.catalog().min_expires_in(131), Some(43_200));
    let pruebas = config.profile("pruebas").unwrap();
    assert_eq!(
        pruebas.brand_id, 79,
        "defaults fill what the file leaves out"
    );
    assert!(pruebas.secrets.is_empty());

    // Saved again, it reads back the same, and still has no secret values in it.
    paths.save(&config).unwrap();
    let text = std::fs::read_to_string(paths.config_file()).unwrap();
    assert_eq!(
        ConfigFile::parse(&text, &paths.config_file()).unwrap(),
        config
    );
}
