//! The Analyze parameter column: the command line's parameters, Start, the
//! progress bar and Cancel.

use super::{AnalyzePanel, MAX_GAMES, MAX_SECONDS, MAX_SIMS, MAX_THREADS};
use crate::app::suitability::CHECKING;
use crate::app::workspace::Workspace;
use crate::game::RulesKind;
use eframe::egui;

impl AnalyzePanel {
    pub(super) fn params_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        ui.heading("Balance lab");
        ui.label(format!(
            "Engine-vs-engine games on {}: is it fair, which openings are strong, how long are games.",
            super::board_name(ws.doc.board())
        ));
        ui.add_space(6.0);
        let running = self.is_running();
        ui.add_enabled_ui(!running, |ui| self.settings_ui(ui, ws));
        ui.add_space(8.0);
        let kind = self.settings.kind();
        let ready = self.availability(ws, kind, self.settings.swap);
        if ready.is_none() {
            crate::app::suitability::checking_ui(ui, ws.doc.board());
        }
        let nothing = self.settings.games == 0 && !self.settings.openings;
        ui.horizontal(|ui| {
            let r = ui
                .add_enabled(
                    !running && ready.as_ref().is_some_and(Result::is_ok) && !nothing,
                    egui::Button::new("Start"),
                )
                .on_hover_text("Analyse the board with these settings");
            let r = match (&ready, nothing) {
                (None, _) => r.on_disabled_hover_text(CHECKING),
                (Some(Err(why)), _) => r.on_disabled_hover_text(format!(
                    "{} cannot be analysed on this board: {why}",
                    kind.title()
                )),
                (_, true) => r.on_disabled_hover_text("Ask for games or the opening map"),
                _ => r,
            };
            if r.clicked() {
                self.start(ws);
            }
            if ui
                .add_enabled(running, egui::Button::new("Cancel"))
                .on_hover_text("Stop now and keep the games and openings finished so far")
                .clicked()
            {
                self.cancel();
            }
        });
        let empty = ws.doc.board().face_count() == 0;
        if let (Some(Err(why)), false, false) = (&ready, running, empty) {
            // Said, not only on hovering the greyed-out Start (an empty
            // board's start card says what to do instead).
            ui.add_space(4.0);
            ui.label(
                egui::RichText::new(format!(
                    "{} cannot be analysed on this board: {why}",
                    kind.title()
                ))
                .color(ui.visuals().warn_fg_color),
            );
        }
        if let Some(c) = self.counts() {
            ui.add_space(4.0);
            ui.add(
                egui::ProgressBar::new(c.fraction())
                    .show_percentage()
                    .animate(true),
            );
            ui.label(format!(
                "games {}/{} · openings {}/{}",
                c.games_done, c.games_planned, c.openings_done, c.openings_planned
            ));
            if let Some(elapsed) = self.elapsed() {
                ui.label(progress_text(&c, elapsed));
            }
        }
        if let Some(e) = &self.error {
            ui.add_space(4.0);
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        // While a big board is checked, no game can be chosen yet.
        let all: Vec<(RulesKind, Result<(), String>)> = RulesKind::ALL
            .iter()
            .map(|&k| {
                let ok = self.availability(ws, k, false);
                (k, ok.unwrap_or_else(|| Err(CHECKING.to_string())))
            })
            .collect();
        let s = &mut self.settings;
        let mut kind = s.kind();
        let before = kind;
        egui::Grid::new("analyze_grid")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let l = ui.label("Game");
                egui::ComboBox::from_id_salt("analyze_game")
                    .selected_text(kind.title())
                    .show_ui(ui, |ui| {
                        for (k, ok) in &all {
                            let r = ui.add_enabled(
                                ok.is_ok(),
                                egui::Button::selectable(kind == *k, k.title()),
                            );
                            let r = match ok {
                                Err(why) => r.on_disabled_hover_text(why),
                                Ok(()) => r,
                            };
                            if r.clicked() {
                                kind = *k;
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Swap rule");
                ui.add_enabled(kind.has_swap(), egui::Checkbox::new(&mut s.swap, ""))
                    .on_hover_text(
                        "The second player may take over the first move; the map then says which openings to swap",
                    )
                    .on_disabled_hover_text(format!("{} has no swap rule", kind.title()))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Games");
                ui.add(egui::DragValue::new(&mut s.games).range(0..=MAX_GAMES))
                    .on_hover_text("Engine-vs-engine games from the start (0: the opening map only)")
                    .labelled_by(l.id);
                ui.end_row();
                ui.label("Budget");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut s.use_time, false, "simulations");
                    ui.radio_value(&mut s.use_time, true, "seconds");
                });
                ui.end_row();
                let l = ui.label("per move");
                if s.use_time {
                    ui.add(
                        egui::DragValue::new(&mut s.seconds)
                            .range(0.001..=MAX_SECONDS)
                            .speed(0.01)
                            .suffix(" s"),
                    )
                    .on_hover_text("Seconds per move (the report then depends on the machine's load)")
                    .labelled_by(l.id);
                } else {
                    ui.add(
                        egui::DragValue::new(&mut s.sims)
                            .range(1..=MAX_SIMS)
                            .speed(50.0),
                    )
                    .on_hover_text("Simulations per move: the same seed gives the same report")
                    .labelled_by(l.id);
                }
                ui.end_row();
                let l = ui.label("Threads");
                ui.add(egui::DragValue::new(&mut s.threads).range(1..=MAX_THREADS))
                    .on_hover_text("Games played at once, one per thread")
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Opening map");
                ui.checkbox(&mut s.openings, "")
                    .on_hover_text("The first player's win rate after every legal first move")
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Opening sims");
                ui.add_enabled(
                    s.openings,
                    egui::DragValue::new(&mut s.opening_sims)
                        .range(1..=MAX_SIMS)
                        .speed(100.0),
                )
                .on_hover_text("Simulations of the search after each first move")
                .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut s.seed))
                    .on_hover_text("Each game's seed derives from it and the game's number")
                    .labelled_by(l.id);
                ui.end_row();
            });
        if kind != before {
            s.rules = kind.name().to_string();
            if !kind.has_swap() {
                s.swap = false;
            }
        }
    }
}

