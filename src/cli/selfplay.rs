//! `boardwright selfplay`: the engine plays whole games against a second engine
//! or a uniformly random player, alternating seats, and reports the score per
//! seat with a 95% confidence interval.
//!
//! **Openings** (`--openings all-1ply|FILE`): games 2k−1 and 2k start from the
//! same opening moves with the seats swapped, as Benzene's tournament scripts
//! (and `tests/reference/gtp_match.py`) do, so a lopsided opening cancels out
//! within the pair and the games that strength decides are the balanced ones.
//!
//! **Jobs** (`--jobs N`): games run N at a time, each on its own worker (by
//! default as many as the cores hold engines of the threads asked for). Game
//! `k`'s seeds and opening depend on `k` only and the results are counted in
//! game order, so with `--sims` the summary is the same for any `--jobs`.
//!
//! **Records** (`--record DIR`): each game is saved as a RON game record,
//! `DIR/game-000001.ron` for the first game and so on, as it ends.

use super::play::{GameArgs, split_moves};
use super::{CliFailure, print_out};
use crate::engine::{SearchConfig, SearchLimits};
use crate::game::engine::group_digits;
use crate::game::{DynEngine, DynGame, EngineParams, MoveHandle};
use crate::rules::Player;
use clap::{Args, ValueEnum};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Opponent {
    /// A second engine (its own --opponent-threads and --opponent-time).
    Engine,
    /// A player choosing uniformly among the legal moves.
    Random,
}

/// Play engine games and print the results per seat.
#[derive(Debug, Args)]
pub struct SelfplayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Number of games (1–100000); seats alternate (the engine moves first in game 1, 3, …).
    #[arg(long, default_value_t = 10, value_parser = super::count_in(1, MAX_GAMES))]
    pub games: u32,
    /// Seconds per move of the engine under test (0.001–3600).
    #[arg(long, default_value_t = 0.1, value_parser = super::seconds_in(0.001, super::MAX_SECONDS))]
    pub time: f64,
    /// Simulations per move instead of time (1–100000000; deterministic with one thread).
    #[arg(long, conflicts_with = "time", value_parser = super::count_in(1, MAX_SIMS))]
    pub sims: Option<u64>,
    /// Worker threads of the engine under test (1–64).
    #[arg(long, default_value_t = 1, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub threads: usize,
    /// The opponent: a second engine or a random player.
    #[arg(long = "vs", value_enum, default_value_t = Opponent::Engine)]
    pub vs: Opponent,
    /// Worker threads of the opponent engine (1–64).
    #[arg(long, default_value_t = 1, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub opponent_threads: usize,
    /// Seconds per move of the opponent engine (default: --time; 0.001–3600).
    #[arg(long, value_parser = super::seconds_in(0.001, super::MAX_SECONDS))]
    pub opponent_time: Option<f64>,
    /// Tuning parameters of the engine under test, e.g. "explore=0.6,local=0.5,cut=6".
    #[arg(long, default_value = "")]
    pub params: String,
    /// Tuning parameters of the opponent engine.
    #[arg(long, default_value = "")]
    pub opponent_params: String,
    /// Seed of the first game (each game adds one).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games longer than this many plies are scored as draws (1–100000).
    #[arg(long, default_value_t = 1000, value_parser = super::count_in(1, MAX_PLIES))]
    pub max_plies: usize,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Print one line per finished game on standard error.
    #[arg(long)]
    pub verbose: bool,
    /// Opening moves the games start from: `none`, `all-1ply` (every legal
    /// first move) or a file with one opening per line (moves separated by
    /// spaces, `#` comments). Each opening is played twice, once with each
    /// seat; the order is shuffled by --seed.
    #[arg(long, default_value = "none")]
    pub openings: String,
    /// Games played at once, one per worker (1–64; default: the cores
    /// divided by the larger of --threads and --opponent-threads).
    #[arg(long, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub jobs: Option<usize>,
    /// The engine under test thinks on the opponent's time (pondering): while
    /// the opponent engine searches, it searches the same position, and keeps
    /// that tree for its own next move. It then uses --threads more cores
    /// while the opponent thinks, so --jobs counts both engines' threads; the
    /// games depend on timing even with --sims.
    #[arg(long)]
    pub ponder: bool,
    /// Save every game as a game record in this folder (created if
    /// missing): `game-000001.ron`, … by game number, the engine under test
    /// and its opponent named as the seats' players. Refused if one of those
    /// files exists already. For the app, `learn-patterns` or `learn-eval`.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

