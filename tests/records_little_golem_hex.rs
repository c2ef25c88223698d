//! Little Golem's Hex records (`.hsgf`), in the exact shape the site writes
//! them (`tests/data/foreign/lg-hex-*.hsgf`: two real games — #1612755 as
//! PlayHex's importer test quotes it, #1139802 with a swap as cgao3's
//! converter quotes it — with the players renamed): they open at their last
//! position with the right owner of every stone and the right winner. The
//! swap is checked against the other convention Benzene's Little Golem bot
//! uses (its engine has no such swap: it transposes every later point), and
//! the board's orientation against PlayHex's test of a first-player win.

use boardwright::game::record::{Opened, open, replay};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::foreign::read_any_sgf;
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

/// The labels of the cells holding `player`'s stones, sorted.
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
    assert_eq!(stones(g.as_ref(), 0).len(), 14);
    assert_eq!(stones(g.as_ref(), 1).len(), 13);
    assert!(stones(g.as_ref(), 0).contains(&"a13".to_string()));
    assert!(stones(g.as_ref(), 1).contains(&"i9".to_string()));
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
    let red = stones(g.as_ref(), 0);
    let blue = stones(g.as_ref(), 1);
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
    assert_eq!(mirror(stones(bot.as_ref(), 0)), blue);
    assert_eq!(mirror(stones(bot.as_ref(), 1)), red);
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
