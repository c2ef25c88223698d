//! The canvas view transform: board space (y up, f64) ↔ screen points (y down).

use crate::mesh::{Aabb, Point};
use eframe::egui;
use egui::{Pos2, Rect, Vec2, pos2};

/// Smallest and largest zoom, in screen points per board unit.
pub const MIN_SCALE: f64 = 1e-4;
pub const MAX_SCALE: f64 = 1e5;

/// Which board point sits at the centre of the canvas, and how many screen points
/// one board unit spans. Board y grows upwards, screen y downwards.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct View {
    pub center: Point,
    pub scale: f64,
}

impl Default for View {
    fn default() -> Self {
        View {
            center: Point::new(0.0, 0.0),
            scale: 40.0,
        }
    }
}

impl View {
    /// Screen position of a board point, for a canvas occupying `rect`.
    #[inline]
    pub fn to_screen(&self, rect: Rect, p: Point) -> Pos2 {
        let c = rect.center();
        pos2(
            (c.x as f64 + (p.x - self.center.x) * self.scale) as f32,
            (c.y as f64 - (p.y - self.center.y) * self.scale) as f32,
        )
    }

    /// Board point under a screen position.
    #[inline]
    pub fn to_board(&self, rect: Rect, s: Pos2) -> Point {
        let c = rect.center();
        Point::new(
            self.center.x + (s.x as f64 - c.x as f64) / self.scale,
            self.center.y - (s.y as f64 - c.y as f64) / self.scale,
        )
    }

    /// Move the board by a screen-space delta (what a drag does).
    pub fn pan(&mut self, delta: Vec2) {
        self.center.x -= delta.x as f64 / self.scale;
        self.center.y += delta.y as f64 / self.scale;
    }

