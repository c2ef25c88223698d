//! Editor mode: the toolbar, the tools (one file each), the inspector and the
//! validation panel. Tools turn clicks and drags into [`crate::edit::BoardEdit`]
//! commands applied through [`super::workspace::Document`].
//!
//! Each frame: the toolbar, inspector and problem list are drawn, the canvas shows
//! the board, the active tool gets the canvas input, and the overlays (selection,
//! snap target, polygon in progress, hovered vertex or edge) are painted on top.
//! The editor's keys (tool shortcuts, Delete, Esc, Enter, Backspace) and its
//! toolbar buttons are [`Command`]s: the app carries them out at the end of the
//! frame through [`EditorPanel::set_tool`], [`EditorPanel::cancel`],
//! [`EditorPanel::close_polygon`], [`EditorPanel::remove_corner`] and
//! [`EditorPanel::delete_selected`], after asking [`EditorPanel::availability`].

pub mod inspector;
pub mod operators;
pub mod snap;
pub mod tools;
pub mod validation;

use super::canvas::Canvas;
use super::command::Command;
use super::view::View;
use super::workspace::Workspace;
use crate::board::Board;
use crate::mesh::Aabb;
use eframe::egui;
use egui::PointerButton;
use snap::{Pick, SNAP_PIXELS};
use tools::{Click, KeyGen, PaintCx, SELECT, ToolCx};

pub use super::vocabulary::Tool;

/// Height of one toolbar row: a button's.
fn toolbar_row_height(ui: &egui::Ui) -> f32 {
    let s = ui.spacing();
    s.interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Button) + 2.0 * s.button_padding.y)
}

pub struct EditorPanel {
    canvas: Canvas,
    pub tool: Tool,
    pub selection: Option<Pick>,
    pub draw: tools::draw::Draw,
    pub move_vertex: tools::move_vertex::MoveVertex,
    pub split: tools::split::Split,
    pub merge: tools::merge::Merge,
    pub tag_side: tools::tag_side::TagSide,
    pub start_pieces: tools::start_pieces::StartPieces,
    pub outline: tools::outline::Outline,
    pub operators: operators::OperatorsPanel,
    /// Whether the Operators panel is shown.
    pub show_operators: bool,
    select: tools::select::Select,
    delete: tools::delete::Delete,
    inspector: inspector::Inspector,
    pub validation: validation::ValidationPanel,
    keys: KeyGen,
    started: bool,
    /// The document revision when this panel last finished a frame.
    seen_revision: Option<u64>,
    show_inspector: bool,
}

impl Default for EditorPanel {
    fn default() -> Self {
        EditorPanel::new()
    }
}

impl EditorPanel {
    pub fn new() -> EditorPanel {
        EditorPanel {
            canvas: Canvas::with_callers_index(),
            tool: Tool::Select,
            selection: None,
            draw: Default::default(),
            move_vertex: Default::default(),
            split: Default::default(),
            merge: Default::default(),
            tag_side: Default::default(),
            start_pieces: Default::default(),
            outline: Default::default(),
            operators: Default::default(),
            show_operators: false,
            select: Default::default(),
            delete: Default::default(),
            inspector: Default::default(),
            validation: Default::default(),
            keys: KeyGen::default(),
            started: false,
            seen_revision: None,
            show_inspector: true,
        }
    }

    pub fn canvas_mut(&mut self) -> &mut Canvas {
        &mut self.canvas
    }

    /// Switch tools, dropping the half-done work of the previous one.
    pub fn set_tool(&mut self, tool: Tool, ws: &mut Workspace) {
        if tool == self.tool {
            return;
        }
        if self.draw.cancel() {
            ws.status.info("polygon in progress dropped");
        }
        self.split.cancel();
        self.merge.cancel();
        if self.outline.is_active() {
            self.outline.cancel();
            ws.status.info("outline in progress dropped");
        }
        if tool == Tool::Outline {
            self.show_operators = true;
        }
        self.tool = tool;
    }

    fn hint(&self) -> String {
        match self.tool {
            Tool::Select => self.select.hint(),
            Tool::Draw => self.draw.hint(),
            Tool::Move => self.move_vertex.hint(),
            Tool::Delete => self.delete.hint(),
            Tool::Split => self.split.hint(),
            Tool::Merge => self.merge.hint(),
            Tool::TagSide => self.tag_side.hint(),
            Tool::StartPieces => self.start_pieces.hint(),
            Tool::Outline => self.outline.hint(),
        }
    }

