//! Generator mode: the generator's parameters, Generate / Re-roll, a preview, the
//! fairness report, "Open in editor", "Play BOCO on it" and "Playtest with the
//! engine" (the balance lab on the generated board, in the Analyze tab).
//!
//! Generation runs on a worker thread ([`Generator::generate_with`] with a progress
//! callback); a new request cancels and supersedes the one still running.

use super::canvas::Canvas;
use super::command::Command;
use super::workspace::{Mode, Workspace};
use crate::board::{Board, FaceKind};
use crate::game::RulesKind;
use crate::generator::{
    GardenGrowth, GenerateError, Generated, Generator, GeneratorConfig, Layout, MAX_PLAYERS,
    Progress, Symmetry,
};
use crate::io::svg::ColourBy;
use eframe::egui;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};

/// What the generator works on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BaseChoice {
    /// A W×H grid of unit squares.
    Grid,
    /// The seed's two-sided 8×4 sheet of paper.
    Paper,
    /// The board in the editor.
    Document,
}

/// The garden growth law as edited in the panel.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum GrowthKind {
    Inverse,
    Constant,
}

/// A generation running on the worker thread.
struct Job {
    rx: Receiver<Result<Generated, GenerateError>>,
    cancel: Arc<AtomicBool>,
    progress: Arc<Mutex<Option<Progress>>>,
    seed: u64,
}

impl Drop for Job {
    fn drop(&mut self) {
        // A superseded or abandoned job stops at its next progress report.
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Re-roll picks seeds below this: at most six digits, short enough to read
/// aloud. A seed is just a number: any seed typed in still works.
pub const SHORT_SEEDS: u64 = 1_000_000;

/// The panel's settings as kept between runs (eframe storage).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct GeneratorSettings {
    pub config: GeneratorConfig,
    pub base: BaseChoice,
    pub grid_w: u32,
    pub grid_h: u32,
    pub seed: u64,
    pub growth_kind: GrowthKind,
    pub growth_value: f64,
    /// Colour the preview by kind (else by section).
    pub colour_by_kind: bool,
    pub show_labels: bool,
}

impl Default for GeneratorSettings {
    fn default() -> Self {
        GeneratorPanel::new().settings()
    }
}

pub struct GeneratorPanel {
    canvas: Canvas,
    /// Players, layout, region plan, growth law and attempts.
    pub config: GeneratorConfig,
    pub base: BaseChoice,
    pub grid_w: u32,
    pub grid_h: u32,
    /// The seed of the last Generate / Re-roll (the field may have been edited since).
    seed: u64,
    seed_text: String,
    required_text: String,
    pub growth_kind: GrowthKind,
    pub growth_value: f64,
    pub colour_by: ColourBy,
    /// Region labels on the preview (they are long; off by default).
    pub show_labels: bool,
    job: Option<Job>,
    result: Option<Generated>,
    error: Option<String>,
    revision: u64,
    /// (revision, colouring) the canvas fills were last set for.
    fills_for: Option<(u64, ColourBy)>,
    reroll_counter: u64,
    /// Whether BOCO can be played on the generated board (the game layer's
    /// answer, asked once per generated board).
    boco: Result<(), String>,
}

impl Default for GeneratorPanel {
    fn default() -> Self {
        GeneratorPanel::new()
    }
}

impl GeneratorPanel {
    pub fn new() -> GeneratorPanel {
        let config = GeneratorConfig {
            players: 2,
            layout: Layout::Auto(Symmetry::None),
            plan: crate::generator::RegionPlan::seed(),
            ..GeneratorConfig::default()
        };
        GeneratorPanel {
            canvas: Canvas::new(),
            required_text: join_sizes(&config.plan.required),
            config,
            // A board one can play on: one connected grid (the seed's paper board
            // is two separate sheets).
            base: BaseChoice::Grid,
            grid_w: 8,
            grid_h: 8,
            seed: 1,
            seed_text: "1".into(),
            growth_kind: GrowthKind::Inverse,
            growth_value: 2.0,
            colour_by: ColourBy::Face,
            show_labels: false,
            job: None,
            result: None,
            error: None,
            revision: 1,
            fills_for: None,
            reroll_counter: 0,
            boco: Err("generate a board first".into()),
        }
    }

