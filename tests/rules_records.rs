//! Game records (RON), HexGui SGF, and the dynamic game interface used by the GUI.

use boardwright::board::Board;
use boardwright::game::record::{
    ReplayError, SaveError, replay, replay_with, save_record, save_sgf,
};
use boardwright::game::{Click, DynGame, RulesKind, new_game, suitability, suitability_with};
use boardwright::io::record::{BoardSource, GameRecord, RecordError, RecordResult};
use boardwright::io::sgf::{SgfError, read_sgf};
use boardwright::io::{IoError, ron::BoardFile};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::GameOptions;
use std::path::Path;
use std::sync::Arc;

fn hex_game(n: u32, swap: bool) -> Box<dyn DynGame> {
    new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(n)),
        &GameOptions {
            swap,
            ..GameOptions::default()
        },
    )
    .unwrap()
}

fn play(g: &mut dyn DynGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn face(g: &dyn DynGame, l: &str) -> FaceId {
    g.board().face_by_label(l).unwrap()
}

fn no_files(p: &Path) -> Result<Board, IoError> {
    Err(IoError::Read {
        path: p.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
    })
}

/// A game from its RON record text.
fn load_record(text: &str) -> Box<dyn DynGame> {
    replay(&GameRecord::from_ron(text).unwrap(), None).unwrap()
}

/// A game from SGF text.
fn import_sgf(text: &str) -> Result<Box<dyn DynGame>, String> {
    let record = read_sgf(text).map_err(|e| e.to_string())?;
    replay(&record, None).map_err(|e| e.to_string())
}

#[test]
fn rules_kind_parses_and_prints() {
    for k in RulesKind::ALL {
        assert_eq!(k.to_string().parse::<RulesKind>(), Ok(k));
    }
    assert_eq!("Lines-of-Action".parse::<RulesKind>(), Ok(RulesKind::Loa));
    assert_eq!(
        "chess".parse::<RulesKind>().unwrap_err().to_string(),
        "unknown rules 'chess' (expected hex, twixt, loa, boco, y or havannah)"
    );
}

#[test]
fn suitability_explains_why() {
    let sq = presets::square_grid(4, 4);
    assert!(suitability(RulesKind::Boco, &sq).is_ok());
    assert!(suitability(RulesKind::Hex, &sq).is_ok());
    let untagged = Board::new(presets::hex(3).mesh().clone());
    let e = suitability(RulesKind::Hex, &untagged).unwrap_err();
    assert!(
        e.0.starts_with("Hex needs a board whose boundary is tagged"),
        "{e}"
    );
    let e = suitability_with(
        RulesKind::Hex,
        &presets::square_grid(4, 3),
        &GameOptions {
            swap: true,
            ..GameOptions::default()
        },
    )
    .unwrap_err();
    assert!(e.0.contains("swap rule"), "{e}");
}

#[test]
fn dyn_game_play_undo_redo_preview_and_clicks() {
    let mut g = hex_game(3, true);
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.legal_moves().len(), 9);
    assert_eq!(g.legal_targets().len(), 9);
    let b2 = face(g.as_ref(), "b2");
    let Ok(Click::Play(m)) = g.move_for_click(None, b2) else {
        panic!("a click on an empty face plays");
    };
    assert_eq!(g.move_text(m).unwrap(), "b2");
    play(g.as_mut(), "b2");
    assert_eq!(
        g.move_for_click(None, b2).unwrap_err().to_string(),
        "b2 is occupied"
    );
    assert!(g.legal_moves().contains(&"swap".to_string()));
    assert!(!g.legal_targets().contains(&b2));
    play(g.as_mut(), "swap a1");
    assert_eq!(g.history(), ["b2", "swap", "a1"]);
    let view = g.preview(1).unwrap();
    assert_eq!(view.pieces[b2.index()], Some(0));
    assert_eq!(view.to_move, Some(1));
    assert_eq!(view.last_move.as_deref(), Some("b2"));
    assert_eq!(g.ply(), 3, "preview does not move the cursor");
    assert!(g.undo());
    assert_eq!(g.ply(), 2);
    assert_eq!(g.recorded_history().len(), 3);
    assert!(g.redo());
    assert_eq!(g.piece_at(face(g.as_ref(), "a1")), Some(0));
    g.goto(0).unwrap();
    assert_eq!(g.legal_moves().len(), 9);
    assert!(g.goto(4).is_err());
    // A different move after undo discards the redo list.
    play(g.as_mut(), "c3");
    assert_eq!(g.recorded_len(), 1);
    // Illegal moves change nothing and say why.
    assert_eq!(g.play_str("c3").unwrap_err().reason, "c3 is occupied");
    assert_eq!(g.ply(), 1);
}

#[test]
fn dyn_game_resign_and_game_over() {
    let mut g = hex_game(5, false);
    play(g.as_mut(), "c3");
    g.resign(1).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(0), "Blue resigned"));
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    let err = g.play_str("a1").unwrap_err();
    assert_eq!(err.reason, "the game is over: Blue resigned");
    assert!(
        g.move_for_click(None, face(g.as_ref(), "a1"))
            .unwrap_err()
            .to_string()
            .starts_with("the game is over")
    );
    // Undo withdraws the resignation.
    assert!(g.undo());
    assert_eq!(g.ply(), 1);
    assert!(g.outcome().is_none());
}

