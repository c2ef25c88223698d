//! `boardwright analyze`: the balance lab on the command line — engine games
//! on a board (first-player score, verdict, game lengths, endings,
//! decisiveness) and the opening map, as a table or JSON, and the opening map
//! as an SVG heat map.

use super::play::GameArgs;
use super::{CliFailure, print_out};
use crate::analysis::{self, Budget, Control, OPENING_SIMS, OpeningMethod, Report, Spec};
use crate::io::svg::{HeatMap, write_heat_map_svg};
use clap::Args;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Measure a board with the engine: is it fair, which openings are strong.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Engine-vs-engine games from the start (0–100000; 0 with --openings: the map only).
    #[arg(long, default_value_t = 100, value_parser = super::count_in(0, super::selfplay::MAX_GAMES))]
    pub games: u32,
    /// Simulations per move (1–100000000; the default budget: 2000). Deterministic.
    #[arg(long, conflicts_with = "time", value_parser = super::count_in(1, super::selfplay::MAX_SIMS))]
    pub sims: Option<u64>,
    /// Seconds per move instead of simulations (0.001–3600; not deterministic).
    #[arg(long, value_parser = super::seconds_in(0.001, super::MAX_SECONDS))]
    pub time: Option<f64>,
    /// Games played at once, one per thread (1–64; default: the number of cores).
    #[arg(long, value_parser = super::count_in(1, super::MAX_THREADS))]
    pub threads: Option<usize>,
    /// Also make the opening map: the first player's win rate after every legal first move.
    #[arg(long)]
    pub openings: bool,
    /// Simulations of the search after each first move (1–100000000).
    #[arg(long, default_value_t = OPENING_SIMS, value_parser = super::count_in(1, super::selfplay::MAX_SIMS))]
    pub opening_sims: u64,
    /// Judge each first move by this many self-play games at the game budget
    /// instead of one search (1–10000).
    #[arg(long, conflicts_with = "opening_sims", value_parser = super::count_in(1u32, 10_000))]
    pub opening_games: Option<u32>,
    /// Master seed: each game's seed derives from it and the game's number.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games longer than this many plies are cut short and count as draws (1–100000).
    #[arg(long, default_value_t = 1000, value_parser = super::count_in(1, super::selfplay::MAX_PLIES))]
    pub max_plies: usize,
    /// Print the report as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the opening map as an SVG heat map of the board (needs --openings).
    #[arg(long, requires = "openings")]
    pub svg: Option<PathBuf>,
}

impl AnalyzeArgs {
    /// The analysis these arguments ask for.
    pub fn spec(&self) -> Spec {
        let budget = match (self.sims, self.time) {
            (Some(n), _) => Budget::Simulations(n),
            (None, Some(t)) => Budget::Time(Duration::from_secs_f64(t)),
            (None, None) => Budget::Simulations(2000),
        };
        Spec {
            games: self.games,
            budget,
            threads: self.threads.unwrap_or_else(analysis::default_threads),
            openings: self.openings.then_some(match self.opening_games {
                Some(games) => OpeningMethod::Games { games },
                None => OpeningMethod::Search {
                    simulations: self.opening_sims,
                },
            }),
            seed: self.seed,
            max_plies: self.max_plies,
        }
    }
}

/// The opening map of `report` as a heat map over `board`'s faces.
pub fn heat_map(report: &Report, faces: usize) -> Option<HeatMap> {
    let map = report.openings.as_ref()?;
    let mut values = vec![None; faces];
    for o in &map.openings {
        if let Some(f) = o.face.filter(|&f| f < faces) {
            values[f] = Some(o.first_win_rate);
        }
    }
    let [first, second] = &report.header.players;
    Some(HeatMap {
        values,
        title: format!(
            "{first}'s win rate after each first move ({} on {})",
            report.header.rules, report.header.board
        ),
        low: format!("{second} wins"),
        high: format!("{first} wins"),
    })
}

pub fn run(args: AnalyzeArgs) -> Result<(), CliFailure> {
    let spec = args.spec();
    if spec.games == 0 && spec.openings.is_none() {
        return Err(CliFailure::new(
            "nothing to analyse: --games 0 needs --openings",
        ));
    }
    let game = args.game.make_game()?;
    let control = Control::new();
    let started = Instant::now();
    let report = std::thread::scope(|s| {
        let worker = s.spawn(|| analysis::run(game.as_ref(), &spec, &control));
        let counts = control.counts();
        let progress = super::progress::Progress::counting(
            (spec.games as u64).max(counts.games_planned as u64) + 1,
            "analysing",
        );
        while !worker.is_finished() {
            std::thread::sleep(Duration::from_millis(100));
            let c = control.counts();
            progress.set_length((c.games_planned + c.openings_planned) as u64);
            progress.set_position((c.games_done + c.openings_done) as u64);
            progress.step(format!(
                "games {}/{}, openings {}/{}",
                c.games_done, c.games_planned, c.openings_done, c.openings_planned
            ));
        }
        worker
            .join()
            .unwrap_or_else(|_| Err(analysis::AnalysisError::Threads("a worker panicked".into())))
    })
    .map_err(|e| CliFailure::new(e.to_string()))?;
    if let Some(path) = &args.svg {
        let faces = game.board().mesh().face_count();
        let heat =
            heat_map(&report, faces).ok_or_else(|| CliFailure::new("no opening map to write"))?;
        let text = write_heat_map_svg(game.board(), &heat);
        crate::io::atomic::write_atomic(path, text.as_bytes())
            .map_err(|e| CliFailure::new(format!("cannot write {}: {e}", path.display())))?;
    }
    if args.json {
        let text = serde_json::to_string(&report)
            .map_err(|e| CliFailure::new(format!("cannot write JSON: {e}")))?;
        print_out(&(text + "\n"))
    } else {
        let mut text = report.to_text();
        text.push_str(&format!("took {:.1} s\n", started.elapsed().as_secs_f64()));
        print_out(&text)
    }
}
