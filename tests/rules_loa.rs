//! Lines of Action: perft, rule scenarios, custom boards, consistency along random games.

use boardwright::board::grid_label;
use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::game::GameState;
use boardwright::rules::loa::{Loa, LoaMove, LoaPosition};
use boardwright::rules::perft::perft;
use boardwright::rules::{Repetition, Rules, opponent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

mod loa_common;
use loa_common::custom_board;

fn standard() -> Loa {
    Loa::new(Arc::new(presets::lines_of_action())).unwrap()
}

fn on_8x8(black: &[&str], white: &[&str]) -> Loa {
    Loa::new(custom_board(8, 8, &[], black, white)).unwrap()
}

fn mv(g: &Loa, pos: &LoaPosition, s: &str) -> LoaMove {
    g.parse_move(pos, s).unwrap()
}

fn play(g: &Loa, pos: &mut LoaPosition, s: &str) {
    let m = mv(g, pos, s);
    g.check(pos, m).unwrap_or_else(|e| panic!("{s}: {e}"));
    g.apply(pos, m);
}

fn refusal(g: &Loa, pos: &LoaPosition, s: &str) -> String {
    g.check(pos, mv(g, pos, s)).unwrap_err().reason
}

fn dests(g: &Loa, pos: &LoaPosition, from: &str) -> Vec<String> {
    let f = g.board().face_by_label(from).unwrap();
    let mut out = Vec::new();
    g.moves_from(pos, f, &mut out);
    let mut v: Vec<String> = out.iter().map(|&m| g.format_move(pos, m)).collect();
    v.sort();
    v
}

#[test]
fn perft_from_standard_start() {
    let g = standard();
    let s = g.start();
    assert_eq!(perft(&g, &s, 1), 36);
    assert_eq!(perft(&g, &s, 2), 1_244);
    assert_eq!(perft(&g, &s, 3), 44_952);
    for d in 1..=3 {
        assert_eq!(g.perft(&s, d), perft(&g, &s, d), "depth {d}");
    }
    let general = Loa::new_general_path(Arc::new(presets::lines_of_action())).unwrap();
    assert_eq!(general.perft(&general.start(), 3), 44_952);
}

/// A deliberately simple, independent move generator over a coordinate map, used
/// to confirm perft(4).
mod simple {
    /// Board `sq[x][y]` (0 empty, 1 Black, 2 White) and the player to move (1 or 2).
    pub type Pos = ([[u8; 8]; 8], u8);

    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];

    fn get(sq: &[[u8; 8]; 8], (x, y): (i32, i32)) -> Option<u8> {
        ((0..8).contains(&x) && (0..8).contains(&y)).then(|| sq[x as usize][y as usize])
    }

    pub fn moves(pos: &Pos) -> Vec<((i32, i32), (i32, i32))> {
        let (sq, me) = pos;
        let mut out = Vec::new();
        for x in 0..8 {
            for y in 0..8 {
                if sq[x as usize][y as usize] != *me {
                    continue;
                }
                let from = (x, y);
                for (dx, dy) in DIRS {
                    // Count pieces on the whole line, both ways, until the board ends.
                    let mut n = 1;
                    for s in [1, -1] {
                        let mut p = (x + s * dx, y + s * dy);
                        while let Some(v) = get(sq, p) {
                            if v != 0 {
                                n += 1;
                            }
                            p = (p.0 + s * dx, p.1 + s * dy);
                        }
                    }
                    let to = (x + n * dx, y + n * dy);
                    let Some(dest) = get(sq, to) else { continue };
                    if dest == *me {
                        continue;
                    }
                    let blocked = (1..n).any(|i| {
                        let v = get(sq, (x + i * dx, y + i * dy)).unwrap_or(0);
                        v != 0 && v != *me
                    });
                    if !blocked {
                        out.push((from, to));
                    }
                }
            }
        }
        out
    }

    fn connected(sq: &[[u8; 8]; 8], who: u8) -> bool {
        let mut mine = Vec::new();
        for x in 0..8 {
            for y in 0..8 {
                if sq[x as usize][y as usize] == who {
                    mine.push((x, y));
                }
            }
        }
        let Some(&first) = mine.first() else {
            return true;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let p: (i32, i32) = seen[i];
            i += 1;
            for q in &mine {
                if (q.0 - p.0).abs() <= 1 && (q.1 - p.1).abs() <= 1 && !seen.contains(q) {
                    seen.push(*q);
                }
            }
        }
        seen.len() == mine.len()
    }

    /// Play a move; returns whether the game is over afterwards.
    pub fn play(pos: &mut Pos, m: ((i32, i32), (i32, i32))) -> bool {
        let me = pos.1;
        let other = 3 - me;
        pos.0[m.0.0 as usize][m.0.1 as usize] = 0;
        pos.0[m.1.0 as usize][m.1.1 as usize] = me;
        pos.1 = other;
        connected(&pos.0, me) || connected(&pos.0, other) || moves(pos).is_empty()
    }

    pub fn perft(pos: &Pos, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ms = moves(pos);
        if depth == 1 {
            return ms.len() as u64;
        }
        ms.into_iter()
            .map(|m| {
                let mut c = *pos;
                if play(&mut c, m) {
                    0
                } else {
                    perft(&c, depth - 1)
                }
            })
            .sum()
    }

    pub fn standard() -> Pos {
        let sq = std::array::from_fn(|x| {
            std::array::from_fn(|y| {
                if (y == 0 || y == 7) && (1..7).contains(&x) {
                    1
                } else if (x == 0 || x == 7) && (1..7).contains(&y) {
                    2
                } else {
                    0
                }
            })
        });
        (sq, 1)
    }
}

