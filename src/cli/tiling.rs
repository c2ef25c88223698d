//! `boardwright tiling NAME [--shape SHAPE] [--size N|WxH] [-o FILE]`: a tiling
//! cut to a shape; `boardwright tiling --list`: the tilings and their shapes.

use super::{CliFailure, print_out};
use crate::io::{Format, board_to_string, save_board};
use crate::ops::{KeepRule, parse_polygon};
use crate::tiling::{self, ShapeKind, TILINGS, TilingKind, TilingParams, parse_size};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct TilingArgs {
    /// The tiling, by name or vertex configuration (e.g. hexagonal, 4.8.8, cairo; see --list).
    #[arg(required_unless_present = "list")]
    pub name: Option<String>,
    /// rectangle, rhombus, triangle, hexagon, disc or polygon (default: the tiling's own).
    #[arg(long)]
    pub shape: Option<String>,
    /// Cells per side, or WxH for a rectangle (for polar: the number of rings).
    #[arg(long, short = 's', value_name = "N|WxH")]
    pub size: Option<String>,
    /// Keep tiles whose centroid is inside the shape, or only tiles entirely inside.
    #[arg(long, default_value = "centroid", value_name = "centroid|inside")]
    pub rule: String,
    /// The outline of a polygon shape: corners "x,y x,y x,y …" in board units (edge length 1).
    #[arg(long, allow_hyphen_values = true, value_name = "POINTS")]
    pub polygon: Option<String>,
    /// Polar: sectors per ring, one number for all rings or one per ring (default 6, 12, 18, …).
    #[arg(long, value_delimiter = ',', value_name = "N[,N…]")]
    pub sectors: Vec<u32>,
    /// Polar: no centre cell (the first ring becomes pie slices).
    #[arg(long)]
    pub no_centre: bool,
    /// Write the board to this file (.ron, .obj or .svg) instead of printing RON.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// List the tilings with their shapes instead.
    #[arg(long, conflicts_with_all = ["name", "shape", "size", "output", "polygon"])]
    pub list: bool,
}

pub fn run(args: TilingArgs) -> Result<(), CliFailure> {
    if args.list {
        return print_out(&list());
    }
    if let Some(out) = &args.output {
        Format::from_path(out)?;
    }
    let params = params(&args)?;
    let board = tiling::build(&params)?;
    match &args.output {
        Some(out) => save_board(&board, out)?,
        None => print_out(&board_to_string(&board, Format::Ron)?)?,
    }
    Ok(())
}

/// The tiling the arguments ask for.
pub fn params(args: &TilingArgs) -> Result<TilingParams, CliFailure> {
    let kind = TilingKind::by_name(args.name.as_deref().unwrap_or_default())?;
    let mut p = TilingParams::new(kind);
    let shape = match (&args.shape, &args.polygon) {
        (Some(s), _) => s.parse::<ShapeKind>().map_err(CliFailure::new)?,
        (None, Some(_)) => ShapeKind::Polygon,
        (None, None) => p.shape.kind,
    };
    p.shape.kind = shape;
    p.shape.rule = args.rule.parse::<KeepRule>().map_err(CliFailure::new)?;
    if let Some(s) = &args.size {
        if shape == ShapeKind::Polygon {
            return Err(CliFailure::new(
                "a polygon shape takes its size from --polygon, not --size",
            ));
        }
        let (w, h) = parse_size(s).map_err(CliFailure::new)?;
        if w != h && shape != ShapeKind::Rectangle {
            return Err(CliFailure::new(format!(
                "only a rectangle has a width and a height; a {} takes one size",
                shape.name()
            )));
        }
        (p.shape.size, p.shape.height) = (w, h);
    }
    match (&args.polygon, shape) {
        (Some(text), ShapeKind::Polygon) => p.shape.polygon = parse_polygon(text)?,
        (Some(_), other) => {
            return Err(CliFailure::new(format!(
                "--polygon gives the outline of a polygon shape, not of a {}",
                other.name()
            )));
        }
        (None, _) => {}
    }
    if kind != TilingKind::Polar && (!args.sectors.is_empty() || args.no_centre) {
        return Err(CliFailure::new(
            "--sectors and --no-centre are options of the polar tiling",
        ));
    }
    p.polar.sectors = args.sectors.clone();
    p.polar.centre = !args.no_centre;
    Ok(p)
}

/// The `--list` table.
pub fn list() -> String {
    let mut s = String::from("tiling                   vertices      default        shapes\n");
    for t in TILINGS {
        let default = format!("{} {}", t.default_shape.name(), t.default_size);
        let shapes: Vec<&str> = t.shapes.iter().map(|k| k.name()).collect();
        let _ = writeln!(
            s,
            "{:<24} {:<13} {:<14} {}",
            t.name,
            if t.notation.is_empty() {
                "-"
            } else {
                t.notation
            },
            default,
            shapes.join(", ")
        );
    }
    let _ = writeln!(
        s,
        "sizes: 1 to {} cells per side (polar: 1 to {} rings), at most {} faces",
        tiling::MAX_SIZE,
        tiling::polar::MAX_RINGS,
        tiling::MAX_FACES
    );
    s
}
