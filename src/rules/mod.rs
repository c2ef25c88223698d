//! Game rules over any suitable [`Board`].
//!
//! One file per game, all behind the [`Rules`] trait. A `Rules` value is the
//! *game*: the board (preprocessed into whatever tables the game needs), the
//! options (swap rule, …). A [`Rules::Position`] is a plain position: pieces,
//! player to move, and incrementally maintained structures (e.g. Hex's
//! disjoint-set). History, undo/redo, repetition and resignation live in the
//! generic game state built on top, so engines and perft work on bare positions.
//! Each game's file also holds its search policy for the computer opponent
//! (its [`search::Searchable`] impl; the trait is defined here, so `rules`
//! never names the engine). The run-time game, records and notation at the
//! edges live one floor up, in the game layer.

pub mod boco;
mod connection;
mod face_names;
pub use connection::{StoneMove, StonePosition};
pub mod game;
pub mod havannah;
pub mod hex;
pub mod loa;
pub mod loa_eval;
pub mod perft;
pub mod search;
pub mod testing;
pub mod twixt;
pub mod y;

use crate::board::Board;
use crate::mesh::FaceId;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

/// Player index: 0 moves first (Red in Hex/TwixT, Black in LOA), 1 second.
pub type Player = u8;

/// The other player.
#[inline]
pub fn opponent(p: Player) -> Player {
    1 - p
}

/// What the GUI highlights to show *why* a game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Evidence {
    /// Faces of the winning chain / connected group / encircled group.
    pub faces: Vec<FaceId>,
    /// Links of the winning chain (TwixT), as pairs of faces.
    pub links: Vec<(FaceId, FaceId)>,
    /// Faces of the ring that encircles (BOCO).
    pub ring: Vec<FaceId>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// Human-readable reason, e.g. "Red connected top and bottom".
    pub reason: String,
    pub evidence: Evidence,
}

/// A move that may not be played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    pub reason: String,
}

impl IllegalMove {
    pub fn new(reason: impl Into<String>) -> Self {
        IllegalMove {
            reason: reason.into(),
        }
    }
}

/// A board that a game cannot be played on, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UnsuitableBoard(pub String);

/// Something worth knowing about a game on a board it suits ([`Rules::board_note`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardNote {
    /// A few words, shown beside the game's name ("may draw").
    pub tag: &'static str,
    /// The whole sentence, with the reason.
    pub text: String,
}

/// A set-up start position that a game cannot start from, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadSetup(pub String);

/// When a position that occurs again ends the game in a draw (a game option;
/// Lines of Action is the game with a repetition rule).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The second occurrence of a position with the same player to move is a
    /// draw (rule 10 of the Mind Sports Olympiad rules in Winands' thesis, which
    /// OpenSpiel implements too).
    #[default]
    Second,
    /// The third occurrence is a draw (the tournament variant).
    Third,
}

impl Repetition {
    /// The occurrence of a position that draws: 2 or 3.
    pub fn occurrences(self) -> u32 {
        match self {
            Repetition::Second => 2,
            Repetition::Third => 3,
        }
    }
    /// Parse `second`/`2` or `third`/`3` (command line).
    pub fn parse(text: &str) -> Result<Repetition, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "second" | "2" => Ok(Repetition::Second),
            "third" | "3" => Ok(Repetition::Third),
            other => Err(format!(
                "unknown repetition rule '{other}' (expected second or third)"
            )),
        }
    }
}

/// Game options chosen before the first move. `Default` gives the options of a
/// new game; a game keeps only the options its rules use
/// ([`Rules::used_options`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOptions {
    /// Swap (pie) rule, for games that have one ([`Rules::HAS_SWAP`]).
    pub swap: bool,
    /// Lines of Action: which occurrence of a repeated position draws (default:
    /// the second); ignored by the other games.
    pub repetition: Repetition,
    /// TwixT: a draw as soon as neither player can still connect. On for new
    /// games; records that do not mention it (from before the option existed)
    /// play on. Ignored by the other games.
    pub dead_draw: bool,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            swap: false,
            repetition: Repetition::default(),
            dead_draw: true,
        }
    }
}

