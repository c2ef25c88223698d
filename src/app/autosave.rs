//! Autosave: the unsaved board and the game in progress with unsaved changes are written to
//! `data_dir/autosave/` every [`AUTOSAVE_INTERVAL`] seconds when they changed (and
//! when the app is shut down without a confirmed close), removed on a clean exit,
//! and offered for restore when the app starts and finds them (after a crash).
//!
//! A big board (as many faces as the window saves on a worker thread, see
//! [`Autosave::tick`]) is written by the timer on a thread of its own (what the file holds is taken from the
//! board when the timer fires; the text is made and written on that thread),
//! so the window does not stop for the half second a 1M-face board takes;
//! every other way in ([`Autosave::write`], [`Autosave::clear`], setting aside)
//! first waits for such a write to finish.

use super::files;
use crate::board::Board;
use crate::game::DynGame;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Seconds between two autosaves of a changed document or game.
pub const AUTOSAVE_INTERVAL: f64 = 30.0;

const BOARD_FILE: &str = "board.ron";
const GAME_FILE: &str = "game.ron";
const INFO_FILE: &str = "info.ron";

/// What is written next to the autosaved board: where it came from.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Info {
    /// The file the board was loaded from / saved to, if any.
    path: Option<PathBuf>,
    /// Seconds since the Unix epoch at the time of the autosave.
    saved_at: u64,
}

/// An autosave left behind by a session that did not exit cleanly.
#[derive(Debug)]
pub struct Leftover {
    pub board: Option<Board>,
    /// The file the autosaved board belonged to.
    pub path: Option<PathBuf>,
    pub game: Option<Box<dyn DynGame>>,
    /// When it was written (seconds since the Unix epoch; 0 if unknown).
    pub saved_at: u64,
    /// Parts that could not be read back (the rest can still be restored).
    pub problems: Vec<String>,
}

impl Leftover {
    /// One line describing what can be restored.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if let Some(b) = &self.board {
            let name = if b.meta().name.is_empty() {
                "untitled board".to_string()
            } else {
                format!("board \u{201c}{}\u{201d}", b.meta().name)
            };
            let from = self
                .path
                .as_ref()
                .map(|p| format!(" (from {})", p.display()))
                .unwrap_or_default();
            parts.push(format!("{name} with {} faces{from}", b.face_count()));
        }
        if let Some(g) = &self.game {
            parts.push(format!("{} game after {} moves", g.kind().title(), g.ply()));
        }
        if parts.is_empty() {
            "nothing readable".into()
        } else {
            parts.join(" and ")
        }
    }
}

/// The autosave folder and what was last written to it.
#[derive(Debug)]
pub struct Autosave {
    dir: Option<PathBuf>,
    /// Seconds between autosaves.
    pub interval: f64,
    last_time: Option<f64>,
    written_revision: Option<u64>,
    written_game: Option<String>,
    /// A big board being written on its own thread.
    worker: Option<std::thread::JoinHandle<Result<(), String>>>,
}

impl Autosave {
    /// Autosaves in `data_dir/autosave/` (`None`: autosave disabled).
    pub fn new(data_dir: Option<&Path>) -> Autosave {
        Autosave {
            dir: data_dir.map(|d| d.join("autosave")),
            interval: AUTOSAVE_INTERVAL,
            last_time: None,
            written_revision: None,
            written_game: None,
            worker: None,
        }
    }

    /// Wait for a board being written on its own thread, if one is; its
    /// error, if it failed (the board is then written again next time).
    pub fn wait(&mut self) -> Result<(), String> {
        let Some(w) = self.worker.take() else {
            return Ok(());
        };
        let r = w
            .join()
            .unwrap_or_else(|_| Err("autosave: the writing thread failed".into()));
        if r.is_err() {
            self.written_revision = None;
        }
        r
    }

    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Whether an autosave is on disk.
    pub fn exists(&self) -> bool {
        self.dir
            .as_ref()
            .is_some_and(|d| d.join(BOARD_FILE).exists() || d.join(GAME_FILE).exists())
    }

