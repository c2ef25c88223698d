//! TwixT: links, crossings, border rows, swap, wins, draws, consistency.

use boardwright::mesh::FaceId;
use boardwright::presets;
use boardwright::rules::twixt::{Twixt, TwixtMove, TwixtPosition};
use boardwright::rules::{Rules, opponent};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::sync::Arc;

fn face(g: &Twixt, label: &str) -> FaceId {
    g.board().face_by_label(label).unwrap()
}

fn play(g: &Twixt, pos: &mut TwixtPosition, s: &str) {
    let m = g.parse_move(pos, s).unwrap();
    g.check(pos, m).unwrap_or_else(|e| panic!("{s}: {e}"));
    g.apply(pos, m);
    assert_eq!(g.outcome(pos), g.outcome_from_scratch(pos));
}

fn playing(g: &Twixt, moves: &str) -> TwixtPosition {
    let mut s = g.start();
    for m in moves.split_whitespace() {
        play(g, &mut s, m);
    }
    s
}

fn refusal(g: &Twixt, pos: &TwixtPosition, s: &str) -> String {
    let m = g.parse_move(pos, s).unwrap();
    g.check(pos, m).unwrap_err().reason
}

/// Links as sorted label pairs with owner.
fn links(g: &Twixt, pos: &TwixtPosition) -> Vec<(String, String, u8)> {
    let b = g.board();
    let mut v: Vec<_> = g
        .links(pos)
        .into_iter()
        .map(|(a, c, p)| {
            let (x, y) = (b.label(a).to_string(), b.label(c).to_string());
            if x <= y { (x, y, p) } else { (y, x, p) }
        })
        .collect();
    v.sort();
    v
}

fn link(a: &str, b: &str, p: u8) -> (String, String, u8) {
    (a.to_string(), b.to_string(), p)
}

#[test]
fn pegs_link_a_knights_move_apart() {
    let g = Twixt::standard(24, false).unwrap();
    // Red c3, Blue t20, Red d5: c3–d5 is a knight's move → linked.
    let s = playing(&g, "c3 t20 d5");
    assert_eq!(links(&g, &s), vec![link("c3", "d5", 0)]);
    assert_eq!(g.piece_at(&s, face(&g, "c3")), Some(0));
    assert_eq!(g.piece_at(&s, face(&g, "t20")), Some(1));
    assert_eq!(g.piece_at(&s, face(&g, "c4")), None);
    // A peg two rows straight down is not a knight's move: no link.
    let s = playing(&g, "c3 t20 c5");
    assert!(links(&g, &s).is_empty());
    // Blue pegs link too; pegs of different colours never do.
    let s = playing(&g, "c3 p10 j9 r11 d5");
    assert_eq!(
        links(&g, &s),
        vec![link("c3", "d5", 0), link("p10", "r11", 1)]
    );
}

#[test]
fn links_touching_at_an_end_are_allowed() {
    let g = Twixt::standard(24, false).unwrap();
    // c3–d5 and e3–d5 share d5; d5 is placed last and links to both.
    let s = playing(&g, "c3 t20 e3 t18 d5");
    assert_eq!(
        links(&g, &s),
        vec![link("c3", "d5", 0), link("d5", "e3", 0)]
    );
    // A third link from the same peg, e.g. to f6, also fine.
    let mut s = s;
    play(&g, &mut s, "t16");
    play(&g, &mut s, "f6");
    assert_eq!(links(&g, &s).len(), 3);
}

#[test]
fn crossing_links_are_not_formed() {
    let g = Twixt::standard(24, false).unwrap();
    // Red c3–d5; Blue c5 and d3 would link across it (an X): refused.
    let s = playing(&g, "c3 c5 d5 d3");
    assert_eq!(links(&g, &s), vec![link("c3", "d5", 0)]);
    // The same with Red's own link: Red c5 and d3 after c3–d5.
    let s = playing(&g, "c3 t20 d5 t18 c5 t16 d3");
    assert_eq!(links(&g, &s), vec![link("c3", "d5", 0)]);
    // The other way round: a Blue link first blocks Red.
    let s = playing(&g, "j10 c5 t20 d3 c3 t18 d5");
    assert_eq!(links(&g, &s), vec![link("c5", "d3", 1)]);
    // A shallow link crossing a steep one: Red c3–e4 against Blue d3–c5.
    let s = playing(&g, "c3 d3 e4 c5");
    assert_eq!(links(&g, &s), vec![link("c3", "e4", 0)]);
    // Parallel neighbours do not cross: c3–d5 and d3–e5 both form.
    let s = playing(&g, "c3 t20 d5 t18 d3 t16 e5");
    assert_eq!(
        links(&g, &s),
        vec![link("c3", "d5", 0), link("d3", "e5", 0)]
    );
}

