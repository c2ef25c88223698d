//! What an empty board offers: a card in the corner of the canvas with the
//! ways to start — a board from a preset, a tiling cut to a shape, a file
//! (and the files opened last) — and a word on drawing faces by hand, which
//! the Draw tool does on the canvas around it. The Editor shows it while the
//! board has no face and no polygon is being drawn, Play while there is no
//! game and no board; each button sends the command the File menu sends.

use crate::app::command::Command;
use crate::app::workspace::Workspace;
use eframe::egui::{self, Align2, Id, Rect, RichText};

/// Recent files listed on the card (File → Open Recent has them all).
const RECENT: usize = 5;

/// The card, in the top-left corner of the canvas `rect` (the middle is
/// where one starts drawing, with the Draw tool an empty board starts with).
pub fn start_card(ui: &mut egui::Ui, ws: &mut Workspace, rect: Rect) {
    egui::Area::new(Id::unique("start_card"))
        .order(egui::Order::Middle)
        .movable(false)
        .constrain_to(rect)
        .pivot(Align2::LEFT_TOP)
        .fixed_pos(rect.min + egui::vec2(16.0, 16.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(300.0);
                ui.label(RichText::new("This board is empty").heading());
                ui.add_space(4.0);
                for (cmd, text, what) in [
                    (
                        Command::NewDialog,
                        "New board from a preset…",
                        "Hex, TwixT, Lines of Action, BOCO, grids",
                    ),
                    (
                        Command::NewWizard,
                        "New board from a tiling…",
                        "a tiling cut to a shape",
                    ),
                    (Command::Open, "Open a file…", "a board or a saved game"),
                    (
                        Command::PasteGame,
                        "Paste a game…",
                        "a HexWorld link, Hex moves, an SGF record",
                    ),
                ] {
                    ui.horizontal(|ui| {
                        ws.button_with_text(ui, cmd, Ok(()), text);
                        ui.weak(what);
                    });
                }
                if let Some(what) = ws.kept.as_ref().map(|k| k.describe()) {
                    ui.add_space(4.0);
                    ui.label("Not saved, from an earlier session:");
                    ui.horizontal_wrapped(|ui| {
                        ws.button_with_text(ui, Command::ReopenKept, Ok(()), &format!("Reopen {what}"));
                        ws.button(ui, Command::ForgetKept, Ok(()));
                    });
                }
                let recent: Vec<_> = ws
                    .settings
                    .recent
                    .iter()
                    .filter(|p| p.exists())
                    .take(RECENT)
                    .cloned()
                    .collect();
                if !recent.is_empty() {
                    ui.add_space(4.0);
                    ui.label("Open again:");
                    for p in recent {
                        let tip = p.display().to_string();
                        ws.button(ui, Command::OpenPath(p), Ok(()))
                            .on_hover_text(tip);
                    }
                }
                ui.add_space(4.0);
                ui.weak("Or draw faces by hand: in the Editor, with the Draw tool (D), click the corners of a face on the canvas.");
            });
        });
}
