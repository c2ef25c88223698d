//! Where commands take effect: [`App::availability`] (whether a command can run
//! now, and if not why — what menus grey out with) and [`App::execute`], the one
//! place that carries out the commands queued during a frame (menus, buttons,
//! shortcuts, dialog answers, dropped files) at its end.
//!
//! Commands that replace the board (New, opening a board, Quit, a generated board)
//! ask about its unsaved changes first, and commands that replace the game in
//! Play (New game, opening a game, Quit) about the game's unsaved moves: the
//! command and every command queued after it wait in the prompt
//! ([`Dialog::Unsaved`]) and run once it is answered. Quit asks about the board,
//! then about the game; each answer holds for the commands that waited.

use super::command::{Command, Confirmed, OpenedGame, Then, Work};
use super::dialogs::{Choice, Dialog, NewBoard};
use super::file_dialog::{FileAction, FileQuestion};
use super::workspace::Mode;
use super::{App, empty_board, file_stem_for, files};
use eframe::egui;
use std::path::Path;

/// What `c` replaces for certain when it runs, whatever it finds: the unsaved
/// work it asks about itself (commands that open a file decide once they have
/// read it, and ask then).
fn replaces(c: &Command) -> &'static [Work] {
    match c {
        Command::NewBoard(_) | Command::ReplaceBoard { .. } => &[Work::Board],
        Command::NewGame(_) => &[Work::Game],
        Command::Quit => Work::ALL,
        _ => &[],
    }
}

impl App {
    /// Whether `c` can run now, and if not why. A command that cannot run is greyed
    /// out in menus and on buttons, and does nothing when its shortcut is pressed.
    pub fn availability(&self, c: &Command) -> Result<(), String> {
        if let Some(j) = self.file_job() {
            return Err(format!("Wait: {}", j.title()));
        }
        let board = self.ws.doc.board();
        match c {
            Command::Undo | Command::Redo => {
                if self.mode == Mode::Play {
                    self.play.availability(c)
                } else if matches!(c, Command::Undo) {
                    self.ws.doc.undo_availability()
                } else {
                    self.ws.doc.redo_availability()
                }
            }
            Command::Delete
            | Command::ClosePolygon
            | Command::RemoveCorner
            | Command::SetTool(_) => {
                if self.mode == Mode::Editor {
                    self.editor.availability(c, board)
                } else {
                    Err("Only in the Editor".into())
                }
            }
            Command::Cancel => match self.mode {
                Mode::Editor => self.editor.availability(c, board),
                Mode::Play => self.play.availability(c),
                Mode::Generator | Mode::Analyze => Err("Nothing to cancel".into()),
            },
            Command::Resign
            | Command::ConfirmResign
            | Command::Swap
            | Command::Hint
            | Command::StopSearch
            | Command::SaveGame
            | Command::SavePicture
            | Command::CopyHexWorldLink
            | Command::Preview(_) => self.play.availability(c),
            Command::StepBack
            | Command::StepForward
            | Command::GoToStart
            | Command::GoToEnd
            | Command::PreviousVariation
            | Command::NextVariation
            | Command::ChooseLine(_)
            | Command::PromoteVariation
            | Command::DeleteVariation => {
                if self.mode == Mode::Play {
                    self.play.availability(c)
                } else {
                    Err("Only in Play".into())
                }
            }
            _ => Ok(()),
        }
    }

    /// The text of `c` in a menu: Undo and Redo name the step ("Undo move vertex",
    /// "Undo move e5").
    pub fn menu_text(&self, c: &Command) -> String {
        let (undo, redo) = self.undo_redo_labels();
        match c {
            Command::Undo => undo,
            Command::Redo => redo,
            _ => None,
        }
        .unwrap_or_else(|| c.text().into_owned())
    }

    /// The Edit menu's labels ("Undo move vertex", "Undo move e5"); `None` when
    /// there is nothing to name.
    pub fn undo_redo_labels(&self) -> (Option<String>, Option<String>) {
        if self.mode == Mode::Play {
            let Some(g) = self.play.game() else {
                return (None, None);
            };
            let undo = g.history().last().map(|m| format!("Undo move {m}"));
            let redo = g
                .recorded_history()
                .get(g.ply())
                .map(|m| format!("Redo move {m}"));
            return (undo, redo);
        }
        let h = self.ws.doc.history();
        (
            h.undo_label().map(|l| format!("Undo {l}")),
            h.redo_label().map(|l| format!("Redo {l}")),
        )
    }

