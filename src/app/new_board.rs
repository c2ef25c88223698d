//! File → New → From tiling…: the new-board wizard.
//!
//! The user picks one of the tilings ([`crate::tiling::TILINGS`]), a shape the
//! tiling comes in (the others are listed greyed out with the reason), the size
//! and the options (which faces the shape keeps; the polar tiling's sectors and
//! centre cell). The dialog shows a live preview and the face count; the game
//! that fits the shape is suggested (Y on a triangle, Havannah on a hexhex, Hex
//! on a rhombus) with a button that creates the board and starts it. The
//! presets stay one click away (From a preset…).
//!
//! The preview is built on a background thread so the dialog stays responsive;
//! boards of more than [`PREVIEW_FACES`] faces are not previewed: the dialog
//! shows their estimated face count ([`crate::tiling::estimate_faces`]) and
//! builds them only on Create. The dialog keeps one size whatever is chosen and
//! whether or not the preview is ready (the form and preview row has a fixed
//! height, the face count is one truncated line), so its buttons never move
//! under the pointer. The choices are kept in the settings
//! ([`WizardSettings`]), so the next run starts where the user left off.

use super::canvas::paint_face;
use super::command::{Command, Mode};
use super::popup::keep_popup_above;
use super::view::View;
use crate::board::Board;
use crate::game::RulesKind;
use crate::ops::KeepRule;
use crate::tiling::{
    self, PolarOptions, ShapeKind, ShapeSpec, TILINGS, TilingError, TilingKind, TilingParams,
};
use eframe::egui;
use serde::{Deserialize, Serialize};
use std::sync::mpsc::{Receiver, channel};

/// Largest board (estimated faces) previewed while choosing.
pub const PREVIEW_FACES: u64 = 20_000;

/// The fixed id of the wizard's modal layer.
const WIZARD_ID: &str = "new_board_wizard";

/// The height of the wizard's form and preview row: fixed, so that the modal
/// (centred on the window) keeps its size and its buttons stay under the
/// pointer while the choices change and the preview is being built.
const BODY_HEIGHT: f32 = 350.0;

/// The preview picture's size.
const PREVIEW_SIZE: egui::Vec2 = egui::vec2(380.0, 320.0);

/// The wizard's choices, kept between runs (by name, so a renamed or removed
/// tiling falls back to the default instead of failing to load).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct WizardSettings {
    pub tiling: String,
    pub shape: String,
    pub size: u32,
    /// The rectangle's height.
    pub height: u32,
    /// Keep faces fully inside the shape (else: centroid inside).
    pub fully_inside: bool,
    /// Polar: sectors of every ring (0: 6 × the ring's number).
    pub sectors: u32,
    /// Polar: a centre cell.
    pub centre: bool,
}

impl Default for WizardSettings {
    fn default() -> Self {
        WizardSettings {
            tiling: "hexagonal".into(),
            shape: "hexagon".into(),
            size: 5,
            height: 5,
            fully_inside: false,
            sectors: 0,
            centre: true,
        }
    }
}

/// A board being built for the preview (or for Create) on a worker thread.
struct Job {
    params: TilingParams,
    rx: Receiver<Result<Board, TilingError>>,
    /// What to do with the board when it is ready (Create pressed meanwhile).
    then: Option<Vec<Command>>,
}

/// The wizard's state while it is open.
pub struct Wizard {
    pub tiling: TilingKind,
    pub shape: ShapeKind,
    pub size: u32,
    pub height: u32,
    pub rule: KeepRule,
    pub sectors: u32,
    pub centre: bool,
    /// The last built board and what it was built from.
    built: Option<(TilingParams, Result<Board, TilingError>)>,
    job: Option<Job>,
}

impl std::fmt::Debug for Wizard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wizard")
            .field("tiling", &self.tiling)
            .field("shape", &self.shape)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

/// The game that fits a shape, if any ([`crate::tiling::suggested_game`],
/// which the board names first).
pub fn suggested_game(shape: ShapeKind, tiling: TilingKind) -> Option<RulesKind> {
    crate::tiling::suggested_game(tiling, shape).and_then(|n| RulesKind::by_name(n).ok())
}