impl GameOptions {
    /// These options with every option reset that a game without a swap rule,
    /// a repetition option or a dead draw does not use (swap off, the default
    /// repetition rule, dead draw off); see [`Rules::used_options`].
    pub fn only_swap(&self, has_swap: bool) -> GameOptions {
        GameOptions {
            swap: self.swap && has_swap,
            repetition: Repetition::default(),
            dead_draw: false,
        }
    }
}

/// The faces a move acts on: where a click plays it and what to draw for it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveFaces {
    /// The face the moving piece leaves (movement games); `None` for a placement.
    pub from: Option<FaceId>,
    /// The face the move places on or moves to (capturing whatever is there);
    /// `None` for a move made without a face, such as the swap.
    pub to: Option<FaceId>,
}

impl MoveFaces {
    /// A move without a face (swap).
    pub const NONE: MoveFaces = MoveFaces {
        from: None,
        to: None,
    };
    /// A piece placed on `f`.
    pub fn place(f: FaceId) -> MoveFaces {
        MoveFaces {
            from: None,
            to: Some(f),
        }
    }
    /// A piece moving from `from` to `to`.
    pub fn step(from: FaceId, to: FaceId) -> MoveFaces {
        MoveFaces {
            from: Some(from),
            to: Some(to),
        }
    }
    /// The faces, `from` first.
    pub fn faces(&self) -> impl Iterator<Item = FaceId> + use<> {
        self.from.into_iter().chain(self.to)
    }
}

