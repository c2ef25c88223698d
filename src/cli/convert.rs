//! `boardwright convert IN OUT`: convert between .ron, .obj and .svg.

use super::{CliFailure, print_notes};
use crate::io::{LoadOptions, load_board_opts, save_board};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The board to read (.ron or .obj).
    pub input: PathBuf,
    /// The file to write (.ron, .obj or .svg); replaced atomically.
    pub output: PathBuf,
    /// OBJ: read only the top surface of a solid (a tile or a box with thickness).
    #[arg(long)]
    pub top_surface: bool,
}

pub fn run(args: ConvertArgs) -> Result<(), CliFailure> {
    // Check the output type before doing any work.
    crate::io::Format::from_path(&args.output)?;
    let opts = LoadOptions {
        top_surface: args.top_surface,
        ..Default::default()
    };
    let progress = super::progress::Progress::start(format!("reading {}", args.input.display()));
    let loaded = load_board_opts(&args.input, &opts)?;
    progress.step(format!("writing {}", args.output.display()));
    save_board(&loaded.board, &args.output)?;
    drop(progress);
    print_notes(&loaded.notes);
    Ok(())
}
