//! One edit on a big board followed by the next frame, through the code the
//! editor runs: the edit applied to the [`Document`] (with its undo record),
//! then the canvas brought up to date and one egui pass drawing it plus egui's
//! tessellation of the shapes (what a backend uploads). Each kind of edit the
//! editor makes — draw a face, move a vertex, delete a face, split a face, merge
//! two faces, tag a side — on a 100k-face and a 1M-face hex board.
//!
//! Two ways to bring the canvas up to date: `patch` (the editor's way: only the
//! chunks and index entries of the faces the edit touched,
//! `Canvas::prepare_after_edits`) and `rebuild` (tessellation and face index
//! built anew, as every edit did before). The figures are CPU time of the
//! benchmark thread (`/proc/thread-self/schedstat`), so they hold up while the
//! machine is busy; each edit is undone (untimed) before the next.
//!
//! cargo bench --bench edit_frame -- --warm-up-time 1 --measurement-time 4
//!
//! `problems_full_check` is the Problems list from scratch (`board::lint::check`)
//! on the board; `problems/{edit}` is the Problems panel brought up to date
//! after the edit, the way the editor does it (`ValidationPanel::refresh` with
//! the faces the edit touched; the edit itself is timed in `patch/{edit}`).

use boardwright::app::canvas::Canvas;
use boardwright::app::editor::validation::ValidationPanel;
use boardwright::app::workspace::Document;
use boardwright::board::{Board, SideTag, lint};
use boardwright::edit::BoardEdit;
use boardwright::mesh::spatial::FaceIndex;
use boardwright::mesh::{EdgeId, Point};
use boardwright::presets;
use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use std::hint::black_box;
use std::time::Duration;

const SCREEN: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// CPU time this thread has spent running, in nanoseconds.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .expect("/proc/thread-self/schedstat (Linux) is needed for CPU times")
}

struct Harness {
    ctx: egui::Context,
    canvas: Canvas,
    doc: Document,
    time: f64,
}

impl Harness {
    fn new(board: Board) -> Harness {
        let mut h = Harness {
            ctx: egui::Context::default(),
            // As the editor does: the document's face index is the one index.
            canvas: Canvas::with_callers_index(),
            doc: Document::new(board, None),
            time: 0.0,
        };
        h.frame(false);
        h.frame(false);
        h
    }

    /// One editor frame: the canvas brought up to date (patched, or rebuilt when
    /// `rebuild`), shown, and the shapes tessellated.
    fn frame(&mut self, rebuild: bool) -> usize {
        self.time += 1.0 / 60.0;
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(self.time),
            ..Default::default()
        };
        input
            .events
            .push(egui::Event::PointerMoved(egui::pos2(640.0, 400.0)));
        let (canvas, doc) = (&mut self.canvas, &self.doc);
        let out = self.ctx.run_ui(input, |ui| {
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| {
                    if !rebuild {
                        canvas.prepare_after_edits(doc.board(), doc.revision(), |r| {
                            doc.affected_since(r)
                        });
                    }
                    canvas.show_indexed(ui, doc.board(), doc.revision(), Some(doc.face_index()));
                });
        });
        let egui::FullOutput {
            shapes,
            mut textures_delta,
            pixels_per_point,
            ..
        } = out;
        textures_delta.clear();
        self.ctx.tessellate(shapes, pixels_per_point).len()
    }
}

