//! `boardwright convert IN OUT`: convert a board between .ron, .obj and .svg,
//! or a game record (any record boardwright opens: its own, HexGui's SGF,
//! Little Golem's, T1j's …) to boardwright's record (.ron), HexGui SGF (.sgf,
//! Hex), boardspace's SGF (.sgf, Lines of Action), Little Golem TwixT (.tsgf)
//! and Havannah (.hgf), a picture of the game's last position
//! (.svg) or its board (.obj). The output's extension says which.

use super::{CliFailure, print_notes};
use crate::game::{DynGame, Opened, open, picture, save_game};
use crate::io::svg::write_position_svg;
use crate::io::{LoadOptions, atomic, load_board_opts, save_board};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The board (.ron or .obj) or game record (.ron, .sgf, .hsgf, .tsgf, .hgf, .T1, or a
    /// text file holding a HexWorld or trmph.com link or Hex moves) to read.
    pub input: PathBuf,
    /// The file to write, replaced atomically: a board as .ron, .obj or .svg; a game
    /// as .ron, .sgf (Hex: HexGui's; Lines of Action: boardspace's), .tsgf (TwixT),
    /// .hgf (Havannah), .svg (its last position) or .obj (its board).
    pub output: PathBuf,
    /// OBJ: read only the top surface of a solid (a tile or a box with thickness).
    #[arg(long)]
    pub top_surface: bool,
}

/// The extensions `convert` writes (lower case).
const WRITES: [&str; 6] = ["ron", "obj", "svg", "sgf", "tsgf", "hgf"];

pub fn run(args: ConvertArgs) -> Result<(), CliFailure> {
    // Check the output type before doing any work.
    let out_ext = extension(&args.output);
    if !WRITES.contains(&out_ext.as_str()) {
        return Err(CliFailure::new(format!(
            "{}: unknown file type {} (boards are written to .ron, .obj and .svg; games to .ron, .sgf, .tsgf, .hgf, .svg and .obj)",
            args.output.display(),
            if out_ext.is_empty() {
                "(no extension)".to_string()
            } else {
                format!("'.{out_ext}'")
            }
        )));
    }
    let progress = super::progress::Progress::start(format!("reading {}", args.input.display()));
    // OBJ files are boards (and may need --top-surface); anything else is opened
    // as the window opens it, which tells a board from a game record by content.
    let opened = if extension(&args.input) == "obj" {
        let opts = LoadOptions {
            top_surface: args.top_surface,
            ..Default::default()
        };
        let loaded = load_board_opts(&args.input, &opts)?;
        Opened::Board {
            board: Box::new(loaded.board),
            notes: loaded.notes,
            format: crate::io::Format::Obj,
        }
    } else {
        open(&args.input)?
    };
    progress.step(format!("writing {}", args.output.display()));
    match opened {
        Opened::Board { board, notes, .. } => {
            if matches!(out_ext.as_str(), "sgf" | "tsgf" | "hgf") {
                return Err(CliFailure::new(format!(
                    "{}: .{out_ext} holds game records, and {} is a board (boards are written to .ron, .obj and .svg)",
                    args.output.display(),
                    args.input.display()
                )));
            }
            save_board(&board, &args.output)?;
            drop(progress);
            print_notes(&notes);
        }
        Opened::Game(game, mut notes) => {
            write_game(game.as_ref(), &args.output, &out_ext, &mut notes)?;
            drop(progress);
            print_notes(&notes);
        }
    }
    Ok(())
}

/// Write a game as `ext` says; what the output leaves out goes to `notes`.
fn write_game(
    game: &dyn DynGame,
    out: &Path,
    ext: &str,
    notes: &mut Vec<String>,
) -> Result<(), CliFailure> {
    match ext {
        "svg" => {
            // The last position, in the players' default colours.
            let shown = picture(game, game.ply(), game.entry().colours())
                .ok_or_else(|| CliFailure::new("the game has no position to draw"))?;
            let svg = write_position_svg(game.board(), &shown);
            atomic::write_atomic(out, svg.as_bytes())
                .map_err(|e| CliFailure::new(format!("cannot write {}: {e}", out.display())))?;
        }
        "obj" => {
            save_board(game.board(), out)?;
            notes.push(format!(
                "{} holds the board the game is played on, without its {} moves (write .ron or .svg for the game)",
                out.display(),
                game.ply()
            ));
        }
        _ => notes.extend(save_game(game, out)?),
    }
    Ok(())
}

/// A path's extension in lower case ("" when it has none).
fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}
