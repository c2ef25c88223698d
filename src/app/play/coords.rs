//! Coordinates along the board's edges, as HexGui and chess boards show them:
//! column letters past both ends of every column, row numbers past both ends of
//! every row, instead of a label in every cell.
//!
//! Only boards whose faces all carry grid coordinates, whose labels are those
//! coordinates (`a1`, `b1`, …) and whose columns and rows lie on straight lines
//! get them (square grids, Hex rhombi, TwixT, hexagonal shapes); on any other
//! board [`EdgeCoords::of`] says `None` and the labels stay in the cells. The
//! marks are placed one step past the end of their line (a column's letter
//! continues the column, so on a Hex rhombus the numbers follow the slanted
//! sides); a line that stops one short of the board's outermost row (a TwixT
//! column next to a missing corner) puts its mark level with the others.

use super::super::canvas::CanvasStyle;
use super::super::view::View;
use crate::board::{Board, column_letters};
use crate::mesh::{Aabb, Point};
use eframe::egui::{self, Align2, FontId, Rect};
use std::collections::BTreeMap;

/// How far past the last cell of a line its mark goes, in steps between cells.
const OUTSET: f64 = 0.9;
/// Two marks closer than this (in steps between cells) would print over each other.
const MIN_GAP: f64 = 0.6;
/// Marks are drawn when a step between cells is at least this long on screen.
const MIN_STEP_PIXELS: f32 = 12.0;

/// One coordinate mark: its text and where its centre goes on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub text: String,
    pub at: Point,
}

/// The coordinate marks of a grid board.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeCoords {
    pub marks: Vec<Mark>,
    /// A typical distance between neighbouring cells (board units), for the font size.
    pub step: f64,
}

/// A straight line of cells: `at(i)` is where the cell with index `i` is.
struct Line {
    origin: Point,
    dir: Point,
    lo: i32,
    hi: i32,
}

impl Line {
    /// Fit a line through `(index, centre)` pairs; `None` when they are not on
    /// one straight, evenly spaced line (a polar grid, say) or fewer than two.
    fn fit(cells: &[(i32, Point)]) -> Option<Line> {
        let n = cells.len() as f64;
        let lo = cells.iter().map(|c| c.0).min()?;
        let hi = cells.iter().map(|c| c.0).max()?;
        if lo == hi {
            return None;
        }
        let mi = cells.iter().map(|c| c.0 as f64).sum::<f64>() / n;
        let mx = cells.iter().map(|c| c.1.x).sum::<f64>() / n;
        let my = cells.iter().map(|c| c.1.y).sum::<f64>() / n;
        let var = cells.iter().map(|c| (c.0 as f64 - mi).powi(2)).sum::<f64>();
        let dx = cells
            .iter()
            .map(|c| (c.0 as f64 - mi) * (c.1.x - mx))
            .sum::<f64>()
            / var;
        let dy = cells
            .iter()
            .map(|c| (c.0 as f64 - mi) * (c.1.y - my))
            .sum::<f64>()
            / var;
        let line = Line {
            origin: Point::new(mx - dx * mi, my - dy * mi),
            dir: Point::new(dx, dy),
            lo,
            hi,
        };
        let step = line.step();
        let straight = cells.iter().all(|&(i, p)| {
            let q = line.at(i as f64);
            ((q.x - p.x).powi(2) + (q.y - p.y).powi(2)).sqrt() <= 0.25 * step
        });
        (straight && step > 0.0).then_some(line)
    }

    fn step(&self) -> f64 {
        (self.dir.x * self.dir.x + self.dir.y * self.dir.y).sqrt()
    }

    fn at(&self, i: f64) -> Point {
        Point::new(
            self.origin.x + self.dir.x * i,
            self.origin.y + self.dir.y * i,
        )
    }

    /// The two mark positions: before the first and after the last cell, level
    /// with the board's outermost cells (`min`, `max`) when the line stops one
    /// short of them.
    fn ends(&self, min: i32, max: i32) -> [Point; 2] {
        let first = if self.lo - min <= 1 { min } else { self.lo };
        let last = if max - self.hi <= 1 { max } else { self.hi };
        [
            self.at(first as f64 - OUTSET),
            self.at(last as f64 + OUTSET),
        ]
    }
}

/// Whether two of `marks` are closer than `gap` (sorts them by x to sweep).
fn crowded(marks: &mut [Mark], gap: f64) -> bool {
    marks.sort_by(|a, b| a.at.x.total_cmp(&b.at.x));
    (0..marks.len()).any(|i| {
        marks[i + 1..]
            .iter()
            .take_while(|m| m.at.x - marks[i].at.x < gap)
            .any(|m| (m.at.y - marks[i].at.y).abs() < gap)
    })
}

