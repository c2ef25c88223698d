//! Records of other programs (issue 11 item 9): the corpus in
//! `tests/data/foreign/` — Little Golem TwixT `.tsgf` (swap, resignation, a
//! draw offer, a connection), T1j and twixtbot-ui `.T1`, boardspace's Lines of
//! Action SGF with captures, Little Golem Hex `.hsgf` and Havannah `.hgf` —
//! opens to the right
//! position and winner; what cannot be shown as it was played is refused with
//! a message; `io::open` tells formats apart by their content; `.tsgf` written
//! is read back.
//!
//! The Little Golem Hex records are in the exact shape the site writes them:
//! two real games — #1612755 as PlayHex's importer test quotes it, #1139802
//! with a swap as cgao3's converter quotes it — with the players renamed. The
//! swap is checked against the other convention Benzene's Little Golem bot
//! uses (its engine has no such swap: it transposes every later point), and
//! the board's orientation against PlayHex's test of a first-player win.

use boardwright::game::record::{Opened, open, replay, save_game, save_sgf, save_tsgf};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::foreign::{ForeignError, read_any_sgf};
use boardwright::io::{self, Document};
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/foreign")
        .join(name)
}

fn open_game(path: &Path) -> Box<dyn DynGame> {
    match open(path) {
        Ok(Opened::Game(g, _)) => g,
        Ok(Opened::Board { .. }) => panic!("{} opened as a board", path.display()),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

fn open_error(path: &Path) -> String {
    match open(path) {
        Ok(_) => panic!("{} opened", path.display()),
        Err(e) => e.to_string(),
    }
}

/// The labels of the faces holding `player`'s pieces, sorted.
fn pieces(g: &dyn DynGame, player: u8) -> Vec<String> {
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

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn notes(path: &Path) -> Vec<String> {
    match io::open(path) {
        Ok(Document::Game(r)) => r.notes,
        other => panic!("{}: {other:?}", path.display()),
    }
}

#[test]
fn little_golem_tsgf_with_swap_and_resignation_opens_at_its_position_and_winner() {
    let path = data("lg-swap-resign.tsgf");
    let g = open_game(&path);
    assert_eq!(g.kind(), RulesKind::Twixt);
    assert_eq!(g.board().face_count(), 24 * 24 - 4);
    assert_eq!(g.players(), &["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(
        g.history(),
        ["e3", "swap", "k10", "j16", "p16", "m13", "o12"]
    );
    // The swap gave Bob (second, Blue) Ann's e3 mirrored to c5.
    assert_eq!(pieces(g.as_ref(), 0), sorted(&["k10", "p16", "o12"]));
    assert_eq!(pieces(g.as_ref(), 1), sorted(&["c5", "j16", "m13"]));
    let o = g.outcome().expect("the game ended by resignation");
    assert_eq!(o.winner, Some(0));
    assert_eq!(g.resigned(), Some(1));
    assert!(g.options().swap, "Little Golem plays with the swap rule");
    let n = notes(&path);
    assert!(
        n.iter()
            .any(|s| s.contains("move 6") && s.contains("draw offer")),
        "{n:?}"
    );
}

#[test]
fn little_golem_tsgf_won_by_a_connection_shows_the_winner_and_links() {
    let g = open_game(&data("lg-connection.tsgf"));
    assert_eq!(g.board().face_count(), 8 * 8 - 4);
    let o = g.outcome().expect("Red's pegs join top and bottom");
    assert_eq!(o.winner, Some(0));
    assert_eq!(g.resigned(), None);
    // c1–d3–e5–f7–d8, linked automatically.
    assert_eq!(g.links().iter().filter(|l| l.2 == 0).count(), 4);
}

#[test]
fn a_little_golem_link_across_its_own_link_is_refused_naming_the_move() {
    let e = open_error(&data("lg-own-link-crossing.tsgf"));
    assert!(e.contains("lg-own-link-crossing.tsgf"), "{e}");
    assert!(e.contains("move 7 'bd' (b4)"), "{e}");
    assert!(e.contains("links it to d3"), "{e}");
    assert!(e.contains("never lets links cross"), "{e}");
}

#[test]
fn t1j_record_opens_with_its_players_board_and_connection() {
    let path = data("t1j-connection.T1");
    let g = open_game(&path);
    assert_eq!(g.kind(), RulesKind::Twixt);
    assert_eq!(g.board().face_count(), 8 * 8 - 4);
    assert_eq!(g.players(), &["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(g.history().len(), 9);
    assert_eq!(
        pieces(g.as_ref(), 0),
        sorted(&["c1", "d3", "e5", "f7", "d8"])
    );
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(0)));
    assert!(g.options().dead_draw, "T1j plays the dead draw");
    assert!(!g.options().swap, "pierule N");
}

#[test]
fn t1j_record_where_player_two_starts_is_the_same_game_mirrored() {
    let g = open_game(&data("t1j-player2-starts.T1"));
    // Bob started (left–right in T1j): he is boardwright's Red, mirrored.
    assert_eq!(g.players(), &["Bob".to_string(), "Ann".to_string()]);
    assert_eq!(
        pieces(g.as_ref(), 0),
        sorted(&["c1", "d3", "e5", "f7", "d8"])
    );
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(0)));
    let n = notes(&data("t1j-player2-starts.T1"));
    assert!(n.iter().any(|s| s.contains("mirrored")), "{n:?}");
}

#[test]
fn twixtbot_ui_t1_with_swap_and_resignation_opens() {
    let g = open_game(&data("twixtbot-ui-swap-resign.T1"));
    assert_eq!(
        g.history(),
        ["e3", "swap", "k10", "j16", "p16", "m13", "o12"]
    );
    assert_eq!(pieces(g.as_ref(), 1), sorted(&["c5", "j16", "m13"]));
    assert_eq!(g.resigned(), Some(1));
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(0)));
    assert!(g.options().swap, "pierule Y");
}

