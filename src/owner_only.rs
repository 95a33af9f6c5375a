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
}
