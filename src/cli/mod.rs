//! Command-line interface. Each subcommand lives in its own file; this file
//! holds the top-level parser and the dispatch.

pub mod generate;

use clap::{Parser, Subcommand};
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
    /// Generate a fair sectioned board (fixed-size regions and gardens per player).
    Generate(generate::GenerateArgs),
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
            Command::Generate(a) => generate::run(a).map(|_| Action::Done),
        },
    }
}
