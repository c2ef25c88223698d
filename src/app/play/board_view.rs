//! Drawing a game on the canvas: pieces (stones, or pegs in holes, as the game's
//! registry entry says), links, faces reserved for one player tinted in his
//! colour, the last move, legal-move and destination markers, the selection, the
//! hovered face (legal or not), the engine's suggestion and the evidence of a
//! finished game. What to draw is asked of the game, never decided by its kind.

use super::super::canvas::{Canvas, paint_face};
use super::super::view::View;
use super::{PlayPanel, computer};
use crate::app::workspace::Workspace;
use crate::board::Board;
use crate::game::registry::PieceStyle;
use crate::game::{Click, DynGame, PositionView};
use crate::mesh::FaceId;
use crate::rules::{Outcome, Player};
use eframe::egui::{self, Color32, CursorIcon, Pos2, Rect, Stroke};

/// Gold used for the evidence of a win.
pub const EVIDENCE: Color32 = Color32::from_rgb(0xff, 0xb3, 0x00);
/// Legal-move and destination markers.
pub const LEGAL: Color32 = Color32::from_rgb(0x1f, 0x9d, 0x55);
/// The hovered face when a click there would do nothing.
pub const ILLEGAL: Color32 = Color32::from_rgb(0xd0, 0x20, 0x20);
/// The engine's suggestion.
pub const HINT: Color32 = Color32::from_rgb(0x8e, 0x24, 0xaa);

/// The position being shown (live or previewed), in the form the painter needs.
#[derive(Clone, Debug, Default)]
pub struct Scene {
    pub ply: usize,
    /// Occupied faces and their owners.
    pub pieces: Vec<(FaceId, Player)>,
    /// The owner of each face's piece, indexed by face.
    pub owner: Vec<Option<Player>>,
    pub links: Vec<(FaceId, FaceId, Player)>,
    pub outcome: Option<Outcome>,
    pub to_move: Option<Player>,
    /// Faces the last move changed (placed, moved from, moved to, captured).
    pub last_changed: Vec<FaceId>,
    pub last_move: Option<String>,
}

impl Scene {
    /// The position after `ply` recorded moves of `game`.
    pub fn of(game: &dyn DynGame, ply: usize) -> Option<Scene> {
        let v = game.preview(ply)?;
        let before = ply.checked_sub(1).and_then(|p| game.preview(p));
        Some(Scene::from_view(v, before.as_ref()))
    }

    fn from_view(v: PositionView, before: Option<&PositionView>) -> Scene {
        let pieces = v
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (FaceId::from_index(i), p)))
            .collect();
        let last_changed = before
            .map(|b| {
                v.pieces
                    .iter()
                    .zip(&b.pieces)
                    .enumerate()
                    .filter(|(_, (a, b))| a != b)
                    .map(|(i, _)| FaceId::from_index(i))
                    .collect()
            })
            .unwrap_or_default();
        Scene {
            ply: v.ply,
            pieces,
            owner: v.pieces,
            links: v.links,
            outcome: v.outcome,
            to_move: v.to_move,
            last_changed,
            last_move: v.last_move,
        }
    }

    pub fn piece_at(&self, f: FaceId) -> Option<Player> {
        self.owner.get(f.index()).copied().flatten()
    }
}

/// Everything drawn over the board in one frame.
pub struct Overlay<'a> {
    pub scene: &'a Scene,
    pub pieces: PieceStyle,
    pub colours: [Color32; 2],
    /// Faces to mark as legal moves ("Show legal moves").
    pub legal: &'a [FaceId],
    /// Destinations of the selected piece.
    pub destinations: &'a [FaceId],
    pub selected: Option<FaceId>,
    /// The hovered face and whether a click there does something.
    pub hover: Option<(FaceId, bool)>,
    /// The engine's suggested move (faces) for the player to move.
    pub hint: Option<(&'a [FaceId], Player)>,
}

/// A colour between `a` (t = 0) and `b` (t = 1).
pub fn mix(a: Color32, b: Color32, t: f32) -> Color32 {
    let l = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(l(a.r(), b.r()), l(a.g(), b.g()), l(a.b(), b.b()))
}

/// How much of a board's own face colour shows under the pieces in Play.
pub const FACE_TINT: f32 = 0.4;

/// Piece colours closer than this (RGB distance) to a face fill clash with it.
pub const CLASH: f32 = 90.0;

