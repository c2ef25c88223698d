//! The opening map over the board: each first move's face tinted by the first
//! player's win rate after it (the play heat map's red–yellow–green scale,
//! [`heat_colour`]) with the rate written in it, the openings the second
//! player should swap outlined, a legend with the colour scale, and on hover
//! the face's win rate, interval and number of samples. A map made for
//! another board revision or other rules is not drawn: the panel says why.

use super::AnalyzePanel;
use crate::analysis::{OpeningMap, OpeningStat};
use crate::app::canvas::{CanvasStyle, paint_face};
use crate::app::play::board_view::heat_colour;
use crate::app::view::View;
use crate::app::workspace::Workspace;
use crate::board::Board;
use crate::mesh::FaceId;
use eframe::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, vec2};

/// How strongly a face shows its heat colour over the board.
const TINT: f32 = 0.85;
/// Outline of an opening to swap.
const SWAP: Color32 = Color32::from_rgb(0x8e, 0x24, 0xaa);

/// "b2: Red wins 62.0 % after it (95 % CI 58.1–65.8 %, 20000 simulations)".
pub fn describe(o: &OpeningStat, first: &str) -> String {
    let sure = if o.proven {
        format!("proven by the solver, {} simulations", o.samples)
    } else {
        format!(
            "95 % CI {:.1}–{:.1} %, {} samples",
            o.ci95[0] * 100.0,
            o.ci95[1] * 100.0,
            o.samples
        )
    };
    format!(
        "{}: {first} wins {:.1} % after it ({sure})",
        o.notation,
        o.first_win_rate * 100.0
    )
}

impl AnalyzePanel {
    pub(super) fn map_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let stale = self.stale(ws);
        let map = match (&self.shown, &stale) {
            (Some(s), None) => s.report.openings.as_ref(),
            _ => None,
        };
        // The rates stand in the faces while the map is drawn; the names
        // come with the hover text.
        self.canvas.show_labels = map.is_none() && ws.settings.show_labels;
        // Every game analysed starts from the board's start pieces (Lines of
        // Action's position, Hex's set-up stones): shown as Play shows them
        // before a game, on the faces no opening can take.
        self.canvas.show_setup = ws.settings.show_setup;
        // The sides as Play draws them for the game chosen here.
        let kind = self.settings.kind();
        self.canvas.style.sides = self
            .canvas
            .style
            .side_bands(kind, CanvasStyle::GOAL_COLOURS);
        if self.fitted.replace(ws.doc.replaced()) != Some(ws.doc.replaced()) {
            self.canvas.request_fit();
        }
        let r = self.canvas.show(ui, ws.doc.board(), ws.doc.revision());
        if ws.doc.board().face_count() == 0 {
            // As in the Editor and Play: what to open or make.
            crate::app::start_card::start_card(ui, ws, r.rect);
            return;
        }
        let painter = ui.painter_at(r.rect);
        let board = ws.doc.board();
        ws.status.hover = r.hovered.map(|f| board.face_name(f).to_string());
        if let Some(why) = &stale {
            banner(&painter, r.rect, why);
            return;
        }
        let (Some(map), Some(shown)) = (map, &self.shown) else {
            return;
        };
        let swap = shown.report.header.swap;
        let first = shown.report.header.players[0].clone();
        paint_map(&painter, board, &r.view, r.rect, map, swap, |f| {
            self.canvas.face_spot(f)
        });
        legend(&painter, r.rect, &shown.report.header.players, swap);
        if let Some(f) = r.hovered {
            let text = match map.at_face(f.index()) {
                Some(o) => describe(o, &first),
                None if shown.running => format!("{}: not judged yet", board.face_name(f)),
                None => format!("{}: not a legal first move", board.face_name(f)),
            };
            ws.status.hover = Some(text.clone());
            r.response.clone().on_hover_text_at_pointer(text);
        }
    }
}

