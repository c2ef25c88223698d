//! The game layer, one floor above `rules` and `engine`: everything about a
//! game being played that is not the rules themselves.
//!
//! * [`registry`]: every game in one entry (names, sides, swap, default board,
//!   record formats, drawing hints, construction), the [`RulesKind`] enum and the
//!   visitor ([`AnyGame::visit`]) that hands the concrete rules type to generic code.
//! * [`dynamic`]: the run-time game ([`Game<R>`] behind the object-safe
//!   [`DynGame`]), typed move handles across the boundary, clicks.
//! * [`engine`]: the computer player for the app and the command line
//!   ([`DynEngine`], [`SearchHandle`]), built on the visitor.
//! * [`record`]: replaying a game record into a game, opening and saving game files.
//! * [`text`]: the position as text.

pub mod dynamic;
pub mod engine;
pub mod record;
pub mod registry;
pub mod text;

pub use dynamic::{Click, ClickError, DynGame, Game, MoveError, MoveHandle, PositionView};
pub use engine::{DynEngine, EngineParams, Progress, SearchHandle, SearchResult};
pub use record::{Opened, open, replay, save_game};
pub use registry::{
    AnyGame, GameEntry, GameVisitor, RulesKind, new_game, suitability, suitability_with,
};
