//! What the computer opponent needs to know about a game beyond its rules: its
//! search policy. [`Searchable`] is defined here, next to [`Rules`], and each
//! game implements it in its own file (playout, evaluation, tuning settings), so
//! the engine stays purely generic and the rules never name it.

use super::{Player, Rules};
use rand_chacha::ChaCha8Rng;
use std::fmt::Debug;

/// The game-specific parts of the search, on top of [`Rules`].
pub trait Searchable: Rules {
    /// Whether the root looks for moves that let the opponent win at once.
    const BLOCK_CHECK: bool = true;
    /// The game's own tuning settings of its playout policy (`()` for none).
    type Settings: Settings;
    /// The tuning this game plays best with, as `name=value` pairs over the
    /// search's parameters and [`Searchable::Settings`] (each measured to win
    /// at equal time; README, Engine). Applied before the user's `--params`.
    const SEARCH_DEFAULTS: &'static [(&'static str, f64)] = &[];
    /// Tables the simulation policy needs, built once per search from the
    /// settings and the search's root position.
    type Aux: Send + Sync;
    fn aux(&self, settings: &Self::Settings, root: &Self::Position) -> Self::Aux;
    /// Plays uniformly random legal moves from `pos` to the end of the game and
    /// returns the winner (`None`: a draw, or cut short); `pos` is left in an
    /// unspecified state. Each game implements its fast path here (e.g. Hex
    /// fills the board once and checks the winner once).
    fn playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &mut Self::Position,
        rng: &mut G,
    ) -> Option<Player>;
    /// One simulation from `pos` (left in any state): the reward for player 0
    /// in 0..1. By default the game's playout to the end.
    fn simulate(
        &self,
        _aux: &Self::Aux,
        pos: &mut Self::Position,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<Self::Move>,
        _bytes: &mut Vec<u8>,
    ) -> f32 {
        reward_for(self.playout(pos, rng), 0)
    }

    /// The same game without the swap rule, when this one is played with it
    /// (`None` otherwise, the default). The search of a first move under the
    /// swap rule reads the game after it without the swap and counts each first
    /// move as the worse of its two values, kept or swapped (the engine's `pie`
    /// parameter).
    fn without_swap(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }

    /// The moves the search tree tries at `pos` (filled into `out`): by
    /// default every legal move. A game may leave out moves it can prove to be
    /// no better than one it keeps (Hex: dead and captured faces), but never
    /// all of them.
    fn tree_moves(&self, _aux: &Self::Aux, pos: &Self::Position, out: &mut Vec<Self::Move>) {
        self.legal_moves(pos, out);
    }

    /// What the game can prove about `pos` beyond its rules, asked once a
    /// tree node has been visited often enough (the search's `knowledge`
    /// parameter), and with `deep` once it has been visited more (its `deep`
    /// parameter: knowledge that costs more and finds more): by default
    /// nothing. Hex answers from virtual connections, deep from H-search.
    fn knowledge(
        &self,
        _aux: &Self::Aux,
        _pos: &Self::Position,
        _deep: bool,
    ) -> Knowledge<Self::Move> {
        Knowledge::Nothing
    }

    /// Whether [`Searchable::priors`] gives estimates (the search's `prior`,
    /// `bias` and `widen` parameters need them).
    const PRIORS: bool = false;
    /// Whether [`Searchable::knowledge`] can prove anything (the search's
    /// `knowledge`, `deep` and `presearch` parameters need it).
    const KNOWLEDGE: bool = false;

    /// Prior knowledge for the tree: a win-rate estimate (0..1, for the player
    /// to move at `pos`) of each of `moves` (the tree moves at `pos`, which
    /// `last` led to; `None` at the root), pushed onto `out` in order. Leaving
    /// `out` empty gives no knowledge (the default). The search uses it with
    /// RAVE, as its `prior` parameter's number of equivalent visits.
    fn priors(
        &self,
        _aux: &Self::Aux,
        _pos: &Self::Position,
        _last: Option<Self::Move>,
        _moves: &[Self::Move],
        _out: &mut Vec<f32>,
    ) {
    }

    /// Whether the search may keep all-moves-as-first (RAVE) statistics: every
    /// move has a dense index ([`Searchable::move_index`]) and is played at most
    /// once in a game (a stone on a cell), and [`Searchable::simulate_amaf`]
    /// reports who played each move of its playout.
    const AMAF: bool = false;
    /// Number of move indices (the length of the `amaf` slice).
    fn move_index_count(&self) -> usize {
        0
    }
    /// The dense index of `m`, below [`Searchable::move_index_count`].
    fn move_index(&self, _m: Self::Move) -> usize {
        0
    }
    /// [`Searchable::simulate`], also writing `player + 1` into `amaf` at the
    /// index of every move the playout made (entries already set are kept).
    /// Only called when [`Searchable::AMAF`] is true.
    fn simulate_amaf(
        &self,
        aux: &Self::Aux,
        pos: &mut Self::Position,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<Self::Move>,
        bytes: &mut Vec<u8>,
        _amaf: &mut [u8],
    ) -> f32 {
        self.simulate(aux, pos, rng, moves, bytes)
    }
}

