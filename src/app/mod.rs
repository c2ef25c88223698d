//! The egui application: one window with four modes (Editor, Play, Generator,
//! Analyze)
//! sharing a [`workspace::Workspace`] (the document, status line and settings).
//!
//! The app only draws and turns input into commands: what the user asks for
//! (menus, buttons, keys, dialog answers) is a [`command::Command`] queued during
//! the frame and carried out in one place at its end (`apply.rs`); board changes
//! are [`crate::edit::BoardEdit`] values applied by [`workspace::Document`], moves
//! are typed move handles played through [`crate::game::DynGame`].
//!
//! Layout: `mod.rs` (the window: menu bar, tabs, status bar, the frame), `command.rs`
//! (the command type: text, tooltip, shortcuts), `apply.rs` (when a command can run
//! and carrying it out), `menu.rs`, `dialogs.rs`, `file_dialog.rs`, `workspace.rs`
//! (shared state and the command queue), `editor/` (the editor panel, one file per
//! tool), `play/` (play mode), `generator.rs` (generator mode), `analyze/` (the
//! balance lab), `canvas.rs` +
//! `view.rs` (the board view every mode draws with).

pub mod analyze;
mod apply;
pub mod autosave;
pub mod canvas;
mod canvas_cache;
mod canvas_style;
pub mod command;
pub mod dialogs;
pub mod editor;
pub mod file_dialog;
pub mod file_job;
pub mod files;
pub mod frame_stats;
pub mod generator;
pub mod heap;
pub mod kept_board;
pub mod menu;
pub mod new_board;
pub mod paste_game;
pub mod play;
mod popup;
mod start_card;
pub mod suitability;
pub mod view;
pub mod vocabulary;
pub mod workspace;

use crate::board::{Board, FaceKind};
use crate::game::DynGame;
use autosave::Autosave;
use canvas::{Canvas, CanvasStyle};
use command::Command;
use dialogs::{Dialog, NewBoard};
use eframe::egui;
use file_dialog::{Answer, FileAction, FileChooser, FileQuestion, InAppPicker};
use std::path::{Path, PathBuf};
use workspace::{Mode, Settings, Workspace};

/// What the window starts with.
#[derive(Debug, Default)]
pub struct AppOptions {
    /// The board to show, if one was loaded.
    pub board: Option<Board>,
    /// Where it came from (shown in the title).
    pub path: Option<PathBuf>,
    /// The file the window was started with — a board, an import (which has
    /// no `path` until it is saved) or a game — put at the top of Open Recent.
    pub opened: Option<PathBuf>,
    /// A saved game to show in Play mode (opened from the command line).
    pub game: Option<Box<dyn DynGame>>,
    /// Messages for the user (e.g. what loading the file reported), shown in the status bar.
    pub notes: Vec<String>,
    /// Why the file the window was started with could not be opened: shown in
    /// red in the status bar of a window that opens without it.
    pub error: Option<String>,
    /// Folder for autosaves; `None` = the platform's data folder for the app.
    pub data_dir: Option<PathBuf>,
    /// Seconds between autosaves (default [`autosave::AUTOSAVE_INTERVAL`]).
    pub autosave_interval: Option<f64>,
    /// Answers the app's "pick a file" questions; `None` = the native file dialog.
    pub file_chooser: Option<FileChooser>,
    /// Where the game clock reads the time (default: the real time; tests
    /// hand in a time they move on themselves).
    pub time: play::clock::TimeSource,
}

impl Clone for AppOptions {
    fn clone(&self) -> Self {
        AppOptions {
            board: self.board.clone(),
            path: self.path.clone(),
            opened: self.opened.clone(),
            game: self.game.as_ref().map(|g| g.clone_box()),
            notes: self.notes.clone(),
            error: self.error.clone(),
            data_dir: self.data_dir.clone(),
            autosave_interval: self.autosave_interval,
            file_chooser: self.file_chooser.clone(),
            time: self.time.clone(),
        }
    }
}

impl AppOptions {
    /// The window started with the file at `path` (the command line's
    /// `boardwright FILE`), read by the same code as File → Open: a board
    /// (with its notes), a saved game shown in Play mode, or — when the file
    /// cannot be opened — no file and the reason in [`AppOptions::error`], so
    /// that a window launched from a file manager still says why.
    pub fn for_file(path: &Path) -> AppOptions {
        let mut opts = AppOptions::default();
        match files::open_path(path) {
            Ok(files::Opened::Board { board, notes }) => {
                opts.board = Some(*board);
                opts.notes = notes;
                // Imports have no RON file yet: Save asks where to put one.
                opts.path = files::save_path_for(path);
                opts.opened = Some(path.to_path_buf());
            }
            Ok(files::Opened::Game(game, notes)) => {
                opts.notes = notes;
                opts.board = Some(game.board().as_ref().clone());
                opts.game = Some(game);
                opts.opened = Some(path.to_path_buf());
            }
            Err(e) => opts.error = Some(e.replace(['\n', '\r'], " ")),
        }
        opts
    }
}

/// Height of the status bar (one line, whatever it says).
const STATUS_BAR_HEIGHT: f32 = 24.0;

/// Keys of the values kept in eframe's storage.
const SETTINGS_KEY: &str = "boardwright.settings";
const MODE_KEY: &str = "boardwright.mode";
const GENERATOR_KEY: &str = "boardwright.generator";
const ANALYZE_KEY: &str = "boardwright.analyze";

