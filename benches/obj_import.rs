//! OBJ import of a 1000×1000 quad grid (1M faces): file → validated `Board`
//! (read + tobj parse + mesh build + validation), against tobj parsing alone.
//!
//! Run: `cargo bench --bench obj_import -- --warm-up-time 1 --measurement-time 3`

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::io::Write;

const N: usize = 1000;

/// Write an N×N quad grid OBJ (Z-up) and return its path (kept alive by the dir).
fn grid_obj(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("grid.obj");
    let mut w = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for y in 0..=N {
        for x in 0..=N {
            writeln!(w, "v {x} {y} 0").unwrap();
        }
    }
    let id = |x: usize, y: usize| y * (N + 1) + x + 1;
    for y in 0..N {
        for x in 0..N {
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
    let path = grid_obj(dir.path());
    let mut g = c.benchmark_group("obj_import_1m_quads");
    g.sample_size(10);
    g.bench_function("tobj_parse_only", |b| {
        b.iter(|| {
            let bytes = std::fs::read(&path).unwrap();
            let opts = tobj::LoadOptions {
                triangulate: false,
                single_index: false,
                ..Default::default()
            };
            let r = tobj::load_obj_buf(&mut bytes.as_slice(), &opts, |_| {
                Ok((Vec::new(), Default::default()))
            })
            .unwrap();
            black_box(r.0.len())
        })
    });
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
    g.bench_function("file_to_validated_board", |b| {
        b.iter(|| {
            let l = boardwright::io::load_board(&path).unwrap();
            assert_eq!(l.board.face_count(), N * N);
            black_box(l.board.mesh().edge_count())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
