//! `boardwright convert IN OUT`: convert between .ron, .obj and .svg.

use super::{CliFailure, print_notes};
use crate::io::{load_board, save_board};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The board to read (.ron or .obj).
    pub input: PathBuf,
    /// The file to write (.ron, .obj or .svg); replaced atomically.
    pub output: PathBuf,
}

pub fn run(args: ConvertArgs) -> Result<(), CliFailure> {
    // Check the output type before doing any work.
    crate::io::Format::from_path(&args.output)?;
    let progress = super::progress::Progress::start(format!("reading {}", args.input.display()));
    let loaded = load_board(&args.input)?;
    progress.step(format!("writing {}", args.output.display()));
    save_board(&loaded.board, &args.output)?;
    drop(progress);
    print_notes(&loaded.notes);
    Ok(())
}