/// The folder for autosaves when none is given: the platform's data folder.
pub fn default_data_dir() -> Option<PathBuf> {
    eframe::storage_dir("boardwright")
}

/// Open the window and run until it is closed.
pub fn run(opts: AppOptions) -> Result<(), String> {
    let title = window_title(opts.board.as_ref(), opts.path.as_ref(), false);
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("boardwright")
            .with_inner_size([1200.0, 800.0])
            .with_min_inner_size([480.0, 320.0]),
        ..Default::default()
    };
    eframe::run_native(
        "boardwright",
        native,
        Box::new(move |cc| Ok(Box::new(App::new(&cc.egui_ctx, cc.storage, opts)))),
    )
    .map_err(|e| format!("could not open the window: {e}"))
}

/// "• name — path — boardwright" (the dot when unsaved), leaving out what is unknown.
pub fn window_title(board: Option<&Board>, path: Option<&PathBuf>, dirty: bool) -> String {
    let mut parts = Vec::new();
    if let Some(b) = board.filter(|b| !b.meta().name.is_empty()) {
        parts.push(b.meta().name.clone());
    }
    if let Some(p) = path {
        parts.push(p.display().to_string());
    }
    parts.push("boardwright".into());
    let t = parts.join(" — ");
    if dirty { format!("• {t}") } else { t }
}

/// A board with no faces (File → New → Empty, or no file given).
pub fn empty_board() -> Board {
    Board::empty(crate::board::BoardMeta {
        name: "Untitled".into(),
        ..Default::default()
    })
}

/// Human-readable face kind.
pub fn kind_name(kind: &FaceKind) -> String {
    match kind {
        FaceKind::Cell => "cell".to_string(),
        FaceKind::Blocked => "blocked".to_string(),
        FaceKind::FixedRegion => "fixed region".to_string(),
        FaceKind::Garden => "garden".to_string(),
        FaceKind::Other(s) => s.clone(),
    }
}

/// "1 face", "3 faces", "2 vertices": a count with its noun in the right number.
pub(crate) use crate::ops::count;

/// "col 3 row 12": a grid position counted from 1, like the labels ("c12").
pub fn grid_position(c: crate::board::GridCoord) -> String {
    format!("col {} row {}", c.col as i64 + 1, c.row as i64 + 1)
}

/// "a1 · face #0 · cell · 4 sides · …" for the status bar.
pub fn face_description(b: &Board, f: crate::mesh::FaceId) -> String {
    let mut text = format!(
        "{}  ·  face #{}  ·  {}  ·  {}",
        b.face_name(f),
        f.0,
        kind_name(&b.faces().kinds()[f.index()]),
        count(b.mesh().face_degree(f), "side")
    );
    if let Some(c) = b.coord(f) {
        text.push_str(&format!("  ·  {}", grid_position(c)));
    }
    if let Some(r) = b.faces().regions()[f.index()] {
        text.push_str(&format!("  ·  region {r}"));
    }
    if let Some(&(_, p)) = b.setup().pieces.iter().find(|(g, _)| *g == f) {
        text.push_str(&format!("  ·  start piece of player {}", p + 1));
    }
    text
}

/// The application window.
pub struct App {
    pub ws: Workspace,
    pub mode: Mode,
    pub editor: editor::EditorPanel,
    pub play: play::PlayPanel,
    pub generator: generator::GeneratorPanel,
    pub analyze: analyze::AnalyzePanel,
    /// Where autosaves go (`data_dir/autosave/`).
    pub data_dir: Option<PathBuf>,
    pub autosave: Autosave,
    dialog: Option<Dialog>,
    /// Answers "pick a file" (the native dialog, or a test's function).
    chooser: FileChooser,
    /// Whether the theme was chosen (stored settings or View → Dark theme); until
    /// then the app follows the system theme.
    theme_chosen: bool,
    /// The window may close: nothing was unsaved or the user answered the prompt.
    close_confirmed: bool,
    ctx: egui::Context,
    title: String,
    /// The mode the central panel showed last frame (to notice mode switches).
    shown_mode: Mode,
    /// Whether the user was told that the desktop has no file dialog (said once).
    told_no_native_dialog: bool,
    /// Frame-rate measurement (`BOARDWRIGHT_FRAME_STATS`).
    frame_stats: frame_stats::FrameStats,
    /// A big file being opened or saved on a worker thread.
    job: Option<file_job::FileJob>,
    /// Files at least this large open on a worker thread (default
    /// [`file_job::BIG_FILE_BYTES`]; tests lower it).
    pub big_file_bytes: u64,
    /// Boards with at least this many faces save on a worker thread (default
    /// [`file_job::BIG_BOARD_FACES`]).
    pub big_board_faces: usize,
    /// How long a file job's worker waits before it starts (zero; tests
    /// lengthen it to see the progress window of a job that would otherwise
    /// end within a frame).
    pub file_job_delay: std::time::Duration,
    /// A board opened during a game whose check of which games suit it runs
    /// on a worker: its revision, to ask about a new game on it once the
    /// check is done ([`App::offer_new_game`]).
    offer_waiting: Option<u64>,
    /// The board ([`Document::replaced`]) whose games Play's setup has
    /// followed ([`App::follow_new_board`]).
    ///
    /// [`Document::replaced`]: workspace::Document::replaced
    play_followed: Option<u64>,
    /// The board kept from an earlier session was reopened this session: it
    /// is forgotten at the close unless the board then is kept in its place.
    kept_reopened: bool,
    /// The document's board as read from a file that still holds it (an
    /// import, a game's board): [`Document::replaced`] then. It is not kept
    /// at the close ([`App::keep_board`]): the file has it, and Open Recent
    /// lists the file.
    ///
    /// [`Document::replaced`]: workspace::Document::replaced
    board_from_file: Option<u64>,
}

