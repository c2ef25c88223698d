//! Tag side tool: click boundary edges to give them the side chosen in the toolbar
//! (top, bottom, left, right, or none to clear). Shift+click tags the whole run of
//! boundary edges from the previously clicked edge to this one, as one undo step.

use super::{HOVER, PaintCx, ToolCx};
use crate::app::editor::snap::pick_boundary_edge;
use crate::board::{Board, SideTag};
use crate::edit::BoardEdit;
use crate::mesh::EdgeId;
use eframe::egui::Stroke;

#[derive(Debug)]
pub struct TagSide {
    /// The tag clicks assign (None clears).
    pub tag: Option<SideTag>,
    /// The last edge clicked (start of a Shift+click run).
    last: Option<EdgeId>,
}

impl Default for TagSide {
    fn default() -> Self {
        TagSide {
            tag: Some(SideTag::Top),
            last: None,
        }
    }
}

/// Tag name for messages.
pub fn tag_name(tag: Option<SideTag>) -> &'static str {
    tag.map_or("none", SideTag::name)
}

/// The boundary edges from `from` to `to` along their common boundary loop, the
/// shorter way round (both included); None when they are on different loops.
pub fn boundary_run(board: &Board, from: EdgeId, to: EdgeId) -> Option<Vec<EdgeId>> {
    let lp: Vec<EdgeId> = board
        .mesh()
        .boundary_loop_darts(from)?
        .map(|d| d.edge())
        .collect();
    let j = lp.iter().position(|&e| e == to)?;
    let n = lp.len();
    // `from` is lp[0]: forwards is 0..=j, backwards is j..n then 0.
    let forwards = j + 1;
    let backwards = n - j + 1;
    Some(if forwards <= backwards {
        lp[..=j].to_vec()
    } else {
        let mut v: Vec<EdgeId> = lp[j..].to_vec();
        v.push(lp[0]);
        v
    })
}

impl TagSide {
    pub fn hint(&self) -> String {
        format!(
            "Tag side: click boundary edges to tag them '{}'  ·  Shift+click tags the run from the last edge",
            tag_name(self.tag)
        )
    }

    pub fn frame(&mut self, cx: &mut ToolCx) {
        // The run's start must still be a boundary edge (edits may have changed it).
        if self.last.is_some_and(|e| {
            e.index() >= cx.board().mesh().edge_count() || !cx.board().mesh().is_boundary_edge(e)
        }) {
            self.last = None;
        }
        let Some(c) = cx.click else {
            return;
        };
        let Some(e) = pick_boundary_edge(cx.board(), cx.index(), c.at, cx.radius) else {
            cx.ws
                .status
                .error("no boundary edge here: side tags go on the board's outer (or hole) edges");
            return;
        };
        let edges = match (c.shift, self.last) {
            (true, Some(from)) => match boundary_run(cx.board(), from, e) {
                Some(run) => run,
                None => {
                    cx.ws
                        .status
                        .error("these two edges are on different boundaries; tag them one by one");
                    return;
                }
            },
            _ => vec![e],
        };
        let tag = self.tag;
        let todo: Vec<EdgeId> = edges
            .into_iter()
            .filter(|&x| cx.board().side_tag(x) != tag)
            .collect();
        self.last = Some(e);
        if todo.is_empty() {
            cx.ws
                .status
                .info(format!("already tagged '{}'", tag_name(tag)));
            return;
        }
        cx.ws.doc.begin_group();
        let mut result = Ok(());
        for &x in &todo {
            if let Err(err) = cx.ws.doc.apply(BoardEdit::SetSideTag { edge: x, tag }) {
                result = Err(err);
                break;
            }
        }
        cx.ws.doc.end_group();
        match result {
            Ok(()) if todo.len() == 1 => {
                cx.ws
                    .status
                    .info(format!("edge #{} tagged '{}'", todo[0].0, tag_name(tag)))
            }
            Ok(()) => cx.ws.status.info(format!(
                "{} tagged '{}'",
                crate::app::count(todo.len(), "edge"),
                tag_name(tag)
            )),
            Err(err) => cx.ws.status.error(format!("cannot tag the edge: {err}")),
        }
    }

    pub fn paint(&self, p: &PaintCx) {
        if let Some(at) = p.pointer
            && let Some(e) = pick_boundary_edge(p.board, p.index, at, p.radius)
        {
            p.edge(e, Stroke::new(5.0, HOVER));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn a_run_goes_the_short_way_round() {
        let b = presets::square_grid(3, 3);
        let boundary: Vec<EdgeId> = b
            .mesh()
            .edge_ids()
            .filter(|&e| b.mesh().is_boundary_edge(e))
            .collect();
        let e0 = boundary[0];
        let lp: Vec<EdgeId> = b
            .mesh()
            .boundary_loop_darts(e0)
            .unwrap()
            .map(|d| d.edge())
            .collect();
        assert_eq!(lp.len(), 12);
        assert_eq!(boundary_run(&b, e0, lp[2]).unwrap(), lp[..3].to_vec());
        let back = boundary_run(&b, e0, lp[10]).unwrap();
        assert_eq!(back, vec![lp[10], lp[11], lp[0]]);
    }
}
