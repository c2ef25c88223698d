//! `boardwright preset NAME [--size N] [-o FILE]`: make a ready-made board;
//! `boardwright preset --list`: the presets with their sizes.
//!
//! The names, sizes and help texts come from [`crate::presets::PRESETS`].

use super::{CliFailure, print_out};
use crate::io::{Format, board_to_string, save_board};
use crate::presets::{PRESETS, by_name};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PresetArgs {
    #[arg(help = names_help(), required_unless_present = "list")]
    pub name: Option<String>,
    #[arg(long, short = 's', help = sizes_help())]
    pub size: Option<u32>,
    /// Write the board to this file (.ron, .obj or .svg) instead of printing RON.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// List the presets with their sizes instead.
    #[arg(long, conflicts_with_all = ["name", "size", "output"])]
    pub list: bool,
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
    if args.list {
        return print_out(&list());
    }
    let name = args.name.as_deref().unwrap_or_default();
    if let Some(out) = &args.output {
        Format::from_path(out)?;
    }
    let progress = super::progress::Progress::start(format!("building the {name} board"));
    let board = by_name(name, args.size)?;
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

/// The `--list` table: every preset of the registry with its sizes.
pub fn list() -> String {
    let mut s = String::from("preset    sizes     default  board\n");
    for p in &PRESETS {
        let r = p.sizes;
        let sizes = if r.is_fixed() {
            r.min.to_string()
        } else {
            format!("{}–{}", r.min, r.max)
        };
        let _ = writeln!(s, "{:<9} {sizes:<9} {:<8} {}", p.name, r.default, p.title);
    }
    s
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
            list().lines().nth(2),
            Some("hex       1–100     11       Hex")
        );
        assert_eq!(list().lines().count(), PRESETS.len() + 1);
        assert_eq!(
            about(),
            "Make a ready-made board (square, hex, twixt, loa, triangle, boco)"
        );
    }
}