#[test]
fn perft_depth_4_agrees_with_simple_generator() {
    let g = standard();
    let fast = g.perft(&g.start(), 4);
    let simple = simple::perft(&simple::standard(), 4);
    assert_eq!(fast, simple);
    assert_eq!(fast, 1_563_208);
    // The simple generator also reproduces the published shallow counts.
    assert_eq!(simple::perft(&simple::standard(), 3), 44_952);
}

#[test]
fn standard_start_and_notation() {
    let g = standard();
    let s = g.start();
    assert_eq!(g.to_move(&s), 0);
    assert_eq!(Loa::PLAYER_NAMES, ["Black", "White"]);
    assert!(g.outcome(&s).is_none());
    // b-file: b1, b8 → 2; row 1: b1–g1 → 6 (over its own pieces to h1);
    // diagonal b1–h7 holds b1 and White's h7 → 2 → d3.
    assert_eq!(dests(&g, &s, "b1"), ["b1-b3", "b1-d3", "b1-h1"]);
    // It is Black's turn: White's pieces have no moves to highlight.
    assert!(dests(&g, &s, "a2").is_empty());
    let m = mv(&g, &s, "b1-b3");
    assert_eq!(g.format_move(&s, m), "b1-b3");
    assert!(g.parse_move(&s, "b1b3").is_err());
    assert!(g.parse_move(&s, "z1-b3").is_err());
    assert_eq!(mv(&g, &s, " B1-B3 "), m);
}

#[test]
fn jump_over_own_pieces_but_not_opponent() {
    // Black a1, a2, a3 on the a-file (3 pieces): a1 jumps its own a2, a3 to a4.
    let g = on_8x8(&["a1", "a2", "a3", "h8"], &["c3", "e5"]);
    let s = g.start();
    assert!(dests(&g, &s, "a1").contains(&"a1-a4".to_string()));
    // Diagonal a1–h8 holds a1, c3, e5, h8 = 4: the move to e5 would jump White's c3.
    assert!(!dests(&g, &s, "a1").iter().any(|m| m.ends_with("e5")));
    let r = refusal(&g, &s, "a1xe5");
    assert!(r.contains("jump an opponent piece on c3"), "{r}");
    // Wrong distance and off-line moves are refused with a reason.
    let r = refusal(&g, &s, "a1-a5");
    assert!(r.contains("exactly 3 squares"), "{r}");
    let r = refusal(&g, &s, "a1-b3");
    assert!(r.contains("not on a line"), "{r}");
    let r = refusal(&g, &s, "c3-c4");
    assert!(r.contains("White's; Black is to move"), "{r}");
    let r = refusal(&g, &s, "d4-d5");
    assert!(r.contains("no piece on d4"), "{r}");
}