#[test]
fn bad_t1_files_are_refused_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(data("t1j-connection.T1")).unwrap();
    for (from, to, expect) in [
        ("8# x-size", "9# x-size", "9×8"),
        ("\nA4\n", "\nZ4\n", "line 17: 'Z4' is not a hole"),
        ("\nA4\n", "\nA0\n", "line 17: 'A0' is not a hole"),
        ("1# starting", "3# starting", "line 10: starting player '3'"),
        ("8# y-size", "99# y-size", "line 6: board size '99'"),
    ] {
        let path = dir.path().join("bad.T1");
        std::fs::write(&path, good.replacen(from, to, 1)).unwrap();
        let e = open_error(&path);
        assert!(e.contains(expect), "{from} → {to}: {e}");
        assert!(e.contains("T1j TwixT record"), "{e}");
    }
}

#[test]
fn sgf_files_are_told_apart_by_their_game() {
    let go = "(;FF[4]GM[1]SZ[19];B[pd];W[dp])";
    let e = read_any_sgf(go).unwrap_err();
    assert!(matches!(e, ForeignError::OtherGame { .. }));
    let e = e.to_string();
    assert!(e.contains("a game of Go (GM[1])"), "{e}");
    assert!(
        e.contains("Hex (GM[11])") && e.contains("Lines of Action (GM[9]"),
        "{e}"
    );
    // GM[21] with Little Golem's moves is TwixT, whatever the file is called.
    let r = read_any_sgf("(;FF[4]GM[21]SZ[24];b[ec];r[jp])").unwrap();
    assert_eq!(r.rules, "twixt");
    assert_eq!(r.moves, ["e3", "j16"]);
    // HexGui's is still Hex.
    let r = read_any_sgf("(;FF[4]GM[11]SZ[5];B[c2];W[b4])").unwrap();
    assert_eq!(r.rules, "hex");
}

#[test]
fn files_of_any_name_open_by_their_content() {
    let dir = tempfile::tempdir().unwrap();
    for (src, rules) in [
        ("lg-swap-resign.tsgf", RulesKind::Twixt),
        ("t1j-connection.T1", RulesKind::Twixt),
    ] {
        // An .sgf name for a Little Golem record, and no extension at all.
        for name in ["game.sgf", "game-record"] {
            if src.ends_with(".T1") && name.ends_with(".sgf") {
                continue;
            }
            let path = dir.path().join(name);
            std::fs::copy(data(src), &path).unwrap();
            assert_eq!(open_game(&path).kind(), rules, "{src} as {name}");
        }
    }
}

#[test]
fn an_unknown_file_lists_every_format_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "nothing a game program writes").unwrap();
    let e = open_error(&path);
    for format in [
        ".ron",
        ".obj",
        ".sgf",
        "HexGui",
        "boardspace",
        ".tsgf",
        ".T1",
    ] {
        assert!(e.contains(format), "{format} missing from: {e}");
    }
}

#[test]
fn boardspace_loa_sgf_with_captures_opens_with_its_winner() {
    let g = open_game(&data("boardspace-loa.sgf"));
    assert_eq!(g.kind(), RulesKind::Loa);
    assert_eq!(g.players(), &["ann".to_string(), "bob".to_string()]);
    assert_eq!(g.history(), ["b1-b3", "h3-e3", "b3xe3", "a4-c4", "c1xc4"]);
    assert_eq!(
        pieces(g.as_ref(), 0),
        sorted(&[
            "d1", "e1", "f1", "g1", "e3", "c4", "b8", "c8", "d8", "e8", "f8", "g8"
        ])
    );
    assert_eq!(
        pieces(g.as_ref(), 1),
        sorted(&["a2", "a3", "a5", "a6", "a7", "h2", "h4", "h5", "h6", "h7"])
    );
    assert_eq!(g.resigned(), Some(1));
    assert_eq!(g.outcome().map(|o| o.winner), Some(Some(0)));
}

#[test]
fn boardspace_loa_sgf_that_does_not_fit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(data("boardspace-loa.sgf")).unwrap();
    for (from, to, expect) in [
        (
            "B3:E3",
            "B3-E3",
            "lands on the opponent's piece on e3 without the capture mark",
        ),
        (
            "A4-C4",
            "A4:C4",
            "is marked as a capture, but c4 holds no opponent's piece",
        ),
        (
            "won by ann",
            "won by bob",
            "RE[Game won by bob] disagrees with the moves",
        ),
        ("SU[Loa 3468613 100]", "SU[LOAP]", "the variant SU[LOAP]"),
        ("0 Start]", "0 Start White]", "starts with 'Start White'"),
        ("CM[0,1]", "CM[1,0]", "the colour map CM[1,0]"),
        (
            "; W[2 H3-E3",
            "; B[2 H3-E3",
            "is made by Black (B), but it is the other player's turn",
        ),
        ("C1:C4", "D1-D4", "move 5 'd1-d4' is illegal"),
    ] {
        let path = dir.path().join("bad.sgf");
        std::fs::write(&path, good.replacen(from, to, 1)).unwrap();
        let e = open_error(&path);
        assert!(e.contains(expect), "{from} → {to}: {e}");
    }
}

fn loa_game(moves: &[&str]) -> Box<dyn DynGame> {
    let board = Arc::new(presets::lines_of_action());
    let mut g = new_game(RulesKind::Loa, board, &GameOptions::default()).unwrap();
    for m in moves {
        g.play_str(m).unwrap();
    }
    g
}

/// A Lines of Action game saved as `.sgf` is written the way boardspace.net
/// writes its records (`commonCanvas.printGameRecord`; moves as the colour's
/// `B[…]`/`W[…]` with their number, upper-case squares, `:` for a capture),
/// and reads back as the same game.
#[test]
fn a_loa_game_saved_as_sgf_is_boardspace_s_record_and_reads_back() {
    let mut g = loa_game(&["b1-b3", "h3-e3", "b3xe3", "a4-c4", "c1xc4"]);
    g.set_players(["Ann".into(), "Bob Two".into()]);
    g.resign(1).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.sgf");
    save_game(g.as_ref(), &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        "(;\nGM[9]VV[1]\nCM[0,1]\nSU[Loa]\nRE[Game won by Ann]\nP0[id \"Ann\"]\nP1[id \"Bob Two\"]\n\
         ; B[0 Start]\n; B[1 B1-B3    ]\n; W[2 H3-E3    ]\n; B[3 B3:E3    ]\n; W[4 A4-C4    ]\n\
         ; B[5 C1:C4    ]\n; W[6 Resigns]\n)\n"
    );
    let back = open_game(&path);
    assert_eq!(back.kind(), RulesKind::Loa);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.players(), g.players());
    assert_eq!(back.resigned(), Some(1));
    assert_eq!(back.outcome().map(|o| o.winner), Some(Some(0)));
    // boardspace's own record (its time, its trailer node) converts to the
    // same moves.
    let theirs = open_game(&data("boardspace-loa.sgf"));
    let again = dir.path().join("again.sgf");
    save_game(theirs.as_ref(), &again).unwrap();
    assert_eq!(open_game(&again).history(), theirs.history());
    // A game won on the board names its winner; an unfinished one has no RE.
    let unfinished = loa_game(&["b1-b3"]);
    save_game(unfinished.as_ref(), &again).unwrap();
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(!text.contains("RE["), "{text}");
    assert!(
        text.contains("P0[id \"Black\"]\nP1[id \"White\"]"),
        "{text}"
    );
    assert_eq!(open_game(&again).history(), ["b1-b3"]);
}

