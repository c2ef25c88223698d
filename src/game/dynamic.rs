//! The run-time game: the object-safe [`DynGame`] that every registered game
//! ([`Game<R>`] with `R` in the registry) is, and that the app and the command
//! line hold as `Box<dyn DynGame>`.
//!
//! Moves cross this boundary as [`MoveHandle`]s; notation appears only at the
//! edges (`play_str`, `legal_moves`, `history`, `move_text`: files, the command
//! line, GTP and the move list). Code that needs the concrete rules type (the
//! engine's search) gets it through [`DynGame::as_any`] and a
//! [`GameVisitor`](super::registry::GameVisitor), which picks the game once and
//! runs typed code.

use super::clock::{ClockSettings, GameClock};
use super::registry::{AnyGame, GameEntry, OwnedGame, OwnedVisitor, Registered, RulesKind};
use super::typed::{Click, ClickError, Game, MoveError, MoveHandle, PositionView};
use crate::board::Board;
use crate::io::record::{
    BoardSource, GameRecord, RecordClock, RecordCursor, RecordResult, RecordSetup, RecordVariation,
};
use crate::mesh::FaceId;
use crate::rules::game::{Ending, MoveTree, NodeId, TreeError};
use crate::rules::{
    BadSetup, GameOptions, IllegalMove, MoveFaces, Outcome, Player, UnsuitableBoard,
};
use std::fmt;
use std::sync::Arc;

