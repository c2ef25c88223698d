//! Relabel: new `a1`-style labels for every face.
//!
//! * **Rows**: faces whose centroids lie at about the same height form a row
//!   (rows are split where the heights jump by more than a third of a typical
//!   edge); rows are numbered from the bottom, faces lettered from the left.
//! * **Rings**: faces whose centroids lie at about the same distance from a
//!   centre form a ring; rings are numbered from the centre outwards (a single
//!   centre face is ring 1), faces lettered counter-clockwise from the east.
//!   This matches the labels of the polar tiling.
//!
//! Only labels change; grid coordinates and everything else stay.

use super::{OpError, OpResult, centre, count, typical_edge, with_labels};
use crate::board::{Board, grid_label};
use crate::mesh::{FaceId, Point};

/// How to label.
#[derive(Clone, Debug, PartialEq)]
pub enum RelabelParams {
    Rows,
    /// Rings around a centre (`None`: the centre of the bounding box).
    Rings {
        about: Option<Point>,
    },
}

pub fn relabel(board: &Board, p: &RelabelParams) -> Result<OpResult, OpError> {
    let (labels, groups, what) = match p {
        RelabelParams::Rows => {
            let keys = row_keys(board);
            let n = keys.iter().map(|k| k.0).max().unwrap_or(0) + 1;
            (labels_from(&keys), n, "row")
        }
        RelabelParams::Rings { about } => {
            let c = about.unwrap_or_else(|| centre(board));
            if !c.is_finite() {
                return Err(OpError::BadParameter(format!(
                    "the centre {c} is not a finite point"
                )));
            }
            let keys = ring_keys(board, c);
            let n = keys.iter().map(|k| k.0).max().unwrap_or(0) + 1;
            (labels_from(&keys), n, "ring")
        }
    };
    let changed = labels
        .iter()
        .zip(board.faces().labels())
        .filter(|(a, b)| a != b)
        .count();
    let result = with_labels(board, labels)?;
    Ok(OpResult {
        board: result,
        notes: vec![format!(
            "{} in {}; {} changed",
            count(board.face_count(), "face"),
            count(groups as usize, what),
            count(changed, "label")
        )],
    })
}

/// Labels by rows (see the module docs), indexed by face.
pub(crate) fn row_labels(board: &Board) -> Vec<String> {
    labels_from(&row_keys(board))
}

fn labels_from(keys: &[(u32, u32)]) -> Vec<String> {
    keys.iter()
        .map(|&(row, col)| grid_label(col, row))
        .collect()
}

/// Split sorted values into groups wherever consecutive values differ by more
/// than `gap`; the group index of each position.
fn cluster(sorted: &[f64], gap: f64) -> Vec<u32> {
    let mut out = Vec::with_capacity(sorted.len());
    let mut g = 0;
    for (i, &v) in sorted.iter().enumerate() {
        if i > 0 && v - sorted[i - 1] > gap {
            g += 1;
        }
        out.push(g);
    }
    out
}

/// (group, index within group) for each face, given a grouping value and an
/// order within groups.
fn keys_by(board: &Board, group_value: &[f64], order_value: &[f64], gap: f64) -> Vec<(u32, u32)> {
    let n = board.face_count();
    let mut by_group: Vec<usize> = (0..n).collect();
    by_group.sort_by(|&a, &b| group_value[a].total_cmp(&group_value[b]).then(a.cmp(&b)));
    let sorted: Vec<f64> = by_group.iter().map(|&i| group_value[i]).collect();
    let groups = cluster(&sorted, gap);
    let mut members: Vec<Vec<usize>> =
        vec![Vec::new(); groups.last().map_or(0, |&g| g as usize + 1)];
    for (k, &i) in by_group.iter().enumerate() {
        members[groups[k] as usize].push(i);
    }
    let mut keys = vec![(0, 0); n];
    for (g, m) in members.iter_mut().enumerate() {
        m.sort_by(|&a, &b| order_value[a].total_cmp(&order_value[b]).then(a.cmp(&b)));
        for (k, &i) in m.iter().enumerate() {
            keys[i] = (g as u32, k as u32);
        }
    }
    keys
}

fn centroids(board: &Board) -> Vec<Point> {
    board
        .mesh()
        .face_ids()
        .map(|f: FaceId| board.mesh().face_centroid(f))
        .collect()
}

fn row_keys(board: &Board) -> Vec<(u32, u32)> {
    let c = centroids(board);
    let ys: Vec<f64> = c.iter().map(|p| p.y).collect();
    let xs: Vec<f64> = c.iter().map(|p| p.x).collect();
    keys_by(board, &ys, &xs, typical_edge(board) / 3.0)
}

fn ring_keys(board: &Board, about: Point) -> Vec<(u32, u32)> {
    let c = centroids(board);
    let tol = typical_edge(board) / 3.0;
    let r: Vec<f64> = c.iter().map(|p| p.distance(about)).collect();
    let a: Vec<f64> = c
        .iter()
        .map(|p| {
            let d = *p - about;
            if d.length() <= tol * 1e-6 {
                return 0.0;
            }
            let t = d.y.atan2(d.x);
            // Counter-clockwise from the east, in [0, 2π); a hair below east counts as east.
            if t < -1e-9 {
                t + std::f64::consts::TAU
            } else {
                t.max(0.0)
            }
        })
        .collect();
    keys_by(board, &r, &a, tol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{hex, square_grid};

    #[test]
    fn rows_of_a_hex_board() {
        let b = hex(3);
        let r = relabel(&b, &RelabelParams::Rows).unwrap();
        // The hex preset's a1 is top-left; by rows, a1 is bottom-left.
        let bottom_left = b.face_by_label("a3").unwrap();
        assert_eq!(r.board.label(bottom_left), "a1");
        assert_eq!(r.board.label(b.face_by_label("c1").unwrap()), "c3");
        assert!(r.notes[0].contains("3 rows"), "{:?}", r.notes);
        // Relabelling a square grid by rows changes nothing.
        let s = square_grid(4, 3);
        let same = relabel(&s, &RelabelParams::Rows).unwrap();
        assert_eq!(same.board, s);
        assert!(same.notes[0].contains("0 labels changed"));
    }

    #[test]
    fn rings_of_a_square_grid() {
        let s = square_grid(3, 3);
        let r = relabel(&s, &RelabelParams::Rings { about: None })
            .unwrap()
            .board;
        // Centre, then the 4 edge-neighbours, then the 4 corners.
        assert_eq!(r.label(s.face_by_label("b2").unwrap()), "a1");
        assert_eq!(r.label(s.face_by_label("c2").unwrap()), "a2");
        assert_eq!(r.label(s.face_by_label("b3").unwrap()), "b2");
        assert_eq!(r.label(s.face_by_label("c3").unwrap()), "a3");
        assert_eq!(r.label(s.face_by_label("c1").unwrap()), "d3");
    }
}