/// What boardspace could not read back is refused with the reason, and
/// nothing is written: a name with a quote or a per cent sign (boardspace
/// decodes `%65%`), a game with variations, another start.
#[test]
fn a_loa_game_boardspace_could_not_read_is_not_written_as_sgf() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.sgf");
    for (name, why) in [("Ann \"A\"", "'\"'"), ("100%", "'%'")] {
        let mut g = loa_game(&["b1-b3"]);
        g.set_players([name.into(), "Bob".into()]);
        let e = save_game(g.as_ref(), &path).unwrap_err().to_string();
        assert!(
            e.contains("boardspace cannot read a name with") && e.contains(why),
            "{e}"
        );
        assert!(!path.exists());
    }
    let mut g = loa_game(&["b1-b3", "h3-e3"]);
    g.undo();
    g.play_str("h4-f4").unwrap();
    let e = save_game(g.as_ref(), &path).unwrap_err().to_string();
    assert!(e.contains("a game with 1 variation(s)"), "{e}");
    // Another start: the board's start pieces changed in the editor.
    let mut board = presets::lines_of_action();
    let b1 = board.face_by_label("b1").unwrap();
    boardwright::edit::apply(
        &mut board,
        &boardwright::edit::BoardEdit::SetStartPiece {
            face: b1,
            player: None,
        },
    )
    .unwrap();
    let g = new_game(RulesKind::Loa, Arc::new(board), &GameOptions::default()).unwrap();
    let e = save_game(g.as_ref(), &path).unwrap_err().to_string();
    assert!(e.contains("standard 8×8 position"), "{e}");
    assert!(!path.exists());
}

/// boardspace files in the other shapes it reads: moves as `P0[…]`/`P1[…]`
/// (the generic form), `GM[loa]` or no `GM`. A game won on time
/// (`WinOnTime`) opens as lost on time; one decided off the board otherwise
/// (`Forfeit`) opens unfinished after its last move, with the result as a
/// note — neither is refused.
#[test]
fn boardspace_loa_in_other_shapes_and_games_won_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.sgf");
    let generic = "(;\nGM[9]VV[1]\nSU[loa]\nP0[id \"a\"]\nP1[id \"b\"]\n; P0[0 Start Black]\n; P0[1 B1-B3   ]\n; P1[2 A2-C2   ]\n)";
    for text in [
        generic.to_string(),
        generic.replace("GM[9]", "GM[loa]"),
        generic.replace("GM[9]VV[1]\n", ""),
    ] {
        std::fs::write(&path, &text).unwrap();
        let g = open_game(&path);
        assert_eq!(g.kind(), RulesKind::Loa, "{text}");
        assert_eq!(g.history(), ["b1-b3", "a2-c2"], "{text}");
        assert_eq!(g.players(), &["a".to_string(), "b".to_string()]);
    }
    let on_time = "(;\nGM[9]VV[1]\nSU[Loa]\nRE[Game won by bob]\nP0[id \"ann\"]\nP1[id \"bob\"]\n\
                   ; B[0 Start]\n; B[1 B1-B3    ]\n; W[2 H3-E3    ]\n; W[3 WinOnTime]\n)";
    std::fs::write(&path, on_time).unwrap();
    let g = open_game(&path);
    assert_eq!(g.history(), ["b1-b3", "h3-e3"]);
    let outcome = g.outcome().expect("lost on time");
    assert_eq!(outcome.winner, Some(1));
    assert!(outcome.reason.contains("time"), "{}", outcome.reason);
    std::fs::write(&path, on_time.replace("WinOnTime", "Forfeit")).unwrap();
    let g = open_game(&path);
    assert_eq!(g.history(), ["b1-b3", "h3-e3"]);
    assert!(g.outcome().is_none(), "the position is not over");
    let n = notes(&path);
    assert!(
        n.iter().any(|n| n.contains(
            "RE[Game won by bob]: the game was decided off the board ('Forfeit'); it opens unfinished"
        )),
        "{n:?}"
    );
}

fn twixt_game(n: u32, moves: &[&str]) -> Box<dyn DynGame> {
    let board = Arc::new(boardwright::presets::twixt(n));
    let mut g = new_game(
        RulesKind::Twixt,
        board,
        &GameOptions {
            swap: true,
            ..GameOptions::default()
        },
    )
    .unwrap();
    for m in moves {
        g.play_str(m).unwrap();
    }
    g
}

#[test]
fn a_twixt_game_saved_as_tsgf_reads_back_the_same_game() {
    let mut g = twixt_game(24, &["e3", "swap", "k10", "j16", "p16"]);
    g.set_players(["Ann".into(), "Bob]".into()]);
    g.resign(1).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("saved.tsgf");
    save_game(g.as_ref(), &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(";b[ec];r[swap];b[kj];r[jp];b[pp];r[resign])"),
        "{text}"
    );
    let back = open_game(&path);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.players(), g.players());
    assert_eq!(back.resigned(), Some(1));
    assert_eq!(back.outcome().map(|o| o.winner), Some(Some(0)));
}

