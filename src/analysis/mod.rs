//! The balance lab: measure a board with the engine. Engine-vs-engine games
//! for a board + game + options at a fixed budget per move give the
//! first-player score (95 % Wilson interval) and a verdict in words, the game
//! length distribution, how games ended and how early the engine's estimate
//! predicted the winner; the opening map gives the first player's win rate
//! after every legal first move, and with the swap rule which openings the
//! second player should swap.
//!
//! One floor above `game` (it reaches the concrete rules type through the
//! registry's visitor and runs the generic [`engine::search`]); no egui. The
//! window (`app/analyze/`) and `boardwright analyze` both call [`run`].
//!
//! **Parallelism and determinism.** Games (and openings) run one per worker
//! of a `rayon` pool of [`Spec::threads`] threads, each search on one thread.
//! Game `i`'s seeds derive from the master seed and `i` only, and results are
//! collected in index order, so with a simulation budget the report depends
//! on the seed alone — the same for any thread count. Time budgets are not
//! deterministic (how far a search gets in a time depends on the machine's
//! load).
//!
//! **Cancelling.** [`Control::cancel`] sets a flag and stops every running
//! search at once (each search's engine [`Shared`] is registered with the
//! control); [`run`] then returns promptly with the games and openings
//! finished so far, the report marked partial.
//!
//! **Opening map.** Each legal first move is judged by a fixed-budget search
//! of the position after it (by default [`Spec::opening_sims`] simulations on
//! one thread): the first player's win rate is one minus the engine's estimate
//! for the player to move there, with a Wilson interval over the root's
//! simulations (exact when the solver proves the position). Short self-play
//! games from each opening ([`OpeningMethod::Games`]) are the alternative; on
//! Hex 4×4 and 7×7 the search ranked the openings correctly at a fraction of
//! the cost (README, "Is it fair?").

pub mod report;

use crate::board::Board;
use crate::engine::{self, EngineError, SearchConfig, SearchLimits, Shared};
use crate::game::registry::{GameVisitor, Registered};
use crate::game::{DynGame, Game, RulesKind};
use crate::rules::game::GameState;
use crate::rules::{GameOptions, Outcome, Player, UnsuitableBoard};
use rayon::prelude::*;
pub use report::{
    Decisiveness, EndKind, GameSummary, LengthStats, OpeningMap, OpeningStat, Report, Score, wilson,
};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

/// How long the engine thinks per move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Budget {
    /// Simulations per move (deterministic).
    Simulations(u64),
    /// Seconds per move (not deterministic).
    Time(Duration),
}

impl Budget {
    fn limits(self) -> SearchLimits {
        match self {
            Budget::Simulations(n) => SearchLimits::simulations(n),
            Budget::Time(t) => SearchLimits::time(t),
        }
    }
    /// "2000 simulations/move" or "0.1 s/move".
    pub fn describe(self) -> String {
        match self {
            Budget::Simulations(n) => format!("{n} simulations/move"),
            Budget::Time(t) => format!("{} s/move", t.as_secs_f64()),
        }
    }
}

/// How the opening map judges a first move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpeningMethod {
    /// One search of the position after the move, with this many simulations.
    Search { simulations: u64 },
    /// This many self-play games from the position after the move, at the
    /// analysis's budget per move.
    Games { games: u32 },
}

/// What to measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// Engine-vs-engine games from the start (0: none).
    pub games: u32,
    pub budget: Budget,
    /// Worker threads (games played at once).
    pub threads: usize,
    /// The opening map, and how to make it (`None`: no map).
    pub openings: Option<OpeningMethod>,
    pub seed: u64,
    /// Games longer than this are cut short and count as draws.
    pub max_plies: usize,
}

impl Default for Spec {
    fn default() -> Self {
        Spec {
            games: 100,
            budget: Budget::Simulations(2000),
            threads: default_threads(),
            openings: None,
            seed: 1,
            max_plies: 1000,
        }
    }
}

/// The default opening search budget: enough for Hex 7×7 to rank the centre
/// above the corners (README, "Is it fair?").
pub const OPENING_SIMS: u64 = 20_000;

