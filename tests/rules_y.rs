//! Y scenarios on a triangle of hexagons of side 4:
//!
//! ```text
//! row 4   a4
//! row 3   a3 b3
//! row 2   a2 b2 c2
//! row 1   a1 b1 c1 d1     (bottom side: row 1; left: column a; right: d1 c2 b3 a4)
//! ```

use boardwright::board::Board;
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::game::GameState;
use boardwright::rules::testing::random_playout;
use boardwright::rules::y::{Y, YMove};
use boardwright::rules::{GameOptions, Rules};
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TilingKind, TilingParams};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn triangle(n: u32) -> Board {
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(ShapeKind::Triangle, n);
    tiling::build(&p).unwrap()
}

fn y(n: u32, swap: bool) -> Y {
    Y::new(Arc::new(triangle(n)), swap).unwrap()
}

fn play(g: &mut GameState<Y>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn names(g: &GameState<Y>, faces: &[FaceId]) -> Vec<String> {
    let b = g.rules().board();
    faces.iter().map(|&f| b.face_name(f)).collect()
}

#[test]
fn a_group_touching_all_three_sides_wins_with_the_group_as_evidence() {
    let mut g = GameState::new(y(4, false));
    // a1 touches the bottom and the left side, d1 the bottom and the right.
    play(&mut g, "a1 a2 b1 b2 c1 a3");
    assert!(g.outcome().is_none(), "a chain touching two sides is no Y");
    play(&mut g, "d1");
    let o = g.outcome().expect("Black has a Y");
    assert_eq!(o.winner, Some(0));
    assert_eq!(
        o.reason,
        "Black joined all three sides (bottom, left and right)"
    );
    let mut faces = names(&g, &o.evidence.faces);
    faces.sort();
    assert_eq!(faces, ["a1", "b1", "c1", "d1"]);
    assert!(
        g.play_str("b3")
            .unwrap_err()
            .reason
            .contains("the game is over")
    );
}

#[test]
fn a_corner_touches_two_sides_but_is_no_y_alone() {
    let mut g = GameState::new(y(4, false));
    play(&mut g, "a4 b1");
    assert!(g.outcome().is_none());
    // White's chain b1-b2-b3 touches the bottom and the right side only.
    play(&mut g, "a1 b2 d1 b3");
    assert!(g.outcome().is_none());
    // a3 touches the left side and joins b3: White's Y.
    play(&mut g, "c1 a3");
    let o = g.outcome().expect("White has a Y");
    assert_eq!(o.winner, Some(1));
}

#[test]
fn white_can_swap_black_first_stone_in_place() {
    let mut g = GameState::new(y(5, true));
    play(&mut g, "b2");
    assert!(g.legal_moves().contains(&YMove::Swap));
    play(&mut g, "swap");
    let b2 = g.rules().board().face_by_label("b2").unwrap();
    assert_eq!(g.rules().piece_at(g.position(), b2), Some(1));
    assert_eq!(g.to_move(), Some(0));
    assert!(!g.legal_moves().contains(&YMove::Swap));
    let err = g.play_str("swap").unwrap_err();
    assert!(
        err.reason.contains("only allowed as White's first move"),
        "{err}"
    );
    let mut h = GameState::new(y(5, false));
    play(&mut h, "b2");
    assert_eq!(
        h.play_str("swap").unwrap_err().reason,
        "the swap rule is not in use in this game"
    );
}

#[test]
fn occupied_and_unknown_faces_are_refused_with_a_reason() {
    let mut g = GameState::new(y(4, false));
    play(&mut g, "b2");
    assert_eq!(g.play_str("b2").unwrap_err().reason, "b2 is occupied");
    assert_eq!(
        g.play_str("z9").unwrap_err().reason,
        "'z9' is not a face of this board"
    );
    assert_eq!(g.ply(), 1);
}

#[test]
fn every_random_game_on_a_triangle_has_a_winner() {
    let rules = y(6, false);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut moves = Vec::new();
    let mut wins = [0; 2];
    for _ in 0..200 {
        let w = random_playout(&rules, &rules.start(), &mut rng, &mut moves, 1000)
            .expect("no draws on a triangle");
        wins[w as usize] += 1;
        // The fast playout agrees that somebody wins.
        assert!(rules.random_playout(&rules.start(), &mut rng).is_some());
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn boards_without_exactly_three_sides_are_refused_with_the_reason() {
    let why = Y::suitability(&presets::hex(5), &GameOptions::default()).unwrap_err();
    assert_eq!(
        why.0,
        "Y needs a board whose boundary is tagged with exactly three sides (like the triangle shape: bottom, right and left); this board's playable faces touch 4 side tags: top, bottom, left and right"
    );
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(ShapeKind::Hexagon, 3);
    let hexhex = tiling::build(&p).unwrap();
    let why = Y::suitability(&hexhex, &GameOptions::default()).unwrap_err();
    assert!(why.0.contains("touch 6 side tags"), "{why}");
    // Any tiling cut to a triangle will do.
    let mut p = TilingParams::new(TilingKind::Triangular);
    p.shape = ShapeSpec::new(ShapeKind::Triangle, 4);
    assert!(Y::suitability(&tiling::build(&p).unwrap(), &GameOptions::default()).is_ok());
}
