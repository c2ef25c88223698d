//! Drawing a game on the canvas: pieces (stones, or pegs in the holes of a plain
//! board, as the game's registry entry says), links, faces reserved for one
//! player (tinted in his colour, or fenced off by border lines in it when the
//! entry asks for them), the last move (a dot in the placed piece, or the
//! from/to faces of a movement tinted), move numbers, legal-move and destination
//! markers, the selection, the hovered face (legal or not), the engine's
//! suggestion, its search as a heat map and a line of numbered ghost pieces, and
//! the evidence of a finished game; coordinates along the edges of grid boards
//! come from [`super::coords`]. What to draw is asked of the game, never decided
//! by its kind.

use super::super::canvas::{Canvas, paint_face};
use super::super::view::View;
use super::coords::EdgeCoords;
use super::{PlayPanel, computer};
use crate::app::workspace::Workspace;
use crate::board::Board;
use crate::game::registry::PieceStyle;
use crate::game::{Click, DynGame, PositionView, RootStats};
use crate::mesh::spatial::FaceIndex;
use crate::mesh::{EdgeId, FaceId, Point};
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
/// The faces a movement left and reached (lichess's yellow-green squares).
pub const LAST_MOVE: Color32 = Color32::from_rgb(0xcd, 0xd2, 0x6a);
/// The ring around the last stone when move numbers fill the stones.
pub const LAST_RING: Color32 = Color32::from_rgb(0xf0, 0x6a, 0x00);

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
    /// Where the last move put a piece (placed or moved to).
    pub last_to: Vec<FaceId>,
    /// Where the last move took a piece from (movement games; empty for a placement).
    pub last_from: Vec<FaceId>,
    pub last_move: Option<String>,
    /// The number of the move that put each piece where it is (filled in on
    /// demand: see [`Scene::number_moves`]).
    pub numbers: Option<Vec<(FaceId, usize)>>,
}

impl Scene {
    /// The position after `ply` recorded moves of `game`.
    pub fn of(game: &dyn DynGame, ply: usize) -> Option<Scene> {
        let v = game.preview(ply)?;
        let before = ply.checked_sub(1).and_then(|p| game.preview(p));
        Some(Scene::from_view(v, before.as_ref()))
    }

    /// Fill in [`Scene::numbers`] from `game` (one position per move up to the
    /// scene's ply, so it is only done while move numbers are shown).
    pub fn number_moves(&mut self, game: &dyn DynGame) {
        let mut numbers: Vec<Option<usize>> = vec![None; self.owner.len()];
        let mut prev = game.preview(0).map(|v| v.pieces).unwrap_or_default();
        for k in 1..=self.ply {
            let Some(cur) = game.preview(k) else { break };
            for (i, now) in cur.pieces.iter().enumerate().take(numbers.len()) {
                if now.is_none() {
                    numbers[i] = None;
                } else if prev.get(i) != Some(now) {
                    numbers[i] = Some(k);
                }
            }
            prev = cur.pieces;
        }
        self.numbers = Some(
            numbers
                .into_iter()
                .enumerate()
                .filter_map(|(i, n)| n.map(|n| (FaceId::from_index(i), n)))
                .collect(),
        );
    }

