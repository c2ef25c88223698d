//! Play mode: rules and seats, the board with pieces, legal-move highlights, the
//! move list, previews, takeback, the result banner and computer seats.
//!
//! Files: `mod.rs` (the panel, clicks, routing), `setup.rs` (rules, options,
//! players), `board_view.rs` (drawing the game on the canvas), `moves.rs` (the
//! move list), `computer.rs` (engine seats).

pub mod board_view;
pub mod computer;
pub mod moves;
pub mod setup;

use super::canvas::Canvas;
use super::workspace::Workspace;
use crate::board::Board;
use crate::mesh::FaceId;
use crate::rules::Player;
use crate::rules::dynamic::{Click, DynGame, RulesKind, new_game};
use board_view::{Overlay, Scene, mix, text_on};
use eframe::egui::{self, Color32, CursorIcon, RichText};
use setup::{Setup, SetupAction};
use std::path::Path;
use std::sync::Arc;

/// Canvas revisions for game boards live above the document's revisions.
const GAME_REVISION: u64 = 1 << 48;

/// The game being played and everything derived from it.
struct Current {
    game: Box<dyn DynGame>,
    /// The document revision the game was started on (`None`: opened from a file).
    started_on: Option<u64>,
    /// Canvas revision of the game's board.
    revision: u64,
}

pub struct PlayPanel {
    canvas: Canvas,
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
    confirm_resign: bool,
    scene: Scene,
    legal: Vec<FaceId>,
    destinations: Vec<FaceId>,
    /// What a click on the hovered face would do: (face, selection, answer).
    hover_cache: Option<(FaceId, Option<FaceId>, Result<Click, String>)>,
    /// The face fills (TwixT border rows) are set for this (revision, colours).
    fills_for: Option<(u64, [Color32; 2])>,
    /// The names last handed to the game (edits in the setup panel rename its players).
    names_applied: [String; 2],
    /// The engines of the computer seats and the hint, and the search in progress.
    computer: computer::Computer,
    /// Bumped on every change of the game (moves, takeback, resignation, new game):
    /// a search started at another epoch is dropped.
    epoch: u64,
    /// The epoch at which the computer failed to move (not retried until the game changes).
    failed_epoch: Option<u64>,
    /// The engine's suggestion for the player to move.
    hint: Option<computer::Hint>,
    /// Whether the swap move is legal now.
    can_swap: bool,
    /// The frame this panel was last shown in (to notice returning from another mode).
    last_frame: Option<u64>,
}

impl Default for PlayPanel {
    fn default() -> Self {
        PlayPanel::new()
    }
}