/// The number of cores (at least 1).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why an analysis cannot run.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    #[error(transparent)]
    Unsuitable(#[from] UnsuitableBoard),
    #[error("the start position has no legal move")]
    NoMove,
    #[error("nothing to do: ask for games or the opening map")]
    Nothing,
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    #[error("the engine failed: {0}")]
    Engine(#[from] EngineError),
}

/// A game to analyse on `board`: the game's own refusal (with its reason)
/// when the board does not suit it.
pub fn new_game(
    kind: RulesKind,
    board: Arc<Board>,
    options: &GameOptions,
) -> Result<Box<dyn DynGame>, AnalysisError> {
    Ok(crate::game::new_game(kind, board, options)?)
}

/// Something that can be told to stop at once (an engine search's shared state).
trait Stop: Send + Sync {
    fn stop(&self);
}

impl<M: Clone + Send> Stop for Shared<M> {
    fn stop(&self) {
        Shared::stop(self);
    }
}

/// Progress, live results and cancelling of one analysis, shared between
/// the workers and whoever watches (the window polls it every frame).
#[derive(Default)]
pub struct Control {
    cancelled: AtomicBool,
    games_planned: AtomicU32,
    games_done: AtomicU32,
    openings_planned: AtomicU32,
    openings_done: AtomicU32,
    /// Simulations of every search finished so far (games' moves and
    /// openings).
    simulations: AtomicU64,
    /// Games finished so far, in the order they finished (for live plots).
    finished: Mutex<Vec<GameSummary>>,
    /// Openings judged so far, in the order they were done (for a live map).
    openings: Mutex<Vec<OpeningStat>>,
    running: Mutex<Vec<Weak<dyn Stop>>>,
}

/// Counts of work done and planned.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub games_done: u32,
    pub games_planned: u32,
    pub openings_done: u32,
    pub openings_planned: u32,
    /// Simulations of the searches finished so far.
    pub simulations: u64,
}

impl Counts {
    /// Share of the work done, 0..1 (a game and an opening weigh the same).
    pub fn fraction(&self) -> f32 {
        let planned = self.games_planned + self.openings_planned;
        if planned == 0 {
            return 0.0;
        }
        (self.games_done + self.openings_done) as f32 / planned as f32
    }
}

fn lock<T: ?Sized>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Control {
    pub fn new() -> Arc<Control> {
        Arc::new(Control::default())
    }
    /// Stop the analysis as soon as possible: every running search stops now,
    /// no new game or opening starts.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
        for s in lock(&self.running).iter().filter_map(Weak::upgrade) {
            s.stop();
        }
    }
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }
    pub fn counts(&self) -> Counts {
        Counts {
            games_done: self.games_done.load(Ordering::Relaxed),
            games_planned: self.games_planned.load(Ordering::Relaxed),
            openings_done: self.openings_done.load(Ordering::Relaxed),
            openings_planned: self.openings_planned.load(Ordering::Relaxed),
            simulations: self.simulations.load(Ordering::Relaxed),
        }
    }
    /// The games finished so far, in the order they finished.
    pub fn finished_games(&self) -> Vec<GameSummary> {
        lock(&self.finished).clone()
    }
    /// The games finished after the first `from` (in finishing order): what a
    /// watcher polling every frame has not seen yet.
    pub fn finished_games_since(&self, from: usize) -> Vec<GameSummary> {
        lock(&self.finished)
            .get(from..)
            .unwrap_or_default()
            .to_vec()
    }
    /// The openings judged after the first `from`, in the order they were done.
    pub fn finished_openings_since(&self, from: usize) -> Vec<OpeningStat> {
        lock(&self.openings)
            .get(from..)
            .unwrap_or_default()
            .to_vec()
    }

    fn register(&self, s: Arc<dyn Stop>) {
        let mut running = lock(&self.running);
        running.retain(|w| w.strong_count() > 0);
        running.push(Arc::downgrade(&s));
        drop(running);
        // A cancel between the caller's check and the registration.
        if self.is_cancelled() {
            s.stop();
        }
    }
}

/// Run the analysis of `game`'s rules, board and options from the start
/// position. Returns the report (marked partial when cancelled).
pub fn run(game: &dyn DynGame, spec: &Spec, control: &Control) -> Result<Report, AnalysisError> {
    if spec.games == 0 && spec.openings.is_none() {
        return Err(AnalysisError::Nothing);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.max(1))
        .thread_name(|i| format!("boardwright-analysis-{i}"))
        .build()
        .map_err(|e| AnalysisError::Threads(e.to_string()))?;
    pool.install(|| game.as_any().visit(Analyse { spec, control }))
}

