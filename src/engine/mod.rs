//! The computer opponent: Monte Carlo tree search (UCT) over any
//! [`Searchable`] game, with an MCTS-solver, mate-in-one and must-block checks
//! at the root, tree reuse between moves and tree parallelism: several
//! threads search one shared tree, steered apart by virtual losses.
//!
//! Purely generic: [`search`] is monomorphised per game and knows nothing of
//! any particular one; each game's search policy (playout, evaluation, its own
//! settings) is its [`Searchable`] impl beside its rules. The app and the
//! command line run searches through the game layer
//! (its `DynEngine`), which picks the concrete game once.

pub mod tree;

use crate::rules::search::{ParamSpec, ParamUse, Searchable, Settings};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
pub use tree::{Params, TreeInfo};
use tree::{Proof, RootStat, Scratch, Tree};

/// How long to search: by time, by number of simulations, or both (whichever
/// ends first). With neither, the search runs until [`Shared::stop`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub time: Option<Duration>,
    pub simulations: Option<u64>,
}

impl SearchLimits {
    /// Search for a fixed time.
    pub fn time(t: Duration) -> Self {
        SearchLimits {
            time: Some(t),
            simulations: None,
        }
    }
    /// Search for a fixed number of simulations (deterministic single-threaded).
    pub fn simulations(n: u64) -> Self {
        SearchLimits {
            time: None,
            simulations: Some(n),
        }
    }
}

/// How to search: number of threads (sharing one tree) and the random seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    pub threads: usize,
    pub seed: u64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            threads: 1,
            seed: 0x5eed_b0a2_d001,
        }
    }
}

/// Most root moves a [`RootStats`] keeps (the most visited ones).
pub const ROOT_MOVES_MAX: usize = 1024;
/// Longest principal variation a [`RootStats`] keeps.
pub const PV_MAX: usize = 12;

/// What the search knows about the root: every root move with its visits and
/// win rate (for the player making it), most visited first, and the principal
/// variation, the line of most visited moves. Bounded by [`ROOT_MOVES_MAX`]
/// and [`PV_MAX`]; taken with each progress snapshot (every 40 ms or so).
#[derive(Clone, Debug, PartialEq)]
pub struct RootStats<M> {
    pub moves: Vec<(M, u64, f32)>,
    pub pv: Vec<M>,
}

impl<M> Default for RootStats<M> {
    fn default() -> Self {
        RootStats {
            moves: Vec::new(),
            pv: Vec::new(),
        }
    }
}

impl<M: Copy> RootStats<M> {
    /// The statistics of `stats` (merged root statistics) and the line `pv`.
    pub fn of(stats: &[RootStat<M>], pv: Vec<M>) -> RootStats<M> {
        let mut moves: Vec<(M, u64, f32)> =
            stats.iter().map(|s| (s.mv, s.visits, s.rate())).collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.1));
        moves.truncate(ROOT_MOVES_MAX);
        RootStats { moves, pv }
    }
}

/// A snapshot of a running search, cheap to take every frame.
#[derive(Clone, Debug)]
pub struct Progress<M> {
    pub simulations: u64,
    /// Simulations the tree held about the position when the search began
    /// ([`TreeInfo::reused`]), not counted in `simulations`.
    pub reused: u64,
    /// The best move so far.
    pub best: Option<M>,
    /// The root moves' statistics and the principal variation.
    pub root: RootStats<M>,
    /// For the player to move, 0..1.
    pub win_rate: f32,
    /// Whether `win_rate` is proven (as [`SearchResult::proven`]).
    pub proven: bool,
    /// Share of the budget used, 0..1 (0 when the search has no limit).
    pub fraction: f32,
    pub elapsed: Duration,
    pub done: bool,
}

impl<M> Default for Progress<M> {
    fn default() -> Self {
        Progress {
            simulations: 0,
            reused: 0,
            best: None,
            root: RootStats::default(),
            win_rate: 0.0,
            proven: false,
            fraction: 0.0,
            elapsed: Duration::ZERO,
            done: false,
        }
    }
}

