//! Analyze mode: the balance lab in the window. The same parameters as
//! `boardwright analyze` (game, swap, games, simulations or time per move,
//! threads, opening map and its budget, seed), Start and Cancel, a progress
//! bar, and the results as they come in: the verdict, the first-player score
//! with its interval, plots of the score over the games played so far and of
//! the length distribution, how games ended, decisiveness, and the opening
//! map as a heat map over the board (`heatmap.rs`). Copy report puts the
//! command line's table on the clipboard.
//!
//! The analysis runs [`analysis::run`] on a worker thread with a shared
//! [`Control`]; every frame the panel takes the games and openings finished
//! since the last frame from it, so the UI never waits for the engine. Cancel
//! stops every running search at once and the partial report (marked partial)
//! is shown. The panel always analyses the document's board: a result is tied
//! to the board revision and the rules it was made for, and once either
//! changes the map is not drawn (the panel says why).
//!
//! Layout: `mod.rs` (state, worker, settings), `params.rs` (the parameter
//! column), `results.rs` (the report column), `plots.rs` (the live plots),
//! `heatmap.rs` (the opening map over the board and its legend).

mod heatmap;
mod params;
mod plots;
mod results;

use super::canvas::Canvas;
use super::workspace::Workspace;
use crate::analysis::report::Header;
use crate::analysis::{
    self, AnalysisError, Budget, Control, GameSummary, OPENING_SIMS, OpeningMap, OpeningMethod,
    OpeningStat, Report, Spec,
};
use crate::board::Board;
use crate::game::RulesKind;
use crate::rules::GameOptions;
use eframe::egui;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

/// The panel's settings as kept between runs (eframe storage).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct AnalyzeSettings {
    /// The game's short name (`hex`, `boco`, …).
    pub rules: String,
    pub swap: bool,
    /// Engine-vs-engine games from the start (0: the opening map only).
    pub games: u32,
    /// Think for `seconds` per move instead of `sims` simulations.
    pub use_time: bool,
    pub sims: u64,
    pub seconds: f64,
    pub threads: usize,
    /// Make the opening map.
    pub openings: bool,
    /// Simulations of the search after each first move.
    pub opening_sims: u64,
    pub seed: u64,
}

impl Default for AnalyzeSettings {
    fn default() -> Self {
        AnalyzeSettings {
            rules: RulesKind::ALL[0].name().to_string(),
            swap: false,
            games: 100,
            use_time: false,
            sims: 2000,
            seconds: 0.1,
            threads: analysis::default_threads(),
            openings: true,
            opening_sims: OPENING_SIMS,
            seed: 1,
        }
    }
}

/// Upper bounds of the parameters (the command line's).
pub const MAX_GAMES: u32 = 100_000;
pub const MAX_SIMS: u64 = 100_000_000;
pub const MAX_SECONDS: f64 = 3600.0;
pub const MAX_THREADS: usize = 64;

impl AnalyzeSettings {
    /// The chosen game (the first one when the stored name is unknown).
    pub fn kind(&self) -> RulesKind {
        RulesKind::by_name(&self.rules).unwrap_or(RulesKind::ALL[0])
    }

    /// The game options: the swap rule only for games that have one.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            swap: self.swap && self.kind().has_swap(),
            ..GameOptions::default()
        }
    }

    /// The analysis these settings ask for.
    pub fn spec(&self) -> Spec {
        Spec {
            games: self.games.min(MAX_GAMES),
            budget: if self.use_time {
                Budget::Time(Duration::from_secs_f64(
                    self.seconds.clamp(0.001, MAX_SECONDS),
                ))
            } else {
                Budget::Simulations(self.sims.clamp(1, MAX_SIMS))
            },
            threads: self.threads.clamp(1, MAX_THREADS),
            openings: self.openings.then_some(OpeningMethod::Search {
                simulations: self.opening_sims.clamp(1, MAX_SIMS),
            }),
            seed: self.seed,
            max_plies: Spec::default().max_plies,
        }
    }
}

/// What a report was made for: the board (its revision) and the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    pub revision: u64,
    pub kind: RulesKind,
    pub swap: bool,
    /// The board it analysed (the document's at the start).
    pub board: Arc<Board>,
}