#[test]
fn every_interior_link_crosses_nine_others() {
    let g = Twixt::standard(24, false).unwrap();
    for (a, b) in [
        ("j10", "k12"),
        ("j10", "l11"),
        ("j10", "h11"),
        ("j10", "i12"),
    ] {
        assert_eq!(
            g.crossing_count(face(&g, a), face(&g, b)),
            Some(9),
            "{a}-{b}"
        );
    }
    assert_eq!(g.crossing_count(face(&g, "j10"), face(&g, "j12")), None);
}

#[test]
fn border_rows_are_reserved() {
    let g = Twixt::standard(24, false).unwrap();
    let s = g.start();
    // Red may not use Blue's columns a and x.
    let r = refusal(&g, &s, "a5");
    assert_eq!(r, "a5 is in Blue's border column; Red may not place there");
    assert!(refusal(&g, &s, "x12").contains("Blue's border column"));
    // Red's own border rows are fine.
    let mut s = playing(&g, "e1");
    // Blue may not use Red's rows 1 and 24.
    let r = refusal(&g, &s, "f1");
    assert_eq!(r, "f1 is in Red's border row; Blue may not place there");
    assert!(refusal(&g, &s, "f24").contains("Red's border row"));
    assert_eq!(refusal(&g, &s, "e1"), "e1 is occupied");
    play(&g, &mut s, "a5");
    // Corner holes do not exist.
    assert!(g.parse_move(&s, "a1").is_err());
    assert!(g.parse_move(&s, "x24").is_err());
    assert!(g.parse_move(&s, "y3").is_err());
    assert!(g.parse_move(&s, "hello").is_err());
    // Legal moves respect the rule: Red has 22 columns of 24 holes, minus e1
    // (Blue's a5 is outside Red's area anyway).
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert_eq!(v.len(), 22 * 24 - 1);
    let labels: HashSet<String> = v.iter().map(|&m| g.format_move(&s, m)).collect();
    assert!(!labels.contains("a7") && labels.contains("b7") && labels.contains("b1"));
    play(&g, &mut s, "b1");
    g.legal_moves(&s, &mut v);
    assert_eq!(v.len(), 22 * 24 - 1, "Blue: 22 rows of 24 holes minus a5");
}

#[test]
fn swap_rule() {
    let g = Twixt::standard(24, true).unwrap();
    let mut s = playing(&g, "e3");
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.contains(&TwixtMove::Swap));
    assert_eq!(g.format_move(&s, TwixtMove::Swap), "swap");
    play(&g, &mut s, "swap");
    // Red's e3 (column 5, row 3) becomes Blue's c5 (column 3, row 5).
    assert_eq!(g.piece_at(&s, face(&g, "e3")), None);
    assert_eq!(g.piece_at(&s, face(&g, "c5")), Some(1));
    assert_eq!(g.to_move(&s), 0);
    assert!(s.swapped());
    // Swap is not available later.
    g.legal_moves(&s, &mut v);
    assert!(!v.contains(&TwixtMove::Swap));
    assert_eq!(
        g.check(&s, TwixtMove::Swap).unwrap_err().reason,
        "swap is only allowed as Blue's first move"
    );
    // Red border-row pegs mirror into Blue's border column, which Blue owns.
    let mut s = playing(&g, "e1 swap");
    assert_eq!(g.piece_at(&s, face(&g, "a5")), Some(1));
    // The swapped peg links like any other Blue peg.
    play(&g, &mut s, "t20");
    play(&g, &mut s, "c6");
    assert_eq!(links(&g, &s), vec![link("a5", "c6", 1)]);

    // Without the swap rule, swap is refused and not offered.
    let g = Twixt::standard(24, false).unwrap();
    let s = playing(&g, "e3");
    g.legal_moves(&s, &mut v);
    assert!(!v.contains(&TwixtMove::Swap));
    assert_eq!(
        g.check(&s, TwixtMove::Swap).unwrap_err().reason,
        "the swap rule is not in use in this game"
    );
}