/// Tint every judged opening's face, write its rate in it, outline the
/// openings to swap.
fn paint_map(
    painter: &egui::Painter,
    board: &Board,
    view: &View,
    rect: Rect,
    map: &OpeningMap,
    swap: bool,
    spot: impl Fn(FaceId) -> Option<(Pos2, f32)>,
) {
    for o in &map.openings {
        let Some(i) = o.face.filter(|&i| i < board.face_count()) else {
            continue;
        };
        let f = FaceId::from_index(i);
        let c = heat_colour(o.first_win_rate as f32);
        let stroke = if swap && o.swap() {
            Stroke::new(3.0, SWAP)
        } else {
            Stroke::NONE
        };
        paint_face(
            painter,
            board,
            view,
            rect,
            f,
            c.gamma_multiply(TINT),
            stroke,
        );
        if let Some((at, size)) = spot(f)
            && size >= 14.0
        {
            painter.text(
                at,
                Align2::CENTER_CENTER,
                format!("{:.0}", o.first_win_rate * 100.0),
                FontId::proportional((size * 0.45).clamp(9.0, 16.0)),
                Color32::from_gray(20),
            );
        }
    }
}

/// The colour scale with its labels, in the top-left corner of the canvas.
fn legend(painter: &egui::Painter, rect: Rect, players: &[String; 2], swap: bool) {
    let width = 220.0;
    let bar = 14.0;
    let top_left = rect.left_top() + vec2(12.0, 12.0);
    // Caption, bar, tick labels, the line saying which end is whose, and
    // with swap the outline line; 6 px of margin above and below.
    let lines = 18.0 + bar + 3.0 + 13.0 + 14.0 + if swap { 15.0 } else { 0.0 };
    let height = lines + 12.0;
    let frame = Rect::from_min_size(top_left - vec2(6.0, 6.0), vec2(width + 12.0, height));
    painter.rect_filled(frame, 4.0, Color32::from_white_alpha(225));
    painter.text(
        top_left,
        Align2::LEFT_TOP,
        format!("{}'s win rate after the first move", players[0]),
        FontId::proportional(12.0),
        Color32::from_gray(30),
    );
    let y = top_left.y + 18.0;
    let steps = 44;
    for i in 0..steps {
        let t0 = i as f32 / steps as f32;
        let x = top_left.x + width * t0;
        let r = Rect::from_min_max(
            Pos2::new(x, y),
            Pos2::new(x + width / steps as f32 + 0.5, y + bar),
        );
        painter.rect_filled(
            r,
            0.0,
            heat_colour(t0 + 0.5 / steps as f32).gamma_multiply(TINT),
        );
    }
    for (t, label) in [(0.0, "0 %"), (0.5, "50 %"), (1.0, "100 %")] {
        let x = top_left.x + width * t;
        let align = match label {
            "0 %" => Align2::LEFT_TOP,
            "100 %" => Align2::RIGHT_TOP,
            _ => Align2::CENTER_TOP,
        };
        painter.line_segment(
            [Pos2::new(x, y + bar), Pos2::new(x, y + bar + 3.0)],
            Stroke::new(1.0, Color32::from_gray(60)),
        );
        painter.text(
            Pos2::new(x, y + bar + 3.0),
            align,
            label,
            FontId::proportional(11.0),
            Color32::from_gray(30),
        );
    }
    painter.text(
        Pos2::new(top_left.x, y + bar + 3.0 + 13.0),
        Align2::LEFT_TOP,
        format!("0 %: {} wins · 100 %: {} wins", players[1], players[0]),
        FontId::proportional(11.0),
        Color32::from_gray(60),
    );
    if swap {
        painter.text(
            Pos2::new(top_left.x, y + bar + 3.0 + 28.0),
            Align2::LEFT_TOP,
            "outlined: the second player should swap",
            FontId::proportional(11.0),
            SWAP,
        );
    }
}

/// A message across the top of the canvas (a stale map).
fn banner(painter: &egui::Painter, rect: Rect, text: &str) {
    let at = rect.center_top() + vec2(0.0, 14.0);
    let galley =
        painter.layout_no_wrap(text.to_string(), FontId::proportional(14.0), Color32::BLACK);
    let r = Rect::from_center_size(
        at + vec2(0.0, galley.size().y / 2.0),
        galley.size() + vec2(16.0, 8.0),
    );
    painter.rect_filled(r, 4.0, Color32::from_rgb(0xff, 0xf3, 0xcd));
    painter.galley(r.min + vec2(8.0, 4.0), galley, Color32::BLACK);
}
