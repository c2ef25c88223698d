//! Command-line interface. Each subcommand lives in its own file; this file
//! holds the top-level parser and the dispatch.

pub mod analyze;
pub mod bench;
pub mod convert;
pub mod generate;
pub mod gtp;
pub mod info;
pub mod learn_eval;
pub mod learn_patterns;
pub mod op;
pub mod params;
pub mod perft;
pub mod play;
pub mod preset;
pub mod progress;
pub mod selfplay;
pub mod tiling;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;

/// A command that failed: one line for stderr and the exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliFailure {
    pub code: u8,
    pub message: String,
}

impl CliFailure {
    /// Exit code 1 with a message.
    pub fn new(message: impl Into<String>) -> Self {
        CliFailure {
            code: 1,
            message: message.into(),
        }
    }
    /// Exit code 2: an argument out of its range or not understood, found
    /// before any work starts (clap's own usage errors exit with 2 too).
    pub fn usage(message: impl Into<String>) -> Self {
        CliFailure::with_code(2, message)
    }
    pub fn with_code(code: u8, message: impl Into<String>) -> Self {
        CliFailure {
            code,
            message: message.into(),
        }
    }
}

impl<E: std::error::Error> From<E> for CliFailure {
    fn from(e: E) -> Self {
        CliFailure::new(e.to_string())
    }
}

/// boardwright: design, play and generate polygon board games.
#[derive(Debug, Parser)]
#[command(
    name = "boardwright",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A board (.ron, .obj) or saved game to open in the window.
    pub file: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a board's statistics: V/E/F, faces by sides, boundary loops, χ, validation.
    Info(info::InfoArgs),
    /// Convert a board between .ron, .obj and .svg, or a game record to .ron, .sgf, .tsgf or .svg (by the extensions).
    Convert(convert::ConvertArgs),
    #[command(about = preset::about())]
    Preset(preset::PresetArgs),
    /// Make a board from a tiling cut to a shape (--list shows the tilings).
    Tiling(tiling::TilingArgs),
    /// Apply a board operator (dual, subdivide, merge, clip, hole, mirror, rotate, scale, symmetric, relabel).
    Op(op::OpArgs),
    /// Play a scripted game and print the position, the legal moves and the outcome.
    Play(play::PlayArgs),
    /// Count the leaves of the legal-move tree from the start (move-generator check).
    Perft(perft::PerftArgs),
    /// Generate a fair sectioned board (fixed-size regions and gardens per player).
    Generate(generate::GenerateArgs),
    /// Play against the engine over the Go Text Protocol (v2) on stdin/stdout.
    Gtp(gtp::GtpArgs),
    /// Let the engine play games against itself or a random player; scores per seat.
    Selfplay(selfplay::SelfplayArgs),
    /// Print the engine's simulations per second from the start position.
    Bench(bench::BenchArgs),
    /// List a game's engine parameters (--params): values it plays with, ranges, what each does.
    Params(params::ParamsArgs),
    /// Measure a board with the engine: first-player advantage, game length, opening map.
    Analyze(analyze::AnalyzeArgs),
    /// Count Hex move patterns over game records (SGF, RON) for the engine's priors.
    LearnPatterns(learn_patterns::LearnPatternsArgs),
    /// Fit Lines of Action's evaluation weights to game records (SGF, RON).
    LearnEval(learn_eval::LearnEvalArgs),
}

/// What `main` should do after parsing.
pub enum Action {
    /// Open the GUI, optionally with a file.
    Gui(Option<PathBuf>),
    /// A subcommand ran to completion.
    Done,
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> Result<Action, CliFailure> {
    match cli.command {
        None => Ok(Action::Gui(cli.file)),
        Some(c) => match c {
            Command::Info(a) => info::run(a),
            Command::Convert(a) => convert::run(a),
            Command::Preset(a) => preset::run(a),
            Command::Tiling(a) => tiling::run(a),
            Command::Op(a) => op::run(a),
            Command::Play(a) => play::run(a).map(|_| ()),
            Command::Perft(a) => perft::run(a).map(|_| ()),
            Command::Generate(a) => generate::run(a).map(|_| ()),
            Command::Gtp(a) => gtp::run(a),
            Command::Selfplay(a) => selfplay::run(a),
            Command::Bench(a) => bench::run(a),
            Command::Params(a) => params::run(a),
            Command::Analyze(a) => analyze::run(a),
            Command::LearnPatterns(a) => learn_patterns::run(a),
            Command::LearnEval(a) => learn_eval::run(a),
        }
        .map(|()| Action::Done),
    }
}

/// Write to standard output; a closed pipe (`boardwright … | head`) ends the
/// command quietly instead of failing.
pub fn print_out(text: &str) -> Result<(), CliFailure> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(CliFailure::new(format!(
            "cannot write to standard output: {e}"
        ))),
    }
}

/// Print notes from a loader on standard error.
pub fn print_notes(notes: &[String]) {
    for n in notes {
        eprintln!("boardwright: note: {n}");
    }
}

/// Largest number of worker threads a subcommand accepts.
pub const MAX_THREADS: usize = 64;
/// Longest time any subcommand spends on one search, in seconds (an hour).
pub const MAX_SECONDS: f64 = 3600.0;

/// A clap value parser for a duration in seconds within `min..=max`: refuses
/// what is not a finite number in range (`1e20`, `inf`, `nan`, `-1`) with a
/// message naming the range, so a duration can never overflow later.
pub fn seconds_in(
    min: f64,
    max: f64,
) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync + 'static {
    move |s: &str| {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| format!("'{s}' is not a number of seconds"))?;
        if v.is_finite() && (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(format!("{s} seconds is out of range ({min} to {max})"))
        }
    }
}

/// A clap value parser for a fraction from 0 to 1 (NaN is refused).
pub fn fraction(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number from 0 to 1"))?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{s} is out of range (0 to 1)"))
    }
}

/// A clap value parser for a count within `min..=max` (games, threads, plies, …):
/// refuses negative, fractional and out-of-range values with a message naming the range.
pub fn count_in<T>(
    min: T,
    max: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |s: &str| {
        let v: T = s
            .trim()
            .parse()
            .map_err(|_| format!("'{s}' is not a whole number from {min} to {max}"))?;
        if (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(format!("{v} is out of range ({min} to {max})"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_finite_and_in_range() {
        let p = seconds_in(0.01, MAX_SECONDS);
        assert_eq!(p("0.5"), Ok(0.5));
        assert_eq!(p("3600"), Ok(3600.0));
        assert_eq!(
            p("1e20").unwrap_err(),
            "1e20 seconds is out of range (0.01 to 3600)"
        );
        for bad in ["inf", "NaN", "-1", "0"] {
            assert!(p(bad).is_err(), "{bad}");
        }
        assert_eq!(p("soon").unwrap_err(), "'soon' is not a number of seconds");
    }

    #[test]
    fn counts_are_whole_and_in_range() {
        let p = count_in(1u32, 1000);
        assert_eq!(p("7"), Ok(7));
        assert_eq!(
            p("4294967295").unwrap_err(),
            "4294967295 is out of range (1 to 1000)"
        );
        assert_eq!(
            p("-3").unwrap_err(),
            "'-3' is not a whole number from 1 to 1000"
        );
        assert!(p("2.5").is_err());
        assert!(p("0").is_err());
    }
}
