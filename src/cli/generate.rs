//! `boardwright generate`: make a fair sectioned board.

use super::CliFailure;
use super::progress::Progress;
use crate::board::Board;
use crate::generator::{
    self, GardenGrowth, Generated, Generator, GeneratorConfig, Layout, Progress as GenProgress,
    RegionPlan, Symmetry,
};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum LayoutArg {
    /// The seed's fixed layouts on its two-sided 8×4 sheet (1–5 players).
    Paper,
    /// Automatic connected sections of equal size on any base.
    Auto,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    None,
    Mirror,
    Rotate,
}

/// Generate a fair board with one section per player, fixed-size regions and gardens.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Base board file (default: a square grid of --size).
    #[arg(long, value_name = "FILE", conflicts_with = "size")]
    pub base: Option<PathBuf>,
    /// Square grid base, e.g. 12x8.
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Number of players (1–8).
    #[arg(long)]
    pub players: u8,
    /// Random seed; the same inputs and seed give the same board.
    #[arg(long)]
    pub seed: u64,
    /// Section layout.
    #[arg(long, value_enum, default_value = "auto")]
    pub layout: LayoutArg,
    /// Symmetry of the automatic layout.
    #[arg(long, value_enum, default_value = "none")]
    pub symmetry: SymmetryArg,
    /// Region sizes every player must get, comma-separated (e.g. 6,4; the seed uses 6).
    #[arg(long, value_delimiter = ',', value_name = "SIZES", value_parser = super::count_in(1, MAX_REGION))]
    pub required: Vec<u32>,
    /// Fraction of faces in fixed-size regions.
    #[arg(long, default_value_t = 0.5)]
    pub fill: f64,
    /// Smallest random fixed region.
    #[arg(long, default_value_t = 2, value_parser = super::count_in(1, MAX_REGION))]
    pub min_size: u32,
    /// Largest random fixed region.
    #[arg(long, default_value_t = 6, value_parser = super::count_in(1, MAX_REGION))]
    pub max_size: u32,
    /// Largest garden (default: unlimited, the growth law decides).
    #[arg(long, value_parser = super::count_in(1, MAX_REGION))]
    pub garden_max: Option<u32>,
    /// Garden growth: probability K/size of growing one more face.
    #[arg(long, default_value_t = 2.0, value_name = "K")]
    pub growth: f64,
    /// Attempts before giving up (1–100000).
    #[arg(long, default_value_t = 200, value_parser = super::count_in(1, MAX_ATTEMPTS))]
    pub attempts: u32,
    /// Output board (.ron).
    #[arg(short = 'o', long = "output", value_name = "OUT.ron")]
    pub output: PathBuf,
    /// Also write an SVG of the board (as `convert` writes it: regions in their players' colours).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print the fairness report as a table.
    #[arg(long)]
    pub report: bool,
    /// Print the fairness report as JSON (implies --report).
    #[arg(long)]
    pub json: bool,
    /// Estimate seat balance with this many random BOCO games on the generated
    /// board (1–1000000).
    #[arg(long, value_name = "GAMES", value_parser = super::count_in(1, MAX_PLAYTEST))]
    pub playtest: Option<u32>,
}

/// Most generation attempts.
pub const MAX_ATTEMPTS: u32 = 100_000;
/// Most playtest games.
pub const MAX_PLAYTEST: u32 = 1_000_000;
/// Largest region size (faces): the most faces a board file may have.
pub const MAX_REGION: u32 = 4_000_000;

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X', '×'])
        .ok_or_else(|| format!("'{s}' is not a size like 12x8"))?;
    let p = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|_| format!("'{s}' is not a size like 12x8"))
    };
    let (w, h) = (p(w)?, p(h)?);
    if !(1..=crate::presets::MAX_GRID).contains(&w) || !(1..=crate::presets::MAX_GRID).contains(&h)
    {
        return Err(format!(
            "grid size {w}x{h} is out of range (1 to {} per side)",
            crate::presets::MAX_GRID
        ));
    }
    Ok((w, h))
}

/// The configuration described by the arguments.
pub fn config(args: &GenerateArgs) -> GeneratorConfig {
    GeneratorConfig {
        players: args.players,
        layout: match args.layout {
            LayoutArg::Paper => Layout::Paper,
            LayoutArg::Auto => Layout::Auto(match args.symmetry {
                SymmetryArg::None => Symmetry::None,
                SymmetryArg::Mirror => Symmetry::Mirror,
                SymmetryArg::Rotate => Symmetry::Rotate,
            }),
        },
        plan: RegionPlan {
            required: args.required.clone(),
            fill: args.fill,
            min_size: args.min_size,
            max_size: args.max_size,
            garden_max_size: args.garden_max,
        },
        growth: GardenGrowth::Inverse(args.growth),
        max_attempts: args.attempts,
    }
}

