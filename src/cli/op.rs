//! `boardwright op NAME IN OUT [args]`: apply one board operator to a board
//! file and write the result (notes on what was kept or dropped go to stderr).

use super::{CliFailure, print_notes};
use crate::io::{Format, load_board, save_board};
use crate::mesh::Point;
use crate::ops::clip::{ClipParams, clip};
use crate::ops::dual::{DualParams, dual};
use crate::ops::hole::{HoleParams, hole};
use crate::ops::merge::{MergeParams, merge};
use crate::ops::mirror::{MirrorParams, mirror};
use crate::ops::relabel::{RelabelParams, relabel};
use crate::ops::rotate::{RotateParams, rotate};
use crate::ops::scale::{ScaleParams, scale};
use crate::ops::subdivide::{SubdivideParams, subdivide};
use crate::ops::symmetric::{SymmetricParams, Symmetry, symmetric_copy};
use crate::ops::{KeepRule, OpError, OpResult, Outline, parse_point, parse_polygon};
use crate::tiling::shape::polygon_outline;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct OpArgs {
    #[command(subcommand)]
    pub op: OpCommand,
}

/// The outline of clip and hole, and which faces count as inside it.
#[derive(Debug, Args)]
pub struct OutlineArgs {
    /// Corners "x,y x,y x,y …".
    #[arg(long, allow_hyphen_values = true, value_name = "POINTS")]
    polygon: String,
    /// centroid (centroid inside) or inside (entirely inside).
    #[arg(long, default_value = "centroid")]
    rule: String,
}

/// The board to read and the file to write.
#[derive(Debug, Args)]
pub struct InOut {
    /// The board to read (.ron or .obj).
    pub input: PathBuf,
    /// The file to write (.ron, .obj or .svg); replaced atomically.
    pub output: PathBuf,
}

#[derive(Debug, Subcommand)]
pub enum OpCommand {
    /// One face per interior vertex, through the centres of the faces around it.
    Dual(InOut),
    /// Cut every face into triangles around its centroid or quads through its edge midpoints.
    Subdivide {
        #[command(flatten)]
        io: InOut,
        /// triangles or quads.
        #[arg(long, default_value = "triangles")]
        mode: String,
    },
    /// Merge the faces of each region that hang together into one face.
    Merge {
        #[command(flatten)]
        io: InOut,
        /// Only these regions (comma-separated; default: all).
        #[arg(long, value_delimiter = ',')]
        regions: Vec<u32>,
    },
    /// Keep the faces inside a polygon.
    Clip {
        #[command(flatten)]
        io: InOut,
        #[command(flatten)]
        outline: OutlineArgs,
        /// Tag the new outline by the polygon's sides (3 sides: bottom/right/left, 4: bottom/right/top/left, more: side1 …).
        #[arg(long)]
        retag: bool,
    },
    /// Remove the faces inside a polygon.
    Hole {
        #[command(flatten)]
        io: InOut,
        #[command(flatten)]
        outline: OutlineArgs,
    },
    /// Mirror the board across a line.
    Mirror {
        #[command(flatten)]
        io: InOut,
        /// vertical (left ⇄ right), horizontal (top ⇄ bottom) or the line's angle in degrees.
        #[arg(long, default_value = "vertical", allow_hyphen_values = true)]
        axis: String,
        /// A point x,y on the line (default: the board's middle).
        #[arg(long, allow_hyphen_values = true)]
        through: Option<String>,
    },
    /// Rotate the board counter-clockwise.
    Rotate {
        #[command(flatten)]
        io: InOut,
        /// Angle in degrees (counter-clockwise).
        #[arg(long, allow_hyphen_values = true)]
        degrees: f64,
        /// The pivot x,y (default: the board's middle).
        #[arg(long, allow_hyphen_values = true)]
        about: Option<String>,
    },
    /// Scale the board.
    Scale {
        #[command(flatten)]
        io: InOut,
        /// One factor for both axes.
        #[arg(long, conflicts_with_all = ["x", "y"])]
        factor: Option<f64>,
        /// Factor along x.
        #[arg(long)]
        x: Option<f64>,
        /// Factor along y.
        #[arg(long)]
        y: Option<f64>,
        /// The fixed point x,y (default: the board's middle).
        #[arg(long, allow_hyphen_values = true)]
        about: Option<String>,
    },
    /// Add a mirror image or rotated copies, welded along the seams.
    Symmetric {
        #[command(flatten)]
        io: InOut,
        /// Mirror across a line: vertical, horizontal or its angle in degrees.
        #[arg(
            long,
            conflicts_with = "rotate",
            allow_hyphen_values = true,
            value_name = "AXIS"
        )]
        mirror: Option<String>,
        /// n-fold rotation (2–24) about --through.
        #[arg(long, value_name = "N")]
        rotate: Option<u32>,
        /// A point x,y on the mirror line (default: the line touching the board), or the centre of rotation.
        #[arg(long, allow_hyphen_values = true)]
        through: Option<String>,
    },
    /// New labels by rows and columns, or by rings.
    Relabel {
        #[command(flatten)]
        io: InOut,
        /// rows or rings.
        #[arg(long, default_value = "rows")]
        by: String,
        /// Rings: the centre x,y (default: the board's middle).
        #[arg(long, allow_hyphen_values = true)]
        about: Option<String>,
    },
}