    /// Read a leftover autosave, if there is one.
    pub fn leftover(&self) -> Option<Leftover> {
        let dir = self.dir.as_ref()?;
        let board_file = dir.join(BOARD_FILE);
        let game_file = dir.join(GAME_FILE);
        if !board_file.exists() && !game_file.exists() {
            return None;
        }
        let mut out = Leftover {
            board: None,
            path: None,
            game: None,
            saved_at: 0,
            problems: Vec::new(),
        };
        if let Ok(text) = std::fs::read_to_string(dir.join(INFO_FILE))
            && let Ok(info) = ron::from_str::<Info>(&text)
        {
            out.path = info.path;
            out.saved_at = info.saved_at;
        }
        if board_file.exists() {
            match crate::io::load_board(&board_file) {
                Ok(l) => out.board = Some(l.board),
                Err(e) => out.problems.push(format!("the autosaved board: {e}")),
            }
        }
        if game_file.exists() {
            match files::open_path(&game_file) {
                Ok(files::Opened::Game(g, _)) => out.game = Some(g),
                Ok(files::Opened::Board { .. }) => out
                    .problems
                    .push("the autosaved game is not a game record".into()),
                Err(e) => out.problems.push(format!("the autosaved game: {e}")),
            }
        }
        Some(out)
    }

    /// Autosave if the interval has passed since the last one (the first call
    /// only starts the clock); a board of `big_board_faces` faces or more on a
    /// thread of its own. Returns an error message if writing failed.
    pub fn tick(
        &mut self,
        now: f64,
        board: &Board,
        doc: (u64, bool, Option<&PathBuf>),
        game: Option<&dyn DynGame>,
        big_board_faces: usize,
    ) -> Result<bool, String> {
        let Some(last) = self.last_time else {
            self.last_time = Some(now);
            return Ok(false);
        };
        if now - last < self.interval {
            return Ok(false);
        }
        if self.worker.as_ref().is_some_and(|w| !w.is_finished()) {
            // The last big board is still being written: next time.
            return Ok(false);
        }
        self.last_time = Some(now);
        self.wait()?;
        let background = board.face_count() >= big_board_faces;
        self.write_now(board, doc, game, background)
    }

    /// Write what changed since the last autosave now: the board if it has unsaved
    /// changes (`doc` = revision, dirty, path), the game if one has moves. Removes
    /// parts that no longer need saving. Returns whether anything was written.
    pub fn write(
        &mut self,
        board: &Board,
        doc: (u64, bool, Option<&PathBuf>),
        game: Option<&dyn DynGame>,
    ) -> Result<bool, String> {
        self.wait()?;
        self.write_now(board, doc, game, false)
    }

