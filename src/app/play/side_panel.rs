//! The game side panel (turn indicator, Undo / Redo / Resign, Swap, Hint and
//! the engine's progress, Save / Open game, the move list) and the banners over
//! the board (result, preview bar, edited board). Their buttons send
//! [`Command`]s.

use super::board_view::{mix, text_on};
use super::{PlayPanel, computer, moves};
use crate::app::command::Command;
use crate::app::workspace::Workspace;
use crate::game::engine::group_digits;
use eframe::egui::{self, Color32, RichText};

impl PlayPanel {
    /// The turn indicator / result line in the side panel.
    pub(super) fn turn_ui(&self, ui: &mut egui::Ui) {
        let Some(c) = &self.current else {
            ui.label("No game: click the board to start one, or choose rules and press New game");
            return;
        };
        let g = c.game.as_ref();
        let colours = self.colours();
        let (fill, text) = match (&self.scene.outcome, self.scene.to_move) {
            (Some(o), _) => match o.winner {
                Some(w) => (colours[w as usize & 1], format!("{} won", g.who(w))),
                None => (Color32::from_gray(0x90), "Draw".to_string()),
            },
            (None, Some(p)) => (colours[p as usize & 1], format!("{} to move", g.who(p))),
            (None, None) => (Color32::from_gray(0x90), String::new()),
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(6.0)
            .inner_margin(egui::Margin::symmetric(10, 8))
            .stroke(egui::Stroke::new(1.0, Color32::from_gray(0x60)))
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                // One line whatever the players' names, so the buttons below
                // stay where they are; the whole text shows on hover.
                ui.add(
                    egui::Label::new(RichText::new(text).size(17.0).strong().color(text_on(fill)))
                        .truncate(),
                );
            });
        // One line, as the turn above: a long one (a set-up start) is cut,
        // and shows whole on hover.
        ui.add(egui::Label::new(self.move_count_text()).truncate());
    }

    /// "Hex · 4 moves played", or while previewing "Hex · move 5 of 9 · live: 4
    /// moves": moves counted on the current line of the game tree (which
    /// goes on past the live position after a takeback). A game that started
    /// from a set-up position (the board's start pieces, a record's set-up
    /// stones) says so: "Hex · 4 moves played after 3 set-up pieces".
    pub fn move_count_text(&self) -> String {
        let Some(c) = &self.current else {
            return String::new();
        };
        let title = c.game.kind().title();
        let live = c.game.ply();
        match self.preview {
            None => {
                let after = c.game.setup().map_or(String::new(), |s| {
                    format!(
                        " after {}",
                        crate::app::count(s.pieces.len(), "set-up piece")
                    )
                });
                format!(
                    "{title} · {} played{after}",
                    crate::app::count(live, "move")
                )
            }
            Some(shown) => {
                let line = self.tree.line.len().saturating_sub(1).max(shown);
                format!(
                    "{title} · move {shown} of {line} · live: {}",
                    crate::app::count(live, "move")
                )
            }
        }
    }

    /// The game side panel: turn, controls, the engine box, move list. Every part
    /// keeps its place and height whatever happens in the game (the engine
    /// thinking, a hint arriving, the swap becoming possible), so a button is
    /// where it was when the pointer gets there.
    pub(super) fn game_panel(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        self.turn_ui(ui);
        self.clock_panel(ui);
        if self.current.is_none() {
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                ws.button(ui, Command::OpenGame, Ok(()));
                ws.button(ui, Command::PasteGame, Ok(()));
            });
            return;
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ws.button(ui, Command::Undo, self.availability(&Command::Undo));
            ws.button(ui, Command::Redo, self.availability(&Command::Redo));
            ws.button(
                ui,
                Command::ConfirmResign,
                self.availability(&Command::ConfirmResign),
            );
        });
        ui.horizontal(|ui| {
            ws.button(ui, Command::Hint, self.availability(&Command::Hint));
            self.swap_ui(ui, ws);
        });
        self.engine_ui(ui, ws);
        ui.horizontal(|ui| {
            ws.button(ui, Command::SaveGame, Ok(()));
            ws.button(ui, Command::OpenGame, Ok(()));
        });
        ui.horizontal(|ui| {
            ws.button(
                ui,
                Command::SavePicture,
                self.availability(&Command::SavePicture),
            );
            ws.button(ui, Command::PasteGame, Ok(()));
        });
        if self.current.as_ref().map(|c| c.game.kind()) == Some(crate::game::RulesKind::Hex) {
            ws.button(
                ui,
                Command::CopyHexWorldLink,
                self.availability(&Command::CopyHexWorldLink),
            );
        }
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
        let ending = self.ending_text();
        moves::ui(
            ui,
            ws,
            &self.tree,
            self.preview,
            self.colours(),
            ending.as_deref(),
            &|c| self.availability(c),
        );
    }

    /// The swap (pie) move has no face to click: in a game with the swap rule a
    /// Swap button sits next to Hint for the whole game, usable when the swap is.
    pub(super) fn swap_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        if !c.game.options().swap {
            return;
        }
        let first = c.game.who(0);
        let r = ui
            .add_enabled(
                self.availability(&Command::Swap).is_ok(),
                egui::Button::new(Command::Swap.text()),
            )
            .on_hover_text(format!(
                "Take over {first}'s first move (mirrored into your own direction) instead of replying"
            ));
        let r = match self.availability(&Command::Swap) {
            Err(why) => r.on_disabled_hover_text(why),
            Ok(()) => r,
        };
        if r.clicked() {
            ws.send(Command::Swap);
        }
    }

    /// The engine box, always the same height: the engine's progress while it
    /// thinks, else the last hint (or nothing).
    pub(super) fn engine_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let height = computer::progress_height(ui);
        let width = ui.available_width();
        ui.allocate_ui_with_layout(
            egui::vec2(width, height),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_min_size(egui::vec2(width, height));
                ui.set_max_height(height);
                if let Some((purpose, progress)) = self.computer.thinking() {
                    let p = match purpose {
                        computer::Purpose::Move(p) | computer::Purpose::Hint(p) => p,
                    };
                    let who = c.game.who(p);
                    // Light piece colours (White) get darkened to stay visible as a bar.
                    let c = self.colours()[p as usize & 1];
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
                if let Some(h) = &self.hint {
                    let label = ui.add(egui::Label::new(format!("Hint: {}", h.text())).truncate());
                    if h.proven {
                        label.on_hover_text(
                            "Proven: the search has solved this position. With best play \
                             by both sides from here, the game ends this way.",
                        );
                    }
                }
                // The computer's side by its side's name ("Blue"), short
                // enough for the panel whatever the player is called.
                let side = |p: crate::rules::Player| c.game.player_names()[p as usize & 1];
                if let Some((p, progress)) = self.computer.pondering() {
                    // Its expected reply is not shown: it would be a hint.
                    let lines = [
                        format!("{} is thinking on your time:", side(p)),
                        format!("{} simulations", group_digits(progress.simulations)),
                    ];
                    for text in lines {
                        ui.add(egui::Label::new(RichText::new(text).weak()).truncate())
                            .on_hover_text(
                                "Game setup → Computer thinks on your time: what it finds now \
                                 is kept for its reply",
                            );
                    }
                } else if let Some((p, progress)) = self.computer.pondered(self.epoch) {
                    // It stopped by itself: say so, or the person would wonder
                    // whether it still thinks (its verdict is not shown).
                    let why = if progress.proven {
                        "it has solved the position"
                    } else {
                        "its time on your move is up"
                    };
                    // Its own lines: the side panel cuts what is wider.
                    let n = progress.simulations;
                    let lines = [
                        format!("{} stopped thinking on your time:", side(p)),
                        why.to_string(),
                        if n == 1 {
                            "after 1 simulation".to_string()
                        } else {
                            format!("after {} simulations", group_digits(n))
                        },
                    ];
                    for text in lines {
                        ui.add(egui::Label::new(RichText::new(text).weak()).truncate())
                            .on_hover_text(
                                "Game setup → Computer thinks on your time: it searched \
                                 your position until it knew enough; what it found is kept \
                                 for its reply",
                            );
                    }
                }
            },
        );
    }

    /// Banners over the top of the board (they never push it down): the result,
    /// the preview bar, an edited board. The fitted board leaves room for them.
    pub(super) fn banners(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let g = c.game.as_ref();
        let started_on = c.started_on;
        let width = ui.available_width();
        // A banner takes the clicks on it, not the board under it: each lies in a
        // scope that senses clicks before its buttons are added on top.
        let sensing = || egui::UiBuilder::new().sense(egui::Sense::click());
        if let Some(p) = self.preview {
            let m = self
                .scene
                .last_move
                .as_deref()
                .map(|m| format!(" ({m})"))
                .unwrap_or_default();
            let mut live = false;
            ui.scope_builder(sensing(), |ui| {
                egui::Frame::new()
                    .fill(mix(
                        ui.visuals().panel_fill,
                        Color32::from_rgb(0x30, 0x80, 0xe0),
                        0.25,
                    ))
                    .corner_radius(4.0)
                    .inner_margin(egui::Margin::symmetric(10, 6))
                    .show(ui, |ui| {
                        ui.set_width(width - 20.0);
                        ui.horizontal(|ui| {
                            ui.label(
                                RichText::new(format!("Previewing move {p}{m} — read-only"))
                                    .strong(),
                            );
                            live = ui.button(Command::Preview(None).text()).clicked();
                        });
                    })
            });
            if live {
                ws.send(Command::Preview(None));
            }
        } else if let Some(o) = &self.scene.outcome {
            let (fill, head) = match o.winner {
                Some(w) => (self.colours()[w as usize & 1], format!("{} wins", g.who(w))),
                None => (Color32::from_gray(0xa0), "Draw".to_string()),
            };
            ui.scope_builder(sensing(), |ui| {
                egui::Frame::new()
                    .fill(fill)
                    .corner_radius(4.0)
                    .inner_margin(egui::Margin::symmetric(12, 8))
                    .show(ui, |ui| {
                        ui.set_width(width - 24.0);
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!("{head} — {}", o.reason))
                                    .size(18.0)
                                    .strong()
                                    .color(text_on(fill)),
                            )
                            .truncate(),
                        );
                    })
            });
        }
        if let Some(r) = started_on
            && r != ws.doc.revision()
        {
            let mut again = false;
            ui.scope_builder(sensing(), |ui| egui::Frame::new()
                .fill(mix(ui.visuals().panel_fill, ui.visuals().warn_fg_color, 0.2))
                .corner_radius(4.0)
                .inner_margin(egui::Margin::symmetric(10, 6))
                .show(ui, |ui| {
                    ui.set_width(width - 20.0);
                    ui.horizontal(|ui| {
                        again = ui.button("New game on the edited board").clicked();
                        ui.add(
                            egui::Label::new(
                                "The board has been edited or replaced since this game started; the game goes on on its own copy.",
                            )
                            .truncate(),
                        );
                    });
                }));
            if again {
                ws.send(Command::NewGame(self.setup.kind));
            }
        }
    }
}
