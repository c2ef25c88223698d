//! The computer player for the app and the command line: [`DynEngine`] searches
//! a [`DynGame`]'s current position on worker threads and hands back a
//! [`SearchHandle`] to poll, stop or wait for.
//!
//! Built on the registry's visitor: [`DynEngine::start`] picks the concrete
//! game once and runs the generic [`engine::search_with`] on it; the trees kept
//! between moves are held in the registry's [`AnyTrees`] enum, typed per game.
//! The engine's choice comes back as a [`MoveHandle`] of the searched position
//! (with its notation and faces for display), so the app plays it without
//! parsing anything.

use super::dynamic::DynGame;
use super::registry::{AnyTrees, GameVisitor, Registered, RulesKind, Trees};
use super::typed::{Game, MoveHandle};
use crate::engine::{
    self, EngineError, ParamError, SearchConfig, SearchLimits, Shared, apply_pairs, parse_pairs,
};
use crate::mesh::FaceId;
use crate::rules::{MoveFaces, Rules};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One root move of a search, as the app shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat {
    /// In the game's notation.
    pub text: String,
    /// Faces to draw it on (LOA: from, to).
    pub faces: Vec<FaceId>,
    /// Simulations through this move.
    pub visits: u64,
    /// For the player making it, 0..1.
    pub win_rate: f32,
}

/// What a search knows about the searched position, for any game: every root
/// move with its visits and win rate (most visited first) and the principal
/// variation (the faces of each of its moves, the player to move first, then
/// alternating). Bounded by [`engine::ROOT_MOVES_MAX`] and [`engine::PV_MAX`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootStats {
    pub moves: Vec<MoveStat>,
    pub pv: Vec<Vec<FaceId>>,
}

/// A snapshot of a running search, cheap to take every frame.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    pub simulations: u64,
    /// What the tree kept from earlier searches held about the position when
    /// this one began ([`engine::TreeInfo::reused`]).
    pub reused: u64,
    /// The best move so far, playable while the searched position is current.
    pub best: Option<MoveHandle>,
    /// Its notation (`DynGame::play_str` accepts it).
    pub best_move: Option<String>,
    /// Faces to draw it on the board (LOA: from, to).
    pub best_faces: Vec<FaceId>,
    /// The root moves' statistics and the principal variation.
    pub root: RootStats,
    /// For the player to move, 0..1.
    pub win_rate: f32,
    /// Whether `win_rate` is proven (as [`SearchResult::proven`]).
    pub proven: bool,
    /// Share of the budget used, 0..1 (0 when the search has no limit).
    pub fraction: f32,
    pub elapsed: Duration,
    pub done: bool,
}

/// The engine's choice.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move, for [`DynGame::play`] on the searched position.
    pub best: MoveHandle,
    /// In the game's notation.
    pub best_move: String,
    pub best_faces: Vec<FaceId>,
    /// Estimated win rate for the player to move, 0..1 (1 or 0 when proven).
    pub win_rate: f32,
    /// Whether `win_rate` is proven (1 a win, 0 a loss, ½ a draw with best
    /// play), not estimated.
    pub proven: bool,
    /// Simulations run by this search (not counting reused ones).
    pub simulations: u64,
    /// The search trees' size at the end.
    pub tree: engine::TreeInfo,
}

/// Tuning of an engine: the generic search parameters and the game's own
/// settings by name (checked against the game when parsed).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineParams {
    /// The user's `name=value` pairs, applied over the game's defaults.
    pairs: Vec<(String, f64)>,
}

impl EngineParams {
    /// Parse `name=value` pairs (`explore=0.6,local=0.5`) for games of `kind`:
    /// the search's own (`explore`, `expand`, `nodes`) and the game's settings
    /// (TwixT `local`, LOA `cut`), each checked against its range and against
    /// what the game's search has ([`engine::apply_pairs`]).
    pub fn parse(text: &str, kind: RulesKind) -> Result<EngineParams, ParamError> {
        let pairs = parse_pairs(text)?;
        (kind.entry().check_params)(&pairs)?;
        Ok(EngineParams { pairs })
    }

    /// The `name=value` pairs as given, applied over the game's defaults.
    pub fn pairs(&self) -> &[(String, f64)] {
        &self.pairs
    }
}