impl PlayPanel {
    pub fn new() -> PlayPanel {
        PlayPanel {
            canvas: Canvas::new(),
            setup: Setup::new(),
            current: None,
            next_revision: GAME_REVISION,
            doc_board: None,
            selected: None,
            preview: None,
            show_legal: false,
            confirm_resign: false,
            scene: Scene::default(),
            legal: Vec::new(),
            destinations: Vec::new(),
            hover_cache: None,
            fills_for: None,
            names_applied: Default::default(),
            computer: computer::Computer::new(),
            epoch: 0,
            failed_epoch: None,
            hint: None,
            last_frame: None,
            can_swap: false,
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Start a new game of `kind` on the document's board (reporting in the status
    /// bar when the rules cannot run on it).
    pub fn start_game(&mut self, ws: &mut Workspace, kind: RulesKind) {
        if self.setup.kind != kind {
            self.setup.choose(kind);
        }
        let revision = ws.doc.revision();
        let board = match &self.doc_board {
            Some((r, b)) if *r == revision => b.clone(),
            _ => {
                let b = Arc::new(ws.doc.board().clone());
                self.doc_board = Some((revision, b.clone()));
                b
            }
        };
        let options = self.setup.options();
        match new_game(kind, board, &options) {
            Ok(mut game) => {
                game.set_players(self.names_for(game.player_names()));
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
                "{} cannot be played on this board: {e}",
                kind.title()
            )),
        }
    }

    /// The game on the board, if any (for autosave and File → Save game).
    pub fn game(&self) -> Option<&dyn DynGame> {
        self.current.as_ref().map(|c| c.game.as_ref())
    }

    /// Show `game` (opened from a file or restored from an autosave) with both seats human.
    pub fn set_game(&mut self, ws: &mut Workspace, game: Box<dyn DynGame>) {
        self.setup.choose(game.kind());
        self.setup.swap = game.options().swap;
        self.setup.names = game.players().clone();
        self.setup.seats = [computer::Seat::Human, computer::Seat::Human];
        let text = format!(
            "{} game: {} moves{}",
            game.kind().title(),
            game.ply(),
            game.outcome()
                .map(|o| format!(", {}", o.reason))
                .unwrap_or_default()
        );
        self.install(game, None);
        ws.status.info(text);
    }

    /// Edit → Undo in Play mode: take back the last move. Returns whether anything changed.
    pub fn undo(&mut self, ws: &mut Workspace) -> bool {
        let Some(c) = &mut self.current else {
            return false;
        };
        let last = c.game.history().last().cloned();
        let resigned = c.game.resigned();
        if !c.game.undo() {
            ws.status
                .info("Nothing to take back: this is the start of the game");
            return false;
        }
        // Against the computer, take back its reply too so that a person is to move.
        let seats = self.setup.seats;
        let seat = |p: Option<Player>| p.map(|p| seats[p as usize & 1]);
        let mut last = last;
        if resigned.is_none()
            && seat(c.game.to_move()).is_some_and(|s| s.is_computer())
            && seat(c.game.to_move().map(crate::rules::opponent)) == Some(computer::Seat::Human)
        {
            let m = c.game.history().last().cloned();
            if c.game.undo() {
                last = m.map(|m| format!("{m} and {}", last.unwrap_or_default()));
            }
        }
        self.preview = None;
        self.selected = None;
        self.confirm_resign = false;
        self.game_changed();
        match (resigned, last) {
            (Some(_), _) => ws.status.info("Resignation withdrawn"),
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
        self.confirm_resign = false;
        self.changed();
    }

    /// Save the game to `path` (RON record, or Hex SGF for `.sgf`): what
    /// "Save game…" does after its dialog.
    pub fn save_game_to(&self, ws: &mut Workspace, path: &Path) -> Result<(), String> {
        let Some(c) = &self.current else {
            let e = "There is no game to save: start one with New game".to_string();
            ws.status.error(e.clone());
            return Err(e);
        };
        match super::files::save_game(c.game.as_ref(), path) {
            Ok(()) => {
                ws.status
                    .info(format!("Saved the game to {}", path.display()));
                Ok(())
            }
            Err(e) => {
                ws.status.error(format!("Could not save the game: {e}"));
                Err(e)
            }
        }
    }

    /// Open a saved game (RON record or Hex SGF) through the same code path as
    /// File → Open: what "Open game…" does after its dialog.
    pub fn open_game_from(&mut self, ws: &mut Workspace, path: &Path) -> Result<(), String> {
        let r = match super::files::open_path(path) {
            Ok(super::files::Opened::Game(g)) => {
                self.set_game(ws, g);
                ws.status.info(format!(
                    "Opened the game {} ({} moves)",
                    path.display(),
                    self.game().map_or(0, |g| g.ply())
                ));
                return Ok(());
            }
            Ok(super::files::Opened::Board { .. }) => Err(format!(
                "{} holds a board, not a game: open it with File, Open",
                path.display()
            )),
            Err(e) => Err(e),
        };
        if let Err(e) = &r {
            ws.status.error(format!("Could not open the game: {e}"));
        }
        r
    }

    /// Put `game` on the board.
    fn install(&mut self, game: Box<dyn DynGame>, started_on: Option<u64>) {
        let refit = match &self.current {
            Some(c) => !Arc::ptr_eq(c.game.board(), game.board()),
            None => true,
        };
        self.next_revision += 1;
        self.names_applied = game.players().clone();
        self.current = Some(Current {
            game,
            started_on,
            revision: self.next_revision,
        });
        self.canvas.clear_face_fills();
        self.fills_for = None;
        if refit {
            self.canvas.request_fit();
        }
        self.computer.reset();
        self.failed_epoch = None;
        self.preview = None;
        self.selected = None;
        self.confirm_resign = false;
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
        ws.status.hint.clear();
        ws.status.hover = None;
    }

    /// Ask the engine for a move for the (human) player to move.
    pub fn request_hint(&mut self, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            ws.status.error("The game is over: no hint");
            return;
        };
        match self.computer.start(
            c.game.as_ref(),
            computer::Purpose::Hint(p),
            computer::HINT_SECONDS,
            self.epoch,
        ) {
            Ok(()) => ws.status.info("Looking for a good move…"),
            Err(e) => ws.status.error(format!("No hint: {e}")),
        }
    }

    /// The engine side of a frame: take finished results, start the computer's
    /// move when a computer seat is to move.
    fn run_computer(&mut self, ctx: &egui::Context, ws: &mut Workspace) {
        let frame = ctx.cumulative_frame_nr();
        if self.last_frame.is_some_and(|f| f + 1 < frame) {
            // Back from another mode: a search started before is stale.
            self.computer.cancel();
        }
        self.last_frame = Some(frame);
        let Some(c) = &self.current else {
            self.computer.cancel();
            return;
        };
        let to_move = c.game.to_move();
        // A seat switched to Human while its computer was thinking.
        if let Some((computer::Purpose::Move(p), _)) = self.computer.thinking()
            && !self.setup.seats[p as usize & 1].is_computer()
        {
            self.computer.cancel();
        }
        match self.computer.poll(ctx, self.epoch) {
            Some(computer::Finished::Play { player, best_move }) if to_move == Some(player) => {
                self.play(ws, &best_move);
            }
            Some(computer::Finished::Hint(h)) => {
                let who = self
                    .current
                    .as_ref()
                    .map(|c| Self::who(c.game.as_ref(), h.player))
                    .unwrap_or_default();
                ws.status.info(format!(
                    "Hint for {who}: {} (win estimate {:.0}%)",
                    h.best_move,
                    h.win_rate * 100.0
                ));
                self.hint = Some(h);
            }
            Some(computer::Finished::Failed(_, e)) => {
                self.failed_epoch = Some(self.epoch);
                ws.status.error(format!("The computer could not move: {e}"));
            }
            Some(computer::Finished::Play { .. }) | None => {}
        }
        let Some(c) = &self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            return;
        };
        let busy = matches!(
            self.computer.thinking(),
            Some((computer::Purpose::Move(_), _))
        );
        if let computer::Seat::Computer { seconds } = self.setup.seats[p as usize & 1]
            && !busy
            && self.failed_epoch != Some(self.epoch)
        {
            if let Err(e) = self.computer.start(
                c.game.as_ref(),
                computer::Purpose::Move(p),
                seconds,
                self.epoch,
            ) {
                self.failed_epoch = Some(self.epoch);
                ws.status.error(format!("The computer could not move: {e}"));
            }
            ctx.request_repaint();
        }
    }

