//! `boardwright bench`: engine simulations per second from the start position.

use super::play::GameArgs;
use super::{CliFailure, print_out};
use crate::engine::{SearchConfig, SearchLimits, TreeInfo};
use crate::game::{DynEngine, EngineParams};
use clap::Args;
use std::time::Duration;

/// Search the start position for a while and print simulations per second.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How long to search (0.01–3600 seconds).
    #[arg(long, default_value_t = 5.0, value_parser = super::seconds_in(0.01, super::MAX_SECONDS))]
    pub seconds: f64,
    /// Worker threads (1–64).
    #[arg(long, default_value_t = 1, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub threads: usize,
    /// Tuning parameters of the engine, e.g. "explore=0.3,rave=1" (as
    /// `selfplay --params`).
    #[arg(long, default_value = "")]
    pub params: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(serde::Serialize)]
struct Report {
    rules: String,
    board: String,
    threads: usize,
    simulations: u64,
    seconds: f64,
    simulations_per_second: f64,
    best_move: String,
    win_rate: f32,
    /// Nodes in the tree(s), nodes expanded, deepest visited ply.
    tree: TreeInfo,
}

pub fn run(args: BenchArgs) -> Result<(), CliFailure> {
    let g = args.game.make_game()?;
    let params = EngineParams::parse(&args.params, args.game.rules)
        .map_err(|e| CliFailure::usage(format!("--params: {e}")))?;
    let mut engine = DynEngine::with_params(
        SearchConfig {
            threads: args.threads,
            ..Default::default()
        },
        params,
    );
    let h = engine
        .start(
            g.as_ref(),
            SearchLimits::time(Duration::from_secs_f64(args.seconds)),
        )
        .map_err(|e| CliFailure::new(e.to_string()))?;
    let started = std::time::Instant::now();
    let r = h.wait().map_err(|e| CliFailure::new(e.to_string()))?;
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let rep = Report {
        rules: g.kind().name().into(),
        board: g.board().meta().name.clone(),
        threads: args.threads,
        simulations: r.simulations,
        seconds: secs,
        simulations_per_second: r.simulations as f64 / secs,
        best_move: r.best_move,
        win_rate: r.win_rate,
        tree: r.tree,
    };
    if args.json {
        let text = serde_json::to_string(&rep)
            .map_err(|e| CliFailure::new(format!("cannot write JSON: {e}")))?;
        print_out(&(text + "\n"))
    } else {
        print_out(&format!(
            "{} on {}, {} thread(s): {} simulations in {:.2} s = {:.0} simulations/s (best move {}, win rate {:.1}%)\ntree: {} nodes, {} expanded, deepest visited ply {}\n",
            rep.rules,
            rep.board,
            rep.threads,
            rep.simulations,
            rep.seconds,
            rep.simulations_per_second,
            rep.best_move,
            rep.win_rate * 100.0,
            rep.tree.nodes,
            rep.tree.expanded,
            rep.tree.max_depth
        ))
    }
}
