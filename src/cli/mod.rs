//! Command-line interface. Each subcommand lives in its own file; this file
//! holds the top-level parser and the dispatch.

pub mod bench;
pub mod convert;
pub mod generate;
pub mod gtp;
pub mod info;
pub mod op;
pub mod perft;
pub mod play;
pub mod preset;
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
    /// Convert a board between .ron, .obj and .svg (chosen by the extensions).
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
