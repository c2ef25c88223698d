//! From 3D vertices to the board's 2D plane: the flat axis (XY, XZ, YZ), a
//! tilted best-fit plane, or the top surface of a solid.

use crate::mesh::Point;

/// How far (relative to the board's extent) vertices may lie off their plane.
pub(super) const FLAT_TOLERANCE: f64 = 1e-4;

/// The board seen from the positive side of axis `flat` (0 = X, 1 = Y, 2 = Z):
/// XY → (x, y), XZ → (x, −z), YZ → (y, z). A board modelled in Blender's top
/// view keeps its layout whether it is exported Z-up or Y-up.
#[inline]
pub(super) fn axis_point(p: [f64; 3], flat: usize) -> Point {
    match flat {
        2 => Point::new(p[0], p[1]),
        1 => Point::new(p[0], -p[2] + 0.0),
        _ => Point::new(p[1], p[2]),
    }
}

pub(super) const AXES: [char; 3] = ['X', 'Y', 'Z'];

/// Bounding box of the points: (low, high).
fn bounds(p3: &[[f64; 3]]) -> ([f64; 3], [f64; 3]) {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in p3 {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    (lo, hi)
}

/// The axis with the smallest spread (Z, then Y, then X on ties), the
/// spreads, and the largest spread.
fn thinnest(p3: &[[f64; 3]]) -> (usize, [f64; 3], f64) {
    let (lo, hi) = bounds(p3);
    let range = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
    let extent = range[0].max(range[1]).max(range[2]);
    let flat = [2usize, 1, 0]
        .into_iter()
        .min_by(|&a, &b| range[a].total_cmp(&range[b]))
        .unwrap_or(2);
    (flat, range, extent)
}

fn tolerance(extent: f64) -> f64 {
    (extent * FLAT_TOLERANCE).max(1e-9)
}

/// The result of looking for the board's plane.
pub(super) enum Plane {
    /// Parallel to a coordinate plane: the flat axis.
    Axis(usize),
    /// A tilted plane: unit normal (pointing "up"), in-plane axes, a point on it.
    Tilted {
        normal: [f64; 3],
        u: [f64; 3],
        v: [f64; 3],
        centre: [f64; 3],
    },
    /// Not flat: the largest distance from the best-fit plane, the extent and
    /// the tolerance.
    NotFlat {
        deviation: f64,
        extent: f64,
        tolerance: f64,
    },
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn normalize(a: [f64; 3]) -> [f64; 3] {
    let l = dot(a, a).sqrt();
    if l > 0.0 { a.map(|c| c / l) } else { a }
}

/// Eigenvector of the smallest eigenvalue of a symmetric 3×3 matrix (cyclic Jacobi).
fn smallest_eigenvector(mut a: [[f64; 3]; 3]) -> [f64; 3] {
    let mut v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for _ in 0..50 {
        let off = a[0][1].abs() + a[0][2].abs() + a[1][2].abs();
        if off < 1e-300 {
            break;
        }
        for (p, q) in [(0usize, 1usize), (0, 2), (1, 2)] {
            if a[p][q].abs() < 1e-300 {
                continue;
            }
            let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
            let t = if theta == 0.0 { 1.0 } else { t };
            let c = 1.0 / (t * t + 1.0).sqrt();
            let s = t * c;
            // A ← Jᵀ A J
            for row in &mut a {
                let (akp, akq) = (row[p], row[q]);
                row[p] = c * akp - s * akq;
                row[q] = s * akp + c * akq;
            }
            let (rp, rq) = (a[p], a[q]);
            for k in 0..3 {
                a[p][k] = c * rp[k] - s * rq[k];
                a[q][k] = s * rp[k] + c * rq[k];
            }
            for row in &mut v {
                let (vp, vq) = (row[p], row[q]);
                row[p] = c * vp - s * vq;
                row[q] = s * vp + c * vq;
            }
        }
    }
    let k = (0..3)
        .min_by(|&i, &j| a[i][i].total_cmp(&a[j][j]))
        .unwrap_or(2);
    normalize([v[0][k], v[1][k], v[2][k]])
}

/// Find the plane the board lies in.
pub(super) fn find_plane(p3: &[[f64; 3]]) -> Plane {
    let (flat, range, extent) = thinnest(p3);
    let tol = tolerance(extent);
    if range[flat] <= tol {
        return Plane::Axis(flat);
    }
    // Least-squares plane through the centroid.
    let n = p3.len().max(1) as f64;
    let mut c = [0.0; 3];
    for p in p3 {
        for k in 0..3 {
            c[k] += p[k];
        }
    }
    c = c.map(|x| x / n);
    let mut m = [[0.0; 3]; 3];
    for p in p3 {
        let d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += d[i] * d[j];
            }
        }
    }
    let mut normal = smallest_eigenvector(m);
    let deviation = p3
        .iter()
        .map(|p| dot([p[0] - c[0], p[1] - c[1], p[2] - c[2]], normal).abs())
        .fold(0.0, f64::max);
    if deviation > tol || !deviation.is_finite() {
        return Plane::NotFlat {
            deviation,
            extent,
            tolerance: tol,
        };
    }
    // "Up" is the side of the coordinate axis the normal is closest to, so a
    // slightly tilted board is seen as its untilted version would be.
    let up = (0..3)
        .max_by(|&a, &b| normal[a].abs().total_cmp(&normal[b].abs()))
        .unwrap_or(2);
    if normal[up] < 0.0 {
        normal = normal.map(|x| -x);
    }
    let e = if up == 0 {
        [0.0, 1.0, 0.0]
    } else {
        [1.0, 0.0, 0.0]
    };
    let u = normalize({
        let d = dot(e, normal);
        [
            e[0] - d * normal[0],
            e[1] - d * normal[1],
            e[2] - d * normal[2],
        ]
    });
    let v = cross(normal, u);
    Plane::Tilted {
        normal,
        u,
        v,
        centre: c,
    }
}

