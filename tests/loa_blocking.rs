//! Lines of Action: the blocking term of the playout evaluation
//! (`--params blocking=…`, issue 16): pieces hemmed in by adjacent opponent
//! pieces count against their side, more so on the edge, in a corner or
//! beside a hole, and only when the term is on.

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::loa::{Loa, LoaSettings};
use boardwright::rules::search::Searchable;
use std::sync::Arc;

mod loa_common;
use loa_common::{custom_board, playout};

/// A w×h square grid without the squares in `holes` (a1 bottom-left), with
/// the given start setup; Black moves first.
fn board(w: i32, h: i32, holes: &[&str], black: &[&str], white: &[&str]) -> Loa {
    Loa::new(custom_board(w, h, holes, black, white)).unwrap()
}

/// The static evaluation (probability that Black wins) of `loa`'s start
/// position with blocking weight `w`, as a logit (the evaluation's own scale).
fn logit(loa: &Loa, w: f32) -> f64 {
    let aux = loa.aux(
        &LoaSettings {
            blocking: w,
            ..Default::default()
        },
        &loa.start(),
    );
    let p = aux.evaluate_position(loa, &loa.start()) as f64;
    (p / (1.0 - p)).ln()
}

/// What the term (weight `w`) adds to Black's side of the evaluation.
fn term(loa: &Loa, w: f32) -> f64 {
    logit(loa, w) - logit(loa, 0.0)
}

/// The same square with its colours swapped, or mirrored left to right.
fn swap(black: &[&'static str], white: &[&'static str]) -> (Vec<&'static str>, Vec<&'static str>) {
    (white.to_vec(), black.to_vec())
}
fn mirror(squares: &[&str]) -> Vec<String> {
    squares
        .iter()
        .map(|s| {
            let (c, r) = s.split_at(1);
            let c = (b'h' - (c.as_bytes()[0] - b'a')) as char;
            format!("{c}{r}")
        })
        .collect()
}

// Black's a1 walled into the corner by White's a2, b1, b2; the other pieces
// apart, so that neither side is connected.
const BLACK: &[&str] = &["a1", "e5", "g7"];
const WHITE: &[&str] = &["a2", "b1", "b2", "h4"];

#[test]
fn the_term_is_off_by_default_and_changes_the_playouts_only_when_on() {
    let loa = Loa::new(Arc::new(presets::lines_of_action())).unwrap();
    assert_eq!(LoaSettings::default().blocking, 0.0);
    let start = loa.start();
    let run = |blocking: f32, seed: u64| {
        let settings = LoaSettings {
            blocking,
            ..Default::default()
        };
        playout(&loa, &start, settings, seed)
    };
    let mut moved = 0;
    for seed in 0..40 {
        let (off, on) = (run(0.0, seed), run(1.0, seed));
        assert_eq!(off, run(LoaSettings::default().blocking, seed));
        if (off - on).abs() > 1e-6 {
            moved += 1;
        }
    }
    // Six random plies from the start put pieces against each other's in
    // most playouts, rarely symmetrically.
    assert!(moved >= 20, "the term changed {moved} of 40 evaluations");
    // The start itself is symmetric: Black's b1 and White's a2 (and the other
    // three corners) block each other alike.
    assert!(term(&loa, 4.0).abs() < 1e-5);
}

#[test]
fn a_piece_walled_into_a_corner_scores_lower_for_its_side() {
    let loa = board(8, 8, &[], BLACK, WHITE);
    // The walled-in piece has no move at all.
    let a1 = loa.parse_move(&loa.start(), "a1-a3").unwrap().from;
    let mut out = Vec::new();
    loa.moves_from(&loa.start(), a1, &mut out);
    assert!(out.is_empty(), "{out:?}");
    // Blocking marks Black down, more with more weight.
    let (t1, t2) = (term(&loa, 1.0), term(&loa, 2.0));
    assert!(t1 < -0.1, "{t1}");
    assert!((t2 - 2.0 * t1).abs() < 1e-3, "{t1} {t2}");
    // Without contact the term changes nothing.
    let apart = board(8, 8, &[], &["a1", "e5", "g7"], &["c3", "d1", "h4"]);
    assert!(term(&apart, 4.0).abs() < 1e-5);
}

#[test]
fn the_term_is_symmetric_between_the_players_and_the_sides_of_the_board() {
    let t = term(&board(8, 8, &[], BLACK, WHITE), 2.0);
    // Colours swapped (Black still to move): the same term, for White.
    let (b, w) = swap(BLACK, WHITE);
    let swapped = term(&board(8, 8, &[], &b, &w), 2.0);
    assert!((t + swapped).abs() < 1e-3, "{t} vs {swapped}");
    // Mirrored left to right: the same term.
    let (mb, mw) = (mirror(BLACK), mirror(WHITE));
    let mb: Vec<&str> = mb.iter().map(String::as_str).collect();
    let mw: Vec<&str> = mw.iter().map(String::as_str).collect();
    let mirrored = term(&board(8, 8, &[], &mb, &mw), 2.0);
    assert!((t - mirrored).abs() < 1e-3, "{t} vs {mirrored}");
}

#[test]
fn a_wall_against_a_hole_or_the_edge_counts_more_than_contact_in_the_open() {
    // The same two White pieces against Black's a1: on the full board a1
    // keeps b2 free; with b2 a hole they shut its every direction.
    let full = term(&board(8, 8, &[], &["a1", "e5"], &["a2", "b1", "h4"]), 1.0);
    let holed = term(
        &board(8, 8, &["b2"], &["a1", "e5"], &["a2", "b1", "h4"]),
        1.0,
    );
    assert!(full < 0.0 && holed < full, "full {full}, holed {holed}");
    // Contact in the open (d4 against e5, both with eight neighbours)
    // blocks both pieces alike.
    let open = term(&board(8, 8, &[], &["d4", "a8"], &["e5", "h1"]), 3.0);
    assert!(open.abs() < 1e-5, "{open}");
    // A Black piece on the edge against a White one in the open: Black's
    // piece has fewer ways out, so Black is marked down.
    let edge = term(&board(8, 8, &[], &["a4", "h8"], &["b4", "h1"]), 1.0);
    assert!(edge < -0.01, "{edge}");
}
