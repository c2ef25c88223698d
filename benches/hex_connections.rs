//! Hex's virtual connections: the light search ([`Hex::verdict`], asked at
//! the search's `knowledge` visits) against H-search
//! ([`Hex::verdict_hsearch`], asked at its `deep` visits), per position, on
//! 200 positions of random play (a fixed seed) on 9×9, 11×11 and 13×13.
//! Before timing, each size prints how many of the positions each decides
//! (won / must-play / nothing known).

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::hex::{Hex, HexPosition, Limits, Verdict};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;

const POSITIONS: usize = 200;

/// Positions after a random number of random moves (up to a third of the
/// board), games already decided left out.
fn positions(h: &Hex, size: u32) -> Vec<HexPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < POSITIONS {
        let mut pos = h.start();
        for _ in 0..rng.random_range(4..size * size / 3) {
            moves.clear();
            h.legal_moves(&pos, &mut moves);
            h.apply(&mut pos, moves[rng.random_range(0..moves.len())]);
            if h.result(&pos).is_some() {
                break;
            }
        }
        if h.result(&pos).is_none() {
            out.push(pos);
        }
    }
    out
}

fn tally(verdicts: impl Iterator<Item = Verdict>) -> [usize; 3] {
    let mut n = [0; 3];
    for v in verdicts {
        n[match v {
            Verdict::Won(_) => 0,
            Verdict::MustPlay(_) => 1,
            Verdict::Open => 2,
        }] += 1;
    }
    n
}

fn connections(c: &mut Criterion) {
    let mut g = c.benchmark_group("hex_connections");
    g.throughput(Throughput::Elements(POSITIONS as u64));
    for size in [9, 11, 13] {
        let h = Hex::new(Arc::new(presets::hex(size)), false).unwrap();
        let ps = positions(&h, size);
        let lim = Limits::default();
        let light = tally(ps.iter().map(|p| h.verdict(p)));
        let full = tally(ps.iter().map(|p| h.verdict_hsearch(p, lim)));
        println!(
            "Hex {size}×{size}, {POSITIONS} positions (won / must-play / open): light {light:?}, H-search {full:?}"
        );
        g.bench_function(format!("light_{size}x{size}"), |b| {
            b.iter(|| {
                for p in &ps {
                    black_box(h.verdict(p));
                }
            })
        });
        g.bench_function(format!("hsearch_{size}x{size}"), |b| {
            b.iter(|| {
                for p in &ps {
                    black_box(h.verdict_hsearch(p, lim));
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = connections
}
criterion_main!(benches);
