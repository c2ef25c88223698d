//! `boardwright preset NAME [--size N] [-o FILE]`: make a ready-made board.

use super::{CliFailure, print_out};
use crate::io::{Format, board_to_string, save_board};
use crate::presets::by_name;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PresetArgs {
    /// square, hex, twixt, loa, triangle or boco.
    pub name: String,
    /// Side length (square, hex, twixt, triangle).
    #[arg(long, short = 's')]
    pub size: Option<u32>,
    /// Write the board to this file (.ron, .obj or .svg) instead of printing RON.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
}

pub fn run(args: PresetArgs) -> Result<(), CliFailure> {
    if let Some(out) = &args.output {
        Format::from_path(out)?;
    }
    let board = by_name(&args.name, args.size)?;
    match &args.output {
        Some(out) => save_board(&board, out)?,
        None => print_out(&board_to_string(&board, Format::Ron)?)?,
    }
    Ok(())
}