/// The rules of one game on one board with its options.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static;
    type Position: Clone + PartialEq + Debug + Send + Sync + 'static;
    /// What defines a position: the pieces (and links), the player to move and
    /// anything else that decides what may be played from here on — never a move
    /// counter or the shape of an internal structure. Positions with equal keys
    /// have the same legal moves and the same future; repetition compares keys.
    type Key: Clone + Eq + Hash + Debug + Send + Sync + 'static;

    /// Short name, as in records and on the command line: `hex`, `twixt`, `loa`, `boco`, `y`, `havannah`.
    const NAME: &'static str;
    /// Display name: `Hex`, `TwixT`, `Lines of Action`, `BOCO`.
    const TITLE: &'static str;
    /// What the rules call the two players, first player first, e.g. ["Red", "Blue"].
    const PLAYER_NAMES: [&'static str; 2];
    /// Whether the game has an optional swap (pie) rule ([`GameOptions::swap`]).
    const HAS_SWAP: bool = false;
    /// Whether [`Rules::start`] is the board's start setup (Lines of Action,
    /// whose pieces stand there before the first move). The other games start
    /// from an empty board, and a new game on a board with start pieces starts
    /// from them as a set-up position ([`Rules::set_up`], `game::registry`).
    const READS_BOARD_SETUP: bool = false;

    /// `options` as a game of these rules uses and records them: those it does
    /// not use reset ([`GameOptions::only_swap`] by default; games with a
    /// repetition option or a dead draw keep theirs).
    fn used_options(options: &GameOptions) -> GameOptions {
        options.only_swap(Self::HAS_SWAP)
    }

    /// The rules on `board` with `options`, or why the board does not suit the game.
    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Self, UnsuitableBoard>;
    /// What a designer should know about playing the game on `board`, which
    /// suits it (Hex: where it may end in a draw); `None` by default.
    fn board_note(board: &Board) -> Option<BoardNote> {
        let _ = board;
        None
    }
    /// Whether the game can be played on `board` with `options`; the error is a
    /// sentence for the user. By default: whether [`Rules::on_board`] succeeds.
    fn suitability(board: &Board, options: &GameOptions) -> Result<(), UnsuitableBoard> {
        Self::on_board(Arc::new(board.clone()), options).map(|_| ())
    }
    /// The start position.
    fn start(&self) -> Self::Position;
    /// A start position set up by hand (a puzzle, an analysis position, a game
    /// recorded from the middle): [`Rules::start`] with `changes` applied in
    /// order — `Some(p)` puts a piece of `p` on the face, `None` empties it —
    /// and `to_move` to move. A set-up position that is already won is a
    /// finished game. Games that cannot start from a set-up position refuse
    /// (the default).
    fn set_up(
        &self,
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
    ) -> Result<Self::Position, BadSetup> {
        let _ = (changes, to_move);
        Err(BadSetup(format!(
            "{} games cannot start from a set-up position",
            Self::TITLE
        )))
    }
    /// The player to move (also defined once the game is over: who would move next).
    fn to_move(&self, pos: &Self::Position) -> Player;
    /// Every legal move, without duplicates, in a deterministic order; empty once
    /// the game is over. `out` is cleared first.
    fn legal_moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>);
    /// Whether `m` may be played now, and if not why ("occupied", "game is over", …).
    fn check(&self, pos: &Self::Position, m: Self::Move) -> Result<(), IllegalMove>;
    /// Play a move that [`Rules::check`] accepted. Updates incremental win detection.
    fn apply(&self, pos: &mut Self::Position, m: Self::Move);
    /// The outcome, from the incrementally maintained structures (cheap).
    fn outcome(&self, pos: &Self::Position) -> Option<Outcome>;
    /// The outcome recomputed from the pieces alone (flood fill etc.), for tests.
    fn outcome_from_scratch(&self, pos: &Self::Position) -> Option<Outcome>;
    /// Notation of `m` in `pos` (the position before the move).
    fn format_move(&self, pos: &Self::Position, m: Self::Move) -> String;
    /// Parse notation in `pos`; the move is not checked for legality beyond syntax
    /// and reference to existing faces.
    fn parse_move(&self, pos: &Self::Position, text: &str) -> Result<Self::Move, IllegalMove>;
    /// The piece on a face, if any (for drawing and scripting).
    fn piece_at(&self, pos: &Self::Position, f: FaceId) -> Option<Player>;
    /// The faces `m` acts on in `pos` (the position before the move): where a
    /// click plays it, what to highlight.
    fn move_faces(&self, pos: &Self::Position, m: Self::Move) -> MoveFaces;
    /// The move that puts a piece on `f` (placement games), legal or not, so
    /// that [`Rules::check`] can say why a click there cannot be played;
    /// `None` for movement games.
    fn placement(&self, _f: FaceId) -> Option<Self::Move> {
        None
    }
    /// The swap move, when the rules are played with one (it is legal only when
    /// [`Rules::legal_moves`] lists it).
    fn swap_move(&self) -> Option<Self::Move> {
        None
    }
    /// Faces only one player may play on (TwixT's border rows), with that player.
    fn reserved_faces(&self) -> Vec<(FaceId, Player)> {
        Vec::new()
    }
    /// Links to draw (TwixT): (from, to, owner).
    fn links(&self, _pos: &Self::Position) -> Vec<(FaceId, FaceId, Player)> {
        Vec::new()
    }
    /// Legal moves of the piece on `from` (movement games); placement games
    /// return nothing. `out` is cleared first.
    fn moves_from(&self, _pos: &Self::Position, _from: FaceId, out: &mut Vec<Self::Move>) {
        out.clear();
    }
    /// The key of `pos` (see [`Rules::Key`]).
    fn position_key(&self, pos: &Self::Position) -> Self::Key;
    /// The repetition rule in force, `None` for games without one. Applied by
    /// [`GameState`](game::GameState) through [`Rules::position_key`].
    fn repetition(&self) -> Option<Repetition> {
        None
    }
    /// Whether the game is over, and who won (`Some(None)`: a draw), without
    /// building an [`Outcome`]: the engine asks this at every tree node, so games
    /// override it with a read of their incrementally maintained result.
    fn result(&self, pos: &Self::Position) -> Option<Option<Player>> {
        self.outcome(pos).map(|o| o.winner)
    }
}

/// The player a connection game's cell code stands for (0 empty, 1 first
/// player, 2 second; also the codes of a winner, where 3 is a draw).
pub(crate) fn stone_of(code: u8) -> Option<Player> {
    match code {
        1 => Some(0),
        2 => Some(1),
        _ => None,
    }
}