#[test]
fn red_wins_by_joining_top_and_bottom() {
    let g = Twixt::standard(5, false).unwrap();
    // Red b1–c3–d5 (two knight links) joins row 1 to row 5.
    let mut s = playing(&g, "b1 a2 c3 a4");
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, "d5");
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(0));
    assert_eq!(o.reason, "Red joined the top and bottom rows");
    let (b1, c3, d5) = (face(&g, "b1"), face(&g, "c3"), face(&g, "d5"));
    assert_eq!(o.evidence.faces, vec![b1, c3, d5]);
    assert_eq!(o.evidence.links, vec![(b1, c3), (c3, d5)]);
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.is_empty());
    assert_eq!(refusal(&g, &s, "e3"), "the game is over");
}

#[test]
fn blue_wins_by_joining_left_and_right() {
    let g = Twixt::standard(5, false).unwrap();
    // Blue a2–c3–e4; Red plays unconnected pegs d1, b5, d5.
    let mut s = playing(&g, "d1 a2 b5 c3 d5");
    assert!(g.outcome(&s).is_none());
    play(&g, &mut s, "e4");
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.winner, Some(1));
    assert_eq!(o.reason, "Blue joined the left and right columns");
    let (a2, c3, e4) = (face(&g, "a2"), face(&g, "c3"), face(&g, "e4"));
    assert_eq!(o.evidence.faces, vec![a2, c3, e4]);
    assert_eq!(o.evidence.links, vec![(a2, c3), (c3, e4)]);
}

#[test]
fn pegs_on_both_rows_without_a_linked_chain_do_not_win() {
    let g = Twixt::standard(5, false).unwrap();
    // Red b1, c3, c5: b1–c3 linked, c3–c5 is not a knight's move.
    let s = playing(&g, "b1 a2 c3 a4 c5");
    assert!(g.outcome(&s).is_none());
    assert_eq!(links(&g, &s), vec![link("b1", "c3", 0)]);
    // Blue's d3–b4 blocks the link c3–d5, so Red's d5 stays unlinked.
    let s = playing(&g, "b1 d3 c3 b4 d5");
    assert_eq!(
        links(&g, &s),
        vec![link("b1", "c3", 0), link("b4", "d3", 1)]
    );
    assert!(g.outcome(&s).is_none());
    assert_eq!(g.outcome_from_scratch(&s), None);
}

#[test]
fn draw_when_no_hole_is_left() {
    // Random games on 5×5 that end without a winner: the player to move has no hole.
    let g = Twixt::standard(5, false).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut draws = 0;
    for _ in 0..200 {
        let mut s = g.start();
        let mut v = Vec::new();
        loop {
            g.legal_moves(&s, &mut v);
            if v.is_empty() {
                break;
            }
            let m = v[rng.random_range(0..v.len())];
            g.apply(&mut s, m);
        }
        let o = g.outcome(&s).unwrap();
        assert_eq!(g.outcome_from_scratch(&s), Some(o.clone()));
        if o.winner.is_none() {
            draws += 1;
            let p = g.to_move(&s);
            let name = ["Red", "Blue"][p as usize];
            assert_eq!(
                o.reason,
                format!("{name} has no hole left to place a peg in: draw")
            );
            // Every hole is indeed occupied or reserved for the opponent.
            for f in 0..g.board().face_count() {
                let m = TwixtMove::Place(FaceId(f as u32));
                assert!(g.check(&s, m).is_err());
            }
        }
    }
    assert!(draws > 0, "no drawn game among the samples");
}

#[test]
fn unsuitable_boards_are_refused() {
    assert!(
        Twixt::standard(4, false)
            .unwrap_err()
            .0
            .contains("out of range")
    );
    assert!(
        Twixt::standard(49, false)
            .unwrap_err()
            .0
            .contains("out of range")
    );
    let e = Twixt::new(Arc::new(presets::square_grid(8, 8)), false).unwrap_err();
    assert!(e.0.contains("TwixT needs"), "{e}");
    let e = Twixt::new(Arc::new(presets::hex(6)), false).unwrap_err();
    assert!(e.0.contains("TwixT needs"), "{e}");
    for n in [5, 24, 48] {
        assert_eq!(Twixt::standard(n, false).unwrap().size(), n);
    }
}

