//! The inspector (right side panel): shows and edits the selected face, edge or
//! vertex — or the board's own details when nothing is selected. Every change is a
//! [`BoardEdit`]; typing into a field and dragging a value coalesce into one undo
//! step per field while the selection stays the same.

use super::snap::Pick;
use super::tools::{KeyGen, fmt_num};
use crate::app::kind_name;
use crate::app::workspace::Workspace;
use crate::board::{FaceKind, Rgba, SideTag};
use crate::edit::{BoardEdit, EditError};
use crate::mesh::Point;
use eframe::egui;
use egui::{Color32, RichText};
use rustc_hash::FxHashMap;

#[derive(Debug, Default)]
pub struct Inspector {
    /// The selection the buffers and keys below belong to.
    shown: Option<Pick>,
    label: String,
    other_kind: String,
    name: String,
    description: String,
    /// Undo-coalescing key per field for the current selection.
    keys: FxHashMap<&'static str, u64>,
    /// The field whose last edit was refused (shown in red).
    refused: Option<&'static str>,
}

const KINDS: [(&str, FaceKind); 4] = [
    ("cell", FaceKind::Cell),
    ("blocked", FaceKind::Blocked),
    ("fixed region", FaceKind::FixedRegion),
    ("garden", FaceKind::Garden),
];

impl Inspector {
    fn key(&mut self, kg: &mut KeyGen, field: &'static str) -> u64 {
        *self.keys.entry(field).or_insert_with(|| kg.fresh())
    }

    /// Apply an edit from `field`, coalescing with earlier edits of the same field.
    fn apply(
        &mut self,
        ws: &mut Workspace,
        kg: &mut KeyGen,
        field: &'static str,
        edit: BoardEdit,
    ) -> Result<(), EditError> {
        let key = self.key(kg, field);
        let what = edit.describe();
        match ws.doc.apply_coalescing(edit, key) {
            Ok(out) => {
                if self.refused == Some(field) {
                    self.refused = None;
                }
                let notes = out.notes();
                if !notes.is_empty() {
                    ws.status.info(notes.join("; "));
                }
                Ok(())
            }
            Err(e) => {
                self.refused = Some(field);
                ws.status.error(format!("cannot {what}: {e}"));
                Err(e)
            }
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        ws: &mut Workspace,
        selection: &mut Option<Pick>,
        kg: &mut KeyGen,
    ) {
        if self.shown != *selection {
            self.shown = *selection;
            self.keys.clear();
            self.refused = None;
        }
        ui.heading("Inspector");
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| match *selection {
            Some(p) if p.exists(ws.doc.board()) => match p {
                Pick::Face(f) => self.face_ui(ui, ws, f, kg),
                Pick::Edge(e) => self.edge_ui(ui, ws, e, kg),
                Pick::Vertex(v) => self.vertex_ui(ui, ws, v, kg),
            },
            _ => self.board_ui(ui, ws, kg),
        });
    }

    fn text_field(
        &mut self,
        ui: &mut egui::Ui,
        label: &str,
        field: &'static str,
        current: &str,
        multiline: bool,
    ) -> Option<String> {
        let lr = ui.label(label);
        let refused = self.refused == Some(field);
        let buf = match field {
            "label" => &mut self.label,
            "other_kind" => &mut self.other_kind,
            "name" => &mut self.name,
            _ => &mut self.description,
        };
        let id = ui.make_persistent_id(("inspector", field));
        let focused = ui.memory(|m| m.has_focus(id));
        if !focused && !refused {
            current.clone_into(buf);
        }
        let mut te = if multiline {
            egui::TextEdit::multiline(buf).desired_rows(3)
        } else {
            egui::TextEdit::singleline(buf)
        }
        .id(id)
        .desired_width(f32::INFINITY);
        if refused {
            te = te.text_color(ui.visuals().error_fg_color);
        }
        let r = ui.add(te).labelled_by(lr.id);
        if r.lost_focus() && refused {
            // Leaving a refused value: show the board's value again.
            self.refused = None;
        }
        (r.changed() && buf != current).then(|| buf.clone())
    }

