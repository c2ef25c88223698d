//! `boardwright info FILE`: what a board file contains, whether it is valid, and
//! what a designer probably wants to fix (the board lint, [`crate::board::lint`],
//! the same list as the editor's Problems panel); for a game record (RON or SGF)
//! what game it holds.

use super::{CliFailure, print_notes, print_out};
use crate::board::lint::{self, Problem, Severity};
use crate::board::{Board, SideTag};
use crate::io::record::{BoardSource, GameRecord};
use crate::io::{Document, LoadOptions, load_board_opts, open};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The board file (.ron or .obj) or game record (.ron or .sgf).
    pub file: PathBuf,
    /// OBJ: read only the top surface of a solid (a tile or a box with thickness).
    #[arg(long)]
    pub top_surface: bool,
}

pub fn run(args: InfoArgs) -> Result<(), CliFailure> {
    let title = args.file.display().to_string();
    let progress = super::progress::Progress::start(format!("reading {title}"));
    let (board, notes) = if args.top_surface {
        let opts = LoadOptions {
            top_surface: true,
            ..Default::default()
        };
        let loaded = load_board_opts(&args.file, &opts)?;
        (loaded.board, loaded.notes)
    } else {
        match open(&args.file)? {
            Document::Board { board, notes, .. } => (*board, notes),
            Document::Game(record) => {
                drop(progress);
                print_notes(&record.notes);
                return print_out(&describe_record(&record, &title));
            }
        }
    };
    progress.step("measuring the board");
    // Every board the loader returns has been validated.
    let report = describe(&board, &title, true);
    drop(progress);
    print_notes(&notes);
    print_out(&report)
}

/// The report `info` prints for a game record.
pub fn describe_record(record: &GameRecord, title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{title}: this is a game record, not a board (open it in the window to see the game)"
    );
    let _ = writeln!(s, "  rules:   {}", record.rules);
    let board = match &record.board {
        BoardSource::Preset {
            name,
            size: Some(n),
        } => format!("preset {name} {n}"),
        BoardSource::Preset { name, size: None } => format!("preset {name}"),
        BoardSource::Path(p) => format!("the file {}", p.display()),
        BoardSource::Board(_) | BoardSource::Embedded(_) => "embedded in the record".into(),
    };
    let _ = writeln!(s, "  board:   {board}");
    if record.players.iter().any(|p| !p.is_empty()) {
        let _ = writeln!(
            s,
            "  players: {} – {}",
            record.players[0], record.players[1]
        );
    }
    let _ = writeln!(
        s,
        "  moves:   {}{}",
        record.moves.len(),
        if record.options.swap {
            " (swap rule)"
        } else {
            ""
        }
    );
    if let Some(r) = &record.result {
        let _ = writeln!(s, "  result:  {}", r.reason);
    }
    s
}

