//! Records in the shapes real programs write them (issue 11 items 3–8): the
//! corpus in `tests/data/sgf/` — HexGui, Benzene's `twogtp.py` with its swap and
//! trailing `resign`, boardwright's own older files, HexGui puzzles, Little
//! Golem — opens to the right position and winner, or is refused with a
//! message that names what is not supported.

use boardwright::cli::gtp::{GtpArgs, MAX_LINE_BYTES, Session, serve};
use boardwright::game::record::{Opened, open, replay, save_sgf};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::sgf::{SgfError, read_sgf};
use boardwright::io::{self, Document};
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::PathBuf;
use std::sync::Arc;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf")
        .join(name)
}

fn open_game(name: &str) -> Box<dyn DynGame> {
    match open(&data(name)) {
        Ok(Opened::Game(g)) => g,
        Ok(Opened::Board { .. }) => panic!("{name} opened as a board"),
        Err(e) => panic!("{name}: {e}"),
    }
}

fn open_error(name: &str) -> String {
    match open(&data(name)) {
        Ok(_) => panic!("{name} opened"),
        Err(e) => e.to_string(),
    }
}

/// The labels of the faces holding `player`'s stones, sorted.
fn stones(g: &dyn DynGame, player: u8) -> Vec<String> {
    let b = g.board();
    let mut v: Vec<String> = b
        .mesh()
        .face_ids()
        .filter(|&f| g.piece_at(f) == Some(player))
        .map(|f| b.label(f).to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn a_twogtp_swap_game_with_the_losers_resign_opens_to_its_winner() {
    // HexGui/Benzene: after W[swap-pieces] Black's b2 stays and White moves
    // again; Black's column b1–b4 wins and twogtp appends White's resign.
    let g = open_game("twogtp-swap-trailing-resign.sgf");
    assert!(g.options().swap);
    // boardwright's mirror image: bob (who swapped) is Blue along row 2.
    assert_eq!(stones(g.as_ref(), 1), ["a2", "b2", "c2", "d2"]);
    assert_eq!(stones(g.as_ref(), 0), ["a1", "b1", "c1"]);
    assert_eq!(g.outcome().unwrap().winner, Some(1));
    assert_eq!(g.players(), &["alice".to_string(), "bob".to_string()]);
    assert_eq!(g.ply(), 8);
}

#[test]
fn a_swap_game_is_written_in_hexguis_convention_and_read_back() {
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions {
            swap: true,
            ..Default::default()
        },
    )
    .unwrap();
    for m in ["c2", "swap", "d5", "a1"] {
        g.play_str(m).unwrap();
    }
    let s = save_sgf(g.as_ref()).unwrap();
    // Red's c2, Blue swaps (HexGui: the stone stays, White moves again), then
    // Red's d5 is HexGui's White e4 and Blue's a1 is Black's a1.
    assert!(s.contains(";B[c2];W[swap-pieces];W[e4];B[a1])"), "{s}");
    let back = replay(&read_sgf(&s).unwrap(), None).unwrap();
    assert_eq!(back.history(), g.history());
    // The same file read the old way would misplace every later stone: the
    // reader only takes that way for boardwright's own older files.
    let old = open_game("boardwright-legacy-swap.sgf");
    assert_eq!(old.history(), ["b2", "swap", "a1"]);
}

#[test]
fn a_swap_games_result_is_written_in_the_stones_colour() {
    let record =
        read_sgf(&std::fs::read_to_string(data("twogtp-swap-trailing-resign.sgf")).unwrap())
            .unwrap();
    let g = replay(&record, None).unwrap();
    let s = save_sgf(g.as_ref()).unwrap();
    // Blue (bob) won with HexGui's Black stones.
    assert!(s.contains("RE[B+]"), "{s}");
    let again = replay(&read_sgf(&s).unwrap(), None).unwrap();
    assert_eq!(again.outcome().unwrap().winner, Some(1));
    assert_eq!(stones(again.as_ref(), 1), stones(g.as_ref(), 1));
}

#[test]
fn a_hexgui_resignation_opens_with_the_recorded_winner() {
    let g = open_game("hexgui-resigned.sgf");
    assert_eq!(g.history(), ["c3", "b4", "d2"]);
    assert_eq!(g.resigned(), Some(1));
    assert_eq!(g.outcome().unwrap().winner, Some(0));
}

#[test]
fn moves_after_a_resignation_are_kept_out_and_noted() {
    let r = read_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[resign];B[a1];W[b1])").unwrap();
    assert_eq!(r.moves, ["c3"]);
    assert_eq!(r.notes, ["2 move(s) after W's resignation were not read"]);
    let r = read_sgf("(;FF[4]GM[11]SZ[5]RE[W+];B[c3];W[resign])").unwrap();
    assert_eq!(
        r.notes,
        ["RE[W+] disagrees with the moves, which end with W resigned"]
    );
}