#[test]
fn tsgf_is_refused_for_other_games_and_for_links_little_golem_would_draw() {
    let hex = new_game(
        RulesKind::Hex,
        Arc::new(boardwright::presets::hex(5)),
        &GameOptions::default(),
    )
    .unwrap();
    let e = save_tsgf(hex.as_ref()).unwrap_err().to_string();
    assert!(e.contains("Hex games cannot be saved as .tsgf"), "{e}");
    // boardwright leaves b4–d3 unlinked (it would cross c3–d5); Little Golem
    // would link it, so the file would show another game.
    let g = twixt_game(24, &["c3", "t20", "d5", "t19", "d3", "t18", "b4"]);
    let e = save_tsgf(g.as_ref()).unwrap_err().to_string();
    assert!(e.contains("move 7 'b4'"), "{e}");
    // A board larger than two letters can name.
    let g = twixt_game(30, &["c3"]);
    let e = save_tsgf(g.as_ref()).unwrap_err().to_string();
    assert!(e.contains("26×26"), "{e}");
}

#[test]
fn replaying_the_tsgf_record_data_checks_every_move() {
    // A hole in the opponent's border row is refused by the rules when replayed.
    let r = read_any_sgf("(;FF[4]EV[twixt.ld.DEFAULT]SZ[24];b[ac])").unwrap();
    let e = match replay(&r, None) {
        Ok(_) => panic!("a1-column peg for the first player replayed"),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("move 1 'a3' is illegal"), "{e}");
}

mod properties {
    use super::*;
    use boardwright::io::t1::read_t1;
    use boardwright::io::tsgf::read_tsgf;
    use proptest::prelude::*;

    const TSGF_SEED: &str = "(;FF[4]EV[twixt.ld.DEFAULT]PB[a]PW[b]SZ[8]SO[https://www.littlegolem.net];b[ca];r[swap];b[dc];r[ad|draw];b[ee];r[resign])";
    const LOA_SEED: &str = "(;\nGM[9]VV[1]\nSU[loa]\nP0[id \"a\"]\nP1[id \"b\"]\nRE[Game won by a]\n; P0[0 Start Black]\n; P0[1 B1-B3   ]\n; P1[2 A2-C2   ]\n; P0[3 Resigns]\n)";
    const HGF_SEED: &str = "(;FF[4]EV[null]PB[a]PW[b]SZ[4]RU[LG]RE[W]GC[ game #1]SO[http://www.littlegolem.com];W[B1];B[swap];W[D2];B[B4];W[G4];B[A2];W[resign])";
    const T1_SEED: &str = "# File created by T1j\n#\n1 # version\nA# 1\nB# 2\n8# y\n8# x\nH# h\nC# c\n1# start\nV# d\nY# pie\nN# over\nC1\nswap\nD3\nresign\n";

    /// A valid file with random edits, including the formats' own tokens.
    fn mutated(seed: &'static str) -> impl Strategy<Value = Vec<u8>> {
        let len = seed.len();
        prop::collection::vec((0..len, any::<u8>(), 0u8..4), 1..8).prop_map(move |edits| {
            let mut b = seed.as_bytes().to_vec();
            for (pos, byte, op) in edits {
                let pos = pos.min(b.len());
                match op {
                    0 => {
                        if pos < b.len() {
                            b[pos] = byte;
                        }
                    }
                    1 => b.insert(pos, byte),
                    2 => b.truncate(pos),
                    _ => {
                        let toks: [&[u8]; 12] = [
                            b"(",
                            b")",
                            b";",
                            b"[",
                            b"]",
                            b"\\",
                            b"r[swap]",
                            b"b[resign]",
                            b"GM[21]",
                            b"GM[9]",
                            b":",
                            b"\nswap\n",
                        ];
                        let tok = toks[byte as usize % toks.len()];
                        b.splice(pos..pos, tok.iter().copied());
                    }
                }
            }
            b
        })
    }

    /// Read with every new reader and replay what reads: no panic, and every
    /// message is one short line.
    fn read_all(bytes: &[u8]) -> Result<(), TestCaseError> {
        let text = String::from_utf8_lossy(bytes);
        for r in [read_any_sgf(&text), read_tsgf(&text), read_t1(&text)] {
            match r {
                Ok(r) => {
                    if let Err(e) = replay(&r, None) {
                        let m = e.to_string();
                        prop_assert!(!m.contains('\n') && m.len() < 400, "{m}");
                    }
                }
                Err(e) => {
                    let m = e.to_string();
                    prop_assert!(!m.contains('\n') && m.len() < 500, "{m}");
                }
            }
        }
        Ok(())
    }

    fn cases() -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(300)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

