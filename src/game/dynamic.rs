//! The run-time game: [`Game<R>`] (rules + history + options + players, typed)
//! and the object-safe [`DynGame`] the app and the command line hold as
//! `Box<dyn DynGame>`.
//!
//! Moves cross this boundary as [`MoveHandle`]s: an index into the legal-move
//! list of the current position, stamped with that position, so a click, a
//! computer move or a hint is played without being formatted and parsed back.
//! Notation appears only at the edges (`play_str`, `legal_moves`, `history`,
//! `move_text`: files, the command line, GTP and the move list). Code that
//! needs the concrete rules type (the engine's search) gets it through
//! [`DynGame::as_any`] and a [`GameVisitor`](super::registry::GameVisitor),
//! which picks the game once and runs typed code.

use super::registry::{AnyGame, GameEntry, Registered, RulesKind};
use crate::board::Board;
use crate::io::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use crate::mesh::FaceId;
use crate::rules::game::GameState;
use crate::rules::{GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A legal move of one position of one game, as the app and the engine hand it
/// around. Valid until the game's position changes (a move, takeback, resignation);
/// using it afterwards is refused with [`MoveError::Stale`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveHandle {
    /// The position it belongs to (see [`DynGame::stamp`]).
    stamp: u64,
    /// Index into that position's legal moves, in the rules' order.
    index: u32,
}

/// What a click on the board means (see [`DynGame::move_for_click`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Play this move.
    Play(MoveHandle),
    /// Select this piece (movement games); highlight [`DynGame::moves_from`].
    Select(FaceId),
    /// Clear the selection.
    Deselect,
}