    /// [`Autosave::write`], the board on its own thread if `background` (then
    /// "written" means started).
    fn write_now(
        &mut self,
        board: &Board,
        doc: (u64, bool, Option<&PathBuf>),
        game: Option<&dyn DynGame>,
        background: bool,
    ) -> Result<bool, String> {
        let Some(dir) = self.dir.clone() else {
            return Ok(false);
        };
        let (revision, dirty, path) = doc;
        let mut wrote = false;
        let board_file = dir.join(BOARD_FILE);
        if dirty {
            if self.written_revision != Some(revision) || !board_file.exists() {
                std::fs::create_dir_all(&dir)
                    .map_err(|e| format!("autosave: cannot create {}: {e}", dir.display()))?;
                let info = Info {
                    path: path.cloned(),
                    saved_at: std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_secs())
                        .unwrap_or(0),
                };
                let info_file = dir.join(INFO_FILE);
                if background {
                    // What the file holds is taken from the board here; the
                    // text is made and written there. The document's board is
                    // valid (every edit keeps it so): it is not checked again.
                    let file = crate::io::ron::BoardFile::from_board(board);
                    let spawned = std::thread::Builder::new()
                        .name("boardwright-autosave".into())
                        .spawn(move || {
                            crate::io::save_board_file(&file, &board_file)
                                .map_err(|e| format!("autosave: {e}"))?;
                            write_info(&info, &info_file)
                        });
                    match spawned {
                        Ok(w) => self.worker = Some(w),
                        Err(e) => return Err(format!("autosave: cannot start a thread: {e}")),
                    }
                } else {
                    files::save_board(board, &board_file).map_err(|e| format!("autosave: {e}"))?;
                    write_info(&info, &info_file)?;
                }
                self.written_revision = Some(revision);
                wrote = true;
            }
        } else {
            remove(&board_file);
            remove(&dir.join(INFO_FILE));
            self.written_revision = None;
        }
        let game_file = dir.join(GAME_FILE);
        match game.filter(|g| g.recorded_len() > 0) {
            Some(g) => {
                let text = crate::game::record::save_record(g);
                if self.written_game.as_deref() != Some(text.as_str()) || !game_file.exists() {
                    std::fs::create_dir_all(&dir)
                        .map_err(|e| format!("autosave: cannot create {}: {e}", dir.display()))?;
                    crate::io::atomic::write_atomic(&game_file, text.as_bytes())
                        .map_err(|e| format!("autosave: cannot write {GAME_FILE}: {e}"))?;
                    self.written_game = Some(text);
                    wrote = true;
                }
            }
            None => {
                remove(&game_file);
                self.written_game = None;
            }
        }
        Ok(wrote)
    }

    /// Move the autosave into a folder of its own next to it (`kept-<seconds>/`),
    /// where later autosaves do not overwrite it, and return that folder: what
    /// dismissing the restore offer without an answer (Esc) does. Its `board.ron`
    /// opens with File → Open like any board, `game.ron` like any game.
    pub fn set_aside(&mut self) -> Result<PathBuf, String> {
        // (A write that failed only means there is less to keep.)
        let _ = self.wait();
        let dir = self
            .dir
            .clone()
            .ok_or_else(|| "there is no autosave folder".to_string())?;
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let mut kept = dir.join(format!("kept-{secs}"));
        let mut n = 1;
        while kept.exists() {
            n += 1;
            kept = dir.join(format!("kept-{secs}-{n}"));
        }
        std::fs::create_dir_all(&kept)
            .map_err(|e| format!("cannot create {}: {e}", kept.display()))?;
        for f in [BOARD_FILE, GAME_FILE, INFO_FILE] {
            let from = dir.join(f);
            if from.exists() {
                std::fs::rename(&from, kept.join(f)).map_err(|e| {
                    format!("cannot move {} to {}: {e}", from.display(), kept.display())
                })?;
            }
        }
        self.written_revision = None;
        self.written_game = None;
        Ok(kept)
    }

    /// Remove the autosave (clean exit, or the user discarded it).
    pub fn clear(&mut self) {
        let _ = self.wait();
        if let Some(dir) = &self.dir {
            for f in [BOARD_FILE, GAME_FILE, INFO_FILE] {
                remove(&dir.join(f));
            }
            let _ = std::fs::remove_dir(dir);
        }
        self.written_revision = None;
        self.written_game = None;
    }
}

/// Write where the autosaved board came from.
fn write_info(info: &Info, path: &Path) -> Result<(), String> {
    let text = ron::to_string(info).map_err(|e| format!("autosave: {e}"))?;
    crate::io::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("autosave: cannot write {INFO_FILE}: {e}"))
}

