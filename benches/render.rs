//! Canvas rendering cost for a 100,000-face board, headless (no GPU): building the
//! cached tessellation, and the CPU work of one frame — the egui pass that draws the
//! canvas plus egui's tessellation of the resulting shapes into the primitives a
//! backend uploads.
//!
//! cargo bench --bench render -- --warm-up-time 1 --measurement-time 3

use boardwright::app::canvas::Canvas;
use boardwright::app::view::View;
use boardwright::board::Board;
use boardwright::mesh::Point;
use boardwright::presets;
use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use std::hint::black_box;

const SCREEN: egui::Vec2 = egui::vec2(1280.0, 800.0);

struct Harness {
    ctx: egui::Context,
    canvas: Canvas,
    board: Board,
    time: f64,
}

impl Harness {
    fn new(board: Board) -> Harness {
        let mut h = Harness {
            ctx: egui::Context::default(),
            canvas: Canvas::new(),
            board,
            time: 0.0,
        };
        // First frames: fonts, layout and the tessellation cache.
        h.frame(None);
        h.frame(None);
        h
    }

    /// One frame with the pointer at `pointer`; returns the number of primitives.
    fn frame(&mut self, pointer: Option<egui::Pos2>) -> usize {
        self.time += 1.0 / 60.0;
        let mut input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
            time: Some(self.time),
            ..Default::default()
        };
        if let Some(p) = pointer {
            input.events.push(egui::Event::PointerMoved(p));
        }
        let (canvas, board) = (&mut self.canvas, &self.board);
        let out = self.ctx.run_ui(input, |ui| {
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE)
                .show(ui, |ui| {
                    canvas.show(ui, board, 0);
                });
        });
        let egui::FullOutput {
            shapes,
            mut textures_delta,
            pixels_per_point,
            ..
        } = out;
        textures_delta.clear();
        let prims = self.ctx.tessellate(shapes, pixels_per_point);
        prims.len()
    }
}

/// Frames with the view nudged every time, so every visible chunk is re-transformed.
fn moving(h: &mut Harness, flip: &mut bool) -> usize {
    *flip = !*flip;
    let d = if *flip { 0.01 } else { -0.01 };
    h.canvas.view.center.x += d;
    let x = if *flip { 641.0 } else { 640.0 };
    h.frame(Some(egui::pos2(x, 400.0)))
}

/// CPU time this thread has spent running, from the scheduler's own accounting
/// (`/proc/thread-self/schedstat`, nanoseconds), so the figure does not depend on
/// how busy the machine is. `None` where that file does not exist.
fn thread_cpu_ns() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok()
}

/// Print CPU milliseconds per frame for `frames` runs of `f`.
fn report_cpu(name: &str, frames: u32, mut f: impl FnMut()) {
    let (Some(a), wall) = (thread_cpu_ns(), std::time::Instant::now()) else {
        return;
    };
    for _ in 0..frames {
        f();
    }
    let Some(b) = thread_cpu_ns() else { return };
    println!(
        "cpu-time {name}: {:.2} ms/frame on CPU ({:.2} ms wall)",
        (b - a) as f64 / 1e6 / frames as f64,
        wall.elapsed().as_secs_f64() * 1e3 / frames as f64
    );
}

fn bench(c: &mut Criterion) {
    // The heap set up as the window's process has it.
    boardwright::app::heap::keep_freed_memory();
    // hex(317): 100,489 hexagonal faces.
    let board = presets::hex(317);
    assert!(board.face_count() >= 100_000);

    let mut g = c.benchmark_group("render_100k");
    g.sample_size(10);
    g.bench_function("build_tessellation", |b| {
        let mut canvas = Canvas::new();
        let mut rev = 0;
        b.iter(|| {
            rev += 1;
            black_box(canvas.prepare(&board, rev))
        })
    });

    let mut h = Harness::new(board.clone());
    g.bench_function("frame_fit_static", |b| {
        b.iter(|| black_box(h.frame(Some(egui::pos2(640.0, 400.0)))))
    });
    let mut flip = false;
    g.bench_function("frame_fit_moving_view", |b| {
        b.iter(|| black_box(moving(&mut h, &mut flip)))
    });
    // The worst case with edges: zoomed out as far as the canvas still draws interior
    // edges (its level-of-detail rule), so as many edges as it ever draws are on screen.
    let bb = board.mesh().bbox();
    let centre = Point::new((bb.min.x + bb.max.x) / 2.0, (bb.min.y + bb.max.y) / 2.0);
    let mut edge_scale = 2.0;
    loop {
        h.canvas.view = View {
            center: centre,
            scale: edge_scale,
        };
        h.frame(None);
        if h.canvas.stats().edges_drawn || edge_scale > 100.0 {
            break;
        }
        edge_scale *= 1.05;
    }
    println!(
        "edges drawn from {edge_scale:.2} px/unit: {} of {} chunks on screen",
        h.canvas.stats().chunks_drawn,
        h.canvas.stats().chunks
    );
    g.bench_function("frame_edges_visible_moving_view", |b| {
        b.iter(|| black_box(moving(&mut h, &mut flip)))
    });
    h.canvas.view = View {
        center: centre,
        scale: 40.0,
    };
    g.bench_function("frame_zoomed_in_moving_view", |b| {
        b.iter(|| black_box(moving(&mut h, &mut flip)))
    });
    g.finish();

    // The same scenarios, timed as CPU time per frame.
    let mut h = Harness::new(board.clone());
    report_cpu("frame_fit_static", 100, || {
        black_box(h.frame(Some(egui::pos2(640.0, 400.0))));
    });
    report_cpu("frame_fit_moving_view", 100, || {
        black_box(moving(&mut h, &mut flip));
    });
    h.canvas.view = View {
        center: centre,
        scale: edge_scale,
    };
    report_cpu("frame_edges_visible_moving_view", 100, || {
        black_box(moving(&mut h, &mut flip));
    });
    h.canvas.view = View {
        center: centre,
        scale: 40.0,
    };
    report_cpu("frame_zoomed_in_moving_view", 100, || {
        black_box(moving(&mut h, &mut flip));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
