//! Play mode: rules and seats, the board with pieces, legal-move highlights, the
//! move list, previews, takeback, the result banner and computer seats.
//!
//! The panel's buttons (New game, Undo / Redo, Resign, Swap, Hint, Stop, Save /
//! Open game, the move list's previews) send [`Command`]s; the app carries them
//! out at the end of the frame through this panel's methods, after asking
//! [`PlayPanel::availability`].
//!
//! Files: `mod.rs` (the panel's state, games, moves, clicks, files),
//! `setup.rs` (rules, options, players), `board_view.rs` (drawing the game on
//! the canvas, hover and clicks on it), `side_panel.rs` (turn indicator,
//! controls, banners), `moves.rs` (the move list), `computer.rs` (engine seats
//! and hints), `clock.rs` (the game clock: setup, driving it, showing it).

pub mod board_view;
pub mod clock;
pub mod computer;
pub mod coords;
pub mod moves;
pub mod setup;
mod side_panel;

use super::canvas::Canvas;
use super::command::Command;
use super::file_dialog::FileQuestion;
use super::workspace::{Cause, Workspace};
use crate::board::Board;
use crate::game::{
    Click, ClickError, DynGame, Ending, MoveHandle, MoveTree, NodeId, RulesKind, new_game,
};
use crate::mesh::FaceId;
use crate::mesh::spatial::FaceIndex;
use crate::rules::Player;
use board_view::Scene;
use eframe::egui::{self, Color32};
use setup::Setup;
use std::path::Path;
use std::sync::Arc;

/// Canvas revisions for game boards live above the document's revisions.
const GAME_REVISION: u64 = 1 << 48;
/// Widths of the setup panel (left) and the game panel (right).
const SETUP_WIDTH: f32 = 220.0;
const GAME_WIDTH: f32 = 240.0;
/// Room a fitted board leaves at the top of the canvas for the banners.
const BANNER_ROOM: f32 = 44.0;

/// The game being played and everything derived from it.
struct Current {
    game: Box<dyn DynGame>,
    /// The document revision the game was started on (`None`: opened from a file).
    started_on: Option<u64>,
    /// Canvas revision of the game's board.
    revision: u64,
    /// The players' colours on the board. They follow the setup's while the
    /// setup has the game's rules chosen; choosing other rules for the next
    /// game leaves them (and the players' names) as they are.
    colours: [Color32; 2],
}

pub struct PlayPanel {
    /// Draws the board; hovering uses the document's spatial index, or
    /// `own_index` for a board that is not the document's.
    canvas: Canvas,
    /// The spatial index of the game's board at a canvas revision, when it is
    /// not the document's board (a game opened from a file, or the document
    /// edited since the game began).
    own_index: Option<(u64, FaceIndex)>,
    /// Choices for the next game (and the colours of the current one).
    pub setup: Setup,
    current: Option<Current>,
    next_revision: u64,
    /// The document's board as an `Arc` for new games, per document revision.
    doc_board: Option<(u64, Arc<Board>)>,
    selected: Option<FaceId>,
    preview: Option<usize>,
    /// Mark every legal move on the board.
    pub show_legal: bool,
    scene: Scene,
    legal: Vec<FaceId>,
    destinations: Vec<FaceId>,
    /// What a click on the hovered face would do: (face, selection, answer).
    hover_cache: Option<(FaceId, Option<FaceId>, Result<Click, ClickError>)>,
    /// The face fills and border lines (TwixT border rows) are set for this
    /// (revision, colours).
    fills_for: Option<(u64, [Color32; 2])>,
    /// Lines between the faces reserved for a player and the playing area.
    border: Vec<(crate::mesh::Point, crate::mesh::Point, crate::rules::Player)>,
    /// The coordinates along the edges of the board at a revision (`None` inside:
    /// not a grid board).
    coords: Option<(u64, Option<coords::EdgeCoords>)>,
    /// Whether the coordinates along the edges are shown (instead of cell labels).
    edge_coords_shown: bool,
    /// The names last handed to the game (edits in the setup panel rename its players).
    names_applied: [String; 2],
    /// The engines of the computer seats and the hint, and the search in progress.
    computer: computer::Computer,
    /// Bumped on every change of the game (moves, takeback, resignation, new game):
    /// a search started at another epoch is dropped.
    epoch: u64,
    /// The epoch at which the computer failed to move (not retried until the game changes).
    failed_epoch: Option<u64>,
    /// Bumped on every change of what the game's record holds (the changes
    /// that bump `epoch`, and promoting or deleting a variation).
    edits: u64,
    /// `edits` when the game was last saved or opened from a file (`None`:
    /// never; a new game, or one restored from the autosave).
    saved_edits: Option<u64>,
    /// The file the game was last opened from or saved to: where Save game…
    /// suggests saving it.
    game_path: Option<std::path::PathBuf>,
    /// The engine's suggestion for the player to move.
    hint: Option<computer::Hint>,
    /// The swap move, when it is legal now.
    swap: Option<MoveHandle>,
    /// The frame this panel was last shown in (to notice returning from another mode).
    last_frame: Option<u64>,
    /// The game's tree of moves, for the move list.
    tree: MoveTree,
    /// Runs the game clock on the app's time.
    clock_driver: clock::ClockDriver,
    /// Where the clock reads the time (tests hand in their own).
    pub time: clock::TimeSource,
    /// A modal dialog is open (the app sets it each frame): the clock stops.
    pub dialog_open: bool,
    /// New game asked for on a big board whose check of which games suit it
    /// is still running: the game and the board's revision, started when the
    /// check is done (dropped if the board changes first).
    waiting: Option<(RulesKind, u64)>,
}

