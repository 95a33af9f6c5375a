//! The books and the settings hold customers' names, phones and document numbers, payout
//! destinations and bank accounts: on a PC several people log into, only the owner of the files
//! may read them. On Unix, folders are 0700 and files 0600 whatever the umask; on Windows they
//! live in the user's own profile folder, which other users cannot open.

use std::io;
use std::path::Path;

/// Creates `folder` (and its parents) if needed, and makes `folder` itself the owner's alone.
pub fn folder(folder: &Path) -> io::Result<()> {
    std::fs::create_dir_all(folder)?;
    restrict(folder, 0o700)
}

/// Makes an existing file the owner's alone.
pub fn file(path: &Path) -> io::Result<()> {
    restrict(path, 0o600)
}

/// The same for a file that may not exist (a ledger's `-wal` and `-shm`).
pub fn file_if_there(path: &Path) -> io::Result<()> {
    match restrict(path, 0o600) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

/// A SQLite file and its WAL companions (SQLite gives the companions the file's own
/// permissions when it creates them).
pub fn sqlite_files(path: &Path) -> io::Result<()> {
    file_if_there(path)?;
    for companion in ["-wal", "-shm"] {
        let mut name = path.as_os_str().to_owned();
        name.push(companion);
        file_if_there(Path::new(&name))?;
    }
    Ok(())
}

/// Removes what paydesk left behind (a partial download, a half-written copy, an empty old
/// folder) on the way out of a failure or a move. It is already beside the point: one that cannot
/// be removed now is left for the next run's sweep, and the failure being handled stays the one
/// reported. Only logged, so a leftover never hides the real error.
pub fn remove_leftover(path: &Path) {
    let removed = if path.is_dir() {
        std::fs::remove_dir(path)
    } else {
        std::fs::remove_file(path)
    };
    if let Err(error) = removed
        && error.kind() != io::ErrorKind::NotFound
    {
        tracing::debug!(path = %path.display(), %error, "a leftover stays until the next run");
    }
}

/// A new file, the owner's alone from the start (there is no moment others may read it).
pub fn create(path: &Path) -> io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let created = options.open(path)?;
    file(path)?;
    Ok(created)
}

/// A folder for what paydesk saves for the person (QR images, PDFs, CSVs). What paydesk makes
/// of it is the owner's alone; a folder that is already there keeps its permissions, since it
/// is the owner's own choice (a USB stick, a folder shared on purpose), and the files in it are
/// the owner's alone anyway.
pub fn exports_folder(folder: &Path) -> io::Result<()> {
    if folder.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(folder)?;
    // The umask may take bits away but never adds them: say exactly what is meant.
    restrict(folder, 0o700)
}

/// Writes a file paydesk saves for the person: into `exports_folder`, beside its place first and
/// then renamed over it (a failed write never leaves half a file where a good one was), the
/// owner's alone from the start.
pub fn write_export(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    exports_folder(folder)?;
    // tempfile makes the file 0600 on Unix before a byte is written.
    let mut aside = tempfile::NamedTempFile::new_in(folder)?;
    std::io::Write::write_all(&mut aside, bytes)?;
    aside.as_file().sync_all()?;
    aside.persist(path).map_err(|error| error.error)?;
    file(path)
}

#[cfg(unix)]
fn restrict(path: &Path, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let current = std::fs::metadata(path)?.permissions().mode() & 0o777;
    if current != mode {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    }
    Ok(())
}

#[cfg(not(unix))]
fn restrict(path: &Path, _mode: u32) -> io::Result<()> {
    std::fs::metadata(path).map(drop)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn folders_and_files_are_the_owners_alone() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b");
        folder(&nested).unwrap();
        assert_eq!(mode(&nested), 0o700);
        let path = nested.join("ledger.sqlite3");
        create(&path).unwrap();
        assert_eq!(mode(&path), 0o600);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        file(&path).unwrap();
        assert_eq!(mode(&path), 0o600);
        file_if_there(&nested.join("ledger.sqlite3-wal")).unwrap();
    }

    #[test]
    fn an_export_and_the_folders_made_for_it_are_the_owners_alone() {
        let home = tempfile::tempdir().unwrap();
        let documents = home.path().join("Documentos");
        let path = documents.join("paydesk").join("paydesk-QR-PD1.png");
        write_export(&path, b"png").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"png");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(&documents.join("paydesk")), 0o700);
        assert_eq!(
            mode(&documents),
            0o700,
            "made by paydesk, so the owner's alone"
        );
        // Written again over the first: still the owner's alone, nothing left beside it.
        write_export(&path, b"png 2").unwrap();
        assert_eq!(mode(&path), 0o600);
        let names: Vec<_> = std::fs::read_dir(documents.join("paydesk"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn a_folder_the_owner_already_had_keeps_its_permissions() {
        let home = tempfile::tempdir().unwrap();
        let shared = home.path().join("compartida");
        std::fs::create_dir(&shared).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = shared.join("paydesk-cuadre.pdf");
        write_export(&path, b"%PDF").unwrap();
        assert_eq!(mode(&shared), 0o755);
        assert_eq!(mode(&path), 0o600);
    }
}