#[test]
fn a_recorded_winner_the_moves_do_not_give_is_reported() {
    let r = read_sgf("(;FF[4]GM[11]SZ[3]RE[W+];B[a1];W[b1];B[a2];W[b2];B[a3])").unwrap();
    let e = replay(&r, None).unwrap_err().to_string();
    assert!(e.contains("RE[W+]"), "{e}");
    let r = read_sgf("(;FF[4]GM[11]SZ[3]RE[B+Time];B[a1])").unwrap();
    assert_eq!(r.result, None);
    assert!(r.notes[0].contains("RE[B+Time]"), "{:?}", r.notes);
}

#[test]
fn unsupported_shapes_are_refused_naming_what_they_are() {
    let e = open_error("hexgui-puzzle-setup.sgf");
    assert!(
        e.contains("hexgui-puzzle-setup.sgf")
            && e.contains("setup position")
            && e.contains("AB[e5]"),
        "{e}"
    );
    let e = open_error("littlegolem-hex.sgf");
    assert!(e.contains("Little Golem"), "{e}");
    let e = read_sgf("(;FF[4]SZ[13];W[mf];B[swap])").unwrap_err();
    assert!(matches!(e, SgfError::LittleGolem(_)), "{e}");
    let e = open_error("hexgui-variations.sgf");
    assert!(e.contains("variations") && e.contains("move 3"), "{e}");
    let e = read_sgf("(;FF[4]GM[11]SZ[5];W[c3])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("White moves first"), "{e}");
    let e = read_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[a1];W[a2])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("a colour moves twice"), "{e}");
    let e = read_sgf("(;FF[4]GM[11]SZ[5]PL[W];W[c3])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("White to move"), "{e}");
}

#[test]
fn a_variation_that_is_only_a_continuation_is_read() {
    let r = read_sgf("(;FF[4]GM[11]SZ[5];B[c3](;W[b4](;B[d2])))").unwrap();
    assert_eq!(r.moves, ["c3", "b4", "d2"]);
}

