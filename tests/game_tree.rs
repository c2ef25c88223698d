//! The move list as a game tree: variations kept, chosen, promoted, deleted, and
//! saved in RON game records (format 3) and in SGF as HexGui nests them.

use boardwright::game::record::{ReplayError, replay, save_record, save_sgf};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::record::{GameRecord, RecordError};
use boardwright::io::sgf::read_sgf;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::sync::Arc;

fn hex5() -> Box<dyn DynGame> {
    new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions::default(),
    )
    .unwrap()
}

fn play(g: &mut dyn DynGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn reopen(g: &dyn DynGame) -> Box<dyn DynGame> {
    let text = save_record(g);
    replay(&GameRecord::from_ron(&text).unwrap(), None).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Every line of the tree, as notation from the start, in a stable order.
fn lines(g: &dyn DynGame) -> Vec<String> {
    let t = g.tree();
    let mut out = Vec::new();
    let mut stack = vec![(boardwright::game::NodeId::ROOT, String::new())];
    while let Some((n, text)) = stack.pop() {
        let node = t.node(n).unwrap();
        if node.children.is_empty() {
            out.push(text.clone());
        }
        for &c in node.children.iter().rev() {
            let m = &t.node(c).unwrap().notation;
            stack.push((c, format!("{text} {m}").trim().to_string()));
        }
    }
    out
}

/// a1 b2 c3 d4, back to after b2: e5 a5; back to after a1: c1, back: d1 (variation in variation? no: both at ply 1).
fn branched() -> Box<dyn DynGame> {
    let mut g = hex5();
    play(g.as_mut(), "a1 b2 c3 d4");
    g.goto(2).unwrap();
    play(g.as_mut(), "e5 a5");
    g.goto(1).unwrap();
    play(g.as_mut(), "c1");
    g.goto(3).unwrap_err();
    g
}

#[test]
fn playing_at_an_earlier_position_keeps_the_old_line() {
    let g = branched();
    assert_eq!(g.history(), ["a1", "c1"]);
    assert_eq!(
        lines(g.as_ref()),
        ["a1 b2 c3 d4", "a1 b2 e5 a5", "a1 c1"],
        "main line first, then the variations in the order they were tried"
    );
}

#[test]
fn variations_round_trip_through_ron_with_the_cursor() {
    let mut g = branched();
    // A nested variation: inside "a1 b2 e5 a5", try b5 instead of a5.
    let t = g.tree();
    let e5 = t
        .nodes
        .iter()
        .position(|n| n.notation == "e5")
        .map(|i| boardwright::game::NodeId(i as u32))
        .unwrap();
    g.goto_node(e5).unwrap();
    play(g.as_mut(), "b5");
    let text = save_record(g.as_ref());
    assert!(text.contains("format_version: 3"), "{text}");
    assert!(text.contains("variations:"), "{text}");
    let back = reopen(g.as_ref());
    assert_eq!(lines(back.as_ref()), lines(g.as_ref()));
    assert_eq!(back.history(), ["a1", "b2", "e5", "b5"], "cursor kept");
    assert_eq!(back.recorded_history(), g.recorded_history());
}

#[test]
fn records_without_variations_still_open_and_bad_variations_are_refused() {
    // A format 2 record as this program wrote it before variations.
    let v2 = r#"(format_version: 2, rules: hex, board: Preset(name: "hex", size: Some(5)),
        moves: ["a1", "b2"], result: None)"#;
    let g = replay(&GameRecord::from_ron(v2).unwrap(), None).unwrap();
    assert_eq!(g.history(), ["a1", "b2"]);
    assert_eq!(lines(g.as_ref()), ["a1 b2"]);
    let with_vars = v2.replace(
        "result: None",
        "result: None, variations: [(line: 0, at: 0, moves: [\"c3\"])]",
    );
    assert_eq!(
        GameRecord::from_ron(&with_vars).unwrap_err(),
        RecordError::VariationsNeedFormat3 { found: 2 }
    );
    let v3 = |vars: &str| {
        let text = v2
            .replace("format_version: 2", "format_version: 3")
            .replace("result: None", &format!("result: None, {vars}"));
        GameRecord::from_ron(&text).map_err(|e| e.to_string())
    };
    assert_eq!(
        v3("variations: [(line: 2, at: 0, moves: [\"c3\"])]").unwrap_err(),
        "variation 1 branches off line 2, which is not an earlier line"
    );
    let r = v3("variations: [(line: 0, at: 3, moves: [\"c3\"])]").unwrap();
    assert_eq!(
        replay(&r, None).unwrap_err(),
        ReplayError::VariationStart {
            variation: 1,
            at: 3,
            len: 2
        }
    );
    let r = v3("variations: [(line: 0, at: 1, moves: [\"a1\"])]").unwrap();
    assert_eq!(
        replay(&r, None).unwrap_err().to_string(),
        "variation 1, move 1 'a1' is illegal: a1 is occupied"
    );
    let r = v3("cursor: Some((line: 0, moves: 5))").unwrap();
    assert_eq!(
        replay(&r, None).unwrap_err().to_string(),
        "the record was left after move 5 of the main line, which has only 2 moves"
    );
    let r = v3("variations: [(line: 0, at: 1, moves: [\"c3\"], resigned: Some(0))], cursor: Some((line: 1, moves: 1))").unwrap();
    let g = replay(&r, None).unwrap();
    assert_eq!(g.history(), ["a1", "c3"]);
    assert_eq!(g.resigned(), Some(0));
}

#[test]
fn promote_and_delete_change_what_is_saved() {
    let mut g = branched();
    let here = g.current_node();
    g.promote(here).unwrap();
    assert_eq!(lines(g.as_ref())[0], "a1 c1", "promoted to the main line");
    let back = reopen(g.as_ref());
    assert_eq!(lines(back.as_ref())[0], "a1 c1");
    // Delete the old main line (now a variation) from one of its moves.
    let t = g.tree();
    let d4 = t.nodes.iter().position(|n| n.notation == "d4").unwrap();
    let (_, n) = g
        .delete_variation(boardwright::game::NodeId(d4 as u32))
        .unwrap();
    assert_eq!(n, 5, "b2 c3 d4 and the variation e5 a5 inside it");
    assert_eq!(lines(g.as_ref()), ["a1 c1"]);
    assert_eq!(lines(reopen(g.as_ref()).as_ref()), ["a1 c1"]);
}

#[test]
fn sgf_export_keeps_variations_nested_as_hexgui_writes_them() {
    let g = branched();
    let sgf = save_sgf(g.as_ref()).unwrap();
    // a1, then b2 (main: c3 d4; variation: e5 a5) or c1.
    assert!(
        sgf.contains(";B[a1](;W[b2](;B[c3];W[d4])(;B[e5];W[a5]))(;W[c1]))"),
        "{sgf}"
    );
    let back = replay(&read_sgf(&sgf).unwrap(), None).unwrap();
    assert_eq!(lines(back.as_ref()), lines(g.as_ref()));
    // SGF → tree → SGF is exact.
    assert_eq!(save_sgf(back.as_ref()).unwrap(), sgf);
}