        #[test]
        fn foreign_readers_never_panic_on_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            read_all(&bytes)?;
        }

        #[test]
        fn foreign_readers_never_panic_on_mutated_tsgf(bytes in mutated(TSGF_SEED)) {
            read_all(&bytes)?;
        }

        #[test]
        fn foreign_readers_never_panic_on_mutated_loa_sgf(bytes in mutated(LOA_SEED)) {
            read_all(&bytes)?;
        }

        #[test]
        fn foreign_readers_never_panic_on_mutated_little_golem_havannah(bytes in mutated(HGF_SEED)) {
            read_all(&bytes)?;
        }

        #[test]
        fn foreign_readers_never_panic_on_mutated_t1(bytes in mutated(T1_SEED)) {
            read_all(&bytes)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Random TwixT games on every size a .tsgf holds: written and read
        /// back to the same moves, players and result — or refused because
        /// Little Golem would link across a player's own link (or, with the
        /// dead draw on, because the game ended in a dead draw).
        #[test]
        fn random_twixt_games_survive_tsgf(
            n in 5u32..=26,
            picks in prop::collection::vec(any::<u16>(), 0..200),
            resign in any::<bool>(),
        ) {
            let mut g = twixt_game(n, &[]);
            for &k in &picks {
                let legal = g.legal_moves();
                if legal.is_empty() || g.outcome().is_some() {
                    break;
                }
                g.play_str(&legal[k as usize % legal.len()]).unwrap();
            }
            if resign && let Some(p) = g.to_move() {
                g.resign(p).unwrap();
            }
            match save_tsgf(g.as_ref()) {
                Ok(text) => {
                    let back = replay(&read_tsgf(&text).unwrap(), None).unwrap();
                    prop_assert_eq!(back.history(), g.history());
                    prop_assert_eq!(back.players(), g.players());
                    prop_assert_eq!(back.outcome().map(|o| o.winner), g.outcome().map(|o| o.winner));
                    prop_assert_eq!(back.resigned(), g.resigned());
                }
                Err(e) => {
                    let m = e.to_string();
                    let dead = g.outcome().is_some_and(|o| o.winner.is_none());
                    prop_assert!(
                        m.contains("never lets links cross") || (dead && m.contains("neither player can connect")),
                        "{m}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_command_line_describes_other_programs_records_and_refuses_in_one_line() {
    let run = |file: &Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_boardwright"))
            .arg("info")
            .arg(file)
            .output()
            .unwrap()
    };
    for (name, rules, board, moves) in [
        (
            "lg-swap-resign.tsgf",
            "twixt",
            "preset twixt 24",
            "7 (swap rule)",
        ),
        ("t1j-connection.T1", "twixt", "preset twixt 8", "9"),
        ("boardspace-loa.sgf", "loa", "preset loa", "5"),
    ] {
        let o = run(&data(name));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(out.contains("this is a game record"), "{name}: {out}");
        assert!(out.contains(&format!("rules:   {rules}")), "{name}: {out}");
        assert!(out.contains(&format!("board:   {board}")), "{name}: {out}");
        assert!(out.contains(&format!("moves:   {moves}")), "{name}: {out}");
    }
    let o = run(&data("t1j-player2-starts.T1"));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("mirrored"), "the note is shown: {err}");
    let dir = tempfile::tempdir().unwrap();
    let go = dir.path().join("go.sgf");
    std::fs::write(&go, "(;FF[4]GM[1]SZ[19];B[pd])").unwrap();
    let o = run(&go);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("a game of Go (GM[1])"), "{err}");
}

/// The swap rule comes back as it was played, through HexGui SGF and Little
/// Golem's `.tsgf`, after one move (where it decides whether the second
/// player may swap next). Neither format marks the rule: a HexGui record
/// reads with it on only when a swap was played, a Little Golem record always
/// (the site plays with it), so a TwixT game without the rule reopened from
/// `.tsgf` offered the swap (seen in the real window) and a Hex game with it
/// lost it. The writers add `RU[no swap]` / `RU[swap]` exactly then.
#[test]
fn the_swap_rule_survives_hexgui_sgf_and_little_golem_tsgf() {
    use boardwright::io::sgf::read_sgf;
    use boardwright::io::tsgf::read_tsgf;
    for swap in [false, true] {
        let options = GameOptions {
            swap,
            ..GameOptions::default()
        };
        // The rule as played, and the swap offered after the first move exactly then.
        let reads_back = |back: Box<dyn DynGame>, text: &str| {
            assert_eq!(back.options().swap, swap, "{text}");
            let offered = back.legal_moves().contains(&"swap".to_string());
            assert_eq!(offered, swap, "{text}");
        };
        let mut hex = new_game(RulesKind::Hex, Arc::new(presets::hex(11)), &options).unwrap();
        hex.play_str("f6").unwrap();
        let text = save_sgf(hex.as_ref()).unwrap();
        assert_eq!(text.contains("RU[swap]"), swap, "{text}");
        reads_back(replay(&read_sgf(&text).unwrap(), None).unwrap(), &text);

        let mut twixt = new_game(RulesKind::Twixt, Arc::new(presets::twixt(24)), &options).unwrap();
        twixt.play_str("k12").unwrap();
        let text = save_tsgf(twixt.as_ref()).unwrap();
        assert_eq!(text.contains("RU[no swap]"), !swap, "{text}");
        reads_back(replay(&read_tsgf(&text).unwrap(), None).unwrap(), &text);
    }
    // Little Golem's Havannah records carry RU[LG] and have no mark of the
    // rule: saving says so instead.
    let dir = tempfile::tempdir().unwrap();
    for swap in [false, true] {
        let options = GameOptions {
            swap,
            ..GameOptions::default()
        };
        let board = Arc::new(
            RulesKind::Havannah
                .entry()
                .default_board
                .build(Some(4))
                .unwrap(),
        );
        let mut g = new_game(RulesKind::Havannah, board, &options).unwrap();
        let first = g.legal_moves()[0].clone();
        g.play_str(&first).unwrap();
        let said = save_game(g.as_ref(), &dir.path().join("h.hgf")).unwrap();
        assert_eq!(
            said.iter()
                .any(|n| n.contains("does not keep the swap rule")),
            swap,
            "{said:?}"
        );
    }
    // Files as the other programs write them keep their readings: HexGui's
    // without a swap, the rule off; Little Golem's, on.
    let hexgui = read_sgf("(;FF[4]AP[HexGui:0.10.0]GM[11]SZ[11];B[f6];W[e5])").unwrap();
    assert!(!hexgui.options.swap);
    let lg = read_tsgf("(;FF[4]EV[twixt.ld.DEFAULT]PB[Ann]PW[Bob]SZ[24];b[kl];r[jl])").unwrap();
    assert!(lg.options.swap);
    // A swap played under RU[no swap] is read with the rule on, with a note;
    // an RU of other words is noted and the format's reading kept.
    let r = read_tsgf("(;FF[4]SZ[24]RU[no swap];b[kl];r[swap];b[dd])").unwrap();
    assert!(r.options.swap);
    assert!(
        r.notes.iter().any(|n| n.contains("but a swap was played")),
        "{:?}",
        r.notes
    );
    let r = read_sgf("(;FF[4]GM[11]SZ[11]RU[Tournament];B[f6])").unwrap();
    assert!(!r.options.swap);
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("RU[Tournament] were not read")),
        "{:?}",
        r.notes
    );
}

/// HexGui's label (column letter, row number) mirrored across the diagonal.
fn transposed(label: &str) -> String {
    let col = label.as_bytes()[0] - b'a';
    let row: u8 = label[1..].parse::<u8>().unwrap() - 1;
    format!("{}{}", (b'a' + row) as char, col + 1)
}

#[test]
fn a_little_golem_game_opens_at_its_resignation_with_the_first_player_as_red() {
    let g = open_game(&data("lg-hex-1612755.hsgf"));
    assert_eq!(g.kind(), RulesKind::Hex);
    assert_eq!(g.board().face_count(), 13 * 13);
    assert_eq!(g.players(), &["ann".to_string(), "bob".to_string()]);
    assert!(
        g.options().swap,
        "Little Golem plays Hex with the swap rule"
    );
    // 27 stones; "resign" is not a move (PlayHex's test counts the same).
    assert_eq!(g.history().len(), 27);
    assert_eq!(g.history()[0], "a13"); // W[am]
    assert_eq!(g.history()[1], "i9"); // B[ii]
    assert_eq!(g.history()[26], "k6"); // W[kf]
    assert_eq!(pieces(g.as_ref(), 0).len(), 14);
    assert_eq!(pieces(g.as_ref(), 1).len(), 13);
    assert!(pieces(g.as_ref(), 0).contains(&"a13".to_string()));
    assert!(pieces(g.as_ref(), 1).contains(&"i9".to_string()));
    // B[resign]: the second player (bob) resigned; RE[B] names PB, the winner.
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(0));
    assert!(o.reason.contains("resigned"), "{}", o.reason);
}