    /// Carry out `c` now, outside a frame (what [`App::open_file`] and the tests use).
    pub fn apply(&mut self, c: Command) {
        self.execute(vec![c], Confirmed::default());
    }

    /// The one place where commands take effect, in order. A command that cannot
    /// run now is dropped. One that would replace unsaved work opens the
    /// unsaved-changes prompt about it unless `confirmed` lets it go; it and the
    /// commands after it then wait for the answer.
    ///
    /// Commands queued together are one action ("New board" next to a game:
    /// the game's board, then a new game on it): what the whole queue will
    /// replace is asked about before any of it runs, so Cancel leaves
    /// everything as it was.
    pub(super) fn execute(&mut self, commands: Vec<Command>, confirmed: Confirmed) {
        let replaced: Vec<Work> = Work::ALL
            .iter()
            .copied()
            .filter(|w| {
                commands
                    .iter()
                    .any(|c| replaces(c).contains(w) && self.availability(c).is_ok())
            })
            .collect();
        if let Some(work) = self.must_ask(&replaced, confirmed) {
            self.ask_unsaved(
                work,
                Then {
                    commands,
                    confirmed,
                },
            );
            return;
        }
        let mut queue = commands.into_iter();
        while let Some(c) = queue.next() {
            if self.availability(&c).is_err() {
                continue;
            }
            if let Some((work, waiting)) = self.apply_one(c, confirmed) {
                let mut commands = vec![waiting];
                commands.extend(queue);
                self.ask_unsaved(
                    work,
                    Then {
                        commands,
                        confirmed,
                    },
                );
                return;
            }
        }
    }

    /// Open the unsaved-changes prompt about `work`, with what waits for it.
    pub(super) fn ask_unsaved(&mut self, work: Work, then: Then) {
        let game = self.play.unsaved_game().unwrap_or_default();
        self.dialog = Some(Dialog::Unsaved { work, game, then });
    }

    /// What replacing `replaces` now must ask about first, if anything (in
    /// the order given): the board with unsaved changes, the game with unsaved
    /// moves, unless `confirmed` lets it go.
    pub(super) fn must_ask(&self, replaces: &[Work], confirmed: Confirmed) -> Option<Work> {
        replaces.iter().copied().find(|&w| {
            !confirmed.covers(w)
                && match w {
                    Work::Board => self.ws.doc.is_dirty(),
                    Work::Game => self.play.unsaved_game().is_some(),
                }
        })
    }

