//! The Analyze report column: the verdict, the first-player score with its
//! interval, the live plots, how games ended, decisiveness, the strongest
//! openings, and Copy report.

use super::{AnalyzePanel, plots};
use crate::analysis::report::NO_WINNER;
use crate::app::workspace::Workspace;
use eframe::egui;

impl AnalyzePanel {
    pub(super) fn results_ui(&mut self, ui: &mut egui::Ui, ws: &mut Workspace) {
        ui.horizontal(|ui| {
            ui.heading("Report");
            let text = self.report_text();
            let r = ui
                .add_enabled(text.is_some(), egui::Button::new("Copy report"))
                .on_hover_text("Copy the report as text (the command line's table)");
            if r.clicked()
                && let Some(t) = text
            {
                ui.ctx().copy_text(t);
                ws.status.info("Copied the report");
            }
        });
        let Some(shown) = &self.shown else {
            ui.weak("Choose the game and the budget, then Start.");
            return;
        };
        let r = &shown.report;
        let h = &r.header;
        ui.label(format!(
            "{}{} on {} · {} · seed {} · {} thread(s)",
            shown.subject.kind.title(),
            if h.swap { " with swap" } else { "" },
            if h.board.is_empty() {
                "a custom board"
            } else {
                &h.board
            },
            h.budget,
            h.seed,
            h.threads
        ));
        if shown.running {
            ui.label(egui::RichText::new("Running: the report grows as games finish").italics());
        } else if h.partial {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "Partial: cancelled; only the games and openings finished before count",
            );
        }
        ui.separator();
        let f = &r.first_player;
        if f.games > 0 {
            ui.label(egui::RichText::new(&r.verdict).strong());
            ui.label(format!(
                "First-player score {:.1} % (95 % CI {:.1}–{:.1} %) over {} of {} games: {} won {}, {} won {}, draws {}",
                f.score * 100.0,
                f.ci95[0] * 100.0,
                f.ci95[1] * 100.0,
                f.games,
                h.games_planned,
                h.players[0],
                f.wins,
                h.players[1],
                f.losses,
                f.draws
            ));
            ui.add_space(4.0);
            ui.label("First-player score over the games played so far");
            plots::score_plot(ui, &shown.in_order);
            let l = &r.lengths;
            ui.label(format!(
                "Game length (plies): mean {:.1}, median {:.1}, quartiles {:.1}–{:.1}, range {}–{}",
                l.mean, l.median, l.q1, l.q3, l.min, l.max
            ));
            plots::length_plot(ui, &r.games);
            ui.add_space(4.0);
            ui.label("How games ended");
            egui::Grid::new("analyze_endings")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (k, n) in &r.endings {
                        ui.label(k.name());
                        ui.label(n.to_string());
                        ui.label(format!("{:.1} %", *n as f64 * 100.0 / f.games as f64));
                        ui.end_row();
                    }
                });
            ui.add_space(4.0);
            if r.foreseen().next().is_none() {
                ui.label(NO_WINNER);
            } else {
                ui.label("Decisiveness: the engine's estimate named the winner");
            }
            egui::Grid::new("analyze_decisive")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for d in r.foreseen() {
                        ui.label(format!("after {:.0} % of the game", d.at * 100.0));
                        ui.label(format!(
                            "{:.1} % of {} decided games",
                            d.share * 100.0,
                            d.games
                        ));
                        ui.end_row();
                    }
                });
        } else if h.games_planned > 0 {
            ui.weak(format!("No game finished yet of {}", h.games_planned));
        }
        if let Some(m) = &r.openings {
            ui.separator();
            ui.label(format!(
                "Opening map: {} of {} first moves ({})",
                m.openings.len(),
                m.planned,
                m.method
            ));
            let ranked = m.ranked();
            if !ranked.is_empty() {
                let show = |o: &crate::analysis::OpeningStat| {
                    format!(
                        "{} {:.0} %{}",
                        o.notation,
                        o.first_win_rate * 100.0,
                        if o.proven { " (proven)" } else { "" }
                    )
                };
                let n = ranked.len().min(3);
                ui.label(format!(
                    "Best for {}: {}",
                    h.players[0],
                    ranked[..n]
                        .iter()
                        .map(|o| show(o))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                ui.label(format!(
                    "Worst for {}: {}",
                    h.players[0],
                    ranked[ranked.len() - n..]
                        .iter()
                        .rev()
                        .map(|o| show(o))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                if h.swap {
                    let swap = m.openings.iter().filter(|o| o.swap()).count();
                    ui.label(format!(
                        "With swap: {swap} of {} openings should be swapped (outlined on the map)",
                        m.openings.len()
                    ));
                }
            }
        }
    }
}
