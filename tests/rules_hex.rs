//! Hex scenarios: every rule pinned down on small boards.

use boardwright::board::{Board, FaceKind};
use boardwright::edit::{self, BoardEdit};
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::game::GameState;
use boardwright::rules::hex::{Hex, HexMove};
use boardwright::rules::testing::random_playout;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn hex(n: u32, swap: bool) -> Hex {
    Hex::new(Arc::new(presets::hex(n)), swap).unwrap()
}

fn play(g: &mut GameState<Hex>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_str(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn names(g: &GameState<Hex>, faces: &[FaceId]) -> Vec<String> {
    let b = g.rules().board();
    faces.iter().map(|&f| b.face_name(f)).collect()
}

#[test]
fn red_connects_top_to_bottom_with_the_chain_as_evidence() {
    let mut g = GameState::new(hex(3, false));
    play(&mut g, "a1 b1 a2 b2");
    assert!(g.outcome().is_none());
    play(&mut g, "a3");
    let o = g.outcome().expect("red has won");
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Red connected top and bottom");
    assert_eq!(names(&g, &o.evidence.faces), ["a1", "a2", "a3"]);
    assert_eq!(g.to_move(), None);
    let err = g.play_str("c3").unwrap_err();
    assert!(
        err.reason.starts_with("the game is over: Red connected"),
        "{err}"
    );
}

#[test]
fn blue_connects_left_to_right_and_the_chain_is_minimal() {
    let mut g = GameState::new(hex(4, false));
    // Blue builds a row with a detour stone that is not on the shortest chain.
    play(&mut g, "a1 a3 a2 b3 d1 c3 d2 c2");
    assert!(g.outcome().is_none());
    play(&mut g, "b1 d3");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(o.reason, "Blue connected left and right");
    // b3–c3 is the row; c2 is a connected detour and must not be in a shortest chain.
    assert_eq!(names(&g, &o.evidence.faces), ["a3", "b3", "c3", "d3"]);
}

#[test]
fn win_on_the_last_empty_cell() {
    let mut g = GameState::new(hex(3, false));
    play(&mut g, "c2 a3 b3 b2 a2 a1 c3 b1");
    assert!(g.outcome().is_none());
    assert_eq!(g.legal_moves().len(), 1);
    play(&mut g, "c1");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(
        g.rules()
            .outcome_from_scratch(g.position())
            .map(|o| o.winner),
        Some(Some(0))
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn occupied_and_unknown_faces_are_refused_with_reasons() {
    let mut g = GameState::new(hex(5, false));
    play(&mut g, "c3");
    assert_eq!(g.play_str("C3").unwrap_err().reason, "c3 is occupied");
    assert_eq!(
        g.play_str("z9").unwrap_err().reason,
        "'z9' is not a face of this board"
    );
    assert_eq!(g.ply(), 1, "refused moves change nothing");
    assert_eq!(
        g.play_str("swap").unwrap_err().reason,
        "the swap rule is not in use in this game"
    );
}

#[test]
fn swap_mirrors_reds_stone_for_blue() {
    let mut g = GameState::new(hex(11, true));
    assert!(
        g.play_str("swap").is_err(),
        "no swap before Red's first stone"
    );
    play(&mut g, "c2");
    assert!(g.legal_moves().contains(&HexMove::Swap));
    play(&mut g, "swap");
    let b = g.rules().board().clone();
    let at = |g: &GameState<Hex>, l: &str| {
        g.rules()
            .piece_at(g.position(), b.face_by_label(l).unwrap())
    };
    assert_eq!(at(&g, "c2"), None, "Red's stone is taken off");
    assert_eq!(at(&g, "b3"), Some(1), "and reappears mirrored as Blue's");
    assert_eq!(g.to_move(), Some(0), "then Red moves");
    assert_eq!(g.history(), ["c2", "swap"]);
    assert!(!g.legal_moves().contains(&HexMove::Swap));
    assert!(
        g.play_str("swap")
            .unwrap_err()
            .reason
            .contains("only allowed as Blue's first move")
    );
    // The mirrored stone counts for Blue's left–right goal.
    g.undo();
    g.undo();
    play(&mut g, "f6 swap");
    assert_eq!(
        at(&g, "f6"),
        Some(1),
        "a stone on the diagonal stays where it is"
    );
}

#[test]
fn swap_needs_a_mirror_symmetric_board() {
    let mut b = presets::hex(4);
    let clear = b
        .mesh()
        .face_ids()
        .map(|face| BoardEdit::SetCoord { face, coord: None });
    edit::apply_all(&mut b, clear.collect::<Vec<_>>()).unwrap();
    let err = Hex::new(Arc::new(b.clone()), true).unwrap_err();
    assert!(err.0.contains("grid coordinates"), "{err}");
    assert!(Hex::new(Arc::new(b), false).is_ok());
    let err = Hex::new(Arc::new(presets::square_grid(4, 3)), true).unwrap_err();
    assert!(err.0.starts_with("the swap rule needs"), "{err}");
}

#[test]
fn swap_mirrors_on_a_rhombus_labelled_from_the_bottom_left_too() {
    // The tilings' rhombus has a1 in the bottom-left corner, rows counted
    // upwards: the mirror (col, row) → (row, col) carries top to right and
    // bottom to left, which suits the swap rule as well as the presets' top ↔
    // left (seen in the real window: the swap was refused on such a board).
    use boardwright::tiling::{ShapeKind, ShapeSpec, TilingKind, TilingParams, build};
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(ShapeKind::Rhombus, 5);
    let b = build(&p).unwrap();
    let h = Hex::new(Arc::new(b.clone()), true).expect("the swap rule suits it");
    let mut g = GameState::new(h);
    play(&mut g, "c1 swap");
    let at = |g: &GameState<Hex>, l: &str| {
        g.rules()
            .piece_at(g.position(), b.face_by_label(l).unwrap())
    };
    assert_eq!(at(&g, "c1"), None, "Red's stone is taken off");
    assert_eq!(at(&g, "a3"), Some(1), "and reappears mirrored as Blue's");
    // The swapped stone counts for Blue's left–right goal: a row through it wins.
    play(&mut g, "a5 b3 b5 c3 c5 d3 d5 e3");
    let o = g.outcome().expect("Blue joined its sides");
    assert_eq!(o.winner, Some(1), "{}", o.reason);
    // A board whose sides the mirror cannot carry either way is refused, and
    // the message names a face and what its mirror image touches.
    let mut bad = presets::hex(4);
    let d1 = bad.face_by_label("d1").unwrap();
    let edges: Vec<_> = bad
        .tagged_edges()
        .filter(|&(e, _)| {
            let (a, b) = bad.mesh().edge_faces(e);
            a == d1 || b == Some(d1)
        })
        .map(|(e, _)| e)
        .collect();
    assert!(!edges.is_empty());
    let untag: Vec<_> = edges
        .into_iter()
        .map(|edge| BoardEdit::SetSideTag { edge, tag: None })
        .collect();
    edit::apply_all(&mut bad, untag).unwrap();
    let err = Hex::new(Arc::new(bad), true).unwrap_err();
    assert!(
        err.0.starts_with("the swap rule needs the mirror (col, row) → (row, col) to carry Red's sides onto Blue's"),
        "{err}"
    );
    assert!(err.0.contains("d1"), "{err}");
}

#[test]
fn boards_without_the_four_sides_are_refused() {
    let mut b = presets::hex(4);
    let untag_left: Vec<BoardEdit> = b
        .mesh()
        .edge_ids()
        .filter(|&e| b.side_tag(e) == Some(boardwright::board::SideTag::Left))
        .map(|edge| BoardEdit::SetSideTag { edge, tag: None })
        .collect();
    edit::apply_all(&mut b, untag_left).unwrap();
    let err = Hex::new(Arc::new(b), false).unwrap_err();
    assert!(err.0.contains("missing: left"), "{err}");
    let plain = Board::new(presets::hex(2).mesh().clone());
    let err = Hex::new(Arc::new(plain), false).unwrap_err();
    assert!(err.0.contains("missing: top, bottom, left, right"), "{err}");
}

#[test]
fn blocked_faces_cannot_be_played_and_do_not_connect() {
    let mut b = presets::hex(3);
    let b2 = b.face_by_label("b2").unwrap();
    edit::apply(
        &mut b,
        &BoardEdit::SetKind {
            face: b2,
            kind: FaceKind::Blocked,
        },
    )
    .unwrap();
    let rules = Hex::new(Arc::new(b), false).unwrap();
    let mut g = GameState::new(rules);
    assert_eq!(g.legal_moves().len(), 8);
    assert!(g.play_str("b2").unwrap_err().reason.contains("blocked"));
    play(&mut g, "b1 a1 b3 a2 c1 a3");
    assert!(
        g.outcome().is_none(),
        "b1 and b3 do not connect through the blocked b2"
    );
    play(&mut g, "c2");
    let o = g.outcome().unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(names(&g, &o.evidence.faces), ["c1", "c2", "b3"]);
}

#[test]
fn custom_square_board_with_tags_plays_hex() {
    // A 3×3 square grid: tags by direction; faces connect across edges only.
    let rules = Hex::new(Arc::new(presets::square_grid(3, 3)), false).unwrap();
    let mut g = GameState::new(rules);
    // Square grid: a1 bottom-left, rows upward. Red needs a column a1–a3.
    play(&mut g, "b1 a1 b2 a2");
    assert!(g.outcome().is_none());
    play(&mut g, "b3");
    assert_eq!(g.outcome().unwrap().winner, Some(0));
}

#[test]
fn fast_playout_matches_the_generic_playout_statistically() {
    let rules = hex(4, true);
    let start = rules.start();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let n = 3000;
    let mut fast = 0;
    let mut slow = 0;
    let mut buf = Vec::new();
    for _ in 0..n {
        let w = rules.random_playout(&start, &mut rng);
        assert!(w.is_some(), "a filled rhombus always has a winner");
        fast += (w == Some(0)) as u32;
        slow += (random_playout(&rules, &start, &mut rng, &mut buf, 1000) == Some(0)) as u32;
    }
    let (f, s) = (fast as f64 / n as f64, slow as f64 / n as f64);
    assert!((f - s).abs() < 0.05, "fast {f} vs generic {s}");
    // From a decided position the playout returns the winner.
    let mut g = GameState::new(hex(3, false));
    play(&mut g, "a1 b1 a2 b2 a3");
    assert_eq!(rules_playout(&g), Some(0));
}

fn rules_playout(g: &GameState<Hex>) -> Option<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    g.rules().random_playout(g.position(), &mut rng)
}

#[test]
fn incremental_and_from_scratch_agree_on_a_long_random_game() {
    let rules = hex(11, false);
    let mut pos = rules.start();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut moves = Vec::new();
    loop {
        assert_eq!(
            rules.outcome(&pos).map(|o| o.winner),
            rules.outcome_from_scratch(&pos).map(|o| o.winner)
        );
        rules.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rand::Rng::random_range(&mut rng, 0..moves.len())];
        rules.apply(&mut pos, m);
    }
    let o = rules.outcome(&pos).unwrap();
    // The evidence is a connected chain of the winner's stones from side to side.
    let b = rules.board();
    for w in o.evidence.faces.windows(2) {
        assert!(b.mesh().adjacent_faces(w[0]).any(|f| f == w[1]));
    }
    for &f in &o.evidence.faces {
        assert_eq!(rules.piece_at(&pos, f), o.winner);
    }
}

/// `hex::draw_risk` flags the boards where Hex may end in a draw — four faces
/// at a corner, two sides meeting between faces, a stretch of the edge that
/// belongs to no side (a blocked or cut-out cell on the edge, untagged
/// edges), lakes, holes — and those boards do draw in random games, while on
/// the boards it clears (hexagons in a rhombus and a rectangle, 4.8.8,
/// 4.6.12, a cell with one of its two top edges untagged) no random game of
/// a thousand is drawn.
#[test]
fn draw_risk_names_the_boards_where_hex_can_be_drawn() {
    use boardwright::rules::hex::draw_risk;
    use boardwright::tiling::{ShapeKind, ShapeSpec, TilingKind, TilingParams, build};
    let tiled = |t: TilingKind, shape: ShapeKind, n: u32| {
        let mut p = TilingParams::new(t);
        p.shape = ShapeSpec::new(shape, n);
        build(&p).unwrap()
    };
    // Random games played move by move through the rules (the incremental
    // connection check, not the playouts' fill of a full board, which trusts
    // `draw_risk` on the boards it calls draw-free).
    let draws = |b: &Board| {
        let h = Hex::new(Arc::new(b.clone()), false).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut moves = Vec::new();
        (0..1000)
            .filter(|_| random_playout(&h, &h.start(), &mut rng, &mut moves, usize::MAX).is_none())
            .count()
    };
    // The fast playout agrees with the games on who wins how often (the same
    // random fills; 2,000 of each, within 5 points), and never draws where
    // `draw_risk` finds nothing.
    let red_share = |b: &Board| {
        let h = Hex::new(Arc::new(b.clone()), false).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut moves = Vec::new();
        let (mut fast, mut games) = (0, 0);
        for _ in 0..2000 {
            let w = h.random_playout(&h.start(), &mut rng);
            assert!(w.is_some(), "{}: a playout drew", b.meta().name);
            fast += (w == Some(0)) as u32;
            let w = random_playout(&h, &h.start(), &mut rng, &mut moves, usize::MAX);
            games += (w == Some(0)) as u32;
        }
        (fast as f64 / 2000.0, games as f64 / 2000.0)
    };
    for b in [
        presets::hex(5),
        tiled(TilingKind::Hexagonal, ShapeKind::Rectangle, 5),
        tiled(TilingKind::TruncatedSquare, ShapeKind::Rectangle, 5),
        tiled(TilingKind::TruncatedTrihexagonal, ShapeKind::Rhombus, 3),
    ] {
        assert_eq!(draw_risk(&b), None, "{}", b.meta().name);
        assert_eq!(draws(&b), 0, "{}", b.meta().name);
        let (fast, games) = red_share(&b);
        assert!(
            (fast - games).abs() < 0.05,
            "{}: {fast} against {games}",
            b.meta().name
        );
    }
    let squares = tiled(TilingKind::Square, ShapeKind::Rectangle, 5);
    let why = draw_risk(&squares).unwrap();
    assert!(
        why.starts_with(
            "Hex may end in a draw on this board: four or more faces meet at a corner of b2 \
             (and at 15 more)"
        ),
        "{why}"
    );
    assert!(draws(&squares) > 0);
    // Bricks in a rectangle: at two corners of the board the sides meet
    // between two bricks.
    let bricks = tiled(TilingKind::Brick, ShapeKind::Rectangle, 6);
    let why = draw_risk(&bricks).unwrap();
    assert!(
        why.contains("two sides meet between faces at a corner of a6 (and at 1 more)"),
        "{why}"
    );
    assert!(draws(&bricks) > 0);
    // A lake in the middle of a hexagonal rhombus.
    let mut lake = presets::hex(5);
    let c3 = lake.face_by_label("c3").unwrap();
    edit::apply(
        &mut lake,
        &BoardEdit::SetKind {
            face: c3,
            kind: FaceKind::Blocked,
        },
    )
    .unwrap();
    let why = draw_risk(&lake).unwrap();
    assert!(why.contains("the lake c3 lets chains go round it"), "{why}");
    assert!(draws(&lake) > 0);
    // The same cell cut out: a hole.
    let mut hole = presets::hex(5);
    edit::apply(&mut hole, &BoardEdit::DeleteFace { face: c3 }).unwrap();
    let why = draw_risk(&hole).unwrap();
    assert!(why.contains("a hole lets chains go round it"), "{why}");
    assert!(draws(&hole) > 0);
    // Stretches of the edge that belong to no side. A blocked face in the
    // middle of the top side: a chain can end under it without touching the
    // top, and Blue's chains on both sides of it are not joined.
    let blocked = |label: &str| {
        let mut b = presets::hex(5);
        let f = b.face_by_label(label).unwrap();
        let kind = FaceKind::Blocked;
        edit::apply(&mut b, &BoardEdit::SetKind { face: f, kind }).unwrap();
        b
    };
    let edge_note = "belongs to no side (untagged edges or a blocked face there)";
    for (label, at) in [("c1", "c1"), ("a1", "a1"), ("e5", "e5")] {
        let b = blocked(label);
        let why = draw_risk(&b).unwrap();
        assert!(
            why.contains(&format!("the board's edge at {at} {edge_note}")),
            "{label}: {why}"
        );
        assert!(!why.contains("go round"), "{label}: {why}");
        assert!(draws(&b) > 0, "{label}");
    }
    // The same notch cut out: its edges are the board's edge without a tag.
    let mut notch = presets::hex(5);
    let c1 = notch.face_by_label("c1").unwrap();
    edit::apply(&mut notch, &BoardEdit::DeleteFace { face: c1 }).unwrap();
    let why = draw_risk(&notch).unwrap();
    assert!(why.contains(edge_note), "{why}");
    assert!(!why.contains("go round"), "{why}");
    assert!(draws(&notch) > 0);
    // The corner cell's edges untagged: it touches no side, and a chain down
    // the left column (or along the top row) through it touches neither.
    let mut corner = presets::hex(5);
    let a1 = corner.face_by_label("a1").unwrap();
    let edges: Vec<_> = corner.mesh().face_edges(a1).collect();
    for e in edges {
        if corner.side_tag(e).is_some() {
            edit::apply(&mut corner, &BoardEdit::SetSideTag { edge: e, tag: None }).unwrap();
        }
    }
    let why = draw_risk(&corner).unwrap();
    assert!(
        why.contains(&format!("the board's edge at a1 {edge_note}")),
        "{why}"
    );
    assert!(draws(&corner) > 0);
    // One untagged edge of a top cell that keeps another top edge: every
    // chain that meets that stretch meets the top, so no draw.
    let mut one = presets::hex(5);
    let c1 = one.face_by_label("c1").unwrap();
    let top: Vec<_> = one
        .mesh()
        .face_edges(c1)
        .filter(|&e| one.side_tag(e).is_some())
        .collect();
    assert!(top.len() >= 2, "c1 has {} tagged edges", top.len());
    edit::apply(
        &mut one,
        &BoardEdit::SetSideTag {
            edge: top[0],
            tag: None,
        },
    )
    .unwrap();
    assert_eq!(draw_risk(&one), None);
    assert_eq!(draws(&one), 0);
}
