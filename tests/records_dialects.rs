//! Records in the shapes real programs write them (issue 11 items 3–8): the
//! corpus in `tests/data/sgf/` — HexGui, Benzene's `twogtp.py` with its swap and
//! trailing `resign`, boardwright's own older files, HexGui puzzles — opens
//! to the right position and winner, or is refused with a message that names
//! what is not supported. (Little Golem's Hex records: records_foreign.rs.)

use boardwright::cli::gtp::{GtpArgs, MAX_LINE_BYTES, Session, serve};
use boardwright::game::record::{Opened, open, replay, save_record, save_sgf};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::record::GameRecord;
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
        Ok(Opened::Game(g, _)) => g,
        Ok(Opened::Board { .. }) => panic!("{name} opened as a board"),
        Err(e) => panic!("{name}: {e}"),
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
        ["RE[W+] says W won, but the moves end with W resigned, so B wins; the moves count"]
    );
}

#[test]
fn a_recorded_winner_the_moves_do_not_give_is_reported() {
    let r = read_sgf("(;FF[4]GM[11]SZ[3]RE[W+];B[a1];W[b1];B[a2];W[b2];B[a3])").unwrap();
    let e = replay(&r, None).unwrap_err().to_string();
    assert!(e.contains("RE[W+]"), "{e}");
    let r = read_sgf("(;FF[4]GM[11]SZ[3]RE[B+Forfeit];B[a1])").unwrap();
    assert_eq!(r.result, None);
    assert!(r.notes[0].contains("RE[B+Forfeit]"), "{:?}", r.notes);
    // A win on time is a result the game can hold: White ran out of time.
    let r = read_sgf("(;FF[4]GM[11]SZ[3]RE[B+Time];B[a1])").unwrap();
    assert_eq!(r.result.as_ref().and_then(|r| r.timeout), Some(1));
    let g = replay(&r, None).unwrap();
    assert_eq!(g.outcome().unwrap().reason, "Blue ran out of time");
}

#[test]
fn unsupported_shapes_are_refused_naming_what_they_are() {
    // Little Golem's dialect is not HexGui's: its reader refuses it by name
    // (opening the file reads it, tests/records_foreign.rs).
    let e = read_sgf("(;FF[4]SZ[13];W[mf];B[swap])").unwrap_err();
    assert!(matches!(e, SgfError::LittleGolem(_)), "{e}");
    // Set-up stones in the middle of a game (HexGui lets any node have them).
    let e = read_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[a1];AB[b2])")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("set-up stones after move 2") && e.contains("AB[b2]"),
        "{e}"
    );
    let e = read_sgf("(;FF[4]GM[11]SZ[5];B[c3](;W[a1])(;AW[b2];W[a2]))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("set-up stones in variation 1"), "{e}");
    // A colour moving twice after a swap cannot become a set-up position.
    let e = read_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[swap-pieces];W[a1];W[a2])")
        .unwrap_err()
        .to_string();
    assert!(e.contains("move 4 'a2'"), "{e}");
}

/// `g` at the start of its line: stones of each player and who moves.
fn start_of(g: &mut dyn DynGame) -> (Vec<String>, Vec<String>, Option<u8>) {
    g.goto(0).unwrap();
    (stones(g, 0), stones(g, 1), g.to_move())
}

#[test]
fn a_hexgui_puzzle_opens_at_its_position_with_white_to_move() {
    // HexGui puts the set-up in the second node: AB/AW and PL[W].
    let mut g = open_game("hexgui-puzzle-setup.sgf");
    assert_eq!(g.ply(), 0);
    assert_eq!(stones(g.as_ref(), 0), ["d6", "e5"]);
    assert_eq!(stones(g.as_ref(), 1), ["c7"]);
    assert_eq!(g.to_move(), Some(1), "White (Blue) to play");
    assert!(!g.undo(), "nothing before the set-up position");
    assert_eq!(stones(g.as_ref(), 0), ["d6", "e5"]);
    // Blue plays; Red answers; undo stops at the set-up.
    g.play_str("f4").unwrap();
    g.play_str("a1").unwrap();
    assert!(g.undo() && g.undo() && !g.undo());
    assert_eq!(stones(g.as_ref(), 1), ["c7"]);
    // Written back the way HexGui writes it, and read back the same.
    g.play_str("f4").unwrap();
    let s = save_sgf(g.as_ref()).unwrap();
    assert!(s.contains(";AB[e5][d6]AW[c7]PL[W];W[f4];B[a1])"), "{s}");
    let mut back = replay(&read_sgf(&s).unwrap(), None).unwrap();
    assert_eq!(back.history(), ["f4", "a1"]);
    assert_eq!(start_of(back.as_mut()), start_of(g.as_mut()));
}

