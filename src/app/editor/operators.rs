//! The Operators panel: every board operator of [`crate::ops`] with its
//! parameters in a small form, a preview of the result (drawn over the board,
//! with the face count and the operator's notes) and an Apply button.
//!
//! Applying puts the result in as one [`BoardEdit::ReplaceBoard`] edit, so one
//! Undo takes the whole operator back exactly. The operator's notes ("dropped
//! the labels of 12 faces") go to the status bar and View → Messages.
//!
//! Clip and Hole take the outline drawn with the Outline tool
//! ([`super::tools::outline`]), or for Clip a disc around the board's centre.
//! The preview runs the operator whenever the board or the parameters change,
//! on boards up to [`PREVIEW_FACES`] faces; larger boards get a Preview button.

use super::tools::PaintCx;
use crate::app::command::Command;
use crate::app::play::setup::displayable;
use crate::app::vocabulary::Tool;
use crate::app::workspace::Workspace;
use crate::board::Board;
use crate::edit::BoardEdit;
use crate::mesh::Point;
use crate::ops::clip::{ClipParams, clip};
use crate::ops::dual::{DualParams, dual};
use crate::ops::hole::{HoleParams, hole};
use crate::ops::merge::{MergeParams, merge};
use crate::ops::mirror::{MirrorParams, mirror};
use crate::ops::relabel::{RelabelParams, relabel};
use crate::ops::rotate::{RotateParams, rotate};
use crate::ops::scale::{ScaleParams, scale};
use crate::ops::subdivide::{SubdivideMode, SubdivideParams, subdivide};
use crate::ops::symmetric::{MAX_FOLD, SymmetricParams, Symmetry, symmetric_copy};
use crate::ops::{KeepRule, OpError, OpResult, Outline, parse_point};
use eframe::egui;
use egui::{Color32, Stroke};

/// Largest board (faces) whose result is previewed as the parameters change.
pub const PREVIEW_FACES: usize = 20_000;

/// The preview's colour.
const PREVIEW: Color32 = Color32::from_rgb(0xe0, 0x6c, 0x00);

/// The operators, in the order the panel lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    Dual,
    SubdivideTriangles,
    SubdivideQuads,
    Merge,
    Clip,
    Hole,
    Mirror,
    Rotate,
    Scale,
    SymmetricMirror,
    SymmetricRotate,
    RelabelRows,
    RelabelRings,
}

impl OpKind {
    pub const ALL: [OpKind; 13] = [
        OpKind::Dual,
        OpKind::SubdivideTriangles,
        OpKind::SubdivideQuads,
        OpKind::Merge,
        OpKind::Clip,
        OpKind::Hole,
        OpKind::Mirror,
        OpKind::Rotate,
        OpKind::Scale,
        OpKind::SymmetricMirror,
        OpKind::SymmetricRotate,
        OpKind::RelabelRows,
        OpKind::RelabelRings,
    ];

    /// Its name in the list, the undo menu and messages.
    pub fn title(self) -> &'static str {
        match self {
            OpKind::Dual => "Dual",
            OpKind::SubdivideTriangles => "Subdivide into triangles",
            OpKind::SubdivideQuads => "Subdivide into quads",
            OpKind::Merge => "Merge by region",
            OpKind::Clip => "Clip",
            OpKind::Hole => "Hole",
            OpKind::Mirror => "Mirror",
            OpKind::Rotate => "Rotate",
            OpKind::Scale => "Scale",
            OpKind::SymmetricMirror => "Symmetric copy (mirror)",
            OpKind::SymmetricRotate => "Symmetric copy (rotation)",
            OpKind::RelabelRows => "Relabel by rows",
            OpKind::RelabelRings => "Relabel by rings",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            OpKind::Dual => {
                "A face per interior vertex, through the centroids of the faces around it"
            }
            OpKind::SubdivideTriangles => "Each face into triangles around its centroid",
            OpKind::SubdivideQuads => "Each face into quads through its edge midpoints",
            OpKind::Merge => "Faces sharing an edge and a region become one face",
            OpKind::Clip => "Keep only the faces inside the outline",
            OpKind::Hole => "Remove the faces inside the outline",
            OpKind::Mirror => "Mirror the board across a line",
            OpKind::Rotate => "Turn the board",
            OpKind::Scale => "Stretch or shrink the board",
            OpKind::SymmetricMirror => "Add the mirror image, welded along the seam",
            OpKind::SymmetricRotate => "Add n - 1 turned copies around a point, welded",
            OpKind::RelabelRows => "New labels by rows and columns (a1, b1, …)",
            OpKind::RelabelRings => "New labels by rings around the centre",
        }
    }

    fn uses_outline(self) -> bool {
        matches!(self, OpKind::Clip | OpKind::Hole)
    }
}

