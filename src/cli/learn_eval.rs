//! `boardwright learn-eval GAMES…`: fit the weights of Lines of Action's
//! playout evaluation ([`crate::rules::loa_eval`]) to game records (SGF or
//! RON; folders and their subfolders are searched for `.sgf` and `.ron`
//! files), and print them as `--params` for `selfplay`, `gtp` and `bench`.
//!
//! Every position of every finished game is sampled as the search samples
//! it: `cut` random plies, then the evaluation's terms. The weights are then
//! fitted (logistic regression, at the logistic scale the evaluation was
//! written with, [`SCALE`]) so that the evaluation foretells who won the
//! game the position came from; drawn and unfinished games are left out.
//! Every `--hold-out`th game is left out of the fit and measures it: the log
//! loss and the share of winners foreseen, with the starting weights and
//! with the fitted ones. The games are read and sampled on every core.
//!
//! Fitted to the searched value of each position instead (a search of 2,000
//! simulations), the weights came out flatter and lost (README, Engine →
//! Stage 19), so the winner is the only target.

use super::learn_patterns::{game_files, replay_whole};
use super::{CliFailure, print_out};
use crate::engine::{apply_pairs, game_params, parse_pairs};
use crate::game::AnyGame;
use crate::rules::Rules;
use crate::rules::loa::Loa;
use crate::rules::loa_eval::{SCALE, TERMS, TermSample, fit_weights, log_loss};
use crate::rules::search::Searchable;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct LearnEvalArgs {
    /// Lines of Action game records (.sgf, .ron) or folders of them (subfolders included).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// The settings to sample with and start the fit from, as the engine's
    /// --params (`cut` and the weights `groups`, `conc`, `centre`, `quads`,
    /// `tempo`, `mobility`, `blocking`), over LOA's search defaults.
    #[arg(long, default_value = "")]
    pub params: String,
    /// Random samples per position (1–64).
    #[arg(long, default_value_t = 4, value_parser = super::count_in(1usize, 64))]
    pub samples: usize,
    /// Leave every Nth game out of the fit, to measure it (2–1000).
    #[arg(long, default_value_t = 5, value_parser = super::count_in(2usize, 1000))]
    pub hold_out: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Ridge penalty of the fit: small beside the hundreds of thousands of
/// samples a few thousand games give, it only keeps a term that never
/// varies from drifting.
const L2: f64 = 1.0;

pub fn run(args: LearnEvalArgs) -> Result<(), CliFailure> {
    let pairs =
        parse_pairs(&args.params).map_err(|e| CliFailure::usage(format!("--params: {e}")))?;
    if let Some((name, _)) = pairs
        .iter()
        .find(|(name, _)| name != "cut" && !TERMS.contains(&name.as_str()))
    {
        return Err(CliFailure::usage(format!(
            "--params: learn-eval samples with cut and starts from the weights {}; {name} does nothing here",
            TERMS.join(", ")
        )));
    }
    let (mut params, mut settings) = game_params::<Loa>();
    apply_pairs::<Loa, _>(&pairs, &mut params, &mut settings)
        .map_err(|e| CliFailure::usage(format!("--params: {e}")))?;
    if settings.cut == 0 {
        return Err(CliFailure::usage(
            "--params: cut=0 plays out to the end; the evaluation has nothing to fit",
        ));
    }
    let files = game_files(&args.games)?;
    let games: Vec<Option<Sampled>> = files
        .par_iter()
        .enumerate()
        .map(|(k, path)| sample_game(path, k, &args, &settings))
        .collect::<Result<_, _>>()?;
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    let (mut used, mut left_out, mut positions) = (0usize, 0usize, 0usize);
    for game in games {
        let Some(game) = game else {
            left_out += 1;
            continue;
        };
        let into = if used % args.hold_out == args.hold_out - 1 {
            &mut held
        } else {
            &mut fit
        };
        into.extend(game.samples);
        used += 1;
        positions += game.positions;
    }
    if used == 0 {
        return Err(CliFailure::new(format!(
            "none of the {} games has a winner to learn from",
            files.len()
        )));
    }
    let start = settings.weights();
    if fit.is_empty() || held.is_empty() {
        return Err(CliFailure::new(format!(
            "{used} finished game(s) are too few to fit and to hold one game in {} out; give more games or a smaller --hold-out",
            args.hold_out
        )));
    }
    let fitted = fit_weights(&fit, SCALE, L2);
    let (loss0, right0) = log_loss(&held, &start, SCALE);
    let (loss1, right1) = log_loss(&held, &fitted, SCALE);
    let mut out = String::new();
    let held_games = used / args.hold_out;
    let _ = writeln!(
        out,
        "{used} games ({} fitted, {held_games} held out; {left_out} drawn or unfinished left out), {positions} positions, {} samples each ({} samples)",
        used - held_games,
        args.samples,
        fit.len() + held.len(),
    );
    let _ = writeln!(out, "{:<10} {:>8} {:>8}", "term", "start", "fitted");
    for (i, name) in TERMS.iter().enumerate() {
        let _ = writeln!(out, "{name:<10} {:>8.3} {:>8.3}", start[i], fitted[i]);
    }
    let _ = writeln!(
        out,
        "held-out games: log loss {loss0:.4} → {loss1:.4} (a coin's: 0.6931), winner foreseen {:.1} % → {:.1} %",
        100.0 * right0,
        100.0 * right1
    );
    let list: Vec<String> = TERMS
        .iter()
        .zip(fitted)
        .map(|(name, w)| format!("{name}={}", round(w)))
        .collect();
    let _ = writeln!(out, "--params cut={},{}", settings.cut, list.join(","));
    print_out(&out)
}

/// `w` to four significant digits, as short as that allows.
fn round(w: f32) -> String {
    if w == 0.0 {
        return "0".into();
    }
    let digits = (3 - w.abs().log10().floor() as i32).max(0) as usize;
    let s = format!("{w:.digits$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// One game's samples.
struct Sampled {
    samples: Vec<TermSample>,
    positions: usize,
}

/// Replay record `k` (checking every move) and
/// sample each of its positions `args.samples` times, with random plies
/// seeded by `args.seed` and `k`. `None` for a game without a winner.
fn sample_game(
    path: &Path,
    k: usize,
    args: &LearnEvalArgs,
    settings: &<Loa as Searchable>::Settings,
) -> Result<Option<Sampled>, CliFailure> {
    let (record, game) = replay_whole(path, "the evaluation is learned")?;
    let name = path.display();
    let AnyGame::Loa(game) = game.as_any() else {
        return Err(CliFailure::new(format!(
            "{name} is a game of {}; the evaluation is learned from Lines of Action games",
            record.rules
        )));
    };
    let Some(winner) = game.state().outcome().and_then(|o| o.winner) else {
        return Ok(None);
    };
    let first_won = winner == 0;
    let seed = args
        .seed
        .wrapping_add((k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let loa = game.rules();
    let plies = game.state().recorded_moves().len();
    let eval = loa.aux(settings, &loa.start());
    let (mut moves, mut cells) = (Vec::new(), Vec::new());
    let mut samples = Vec::new();
    for ply in 0..plies {
        let pos = game
            .state()
            .position_at(ply)
            .expect("a position before every recorded move");
        for _ in 0..args.samples {
            let mut p = pos.clone();
            if let Some(terms) = eval.sample_terms(loa, &mut p, &mut rng, &mut moves, &mut cells) {
                samples.push((terms, first_won));
            }
        }
    }
    Ok(Some(Sampled {
        samples,
        positions: plies,
    }))
}
