//! `boardwright selfplay`: the engine plays whole games against a second engine
//! or a uniformly random player, alternating seats, and reports the score per
//! seat with a 95% confidence interval.

use super::play::GameArgs;
use super::{CliFailure, print_out};
use crate::engine::{SearchConfig, SearchLimits};
use crate::game::{DynEngine, DynGame, EngineParams, MoveHandle};
use crate::rules::Player;
use clap::{Args, ValueEnum};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Duration;

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

/// Play the games and return the summary.
pub fn play_games(args: &SelfplayArgs) -> Result<Summary, CliFailure> {
    let opp_time = args.opponent_time.unwrap_or(args.time);
    let kind = args.game.rules;
    let params = EngineParams::parse(&args.params, kind)
        .map_err(|e| CliFailure::new(format!("--params: {e}")))?;
    let opp_params = EngineParams::parse(&args.opponent_params, kind)
        .map_err(|e| CliFailure::new(format!("--opponent-params: {e}")))?;
    let start = args.game.make_game()?;
    if start.outcome().is_some() || start.legal_handles().is_empty() {
        return Err(CliFailure::new("the start position has no legal move"));
    }
    let names = start.player_names();
    let mut seats: [SeatScore; 2] = [0, 1].map(|p| SeatScore {
        seat: names[p].to_string(),
        ..Default::default()
    });
    let mut plies_total = 0usize;
    let progress = super::progress::Progress::counting(args.games as u64, "games");
    for k in 0..args.games {
        let seat: Player = (k % 2) as Player;
        let seed = args.seed.wrapping_add(k as u64);
        let mut g = start.clone();
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
        while g.outcome().is_none() && g.ply() < args.max_plies {
            let p = g.to_move().unwrap_or(0);
            let mv = if p == seat {
                engine_move(&mut engine, g.as_ref(), limits(args.time, args.sims))?
            } else {
                match args.vs {
                    Opponent::Engine => {
                        engine_move(&mut other, g.as_ref(), limits(opp_time, args.sims))?
                    }
                    Opponent::Random => {
                        let legal = g.legal_handles();
                        legal[rng.random_range(0..legal.len())]
                    }
                }
            };
            if let Err(e) = g.play(mv) {
                let text = g.move_text(mv).unwrap_or_default();
                return Err(CliFailure::new(format!("move '{text}' refused: {e}")));
            }
        }
        plies_total += g.ply();
        let s = &mut seats[seat as usize];
        s.games += 1;
        let winner = g.outcome().and_then(|o| o.winner);
        match winner {
            Some(w) if w == seat => s.wins += 1,
            Some(_) => s.losses += 1,
            None => s.draws += 1,
        }
        progress.advance();
        if args.verbose {
            progress.note(&format!(
                "game {}: engine as {}, {} after {} plies",
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
    Ok(Summary {
        rules: args.game.rules.name().into(),
        board: start.board().meta().name.clone(),
        engine: budget(args.time, args.threads, &args.params),
        opponent: match args.vs {
            Opponent::Random => "random".into(),
            Opponent::Engine => budget(opp_time, args.opponent_threads, &args.opponent_params),
        },
        seats: seats.into_iter().map(finish).collect(),
        total: finish(total),
        mean_plies: plies_total as f64 / args.games as f64,
    })
}

fn engine_move(
    engine: &mut DynEngine,
    g: &dyn DynGame,
    limits: SearchLimits,
) -> Result<MoveHandle, CliFailure> {
    let r = engine
        .start(g, limits)
        .and_then(|h| h.wait())
        .map_err(|e| CliFailure::new(format!("engine: {e}")))?;
    Ok(r.best)
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