/// Most games one `selfplay` run plays.
pub const MAX_GAMES: u32 = 100_000;
/// Most simulations per move.
pub const MAX_SIMS: u64 = 100_000_000;
/// Longest game before it is scored as a draw.
pub const MAX_PLIES: usize = 100_000;

/// Wins, losses and draws of the engine under test in one seat.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct SeatScore {
    pub seat: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// (wins + draws/2) / games.
    pub score: f64,
    /// Wilson 95% interval of the score.
    pub ci95: [f64; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub rules: String,
    pub board: String,
    pub engine: String,
    pub opponent: String,
    pub seats: Vec<SeatScore>,
    pub total: SeatScore,
    pub mean_plies: f64,
    /// How the engine under test searched: its moves, simulations and time.
    pub engine_search: SearchTally,
    /// The same for the opponent engine (absent against a random player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent_search: Option<SearchTally>,
    /// With openings: how many there were and how the engine did in each
    /// pair of games that shared one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub openings: Option<OpeningPairs>,
}

/// What one side's searches added up to over every game: how many moves it
/// searched, the simulations they ran (not counting those of a tree kept from
/// the move before) and the wall-clock time they took, and their means per
/// move. It shows what a budget of time buys each side: two threads against
/// one, or a setting that slows the search.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq)]
pub struct SearchTally {
    pub moves: u64,
    pub simulations: u64,
    /// Simulations run while the opponent thought (`--ponder`), not counted
    /// in `simulations`.
    pub pondered: u64,
    /// Simulations the tree kept from earlier searches held about each
    /// searched position when its search began, added up (the engine's own
    /// last move; with `--ponder`, the opponent's time too).
    pub reused: u64,
    pub seconds: f64,
    pub simulations_per_move: f64,
    pub seconds_per_move: f64,
    pub simulations_per_second: f64,
}

impl SearchTally {
    fn add(&mut self, other: &SearchTally) {
        self.moves += other.moves;
        self.simulations += other.simulations;
        self.pondered += other.pondered;
        self.reused += other.reused;
        self.seconds += other.seconds;
    }
    fn finish(mut self) -> SearchTally {
        if self.moves > 0 {
            self.simulations_per_move = self.simulations as f64 / self.moves as f64;
            self.seconds_per_move = self.seconds / self.moves as f64;
        }
        if self.seconds > 0.0 {
            self.simulations_per_second = self.simulations as f64 / self.seconds;
        }
        self
    }
}

/// The engine's results over the pairs of games that shared an opening
/// (a pair is both seats of one opening; an odd last game makes no pair).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct OpeningPairs {
    /// What `--openings` named.
    pub source: String,
    /// Openings available.
    pub count: usize,
    /// Pairs the engine won both games of.
    pub both_won: u32,
    /// Pairs split one to one (or with draws).
    pub split: u32,
    /// Pairs the engine lost both games of.
    pub both_lost: u32,
}

pub use crate::analysis::wilson;

fn finish(mut s: SeatScore) -> SeatScore {
    let n = s.games as f64;
    let k = s.wins as f64 + s.draws as f64 / 2.0;
    s.score = if n > 0.0 { k / n } else { 0.0 };
    s.ci95 = wilson(k, n);
    s
}

fn limits(time: f64, sims: Option<u64>) -> SearchLimits {
    match sims {
        Some(n) => SearchLimits::simulations(n),
        None => SearchLimits::time(Duration::from_secs_f64(time)),
    }
}

/// One finished game: the engine's seat, the winner, the plies played and
/// how each engine searched.
struct GameResult {
    seat: Player,
    winner: Option<Player>,
    plies: usize,
    search: [SearchTally; 2],
}