/// The distance between two colours in RGB space.
pub fn colour_distance(a: Color32, b: Color32) -> f32 {
    let d = |x: u8, y: u8| (x as f32 - y as f32).powi(2);
    (d(a.r(), b.r()) + d(a.g(), b.g()) + d(a.b(), b.b())).sqrt()
}

/// The piece colours to play with on a board whose faces show `tints`: each
/// colour that comes closer than [`CLASH`] to a tint is replaced by the
/// candidate (black, white, then strong colours) farthest from every tint and
/// from the other player's colour.
pub fn clash_free(colours: [Color32; 2], tints: &[Color32]) -> [Color32; 2] {
    let nearest = |c: Color32| {
        tints
            .iter()
            .map(|&t| colour_distance(c, t))
            .fold(f32::INFINITY, f32::min)
    };
    let mut out = colours;
    for i in 0..2 {
        if nearest(out[i]) >= CLASH {
            continue;
        }
        let other = out[1 - i];
        let candidates = [
            Color32::from_rgb(0x1e, 0x1e, 0x1e),
            Color32::from_rgb(0xfa, 0xfa, 0xf6),
            Color32::from_rgb(0xd0, 0x30, 0x30),
            Color32::from_rgb(0x2b, 0x5f, 0xc8),
            Color32::from_rgb(0x1e, 0x8c, 0x3c),
            Color32::from_rgb(0xf0, 0xc0, 0x20),
            Color32::from_rgb(0x8e, 0x24, 0xaa),
        ];
        if let Some(best) = candidates
            .into_iter()
            .filter(|&c| colour_distance(c, other) >= CLASH)
            .max_by(|&a, &b| nearest(a).total_cmp(&nearest(b)))
        {
            out[i] = best;
        }
    }
    out
}

/// Black or white, whichever reads better on `fill`.
pub fn text_on(fill: Color32) -> Color32 {
    let l = 0.299 * fill.r() as f32 + 0.587 * fill.g() as f32 + 0.114 * fill.b() as f32;
    if l > 150.0 {
        Color32::from_rgb(0x18, 0x18, 0x18)
    } else {
        Color32::WHITE
    }
}

/// An outline that stands out against a piece of colour `c`.
fn outline_for(c: Color32) -> Color32 {
    if text_on(c) == Color32::WHITE {
        Color32::from_rgb(0x10, 0x10, 0x10)
    } else {
        Color32::from_rgb(0x40, 0x40, 0x40)
    }
}

fn spot(canvas: &Canvas, f: FaceId) -> Option<(Pos2, f32)> {
    canvas.face_spot(f).filter(|(_, r)| r.is_finite())
}

