//! Random playouts per second (TwixT 24×24, Lines of Action 8×8) and LOA perft(4).

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::loa::Loa;
use boardwright::rules::twixt::Twixt;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::Arc;

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(1));

    let twixt = Twixt::standard(24, false).expect("standard TwixT board");
    let start = twixt.start();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("twixt_24x24", |b| {
        b.iter(|| {
            let mut pos = start.clone();
            black_box(twixt.random_playout(&mut pos, &mut rng))
        })
    });

    let loa = Loa::new(Arc::new(presets::lines_of_action())).expect("standard LOA board");
    let start = loa.start();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    group.bench_function("loa_8x8", |b| {
        b.iter(|| {
            let mut pos = start.clone();
            black_box(loa.random_playout(&mut pos, &mut rng))
        })
    });
    group.finish();
}

fn loa_perft(c: &mut Criterion) {
    let loa = Loa::new(Arc::new(presets::lines_of_action())).expect("standard LOA board");
    let start = loa.start();
    let mut group = c.benchmark_group("loa_perft");
    group.sample_size(10);
    group.bench_function("depth_4", |b| {
        b.iter(|| {
            let n = loa.perft(&start, black_box(4));
            assert_eq!(n, 1_563_208);
            n
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, loa_perft);
criterion_main!(benches);