/// Generate as the arguments say, without writing anything.
pub fn generate(args: &GenerateArgs) -> Result<Generated, CliFailure> {
    generate_showing(args, &Progress::start("generating"))
}

/// [`generate`], showing its steps on `progress`.
fn generate_showing(args: &GenerateArgs, progress: &Progress) -> Result<Generated, CliFailure> {
    let base = match args.layout {
        LayoutArg::Paper => {
            if args.base.is_some() || args.size.is_some() {
                return Err(CliFailure::with_code(
                    2,
                    "--layout paper uses the seed's two-sided 8×4 sheet; drop --base/--size",
                ));
            }
            generator::paper_board()
        }
        LayoutArg::Auto => match (&args.base, args.size) {
            (Some(path), _) => {
                progress.step(format!("reading {}", path.display()));
                load_board(path)?
            }
            (None, Some((w, h))) => {
                progress.step(format!("building the {w}×{h} base grid"));
                crate::presets::square_grid(w, h)
            }
            (None, None) => crate::presets::square_grid(8, 8),
        },
    };
    progress.step("dividing the base into sections");
    let gtr = Generator::new(base, config(args))?;
    Ok(gtr.generate_with(args.seed, &mut |step| {
        progress.step(match step {
            GenProgress::Placing { attempt, of } => {
                format!("placing fixed regions (attempt {attempt} of at most {of})")
            }
            GenProgress::Gardens { player } => format!("growing gardens (player {})", player + 1),
            GenProgress::Building => "building the board".to_string(),
        });
        true
    })?)
}

pub fn run(args: GenerateArgs) -> Result<(), CliFailure> {
    let progress = Progress::start("generating");
    let g = generate_showing(&args, &progress)?;
    // Render everything before writing anything, then write.
    let svg = args.svg.as_ref().map(|_| {
        progress.step("drawing the SVG");
        crate::io::svg::write_svg(&g.board, crate::io::svg::ColourBy::Face)
    });
    progress.step(format!("writing {}", args.output.display()));
    save_board(&g.board, &args.output)?;
    if let (Some(path), Some(text)) = (&args.svg, svg) {
        progress.step(format!("writing {}", path.display()));
        write_atomically(path, text.as_bytes())?;
    }
    drop(progress);
    if args.json {
        println!("{}", g.report.to_json());
    } else {
        println!(
            "wrote {}: {} regions on {} base faces (seed {}, {} attempt(s))",
            args.output.display(),
            g.regions.len(),
            g.region_of_base.len(),
            g.seed,
            g.attempts
        );
        if args.report {
            print!("{}", g.report.to_table());
        }
    }
    if let Some(games) = args.playtest {
        let cfg = generator::playtest::PlaytestConfig {
            games,
            seed: args.seed,
            ..generator::playtest::PlaytestConfig::default()
        };
        let progress = Progress::start(format!("playing {games} random BOCO games"));
        let r = generator::playtest::playtest_boco(&g.board, &cfg, None)?;
        drop(progress);
        if args.json {
            println!(
                "{}",
                serde_json::to_string_pretty(&r)
                    .map_err(|e| CliFailure::new(format!("cannot encode the playtest: {e}")))?
            );
        } else {
            println!("{}", r.summary());
        }
    }
    Ok(())
}

/// Write the generated board (format by extension, atomically).
fn save_board(board: &Board, path: &Path) -> Result<(), CliFailure> {
    crate::io::save_board(board, path).map_err(|e| CliFailure::new(e.to_string()))
}

/// Read a base board, telling the user about any repair the loader made.
fn load_board(path: &Path) -> Result<Board, CliFailure> {
    let loaded = crate::io::load_board(path).map_err(|e| CliFailure::new(e.to_string()))?;
    super::print_notes(&loaded.notes);
    Ok(loaded.board)
}

/// Write via a temporary file in the same directory and rename, so a failure never
/// leaves a truncated file.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliFailure> {
    crate::io::atomic::write_atomic(path, bytes)
        .map_err(|e| CliFailure::new(format!("cannot write {}: {e}", path.display())))
}
