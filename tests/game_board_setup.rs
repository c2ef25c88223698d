//! A board's start pieces in a new game: Hex starts from them (a Blender
//! export that carries three, a rhombus given some in the editor), so do Y
//! and Havannah, records
//! keep them and reopen from them, a record from before they were used
//! reopens as it was played, and games that cannot start from them refuse
//! the board and say why instead of leaving them off unsaid.

use boardwright::board::Board;
use boardwright::edit::{BoardEdit, apply};
use boardwright::game::{DynGame, RulesKind, new_game, replay, suitability_with};
use boardwright::io::load_board;
use boardwright::io::record::GameRecord;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::Path;
use std::sync::Arc;

fn blender_board() -> Board {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/obj/blender-27x.obj"
    ));
    load_board(path).unwrap().board
}

/// A Hex rhombus of side `n` with start pieces on the faces labelled so.
fn with_pieces(n: u32, pieces: &[(&str, u8)]) -> Board {
    let mut b = presets::hex(n);
    for &(label, player) in pieces {
        let face = b.face_by_label(label).unwrap();
        apply(
            &mut b,
            &BoardEdit::SetStartPiece {
                face,
                player: Some(player),
            },
        )
        .unwrap();
    }
    b
}

fn stones(g: &dyn DynGame) -> Vec<(String, u8)> {
    let b = g.board();
    let mut v: Vec<(String, u8)> = b
        .mesh()
        .face_ids()
        .filter_map(|f| g.piece_at(f).map(|p| (b.face_name(f), p)))
        .collect();
    v.sort();
    v
}

fn options(swap: bool) -> GameOptions {
    GameOptions {
        swap,
        ..GameOptions::default()
    }
}

#[test]
fn hex_starts_from_the_start_pieces_of_a_blender_export() {
    let board = blender_board();
    assert_eq!(board.setup().pieces.len(), 3);
    let g = new_game(RulesKind::Hex, Arc::new(board), &options(false)).unwrap();
    assert_eq!(
        stones(g.as_ref()),
        [("b3".into(), 1), ("c1".into(), 0), ("c4".into(), 0)]
    );
    assert_eq!(g.ply(), 0, "the start pieces are the start, not moves");
    assert_eq!(
        g.to_move(),
        Some(0),
        "Red moves first, as on an empty board"
    );
    assert!(
        !g.legal_moves().iter().any(|m| m == "c1" || m == "b3"),
        "no stone can be put on a start piece"
    );
    assert!(g.setup().is_some(), "the game records what it started from");
    // The balance lab's games start there too.
    let a =
        boardwright::analysis::new_game(RulesKind::Hex, Arc::new(blender_board()), &options(false))
            .unwrap();
    assert_eq!(stones(a.as_ref()), stones(g.as_ref()));
}

#[test]
fn a_game_from_start_pieces_is_saved_and_reopened_with_them() {
    let board = with_pieces(5, &[("c3", 0), ("d2", 1)]);
    let mut g = new_game(RulesKind::Hex, Arc::new(board), &options(false)).unwrap();
    g.play_str("a1").unwrap();
    g.play_str("e5").unwrap();
    // Undo cannot take the start pieces away.
    assert!(g.undo() && g.undo());
    assert!(!g.undo());
    assert_eq!(stones(g.as_ref()), [("c3".into(), 0), ("d2".into(), 1)]);
    assert!(g.redo() && g.redo());

    let text = g.to_record().to_ron();
    let back = replay(&GameRecord::from_ron(&text).unwrap(), None).unwrap();
    assert_eq!(back.history(), ["a1", "e5"]);
    assert_eq!(stones(back.as_ref()), stones(g.as_ref()));

    // HexGui's SGF carries them as set-up stones (AB/AW).
    let sgf = boardwright::game::record::save_sgf(g.as_ref()).unwrap();
    assert!(sgf.contains("AB[c3]") && sgf.contains("AW[d2]"), "{sgf}");
}

#[test]
fn a_record_from_before_start_pieces_were_used_reopens_as_it_was_played() {
    // A game played from the empty board on a board with start pieces (what
    // every earlier version did): its record has no set-up, and its moves may
    // stand where the start pieces are.
    let board = with_pieces(4, &[("b2", 0)]);
    let mut record = new_game(RulesKind::Hex, Arc::new(board), &options(false))
        .unwrap()
        .to_record();
    assert!(record.setup.is_some());
    record.setup = None;
    record.moves = vec!["b2".into(), "c3".into()];
    let g = replay(&record, None).unwrap();
    assert_eq!(g.history(), ["b2", "c3"]);
    assert_eq!(stones(g.as_ref()), [("b2".into(), 0), ("c3".into(), 1)]);
}