impl App {
    /// The app as the window (and the UI tests) create it. `storage` holds the
    /// settings and mode of the last run.
    pub fn new(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        mut opts: AppOptions,
    ) -> App {
        let settings = storage.and_then(|s| eframe::get_value::<Settings>(s, SETTINGS_KEY));
        let mode = storage.and_then(|s| eframe::get_value::<Mode>(s, MODE_KEY));
        let generator_settings = storage
            .and_then(|s| eframe::get_value::<generator::GeneratorSettings>(s, GENERATOR_KEY));
        let analyze_settings =
            storage.and_then(|s| eframe::get_value::<analyze::AnalyzeSettings>(s, ANALYZE_KEY));
        let clock_setup = storage
            .and_then(|s| eframe::get_value::<play::clock::ClockSetup>(s, play::clock::CLOCK_KEY));
        let game_setup = storage
            .and_then(|s| eframe::get_value::<play::setup::SavedSetup>(s, play::setup::SETUP_KEY));
        let seat_setup = storage.and_then(|s| {
            eframe::get_value::<play::computer::SeatSetup>(s, play::computer::SEATS_KEY)
        });
        let has_board = opts.board.is_some();
        let board = opts.board.unwrap_or_else(empty_board);
        let mut ws = Workspace::new(board, opts.path.clone());
        let theme_chosen = settings.is_some();
        match settings {
            Some(s) => ws.settings = s,
            None => ws.settings.dark = ctx.global_style().visuals.dark_mode,
        }
        let data_dir = opts.data_dir.or_else(default_data_dir);
        let mut autosave = Autosave::new(data_dir.as_deref());
        if let Some(i) = opts.autosave_interval {
            autosave.interval = i.max(0.0);
        }
        let mut app = App {
            ws,
            mode: mode.unwrap_or_default(),
            shown_mode: mode.unwrap_or_default(),
            editor: editor::EditorPanel::new(),
            play: play::PlayPanel::new(),
            generator: generator::GeneratorPanel::new(),
            analyze: analyze::AnalyzePanel::new(),
            data_dir,
            autosave,
            dialog: None,
            chooser: opts.file_chooser.unwrap_or_default(),
            theme_chosen,
            close_confirmed: false,
            ctx: ctx.clone(),
            title: String::new(),
            told_no_native_dialog: false,
            frame_stats: frame_stats::FrameStats::from_env(),
            job: None,
            big_file_bytes: file_job::BIG_FILE_BYTES,
            big_board_faces: file_job::BIG_BOARD_FACES,
            file_job_delay: std::time::Duration::ZERO,
            offer_waiting: None,
            play_followed: None,
            kept_reopened: false,
            board_from_file: None,
        };
        if let Some(g) = generator_settings {
            app.generator.restore(g);
        }
        if let Some(a) = analyze_settings {
            app.analyze.restore(a);
        }
        app.play.time = opts.time;
        if let Some(c) = clock_setup {
            app.play.setup.clock = c;
        }
        if let Some(s) = game_setup {
            app.play.setup.restore(s);
        }
        if let Some(s) = seat_setup {
            (app.play.setup.seats, app.play.setup.seconds) = s.seats();
            app.play.setup.resign = s.resign;
            app.play.setup.ponder = s.ponder;
        }
        if has_board && opts.game.is_none() {
            // The board's own games come before the last launch's choice.
            app.follow_new_board();
        }
        if opts.opened.is_some() {
            app.board_from_file = Some(app.ws.doc.replaced());
        }
        if let Some(p) = opts.opened.as_ref().or(opts.path.as_ref()) {
            app.ws.settings.add_recent(p);
        }
        app.apply_theme();
        if let Some(g) = opts.game {
            // One line, as File → Open's: what was opened, what reading it
            // noted, and which sides the computer plays.
            // A game handed in without its file (not the command line's) counts
            // as unsaved.
            let text = play::opened_text(g.as_ref(), opts.opened.as_deref());
            let from = match &opts.opened {
                Some(p) => play::GameFrom::File(p),
                None => play::GameFrom::Unsaved,
            };
            opts.notes.extend(app.play.set_game(g, from));
            app.ws
                .status
                .info(play::with_notes(text, &std::mem::take(&mut opts.notes)));
            app.mode = Mode::Play;
        } else if !has_board {
            app.ws
                .status
                .info("No board: draw one, or File > New or Open");
        }
        // Last, so that the status bar shows what loading the file noted.
        if !opts.notes.is_empty() {
            app.ws.status.info(opts.notes.join("; "));
        }
        if let Some(e) = opts.error {
            app.ws.status.error(e);
        }
        if let Some(left) = app.autosave.leftover() {
            app.dialog = Some(Dialog::Restore(Box::new(left)));
        }
        // A window started without a file offers the board an earlier session
        // ended with, unsaved (on the start card).
        if !has_board && app.play.game().is_none() {
            match kept_board::find(app.data_dir.as_deref()) {
                Ok(kept) => app.ws.kept = kept,
                Err(e) => app.ws.status.error(e),
            }
        }
        app
    }

