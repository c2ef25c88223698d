//! `boardwright play`: play a scripted game from the command line.

use super::CliFailure;
use crate::board::Board;
use crate::game::registry::{UnknownRules, entries, word_list};
use crate::game::{DynGame, RulesKind};
use crate::rules::GameOptions;
use crate::rules::Repetition;
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Which game on which board: the options every game-playing subcommand shares.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game: hex, twixt, loa, boco, y or havannah.
    #[arg(long, value_parser = parse_kind)]
    pub rules: RulesKind,
    /// A board file, or a saved game to take its board from (default: the game's standard board).
    #[arg(long, conflicts_with = "size")]
    pub board: Option<PathBuf>,
    /// Side length of the standard board (hex: 11, twixt: 24, boco: the mixed BOCO board, or an N×N square grid; loa is always 8).
    #[arg(long)]
    pub size: Option<u32>,
    /// Use the swap (pie) rule (Hex, TwixT).
    #[arg(long)]
    pub swap: bool,
    /// Lines of Action: the occurrence of a repeated position that draws,
    /// `second` or `third` (the tournament rule).
    #[arg(long, value_parser = Repetition::parse, default_value = "second")]
    pub repetition: Repetition,
    /// TwixT: play on when neither player can still connect (by default such a
    /// game is a draw).
    #[arg(long)]
    pub no_dead_draw: bool,
}

impl GameArgs {
    /// The game options these arguments describe.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            swap: self.swap,
            repetition: self.repetition,
            dead_draw: !self.no_dead_draw,
        }
    }

    /// Make the game these options describe.
    pub fn make_game(&self) -> Result<Box<dyn DynGame>, CliFailure> {
        make_game(
            self.rules,
            self.board.as_deref(),
            self.size,
            &self.options(),
        )
    }
}

/// Play moves and print the resulting position, legal moves and outcome.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves in notation, separated by spaces or commas, e.g. "f6 swap e5".
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print the final position as one JSON object.
    #[arg(long, conflicts_with = "trace")]
    pub json: bool,
    /// Print one JSON object per position, from the start through the last move.
    #[arg(long)]
    pub trace: bool,
}

pub(crate) fn parse_kind(s: &str) -> Result<RulesKind, UnknownRules> {
    s.parse()
}

/// Read a board file for `--board`, telling the user about any repair the
/// loader made. A saved game (RON record, SGF, Little Golem, T1j) gives the
/// board it was played on, and a note says so; its moves are not read.
pub(crate) fn board_from_file(path: &Path) -> Result<Board, CliFailure> {
    let fail = |e: &dyn std::fmt::Display| CliFailure::new(e.to_string());
    match crate::io::open(path).map_err(|e| fail(&e))? {
        crate::io::Document::Board { board, notes, .. } => {
            super::print_notes(&notes);
            Ok(*board)
        }
        crate::io::Document::Game(record) => {
            let board = crate::game::record::record_board(
                &record,
                path.parent(),
                &crate::game::record::load_board_file,
            )
            .map_err(|e| fail(&format!("{}: {e}", path.display())))?;
            super::print_notes(&[format!(
                "{} is a saved game: using the board it was played on ({})",
                path.display(),
                board.meta().name
            )]);
            Ok(board)
        }
    }
}

/// The standard board of a game (its registry entry's), with an optional side length.
pub(crate) fn default_board(kind: RulesKind, size: Option<u32>) -> Result<Board, CliFailure> {
    // The size is an argument: out of the game's range is a usage error.
    kind.entry()
        .default_board
        .build(size)
        .map_err(|e| CliFailure::usage(e.to_string()))
}

/// Make the game for `--rules/--board/--size` and the options.
pub(crate) fn make_game(
    kind: RulesKind,
    board: Option<&Path>,
    size: Option<u32>,
    options: &GameOptions,
) -> Result<Box<dyn DynGame>, CliFailure> {
    let entry = kind.entry();
    if options.swap && !entry.has_swap {
        let with_swap: Vec<&str> = entries()
            .iter()
            .filter(|e| e.has_swap)
            .map(|e| e.name)
            .collect();
        return Err(CliFailure::usage(format!(
            "{} has no swap rule (--swap is for {})",
            entry.title,
            word_list(&with_swap, "and")
        )));
    }
    let progress = super::progress::Progress::start(format!("setting up {}", entry.title));
    let board = match board {
        Some(p) => {
            progress.step(format!("reading {}", p.display()));
            board_from_file(p)?
        }
        None => default_board(kind, size)?,
    };
    progress.step(format!("setting up {}", entry.title));
    Ok(entry.new_game(Arc::new(board), options)?)
}

#[derive(Serialize)]
struct JsonOutcome {
    winner: Option<u8>,
    reason: String,
}

#[derive(Serialize)]
struct JsonPosition {
    ply: usize,
    to_move: Option<u8>,
    legal: Vec<String>,
    outcome: Option<JsonOutcome>,
}

fn json_line(g: &dyn DynGame) -> String {
    let p = JsonPosition {
        ply: g.ply(),
        to_move: g.to_move(),
        legal: g.legal_moves(),
        outcome: g.outcome().map(|o| JsonOutcome {
            winner: o.winner,
            reason: o.reason,
        }),
    };
    serde_json::to_string(&p).expect("position serializes")
}

fn plain(g: &dyn DynGame) -> String {
    let names = g.player_names();
    let mut s = format!(
        "{} on {}, ply {}\n",
        g.kind().title(),
        if g.board().meta().name.is_empty() {
            "a custom board"
        } else {
            g.board().meta().name.as_str()
        },
        g.ply()
    );
    s.push_str(&g.render_text());
    s.push_str(&format!("X = {}, O = {}\n", names[0], names[1]));
    match g.outcome() {
        Some(o) => {
            let who = match o.winner {
                Some(w) => format!("{} wins", names[w as usize]),
                None => "draw".to_string(),
            };
            s.push_str(&format!("Game over: {who} ({})\n", o.reason));
        }
        None => {
            let legal = g.legal_moves();
            if let Some(p) = g.to_move() {
                s.push_str(&format!("{} to move\n", names[p as usize]));
            }
            s.push_str(&format!(
                "{} legal moves: {}\n",
                legal.len(),
                legal.join(" ")
            ));
        }
    }
    s
}

/// Split a move list on whitespace and commas.
pub(crate) fn split_moves(s: &str) -> Vec<&str> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|m| !m.is_empty())
        .collect()
}

/// Run `play`, writing to `out`.
pub fn run_to(args: &PlayArgs, out: &mut dyn std::io::Write) -> Result<(), CliFailure> {
    let mut g = args.game.make_game()?;
    let w = |out: &mut dyn std::io::Write, s: &str| {
        out.write_all(s.as_bytes())
            .map_err(|e| CliFailure::new(format!("cannot write output: {e}")))
    };
    if args.trace {
        w(out, &(json_line(g.as_ref()) + "\n"))?;
    }
    for mv in split_moves(&args.moves) {
        let ply = g.ply() + 1;
        if let Err(e) = g.play_str(mv) {
            let _ = out.flush();
            return Err(CliFailure::with_code(
                2,
                format!("ply {ply}: move '{mv}' refused: {}", e.reason),
            ));
        }
        if args.trace {
            w(out, &(json_line(g.as_ref()) + "\n"))?;
        }
    }
    if args.json {
        w(out, &(json_line(g.as_ref()) + "\n"))?;
    } else if !args.trace {
        w(out, &plain(g.as_ref()))?;
    }
    Ok(())
}

pub fn run(args: PlayArgs) -> Result<(), CliFailure> {
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    run_to(&args, &mut lock)
}
