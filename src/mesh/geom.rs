//! Plain 2D geometry used by the mesh: points, polygon area, point-in-polygon, segment tests.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Sub};

/// A position in board space (y grows upwards; the GUI flips it for the screen).
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
    pub fn dot(self, o: Point) -> f64 {
        self.x * o.x + self.y * o.y
    }
    /// z component of the 3D cross product.
    pub fn cross(self, o: Point) -> f64 {
        self.x * o.y - self.y * o.x
    }
    pub fn length(self) -> f64 {
        self.dot(self).sqrt()
    }
    pub fn distance(self, o: Point) -> f64 {
        (self - o).length()
    }
    pub fn lerp(self, o: Point, t: f64) -> Point {
        self + (o - self) * t
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}
impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}
impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Axis-aligned bounding box.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aabb {
    pub min: Point,
    pub max: Point,
}

impl Aabb {
    /// An empty box that any `include` turns into a real one.
    pub const EMPTY: Aabb = Aabb {
        min: Point::new(f64::INFINITY, f64::INFINITY),
        max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
    };
    pub fn include(&mut self, p: Point) {
        self.min.x = self.min.x.min(p.x);
        self.min.y = self.min.y.min(p.y);
        self.max.x = self.max.x.max(p.x);
        self.max.y = self.max.y.max(p.y);
    }
    pub fn union(self, o: Aabb) -> Aabb {
        let mut b = self;
        b.include(o.min);
        b.include(o.max);
        b
    }
    pub fn is_empty(&self) -> bool {
        self.min.x > self.max.x || self.min.y > self.max.y
    }
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }
    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }
    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }
    pub fn center(&self) -> Point {
        self.min.lerp(self.max, 0.5)
    }
    pub fn from_points(points: impl IntoIterator<Item = Point>) -> Aabb {
        let mut b = Aabb::EMPTY;
        for p in points {
            b.include(p);
        }
        b
    }
}

/// Signed area of a polygon (positive when counter-clockwise).
pub fn signed_area(points: impl IntoIterator<Item = Point>) -> f64 {
    let mut it = points.into_iter();
    let Some(first) = it.next() else { return 0.0 };
    let mut prev = first;
    let mut twice = 0.0;
    for p in it {
        twice += prev.cross(p);
        prev = p;
    }
    twice += prev.cross(first);
    twice * 0.5
}

/// Area centroid of a simple polygon; falls back to the vertex mean for zero area.
pub fn centroid(points: &[Point]) -> Point {
    let n = points.len();
    if n == 0 {
        return Point::default();
    }
    // Translate to the first vertex for numerical stability.
    let o = points[0];
    let (mut cx, mut cy, mut a2) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let p = points[i] - o;
        let q = points[(i + 1) % n] - o;
        let c = p.cross(q);
        a2 += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    if a2.abs() <= f64::EPSILON * 16.0 {
        let s = points.iter().fold(Point::default(), |acc, &p| acc + p);
        return s * (1.0 / n as f64);
    }
    Point::new(o.x + cx / (3.0 * a2), o.y + cy / (3.0 * a2))
}

/// Where a point lies relative to a polygon.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Containment {
    Outside,
    Inside,
    /// On an edge or a vertex of the polygon.
    OnBoundary,
}

/// Exact-as-floats point-in-polygon test for any simple polygon (convex or not).
/// Points on an edge or a vertex report `OnBoundary`.
pub fn point_in_polygon(p: Point, poly: impl IntoIterator<Item = Point> + Clone) -> Containment {
    let mut inside = false;
    let mut it = poly.clone().into_iter();
    let Some(first) = it.next() else {
        return Containment::Outside;
    };
    let mut a = first;
    let mut step = |a: Point, b: Point| -> bool {
        // On-segment check.
        let ab = b - a;
        let ap = p - a;
        if ab.cross(ap) == 0.0
            && p.x >= a.x.min(b.x)
            && p.x <= a.x.max(b.x)
            && p.y >= a.y.min(b.y)
            && p.y <= a.y.max(b.y)
        {
            return true;
        }
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if p.x < x {
                inside = !inside;
            }
        }
        false
    };
    for b in it {
        if step(a, b) {
            return Containment::OnBoundary;
        }
        a = b;
    }
    if step(a, first) {
        return Containment::OnBoundary;
    }
    if inside {
        Containment::Inside
    } else {
        Containment::Outside
    }
}

