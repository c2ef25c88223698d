//! BOCO scenarios on square grids (a1 bottom-left) and boards with holes.

use boardwright::board::{Board, BoardBuilder, FaceData, FaceKind, GridCoord, grid_label};
use boardwright::edit::{self, BoardEdit};
use boardwright::mesh::{FaceId, Mesh, Point};
use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::boco::Boco;
use boardwright::rules::game::GameState;
use boardwright::rules::testing::random_playout;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn game(board: Board) -> GameState<Boco> {
    GameState::new(Boco::new(Arc::new(board)).unwrap())
}

fn play(g: &mut GameState<Boco>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        if let Some(o) = g.outcome() {
            assert_eq!(
                g.rules().outcome_from_scratch(g.position()),
                Some(o.clone()),
                "incremental and from-scratch outcomes differ after {m}"
            );
        }
    }
}

fn names(g: &GameState<Boco>, faces: &[FaceId]) -> Vec<String> {
    let b = g.rules().board();
    let mut v: Vec<String> = faces.iter().map(|&f| b.face_name(f)).collect();
    v.sort();
    v
}

/// A w×h square grid without the squares listed in `holes`, labelled like
/// `presets::square_grid`.
fn grid_with_holes(w: i32, h: i32, holes: &[(i32, i32)]) -> Board {
    let mut pts = Vec::new();
    for y in 0..=h {
        for x in 0..=w {
            pts.push(Point::new(x as f64, y as f64));
        }
    }
    let id = |x: i32, y: i32| (y * (w + 1) + x) as u32;
    let mut faces = Vec::new();
    let mut cells = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if holes.contains(&(c, r)) {
                continue;
            }
            faces.push(vec![id(c, r), id(c + 1, r), id(c + 1, r + 1), id(c, r + 1)]);
            cells.push((c, r));
        }
    }
    let mesh = Mesh::from_polygons(&pts, &faces).unwrap();
    BoardBuilder::from_mesh(mesh)
        .faces(cells.iter().map(|&(c, r)| FaceData {
            label: grid_label(c as u32, r as u32).into(),
            coord: Some(GridCoord::new(c, r)),
            ..FaceData::default()
        }))
        .build()
        .unwrap()
}

#[test]
fn first_move_anywhere_then_only_next_to_played_faces() {
    let mut g = game(presets::square_grid(5, 5));
    assert_eq!(g.legal_moves().len(), 25);
    play(&mut g, "e5");
    let legal: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|&m| g.rules().format_move(g.position(), m))
        .collect();
    assert_eq!(legal, ["e4", "d5"]);
    let err = g.play_str("a1").unwrap_err();
    assert_eq!(err.reason, "a1 is not adjacent to a played face");
    // Sharing only a corner is not enough.
    assert!(g.play_str("d4").is_err());
    assert_eq!(g.play_str("e5").unwrap_err().reason, "e5 is occupied");
    play(&mut g, "d5");
    // Either side's pieces open their neighbours.
    assert!(g.is_legal(g.rules().parse_move(g.position(), "c5").unwrap()));
}

#[test]
fn encircling_one_piece_wins() {
    let mut g = game(presets::square_grid(5, 5));
    play(&mut g, "c2 c3 b3 d2 d3 e3");
    assert!(g.outcome().is_none());
    play(&mut g, "c4");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Red encircled Blue's piece on c3");
    assert_eq!(names(&g, &o.evidence.faces), ["c3"]);
    assert_eq!(names(&g, &o.evidence.ring), ["b3", "c2", "c4", "d3"]);
    assert!(
        g.play_str("a1")
            .unwrap_err()
            .reason
            .starts_with("the game is over")
    );
}

#[test]
fn encircling_a_group_of_several_pieces_wins() {
    let mut g = game(presets::square_grid(5, 5));
    play(&mut g, "c2 c3 d2 d3 b3 c1 e3 d1 c4 e2");
    assert!(g.outcome().is_none());
    play(&mut g, "d4");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(names(&g, &o.evidence.faces), ["c3", "d3"]);
    assert_eq!(
        names(&g, &o.evidence.ring),
        ["b3", "c2", "c4", "d2", "d4", "e3"]
    );
}

#[test]
fn one_move_can_encircle_two_groups() {
    let mut g = game(presets::square_grid(5, 5));
    play(&mut g, "b2 b3 a3 c2 d2 d3 b4 b1 e3 e2 d4 a1");
    assert!(g.outcome().is_none());
    play(&mut g, "c3");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(names(&g, &o.evidence.faces), ["b3", "d3"]);
    assert_eq!(o.reason, "Red encircled 2 of Blue's pieces");
    assert!(names(&g, &o.evidence.ring).contains(&"c3".to_string()));
}

#[test]
fn a_group_touching_the_board_edge_is_never_encircled() {
    let mut g = game(presets::square_grid(5, 5));
    // Blue on a3 (left edge) with Red on a2, b3, a4: not encircled.
    play(&mut g, "a2 a3 b3 c3 a4");
    assert!(g.outcome().is_none());
    // Even a corner piece surrounded on both inner sides.
    let mut g = game(presets::square_grid(5, 5));
    play(&mut g, "a2 a1 b1");
    assert!(g.outcome().is_none());
}