/// Where a game shown in Play came from ([`PlayPanel::set_game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFrom<'a> {
    /// Opened from this file: saved until it changes, and Save game…
    /// suggests the file's name.
    File(&'a Path),
    /// Never saved: restored from the autosave after a crash.
    Unsaved,
}

impl Default for PlayPanel {
    fn default() -> Self {
        PlayPanel::new()
    }
}

impl PlayPanel {
    pub fn new() -> PlayPanel {
        PlayPanel {
            canvas: Canvas::with_callers_index(),
            own_index: None,
            setup: Setup::new(),
            current: None,
            next_revision: GAME_REVISION,
            doc_board: None,
            selected: None,
            preview: None,
            show_legal: false,
            scene: Scene::default(),
            legal: Vec::new(),
            destinations: Vec::new(),
            hover_cache: None,
            fills_for: None,
            border: Vec::new(),
            coords: None,
            edge_coords_shown: false,
            names_applied: Default::default(),
            computer: computer::Computer::new(),
            epoch: 0,
            failed_epoch: None,
            edits: 0,
            saved_edits: None,
            game_path: None,
            hint: None,
            last_frame: None,
            swap: None,
            tree: MoveTree::default(),
            clock_driver: clock::ClockDriver::default(),
            time: clock::TimeSource::default(),
            dialog_open: false,
            waiting: None,
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Start a new game of `kind` on the document's board (reporting in the status
    /// bar when the rules cannot run on it). On a big board whose check of
    /// which games suit it is still running, the game starts when the check is
    /// done: the window goes on meanwhile.
    pub fn start_game(&mut self, ws: &mut Workspace, kind: RulesKind) {
        if self.setup.kind != kind {
            self.setup.choose(kind);
        }
        let revision = ws.doc.revision();
        let Some(fit) = ws.board_fit().cloned() else {
            self.waiting = Some((kind, revision));
            ws.status.info(format!(
                "New game of {}: checking the board first (the game starts when it is done)",
                kind.title()
            ));
            return;
        };
        self.waiting = None;
        let board = match &self.doc_board {
            Some((r, b)) if *r == revision => b.clone(),
            _ => {
                let b = Arc::new(ws.doc.board().clone());
                self.doc_board = Some((revision, b.clone()));
                b
            }
        };
        let options = self.setup.options_on(&fit);
        match new_game(kind, board, &options) {
            Ok(mut game) => {
                game.set_players(self.names_for(game.player_names()));
                game.set_clock(self.setup.clock.settings());
                let first = game.players()[0].clone();
                self.install(game, Some(revision));
                let swap = if options.swap {
                    " with the swap rule"
                } else {
                    ""
                };
                ws.status.info(format!(
                    "New game of {}{swap}: {first} to move",
                    kind.title()
                ));
            }
            Err(e) => ws.status.error(format!(
                "{} cannot be played on this board: {}",
                kind.title(),
                setup::displayable(&e.to_string())
            )),
        }
    }

    /// The game on the board, if any (for autosave and File → Save game).
    pub fn game(&self) -> Option<&dyn DynGame> {
        self.current.as_ref().map(|c| c.game.as_ref())
    }

    /// The game on the board when it has changes (moves, takebacks, an end,
    /// variations) that are not saved since it was started, opened or last
    /// saved: what the unsaved-game prompt calls it ("The game of Hex (12
    /// moves)", the moves its record holds). `None`: nothing would be lost by
    /// replacing it (a game without moves has nothing to lose either).
    pub fn unsaved_game(&self) -> Option<String> {
        let g = self.game()?;
        if self.saved_edits == Some(self.edits) || (g.recorded_len() == 0 && g.ending().is_none()) {
            return None;
        }
        Some(format!(
            "The game of {} ({})",
            g.kind().title(),
            crate::app::count(g.recorded_len(), "move")
        ))
    }

    /// The game the autosave keeps: the one on the board while it has changes
    /// that are not saved ([`PlayPanel::unsaved_game`]). A game as it was
    /// opened or saved is in its file already; after a crash it is not offered
    /// back as unsaved work.
    pub fn game_to_autosave(&self) -> Option<&dyn DynGame> {
        self.unsaved_game().and(self.game())
    }

    /// Show `game` (opened from a file or restored from an autosave). The
    /// sides its record says the computer played are the computer's again
    /// (so a game saved against it goes on against it), the others a
    /// person's; a record that names no computer (another program's file, a
    /// game between people) has both seats human. Returns the sentence that
    /// says which sides the computer plays, for the caller's status line
    /// (the caller says what was shown, once: the log keeps one line).
    ///
    /// `from`: a game opened from a file counts as saved until it changes; one
    /// restored from the autosave does not (it was never saved).
    pub fn set_game(&mut self, game: Box<dyn DynGame>, from: GameFrom<'_>) -> Option<String> {
        self.setup.choose(game.kind());
        self.setup.swap = game.options().swap;
        self.setup.names = game.players().clone();
        let sides = game.player_names();
        let computer = computer::seats_of_record(game.computer_sides(), sides);
        match &computer {
            Some((seats, _)) => {
                self.setup.seats = *seats;
                for (i, s) in seats.iter().enumerate() {
                    if let computer::Seat::Computer { seconds } = *s {
                        self.setup.seconds[i] = seconds;
                    }
                }
            }
            None => self.setup.seats = [computer::Seat::Human, computer::Seat::Human],
        }
        self.install(game, None);
        if let GameFrom::File(path) = from {
            self.saved_edits = Some(self.edits);
            self.game_path = Some(path.to_path_buf());
        }
        computer.map(|(_, note)| note)
    }

    /// Edit → Undo in Play mode: take back the last move. Returns whether anything changed.
    pub fn undo(&mut self, ws: &mut Workspace) -> bool {
        let Some(c) = &mut self.current else {
            return false;
        };
        let last = c.game.history().last().cloned();
        let ended = c.game.ending();
        if !c.game.undo() {
            ws.status
                .info("Nothing to take back: this is the start of the game");
            return false;
        }
        // Against the computer, take back its reply too so that a person is
        // to move; and the person's last move when the computer had resigned
        // (it would resign again at once: its search proves the game lost).
        let seats = self.setup.seats;
        let seat = |p: Option<Player>| p.map(|p| seats[p as usize & 1]);
        let mut last = last;
        let mut also = None;
        if matches!(ended, None | Some(Ending::Resigned { .. }))
            && seat(c.game.to_move()).is_some_and(|s| s.is_computer())
            && seat(c.game.to_move().map(crate::rules::opponent)) == Some(computer::Seat::Human)
        {
            let m = c.game.history().last().cloned();
            if c.game.undo() {
                if ended.is_none() {
                    last = m.map(|m| format!("{m} and {}", last.unwrap_or_default()));
                } else {
                    also = m;
                }
            }
        }
        self.preview = None;
        self.selected = None;
        self.game_changed();
        match (ended, last) {
            (Some(Ending::Resigned { .. }), _) => match also {
                Some(m) => ws
                    .status
                    .info(format!("Resignation withdrawn; took back {m}")),
                None => ws.status.info("Resignation withdrawn"),
            },
            (Some(Ending::Timeout { .. }), _) => ws
                .status
                .info("Loss on time withdrawn: the clocks are back to this position's"),
            (None, Some(m)) => ws.status.info(format!("Took back {m}")),
            (None, None) => {}
        }
        true
    }

    /// Edit → Redo in Play mode: replay a taken-back move.
    pub fn redo(&mut self, ws: &mut Workspace) -> bool {
        let Some(c) = &mut self.current else {
            return false;
        };
        if !c.game.redo() {
            ws.status.info("Nothing to redo");
            return false;
        }
        let m = c.game.history().last().cloned().unwrap_or_default();
        self.preview = None;
        self.selected = None;
        self.game_changed();
        ws.status.info(format!("Replayed {m}"));
        true
    }

    /// The selected piece (movement games).
    pub fn selected(&self) -> Option<FaceId> {
        self.selected
    }

    /// The faces marked as destinations of the selected piece.
    pub fn destinations(&self) -> &[FaceId] {
        &self.destinations
    }

    /// The faces marked as legal moves when "Show legal moves" is on (empty otherwise
    /// and while previewing).
    pub fn marked_legal(&self) -> &[FaceId] {
        if self.show_legal && self.preview.is_none() {
            &self.legal
        } else {
            &[]
        }
    }

    /// The previewed ply, if a past position is shown.
    pub fn previewing(&self) -> Option<usize> {
        self.preview
    }

    /// The position on the board (live or previewed).
    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// Show the position after `ply` recorded moves read-only (`None`: the live position).
    pub fn set_preview(&mut self, ply: Option<usize>) {
        let Some(c) = &self.current else {
            return;
        };
        self.preview = ply.filter(|&p| p != c.game.ply() && p <= c.game.recorded_len());
        self.selected = None;
        self.changed();
    }

    /// Save the game to `path` in the format its extension names (a RON
    /// record when it has none, ".ron" added): what "Save game…" does after
    /// its dialog.
    pub fn save_game_to(&mut self, ws: &mut Workspace, path: &Path) -> Result<(), String> {
        let Some(c) = &self.current else {
            let e = "There is no game to save: start one with New game".to_string();
            ws.status.error(e.clone());
            return Err(e);
        };
        // A name typed without an extension is a RON record, as boards are.
        let path = &if path.extension().is_none() {
            path.with_extension("ron")
        } else {
            path.to_path_buf()
        };
        match super::files::save_game(c.game.as_ref(), path) {
            Ok(left_out) => {
                self.saved_edits = Some(self.edits);
                self.game_path = Some(path.to_path_buf());
                ws.settings.add_recent(path);
                let mut text = format!("Saved the game to {}", path.display());
                for n in &left_out {
                    text.push_str(" — ");
                    text.push_str(n);
                }
                ws.status.info(text);
                Ok(())
            }
            Err(e) => {
                ws.status.error(format!("Could not save the game: {e}"));
                Err(e)
            }
        }
    }

    /// Open a saved game (RON record or Hex SGF) through the same code path as
    /// File → Open: what "Open game…" does after its dialog, once the app has
    /// asked about the game in progress.
    pub fn open_game_from(&mut self, ws: &mut Workspace, path: &Path) -> Result<(), String> {
        match Self::read_game(path) {
            Ok((g, notes)) => {
                self.show_opened(ws, g, notes, Some(path));
                Ok(())
            }
            Err(e) => {
                ws.status.error(format!("Could not open the game: {e}"));
                Err(e)
            }
        }
    }

    /// Read the game in `path` and what the reader noticed (a board file is
    /// refused: it is opened with File, Open).
    pub fn read_game(path: &Path) -> Result<(Box<dyn DynGame>, Vec<String>), String> {
        match super::files::open_path(path)? {
            super::files::Opened::Game(g, notes) => Ok((g, notes)),
            super::files::Opened::Board { .. } => Err(format!(
                "{} holds a board, not a game: open it with File, Open",
                path.display()
            )),
        }
    }

    /// Show `game`, read from `path` with the reader's `notes`; the status bar
    /// says what was opened, the notes and which sides the computer plays.
    pub fn show_opened(
        &mut self,
        ws: &mut Workspace,
        game: Box<dyn DynGame>,
        notes: Vec<String>,
        path: Option<&Path>,
    ) {
        let mut text = opened_text(game.as_ref(), path);
        if path.is_none() {
            text = format!("Opened the pasted {text}");
        }
        let from = match path {
            Some(p) => GameFrom::File(p),
            None => GameFrom::Unsaved,
        };
        let computer = self.set_game(game, from);
        if let Some(path) = path {
            ws.settings.add_recent(path);
        }
        let notes: Vec<String> = notes.into_iter().chain(computer).collect();
        ws.status.info(with_notes(text, &notes));
    }

    /// Put `game` on the board.
    fn install(&mut self, game: Box<dyn DynGame>, started_on: Option<u64>) {
        let refit = match &self.current {
            Some(c) => !Arc::ptr_eq(c.game.board(), game.board()),
            None => true,
        };
        // A game started on the document's board is drawn at the document's
        // revision (its board is that board), so the canvas keeps what it
        // built for the board; other boards get a revision of their own.
        let revision = match started_on {
            Some(r) => r,
            None => {
                self.next_revision += 1;
                self.next_revision
            }
        };
        self.names_applied = game.players().clone();
        // A new game has no file yet; `set_game` marks an opened one saved.
        self.game_path = None;
        self.saved_edits = None;
        self.current = Some(Current {
            game,
            started_on,
            revision,
            colours: self.setup.colours,
        });
        self.canvas.clear_face_fills();
        self.fills_for = None;
        if refit {
            self.canvas.request_fit();
        }
        self.computer.reset();
        self.clock_driver.pause();
        self.failed_epoch = None;
        self.preview = None;
        self.selected = None;
        self.game_changed();
    }

    /// Player names from the setup panel (empty fields fall back to the side names).
    fn names_for(&self, sides: [&'static str; 2]) -> [String; 2] {
        std::array::from_fn(|i| {
            let n = self.setup.names[i].trim();
            if n.is_empty() {
                sides[i].to_string()
            } else {
                n.to_string()
            }
        })
    }

    /// After a move, takeback, resignation or new game: cancel the search of the
    /// old position, forget the hint, redraw.
    fn game_changed(&mut self) {
        self.epoch += 1;
        self.edits += 1;
        self.hint = None;
        self.computer.cancel();
        self.changed();
    }

    /// Whether the engine is thinking (a computer move or a hint).
    pub fn thinking(&self) -> bool {
        self.computer.thinking().is_some()
    }

    /// The engine's suggestion on the board, if any.
    pub fn hint(&self) -> Option<&computer::Hint> {
        self.hint.as_ref()
    }

    /// Leaving Play mode (for the shell to call on a mode switch): cancel any
    /// search and clear Play's status-bar hint. The computer resumes thinking
    /// when Play is shown again.
    pub fn leave(&mut self, ws: &mut Workspace) {
        self.computer.cancel();
        self.clock_driver.pause();
        ws.status.hint.clear();
        ws.status.hover = None;
    }

    /// Recompute what is drawn after any change of the game, the preview or the selection.
    fn changed(&mut self) {
        self.hover_cache = None;
        let Some(c) = &self.current else {
            self.tree = MoveTree::default();
            self.scene = Scene::default();
            self.legal.clear();
            self.destinations.clear();
            return;
        };
        let g = c.game.as_ref();
        if self
            .preview
            .is_some_and(|p| p > g.recorded_len() || p == g.ply())
        {
            self.preview = None;
        }
        self.scene = Scene::of(g, self.preview.unwrap_or(g.ply())).unwrap_or_default();
        self.tree = g.tree();
        self.legal = g.legal_targets();
        self.swap = g.swap_move();
        self.destinations = match self.selected {
            Some(s) if self.preview.is_none() => g.moves_from(s),
            _ => Vec::new(),
        };
    }

    /// A click on face `f` of the live game: play, select or deselect, or say why not.
    fn click(&mut self, ws: &mut Workspace, f: FaceId) {
        let Some(c) = &mut self.current else {
            return;
        };
        if let Some(p) = self.preview {
            ws.status.error_for(
                Cause::Preview,
                format!("Previewing move {p} (read-only): press Back to live to play"),
            );
            return;
        }
        if let Some(p) = c.game.to_move()
            && self.setup.seats[p as usize & 1].is_computer()
        {
            let who = c.game.who(p);
            ws.status.error(format!(
                "It is {who}'s turn: the computer is thinking (Stop makes it move now)"
            ));
            return;
        }
        match c.game.move_for_click(self.selected, f) {
            Ok(Click::Play(m)) => self.play(ws, m),
            Ok(Click::Select(s)) => {
                self.selected = Some(s);
                self.changed();
                let n = self.destinations.len();
                let name = self.board().map(|b| b.face_name(s)).unwrap_or_default();
                ws.status.info(format!(
                    "Selected {name}: {n} destination{}",
                    if n == 1 { "" } else { "s" }
                ));
            }
            Ok(Click::Deselect) => {
                self.selected = None;
                self.changed();
                ws.status.info("Selection cleared");
            }
            Err(why) => {
                if self.selected.take().is_some() {
                    self.changed();
                }
                ws.status.error_for(Cause::Move, why.to_string());
            }
        }
    }

    /// Play `m`, a legal move of the live game's position.
    fn play(&mut self, ws: &mut Workspace, m: MoveHandle) {
        let Some(c) = &mut self.current else {
            return;
        };
        let mover = c.game.to_move().unwrap_or(0) as usize;
        let name = c.game.players()[mover].clone();
        match c.game.play(m) {
            Ok(m) => {
                let end = c.game.outcome().map(|o| o.reason);
                self.selected = None;
                self.game_changed();
                match end {
                    Some(reason) => ws
                        .status
                        .info(format!("{name} played {m}. Game over: {reason}")),
                    None => ws.status.info(format!("{name} played {m}")),
                }
            }
            Err(e) => ws.status.error(format!("The move was not played: {e}")),
        }
    }

    fn board(&self) -> Option<&Arc<Board>> {
        self.current.as_ref().map(|c| c.game.board())
    }

    /// Resign for the player to move.
    pub fn resign(&mut self, ws: &mut Workspace) {
        self.resign_to_move(ws, "");
    }

    /// Resign for the computer seat to move, whose search proved the game
    /// lost ([`setup::Setup::resign`]).
    fn resign_lost(&mut self, ws: &mut Workspace) {
        self.resign_to_move(
            ws,
            ": the computer's search proves the game lost (Undo takes it back)",
        );
    }

    /// Resign for the player to move; `why` follows "Red resigned" on the
    /// status line.
    fn resign_to_move(&mut self, ws: &mut Workspace, why: &str) {
        let Some(c) = &mut self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            return;
        };
        let who = c.game.who(p);
        match c.game.resign(p) {
            Ok(()) => {
                self.selected = None;
                self.game_changed();
                ws.status.info(format!("{who} resigned{why}"));
            }
            Err(e) => ws.status.error(format!("Cannot resign: {e}")),
        }
    }

    /// What "Save game…" asks (None without a game): RON record, or SGF for
    /// Hex, Little Golem's .tsgf for TwixT and .hgf for Havannah, boardspace's
    /// SGF for Lines of Action.
    pub fn save_question(&self, folder: Option<&Path>) -> Option<FileQuestion> {
        let c = self.current.as_ref()?;
        // A game opened or saved before: its file's name as a RON record, in
        // its folder (a foreign file is not suggested for overwriting).
        let from_file = self.game_path.as_ref().and_then(|p| {
            let stem = p.file_stem()?.to_string_lossy();
            let p = std::path::absolute(p).ok()?;
            Some((format!("{stem}.ron"), p.parent()?.to_path_buf()))
        });
        let mut q = match &from_file {
            Some((name, dir)) => FileQuestion::save("Save game", name.clone())
                .in_folder(Some(dir.as_path()).filter(|d| d.is_dir()).or(folder)),
            None => FileQuestion::save("Save game", format!("{}-game.ron", c.game.kind().name()))
                .in_folder(folder),
        };
        for &f in c.game.entry().formats {
            q = q.filter(f.file_type(), &[f.extension()]);
        }
        Some(q)
    }

    /// What "Save picture…" asks (`None` without a game).
    pub fn picture_question(&self, folder: Option<&Path>) -> Option<FileQuestion> {
        let c = self.current.as_ref()?;
        let name = format!("{}-move-{}.svg", c.game.kind().name(), self.shown_ply());
        Some(
            FileQuestion::save("Save picture", name)
                .filter("SVG picture", &["svg"])
                .in_folder(folder),
        )
    }

    /// Save the position shown (previewed or live) as an SVG picture at
    /// `path`, in the players' colours: what "Save picture…" does after its
    /// dialog.
    pub fn save_picture_to(&self, ws: &mut Workspace, path: &Path) -> Result<(), String> {
        let ply = self.shown_ply();
        let colours = self.colours().map(|c| [c.r(), c.g(), c.b()]);
        let result = match &self.current {
            None => Err("There is no game to draw: start one with New game".to_string()),
            Some(c) => crate::game::picture(c.game.as_ref(), ply, colours)
                .ok_or_else(|| format!("The game has no move {ply}"))
                .and_then(|shown| {
                    let svg = crate::io::svg::write_position_svg(c.game.board(), &shown);
                    crate::io::atomic::write_atomic(path, svg.as_bytes()).map_err(|e| {
                        format!("Could not save the picture to {}: {e}", path.display())
                    })
                }),
        };
        match &result {
            Ok(()) => {
                ws.settings.remember_folder(path);
                ws.status.info(format!(
                    "Saved a picture of the position after {} to {}",
                    crate::app::count(ply, "move"),
                    path.display()
                ))
            }
            Err(e) => ws.status.error(e.clone()),
        }
        result
    }

    /// What "Open game…" asks.
    pub fn open_question(folder: Option<&Path>) -> FileQuestion {
        FileQuestion::open("Open game")
            .filter(
                "Games (RON, SGF, Little Golem .hsgf, .tsgf and .hgf, T1j .T1)",
                &crate::io::GAME_EXTENSIONS,
            )
            .in_folder(folder)
    }

    /// "Red" or "Ann (Red)": the player to move, if the game is on.
    pub fn who_to_move(&self) -> Option<String> {
        let c = self.current.as_ref()?;
        let p = c.game.to_move()?;
        Some(c.game.who(p))
    }

    /// Whether the play command `c` can run now, and if not why.
    pub fn availability(&self, c: &Command) -> Result<(), String> {
        let Some(cur) = &self.current else {
            return match c {
                Command::NewGame(_) | Command::OpenGame => Ok(()),
                _ => Err("No game: choose rules and press New game".into()),
            };
        };
        let g = cur.game.as_ref();
        let human_to_move = g
            .to_move()
            .is_some_and(|p| !self.setup.seats[p as usize & 1].is_computer());
        let ok = |yes: bool, why: &str| if yes { Ok(()) } else { Err(why.to_string()) };
        match c {
            Command::Undo => ok(
                g.ply() > 0 || g.ending().is_some(),
                "No move to take back: this is the start of the game",
            ),
            Command::Redo => ok(g.ply() < g.recorded_len(), "No move to replay"),
            Command::Resign | Command::ConfirmResign => {
                ok(g.to_move().is_some(), "The game is over")
            }
            Command::Swap => ok(
                self.preview.is_none() && self.swap.is_some() && human_to_move,
                "The swap move is not possible now",
            ),
            Command::Hint => {
                ok(!self.thinking(), "The engine is thinking")?;
                ok(human_to_move, "Hints are for a person to move")
            }
            Command::StopSearch => ok(self.thinking(), "The engine is not thinking"),
            Command::Cancel => ok(
                self.selected.is_some() || self.preview.is_some(),
                "Nothing selected and no preview",
            ),
            Command::Preview(Some(k)) => {
                ok(*k <= g.recorded_len(), "The game has not that many moves")
            }
            Command::StepBack | Command::GoToStart => {
                ok(self.shown_ply() > 0, "This is the start of the game")
            }
            Command::StepForward | Command::GoToEnd => ok(
                self.shown_ply() < g.recorded_len(),
                "This is the end of the line",
            ),
            Command::PreviousVariation | Command::NextVariation => ok(
                self.tree.alternatives(self.shown_node()).len() > 1,
                "The shown move has no alternative",
            ),
            Command::ChooseLine(n) => ok(
                self.tree.node(*n).is_some_and(|t| t.parent.is_some()),
                "That move is no longer in the game",
            ),
            Command::PromoteVariation | Command::DeleteVariation => ok(
                self.tree.variation_of(self.shown_node()).is_some(),
                "The shown move is on the main line, not in a variation",
            ),
            // The full check (a rhombus of grid cells) runs on the click.
            Command::CopyHexWorldLink => ok(
                g.kind() == crate::game::RulesKind::Hex && g.board().face_count() <= 26 * 26,
                "HexWorld links hold Hex games on boards of up to 26×26 cells",
            ),
            _ => Ok(()),
        }
    }

    /// The ply shown on the board (previewed or live).
    fn shown_ply(&self) -> usize {
        self.preview.unwrap_or(self.tree.ply)
    }

    /// The node shown on the board (previewed or live).
    fn shown_node(&self) -> NodeId {
        self.tree
            .line
            .get(self.shown_ply())
            .copied()
            .unwrap_or(NodeId::ROOT)
    }

    /// The move list's commands: stepping through the current line (read-only
    /// previews), choosing, promoting and deleting variations.
    pub fn navigate(&mut self, ws: &mut Workspace, cmd: Command) {
        let Some(c) = &self.current else {
            return;
        };
        let shown = self.shown_ply();
        let len = c.game.recorded_len();
        let step = match cmd {
            Command::StepBack => Some(shown.saturating_sub(1)),
            Command::StepForward => Some((shown + 1).min(len)),
            Command::GoToStart => Some(0),
            Command::GoToEnd => Some(len),
            _ => None,
        };
        if let Some(ply) = step {
            self.set_preview(Some(ply));
            return;
        }
        let node = self.shown_node();
        match cmd {
            Command::PreviousVariation | Command::NextVariation => {
                let alts = self.tree.alternatives(node);
                let Some(i) = alts.iter().position(|&n| n == node) else {
                    return;
                };
                let j = if matches!(cmd, Command::NextVariation) {
                    (i + 1) % alts.len()
                } else {
                    (i + alts.len() - 1) % alts.len()
                };
                let target = alts[j];
                self.choose_line(ws, target);
            }
            Command::ChooseLine(n) => self.choose_line(ws, n),
            Command::PromoteVariation => self.promote(ws, node),
            Command::DeleteVariation => self.delete_variation(ws, node),
            _ => {}
        }
    }

    /// "3. e5" for node `n`.
    fn node_text(&self, n: NodeId) -> String {
        self.tree
            .node(n)
            .map(|t| moves::move_label(t.depth.saturating_sub(1), &t.notation))
            .unwrap_or_default()
    }

    /// Make the line through `n` the current one and show `n`. The live position
    /// stays unless it lies beyond where the line branches off; then the game
    /// goes back to the branch point.
    fn choose_line(&mut self, ws: &mut Workspace, n: NodeId) {
        let Some(depth) = self.tree.node(n).map(|t| t.depth) else {
            return;
        };
        let Some(c) = &mut self.current else {
            return;
        };
        let live = c.game.ply();
        let before = c.game.current_node();
        let keep = live.min(depth.saturating_sub(1));
        if let Err(e) = c.game.goto_node(n) {
            ws.status.error(e.to_string());
            return;
        }
        let _ = c.game.goto(keep);
        let moved = c.game.current_node() != before;
        if moved {
            self.game_changed();
        }
        self.set_preview(Some(depth));
        let text = self.node_text(n);
        let others = self.tree.alternatives(n).len().saturating_sub(1);
        let mut msg = format!("Showing {text}");
        if others > 0 {
            msg.push_str(&format!(
                " ({} other move{} here: Up/Down)",
                others,
                if others == 1 { "" } else { "s" }
            ));
        }
        if moved {
            msg.push_str(&format!("; the game went back to move {keep}"));
        }
        ws.status.info(msg);
    }

    /// Promote the variation holding `n`.
    fn promote(&mut self, ws: &mut Workspace, n: NodeId) {
        let Some(c) = &mut self.current else {
            return;
        };
        match c.game.promote(n) {
            Ok(start) => {
                self.edits += 1;
                self.changed();
                let text = self.node_text(start);
                let main = self.tree.variation_of(start).is_none();
                ws.status.info(if main {
                    format!("{text} is now the main line")
                } else {
                    format!("Promoted the variation {text}")
                });
            }
            Err(e) => ws.status.error(e.to_string()),
        }
    }

    /// Delete the variation holding `n`.
    fn delete_variation(&mut self, ws: &mut Workspace, n: NodeId) {
        let Some(v) = self.tree.variation_of(n) else {
            return;
        };
        let text = self.node_text(v);
        let Some(c) = &mut self.current else {
            return;
        };
        let before = c.game.current_node();
        match c.game.delete_variation(n) {
            Ok((_, count)) => {
                let moved = c.game.current_node() != before;
                self.preview = None;
                self.selected = None;
                if moved {
                    self.game_changed();
                } else {
                    self.edits += 1;
                    self.changed();
                }
                let k = self.current.as_ref().map_or(0, |c| c.game.ply());
                let mut msg = format!(
                    "Deleted the variation {text} ({count} move{})",
                    if count == 1 { "" } else { "s" }
                );
                if moved {
                    msg.push_str(&format!("; the game went back to move {k}"));
                }
                ws.status.info(msg);
            }
            Err(e) => ws.status.error(e.to_string()),
        }
    }

    /// Esc: drop the selected piece, else leave the preview.
    pub fn cancel(&mut self) {
        if self.selected.take().is_some() {
            self.changed();
        } else if self.preview.is_some() {
            self.set_preview(None);
        }
    }

    /// The swap button: play the swap move.
    pub fn swap(&mut self, ws: &mut Workspace) {
        if let Some(m) = self.swap {
            self.play(ws, m);
        }
    }

    /// "Stop": the engine moves (or shows its hint) now with what it found so far.
    pub fn stop_search(&self) {
        self.computer.stop();
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        // The clock first: the time since the last frame was the mover's.
        self.run_clock(ui.ctx(), ws);
        self.run_computer(&ui.ctx().clone(), ws);
        ws.status.hint = self.hint_text();
        // Errors whose cause is gone leave the status bar.
        if self.preview.is_none() {
            ws.status.resolve(Cause::Preview);
        }
        // Both side panels have a fixed width and the banners lie over the board,
        // so nothing that happens in the game moves the board.
        self.follow_check(ws);
        let waiting = self.waiting.map(|(kind, _)| kind);
        let asked = egui::Panel::left("play_setup")
            .resizable(false)
            .exact_size(SETUP_WIDTH)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("play_setup_scroll")
                    .show(ui, |ui| {
                        let (board, fit) = ws.board_and_fit();
                        self.setup.ui(ui, board, fit, waiting)
                    })
                    .inner
            })
            .inner;
        for c in asked {
            ws.send(c);
        }
        self.apply_names();
        self.apply_colours();
        self.apply_seats();
        egui::Panel::right("play_game")
            .resizable(false)
            .exact_size(GAME_WIDTH)
            .show(ui, |ui| self.game_panel(ui, ws));
        self.canvas.fit_top = BANNER_ROOM;
        self.board_ui(ui, ws);
        let banner = self.current.as_ref().is_some_and(|c| {
            self.preview.is_some()
                || self.scene.outcome.is_some()
                || c.started_on.is_some_and(|r| r != ws.doc.revision())
        });
        if banner && let Some(rect) = self.canvas.last_rect() {
            let area = egui::Rect::from_min_max(
                rect.min + egui::vec2(8.0, 8.0),
                egui::pos2(rect.max.x - 8.0, rect.max.y),
            );
            let mut child = ui.new_child(
                egui::UiBuilder::new()
                    .id_salt("play_banners")
                    .max_rect(area)
                    .layout(egui::Layout::top_down(egui::Align::Min)),
            );
            self.banners(&mut child, ws);
        }
    }