/// The engine's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    pub best: M,
    /// Estimated win rate for the player to move, 0..1 (1 or 0 when proven).
    pub win_rate: f32,
    /// Whether `win_rate` is proven (1 a win, 0 a loss, ½ a draw with best
    /// play), not estimated.
    pub proven: bool,
    /// Simulations run by this search (not counting reused ones).
    pub simulations: u64,
    /// The search tree's size at the end.
    pub tree: TreeInfo,
}

/// Why the engine could not produce a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("the player to move has no legal move")]
    NoLegalMove,
    #[error(transparent)]
    Params(#[from] ParamError),
    #[error("the engine stopped unexpectedly: {0}")]
    Failed(String),
}

/// A tuning parameter that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("'{0}' is not name=value")]
    NotNameValue(String),
    #[error("'{0}' is not a non-negative number")]
    NotANumber(String),
    #[error("unknown parameter '{name}' ({known})")]
    Unknown {
        name: String,
        /// The names the game takes, comma-separated.
        known: String,
    },
    #[error("{0} is given twice")]
    Twice(String),
    #[error("{name}={value} is out of range: {name} takes {expected}")]
    OutOfRange {
        name: String,
        /// The value read (`1.50` reads as `1.5`).
        value: String,
        /// [`ParamRange::describe`].
        expected: String,
    },
    #[error("{name} does nothing in {game}: {why}")]
    NotUsed {
        name: String,
        game: &'static str,
        why: String,
    },
}

/// Parse `name=value` pairs separated by commas (`explore=0.6,local=0.5`);
/// values are finite numbers ≥ 0, and no name comes twice. Names and
/// ranges are checked by [`apply_pairs`].
pub fn parse_pairs(text: &str) -> Result<Vec<(String, f64)>, ParamError> {
    let mut out: Vec<(String, f64)> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| ParamError::NotNameValue(part.to_string()))?;
        let x = v
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| ParamError::NotANumber(v.trim().to_string()))?;
        let k = k.trim();
        if out.iter().any(|(name, _)| name == k) {
            return Err(ParamError::Twice(k.to_string()));
        }
        out.push((k.to_string(), x));
    }
    Ok(out)
}

/// Why a generic parameter used as `uses` does nothing in game `R`, or
/// `None` when it does something.
pub fn unused_because<R: Searchable>(uses: ParamUse) -> Option<String> {
    let title = R::TITLE;
    let no_rave = || format!("{title}'s search keeps no RAVE statistics");
    let no_priors = || format!("{title} gives the search no estimates of its moves");
    match uses {
        ParamUse::Always => None,
        ParamUse::Rave => (!R::AMAF).then(no_rave),
        ParamUse::Priors => (!R::PRIORS).then(no_priors),
        ParamUse::RavePriors => (!R::AMAF)
            .then(no_rave)
            .or_else(|| (!R::PRIORS).then(no_priors)),
        ParamUse::Knowledge => (!R::KNOWLEDGE)
            .then(|| format!("{title} has no knowledge about positions for the search to ask")),
        ParamUse::Swap => (!R::HAS_SWAP).then(|| format!("{title} has no swap rule")),
    }
}

/// The parameter `name` of game `R` (generic or its own), if it has one.
fn spec_of<R: Searchable>(name: &str) -> Option<&'static ParamSpec> {
    Params::SPECS
        .iter()
        .chain(<R::Settings as Settings>::SPECS)
        .find(|p| p.name == name)
}