#[test]
fn after_little_golems_swap_the_moves_read_as_written_are_benzenes_game_in_a_mirror() {
    let g = open_game(&data("lg-hex-1139802-swap.hsgf"));
    let h = g.history();
    assert_eq!(h.len(), 38);
    assert_eq!(&h[..4], ["m6", "swap", "k10", "i5"]);
    // The swap gave bob (Blue) the first stone mirrored; ann (Red) moves on.
    let red = pieces(g.as_ref(), 0);
    let blue = pieces(g.as_ref(), 1);
    assert!(blue.contains(&"f13".to_string()) && !red.contains(&"m6".to_string()));
    assert!(red.contains(&"k10".to_string()));
    // W[resign]: ann resigned, and RE[W] names PW (bob), the winner.
    let o = g.outcome().expect("the game is over");
    assert_eq!(o.winner, Some(1));

    // Benzene's Little Golem bot (UALGHex) plays the same record on an engine
    // without this swap: the first stone stays, every later point is
    // transposed, and the colours simply alternate. That game is ours seen in
    // the diagonal mirror, with the colours exchanged.
    let mut bot = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(13)),
        &GameOptions::default(),
    )
    .unwrap();
    let file = std::fs::read_to_string(data("lg-hex-1139802-swap.hsgf")).unwrap();
    let lg_points: Vec<&str> = file
        .split(';')
        .filter_map(|n| n.strip_prefix("W[").or_else(|| n.strip_prefix("B[")))
        .map(|v| v.split(']').next().unwrap())
        .filter(|v| *v != "swap" && *v != "resign")
        .collect();
    for (k, p) in lg_points.iter().enumerate() {
        let b = p.as_bytes();
        let (x, y) = if k == 0 { (b[0], b[1]) } else { (b[1], b[0]) };
        bot.play_str(&format!("{}{}", x as char, y - b'a' + 1))
            .unwrap();
    }
    let mirror = |v: Vec<String>| {
        let mut v: Vec<String> = v.iter().map(|l| transposed(l)).collect();
        v.sort();
        v
    };
    assert_eq!(mirror(pieces(bot.as_ref(), 0)), blue);
    assert_eq!(mirror(pieces(bot.as_ref(), 1)), red);
}

#[test]
fn the_first_player_joins_top_and_bottom_and_a_winner_without_resignation_won_on_time() {
    // PlayHex's importer test: "moves of a 3x3 game where first player connects".
    let r = read_any_sgf("(;FF[4]PB[a]PW[b]SZ[3]RE[B];W[ba];B[aa];W[bb];B[ab];W[bc])").unwrap();
    let g = replay(&r, None).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert!(o.reason.contains("top and bottom"), "{}", o.reason);
    // RE[W] after one move, no connection, no resignation: the first player's time ran out.
    let r = read_any_sgf("(;FF[4]PB[a]PW[b]SZ[3]RE[W];W[ba])").unwrap();
    let o = replay(&r, None).unwrap().outcome().unwrap();
    assert_eq!(o.winner, Some(1));
    assert!(o.reason.contains("ran out of time"), "{}", o.reason);
    // A game in progress (no RE) opens ready to go on.
    let r = read_any_sgf("(;FF[4]PB[a]PW[b]SZ[13]SO[https://www.littlegolem.net];W[am];B[ii])")
        .unwrap();
    let g = replay(&r, None).unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.to_move(), Some(0));
    // A recorded winner the moves contradict is reported, not obeyed.
    let r = read_any_sgf("(;FF[4]SZ[3]RE[W];W[ba];B[aa];W[bb];B[ab];W[bc])").unwrap();
    let e = replay(&r, None).unwrap_err().to_string();
    assert!(e.contains("RE[W]"), "{e}");
}

#[test]
fn little_golem_records_open_by_their_content_whatever_their_name() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["game1612755.hsgf", "game.sgf", "game-record", "GAME.HSGF"] {
        let path = dir.path().join(name);
        std::fs::copy(data("lg-hex-1612755.hsgf"), &path).unwrap();
        let g = open_game(&path);
        assert_eq!(
            (g.kind(), g.history().len()),
            (RulesKind::Hex, 27),
            "{name}"
        );
    }
    // A HexGui record named .hsgf is still HexGui's.
    let path = dir.path().join("hexgui.hsgf");
    std::fs::write(&path, "(;FF[4]GM[11]SZ[5];B[c2];W[b4])").unwrap();
    assert_eq!(open_game(&path).history(), ["c2", "b4"]);
}

#[test]
fn what_little_golem_hex_cannot_mean_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    for (text, says) in [
        (
            "(;FF[4]SZ[13];W[am];W[ii])",
            "move 2 'ii' is marked W but it is B's turn",
        ),
        (
            "(;FF[4]SZ[13];W[am];B[an])",
            "move 2 'an' is not a cell of the 13×13 board",
        ),
        ("(;FF[4]SZ[13];W[am](;B[ii])(;B[bb]))", "variations"),
        // The swap later than the second move: the rules say why.
        ("(;FF[4]SZ[13];W[am];B[ii];W[swap])", "swap"),
    ] {
        let path = dir.path().join("bad.hsgf");
        std::fs::write(&path, text).unwrap();
        let e = match open(&path) {
            Ok(_) => panic!("{text} opened"),
            Err(e) => e.to_string(),
        };
        assert!(e.contains(says) && e.contains("bad.hsgf"), "{text}: {e}");
    }
}

