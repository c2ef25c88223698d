//! The game layer: the registry, the visitor that hands the concrete rules
//! type to generic code, and typed move handles across the run-time boundary.

use boardwright::engine::{SearchConfig, SearchLimits, Shared, search};
use boardwright::game::registry::{PieceStyle, RecordFormat, Registered, entries};
use boardwright::game::{
    Click, ClickError, DynGame, Game, GameVisitor, MoveError, RulesKind, new_game,
};
use boardwright::presets;
use boardwright::rules::{GameOptions, MoveFaces};
use std::sync::Arc;

fn standard_game(kind: RulesKind) -> Box<dyn DynGame> {
    let board = kind.entry().default_board.build(None).unwrap();
    new_game(kind, Arc::new(board), &GameOptions::default()).unwrap()
}

fn face(g: &dyn DynGame, label: &str) -> boardwright::mesh::FaceId {
    g.board().face_by_label(label).unwrap()
}

#[test]
fn every_registry_entry_describes_its_rules() {
    assert_eq!(entries().len(), RulesKind::ALL.len());
    for (e, kind) in entries().iter().zip(RulesKind::ALL) {
        assert_eq!(e.kind, kind);
        assert_eq!(kind.entry().name, e.name);
        assert_eq!(e.name.parse::<RulesKind>().unwrap(), kind);
        for alias in e.aliases {
            assert_eq!(alias.parse::<RulesKind>().unwrap(), kind);
        }
        assert!(
            e.saves_as(RecordFormat::Ron),
            "{}: every game saves as RON",
            e.name
        );
        // The default board suits the game, and a game started on it knows its entry.
        let board = e.default_board.build(None).unwrap();
        e.suitability(&board, &GameOptions::default())
            .unwrap_or_else(|why| panic!("{}: {why}", e.name));
        let g = e
            .new_game(Arc::new(board), &GameOptions::default())
            .unwrap();
        assert_eq!(g.kind(), kind);
        assert_eq!(g.player_names(), e.sides);
        assert_eq!(g.players(), &e.sides.map(str::to_string));
    }
    let title = |k: RulesKind| k.entry().title;
    assert_eq!(
        RulesKind::ALL.map(title),
        ["Hex", "TwixT", "Lines of Action", "BOCO", "Y", "Havannah"]
    );
    // The facts the app draws by, asked of the registry.
    assert!(RulesKind::Hex.entry().saves_as(RecordFormat::Sgf));
    assert!(!RulesKind::Twixt.entry().saves_as(RecordFormat::Sgf));
    assert_eq!(RulesKind::Twixt.entry().pieces, PieceStyle::Peg);
    assert_eq!(RulesKind::Hex.entry().pieces, PieceStyle::Stone);
    assert_ne!(
        RulesKind::Loa.entry().clicks,
        RulesKind::Boco.entry().clicks
    );
    // With a size, BOCO's default board is a square grid.
    let b = RulesKind::Boco
        .entry()
        .default_board
        .build(Some(5))
        .unwrap();
    assert_eq!(b.face_count(), 25);
}

/// Generic code run through the visitor: a typed search of the game's current
/// position, its choice mapped back to a handle of the run-time game.
struct TypedSearch;

impl GameVisitor for TypedSearch {
    type Output = (&'static str, usize, Option<boardwright::game::MoveHandle>);

    fn visit<R: Registered>(self, game: &Game<R>) -> Self::Output {
        let mut tree = None;
        let r = search(
            game.rules(),
            game.position(),
            &mut tree,
            &SearchConfig {
                threads: 1,
                seed: 9,
            },
            &SearchLimits::simulations(200),
            &Shared::default(),
        )
        .unwrap();
        (R::NAME, game.legal().len(), game.handle_of(r.best))
    }
}

#[test]
fn the_visitor_hands_each_game_its_concrete_type_for_an_engine_search() {
    for kind in RulesKind::ALL {
        let mut g = standard_game(kind);
        let (name, legal, best) = g.as_any().visit(TypedSearch);
        assert_eq!(name, kind.name());
        assert_eq!(legal, g.legal_handles().len(), "{kind}");
        let best = best.unwrap_or_else(|| panic!("{kind}: the engine's move is legal"));
        let text = g.move_text(best).unwrap();
        assert_eq!(g.play(best).unwrap(), text, "{kind}");
        assert_eq!(g.history(), [text]);
    }
}

#[test]
fn a_click_on_a_placement_game_becomes_a_handle_that_plays_the_move() {
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions {
            swap: true,
            ..GameOptions::default()
        },
    )
    .unwrap();
    let c3 = face(g.as_ref(), "c3");
    let Ok(Click::Play(m)) = g.move_for_click(None, c3) else {
        panic!("an empty face plays")
    };
    assert_eq!(g.move_faces(m).unwrap(), MoveFaces::place(c3));
    assert_eq!(g.move_text(m).unwrap(), "c3");
    assert_eq!(g.play(m).unwrap(), "c3");
    assert_eq!(g.piece_at(c3), Some(0));
    // The handle belonged to the position before the move.
    assert_eq!(g.play(m), Err(MoveError::Stale));
    assert_eq!(g.ply(), 1);
    // The swap has no face: it is offered as its own handle.
    let swap = g.swap_move().expect("Blue may swap now");
    assert_eq!(g.move_faces(swap).unwrap(), MoveFaces::NONE);
    assert_eq!(g.play(swap).unwrap(), "swap");
    assert!(g.swap_move().is_none());
    // Handles taken before a takeback are stale after it.
    let before = g.legal_handles();
    assert!(g.undo());
    assert_eq!(g.play(before[0]), Err(MoveError::Stale));
    assert!(g.redo());
    assert_eq!(g.history(), ["c3", "swap"]);
}