    fn face_ui(
        &mut self,
        ui: &mut egui::Ui,
        ws: &mut Workspace,
        f: crate::mesh::FaceId,
        kg: &mut KeyGen,
    ) {
        let board = ws.doc.board();
        ui.label(RichText::new(format!("Face #{}", f.0)).strong());
        ui.label(format!(
            "{} sides  ·  area {}",
            board.mesh().face_degree(f),
            fmt_num(board.mesh().face_area(f))
        ));
        if let Some(c) = board.coord(f) {
            ui.label(format!("grid position: {}", crate::app::grid_position(c)));
        }
        ui.add_space(4.0);

        let current = board.label(f).to_string();
        if let Some(new) = self.text_field(ui, "Label", "label", &current, false) {
            let _ = self.apply(
                ws,
                kg,
                "label",
                BoardEdit::SetLabel {
                    face: f,
                    label: new,
                },
            );
        }

        let kind = ws.doc.board().faces().kinds()[f.index()].clone();
        let lr = ui.label("Kind");
        let mut chosen: Option<FaceKind> = None;
        egui::ComboBox::from_id_salt("inspector_kind")
            .selected_text(kind_name(&kind))
            .show_ui(ui, |ui| {
                for (name, k) in KINDS.iter() {
                    if ui.selectable_label(kind == *k, *name).clicked() && kind != *k {
                        chosen = Some(k.clone());
                    }
                }
                let is_other = matches!(kind, FaceKind::Other(_));
                if ui.selectable_label(is_other, "other…").clicked() && !is_other {
                    chosen = Some(FaceKind::Other("other".into()));
                }
            })
            .response
            .labelled_by(lr.id);
        if let FaceKind::Other(name) = &kind {
            let name = name.clone();
            if let Some(new) = self.text_field(ui, "Kind name", "other_kind", &name, false) {
                if new.trim().is_empty() {
                    self.refused = Some("other_kind");
                    ws.status.error("a custom kind needs a name");
                } else {
                    chosen = Some(FaceKind::Other(new));
                }
            }
        }
        if let Some(k) = chosen {
            let _ = self.apply(ws, kg, "kind", BoardEdit::SetKind { face: f, kind: k });
        }

        ui.add_space(4.0);
        let colour = ws.doc.board().faces().colours()[f.index()];
        let mut own = colour.is_some();
        ui.horizontal(|ui| {
            if ui.checkbox(&mut own, "Own colour").changed() {
                let c = own.then_some(Rgba([0xc8, 0x8c, 0x50, 0xff]));
                let _ = self.apply(
                    ws,
                    kg,
                    "colour",
                    BoardEdit::SetColour { face: f, colour: c },
                );
            }
            if let Some(Rgba([r, g, b, a])) = colour {
                let mut c = Color32::from_rgba_unmultiplied(r, g, b, a);
                if egui::color_picker::color_edit_button_srgba(
                    ui,
                    &mut c,
                    egui::color_picker::Alpha::Opaque,
                )
                .changed()
                {
                    let rgba = Rgba(c.to_srgba_unmultiplied());
                    let _ = self.apply(
                        ws,
                        kg,
                        "colour",
                        BoardEdit::SetColour {
                            face: f,
                            colour: Some(rgba),
                        },
                    );
                }
            }
        });

        let region = ws.doc.board().faces().regions()[f.index()];
        let mut has_region = region.is_some();
        ui.horizontal(|ui| {
            if ui.checkbox(&mut has_region, "Region").changed() {
                let r = has_region.then_some(0);
                let _ = self.apply(
                    ws,
                    kg,
                    "region",
                    BoardEdit::SetRegion { face: f, region: r },
                );
            }
            if let Some(mut r) = region
                && ui
                    .add(egui::DragValue::new(&mut r).range(0..=u32::MAX))
                    .changed()
            {
                let _ = self.apply(
                    ws,
                    kg,
                    "region",
                    BoardEdit::SetRegion {
                        face: f,
                        region: Some(r),
                    },
                );
            }
        });

        ui.add_space(4.0);
        let piece = ws
            .doc
            .board()
            .setup()
            .pieces
            .iter()
            .find(|(g, _)| *g == f)
            .map(|&(_, p)| p);
        ui.label("Start piece");
        ui.horizontal(|ui| {
            for (text, value) in [("none", None), ("player 1", Some(0)), ("player 2", Some(1))] {
                if ui.selectable_label(piece == value, text).clicked() && piece != value {
                    let _ = self.apply(
                        ws,
                        kg,
                        "piece",
                        BoardEdit::SetStartPiece {
                            face: f,
                            player: value,
                        },
                    );
                }
            }
        });
    }

