//! The computer opponent: Monte Carlo tree search (UCT) over any [`Rules`],
//! with an MCTS-solver, mate-in-one and must-block checks at the root, tree
//! reuse between moves and root parallelism over several threads.
//!
//! [`DynEngine`] is the entry point for the app and the CLI: it searches a
//! [`DynGame`]'s current position on worker threads and hands back a
//! [`SearchHandle`] to poll, stop or wait for. [`search`] is the generic,
//! monomorphised search used underneath (and by benchmarks).

pub mod loa_eval;
pub mod tree;

use crate::mesh::FaceId;
use crate::rules::dynamic::DynGame;
use crate::rules::{Rules, boco, hex, loa, twixt};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
pub use tree::Params;
use tree::{RootStat, Scratch, Tree};

/// How long to search: by time, by number of simulations, or both (whichever
/// ends first). With neither, the search runs until [`SearchHandle::stop`].
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

/// How to search: number of threads (root parallelism) and the random seed.
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

/// A snapshot of a running search, cheap to take every frame.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub simulations: u64,
    /// In the game's notation (`DynGame::play_str` accepts it).
    pub best_move: Option<String>,
    /// Faces to draw the move on the board (LOA: from, to).
    pub best_faces: Vec<FaceId>,
    /// For the player to move, 0..1.
    pub win_rate: f32,
    /// Share of the budget used, 0..1 (0 when the search has no limit).
    pub fraction: f32,
    pub elapsed: Duration,
    pub done: bool,
}

/// The engine's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// In the game's notation.
    pub best_move: String,
    pub best_faces: Vec<FaceId>,
    /// Estimated win rate for the player to move, 0..1 (1 or 0 when proven).
    pub win_rate: f32,
    /// Simulations run by this search (not counting reused ones).
    pub simulations: u64,
}

/// Why the engine could not produce a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("the player to move has no legal move")]
    NoLegalMove,
    #[error("the engine stopped unexpectedly: {0}")]
    Failed(String),
}

/// The game-specific parts of the search, on top of [`Rules`] (whose
/// [`Rules::playout`] is the playout policy).
pub trait Searchable: Rules {
    /// Whether the root looks for moves that let the opponent win at once.
    const BLOCK_CHECK: bool = true;
    /// Tables the simulation policy needs, built once per search.
    type Aux: Send + Sync;
    fn aux(&self, params: &Params) -> Self::Aux;
    /// One simulation from `pos` (left in any state): the reward for player 0
    /// in 0..1. By default the rules' own playout to the end of the game.
    fn simulate(
        &self,
        _aux: &Self::Aux,
        pos: &mut Self::Position,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<Self::Move>,
        _bytes: &mut Vec<u8>,
    ) -> f32 {
        tree::reward_for(self.playout(pos, rng), 0)
    }
}

impl Searchable for hex::Hex {
    type Aux = ();
    fn aux(&self, _: &Params) {}
}
impl Searchable for twixt::Twixt {
    /// The probability of a local reply.
    type Aux = f32;
    fn aux(&self, params: &Params) -> f32 {
        params.local_replies
    }
    fn simulate(
        &self,
        local: &f32,
        pos: &mut twixt::TwixtPosition,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<twixt::TwixtMove>,
        _bytes: &mut Vec<u8>,
    ) -> f32 {
        let w = if *local > 0.0 {
            self.local_playout(pos, rng, *local)
        } else {
            self.random_playout(pos, rng)
        };
        tree::reward_for(w, 0)
    }
}
impl Searchable for boco::Boco {
    type Aux = ();
    fn aux(&self, _: &Params) {}
}
impl Searchable for loa::Loa {
    type Aux = loa_eval::LoaEval;
    fn aux(&self, params: &Params) -> loa_eval::LoaEval {
        let mut e = loa_eval::LoaEval::new(self.board());
        e.cut = params.loa_cut;
        e
    }
    fn simulate(
        &self,
        aux: &loa_eval::LoaEval,
        pos: &mut loa::LoaPosition,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<loa::LoaMove>,
        bytes: &mut Vec<u8>,
    ) -> f32 {
        if aux.cut == 0 {
            return tree::reward_for(self.random_playout(pos, rng), 0);
        }
        aux.simulate(self, pos, rng, moves, bytes)
    }
}