    /// The canvas of the current mode.
    pub fn canvas_mut(&mut self) -> &mut Canvas {
        match self.mode {
            Mode::Editor => self.editor.canvas_mut(),
            Mode::Play => self.play.canvas_mut(),
            Mode::Generator => self.generator.canvas_mut(),
            Mode::Analyze => self.analyze.canvas_mut(),
        }
    }

    /// The dialog on screen, if any.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// Whether the window is allowed to close (nothing unsaved, or the user
    /// answered the unsaved-changes prompt).
    pub fn close_confirmed(&self) -> bool {
        self.close_confirmed
    }

    fn apply_theme(&mut self) {
        let (theme, style) = if self.ws.settings.dark {
            (egui::Theme::Dark, CanvasStyle::dark())
        } else {
            (egui::Theme::Light, CanvasStyle::light())
        };
        if self.theme_chosen {
            self.ctx.set_theme(theme);
        }
        for c in [
            self.editor.canvas_mut(),
            self.play.canvas_mut(),
            self.generator.canvas_mut(),
            self.analyze.canvas_mut(),
        ] {
            c.style = style.clone();
            c.show_labels = self.ws.settings.show_labels;
            c.show_setup = self.ws.settings.show_setup;
        }
    }

    // ----- files -------------------------------------------------------------

    /// Open a board (`.ron`, `.obj`) or a saved game (`.ron` record, `.sgf`) now:
    /// [`Command::OpenPath`], what File → Open, Open Recent and drag and drop do. A
    /// board replaces the document (asking about unsaved changes first); a game
    /// opens in Play mode. Errors go to the status bar and change nothing.
    pub fn open_file(&mut self, path: &Path) {
        self.apply(Command::OpenPath(path.to_path_buf()));
    }

    fn read_file(&mut self, path: &Path) -> Option<files::Opened> {
        if !path.exists() {
            self.ws.status.error(format!(
                "cannot open {}: the file does not exist",
                path.display()
            ));
            return None;
        }
        match files::open_path(path) {
            Ok(o) => Some(o),
            Err(e) => {
                self.ws.status.error(e.replace(['\n', '\r'], " "));
                None
            }
        }
    }

    fn load_board(&mut self, board: Board, notes: Vec<String>, path: &Path) {
        let save_to = files::save_path_for(path);
        let is_ron = save_to.is_some();
        self.ws.doc.replace(board, save_to, false);
        self.board_from_file = Some(self.ws.doc.replaced());
        self.fit_all();
        self.ws.settings.add_recent(path);
        if self.mode == Mode::Generator {
            self.mode = Mode::Editor;
        }
        let mut text = if is_ron {
            format!("Opened {}", path.display())
        } else {
            format!(
                "Imported {} (Save asks where to keep it as .ron)",
                path.display()
            )
        };
        if !notes.is_empty() {
            text.push_str(" — ");
            text.push_str(&notes.join("; "));
        }
        self.ws.status.info(text);
        self.offer_new_game();
    }

    /// In Play with a game on, a newly opened board asks whether to start a new
    /// game on it (the game in progress keeps its own copy of the old board).
    /// A big board is checked on a worker first; the question comes when the
    /// check is done ([`App::offer_when_checked`]), and the window goes on.
    fn offer_new_game(&mut self) {
        self.offer_waiting = None;
        if self.mode != Mode::Play || self.dialog.is_some() || self.play.game().is_none() {
            return;
        }
        let revision = self.ws.doc.revision();
        if self.ws.board_fit().is_none() {
            self.offer_waiting = Some(revision);
            self.ws.status.info(format!(
                "Checking which games suit {}…",
                board_name(self.ws.doc.board(), "the opened board")
            ));
            return;
        }
        self.ask_new_game_on_board();
    }

    /// Once per board that replaced the document's (opened, made from a
    /// preset, a tiling or the generator, restored): while no game is on,
    /// Play's setup takes up a game the board names (its `suggested_rules`),
    /// as the Analyze tab does — a Lines of Action board made from the preset
    /// left Hex chosen. Called each frame, and at launch before the first.
    fn follow_new_board(&mut self) {
        let replaced = self.ws.doc.replaced();
        if self.play_followed.replace(replaced) == Some(replaced) || self.play.game().is_some() {
            return;
        }
        let fit = self.ws.board_fit_known().cloned();
        let (board, revision) = (self.ws.doc.board(), self.ws.doc.revision());
        self.play.setup.follow_board(board, revision, fit.as_ref());
    }

    /// Each frame: ask about a new game on the board opened during a game once
    /// its check is done, if that board is still the document's and the game
    /// is still shown.
    fn offer_when_checked(&mut self) {
        let Some(revision) = self.offer_waiting else {
            return;
        };
        if revision != self.ws.doc.revision() {
            self.offer_waiting = None;
        } else if let Some(fit) = self.ws.board_fit() {
            // The status bar said the board was being checked: say what came of it.
            let games: Vec<&str> = fit.playable().into_iter().map(|k| k.title()).collect();
            let name = board_name(self.ws.doc.board(), "the opened board");
            self.ws.status.info(if games.is_empty() {
                format!("Checked {name}: no game can be played on it")
            } else {
                format!(
                    "Checked {name}: {} can be played on it",
                    crate::game::registry::word_list(&games, "and")
                )
            });
            self.offer_waiting = None;
            if self.mode == Mode::Play && self.dialog.is_none() {
                self.ask_new_game_on_board();
            }
        }
    }