/// Play the games and return the summary.
pub fn play_games(args: &SelfplayArgs) -> Result<Summary, CliFailure> {
    let opp_time = args.opponent_time.unwrap_or(args.time);
    let kind = args.game.rules;
    let params = EngineParams::parse(&args.params, kind)
        .map_err(|e| CliFailure::usage(format!("--params: {e}")))?;
    let opp_params = EngineParams::parse(&args.opponent_params, kind)
        .map_err(|e| CliFailure::usage(format!("--opponent-params: {e}")))?;
    if args.ponder && args.vs == Opponent::Random {
        return Err(CliFailure::new(
            "--ponder needs an opponent engine to think while it does (not --vs random)",
        ));
    }
    let start = args.game.make_game()?;
    if start.outcome().is_some() || start.legal_handles().is_empty() {
        return Err(CliFailure::new("the start position has no legal move"));
    }
    let openings = load_openings(&args.openings, start.as_ref(), args.seed)?;
    let names = start.player_names();
    let jobs = args.jobs.unwrap_or_else(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let per_game = match args.vs {
            Opponent::Engine if args.ponder => args.threads + args.opponent_threads,
            Opponent::Engine => args.threads.max(args.opponent_threads),
            Opponent::Random => args.threads,
        };
        (cores / per_game).max(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.min(args.games as usize))
        .thread_name(|i| format!("selfplay-{i}"))
        .build()
        .map_err(|e| CliFailure::new(format!("cannot start the game workers: {e}")))?;
    let record_path = |k: u32| {
        args.record
            .as_ref()
            .map(|dir| dir.join(format!("game-{:06}.ron", k + 1)))
    };
    if let Some(dir) = &args.record {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliFailure::new(format!("--record: cannot create {}: {e}", dir.display()))
        })?;
        if let Some(p) = (0..args.games).filter_map(record_path).find(|p| p.exists()) {
            return Err(CliFailure::new(format!(
                "--record: {} exists already; give a folder without earlier games",
                p.display()
            )));
        }
    }
    let budget = |t: f64, th: usize, p: &str| {
        let extra = if p.is_empty() {
            String::new()
        } else {
            format!(", {p}")
        };
        match args.sims {
            Some(n) => format!("{n} simulations/move, {th} thread(s){extra}"),
            None => format!("{t} s/move, {th} thread(s){extra}"),
        }
    };
    let mut engine_label = budget(args.time, args.threads, &args.params);
    if args.ponder {
        engine_label.push_str(", pondering");
    }
    let opponent_label = match args.vs {
        Opponent::Random => "random".to_string(),
        Opponent::Engine => budget(opp_time, args.opponent_threads, &args.opponent_params),
    };
    let progress = super::progress::Progress::counting(args.games as u64, "games");
    let play = |k: u32| -> Result<GameResult, CliFailure> {
        let seat: Player = (k % 2) as Player;
        let seed = args.seed.wrapping_add(k as u64);
        // Games 2k and 2k + 1 (numbered from 0) share opening k.
        let opening = openings
            .as_ref()
            .map(|list| &list[(k as usize / 2) % list.len()]);
        let mut g = match opening {
            Some((_, after)) => after.clone(),
            None => start.clone(),
        };
        let mut engine = DynEngine::with_params(
            SearchConfig {
                threads: args.threads,
                seed,
            },
            params.clone(),
        );
        let mut other = DynEngine::with_params(
            SearchConfig {
                threads: args.opponent_threads,
                seed: seed ^ 0xa5a5_5a5a_0f0f_f0f0,
            },
            opp_params.clone(),
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // The engine's and the opponent's searches.
        let mut search = [SearchTally::default(); 2];
        while g.outcome().is_none() && g.ply() < args.max_plies {
            let p = g.to_move().unwrap_or(0);
            let mv = if p == seat {
                engine_move(
                    &mut engine,
                    g.as_ref(),
                    limits(args.time, args.sims),
                    &mut search[0],
                )?
            } else {
                let ponder = if args.ponder {
                    Some(
                        engine
                            .start(g.as_ref(), SearchLimits::default())
                            .map_err(|e| CliFailure::new(format!("engine: {e}")))?,
                    )
                } else {
                    None
                };
                let mv = match args.vs {
                    Opponent::Engine => engine_move(
                        &mut other,
                        g.as_ref(),
                        limits(opp_time, args.sims),
                        &mut search[1],
                    )?,
                    Opponent::Random => {
                        let legal = g.legal_handles();
                        legal[rng.random_range(0..legal.len())]
                    }
                };
                if let Some(h) = ponder {
                    h.stop();
                    // Waited for, so that its tree is kept for the next move.
                    let r = h
                        .wait()
                        .map_err(|e| CliFailure::new(format!("engine: {e}")))?;
                    search[0].pondered += r.simulations;
                }
                mv
            };
            if let Err(e) = g.play(mv) {
                let text = g.move_text(mv).unwrap_or_default();
                return Err(CliFailure::new(format!("move '{text}' refused: {e}")));
            }
        }
        let winner = g.outcome().and_then(|o| o.winner);
        if let Some(path) = record_path(k) {
            let mut players = [
                format!("opponent ({opponent_label})"),
                format!("opponent ({opponent_label})"),
            ];
            players[seat as usize] = format!("engine ({engine_label})");
            g.set_players(players);
            crate::io::atomic::write_atomic(
                &path,
                crate::game::record::save_record(g.as_ref()).as_bytes(),
            )
            .map_err(|e| {
                CliFailure::new(format!("--record: cannot write {}: {e}", path.display()))
            })?;
        }
        progress.advance();
        if args.verbose {
            let from = opening.map_or(String::new(), |(text, _)| format!(" from {text}"));
            progress.note(&format!(
                "game {}: engine as {}{from}, {} after {} plies",
                k + 1,
                names[seat as usize],
                match winner {
                    Some(w) if w == seat => "engine won",
                    Some(_) => "engine lost",
                    None => "draw",
                },
                g.ply()
            ));
        }
        Ok(GameResult {
            seat,
            winner,
            plies: g.ply(),
            search,
        })
    };
    let results: Vec<GameResult> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(play)
            .collect::<Result<Vec<_>, _>>()
    })?;

    let mut seats: [SeatScore; 2] = [0, 1].map(|p| SeatScore {
        seat: names[p].to_string(),
        ..Default::default()
    });
    // The engine's score of each game (1, ½, 0), in game order.
    let mut scores = Vec::with_capacity(results.len());
    for r in &results {
        let s = &mut seats[r.seat as usize];
        s.games += 1;
        scores.push(match r.winner {
            Some(w) if w == r.seat => {
                s.wins += 1;
                2
            }
            Some(_) => {
                s.losses += 1;
                0
            }
            None => {
                s.draws += 1;
                1
            }
        });
    }
    let plies_total: usize = results.iter().map(|r| r.plies).sum();
    let mut search = [SearchTally::default(); 2];
    for r in &results {
        for (total, game) in search.iter_mut().zip(&r.search) {
            total.add(game);
        }
    }
    let mut total = SeatScore {
        seat: "both".into(),
        ..Default::default()
    };
    for s in &seats {
        total.games += s.games;
        total.wins += s.wins;
        total.losses += s.losses;
        total.draws += s.draws;
    }
    let openings = openings.map(|list| {
        let mut pairs = OpeningPairs {
            source: args.openings.clone(),
            count: list.len(),
            ..Default::default()
        };
        for pair in scores.chunks_exact(2) {
            match pair[0] + pair[1] {
                4 => pairs.both_won += 1,
                0 => pairs.both_lost += 1,
                _ => pairs.split += 1,
            }
        }
        pairs
    });
    Ok(Summary {
        rules: args.game.rules.name().into(),
        board: start.board().meta().name.clone(),
        engine: engine_label,
        opponent: opponent_label,
        seats: seats.into_iter().map(finish).collect(),
        total: finish(total),
        mean_plies: plies_total as f64 / args.games as f64,
        engine_search: search[0].finish(),
        opponent_search: match args.vs {
            Opponent::Engine => Some(search[1].finish()),
            Opponent::Random => None,
        },
        openings,
    })
}