pub fn run(args: OpArgs) -> Result<(), CliFailure> {
    let (name, io) = args.op.name_and_files();
    Format::from_path(&io.output)?;
    let loaded = load_board(&io.input)?;
    print_notes(&loaded.notes);
    let result =
        apply(&args.op, &loaded.board).map_err(|e| CliFailure::new(format!("{name}: {e}")))?;
    print_notes(&result.notes);
    save_board(&result.board, &io.output)?;
    Ok(())
}

impl OpCommand {
    fn name_and_files(&self) -> (&'static str, &InOut) {
        match self {
            OpCommand::Dual(io) => ("dual", io),
            OpCommand::Subdivide { io, .. } => ("subdivide", io),
            OpCommand::Merge { io, .. } => ("merge", io),
            OpCommand::Clip { io, .. } => ("clip", io),
            OpCommand::Hole { io, .. } => ("hole", io),
            OpCommand::Mirror { io, .. } => ("mirror", io),
            OpCommand::Rotate { io, .. } => ("rotate", io),
            OpCommand::Scale { io, .. } => ("scale", io),
            OpCommand::Symmetric { io, .. } => ("symmetric", io),
            OpCommand::Relabel { io, .. } => ("relabel", io),
        }
    }
}

fn bad(msg: String) -> OpError {
    OpError::BadParameter(msg)
}

/// `vertical`, `horizontal` or degrees.
fn axis(s: &str) -> Result<f64, OpError> {
    match s.to_ascii_lowercase().as_str() {
        "vertical" | "v" => Ok(90.0),
        "horizontal" | "h" => Ok(0.0),
        other => other
            .parse::<f64>()
            .ok()
            .filter(|d| d.is_finite())
            .ok_or_else(|| {
                bad(format!(
                    "'{s}' is not an axis (vertical, horizontal or an angle in degrees)"
                ))
            }),
    }
}

fn point(s: &Option<String>) -> Result<Option<Point>, OpError> {
    s.as_deref().map(parse_point).transpose()
}

fn rule(s: &str) -> Result<KeepRule, OpError> {
    s.parse().map_err(bad)
}

fn outline(s: &str) -> Result<Outline, OpError> {
    Outline::polygon(parse_polygon(s)?)
}

/// Run the operator on a board.
pub fn apply(op: &OpCommand, board: &crate::board::Board) -> Result<OpResult, OpError> {
    match op {
        OpCommand::Dual(_) => dual(board, &DualParams),
        OpCommand::Subdivide { mode, .. } => subdivide(
            board,
            &SubdivideParams {
                mode: mode.parse().map_err(bad)?,
            },
        ),
        OpCommand::Merge { regions, .. } => merge(
            board,
            &MergeParams {
                regions: (!regions.is_empty()).then(|| regions.clone()),
            },
        ),
        OpCommand::Clip {
            outline: o, retag, ..
        } => clip(
            board,
            &ClipParams {
                outline: if *retag {
                    polygon_outline(&parse_polygon(&o.polygon)?)?
                } else {
                    outline(&o.polygon)?
                },
                rule: rule(&o.rule)?,
                retag: *retag,
            },
        ),
        OpCommand::Hole { outline: o, .. } => hole(
            board,
            &HoleParams {
                outline: outline(&o.polygon)?,
                rule: rule(&o.rule)?,
            },
        ),
        OpCommand::Mirror {
            axis: a, through, ..
        } => mirror(
            board,
            &MirrorParams {
                degrees: axis(a)?,
                through: point(through)?,
            },
        ),
        OpCommand::Rotate { degrees, about, .. } => rotate(
            board,
            &RotateParams {
                degrees: *degrees,
                about: point(about)?,
            },
        ),
        OpCommand::Scale {
            factor,
            x,
            y,
            about,
            ..
        } => {
            let (x, y) = match (factor, x, y) {
                (Some(f), _, _) => (*f, *f),
                (None, None, None) => {
                    return Err(bad("give --factor, or --x and/or --y".into()));
                }
                (None, x, y) => (x.unwrap_or(1.0), y.unwrap_or(1.0)),
            };
            scale(
                board,
                &ScaleParams {
                    x,
                    y,
                    about: point(about)?,
                },
            )
        }
        OpCommand::Symmetric {
            mirror: m,
            rotate: n,
            through,
            ..
        } => {
            let symmetry = match (m, n) {
                (Some(a), None) => Symmetry::Mirror { degrees: axis(a)? },
                (None, Some(n)) => Symmetry::Rotate { n: *n },
                _ => return Err(bad("give --mirror AXIS or --rotate N".into())),
            };
            symmetric_copy(
                board,
                &SymmetricParams {
                    symmetry,
                    through: point(through)?,
                },
            )
        }
        OpCommand::Relabel { by, about, .. } => {
            let p = match by.to_ascii_lowercase().as_str() {
                "rows" | "columns" => {
                    if about.is_some() {
                        return Err(bad("--about is the centre of rings; rows have none".into()));
                    }
                    RelabelParams::Rows
                }
                "rings" => RelabelParams::Rings {
                    about: point(about)?,
                },
                other => {
                    return Err(bad(format!(
                        "unknown scheme '{other}' (expected rows or rings)"
                    )));
                }
            };
            relabel(board, &p)
        }
    }
}