    /// Zoom the view to a board box (a problem's place), centred on it with some
    /// of its surroundings, but never wider than `board` (the board's box).
    pub fn zoom_to(&mut self, at: Aabb, board: Aabb) {
        let Some(rect) = self.canvas.last_rect() else {
            return;
        };
        // Some of the surroundings for context, centred on the place, but
        // never showing more than the board's size: a problem of the whole
        // board fits the board.
        let size = at.width().max(at.height());
        let room = (board.width().max(board.height()) - size).max(0.0) / 2.0;
        let pad = (size * 0.75).min(room).max(1e-6);
        let b = Aabb {
            min: crate::mesh::Point::new(at.min.x - pad, at.min.y - pad),
            max: crate::mesh::Point::new(at.max.x + pad, at.max.y + pad),
        };
        self.canvas.view = View::fit(rect, b, 24.0);
    }

    /// Whether the editor command `c` can run now, and if not why.
    pub fn availability(&self, c: &Command, board: &Board) -> Result<(), String> {
        match c {
            Command::SetTool(_) if self.move_vertex.is_dragging() => {
                Err("Finish dragging the vertex first".into())
            }
            Command::Delete => match self.selection {
                Some(Pick::Face(f)) if f.index() < board.face_count() => Ok(()),
                Some(_) => Err("Delete removes a selected face; select a face first".into()),
                None => Err("Nothing selected to delete".into()),
            },
            Command::Cancel => {
                let half_done = match self.tool {
                    Tool::Draw => self.draw.is_active(),
                    Tool::Split => self.split.first.is_some(),
                    Tool::Merge => self.merge.first.is_some(),
                    Tool::Outline => !self.outline.points.is_empty(),
                    _ => false,
                };
                if half_done || self.selection.is_some() {
                    Ok(())
                } else {
                    Err("Nothing to cancel".into())
                }
            }
            Command::ClosePolygon | Command::RemoveCorner => {
                if (self.tool == Tool::Draw && self.draw.is_active())
                    || (self.tool == Tool::Outline && self.outline.is_active())
                {
                    Ok(())
                } else {
                    Err("No polygon is being drawn".into())
                }
            }
            _ => Ok(()),
        }
    }

    /// Esc: drop the half-done polygon, split or merge, else the selection.
    pub fn cancel(&mut self, ws: &mut Workspace) {
        let cancelled = match self.tool {
            Tool::Draw => self.draw.cancel(),
            Tool::Split => self.split.cancel(),
            Tool::Merge => self.merge.cancel(),
            Tool::Outline => self.outline.cancel(),
            _ => false,
        };
        if cancelled {
            ws.status.info("cancelled");
        } else if self.selection.take().is_some() {
            ws.status.info("selection cleared");
        }
    }

    /// Enter: close the polygon being drawn.
    pub fn close_polygon(&mut self, ws: &mut Workspace) {
        if self.tool == Tool::Draw && self.draw.is_active() {
            self.draw.close(ws, &mut self.selection);
        } else if self.tool == Tool::Outline && self.outline.is_active() {
            self.outline.close(ws);
        }
    }

    /// Backspace: remove the last corner of the polygon being drawn.
    pub fn remove_corner(&mut self, ws: &mut Workspace) {
        match self.tool {
            Tool::Draw => self.draw.pop(ws),
            Tool::Outline => self.outline.pop(ws),
            _ => {}
        }
    }

    /// Delete: delete the selected face.
    pub fn delete_selected(&mut self, ws: &mut Workspace) {
        if let Some(Pick::Face(f)) = self.selection
            && f.index() < ws.doc.board().face_count()
            && tools::delete::delete_face(ws, f)
        {
            self.selection = None;
        }
    }

