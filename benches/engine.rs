//! Engine simulations per second from the start position, single thread.
//!
//! Each iteration is one search of `SIMS` simulations on a fresh tree (tree
//! building, selection, expansion, playout and back-up included), so
//! criterion's "elements/s" is simulations per second. Targets (issue 6):
//! Hex 11×11 ≥ 150,000; TwixT 24×24 ≥ 10,000; LOA 8×8 ≥ 20,000; BOCO on the
//! `boco` preset ≥ 50,000.

use boardwright::engine::{SearchConfig, SearchLimits, Shared, search};
use boardwright::presets;
use boardwright::rules::boco::Boco;
use boardwright::rules::hex::Hex;
use boardwright::rules::loa::Loa;
use boardwright::rules::search::Searchable;
use boardwright::rules::twixt::Twixt;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn bench_rules<R: Searchable>(c: &mut Criterion, name: &str, rules: R, sims: u64) {
    let start = rules.start();
    let mut g = c.benchmark_group("engine_simulations");
    g.throughput(Throughput::Elements(sims));
    let mut seed = 0;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            let mut tree = None;
            let shared = Shared::default();
            let r = search(
                &rules,
                &start,
                &mut tree,
                &SearchConfig { threads: 1, seed },
                &SearchLimits::simulations(sims),
                &shared,
            );
            black_box(r.map(|r| r.simulations))
        })
    });
    g.finish();
}

fn engine(c: &mut Criterion) {
    bench_rules(
        c,
        "hex_11x11",
        Hex::new(Arc::new(presets::hex(11)), false).unwrap(),
        20_000,
    );
    bench_rules(
        c,
        "twixt_24x24",
        Twixt::new(Arc::new(presets::twixt(24)), false).unwrap(),
        2_000,
    );
    bench_rules(
        c,
        "loa_8x8",
        Loa::new(Arc::new(presets::lines_of_action())).unwrap(),
        4_000,
    );
    bench_rules(
        c,
        "boco_preset",
        Boco::new(Arc::new(presets::boco())).unwrap(),
        10_000,
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = engine
}
criterion_main!(benches);
