//! The move list: every recorded move in notation, numbered, in the mover's
//! colour; clicking one previews the position after it (read-only,
//! [`Command::Preview`]), moves that were taken back (the redo list) are shown
//! dimmed.

use crate::app::command::Command;
use crate::game::DynGame;
use eframe::egui::{self, Color32, RichText};

/// The text of move `k` (0-based) in the list: "3. a2".
pub fn move_label(k: usize, notation: &str) -> String {
    format!("{}. {notation}", k + 1)
}

/// The list. `previewing` is the previewed ply, if any. Returns the preview clicked.
pub fn ui(
    ui: &mut egui::Ui,
    game: &dyn DynGame,
    previewing: Option<usize>,
    colours: [Color32; 2],
) -> Option<Command> {
    let moves = game.recorded_history();
    let live = game.ply();
    let mut action = None;
    if moves.is_empty() {
        ui.weak("No moves yet");
        return None;
    }
    let shown = previewing.unwrap_or(live);
    let start_label = "0. start";
    let r = ui
        .selectable_label(shown == 0, start_label)
        .on_hover_text("Preview the start position");
    if r.clicked() {
        action = Some(Command::Preview((live != 0).then_some(0)));
    }
    egui::ScrollArea::vertical()
        .id_salt("play_moves")
        .auto_shrink([false, true])
        .max_height(ui.available_height() - 8.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for (k, m) in moves.iter().enumerate() {
                let ply = k + 1;
                let mover = k % 2;
                ui.horizontal(|ui| {
                    let (dot, _) =
                        ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                    ui.painter().circle(
                        dot.center(),
                        4.5,
                        colours[mover],
                        egui::Stroke::new(1.0, Color32::from_gray(0x50)),
                    );
                    let mut text = RichText::new(move_label(k, m));
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
                    if r.clicked() {
                        action = Some(Command::Preview((ply != live).then_some(ply)));
                    }
                });
            }
        });
    action
}