#[test]
fn games_that_cannot_start_from_start_pieces_refuse_the_board_and_say_why() {
    let board = blender_board();
    let why = suitability_with(RulesKind::Boco, &board, &options(false))
        .unwrap_err()
        .0;
    assert_eq!(
        why,
        "this board has 3 start pieces, and BOCO games cannot start from a set-up \
         position: remove them with the editor's Start pieces tool to play BOCO on it"
    );
    let e = new_game(RulesKind::Boco, Arc::new(board.clone()), &options(false)).err();
    assert_eq!(e.map(|e| e.0), Some(why));
    // TwixT's own board with one peg set on it.
    let mut twixt = RulesKind::Twixt
        .entry()
        .default_board
        .build(Some(8))
        .unwrap();
    let face = twixt.face_by_label("d4").unwrap();
    apply(
        &mut twixt,
        &BoardEdit::SetStartPiece {
            face,
            player: Some(0),
        },
    )
    .unwrap();
    let why = suitability_with(RulesKind::Twixt, &twixt, &options(false))
        .unwrap_err()
        .0;
    assert!(
        why.starts_with("this board has 1 start piece, and TwixT games cannot start"),
        "{why}"
    );
    // Without the pieces BOCO plays there.
    let mut bare = board.clone();
    for &(face, _) in &board.setup().pieces {
        apply(&mut bare, &BoardEdit::SetStartPiece { face, player: None }).unwrap();
    }
    suitability_with(RulesKind::Boco, &bare, &options(false)).unwrap();
}

#[test]
fn the_swap_rule_is_refused_on_a_board_with_start_pieces() {
    let board = with_pieces(5, &[("c3", 0)]);
    suitability_with(RulesKind::Hex, &board, &options(false)).unwrap();
    let why = suitability_with(RulesKind::Hex, &board, &options(true))
        .unwrap_err()
        .0;
    assert!(
        why.starts_with("the swap rule takes over the first piece played on an empty board")
            && why.contains("this board has 1 start piece:"),
        "{why}"
    );
    // The same rhombus without them takes the swap rule.
    suitability_with(RulesKind::Hex, &presets::hex(5), &options(true)).unwrap();
}

#[test]
fn start_pieces_that_decide_the_game_or_stand_on_a_lake() {
    // Red's column b1–b3 joins Red's sides: the game is over before it starts
    // (a finished game, as a set-up of a won position is).
    let won = with_pieces(3, &[("b1", 0), ("b2", 0), ("b3", 0)]);
    let g = new_game(RulesKind::Hex, Arc::new(won), &options(false)).unwrap();
    assert_eq!(g.outcome().and_then(|o| o.winner), Some(0));
    assert!(g.legal_moves().is_empty());

    // A start piece on a lake (the editor's Problems panel warns of it): Hex
    // cannot put a stone there, and says so.
    let mut lake = blender_board();
    let face = lake
        .mesh()
        .face_ids()
        .find(|&f| lake.face_name(f) == "#5")
        .unwrap();
    apply(
        &mut lake,
        &BoardEdit::SetStartPiece {
            face,
            player: Some(1),
        },
    )
    .unwrap();
    let why = suitability_with(RulesKind::Hex, &lake, &options(false))
        .unwrap_err()
        .0;
    assert_eq!(
        why,
        "this board has 4 start pieces, and the set-up puts a stone on #5, which is blocked: \
         remove them with the editor's Start pieces tool to play Hex on it"
    );
}

#[test]
fn y_and_havannah_start_from_start_pieces_too() {
    use boardwright::mesh::FaceId;
    use boardwright::tiling::{ShapeKind, ShapeSpec, TilingKind, TilingParams, build};
    for (kind, shape) in [
        (RulesKind::Y, ShapeKind::Triangle),
        (RulesKind::Havannah, ShapeKind::Hexagon),
    ] {
        let mut p = TilingParams::new(TilingKind::Hexagonal);
        p.shape = ShapeSpec::new(shape, 4);
        let mut b = build(&p).unwrap();
        for (i, player) in [(3, 0), (7, 1)] {
            apply(
                &mut b,
                &BoardEdit::SetStartPiece {
                    face: FaceId(i),
                    player: Some(player),
                },
            )
            .unwrap();
        }
        let g = new_game(kind, Arc::new(b.clone()), &options(false)).unwrap();
        assert_eq!(g.piece_at(FaceId(3)), Some(0), "{kind:?}");
        assert_eq!(g.piece_at(FaceId(7)), Some(1), "{kind:?}");
        assert_eq!((g.ply(), g.to_move()), (0, Some(0)), "{kind:?}");
        let back = replay(
            &GameRecord::from_ron(&g.to_record().to_ron()).unwrap(),
            None,
        )
        .unwrap();
        assert_eq!(stones(back.as_ref()), stones(g.as_ref()), "{kind:?}");
        assert!(
            suitability_with(kind, &b, &options(true)).is_err(),
            "{kind:?}: swap"
        );
    }
}

#[test]
fn lines_of_action_still_reads_its_start_position_from_the_board() {
    let board = presets::lines_of_action();
    let g = new_game(RulesKind::Loa, Arc::new(board), &options(false)).unwrap();
    assert_eq!(stones(g.as_ref()).len(), 24);
    assert!(g.setup().is_none(), "its own start, not a set-up position");
}