    fn edge_ui(
        &mut self,
        ui: &mut egui::Ui,
        ws: &mut Workspace,
        e: crate::mesh::EdgeId,
        kg: &mut KeyGen,
    ) {
        let board = ws.doc.board();
        let mesh = board.mesh();
        let (a, b) = mesh.edge_segment(e);
        ui.label(RichText::new(format!("Edge #{}", e.0)).strong());
        ui.label(format!(
            "from ({}, {}) to ({}, {})",
            fmt_num(a.x),
            fmt_num(a.y),
            fmt_num(b.x),
            fmt_num(b.y)
        ));
        ui.label(format!("length {}", fmt_num(a.distance(b))));
        let (l, r) = mesh.edge_faces(e);
        match r {
            Some(r) => ui.label(format!(
                "between faces {} and {}",
                board.face_name(l),
                board.face_name(r)
            )),
            None => ui.label(format!("boundary of face {}", board.face_name(l))),
        };
        ui.add_space(4.0);
        if !mesh.is_boundary_edge(e) {
            ui.label("Interior edge: only boundary edges carry a side tag.");
            return;
        }
        let tag = board.side_tag(e);
        let lr = ui.label("Side tag");
        let mut chosen = None;
        egui::ComboBox::from_id_salt("inspector_side")
            .selected_text(tag.map_or("none", SideTag::name))
            .show_ui(ui, |ui| {
                let options = [None].into_iter().chain(SideTag::ALL.into_iter().map(Some));
                for t in options {
                    if ui
                        .selectable_label(tag == t, t.map_or("none", SideTag::name))
                        .clicked()
                        && tag != t
                    {
                        chosen = Some(t);
                    }
                }
            })
            .response
            .labelled_by(lr.id);
        if let Some(t) = chosen {
            let _ = self.apply(ws, kg, "tag", BoardEdit::SetSideTag { edge: e, tag: t });
        }
    }

    fn vertex_ui(
        &mut self,
        ui: &mut egui::Ui,
        ws: &mut Workspace,
        v: crate::mesh::VertexId,
        kg: &mut KeyGen,
    ) {
        let board = ws.doc.board();
        let mesh = board.mesh();
        let p = mesh.position(v);
        ui.label(RichText::new(format!("Vertex #{}", v.0)).strong());
        let faces: Vec<String> = mesh.vertex_faces(v).map(|f| board.face_name(f)).collect();
        ui.label(format!(
            "{}  ·  corner of {}",
            crate::app::count(mesh.vertex_edges(v).count(), "edge"),
            faces.join(", ")
        ));
        if mesh.is_boundary_vertex(v) {
            ui.label("on the boundary");
        }
        // Dragging the value by one point moves the vertex by 1/200 of its shortest edge.
        let shortest = mesh
            .vertex_edges(v)
            .map(|e| {
                let (a, b) = mesh.edge_segment(e);
                a.distance(b)
            })
            .fold(f64::INFINITY, f64::min);
        let speed = if shortest.is_finite() {
            (shortest / 200.0).max(1e-6)
        } else {
            0.01
        };
        let (mut x, mut y) = (p.x, p.y);
        let mut changed = false;
        egui::Grid::new("inspector_vertex").show(ui, |ui| {
            let lx = ui.label("x");
            changed |= ui
                .add(egui::DragValue::new(&mut x).speed(speed).max_decimals(6))
                .labelled_by(lx.id)
                .changed();
            ui.end_row();
            let ly = ui.label("y");
            changed |= ui
                .add(egui::DragValue::new(&mut y).speed(speed).max_decimals(6))
                .labelled_by(ly.id)
                .changed();
            ui.end_row();
        });
        if changed && Point::new(x, y) != p {
            let _ = self.apply(
                ws,
                kg,
                "position",
                BoardEdit::MoveVertex {
                    vertex: v,
                    to: Point::new(x, y),
                },
            );
        }
        if self.refused == Some("position") {
            ui.colored_label(
                ui.visuals().error_fg_color,
                "refused: the vertex stays where it was",
            );
        }
    }