fn remove(p: &Path) {
    if p.exists() {
        let _ = std::fs::remove_file(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn writes_only_unsaved_work_and_reads_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = Autosave::new(Some(dir.path()));
        let b = presets::hex(3);
        let path = PathBuf::from("/boards/hex.ron");
        assert!(!a.write(&b, (1, false, Some(&path)), None).unwrap());
        assert!(!a.exists(), "a clean document needs no autosave");
        assert!(a.write(&b, (2, true, Some(&path)), None).unwrap());
        assert!(
            !a.write(&b, (2, true, Some(&path)), None).unwrap(),
            "unchanged"
        );
        let left = a.leftover().unwrap();
        assert_eq!(left.board.as_ref(), Some(&b));
        assert_eq!(left.path.as_ref(), Some(&path));
        assert!(left.problems.is_empty());
        assert!(left.summary().contains("Hex"));
        // Saved meanwhile: the autosaved board goes away.
        a.write(&b, (3, false, Some(&path)), None).unwrap();
        assert!(a.leftover().is_none());
    }

    /// A big board is written on a thread of its own when the timer fires:
    /// the same file as a direct write, and nothing is left behind when the
    /// autosave is cleared while it is still being written.
    #[test]
    fn the_timer_writes_a_big_board_on_its_own_thread() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = Autosave::new(Some(dir.path()));
        a.interval = 1.0;
        let b = presets::square_grid(320, 320);
        // As many faces as the window saves on a worker thread.
        let big = 100_000;
        assert!(b.face_count() >= big);
        assert!(!a.tick(0.0, &b, (2, true, None), None, big).unwrap());
        assert!(a.tick(2.0, &b, (2, true, None), None, big).unwrap());
        assert!(a.worker.is_some(), "written on its own thread");
        a.wait().unwrap();
        assert!(a.worker.is_none());
        let left = a.leftover().unwrap();
        assert_eq!(left.board.as_ref(), Some(&b));
        // Cleared in the middle of a write: the write finishes first.
        a.written_revision = None;
        assert!(a.tick(10.0, &b, (4, true, None), None, big).unwrap());
        a.clear();
        assert!(!a.exists());
        assert!(!dir.path().join("autosave").exists());
        // A direct write (closing the window) also waits for one.
        assert!(a.tick(20.0, &b, (5, true, None), None, big).unwrap());
        assert!(
            !a.write(&b, (5, true, None), None).unwrap(),
            "already written"
        );
        assert!(a.worker.is_none());
    }

    #[test]
    fn the_timer_waits_for_the_interval() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = Autosave::new(Some(dir.path()));
        let b = presets::hex(2);
        assert!(!a.tick(0.0, &b, (2, true, None), None, usize::MAX).unwrap());
        assert!(
            !a.tick(
                AUTOSAVE_INTERVAL - 1.0,
                &b,
                (2, true, None),
                None,
                usize::MAX
            )
            .unwrap()
        );
        assert!(!a.exists());
        assert!(
            a.tick(
                AUTOSAVE_INTERVAL + 0.5,
                &b,
                (2, true, None),
                None,
                usize::MAX
            )
            .unwrap()
        );
        assert!(a.exists());
        a.clear();
        assert!(!a.exists());
        assert!(!dir.path().join("autosave").exists());
    }

    #[test]
    fn a_damaged_autosave_is_reported_not_fatal() {
        let dir = tempfile::tempdir().unwrap();
        let a = Autosave::new(Some(dir.path()));
        let d = dir.path().join("autosave");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join(BOARD_FILE), "(this is not a board").unwrap();
        std::fs::write(d.join(INFO_FILE), "garbage").unwrap();
        let left = a.leftover().unwrap();
        assert!(left.board.is_none() && left.game.is_none());
        assert_eq!(left.problems.len(), 1);
        assert!(left.problems[0].contains("autosaved board"));
        assert_eq!(left.summary(), "nothing readable");
    }

    #[test]
    fn a_game_in_progress_is_autosaved_with_its_moves() {
        use crate::game::{RulesKind, new_game};
        use crate::rules::GameOptions;
        let dir = tempfile::tempdir().unwrap();
        let mut a = Autosave::new(Some(dir.path()));
        let board = presets::hex(3);
        let mut g = new_game(
            RulesKind::Hex,
            std::sync::Arc::new(board.clone()),
            &GameOptions::default(),
        )
        .unwrap();
        assert!(!a.write(&board, (1, false, None), Some(g.as_ref())).unwrap());
        for _ in 0..2 {
            let m = g.legal_moves()[0].clone();
            g.play_str(&m).unwrap();
        }
        assert!(a.write(&board, (1, false, None), Some(g.as_ref())).unwrap());
        let left = a.leftover().unwrap();
        assert!(left.board.is_none(), "the board itself was saved");
        assert!(left.summary().contains("after 2 moves"));
        let back = left.game.expect("the game is restored");
        assert_eq!(back.history(), g.history());
        // The game was closed: its autosave goes.
        a.write(&board, (1, false, None), None).unwrap();
        assert!(a.leftover().is_none());
    }

    #[test]
    fn an_autosave_set_aside_is_kept_whole_and_no_longer_offered() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = Autosave::new(Some(dir.path()));
        let b = presets::hex(3);
        a.write(&b, (2, true, None), None).unwrap();
        let kept = a.set_aside().unwrap();
        assert!(a.leftover().is_none(), "no longer offered");
        let back = crate::io::load_board(kept.join(BOARD_FILE)).unwrap();
        assert_eq!(back.board, b);
        // The next autosave does not touch it.
        a.write(&presets::hex(2), (3, true, None), None).unwrap();
        assert_eq!(
            crate::io::load_board(kept.join(BOARD_FILE)).unwrap().board,
            b
        );
        // Clearing the current autosave leaves the kept one alone.
        a.clear();
        assert!(kept.join(BOARD_FILE).exists());
    }

    #[test]
    fn no_data_folder_means_no_autosave() {
        let mut a = Autosave::new(None);
        let b = presets::hex(2);
        assert!(!a.write(&b, (2, true, None), None).unwrap());
        assert!(a.leftover().is_none());
    }
}