#[test]
fn a_set_up_position_survives_a_ron_record() {
    let g = open_game("hexgui-puzzle-setup.sgf");
    let text = save_record(g.as_ref());
    assert!(text.contains("setup: Some("), "{text}");
    let mut back = replay(&GameRecord::from_ron(&text).unwrap(), None).unwrap();
    assert_eq!(stones(back.as_ref(), 0), ["d6", "e5"]);
    assert_eq!(start_of(back.as_mut()).2, Some(1));
    // A record that names a face the board does not have is refused.
    let bad = text.replace("\"c7\"", "\"z99\"");
    let e = replay(&GameRecord::from_ron(&bad).unwrap(), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("start position") && e.contains("'z99'"), "{e}");
}

#[test]
fn a_game_from_a_set_up_position_replays_to_its_recorded_winner() {
    let g = open_game("hexgui-setup-finished.sgf");
    assert_eq!(g.history(), ["d1", "b4"]);
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    // A set-up that already joins Black's sides is a finished game.
    let r = read_sgf("(;FF[4]GM[11]SZ[3];AB[b1][b2][b3]PL[W])").unwrap();
    let g = replay(&r, None).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_set_up_position_with_variations_opens_with_every_line() {
    // The shape of Benzene's claims/8-b7.sgf: AB in the second node, then
    // three White answers, two of them with variations of their own.
    let mut g = open_game("hexgui-setup-variations.sgf");
    assert_eq!(g.history(), ["e2", "f2", "e4", "g3"]);
    let t = g.tree();
    assert_eq!(
        t.node(boardwright::game::NodeId::ROOT)
            .unwrap()
            .children
            .len(),
        3
    );
    let leaves = t.nodes.iter().filter(|n| n.children.is_empty()).count();
    assert_eq!(leaves, 5);
    assert_eq!(
        start_of(g.as_mut()),
        (vec!["b7".to_string()], vec![], Some(1))
    );
    // SGF → tree → SGF → tree keeps every line.
    let s = save_sgf(g.as_ref()).unwrap();
    let again = replay(&read_sgf(&s).unwrap(), None).unwrap();
    assert_eq!(again.to_record().variations, g.to_record().variations);
    assert_eq!(save_sgf(again.as_ref()).unwrap(), s);
}

#[test]
fn hexguis_variations_open_as_a_game_tree() {
    let g = open_game("hexgui-variations.sgf");
    assert_eq!(g.history(), ["c3", "b4", "d2"]);
    let r = g.to_record();
    assert_eq!(r.variations.len(), 1);
    assert_eq!((r.variations[0].line, r.variations[0].at), (0, 2));
    assert_eq!(r.variations[0].moves, ["a1"]);
}

#[test]
fn white_moving_first_opens_with_white_to_move() {
    let mut g = open_game("hexgui-white-first.sgf");
    assert_eq!(g.history(), ["c3", "b4", "d2"]);
    assert_eq!(stones(g.as_ref(), 1), ["c3", "d2"]);
    assert_eq!(start_of(g.as_mut()), (vec![], vec![], Some(1)));
    let s = save_sgf(g.as_ref()).unwrap();
    assert!(s.contains(";PL[W];W[c3];B[b4];W[d2])"), "{s}");
}

#[test]
fn a_colour_moving_twice_starts_the_game_from_the_position_before() {
    let r = read_sgf(&std::fs::read_to_string(data("hexgui-colour-twice.sgf")).unwrap()).unwrap();
    assert_eq!(r.moves, ["c3", "d4", "e5"]);
    assert_eq!(
        r.notes,
        [
            "moves 1–2 were read as set-up stones: a colour moves twice at move 3, and boardwright's games alternate"
        ]
    );
    let mut g = open_game("hexgui-colour-twice.sgf");
    assert_eq!(stones(g.as_ref(), 1), ["b2", "c3", "e5"]);
    assert_eq!(
        start_of(g.as_mut()),
        (vec!["a1".to_string()], vec!["b2".to_string()], Some(1))
    );
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
    let Ok(Opened::Game(g, _)) = open(&sgf) else {
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