impl EdgeCoords {
    /// The marks for `board`, or `None` when it is not a straight grid labelled
    /// by its coordinates.
    pub fn of(board: &Board) -> Option<EdgeCoords> {
        let mesh = board.mesh();
        let mut cols: BTreeMap<i32, Vec<(i32, Point)>> = BTreeMap::new();
        let mut rows: BTreeMap<i32, Vec<(i32, Point)>> = BTreeMap::new();
        for f in mesh.face_ids() {
            let g = board.coord(f)?;
            if !g.names(board.label(f)) {
                return None;
            }
            let c = mesh.face_centroid(f);
            cols.entry(g.col).or_default().push((g.row, c));
            rows.entry(g.row).or_default().push((g.col, c));
        }
        let (&row_min, &row_max) = (rows.keys().next()?, rows.keys().next_back()?);
        let (&col_min, &col_max) = (cols.keys().next()?, cols.keys().next_back()?);
        let mut marks = Vec::new();
        let mut steps = Vec::new();
        for (family, lines, min, max) in [
            (true, &cols, row_min, row_max),
            (false, &rows, col_min, col_max),
        ] {
            for (&k, cells) in lines {
                if cells.len() < 2 {
                    // A lone cell has no direction: its neighbours' marks show it.
                    continue;
                }
                let line = Line::fit(cells)?;
                steps.push(line.step());
                let text = if family {
                    column_letters(k as u32)
                } else {
                    (k + 1).to_string()
                };
                for at in line.ends(min, max) {
                    marks.push(Mark {
                        text: text.clone(),
                        at,
                    });
                }
            }
        }
        if marks.is_empty() {
            return None;
        }
        steps.sort_by(f64::total_cmp);
        let step = steps[steps.len() / 2];
        // Marks that would print over each other (a column's letter where a
        // row's number goes, as on a hexagon-shaped board): no marks at all,
        // the labels stay in the cells.
        (!crowded(&mut marks, MIN_GAP * step)).then_some(EdgeCoords { marks, step })
    }

    /// The board-space box the marks cover (for fitting the board with them).
    pub fn bounds(&self) -> Aabb {
        let mut b = Aabb::EMPTY;
        let h = self.step * 0.5;
        for m in &self.marks {
            b.include(Point::new(m.at.x - h, m.at.y - h));
            b.include(Point::new(m.at.x + h, m.at.y + h));
        }
        b
    }

    /// Draw the marks for `view` in `rect` (nothing when the cells are too small
    /// on screen for text).
    pub fn paint(&self, painter: &egui::Painter, view: &View, rect: Rect, style: &CanvasStyle) {
        let step = (self.step * view.scale) as f32;
        if step < MIN_STEP_PIXELS {
            return;
        }
        let font = FontId::proportional((step * 0.4).clamp(9.0, 20.0));
        let colour = style.label_on(style.background);
        let clip = painter.clip_rect().expand(step);
        for m in &self.marks {
            let p = view.to_screen(rect, m.at);
            if clip.contains(p) {
                painter.text(p, Align2::CENTER_CENTER, &m.text, font.clone(), colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    fn texts(c: &EdgeCoords, text: &str) -> Vec<Point> {
        c.marks
            .iter()
            .filter(|m| m.text == text)
            .map(|m| m.at)
            .collect()
    }

    #[test]
    fn hex_rhombus_gets_letters_and_numbers_past_both_ends() {
        let b = presets::hex(5);
        let c = EdgeCoords::of(&b).expect("a grid");
        // Five columns and five rows, two marks each.
        assert_eq!(c.marks.len(), 20);
        for t in ["a", "e", "1", "5"] {
            assert_eq!(texts(&c, t).len(), 2, "{t}");
        }
        // Every mark lies outside every cell.
        for m in &c.marks {
            assert!(b.mesh().face_ids().all(|f| {
                let q = b.mesh().face_centroid(f);
                ((q.x - m.at.x).powi(2) + (q.y - m.at.y).powi(2)).sqrt() > 0.5 * c.step
            }));
        }
    }

    #[test]
    fn twixt_columns_next_to_a_missing_corner_line_up_with_the_others() {
        let b = presets::twixt(8);
        let c = EdgeCoords::of(&b).expect("a grid");
        let a = texts(&c, "a");
        let bb = texts(&c, "b");
        assert_eq!((a.len(), bb.len()), (2, 2));
        // Column a (rows 2 to 7) has its marks level with column b's (rows 1 to 8).
        let mut ay: Vec<f64> = a.iter().map(|p| p.y).collect();
        let mut by: Vec<f64> = bb.iter().map(|p| p.y).collect();
        ay.sort_by(f64::total_cmp);
        by.sort_by(f64::total_cmp);
        for (x, y) in ay.iter().zip(&by) {
            assert!((x - y).abs() < 1e-6, "{ay:?} {by:?}");
        }
    }

    #[test]
    fn square_grids_get_them_and_hexagon_shapes_keep_labels_in_cells() {
        use crate::game::RulesKind;
        assert!(EdgeCoords::of(&presets::lines_of_action()).is_some());
        // On a hexhex board a column's letter would land on a row's number.
        let b = RulesKind::Havannah
            .entry()
            .default_board
            .build(Some(5))
            .unwrap();
        assert!(EdgeCoords::of(&b).is_none());
        // Wherever marks are shown, no two print over each other.
        for k in [RulesKind::Hex, RulesKind::Twixt, RulesKind::Y] {
            let b = k.entry().default_board.build(None).unwrap();
            if let Some(mut c) = EdgeCoords::of(&b) {
                let step = c.step;
                assert!(!crowded(&mut c.marks, MIN_GAP * step), "{k:?}");
            }
        }
    }

    #[test]
    fn boards_without_coordinate_labels_get_none() {
        let mut b = presets::hex(3);
        assert!(EdgeCoords::of(&b).is_some());
        crate::edit::apply(
            &mut b,
            &crate::edit::BoardEdit::SetLabel {
                face: crate::mesh::FaceId(0),
                label: "start".into(),
            },
        )
        .unwrap();
        assert!(EdgeCoords::of(&b).is_none());
    }
}
