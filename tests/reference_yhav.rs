//! Differential test of Y and Havannah against OpenSpiel: random games recorded
//! by `tests/reference/make_yhav_traces.py` (moves, every ply's legal moves,
//! results; the script describes the format and how OpenSpiel's cells map to
//! boardwright's labels) are replayed through boardwright's rules on the
//! boards the tiling code makes, which must offer exactly the same legal moves
//! at every ply and reach the same result.
//!
//! OpenSpiel's Havannah finds rings by following the new stone's group
//! without sharp (120°) turns and stops at the first cell it meets twice.
//! boardwright's rule is the standard one: a ring is a chain that encloses at
//! least one face. On hexagons the two agree: a closed chain around no cell is
//! a triangulated patch of the cells' adjacency graph with no cell inside,
//! which has at least two sharp corners (its "ears"), while any chain around a
//! cell contains one without sharp turns other than at the cell it was closed
//! from (the boundary of the enclosed region, traced one layer out). The
//! traces check that agreement on 400 games; no difference is special-cased.

use boardwright::board::Board;
use boardwright::rules::Rules;
use boardwright::rules::havannah::Havannah;
use boardwright::rules::y::Y;
use boardwright::tiling::{self, ShapeKind, ShapeSpec, TilingKind, TilingParams};
use std::collections::BTreeSet;
use std::sync::Arc;

struct Ply {
    mv: String,
    added: Vec<String>,
    removed: Vec<String>,
}

struct Trace {
    name: String,
    size: u32,
    swap: bool,
    plies: Vec<Ply>,
    winner: Option<u8>,
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

fn read_traces(file: &str) -> Vec<Trace> {
    let path = format!(
        "{}/tests/reference/traces/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut traces: Vec<Trace> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{file} line {}", i + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("game ") {
            let mut size = 0;
            let mut swap = false;
            for w in rest.split_whitespace().skip(1) {
                match w.split_once('=') {
                    Some(("size", v)) => size = v.parse().expect("a size"),
                    Some(("swap", v)) => swap = v == "1",
                    _ => panic!("{at}: unknown field {w}"),
                }
            }
            traces.push(Trace {
                name: at,
                size,
                swap,
                plies: Vec::new(),
                winner: None,
            });
        } else if let Some(end) = line.strip_prefix("end ") {
            let t = traces.last_mut().expect("a game before its end");
            t.winner = match end {
                "0" => Some(0),
                "1" => Some(1),
                "draw" => None,
                _ => panic!("{at}: bad result {end}"),
            };
        } else {
            let f: Vec<&str> = line.split('|').collect();
            assert_eq!(f.len(), 3, "{at}: a ply line has three fields");
            traces.last_mut().expect("a game").plies.push(Ply {
                mv: f[0].to_string(),
                added: words(f[1]),
                removed: words(f[2]),
            });
        }
    }
    traces
}

fn hexagons(shape: ShapeKind, n: u32) -> Board {
    let mut p = TilingParams::new(TilingKind::Hexagonal);
    p.shape = ShapeSpec::new(shape, n);
    tiling::build(&p).unwrap()
}

/// Replays `t` through `rules`: same legal moves at every ply, same result.
fn replay<R: Rules>(rules: &R, t: &Trace) -> String {
    let mut pos = rules.start();
    let mut back: [BTreeSet<String>; 2] = Default::default();
    let mut moves = Vec::new();
    for (ply, p) in t.plies.iter().enumerate() {
        let expected = &mut back[ply % 2];
        for m in &p.removed {
            assert!(expected.remove(m), "{}: ply {ply} removes {m}", t.name);
        }
        expected.extend(p.added.iter().cloned());
        rules.legal_moves(&pos, &mut moves);
        let ours: BTreeSet<String> = moves.iter().map(|&m| rules.format_move(&pos, m)).collect();
        assert_eq!(
            &ours,
            expected,
            "{}: legal moves at ply {ply} (our outcome: {:?})",
            t.name,
            rules.outcome(&pos).map(|o| o.reason)
        );
        let m = rules.parse_move(&pos, &p.mv).unwrap();
        rules.check(&pos, m).unwrap();
        rules.apply(&mut pos, m);
    }
    let o = rules
        .outcome(&pos)
        .unwrap_or_else(|| panic!("{}: OpenSpiel's game is over, ours is not", t.name));
    assert_eq!(o.winner, t.winner, "{}: {}", t.name, o.reason);
    rules.legal_moves(&pos, &mut moves);
    assert!(moves.is_empty());
    o.reason
}

#[test]
fn y_agrees_with_openspiel_on_200_random_games() {
    let traces = read_traces("y.trace");
    assert_eq!(traces.len(), 200);
    for t in &traces {
        let board = Arc::new(hexagons(ShapeKind::Triangle, t.size));
        let _ = replay(&Y::new(board, t.swap).unwrap(), t);
    }
}

fn havannah(file: &str, base: u32) {
    let traces = read_traces(file);
    assert_eq!(traces.len(), 200);
    let board = Arc::new(hexagons(ShapeKind::Hexagon, base));
    let rules = [false, true].map(|swap| Havannah::new(board.clone(), swap).unwrap());
    let mut results = [0; 3];
    let mut made = [0; 3];
    for t in &traces {
        assert_eq!(t.size, base);
        let why = replay(&rules[t.swap as usize], t);
        results[t.winner.map_or(2, usize::from)] += 1;
        for (k, what) in ["ring", "bridge", "fork"].iter().enumerate() {
            made[k] += why.contains(what) as usize;
        }
    }
    // Both players win, and by each of the three shapes.
    assert!(results[0] > 0 && results[1] > 0, "{results:?}");
    assert!(
        made.iter().all(|&k| k > 0),
        "rings, bridges, forks: {made:?}"
    );
}

#[test]
fn havannah_base_4_agrees_with_openspiel_on_200_random_games() {
    havannah("havannah4.trace", 4);
}

#[test]
fn havannah_base_8_agrees_with_openspiel_on_200_random_games() {
    havannah("havannah8.trace", 8);
}