/// Where Clip takes its outline from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClipTo {
    /// The outline drawn with the Outline tool.
    Drawn,
    /// A disc around the board's centre.
    Disc,
}

/// The operator and all its parameters: what the preview was made for.
#[derive(Clone, Debug, PartialEq)]
struct Request {
    kind: OpKind,
    rule: KeepRule,
    retag: bool,
    clip_to: ClipTo,
    /// Disc radius as a fraction of half the board's smaller extent.
    disc: f64,
    degrees: f64,
    sx: f64,
    sy: f64,
    fold: u32,
    regions: String,
    pivot: String,
    outline: Option<Vec<Point>>,
}

/// A computed preview: for which board revision and request.
struct Preview {
    revision: u64,
    request: Request,
    result: Result<OpResult, OpError>,
}

pub struct OperatorsPanel {
    pub kind: OpKind,
    pub rule: KeepRule,
    pub retag: bool,
    pub clip_to: ClipTo,
    pub disc: f64,
    pub degrees: f64,
    pub sx: f64,
    pub sy: f64,
    pub fold: u32,
    /// Regions to merge, e.g. "1 2" (empty: all).
    pub regions: String,
    /// The pivot "x,y" of the geometric operators (empty: their default).
    pub pivot: String,
    preview: Option<Preview>,
}

impl Default for OperatorsPanel {
    fn default() -> Self {
        OperatorsPanel {
            kind: OpKind::Dual,
            rule: KeepRule::Centroid,
            retag: true,
            clip_to: ClipTo::Drawn,
            disc: 0.8,
            degrees: 90.0,
            sx: 2.0,
            sy: 2.0,
            fold: 4,
            regions: String::new(),
            pivot: String::new(),
            preview: None,
        }
    }
}

/// Run the operator a request describes.
fn run(board: &Board, r: &Request) -> Result<OpResult, OpError> {
    let pivot = if r.pivot.trim().is_empty() {
        None
    } else {
        Some(parse_point(r.pivot.trim())?)
    };
    let outline = || -> Result<Outline, OpError> {
        if r.kind == OpKind::Clip && r.clip_to == ClipTo::Disc {
            let b = board.mesh().bbox();
            let radius = b.width().min(b.height()) / 2.0 * r.disc;
            return Outline::circle(b.center(), radius);
        }
        match &r.outline {
            Some(pts) => {
                let o = Outline::polygon(pts.clone())?;
                Ok(if r.retag {
                    o.clone().with_polygon_tags().unwrap_or(o)
                } else {
                    o
                })
            }
            None => Err(OpError::BadParameter(
                "draw an outline first with the Outline tool (O), and close it".into(),
            )),
        }
    };
    match r.kind {
        OpKind::Dual => dual(board, &DualParams),
        OpKind::SubdivideTriangles => subdivide(
            board,
            &SubdivideParams {
                mode: SubdivideMode::Triangles,
            },
        ),
        OpKind::SubdivideQuads => subdivide(
            board,
            &SubdivideParams {
                mode: SubdivideMode::Quads,
            },
        ),
        OpKind::Merge => {
            let regions = if r.regions.trim().is_empty() {
                None
            } else {
                Some(
                    r.regions
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|t| !t.is_empty())
                        .map(|t| {
                            t.parse::<u32>().map_err(|_| {
                                OpError::BadParameter(format!(
                                    "'{t}' is not a region number (write them like 1 2 5)"
                                ))
                            })
                        })
                        .collect::<Result<Vec<u32>, OpError>>()?,
                )
            };
            merge(board, &MergeParams { regions })
        }
        OpKind::Clip => clip(
            board,
            &ClipParams {
                outline: outline()?,
                rule: r.rule,
                retag: r.retag,
            },
        ),
        OpKind::Hole => hole(
            board,
            &HoleParams {
                outline: outline()?,
                rule: r.rule,
            },
        ),
        OpKind::Mirror => mirror(
            board,
            &MirrorParams {
                degrees: r.degrees,
                through: pivot,
            },
        ),
        OpKind::Rotate => rotate(
            board,
            &RotateParams {
                degrees: r.degrees,
                about: pivot,
            },
        ),
        OpKind::Scale => scale(
            board,
            &ScaleParams {
                x: r.sx,
                y: r.sy,
                about: pivot,
            },
        ),
        OpKind::SymmetricMirror => symmetric_copy(
            board,
            &SymmetricParams {
                symmetry: Symmetry::Mirror { degrees: r.degrees },
                through: pivot,
            },
        ),
        OpKind::SymmetricRotate => symmetric_copy(
            board,
            &SymmetricParams {
                symmetry: Symmetry::Rotate { n: r.fold },
                through: Some(pivot.unwrap_or_else(|| board.mesh().bbox().min)),
            },
        ),
        OpKind::RelabelRows => relabel(board, &RelabelParams::Rows),
        OpKind::RelabelRings => relabel(board, &RelabelParams::Rings { about: pivot }),
    }
}