/// Little Golem's Havannah records (`.hgf`), six real games from the archive
/// of castro, the Havannah program that played on the site as a bot
/// (`tewalds/castro`, `littlegolemhavannah/`), verbatim but for the players'
/// names (one renamed with a Latin-1 `ë`, as 25 of the archive's records hold
/// Latin-1 names). Each ends as the site recorded it: a ring, a bridge or a
/// fork made by the last move, by the player `RE` names, or a resignation.
#[test]
fn little_golem_havannah_records_open_at_their_ring_bridge_fork_or_resignation() {
    for (file, base, players, swap, plies, winner, how) in [
        (
            "lg-havannah-1129345.hgf",
            4,
            ["ann", "bob"],
            true,
            20,
            1,
            "White made a ring",
        ),
        (
            "lg-havannah-1055679.hgf",
            8,
            ["carl", "dora"],
            true,
            30,
            1,
            "White made a bridge",
        ),
        (
            "lg-havannah-1103220.hgf",
            10,
            ["emil", "fay"],
            false,
            29,
            0,
            "Black made a fork",
        ),
        (
            "lg-havannah-1122117.hgf",
            10,
            ["gus", "hedda"],
            false,
            15,
            0,
            "Black made a ring",
        ),
        (
            "lg-havannah-1066751.hgf",
            6,
            ["ivo", "jana"],
            true,
            8,
            1,
            "resigned",
        ),
        (
            "lg-havannah-1066743.hgf",
            5,
            ["kai", "Zoë"],
            true,
            15,
            0,
            "Black made a fork",
        ),
    ] {
        let g = open_game(&data(file));
        assert_eq!(g.kind(), RulesKind::Havannah, "{file}");
        assert_eq!(
            g.board().face_count(),
            (3 * base * (base - 1) + 1) as usize,
            "{file}"
        );
        assert_eq!(g.players(), &players.map(String::from), "{file}");
        assert_eq!(g.options().swap, swap, "{file}");
        assert_eq!(g.history().len(), plies, "{file}");
        let o = g.outcome().expect("the game is over");
        assert_eq!(o.winner, Some(winner), "{file}");
        assert!(o.reason.contains(how), "{file}: {}", o.reason);
    }
    // The size-4 ring: W[B1] is a6, taken over by the swap; White's last
    // stone B[A2] (b7) closes the ring round c5, b6 and c6, one of them empty.
    let g = open_game(&data("lg-havannah-1129345.hgf"));
    assert_eq!(&g.history()[..4], ["a6", "swap", "b4", "d6"]);
    assert_eq!(g.history()[19], "b7");
    assert!(pieces(g.as_ref(), 1).contains(&"a6".to_string()));
    let b = g.board();
    let empty = ["c5", "b6", "c6"]
        .iter()
        .filter(|l| g.piece_at(b.face_by_label(l).unwrap()).is_none())
        .count();
    assert_eq!(empty, 1);
    // The Latin-1 name is read as SGF's default character set, and said so.
    let n = notes(&data("lg-havannah-1066743.hgf"));
    assert!(
        n.iter()
            .any(|m| m.contains("read as Latin-1 (ISO-8859-1), SGF's default")),
        "{n:?}"
    );
    assert!(notes(&data("lg-havannah-1129345.hgf")).is_empty());
}

/// A Havannah game saved as `.hgf` is Little Golem's record as the site
/// writes it — the six real records, opened and saved again, come back byte
/// for byte but for the game number and source (`GC`, `SO`), which a record
/// boardwright writes does not claim — and reads back as the same game.
#[test]
fn havannah_games_saved_as_hgf_are_little_golem_s_records() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("saved.hgf");
    for file in [
        "lg-havannah-1129345.hgf",
        "lg-havannah-1055679.hgf",
        "lg-havannah-1103220.hgf",
        "lg-havannah-1122117.hgf",
        "lg-havannah-1066751.hgf",
        "lg-havannah-1066743.hgf",
    ] {
        let g = open_game(&data(file));
        save_game(g.as_ref(), &out).unwrap();
        let written = std::fs::read_to_string(&out).unwrap();
        let original = String::from_utf8_lossy(&std::fs::read(data(file)).unwrap())
            .trim_end()
            .to_string();
        let gc = original.find("GC[").unwrap();
        let end = original.find(";W[").unwrap_or(original.len() - 1);
        let expected = format!("{}{}", &original[..gc], &original[end..]);
        if original.is_ascii() {
            assert_eq!(written, expected, "{file}");
        } else {
            // The Latin-1 name is written as UTF-8.
            assert!(written.contains("PW[Zoë]"), "{written}");
            assert!(written.ends_with(&original[end..]), "{file}: {written}");
        }
        let back = open_game(&out);
        assert_eq!(back.history(), g.history(), "{file}");
        assert_eq!(back.players(), g.players(), "{file}");
        assert_eq!(
            back.outcome().map(|o| o.winner),
            g.outcome().map(|o| o.winner),
            "{file}"
        );
    }
    // A game boardwright played, on New game's board of base 8, won by a
    // resignation of the player to move; a name with ']' escaped.
    let board = Arc::new(
        boardwright::tiling::build(&{
            let mut p =
                boardwright::tiling::TilingParams::new(boardwright::tiling::TilingKind::Hexagonal);
            p.shape =
                boardwright::tiling::ShapeSpec::new(boardwright::tiling::ShapeKind::Hexagon, 8);
            p
        })
        .unwrap(),
    );
    let mut g = new_game(
        RulesKind::Havannah,
        board,
        &GameOptions {
            swap: true,
            ..GameOptions::default()
        },
    )
    .unwrap();
    for m in ["h8", "swap", "g7"] {
        g.play_str(m).unwrap();
    }
    g.set_players(["Ann".into(), "Bob]".into()]);
    g.resign(1).unwrap();
    save_game(g.as_ref(), &out).unwrap();
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text,
        "(;FF[4]EV[null]PB[Ann]PW[Bob\\]]SZ[8]RU[LG]RE[B];W[H8];B[swap];W[I6];B[resign])"
    );
    let back = open_game(&out);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.players(), g.players());
    assert_eq!(back.resigned(), Some(1));
    // What Little Golem's records cannot hold is refused, and nothing written.
    let other = dir.path().join("other.hgf");
    let hex = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions::default(),
    )
    .unwrap();
    let e = save_game(hex.as_ref(), &other).unwrap_err().to_string();
    assert!(e.contains("Hex games cannot be saved as .hgf"), "{e}");
    // Black resigning while White is to move: the site has no such record.
    g.undo();
    assert_eq!(g.resigned(), None);
    g.resign(0).unwrap();
    let e = save_game(g.as_ref(), &other).unwrap_err().to_string();
    assert!(
        e.contains("a resignation made while the other player was to move"),
        "{e}"
    );
    let mut g = open_game(&data("lg-havannah-1129345.hgf"));
    g.undo();
    let last = g.history().len();
    let empty = g
        .board()
        .mesh()
        .face_ids()
        .find(|&f| g.piece_at(f).is_none() && g.board().label(f) != "b7")
        .map(|f| g.board().label(f).to_string())
        .unwrap();
    g.play_str(&empty).unwrap();
    assert_eq!(g.history().len(), last + 1);
    let e = save_game(g.as_ref(), &other).unwrap_err().to_string();
    assert!(e.contains("a game with 1 variation(s)"), "{e}");
    assert!(!other.exists());
}

