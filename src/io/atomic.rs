//! Atomic file writes: the new contents go to a temporary file in the same
//! folder, which is flushed to disk and then renamed over the target. An error
//! mid-write leaves the old file untouched and no temporary behind.
//!
//! A writer killed mid-write (power loss, `kill -9`) cannot remove its
//! temporary, `.<name>.<pid>.<n>.tmp`. The next write to that folder removes
//! such leftovers — only files of exactly that pattern, and only stale ones:
//! untouched for [`STALE_AFTER`], or untouched for [`ORPHAN_GRACE`] when no
//! process with the writer's pid runs on this machine (checked through
//! `/proc` where there is one; elsewhere only the age counts). A live writer
//! keeps touching its temporary, so it is never taken from under it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, SystemTime};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A temporary of our pattern untouched this long is a leftover, whoever wrote it.
pub const STALE_AFTER: Duration = Duration::from_secs(60 * 60);
/// A temporary whose writer's process is gone is a leftover once untouched this long.
pub const ORPHAN_GRACE: Duration = Duration::from_secs(2 * 60);

/// Write `bytes` to `path` atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Write to `path` atomically, the contents produced by `fill`. If `fill` (or
/// anything after it) fails, the temporary file is removed and `path` keeps
/// its old contents.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(io::ErrorKind::InvalidInput, "the path does not name a file")
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ));
    }
    remove_stale_temporaries(&dir);
    let (tmp_path, file) = create_temp(&dir, &name.to_string_lossy())?;
    let result = (|| {
        if let Ok(meta) = fs::metadata(path) {
            // Keep the permissions of the file being replaced.
            file.set_permissions(meta.permissions())?;
        }
        let mut w = BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp_path, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp_path);
        return Err(e);
    }
    // Make the rename itself durable (best effort: not every platform allows
    // opening a directory).
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The writer's pid if `file_name` is one of our temporaries, `.<name>.<pid>.<n>.tmp`.
fn temporary_pid(file_name: &str) -> Option<u32> {
    let rest = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = rest.rsplitn(3, '.');
    let n = parts.next()?;
    let pid = parts.next()?;
    let target = parts.next()?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if target.is_empty() || !digits(n) || !digits(pid) {
        return None;
    }
    n.parse::<u32>().ok()?;
    pid.parse().ok()
}

/// Whether a process with `pid` runs on this machine; `None` when that cannot be told.
fn process_alive(pid: u32) -> Option<bool> {
    if !Path::new("/proc/self").exists() {
        return None;
    }
    Some(Path::new(&format!("/proc/{pid}")).exists())
}

/// Remove leftover temporaries of killed writes from `dir` (see the module docs).
/// Best effort: a file that cannot be read or removed is left alone.
pub fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_pid) else {
            continue;
        };
        // A regular file (not a link or a folder), and how long untouched.
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        if !meta.file_type().is_file() {
            continue;
        }
        let Some(idle) = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
        else {
            continue;
        };
        let orphan = pid != std::process::id() && process_alive(pid) == Some(false);
        if idle >= STALE_AFTER || (orphan && idle >= ORPHAN_GRACE) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn create_temp(dir: &Path, name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let mut last = None;
    for _ in 0..100 {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let p = dir.join(format!(".{name}.{pid}.{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&p) {
            Ok(f) => return Ok((p, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("could not create a temporary file")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_cleans_up() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let err = write_atomic_with(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "temporary file left behind");
    }

    #[test]
    fn only_our_temporaries_are_recognised() {
        assert_eq!(temporary_pid(".board.ron.1234.0.tmp"), Some(1234));
        assert_eq!(temporary_pid(".a.b.c.77.12.tmp"), Some(77));
        for other in [
            "board.ron.1234.0.tmp",
            ".board.ron.tmp",
            ".1234.0.tmp",
            ".board.ron.12x4.0.tmp",
            ".board.ron.1234.0.tmp~",
            ".board.ron.-1.0.tmp",
            ".board.ron..0.tmp",
        ] {
            assert_eq!(temporary_pid(other), None, "{other}");
        }
    }

    /// A pid no process has: a child that already exited.
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    fn touch(path: &Path, age: Duration) {
        let f = File::create(path).unwrap();
        f.set_modified(SystemTime::now() - age).unwrap();
    }

    /// Leftovers of writes killed mid-way go on the next write to the folder;
    /// everything else stays.
    #[test]
    fn stale_temporaries_are_removed_by_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let me = std::process::id();
        let gone = dead_pid();
        let minute = Duration::from_secs(60);
        let stale = [
            // The writer's process is gone and it has been quiet for a while.
            format!(".game.ron.{gone}.0.tmp"),
            // Untouched for hours, whoever wrote it.
            format!(".old.obj.{me}.3.tmp"),
        ];
        let kept = [
            // The writer is gone but the file was touched a moment ago.
            format!(".fresh.ron.{gone}.1.tmp"),
            // Our own process, recently: possibly a write in progress.
            format!(".busy.ron.{me}.9.tmp"),
            // Not our pattern at all.
            ".notes.tmp".to_string(),
            "draft.ron.1.2.tmp".to_string(),
            "board.ron".to_string(),
        ];
        touch(&d.join(&stale[0]), 5 * minute);
        touch(&d.join(&stale[1]), 3 * 60 * minute);
        touch(&d.join(&kept[0]), Duration::ZERO);
        touch(&d.join(&kept[1]), minute);
        for k in &kept[2..] {
            touch(&d.join(k), 3 * 60 * minute);
        }
        // A folder with the pattern's name is never removed.
        fs::create_dir(d.join(format!(".dir.{gone}.0.tmp"))).unwrap();
        write_atomic(&d.join("board.ron"), b"new").unwrap();
        for s in &stale {
            assert!(!d.join(s).exists(), "{s} left behind");
        }
        for k in &kept {
            assert!(d.join(k).exists(), "{k} removed");
        }
        assert!(d.join(format!(".dir.{gone}.0.tmp")).is_dir());
        assert_eq!(fs::read(d.join("board.ron")).unwrap(), b"new");
    }
}