#[test]
fn a_group_on_the_rim_of_a_hole_is_not_encircled() {
    // 7×7 with a hole at d4: Blue on d3 with Red on c3, e3, d2 is open towards the hole.
    let holed = grid_with_holes(7, 7, &[(3, 3)]);
    let mut g = game(holed);
    play(&mut g, "d2 d3 c3 b3 e3");
    assert!(g.outcome().is_none(), "the hole's rim counts as boundary");
    // The same with d4 a playable face taken by Red: encircled.
    let mut g = game(presets::square_grid(7, 7));
    play(&mut g, "d2 d3 c3 b3 e3 f3 d4");
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    // A blocked face is treated like a hole.
    let mut b = presets::square_grid(7, 7);
    let d4 = b.face_by_label("d4").unwrap();
    edit::apply(
        &mut b,
        &BoardEdit::SetKind {
            face: d4,
            kind: FaceKind::Blocked,
        },
    )
    .unwrap();
    let mut g = game(b);
    assert!(g.play_str("d4").unwrap_err().reason.contains("blocked"));
    play(&mut g, "d2 d3 c3 b3 e3");
    assert!(g.outcome().is_none());
}

#[test]
fn encircling_yourself_loses() {
    let mut g = game(presets::square_grid(5, 5));
    play(&mut g, "b2 c2 a2 b3 b4 d2 a1 d3 b1 c4");
    assert!(g.outcome().is_none());
    play(&mut g, "c3");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(1), "Red moved into Blue's ring");
    assert!(
        o.reason.starts_with("Red encircled their own group"),
        "{}",
        o.reason
    );
    assert_eq!(names(&g, &o.evidence.faces), ["c3"]);
    assert_eq!(names(&g, &o.evidence.ring), ["b3", "c2", "c4", "d3"]);
}

#[test]
fn encircling_the_opponent_comes_before_encircling_yourself() {
    let mut g = game(presets::square_grid(5, 5));
    // As above, but Red's a3 closes the ring around Blue's b3.
    play(&mut g, "b2 c2 a2 b3 b4 d2 a3 d3 a1 c4");
    assert!(g.outcome().is_none());
    play(&mut g, "c3");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(names(&g, &o.evidence.faces), ["b3"]);
}

#[test]
fn a_full_board_without_encirclement_is_a_draw() {
    let mut g = game(presets::square_grid(2, 2));
    play(&mut g, "a1 b1 a2");
    assert!(g.outcome().is_none());
    play(&mut g, "b2");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert_eq!(o.reason, "the board is full and nobody was encircled");
}

#[test]
fn parts_cut_off_by_a_blocked_face_end_in_a_draw_when_no_placement_is_left() {
    // A 1×5 strip whose middle face is blocked: a1 b1 | c1 | d1 e1.
    let mut b = presets::square_grid(5, 1);
    let c1 = b.face_by_label("c1").unwrap();
    edit::apply(
        &mut b,
        &BoardEdit::SetKind {
            face: c1,
            kind: FaceKind::Blocked,
        },
    )
    .unwrap();
    let mut g = game(b);
    play(&mut g, "a1 b1");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert!(
        o.reason.contains("no face next to a played face"),
        "{}",
        o.reason
    );
}

#[test]
fn a_board_in_separate_pieces_is_refused_with_the_reason() {
    // Two 1×2 strips that do not touch: the game could never reach the second one.
    let pts: Vec<Point> = [
        (0., 0.),
        (1., 0.),
        (2., 0.),
        (0., 1.),
        (1., 1.),
        (2., 1.),
        (5., 0.),
        (6., 0.),
        (5., 1.),
        (6., 1.),
    ]
    .iter()
    .map(|&(x, y)| Point::new(x, y))
    .collect();
    let mesh = Mesh::from_polygons(
        &pts,
        &[vec![0, 1, 4, 3], vec![1, 2, 5, 4], vec![6, 7, 9, 8]],
    )
    .unwrap();
    let b = BoardBuilder::from_mesh(mesh)
        .faces(["a", "b", "z"].map(|l| FaceData {
            label: l.into(),
            ..FaceData::default()
        }))
        .build()
        .unwrap();
    let why = Boco::new(Arc::new(b)).unwrap_err().0;
    assert!(why.contains("one connected board"), "{why}");
    assert!(why.contains("2 separate pieces"), "{why}");
    // The generator's two-sided paper board is two sheets: not a BOCO board.
    let paper = boardwright::generator::paper_board();
    assert!(boardwright::rules::boco::suitability(&paper).is_err());
}

#[test]
fn unsuitable_boards_are_refused() {
    let b = grid_with_holes(1, 1, &[]);
    assert!(
        Boco::new(Arc::new(b))
            .unwrap_err()
            .0
            .contains("at least two")
    );
}

#[test]
fn fast_playout_matches_the_generic_playout_statistically() {
    let rules = Boco::new(Arc::new(presets::square_grid(4, 4))).unwrap();
    let start = rules.start();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let n = 3000;
    let mut buf = Vec::new();
    let mut fast = [0u32; 3];
    let mut slow = [0u32; 3];
    let idx = |w: Option<u8>| w.map_or(2, |w| w as usize);
    for _ in 0..n {
        fast[idx(rules.random_playout(&start, &mut rng))] += 1;
        slow[idx(random_playout(&rules, &start, &mut rng, &mut buf, 1000))] += 1;
    }
    for k in 0..3 {
        let (f, s) = (fast[k] as f64 / n as f64, slow[k] as f64 / n as f64);
        assert!((f - s).abs() < 0.05, "outcome {k}: fast {f} vs generic {s}");
    }
}