#[test]
fn capture_and_cannot_land_on_own() {
    // Row 1: a1 (B), c1 (W) → 2 pieces: a1 captures on c1.
    let g = on_8x8(&["a1", "a3", "h8"], &["c1", "f6"]);
    let mut s = g.start();
    let m = mv(&g, &s, "a1xc1");
    assert_eq!(g.format_move(&s, m), "a1xc1");
    // "a1-c1" names the same move.
    assert_eq!(mv(&g, &s, "a1-c1"), m);
    g.check(&s, m).unwrap();
    g.apply(&mut s, m);
    assert_eq!(s.piece_count(1), 1);
    assert_eq!(
        g.piece_at(&s, g.board().face_by_label("c1").unwrap()),
        Some(0)
    );
    g.verify_incremental(&s).unwrap();
    // White is down to a single piece: a single piece is connected, White wins.
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(
        o.evidence.faces,
        vec![g.board().face_by_label("f6").unwrap()]
    );
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
    // A finished game refuses moves and offers none.
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.is_empty());
    assert_eq!(refusal(&g, &s, "f6-f5"), "the game is over");

    // a-file holds a1 and a3 (2 pieces): a1-a3 would land on its own piece.
    let g = on_8x8(&["a1", "a3", "h8"], &["c5", "f6"]);
    let s = g.start();
    assert!(refusal(&g, &s, "a1-a3").contains("own"));
    assert!(!dests(&g, &s, "a1").contains(&"a1-a3".to_string()));
}

#[test]
fn connecting_all_pieces_wins() {
    // Black c1 and d3 apart; White h5, h7, a8 apart.
    let g = on_8x8(&["c1", "d3"], &["h5", "h7", "a8"]);
    let mut s = g.start();
    assert!(g.outcome(&s).is_none());
    // c-file holds only c1: one step to c2, next to d3.
    play(&g, &mut s, "c1-c2");
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Black's pieces are all connected");
    let b = g.board();
    assert_eq!(
        o.evidence.faces,
        vec![
            b.face_by_label("c2").unwrap(),
            b.face_by_label("d3").unwrap()
        ]
    );
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
}

#[test]
fn simultaneous_connection_mover_wins() {
    // Black b1 and c4; White b3 and e7. The b-file holds b1 and b3: b1xb3.
    // Afterwards Black {b3, c4} is connected and White's lone e7 is connected too
    // (a single piece): the mover wins.
    let g = on_8x8(&["b1", "c4"], &["b3", "e7"]);
    let mut s = g.start();
    assert_eq!(g.format_move(&s, mv(&g, &s, "b1-b3")), "b1xb3");
    play(&g, &mut s, "b1xb3");
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(0), "{}", o.reason);
    assert_eq!(o.reason, "Black's pieces are all connected");
    let b = g.board();
    assert_eq!(
        o.evidence.faces,
        vec![
            b.face_by_label("b3").unwrap(),
            b.face_by_label("c4").unwrap()
        ]
    );
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
}

