//! The move list: the current line of the game tree, numbered, in the mover's
//! colour, with the alternatives tried at each move listed under it ("or 3. e5
//! a5 …", the main line marked). Clicking a move previews the position after it
//! (read-only, [`Command::Preview`]); moves after the live position (the redo
//! list) are dimmed; clicking an alternative makes its line the current one
//! ([`Command::ChooseLine`]). Left/Right/Home/End step through the line,
//! Up/Down switch between the alternatives of the shown move, and the Promote /
//! Delete variation buttons act on the variation of the shown move.

use crate::app::command::Command;
use crate::app::workspace::Workspace;
use crate::game::{MoveTree, NodeId};
use eframe::egui::{self, Color32, RichText};

/// The text of move `k` (0-based) in the list: "3. a2".
pub fn move_label(k: usize, notation: &str) -> String {
    format!("{}. {notation}", k + 1)
}

/// How many moves of an alternative's line the list shows.
const ALTERNATIVE_MOVES: usize = 4;

/// The text of an alternative in the list: "or 3. e5 a5 c4 …", "(main)" when
/// it is the main line's move.
/// The small disc in a player's colour that starts a move or clock row.
pub fn player_dot(ui: &mut egui::Ui, colour: Color32) {
    let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().circle(
        dot.center(),
        4.5,
        colour,
        egui::Stroke::new(1.0, Color32::from_gray(0x50)),
    );
}

pub fn alternative_label(tree: &MoveTree, n: NodeId) -> String {
    let Some(t) = tree.node(n) else {
        return String::new();
    };
    let line = tree.continuation(n);
    let mut text = format!("or {}", move_label(t.depth.saturating_sub(1), &t.notation));
    for &m in line.iter().skip(1).take(ALTERNATIVE_MOVES - 1) {
        if let Some(m) = tree.node(m) {
            text.push(' ');
            text.push_str(&m.notation);
        }
    }
    if line.len() > ALTERNATIVE_MOVES {
        text.push_str(" …");
    }
    if tree.variation_of(n).is_none() {
        text.push_str(" (main)");
    }
    text
}

/// The list. `previewing` is the previewed ply, if any; `ending` how the line
/// ended when not by the rules ("Red ran out of time", "Blue resigned");
/// `available` says whether a command can run now (for the variation
/// buttons). Clicks are sent to `ws`.
pub fn ui(
    ui: &mut egui::Ui,
    ws: &mut Workspace,
    tree: &MoveTree,
    previewing: Option<usize>,
    colours: [Color32; 2],
    ending: Option<&str>,
    available: &dyn Fn(&Command) -> Result<(), String>,
) {
    let live = tree.ply;
    let len = tree.line.len().saturating_sub(1);
    if len == 0
        && ending.is_none()
        && tree
            .node(NodeId::ROOT)
            .is_none_or(|t| t.children.is_empty())
    {
        ui.weak("No moves yet");
        return;
    }
    let branched = tree
        .nodes
        .iter()
        .any(|t| !t.deleted && t.children.len() > 1);
    if branched {
        ui.horizontal_wrapped(|ui| {
            for c in [Command::PromoteVariation, Command::DeleteVariation] {
                let a = available(&c);
                ws.button(ui, c, a);
            }
        });
    }
    let shown = previewing.unwrap_or(live);
    let r = ui
        .selectable_label(shown == 0, "0. start")
        .on_hover_text("Preview the start position");
    if r.clicked() {
        ws.send(Command::Preview((live != 0).then_some(0)));
    }
    // The row of the shown move is scrolled into view when it changes (undo,
    // redo, a preview), so a long list never hides where the game is.
    let follow_id = ui.make_persistent_id("play_moves_followed");
    let follow = ui.ctx().data_mut(|d| {
        let before = d.get_temp::<usize>(follow_id);
        d.insert_temp(follow_id, shown);
        before != Some(shown)
    });
    egui::ScrollArea::vertical()
        .id_salt("play_moves")
        .auto_shrink([false, true])
        .max_height(ui.available_height() - 8.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for ply in 1..=len {
                let n = tree.line[ply];
                let Some(t) = tree.node(n) else {
                    continue;
                };
                ui.horizontal(|ui| {
                    player_dot(ui, colours[t.mover.unwrap_or(0) as usize & 1]);
                    let mut text = RichText::new(move_label(ply - 1, &t.notation));
                    if ply > live {
                        text = text.weak().italics();
                    }
                    let r = ui
                        .selectable_label(shown == ply, text)
                        .on_hover_text(if ply > live {
                            "Taken back: preview it (Redo plays it again)"
                        } else {
                            "Preview the position after this move"
                        });
                    if follow && shown == ply {
                        r.scroll_to_me(None);
                    }
                    if r.clicked() {
                        ws.send(Command::Preview((ply != live).then_some(ply)));
                    }
                });
                alternatives(ui, ws, tree, tree.line[ply - 1], Some(n));
            }
            if let Some(e) = ending {
                // It names a player ("… (Blue) resigned"): wrapped, so a long
                // name does not widen the panel over the board.
                ui.horizontal(|ui| {
                    ui.add_space(14.0);
                    ui.add(egui::Label::new(RichText::new(e).strong()).wrap());
                });
            }
            // Moves tried after the line's end (it ends at a resignation or a
            // loss on time).
            alternatives(ui, ws, tree, tree.line[len], None);
        });
}

/// The moves tried from `parent` other than `on_line`, one row each.
fn alternatives(
    ui: &mut egui::Ui,
    ws: &mut Workspace,
    tree: &MoveTree,
    parent: NodeId,
    on_line: Option<NodeId>,
) {
    let Some(p) = tree.node(parent) else {
        return;
    };
    for &c in &p.children {
        if Some(c) == on_line {
            continue;
        }
        ui.horizontal(|ui| {
            ui.add_space(18.0);
            let r = ui
                .selectable_label(false, RichText::new(alternative_label(tree, c)).weak())
                .on_hover_text(Command::ChooseLine(c).tooltip());
            if r.clicked() {
                ws.send(Command::ChooseLine(c));
            }
        });
    }
}