/// Whether the axis-aligned box of half-size `half` centred on `centre` lies
/// inside `poly`, judged at its corners and the middles of its sides (a
/// label's box inside its face: enough for the faces boards have).
pub fn box_inside(centre: Point, half: (f64, f64), poly: &[Point]) -> bool {
    poly.len() >= 3
        && [-1.0, 0.0, 1.0]
            .into_iter()
            .flat_map(|sx| [-1.0, 0.0, 1.0].map(|sy| (sx, sy)))
            .filter(|&s| s != (0.0, 0.0))
            .all(|(sx, sy)| {
                let q = Point::new(centre.x + sx * half.0, centre.y + sy * half.1);
                point_in_polygon(q, poly.iter().copied()) == Containment::Inside
            })
}

/// Orientation of the triple (a, b, c): >0 counter-clockwise, <0 clockwise, 0 collinear.
pub fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b - a).cross(c - a)
}

fn on_segment(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether closed segments `ab` and `cd` share at least one point.
pub fn segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool {
    let d1 = orient(c, d, a);
    let d2 = orient(c, d, b);
    let d3 = orient(a, b, c);
    let d4 = orient(a, b, d);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && on_segment(c, d, a))
        || (d2 == 0.0 && on_segment(c, d, b))
        || (d3 == 0.0 && on_segment(a, b, c))
        || (d4 == 0.0 && on_segment(a, b, d))
}

/// Whether a closed polygon (vertices distinct) crosses or touches itself anywhere
/// other than at the shared vertex of consecutive edges.
pub fn polygon_self_intersects(pts: &[Point]) -> bool {
    let n = pts.len();
    if n < 3 {
        return false;
    }
    for i in 0..n {
        let a = pts[i];
        let b = pts[(i + 1) % n];
        // Consecutive edges may only share their common vertex: reject folding back.
        let c = pts[(i + 2) % n];
        if orient(a, b, c) == 0.0 && (c - b).dot(a - b) > 0.0 {
            return true;
        }
        for j in (i + 2)..n {
            if i == 0 && j == n - 1 {
                continue; // last edge is adjacent to the first
            }
            let c = pts[j];
            let d = pts[(j + 1) % n];
            if segments_intersect(a, b, c, d) {
                return true;
            }
        }
    }
    false
}

/// Distance from `p` to segment `ab`, and the parameter of the closest point.
pub fn point_segment_distance(p: Point, a: Point, b: Point) -> (f64, f64) {
    let ab = b - a;
    let len2 = ab.dot(ab);
    let t = if len2 == 0.0 {
        0.0
    } else {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    };
    (p.distance(a + ab * t), t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq() -> Vec<Point> {
        vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 1.0),
        ]
    }

    #[test]
    fn a_box_is_inside_only_when_its_edges_are() {
        let c = Point::new(0.5, 0.5);
        assert!(box_inside(c, (0.4, 0.2), &sq()));
        // Too wide: its side middles stick out, though the centre is inside.
        assert!(!box_inside(c, (0.6, 0.2), &sq()));
        // Touching the square's side is not inside.
        assert!(!box_inside(c, (0.5, 0.2), &sq()));
        // An L-shaped face: the box across the notch has a corner outside.
        let l = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]
        .map(|(x, y)| Point::new(x, y));
        assert!(box_inside(Point::new(0.5, 0.5), (0.4, 0.4), &l));
        assert!(!box_inside(Point::new(1.0, 1.0), (0.4, 0.4), &l));
        assert!(!box_inside(c, (0.1, 0.1), &sq()[..2]));
    }

    #[test]
    fn area_and_centroid() {
        assert_eq!(signed_area(sq()), 1.0);
        let mut r = sq();
        r.reverse();
        assert_eq!(signed_area(r), -1.0);
        assert_eq!(centroid(&sq()), Point::new(0.5, 0.5));
    }

    #[test]
    fn containment_concave() {
        // An L shape.
        let l = [
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 1.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 2.0),
            Point::new(0.0, 2.0),
        ];
        assert_eq!(
            point_in_polygon(Point::new(0.5, 1.5), l.iter().copied()),
            Containment::Inside
        );
        assert_eq!(
            point_in_polygon(Point::new(1.5, 1.5), l.iter().copied()),
            Containment::Outside
        );
        assert_eq!(
            point_in_polygon(Point::new(1.0, 1.5), l.iter().copied()),
            Containment::OnBoundary
        );
        assert_eq!(
            point_in_polygon(Point::new(2.0, 0.0), l.iter().copied()),
            Containment::OnBoundary
        );
    }

    #[test]
    fn self_intersection() {
        assert!(!polygon_self_intersects(&sq()));
        let bow = vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 0.0),
            Point::new(0.0, 1.0),
        ];
        assert!(polygon_self_intersects(&bow));
        // Spike folding back on itself.
        let spike = vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
        ];
        assert!(polygon_self_intersects(&spike));
    }
}