#[test]
fn sampled_simultaneous_connections_go_to_the_mover() {
    // Every capture among random 3-against-3 positions on 5×5 that leaves both
    // sides connected must be won by the mover (Black).
    let sq: Vec<String> = (0..5)
        .flat_map(|r| (0..5).map(move |c| grid_label(c, r)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut found = 0;
    for _ in 0..400 {
        let mut pick: Vec<&str> = sq.iter().map(|s| s.as_str()).collect();
        for i in (1..pick.len()).rev() {
            pick.swap(i, rng.random_range(0..=i));
        }
        let Ok(g) = Loa::new(custom_board(5, 5, &[], &pick[0..3], &pick[3..6])) else {
            continue;
        };
        let s = g.start();
        let mut moves = Vec::new();
        g.legal_moves(&s, &mut moves);
        for m in moves {
            let mut c = s.clone();
            g.apply(&mut c, m);
            let o = g.outcome(&c);
            assert_eq!(o, g.outcome_from_scratch(&c));
            let white: Vec<FaceId> = (0..25)
                .map(FaceId)
                .filter(|&f| g.piece_at(&c, f) == Some(1))
                .collect();
            let black: Vec<FaceId> = (0..25)
                .map(FaceId)
                .filter(|&f| g.piece_at(&c, f) == Some(0))
                .collect();
            if connected(&g, &white) && connected(&g, &black) {
                found += 1;
                assert_eq!(o.unwrap().winner, Some(0));
            }
        }
    }
    assert!(
        found > 0,
        "no simultaneous connection among the sampled positions"
    );
}

/// Simple 8-connectivity check by grid coordinates, for the tests.
fn connected(g: &Loa, faces: &[FaceId]) -> bool {
    let Some(&first) = faces.first() else {
        return true;
    };
    let adj = |a: FaceId, b: FaceId| {
        let (p, q) = (g.board().coord(a).unwrap(), g.board().coord(b).unwrap());
        (p.col - q.col).abs() <= 1 && (p.row - q.row).abs() <= 1
    };
    let mut seen = vec![first];
    let mut i = 0;
    while i < seen.len() {
        let x = seen[i];
        i += 1;
        for &y in faces {
            if !seen.contains(&y) && adj(x, y) {
                seen.push(y);
            }
        }
    }
    seen.len() == faces.len()
}

#[test]
fn no_legal_move_loses() {
    // 5×1 strip: Black a1, e1; White b1, d1. The row holds 4 pieces and every
    // other line only one: every Black move leaves the board or jumps White.
    // Black is to move at the start and has lost.
    let g = Loa::new(custom_board(5, 1, &[], &["a1", "e1"], &["b1", "d1"])).unwrap();
    let s = g.start();
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(o.reason, "Black has no legal move and loses");
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.is_empty());

    // Mid-game, 9×1 strip: Black b1, d1; White a1, g1. b1-f1 (4 squares, over its
    // own d1). Now White's a1 would jump d1, g1 would jump f1 or leave the board:
    // White cannot move and loses.
    let g = Loa::new(custom_board(9, 1, &[], &["b1", "d1"], &["a1", "g1"])).unwrap();
    let mut s = g.start();
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, "b1-f1");
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "White has no legal move and loses");
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.is_empty());
}

#[test]
fn custom_board_with_hole() {
    // 6×6 board with a hole at c3. Lines stop at the hole.
    let b = custom_board(6, 6, &["c3"], &["a3", "e3", "b6"], &["b1", "f5"]);
    let g = Loa::new(b.clone()).unwrap();
    let s = g.start();
    // Row 3 is split by the hole into {a3, b3} and {d3, e3, f3}: a3's segment
    // holds 1 piece (a3 itself) → a3-b3; e3's segment holds 1 → e3-d3, e3-f3.
    let d = dests(&g, &s, "a3");
    assert!(d.contains(&"a3-b3".to_string()), "{d:?}");
    assert!(
        !d.iter().any(|m| m.ends_with("c3") || m.ends_with("d3")),
        "{d:?}"
    );
    let d = dests(&g, &s, "e3");
    assert!(
        d.contains(&"e3-d3".to_string()) && d.contains(&"e3-f3".to_string()),
        "{d:?}"
    );
    // A move across the hole is refused.
    let r = refusal(&g, &s, "a3-d3");
    assert!(r.contains("not on a line"), "{r}");
    // The board has no c3: parsing refuses it.
    assert!(g.parse_move(&s, "c3-c4").is_err());
    // Random games on this board stay consistent.
    consistency(&g, 20, 3);
}

#[test]
fn unsuitable_boards_are_refused() {
    let e = Loa::new(Arc::new(presets::hex(5))).unwrap_err();
    assert!(e.0.contains("square-grid board"), "{e}");
    let e = Loa::new(Arc::new(presets::square_grid(8, 8))).unwrap_err();
    assert!(e.0.contains("no Black pieces"), "{e}");
    let e = Loa::new(custom_board(4, 4, &[], &["a1", "d4"], &["d1", "c1"])).unwrap_err();
    assert!(e.0.contains("White's pieces are already connected"), "{e}");
}