/// A game of any kind. Object-safe; `Box<dyn DynGame>` is what the app and the
/// command line hold. Typed code reaches the concrete game through
/// [`DynGame::as_any`].
pub trait DynGame: Send + Sync {
    /// The concrete game, for a [`GameVisitor`](super::registry::GameVisitor).
    fn as_any(&self) -> AnyGame<'_>;
    fn kind(&self) -> RulesKind;
    /// The game's registry entry: names, sides, default board, formats, drawing hints.
    fn entry(&self) -> &'static GameEntry {
        self.kind().entry()
    }
    fn options(&self) -> &GameOptions;
    fn board(&self) -> &Arc<Board>;
    /// Side names from the rules, e.g. ["Red", "Blue"].
    fn player_names(&self) -> [&'static str; 2] {
        self.entry().sides
    }
    /// Names of the people playing (default: the side names).
    fn players(&self) -> &[String; 2];
    /// The player at side `p` as the window and the files name them: the
    /// person with the side when they differ, "Ann (Red)", or the side alone,
    /// "Red", when no one else is named.
    fn who(&self, p: Player) -> String {
        let side = self.player_names()[p as usize & 1];
        let name = self.players()[p as usize & 1].trim();
        if name.is_empty() || name == side {
            side.to_string()
        } else {
            format!("{name} ({side})")
        }
    }
    fn set_players(&mut self, players: [String; 2]);
    /// The sides the computer plays and its time per move (`None`: a person),
    /// as the game's record keeps them so that a game saved against the
    /// computer goes on against it.
    fn computer_sides(&self) -> [Option<std::time::Duration>; 2];
    fn set_computer_sides(&mut self, sides: [Option<std::time::Duration>; 2]);
    /// Where the board came from, for game records; `None` (the default): the
    /// record embeds the board.
    fn board_source(&self) -> Option<&BoardSource>;
    fn set_board_source(&mut self, source: Option<BoardSource>);

    /// Start the game afresh from a set-up position (a puzzle, an analysis
    /// position, a game recorded from the middle): the rules' start position
    /// changed by `setup`. Every move so far is dropped; undo never goes
    /// before this position. On error nothing changes.
    fn set_up(&mut self, setup: &RecordSetup) -> Result<(), BadSetup>;
    /// The set-up start position, if the game did not start from the rules' own.
    fn setup(&self) -> Option<&RecordSetup>;

    /// Identifies the current position: it changes with every move, takeback,
    /// redo, jump or resignation, and [`MoveHandle`]s carry it.
    fn stamp(&self) -> u64;
    /// Current ply (number of moves played).
    fn ply(&self) -> usize;
    /// Number of recorded moves, including those that can be redone.
    fn recorded_len(&self) -> usize;
    /// The player to move, `None` once the game is over.
    fn to_move(&self) -> Option<Player>;
    /// Every legal move now, in the rules' order (empty once the game is over).
    fn legal_handles(&self) -> Vec<MoveHandle>;
    /// Every legal move in notation, sorted; empty once the game is over.
    fn legal_moves(&self) -> Vec<String>;
    /// Faces where a click does something now: empty faces a piece may be placed
    /// on, or pieces that can move (movement games). Sorted.
    fn legal_targets(&self) -> Vec<FaceId>;
    /// Destinations of the piece on `from` (movement games), sorted.
    fn moves_from(&self, from: FaceId) -> Vec<FaceId>;
    /// Interpret a click on `clicked` with `selected` the currently selected
    /// piece; an error is the reason the click does nothing.
    fn move_for_click(
        &self,
        selected: Option<FaceId>,
        clicked: FaceId,
    ) -> Result<Click, ClickError>;
    /// The swap move, when it is legal now (it has no face to click).
    fn swap_move(&self) -> Option<MoveHandle>;
    /// A move's notation (for the status bar and the move list).
    fn move_text(&self, m: MoveHandle) -> Result<String, MoveError>;
    /// The faces a move acts on (for drawing it).
    fn move_faces(&self, m: MoveHandle) -> Result<MoveFaces, MoveError>;
    /// Play a legal move of the current position; returns its notation. On error
    /// nothing changes.
    fn play(&mut self, m: MoveHandle) -> Result<String, MoveError>;
    /// Parse notation into a legal move of the current position.
    fn parse_move(&self, text: &str) -> Result<MoveHandle, IllegalMove>;
    /// Whether a move in notation is legal now, and if not why.
    fn check_str(&self, text: &str) -> Result<(), IllegalMove> {
        self.parse_move(text).map(|_| ())
    }
    /// Play a move in notation; on error nothing changes.
    fn play_str(&mut self, text: &str) -> Result<(), IllegalMove>;
    fn piece_at(&self, f: FaceId) -> Option<Player>;
    fn links(&self) -> Vec<(FaceId, FaceId, Player)>;
    /// Faces reserved for one player (TwixT's border rows), to tint in his colour.
    fn reserved_faces(&self) -> Vec<(FaceId, Player)>;
    /// Winner or draw, the reason and the evidence to highlight.
    fn outcome(&self) -> Option<Outcome>;
    /// Moves played up to the current ply, in notation.
    fn history(&self) -> Vec<String>;
    /// All recorded moves (including the redo list), in notation.
    fn recorded_history(&self) -> Vec<String>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn goto(&mut self, ply: usize) -> Result<(), IllegalMove>;
    /// The position after `ply` recorded moves (does not move the cursor).
    fn preview(&self, ply: usize) -> Option<PositionView>;
    /// The game tree: every move tried, the current line and the cursor.
    fn tree(&self) -> MoveTree;
    /// The node of the current position.
    fn current_node(&self) -> NodeId;
    /// Go to node `n` of the tree: the current line then runs through it.
    fn goto_node(&mut self, n: NodeId) -> Result<(), TreeError>;
    /// Promote the variation holding `n` one level (see `GameState::promote`);
    /// returns the node where it starts.
    fn promote(&mut self, n: NodeId) -> Result<NodeId, TreeError>;
    /// Delete the variation holding `n`; returns where it started and how many
    /// moves it had.
    fn delete_variation(&mut self, n: NodeId) -> Result<(NodeId, usize), TreeError>;
    /// `player` resigns now.
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove>;
    /// Who resigned, if the game ended by resignation at the current ply.
    fn resigned(&self) -> Option<Player>;
    /// `player` ran out of time now: the game ends, the other player wins.
    fn time_out(&mut self, player: Player) -> Result<(), IllegalMove>;
    /// How the game ended at the current ply, if for a reason other than the
    /// rules' (resignation, loss on time).
    fn ending(&self) -> Option<Ending>;

    /// The game clock, if the game is played with one.
    fn clock(&self) -> Option<&GameClock>;
    /// The game clock, to set frozen sides or restore readings.
    fn clock_mut(&mut self) -> Option<&mut GameClock>;
    /// Play with a clock from the current position on (full main time for
    /// both), or without one (`None`).
    fn set_clock(&mut self, settings: Option<ClockSettings>);
    /// `elapsed` passed on the live position: the player to move's clock runs
    /// (unless frozen). When his time is up the game ends on time and he is
    /// returned. Nothing happens without a clock or once the game is over.
    fn run_clock(&mut self, elapsed: std::time::Duration) -> Option<Player>;
    /// The game as a record: the main line and its result, every variation, and
    /// where the game was left.
    fn to_record(&self) -> GameRecord;
    /// The position as text (for the command line).
    fn render_text(&self) -> String {
        super::text::render_text(self.board(), |f| self.piece_at(f))
    }
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// Perft from the start position: the number of leaves after `depth` plies.
    fn perft_from_start(&self, depth: u32) -> u64;
}

