//! New game on a 1M-face board (Hex on a 1000×1000 rhombus of hexagons): what
//! pressing New game costs the window's thread — making the game from the
//! board (its tables: neighbours, sides, face names), then dropping it — and
//! the first move given in notation, which makes the table from names to
//! faces (a record replayed, a GTP `play`; the window plays by handle).

use boardwright::game::{RulesKind, new_game};
use boardwright::presets;
use boardwright::rules::GameOptions;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn bench(c: &mut Criterion) {
    let board = Arc::new(presets::hex(1000));
    let options = GameOptions::default();
    let mut g = c.benchmark_group("new_game_1m");
    g.bench_function("hex_make_and_drop", |b| {
        b.iter(|| black_box(new_game(RulesKind::Hex, board.clone(), &options).is_ok()))
    });
    g.bench_function("hex_first_move_by_name", |b| {
        b.iter_batched(
            || new_game(RulesKind::Hex, board.clone(), &options).unwrap(),
            |mut game| black_box(game.play_str("a1").is_ok()),
            criterion::BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