/// The report `info` prints; `validated`: the board is known to be valid
/// (as every loaded board is), so the check is not run again.
pub fn describe(board: &Board, title: &str, validated: bool) -> String {
    let m = board.mesh();
    let mut s = String::new();
    let _ = writeln!(s, "{title}");
    if !board.meta().name.is_empty() {
        let _ = writeln!(s, "  name:        {}", board.meta().name);
    }
    if !board.meta().description.is_empty() {
        let _ = writeln!(s, "  description: {}", board.meta().description);
    }
    if !board.meta().suggested_rules.is_empty() {
        let _ = writeln!(
            s,
            "  rules:       {}",
            board.meta().suggested_rules.join(", ")
        );
    }
    let _ = writeln!(
        s,
        "  vertices {}, edges {}, faces {}",
        m.vertex_count(),
        m.edge_count(),
        m.face_count()
    );
    let hist: Vec<String> = m
        .face_degree_histogram()
        .into_iter()
        .map(|(sides, n)| format!("{n} × {sides}-sided"))
        .collect();
    let _ = writeln!(s, "  faces by sides: {}", hist.join(", "));
    let loops = m.boundary_loops();
    let holes = loops.iter().filter(|l| l.is_hole()).count();
    let outlines = loops.len() - holes;
    let boundary_edges = m.edge_ids().filter(|&e| m.is_boundary_edge(e)).count();
    let _ = writeln!(
        s,
        "  boundary: {} loop{} ({} outline{}, {} hole{}), {} boundary edges",
        loops.len(),
        plural(loops.len()),
        outlines,
        plural(outlines),
        holes,
        plural(holes),
        boundary_edges
    );
    let _ = writeln!(
        s,
        "  Euler characteristic χ = V − E + F = {}",
        m.euler_characteristic()
    );
    let labelled = board
        .faces()
        .labels()
        .iter()
        .filter(|l| !l.is_empty())
        .count();
    let coords = board
        .faces()
        .coords()
        .iter()
        .filter(|c| c.is_some())
        .count();
    let regions: std::collections::BTreeSet<u32> =
        board.faces().regions().iter().flatten().copied().collect();
    let _ = writeln!(
        s,
        "  labels: {labelled} of {} faces; grid coordinates: {coords}; regions: {}",
        m.face_count(),
        regions.len()
    );
    let tags: Vec<String> = board
        .tagged_sides()
        .into_iter()
        .filter_map(|t: SideTag| {
            let n = board.tagged_edges().filter(|&(_, x)| x == t).count();
            (n > 0).then(|| {
                format!(
                    "{} ({} edges, {} faces)",
                    t.name(),
                    n,
                    board.faces_on_side(t).len()
                )
            })
        })
        .collect();
    let _ = writeln!(s, "  side tags: {}", list_or_none(&tags));
    if board.setup().pieces.is_empty() {
        let _ = writeln!(s, "  start setup: none");
    } else {
        let p0 = board.setup().pieces.iter().filter(|p| p.1 == 0).count();
        let p1 = board.setup().pieces.len() - p0;
        let _ = writeln!(
            s,
            "  start setup: {} pieces (player 0: {p0}, player 1: {p1})",
            board.setup().pieces.len()
        );
    }
    let validation = if validated { Ok(()) } else { board.validate() };
    let _ = match &validation {
        Ok(()) => writeln!(s, "  validation: ok (mesh invariants and board data)"),
        Err(e) => writeln!(s, "  validation: FAILED: {e}"),
    };
    if validation.is_ok() {
        describe_games(&mut s, board);
    }
    // Errors are what validation reports above; the rest is advice.
    let advice: Vec<Problem> = lint::check(board)
        .into_iter()
        .filter(|p| p.severity != Severity::Error)
        .collect();
    let count = |sev: Severity| advice.iter().filter(|p| p.severity == sev).count();
    let (warnings, notes) = (count(Severity::Warning), count(Severity::Note));
    let _ = if advice.is_empty() {
        writeln!(s, "  designer warnings: none")
    } else {
        writeln!(
            s,
            "  designer warnings: {warnings} warning{}, {notes} note{}",
            plural(warnings),
            plural(notes)
        )
    };
    for p in &advice {
        let _ = writeln!(s, "    {}: {}", p.severity.name(), p.text);
    }
    s
}

/// Boards above this many faces are not checked against every game's rules
/// (seconds on a board of a million faces); what each game notes is.
const GAMES_CHECKED_UP_TO: usize = 250_000;

/// Which games can be played on `board` and why the others cannot, as the
/// window's Play tab shows them ([`BoardFit`]): each game's note first (Hex:
/// where it may end in a draw), then the games, with the swap rule where the
/// game has one and the board takes it, then a line for each game the board
/// does not suit. A board too big to check gets the notes alone.
fn describe_games(s: &mut String, board: &Board) {
    use crate::game::{BoardFit, RulesKind};
    if board.face_count() > GAMES_CHECKED_UP_TO {
        for k in RulesKind::ALL {
            if let Some(note) = k.entry().board_note(board) {
                let _ = writeln!(s, "  {}", note.text);
            }
        }
        let _ = writeln!(
            s,
            "  games: not checked on a board of {} faces (the window's Play tab checks them)",
            board.face_count()
        );
        return;
    }
    let fit = BoardFit::of(board);
    for k in RulesKind::ALL {
        if let Some(note) = fit.note(k) {
            let _ = writeln!(s, "  {}", note.text);
        }
    }
    let mut games = Vec::new();
    let mut unsuited = Vec::new();
    for k in RulesKind::ALL {
        if let Err(why) = fit.plain(k) {
            unsuited.push(format!("  not {}: {why}", k.title()));
            continue;
        }
        let mut about = Vec::new();
        if k.has_swap() && fit.swap(k).is_ok() {
            about.push("swap rule");
        }
        if let Some(note) = fit.note(k) {
            about.push(note.tag);
        }
        games.push(if about.is_empty() {
            k.title().to_string()
        } else {
            format!("{} ({})", k.title(), about.join(", "))
        });
    }
    let _ = writeln!(s, "  games: {}", list_or_none(&games));
    for line in unsuited {
        let _ = writeln!(s, "{line}");
    }
}

/// `items` separated by commas, or "none".
fn list_or_none(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
