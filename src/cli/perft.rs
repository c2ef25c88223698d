//! `boardwright perft`: count the leaves of the legal-move tree from the start.

use super::CliFailure;
use super::play::GameArgs;
use clap::Args;

/// Print the number of leaf positions of the legal-move tree for each depth
/// 1..D from the start position (a finished game has no children; the
/// repetition draw is not applied).
#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Deepest depth to count (1–12).
    #[arg(long, value_parser = super::count_in(1u32, 12))]
    pub depth: u32,
}

/// Run `perft`, writing one line `depth N: COUNT` per depth to `out`.
pub fn run_to(args: &PerftArgs, out: &mut dyn std::io::Write) -> Result<(), CliFailure> {
    let g = args.game.make_game()?;
    let progress = super::progress::Progress::start("counting");
    for d in 1..=args.depth {
        progress.step(format!("counting depth {d}"));
        let n = g.perft_from_start(d);
        writeln!(out, "depth {d}: {n}")
            .and_then(|_| out.flush())
            .map_err(|e| CliFailure::new(format!("cannot write output: {e}")))?;
    }
    Ok(())
}

pub fn run(args: PerftArgs) -> Result<(), CliFailure> {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    run_to(&args, &mut lock)
}