#[test]
fn text_after_the_game_tree_is_reported_with_a_short_excerpt() {
    let long = "x".repeat(1_000_000);
    let e = read_sgf(&format!("(;FF[4]GM[11]SZ[5];B[c3]) {long}"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("text after the game tree"), "{e}");
    assert!(e.len() < 300, "{} bytes", e.len());
    let e = read_sgf("(;FF[4]GM[11]SZ[5];B[c3])(;FF[4]GM[11]SZ[5];B[a1])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("one game per file"), "{e}");
    // A huge move is quoted short.
    let e = read_sgf(&format!("(;FF[4]GM[11]SZ[5];B[c3];B[{long}])"))
        .unwrap_err()
        .to_string();
    assert!(e.len() < 300, "{} bytes", e.len());
}

#[test]
fn too_many_nodes_are_refused_while_parsing() {
    let text = format!("(;FF[4]GM[11]SZ[5]{})", ";".repeat(200_000));
    assert_eq!(read_sgf(&text), Err(SgfError::TooManyNodes));
    // Deep nesting does not overflow the stack.
    let deep = format!("(;GM[11]{}{})", "(;C[x]".repeat(50_000), ")".repeat(50_000));
    assert!(read_sgf(&deep).is_ok());
}

#[test]
fn io_open_hands_on_the_readers_notes() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.sgf");
    std::fs::write(&p, "(;FF[4]GM[11]SZ[5];B[c3];W[resign];B[a1])").unwrap();
    let Document::Game(r) = io::open(&p).unwrap() else {
        panic!("not a game")
    };
    assert_eq!(r.notes.len(), 1);
}

fn gtp(session: &mut Session, input: &str) -> String {
    let mut out = Vec::new();
    serve(session, &mut input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn hex_session() -> Session {
    use clap::Parser;
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        gtp: GtpArgs,
    }
    let cli = Cli::parse_from(["gtp", "--rules", "hex", "--swap", "--time", "0.05"]);
    Session::new(&cli.gtp).unwrap()
}

#[test]
fn gtp_follows_hexguis_swap_convention() {
    let mut s = hex_session();
    let out = gtp(
        &mut s,
        "boardsize 5\nplay b c2\nplay w swap-pieces\nplay w d5\n",
    );
    assert_eq!(out, "=\n\n=\n\n=\n\n=\n\n", "{out}");
    // boardwright: Red c2, Blue swap (b3), Red e4 (HexGui's White d5 mirrored).
    assert_eq!(s.game().history(), ["c2", "swap", "e4"]);
    // Black (Blue) is to move; White is refused.
    let out = gtp(&mut s, "play w a1\n");
    assert!(out.starts_with("? "), "{out}");
    let out = gtp(&mut s, "genmove b\n");
    let answer = out.trim().trim_start_matches("= ").to_string();
    let last = s.game().history().last().unwrap().clone();
    // The answer is HexGui's point: the mirror image of boardwright's move.
    let b = s.game().board();
    let c = b.coord(b.face_by_label(&last).unwrap()).unwrap();
    let a = b.coord(b.face_by_label(&answer).unwrap()).unwrap();
    assert_eq!((a.col, a.row), (c.row, c.col), "{answer} vs {last}");
    // Side names are boardwright's own and are not translated.
    let out = gtp(&mut s, "play red a1\n");
    assert_eq!(out, "=\n\n");
    assert_eq!(s.game().history().last().unwrap(), "a1");
}

#[test]
fn gtp_skips_an_overlong_line_and_carries_on() {
    let mut s = hex_session();
    let long = "x".repeat(MAX_LINE_BYTES as usize * 3);
    let out = gtp(&mut s, &format!("{long}\nname\n"));
    assert!(
        out.starts_with("? the command line is longer than"),
        "{out}"
    );
    assert!(out.ends_with("= boardwright\n\n"), "{out}");
    assert!(out.len() < 200);
}

#[test]
fn open_recognises_records_by_content_whatever_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("download.txt");
    std::fs::copy(data("hexgui-resigned.sgf"), &sgf).unwrap();
    let Ok(Opened::Game(g)) = open(&sgf) else {
        panic!("SGF content not recognised")
    };
    assert_eq!(g.history(), ["c3", "b4", "d2"]);
    let ron = dir.path().join("board.bak");
    std::fs::write(
        &ron,
        boardwright::io::board_to_string(&presets::hex(3), boardwright::io::Format::Ron).unwrap(),
    )
    .unwrap();
    assert!(matches!(io::open(&ron).unwrap(), Document::Board { .. }));
    let other = dir.path().join("notes.txt");
    std::fs::write(&other, "shopping list").unwrap();
    let e = io::open(&other).unwrap_err().to_string();
    assert!(
        e.contains("unknown file type '.txt'") && e.contains(".sgf") && e.contains(".obj"),
        "{e}"
    );
}