impl fmt::Debug for dyn DynGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynGame")
            .field("kind", &self.kind())
            .field("options", self.options())
            .field("ply", &self.ply())
            .field("history", &self.history())
            .field("outcome", &self.outcome())
            .finish()
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<R: Registered> DynGame for Game<R> {
    fn as_any(&self) -> AnyGame<'_> {
        R::wrap(self)
    }
    fn kind(&self) -> RulesKind {
        R::KIND
    }
    fn options(&self) -> &GameOptions {
        &self.options
    }
    fn board(&self) -> &Arc<Board> {
        &self.board
    }
    fn player_names(&self) -> [&'static str; 2] {
        R::PLAYER_NAMES
    }
    fn players(&self) -> &[String; 2] {
        &self.players
    }
    fn set_players(&mut self, players: [String; 2]) {
        self.players = players;
    }
    fn computer_sides(&self) -> [Option<std::time::Duration>; 2] {
        self.computer
    }
    fn set_computer_sides(&mut self, sides: [Option<std::time::Duration>; 2]) {
        self.computer = sides;
    }
    fn board_source(&self) -> Option<&BoardSource> {
        self.source.as_ref()
    }
    fn set_board_source(&mut self, source: Option<BoardSource>) {
        self.source = source;
    }
    fn set_up(&mut self, setup: &RecordSetup) -> Result<(), BadSetup> {
        Game::set_up(self, setup)
    }
    fn setup(&self) -> Option<&RecordSetup> {
        Game::setup(self)
    }
    fn stamp(&self) -> u64 {
        self.stamp
    }
    fn ply(&self) -> usize {
        self.state.ply()
    }
    fn recorded_len(&self) -> usize {
        self.state.recorded_len()
    }
    fn to_move(&self) -> Option<Player> {
        self.state.to_move()
    }
    fn legal_handles(&self) -> Vec<MoveHandle> {
        (0..self.legal.len()).map(|i| self.handle(i)).collect()
    }
    fn legal_moves(&self) -> Vec<String> {
        let rules = self.state.rules();
        let pos = self.state.position();
        let mut v: Vec<String> = self
            .legal
            .iter()
            .map(|e| rules.format_move(pos, e.0))
            .collect();
        v.sort();
        v
    }
    fn legal_targets(&self) -> Vec<FaceId> {
        let mut v: Vec<FaceId> = self
            .legal
            .iter()
            .filter_map(|e| e.1.from.or(e.1.to))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    fn moves_from(&self, from: FaceId) -> Vec<FaceId> {
        let mut v: Vec<FaceId> = self
            .legal
            .iter()
            .filter(|e| e.1.from == Some(from))
            .filter_map(|e| e.1.to)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }
    fn move_for_click(
        &self,
        selected: Option<FaceId>,
        clicked: FaceId,
    ) -> Result<Click, ClickError> {
        if clicked.index() >= self.board.face_count() {
            return Err(ClickError::NoSuchFace(clicked));
        }
        if let Some(o) = self.state.outcome() {
            return Err(ClickError::GameOver(o.reason));
        }
        if let Some(s) = selected {
            if let Some(i) = self
                .legal
                .iter()
                .position(|e| e.1.from == Some(s) && e.1.to == Some(clicked))
            {
                return Ok(Click::Play(self.handle(i)));
            }
            if s == clicked {
                return Ok(Click::Deselect);
            }
        }
        if self.legal.iter().any(|e| e.1.from == Some(clicked)) {
            return Ok(Click::Select(clicked));
        }
        if let Some(i) = self
            .legal
            .iter()
            .position(|e| e.1.from.is_none() && e.1.to == Some(clicked))
        {
            return Ok(Click::Play(self.handle(i)));
        }
        Err(self.refusal(selected, clicked))
    }
    fn swap_move(&self) -> Option<MoveHandle> {
        self.state
            .rules()
            .swap_move()
            .and_then(|m| self.handle_of(m))
    }
    fn move_text(&self, m: MoveHandle) -> Result<String, MoveError> {
        let (mv, _) = self.entry_of(m)?;
        Ok(self.state.rules().format_move(self.state.position(), mv))
    }
    fn move_faces(&self, m: MoveHandle) -> Result<MoveFaces, MoveError> {
        self.entry_of(m).map(|e| e.1)
    }
    fn play(&mut self, m: MoveHandle) -> Result<String, MoveError> {
        let (mv, _) = self.entry_of(m)?;
        let mover = self.state.to_move();
        self.state.play(mv)?;
        self.clock_moved(mover);
        self.refresh();
        Ok(self.state.history().last().cloned().unwrap_or_default())
    }
    fn parse_move(&self, text: &str) -> Result<MoveHandle, IllegalMove> {
        let m = self.state.rules().parse_move(self.state.position(), text)?;
        self.state.check(m)?;
        self.handle_of(m)
            .ok_or_else(|| IllegalMove::new(format!("'{}' cannot be played now", text.trim())))
    }
    fn play_str(&mut self, text: &str) -> Result<(), IllegalMove> {
        let mover = self.state.to_move();
        self.state.play_str(text)?;
        self.clock_moved(mover);
        self.refresh();
        Ok(())
    }
    fn piece_at(&self, f: FaceId) -> Option<Player> {
        if f.index() >= self.board.face_count() {
            return None;
        }
        self.state.rules().piece_at(self.state.position(), f)
    }
    fn links(&self) -> Vec<(FaceId, FaceId, Player)> {
        self.state.rules().links(self.state.position())
    }
    fn reserved_faces(&self) -> Vec<(FaceId, Player)> {
        self.state.rules().reserved_faces()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
    fn history(&self) -> Vec<String> {
        self.state.history().to_vec()
    }
    fn recorded_history(&self) -> Vec<String> {
        self.state.recorded_history().to_vec()
    }
    fn undo(&mut self) -> bool {
        let r = self.state.undo();
        self.clock_went();
        self.refresh();
        r
    }
    fn redo(&mut self) -> bool {
        let r = self.state.redo();
        self.clock_went();
        self.refresh();
        r
    }
    fn goto(&mut self, ply: usize) -> Result<(), IllegalMove> {
        self.state.goto(ply)?;
        self.clock_went();
        self.refresh();
        Ok(())
    }
    fn preview(&self, ply: usize) -> Option<PositionView> {
        self.view(ply)
    }
    fn tree(&self) -> MoveTree {
        self.state.tree()
    }
    fn current_node(&self) -> NodeId {
        self.state.current()
    }
    fn goto_node(&mut self, n: NodeId) -> Result<(), TreeError> {
        self.state.goto_node(n)?;
        self.clock_went();
        self.refresh();
        Ok(())
    }
    fn promote(&mut self, n: NodeId) -> Result<NodeId, TreeError> {
        let v = self.state.promote(n)?;
        self.refresh();
        Ok(v)
    }
    fn delete_variation(&mut self, n: NodeId) -> Result<(NodeId, usize), TreeError> {
        let r = self.state.delete_variation(n)?;
        self.clock_went();
        self.refresh();
        Ok(r)
    }
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.state.resign(player)?;
        self.refresh();
        Ok(())
    }
    fn resigned(&self) -> Option<Player> {
        self.state.resigned()
    }
    fn time_out(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.state.time_out(player)?;
        self.refresh();
        Ok(())
    }
    fn ending(&self) -> Option<Ending> {
        self.state.ending()
    }
    fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }
    fn clock_mut(&mut self) -> Option<&mut GameClock> {
        self.clock.as_mut()
    }
    fn set_clock(&mut self, settings: Option<ClockSettings>) {
        let frozen = self.clock.as_ref().map(GameClock::frozen);
        self.clock = settings.map(|s| GameClock::new(s, self.state.current()));
        if let (Some(c), Some(f)) = (&mut self.clock, frozen) {
            c.set_frozen(f);
        }
    }
    fn run_clock(&mut self, elapsed: std::time::Duration) -> Option<Player> {
        let player = self.state.to_move()?;
        let fell = self.clock.as_mut()?.run(player, elapsed);
        if fell && self.state.time_out(player).is_ok() {
            self.refresh();
            return Some(player);
        }
        None
    }
    fn to_record(&self) -> GameRecord {
        let board = match &self.source {
            Some(s) => s.clone(),
            None => BoardSource::embed(&self.board),
        };
        let st = &self.state;
        let notation = |nodes: &[NodeId]| -> Vec<String> {
            nodes
                .iter()
                .map(|&n| st.notation_of(n).unwrap_or_default().to_string())
                .collect()
        };
        // Lines as node lists from their branch point (the start for the main
        // line), breadth first so that a variation's line comes before it.
        let mut lines = vec![st.main_line()];
        let mut variations = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].clone();
            // A variation's first node is its branch point, listed by its parent line.
            let from = usize::from(i > 0);
            for (at, &b) in line.iter().enumerate().skip(from) {
                for &c in st.children(b) {
                    if line.get(at + 1) == Some(&c) {
                        continue;
                    }
                    let full = st.line_through(c);
                    let from = full.iter().position(|&x| x == c).unwrap_or(1) - 1;
                    let nodes = full[from..].to_vec();
                    let last = *nodes.last().unwrap_or(&c);
                    variations.push(RecordVariation {
                        line: i,
                        at,
                        moves: notation(&nodes[1..]),
                        resigned: st.resigned_at(last),
                        timeout: st.timed_out_at(last),
                        times: self.clock_times(&nodes[1..]),
                    });
                    lines.push(nodes);
                }
            }
            i += 1;
        }
        let main = &lines[0];
        let end = *main.last().unwrap_or(&NodeId::ROOT);
        let here = st.current();
        let cursor = (here != end)
            .then(|| {
                lines.iter().enumerate().find_map(|(line, nodes)| {
                    let skip = usize::from(line > 0);
                    nodes[skip..]
                        .iter()
                        .position(|&n| n == here)
                        .map(|k| RecordCursor {
                            line,
                            moves: k + skip,
                        })
                })
            })
            .flatten();
        let clock = self.clock.as_ref().map(|c| {
            let s = c.settings();
            RecordClock {
                main_ms: millis(s.main),
                increment_ms: millis(s.increment),
                times: self.clock_times(&main[1..]),
                left: Some(pair(c.live().reading())),
            }
        });
        GameRecord {
            variations,
            cursor,
            setup: self.setup.clone(),
            clock,
            computer: self.computer.map(|d| d.map(|d| millis(d).max(1))),
            ..GameRecord::new(
                R::NAME,
                super::options::record_options(&self.options),
                board,
                self.players.clone(),
                notation(&main[1..]),
                st.outcome_of(end).map(|o| RecordResult {
                    winner: o.winner,
                    reason: o.reason,
                    resigned: st.resigned_at(end),
                    timeout: st.timed_out_at(end),
                }),
            )
        }
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn perft_from_start(&self, depth: u32) -> u64 {
        let rules = self.state.rules();
        crate::rules::perft::perft(rules, self.state.start_position(), depth)
    }
}

