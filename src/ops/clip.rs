//! Clip: keep the faces inside an outline.
//!
//! An [`Outline`] is a simple polygon (or a circle) that may name its sides
//! and corners; the same type is the shape of a tiling. A face is kept by the
//! [`KeepRule`]: its centroid inside the outline, or all of it inside. Kept
//! faces keep all their data; side tags on kept boundary edges stay, and with
//! `retag` the new board's outer boundary is tagged by the outline's sides.

use super::{Assembly, OpError, OpResult, Parts, count, typical_edge};
use crate::board::{Board, SideTag};
use crate::mesh::geom::{
    Containment, centroid, point_in_polygon, point_segment_distance, polygon_self_intersects,
    signed_area,
};
use crate::mesh::{EdgeId, FaceId, Point};

/// Which faces an outline keeps.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeepRule {
    /// Faces whose centroid lies inside (or on) the outline.
    #[default]
    Centroid,
    /// Faces lying entirely inside (or on) the outline.
    Inside,
}

impl KeepRule {
    pub const ALL: [KeepRule; 2] = [KeepRule::Centroid, KeepRule::Inside];
    pub fn name(self) -> &'static str {
        match self {
            KeepRule::Centroid => "centroid",
            KeepRule::Inside => "inside",
        }
    }
}

impl std::str::FromStr for KeepRule {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        KeepRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown rule '{s}' (expected centroid or inside)"))
    }
}

/// A region of the plane with optionally named sides and corners.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    /// Counter-clockwise corners of a simple polygon (for a circle, a fine
    /// polygon around it, used only for drawing).
    points: Vec<Point>,
    /// Centre and radius when the outline is a circle.
    circle: Option<(Point, f64)>,
    /// The tag of each side (side `i` runs from corner `i` to `i + 1`).
    sides: Vec<Option<SideTag>>,
    /// Points whose face gets a corner tag instead of side tags.
    corners: Vec<(Point, SideTag)>,
}

impl Outline {
    /// A polygon outline without tags. Refuses fewer than three corners,
    /// non-finite coordinates, zero area and self-intersection.
    pub fn polygon(mut points: Vec<Point>) -> Result<Outline, OpError> {
        if points.len() < 3 {
            return Err(OpError::BadOutline(format!(
                "has {} corners; it needs at least 3",
                points.len()
            )));
        }
        if let Some(p) = points.iter().find(|p| !p.is_finite()) {
            return Err(OpError::BadOutline(format!(
                "has a corner that is not a finite point {p}"
            )));
        }
        for i in 0..points.len() {
            if points[i] == points[(i + 1) % points.len()] {
                return Err(OpError::BadOutline(format!(
                    "repeats the corner {}",
                    points[i]
                )));
            }
        }
        let area = signed_area(points.iter().copied());
        let scale = points
            .iter()
            .fold(0.0f64, |m, p| m.max(p.x.abs()).max(p.y.abs()))
            .max(1e-300);
        let flat = scale * scale * 1e-14;
        let collinear = points
            .iter()
            .all(|&q| crate::mesh::geom::orient(points[0], points[1], q).abs() <= flat);
        if collinear {
            return Err(OpError::BadOutline(
                "has zero area (its corners are collinear)".into(),
            ));
        }
        if polygon_self_intersects(&points) || area.abs() <= flat {
            return Err(OpError::BadOutline("crosses or touches itself".into()));
        }
        if area < 0.0 {
            points.reverse();
        }
        let n = points.len();
        Ok(Outline {
            points,
            circle: None,
            sides: vec![None; n],
            corners: Vec::new(),
        })
    }