/// Paint the overlay on `painter` (clipped to the canvas).
pub fn paint(
    painter: &egui::Painter,
    canvas: &Canvas,
    board: &Board,
    view: &View,
    rect: Rect,
    o: &Overlay<'_>,
) {
    let clip = painter.clip_rect();
    let visible = |p: Pos2, r: f32| clip.expand(r + 4.0).contains(p);
    let pegs = o.pieces == PieceStyle::Peg;

    // Evidence faces under everything else.
    if let Some(out) = &o.scene.outcome {
        let ev = &out.evidence;
        let winner = out.winner.map(|w| o.colours[w as usize & 1]);
        for &f in &ev.faces {
            paint_face(
                painter,
                board,
                view,
                rect,
                f,
                EVIDENCE.gamma_multiply(0.45),
                Stroke::new(3.0, EVIDENCE),
            );
        }
        for &f in &ev.ring {
            paint_face(
                painter,
                board,
                view,
                rect,
                f,
                Color32::TRANSPARENT,
                Stroke::new(3.0, winner.map_or(EVIDENCE, |c| mix(c, EVIDENCE, 0.5))),
            );
        }
    }

    // Destinations and legal moves.
    let marker = |f: FaceId, strong: bool| {
        if let Some((p, r)) = spot(canvas, f)
            && visible(p, r)
        {
            // A translucent disc with a rim: the label stays readable through it.
            let rr = if strong { r * 0.6 } else { r * 0.5 };
            painter.circle(
                p,
                rr.max(3.0),
                LEGAL.gamma_multiply(if strong { 0.35 } else { 0.2 }),
                Stroke::new(if strong { 2.5 } else { 1.5 }, LEGAL),
            );
        }
    };
    for &f in o.legal {
        if o.scene.piece_at(f).is_some() {
            // A movable piece: ring around it.
            if let Some((p, r)) = spot(canvas, f) {
                painter.circle_stroke(p, r * 1.15, Stroke::new(2.0, LEGAL));
            }
        } else {
            marker(f, false);
        }
    }
    if let Some(s) = o.selected {
        paint_face(
            painter,
            board,
            view,
            rect,
            s,
            LEGAL.gamma_multiply(0.25),
            Stroke::new(3.0, LEGAL),
        );
    }

    // Peg holes (the labels mark them when they are shown).
    if pegs && !canvas.show_labels {
        for f in board.mesh().face_ids() {
            if o.scene.piece_at(f).is_none()
                && let Some((p, r)) = spot(canvas, f)
                && visible(p, r)
            {
                painter.circle_filled(p, (r * 0.18).max(1.0), Color32::from_gray(0x55));
            }
        }
    }

    // Links: a dark casing, then the owner's colour.
    for &(a, b, owner) in &o.scene.links {
        let (Some((pa, ra)), Some((pb, _))) = (spot(canvas, a), spot(canvas, b)) else {
            continue;
        };
        let w = (ra * 0.32).clamp(2.0, 14.0);
        let c = o.colours[owner as usize & 1];
        let on_evidence = o.scene.outcome.as_ref().is_some_and(|out| {
            out.evidence
                .links
                .iter()
                .any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b))
        });
        if on_evidence {
            painter.line_segment([pa, pb], Stroke::new(w + 6.0, EVIDENCE));
        }
        painter.line_segment([pa, pb], Stroke::new(w + 2.0, outline_for(c)));
        painter.line_segment([pa, pb], Stroke::new(w, c));
    }

    // Pieces (stones, or pegs).
    for &(f, owner) in &o.scene.pieces {
        let Some((p, r)) = spot(canvas, f) else {
            continue;
        };
        let r = if pegs { r * 0.55 } else { r };
        if !visible(p, r) || r < 0.5 {
            continue;
        }
        let c = o.colours[owner as usize & 1];
        painter.circle(
            p,
            r,
            c,
            Stroke::new((r * 0.08).clamp(1.0, 2.0), outline_for(c)),
        );
        if o.destinations.contains(&f) {
            // A capture: ring the piece that would be taken.
            painter.circle_stroke(p, r * 1.1, Stroke::new(3.0, LEGAL));
        }
    }
    for &f in o.destinations {
        if o.scene.piece_at(f).is_none() {
            marker(f, true);
        }
    }

    // The last move.
    for &f in &o.scene.last_changed {
        if let Some((p, r)) = spot(canvas, f)
            && visible(p, r)
        {
            let c = o.scene.piece_at(f).map_or(Color32::from_gray(0x80), |w| {
                text_on(o.colours[w as usize & 1])
            });
            painter.circle_stroke(p, (r * 0.3).max(2.0), Stroke::new(1.5, c));
        }
    }

    // The engine's suggestion: a ring on each face, an arrow for a movement.
    if let Some((faces, player)) = o.hint {
        let c = mix(o.colours[player as usize & 1], HINT, 0.5);
        let spots: Vec<(Pos2, f32)> = faces.iter().filter_map(|&f| spot(canvas, f)).collect();
        for &(p, r) in &spots {
            painter.circle_stroke(p, r * 1.05, Stroke::new(3.0, HINT));
            painter.circle_filled(p, r * 0.35, c.gamma_multiply(0.8));
        }
        if let [(a, _), (b, rb)] = spots[..] {
            painter.arrow(
                a,
                (b - a) * (1.0 - (rb * 0.4) / (b - a).length().max(1.0)),
                Stroke::new(3.0, HINT),
            );
        }
    }

    // The hovered face: green when a click there does something, red when not.
    if let Some((f, ok)) = o.hover {
        let c = if ok { LEGAL } else { ILLEGAL };
        paint_face(
            painter,
            board,
            view,
            rect,
            f,
            c.gamma_multiply(0.12),
            Stroke::new(2.5, c),
        );
    }
}