/// An opening: its moves as text, and the game after them.
type Opening = (String, Box<dyn DynGame>);

/// The openings `spec` names (`none`, `all-1ply` or a file), each with the
/// position it leads to, in an order shuffled by `seed`; `None` for `none`.
fn load_openings(
    spec: &str,
    start: &dyn DynGame,
    seed: u64,
) -> Result<Option<Vec<Opening>>, CliFailure> {
    let mut list: Vec<Opening> = match spec {
        "none" => return Ok(None),
        "all-1ply" => start
            .legal_handles()
            .into_iter()
            .map(|m| {
                let mut g = start.clone_box();
                let text = g
                    .play(m)
                    .map_err(|e| CliFailure::new(format!("--openings all-1ply: {e}")))?;
                Ok((text, g))
            })
            .collect::<Result<_, CliFailure>>()?,
        path => {
            let path = PathBuf::from(path);
            let text = std::fs::read_to_string(&path).map_err(|e| {
                CliFailure::new(format!("--openings: cannot read {}: {e}", path.display()))
            })?;
            parse_openings(&text, start)
                .map_err(|e| CliFailure::new(format!("{}: {e}", path.display())))?
        }
    };
    list.retain(|(_, g)| g.outcome().is_none());
    if list.is_empty() {
        return Err(CliFailure::new(format!(
            "--openings {spec}: every opening ends the game"
        )));
    }
    // Fisher–Yates written out over ChaCha8, so that the openings a seed
    // picks (README's measurements name seeds) do not change with rand's
    // own shuffle.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..list.len()).rev() {
        let j = rng.random_range(0..=i);
        list.swap(i, j);
    }
    Ok(Some(list))
}