/// Why a click on the board does nothing (shown in the status bar).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClickError {
    #[error("there is no face {0}")]
    NoSuchFace(FaceId),
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("the piece on {from} cannot move to {to}")]
    CannotMoveTo { from: String, to: String },
    #[error("the piece on {0} has no legal move")]
    NoMoveFrom(String),
    #[error("select one of {0}'s pieces first")]
    SelectFirst(&'static str),
    #[error("{0} cannot be played now")]
    NotNow(String),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// Why a [`MoveHandle`] could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the position has changed since this move was chosen")]
    Stale,
    #[error("there is no legal move number {0} in this position")]
    NoSuchMove(u32),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A read-only view of the position after some ply.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionView {
    pub ply: usize,
    /// `None` once the game is over.
    pub to_move: Option<Player>,
    /// The piece on each face, indexed by `FaceId`.
    pub pieces: Vec<Option<Player>>,
    pub links: Vec<(FaceId, FaceId, Player)>,
    pub outcome: Option<Outcome>,
    /// The move that led here, in notation.
    pub last_move: Option<String>,
}

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
    fn set_players(&mut self, players: [String; 2]);
    /// Where the board came from, for game records; `None` (the default): the
    /// record embeds the board.
    fn board_source(&self) -> Option<&BoardSource>;
    fn set_board_source(&mut self, source: Option<BoardSource>);

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
    /// `player` resigns now.
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove>;
    /// Who resigned, if the game ended by resignation at the current ply.
    fn resigned(&self) -> Option<Player>;
    /// The game as a record: moves up to the current ply and the result.
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

/// A fresh stamp: unique over every game of this process.
fn next_stamp() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A game of rules `R`: the typed state behind [`DynGame`].
#[derive(Clone)]
pub struct Game<R: Rules> {
    options: GameOptions,
    board: Arc<Board>,
    source: Option<BoardSource>,
    players: [String; 2],
    state: GameState<R>,
    /// The legal moves of the current position, in the rules' order, with the
    /// faces each acts on.
    legal: Vec<(R::Move, MoveFaces)>,
    stamp: u64,
}

impl<R: Rules> Game<R> {
    /// A new game of `rules` on `board` (the board the rules were made for).
    pub fn new(rules: R, board: Arc<Board>, options: GameOptions) -> Self {
        let options = GameOptions {
            swap: options.swap && R::HAS_SWAP,
        };
        let mut g = Game {
            options,
            board,
            source: None,
            players: R::PLAYER_NAMES.map(str::to_string),
            state: GameState::new(rules),
            legal: Vec::new(),
            stamp: 0,
        };
        g.refresh();
        g
    }

    pub fn rules(&self) -> &R {
        self.state.rules()
    }
    /// The history behind the game (positions, moves, cursor).
    pub fn state(&self) -> &GameState<R> {
        &self.state
    }
    /// The current position.
    pub fn position(&self) -> &R::Position {
        self.state.position()
    }
    /// The legal moves of the current position (rules' order) with their faces.
    pub fn legal(&self) -> &[(R::Move, MoveFaces)] {
        &self.legal
    }
    /// The handle of a legal move of the current position.
    pub fn handle_of(&self, m: R::Move) -> Option<MoveHandle> {
        self.legal
            .iter()
            .position(|e| e.0 == m)
            .map(|i| self.handle(i))
    }
    /// The move behind a handle of the current position.
    pub fn move_of(&self, h: MoveHandle) -> Result<R::Move, MoveError> {
        self.entry_of(h).map(|e| e.0)
    }

    fn handle(&self, index: usize) -> MoveHandle {
        MoveHandle {
            stamp: self.stamp,
            index: index as u32,
        }
    }

    fn entry_of(&self, h: MoveHandle) -> Result<(R::Move, MoveFaces), MoveError> {
        if h.stamp != self.stamp {
            return Err(MoveError::Stale);
        }
        self.legal
            .get(h.index as usize)
            .copied()
            .ok_or(MoveError::NoSuchMove(h.index))
    }

    /// After any change of the cursor: a new stamp and the legal moves with their
    /// faces (one `move_faces` call per move, no copies of the position).
    fn refresh(&mut self) {
        self.stamp = next_stamp();
        let rules = self.state.rules();
        let pos = self.state.position();
        self.legal = self
            .state
            .legal_moves()
            .into_iter()
            .map(|m| (m, rules.move_faces(pos, m)))
            .collect();
    }

    fn name(&self, f: FaceId) -> String {
        self.board.face_name(f)
    }

    fn view(&self, ply: usize) -> Option<PositionView> {
        let pos = self.state.position_at(ply)?;
        let rules = self.state.rules();
        let outcome = self.state.outcome_at(ply);
        Some(PositionView {
            ply,
            to_move: outcome.is_none().then(|| rules.to_move(pos)),
            pieces: self
                .board
                .mesh
                .face_ids()
                .map(|f| rules.piece_at(pos, f))
                .collect(),
            links: rules.links(pos),
            outcome,
            last_move: ply
                .checked_sub(1)
                .and_then(|k| self.state.recorded_history().get(k).cloned()),
        })
    }

    /// Why a click on `clicked` does nothing, when no legal move or selection
    /// matched it.
    fn refusal(&self, selected: Option<FaceId>, clicked: FaceId) -> ClickError {
        let rules = self.state.rules();
        let pos = self.state.position();
        let movement = self.legal.iter().any(|e| e.1.from.is_some());
        if movement {
            let mover = rules.to_move(pos);
            return match selected {
                Some(s) if rules.piece_at(pos, s) == Some(mover) => ClickError::CannotMoveTo {
                    from: self.name(s),
                    to: self.name(clicked),
                },
                _ if rules.piece_at(pos, clicked) == Some(mover) => {
                    ClickError::NoMoveFrom(self.name(clicked))
                }
                _ => ClickError::SelectFirst(R::PLAYER_NAMES[mover as usize]),
            };
        }
        match rules.placement(clicked) {
            Some(m) => match rules.check(pos, m) {
                Err(e) => ClickError::Illegal(e),
                Ok(()) => ClickError::NotNow(self.name(clicked)),
            },
            None => ClickError::NotNow(self.name(clicked)),
        }
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
    fn board_source(&self) -> Option<&BoardSource> {
        self.source.as_ref()
    }
    fn set_board_source(&mut self, source: Option<BoardSource>) {
        self.source = source;
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
        self.state.play(mv)?;
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
        self.state.play_str(text)?;
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
        self.refresh();
        r
    }
    fn redo(&mut self) -> bool {
        let r = self.state.redo();
        self.refresh();
        r
    }
    fn goto(&mut self, ply: usize) -> Result<(), IllegalMove> {
        self.state.goto(ply)?;
        self.refresh();
        Ok(())
    }
    fn preview(&self, ply: usize) -> Option<PositionView> {
        self.view(ply)
    }
    fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.state.resign(player)?;
        self.refresh();
        Ok(())
    }
    fn resigned(&self) -> Option<Player> {
        self.state.resigned()
    }
    fn to_record(&self) -> GameRecord {
        let board = match &self.source {
            Some(s) => s.clone(),
            None => BoardSource::embed(&self.board),
        };
        GameRecord::new(
            R::NAME,
            RecordOptions {
                swap: self.options.swap,
            },
            board,
            self.players.clone(),
            self.history(),
            self.outcome().map(|o| RecordResult {
                winner: o.winner,
                reason: o.reason,
                resigned: self.resigned(),
            }),
        )
    }
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn perft_from_start(&self, depth: u32) -> u64 {
        let rules = self.state.rules();
        crate::rules::perft::perft(rules, &rules.start(), depth)
    }
}