/// What a running search reports, whatever the game.
trait Watch: Send + Sync {
    fn progress(&self) -> Progress;
    fn stop(&self);
    fn take_result(&self) -> Option<Result<SearchResult, EngineError>>;
    fn finish(&self, result: Result<SearchResult, EngineError>);
}

/// The typed side of a search: its shared state and the legal moves of the
/// searched position with their handles, notation and faces.
struct Report<R: Rules> {
    shared: Shared<R::Move>,
    rules: R,
    pos: R::Position,
    moves: Vec<(R::Move, MoveHandle, String, MoveFaces)>,
    /// Index into `moves` by move.
    index: std::collections::BTreeMap<R::Move, usize>,
    result: Mutex<Option<Result<SearchResult, EngineError>>>,
}

impl<R: Rules> Report<R> {
    fn describe(&self, m: R::Move) -> Option<(MoveHandle, String, Vec<FaceId>)> {
        let e = &self.moves[*self.index.get(&m)?];
        Some((e.1, e.2.clone(), e.3.faces().collect()))
    }

    /// The engine's root statistics in the game's terms.
    fn root(&self, r: &engine::RootStats<R::Move>) -> RootStats {
        let moves = r
            .moves
            .iter()
            .filter_map(|&(m, visits, win_rate)| {
                let e = &self.moves[*self.index.get(&m)?];
                Some(MoveStat {
                    text: e.2.clone(),
                    faces: e.3.faces().collect(),
                    visits,
                    win_rate,
                })
            })
            .collect();
        let mut pos = self.pos.clone();
        let mut pv = Vec::with_capacity(r.pv.len());
        for &m in &r.pv {
            if self.rules.result(&pos).is_some() {
                break;
            }
            pv.push(self.rules.move_faces(&pos, m).faces().collect());
            self.rules.apply(&mut pos, m);
        }
        RootStats { moves, pv }
    }

    fn result(
        &self,
        r: Result<engine::SearchResult<R::Move>, EngineError>,
    ) -> Result<SearchResult, EngineError> {
        let r = r?;
        let (best, best_move, best_faces) = self.describe(r.best).ok_or_else(|| {
            EngineError::Failed("the engine chose a move that is not legal here".into())
        })?;
        Ok(SearchResult {
            best,
            best_move,
            best_faces,
            win_rate: r.win_rate,
            proven: r.proven,
            simulations: r.simulations,
            tree: r.tree,
        })
    }
}

