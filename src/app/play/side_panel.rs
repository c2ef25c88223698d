//! The game side panel (turn indicator, Undo / Redo / Resign, Swap, Hint and
//! the engine's progress, Save / Open game, the move list) and the banners over
//! the board (result, preview bar, edited board). Their buttons send
//! [`Command`]s.

use super::board_view::{mix, text_on};
use super::{PlayPanel, computer, moves};
use crate::app::command::{self, Command};
use crate::app::workspace::Workspace;
use eframe::egui::{self, Color32, RichText};

impl PlayPanel {
    /// The turn indicator / result line in the side panel.
    pub(super) fn turn_ui(&self, ui: &mut egui::Ui) {
        let Some(c) = &self.current else {
            ui.label("No game: choose rules and press New game");
            return;
        };
        let g = c.game.as_ref();
        let colours = self.setup.colours;
        let (fill, text) = match (&self.scene.outcome, self.scene.to_move) {
            (Some(o), _) => match o.winner {
                Some(w) => (colours[w as usize & 1], format!("{} won", Self::who(g, w))),
                None => (Color32::from_gray(0x90), "Draw".to_string()),
            },
            (None, Some(p)) => (
                colours[p as usize & 1],
                format!("{} to move", Self::who(g, p)),
            ),
            (None, None) => (Color32::from_gray(0x90), String::new()),
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(10, 8))
            .stroke(egui::Stroke::new(1.0, Color32::from_gray(0x60)))
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                ui.label(RichText::new(text).size(17.0).strong().color(text_on(fill)));
            });
        let shown = self.scene.ply;
        ui.label(format!(
            "{} · move {}{}",
            g.kind().title(),
            shown,
            if self.preview.is_some() {
                format!(" of {}", g.ply())
            } else {
                String::new()
            }
        ));
    }

    /// The game side panel: turn, controls, move list.
    pub(super) fn game_panel(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        self.turn_ui(ui);
        let Some(c) = &self.current else {
            ui.add_space(8.0);
            command::button(ui, ws, Command::OpenGame, Ok(()));
            return;
        };
        let over = c.game.outcome().is_some();
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            command::button(ui, ws, Command::Undo, self.availability(&Command::Undo));
            command::button(ui, ws, Command::Redo, self.availability(&Command::Redo));
            // Resigning asks first: this button only opens the question below.
            if ui
                .add_enabled(!over && !self.confirm_resign, egui::Button::new("Resign"))
                .on_hover_text(Command::Resign.tooltip())
                .clicked()
            {
                self.confirm_resign = true;
            }
        });
        if self.confirm_resign {
            let who = self
                .current
                .as_ref()
                .and_then(|c| c.game.to_move().map(|p| Self::who(c.game.as_ref(), p)))
                .unwrap_or_default();
            egui::Frame::new()
                .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
                .inner_margin(6)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.label(format!("Resign the game as {who}?"));
                    ui.horizontal(|ui| {
                        if command::button_with_text(ui, ws, Command::Resign, Ok(()), "Yes, resign")
                            .clicked()
                        {
                            self.confirm_resign = false;
                        }
                        if ui.button("Cancel").clicked() {
                            self.confirm_resign = false;
                        }
                    });
                });
        }
        self.swap_ui(ui, ws);
        self.engine_ui(ui, ws);
        ui.horizontal_wrapped(|ui| {
            command::button(ui, ws, Command::SaveGame, Ok(()));
            command::button(ui, ws, Command::OpenGame, Ok(()));
        });
        if ui
            .checkbox(&mut self.show_legal, "Show legal moves")
            .on_hover_text("Mark every face where a click plays or selects")
            .changed()
        {
            self.hover_cache = None;
        }
        ui.separator();
        ui.label(RichText::new("Moves").strong());
        if self.current.is_none() {
            return;
        }
        moves::ui(ui, ws, &self.tree, self.preview, self.setup.colours, &|c| {
            self.availability(c)
        });
    }

    /// The swap (pie) move has no face to click: a button offers it when legal.
    pub(super) fn swap_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        if self.swap.is_none() || self.preview.is_some() {
            return;
        }
        let Some(p) = c.game.to_move() else {
            return;
        };
        if self.setup.seats[p as usize & 1].is_computer() {
            return;
        }
        let first = Self::who(c.game.as_ref(), crate::rules::opponent(p));
        if ui
            .button(Command::Swap.text())
            .on_hover_text(format!(
                "Take over {first}'s first move (mirrored into your own direction) instead of replying"
            ))
            .clicked()
        {
            ws.send(Command::Swap);
        }
    }

    /// The engine's progress while it thinks, or the Hint button.
    pub(super) fn engine_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        if let Some((purpose, progress)) = self.computer.thinking() {
            let p = match purpose {
                computer::Purpose::Move(p) | computer::Purpose::Hint(p) => p,
            };
            let who = Self::who(c.game.as_ref(), p);
            // Light piece colours (White) get darkened to stay visible as a bar.
            let c = self.setup.colours[p as usize & 1];
            let colour = if text_on(c) == Color32::WHITE {
                c
            } else {
                mix(c, Color32::from_gray(0x30), 0.6)
            };
            if computer::progress_ui(ui, purpose, progress, &who, colour) {
                ws.send(Command::StopSearch);
            }
            return;
        }
        command::button(ui, ws, Command::Hint, self.availability(&Command::Hint));
        if let Some(h) = &self.hint {
            ui.label(format!(
                "Hint: {} (win estimate {:.0}%)",
                h.best_move,
                h.win_rate * 100.0
            ));
        }
    }

    /// Banners over the board: the result, the preview bar, an edited board.
    pub(super) fn banners(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let g = c.game.as_ref();
        let started_on = c.started_on;
        if let Some(p) = self.preview {
            let m = self
                .scene
                .last_move
                .as_deref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            let mut live = false;
            egui::Frame::new()
                .fill(mix(
                    ui.visuals().panel_fill,
                    Color32::from_rgb(0x30, 0x80, 0xe0),
                    0.25,
                ))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(format!("Previewing move {p}{m} — read-only")).strong(),
                        );
                        live = ui.button(Command::Preview(None).text()).clicked();
                    });
                });
            if live {
                ws.send(Command::Preview(None));
            }
        } else if let Some(o) = &self.scene.outcome {
            let (fill, head) = match o.winner {
                Some(w) => (
                    self.setup.colours[w as usize & 1],
                    format!("{} wins", Self::who(g, w)),
                ),
                None => (Color32::from_gray(0xa0), "Draw".to_string()),
            };
            egui::Frame::new()
                .fill(fill)
                .inner_margin(egui::Margin::symmetric(12, 8))
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.label(
                        RichText::new(format!("{head} — {}", o.reason))
                            .size(18.0)
                            .strong()
                            .color(text_on(fill)),
                    );
                });
        }
        if let Some(r) = started_on
            && r != ws.doc.revision()
        {
            let mut again = false;
            egui::Frame::new()
                .fill(mix(ui.visuals().panel_fill, ui.visuals().warn_fg_color, 0.2))
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("The board has been edited or replaced since this game started; the game goes on on its own copy.");
                        again = ui.button("New game on the edited board").clicked();
                    });
                });
            if again {
                ws.send(Command::NewGame(self.setup.kind));
            }
        }
    }
}