    /// Carry out one command. Returns it, with what it asks about, when it has
    /// to wait for the answer to the unsaved-changes prompt.
    fn apply_one(&mut self, c: Command, confirmed: Confirmed) -> Option<(Work, Command)> {
        const BOARD: &[Work] = &[Work::Board];
        match c {
            Command::NewDialog => self.dialog = Some(Dialog::new_board()),
            Command::NewWizard => {
                self.dialog = Some(Dialog::Wizard(Box::new(super::new_board::Wizard::new(
                    &self.ws.settings.wizard,
                ))))
            }
            Command::NewBoard(what) => {
                if let Some(w) = self.must_ask(BOARD, confirmed) {
                    return Some((w, Command::NewBoard(what)));
                }
                self.new_now(what);
            }
            Command::Open => {
                let all: Vec<&str> = crate::io::BOARD_EXTENSIONS
                    .iter()
                    .chain(&crate::io::GAME_EXTENSIONS)
                    .copied()
                    .collect();
                let q = FileQuestion::open("Open a board or a game")
                    .filter("Boards and games", &all)
                    .filter("Board (RON, OBJ)", &crate::io::BOARD_EXTENSIONS)
                    .filter(
                        "Game (RON, SGF, Little Golem .hsgf, .tsgf and .hgf, T1j .T1)",
                        &crate::io::GAME_EXTENSIONS,
                    )
                    .in_folder(self.dialog_folder().as_deref());
                if let Some(c) = self.ask_file(q, FileAction::Open) {
                    return self.apply_one(c, confirmed);
                }
            }
            Command::ImportObj => {
                let q = FileQuestion::open("Import OBJ")
                    .filter("Wavefront OBJ", &["obj"])
                    .in_folder(self.dialog_folder().as_deref());
                if let Some(c) = self.ask_file(q, FileAction::ImportObj) {
                    return self.apply_one(c, confirmed);
                }
            }
            Command::FileChosen { action, path } => match action {
                FileAction::Open | FileAction::ImportObj => {
                    return self.open_path(&path, confirmed, 1, || Command::OpenPath(path.clone()));
                }
                FileAction::SaveBoard { then } => self.save_board_then(&path, then),
                FileAction::Export(ext) => {
                    let p = if path.extension().is_none() {
                        path.with_extension(&ext)
                    } else {
                        path
                    };
                    let _ = self.export(&p);
                }
                FileAction::SaveGame { then } => {
                    if self.play.save_game_to(&mut self.ws, &path).is_ok() {
                        self.execute(then.commands, then.confirmed.with(Work::Game));
                    }
                }
                FileAction::SavePicture => {
                    let p = if path.extension().is_none() {
                        path.with_extension("svg")
                    } else {
                        path
                    };
                    let _ = self.play.save_picture_to(&mut self.ws, &p);
                }
                FileAction::OpenGame => match super::play::PlayPanel::read_game(&path) {
                    Ok((game, notes)) => {
                        let opened = OpenedGame {
                            game,
                            notes,
                            path: Some(path),
                            dropped: 1,
                        };
                        return self.show_game(opened, confirmed);
                    }
                    Err(e) => self
                        .ws
                        .status
                        .error(format!("Could not open the game: {e}")),
                },
            },
            Command::OpenPath(p) => {
                return self.open_path(&p, confirmed, 1, || Command::OpenPath(p.clone()));
            }
            Command::OpenDropped(paths) => {
                let first = paths.first()?.clone();
                let n = paths.len();
                return self.open_path(&first, confirmed, n, || Command::OpenDropped(paths));
            }
            Command::ShowGame(g) => return self.show_game(*g, confirmed),
            Command::ClearRecent => self.ws.settings.recent.clear(),
            Command::ReopenKept => {
                let board = self.ws.kept.as_ref().map(|k| k.board.clone())?;
                if let Some(w) = self.must_ask(BOARD, confirmed) {
                    return Some((w, Command::ReopenKept));
                }
                // Asked above: the replacement itself goes the usual way.
                let name = super::board_name(&board, "Untitled board");
                self.kept_reopened = true;
                let message = format!(
                    "Reopened \u{201c}{name}\u{201d} from an earlier session: it is not in a file yet (File > Save As…)"
                );
                return self.apply_one(
                    Command::ReplaceBoard {
                        board: Box::new(board),
                        path: None,
                        dirty: false,
                        message,
                    },
                    confirmed,
                );
            }
            Command::ForgetKept => {
                let forgotten = match self.data_dir.as_deref() {
                    Some(dir) => super::kept_board::forget(dir),
                    None => Ok(()),
                };
                match forgotten {
                    Ok(()) => {
                        self.ws.kept = None;
                        self.ws
                            .status
                            .info("Forgot the board kept from an earlier session");
                    }
                    Err(e) => self
                        .ws
                        .status
                        .error(format!("Could not forget the kept board: {e}")),
                }
            }
            Command::Save => self.save_then(Then::nothing()),
            Command::SaveAs => self.save_as_then(Then::nothing()),
            Command::ExportObj | Command::ExportSvg => {
                let (ext, what) = if matches!(c, Command::ExportObj) {
                    ("obj", "Wavefront OBJ")
                } else {
                    ("svg", "SVG picture")
                };
                if let Some(c) = self.export_dialog(ext, what) {
                    return self.apply_one(c, confirmed);
                }
            }
            Command::Quit => {
                if let Some(w) = self.must_ask(Work::ALL, confirmed) {
                    return Some((w, Command::Quit));
                }
                self.close_confirmed = true;
                self.autosave.clear();
                self.ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::ReplaceBoard {
                board,
                path,
                dirty,
                message,
            } => {
                if let Some(w) = self.must_ask(BOARD, confirmed) {
                    return Some((
                        w,
                        Command::ReplaceBoard {
                            board,
                            path,
                            dirty,
                            message,
                        },
                    ));
                }
                self.ws.doc.replace(*board, path, dirty);
                self.ws.status.info(message);
                self.fit_all();
            }
            Command::Undo => self.undo(),
            Command::Redo => self.redo(),
            Command::Delete => self.editor.delete_selected(&mut self.ws),
            Command::Cancel => match self.mode {
                Mode::Editor => self.editor.cancel(&mut self.ws),
                Mode::Play => self.play.cancel(),
                Mode::Generator | Mode::Analyze => {}
            },
            Command::ClosePolygon => self.editor.close_polygon(&mut self.ws),
            Command::RemoveCorner => self.editor.remove_corner(&mut self.ws),
            Command::SetTool(t) => self.editor.set_tool(t, &mut self.ws),
            Command::SetMode(m) => {
                // A message belongs to the tab it was said in (the log keeps it):
                // switching tabs by hand clears it from the status bar.
                if m != self.mode {
                    self.ws.status.message = None;
                }
                self.mode = m;
            }
            Command::Fit => self.canvas_mut().request_fit(),
            Command::ZoomIn => self.canvas_mut().zoom_centre(1.25),
            Command::ZoomOut => self.canvas_mut().zoom_centre(0.8),
            Command::ZoomReset => self.canvas_mut().reset_zoom(),
            Command::ToggleLabels => {
                self.ws.settings.show_labels = !self.ws.settings.show_labels;
                self.apply_theme();
            }
            Command::ToggleCellLabels => {
                self.ws.settings.labels_in_cells = !self.ws.settings.labels_in_cells;
            }
            Command::ToggleMoveNumbers => {
                self.ws.settings.move_numbers = !self.ws.settings.move_numbers;
            }
            Command::ToggleSearch => {
                self.ws.settings.show_search = !self.ws.settings.show_search;
            }
            Command::ToggleSetup => {
                self.ws.settings.show_setup = !self.ws.settings.show_setup;
                self.apply_theme();
            }
            Command::ShowMessages => self.dialog = Some(Dialog::Messages),
            Command::ToggleDark => {
                self.theme_chosen = true;
                self.ws.settings.dark = !self.ws.settings.dark;
                self.apply_theme();
            }
            Command::NewGame(kind) => {
                if let Some(w) = self.must_ask(&[Work::Game], confirmed) {
                    return Some((w, Command::NewGame(kind)));
                }
                self.mode = Mode::Play;
                self.play.start_game(&mut self.ws, kind);
            }
            Command::Analyze(kind) => {
                self.mode = Mode::Analyze;
                self.analyze.start_with(&mut self.ws, kind);
            }
            Command::ConfirmResign => {
                if let Some(who) = self.play.who_to_move() {
                    self.dialog = Some(Dialog::Resign { who });
                }
            }
            Command::Resign => self.play.resign(&mut self.ws),
            Command::Swap => self.play.swap(&mut self.ws),
            Command::Hint => self.play.request_hint(&mut self.ws),
            Command::StopSearch => self.play.stop_search(),
            Command::SaveGame => self.save_game_then(Then::nothing()),
            Command::SavePicture => {
                let folder = self.dialog_folder();
                if let Some(q) = self.play.picture_question(folder.as_deref())
                    && let Some(c) = self.ask_file(q, FileAction::SavePicture)
                {
                    return self.apply_one(c, confirmed);
                }
            }
            Command::PasteGame => {
                self.dialog = Some(Dialog::PasteGame(Box::default()));
            }
            Command::CopyHexWorldLink => {
                if let Some(g) = self.play.game() {
                    match crate::game::record::hexworld_link(g) {
                        Ok((link, notes)) => {
                            self.ctx.copy_text(link.clone());
                            let text = format!("Copied the game's HexWorld link: {link}");
                            self.ws.status.info(super::play::with_notes(text, &notes));
                        }
                        Err(e) => self
                            .ws
                            .status
                            .error(format!("Could not make a HexWorld link: {e}")),
                    }
                }
            }
            Command::OpenGame => {
                let q = super::play::PlayPanel::open_question(self.dialog_folder().as_deref());
                if let Some(c) = self.ask_file(q, FileAction::OpenGame) {
                    return self.apply_one(c, confirmed);
                }
            }
            Command::Preview(ply) => {
                self.play.set_preview(ply);
                if ply.is_none() {
                    self.ws.status.info("Back to the live position");
                }
            }
            Command::StepBack
            | Command::StepForward
            | Command::GoToStart
            | Command::GoToEnd
            | Command::PreviousVariation
            | Command::NextVariation
            | Command::ChooseLine(_)
            | Command::PromoteVariation
            | Command::DeleteVariation => self.play.navigate(&mut self.ws, c),
            Command::ShowShortcuts => self.dialog = Some(Dialog::Shortcuts),
            Command::About => self.dialog = Some(Dialog::About),
            Command::Unsaved { choice, work, then } => match (choice, work) {
                (Choice::Save, Work::Board) => self.save_then(then),
                (Choice::Save, Work::Game) => self.save_game_then(then),
                (Choice::DontSave, w) => {
                    let confirmed = then.confirmed.with(w);
                    self.execute(then.commands, confirmed);
                }
                (Choice::Cancel, _) => self.ws.status.info("Cancelled"),
            },
            Command::RestoreAutosave(left) => {
                let mut summary = left.summary();
                if let Some(b) = left.board {
                    self.ws.doc.replace(b, left.path, true);
                    self.fit_all();
                }
                if let Some(g) = left.game {
                    self.take_games_board(g.board());
                    let from = super::play::GameFrom::Unsaved;
                    if let Some(c) = self.play.set_game(g, from) {
                        summary.push_str("; ");
                        summary.push_str(&c);
                    }
                    self.play.canvas_mut().request_fit();
                }
                self.ws.status.info(format!("Restored {summary}"));
            }
            Command::DiscardAutosave => {
                self.autosave.clear();
                self.ws.status.info("Autosave discarded");
            }
            Command::KeepAutosave => match self.autosave.set_aside() {
                Ok(dir) => self.ws.status.info(format!(
                    "The autosave is kept in {} (open its board.ron or game.ron with File > Open)",
                    dir.display()
                )),
                Err(e) => self
                    .ws
                    .status
                    .error(format!("Could not keep the autosave: {e}")),
            },
        }
        None
    }

    /// A window without a board takes the board of a game opened or restored
    /// in it, as `boardwright game.sgf` does: the Editor and Analyze show it,
    /// and Play's New game can start on it.
    /// Whether it took it.
    fn take_games_board(&mut self, board: &crate::board::Board) -> bool {
        let take = self.ws.doc.board().face_count() == 0 && !self.ws.doc.is_dirty();
        if take {
            self.ws.doc.replace(board.clone(), None, false);
            self.editor.canvas_mut().request_fit();
        }
        take
    }

    /// Open `path`: a game opens in Play, a board replaces the document,
    /// unless that must wait for the unsaved-changes answer: then it returns
    /// what waits (`again()` for a board, the game read for a game) and
    /// nothing happened. `dropped`: how many files came with it (only the
    /// first one opens).
    ///
    /// A big file is read on a worker thread with a progress bar
    /// ([`super::file_job`]); as what it holds is not known before it is
    /// read, it asks about the board's unsaved changes first (and about the
    /// game's when it turns out to hold a game).
    fn open_path(
        &mut self,
        path: &Path,
        confirmed: Confirmed,
        dropped: usize,
        again: impl FnOnce() -> Command,
    ) -> Option<(Work, Command)> {
        let big =
            std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() >= self.big_file_bytes);
        if big && self.file_job().is_none() {
            if let Some(w) = self.must_ask(&[Work::Board], confirmed) {
                return Some((w, again()));
            }
            self.job = Some(super::file_job::FileJob::open(
                path,
                dropped,
                self.file_job_delay,
            ));
            return None;
        }
        match self.read_file(path)? {
            files::Opened::Game(game, notes) => {
                let opened = OpenedGame {
                    game,
                    notes,
                    path: Some(path.to_path_buf()),
                    dropped,
                };
                return self.show_game(opened, confirmed);
            }
            files::Opened::Board { board, notes } => {
                if let Some(w) = self.must_ask(&[Work::Board], confirmed) {
                    return Some((w, again()));
                }
                self.load_board(*board, notes, path);
            }
        }
        self.say_dropped(path, dropped);
        None
    }