    fn board_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace, kg: &mut KeyGen) {
        let board = ws.doc.board();
        ui.label(RichText::new("Board").strong());
        ui.label(format!(
            "{}  ·  {}  ·  {}",
            crate::app::count(board.mesh().face_count(), "face"),
            crate::app::count(board.mesh().edge_count(), "edge"),
            crate::app::count(board.mesh().vertex_count(), "vertex")
        ));
        ui.label(format!("{} start pieces", board.setup().pieces.len()));
        ui.add_space(4.0);
        let meta = board.meta().clone();
        if let Some(name) = self.text_field(ui, "Name", "name", &meta.name, false) {
            let mut m = meta.clone();
            m.name = name;
            let _ = self.apply(ws, kg, "name", BoardEdit::SetMeta(m));
        }
        let meta = ws.doc.board().meta().clone();
        if let Some(d) = self.text_field(ui, "Description", "description", &meta.description, true)
        {
            let mut m = meta;
            m.description = d;
            let _ = self.apply(ws, kg, "description", BoardEdit::SetMeta(m));
        }
        let unlabelled = ws
            .doc
            .board()
            .faces()
            .labels()
            .iter()
            .filter(|l| l.is_empty())
            .count();
        if unlabelled > 0 {
            ui.add_space(4.0);
            ui.label(if unlabelled == 1 {
                "1 face has no label".to_string()
            } else {
                format!("{unlabelled} faces have no label")
            });
            if ui
                .button("Label unlabelled faces")
                .on_hover_text("Give them labels f1, f2, … in reading order (top row first)")
                .clicked()
            {
                label_unlabelled(ws);
            }
        }
        ui.add_space(8.0);
        ui.weak("Select a face, edge or vertex (Select tool, V) to edit it.");
    }
}

/// Most faces "Label unlabelled faces" handles at once (each label is checked
/// against every other label).
pub const MAX_AUTO_LABELS: usize = 20_000;

/// New labels `f1`, `f2`, … for the faces without one, in reading order (top row
/// first, left to right), skipping labels already in use.
pub fn auto_labels(board: &crate::board::Board) -> Vec<(crate::mesh::FaceId, String)> {
    let mesh = board.mesh();
    let mut faces: Vec<(crate::mesh::FaceId, Point)> = mesh
        .face_ids()
        .filter(|&f| board.label(f).is_empty())
        .map(|f| (f, mesh.face_centroid(f)))
        .collect();
    // Rows: centroids within a fraction of the typical face size count as one row.
    let size = faces
        .iter()
        .map(|&(f, _)| mesh.face_area(f).sqrt())
        .fold(0.0, f64::max)
        .max(1e-12);
    let row = |p: Point| (-p.y / (size * 0.5)).round() as i64;
    faces.sort_by(|a, b| {
        row(a.1)
            .cmp(&row(b.1))
            .then(a.1.x.total_cmp(&b.1.x))
            .then(a.0.cmp(&b.0))
    });
    let used: rustc_hash::FxHashSet<String> = board
        .faces()
        .labels()
        .iter()
        .map(|l| l.as_str().to_lowercase())
        .collect();
    let mut n = 0u64;
    faces
        .into_iter()
        .map(|(f, _)| {
            loop {
                n += 1;
                let l = format!("f{n}");
                if !used.contains(&l) {
                    break (f, l);
                }
            }
        })
        .collect()
}

/// Label every unlabelled face (one undo step), reporting in the status bar.
pub fn label_unlabelled(ws: &mut Workspace) {
    let todo = auto_labels(ws.doc.board());
    if todo.len() > MAX_AUTO_LABELS {
        ws.status.error(format!(
            "{} faces have no label; labelling more than {MAX_AUTO_LABELS} at once is not supported here",
            todo.len()
        ));
        return;
    }
    let n = todo.len();
    ws.doc.begin_group();
    let mut failed = None;
    for (face, label) in todo {
        if let Err(e) = ws.doc.apply(BoardEdit::SetLabel { face, label }) {
            failed = Some(e);
            break;
        }
    }
    ws.doc.end_group();
    match failed {
        None => ws
            .status
            .info(format!("labelled {}", crate::app::count(n, "face"))),
        Some(e) => ws.status.error(format!("cannot label the faces: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn auto_labels_follow_reading_order_and_skip_used_labels() {
        // Only the bottom-left face has a label, and keeps it.
        let b = crate::board::BoardBuilder::from_mesh(presets::square_grid(2, 2).mesh().clone())
            .faces(["F2", "", "", ""].map(|l| crate::board::FaceData {
                label: l.into(),
                ..Default::default()
            }))
            .build()
            .unwrap();
        let labels = auto_labels(&b);
        let name = |i: u32| {
            labels
                .iter()
                .find(|(f, _)| f.0 == i)
                .map(|(_, l)| l.as_str())
        };
        // Faces: 0 bottom-left, 1 bottom-right, 2 top-left, 3 top-right.
        assert_eq!(name(2), Some("f1"));
        assert_eq!(name(3), Some("f3"), "f2 is taken");
        assert_eq!(name(1), Some("f4"));
        assert_eq!(name(0), None);
    }
}