    /// The settings to keep between runs.
    pub fn settings(&self) -> GeneratorSettings {
        let mut config = self.config.clone();
        if let Ok(c) = self.current_config() {
            config = c;
        }
        GeneratorSettings {
            config,
            base: self.base,
            grid_w: self.grid_w,
            grid_h: self.grid_h,
            seed: self.seed_text.trim().parse().unwrap_or(self.seed),
            growth_kind: self.growth_kind,
            growth_value: self.growth_value,
            colour_by_kind: self.colour_by == ColourBy::Kind,
            show_labels: self.show_labels,
        }
    }

    /// Take over settings kept from an earlier run.
    pub fn restore(&mut self, s: GeneratorSettings) {
        self.required_text = join_sizes(&s.config.plan.required);
        self.config = s.config;
        self.base = s.base;
        self.grid_w = s.grid_w;
        self.grid_h = s.grid_h;
        self.set_seed(s.seed);
        self.growth_kind = s.growth_kind;
        self.growth_value = s.growth_value;
        self.colour_by = if s.colour_by_kind {
            ColourBy::Kind
        } else {
            ColourBy::Face
        };
        self.show_labels = s.show_labels;
    }

    /// Whether "Play BOCO on it" can be used now, and if not why.
    pub fn boco_availability(&self) -> Result<(), String> {
        self.boco.clone()
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// The seed of the last generation request (what Re-roll picked, or the field's
    /// value when Generate was pressed).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Set the seed of the next generation (and the seed field).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.seed_text = seed.to_string();
    }

    /// Set the required region sizes (and their text field).
    pub fn set_required(&mut self, sizes: Vec<u32>) {
        self.required_text = join_sizes(&sizes);
        self.config.plan.required = sizes;
    }

    /// Whether a generation is running.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The last generated board with its report.
    pub fn result(&self) -> Option<&Generated> {
        self.result.as_ref()
    }

    /// Why the last generation failed.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The base board for the current choice.
    fn base_board(&self, ws: &Workspace) -> Result<Board, String> {
        match self.base {
            BaseChoice::Grid => {
                let max = crate::presets::MAX_GRID;
                if !(1..=max).contains(&self.grid_w) || !(1..=max).contains(&self.grid_h) {
                    return Err(format!("the grid must be 1 to {max} faces on each side"));
                }
                Ok(crate::presets::square_grid(self.grid_w, self.grid_h))
            }
            BaseChoice::Paper => Ok(crate::generator::paper_board()),
            BaseChoice::Document => {
                let b = ws.doc.board();
                if b.face_count() == 0 {
                    Err("the editor's board has no faces: draw or open one first".into())
                } else {
                    Ok(b.clone())
                }
            }
        }
    }

    /// The configuration from the panel's fields, or why it is not valid.
    fn current_config(&self) -> Result<GeneratorConfig, String> {
        let mut c = self.config.clone();
        c.plan.required = parse_sizes(&self.required_text)?;
        c.growth = match self.growth_kind {
            GrowthKind::Inverse => GardenGrowth::Inverse(self.growth_value),
            GrowthKind::Constant => GardenGrowth::Constant(self.growth_value),
        };
        Ok(c)
    }