impl<R: Rules> Watch for Report<R> {
    fn progress(&self) -> Progress {
        let p = self.shared.progress();
        let best = p.best.and_then(|m| self.describe(m));
        let (best, best_move, best_faces) = match best {
            Some((h, t, f)) => (Some(h), Some(t), f),
            None => (None, None, Vec::new()),
        };
        Progress {
            simulations: p.simulations,
            reused: p.reused,
            best,
            best_move,
            best_faces,
            root: self.root(&p.root),
            win_rate: p.win_rate,
            proven: p.proven,
            fraction: p.fraction,
            elapsed: p.elapsed,
            done: p.done,
        }
    }
    fn stop(&self) {
        self.shared.stop();
    }
    fn take_result(&self) -> Option<Result<SearchResult, EngineError>> {
        lock(&self.result).take()
    }
    fn finish(&self, result: Result<SearchResult, EngineError>) {
        self.shared.finish();
        *lock(&self.result) = Some(result);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The computer player of one seat: searches on worker threads and keeps its
/// trees between moves for reuse.
pub struct DynEngine {
    config: SearchConfig,
    params: EngineParams,
    cache: Arc<Mutex<AnyTrees>>,
    searches: u64,
}

impl DynEngine {
    pub fn new(config: SearchConfig) -> DynEngine {
        DynEngine::with_params(config, EngineParams::default())
    }

    /// An engine with explicit tuning parameters (for experiments).
    pub fn with_params(config: SearchConfig, params: EngineParams) -> DynEngine {
        DynEngine {
            config,
            params,
            cache: Arc::new(Mutex::new(AnyTrees::None)),
            searches: 0,
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forget the kept trees (e.g. for a new game).
    pub fn clear(&mut self) {
        if let Ok(mut c) = self.cache.try_lock() {
            *c = AnyTrees::None;
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
        if game.legal_handles().is_empty() {
            return Err(EngineError::NoLegalMove);
        }
        let mut config = self.config;
        // A different seed for every search of this engine, reproducibly.
        config.seed = config
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x2545_f491_4f6c_dd1d));
        self.searches += 1;
        game.as_any().visit(Start {
            config,
            limits,
            params: &self.params,
            cache: &self.cache,
        })
    }
}

/// The visitor that starts a search of one concrete game.
struct Start<'a> {
    config: SearchConfig,
    limits: SearchLimits,
    params: &'a EngineParams,
    cache: &'a Arc<Mutex<AnyTrees>>,
}

impl GameVisitor for Start<'_> {
    type Output = Result<SearchHandle, EngineError>;

    fn visit<R: Registered>(self, game: &Game<R>) -> Self::Output {
        let (mut params, mut settings) = engine::game_params::<R>();
        apply_pairs::<R, _>(&self.params.pairs, &mut params, &mut settings)?;
        let rules = game.rules().clone();
        let pos = game.position().clone();
        let board_key =
            (Arc::as_ptr(game.board()) as usize).wrapping_mul(2) + game.options().swap as usize;
        let moves = game
            .legal()
            .iter()
            .map(|&(m, faces)| {
                let h = game.handle_of(m).expect("a legal move has a handle");
                (m, h, rules.format_move(&pos, m), faces)
            })
            .collect();
        let moves: Vec<(R::Move, MoveHandle, String, MoveFaces)> = moves;
        let index = moves.iter().enumerate().map(|(i, e)| (e.0, i)).collect();
        let report = Arc::new(Report::<R> {
            shared: Shared::default(),
            rules: rules.clone(),
            pos: pos.clone(),
            moves,
            index,
            result: Mutex::new(None),
        });
        let (config, limits, cache) = (self.config, self.limits, self.cache.clone());
        let r = report.clone();
        let thread = std::thread::Builder::new()
            .name("boardwright-engine".into())
            .spawn(move || {
                let run = || {
                    // A search still running from a dropped handle keeps its
                    // trees; this one then starts afresh instead of waiting.
                    let kept = cache
                        .try_lock()
                        .ok()
                        .map(|mut c| std::mem::take(&mut *c))
                        .and_then(R::unwrap_trees)
                        .filter(|t| t.board_key == board_key);
                    let mut tree = kept.and_then(|t| t.tree);
                    let result = engine::search_with(
                        &rules, &pos, &mut tree, &config, &limits, &params, &settings, &r.shared,
                    );
                    *lock(&cache) = R::wrap_trees(Trees { board_key, tree });
                    r.result(result)
                };
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
                    .unwrap_or_else(|e| {
                        let msg = e
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| e.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "a worker thread panicked".into());
                        Err(EngineError::Failed(msg))
                    });
                r.finish(result);
            })
            .map_err(|e| EngineError::Failed(format!("cannot start a worker thread: {e}")))?;
        Ok(SearchHandle {
            watch: report,
            thread: Some(thread),
        })
    }
}

/// A running search. Dropping it cancels the search without blocking.
pub struct SearchHandle {
    watch: Arc<dyn Watch>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SearchHandle {
    /// The latest progress (cheap; callable every frame).
    pub fn progress(&self) -> Progress {
        self.watch.progress()
    }
    /// "Move now": finish as soon as possible; the result becomes available.
    pub fn stop(&self) {
        self.watch.stop();
    }
    /// The result once the search has finished; `None` while it runs. After
    /// `Some`, later calls return `None`.
    pub fn try_result(&mut self) -> Option<Result<SearchResult, EngineError>> {
        let r = self.watch.take_result();
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
        self.watch
            .take_result()
            .unwrap_or_else(|| Err(EngineError::Failed("the result was already taken".into())))
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.watch.stop();
    }
}

/// A count with its digits grouped in threes, as the computer's panel and
/// `selfplay` show simulations: 1234567 → "1 234 567".
pub fn group_digits(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::group_digits;

    #[test]
    fn digits_are_grouped_in_threes() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1 000");
        assert_eq!(group_digits(1234567), "1 234 567");
    }
}