    /// A circle (drawn as a 96-gon); no sides to tag.
    pub fn circle(centre: Point, radius: f64) -> Result<Outline, OpError> {
        if !(radius.is_finite() && radius > 0.0 && centre.is_finite()) {
            return Err(OpError::BadOutline(format!(
                "circle needs a positive radius and a finite centre (radius {radius})"
            )));
        }
        let points = (0..96)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / 96.0;
                centre + Point::new(a.cos(), a.sin()) * radius
            })
            .collect();
        Ok(Outline {
            points,
            circle: Some((centre, radius)),
            sides: vec![None; 96],
            corners: Vec::new(),
        })
    }

    /// Name the sides (one tag or `None` per side, counter-clockwise from
    /// corner 0) and the corner points whose faces get corner tags.
    pub(crate) fn with_tags(
        mut self,
        sides: Vec<Option<SideTag>>,
        corners: Vec<(Point, SideTag)>,
    ) -> Outline {
        debug_assert_eq!(sides.len(), self.points.len());
        self.sides = sides;
        self.corners = corners;
        self
    }

    /// Tag the sides of a drawn polygon: a triangle's `bottom`, `right`,
    /// `left`; a quadrilateral's `bottom`, `right`, `top`, `left`; otherwise
    /// `side1`, `side2`, … counter-clockwise — each starting from the side
    /// facing most nearly downwards. Polygons with more than
    /// [`crate::board::SideNo::MAX`] sides stay untagged (`None` returned).
    pub fn with_polygon_tags(self) -> Option<Outline> {
        let n = self.points.len();
        if self.circle.is_some() || n > crate::board::SideNo::MAX as usize {
            return None;
        }
        let downness = |i: usize| {
            let d = self.points[(i + 1) % n] - self.points[i];
            // Outward normal of a counter-clockwise polygon: (dy, −dx).
            d.x / d.length()
        };
        let first = (0..n)
            .max_by(|&a, &b| downness(a).total_cmp(&downness(b)))
            .unwrap_or(0);
        let names: Vec<SideTag> = match n {
            3 => vec![SideTag::Bottom, SideTag::Right, SideTag::Left],
            4 => vec![SideTag::Bottom, SideTag::Right, SideTag::Top, SideTag::Left],
            _ => (1..=n as u8).filter_map(SideTag::side).collect(),
        };
        let mut sides = vec![None; n];
        for (k, t) in names.into_iter().enumerate() {
            sides[(first + k) % n] = Some(t);
        }
        Some(self.with_tags(sides, Vec::new()))
    }

    /// The corners, counter-clockwise.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// Whether `p` lies inside or on the outline (within `tol`).
    pub fn contains(&self, p: Point, tol: f64) -> bool {
        if let Some((c, r)) = self.circle {
            return p.distance(c) <= r + tol;
        }
        match point_in_polygon(p, self.points.iter().copied()) {
            Containment::Inside | Containment::OnBoundary => true,
            Containment::Outside => {
                tol > 0.0
                    && (0..self.points.len()).any(|i| {
                        let (a, b) = (self.points[i], self.points[(i + 1) % self.points.len()]);
                        point_segment_distance(p, a, b).0 <= tol
                    })
            }
        }
    }

    /// Whether the rule keeps a face with these corners.
    pub fn keeps(&self, rule: KeepRule, corners: &[Point], tol: f64) -> bool {
        match rule {
            KeepRule::Centroid => self.contains(centroid(corners), tol),
            KeepRule::Inside => corners.iter().all(|&p| self.contains(p, tol)),
        }
    }

    /// Tag the edges of `board`'s outer outlines (not holes) by this outline:
    /// the boundary edges of each corner's face get that corner's tag, every
    /// other outer edge the tag of the nearest side. Replaces the tags there
    /// were on those edges; returns the board and how many edges now carry a tag.
    pub fn tag_board(&self, board: &Board) -> Result<(Board, usize), OpError> {
        let mut tags = board.side_tags().to_vec();
        let outer: Vec<EdgeId> = board
            .mesh()
            .boundary_loops()
            .iter()
            .filter(|l| !l.is_hole())
            .flat_map(|l| l.edges().collect::<Vec<_>>())
            .collect();
        let mut corner_of: rustc_hash::FxHashMap<FaceId, SideTag> = Default::default();
        let rim: Vec<FaceId> = {
            let mut v: Vec<FaceId> = outer
                .iter()
                .map(|&e| board.mesh().edge_faces(e).0)
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        for &(p, tag) in &self.corners {
            let hit = rim
                .iter()
                .copied()
                .find(|&f| point_in_polygon(p, board.mesh().face_points(f)) != Containment::Outside)
                .or_else(|| {
                    rim.iter().copied().min_by(|&a, &b| {
                        let da = board.mesh().face_centroid(a).distance(p);
                        let db = board.mesh().face_centroid(b).distance(p);
                        da.total_cmp(&db)
                    })
                });
            if let Some(f) = hit {
                corner_of.entry(f).or_insert(tag);
            }
        }
        let n = self.points.len();
        let mut tagged = 0;
        for e in outer {
            let f = board.mesh().edge_faces(e).0;
            let tag = corner_of.get(&f).copied().or_else(|| {
                let m = board.mesh().edge_midpoint(e);
                (0..n)
                    .min_by(|&i, &j| {
                        let d = |k: usize| {
                            point_segment_distance(m, self.points[k], self.points[(k + 1) % n]).0
                        };
                        d(i).total_cmp(&d(j))
                    })
                    .and_then(|i| self.sides[i])
            });
            tags[e.index()] = tag;
            tagged += usize::from(tag.is_some());
        }
        let mut parts = Parts::of(board);
        parts.tags = tags;
        Ok((parts.build()?, tagged))
    }
}

