//! `boardwright preset NAME [--size N] [-o FILE]`: make a ready-made board.
//!
//! The names, sizes and help texts come from [`crate::presets::PRESETS`].

use super::{CliFailure, print_out};
use crate::io::{Format, board_to_string, save_board};
use crate::presets::{PRESETS, by_name};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PresetArgs {
    #[arg(help = names_help())]
    pub name: String,
    #[arg(long, short = 's', help = sizes_help())]
    pub size: Option<u32>,
    /// Write the board to this file (.ron, .obj or .svg) instead of printing RON.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
}

/// The subcommand's one-line description.
pub fn about() -> String {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    format!("Make a ready-made board ({})", names.join(", "))
}

/// `square, hex, … or boco`
fn names_help() -> String {
    let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// `Side length (square 1 to 1000, default 8; …)`
fn sizes_help() -> String {
    let sizes: Vec<String> = PRESETS
        .iter()
        .filter(|p| !p.sizes.is_fixed())
        .map(|p| {
            format!(
                "{} {} to {}, default {}",
                p.name, p.sizes.min, p.sizes.max, p.sizes.default
            )
        })
        .collect();
    format!("Side length ({})", sizes.join("; "))
}

pub fn run(args: PresetArgs) -> Result<(), CliFailure> {
    if let Some(out) = &args.output {
        Format::from_path(out)?;
    }
    let progress = super::progress::Progress::start(format!("building the {} board", args.name));
    let board = by_name(&args.name, args.size)?;
    match &args.output {
        Some(out) => {
            progress.step(format!("writing {}", out.display()));
            save_board(&board, out)?;
        }
        None => {
            progress.step("writing RON");
            let text = board_to_string(&board, Format::Ron)?;
            drop(progress);
            print_out(&text)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_preset_from_the_registry() {
        assert_eq!(names_help(), "square, hex, twixt, loa, triangle or boco");
        assert_eq!(
            sizes_help(),
            "Side length (square 1 to 1000, default 8; hex 1 to 100, default 11; twixt 5 to 48, default 24; triangle 1 to 1000, default 8)"
        );
        assert_eq!(
            about(),
            "Make a ready-made board (square, hex, twixt, loa, triangle, boco)"
        );
    }
}