#[test]
fn position_key_is_pieces_and_side_to_move_not_the_ply() {
    let g = standard();
    let mut s = g.start();
    let k0 = g.position_key(&s);
    play(&g, &mut s, "b1-b3");
    let k1 = g.position_key(&s);
    assert_ne!(k0, k1);
    play(&g, &mut s, "a2-c2");
    play(&g, &mut s, "b3-b1");
    play(&g, &mut s, "c2-a2");
    assert_eq!(s.ply(), 4);
    assert_ne!(s, g.start(), "positions differ in their ply counter");
    assert_eq!(g.position_key(&s), k0, "back to the start, Black to move");
    // Same pieces with the other side to move are another position.
    let mut t = g.start();
    play(&g, &mut t, "b1-b3");
    play(&g, &mut t, "a2-c2");
    let mut u = t.clone();
    play(&g, &mut u, "b3-b1");
    assert_ne!(g.position_key(&u), g.position_key(&t));
}

/// The line from the issue: after `e1-e3 h3-f5 e8-g6 f5-h3 g6-e8` the position
/// after ply 1 is back with White to move.
const SHUTTLE: &str = "e1-e3 h3-f5 e8-g6 f5-h3 g6-e8";

#[test]
fn a_position_repeated_with_the_same_player_to_move_is_a_draw() {
    let mut gs = GameState::new(standard());
    for m in SHUTTLE.split_whitespace() {
        assert!(gs.outcome().is_none(), "over before {m}");
        gs.play_str(m).unwrap();
    }
    let o = gs.outcome().expect("a draw by repetition");
    assert_eq!(o.winner, None);
    assert_eq!(
        o.reason,
        "draw by repetition: the position after ply 1 occurred again with the same player to move"
    );
    assert!(gs.legal_moves().is_empty());
    assert!(
        gs.play_str("h3-f5")
            .unwrap_err()
            .reason
            .starts_with("the game is over: draw by repetition")
    );
    // Undo lifts the draw.
    assert!(gs.undo());
    assert!(gs.outcome().is_none());
}

#[test]
fn with_the_tournament_rule_the_third_occurrence_draws() {
    let mut gs = GameState::new(standard().with_repetition(Repetition::Third));
    for m in SHUTTLE.split_whitespace() {
        gs.play_str(m).unwrap();
    }
    assert!(gs.outcome().is_none(), "second occurrence: play on");
    for m in ["h3-f5", "e8-g6", "f5-h3"] {
        gs.play_str(m).unwrap();
        assert!(gs.outcome().is_none(), "after {m}");
    }
    gs.play_str("g6-e8").unwrap();
    let o = gs.outcome().expect("a draw at the third occurrence");
    assert_eq!(o.winner, None);
    assert_eq!(
        o.reason,
        "draw by repetition: the position after ply 1 occurred for the third time with the same player to move"
    );
}

#[test]
fn the_repetition_rule_is_a_game_option_kept_in_records() {
    use boardwright::game::record::{replay, save_record};
    use boardwright::game::{DynGame, RulesKind, new_game};
    use boardwright::io::record::GameRecord;
    use boardwright::rules::GameOptions;
    let load_record =
        |text: &str, dir: Option<&std::path::Path>| -> Result<Box<dyn DynGame>, String> {
            replay(&GameRecord::from_ron(text).map_err(|e| e.to_string())?, dir)
                .map_err(|e| e.to_string())
        };
    let board = Arc::new(presets::lines_of_action());
    let second = new_game(RulesKind::Loa, board.clone(), &GameOptions::default()).unwrap();
    assert_eq!(
        second.options().repetition,
        Repetition::Second,
        "the default"
    );
    let third = GameOptions {
        repetition: Repetition::Third,
        ..GameOptions::default()
    };
    let mut g = new_game(RulesKind::Loa, board, &third).unwrap();
    for m in SHUTTLE.split_whitespace() {
        g.play_str(m).unwrap();
    }
    assert!(g.outcome().is_none());
    let text = save_record(g.as_ref());
    assert!(text.contains("repetition: third"), "{text}");
    let mut back = load_record(&text, None).unwrap();
    assert_eq!(back.options().repetition, Repetition::Third);
    for m in ["h3-f5", "e8-g6", "f5-h3", "g6-e8"] {
        back.play_str(m).unwrap();
    }
    assert_eq!(back.outcome().unwrap().winner, None);
    // A record written before the option existed reads with the default rule.
    let old = text.replace("repetition: third,", "");
    assert!(!old.contains("repetition"), "{old}");
    assert_eq!(
        load_record(&old, None).unwrap().options().repetition,
        Repetition::Second
    );
}