#[test]
fn boco_clicks_explain_refusals() {
    let mut g = new_game(
        RulesKind::Boco,
        Arc::new(presets::square_grid(4, 4)),
        &GameOptions::default(),
    )
    .unwrap();
    play(g.as_mut(), "b2");
    let d4 = face(g.as_ref(), "d4");
    assert_eq!(
        g.move_for_click(None, d4).unwrap_err().to_string(),
        "d4 is not adjacent to a played face"
    );
    let targets: Vec<String> = g
        .legal_targets()
        .iter()
        .map(|&f| g.board().face_name(f))
        .collect();
    assert_eq!(targets, ["b1", "a2", "c2", "b3"]);
    assert!(g.moves_from(face(g.as_ref(), "b2")).is_empty());
}

#[test]
fn ron_record_round_trip_with_embedded_board() {
    let mut g = hex_game(5, true);
    g.set_players(["Ann".into(), "Bob".into()]);
    play(g.as_mut(), "c2 swap c3 b4 a3");
    let text = save_record(g.as_ref());
    assert!(text.contains("format_version: 3"), "{text}");
    assert!(text.contains("rules: hex"), "{text}");
    // The board is embedded in the board-file schema, with its own version.
    assert!(
        text.contains("board: Board((\n            format_version: 3,"),
        "{text}"
    );
    let back = load_record(&text);
    assert_eq!(back.history(), g.history());
    assert_eq!(back.players(), &["Ann".to_string(), "Bob".to_string()]);
    assert_eq!(back.options(), g.options());
    assert!(back.options().swap);
    for f in g.board().mesh().face_ids() {
        assert_eq!(back.piece_at(f), g.piece_at(f));
        assert_eq!(back.board().face_name(f), g.board().face_name(f));
    }
    assert_eq!(back.board().tagged_sides(), g.board().tagged_sides());
    assert_eq!(back.legal_moves(), g.legal_moves());
}

#[test]
fn finished_and_resigned_games_keep_their_result() {
    let mut g = hex_game(3, false);
    play(g.as_mut(), "a1 b1 a2 b2 a3");
    let back = load_record(&save_record(g.as_ref()));
    assert_eq!(back.outcome(), g.outcome());

    let mut g = new_game(
        RulesKind::Boco,
        Arc::new(presets::square_grid(5, 5)),
        &GameOptions::default(),
    )
    .unwrap();
    play(g.as_mut(), "c3 c4");
    g.resign(0).unwrap();
    let back = load_record(&save_record(g.as_ref()));
    assert_eq!(back.resigned(), Some(0));
    assert_eq!(back.outcome().unwrap().winner, Some(1));
}

#[test]
fn loading_names_the_bad_ply() {
    let mut g = hex_game(5, false);
    play(g.as_mut(), "c3 d4");
    let mut rec = g.to_record();
    rec.board = BoardSource::Preset {
        name: "hex".into(),
        size: Some(5),
    };
    rec.moves.push("c3".into());
    let err = replay_with(&rec, None, &no_files).err().unwrap();
    assert_eq!(
        err,
        ReplayError::Move {
            ply: 3,
            text: "c3".into(),
            reason: "c3 is occupied".into()
        }
    );
    assert_eq!(err.to_string(), "move 3 'c3' is illegal: c3 is occupied");
    rec.moves.pop();
    rec.moves.push("q9".into());
    assert!(
        replay_with(&rec, None, &no_files)
            .err()
            .unwrap()
            .to_string()
            .contains("'q9' is not a face")
    );
}

#[test]
fn loading_rejects_bad_records() {
    assert!(matches!(
        GameRecord::from_ron("not a record"),
        Err(RecordError::Parse { .. })
    ));
    let mut g = hex_game(3, false);
    play(g.as_mut(), "a1");
    let mut rec = g.to_record();
    rec.format_version = 99;
    assert_eq!(
        GameRecord::from_ron(&rec.to_ron()),
        Err(RecordError::Version { found: 99 })
    );
    // A result that the moves do not give.
    let mut rec = g.to_record();
    rec.result = Some(RecordResult {
        winner: Some(1),
        reason: "Blue connected left and right".into(),
        resigned: None,
        timeout: None,
    });
    assert!(matches!(
        replay_with(&rec, None, &no_files),
        Err(ReplayError::ResultMismatch { .. })
    ));
    // Board referenced by path: the loader's error is reported.
    let mut rec = g.to_record();
    rec.board = BoardSource::Path("boards/x.ron".into());
    let err = replay_with(&rec, Some(Path::new("/games")), &no_files)
        .err()
        .unwrap();
    assert_eq!(
        err.to_string(),
        "the record's board: cannot read /games/boards/x.ron: no such file"
    );
    // The right rules on the wrong board.
    let mut rec = g.to_record();
    rec.rules = "hex".into();
    rec.board = BoardSource::Board(Box::new(BoardFile::from_board(&Board::new(
        presets::hex(3).mesh().clone(),
    ))));
    assert!(matches!(
        replay_with(&rec, None, &no_files),
        Err(ReplayError::Unsuitable(_))
    ));
    // Rules nobody knows.
    let mut rec = g.to_record();
    rec.rules = "chess".into();
    assert_eq!(
        replay_with(&rec, None, &no_files)
            .err()
            .unwrap()
            .to_string(),
        "unknown rules 'chess' (expected hex, twixt, loa, boco, y or havannah)"
    );
}