impl<R: Registered> Game<R> {
    /// After a move by `mover`: his increment, and the reading of the new node.
    fn clock_moved(&mut self, mover: Option<Player>) {
        if let (Some(c), Some(p)) = (&mut self.clock, mover) {
            c.moved(p, self.state.current());
        }
    }

    /// The clock readings of `nodes` for a record, up to the first node
    /// reached without the clock (none without a clock).
    fn clock_times(&self, nodes: &[NodeId]) -> Vec<(u64, u64)> {
        let Some(c) = &self.clock else {
            return Vec::new();
        };
        nodes
            .iter()
            .map_while(|&n| c.reading_at(n))
            .map(pair)
            .collect()
    }

    /// After the cursor moved (takeback, redo, jump): the clocks of that position.
    fn clock_went(&mut self) {
        if let Some(c) = &mut self.clock {
            c.went_to(self.state.current());
        }
    }
}

/// A duration in whole milliseconds, as records keep clock readings.
fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// A clock reading as a record's (first player, second player) milliseconds.
fn pair(left: [std::time::Duration; 2]) -> (u64, u64) {
    (millis(left[0]), millis(left[1]))
}

/// Boxes a new game of any kind.
struct IntoDyn;

impl OwnedVisitor for IntoDyn {
    type Output = Box<dyn DynGame>;
    fn visit<R: Registered>(self, game: Game<R>) -> Box<dyn DynGame> {
        Box::new(game)
    }
}