    /// Generate with the current seed (the Generate button). Any running generation
    /// is cancelled.
    pub fn generate(&mut self, ws: &mut Workspace) {
        if let Ok(s) = self.seed_text.trim().parse::<u64>() {
            self.seed = s;
        } else {
            self.fail(
                ws,
                format!(
                    "the seed must be a whole number from 0 to {} (got \u{201c}{}\u{201d})",
                    u64::MAX,
                    self.seed_text.trim()
                ),
            );
            return;
        }
        let config = match self.current_config() {
            Ok(c) => c,
            Err(e) => return self.fail(ws, e),
        };
        let base = match self.base_board(ws) {
            Ok(b) => b,
            Err(e) => return self.fail(ws, e),
        };
        self.job = None; // cancels the previous one
        self.error = None;
        let seed = self.seed;
        let (tx, rx) = std::sync::mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Mutex::new(None));
        let (c2, p2) = (cancel.clone(), progress.clone());
        let spawned = std::thread::Builder::new()
            .name("generator".into())
            .spawn(move || {
                let result = Generator::new(base, config).and_then(|g| {
                    g.generate_with(seed, &mut |p| {
                        if let Ok(mut slot) = p2.lock() {
                            *slot = Some(p);
                        }
                        !c2.load(Ordering::Relaxed)
                    })
                });
                let _ = tx.send(result);
            });
        match spawned {
            Ok(_) => {
                self.job = Some(Job {
                    rx,
                    cancel,
                    progress,
                    seed,
                });
                ws.status.info(format!("Generating with seed {seed}…"));
            }
            Err(e) => self.fail(ws, format!("cannot start the generator thread: {e}")),
        }
    }

    /// Pick a new random seed (shown in the seed field) and generate (Re-roll).
    pub fn reroll(&mut self, ws: &mut Workspace) {
        self.reroll_counter += 1;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let mut s = splitmix(nanos ^ splitmix(self.seed ^ self.reroll_counter)) % SHORT_SEEDS;
        if s == self.seed {
            s = (s + 1) % SHORT_SEEDS;
        }
        self.set_seed(s);
        self.generate(ws);
    }

    /// Stop the running generation.
    pub fn cancel(&mut self, ws: &mut Workspace) {
        if self.job.take().is_some() {
            ws.status.info("Generation cancelled");
        }
    }

    fn fail(&mut self, ws: &mut Workspace, e: String) {
        ws.status.error(format!("generator: {e}"));
        self.error = Some(e);
    }