/// The running analysis's pace: "1.2 million simulations · 25 s", and once a
/// game or an opening is done, what the rest will take at that pace ("about
/// 6 h 50 min left"), so that a long analysis (a big board, thousands of
/// openings) says so at once.
pub fn progress_text(c: &crate::analysis::Counts, elapsed: std::time::Duration) -> String {
    let sims = match c.simulations {
        n if n >= 1_000_000 => format!("{:.1} million simulations", n as f64 / 1e6),
        n => format!("{} simulations", crate::game::engine::group_digits(n)),
    };
    let mut text = format!("{sims} · {}", duration_text(elapsed.as_secs_f64()));
    let f = c.fraction() as f64;
    if f > 0.0 && f < 1.0 {
        let left = elapsed.as_secs_f64() * (1.0 - f) / f;
        text.push_str(&format!(" · about {} left", duration_text(left)));
    }
    text
}

/// "25 s", "4 min 10 s", "6 h 50 min", "3 days 4 h".
fn duration_text(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        3600..86_400 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        _ => format!("{} days {} h", s / 86_400, s % 86_400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_progress_line_names_the_pace_and_what_is_left() {
        let mut c = crate::analysis::Counts {
            games_done: 0,
            games_planned: 100,
            openings_done: 0,
            openings_planned: 0,
            simulations: 12_345,
        };
        assert_eq!(
            progress_text(&c, Duration::from_secs(25)),
            "12 345 simulations · 25 s"
        );
        c.games_done = 10;
        c.simulations = 2_500_000;
        assert_eq!(
            progress_text(&c, Duration::from_secs(250)),
            "2.5 million simulations · 4 min 10 s · about 37 min 30 s left"
        );
        c.games_done = 1;
        c.openings_planned = 6613;
        assert_eq!(
            progress_text(&c, Duration::from_secs(3600)),
            "2.5 million simulations · 1 h 0 min · about 279 days 16 h left"
        );
    }
}