    fn from_view(v: PositionView, before: Option<&PositionView>) -> Scene {
        let pieces = v
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (FaceId::from_index(i), p)))
            .collect();
        let marks = before.map(|b| v.marks_since(b)).unwrap_or_default();
        Scene {
            ply: v.ply,
            pieces,
            owner: v.pieces,
            links: v.links,
            outcome: v.outcome,
            to_move: v.to_move,
            last_changed: marks.changed,
            last_to: marks.to,
            last_from: marks.from,
            last_move: v.last_move,
            numbers: None,
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
    /// Lines between faces reserved for a player and the playing area (board
    /// space), in that player's colour (TwixT's border lines).
    pub border: &'a [(Point, Point, Player)],
    /// Numbers on the pieces (move numbers), when shown.
    pub numbers: Option<&'a [(FaceId, usize)]>,
    /// The computer's search (heat map and best line) for the player to move,
    /// when shown.
    pub search: Option<(&'a RootStats, Player)>,
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

    // The search's heat map: each move's face tinted by its win rate (red
    // loses, green wins), the more visited the stronger.
    if let Some((root, _)) = o.search {
        paint_heat(painter, board, view, rect, root);
    }

    // A movement's from and to faces, tinted under the pieces.
    if !o.scene.last_from.is_empty() {
        for &f in o.scene.last_from.iter().chain(&o.scene.last_to) {
            paint_face(
                painter,
                board,
                view,
                rect,
                f,
                LAST_MOVE.gamma_multiply(0.75),
                Stroke::NONE,
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
                painter.circle(
                    p,
                    (r * 0.2).max(1.5),
                    Color32::from_gray(0x4a),
                    Stroke::new(1.0, Color32::from_gray(0x8a).gamma_multiply(0.6)),
                );
            }
        }
    }

    // Border lines between the reserved rows and the playing area.
    let typical = board
        .mesh()
        .face_ids()
        .next()
        .and_then(|f| spot(canvas, f))
        .map_or(4.0, |(_, r)| r);
    for &(a, b, p) in o.border {
        painter.line_segment(
            [view.to_screen(rect, a), view.to_screen(rect, b)],
            Stroke::new((typical * 0.18).clamp(1.5, 5.0), o.colours[p as usize & 1]),
        );
    }

    // Links: a dark casing, then the owner's colour.
    for &(a, b, owner) in &o.scene.links {
        let (Some((pa, ra)), Some((pb, _))) = (spot(canvas, a), spot(canvas, b)) else {
            continue;
        };
        let w = (ra * 0.4).clamp(2.5, 16.0);
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
        let r = if pegs { r * 0.8 } else { r };
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

    // Move numbers on the pieces.
    let piece_radius = |r: f32| if pegs { r * 0.8 } else { r };
    if let Some(numbers) = o.numbers {
        for &(f, n) in numbers {
            let (Some(owner), Some((p, r))) = (o.scene.piece_at(f), spot(canvas, f)) else {
                continue;
            };
            let r = piece_radius(r);
            if !visible(p, r) || r < 5.0 {
                continue;
            }
            let text = n.to_string();
            let size = r * if text.len() > 2 { 0.8 } else { 1.0 };
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(size),
                text_on(o.colours[owner as usize & 1]),
            );
        }
    }

    // The last move: a dot in the placed piece (a ring when it shows its number).
    if o.scene.last_from.is_empty() {
        for &f in &o.scene.last_to {
            let (Some(owner), Some((p, r))) = (o.scene.piece_at(f), spot(canvas, f)) else {
                continue;
            };
            let r = piece_radius(r);
            if !visible(p, r) {
                continue;
            }
            if o.numbers.is_some() {
                painter.circle_stroke(p, r + 2.5, Stroke::new(3.0, LAST_RING));
            } else {
                let c = text_on(o.colours[owner as usize & 1]);
                painter.circle_filled(p, (r * 0.3).max(2.5), c);
            }
        }
    }

    // The search's best line: numbered ghost pieces, the player to move first.
    if let Some((root, first)) = o.search {
        for (i, faces) in root.pv.iter().enumerate() {
            let Some(&f) = faces.last() else { continue };
            let Some((p, r)) = spot(canvas, f) else {
                continue;
            };
            let r = piece_radius(r) * 0.85;
            if !visible(p, r) {
                continue;
            }
            let player = (first as usize + i) & 1;
            let c = o.colours[player];
            painter.circle(p, r, c.gamma_multiply(0.55), Stroke::new(1.5, c));
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                (i + 1).to_string(),
                egui::FontId::proportional(r.max(6.0)),
                text_on(c),
            );
        }
    }

    // The engine's suggestion: rings around each face (nothing over its label),
    // an arrow for a movement.
    if let Some((faces, player)) = o.hint {
        let c = o.colours[player as usize & 1];
        let spots: Vec<(Pos2, f32)> = faces.iter().filter_map(|&f| spot(canvas, f)).collect();
        for &(p, r) in &spots {
            painter.circle_stroke(p, r * 1.05, Stroke::new(3.0, HINT));
            painter.circle_stroke(p, r * 1.05 + 3.0, Stroke::new(2.0, c));
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

/// The heat maps' colour scale: red for a win rate of 0, yellow for ½,
/// green for 1 (the search's heat map here, the balance lab's opening map).
pub fn heat_colour(win_rate: f32) -> Color32 {
    let red = Color32::from_rgb(0xd7, 0x30, 0x27);
    let yellow = Color32::from_rgb(0xfe, 0xe0, 0x8b);
    let green = Color32::from_rgb(0x1a, 0x98, 0x50);
    let w = if win_rate.is_nan() {
        0.5
    } else {
        win_rate.clamp(0.0, 1.0)
    };
    if w < 0.5 {
        mix(red, yellow, w * 2.0)
    } else {
        mix(yellow, green, w * 2.0 - 1.0)
    }
}

/// Tint the faces the search's root moves go to: hue from the move's win rate
/// (red 0, yellow ½, green 1), opacity from its share of the most visited
/// move's visits.
fn paint_heat(painter: &egui::Painter, board: &Board, view: &View, rect: Rect, root: &RootStats) {
    let most = root.moves.iter().map(|m| m.visits).max().unwrap_or(0);
    if most == 0 {
        return;
    }
    for m in &root.moves {
        let Some(&f) = m.faces.last() else { continue };
        if m.visits == 0 {
            continue;
        }
        let share = (m.visits as f32 / most as f32).sqrt();
        let hue = heat_colour(m.win_rate);
        paint_face(
            painter,
            board,
            view,
            rect,
            f,
            hue.gamma_multiply(0.15 + 0.6 * share),
            Stroke::NONE,
        );
    }
}

/// The edges between a face reserved for a player and an unreserved face, as
/// board-space segments with that player.
pub fn border_lines(board: &Board, reserved: &[(FaceId, Player)]) -> Vec<(Point, Point, Player)> {
    let mut owner: Vec<Option<Player>> = vec![None; board.face_count()];
    for &(f, p) in reserved {
        if let Some(o) = owner.get_mut(f.index()) {
            *o = Some(p);
        }
    }
    let mesh = board.mesh();
    mesh.edge_ids()
        .filter_map(|e: EdgeId| {
            let (l, r) = mesh.edge_faces(e);
            let (a, b) = (owner[l.index()], owner[r?.index()]);
            let p = match (a, b) {
                (Some(p), None) | (None, Some(p)) => p,
                _ => return None,
            };
            let (x, y) = mesh.edge_segment(e);
            Some((x, y, p))
        })
        .collect()
}

impl PlayPanel {
    /// Which labels the canvas draws in the cells of `board` (at `revision`),
    /// and the coordinates along its edges when the cells go without: one
    /// setting (View → Labels) turns both off, View → Labels in every cell
    /// puts the labels back in the cells of a grid board.
    fn choose_labels(&mut self, ws: &Workspace, board: &Board, revision: u64) {
        if self.coords.as_ref().is_none_or(|(r, _)| *r != revision) {
            self.coords = Some((revision, EdgeCoords::of(board)));
        }
        let grid = self.coords.as_ref().is_some_and(|(_, c)| c.is_some());
        let s = &ws.settings;
        self.canvas.show_labels = s.show_labels && (s.labels_in_cells || !grid);
        self.edge_coords_shown = s.show_labels && !s.labels_in_cells && grid;
        self.canvas.fit_extra = match &self.coords {
            Some((_, Some(c))) if self.edge_coords_shown => Some(c.bounds()),
            _ => None,
        };
    }

    /// Paint the coordinates along the edges, when they are shown.
    fn paint_coords(&self, painter: &egui::Painter, view: &View, rect: Rect) {
        if self.edge_coords_shown
            && let Some((_, Some(c))) = &self.coords
        {
            c.paint(painter, view, rect, &self.canvas.style);
        }
    }

    /// The search to show over the board (View → Heat map and best line): the
    /// running one, else the last hint's, with the player it searched for.
    fn search_shown(&self, ws: &Workspace) -> Option<(&RootStats, Player)> {
        if !ws.settings.show_search {
            return None;
        }
        let to_move = self.scene.to_move?;
        match self.computer.thinking() {
            Some((_, p)) if !p.root.moves.is_empty() => Some((&p.root, to_move)),
            _ => self.hint.as_ref().map(|h| (&h.root, h.player)),
        }
    }

    /// Whether the last frame showed the coordinates along the board's edges.
    pub fn edge_coords_shown(&self) -> bool {
        self.edge_coords_shown
    }

    /// The spatial index of `board` shown at canvas revision `revision`: the
    /// document's when it is the document's board (no game, or a game started
    /// on the board as it is now: canvas revisions of such games are the
    /// document's), else Play's own, made once per revision.
    fn index_for<'a>(
        own: &'a mut Option<(u64, FaceIndex)>,
        ws: &'a Workspace,
        board: &Board,
        revision: u64,
    ) -> &'a FaceIndex {
        if revision == ws.doc.revision() {
            return ws.doc.face_index();
        }
        if own.as_ref().is_none_or(|(r, _)| *r != revision) {
            *own = Some((revision, FaceIndex::build(board.mesh())));
        }
        &own.as_ref().expect("just made").1
    }

    /// The board with the game on it, and clicks on it.
    pub(super) fn board_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            self.canvas.show_setup = ws.settings.show_setup;
            self.canvas.show_edges = true;
            // The sides as a game of the chosen rules will show them, so that
            // New game on this board changes nothing of its drawing.
            self.canvas.style.sides = self
                .canvas
                .style
                .side_bands(self.setup.kind, self.setup.colours);
            let revision = ws.doc.revision();
            self.choose_labels(ws, ws.doc.board(), revision);
            let index = ws.doc.face_index();
            let r = self
                .canvas
                .show_indexed(ui, ws.doc.board(), revision, Some(index));
            self.paint_coords(&ui.painter_at(r.rect), &r.view, r.rect);
            ws.status.hover = r
                .hovered
                .map(|f| crate::app::face_description(ws.doc.board(), f));
            if ws.doc.board().face_count() == 0 {
                crate::app::start_card::start_card(ui, ws, r.rect);
            }
            // A click on the board before any game starts one with the
            // setup's choices, and plays there when it is a person's turn
            // (as New game, then the click).
            let space = ui.input(|i| i.key_down(egui::Key::Space));
            if r.response.clicked_by(egui::PointerButton::Primary)
                && !r.panning
                && !space
                && let Some(f) = r.hovered
            {
                self.start_game(ws, self.setup.kind);
                let person_to_move = self.current.as_ref().is_some_and(|c| {
                    c.game
                        .to_move()
                        .is_some_and(|p| !self.setup.seats[p as usize & 1].is_computer())
                });
                if person_to_move {
                    self.click(ws, f);
                }
            }
            return;
        };
        let board = c.game.board().clone();
        let revision = c.revision;
        let entry = c.game.entry();
        let pieces = entry.pieces;
        self.canvas.show_setup = false;
        // A plain board with holes for pegs; cells with their lines otherwise.
        self.canvas.show_edges = pieces != PieceStyle::Peg;
        // Face fills: the board's own face colours (a generator's sections) as
        // light tints under the pieces. A piece colour too close to a tint is
        // replaced, so pieces never vanish into the board. Faces reserved for
        // one player (TwixT's border rows): lines between them and the playing
        // area in his colour, or the faces tinted in it.
        let shown = c.colours;
        if self.fills_for != Some((revision, shown)) {
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
            let colours = clash_free(shown, &tints);
            let reserved = c.game.reserved_faces();
            if entry.border_lines {
                self.border = border_lines(&board, &reserved);
            } else {
                self.border.clear();
                for (f, p) in reserved {
                    self.canvas.set_face_fill(
                        &board,
                        f,
                        Some(mix(cell, colours[p as usize & 1], 0.35)),
                    );
                }
            }
            self.fills_for = Some((revision, colours));
            if self.setup_is_the_games() {
                self.setup.colours = colours;
            }
            if let Some(c) = &mut self.current {
                c.colours = colours;
            }
        }
        let colours = self.colours();
        self.canvas.style.sides = self.canvas.style.side_bands(entry.kind, colours);
        self.choose_labels(ws, &board, revision);
        if ws.settings.move_numbers
            && self.scene.numbers.is_none()
            && let Some(c) = &self.current
        {
            self.scene.number_moves(c.game.as_ref());
        }
        let index = Self::index_for(&mut self.own_index, ws, &board, revision);
        let r = self.canvas.show_indexed(ui, &board, revision, Some(index));
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
            colours,
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
            border: &self.border,
            numbers: self
                .scene
                .numbers
                .as_deref()
                .filter(|_| ws.settings.move_numbers),
            search: self.search_shown(ws).filter(|_| live),
        };
        let painter = ui.painter_at(r.rect);
        paint(&painter, &self.canvas, &board, &r.view, r.rect, &overlay);
        self.paint_coords(&painter, &r.view, r.rect);
        if r.response.clicked_by(egui::PointerButton::Primary)
            && !r.panning
            && !space
            && let Some(f) = r.hovered
        {
            self.click(ws, f);
        }
    }
}
