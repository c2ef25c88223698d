//! Boards per second of the fair board generator.
//! Targets: ≥ 20,000/s for the seed's two-sided 8×4 sheet with 4 players; ≥ 100/s for a
//! 100×100 square grid with 4 players.

use boardwright::generator::{
    Generator, GeneratorConfig, Layout, RegionPlan, Symmetry, paper_board,
};
use boardwright::presets::square_grid;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.throughput(Throughput::Elements(1));

    let paper = Generator::new(
        paper_board(),
        GeneratorConfig {
            players: 4,
            layout: Layout::Paper,
            plan: RegionPlan::seed(),
            ..GeneratorConfig::default()
        },
    )
    .expect("paper config is valid");
    let mut seed = 0u64;
    g.bench_function("paper_8x4_two_sided_4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(paper.generate(seed).expect("generates"))
        })
    });

    let big = Generator::new(
        square_grid(100, 100),
        GeneratorConfig {
            players: 4,
            layout: Layout::Auto(Symmetry::None),
            plan: RegionPlan::seed(),
            ..GeneratorConfig::default()
        },
    )
    .expect("100x100 config is valid");
    let mut seed = 0u64;
    g.bench_function("grid_100x100_4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(big.generate(seed).expect("generates"))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
