//! Mesh benchmarks on a 1000×1000 quad grid (1M faces): build, validate, spatial
//! index build and queries, neighbour traversals, and a local edit with index update.
//!
//! Run: `cargo bench --bench mesh -- --warm-up-time 1 --measurement-time 3`

use boardwright::mesh::spatial::FaceIndex;
use boardwright::mesh::{FaceId, Mesh, Point, PolygonSoup, VertexId};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const N: u32 = 1000;

fn grid_soup(n: u32) -> PolygonSoup {
    let mut soup = PolygonSoup::new();
    soup.positions.reserve(((n + 1) * (n + 1)) as usize);
    for y in 0..=n {
        for x in 0..=n {
            soup.push_vertex(Point::new(x as f64, y as f64));
        }
    }
    let id = |x: u32, y: u32| y * (n + 1) + x;
    soup.indices.reserve((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            soup.push_face(&[id(x, y), id(x + 1, y), id(x + 1, y + 1), id(x, y + 1)]);
        }
    }
    soup
}

fn benches(c: &mut Criterion) {
    let soup = grid_soup(N);
    let mesh = Mesh::from_soup(&soup).expect("grid builds");
    let mut g = c.benchmark_group("mesh_1M");
    g.sample_size(10);

    g.bench_function("build_from_soup", |b| {
        b.iter(|| Mesh::from_soup(black_box(&soup)).expect("grid builds"))
    });
    g.bench_function("validate", |b| b.iter(|| mesh.validate().expect("valid")));
    g.bench_function("face_index_build", |b| {
        b.iter(|| FaceIndex::build(black_box(&mesh)))
    });

    let idx = FaceIndex::build(&mesh);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let queries: Vec<Point> = (0..4096)
        .map(|_| {
            Point::new(
                rng.random::<f64>() * N as f64,
                rng.random::<f64>() * N as f64,
            )
        })
        .collect();
    g.throughput(Throughput::Elements(queries.len() as u64));
    g.bench_function("locate_random_point (per element)", |b| {
        b.iter(|| {
            let mut hits = 0u32;
            for &q in &queries {
                hits += idx.locate(&mesh, black_box(q)).map_or(0, |f| f.0 & 1);
            }
            hits
        })
    });
    // Mouse-like queries: a random walk with small steps (coherent, cache-warm).
    let mut q = Point::new(N as f64 / 2.0, N as f64 / 2.0);
    let path: Vec<Point> = (0..4096)
        .map(|_| {
            q = q + Point::new(rng.random::<f64>() - 0.5, rng.random::<f64>() - 0.5) * 0.6;
            q
        })
        .collect();
    g.bench_function("locate_mouse_path (per element)", |b| {
        b.iter(|| {
            let mut hits = 0u32;
            for &q in &path {
                hits += idx.locate(&mesh, black_box(q)).map_or(0, |f| f.0 & 1);
            }
            hits
        })
    });
    g.bench_function("nearest_vertex (per element)", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for &q in &queries {
                n += idx
                    .nearest_vertex(&mesh, black_box(q), 0.3)
                    .map_or(0, |v| v.0 & 1);
            }
            n
        })
    });
    g.throughput(Throughput::Elements(mesh.face_count() as u64));
    g.bench_function("adjacent_faces_all (per face)", |b| {
        b.iter(|| {
            let mut s = 0u64;
            for f in mesh.face_ids() {
                for h in mesh.adjacent_faces(f) {
                    s += h.0 as u64;
                }
            }
            s
        })
    });
    g.bench_function("faces_sharing_vertex_all (per face)", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            let mut s = 0usize;
            for f in mesh.face_ids() {
                mesh.faces_sharing_vertex(f, &mut out);
                s += out.len();
            }
            s
        })
    });
    g.throughput(Throughput::Elements(1));
    let centre = VertexId((N / 2) * (N + 1) + N / 2);
    g.bench_function("move_vertex_and_index_update", |b| {
        b.iter_batched_ref(
            || (mesh.clone(), idx.clone()),
            |(m, ix)| {
                let to = m.position(centre) + Point::new(0.2, 0.1);
                let ch = m.move_vertex(centre, to).expect("move is valid");
                ix.update(m, &ch);
                m.undo(&ch.undo);
                ix.update(m, &ch);
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("delete_and_add_face_and_index_update", |b| {
        b.iter_batched_ref(
            || (mesh.clone(), idx.clone()),
            |(m, ix)| {
                let f = FaceId((N / 2) * N + N / 2);
                let pts: Vec<Point> = m.face_points(f).collect();
                let ch = m.delete_face(f).expect("delete");
                ix.update(m, &ch);
                let added = m.add_face(&pts, 0.0).expect("add");
                ix.update(m, &added.change);
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(mesh_benches, benches);
criterion_main!(mesh_benches);