/// Project onto a plane found by [`find_plane`] (not `NotFlat`).
pub(super) fn project(p3: &[[f64; 3]], plane: &Plane) -> Vec<Point> {
    match plane {
        Plane::Axis(flat) => p3.iter().map(|&p| axis_point(p, *flat)).collect(),
        Plane::Tilted { u, v, .. } => p3
            .iter()
            .map(|&p| Point::new(dot(p, *u), dot(p, *v)))
            .collect(),
        Plane::NotFlat { .. } => Vec::new(),
    }
}

/// The load note for a tilted plane.
pub(super) fn tilted_note(plane: &Plane) -> Option<String> {
    let Plane::Tilted { normal, centre, .. } = plane else {
        return None;
    };
    let up = (0..3)
        .max_by(|&a, &b| normal[a].abs().total_cmp(&normal[b].abs()))
        .unwrap_or(2);
    let angle = normal[up].abs().min(1.0).acos().to_degrees();
    let plane_name = ["YZ", "XZ", "XY"][up];
    Some(format!(
        "the board lies in a tilted plane (normal ({:.4}, {:.4}, {:.4}) through ({}, {}, {}), {angle:.2}° from {plane_name}); it was projected onto that plane, seen from the side the normal points to",
        normal[0],
        normal[1],
        normal[2],
        short(centre[0]),
        short(centre[1]),
        short(centre[2]),
    ))
}

/// A number for a message: at most 6 significant digits.
pub(crate) fn short(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.to_string() }
}

/// The top surface of a solid: the faces whose every corner lies at the top
/// height and that face up.
pub(super) struct TopSurface {
    /// The up axis (0 = X, 1 = Y, 2 = Z).
    pub axis: usize,
    pub height: f64,
    /// The solid's thickness along the up axis.
    pub thickness: f64,
    pub selected: Vec<bool>,
    pub count: usize,
    /// The top faces' area as a share of the solid's footprint.
    pub coverage: f64,
}

/// Find the top surface: "up" is the positive side of the thinnest axis.
pub(super) fn top_surface(p3: &[[f64; 3]], face_sizes: &[u32], indices: &[u32]) -> TopSurface {
    let (axis, range, extent) = thinnest(p3);
    let tol = tolerance(extent);
    let height = p3.iter().map(|p| p[axis]).fold(f64::NEG_INFINITY, f64::max);
    let mut selected = Vec::with_capacity(face_sizes.len());
    let mut count = 0;
    let mut area = 0.0;
    let mut start = 0usize;
    for &n in face_sizes {
        let face = &indices[start..start + n as usize];
        start += n as usize;
        let at_top = face.iter().all(|&i| p3[i as usize][axis] >= height - tol);
        let mut a = 0.0;
        if at_top {
            for k in 0..face.len() {
                let p = axis_point(p3[face[k] as usize], axis);
                let q = axis_point(p3[face[(k + 1) % face.len()] as usize], axis);
                a += p.x * q.y - q.x * p.y;
            }
            a *= 0.5;
        }
        let up = at_top && a > 0.0;
        if up {
            count += 1;
            area += a;
        }
        selected.push(up);
    }
    let (o1, o2) = match axis {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    };
    let footprint = range[o1] * range[o2];
    TopSurface {
        axis,
        height,
        thickness: range[axis],
        selected,
        count,
        coverage: if footprint > 0.0 {
            area / footprint
        } else {
            0.0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_planes_keep_exact_coordinates() {
        let p = [[1.5, 0.0, -2.0], [3.0, 0.0, 4.0], [0.0, 0.0, 1.0]];
        let Plane::Axis(1) = find_plane(&p) else {
            panic!("expected XZ")
        };
        assert_eq!(
            project(&p, &Plane::Axis(1)),
            [
                Point::new(1.5, 2.0),
                Point::new(3.0, -4.0),
                Point::new(0.0, -1.0)
            ]
        );
    }

    #[test]
    fn a_tilted_plane_is_found_and_keeps_distances() {
        // A unit square tilted 30° about the X axis.
        let (s, c) = (30f64.to_radians().sin(), 30f64.to_radians().cos());
        let sq = [[0.0, 0.0], [2.0, 0.0], [2.0, 1.0], [0.0, 1.0]];
        let p3: Vec<[f64; 3]> = sq.iter().map(|q| [q[0], q[1] * c, q[1] * s]).collect();
        let plane = find_plane(&p3);
        let Plane::Tilted { normal, .. } = plane else {
            panic!("expected a tilted plane")
        };
        assert!((normal[2] - c).abs() < 1e-12 && (normal[1] + s).abs() < 1e-12);
        let pts = project(&p3, &plane);
        let d = |a: Point, b: Point| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
        assert!((d(pts[0], pts[1]) - 2.0).abs() < 1e-12);
        assert!((d(pts[1], pts[2]) - 1.0).abs() < 1e-12);
        // Counter-clockwise seen from above stays counter-clockwise.
        let area: f64 = (0..4)
            .map(|i| {
                let (a, b) = (pts[i], pts[(i + 1) % 4]);
                a.x * b.y - b.x * a.y
            })
            .sum();
        assert!(area > 0.0);
        assert!(tilted_note(&plane).unwrap().contains("30.00° from XY"));
    }

    #[test]
    fn a_bent_sheet_is_not_flat() {
        let p3 = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.5],
            [0.0, 1.0, 0.0],
        ];
        let Plane::NotFlat { deviation, .. } = find_plane(&p3) else {
            panic!("expected not flat")
        };
        assert!(deviation > 0.1, "{deviation}");
    }
}