/// An openings file: one opening per line, moves in the game's notation
/// separated by spaces or commas (as `play --moves`); `#` starts a comment. Every move must be
/// legal, and no opening may end the game.
fn parse_openings(text: &str, start: &dyn DynGame) -> Result<Vec<Opening>, String> {
    let mut list = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut g = start.clone_box();
        let mut played = Vec::new();
        for word in split_moves(line) {
            let refused = |why: String| format!("line {}: move '{word}' refused: {why}", i + 1);
            let m = g.parse_move(word).map_err(|e| refused(e.to_string()))?;
            played.push(g.play(m).map_err(|e| refused(e.to_string()))?);
        }
        if g.outcome().is_some() {
            return Err(format!("line {}: opening '{line}' ends the game", i + 1));
        }
        list.push((played.join(" "), g));
    }
    if list.is_empty() {
        return Err("no openings in the file".into());
    }
    Ok(list)
}

/// The engine's move in `g`, its search added to `tally`.
fn engine_move(
    engine: &mut DynEngine,
    g: &dyn DynGame,
    limits: SearchLimits,
    tally: &mut SearchTally,
) -> Result<MoveHandle, CliFailure> {
    let start = Instant::now();
    let r = engine
        .start(g, limits)
        .and_then(|h| h.wait())
        .map_err(|e| CliFailure::new(format!("engine: {e}")))?;
    tally.add(&SearchTally {
        moves: 1,
        simulations: r.simulations,
        reused: r.tree.reused,
        seconds: start.elapsed().as_secs_f64(),
        ..Default::default()
    });
    Ok(r.best)
}

/// One side's search figures as text: "17 412 simulations/move, 0.201 s/move,
/// 86 627 simulations/s (3 120 moves)".
fn render_search(t: &SearchTally) -> String {
    let per_move = |n: u64| group_digits((n as f64 / t.moves.max(1) as f64).round() as u64);
    let pondered = if t.pondered > 0 {
        format!(
            "; on the opponent's time {} simulations/move, {} kept/move",
            per_move(t.pondered),
            per_move(t.reused)
        )
    } else {
        String::new()
    };
    format!(
        "{} simulations/move, {:.3} s/move, {} simulations/s ({} moves){pondered}",
        group_digits(t.simulations_per_move.round() as u64),
        t.seconds_per_move,
        group_digits(t.simulations_per_second.round() as u64),
        group_digits(t.moves)
    )
}

/// The summary as text.
pub fn render(s: &Summary) -> String {
    let mut out = format!(
        "{} on {}: engine ({}) vs {}\n",
        s.rules,
        if s.board.is_empty() {
            "a custom board"
        } else {
            &s.board
        },
        s.engine,
        s.opponent
    );
    for seat in s.seats.iter().chain(std::iter::once(&s.total)) {
        out.push_str(&format!(
            "engine as {:<6} {:>4} games: {:>4} wins {:>4} losses {:>4} draws  score {:5.1}%  95% CI {:5.1}–{:5.1}%\n",
            seat.seat,
            seat.games,
            seat.wins,
            seat.losses,
            seat.draws,
            seat.score * 100.0,
            seat.ci95[0] * 100.0,
            seat.ci95[1] * 100.0
        ));
    }
    out.push_str(&format!("mean game length {:.1} plies\n", s.mean_plies));
    out.push_str(&format!("engine: {}\n", render_search(&s.engine_search)));
    if let Some(t) = &s.opponent_search {
        out.push_str(&format!("opponent: {}\n", render_search(t)));
    }
    if let Some(o) = &s.openings {
        out.push_str(&format!(
            "openings: {} ({}), each played with both seats; pairs won both {}, split {}, lost both {}\n",
            o.count, o.source, o.both_won, o.split, o.both_lost
        ));
    }
    out
}

pub fn run(args: SelfplayArgs) -> Result<(), CliFailure> {
    let s = play_games(&args)?;
    if args.json {
        let text = serde_json::to_string(&s)
            .map_err(|e| CliFailure::new(format!("cannot write JSON: {e}")))?;
        print_out(&(text + "\n"))
    } else {
        print_out(&render(&s))
    }
}