/// Apply `name=value` pairs to the search's parameters and game `R`'s
/// settings. A name the game does not take, a value outside the
/// parameter's range, and a generic parameter that does nothing in this
/// game ([`unused_because`]) are refused; nothing is clamped.
pub fn apply_pairs<R: Searchable, K: AsRef<str>>(
    pairs: &[(K, f64)],
    params: &mut Params,
    settings: &mut R::Settings,
) -> Result<(), ParamError> {
    for (k, v) in pairs {
        let k = k.as_ref();
        let Some(spec) = spec_of::<R>(k) else {
            let known: Vec<&str> = Params::SPECS
                .iter()
                .chain(<R::Settings as Settings>::SPECS)
                .filter(|p| unused_because::<R>(p.uses).is_none())
                .map(|p| p.name)
                .collect();
            return Err(ParamError::Unknown {
                name: k.to_string(),
                known: known.join(", "),
            });
        };
        if let Some(why) = unused_because::<R>(spec.uses) {
            return Err(ParamError::NotUsed {
                name: k.to_string(),
                game: R::TITLE,
                why,
            });
        }
        if !spec.range.admits(*v) {
            return Err(ParamError::OutOfRange {
                name: k.to_string(),
                value: v.to_string(),
                expected: spec.range.describe(),
            });
        }
        let done = params.set(k, *v) || settings.set(k, *v);
        debug_assert!(done, "{k} has a spec but no setter");
    }
    Ok(())
}

/// One row of game `R`'s tuning table ([`param_table`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamRow {
    pub spec: ParamSpec,
    /// The value `R` plays with ([`game_params`]).
    pub value: f64,
    /// Whether it is one of the game's own settings, not a generic one.
    pub own: bool,
    /// Why it does nothing in `R` ([`unused_because`]); `None` when it does
    /// something.
    pub unused: Option<String>,
}

/// Every parameter game `R` takes, generic ones first, with the values it
/// plays with, and the generic ones that do nothing in `R` with the reason.
pub fn param_table<R: Searchable>() -> Vec<ParamRow> {
    let (params, settings) = game_params::<R>();
    let generic = Params::SPECS.iter().map(|p| ParamRow {
        spec: *p,
        value: params.get(p.name).expect("every parameter has a getter"),
        own: false,
        unused: unused_because::<R>(p.uses),
    });
    let own = <R::Settings as Settings>::SPECS.iter().map(|p| ParamRow {
        spec: *p,
        value: settings.get(p.name).expect("every setting has a getter"),
        own: true,
        unused: None,
    });
    generic.chain(own).collect()
}

/// The search parameters and settings game `R` plays with by default: the
/// generic defaults with the game's [`Searchable::SEARCH_DEFAULTS`] applied.
pub fn game_params<R: Searchable>() -> (Params, R::Settings) {
    let mut params = Params::default();
    let mut settings = R::Settings::default();
    apply_pairs::<R, _>(R::SEARCH_DEFAULTS, &mut params, &mut settings)
        .expect("a game's search defaults name its own settings");
    (params, settings)
}

/// A value alone on its cache line, so that threads writing beside it do not
/// slow down those reading it (false sharing).
#[repr(align(128))]
#[derive(Default)]
struct Padded<T>(T);

/// State shared between a search's worker threads and whoever watches it.
pub struct Shared<M> {
    /// Read by every thread after every simulation.
    stop: Padded<AtomicBool>,
    /// Simulations started, claimed by every thread.
    sims: Padded<AtomicU64>,
    progress: Mutex<Progress<M>>,
}

impl<M> Default for Shared<M> {
    fn default() -> Self {
        Shared {
            stop: Padded(AtomicBool::new(false)),
            sims: Padded(AtomicU64::new(0)),
            progress: Mutex::new(Progress::default()),
        }
    }
}