/// Why a tiling does not come in a shape (None: it does).
fn shape_refusal(tiling: TilingKind, shape: ShapeKind) -> Option<String> {
    let info = tiling.info();
    (!info.shapes.contains(&shape)).then(|| {
        format!(
            "The {} tiling comes only as: {}",
            info.title,
            info.shapes
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// The shapes the wizard offers (a drawn polygon is the editor's Clip).
const SHAPES: [ShapeKind; 5] = [
    ShapeKind::Rectangle,
    ShapeKind::Rhombus,
    ShapeKind::Triangle,
    ShapeKind::Hexagon,
    ShapeKind::Disc,
];

impl Wizard {
    /// The wizard with the remembered choices.
    pub fn new(s: &WizardSettings) -> Wizard {
        let tiling = TilingKind::by_name(&s.tiling).unwrap_or(TilingKind::Hexagonal);
        let info = tiling.info();
        let shape = s
            .shape
            .parse::<ShapeKind>()
            .ok()
            .filter(|k| info.shapes.contains(k) && *k != ShapeKind::Polygon)
            .unwrap_or(info.default_shape);
        Wizard {
            tiling,
            shape,
            size: s.size.max(1),
            height: s.height.max(1),
            rule: if s.fully_inside {
                KeepRule::Inside
            } else {
                KeepRule::Centroid
            },
            sectors: s.sectors,
            centre: s.centre,
            built: None,
            job: None,
        }
    }

    /// The choices to remember.
    pub fn settings(&self) -> WizardSettings {
        WizardSettings {
            tiling: self.tiling.info().name.into(),
            shape: self.shape.name().into(),
            size: self.size,
            height: self.height,
            fully_inside: self.rule == KeepRule::Inside,
            sectors: self.sectors,
            centre: self.centre,
        }
    }

    /// What `tiling::build` gets.
    pub fn params(&self) -> TilingParams {
        let mut shape = ShapeSpec::new(self.shape, self.size);
        if self.shape == ShapeKind::Rectangle {
            shape.height = self.height;
        }
        shape.rule = self.rule;
        TilingParams {
            tiling: self.tiling,
            shape,
            polar: PolarOptions {
                sectors: if self.sectors == 0 {
                    Vec::new()
                } else {
                    vec![self.sectors]
                },
                centre: self.centre,
            },
        }
    }

    /// Pick a tiling: its default shape and size unless the current shape fits.
    fn set_tiling(&mut self, t: TilingKind) {
        if t == self.tiling {
            return;
        }
        self.tiling = t;
        let info = t.info();
        if !info.shapes.contains(&self.shape) {
            self.shape = info.default_shape;
            self.size = info.default_size;
            self.height = info.default_size;
        }
    }

    /// Start building `params` on a worker thread (the previous job is dropped:
    /// its thread finishes and its result goes nowhere).
    fn start(&mut self, params: TilingParams, then: Option<Vec<Command>>, ctx: &egui::Context) {
        let (tx, rx) = channel();
        let p = params.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = tx.send(tiling::build(&p));
            ctx.request_repaint();
        });
        self.job = Some(Job { params, rx, then });
    }

    /// Collect a finished job. Returns the commands to run if it was a Create.
    fn poll(&mut self) -> Option<Vec<Command>> {
        let job = self.job.as_mut()?;
        let result = job.rx.try_recv().ok()?;
        let job = self.job.take()?;
        let then = match (&result, job.then) {
            (Ok(b), Some(mut then)) => {
                then.insert(0, create_command(b.clone()));
                Some(then)
            }
            _ => None,
        };
        self.built = Some((job.params, result));
        then
    }

    /// Draw the wizard. Returns whether it stays open, and what was decided.
    pub fn show(&mut self, ctx: &egui::Context) -> (bool, Vec<Command>) {
        if let Some(then) = self.poll() {
            return (false, then);
        }
        let params = self.params();
        let estimate = tiling::estimate_faces(&params);
        let current = self.built.as_ref().filter(|(p, _)| *p == params);
        let building = self.job.as_ref().is_some_and(|j| j.params == params);
        let previewable = matches!(estimate, Ok(n) if n <= PREVIEW_FACES);
        if current.is_none() && !building && previewable {
            self.start(params.clone(), None, ctx);
        }
        let mut out = Vec::new();
        let mut close = false;
        let r = egui::Modal::new(egui::Id::unique(WIZARD_ID)).show(ctx, |ui| {
            ui.set_width(720.0);
            ui.heading("New board from a tiling");
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(300.0);
                    ui.set_height(BODY_HEIGHT);
                    self.form(ui);
                });
                ui.add_space(12.0);
                ui.vertical(|ui| {
                    ui.set_height(BODY_HEIGHT);
                    self.preview(ui, &params, &estimate);
                });
            });
            ui.separator();
            let err = match &estimate {
                Err(e) => Some(e.to_string()),
                Ok(n) if *n > tiling::MAX_FACES as u64 => Some(format!(
                    "about {n} faces: more than the {} a tiling may make",
                    tiling::MAX_FACES
                )),
                Ok(_) => match self.built.as_ref().filter(|(p, _)| *p == params) {
                    Some((_, Err(e))) => Some(e.to_string()),
                    _ => None,
                },
            };
            let game = suggested_game(self.shape, self.tiling);
            ui.horizontal(|ui| {
                let create = ui
                    .add_enabled(err.is_none(), egui::Button::new("Create"))
                    .on_hover_text("Open the board in the editor");
                let create = match &err {
                    Some(e) => create.on_disabled_hover_text(e),
                    None => create,
                };
                if create.clicked() {
                    out = vec![Command::SetMode(Mode::Editor)];
                }
                if let Some(g) = game {
                    let play = ui
                        .add_enabled(
                            err.is_none(),
                            egui::Button::new(format!("Create and play {}", g.title())),
                        )
                        .on_hover_text(format!(
                            "Open the board and start a game of {} on it",
                            g.title()
                        ));
                    if play.clicked() {
                        out = vec![Command::NewGame(g)];
                    }
                }
                if ui
                    .button("From a preset…")
                    .on_hover_text("The preset boards (Hex, TwixT, LOA, BOCO, …)")
                    .clicked()
                {
                    close = true;
                    out = vec![Command::NewDialog];
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if close || (out.is_empty() && r.should_close()) {
            self.job = None;
            return (false, out);
        }
        if out.is_empty() {
            return (true, Vec::new());
        }
        // Create: with the built board now, or once the worker has built it.
        match self.built.as_ref().filter(|(p, _)| *p == params) {
            Some((_, Ok(b))) => {
                out.insert(0, create_command(b.clone()));
                (false, out)
            }
            _ => {
                if !self.job.as_ref().is_some_and(|j| j.params == params) {
                    self.start(params, Some(out), ctx);
                } else if let Some(j) = &mut self.job {
                    j.then = Some(out);
                }
                (true, Vec::new())
            }
        }
    }

    /// The tiling, shape, size and option choices.
    fn form(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("wizard_grid")
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                let l = ui.label("Tiling");
                let mut tiling = self.tiling;
                let combo = egui::ComboBox::from_id_salt("wizard_tiling")
                    .selected_text(tiling_text(self.tiling))
                    .width(200.0)
                    .height(440.0)
                    .show_ui(ui, |ui| {
                        for t in TILINGS {
                            ui.selectable_value(&mut tiling, t.kind, tiling_text(t.kind));
                        }
                    })
                    .response
                    .labelled_by(l.id);
                keep_popup_above(ui, &combo);
                self.set_tiling(tiling);
                ui.end_row();

                ui.label("Shape");
                ui.horizontal_wrapped(|ui| {
                    for s in SHAPES {
                        let refusal = shape_refusal(self.tiling, s);
                        let r = ui.add_enabled(
                            refusal.is_none(),
                            egui::Button::selectable(self.shape == s, s.name()),
                        );
                        let r = match refusal {
                            Some(why) => r.on_disabled_hover_text(why),
                            None => r,
                        };
                        if r.clicked() {
                            self.shape = s;
                        }
                    }
                });
                ui.end_row();

                let polar = self.tiling == TilingKind::Polar;
                let max = if polar {
                    tiling::polar::MAX_RINGS
                } else {
                    tiling::MAX_SIZE
                };
                let l = ui.label(match (polar, self.shape) {
                    (true, _) => "Rings",
                    (false, ShapeKind::Rectangle) => "Width",
                    _ => "Size",
                });
                ui.add(egui::DragValue::new(&mut self.size).range(1..=max))
                    .labelled_by(l.id)
                    .on_hover_text("Cells along each side");
                ui.end_row();
                if self.shape == ShapeKind::Rectangle && !polar {
                    let l = ui.label("Height");
                    ui.add(egui::DragValue::new(&mut self.height).range(1..=max))
                        .labelled_by(l.id);
                    ui.end_row();
                }
                if polar {
                    let l = ui.label("Sectors");
                    ui.add(
                        egui::DragValue::new(&mut self.sectors)
                            .range(0..=tiling::polar::MAX_SECTORS)
                            .custom_formatter(|v, _| {
                                if v == 0.0 {
                                    "6 × ring".into()
                                } else {
                                    format!("{v}")
                                }
                            }),
                    )
                    .labelled_by(l.id)
                    .on_hover_text("Sectors in every ring (0: 6, 12, 18, … from the middle out)");
                    ui.end_row();
                    ui.label("Centre");
                    ui.checkbox(&mut self.centre, "a centre cell")
                        .on_hover_text("Otherwise the first ring is pie slices");
                    ui.end_row();
                } else {
                    ui.label("Keep");
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut self.rule, KeepRule::Centroid, "centroid inside")
                            .on_hover_text("Tiles whose centre lies in the shape");
                        ui.selectable_value(&mut self.rule, KeepRule::Inside, "fully inside")
                            .on_hover_text("Only tiles entirely within the shape");
                    });
                    ui.end_row();
                }
            });
        let info = self.tiling.info();
        if !info.notation.is_empty() {
            ui.weak(format!("Vertex configuration {}", info.notation));
        }
        match suggested_game(self.shape, self.tiling) {
            Some(g) => ui.label(format!("Suggested game: {}", g.title())),
            None => ui.weak("Suggested game: none in particular (Y on triangles, Havannah on hexagonal hexagons, Hex on hexagonal rhombi)"),
        };
    }

    /// The preview picture and the face count.
    fn preview(
        &self,
        ui: &mut egui::Ui,
        params: &TilingParams,
        estimate: &Result<u64, TilingError>,
    ) {
        let (rect, _) = ui.allocate_exact_size(PREVIEW_SIZE, egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
        let current = self.built.as_ref().filter(|(p, _)| p == params);
        let text = |painter: &egui::Painter, s: String| {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                s,
                egui::FontId::proportional(14.0),
                ui.visuals().weak_text_color(),
            );
        };
        let count = match (current, estimate) {
            (Some((_, Ok(b))), _) => {
                let view = View::fit(rect, b.mesh().bbox(), 12.0);
                let fill = ui.visuals().widgets.inactive.bg_fill;
                let stroke = egui::Stroke::new(1.0, ui.visuals().widgets.inactive.fg_stroke.color);
                for f in b.mesh().face_ids() {
                    paint_face(&painter, b, &view, rect, f, fill, stroke);
                }
                let tags: Vec<&str> = b.tagged_sides().iter().map(|t| t.name()).collect();
                format!(
                    "{} faces{}",
                    b.face_count(),
                    if tags.is_empty() {
                        String::new()
                    } else {
                        format!("  ·  sides: {}", tags.join(", "))
                    }
                )
            }
            (Some((_, Err(e))), _) => {
                text(&painter, "no board".into());
                e.to_string()
            }
            (None, Ok(n)) if *n > PREVIEW_FACES => {
                text(&painter, "no preview for large boards".into());
                format!("about {n} faces (built on Create)")
            }
            (None, Ok(n)) => {
                text(&painter, "building…".into());
                format!("about {n} faces")
            }
            (None, Err(e)) => {
                text(&painter, "no board".into());
                e.to_string()
            }
        };
        // One line (the full text on hover): a wrapped line would change the
        // dialog's height, and move its buttons, when the preview is ready.
        ui.set_max_width(PREVIEW_SIZE.x);
        ui.add(egui::Label::new(count).truncate());
    }
}

/// Make `board` the document, counted as saved (nothing to lose yet).
fn create_command(board: Board) -> Command {
    let message = format!("New board: {}", board.meta().name);
    Command::ReplaceBoard {
        board: Box::new(board),
        path: None,
        dirty: false,
        message,
    }
}

/// "Truncated square (4.8.8)".
fn tiling_text(t: TilingKind) -> String {
    let info = t.info();
    if info.notation.is_empty() {
        info.title.to_string()
    } else {
        format!("{} ({})", info.title, info.notation)
    }
}