fn consistency(g: &Twixt, games: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let nf = g.board().face_count();
    for _ in 0..games {
        let mut s = g.start();
        let mut v = Vec::new();
        loop {
            g.legal_moves(&s, &mut v);
            let set: HashSet<TwixtMove> = v.iter().copied().collect();
            assert_eq!(set.len(), v.len(), "duplicate moves");
            for &m in &v {
                g.check(&s, m).unwrap();
                assert_eq!(g.parse_move(&s, &g.format_move(&s, m)).unwrap(), m);
            }
            for f in 0..nf {
                let m = TwixtMove::Place(FaceId(f as u32));
                assert_eq!(g.check(&s, m).is_ok(), set.contains(&m));
            }
            assert_eq!(
                g.check(&s, TwixtMove::Swap).is_ok(),
                set.contains(&TwixtMove::Swap)
            );
            assert_eq!(g.outcome(&s), g.outcome_from_scratch(&s));
            if v.is_empty() {
                assert!(g.outcome(&s).is_some());
                break;
            }
            // Links never cross and join same-coloured pegs.
            for (a, b, p) in g.links(&s) {
                assert_eq!(g.piece_at(&s, a), Some(p));
                assert_eq!(g.piece_at(&s, b), Some(p));
            }
            let m = v[rng.random_range(0..v.len())];
            let before = g.to_move(&s);
            g.apply(&mut s, m);
            assert_eq!(g.to_move(&s), opponent(before));
        }
    }
}

#[test]
fn random_games_are_consistent() {
    consistency(&Twixt::standard(6, true).unwrap(), 20, 1);
    consistency(&Twixt::standard(9, false).unwrap(), 10, 2);
    consistency(&Twixt::standard(12, true).unwrap(), 3, 3);
}

#[test]
fn links_never_cross_in_random_games() {
    let g = Twixt::standard(12, false).unwrap();
    let b = g.board().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..5 {
        let mut s = g.start();
        let _ = g.random_playout(&mut s, &mut rng);
        let segs: Vec<((i64, i64), (i64, i64))> = g
            .links(&s)
            .into_iter()
            .map(|(x, y, _)| {
                let (p, q) = (b.coord(x).unwrap(), b.coord(y).unwrap());
                ((p.col as i64, p.row as i64), (q.col as i64, q.row as i64))
            })
            .collect();
        let orient = |a: (i64, i64), b: (i64, i64), c: (i64, i64)| {
            ((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)).signum()
        };
        for (i, &(a, c)) in segs.iter().enumerate() {
            for &(p, q) in &segs[i + 1..] {
                let crosses =
                    orient(a, c, p) * orient(a, c, q) < 0 && orient(p, q, a) * orient(p, q, c) < 0;
                assert!(!crosses, "{a:?}-{c:?} crosses {p:?}-{q:?}");
            }
        }
    }
}

#[test]
fn random_playouts_end_with_the_rules_outcome() {
    for (n, swap) in [(24, false), (24, true), (7, false)] {
        let g = Twixt::standard(n, swap).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        for _ in 0..20 {
            let mut s = g.start();
            let w = g.random_playout(&mut s, &mut rng);
            let o = g.outcome(&s).unwrap();
            assert_eq!(o.winner, w);
            assert_eq!(g.outcome_from_scratch(&s), Some(o));
        }
    }
}

/// 5×5: Red's linked b2–c4 spans every row Blue may use, so Blue can no longer
/// join his columns; Red still can. The game goes on.
#[test]
fn one_player_cut_off_is_not_yet_a_draw() {
    let g = Twixt::standard(5, false).unwrap().with_dead_draw(true);
    let s = playing(&g, "b2 b3 c4");
    assert!(g.can_still_connect(&s, 0), "Red");
    assert!(!g.can_still_connect(&s, 1), "Blue is cut off");
    assert_eq!(g.outcome(&s), None);
    assert_eq!(g.outcome_from_scratch(&s), None);
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(!v.is_empty());
    assert_eq!(g.result(&s), None);
}

