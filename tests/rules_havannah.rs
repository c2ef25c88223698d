//! Havannah scenarios on a hexagon of hexagons of side 4 (labels: column
//! letter, row number from the bottom row `d1`–`g1`; the corners are d1, g1,
//! g4, d7, a7 and a4; the centre is d4).

use boardwright::board::{Board, FaceKind};
use boardwright::edit::{self, BoardEdit};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::game::GameState;
use boardwright::rules::havannah::{Havannah, HavannahMove};
use boardwright::rules::{GameOptions, Rules};
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TilingKind, TilingParams};
use std::sync::Arc;

fn hexhex(n: u32) -> Board {
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(ShapeKind::Hexagon, n);
    tiling::build(&p).unwrap()
}

fn game(swap: bool) -> GameState<Havannah> {
    GameState::new(Havannah::new(Arc::new(hexhex(4)), swap).unwrap())
}

fn play(g: &mut GameState<Havannah>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn names(g: &GameState<Havannah>, faces: &[FaceId]) -> Vec<String> {
    let b = g.rules().board();
    let mut v: Vec<String> = faces.iter().map(|&f| b.face_name(f)).collect();
    v.sort();
    v
}

#[test]
fn the_board_has_the_expected_corners() {
    let g = game(false);
    let b = g.rules().board();
    for corner in ["d1", "g1", "g4", "d7", "a7", "a4"] {
        let f = b.face_by_label(corner).unwrap();
        let tags: Vec<_> = b
            .mesh()
            .face_edges(f)
            .filter_map(|e| b.side_tag(e))
            .collect();
        assert!(
            !tags.is_empty() && tags.iter().all(|t| t.is_corner()),
            "{corner}: {tags:?}"
        );
    }
}

#[test]
fn a_ring_around_an_empty_face_wins() {
    let mut g = game(false);
    play(&mut g, "e4 f2 c4 f3 d5 b6 d3 b5 e3 e6");
    assert!(g.outcome().is_none());
    play(&mut g, "c5");
    let o = g.outcome().expect("Black made a ring");
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Black made a ring");
    assert_eq!(
        names(&g, &o.evidence.faces),
        ["c4", "c5", "d3", "d5", "e3", "e4"]
    );
}

#[test]
fn a_ring_around_an_own_stone_or_an_opponent_stone_wins() {
    let mut g = game(false);
    play(&mut g, "d4 f2 e4 f3 c4 b6 d5 b5 d3 e6 e3");
    assert!(g.outcome().is_none());
    play(&mut g, "b4 c5");
    assert_eq!(g.outcome().unwrap().reason, "Black made a ring");
    let mut g = game(false);
    play(&mut g, "e4 d4 c4 f3 d5 b6 d3 b5 e3 e6 c5");
    assert_eq!(g.outcome().unwrap().reason, "Black made a ring");
}

#[test]
fn three_or_four_stones_around_a_point_are_no_ring() {
    let mut g = game(false);
    // d4, e4 and d5 are mutual neighbours: a closed chain around a vertex,
    // with no face inside; c5 makes it four stones around two vertices.
    play(&mut g, "d4 f2 e4 b6 d5 b5");
    assert!(g.outcome().is_none());
    play(&mut g, "c5 b4");
    assert!(g.outcome().is_none());
}

#[test]
fn a_bridge_joins_two_corners() {
    let mut g = game(false);
    play(&mut g, "d1 b5 e1 b6 f1 c6");
    assert!(g.outcome().is_none(), "a corner and its side are no win");
    play(&mut g, "g1");
    let o = g.outcome().expect("bridge");
    assert_eq!(o.reason, "Black made a bridge");
    assert_eq!(names(&g, &o.evidence.faces), ["d1", "e1", "f1", "g1"]);
}

#[test]
fn a_fork_needs_three_sides_and_corners_do_not_count_as_sides() {
    let mut g = game(false);
    // e1 is on the bottom side, e6 on the upper right one.
    play(&mut g, "e1 b4 e2 b6 e3 c3 e4 d2 e5 c5 e6 b5");
    assert!(g.outcome().is_none(), "two sides are no fork");
    // g4 is a corner between two sides: it adds a corner, not a side.
    play(&mut g, "f4 c6 g4 a6");
    assert!(g.outcome().is_none(), "two sides and a corner are no fork");
    play(&mut g, "f3 b3 g3");
    let o = g.outcome().expect("fork");
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Black made a fork");
}

#[test]
fn white_can_swap_black_first_stone_in_place() {
    let mut g = game(true);
    play(&mut g, "d4");
    assert!(g.legal_moves().contains(&HavannahMove::Swap));
    play(&mut g, "swap");
    let d4 = g.rules().board().face_by_label("d4").unwrap();
    assert_eq!(g.rules().piece_at(g.position(), d4), Some(1));
    assert_eq!(g.to_move(), Some(0));
}

#[test]
fn boards_without_six_sides_and_six_corners_are_refused() {
    let why = Havannah::suitability(&presets::hex(5), &GameOptions::default()).unwrap_err();
    assert_eq!(
        why.0,
        "Havannah needs a board tagged with six sides and six corners (like the hexagon shape); this board's playable faces touch 4 side tags (top, bottom, left and right) and 0 corner tags (none)"
    );
    // Blocked faces still leave a playable board.
    let mut b = hexhex(4);
    let face = b.face_by_label("d4").unwrap();
    edit::apply(
        &mut b,
        &BoardEdit::SetKind {
            face,
            kind: FaceKind::Blocked,
        },
    )
    .unwrap();
    let mut g = GameState::new(Havannah::new(Arc::new(b), false).unwrap());
    assert_eq!(
        g.play_str("d4").unwrap_err().reason,
        "d4 is blocked and cannot be played"
    );
    // A ring around a blocked face encloses a face.
    play(&mut g, "e4 f2 c4 f3 d5 b6 d3 b5 e3 e6 c5");
    assert_eq!(g.outcome().unwrap().reason, "Black made a ring");
}