    /// Once it is known which games suit the document's board (at once on a
    /// small board, when the worker answers on a big one), the game the board
    /// names is chosen and a New game that waited for it starts.
    fn follow_check(&mut self, ws: &mut Workspace) {
        let revision = ws.doc.revision();
        let Some(fit) = ws.board_fit() else {
            return;
        };
        self.setup.follow(fit, revision);
        if let Some((kind, asked_at)) = self.waiting.take() {
            if asked_at == revision {
                self.start_game(ws, kind);
            } else {
                ws.status.info(format!(
                    "The new game of {} was not started: the board changed while it was checked",
                    kind.title()
                ));
            }
        }
    }

    /// The status bar's hint for what a click does now.
    fn hint_text(&self) -> String {
        let Some(c) = &self.current else {
            return format!(
                "Click the board to start a game of {} (or choose rules and players, then New game)",
                self.setup.kind.title()
            );
        };
        if self.preview.is_some() {
            return "Previewing a past position: Back to live (or Esc) to play".into();
        }
        let g = c.game.as_ref();
        let Some(p) = g.to_move() else {
            return "Game over: New game to play again, Undo to take back".into();
        };
        if self.setup.seats[p as usize & 1].is_computer() {
            return "The computer is thinking: Stop makes it move now".into();
        }
        let clicks = g.entry().clicks;
        if self.selected.is_some() {
            clicks.selected.into()
        } else {
            clicks.idle.into()
        }
    }