impl<M: Clone> Shared<M> {
    /// Ask the search to finish as soon as possible.
    pub fn stop(&self) {
        self.stop.0.store(true, Ordering::Relaxed);
    }
    pub fn stopped(&self) -> bool {
        self.stop.0.load(Ordering::Relaxed)
    }
    /// The latest progress snapshot.
    pub fn progress(&self) -> Progress<M> {
        lock(&self.progress).clone()
    }
    /// Mark the search finished (also when it failed).
    pub fn finish(&self) {
        lock(&self.progress).done = true;
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Search `pos` with the tree in `tree` (re-rooted at `pos` when possible,
/// else replaced; left there for the next search), within `limits`, reporting to `shared`,
/// with the game's default parameters and settings ([`game_params`]).
pub fn search<R: Searchable>(
    rules: &R,
    pos: &R::Position,
    tree: &mut Option<Tree<R>>,
    config: &SearchConfig,
    limits: &SearchLimits,
    shared: &Shared<R::Move>,
) -> Result<SearchResult<R::Move>, EngineError> {
    let (params, settings) = game_params::<R>();
    search_with(rules, pos, tree, config, limits, &params, &settings, shared)
}

/// The game without the swap rule when `pos` is a first move under it: the
/// opponent may swap after every legal move at `pos`, and none ends the game.
pub fn pie_rules<R: Searchable>(rules: &R, pos: &R::Position) -> Option<R> {
    let swap = rules.swap_move()?;
    let free = rules.without_swap()?;
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let mut replies = Vec::new();
    let swappable = |&m: &R::Move| {
        let mut p = pos.clone();
        rules.apply(&mut p, m);
        rules.legal_moves(&p, &mut replies);
        rules.result(&p).is_none() && replies.contains(&swap)
    };
    (!moves.is_empty() && moves.iter().all(swappable)).then_some(free)
}

/// [`search`] with explicit tuning parameters and game settings.
///
/// A first move under the swap rule ([`Params::pie`], [`pie_rules`]) is
/// searched in the game without the swap, in a fresh tree whose root values
/// are folded ([`Tree::fold_root`]); that tree is not kept for the next move
/// (below its root the swap is missing), so `tree` is left empty.
#[allow(clippy::too_many_arguments)]
pub fn search_with<R: Searchable>(
    rules: &R,
    pos: &R::Position,
    tree: &mut Option<Tree<R>>,
    config: &SearchConfig,
    limits: &SearchLimits,
    params: &Params,
    settings: &R::Settings,
    shared: &Shared<R::Move>,
) -> Result<SearchResult<R::Move>, EngineError> {
    let free = if params.pie {
        pie_rules(rules, pos)
    } else {
        None
    };
    let fold = free.is_some();
    if fold {
        *tree = None;
    }
    let rules = free.as_ref().unwrap_or(rules);
    let start = Instant::now();
    if rules.result(pos).is_some() {
        let reason = rules
            .outcome(pos)
            .map(|o| o.reason)
            .unwrap_or_else(|| "no moves are left".into());
        return Err(EngineError::GameOver(reason));
    }
    let threads = config.threads.max(1);
    let fresh = || {
        Tree::with_capacity(rules, pos.clone(), params.max_nodes).ok_or(EngineError::NoLegalMove)
    };
    let mut t = match tree.take() {
        Some(mut t) if t.capacity() == Tree::<R>::capacity_for(params.max_nodes) => {
            if t.reroot(rules, pos) { t } else { fresh()? }
        }
        _ => fresh()?,
    };
    t.fold_root = fold;
    let reused = t.root_visits();
    if t.is_full() && !params.recycle {
        // What the last search filled, re-rooted: the new root's subtree
        // alone, so it can grow again. (With recycling on, the loop below
        // recycles a tree that is full.)
        t.compact();
    }
    let mut recycles = 0;
    let mut paused = start.elapsed();
    shared.sims.0.store(0, Ordering::Relaxed);
    let aux = rules.aux(settings, pos);
    let rng_of = |k: usize| {
        ChaCha8Rng::seed_from_u64(
            config
                .seed
                .wrapping_add((k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
        )
    };
    // Thread 0's generator also shuffles the root's moves, as a lone
    // thread's did before several shared the tree.
    let mut rngs: Vec<ChaCha8Rng> = (0..threads).map(rng_of).collect();
    // The pre-search takes at most a fifth of the move's time, as MoHex's,
    // or of its budget of simulations.
    let budget = tree::PresearchBudget {
        deadline: limits.time.map(|l| start + l / 5),
        checks: limits.simulations.map(|n| n / 5 / tree::PRESEARCH_COST),
    };
    t.root_tactics(
        rules,
        &aux,
        params,
        &mut Scratch::default(),
        &mut rngs[0],
        budget,
    );
    let progress_of = |t: &Tree<R>| {
        let stats = t.root_stats();
        let first = tree::best_of(&stats).map(|b| b.mv);
        let pv = t.principal_variation(first, PV_MAX);
        snapshot(&stats, pv, shared, limits, start, false, reused)
    };
    // One searching thread; thread 0 also publishes progress now and then.
    // With several, they search the one tree at once, without a lock: the
    // visits each counts on the nodes its descent enters (virtual losses)
    // steer the others elsewhere.
    let recycle = params.recycle;
    let work = |k: usize, t: &Tree<R>, rng: &mut ChaCha8Rng| {
        let mut scratch = Scratch::default();
        let mut last_report = Instant::now();
        let mut i: u64 = 0;
        loop {
            if shared.stopped() || (recycle && t.is_full()) {
                break;
            }
            let done = shared.sims.0.fetch_add(1, Ordering::Relaxed);
            if limits.simulations.is_some_and(|n| done >= n) {
                break;
            }
            if !t.simulate(rules, &aux, params, &mut scratch, rng) {
                // The root is proven: stop every thread.
                shared.stop();
                break;
            }
            i += 1;
            if i.is_multiple_of(16) {
                let now = Instant::now();
                if limits.time.is_some_and(|t| now - start >= t) {
                    break;
                }
                if k == 0 && now - last_report >= Duration::from_millis(40) {
                    last_report = now;
                    *lock(&shared.progress) = progress_of(t);
                }
            }
        }
    };
    // Search until a limit is reached; a full tree (with recycling on) stops
    // the threads, is recycled, and the search goes on.
    loop {
        if threads == 1 {
            work(0, &t, &mut rngs[0]);
        } else {
            let (t, work) = (&t, &work);
            std::thread::scope(|s| {
                for (k, rng) in rngs.iter_mut().enumerate() {
                    s.spawn(move || work(k, t, rng));
                }
            });
        }
        let limit_reached = shared.stopped()
            || limits.time.is_some_and(|l| start.elapsed() >= l)
            || limits
                .simulations
                .is_some_and(|n| shared.sims.0.load(Ordering::Relaxed) >= n);
        if limit_reached || !(recycle && t.is_full()) {
            break;
        }
        let pause = Instant::now();
        t.recycle();
        paused += pause.elapsed();
        recycles += 1;
    }
    let stats = t.root_stats();
    let sims = shared
        .sims
        .0
        .load(Ordering::Relaxed)
        .min(limits.simulations.unwrap_or(u64::MAX));
    shared.sims.0.store(sims, Ordering::Relaxed);
    let best = tree::best_of(&stats).ok_or(EngineError::NoLegalMove)?;
    let result = SearchResult {
        best: best.mv,
        win_rate: best.rate(),
        proven: best.proof != Proof::Unknown,
        simulations: sims,
        tree: TreeInfo {
            recycles,
            paused_ms: paused.as_millis() as u64,
            reused,
            ..t.info()
        },
    };
    let pv = t.principal_variation(Some(best.mv), PV_MAX);
    let p = snapshot(&stats, pv, shared, limits, start, true, reused);
    *lock(&shared.progress) = p;
    if !fold {
        *tree = Some(t);
    }
    Ok(result)
}

#[allow(clippy::too_many_arguments)]
fn snapshot<M: Copy + Ord>(
    stats: &[RootStat<M>],
    pv: Vec<M>,
    shared: &Shared<M>,
    limits: &SearchLimits,
    start: Instant,
    done: bool,
    reused: u64,
) -> Progress<M> {
    let elapsed = start.elapsed();
    let sims = shared.sims.0.load(Ordering::Relaxed);
    let mut fraction: f32 = 0.0;
    if let Some(t) = limits.time {
        fraction = fraction.max(elapsed.as_secs_f32() / t.as_secs_f32().max(1e-6));
    }
    if let Some(n) = limits.simulations {
        fraction = fraction.max(sims as f32 / n.max(1) as f32);
    }
    let best = tree::best_of(stats);
    Progress {
        simulations: sims,
        reused,
        best: best.map(|b| b.mv),
        root: RootStats::of(stats, pv),
        win_rate: best.map_or(0.5, |b| b.rate()),
        proven: best.is_some_and(|b| b.proof != Proof::Unknown),
        fraction: if done { 1.0 } else { fraction.clamp(0.0, 1.0) },
        elapsed,
        done,
    }
}