#[test]
fn lines_of_action_clicks_select_then_play_a_typed_move() {
    let mut g = standard_game(RulesKind::Loa);
    let (b1, b3, c3) = (
        face(g.as_ref(), "b1"),
        face(g.as_ref(), "b3"),
        face(g.as_ref(), "c3"),
    );
    // Nothing selected: a destination does nothing and says why.
    assert_eq!(
        g.move_for_click(None, b3),
        Err(ClickError::SelectFirst("Black"))
    );
    assert_eq!(g.move_for_click(None, b1), Ok(Click::Select(b1)));
    assert!(g.moves_from(b1).contains(&b3));
    assert_eq!(
        g.move_for_click(Some(b1), c3).unwrap_err().to_string(),
        "the piece on b1 cannot move to c3"
    );
    let Ok(Click::Play(m)) = g.move_for_click(Some(b1), b3) else {
        panic!("a destination of the selected piece plays")
    };
    assert_eq!(g.move_faces(m).unwrap(), MoveFaces::step(b1, b3));
    assert_eq!(g.play(m).unwrap(), "b1-b3");
    assert_eq!(g.piece_at(b3), Some(0));
    assert_eq!(g.piece_at(b1), None);
    assert_eq!(g.to_move(), Some(1));
    // Clicking the selected piece again deselects.
    let a2 = face(g.as_ref(), "a2");
    assert_eq!(g.move_for_click(Some(a2), a2), Ok(Click::Deselect));
}

#[test]
fn handles_from_another_position_or_out_of_range_are_refused() {
    let g = standard_game(RulesKind::Boco);
    let mut h = g.clone();
    let m = g.legal_handles()[0];
    // A clone at the same position accepts the same handle …
    assert!(h.move_text(m).is_ok());
    h.play(m).unwrap();
    // … until it moves on.
    assert_eq!(h.move_faces(m), Err(MoveError::Stale));
    // Parsing notation gives handles of the current position.
    let m = h.parse_move(&h.legal_moves()[0]).unwrap();
    assert!(h.play(m).is_ok());
    assert_eq!(
        h.parse_move("zz99").unwrap_err().reason,
        "'zz99' is not a face of this board"
    );
}

#[test]
fn twixt_reserves_each_players_border_rows() {
    let g = new_game(
        RulesKind::Twixt,
        Arc::new(presets::twixt(6)),
        &GameOptions::default(),
    )
    .unwrap();
    let reserved = g.reserved_faces();
    // 6×6 without corners: 2 rows of 4 holes per player.
    assert_eq!(reserved.iter().filter(|r| r.1 == 0).count(), 8);
    assert_eq!(reserved.iter().filter(|r| r.1 == 1).count(), 8);
    let b = g.board();
    for &(f, p) in &reserved {
        let c = b.coord(f).unwrap();
        let on_red_row = c.row == 0 || c.row == 5;
        assert_eq!(p == 0, on_red_row, "{}", b.face_name(f));
    }
    assert!(standard_game(RulesKind::Hex).reserved_faces().is_empty());
}

#[test]
fn gtp_errors_are_typed_and_say_why() {
    use boardwright::cli::gtp::{GtpArgs, GtpError, Session};
    use boardwright::cli::play::GameArgs;
    let args = |rules: RulesKind| GtpArgs {
        game: GameArgs {
            rules,
            board: None,
            size: Some(5),
            swap: false,
            repetition: boardwright::rules::Repetition::Second,
            no_dead_draw: false,
        },
        threads: 1,
        time: 0.05,
        seed: 1,
        params: String::new(),
        resign: 0.0,
        ponder: false,
    };
    let mut s = Session::new(&args(RulesKind::Hex)).unwrap();
    let err = |s: &mut Session, line: &str| s.handle_line(line).unwrap();
    assert_eq!(err(&mut s, "fly"), "? unknown command 'fly'\n\n");
    assert_eq!(
        err(&mut s, "play white a1"),
        "? it is Red's turn, not Blue's\n\n"
    );
    assert_eq!(
        err(&mut s, "play black q9"),
        "? illegal move 'q9': 'q9' is not a face of this board\n\n"
    );
    assert_eq!(
        err(&mut s, "boardsize 3 4"),
        "? only square boards are supported, not 3×4\n\n"
    );
    assert_eq!(
        err(&mut s, "7 time_left black x 0"),
        "?7 'x' is not a number of seconds\n\n"
    );
    // Sizes are the registry's default board's: LOA's preset has one size.
    let mut loa = Session::new(&GtpArgs {
        game: GameArgs {
            rules: RulesKind::Loa,
            board: None,
            size: None,
            swap: false,
            repetition: boardwright::rules::Repetition::Second,
            no_dead_draw: false,
        },
        ..args(RulesKind::Loa)
    })
    .unwrap();
    assert_eq!(
        err(&mut loa, "boardsize 9"),
        "? loa size 9 is out of range (8 to 8)\n\n"
    );
    // The typed error behind a message.
    let e: GtpError = GtpError::NotSquare(3, 4);
    assert_eq!(e.to_string(), "only square boards are supported, not 3×4");
}