#[test]
fn boco_record_on_a_custom_board_round_trips() {
    let mut b = presets::hex(4);
    let meta = boardwright::board::BoardMeta {
        name: "Custom".into(),
        ..b.meta().clone()
    };
    boardwright::edit::apply(&mut b, &boardwright::edit::BoardEdit::SetMeta(meta)).unwrap();
    let mut g = new_game(RulesKind::Boco, Arc::new(b), &GameOptions::default()).unwrap();
    play(g.as_mut(), "b2 c2 b3");
    let back = load_record(&save_record(g.as_ref()));
    assert_eq!(back.kind(), RulesKind::Boco);
    assert_eq!(back.board().meta().name, "Custom");
    assert_eq!(back.history(), ["b2", "c2", "b3"]);
    assert_eq!(back.legal_moves(), g.legal_moves());
}

#[test]
fn sgf_export_matches_hexgui_conventions() {
    let mut g = hex_game(11, true);
    g.set_players(["Ann".into(), "B]ob".into()]);
    play(g.as_mut(), "c2 swap d5");
    let s = save_sgf(g.as_ref()).unwrap();
    assert!(s.starts_with("(;FF[4]GM[11]"), "{s}");
    assert!(s.contains("SZ[11]"));
    assert!(s.contains("PW[B\\]ob]"), "{s}");
    // HexGui's swap: the stone stays, White moves again, points mirrored.
    assert!(s.contains(";B[c2];W[swap-pieces];W[e4])"), "{s}");
    let back = import_sgf(&s).unwrap();
    assert_eq!(back.history(), ["c2", "swap", "d5"]);
    assert_eq!(back.players()[1], "B]ob");
    // Non-Hex games and non-rhombus boards are refused.
    let b = new_game(
        RulesKind::Boco,
        Arc::new(presets::square_grid(3, 3)),
        &GameOptions::default(),
    )
    .unwrap();
    let e = save_sgf(b.as_ref()).unwrap_err();
    assert!(matches!(e, SaveError::Format { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "BOCO games cannot be saved as SGF (only .ron)"
    );
    // A Hex game on a board that is not labelled like HexGui's rhombus.
    let mut odd = presets::hex(3);
    boardwright::edit::apply(
        &mut odd,
        &boardwright::edit::BoardEdit::SetLabel {
            face: boardwright::mesh::FaceId(4),
            label: "centre".into(),
        },
    )
    .unwrap();
    let h = new_game(RulesKind::Hex, Arc::new(odd), &GameOptions::default()).unwrap();
    assert!(matches!(
        save_sgf(h.as_ref()),
        Err(SaveError::Sgf(SgfError::NotRhombus))
    ));
}

#[test]
fn sgf_import_reads_hexgui_files() {
    let text = "(;AP[HexGui:0.9]FF[4]GM[11]SZ[5]PB[black]PW[white]\n;B[c3]C[centre];W[b4]\n(;B[d2];W[resign]))";
    let g = import_sgf(text).unwrap();
    assert_eq!(g.history(), ["c3", "b4", "d2"]);
    assert_eq!(g.resigned(), Some(1));
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    assert_eq!(g.board().face_count(), 25);
    let won = "(;FF[4]GM[11]SZ[3];B[a1];W[b1];B[a2];W[b2];B[a3])";
    let g = import_sgf(won).unwrap();
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    // Errors.
    assert!(matches!(
        read_sgf("(;FF[4]GM[1]SZ[19])"),
        Err(SgfError::NotHex(_))
    ));
    assert!(matches!(
        read_sgf("(;FF[4]GM[11]SZ[5:7])"),
        Err(SgfError::Size(_))
    ));
    assert!(matches!(
        read_sgf("(;FF[4]GM[11]SZ[5];B[c3]"),
        Err(SgfError::Syntax(_))
    ));
    // Black moving twice (an analysis file): c3 becomes a set-up stone.
    let g = import_sgf("(;FF[4]GM[11]SZ[5];B[c3];B[c4])").unwrap();
    assert_eq!(g.history(), ["c4"]);
    assert_eq!(g.setup().unwrap().pieces, [("c3".to_string(), 0)]);
    let e = import_sgf("(;FF[4]GM[11]SZ[5];B[c3];W[c3])").unwrap_err();
    assert_eq!(e, "move 2 'c3' is illegal: c3 is occupied");
}
