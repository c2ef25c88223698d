//! Hole: remove the faces inside an outline (the opposite of clip). The
//! remaining faces keep all their data; the new rim is untagged.

use super::clip::{faces_kept, keep_faces};
use super::{KeepRule, OpError, OpResult, Outline, count};
use crate::board::Board;

/// Parameters of [`hole`].
#[derive(Clone, Debug, PartialEq)]
pub struct HoleParams {
    pub outline: Outline,
    /// Which faces count as inside the hole (and are removed).
    pub rule: KeepRule,
}

/// Remove the faces the rule finds inside the outline.
pub fn hole(board: &Board, p: &HoleParams) -> Result<OpResult, OpError> {
    let keep: Vec<bool> = faces_kept(board, &p.outline, p.rule)
        .into_iter()
        .map(|inside| !inside)
        .collect();
    let removed = keep.iter().filter(|&&k| !k).count();
    if removed == 0 {
        return Err(OpError::HoleRemovesNothing {
            rule: p.rule.name(),
        });
    }
    if removed == keep.len() {
        return Err(OpError::HoleRemovesAll);
    }
    let (result, mut notes) = keep_faces(board, &keep)?;
    notes.insert(
        0,
        format!(
            "removed {} (rule: {})",
            count(removed, "face"),
            p.rule.name()
        ),
    );
    Ok(OpResult {
        board: result,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::Point;
    use crate::presets::square_grid;

    #[test]
    fn punches_a_hole_in_the_middle() {
        let b = square_grid(5, 5);
        let sq = |x0: f64, y0: f64, x1: f64, y1: f64| {
            Outline::polygon(vec![
                Point::new(x0, y0),
                Point::new(x1, y0),
                Point::new(x1, y1),
                Point::new(x0, y1),
            ])
            .unwrap()
        };
        let r = hole(
            &b,
            &HoleParams {
                outline: sq(1.2, 1.2, 3.8, 3.8),
                rule: KeepRule::Centroid,
            },
        )
        .unwrap();
        r.board.validate().unwrap();
        assert_eq!(r.board.face_count(), 16);
        let loops = r.board.mesh().boundary_loops();
        assert_eq!(loops.iter().filter(|l| l.is_hole()).count(), 1);
        assert_eq!(r.board.label(crate::mesh::FaceId(0)), "a1");
        assert!(r.notes[0].contains("removed 9 faces"), "{:?}", r.notes);
        // Fully inside: only the centre square lies entirely within.
        let r = hole(
            &b,
            &HoleParams {
                outline: sq(1.2, 1.2, 3.8, 3.8),
                rule: KeepRule::Inside,
            },
        )
        .unwrap();
        assert_eq!(r.board.face_count(), 24);
        assert_eq!(
            hole(
                &b,
                &HoleParams {
                    outline: sq(-1.0, -1.0, 6.0, 6.0),
                    rule: KeepRule::Centroid
                }
            ),
            Err(OpError::HoleRemovesAll)
        );
        assert!(matches!(
            hole(
                &b,
                &HoleParams {
                    outline: sq(7.0, 7.0, 8.0, 8.0),
                    rule: KeepRule::Centroid
                }
            ),
            Err(OpError::HoleRemovesNothing { .. })
        ));
    }
}