/// Shared state between a search's worker threads and its handle.
#[derive(Default)]
pub struct Shared {
    stop: AtomicBool,
    sims: AtomicU64,
    progress: Mutex<Progress>,
    result: Mutex<Option<Result<SearchResult, EngineError>>>,
}

impl Shared {
    /// Ask the search to finish as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
    /// The latest progress snapshot.
    pub fn progress(&self) -> Progress {
        lock(&self.progress).clone()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Turns a move into notation and the faces to draw it on.
pub type Describe<'a, M> = &'a (dyn Fn(M) -> (String, Vec<FaceId>) + Sync);

/// Search `pos` with the trees in `trees` (re-rooted at `pos` when possible,
/// else replaced; one per thread), within `limits`, reporting to `shared`.
pub fn search<R: Searchable>(
    rules: &R,
    pos: &R::Position,
    trees: &mut Vec<Tree<R>>,
    config: &SearchConfig,
    limits: &SearchLimits,
    shared: &Shared,
    describe: Describe<'_, R::Move>,
) -> Result<SearchResult, EngineError> {
    let params = Params::default();
    search_with(rules, pos, trees, config, limits, &params, shared, describe)
}

/// [`search`] with explicit tuning parameters.
#[allow(clippy::too_many_arguments)]
pub fn search_with<R: Searchable>(
    rules: &R,
    pos: &R::Position,
    trees: &mut Vec<Tree<R>>,
    config: &SearchConfig,
    limits: &SearchLimits,
    params: &Params,
    shared: &Shared,
    describe: Describe<'_, R::Move>,
) -> Result<SearchResult, EngineError> {
    let start = Instant::now();
    if rules.result(pos).is_some() {
        let reason = rules
            .outcome(pos)
            .map(|o| o.reason)
            .unwrap_or_else(|| "no moves are left".into());
        return Err(EngineError::GameOver(reason));
    }
    let threads = config.threads.max(1);
    trees.truncate(threads);
    for t in trees.iter_mut() {
        if !t.reroot(rules, pos) {
            *t = Tree::new(rules, pos.clone()).ok_or(EngineError::NoLegalMove)?;
        }
    }
    while trees.len() < threads {
        trees.push(Tree::new(rules, pos.clone()).ok_or(EngineError::NoLegalMove)?);
    }
    shared.sims.store(0, Ordering::Relaxed);
    let aux = rules.aux(params);
    let run = |k: usize, tree: &mut Tree<R>| {
        let mut rng =
            ChaCha8Rng::seed_from_u64(config.seed.wrapping_add(k as u64 * 0x9e37_79b9_7f4a_7c15));
        let mut scratch = Scratch::default();
        tree.root_tactics(rules, &mut scratch, &mut rng);
        let mut last_report = Instant::now();
        let mut i: u64 = 0;
        loop {
            if shared.stopped() {
                break;
            }
            let done = shared.sims.fetch_add(1, Ordering::Relaxed);
            if limits.simulations.is_some_and(|n| done >= n) {
                break;
            }
            if !tree.simulate(rules, &aux, params, &mut scratch, &mut rng) {
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
                    let p = snapshot(&tree.root_stats(), shared, limits, start, describe, false);
                    *lock(&shared.progress) = p;
                }
            }
        }
    };
    if threads == 1 {
        run(0, &mut trees[0]);
    } else {
        std::thread::scope(|s| {
            for (k, t) in trees.iter_mut().enumerate() {
                let run = &run;
                s.spawn(move || run(k, t));
            }
        });
    }
    let stats = merge(trees);
    let sims = shared
        .sims
        .load(Ordering::Relaxed)
        .min(limits.simulations.unwrap_or(u64::MAX));
    shared.sims.store(sims, Ordering::Relaxed);
    let best = tree::best_of(&stats).ok_or(EngineError::NoLegalMove)?;
    let (best_move, best_faces) = describe(best.mv);
    let win_rate = best.rate();
    let p = snapshot(&stats, shared, limits, start, describe, true);
    *lock(&shared.progress) = p;
    Ok(SearchResult {
        best_move,
        best_faces,
        win_rate,
        simulations: sims,
    })
}

/// Root statistics of all trees, merged by move.
fn merge<R: Searchable>(trees: &[Tree<R>]) -> Vec<RootStat<R::Move>> {
    let mut all: Vec<RootStat<R::Move>> = Vec::new();
    for t in trees {
        for s in t.root_stats() {
            match all.iter_mut().find(|a| a.mv == s.mv) {
                Some(a) => {
                    a.visits += s.visits;
                    a.wins += s.wins;
                    if a.proof == tree::Proof::Unknown {
                        a.proof = s.proof;
                    }
                }
                None => all.push(s),
            }
        }
    }
    all.sort_by_key(|a| a.mv);
    all
}

fn snapshot<M: Copy + Ord>(
    stats: &[RootStat<M>],
    shared: &Shared,
    limits: &SearchLimits,
    start: Instant,
    describe: Describe<'_, M>,
    done: bool,
) -> Progress {
    let elapsed = start.elapsed();
    let sims = shared.sims.load(Ordering::Relaxed);
    let mut fraction: f32 = 0.0;
    if let Some(t) = limits.time {
        fraction = fraction.max(elapsed.as_secs_f32() / t.as_secs_f32().max(1e-6));
    }
    if let Some(n) = limits.simulations {
        fraction = fraction.max(sims as f32 / n.max(1) as f32);
    }
    let best = tree::best_of(stats);
    let (best_move, best_faces) = match best {
        Some(b) => {
            let (m, f) = describe(b.mv);
            (Some(m), f)
        }
        None => (None, Vec::new()),
    };
    Progress {
        simulations: sims,
        best_move,
        best_faces,
        win_rate: best.map_or(0.5, |b| b.rate()),
        fraction: if done { 1.0 } else { fraction.clamp(0.0, 1.0) },
        elapsed,
        done,
    }
}

/// A search of one typed position, made by [`DynGame::engine_job`].
pub trait Job: Send {
    /// Run the search; `cache` holds the trees of this engine's previous search
    /// (reused when they fit) and receives this search's trees.
    fn run(
        self: Box<Self>,
        cache: &mut Option<Box<dyn Any + Send>>,
        config: &SearchConfig,
        limits: &SearchLimits,
        params: &Params,
        shared: &Shared,
    ) -> Result<SearchResult, EngineError>;
}

/// The typed job behind [`Job`]: rules, position, and the notation and faces
/// of every legal move.
pub struct TypedJob<R: Rules> {
    pub rules: R,
    pub pos: R::Position,
    /// Identifies the board (trees are only reused on the same board).
    pub board_key: usize,
    /// Legal moves' notation → faces to draw them on.
    pub faces: Vec<(String, Vec<FaceId>)>,
}

struct Cache<R: Rules> {
    board_key: usize,
    trees: Vec<Tree<R>>,
}

impl<R: Searchable> Job for TypedJob<R> {
    fn run(
        self: Box<Self>,
        cache: &mut Option<Box<dyn Any + Send>>,
        config: &SearchConfig,
        limits: &SearchLimits,
        params: &Params,
        shared: &Shared,
    ) -> Result<SearchResult, EngineError> {
        let mut trees = match cache.take().and_then(|c| c.downcast::<Cache<R>>().ok()) {
            Some(c) if c.board_key == self.board_key => c.trees,
            _ => Vec::new(),
        };
        let TypedJob {
            rules,
            pos,
            board_key,
            mut faces,
        } = *self;
        faces.sort_by(|a, b| a.0.cmp(&b.0));
        let describe = |m: R::Move| {
            let text = rules.format_move(&pos, m);
            let f = faces
                .binary_search_by(|e| e.0.as_str().cmp(&text))
                .map(|i| faces[i].1.clone())
                .unwrap_or_default();
            (text, f)
        };
        let r = search_with(
            &rules, &pos, &mut trees, config, limits, params, shared, &describe,
        );
        *cache = Some(Box::new(Cache { board_key, trees }));
        r
    }
}

/// The computer player of one seat: searches on worker threads and keeps its
/// tree between moves for reuse.
pub struct DynEngine {
    config: SearchConfig,
    params: Params,
    cache: Arc<Mutex<Option<Box<dyn Any + Send>>>>,
    searches: u64,
}

impl DynEngine {
    pub fn new(config: SearchConfig) -> DynEngine {
        DynEngine::with_params(config, Params::default())
    }