/// Random games: legal moves pass `check`, have no duplicates, agree with
/// `moves_from`; non-moves are refused; incremental == from scratch every ply.
fn consistency(g: &Loa, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let faces = g.board().face_count();
    for _ in 0..games {
        let mut s = g.start();
        for _ in 0..300 {
            let mut moves = Vec::new();
            g.legal_moves(&s, &mut moves);
            let set: HashSet<LoaMove> = moves.iter().copied().collect();
            assert_eq!(set.len(), moves.len(), "duplicate moves");
            let mut by_piece: BTreeMap<FaceId, Vec<LoaMove>> = BTreeMap::new();
            for &m in &moves {
                g.check(&s, m).unwrap();
                by_piece.entry(m.from).or_default().push(m);
                let text = g.format_move(&s, m);
                assert_eq!(g.parse_move(&s, &text).unwrap(), m);
            }
            for f in 0..faces {
                let f = FaceId(f as u32);
                let mut out = Vec::new();
                g.moves_from(&s, f, &mut out);
                assert_eq!(out, by_piece.get(&f).cloned().unwrap_or_default());
                // Every other destination of this piece is refused.
                for t in 0..faces {
                    let m = LoaMove {
                        from: f,
                        to: FaceId(t as u32),
                    };
                    if !set.contains(&m) {
                        assert!(g.check(&s, m).is_err());
                    }
                }
            }
            assert_eq!(g.outcome(&s), g.outcome_from_scratch(&s));
            g.verify_incremental(&s).unwrap();
            if moves.is_empty() {
                assert!(g.outcome(&s).is_some());
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let before = g.to_move(&s);
            g.apply(&mut s, m);
            assert_eq!(g.to_move(&s), opponent(before));
        }
    }
}

#[test]
fn random_games_are_consistent() {
    consistency(&standard(), 6, 1);
    // The general (non-bitboard) path agrees move by move with the fast path.
    let fast = standard();
    let general = Loa::new_general_path(Arc::new(presets::lines_of_action())).unwrap();
    consistency(&general, 2, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..10 {
        let (mut a, mut b) = (fast.start(), general.start());
        loop {
            let (mut ma, mut mb) = (Vec::new(), Vec::new());
            fast.legal_moves(&a, &mut ma);
            general.legal_moves(&b, &mut mb);
            assert_eq!(ma, mb);
            assert_eq!(fast.outcome(&a), general.outcome(&b));
            if ma.is_empty() {
                break;
            }
            let m = ma[rng.random_range(0..ma.len())];
            fast.apply(&mut a, m);
            general.apply(&mut b, m);
        }
    }
}

#[test]
fn larger_board_uses_general_path() {
    // 9×9 (81 squares > 64) with a hole in the middle and a ring-like setup.
    let black = [
        "b1", "c1", "d1", "f1", "g1", "h1", "b9", "c9", "d9", "f9", "g9", "h9",
    ];
    let white = [
        "a2", "a3", "a4", "a6", "a7", "a8", "i2", "i3", "i4", "i6", "i7", "i8",
    ];
    let g = Loa::new(custom_board(9, 9, &["e5"], &black, &white)).unwrap();
    consistency(&g, 3, 9);
    // Random playouts end.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..5 {
        let mut s = g.start();
        let w = g.random_playout(&mut s, &mut rng);
        if let Some(w) = w {
            assert_eq!(g.outcome(&s).unwrap().winner, Some(w));
        }
    }
}

#[test]
fn random_playouts_finish_with_the_rules_outcome() {
    let g = standard();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..50 {
        let mut s = g.start();
        if let Some(w) = g.random_playout(&mut s, &mut rng) {
            let o = g.outcome(&s).unwrap();
            assert_eq!(o.winner, Some(w));
            assert_eq!(g.outcome_from_scratch(&s), Some(o));
        }
        g.verify_incremental(&s).unwrap();
    }
}