    /// Recompute what is drawn after any change of the game, the preview or the selection.
    fn changed(&mut self) {
        self.hover_cache = None;
        let Some(c) = &self.current else {
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
        self.legal = g.legal_targets();
        self.can_swap = g.options().swap && g.check_str("swap").is_ok();
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
            ws.status.error(format!(
                "Previewing move {p} (read-only): press Back to live to play"
            ));
            return;
        }
        if let Some(p) = c.game.to_move()
            && self.setup.seats[p as usize & 1].is_computer()
        {
            let who = Self::who(c.game.as_ref(), p);
            ws.status.error(format!(
                "It is {who}'s turn: the computer is thinking (Stop makes it move now)"
            ));
            return;
        }
        match c.game.move_for_click(self.selected, f) {
            Ok(Click::Play(m)) => self.play(ws, &m),
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
                ws.status.error(why);
            }
        }
    }

    /// Play `m` (notation) in the live game.
    fn play(&mut self, ws: &mut Workspace, m: &str) {
        let Some(c) = &mut self.current else {
            return;
        };
        let mover = c.game.to_move().unwrap_or(0) as usize;
        let name = c.game.players()[mover].clone();
        match c.game.play_str(m) {
            Ok(()) => {
                let end = c.game.outcome().map(|o| o.reason);
                self.selected = None;
                self.confirm_resign = false;
                self.game_changed();
                match end {
                    Some(reason) => ws
                        .status
                        .info(format!("{name} played {m}. Game over: {reason}")),
                    None => ws.status.info(format!("{name} played {m}")),
                }
            }
            Err(e) => ws.status.error(format!("{m}: {e}")),
        }
    }

    fn board(&self) -> Option<&Arc<Board>> {
        self.current.as_ref().map(|c| c.game.board())
    }

    /// The player at the given side, with the side name when it differs: "Ann (Red)".
    fn who(game: &dyn DynGame, p: Player) -> String {
        let side = game.player_names()[p as usize & 1];
        let name = &game.players()[p as usize & 1];
        if name == side {
            side.to_string()
        } else {
            format!("{name} ({side})")
        }
    }

    /// Resign for the player to move.
    fn resign(&mut self, ws: &mut Workspace) {
        let Some(c) = &mut self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            return;
        };
        let who = Self::who(c.game.as_ref(), p);
        match c.game.resign(p) {
            Ok(()) => {
                self.selected = None;
                self.game_changed();
                ws.status.info(format!("{who} resigned"));
            }
            Err(e) => ws.status.error(format!("Cannot resign: {e}")),
        }
    }

    fn save_dialog(&mut self, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let mut d = rfd::FileDialog::new()
            .set_title("Save game")
            .add_filter("Game record (RON)", &["ron"]);
        if c.game.kind() == RulesKind::Hex {
            d = d.add_filter("Hex game (SGF)", &["sgf"]);
        }
        let d = d.set_file_name(format!("{}-game.ron", c.game.kind().name()));
        if let Some(path) = d.save_file() {
            let _ = self.save_game_to(ws, &path);
        }
    }

    fn open_dialog(&mut self, ws: &mut Workspace) {
        let d = rfd::FileDialog::new()
            .set_title("Open game")
            .add_filter("Games (RON, Hex SGF)", &["ron", "sgf"]);
        if let Some(path) = d.pick_file() {
            let _ = self.open_game_from(ws, &path);
        }
    }

    /// The turn indicator / result line in the side panel.
    fn turn_ui(&self, ui: &mut egui::Ui) {
        let Some(c) = &self.current else {
            ui.label("No game: choose rules and press New game");
            return;
        };
        let g = c.game.as_ref();
        let colours = self.setup.colours;
        let (fill, text) = match (&self.scene.outcome, self.scene.to_move) {
            (Some(o), _) => match o.winner {
                Some(w) => (colours[w as usize & 1], format!("{} won", Self::who(g, w))),
                None => (Color32::from_gray(0x90), "Draw".to_string()),
            },
            (None, Some(p)) => (
                colours[p as usize & 1],
                format!("{} to move", Self::who(g, p)),
            ),
            (None, None) => (Color32::from_gray(0x90), String::new()),
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(10, 8))
            .stroke(egui::Stroke::new(1.0, Color32::from_gray(0x60)))
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                ui.label(RichText::new(text).size(17.0).strong().color(text_on(fill)));
            });
        let shown = self.scene.ply;
        ui.label(format!(
            "{} · move {}{}",
            g.kind().title(),
            shown,
            if self.preview.is_some() {
                format!(" of {}", g.ply())
            } else {
                String::new()
            }
        ));
    }

    /// The game side panel: turn, controls, move list.
    fn game_panel(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        self.turn_ui(ui);
        let Some(c) = &self.current else {
            ui.add_space(8.0);
            if ui.button("Open game…").clicked() {
                self.open_dialog(ws);
            }
            return;
        };
        let over = c.game.outcome().is_some();
        let can_undo = c.game.ply() > 0 || c.game.resigned().is_some();
        let can_redo = c.game.ply() < c.game.recorded_len();
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .on_hover_text("Take back the last move (Ctrl+Z)")
                .clicked()
            {
                self.undo(ws);
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo"))
                .on_hover_text("Play the taken-back move again (Ctrl+Y)")
                .clicked()
            {
                self.redo(ws);
            }
            if ui
                .add_enabled(!over && !self.confirm_resign, egui::Button::new("Resign"))
                .on_hover_text("The player to move gives up")
                .clicked()
            {
                self.confirm_resign = true;
            }
        });
        if self.confirm_resign {
            let who = self
                .current
                .as_ref()
                .and_then(|c| c.game.to_move().map(|p| Self::who(c.game.as_ref(), p)))
                .unwrap_or_default();
            egui::Frame::new()
                .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
                .inner_margin(6)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.label(format!("Resign the game as {who}?"));
                    ui.horizontal(|ui| {
                        if ui.button("Yes, resign").clicked() {
                            self.confirm_resign = false;
                            self.resign(ws);
                        }
                        if ui.button("Cancel").clicked() {
                            self.confirm_resign = false;
                        }
                    });
                });
        }
        self.swap_ui(ui, ws);
        self.engine_ui(ui, ws);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Save game…").clicked() {
                self.save_dialog(ws);
            }
            if ui.button("Open game…").clicked() {
                self.open_dialog(ws);
            }
        });
        if ui
            .checkbox(&mut self.show_legal, "Show legal moves")
            .on_hover_text("Mark every face where a click plays or selects")
            .changed()
        {
            self.hover_cache = None;
        }
        ui.separator();
        ui.label(RichText::new("Moves").strong());
        let Some(c) = &self.current else {
            return;
        };
        if let Some(a) = moves::ui(ui, c.game.as_ref(), self.preview, self.setup.colours) {
            match a {
                moves::MoveListAction::Preview(p) => self.set_preview(Some(p)),
                moves::MoveListAction::Live => self.set_preview(None),
            }
        }
    }

    /// The swap (pie) move has no face to click: a button offers it when legal.
    fn swap_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        if self.preview.is_some() || !self.can_swap {
            return;
        }
        let Some(p) = c.game.to_move() else {
            return;
        };
        if self.setup.seats[p as usize & 1].is_computer() {
            return;
        }
        let first = Self::who(c.game.as_ref(), crate::rules::opponent(p));
        if ui
            .button("Swap")
            .on_hover_text(format!(
                "Take over {first}'s first move (mirrored into your own direction) instead of replying"
            ))
            .clicked()
        {
            self.play(ws, "swap");
        }
    }

    /// The engine's progress while it thinks, or the Hint button.
    fn engine_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        if let Some((purpose, progress)) = self.computer.thinking() {
            let p = match purpose {
                computer::Purpose::Move(p) | computer::Purpose::Hint(p) => p,
            };
            let who = Self::who(c.game.as_ref(), p);
            // Light piece colours (White) get darkened to stay visible as a bar.
            let c = self.setup.colours[p as usize & 1];
            let colour = if text_on(c) == Color32::WHITE {
                c
            } else {
                mix(c, Color32::from_gray(0x30), 0.6)
            };
            if computer::progress_ui(ui, purpose, progress, &who, colour) {
                self.computer.stop();
            }
            return;
        }
        let human_to_move = c
            .game
            .to_move()
            .is_some_and(|p| !self.setup.seats[p as usize & 1].is_computer());
        if ui
            .add_enabled(human_to_move, egui::Button::new("Hint"))
            .on_hover_text("Ask the engine for a move for the player to move")
            .clicked()
        {
            self.request_hint(ws);
        }
        if let Some(h) = &self.hint {
            ui.label(format!(
                "Hint: {} (win estimate {:.0}%)",
                h.best_move,
                h.win_rate * 100.0
            ));
        }
    }

    /// Banners over the board: the result, the preview bar, an edited board.
    fn banners(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let g = c.game.as_ref();
        let started_on = c.started_on;
        if let Some(p) = self.preview {
            let m = self
                .scene
                .last_move
                .as_deref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            let mut live = false;
            egui::Frame::new()
                .fill(mix(
                    ui.visuals().panel_fill,
                    Color32::from_rgb(0x30, 0x80, 0xe0),
                    0.25,
                ))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(format!("Previewing move {p}{m} — read-only")).strong(),
                        );
                        live = ui.button("Back to live").clicked();
                    });
                });
            if live {
                self.set_preview(None);
                ws.status.info("Back to the live position");
            }
        } else if let Some(o) = &self.scene.outcome {
            let (fill, head) = match o.winner {
                Some(w) => (
                    self.setup.colours[w as usize & 1],
                    format!("{} wins", Self::who(g, w)),
                ),
                None => (Color32::from_gray(0xa0), "Draw".to_string()),
            };
            egui::Frame::new()
                .fill(fill)
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.label(
                        RichText::new(format!("{head} — {}", o.reason))
                            .size(18.0)
                            .strong()
                            .color(text_on(fill)),
                    );
                });
        }
        if let Some(r) = started_on
            && r != ws.doc.revision()
        {
            let mut again = false;
            egui::Frame::new()
                .fill(mix(ui.visuals().panel_fill, ui.visuals().warn_fg_color, 0.2))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("The board has been edited or replaced since this game started; the game goes on on its own copy.");
                        again = ui.button("New game on the edited board").clicked();
                    });
                });
            if again {
                let kind = self.setup.kind;
                self.start_game(ws, kind);
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        self.run_computer(&ui.ctx().clone(), ws);
        ws.status.hint = self.hint_text();
        egui::Panel::left("play_setup")
            .resizable(false)
            .default_size(210.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("play_setup_scroll")
                    .show(ui, |ui| {
                        let action = self.setup.ui(ui, ws.doc.board(), ws.doc.revision());
                        if action == SetupAction::NewGame {
                            let kind = self.setup.kind;
                            self.start_game(ws, kind);
                        }
                    });
            });
        self.apply_names();
        egui::Panel::right("play_game")
            .resizable(false)
            .default_size(230.0)
            .show(ui, |ui| self.game_panel(ui, ws));
        let banner = self.current.as_ref().is_some_and(|c| {
            self.preview.is_some()
                || self.scene.outcome.is_some()
                || c.started_on.is_some_and(|r| r != ws.doc.revision())
        });
        if banner {
            egui::Panel::top("play_banners")
                .frame(egui::Frame::NONE)
                .show_separator_line(false)
                .show(ui, |ui| self.banners(ui, ws));
        }
        self.board_ui(ui, ws);
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) && !ui.ctx().egui_wants_keyboard_input() {
            if self.selected.take().is_some() {
                self.changed();
            } else if self.preview.is_some() {
                self.set_preview(None);
            }
        }
    }

    /// The status bar's hint for what a click does now.
    fn hint_text(&self) -> String {
        let Some(c) = &self.current else {
            return "Choose rules and players, then press New game".into();
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
        if g.kind() == RulesKind::Loa {
            if self.selected.is_some() {
                "Click a marked destination to move, elsewhere (or Esc) to deselect".into()
            } else {
                "Click one of your pieces to see where it can go".into()
            }
        } else {
            "Click an empty face to place a piece".into()
        }
    }

    /// Hand edited names to the game.
    fn apply_names(&mut self) {
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

    /// The board with the game on it, and clicks on it.
    fn board_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            self.canvas.show_setup = ws.settings.show_setup;
            let r = self.canvas.show(ui, ws.doc.board(), ws.doc.revision());
            ws.status.hover = r
                .hovered
                .map(|f| super::face_description(ws.doc.board(), f));
            return;
        };
        let board = c.game.board().clone();
        let revision = c.revision;
        let kind = c.game.kind();
        self.canvas.show_setup = false;
        // Face fills: TwixT border rows tinted in their owner's colour.
        let colours = self.setup.colours;
        if self.fills_for != Some((revision, colours)) {
            self.canvas.clear_face_fills();
            if kind == RulesKind::Twixt {
                let cell = self.canvas.style.cell;
                for (f, p) in board_view::twixt_borders(&board) {
                    self.canvas.set_face_fill(
                        &board,
                        f,
                        Some(mix(cell, colours[p as usize], 0.35)),
                    );
                }
            }
            self.fills_for = Some((revision, colours));
        }
        let r = self.canvas.show(ui, &board, revision);
        let live = self.preview.is_none();
        let space = ui.input(|i| i.key_down(egui::Key::Space));
        // What a click on the hovered face would do.
        let hover = r.hovered.filter(|_| live && !r.panning && !space);
        let computer_to_move = self.current.as_ref().is_some_and(|c| {
            c.game
                .to_move()
                .is_some_and(|p| self.setup.seats[p as usize & 1].is_computer())
        });
        let answer = hover.and_then(|f| {
            let c = self.current.as_ref()?;
            if computer_to_move {
                return Some(Err("the computer is to move".to_string()));
            }
            match &self.hover_cache {
                Some((hf, sel, a)) if *hf == f && *sel == self.selected => Some(a.clone()),
                _ => {
                    let a = c.game.move_for_click(self.selected, f);
                    self.hover_cache = Some((f, self.selected, a.clone()));
                    Some(a)
                }
            }
        });
        let ok = matches!(answer, Some(Ok(_)));
        if hover.is_some() {
            ui.ctx().set_cursor_icon(if ok {
                CursorIcon::PointingHand
            } else {
                CursorIcon::NotAllowed
            });
        }
        ws.status.hover = r.hovered.map(|f| {
            let mut s = super::face_description(&board, f);
            match &answer {
                Some(Ok(Click::Play(m))) => s.push_str(&format!("  ·  click to play {m}")),
                Some(Ok(Click::Select(_))) => s.push_str("  ·  click to select"),
                Some(Ok(Click::Deselect)) => s.push_str("  ·  click to deselect"),
                Some(Err(why)) => s.push_str(&format!("  ·  {why}")),
                None => {}
            }
            s
        });
        let legal = if self.show_legal && live {
            self.legal.clone()
        } else {
            Vec::new()
        };
        // While a hint is being searched, its current best move is shown already.
        let searching = match self.computer.thinking() {
            Some((computer::Purpose::Hint(p), pr)) if !pr.best_faces.is_empty() => {
                Some((pr.best_faces.clone(), p))
            }
            _ => None,
        };
        let overlay = Overlay {
            scene: &self.scene,
            kind,
            colours,
            legal: &legal,
            destinations: &self.destinations,
            selected: self.selected,
            hover: hover.map(|f| (f, ok)),
            hint: self
                .hint
                .as_ref()
                .map(|h| (h.faces.as_slice(), h.player))
                .or(searching.as_ref().map(|(f, p)| (f.as_slice(), *p)))
                .filter(|_| live),
        };
        let painter = ui.painter_at(r.rect);
        board_view::paint(&painter, &self.canvas, &board, &r.view, r.rect, &overlay);
        if r.response.clicked_by(egui::PointerButton::Primary)
            && !r.panning
            && !space
            && let Some(f) = r.hovered
        {
            self.click(ws, f);
        }
    }
}