    /// Show a game read from a file in Play, unless the game in progress has
    /// unsaved moves and that was not let go yet: then it waits (returned).
    fn show_game(&mut self, g: OpenedGame, confirmed: Confirmed) -> Option<(Work, Command)> {
        if let Some(w) = self.must_ask(&[Work::Game], confirmed) {
            return Some((w, Command::ShowGame(Box::new(g))));
        }
        let OpenedGame {
            game,
            notes,
            path,
            dropped,
        } = g;
        if self.take_games_board(game.board()) {
            self.board_from_file = Some(self.ws.doc.replaced());
        }
        self.play
            .show_opened(&mut self.ws, game, notes, path.as_deref());
        self.play.canvas_mut().request_fit();
        self.mode = Mode::Play;
        if let Some(path) = &path {
            self.say_dropped(path, dropped);
        }
        None
    }

    /// When several files were dropped: say that only `path` was opened.
    pub(super) fn say_dropped(&mut self, path: &Path, dropped: usize) {
        if dropped > 1 {
            self.ws.status.info(format!(
                "Opened {}; only one file can be open at a time ({dropped} were dropped)",
                path.display(),
            ));
        }
    }

    /// Save game…: ask where (the file dialog), save, then carry out `then`
    /// (what waited for the save), but only once it is saved.
    pub(super) fn save_game_then(&mut self, then: Then) {
        let folder = self.dialog_folder();
        if let Some(q) = self.play.save_question(folder.as_deref())
            && let Some(c) = self.ask_file(q, FileAction::SaveGame { then })
        {
            self.execute(vec![c], Confirmed::default());
        }
    }

