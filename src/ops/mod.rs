//! Board operators: pure functions `fn(&Board, &Params) -> Result<OpResult, OpError>`.
//!
//! Each operator builds a new board and leaves its input untouched, so an
//! editor can make any of them undoable by swapping the whole board. The
//! result carries notes in the user's terms saying what per-face data
//! (labels, grid coordinates, kinds, colours, regions), side tags and start
//! pieces were kept, changed or dropped. One file per operator:
//!
//! | operator | file | what |
//! |---|---|---|
//! | dual | [`dual`] | a face per interior vertex, through the centroids of the faces around it |
//! | subdivide | [`subdivide`] | each face into triangles around its centroid, or into quads through its edge midpoints |
//! | merge | [`merge`] | edge-connected faces of the same region into one face |
//! | clip | [`clip`] | keep the faces inside an outline (centroid inside, or fully inside) |
//! | hole | [`hole`] | remove the faces inside an outline |
//! | mirror, rotate, scale | [`mirror`], [`rotate`], [`scale`] | move the board, keeping everything |
//! | symmetric copy | [`symmetric`] | add mirrored or rotated copies, welded along the seams |
//! | relabel | [`relabel`] | new labels by rows and columns or by rings |
//!
//! Operators rebuild the mesh through [`crate::mesh::Mesh::build`], so every
//! result passes the same checks as a loaded file; side tags follow their
//! edges by end vertices.

pub mod clip;
pub mod dual;
pub mod hole;
pub mod merge;
pub mod mirror;
pub mod relabel;
pub mod rotate;
pub mod scale;
pub mod subdivide;
pub mod symmetric;

mod assemble;
mod overlap;
mod transform;

pub(crate) use assemble::{Assembly, Parts, with_labels};
pub use clip::{KeepRule, Outline};
pub(crate) use overlap::first_overlap;

use crate::board::{Board, BoardError};
use crate::mesh::{Aabb, MeshError, Point};

/// A new board and what the operator did to the old board's data.
#[derive(Clone, Debug, PartialEq)]
pub struct OpResult {
    pub board: Board,
    /// One sentence each, e.g. "dropped the labels of 12 faces".
    pub notes: Vec<String>,
}

/// Why an operator refused to run. Nothing is changed when it does.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OpError {
    #[error("{0}")]
    BadParameter(String),
    #[error("the outline {0}")]
    BadOutline(String),
    #[error("no face lies inside the outline (rule: {rule}); the result would be empty")]
    NothingInside { rule: &'static str },
    #[error("the hole would remove every face of the board")]
    HoleRemovesAll,
    #[error("no face lies inside the hole's outline (rule: {rule}); nothing to remove")]
    HoleRemovesNothing { rule: &'static str },
    #[error("nothing to merge: no two faces sharing an edge have the same region{}", match regions { Some(r) => format!(" among regions {r}"), None => String::new() })]
    NothingToMerge { regions: Option<String> },
    #[error("region {region}: its faces {reason}, so they cannot become one face")]
    MergeRegion { region: u32, reason: String },
    #[error(
        "face {face} is not star-shaped around its centroid, so it cannot be cut into pieces around it"
    )]
    NotStarShaped { face: String },
    #[error("the board has no interior vertex, so its dual has no faces")]
    NoInteriorVertex,
    #[error("the result would overlap itself: {what}")]
    Overlap { what: String },
    #[error("the result is not a valid board: {0}")]
    Mesh(#[from] MeshError),
    #[error("the result is not a valid board: {0}")]
    Board(#[from] BoardError),
}

/// `1 face` / `3 faces` (also `vertices`, `copies`).
pub(crate) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else if let Some(stem) = what.strip_suffix("ex") {
        format!("{n} {stem}ices")
    } else if let Some(stem) = what.strip_suffix("py") {
        format!("{n} {stem}pies")
    } else {
        format!("{n} {what}s")
    }
}

/// `degrees` if it is a finite angle; `what` names it in the error ("the angle").
pub(crate) fn finite_degrees(what: &str, degrees: f64) -> Result<f64, OpError> {
    if degrees.is_finite() {
        Ok(degrees)
    } else {
        Err(OpError::BadParameter(format!(
            "{what} must be a finite number of degrees, not {degrees}"
        )))
    }
}

/// The median edge length: the board's typical scale, for tolerances.
pub(crate) fn typical_edge(board: &Board) -> f64 {
    let m = board.mesh();
    let mut lens: Vec<f64> = m
        .edge_ids()
        .map(|e| {
            let (a, b) = m.edge_segment(e);
            a.distance(b)
        })
        .collect();
    if lens.is_empty() {
        return 1.0;
    }
    let mid = lens.len() / 2;
    let (_, v, _) = lens.select_nth_unstable_by(mid, |a, b| a.total_cmp(b));
    if *v > 0.0 { *v } else { 1.0 }
}

/// Parse a point written `x,y`.
pub fn parse_point(s: &str) -> Result<Point, OpError> {
    let bad = || OpError::BadParameter(format!("'{s}' is not a point (write it as x,y)"));
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    if !x.is_finite() || !y.is_finite() {
        return Err(bad());
    }
    Ok(Point::new(x, y))
}

/// Parse a polygon written as points separated by spaces or semicolons:
/// `0,0 4,0 4,3` or `0,0; 4,0; 4,3`.
pub fn parse_polygon(s: &str) -> Result<Vec<Point>, OpError> {
    s.split(|c: char| c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(parse_point)
        .collect()
}

/// The centre of the board's bounding box: the default pivot of the
/// geometric operators.
pub(crate) fn centre(board: &Board) -> Point {
    let b: Aabb = board.mesh().bbox();
    b.center()
}
