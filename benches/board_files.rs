//! The native board format (RON, format 3) on a 1000×1000 square grid (1M
//! faces, every face labelled with a grid coordinate, 4,000 side tags): open
//! (file → validated `Board`, read in one pass; `open_document` is the
//! window's and `info`'s way, `io::open`, which also tells boards from game
//! records) and save (`Board` → file).
//!
//! Run: `cargo bench --bench board_files -- --warm-up-time 1 --measurement-time 4`

use boardwright::io::{Format, board_to_string, load_board, open, save_board};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

const N: u32 = 1000;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let v3 = dir.path().join("grid.ron");
    let board = boardwright::presets::square_grid(N, N);
    std::fs::write(&v3, board_to_string(&board, Format::Ron).unwrap()).unwrap();
    eprintln!(
        "format 3 file: {} bytes",
        std::fs::metadata(&v3).unwrap().len()
    );

    let mut g = c.benchmark_group("board_file_1m_faces");
    g.sample_size(10);
    g.bench_function("open_format_3", |b| {
        b.iter(|| black_box(load_board(&v3).unwrap()))
    });
    g.bench_function("open_document_format_3", |b| {
        b.iter(|| black_box(open(&v3).unwrap()))
    });
    let out = dir.path().join("out.ron");
    g.bench_function("save_format_3", |b| {
        b.iter(|| save_board(black_box(&board), &out).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