/// 5×5: Red b5–c3 and Blue b2–d3 wall each other off: every path Red could
/// still make from row 1 crosses Blue's link, and Blue's left and right pegs
/// and holes are separated by Red's link. A draw with the option, play on without.
#[test]
fn both_players_cut_off_is_a_dead_draw() {
    let g = Twixt::standard(5, false).unwrap().with_dead_draw(true);
    let mut s = playing(&g, "b5 b2 c3");
    assert!(g.can_still_connect(&s, 0) && g.can_still_connect(&s, 1));
    assert_eq!(g.outcome(&s), None);
    play(&g, &mut s, "d3");
    assert!(!g.can_still_connect(&s, 0) && !g.can_still_connect(&s, 1));
    let o = g.outcome(&s).expect("a dead draw");
    assert_eq!(o.winner, None);
    assert_eq!(
        o.reason,
        "neither player can still connect his border rows: draw"
    );
    assert_eq!(g.outcome_from_scratch(&s), Some(o));
    assert_eq!(g.result(&s), Some(None));
    let mut v = Vec::new();
    g.legal_moves(&s, &mut v);
    assert!(v.is_empty());
    assert_eq!(refusal(&g, &s, "c2"), "the game is over");
    // Without the option the same position plays on to a full board.
    let off = Twixt::standard(5, false).unwrap();
    let s = playing(&off, "b5 b2 c3 d3");
    assert_eq!(off.outcome(&s), None);
    assert!(!off.can_still_connect(&s, 0) && !off.can_still_connect(&s, 1));
}

/// Random games with the option: the game ends as a dead draw exactly when the
/// search finds neither player able to connect, never while a win is possible,
/// and every game that ends in a win was never declared dead on the way.
#[test]
fn dead_draws_in_random_games_agree_with_the_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut dead = 0;
    for n in [5, 6, 8] {
        let g = Twixt::standard(n, false).unwrap().with_dead_draw(true);
        for _ in 0..150 {
            let mut s = g.start();
            let mut v = Vec::new();
            loop {
                let cut = [g.can_still_connect(&s, 0), g.can_still_connect(&s, 1)];
                let o = g.outcome(&s);
                assert_eq!(g.outcome_from_scratch(&s), o);
                let declared = o
                    .as_ref()
                    .is_some_and(|o| o.reason.starts_with("neither player"));
                assert_eq!(declared, cut == [false, false], "{n}×{n}: {o:?}");
                g.legal_moves(&s, &mut v);
                if v.is_empty() {
                    dead += declared as usize;
                    break;
                }
                let m = v[rng.random_range(0..v.len())];
                g.apply(&mut s, m);
            }
        }
    }
    assert!(dead > 0, "no dead draw among the samples");
}

/// New games have the dead draw on; records keep the option, and a record from
/// before the option existed (no `dead_draw`) plays on as it did then.
#[test]
fn the_dead_draw_is_a_game_option_kept_in_records() {
    use boardwright::game::record::{replay, save_record};
    use boardwright::game::{DynGame, RulesKind, new_game};
    use boardwright::io::record::GameRecord;
    use boardwright::rules::GameOptions;
    let load_record = |text: &str| -> Result<Box<dyn DynGame>, String> {
        replay(
            &GameRecord::from_ron(text).map_err(|e| e.to_string())?,
            None,
        )
        .map_err(|e| e.to_string())
    };
    let board = Arc::new(presets::twixt(5));
    let mut g = new_game(RulesKind::Twixt, board.clone(), &GameOptions::default()).unwrap();
    assert!(g.options().dead_draw);
    for m in ["b5", "b2", "c3"] {
        g.play_str(m).unwrap();
    }
    let text = save_record(g.as_ref());
    assert!(text.contains("dead_draw: true"), "{text}");
    let mut back = load_record(&text).unwrap();
    back.play_str("d3").unwrap();
    assert_eq!(
        back.outcome().unwrap().reason,
        "neither player can still connect his border rows: draw"
    );
    let old = text.replace("dead_draw: true,", "");
    assert!(!old.contains("dead_draw"), "{old}");
    let mut old = load_record(&old).unwrap();
    assert!(!old.options().dead_draw);
    old.play_str("d3").unwrap();
    assert_eq!(old.outcome(), None, "plays on");
    assert!(!old.legal_handles().is_empty());
    let off = GameOptions {
        dead_draw: false,
        ..GameOptions::default()
    };
    let g = new_game(RulesKind::Twixt, board, &off).unwrap();
    let text = save_record(g.as_ref());
    assert!(
        !text.contains("dead_draw"),
        "off is what a record without it says: {text}"
    );
    assert!(!load_record(&text).unwrap().options().dead_draw);
    // Games without a dead draw do not record one.
    let hex = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(5)),
        &GameOptions::default(),
    )
    .unwrap();
    assert!(!hex.options().dead_draw);
    assert!(!save_record(hex.as_ref()).contains("dead_draw"));
}
