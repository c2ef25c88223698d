//! Select tool: click a face, an edge or a vertex (vertices and edges within a few
//! pixels win over the face under them); the inspector shows what is selected.

use super::{HOVER, PaintCx, ToolCx, describe};
use crate::app::editor::snap::{Pick, pick};

#[derive(Debug, Default)]
pub struct Select;

impl Select {
    pub fn hint(&self) -> String {
        "Select: click a face, edge or vertex to inspect it  ·  Delete removes a selected face  ·  Esc clears".into()
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        let Some(c) = cx.click else {
            return;
        };
        let picked = pick(cx.board(), cx.index(), c.at, cx.radius);
        *cx.selection = picked;
        match picked {
            Some(p) => {
                let d = describe(cx.board(), p);
                cx.ws.status.info(format!("selected {d}"));
            }
            None => cx.ws.status.info("nothing selected"),
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        if let Some(at) = p.pointer
            && let Some(h) = pick(p.board, p.index, at, p.radius)
            && !matches!(h, Pick::Face(_))
        {
            p.pick(h, HOVER, 2.0);
        }
    }
}