    /// The question itself, once it is known which games suit the board.
    fn ask_new_game_on_board(&mut self) {
        let Some(current) = self.play.game().map(|g| g.kind()) else {
            return;
        };
        let Some(fit) = self.ws.board_fit().cloned() else {
            return;
        };
        let mut choices = fit.playable();
        choices.sort_by_key(|&k| k != current);
        let name = board_name(self.ws.doc.board(), "the opened board");
        if choices.is_empty() {
            self.ws.status.info(format!(
                "No game can be played on {name}; the game of {} goes on",
                current.title()
            ));
            return;
        }
        self.dialog = Some(Dialog::NewGameOn {
            board: name,
            current,
            choices,
        });
    }

    fn fit_all(&mut self) {
        self.editor.canvas_mut().request_fit();
        self.play.canvas_mut().request_fit();
    }

    /// File → Save: to the board's `.ron` file without asking, or ask for one
    /// (boards from OBJ, presets and the generator have none); then carry out
    /// `then` (what waited for the save), but only once it is saved.
    pub(super) fn save_then(&mut self, then: command::Then) {
        match self.ws.doc.path.clone() {
            Some(p) if has_ext(&p, "ron") => self.save_board_then(&p, then),
            _ => self.save_as_then(then),
        }
    }

    /// File → Save As: pick a path with the file dialog, then [`App::save_to`].
    pub(super) fn save_as_then(&mut self, then: command::Then) {
        let name = file_stem_for(self.ws.doc.board());
        let q = FileQuestion::save("Save board", format!("{name}.ron"))
            .filter("Board (RON)", &["ron"])
            .in_folder(self.doc_folder().or_else(|| self.last_folder()).as_deref());
        if let Some(c) = self.ask_file(q, FileAction::SaveBoard { then }) {
            self.execute(vec![c], command::Confirmed::default());
        }
    }

    /// The folder of the board's file, where Save As starts.
    pub(super) fn doc_folder(&self) -> Option<PathBuf> {
        let p = self.ws.doc.path.as_ref()?;
        let abs = std::path::absolute(p).ok()?;
        abs.parent().map(Path::to_path_buf)
    }

    /// At a confirmed close: keep the board when it was never saved and never
    /// changed (nothing asked about it) and no file it was read from holds
    /// it, else forget a kept board this session
    /// reopened (it has been saved, replaced or discarded since).
    fn keep_board(&mut self) -> Result<(), String> {
        let Some(dir) = self.data_dir.as_deref() else {
            return Ok(());
        };
        let doc = &self.ws.doc;
        let in_a_file = self.board_from_file == Some(doc.replaced());
        if !in_a_file && kept_board::worth_keeping(doc.board(), doc.path.as_deref(), doc.is_dirty())
        {
            kept_board::keep(dir, doc.board())
        } else if self.kept_reopened {
            kept_board::forget(dir)
        } else {
            Ok(())
        }
    }

    /// The folder of the last file opened or saved, while it exists.
    fn last_folder(&self) -> Option<PathBuf> {
        (self.ws.settings.last_folder.clone()).filter(|d| d.is_dir())
    }

    /// Where the other file dialogs start: the folder of the last file opened
    /// or saved, else the board's.
    pub(super) fn dialog_folder(&self) -> Option<PathBuf> {
        self.last_folder().or_else(|| self.doc_folder())
    }

    /// Ask for a file: the native dialog answers at once (the returned command
    /// carries the path); without one, the in-app dialog opens and its answer
    /// comes as a command when the user confirms. `None`: nothing to do now.
    pub(super) fn ask_file(&mut self, q: FileQuestion, action: FileAction) -> Option<Command> {
        match self.chooser.choose(&q) {
            Answer::Picked(path) => Some(Command::FileChosen { action, path }),
            Answer::Cancelled => {
                if action.saves_work() {
                    self.ws.status.info("Not saved");
                }
                None
            }
            Answer::Unavailable => {
                if !self.told_no_native_dialog {
                    self.told_no_native_dialog = true;
                    self.ws.status.info(
                        "This desktop has no file dialog service (no xdg desktop portal, no zenity): using boardwright's own file dialog",
                    );
                }
                self.dialog = Some(Dialog::File(Box::new(InAppPicker::new(q, action))));
                None
            }
        }
    }

    /// Save the board as RON to `path` (".ron" is added when the name has no
    /// extension); the document becomes clean and remembers the path.
    pub fn save_to(&mut self, path: &Path) -> Result<(), String> {
        let result = save_target(path).and_then(|path| {
            files::save_board(self.ws.doc.board(), &path)?;
            Ok(path)
        });
        let revision = self.ws.doc.revision();
        self.saved(revision, result)
    }

    /// Save the board to `path` as [`App::save_to`] does, then carry out
    /// `then` (only once it is saved). A big board is saved on a worker
    /// thread, with a progress bar, and `then` waits for it.
    pub(super) fn save_board_then(&mut self, path: &Path, then: command::Then) {
        let big = self.ws.doc.board().face_count() >= self.big_board_faces;
        if big && self.job.is_none() {
            match save_target(path) {
                Ok(path) => {
                    let doc = &self.ws.doc;
                    self.job = Some(file_job::FileJob::save(
                        doc.board().clone(),
                        doc.revision(),
                        &path,
                        then,
                        self.file_job_delay,
                    ));
                }
                Err(e) => self.ws.status.error(e),
            }
            return;
        }
        if self.save_to(path).is_ok() {
            self.execute(then.commands, then.confirmed.with(command::Work::Board));
        }
    }