    /// Zoom by `factor` (> 1 zooms in) keeping the board point under `anchor` fixed on
    /// screen. The scale is clamped to [`MIN_SCALE`, `MAX_SCALE`].
    pub fn zoom_around(&mut self, rect: Rect, anchor: Pos2, factor: f64) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let fixed = self.to_board(rect, anchor);
        let new_scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let c = rect.center();
        self.scale = new_scale;
        // Solve to_screen(fixed) == anchor for the centre.
        self.center.x = fixed.x - (anchor.x as f64 - c.x as f64) / new_scale;
        self.center.y = fixed.y + (anchor.y as f64 - c.y as f64) / new_scale;
    }

    /// A view showing all of `bbox` centred in `rect`, leaving `margin` points free
    /// on every side. An empty or degenerate box gives a sensible default.
    pub fn fit(rect: Rect, bbox: Aabb, margin: f32) -> View {
        let w = (rect.width() - 2.0 * margin).max(1.0) as f64;
        let h = (rect.height() - 2.0 * margin).max(1.0) as f64;
        let valid = bbox.min.is_finite() && bbox.max.is_finite() && bbox.min.x <= bbox.max.x;
        if !valid {
            return View::default();
        }
        let bw = bbox.max.x - bbox.min.x;
        let bh = bbox.max.y - bbox.min.y;
        let scale = if bw <= 0.0 && bh <= 0.0 {
            View::default().scale
        } else {
            let sx = if bw > 0.0 { w / bw } else { f64::INFINITY };
            let sy = if bh > 0.0 { h / bh } else { f64::INFINITY };
            sx.min(sy)
        };
        View {
            center: Point::new(
                (bbox.min.x + bbox.max.x) / 2.0,
                (bbox.min.y + bbox.max.y) / 2.0,
            ),
            scale: scale.clamp(MIN_SCALE, MAX_SCALE),
        }
    }

    /// The board-space box visible in `rect`.
    pub fn visible_board_rect(&self, rect: Rect) -> Aabb {
        let a = self.to_board(rect, rect.left_top());
        let b = self.to_board(rect, rect.right_bottom());
        Aabb {
            min: Point::new(a.x.min(b.x), a.y.min(b.y)),
            max: Point::new(a.x.max(b.x), a.y.max(b.y)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> Rect {
        Rect::from_min_size(pos2(10.0, 30.0), egui::vec2(800.0, 600.0))
    }

    fn close(a: Point, b: Point, tol: f64) -> bool {
        (a.x - b.x).abs() <= tol && (a.y - b.y).abs() <= tol
    }

    #[test]
    fn screen_board_round_trip_and_y_flip() {
        let v = View {
            center: Point::new(3.5, -2.0),
            scale: 37.0,
        };
        let r = rect();
        // The view centre is drawn at the canvas centre.
        assert!((v.to_screen(r, v.center) - r.center()).length() < 1e-3);
        // Board up is screen up.
        let up = v.to_screen(r, Point::new(3.5, -1.0));
        assert!(up.y < r.center().y);
        assert!((r.center().y - up.y - 37.0).abs() < 1e-3);
        for p in [
            Point::new(0.0, 0.0),
            Point::new(-10.25, 4.5),
            Point::new(11.0, -7.75),
        ] {
            let back = v.to_board(r, v.to_screen(r, p));
            assert!(close(back, p, 1e-4), "{p} -> {back}");
        }
        for s in [pos2(10.0, 30.0), pos2(500.5, 222.25), pos2(809.0, 629.0)] {
            let back = v.to_screen(r, v.to_board(r, s));
            assert!((back - s).length() < 1e-3);
        }
    }

    #[test]
    fn zoom_keeps_point_under_cursor() {
        let r = rect();
        let mut v = View {
            center: Point::new(1.0, 2.0),
            scale: 20.0,
        };
        let cursor = pos2(123.0, 456.0);
        let under = v.to_board(r, cursor);
        for f in [1.25, 0.5, 3.0, 1e-9, 1e12] {
            v.zoom_around(r, cursor, f);
            let now = v.to_board(r, cursor);
            assert!(
                close(now, under, 1e-6 * (1.0 + 1.0 / v.scale)),
                "factor {f}"
            );
            assert!((MIN_SCALE..=MAX_SCALE).contains(&v.scale));
        }
        assert_eq!(v.scale, MAX_SCALE);
        let s = v.scale;
        v.zoom_around(r, cursor, f64::NAN);
        assert_eq!(v.scale, s);
    }

    #[test]
    fn pan_moves_board_with_the_pointer() {
        let r = rect();
        let mut v = View::default();
        let p = Point::new(2.0, 3.0);
        let before = v.to_screen(r, p);
        v.pan(egui::vec2(15.0, -7.0));
        let after = v.to_screen(r, p);
        assert!((after - before - egui::vec2(15.0, -7.0)).length() < 1e-3);
    }

    #[test]
    fn fit_shows_whole_box_with_margin() {
        let r = rect();
        let bbox = Aabb {
            min: Point::new(-5.0, 0.0),
            max: Point::new(15.0, 4.0),
        };
        let v = View::fit(r, bbox, 20.0);
        // Width is the limiting side: 760 / 20 = 38.
        assert!((v.scale - 38.0).abs() < 1e-9);
        let a = v.to_screen(r, bbox.min);
        let b = v.to_screen(r, bbox.max);
        assert!((a.x - (r.left() + 20.0)).abs() < 1e-3);
        assert!((b.x - (r.right() - 20.0)).abs() < 1e-3);
        for s in [a, b] {
            assert!(r.shrink(19.9).contains(s));
        }
        // Tall box: height limits.
        let tall = Aabb {
            min: Point::new(0.0, 0.0),
            max: Point::new(1.0, 56.0),
        };
        let v = View::fit(r, tall, 20.0);
        assert!((v.scale - 10.0).abs() < 1e-9);
        // Degenerate and empty boxes do not produce NaN or infinite views.
        let dot = Aabb {
            min: Point::new(1.0, 1.0),
            max: Point::new(1.0, 1.0),
        };
        let v = View::fit(r, dot, 20.0);
        assert!(v.scale.is_finite() && v.center == Point::new(1.0, 1.0));
        let v = View::fit(r, Aabb::EMPTY, 20.0);
        assert!(v.scale.is_finite() && v.center.is_finite());
    }
}