/// The report on screen: the final one, or the live one while running.
pub struct Shown {
    pub subject: Subject,
    pub report: Report,
    /// The games in the order they finished (the score plot's x axis).
    pub in_order: Vec<GameSummary>,
    /// Still running (the report grows).
    pub running: bool,
}

/// An analysis running on the worker thread.
struct Job {
    control: Arc<Control>,
    rx: Receiver<Result<Report, AnalysisError>>,
    header: Header,
    games: Vec<GameSummary>,
    openings: Vec<OpeningStat>,
    /// The opening map's description (for the live report).
    method: Option<String>,
    /// When Start was pressed (the progress line's elapsed and remaining time).
    started: std::time::Instant,
}

impl Drop for Job {
    fn drop(&mut self) {
        // A superseded or abandoned analysis stops at once.
        self.control.cancel();
    }
}

/// Analyze mode.
pub struct AnalyzePanel {
    pub settings: AnalyzeSettings,
    canvas: Canvas,
    job: Option<Job>,
    shown: Option<Shown>,
    /// Why the last Start failed.
    error: Option<String>,
    /// The board ([`Document::replaced`]) whose games the game chosen here
    /// has followed ([`AnalyzePanel::follow_board`]).
    ///
    /// [`Document::replaced`]: crate::app::workspace::Document::replaced
    followed: Option<u64>,
    /// The board ([`Document::replaced`]) the canvas was fitted to: another
    /// board is fitted anew when the tab shows it.
    ///
    /// [`Document::replaced`]: crate::app::workspace::Document::replaced
    fitted: Option<u64>,
}

impl Default for AnalyzePanel {
    fn default() -> Self {
        Self::new()
    }
}

impl AnalyzePanel {
    pub fn new() -> AnalyzePanel {
        AnalyzePanel {
            settings: AnalyzeSettings::default(),
            canvas: Canvas::new(),
            job: None,
            shown: None,
            error: None,
            followed: None,
            fitted: None,
        }
    }