    /// Record how saving the board as it was at `revision` went.
    fn saved(&mut self, revision: u64, result: Result<PathBuf, String>) -> Result<(), String> {
        match result {
            Ok(path) => {
                self.ws.doc.mark_saved_at(revision, Some(path.clone()));
                self.ws.settings.add_recent(&path);
                self.ws.status.info(format!("Saved {}", path.display()));
                Ok(())
            }
            Err(e) => {
                self.ws.status.error(e.clone());
                Err(e)
            }
        }
    }

    /// Whether a file job is under way (the window shows its progress).
    pub fn file_job(&self) -> Option<&file_job::FileJob> {
        self.job.as_ref()
    }

    /// Take in the file job's result once it is done (each frame); `wait`:
    /// block until it is (tests).
    pub fn poll_file_job(&mut self, wait: bool) {
        let Some(job) = &self.job else {
            return;
        };
        let out = if wait { Some(job.wait()) } else { job.poll() };
        let Some(out) = out else {
            return;
        };
        let job = self.job.take().expect("checked above");
        let path = job.path.clone();
        let cancelled = job.is_cancelled();
        match (job.kind, out) {
            (file_job::JobKind::Open { .. }, _) if cancelled => {
                self.ws.status.info(format!(
                    "Stopped opening {}; nothing changed",
                    path.display()
                ));
            }
            (file_job::JobKind::Open { dropped }, file_job::JobOutput::Opened(r)) => match r {
                // The game in progress may have unsaved moves: the opened game
                // goes the way of every other (and waits for that answer).
                Ok(files::Opened::Game(game, notes)) => {
                    let opened = command::OpenedGame {
                        game,
                        notes,
                        path: Some(path),
                        dropped,
                    };
                    let show = Command::ShowGame(Box::new(opened));
                    self.execute(vec![show], command::Confirmed::default());
                }
                Ok(files::Opened::Board { board, notes }) => {
                    self.load_board(*board, notes, &path);
                    self.say_dropped(&path, dropped);
                }
                Err(e) => self.ws.status.error(e.replace(['\n', '\r'], " ")),
            },
            (file_job::JobKind::Save { .. }, file_job::JobOutput::Saved(Err(_))) if cancelled => {
                self.ws.status.info(format!(
                    "Stopped saving; {} was not changed",
                    path.display()
                ));
            }
            (file_job::JobKind::Save { revision, then }, file_job::JobOutput::Saved(r)) => {
                // A save that finished although Cancel came late did write the file.
                if self.saved(revision, r.map(|()| path)).is_ok() {
                    self.execute(then.commands, then.confirmed.with(command::Work::Board));
                }
            }
            (_, _) => self
                .ws
                .status
                .error("a file job ended with the wrong kind of result".to_string()),
        }
    }

    /// Export the board as OBJ or SVG (by the extension of `path`). The document
    /// keeps its own file and unsaved state.
    pub fn export(&mut self, path: &Path) -> Result<(), String> {
        let result = if has_ext(path, "obj") || has_ext(path, "svg") {
            files::save_board(self.ws.doc.board(), path)
        } else {
            Err(format!(
                "cannot export to {}: choose a .obj or .svg file",
                path.display()
            ))
        };
        match result {
            Ok(()) => {
                self.ws.settings.remember_folder(path);
                self.ws.status.info(format!("Exported {}", path.display()));
                Ok(())
            }
            Err(e) => {
                self.ws.status.error(e.clone());
                Err(e)
            }
        }
    }

    /// File → New now ([`Command::NewBoard`]): an empty board or a preset (asking
    /// about unsaved changes first).
    pub fn new_board(&mut self, what: NewBoard) {
        self.apply(Command::NewBoard(what));
    }

    /// File → Quit now ([`Command::Quit`]): closes, after asking about unsaved changes.
    pub fn request_close(&mut self) {
        self.apply(Command::Quit);
    }

    /// Write the autosave now (what the timer does).
    pub fn autosave_now(&mut self) -> Result<bool, String> {
        let doc = &self.ws.doc;
        self.autosave.write(
            doc.board(),
            (doc.revision(), doc.is_dirty(), doc.path.as_ref()),
            self.play.game_to_autosave(),
        )
    }

    // ----- frame parts -------------------------------------------------------

