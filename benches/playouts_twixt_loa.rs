//! Random playouts per second (TwixT 24×24, Lines of Action 8×8), LOA perft(4),
//! and the cost of TwixT's dead-draw test.

use boardwright::presets;
use boardwright::rules::Rules;
use boardwright::rules::loa::Loa;
use boardwright::rules::twixt::Twixt;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
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

/// TwixT 24×24: `can_still_connect` for both players on positions of random
/// games, and whole random games played through `Rules::apply` with the dead
/// draw on and off (its cost per move, as the game state pays it).
fn twixt_dead_draw(c: &mut Criterion) {
    let off = Twixt::standard(24, false).expect("standard TwixT board");
    let on = off.clone().with_dead_draw(true);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for plies in [50, 150, 300, 450] {
        for _ in 0..8 {
            let mut pos = off.start();
            for _ in 0..plies {
                off.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                off.apply(&mut pos, moves[rng.random_range(0..moves.len())]);
            }
            positions.push(pos);
        }
    }
    let mut group = c.benchmark_group("twixt_dead_draw");
    group.throughput(Throughput::Elements(1));
    let mut k = 0;
    group.bench_function("can_still_connect_both_players", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            let p = &positions[k];
            black_box((on.can_still_connect(p, 0), on.can_still_connect(p, 1)))
        })
    });
    for (name, rules) in [
        ("random_game_apply/off", &off),
        ("random_game_apply/on", &on),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut pos = rules.start();
                let mut moves = Vec::new();
                loop {
                    rules.legal_moves(&pos, &mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    rules.apply(&mut pos, moves[rng.random_range(0..moves.len())]);
                }
                black_box(rules.result(&pos))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, loa_perft, twixt_dead_draw);
criterion_main!(benches);