impl OperatorsPanel {
    fn request(&self, outline: Option<&[Point]>) -> Request {
        Request {
            kind: self.kind,
            rule: self.rule,
            retag: self.retag,
            clip_to: self.clip_to,
            disc: self.disc,
            degrees: self.degrees,
            sx: self.sx,
            sy: self.sy,
            fold: self.fold,
            regions: self.regions.clone(),
            pivot: self.pivot.clone(),
            outline: outline.map(<[Point]>::to_vec),
        }
    }

    /// The preview matching the board and the parameters, if computed.
    fn current(&self, revision: u64, request: &Request) -> Option<&Result<OpResult, OpError>> {
        self.preview
            .as_ref()
            .filter(|p| p.revision == revision && &p.request == request)
            .map(|p| &p.result)
    }

    /// The previewed result board, for drawing over the canvas.
    pub fn preview_board(&self, revision: u64) -> Option<&Board> {
        let p = self.preview.as_ref()?;
        (p.revision == revision)
            .then_some(&p.result)
            .and_then(|r| r.as_ref().ok())
            .map(|r| &r.board)
    }

    /// Draw the panel. `outline`: the closed outline of the Outline tool.
    /// Returns true when an operator was applied (the board changed).
    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace, outline: Option<&[Point]>) -> bool {
        ui.heading("Operators");
        let combo = egui::ComboBox::from_id_salt("operator_kind")
            .selected_text(self.kind.title())
            .width(ui.available_width() - 8.0)
            .show_ui(ui, |ui| {
                for k in OpKind::ALL {
                    ui.selectable_value(&mut self.kind, k, k.title())
                        .on_hover_text(k.description());
                }
            });
        combo
            .response
            .on_hover_text("The operator to apply to the board");
        ui.weak(self.kind.description());
        ui.add_space(4.0);
        self.form(ui, ws, outline);
        ui.separator();

        let board = ws.doc.board();
        let revision = ws.doc.revision();
        let request = self.request(outline);
        let small = board.face_count() <= PREVIEW_FACES;
        if small && self.current(revision, &request).is_none() {
            let result = run(board, &request);
            self.preview = Some(Preview {
                revision,
                request: request.clone(),
                result,
            });
        }
        if !small
            && self.current(revision, &request).is_none()
            && ui
                .button("Preview")
                .on_hover_text(format!(
                    "The board has more than {PREVIEW_FACES} faces: preview on demand"
                ))
                .clicked()
        {
            let result = run(board, &request);
            self.preview = Some(Preview {
                revision,
                request: request.clone(),
                result,
            });
        }
        let mut apply = false;
        match self.current(revision, &request) {
            Some(Ok(r)) => {
                ui.label(format!(
                    "Result: {} faces (now {})",
                    r.board.face_count(),
                    board.face_count()
                ));
                for n in &r.notes {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!("• {}", displayable(n))).weak(),
                        )
                        .wrap(),
                    );
                }
                apply = ui
                    .button(format!("Apply {}", self.kind.title()))
                    .on_hover_text("Replace the board by the result (one Undo takes it back)")
                    .clicked();
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, displayable(&e.to_string()));
                ui.add_enabled(
                    false,
                    egui::Button::new(format!("Apply {}", self.kind.title())),
                )
                .on_disabled_hover_text(displayable(&e.to_string()));
            }
            None => {
                ui.weak("No preview yet.");
            }
        }
        if apply {
            self.apply(ws, revision, &request);
            return true;
        }
        false
    }

    /// Put the previewed result in as one undoable edit and report its notes.
    fn apply(&mut self, ws: &mut Workspace, revision: u64, request: &Request) {
        let Some(Preview { result: Ok(r), .. }) = self
            .preview
            .take()
            .filter(|p| p.revision == revision && &p.request == request)
        else {
            return;
        };
        let title = self.kind.title();
        let faces = r.board.face_count();
        match ws.doc.apply(BoardEdit::ReplaceBoard {
            board: Box::new(r.board),
            what: title,
        }) {
            Ok(_) => {
                let mut text = format!("{title}: {faces} faces");
                if !r.notes.is_empty() {
                    text.push_str("; ");
                    text.push_str(&displayable(&r.notes.join("; ")));
                }
                ws.status.info(text);
            }
            Err(e) => ws.status.error(displayable(&format!("{title}: {e}"))),
        }
    }

    /// The parameters of the chosen operator.
    fn form(&mut self, ui: &mut egui::Ui, ws: &mut Workspace, outline: Option<&[Point]>) {
        let k = self.kind;
        if k.uses_outline() {
            if k == OpKind::Clip {
                ui.horizontal(|ui| {
                    ui.label("to");
                    ui.selectable_value(&mut self.clip_to, ClipTo::Drawn, "drawn outline");
                    ui.selectable_value(&mut self.clip_to, ClipTo::Disc, "disc");
                });
            }
            if k == OpKind::Clip && self.clip_to == ClipTo::Disc {
                ui.horizontal(|ui| {
                    let l = ui.label("radius");
                    ui.add(
                        egui::Slider::new(&mut self.disc, 0.1..=1.5)
                            .text("× half the board")
                            .max_decimals(2),
                    )
                    .labelled_by(l.id);
                });
            } else {
                match outline {
                    Some(pts) => {
                        ui.label(format!("Outline: {} corners (drawn)", pts.len()));
                    }
                    None => {
                        ui.colored_label(ui.visuals().warn_fg_color, "No closed outline yet.");
                    }
                }
                ws.button_with_text(ui, Command::SetTool(Tool::Outline), Ok(()), "Draw outline");
            }
            ui.horizontal(|ui| {
                ui.label("faces");
                for r in KeepRule::ALL {
                    let text = match r {
                        KeepRule::Centroid => "centroid inside",
                        KeepRule::Inside => "fully inside",
                    };
                    ui.selectable_value(&mut self.rule, r, text);
                }
            });
            if k == OpKind::Clip {
                ui.checkbox(&mut self.retag, "Tag the new sides")
                    .on_hover_text("Tag the result's boundary by the outline's sides");
            }
        }
        if matches!(k, OpKind::Mirror | OpKind::Rotate | OpKind::SymmetricMirror) {
            ui.horizontal(|ui| {
                let l = ui.label(if k == OpKind::Rotate {
                    "angle (°)"
                } else {
                    "line angle (°)"
                });
                ui.add(
                    egui::DragValue::new(&mut self.degrees)
                        .range(-360.0..=360.0)
                        .speed(1.0),
                )
                .labelled_by(l.id);
            });
        }
        if k == OpKind::Scale {
            ui.horizontal(|ui| {
                let l = ui.label("x");
                ui.add(
                    egui::DragValue::new(&mut self.sx)
                        .range(-100.0..=100.0)
                        .speed(0.05),
                )
                .labelled_by(l.id);
                let l = ui.label("y");
                ui.add(
                    egui::DragValue::new(&mut self.sy)
                        .range(-100.0..=100.0)
                        .speed(0.05),
                )
                .labelled_by(l.id);
            });
        }
        if k == OpKind::SymmetricRotate {
            ui.horizontal(|ui| {
                let l = ui.label("n-fold");
                ui.add(egui::DragValue::new(&mut self.fold).range(2..=MAX_FOLD))
                    .labelled_by(l.id);
            });
        }
        if k == OpKind::Merge {
            ui.horizontal(|ui| {
                let l = ui.label("regions");
                ui.add(
                    egui::TextEdit::singleline(&mut self.regions)
                        .hint_text("all")
                        .desired_width(120.0),
                )
                .labelled_by(l.id)
                .on_hover_text("Region numbers to merge, e.g. 1 2 (empty: every region)");
            });
        }
        if matches!(
            k,
            OpKind::Mirror
                | OpKind::Rotate
                | OpKind::Scale
                | OpKind::SymmetricMirror
                | OpKind::SymmetricRotate
                | OpKind::RelabelRings
        ) {
            let default = match k {
                OpKind::SymmetricMirror => "against the board",
                OpKind::SymmetricRotate => "the box's lowest corner",
                _ => "the board's centre",
            };
            ui.horizontal(|ui| {
                let l = ui.label(if matches!(k, OpKind::Mirror | OpKind::SymmetricMirror) {
                    "through x,y"
                } else {
                    "about x,y"
                });
                ui.add(
                    egui::TextEdit::singleline(&mut self.pivot)
                        .hint_text(default)
                        .desired_width(120.0),
                )
                .labelled_by(l.id);
            });
        }
    }

    /// Draw the previewed result's edges over the board.
    pub fn paint(&self, p: &PaintCx, revision: u64) {
        let Some(b) = self.preview_board(revision) else {
            return;
        };
        let stroke = Stroke::new(1.5, PREVIEW.gamma_multiply(0.85));
        for e in b.mesh().edge_ids() {
            crate::app::canvas::paint_edge(p.painter, b, &p.view, p.rect, e, stroke);
        }
    }
}
