//! Play → Paste game… (also under File): a game given as text — an SGF
//! record copied from a site or a mail, a HexWorld or trmph.com link, Hex
//! moves such as `f6 swap-pieces e4` — read by its content
//! ([`files::open_text`]) and shown in Play as a game never saved. Text that
//! is no game keeps the dialog open with the reason under it, the text kept.

use super::command::{Command, OpenedGame};
use super::files::{self, Opened};
use eframe::egui;

/// The dialog's layer and text field: fixed ids, so that egui's memory of
/// them (kept between runs) always means this dialog.
const PASTE_ID: &str = "dialog_paste_game";
const TEXT_ID: &str = "dialog_paste_game_text";

/// The button that reads the text.
pub const OPEN: &str = "Open pasted game";

/// The dialog's state: the text so far and why it was not read.
#[derive(Debug, Default)]
pub struct PasteGame {
    pub text: String,
    pub error: Option<String>,
    /// Whether the text field was given the keyboard focus (once).
    focused: bool,
}

impl PasteGame {
    /// Draw it. Returns the dialog if it stays open, and what was decided.
    pub fn show(mut self: Box<Self>, ctx: &egui::Context) -> (Option<Box<Self>>, Vec<Command>) {
        let mut open = false;
        let mut cancel = false;
        let r = egui::Modal::new(egui::Id::unique(PASTE_ID)).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading("Paste a game");
            ui.label(
                "Paste a game here (Ctrl+V): an SGF record (HexGui, Little Golem, boardspace), \
                 a HexWorld or trmph.com link, Hex moves such as \"f6 swap-pieces e4\", a T1 \
                 or a RON record.",
            );
            ui.add_space(4.0);
            let field = egui::TextEdit::multiline(&mut self.text)
                .id(egui::Id::unique(TEXT_ID))
                .hint_text("https://hexworld.org/board/#11c1,f6:se4…")
                .desired_rows(6)
                .desired_width(f32::INFINITY);
            let response = egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| ui.add(field))
                .inner;
            if !self.focused {
                response.request_focus();
                self.focused = true;
            }
            if response.changed() {
                self.error = None;
            }
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let has_text = !self.text.trim().is_empty();
                open = ui.add_enabled(has_text, egui::Button::new(OPEN)).clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
        // A click beside the dialog closes it only while the field is empty:
        // it would throw away text typed or pasted. Esc and Cancel always do.
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        let empty = self.text.trim().is_empty();
        if cancel || (!open && r.should_close() && (escape || empty)) {
            return (None, Vec::new());
        }
        if !open {
            return (Some(self), Vec::new());
        }
        match files::open_text(&self.text) {
            Ok(Opened::Game(game, notes)) => {
                let opened = OpenedGame {
                    game,
                    notes,
                    path: None,
                    dropped: 1,
                };
                (None, vec![Command::ShowGame(Box::new(opened))])
            }
            Ok(Opened::Board { board, notes }) => {
                let message = super::play::with_notes(
                    format!("Opened the pasted board “{}”", board.meta().name),
                    &notes,
                );
                (
                    None,
                    vec![Command::ReplaceBoard {
                        board,
                        path: None,
                        dirty: true,
                        message,
                    }],
                )
            }
            Err(e) => {
                self.error = Some(e.replace(['\n', '\r'], " "));
                (Some(self), Vec::new())
            }
        }
    }
}