    /// Collect the worker's result, if it has finished.
    fn poll(&mut self, ui: &egui::Ui, ws: &mut Workspace) {
        let Some(job) = &self.job else {
            return;
        };
        match job.rx.try_recv() {
            Ok(Ok(g)) => {
                ws.status.info(format!(
                    "Generated a board for {} (seed {}, {})",
                    super::count(g.report.players.len(), "player"),
                    g.seed,
                    super::count(g.attempts as usize, "attempt")
                ));
                self.boco = crate::game::suitability(RulesKind::Boco, &g.board)
                    .map_err(|e| super::play::setup::displayable(&e.0));
                self.result = Some(g);
                self.revision += 1;
                self.fills_for = None;
                self.canvas.request_fit();
                self.job = None;
            }
            Ok(Err(GenerateError::Cancelled)) => self.job = None,
            Ok(Err(e)) => {
                self.job = None;
                self.fail(ws, e.to_string());
            }
            Err(TryRecvError::Empty) => {
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(50));
            }
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.fail(ws, "the generator stopped unexpectedly".into());
            }
        }
    }

    /// Whether the generated board can be used now (and nothing is running).
    fn usable(&self) -> bool {
        self.result.is_some()
    }

    /// "Open in editor": the generated board becomes the document. It counts as
    /// unchanged (the same seed makes it again): nothing asks to save changes
    /// the user never made.
    pub fn open_in_editor(&mut self, ws: &mut Workspace) {
        if let Some(g) = &self.result {
            ws.send(Command::ReplaceBoard {
                board: Box::new(g.board.clone()),
                path: None,
                dirty: false,
                message: format!("Generated board (seed {}) opened in the editor", g.seed),
            });
            ws.send(Command::SetMode(Mode::Editor));
        }
    }

    /// "Play BOCO on it": the generated board becomes the document (unchanged,
    /// like [`GeneratorPanel::open_in_editor`]) and a BOCO game starts — when
    /// BOCO can be played on it.
    pub fn play_boco(&mut self, ws: &mut Workspace) {
        self.hand_over_to_boco(ws, "Playing", Command::NewGame(RulesKind::Boco));
    }

    /// The generated board becomes the document (unchanged) and `then` runs
    /// on it, when BOCO can be played on it; the status says "`doing` BOCO on
    /// the generated board".
    fn hand_over_to_boco(&mut self, ws: &mut Workspace, doing: &str, then: Command) {
        if self.boco.is_err() {
            return;
        }
        if let Some(g) = &self.result {
            ws.send(Command::ReplaceBoard {
                board: Box::new(g.board.clone()),
                path: None,
                dirty: false,
                message: format!("{doing} BOCO on the generated board (seed {})", g.seed),
            });
            ws.send(then);
        }
    }

    /// "Playtest with the engine": the generated board becomes the document
    /// (unchanged, like [`GeneratorPanel::open_in_editor`]) and the Analyze tab
    /// starts a BOCO analysis of it with its settings (Cancel there stops it).
    pub fn playtest(&mut self, ws: &mut Workspace) {
        self.hand_over_to_boco(ws, "Analysing", Command::Analyze(RulesKind::Boco));
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        self.poll(ui, ws);
        egui::Panel::left("generator_params")
            .resizable(true)
            .default_size(270.0)
            .min_size(240.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.params_ui(ui, ws));
            });
        egui::Panel::right("generator_report")
            .resizable(true)
            .default_size(450.0)
            .min_size(380.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.report_ui(ui, ws));
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.preview_ui(ui, ws));
    }

    fn params_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        ui.heading("Generator");
        ui.label("Fair boards: every player gets the same fixed regions and gardens.");
        ui.add_space(6.0);
        egui::Grid::new("gen_params")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                ui.label("Base");
                ui.vertical(|ui| {
                    ui.radio_value(&mut self.base, BaseChoice::Paper, "Paper 8×4 (two-sided)");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut self.base, BaseChoice::Grid, "Grid");
                        let max = crate::presets::MAX_GRID;
                        let l = ui.label("W");
                        ui.add(egui::DragValue::new(&mut self.grid_w).range(1..=max))
                            .labelled_by(l.id);
                        let l = ui.label("H");
                        ui.add(egui::DragValue::new(&mut self.grid_h).range(1..=max))
                            .labelled_by(l.id);
                    });
                    ui.radio_value(&mut self.base, BaseChoice::Document, "Editor's board");
                });
                ui.end_row();

                let l = ui.label("Players");
                ui.add(egui::Slider::new(&mut self.config.players, 1..=MAX_PLAYERS))
                    .labelled_by(l.id);
                ui.end_row();

                ui.label("Layout");
                ui.vertical(|ui| {
                    let paper = self.config.layout == Layout::Paper;
                    if ui.radio(paper, "Paper (the seed's layouts)").clicked() {
                        self.config.layout = Layout::Paper;
                        self.base = BaseChoice::Paper;
                    }
                    let sym = match self.config.layout {
                        Layout::Auto(s) => Some(s),
                        Layout::Paper => None,
                    };
                    if ui.radio(sym.is_some(), "Automatic").clicked() && sym.is_none() {
                        self.config.layout = Layout::Auto(Symmetry::None);
                    }
                    if let Some(mut s) = sym {
                        ui.horizontal(|ui| {
                            let l = ui.label("Symmetry");
                            egui::ComboBox::from_id_salt("gen_symmetry")
                                .selected_text(symmetry_name(s))
                                .show_ui(ui, |ui| {
                                    for v in [Symmetry::None, Symmetry::Mirror, Symmetry::Rotate] {
                                        ui.selectable_value(&mut s, v, symmetry_name(v));
                                    }
                                })
                                .response
                                .labelled_by(l.id);
                        });
                        self.config.layout = Layout::Auto(s);
                    }
                });
                ui.end_row();

                let l = ui.label("Required sizes");
                ui.vertical(|ui| {
                    ui.add(
                        egui::TextEdit::singleline(&mut self.required_text)
                            .desired_width(120.0)
                            .hint_text("e.g. 6"),
                    )
                    .labelled_by(l.id)
                    .on_hover_text("Sizes of the fixed regions every player must get, e.g. \"6\" or \"6, 4\"");
                    if let Err(e) = parse_sizes(&self.required_text) {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                });
                ui.end_row();

                let l = ui.label("Fill");
                ui.add(
                    egui::Slider::new(&mut self.config.plan.fill, 0.0..=1.0)
                        .custom_formatter(|v, _| format!("{:.0} %", v * 100.0))
                        .custom_parser(|s| {
                            s.trim().trim_end_matches('%').trim().parse::<f64>().ok().map(|v| v / 100.0)
                        }),
                )
                .labelled_by(l.id)
                .on_hover_text("Share of the base's faces in fixed regions; the rest become gardens");
                ui.end_row();

                ui.label("Region size");
                ui.horizontal(|ui| {
                    let plan = &mut self.config.plan;
                    let l = ui.label("min");
                    ui.add(egui::DragValue::new(&mut plan.min_size).range(1..=10_000))
                        .labelled_by(l.id);
                    let l = ui.label("max");
                    ui.add(egui::DragValue::new(&mut plan.max_size).range(1..=10_000))
                        .labelled_by(l.id);
                });
                ui.end_row();

                ui.label("Largest garden");
                ui.horizontal(|ui| {
                    let plan = &mut self.config.plan;
                    let mut capped = plan.garden_max_size.is_some();
                    let c = ui.checkbox(&mut capped, "limit");
                    if c.changed() {
                        plan.garden_max_size = capped.then_some(plan.max_size.max(1));
                    }
                    if let Some(m) = &mut plan.garden_max_size {
                        ui.add(egui::DragValue::new(m).range(1..=10_000))
                            .labelled_by(c.id);
                    }
                });
                ui.end_row();

                let l = ui.label("Garden growth");
                ui.horizontal(|ui| {
                    egui::ComboBox::from_id_salt("gen_growth")
                        .selected_text(match self.growth_kind {
                            GrowthKind::Inverse => "k / size",
                            GrowthKind::Constant => "constant",
                        })
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut self.growth_kind, GrowthKind::Inverse, "k / size");
                            ui.selectable_value(&mut self.growth_kind, GrowthKind::Constant, "constant");
                        })
                        .response
                        .labelled_by(l.id);
                    let range = match self.growth_kind {
                        GrowthKind::Inverse => 0.0..=20.0,
                        GrowthKind::Constant => 0.0..=1.0,
                    };
                    ui.add(egui::DragValue::new(&mut self.growth_value).range(range).speed(0.01))
                        .labelled_by(l.id);
                })
                .response
                .on_hover_text("Probability that a garden grows by one more face: k divided by its size, or the same at every size");
                ui.end_row();

                let l = ui.label("Attempts");
                ui.add(egui::DragValue::new(&mut self.config.max_attempts).range(1..=1_000_000))
                    .labelled_by(l.id);
                ui.end_row();

                let l = ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut self.seed_text).desired_width(170.0))
                    .labelled_by(l.id)
                    .on_hover_text("The same seed, base and parameters always give the same board");
                ui.end_row();
            });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui
                .button("Generate")
                .on_hover_text("Generate with this seed")
                .clicked()
            {
                self.generate(ws);
            }
            if ui
                .button("Re-roll")
                .on_hover_text("Pick a new random seed and generate")
                .clicked()
            {
                self.reroll(ws);
            }
        });
        if let Some(job) = &self.job {
            let p = job.progress.lock().ok().and_then(|g| *g);
            let (frac, text) = match p {
                None => (0.0, "preparing sections…".to_string()),
                Some(Progress::Placing { attempt, of }) => (
                    0.1 + 0.6 * (attempt as f32 / of.max(1) as f32),
                    format!("placing fixed regions, attempt {attempt} of {of}"),
                ),
                Some(Progress::Gardens { player }) => (
                    0.7 + 0.25 * (player as f32 + 1.0) / self.config.players.max(1) as f32,
                    format!("growing gardens for P{}", player + 1),
                ),
                Some(Progress::Building) => (0.95, "building the board".into()),
            };
            ui.add(
                egui::ProgressBar::new(frac)
                    .text(format!("seed {}: {text}", job.seed))
                    .animate(true),
            );
            if ui.button("Cancel").clicked() {
                self.cancel(ws);
            }
        }
        if let Some(e) = &self.error {
            ui.add_space(4.0);
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Colour by");
            ui.radio_value(&mut self.colour_by, ColourBy::Kind, "kind");
            // The generated faces carry their section's colour.
            ui.radio_value(&mut self.colour_by, ColourBy::Face, "section");
        });
        ui.checkbox(&mut self.show_labels, "Region labels");
        ui.add_space(6.0);
        let usable = self.usable();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(usable, egui::Button::new("Open in editor"))
                .on_hover_text("Edit the generated board (asks about unsaved changes)")
                .clicked()
            {
                self.open_in_editor(ws);
            }
            let boco = self.boco.clone();
            let r = ui
                .add_enabled(usable && boco.is_ok(), egui::Button::new("Play BOCO on it"))
                .on_hover_text("Start a hot-seat BOCO game on the generated board");
            let r = match boco {
                Err(why) if usable => {
                    r.on_disabled_hover_text(format!("BOCO cannot be played on this board: {why}"))
                }
                _ => r,
            };
            if r.clicked() {
                self.play_boco(ws);
            }
        });
    }

    fn report_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        ui.heading("Fairness report");
        if self.result.is_none() {
            ui.weak("Generate a board to see its report.");
            return;
        }
        let boco = self.boco.clone();
        let r = ui
            .add_enabled(
                boco.is_ok(),
                egui::Button::new(Command::Analyze(RulesKind::Boco).text()),
            )
            .on_hover_text(
                "Play BOCO engine-vs-engine games on this board in the Analyze tab: first-player advantage, opening map, game length",
            );
        let r = match &boco {
            Err(why) => {
                r.on_disabled_hover_text(format!("BOCO cannot be played on this board: {why}"))
            }
            Ok(()) => r,
        };
        if r.clicked() {
            self.playtest(ws);
            return;
        }
        let Some(g) = &self.result else { return };
        let r = &g.report;
        ui.label(format!(
            "Seed {} · {}",
            r.seed,
            super::count(r.attempts as usize, "attempt")
        ));
        ui.label(format!("Layout: {}", r.layout));
        ui.label(format!(
            "Fixed faces: {} of {} ({:.1} %, requested {:.1} %)",
            r.fixed_faces_total,
            r.base_faces,
            100.0 * r.fill_actual,
            100.0 * r.fill_requested
        ));
        if !r.required.is_empty() {
            ui.label(format!("Required per player: {}", join_sizes(&r.required)));
        }
        ui.add_space(6.0);
        // One column per player and one for the largest difference between players.
        let d = &r.spread;
        type Row<'a> = (
            &'a str,
            Box<dyn Fn(&crate::generator::PlayerFigures) -> String + 'a>,
            String,
        );
        let rows: Vec<Row> = vec![
            (
                "Section faces",
                Box::new(|p| p.section_faces.to_string()),
                d.section_faces.to_string(),
            ),
            (
                "Fixed regions",
                Box::new(|p| p.fixed_count.to_string()),
                d.fixed_count.to_string(),
            ),
            (
                "Fixed faces",
                Box::new(|p| p.fixed_faces.to_string()),
                d.fixed_faces.to_string(),
            ),
            (
                "Fixed area",
                Box::new(|p| format!("{:.2}", p.fixed_area)),
                format!("{:.2}", d.fixed_area),
            ),
            (
                "Gardens",
                Box::new(|p| p.garden_count.to_string()),
                d.garden_count.to_string(),
            ),
            (
                "Garden faces",
                Box::new(|p| p.garden_faces.to_string()),
                d.garden_faces.to_string(),
            ),
            (
                "Garden area",
                Box::new(|p| format!("{:.2}", p.garden_area)),
                format!("{:.2}", d.garden_area),
            ),
            (
                "Fixed sizes",
                Box::new(|p| space_sizes(&p.fixed_sizes)),
                if r.identical_fixed_sizes {
                    "identical".into()
                } else {
                    "differ".into()
                },
            ),
            (
                "Garden sizes",
                Box::new(|p| space_sizes(&p.garden_sizes)),
                String::new(),
            ),
        ];
        egui::ScrollArea::horizontal().show(ui, |ui| {
            egui::Grid::new("gen_report")
                .striped(true)
                .num_columns(r.players.len() + 2)
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    ui.label("");
                    for p in &r.players {
                        ui.strong(format!("P{}", p.player));
                    }
                    ui.strong("max diff");
                    ui.end_row();
                    for (name, cell, diff) in &rows {
                        ui.label(*name);
                        for p in &r.players {
                            let full = cell(p);
                            let shown = fit_cell(&full);
                            let l = ui.label(shown.as_ref());
                            if shown != full {
                                l.on_hover_text(full);
                            }
                        }
                        ui.strong(diff);
                        ui.end_row();
                    }
                });
        });
        ui.add_space(6.0);
        let check = |ui: &mut egui::Ui, ok: bool, text: &str| {
            let (mark, colour) = if ok {
                ("yes", egui::Color32::from_rgb(0x27, 0xae, 0x60))
            } else {
                ("NO", ui.visuals().error_fg_color)
            };
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(colour, mark);
                ui.label(text);
            });
        };
        check(
            ui,
            r.identical_fixed_sizes,
            "every player has the same fixed region sizes",
        );
        check(
            ui,
            r.everyone_has_both,
            "every player has a fixed region and a garden",
        );
        for n in &r.notes {
            ui.weak(n);
        }
        ui.add_space(6.0);
        if ui
            .button("Copy report")
            .on_hover_text("Copy the report as a text table")
            .clicked()
        {
            ui.ctx().copy_text(r.to_table());
        }
    }

    fn preview_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(g) = &self.result else {
            ui.centered_and_justified(|ui| {
                if self.job.is_some() {
                    ui.spinner();
                } else {
                    ui.weak("Set the parameters and press Generate");
                }
            });
            ws.status.hover = None;
            return;
        };
        if self.fills_for != Some((self.revision, self.colour_by)) {
            self.canvas.clear_face_fills();
            if self.colour_by == ColourBy::Kind {
                for f in g.board.mesh().face_ids() {
                    let c = self.canvas.style.face_fill(g.board.kind(f), None);
                    self.canvas.set_face_fill(&g.board, f, Some(c));
                }
            }
            self.fills_for = Some((self.revision, self.colour_by));
        }
        // The panel's own checkbox decides (View > Labels is for the other modes).
        self.canvas.show_labels = self.show_labels;
        let r = self.canvas.show(ui, &g.board, self.revision);
        ws.status.hover = r.hovered.map(|f| {
            let info = g.regions.get(f.index());
            let kind = match &g.board.faces().kinds()[f.index()] {
                FaceKind::FixedRegion => "fixed region",
                FaceKind::Garden => "garden",
                _ => "region",
            };
            match info {
                Some(i) => format!(
                    "{}  ·  P{} {kind}  ·  {}  ·  area {:.2}",
                    g.board.face_name(f),
                    i.player + 1,
                    super::count(i.size() as usize, "face"),
                    i.area
                ),
                None => g.board.face_name(f).to_string(),
            }
        });
    }
}

