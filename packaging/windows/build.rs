//! On Windows builds, puts the icon and the version into paydesk.exe (what Explorer, the taskbar
//! and the installers show). Other targets need nothing from here.

fn main() {
    println!("cargo:rerun-if-changed=assets/icons/paydesk.ico");
    // CI's second, newer installer sets the version without touching Cargo.toml.
    println!("cargo:rerun-if-env-changed=PAYDESK_BUILD_VERSION");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/icons/paydesk.ico")
        .set("ProductName", "paydesk")
        .set("FileDescription", "paydesk: cobros, QR y dispersiones")
        .set("CompanyName", "paydesk");
    if let Ok(version) = std::env::var("PAYDESK_BUILD_VERSION") {
        resource
            .set("FileVersion", &version)
            .set("ProductVersion", &version);
    }
    if let Err(error) = resource.compile() {
        println!("cargo:warning=the Windows icon and version could not be embedded: {error}");
        std::process::exit(1);
    }
}
