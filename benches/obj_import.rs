//! OBJ import of a 1000×1000 quad grid (1M faces), file → validated `Board`:
//! a plain OBJ, boardwright's own export (every face's label and grid
//! coordinate in its material name), and the same grid with a group per face
//! (what boardwright wrote before, and Blender with an object per face); with
//! the mesh build and the validation on their own for comparison.
//!
//! Run: `cargo bench --bench obj_import -- --warm-up-time 1 --measurement-time 4`

use boardwright::board::grid_label;
use boardwright::io::{Format, board_to_string, load_board};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::io::Write;
use std::path::{Path, PathBuf};

const N: usize = 1000;

/// Write an N×N quad grid OBJ (Z-up), optionally with a group per face.
fn grid_obj(dir: &Path, name: &str, groups: bool) -> PathBuf {
    let path = dir.join(name);
    let mut w = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for y in 0..=N {
        for x in 0..=N {
            writeln!(w, "v {x} {y} 0").unwrap();
        }
    }
    let id = |x: usize, y: usize| y * (N + 1) + x + 1;
    for y in 0..N {
        for x in 0..N {
            if groups {
                writeln!(w, "g {}", grid_label(x as u32, y as u32)).unwrap();
            }
            writeln!(
                w,
                "f {} {} {} {}",
                id(x, y),
                id(x + 1, y),
                id(x + 1, y + 1),
                id(x, y + 1)
            )
            .unwrap();
        }
    }
    w.flush().unwrap();
    path
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let plain = grid_obj(dir.path(), "grid.obj", false);
    let grouped = grid_obj(dir.path(), "grouped.obj", true);
    let own = dir.path().join("own.obj");
    let board = boardwright::presets::square_grid(N as u32, N as u32);
    std::fs::write(&own, board_to_string(&board, Format::Obj).unwrap()).unwrap();
    drop(board);

    let mut g = c.benchmark_group("obj_import_1m_quads");
    g.sample_size(10);
    for (name, path) in [
        ("plain", &plain),
        ("own_export", &own),
        ("group_per_face", &grouped),
    ] {
        g.bench_function(format!("file_to_validated_board/{name}"), |b| {
            b.iter(|| {
                let l = load_board(path).unwrap();
                assert_eq!(l.board.face_count(), N * N);
                black_box(l.board.mesh().edge_count())
            })
        });
    }
    // Where the time goes: the mesh build and the validation on their own.
    let soup = {
        let mut s = boardwright::mesh::PolygonSoup::new();
        for y in 0..=N {
            for x in 0..=N {
                s.push_vertex(boardwright::mesh::Point::new(x as f64, y as f64));
            }
        }
        let id = |x: usize, y: usize| (y * (N + 1) + x) as u32;
        for y in 0..N {
            for x in 0..N {
                s.push_face(&[id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)]);
            }
        }
        s
    };
    g.bench_function("mesh_build_only", |b| {
        b.iter(|| {
            let (m, _) = boardwright::mesh::Mesh::build(&soup, &Default::default()).unwrap();
            black_box(m.edge_count())
        })
    });
    let board = boardwright::board::Board::new(boardwright::mesh::Mesh::from_soup(&soup).unwrap());
    g.bench_function("board_validate_only", |b| {
        b.iter(|| black_box(board.validate().is_ok()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