/// The newer shape of the site's Havannah records names the game in `EV`
/// (game #1541446, as a Java project's reader test quotes it), and the
/// records open by their content under any name.
#[test]
fn little_golem_havannah_records_are_told_apart_by_their_content() {
    let text = "(;FF[4]EV[havannah.in.size4.4]PB[mickgraham]PW[kiwibill]SZ[4]RU[LG]RE[B]GC[ game #1541446]SO[http://www.littlegolem.com];W[E1];B[swap];W[F2];B[D3];W[G1];B[E4];W[G4];B[F3];W[E5];B[D6];W[D5];B[C2];W[G3];B[G2];W[E6];B[E3];W[D7];B[resign])";
    let dir = tempfile::tempdir().unwrap();
    for name in ["1541446.hgf", "game.sgf", "game-record", "GAME.HGF"] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let g = open_game(&path);
        assert_eq!(g.kind(), RulesKind::Havannah, "{name}");
        assert_eq!(g.history().len(), 17, "{name}");
        assert_eq!(&g.history()[..3], ["b3", "swap", "d2"], "{name}");
        let o = g.outcome().unwrap();
        assert_eq!((o.winner, o.reason.contains("resigned")), (Some(0), true));
    }
    // A game abandoned before its first move (#1022047 of castro's archive,
    // the players renamed): no point tells the game; RU[LG] does. The first
    // player's time ran out.
    let path = dir.path().join("1022047.hgf");
    std::fs::write(
        &path,
        "(;FF[4]EV[null]PB[ann]PW[bob]SZ[8]RU[LG]RE[W]GC[ game #1022047]SO[http://www.littlegolem.com])",
    )
    .unwrap();
    let g = open_game(&path);
    assert_eq!(
        (g.kind(), g.board().face_count()),
        (RulesKind::Havannah, 169)
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(1));
    assert!(o.reason.contains("time"), "{}", o.reason);
    // A cell off the board, a move out of turn: refused, naming the move.
    for (text, says) in [
        (
            "(;FF[4]EV[null]SZ[4]RU[LG];W[E1];B[E7])",
            "move 2 'E7' is not a cell of the board of size 4",
        ),
        (
            "(;FF[4]EV[null]SZ[4]RU[LG];W[E1];W[D4])",
            "move 2 'D4' is marked W but it is B's turn",
        ),
        ("(;FF[4]EV[null]SZ[4]RU[LG];W[E1];B[D4];W[swap])", "swap"),
    ] {
        let path = dir.path().join("bad.hgf");
        std::fs::write(&path, text).unwrap();
        let e = open_error(&path);
        assert!(e.contains(says) && e.contains("bad.hgf"), "{text}: {e}");
    }
    // An SGF file that is not UTF-8 and names another character set is refused.
    let path = dir.path().join("other.sgf");
    std::fs::write(
        &path,
        b"(;FF[4]CA[Shift_JIS]EV[havannah]SZ[4]PB[\x82\xa0];W[E1])",
    )
    .unwrap();
    assert!(open_error(&path).contains("not text"));
}

/// Every record of castro's archive of Little Golem Havannah games
/// (`tewalds/castro`, `littlegolemhavannah/`, 2,146 `.hgf` files: `git
/// archive` that folder out of a fetched copy), opened by boardwright's own
/// reader and replayed by its rules: each opens, and where the record names a
/// winner (`RE`) the replayed game's winner is that player — by a ring,
/// bridge or fork made by the last move, a resignation, or on time. Not in
/// the repository, so ignored by default:
///
/// ```sh
/// BOARDWRIGHT_LG_HAVANNAH=/path/to/littlegolemhavannah \
///   cargo test --release --test records_foreign -- --ignored little_golem_havannah_archive
/// ```
#[test]
#[ignore = "needs castro's archive of Little Golem Havannah records (BOARDWRIGHT_LG_HAVANNAH)"]
fn little_golem_havannah_archive_replays_to_the_recorded_winners() {
    let dir = std::env::var("BOARDWRIGHT_LG_HAVANNAH").expect("BOARDWRIGHT_LG_HAVANNAH");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "hgf"))
        .collect();
    files.sort();
    let mut count = std::collections::BTreeMap::<&str, usize>::new();
    for f in &files {
        let g = open_game(f);
        assert_eq!(g.kind(), RulesKind::Havannah, "{}", f.display());
        let text = std::fs::read(f).unwrap();
        let text = String::from_utf8_lossy(&text);
        let re = text
            .split("RE[")
            .nth(1)
            .and_then(|t| t.split(']').next())
            .map(str::to_string);
        let o = g.outcome();
        match (&re, &o) {
            (Some(re), Some(o)) => {
                let seat = if re == "B" { 0 } else { 1 };
                assert_eq!(
                    o.winner,
                    Some(seat),
                    "{}: RE[{re}], {}",
                    f.display(),
                    o.reason
                );
            }
            (None, None) => {}
            _ => panic!("{}: RE {re:?}, outcome {o:?}", f.display()),
        }
        let how = match &o {
            None => "in progress",
            Some(o) if o.reason.contains("made") => "ring, bridge or fork",
            Some(o) if o.reason.contains("resigned") => "resigned",
            Some(o) if o.reason.contains("time") => "on time",
            Some(_) => "other",
        };
        *count.entry(how).or_default() += 1;
    }
    eprintln!("{} records: {count:?}", files.len());
    assert_eq!(count.get("other"), None);
}
