//! The game layer, one floor above `rules` and `engine`: everything about a
//! game being played that is not the rules themselves.
//!
//! * [`registry`]: every game in one entry (names, sides, swap, default board,
//!   record formats, drawing hints, construction), the [`RulesKind`] enum and the
//!   visitor ([`AnyGame::visit`]) that hands the concrete rules type to generic code.
//! * [`typed`]: a game of known rules ([`Game<R>`]), typed move handles across
//!   the run-time boundary, clicks.
//! * [`dynamic`]: the run-time game, the object-safe [`DynGame`] every
//!   registered game is.
//! * [`engine`]: the computer player for the app and the command line
//!   ([`DynEngine`], [`SearchHandle`]), built on the visitor.
//! * [`record`]: replaying a game record into a game, opening and saving game files.
//! * [`clock`]: the game clock (main time and increment per player), driven by
//!   elapsed times handed to it.
//! * [`text`]: the position as text.

pub mod clock;
pub mod dynamic;
pub mod engine;
pub mod fit;
pub mod options;
pub mod picture;
pub mod record;
pub mod registry;
pub mod text;
pub mod typed;

pub use crate::rules::game::{Ending, MoveTree, NodeId, TreeError, TreeNode};
pub use clock::{Clock, ClockSettings, GameClock};
pub use dynamic::{DynGame, new_game, suitability, suitability_with};
pub use engine::{
    DynEngine, EngineParams, MoveStat, Progress, RootStats, SearchHandle, SearchResult,
};
pub use fit::BoardFit;
pub use picture::picture;
pub use record::{Opened, open, replay, save_game};
pub use registry::{AnyGame, GameEntry, GameVisitor, RulesKind};
pub use typed::{Click, ClickError, Game, MoveError, MoveHandle, MoveMarks, PositionView};