/// The edits, on faces and edges near the board's centre (the tag on a boundary edge).
fn edits(board: &Board) -> Vec<(&'static str, BoardEdit)> {
    let m = board.mesh();
    let bb = m.bbox();
    let centre = Point::new((bb.min.x + bb.max.x) / 2.0, (bb.min.y + bb.max.y) / 2.0);
    let f = FaceIndex::build(m)
        .locate(m, centre)
        .expect("a face at the centre");
    let vs: Vec<_> = m.face_vertices(f).collect();
    let c = m.face_centroid(f);
    let v = vs[0];
    let boundary: EdgeId = m
        .edge_ids()
        .find(|&e| m.is_boundary_edge(e))
        .expect("a boundary");
    let (a, b) = m.edge_segment(boundary);
    let out = Point::new(b.y - a.y, a.x - b.x);
    let tag = match board.side_tag(boundary) {
        Some(SideTag::Top) => SideTag::Left,
        _ => SideTag::Top,
    };
    vec![
        (
            "draw_face",
            BoardEdit::AddFace {
                points: vec![a, b, a.lerp(b, 0.5) + out * 0.8],
                snap: 1e-6,
            },
        ),
        (
            "move_vertex",
            BoardEdit::MoveVertex {
                vertex: v,
                to: m.position(v).lerp(c, 0.1),
            },
        ),
        ("delete_face", BoardEdit::DeleteFace { face: f }),
        (
            "split_face",
            BoardEdit::SplitFace {
                face: f,
                a: vs[0],
                b: vs[3],
            },
        ),
        (
            "merge_faces",
            BoardEdit::MergeFaces {
                keep: f,
                remove: m.adjacent_faces(f).next().expect("a neighbour"),
            },
        ),
        (
            "tag_side",
            BoardEdit::SetSideTag {
                edge: boundary,
                tag: Some(tag),
            },
        ),
    ]
}

/// CPU time of `iters` rounds of: apply `edit`, one frame. Each round is undone
/// (untimed) afterwards.
fn edit_then_frame(h: &mut Harness, edit: &BoardEdit, rebuild: bool, iters: u64) -> Duration {
    let mut ns = 0;
    for _ in 0..iters {
        let t = thread_cpu_ns();
        h.doc.apply(edit.clone()).expect("the edit applies");
        black_box(h.frame(rebuild));
        ns += thread_cpu_ns() - t;
        assert!(h.doc.undo());
        h.frame(rebuild);
    }
    Duration::from_nanos(ns)
}

fn size(c: &mut Criterion, name: &str, board: Board, rebuild_all: bool) {
    let kinds = edits(&board);
    let mut h = Harness::new(board);
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    for (kind, edit) in &kinds {
        g.bench_function(format!("patch/{kind}"), |b| {
            b.iter_custom(|iters| edit_then_frame(&mut h, edit, false, iters))
        });
        println!(
            "{name} patch/{kind}: {} chunks re-tessellated",
            h.canvas.stats().chunks_patched
        );
    }
    // The old way costs the same for every edit: show one, or all when asked.
    for (kind, edit) in kinds.iter().take(if rebuild_all { kinds.len() } else { 1 }) {
        g.bench_function(format!("rebuild/{kind}"), |b| {
            b.iter_custom(|iters| edit_then_frame(&mut h, edit, true, iters))
        });
    }
    for (kind, edit) in &kinds {
        let mut panel = ValidationPanel::default();
        let doc = &mut h.doc;
        panel.refresh(doc.board(), doc.revision(), 0.0, |_| None);
        g.bench_function(format!("problems/{kind}"), |b| {
            b.iter_custom(|iters| {
                let mut ns = 0;
                for _ in 0..iters {
                    doc.apply(edit.clone()).expect("the edit applies");
                    let t = thread_cpu_ns();
                    let late =
                        panel.refresh(doc.board(), doc.revision(), 0.0, |r| doc.affected_since(r));
                    assert_eq!(late, None, "the list follows the edit at once");
                    black_box(&panel.problems);
                    ns += thread_cpu_ns() - t;
                    assert!(doc.undo());
                    panel.refresh(doc.board(), doc.revision(), 0.0, |r| doc.affected_since(r));
                }
                Duration::from_nanos(ns)
            })
        });
    }
    g.bench_function("frame_no_edit", |b| {
        b.iter_custom(|iters| {
            let t = thread_cpu_ns();
            for _ in 0..iters {
                black_box(h.frame(false));
            }
            Duration::from_nanos(thread_cpu_ns() - t)
        })
    });
    g.bench_function("problems_full_check", |b| {
        b.iter_custom(|iters| {
            let t = thread_cpu_ns();
            for _ in 0..iters {
                black_box(lint::check(h.doc.board()));
            }
            Duration::from_nanos(thread_cpu_ns() - t)
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    // The heap set up as the window's process has it.
    boardwright::app::heap::keep_freed_memory();
    // hex(317): 100,489 hexagonal faces; hex(1000): 1,000,000.
    size(c, "edit_100k", presets::hex(317), true);
    size(c, "edit_1m", presets::hex(1000), false);
}

criterion_group!(benches, bench);
criterion_main!(benches);