struct Analyse<'a> {
    spec: &'a Spec,
    control: &'a Control,
}

impl GameVisitor for Analyse<'_> {
    type Output = Result<Report, AnalysisError>;

    fn visit<R: Registered>(self, game: &Game<R>) -> Self::Output {
        let (spec, control) = (self.spec, self.control);
        let rules = game.rules();
        let start = GameState::new(rules.clone());
        let first_moves = start.legal_moves();
        if start.outcome().is_some() || first_moves.is_empty() {
            return Err(AnalysisError::NoMove);
        }
        // The opening map judges each first move without the swap rule (with
        // it, the second player would swap the strong ones away).
        let plain = if game.options().swap {
            let mut o = game.options().clone();
            o.swap = false;
            R::on_board(game.board().clone(), &o)?
        } else {
            rules.clone()
        };
        let plain_moves = GameState::new(plain.clone()).legal_moves();
        control.games_planned.store(spec.games, Ordering::Relaxed);
        if spec.openings.is_some() {
            control
                .openings_planned
                .store(plain_moves.len() as u32, Ordering::Relaxed);
        }

        let results: Vec<Option<Result<GameSummary, EngineError>>> = (0..spec.games)
            .into_par_iter()
            .map(|i| {
                if control.is_cancelled() {
                    return None;
                }
                let seed = game_seed(spec.seed, i as u64);
                let r = play_game(&start, i, seed, spec, control)?;
                if let Ok(s) = &r {
                    lock(&control.finished).push(s.clone());
                    control.games_done.fetch_add(1, Ordering::Relaxed);
                }
                Some(r)
            })
            .collect();
        let mut games = Vec::new();
        for r in results.into_iter().flatten() {
            games.push(r?);
        }

        let openings = match spec.openings {
            None => None,
            Some(method) => Some(opening_map(&plain, &plain_moves, method, spec, control)?),
        };
        let names = R::PLAYER_NAMES.map(str::to_string);
        Ok(Report::new(
            report::Header {
                rules: R::NAME.to_string(),
                board: game.board().meta().name.clone(),
                players: names,
                swap: game.options().swap,
                budget: spec.budget.describe(),
                deterministic: matches!(spec.budget, Budget::Simulations(_)),
                seed: spec.seed,
                threads: spec.threads.max(1),
                games_planned: spec.games,
                partial: control.is_cancelled(),
            },
            games,
            openings,
        ))
    }
}

