//! `boardwright learn-patterns GAMES…`: count Hex move patterns over a set of
//! games (SGF or RON records; folders and their subfolders are searched for
//! `.sgf` and `.ron` files) and write the table the engine's priors use
//! ([`crate::rules::hex::PatternCounts`]): counts, and each pattern's
//! urgency fitted to the choices (`--rates` leaves the fit out). Positions
//! that the virtual connections already call won, and the first move, are
//! left out: there the choice says little about the cell.

use super::{CliFailure, print_out};
use crate::game::{AnyGame, DynGame, replay};
use crate::io::record::GameRecord;
use crate::io::{Document, open};
use crate::rules::hex::{HexMove, PatternCounts, Verdict};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct LearnPatternsArgs {
    /// Hex game records (.sgf, .ron) or folders of them (subfolders included).
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Where to write the table (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Leave out patterns seen fewer times than this (1–1000000).
    #[arg(long, default_value_t = 20, value_parser = super::count_in(1u64, 1_000_000))]
    pub min_seen: u64,
    /// Write only the counts, without the fitted weights: the engine then
    /// rates a pattern by how often it was chosen when it was there.
    #[arg(long)]
    pub rates: bool,
}

pub fn run(args: LearnPatternsArgs) -> Result<(), CliFailure> {
    let files = game_files(&args.games)?;
    let mut counts = PatternCounts::default();
    for path in &files {
        learn_from(path, &mut counts)?;
    }
    if !args.rates {
        counts.fit();
    }
    let games = match files.len() {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    let source = format!("{games}, {} positions", counts.positions);
    let text = counts.to_text(args.min_seen, &format!("learned from {games}"));
    match &args.out {
        Some(out) => {
            crate::io::atomic::write_atomic(out, text.as_bytes())
                .map_err(|e| CliFailure::new(format!("cannot write {}: {e}", out.display())))?;
            eprintln!(
                "{source}: {} patterns written to {}",
                text.lines().count() - 1,
                out.display()
            );
            Ok(())
        }
        None => print_out(&text),
    }
}

/// The game records in `paths`: each path itself, or the `.sgf` and `.ron`
/// files of a folder and its subfolders; an error when there are none.
pub(super) fn game_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliFailure> {
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
    if files.is_empty() {
        return Err(CliFailure::new(
            "no .sgf or .ron game records found in the paths given",
        ));
    }
    Ok(files)
}

/// `p` itself, or the `.sgf` and `.ron` files in folder `p` and its
/// subfolders (sorted by path).
fn collect(p: &Path, out: &mut Vec<PathBuf>) -> Result<(), CliFailure> {
    if !p.is_dir() {
        out.push(p.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(p)
        .map_err(|e| CliFailure::new(format!("cannot read folder {}: {e}", p.display())))?;
    let mut found: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    found.sort();
    for f in found {
        if f.is_dir() {
            collect(&f, out)?;
        } else if f
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("sgf") || x.eq_ignore_ascii_case("ron"))
        {
            out.push(f);
        }
    }
    Ok(())
}

/// Open the game record at `path` and replay it (through [`replay`], which
/// checks every move); a board or a record that starts from a set-up
/// position is refused, the message saying that `what` ("patterns are
/// learned") from whole games.
pub(super) fn replay_whole(
    path: &Path,
    what: &str,
) -> Result<(GameRecord, Box<dyn DynGame>), CliFailure> {
    let name = path.display();
    let Document::Game(record) = open(path)? else {
        return Err(CliFailure::new(format!(
            "{name} is a board, not a game record"
        )));
    };
    if record.setup.is_some() {
        return Err(CliFailure::new(format!(
            "{name} starts from a set-up position; {what} from whole games"
        )));
    }
    let game =
        replay(&record, path.parent()).map_err(|e| CliFailure::new(format!("{name}, {e}")))?;
    Ok((*record, game))
}

/// Replay one record and count its positions.
fn learn_from(path: &Path, counts: &mut PatternCounts) -> Result<(), CliFailure> {
    let (record, game) = replay_whole(path, "patterns are learned")?;
    let name = path.display();
    let AnyGame::Hex(game) = game.as_any() else {
        return Err(CliFailure::new(format!(
            "{name} is a game of {}; patterns are learned from Hex games",
            record.rules
        )));
    };
    let hex = game.rules();
    let rings = hex.rings();
    for (ply, &mv) in game.state().recorded_moves().iter().enumerate() {
        let pos = game
            .state()
            .position_at(ply)
            .expect("a position before every recorded move");
        if let HexMove::Place(f) = mv
            && ply > 0
            && !matches!(hex.verdict(pos), Verdict::Won(_))
        {
            counts.add(hex, &rings, pos, f);
        }
    }
    Ok(())
}