    /// The toolbar: two rows of fixed height that never wrap, so the canvas under
    /// them never moves. The first row has the tools, Undo / Redo, grid snapping
    /// and the inspector switch; the second the current tool's options (the side
    /// to tag, the player to place) or what the tool does.
    fn toolbar(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let row = toolbar_row_height(ui);
        ui.horizontal(|ui| {
            ui.set_height(row);
            for t in Tool::ALL {
                ws.selectable(ui, Command::SetTool(t), self.tool == t);
            }
            ui.separator();
            let undo = ws.doc.undo_availability();
            ws.button(ui, Command::Undo, undo);
            let redo = ws.doc.redo_availability();
            ws.button(ui, Command::Redo, redo);
            ui.separator();
            ui.checkbox(&mut ws.settings.grid_snap, "Grid snap")
                .on_hover_text("Snap new corners and moved vertices to a square grid");
            let lr = ui.label("size");
            ui.add_enabled(
                ws.settings.grid_snap,
                egui::DragValue::new(&mut ws.settings.grid_size)
                    .range(0.001..=1000.0)
                    .speed(0.05)
                    .max_decimals(3),
            )
            .labelled_by(lr.id)
            .on_hover_text("Grid spacing in board units");
            if !(ws.settings.grid_size.is_finite() && ws.settings.grid_size > 0.0) {
                ws.settings.grid_size = 1.0;
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.toggle_value(&mut self.show_inspector, "Inspector");
                ui.toggle_value(&mut self.show_operators, "Operators")
                    .on_hover_text("Dual, subdivide, merge, clip, hole, mirror, rotate, scale, symmetric copy, relabel");
            });
        });
        ui.horizontal(|ui| {
            ui.set_height(row);
            ui.label(egui::RichText::new(format!("{}:", self.tool.name())).strong());
            match self.tool {
                Tool::TagSide => {
                    ui.label("tag clicked edges as");
                    let options = [
                        ("Top", Some(crate::board::SideTag::Top)),
                        ("Bottom", Some(crate::board::SideTag::Bottom)),
                        ("Left", Some(crate::board::SideTag::Left)),
                        ("Right", Some(crate::board::SideTag::Right)),
                        ("No tag", None),
                    ];
                    for (text, tag) in options {
                        ui.selectable_value(&mut self.tag_side.tag, tag, text);
                    }
                    ui.weak("·  Shift+click tags the whole run from the last edge");
                }
                Tool::StartPieces => {
                    ui.label("place pieces of");
                    ui.selectable_value(&mut self.start_pieces.player, 0, "Player 1");
                    ui.selectable_value(&mut self.start_pieces.player, 1, "Player 2");
                }
                t => {
                    ui.weak(t.description());
                }
            }
        });
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        if !self.started {
            self.started = true;
            if ws.doc.board().face_count() == 0 {
                self.tool = Tool::Draw;
            }
        }
        // The polygon an error was about is gone (closed, cancelled, another tool).
        if self.tool != Tool::Draw || !self.draw.is_active() {
            ws.status.resolve(super::workspace::Cause::Polygon);
            self.draw.crossed = None;
        }
        // A board replaced from outside (New, Open, the generator): drop what was
        // half-done on the old one. The chosen tool stays: the user picked it.
        let h = ws.doc.history();
        if self.seen_revision.is_some_and(|r| r != ws.doc.revision())
            && !h.can_undo()
            && !h.can_redo()
        {
            self.selection = None;
            self.draw.cancel();
            self.split.cancel();
            self.merge.cancel();
        }
        if self.selection.is_some_and(|p| !p.exists(ws.doc.board())) {
            self.selection = None;
        }