    /// Tell the game who plays each side (its record keeps it).
    fn apply_seats(&mut self) {
        let sides = computer::record_sides(self.setup.seats);
        if let Some(c) = &mut self.current
            && c.game.computer_sides() != sides
        {
            c.game.set_computer_sides(sides);
        }
    }

    /// The players' colours as the board shows them: the game's, or the
    /// setup's before a game.
    pub fn colours(&self) -> [Color32; 2] {
        self.current
            .as_ref()
            .map_or(self.setup.colours, |c| c.colours)
    }

    /// Whether the setup shows the game's rules, so that its names and
    /// colours are the game's.
    fn setup_is_the_games(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|c| c.game.kind() == self.setup.kind)
    }

    /// Hand colours chosen in the setup to the game.
    fn apply_colours(&mut self) {
        if self.setup_is_the_games()
            && let Some(c) = &mut self.current
        {
            c.colours = self.setup.colours;
        }
    }

    /// Hand edited names to the game (while the setup shows its rules: the
    /// names that change with another game's rules are the next game's).
    fn apply_names(&mut self) {
        if !self.setup_is_the_games() {
            return;
        }
        let Some(c) = &self.current else {
            return;
        };
        let names = self.names_for(c.game.player_names());
        if self.setup.names != self.names_applied && names != *c.game.players() {
            self.names_applied = self.setup.names.clone();
            if let Some(c) = &mut self.current {
                c.game.set_players(names);
            }
        }
    }
}

/// What the status line says of a game shown from `path` (or handed in
/// without a file): "Opened Hex game g.sgf (27 moves, bob (Blue) resigned)".
pub fn opened_text(game: &dyn DynGame, path: Option<&Path>) -> String {
    let ending = game
        .outcome()
        .map(|o| format!(", {}", o.reason))
        .unwrap_or_default();
    let moves = crate::app::count(game.ply(), "move");
    let title = game.kind().title();
    match path {
        Some(p) => format!("Opened {title} game {} ({moves}{ending})", p.display()),
        None => format!("{title} game: {moves}{ending}"),
    }
}

/// `text`, then what reading the file noted, if anything.
pub fn with_notes(mut text: String, notes: &[String]) -> String {
    if !notes.is_empty() {
        text.push_str(" — ");
        text.push_str(&notes.join("; "));
    }
    text
}