    /// An engine with explicit tuning parameters (for experiments).
    pub fn with_params(config: SearchConfig, params: Params) -> DynEngine {
        DynEngine {
            config,
            params,
            cache: Arc::new(Mutex::new(None)),
            searches: 0,
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forget the kept tree (e.g. for a new game).
    pub fn clear(&mut self) {
        if let Ok(mut c) = self.cache.try_lock() {
            *c = None;
        }
    }

    /// Starts searching `game`'s current position on worker thread(s) and
    /// returns at once.
    pub fn start(
        &mut self,
        game: &dyn DynGame,
        limits: SearchLimits,
    ) -> Result<SearchHandle, EngineError> {
        if let Some(o) = game.outcome() {
            return Err(EngineError::GameOver(o.reason));
        }
        if game.legal_moves().is_empty() {
            return Err(EngineError::NoLegalMove);
        }
        let job = game.engine_job();
        let shared = Arc::new(Shared::default());
        let mut config = self.config;
        // A different seed for every search of this engine, reproducibly.
        config.seed = config
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x2545_f491_4f6c_dd1d));
        self.searches += 1;
        let cache = self.cache.clone();
        let params = self.params;
        let sh = shared.clone();
        let thread = std::thread::Builder::new()
            .name("boardwright-engine".into())
            .spawn(move || {
                let run = || {
                    // A search still running from a dropped handle keeps its
                    // trees; this one then starts afresh instead of waiting.
                    let mut slot = cache.try_lock().ok().and_then(|mut c| c.take());
                    let r = job.run(&mut slot, &config, &limits, &params, &sh);
                    *lock(&cache) = slot;
                    r
                };
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(
                    |e| {
                        let msg = e
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| e.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "a worker thread panicked".into());
                        Err(EngineError::Failed(msg))
                    },
                );
                lock(&sh.progress).done = true;
                *lock(&sh.result) = Some(r);
            })
            .map_err(|e| EngineError::Failed(format!("cannot start a worker thread: {e}")))?;
        Ok(SearchHandle {
            shared,
            thread: Some(thread),
        })
    }
}

/// A running search. Dropping it cancels the search without blocking.
pub struct SearchHandle {
    shared: Arc<Shared>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SearchHandle {
    /// The latest progress (cheap; callable every frame).
    pub fn progress(&self) -> Progress {
        self.shared.progress()
    }
    /// "Move now": finish as soon as possible; the result becomes available.
    pub fn stop(&self) {
        self.shared.stop();
    }
    /// The result once the search has finished; `None` while it runs. After
    /// `Some`, later calls return `None`.
    pub fn try_result(&mut self) -> Option<Result<SearchResult, EngineError>> {
        let r = lock(&self.shared.result).take();
        if r.is_some()
            && let Some(t) = self.thread.take()
        {
            let _ = t.join();
        }
        r
    }
    /// Block until the search ends and return its result.
    pub fn wait(mut self) -> Result<SearchResult, EngineError> {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        lock(&self.shared.result)
            .take()
            .unwrap_or_else(|| Err(EngineError::Failed("the result was already taken".into())))
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.shared.stop();
    }
}