    fn new_now(&mut self, what: NewBoard) {
        let board = match &what {
            NewBoard::Empty => Ok(empty_board()),
            NewBoard::Preset { name, size } => {
                crate::presets::by_name(name, *size).map_err(|e| e.to_string())
            }
        };
        match board {
            Ok(b) => {
                let text = format!("New board: {}", b.meta().name);
                self.ws.doc.replace(b, None, false);
                self.fit_all();
                if self.mode == Mode::Generator {
                    self.mode = Mode::Editor;
                }
                self.ws.status.info(text);
            }
            Err(e) => self.ws.status.error(e),
        }
    }

    /// File → Export OBJ / SVG: ask where, then [`App::export`].
    fn export_dialog(&mut self, ext: &str, what: &str) -> Option<Command> {
        let name = file_stem_for(self.ws.doc.board());
        let q = FileQuestion::save(
            format!("Export {}", ext.to_uppercase()),
            format!("{name}.{ext}"),
        )
        .filter(what, &[ext])
        .in_folder(self.dialog_folder().as_deref());
        self.ask_file(q, FileAction::Export(ext.to_string()))
    }

    /// Undo: the last board edit (Editor, Generator) or move (Play). The one route
    /// for the menu, Ctrl+Z and the Undo buttons.
    fn undo(&mut self) {
        if self.mode == Mode::Play {
            self.play.undo(&mut self.ws);
            return;
        }
        let label = self.ws.doc.history().undo_label();
        if self.ws.doc.undo() {
            self.ws
                .status
                .info(format!("Undid {}", label.unwrap_or("edit")));
        }
    }

    /// Redo: the undone edit, or in Play the taken-back move.
    fn redo(&mut self) {
        if self.mode == Mode::Play {
            self.play.redo(&mut self.ws);
            return;
        }
        let label = self.ws.doc.history().redo_label();
        match self.ws.doc.redo() {
            Ok(true) => self
                .ws
                .status
                .info(format!("Redid {}", label.unwrap_or("edit"))),
            Ok(false) => {}
            Err(e) => self.ws.status.error(format!("cannot redo: {e}")),
        }
    }
}
