//! Property tests for the record readers and writers: no reader panics on
//! random or mutated input, and every record written is read back to the same
//! game (HexGui's swap convention included), up to the largest SGF board.

use boardwright::game::record::{replay, save_sgf};
use boardwright::game::{DynGame, RulesKind, new_game};
use boardwright::io::Limits;
use boardwright::io::record::GameRecord;
use boardwright::io::sgf::read_sgf;
use boardwright::presets;
use boardwright::rules::GameOptions;
use proptest::prelude::*;
use std::sync::Arc;

const SGF_SEED: &str = "(;AP[HexGui:0.9]FF[4]GM[11]SZ[5]PB[a]PW[b]RE[B+]\n;B[c2]C[x];W[swap-pieces];W[b4]\n;B[d2];W[a1](;B[e1])(;B[e2];W[resign]))";

const RON_SEED: &str = "(format_version: 2, rules: hex, options: (swap: true), \
    board: Preset(name: \"hex\", size: Some(5)), players: (\"a\", \"b\"), \
    moves: [\"c2\", \"swap\", \"b4\"], result: Some((winner: Some(1), reason: \"r\", resigned: Some(0))))";

/// A valid file with random edits, including SGF's and RON's own tokens.
fn mutated(seed: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let len = seed.len();
    prop::collection::vec((0..len, any::<u8>(), 0u8..4), 1..8).prop_map(move |edits| {
        let mut b = seed.as_bytes().to_vec();
        for (pos, byte, op) in edits {
            let pos = pos.min(b.len());
            match op {
                0 => {
                    if pos < b.len() {
                        b[pos] = byte;
                    }
                }
                1 => b.insert(pos, byte),
                2 => b.truncate(pos),
                _ => {
                    let toks: [&[u8]; 10] = [
                        b"(",
                        b")",
                        b";",
                        b"[",
                        b"]",
                        b"\\",
                        b"W[swap-pieces]",
                        b"B[resign]",
                        b"AB[a1]",
                        b"(;",
                    ];
                    let tok = toks[byte as usize % toks.len()];
                    b.splice(pos..pos, tok.iter().copied());
                }
            }
        }
        b
    })
}

fn small_limits() -> Limits {
    Limits {
        max_faces: 10_000,
        max_vertices: 10_000,
        max_corners: 100_000,
        max_moves: 1_000,
        ..Limits::default()
    }
}

/// Read and, when that works, replay: neither may panic; errors are one line.
fn read_sgf_bytes(bytes: &[u8]) -> Result<(), TestCaseError> {
    let text = String::from_utf8_lossy(bytes);
    match read_sgf(&text) {
        Ok(r) => {
            if let Err(e) = replay(&r, None) {
                prop_assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
        Err(e) => {
            let m = e.to_string();
            prop_assert!(!m.contains('\n') && m.len() < 400, "{m}");
        }
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn sgf_reader_never_panics_on_random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_sgf_bytes(&bytes)?;
    }

    #[test]
    fn sgf_reader_never_panics_on_mutated_files(bytes in mutated(SGF_SEED)) {
        read_sgf_bytes(&bytes)?;
    }

    #[test]
    fn record_reader_never_panics_on_mutated_files(bytes in mutated(RON_SEED)) {
        let text = String::from_utf8_lossy(&bytes);
        match GameRecord::from_ron_with(&text, &small_limits()) {
            Ok(r) => {
                let _ = replay(&r, None);
            }
            Err(e) => {
                let m = e.to_string();
                prop_assert!(m.len() < 600, "{m}");
            }
        }
    }
}

/// A random Hex game on an n×n board: `picks` choose among the legal moves.
fn random_game(n: u32, swap: bool, picks: &[u16]) -> Box<dyn DynGame> {
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(n)),
        &GameOptions {
            swap,
            ..Default::default()
        },
    )
    .unwrap();
    for &k in picks {
        let legal = g.legal_moves();
        if legal.is_empty() {
            break;
        }
        g.play_str(&legal[k as usize % legal.len()]).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_hex_games_survive_sgf(
        n in 1u32..12,
        swap in any::<bool>(),
        picks in prop::collection::vec(any::<u16>(), 0..150),
        resign in any::<bool>(),
    ) {
        let mut g = random_game(n, swap, &picks);
        if resign && let Some(p) = g.to_move() {
            g.resign(p).unwrap();
        }
        let text = save_sgf(g.as_ref()).unwrap();
        let back = replay(&read_sgf(&text).unwrap(), None).unwrap();
        prop_assert_eq!(back.history(), g.history());
        prop_assert_eq!(back.outcome().map(|o| o.winner), g.outcome().map(|o| o.winner));
        prop_assert_eq!(back.resigned(), g.resigned());
    }
}

#[test]
fn the_largest_sgf_board_is_written_and_read() {
    // 100×100 is the largest SZ the reader accepts. Red opens on c1, Blue
    // swaps (Blue's stone on a3), then Red fills column e and Blue column f.
    let mut g = new_game(
        RulesKind::Hex,
        Arc::new(presets::hex(100)),
        &GameOptions {
            swap: true,
            ..Default::default()
        },
    )
    .unwrap();
    g.play_str("c1").unwrap();
    g.play_str("swap").unwrap();
    for row in 1..=100 {
        g.play_str(&format!("e{row}")).unwrap();
        if g.outcome().is_none() {
            g.play_str(&format!("f{row}")).unwrap();
        }
    }
    assert_eq!(g.outcome().unwrap().winner, Some(0));
    let text = save_sgf(g.as_ref()).unwrap();
    assert!(text.contains("SZ[100]") && text.contains(";W[swap-pieces];W[a5];B[a6]"));
    let back = replay(&read_sgf(&text).unwrap(), None).unwrap();
    assert_eq!(back.history(), g.history());
    assert_eq!(back.outcome().unwrap().winner, Some(0));
}