fn symmetry_name(s: Symmetry) -> &'static str {
    match s {
        Symmetry::None => "none",
        Symmetry::Mirror => "mirror",
        Symmetry::Rotate => "rotate",
    }
}

/// The widest a cell of the report's table gets, in characters: more and the
/// players' columns after it leave the panel (a big board has hundreds of
/// regions).
const CELL_CHARS: usize = 14;

/// A list of sizes (largest first) for the report's table: "6 6 2 2", or with
/// its runs counted when that is too long ("6×415", "16 13 12 11×9 10×20").
fn space_sizes(v: &[u32]) -> String {
    let plain = v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    if plain.chars().count() <= CELL_CHARS {
        return plain;
    }
    let mut runs = Vec::new();
    let mut rest = v;
    while let Some(&first) = rest.first() {
        let n = rest.iter().take_while(|&&x| x == first).count();
        runs.push(if n > 1 {
            format!("{first}×{n}")
        } else {
            first.to_string()
        });
        rest = &rest[n..];
    }
    runs.join(" ")
}

/// `text` cut at a space to fit [`CELL_CHARS`], with "…" when cut.
fn fit_cell(text: &str) -> std::borrow::Cow<'_, str> {
    if text.chars().count() <= CELL_CHARS {
        return text.into();
    }
    let mut cut = String::new();
    for word in text.split(' ') {
        let len = cut.chars().count() + usize::from(!cut.is_empty()) + word.chars().count();
        if len + 2 > CELL_CHARS && !cut.is_empty() {
            break;
        }
        if !cut.is_empty() {
            cut.push(' ');
        }
        cut.push_str(word);
    }
    cut.push_str(" …");
    cut.into()
}

