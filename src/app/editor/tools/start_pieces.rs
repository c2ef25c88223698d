//! Start pieces tool: click a face to put the chosen player's piece on it as part
//! of the board's start setup; clicking again cycles to the other player and then
//! to no piece. Shift+click removes the piece.

use super::{PaintCx, ToolCx};
use crate::edit::BoardEdit;
use crate::mesh::FaceId;
use eframe::egui::{Color32, Stroke};

#[derive(Debug, Default)]
pub struct StartPieces {
    /// The player placed on an empty face (0 moves first).
    pub player: u8,
}

impl StartPieces {
    pub fn hint(&self) -> String {
        format!(
            "Start pieces: click a face to place player {}'s piece, again to switch player, a third time to remove  ·  Shift+click removes",
            self.player + 1
        )
    }

    /// What a click on a face holding `current` leaves there.
    pub fn next(&self, current: Option<u8>, shift: bool) -> Option<u8> {
        if shift {
            return None;
        }
        match current {
            None => Some(self.player),
            Some(p) if p == self.player => Some(1 - self.player.min(1)),
            Some(_) => None,
        }
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        let Some(c) = cx.click else {
            return;
        };
        let Some(f) = crate::app::editor::snap::pick_face(cx.board(), cx.index(), c.at) else {
            cx.ws
                .status
                .error("there is no face here to put a start piece on");
            return;
        };
        let board = cx.board();
        let current = board
            .setup()
            .pieces
            .iter()
            .find(|(g, _)| *g == f)
            .map(|&(_, p)| p);
        let next = self.next(current, c.shift);
        if next == current {
            return;
        }
        set_piece(cx, f, next);
    }

    pub fn paint(&self, p: &PaintCx) {
        if let Some(at) = p.pointer
            && let Some(f) = crate::app::editor::snap::pick_face(p.board, p.index, at)
        {
            p.face(f, Color32::TRANSPARENT, Stroke::new(2.0, super::HOVER));
        }
    }
}

fn set_piece(cx: &mut ToolCx, f: FaceId, player: Option<u8>) {
    let name = cx.board().face_name(f);
    match cx
        .ws
        .doc
        .apply(BoardEdit::SetStartPiece { face: f, player })
    {
        Ok(_) => match player {
            Some(p) => cx
                .ws
                .status
                .info(format!("player {}'s start piece on {name}", p + 1)),
            None => cx
                .ws
                .status
                .info(format!("removed the start piece from {name}")),
        },
        Err(e) => cx
            .ws
            .status
            .error(format!("cannot change the start piece: {e}")),
    }
}