/// Parameters of [`clip`].
#[derive(Clone, Debug, PartialEq)]
pub struct ClipParams {
    pub outline: Outline,
    pub rule: KeepRule,
    /// Tag the result's outer boundary by the outline's sides (replacing the
    /// tags it had).
    pub retag: bool,
}

/// Keep the faces the rule keeps inside the outline.
pub fn clip(board: &Board, p: &ClipParams) -> Result<OpResult, OpError> {
    let keep = faces_kept(board, &p.outline, p.rule);
    if !keep.contains(&true) {
        return Err(OpError::NothingInside {
            rule: p.rule.name(),
        });
    }
    let (mut result, mut notes) = keep_faces(board, &keep)?;
    let kept = keep.iter().filter(|&&k| k).count();
    notes.insert(
        0,
        format!(
            "kept {kept} of {} (rule: {})",
            count(board.face_count(), "face"),
            p.rule.name()
        ),
    );
    if p.retag {
        let (tagged, n) = p.outline.tag_board(&result)?;
        result = tagged;
        notes.push(format!(
            "tagged {} by the outline's sides",
            count(n, "boundary edge")
        ));
    }
    Ok(OpResult {
        board: result,
        notes,
    })
}

/// For each face of `board`, whether `rule` keeps it inside `outline`.
pub(crate) fn faces_kept(board: &Board, outline: &Outline, rule: KeepRule) -> Vec<bool> {
    let tol = typical_edge(board) * 1e-9;
    board
        .mesh()
        .face_ids()
        .map(|f| {
            let pts: Vec<Point> = board.mesh().face_points(f).collect();
            outline.keeps(rule, &pts, tol)
        })
        .collect()
}