/// Game `i`'s seed: the master seed and the index only (SplitMix64 of both).
fn game_seed(master: u64, i: u64) -> u64 {
    let mut z = master
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(i.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One search of `pos` on one thread, registered with `control` so that a
/// cancel stops it at once. `None` when cancelled before it started.
fn search<R: Registered>(
    rules: &R,
    pos: &R::Position,
    tree: &mut Option<engine::tree::Tree<R>>,
    seed: u64,
    limits: &SearchLimits,
    control: &Control,
) -> Option<Result<engine::SearchResult<R::Move>, EngineError>> {
    if control.is_cancelled() {
        return None;
    }
    let shared: Arc<Shared<R::Move>> = Arc::new(Shared::default());
    control.register(shared.clone());
    let config = SearchConfig { threads: 1, seed };
    let r = engine::search(rules, pos, tree, &config, limits, &shared);
    if control.is_cancelled() {
        return None;
    }
    if let Ok(r) = &r {
        control
            .simulations
            .fetch_add(r.simulations, Ordering::Relaxed);
    }
    Some(r)
}

/// Play one engine-vs-engine game from `start`; `None` when cancelled.
fn play_game<R: Registered>(
    start: &GameState<R>,
    index: u32,
    seed: u64,
    spec: &Spec,
    control: &Control,
) -> Option<Result<GameSummary, EngineError>> {
    let mut state = start.clone();
    let rules = state.rules().clone();
    let limits = spec.budget.limits();
    let mut tree = None;
    // The engine's estimate of the first player's chance before each ply.
    let mut estimates: Vec<f32> = Vec::new();
    let plies0 = state.ply();
    while state.outcome().is_none() && state.ply() - plies0 < spec.max_plies {
        let pos = state.position().clone();
        let mover = rules.to_move(&pos);
        let ply_seed = seed ^ (state.ply() as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
        let r = match search(&rules, &pos, &mut tree, ply_seed, &limits, control)? {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        estimates.push(if mover == 0 {
            r.win_rate
        } else {
            1.0 - r.win_rate
        });
        if let Err(e) = state.play(r.best) {
            return Some(Err(EngineError::Failed(format!(
                "the engine chose an illegal move: {e}"
            ))));
        }
    }
    let outcome = state.outcome();
    Some(Ok(summarise(
        index,
        state.ply() - plies0,
        outcome.as_ref(),
        &estimates,
    )))
}

fn summarise(
    index: u32,
    plies: usize,
    outcome: Option<&Outcome>,
    estimates: &[f32],
) -> GameSummary {
    let winner: Option<Player> = outcome.and_then(|o| o.winner);
    let predicted = report::DECISIVE_AT.map(|k| {
        let w = winner?;
        if estimates.is_empty() {
            return None;
        }
        let at = ((plies as f64 * k).floor() as usize).min(estimates.len() - 1);
        let e = estimates[at];
        if e == 0.5 {
            return Some(false);
        }
        Some((e > 0.5) == (w == 0))
    });
    GameSummary {
        index,
        winner,
        plies,
        end: EndKind::of(outcome),
        predicted,
    }
}

fn opening_map<R: Registered>(
    rules: &R,
    moves: &[R::Move],
    method: OpeningMethod,
    spec: &Spec,
    control: &Control,
) -> Result<OpeningMap, AnalysisError> {
    let start = GameState::new(rules.clone());
    let pos0 = start.position().clone();
    let results: Vec<Option<Result<OpeningStat, EngineError>>> = moves
        .par_iter()
        .enumerate()
        .map(|(i, &m)| {
            if control.is_cancelled() {
                return None;
            }
            let seed = game_seed(spec.seed ^ 0x0be1_1ed0, i as u64);
            let mut after = start.clone();
            if let Err(e) = after.play(m) {
                return Some(Err(EngineError::Failed(e.to_string())));
            }
            let faces = rules.move_faces(&pos0, m);
            let mut stat = OpeningStat {
                notation: rules.format_move(&pos0, m),
                face: faces.to.map(|f| f.index()),
                first_win_rate: 0.0,
                ci95: [0.0, 1.0],
                samples: 0,
                proven: false,
            };
            match method {
                OpeningMethod::Search { simulations } => {
                    if let Some(o) = after.outcome() {
                        stat.first_win_rate = report::first_score(o.winner);
                        stat.ci95 = [stat.first_win_rate; 2];
                        stat.proven = true;
                    } else {
                        let limits = SearchLimits::simulations(simulations);
                        let r = match search(
                            rules,
                            after.position(),
                            &mut None,
                            seed,
                            &limits,
                            control,
                        )? {
                            Ok(r) => r,
                            Err(e) => return Some(Err(e)),
                        };
                        let p = 1.0 - r.win_rate as f64;
                        stat.first_win_rate = p;
                        stat.samples = r.simulations;
                        stat.proven = r.proven;
                        stat.ci95 = if stat.proven {
                            [p, p]
                        } else {
                            wilson(p * r.simulations as f64, r.simulations as f64)
                        };
                    }
                }
                OpeningMethod::Games { games } => {
                    let mut score = 0.0;
                    for g in 0..games {
                        let s = game_seed(seed, g as u64);
                        let r = match play_game(&after, g, s, spec, control)? {
                            Ok(r) => r,
                            Err(e) => return Some(Err(e)),
                        };
                        score += report::first_score(r.winner);
                    }
                    stat.samples = games as u64;
                    stat.first_win_rate = score / games.max(1) as f64;
                    stat.ci95 = wilson(score, games as f64);
                }
            }
            lock(&control.openings).push(stat.clone());
            control.openings_done.fetch_add(1, Ordering::Relaxed);
            Some(Ok(stat))
        })
        .collect();
    let mut openings = Vec::new();
    for r in results.into_iter().flatten() {
        openings.push(r?);
    }
    Ok(OpeningMap {
        method: match method {
            OpeningMethod::Search { simulations } => {
                format!("one search of {simulations} simulations after each move")
            }
            OpeningMethod::Games { games } => format!(
                "{games} self-play games after each move at {}",
                spec.budget.describe()
            ),
        },
        planned: moves.len() as u32,
        openings,
    })
}
