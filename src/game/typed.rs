//! A game of known rules: [`Game<R>`] (rules + history + options + players)
//! and what crosses the run-time boundary for it: [`MoveHandle`]s (an index into
//! the legal-move list of the current position, stamped with that position, so
//! a click, a computer move or a hint is played without being formatted and
//! parsed back), [`Click`]s and their errors, and read-only [`PositionView`]s.
//! The object-safe face of every registered game is `super::dynamic::DynGame`.

use crate::board::Board;
use crate::io::record::{BoardSource, RecordSetup};
use crate::mesh::FaceId;
use crate::rules::game::GameState;
use crate::rules::{BadSetup, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// A legal move of one position of one game, as the app and the engine hand it
/// around. Valid until the game's position changes (a move, takeback, resignation);
/// using it afterwards is refused with [`MoveError::Stale`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveHandle {
    /// The position it belongs to (see `DynGame::stamp`).
    stamp: u64,
    /// Index into that position's legal moves, in the rules' order.
    index: u32,
}

/// What a click on the board means (see `DynGame::move_for_click`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Play this move.
    Play(MoveHandle),
    /// Select this piece (movement games); highlight `DynGame::moves_from`.
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

/// What a move changed on the board (from the position before it to the one
/// after): the window marks it, and so does a game's picture.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveMarks {
    /// Faces whose piece changed (placed, moved from, moved to, captured).
    pub changed: Vec<FaceId>,
    /// Where the move put a piece (placed, or moved to).
    pub to: Vec<FaceId>,
    /// Where the mover's piece left from (movement games; empty for a placement).
    pub from: Vec<FaceId>,
}

impl PositionView {
    /// What the move from `before` to this position changed.
    pub fn marks_since(&self, before: &PositionView) -> MoveMarks {
        let changed: Vec<FaceId> = self
            .pieces
            .iter()
            .zip(&before.pieces)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, _)| FaceId::from_index(i))
            .collect();
        // The mover's piece appears on the faces it went to; the faces it left
        // held the mover's piece before (a capture empties the opponent's).
        let at = |p: &[Option<Player>], f: FaceId| p.get(f.index()).copied().flatten();
        let to: Vec<FaceId> = changed
            .iter()
            .copied()
            .filter(|&f| at(&self.pieces, f).is_some())
            .collect();
        let from = match to.first().and_then(|&f| at(&self.pieces, f)) {
            Some(mover) => changed
                .iter()
                .copied()
                .filter(|&f| at(&self.pieces, f).is_none() && at(&before.pieces, f) == Some(mover))
                .collect(),
            None => Vec::new(),
        };
        MoveMarks { changed, to, from }
    }
}

/// A fresh stamp: unique over every game of this process.
fn next_stamp() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A game of rules `R`: the typed state behind `DynGame`.
#[derive(Clone)]
pub struct Game<R: Rules> {
    pub(super) options: GameOptions,
    pub(super) board: Arc<Board>,
    pub(super) source: Option<BoardSource>,
    pub(super) players: [String; 2],
    pub(super) state: GameState<R>,
    /// The set-up start position, when the game did not start from the rules' own.
    pub(super) setup: Option<RecordSetup>,
    /// The legal moves of the current position, in the rules' order, with the
    /// faces each acts on.
    pub(super) legal: Vec<(R::Move, MoveFaces)>,
    pub(super) stamp: u64,
    /// The game clock, when the game is played with one.
    pub(super) clock: Option<super::clock::GameClock>,
    /// The sides the computer plays, with its time per move (for the record).
    pub(super) computer: [Option<std::time::Duration>; 2],
}

impl<R: Rules> Game<R> {
    /// A new game of `rules` on `board` (the board the rules were made for).
    pub fn new(rules: R, board: Arc<Board>, options: GameOptions) -> Self {
        // Only the options these rules use, so that records say what applies.
        let options = R::used_options(&options);
        let mut g = Game {
            options,
            board,
            source: None,
            players: R::PLAYER_NAMES.map(str::to_string),
            state: GameState::new(rules),
            setup: None,
            legal: Vec::new(),
            stamp: 0,
            clock: None,
            computer: [None; 2],
        };
        g.refresh();
        g
    }

    pub fn rules(&self) -> &R {
        self.state.rules()
    }
    /// Start the game afresh from a set-up position (every move, variation and
    /// resignation so far is dropped): the rules' start position changed by
    /// `setup`, whose faces are named by label. On error nothing changes.
    pub fn set_up(&mut self, setup: &RecordSetup) -> Result<(), BadSetup> {
        let by_label: rustc_hash::FxHashMap<String, FaceId> = self
            .board
            .mesh()
            .face_ids()
            .map(|f| (self.board.face_name(f).to_ascii_lowercase(), f))
            .collect();
        let face = |label: &str| {
            by_label
                .get(&label.trim().to_ascii_lowercase())
                .copied()
                .ok_or_else(|| {
                    BadSetup(format!(
                        "the set-up names '{}', which is not a face of this board",
                        crate::io::excerpt::excerpt(label)
                    ))
                })
        };
        let mut changes = Vec::with_capacity(setup.pieces.len() + setup.empty.len());
        for (label, p) in &setup.pieces {
            changes.push((face(label)?, Some(*p)));
        }
        for label in &setup.empty {
            changes.push((face(label)?, None));
        }
        self.set_up_faces(&changes, setup.to_move, setup.clone())
    }
    /// [`Game::set_up`] with the faces given by id (`changes` as in
    /// [`Rules::set_up`]); `setup` is what the game's record will say. On
    /// error nothing changes.
    pub fn set_up_faces(
        &mut self,
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
        setup: RecordSetup,
    ) -> Result<(), BadSetup> {
        let rules = self.state.rules().clone();
        let start = rules.set_up(changes, to_move)?;
        self.state = GameState::from_position(rules, start);
        self.setup = Some(setup);
        if let Some(c) = &self.clock {
            self.clock = Some(super::clock::GameClock::new(
                c.settings(),
                self.state.current(),
            ));
        }
        self.refresh();
        Ok(())
    }
    /// The set-up start position, if the game has one.
    pub fn setup(&self) -> Option<&RecordSetup> {
        self.setup.as_ref()
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

    pub(super) fn handle(&self, index: usize) -> MoveHandle {
        MoveHandle {
            stamp: self.stamp,
            index: index as u32,
        }
    }

    pub(super) fn entry_of(&self, h: MoveHandle) -> Result<(R::Move, MoveFaces), MoveError> {
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
    pub(super) fn refresh(&mut self) {
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

    pub(super) fn name(&self, f: FaceId) -> String {
        self.board.face_name(f)
    }

    pub(super) fn view(&self, ply: usize) -> Option<PositionView> {
        let pos = self.state.position_at(ply)?;
        let rules = self.state.rules();
        let outcome = self.state.outcome_at(ply);
        Some(PositionView {
            ply,
            to_move: outcome.is_none().then(|| rules.to_move(pos)),
            pieces: self
                .board
                .mesh()
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
    pub(super) fn refusal(&self, selected: Option<FaceId>, clicked: FaceId) -> ClickError {
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