fn join_sizes(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// "6, 4" or "6 4" → [6, 4]; empty → [].
fn parse_sizes(text: &str) -> Result<Vec<u32>, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<u32>() {
            Ok(0) => Err("a required size must be at least 1".to_string()),
            Ok(n) => Ok(n),
            Err(_) => Err(format!(
                "\u{201c}{s}\u{201d} is not a size (use whole numbers like 6, 4)"
            )),
        })
        .collect()
}

/// SplitMix64 finaliser: spreads a number's bits (for new random seeds).
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_sizes_parse_with_commas_or_spaces_and_reject_junk() {
        assert_eq!(parse_sizes("6, 4"), Ok(vec![6, 4]));
        assert_eq!(parse_sizes(" 6 4 "), Ok(vec![6, 4]));
        assert_eq!(parse_sizes(""), Ok(vec![]));
        assert!(parse_sizes("6, x").unwrap_err().contains("x"));
        assert!(parse_sizes("0").is_err());
    }

    #[test]
    fn long_size_lists_count_their_runs_and_are_cut_to_the_column() {
        assert_eq!(space_sizes(&[6, 6, 2, 2]), "6 6 2 2");
        assert_eq!(space_sizes(&[6; 415]), "6×415");
        let mut gardens = vec![16, 13, 12];
        gardens.extend([11; 9]);
        gardens.extend([10; 20]);
        gardens.push(3);
        let text = space_sizes(&gardens);
        assert_eq!(text, "16 13 12 11×9 10×20 3");
        assert_eq!(fit_cell(&text), "16 13 12 …");
        assert!(fit_cell(&text).chars().count() <= CELL_CHARS);
        assert_eq!(fit_cell("6 6 2 2"), "6 6 2 2");
    }
}