    fn tabs(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            for m in Mode::ALL {
                self.ws.selectable(ui, Command::SetMode(m), self.mode == m);
            }
        });
    }

    /// The status bar: one line of fixed height. The tool's hint and what is under
    /// the pointer on the left, the last message on the right (errors in red), each
    /// cut to its share of the width with the full text on hover, so they never
    /// overlap; a count of errors not yet seen opens View → Messages.
    fn status_bar(&mut self, ui: &mut egui::Ui) {
        let h = ui.text_style_height(&egui::TextStyle::Body).max(18.0);
        let gap = ui.spacing().item_spacing.x;
        ui.horizontal(|ui| {
            ui.set_height(h);
            let total = ui.available_width();
            let s = &self.ws.status;
            let width_of = |ui: &egui::Ui, text: &str| {
                egui::WidgetText::from(text)
                    .into_galley(
                        ui,
                        Some(egui::TextWrapMode::Extend),
                        f32::INFINITY,
                        egui::TextStyle::Body,
                    )
                    .size()
                    .x
                    + 2.0
            };
            let errors = s.unseen_errors;
            let log_text = match errors {
                0 => String::new(),
                1 => "1 error".to_string(),
                n => format!("{n} errors"),
            };
            let log_w = if errors > 0 {
                width_of(ui, &log_text) + 2.0 * ui.spacing().button_padding.x + gap
            } else {
                0.0
            };
            let msg_w = s
                .message
                .as_ref()
                .map_or(0.0, |m| width_of(ui, &m.text).min((total - log_w) * 0.5));
            let left = (total - msg_w - log_w - 2.0 * gap).max(0.0);
            let hint = s.hint.clone();
            let hover = s.hover.clone().unwrap_or_default();
            let hint_w = width_of(ui, &hint);
            let hover_w = width_of(ui, &hover);
            let (hint_w, hover_w) = if hint_w + hover_w + 3.0 * gap <= left {
                (hint_w, hover_w)
            } else {
                let hint_share = (left * 0.6).min(hint_w);
                (hint_share, (left - hint_share - 3.0 * gap).max(0.0))
            };
            let fixed = |ui: &mut egui::Ui, w: f32, label: egui::Label| {
                ui.allocate_ui_with_layout(
                    egui::vec2(w.max(0.0), h),
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.set_width(w.max(0.0));
                        ui.add(label.truncate())
                    },
                );
            };
            ui.allocate_ui_with_layout(
                egui::vec2(left, h),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_width(left);
                    if !hint.is_empty() {
                        fixed(ui, hint_w, egui::Label::new(hint.as_str()));
                        if !hover.is_empty() {
                            ui.separator();
                        }
                    }
                    if !hover.is_empty() {
                        fixed(ui, hover_w, egui::Label::new(hover.as_str()));
                    }
                },
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if errors > 0
                    && ui
                        .small_button(log_text)
                        .on_hover_text("Show the messages (View > Messages)")
                        .clicked()
                {
                    self.ws.send(Command::ShowMessages);
                }
                if let Some(m) = &self.ws.status.message {
                    let mut text = egui::RichText::new(&m.text);
                    if m.error {
                        text = text.color(ui.visuals().error_fg_color);
                    }
                    fixed(ui, msg_w, egui::Label::new(text));
                }
            });
        });
    }

    /// After a mode switch (tab, key, menu or a panel's request): leaving Play
    /// cancels the computer's search, and the old mode's hint and hover text go.
    fn sync_mode(&mut self) {
        if self.mode == self.shown_mode {
            return;
        }
        if self.shown_mode == Mode::Play {
            self.play.leave(&mut self.ws);
        }
        self.ws.status.hint.clear();
        self.ws.status.hover = None;
        self.shown_mode = self.mode;
    }

    /// The window's close button: ask when there are unsaved changes.
    fn handle_close(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.viewport().close_requested()) || self.close_confirmed {
            return;
        }
        // A file job under way: an open is stopped; a save is finished first
        // (a few seconds at most), so that the file is not left half done.
        if let Some(j) = &self.job {
            if matches!(j.kind, file_job::JobKind::Open { .. }) {
                j.cancel();
            }
            self.poll_file_job(true);
        }
        if let Some(work) = self.must_ask(command::Work::ALL, command::Confirmed::default()) {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            let then = command::Then {
                commands: vec![Command::Quit],
                confirmed: command::Confirmed::default(),
            };
            self.ask_unsaved(work, then);
        } else {
            self.close_confirmed = true;
            self.autosave.clear();
        }
    }

    /// Files dropped onto the window open like File → Open ([`Command::OpenDropped`]).
    fn handle_drops(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if !dropped.is_empty() {
            self.ws.send(Command::OpenDropped(dropped));
        }
        let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
        if hovering {
            let painter = ctx.layer_painter(egui::LayerId::new(
                egui::Order::Foreground,
                egui::Id::unique("drop_overlay"),
            ));
            let rect = ctx.content_rect();
            painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(140));
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "Drop a board (.ron, .obj) or a game (.ron, .sgf) to open it",
                egui::FontId::proportional(22.0),
                egui::Color32::WHITE,
            );
        }
    }

    fn update_title(&mut self, ctx: &egui::Context) {
        let t = window_title(
            Some(self.ws.doc.board()),
            self.ws.doc.path.as_ref(),
            self.ws.doc.is_dirty(),
        );
        if t != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(t.clone()));
            self.title = t;
        }
    }
}