/// A board of the faces with `keep[f]` (in their order), with all their data;
/// notes on what went with the removed faces.
pub(crate) fn keep_faces(board: &Board, keep: &[bool]) -> Result<(Board, Vec<String>), OpError> {
    let mesh = board.mesh();
    let mut asm = Assembly::with_vertices_of(board);
    let mut new_id = vec![u32::MAX; keep.len()];
    let mut opened = 0;
    for f in mesh.face_ids() {
        if !keep[f.index()] {
            continue;
        }
        let corners: Vec<u32> = mesh.face_vertices(f).map(|v| v.0).collect();
        new_id[f.index()] = asm.push_face(&corners, board.face_data(f));
        opened += mesh
            .face_neighbors(f)
            .filter(|(_, g)| g.is_some_and(|g| !keep[g.index()]))
            .count();
    }
    asm.tags = Assembly::tags_of(board);
    let mut lost_pieces = 0;
    for &(f, pl) in &board.setup().pieces {
        match new_id.get(f.index()) {
            Some(&n) if n != u32::MAX => asm.pieces.push((n, pl)),
            _ => lost_pieces += 1,
        }
    }
    let built = asm.finish()?;
    let mut notes = Vec::new();
    if let Some(n) = built.tag_note("their edges were removed") {
        notes.push(n);
    }
    if lost_pieces > 0 {
        notes.push(format!(
            "dropped {} on removed faces",
            count(lost_pieces, "start piece")
        ));
    }
    if opened > 0 {
        notes.push(format!(
            "{} became boundary and {} untagged",
            count(opened, "edge"),
            if opened == 1 { "is" } else { "are" }
        ));
    }
    Ok((built.board, notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::square_grid;

    fn p(x: f64, y: f64) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn outline_checks_and_orients() {
        assert!(matches!(
            Outline::polygon(vec![p(0.0, 0.0), p(1.0, 0.0)]),
            Err(OpError::BadOutline(_))
        ));
        assert!(Outline::polygon(vec![p(0.0, 0.0), p(1.0, 0.0), p(2.0, 0.0)]).is_err());
        let bow = vec![p(0.0, 0.0), p(1.0, 1.0), p(1.0, 0.0), p(0.0, 1.0)];
        assert!(Outline::polygon(bow).is_err());
        let cw = Outline::polygon(vec![p(0.0, 0.0), p(0.0, 1.0), p(1.0, 0.0)]).unwrap();
        assert!(signed_area(cw.points().iter().copied()) > 0.0);
    }

    #[test]
    fn clip_keeps_by_rule_and_reports() {
        let mut parts = Parts::of(&square_grid(4, 4));
        parts.setup.pieces = vec![(FaceId(0), 0), (FaceId(5), 1)];
        let b = parts.build().unwrap();
        // A diamond around the centre of the board.
        let diamond =
            Outline::polygon(vec![p(2.0, 0.0), p(4.0, 2.0), p(2.0, 4.0), p(0.0, 2.0)]).unwrap();
        let r = clip(
            &b,
            &ClipParams {
                outline: diamond.clone(),
                rule: KeepRule::Centroid,
                retag: false,
            },
        )
        .unwrap();
        r.board.validate().unwrap();
        // Centroids at (x + ½, y + ½) with |x + ½ − 2| + |y + ½ − 2| ≤ 2: the eight
        // faces of the two middle rows and columns plus the four middle ones.
        assert_eq!(r.board.face_count(), 12);
        assert_eq!(r.board.setup().pieces.len(), 1, "{:?}", r.notes);
        assert!(r.notes.iter().any(|n| n.contains("1 start piece")));
        let fully = clip(
            &b,
            &ClipParams {
                outline: diamond.with_polygon_tags().unwrap(),
                rule: KeepRule::Inside,
                retag: true,
            },
        )
        .unwrap();
        assert_eq!(fully.board.face_count(), 4);
        assert_eq!(fully.board.tagged_sides().len(), 4);
        let far = Outline::polygon(vec![p(10.0, 10.0), p(11.0, 10.0), p(11.0, 11.0)]).unwrap();
        assert_eq!(
            clip(
                &b,
                &ClipParams {
                    outline: far,
                    rule: KeepRule::Centroid,
                    retag: false
                }
            ),
            Err(OpError::NothingInside { rule: "centroid" })
        );
    }

    #[test]
    fn polygon_tags_start_at_the_bottom() {
        let tri = Outline::polygon(vec![p(0.0, 0.0), p(2.0, 0.0), p(1.0, 2.0)])
            .unwrap()
            .with_polygon_tags()
            .unwrap();
        assert_eq!(
            tri.sides,
            [
                Some(SideTag::Bottom),
                Some(SideTag::Right),
                Some(SideTag::Left)
            ]
        );
        let quad = Outline::polygon(vec![p(0.0, 1.0), p(0.0, 0.0), p(3.0, 0.0), p(3.0, 1.0)])
            .unwrap()
            .with_polygon_tags()
            .unwrap();
        let bottom = quad.sides.iter().position(|s| *s == Some(SideTag::Bottom));
        let k = bottom.unwrap();
        assert_eq!(quad.points[k].y, 0.0);
        assert_eq!(quad.points[(k + 1) % 4].y, 0.0);
        let many: Vec<Point> = (0..13)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / 13.0;
                p(a.cos(), a.sin())
            })
            .collect();
        assert!(
            Outline::polygon(many)
                .unwrap()
                .with_polygon_tags()
                .is_none()
        );
    }
}