    /// On a board that has just taken the document's place (or the first
    /// shown), a chosen game that cannot be analysed on it, or that is
    /// neither `preferred` (Play's game) nor one the board names while it
    /// names some that can be, gives way — as Play's setup follows an opened
    /// board (a Lines of Action board made from the preset left Hex chosen
    /// here, which its side tags allow). The choice: `preferred` first, then
    /// the games the board names, then the first in the list that can be
    /// analysed. Edits never change the choice; neither does a running
    /// analysis or a big board's check still under way.
    fn follow_board(&mut self, ws: &mut Workspace, preferred: RulesKind) {
        let board = ws.doc.replaced();
        if self.followed == Some(board) || self.job.is_some() {
            return;
        }
        let named: Vec<RulesKind> = ws
            .doc
            .board()
            .meta()
            .suggested_rules
            .iter()
            .filter_map(|n| RulesKind::by_name(n).ok())
            .collect();
        let Some(fit) = ws.board_fit() else {
            return;
        };
        self.followed = Some(board);
        let kind = self.settings.kind();
        let fits = |k: RulesKind| fit.with_swap(k, false).is_ok();
        let named: Vec<RulesKind> = named.into_iter().filter(|&k| fits(k)).collect();
        if fits(kind) && (kind == preferred || named.is_empty() || named.contains(&kind)) {
            return;
        }
        let choice = std::iter::once(preferred)
            .chain(named.iter().copied())
            .chain(RulesKind::ALL.iter().copied())
            .find(|&k| fits(k));
        if let Some(k) = choice {
            self.settings.rules = k.name().to_string();
            if !k.has_swap() {
                self.settings.swap = false;
            }
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Take the stored settings (values out of range are brought into range).
    pub fn restore(&mut self, mut s: AnalyzeSettings) {
        s.threads = s.threads.clamp(1, MAX_THREADS);
        s.games = s.games.min(MAX_GAMES);
        s.sims = s.sims.clamp(1, MAX_SIMS);
        s.opening_sims = s.opening_sims.clamp(1, MAX_SIMS);
        if !s.seconds.is_finite() {
            s.seconds = 0.1;
        }
        s.seconds = s.seconds.clamp(0.001, MAX_SECONDS);
        s.rules = s.kind().name().to_string();
        self.settings = s;
    }

    /// Whether an analysis is running.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// Work done and planned of the running analysis.
    pub fn counts(&self) -> Option<analysis::Counts> {
        self.job.as_ref().map(|j| j.control.counts())
    }

    /// How long the running analysis has run.
    pub fn elapsed(&self) -> Option<Duration> {
        self.job.as_ref().map(|j| j.started.elapsed())
    }

    /// The report on screen (live while running), if any.
    pub fn shown(&self) -> Option<&Shown> {
        self.shown.as_ref()
    }

    /// Why the last Start failed, if it did.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The report as the command line prints it (Copy report).
    pub fn report_text(&self) -> Option<String> {
        self.shown.as_ref().map(|s| s.report.to_text())
    }

    /// Whether `kind` (with swap or not) can be analysed on the document's
    /// board, and if not why; `None` while a big board's check runs on a
    /// worker.
    pub fn availability(
        &self,
        ws: &mut Workspace,
        kind: RulesKind,
        swap: bool,
    ) -> Option<Result<(), String>> {
        ws.board_fit().map(|s| s.with_swap(kind, swap))
    }

    /// Choose `kind` and start analysing the document's board with it (the
    /// generator's Playtest button).
    pub fn start_with(&mut self, ws: &mut Workspace, kind: RulesKind) {
        self.settings.rules = kind.name().to_string();
        if !kind.has_swap() {
            self.settings.swap = false;
        }
        self.start(ws);
    }

    /// Start analysing the document's board with the settings (a running
    /// analysis is cancelled first). A board the game cannot use is refused
    /// with the reason.
    pub fn start(&mut self, ws: &mut Workspace) {
        self.job = None;
        self.error = None;
        let kind = self.settings.kind();
        let options = self.settings.options();
        let spec = self.settings.spec();
        let board = Arc::new(ws.doc.board().clone());
        let game = match analysis::new_game(kind, board.clone(), &options) {
            Ok(g) => g,
            Err(e) => {
                let e = format!("Cannot analyse {}: {e}", kind.title());
                ws.status.error(e.clone());
                self.error = Some(e);
                return;
            }
        };
        if spec.games == 0 && spec.openings.is_none() {
            let e = "Nothing to analyse: ask for games or the opening map".to_string();
            self.error = Some(e.clone());
            ws.status.error(e);
            return;
        }
        let control = Control::new();
        let (tx, rx) = std::sync::mpsc::channel();
        let worker_control = control.clone();
        let worker_spec = spec.clone();
        let spawned = std::thread::Builder::new()
            .name("boardwright-analysis".into())
            .spawn(move || {
                let r = analysis::run(game.as_ref(), &worker_spec, &worker_control);
                let _ = tx.send(r);
            });
        if let Err(e) = spawned {
            let e = format!("Cannot start the analysis: {e}");
            ws.status.error(e.clone());
            self.error = Some(e);
            return;
        }
        let players = crate::game::new_game(kind, board.clone(), &GameOptions::default())
            .map(|g| g.player_names().map(str::to_string))
            .unwrap_or_else(|_| ["first".into(), "second".into()]);
        let header = Header {
            rules: kind.name().to_string(),
            board: board.meta().name.clone(),
            players,
            swap: options.swap,
            budget: spec.budget.describe(),
            deterministic: matches!(spec.budget, Budget::Simulations(_)),
            seed: spec.seed,
            threads: spec.threads,
            games_planned: spec.games,
            partial: false,
        };
        let method = spec.openings.map(|m| match m {
            OpeningMethod::Search { simulations } => {
                format!("one search of {simulations} simulations after each move")
            }
            OpeningMethod::Games { games } => format!("{games} self-play games after each move"),
        });
        let subject = Subject {
            revision: ws.doc.revision(),
            kind,
            swap: options.swap,
            board,
        };
        let job = Job {
            control,
            rx,
            header,
            games: Vec::new(),
            openings: Vec::new(),
            method,
            started: std::time::Instant::now(),
        };
        self.shown = Some(Shown {
            report: live_report(&job),
            subject,
            in_order: Vec::new(),
            running: true,
        });
        self.job = Some(job);
        ws.status.info(format!(
            "Analysing {} on {}…",
            kind.title(),
            board_name(ws.doc.board())
        ));
    }

    /// Cancel: every running search stops now; the partial report follows.
    pub fn cancel(&mut self) {
        if let Some(j) = &self.job {
            j.control.cancel();
        }
    }

    /// Take what the worker finished since the last frame; the final report
    /// when it is done.
    pub fn poll(&mut self, ws: &mut Workspace) {
        let Some(job) = &mut self.job else { return };
        let new_games = job.control.finished_games_since(job.games.len());
        let new_openings = job.control.finished_openings_since(job.openings.len());
        let changed = !new_games.is_empty() || !new_openings.is_empty();
        job.games.extend(new_games);
        job.openings.extend(new_openings);
        match job.rx.try_recv() {
            Err(TryRecvError::Empty) => {
                if changed && let Some(s) = &mut self.shown {
                    s.report = live_report(job);
                    s.in_order = job.games.clone();
                }
            }
            Ok(result) => {
                let job = self.job.take().expect("running");
                match result {
                    Ok(report) => {
                        let kind = self.shown.as_ref().map(|s| s.subject.kind);
                        ws.status.info(format!(
                            "Analysis {}: {}",
                            if report.header.partial {
                                "cancelled (partial report)"
                            } else {
                                "done"
                            },
                            if report.first_player.games > 0 {
                                report.verdict.clone()
                            } else {
                                format!(
                                    "opening map of {}",
                                    kind.map_or("the game", RulesKind::title)
                                )
                            }
                        ));
                        if let Some(s) = &mut self.shown {
                            s.report = report;
                            s.in_order = job.games.clone();
                            s.running = false;
                        }
                    }
                    Err(e) => {
                        let e = format!("The analysis failed: {e}");
                        ws.status.error(e.clone());
                        self.error = Some(e);
                        if let Some(s) = &mut self.shown {
                            s.running = false;
                        }
                    }
                }
            }
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                let e = "The analysis stopped unexpectedly".to_string();
                ws.status.error(e.clone());
                self.error = Some(e);
                if let Some(s) = &mut self.shown {
                    s.running = false;
                }
            }
        }
    }

    /// Why the shown map does not belong to the board and rules now chosen
    /// (`None`: it does).
    pub fn stale(&self, ws: &Workspace) -> Option<String> {
        let s = self.shown.as_ref()?;
        if s.subject.revision != ws.doc.revision() {
            return Some(
                "The board changed since this analysis: Start again to see its map".into(),
            );
        }
        let kind = self.settings.kind();
        let swap = self.settings.swap && kind.has_swap();
        if s.subject.kind != kind || s.subject.swap != swap {
            return Some(format!(
                "This report is for {}{}: Start again for {}{}",
                s.subject.kind.title(),
                if s.subject.swap { " with swap" } else { "" },
                kind.title(),
                if swap { " with swap" } else { "" },
            ));
        }
        None
    }

    /// The tab; `preferred`: the game Play has chosen, which this tab takes
    /// up when its own cannot be analysed on a board just opened.
    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace, preferred: RulesKind) {
        self.poll(ws);
        self.follow_board(ws, preferred);
        if self.job.is_some() {
            // Live progress: look again soon, without input.
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        egui::Panel::left("analyze_params")
            .resizable(true)
            .default_size(280.0)
            .min_size(250.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.params_ui(ui, ws));
            });
        egui::Panel::right("analyze_report")
            .resizable(true)
            .default_size(420.0)
            .min_size(360.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.results_ui(ui, ws));
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.map_ui(ui, ws));
    }
}

/// The report of what the running job finished so far.
fn live_report(job: &Job) -> Report {
    let mut games = job.games.clone();
    games.sort_by_key(|g| g.index);
    let counts = job.control.counts();
    let openings = job.method.as_ref().map(|m| OpeningMap {
        method: m.clone(),
        planned: counts.openings_planned,
        openings: job.openings.clone(),
    });
    Report::new(job.header.clone(), games, openings)
}

/// The board's name, or "the board".
fn board_name(b: &Board) -> String {
    crate::app::board_name(b, "the board")
}