fn has_ext(p: &Path, ext: &str) -> bool {
    p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// Where Save writes for a chosen `path`: ".ron" added when the name has no
/// extension; any other extension is refused (boards are saved as RON).
fn save_target(path: &Path) -> Result<PathBuf, String> {
    let path = if path.extension().is_none() {
        path.with_extension("ron")
    } else {
        path.to_path_buf()
    };
    if has_ext(&path, "ron") {
        Ok(path)
    } else {
        Err(format!(
            "cannot save as {}: boards are saved as .ron (use File > Export for OBJ and SVG)",
            path.display()
        ))
    }
}

/// A file name (without extension) for the board: its name, made safe.
/// Letters and digits are kept (lower case), brackets and quotes are dropped
/// ("player(s)" → "players"), and every other run of characters becomes one
/// dash: "Generated board, 2 player(s), seed 1" → "generated-board-2-players-seed-1".
fn file_stem_for(b: &Board) -> String {
    let mut s = String::new();
    for c in b.meta().name.chars() {
        if c.is_alphanumeric() || c == '_' {
            s.extend(c.to_lowercase());
        } else if "()[]{}'\"’".contains(c) {
            continue;
        } else if !s.is_empty() && !s.ends_with('-') {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-');
    if s.is_empty() {
        "board".into()
    } else {
        s.into()
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.frame_stats.enabled() {
            let now = ctx.input(|i| i.time);
            if let Some(line) = self.frame_stats.frame(now, frame.info().cpu_usage) {
                eprintln!("boardwright: {line}");
            }
            ctx.request_repaint();
        }
        if ui.visuals().dark_mode != self.ws.settings.dark {
            if !self.theme_chosen {
                // Following the system theme.
                self.ws.settings.dark = ui.visuals().dark_mode;
            }
            self.apply_theme();
        }
        self.poll_file_job(false);
        self.handle_close(&ctx);
        let busy = self.job.is_some();
        let modal = busy || self.dialog.as_ref().is_some_and(Dialog::is_modal);
        if !modal {
            self.handle_drops(&ctx);
        }
        let typing = ctx.egui_wants_keyboard_input();
        if busy || matches!(self.dialog, Some(Dialog::File(_))) {
            // The in-app file dialog is a window, not an egui modal: keep the
            // window behind it from reacting until it is answered.
            ui.disable();
        }
        let from_menu = egui::Panel::top("menu_bar")
            .show(ui, |ui| menu::bar(ui, self))
            .inner;
        self.ws.commands.extend(from_menu);
        egui::Panel::top("tabs").show(ui, |ui| self.tabs(ui));
        egui::Panel::bottom("status_bar")
            .exact_size(STATUS_BAR_HEIGHT)
            .show(ui, |ui| self.status_bar(ui));
        self.sync_mode();
        self.follow_new_board();
        self.offer_when_checked();
        self.play.dialog_open = modal;
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| match self.mode {
                Mode::Editor => self.editor.ui(ui, &mut self.ws),
                Mode::Play => self.play.ui(ui, &mut self.ws),
                Mode::Generator => self.generator.ui(ui, &mut self.ws),
                Mode::Analyze => self.analyze.ui(ui, &mut self.ws, self.play.setup.kind),
            });
        if let Some(job) = &self.job {
            job.show(&ctx);
        } else if let Some(d) = self.dialog.take() {
            let (keep, answer) = d.show(&ctx, &mut self.ws);
            self.dialog = keep;
            self.ws.commands.extend(answer);
        }
        // Keys last: menus, popups and modals have seen Esc by now.
        if !modal {
            self.ws.commands.extend(command::pressed(&ctx, typing));
        }
        let queued = std::mem::take(&mut self.ws.commands);
        if !queued.is_empty() {
            self.execute(queued, command::Confirmed::default());
            // Show what the commands changed (a fit, a new mode) without waiting for input.
            ctx.request_repaint();
        }
        let now = ctx.input(|i| i.time);
        let doc = &self.ws.doc;
        let tick = self.autosave.tick(
            now,
            doc.board(),
            (doc.revision(), doc.is_dirty(), doc.path.as_ref()),
            self.play.game_to_autosave(),
            self.big_board_faces,
        );
        if let Err(e) = tick {
            self.ws.status.error(e);
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(
            self.autosave.interval.max(1.0),
        ));
        self.update_title(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.ws.settings);
        eframe::set_value(storage, MODE_KEY, &self.mode);
        eframe::set_value(storage, GENERATOR_KEY, &self.generator.settings());
        eframe::set_value(storage, ANALYZE_KEY, &self.analyze.settings);
        eframe::set_value(storage, play::clock::CLOCK_KEY, &self.play.setup.clock);
        eframe::set_value(storage, play::setup::SETUP_KEY, &self.play.setup.saved());
        let setup = &self.play.setup;
        let seats =
            play::computer::SeatSetup::of(setup.seats, setup.seconds, setup.resign, setup.ponder);
        eframe::set_value(storage, play::computer::SEATS_KEY, &seats);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if self.close_confirmed {
            self.autosave.clear();
            if let Err(e) = self.keep_board() {
                eprintln!("boardwright: could not keep the unsaved board: {e}");
            }
        } else if let Err(e) = self.autosave_now() {
            eprintln!("boardwright: {e}");
        }
    }
}

/// A board's name in a sentence (`unnamed` when it has none).
pub(crate) fn board_name(board: &Board, unnamed: &str) -> String {
    if board.meta().name.is_empty() {
        unnamed.to_string()
    } else {
        board.meta().name.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn title_names_board_and_file() {
        let b = presets::hex(11);
        let p = PathBuf::from("boards/hex-11.ron");
        assert_eq!(
            window_title(Some(&b), Some(&p), false),
            "Hex 11×11 — boards/hex-11.ron — boardwright"
        );
        assert_eq!(
            window_title(Some(&b), None, true),
            "• Hex 11×11 — boardwright"
        );
        assert_eq!(window_title(None, None, false), "boardwright");
    }

    #[test]
    fn a_boards_file_name_has_single_dashes() {
        let named = |n: &str| {
            let mut b = presets::hex(3);
            let mut meta = b.meta().clone();
            meta.name = n.into();
            crate::edit::apply(&mut b, &crate::edit::BoardEdit::SetMeta(meta)).unwrap();
            file_stem_for(&b)
        };
        assert_eq!(
            named("Generated board, 2 player(s), seed 1"),
            "generated-board-2-players-seed-1"
        );
        assert_eq!(named("Hex 11×11"), "hex-11-11");
        assert_eq!(named("  Tom's -- board_2 "), "toms-board_2");
        assert_eq!(named("Échecs"), "échecs");
        assert_eq!(named("?!"), "board");
    }
}