        let bar = 2.0 * toolbar_row_height(ui) + ui.spacing().item_spacing.y + 6.0;
        egui::Panel::top("editor_toolbar")
            .exact_size(bar)
            .show(ui, |ui| self.toolbar(ui, ws));
        if self.show_inspector {
            egui::Panel::right("editor_inspector")
                .resizable(true)
                .default_size(260.0)
                .show(ui, |ui| {
                    self.inspector
                        .ui(ui, ws, &mut self.selection, &mut self.keys)
                });
        }
        if self.show_operators {
            let outline = self.outline.closed().map(<[_]>::to_vec);
            egui::Panel::left("editor_operators")
                .resizable(true)
                .default_size(250.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        if self.operators.ui(ui, ws, outline.as_deref()) {
                            self.selection = None;
                        }
                    })
                });
        }
        // Also during a drag: an update follows the edit's size, and a list
        // left behind for more revisions than the document's journal holds
        // would have to be made from scratch.
        let now = ui.input(|i| i.time);
        if let Some(wait) = self
            .validation
            .refresh(ws.doc.board(), ws.doc.revision(), now, |r| {
                ws.doc.affected_since(r)
            })
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(wait.max(0.01)));
        }
        let stale = self.validation.is_stale(ws.doc.revision());
        let problems = self.validation.panel_height(ui);
        let clicked = egui::Panel::bottom("editor_problems")
            .exact_size(problems)
            .show(ui, |ui| self.validation.ui(ui, stale))
            .inner;
        if let Some(p) = clicked {
            if let Some(at) = p.at {
                self.zoom_to(at, ws.doc.board().mesh().bbox());
            }
            if let Some(f) = p.face.filter(|f| f.index() < ws.doc.board().face_count()) {
                self.selection = Some(Pick::Face(f));
            }
            ws.status.info(p.text.clone());
        }

        // After edits, re-tessellate and re-index only what they touched.
        self.canvas
            .prepare_after_edits(ws.doc.board(), ws.doc.revision(), |r| {
                ws.doc.affected_since(r)
            });
        let r = self.canvas.show_indexed(
            ui,
            ws.doc.board(),
            ws.doc.revision(),
            Some(ws.doc.face_index()),
        );
        let radius = SNAP_PIXELS / r.view.scale;
        let pointer = if r.panning { None } else { r.pointer_board };
        let click = if r.response.clicked_by(PointerButton::Primary) && !r.panning {
            // The release event carries the modifiers held at the click.
            let shift = ui.input(|i| {
                i.modifiers.shift
                    || i.events.iter().any(|e| {
                        matches!(e, egui::Event::PointerButton { pressed: false, modifiers, .. }
                            if modifiers.shift)
                    })
            });
            r.response.interact_pointer_pos().map(|p| Click {
                at: r.view.to_board(r.rect, p),
                shift,
            })
        } else {
            None
        };
        {
            let mut cx = ToolCx {
                ws,
                radius,
                pointer,
                click,
                response: &r.response,
                view: r.view,
                rect: r.rect,
                panning: r.panning,
                selection: &mut self.selection,
                keys: &mut self.keys,
            };
            match self.tool {
                Tool::Select => self.select.frame(&mut cx),
                Tool::Draw => self.draw.frame(&mut cx),
                Tool::Move => self.move_vertex.frame(&mut cx),
                Tool::Delete => self.delete.frame(&mut cx),
                Tool::Split => self.split.frame(&mut cx),
                Tool::Merge => self.merge.frame(&mut cx),
                Tool::TagSide => self.tag_side.frame(&mut cx),
                Tool::StartPieces => self.start_pieces.frame(&mut cx),
                Tool::Outline => self.outline.frame(&mut cx),
            }
        }

        // Overlays (the document's index follows every edit, also this frame's).
        let board = ws.doc.board();
        let painter = ui.painter_at(r.rect);
        let p = PaintCx {
            painter: &painter,
            board,
            view: r.view,
            rect: r.rect,
            index: ws.doc.face_index(),
            radius,
            pointer,
            grid: ws.settings.grid_snap.then_some(ws.settings.grid_size),
        };
        if let Some(sel) = self.selection {
            p.pick(sel, SELECT, 3.0);
        }
        match self.tool {
            Tool::Select => self.select.paint(&p),
            Tool::Draw => self.draw.paint(&p),
            Tool::Move => self.move_vertex.paint(&p),
            Tool::Delete => self.delete.paint(&p),
            Tool::Split => self.split.paint(&p),
            Tool::Merge => self.merge.paint(&p),
            Tool::TagSide => self.tag_side.paint(&p),
            Tool::StartPieces => self.start_pieces.paint(&p),
            Tool::Outline => {}
        }
        if self.show_operators {
            self.operators.paint(&p, ws.doc.revision());
        }
        self.outline.paint(&p, self.tool == Tool::Outline);

        // Status bar: the tool's hint and what is under the pointer.
        let index = p.index;
        let hover = match pointer {
            Some(at) => match self.tool {
                Tool::Select | Tool::Move | Tool::Split => {
                    snap::pick(board, index, at, radius).map(|k| tools::describe(board, k))
                }
                Tool::TagSide => snap::pick_boundary_edge(board, index, at, radius)
                    .map(|e| tools::describe(board, Pick::Edge(e))),
                _ => snap::pick_face(board, index, at).map(|f| super::face_description(board, f)),
            },
            _ => None,
        };
        ws.status.hover = hover;
        ws.status.hint = self.hint();
        self.seen_revision = Some(ws.doc.revision());
        if ws.doc.board().face_count() == 0 && self.draw.points.is_empty() {
            crate::app::start_card::start_card(ui, ws, r.rect);
        }
    }
}