/// What a game's knowledge proves about a position ([`Searchable::knowledge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Knowledge<M> {
    /// Nothing beyond what the search finds.
    Nothing,
    /// This player wins with best play, whoever is to move.
    Winner(Player),
    /// Every legal move but these loses for the player to move.
    Only(Vec<M>),
}

/// The values a tuning parameter takes (`--params name=value`). A value
/// outside them is refused with [`ParamRange::describe`], never clamped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamRange {
    /// 0 (off) or 1 (on).
    Switch,
    /// A whole number from `min` to `max`.
    Count { min: u64, max: u64 },
    /// A number from `min` to `max` (`f64::INFINITY`: no upper bound).
    Number { min: f64, max: f64 },
}

impl ParamRange {
    /// A number from `min` up, without an upper bound.
    pub const fn at_least(min: f64) -> ParamRange {
        ParamRange::Number {
            min,
            max: f64::INFINITY,
        }
    }
    /// A whole number from `min` up (to `u32::MAX`).
    pub const fn count_from(min: u64) -> ParamRange {
        ParamRange::Count {
            min,
            max: u32::MAX as u64,
        }
    }
    /// Whether `value` is one of the range's values.
    pub fn admits(self, value: f64) -> bool {
        match self {
            ParamRange::Switch => value == 0.0 || value == 1.0,
            ParamRange::Count { min, max } => {
                value.fract() == 0.0 && value >= min as f64 && value <= max as f64
            }
            ParamRange::Number { min, max } => value >= min && value <= max,
        }
    }
    /// The values in words: `0 (off) or 1 (on)`, `a whole number from 1 to
    /// 1000`, `a number from 0 to 1`, `a number ≥ 0`.
    pub fn describe(self) -> String {
        match self {
            ParamRange::Switch => "0 (off) or 1 (on)".into(),
            ParamRange::Count { min, max } => format!("a whole number from {min} to {max}"),
            ParamRange::Number { min, max } if max.is_infinite() => format!("a number ≥ {min}"),
            ParamRange::Number { min, max } => format!("a number from {min} to {max}"),
        }
    }
}

/// The part of the search a generic parameter tunes: it does something only
/// for a game whose search has that part ([`Searchable::AMAF`],
/// [`Searchable::PRIORS`], [`Searchable::KNOWLEDGE`], [`Rules::HAS_SWAP`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamUse {
    /// Every game's search.
    Always,
    /// RAVE statistics.
    Rave,
    /// The game's estimates of its moves.
    Priors,
    /// The game's estimates, counted as RAVE visits: both.
    RavePriors,
    /// The game's knowledge about a position.
    Knowledge,
    /// The swap rule.
    Swap,
}

/// One tuning parameter: its name, its values, and what it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub range: ParamRange,
    /// For a generic parameter, the part of the search it tunes; a game's own
    /// settings are [`ParamUse::Always`].
    pub uses: ParamUse,
    /// What it does, in one line.
    pub about: &'static str,
}

impl ParamSpec {
    /// A game's own setting.
    pub const fn own(name: &'static str, range: ParamRange, about: &'static str) -> ParamSpec {
        ParamSpec {
            name,
            range,
            uses: ParamUse::Always,
            about,
        }
    }
}

/// A game's tuning settings, set by name (`--params local=0.5` on the command line).
pub trait Settings: Copy + Default + Debug + Send + Sync + 'static {
    /// The settings [`Settings::set`] accepts, with their values.
    const SPECS: &'static [ParamSpec];
    /// Set `name` to `value`, one of its [`ParamSpec::range`]'s values (the
    /// caller checks); false when the game has no setting of that name.
    fn set(&mut self, name: &str, value: f64) -> bool;
    /// The value of setting `name` (a switch as 0 or 1).
    fn get(&self, name: &str) -> Option<f64>;
}

/// No settings.
impl Settings for () {
    const SPECS: &'static [ParamSpec] = &[];
    fn set(&mut self, _name: &str, _value: f64) -> bool {
        false
    }
    fn get(&self, _name: &str) -> Option<f64> {
        None
    }
}

/// A finished playout's reward for player `p`: 1 for a win, 0 for a loss, ½ for a draw.
#[inline]
pub fn reward_for(winner: Option<Player>, p: Player) -> f32 {
    match winner {
        Some(w) if w == p => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
