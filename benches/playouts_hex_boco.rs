//! Random playouts per second on Hex 11×11 and BOCO (single thread).
//!
//! `fast`: the games' own playout paths (`Hex::random_playout`, `Boco::random_playout`)
//! that an engine uses; `generic`: the plain `Rules` API (legal_moves + apply per ply).
//! Each iteration is one playout from the empty board, so criterion's
//! "elements/s" is playouts per second.

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::boco::Boco;
use boardwright::rules::hex::Hex;
use boardwright::rules::testing::random_playout;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;

fn hex(c: &mut Criterion) {
    let rules = Hex::new(Arc::new(presets::hex(11)), false).unwrap();
    let start = rules.start();
    let mut g = c.benchmark_group("hex_11x11_playout");
    g.throughput(Throughput::Elements(1));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    g.bench_function("fast", |b| {
        b.iter(|| black_box(rules.random_playout(black_box(&start), &mut rng)))
    });
    let mut moves = Vec::new();
    g.bench_function("generic", |b| {
        b.iter(|| {
            black_box(random_playout(
                &rules,
                black_box(&start),
                &mut rng,
                &mut moves,
                1000,
            ))
        })
    });
    g.finish();
}

fn boco(c: &mut Criterion) {
    for (name, board) in [
        ("boco_square_8x8_playout", presets::square_grid(8, 8)),
        ("boco_hex_11x11_playout", presets::hex(11)),
    ] {
        let rules = Boco::new(Arc::new(board)).unwrap();
        let start = rules.start();
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(1));
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        g.bench_function("fast", |b| {
            b.iter(|| black_box(rules.random_playout(black_box(&start), &mut rng)))
        });
        let mut moves = Vec::new();
        g.bench_function("generic", |b| {
            b.iter(|| {
                black_box(random_playout(
                    &rules,
                    black_box(&start),
                    &mut rng,
                    &mut moves,
                    1000,
                ))
            })
        });
        g.finish();
    }
}

criterion_group!(benches, hex, boco);
criterion_main!(benches);