impl PlayPanel {
    /// The board with the game on it, and clicks on it.
    pub(super) fn board_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            self.canvas.show_setup = ws.settings.show_setup;
            let r = self.canvas.show(ui, ws.doc.board(), ws.doc.revision());
            ws.status.hover = r
                .hovered
                .map(|f| crate::app::face_description(ws.doc.board(), f));
            return;
        };
        let board = c.game.board().clone();
        let revision = c.revision;
        let pieces = c.game.entry().pieces;
        self.canvas.show_setup = false;
        // Face fills: the board's own face colours (a generator's sections) as
        // light tints under the pieces, and faces reserved for one player
        // (TwixT's border rows) tinted in his colour. A piece colour too close to
        // a tint is replaced, so pieces never vanish into the board.
        if self.fills_for != Some((revision, self.setup.colours)) {
            self.canvas.clear_face_fills();
            let cell = self.canvas.style.cell;
            let mut tints = Vec::new();
            for f in board.mesh().face_ids() {
                if let Some(crate::board::Rgba([r, g, b, _])) = board.colour(f) {
                    let t = mix(cell, Color32::from_rgb(r, g, b), FACE_TINT);
                    self.canvas.set_face_fill(&board, f, Some(t));
                    tints.push(t);
                }
            }
            self.setup.colours = clash_free(self.setup.colours, &tints);
            let colours = self.setup.colours;
            for (f, p) in c.game.reserved_faces() {
                self.canvas.set_face_fill(
                    &board,
                    f,
                    Some(mix(cell, colours[p as usize & 1], 0.35)),
                );
            }
            self.fills_for = Some((revision, colours));
        }
        let r = self.canvas.show(ui, &board, revision);
        let live = self.preview.is_none();
        let space = ui.input(|i| i.key_down(egui::Key::Space));
        // What a click on the hovered face would do.
        let hover = r.hovered.filter(|_| live && !r.panning && !space);
        let computer_to_move = self.current.as_ref().is_some_and(|c| {
            c.game
                .to_move()
                .is_some_and(|p| self.setup.seats[p as usize & 1].is_computer())
        });
        let answer = hover.and_then(|f| {
            let c = self.current.as_ref()?;
            if computer_to_move {
                return Some(Err("the computer is to move".to_string()));
            }
            let a = match &self.hover_cache {
                Some((hf, sel, a)) if *hf == f && *sel == self.selected => a.clone(),
                _ => {
                    let a = c.game.move_for_click(self.selected, f);
                    self.hover_cache = Some((f, self.selected, a.clone()));
                    a
                }
            };
            Some(a.map_err(|e| e.to_string()))
        });
        let ok = matches!(answer, Some(Ok(_)));
        if hover.is_some() {
            ui.ctx().set_cursor_icon(if ok {
                CursorIcon::PointingHand
            } else {
                CursorIcon::NotAllowed
            });
        }
        ws.status.hover = r.hovered.map(|f| {
            let mut s = crate::app::face_description(&board, f);
            match &answer {
                Some(Ok(Click::Play(m))) => {
                    let text = self
                        .current
                        .as_ref()
                        .and_then(|c| c.game.move_text(*m).ok())
                        .unwrap_or_default();
                    s.push_str(&format!("  ·  click to play {text}"))
                }
                Some(Ok(Click::Select(_))) => s.push_str("  ·  click to select"),
                Some(Ok(Click::Deselect)) => s.push_str("  ·  click to deselect"),
                Some(Err(why)) => s.push_str(&format!("  ·  {why}")),
                None => {}
            }
            s
        });
        let legal = if self.show_legal && live {
            self.legal.clone()
        } else {
            Vec::new()
        };
        // While a hint is being searched, its current best move is shown already.
        let searching = match self.computer.thinking() {
            Some((computer::Purpose::Hint(p), pr)) if !pr.best_faces.is_empty() => {
                Some((pr.best_faces.clone(), p))
            }
            _ => None,
        };
        let overlay = Overlay {
            scene: &self.scene,
            pieces,
            colours: self.setup.colours,
            legal: &legal,
            destinations: &self.destinations,
            selected: self.selected,
            hover: hover.map(|f| (f, ok)),
            hint: self
                .hint
                .as_ref()
                .map(|h| (h.faces.as_slice(), h.player))
                .or(searching.as_ref().map(|(f, p)| (f.as_slice(), *p)))
                .filter(|_| live),
        };
        let painter = ui.painter_at(r.rect);
        paint(&painter, &self.canvas, &board, &r.view, r.rect, &overlay);
        if r.response.clicked_by(egui::PointerButton::Primary)
            && !r.panning
            && !space
            && let Some(f) = r.hovered
        {
            self.click(ws, f);
        }
    }
}
