//! Geometry on the integer lattice of grid boards (column, row): the knight's
//! moves that TwixT links span and whether two lattice segments cross. Shared
//! by the TwixT rules and the readers of TwixT records, which check links
//! against the same geometry.

/// Knight offsets `(dcol, drow)`; the first four point "forward" (drow > 0),
/// the last four are their negations in the same order (`d + 4` is opposite
/// to `d`).
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (2, 1),
    (-2, 1),
    (-1, -2),
    (1, -2),
    (-2, -1),
    (2, -1),
];

/// Twice the signed area of the triangle abc.
fn orient(a: (i64, i64), b: (i64, i64), c: (i64, i64)) -> i64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether segments ab and cd cross at a point interior to both. Knight links
/// have no lattice point inside them, so links sharing an end never qualify
/// and a link never passes through a hole.
pub fn segments_cross(a: (i64, i64), b: (i64, i64), c: (i64, i64), d: (i64, i64)) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1.signum() * o2.signum() < 0 && o3.signum() * o4.signum() < 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_links() {
        // a1-b3 and b1-a3 cross in the middle; a1-b3 and b3-c5 share an end.
        assert!(segments_cross((0, 0), (1, 2), (1, 0), (0, 2)));
        assert!(!segments_cross((0, 0), (1, 2), (1, 2), (2, 4)));
        assert!(!segments_cross((0, 0), (1, 2), (2, 0), (3, 2)));
        for d in 0..4 {
            assert_eq!(KNIGHT[d].0, -KNIGHT[d + 4].0);
            assert_eq!(KNIGHT[d].1, -KNIGHT[d + 4].1);
        }
    }
}