impl OwnedGame {
    /// The game as the app and the command line hold it.
    pub fn into_dyn(self) -> Box<dyn DynGame> {
        self.visit(IntoDyn)
    }
}

impl GameEntry {
    /// A new game of this entry on `board`.
    pub fn new_game(
        &self,
        board: Arc<Board>,
        options: &GameOptions,
    ) -> Result<Box<dyn DynGame>, UnsuitableBoard> {
        self.start(board, options).map(OwnedGame::into_dyn)
    }
}

/// Whether `kind` can be played on `board` (with the swap rule off); the error
/// is a sentence for the user (the GUI shows it as the tooltip of a disabled choice).
pub fn suitability(kind: RulesKind, board: &Board) -> Result<(), UnsuitableBoard> {
    suitability_with(kind, board, &GameOptions::default())
}

/// Like [`suitability`], with options (e.g. the swap rule needs a mirror-symmetric Hex board).
pub fn suitability_with(
    kind: RulesKind,
    board: &Board,
    options: &GameOptions,
) -> Result<(), UnsuitableBoard> {
    kind.entry().suitability(board, options)
}

/// Start a new game of `kind` on `board`.
pub fn new_game(
    kind: RulesKind,
    board: Arc<Board>,
    options: &GameOptions,
) -> Result<Box<dyn DynGame>, UnsuitableBoard> {
    kind.entry().new_game(board, options)
}
