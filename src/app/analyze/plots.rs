//! The Analyze tab's live plots (`egui_plot`): the first player's score over
//! the games played so far, with its 95 % interval, and the distribution of
//! game lengths.

use crate::analysis::report::first_score;
use crate::analysis::{GameSummary, wilson};
use eframe::egui;
use egui_plot::{Bar, BarChart, HLine, Line, Plot, PlotPoints};

const HEIGHT: f32 = 140.0;

/// The running first-player score (percent) after each finished game, in the
/// order they finished, between the running interval's bounds.
pub fn score_plot(ui: &mut egui::Ui, in_order: &[GameSummary]) {
    let mut score = Vec::with_capacity(in_order.len());
    let mut lo = Vec::with_capacity(in_order.len());
    let mut hi = Vec::with_capacity(in_order.len());
    let mut k = 0.0;
    for (i, g) in in_order.iter().enumerate() {
        k += first_score(g.winner);
        let n = (i + 1) as f64;
        let [l, h] = wilson(k, n);
        score.push([n, k / n * 100.0]);
        lo.push([n, l * 100.0]);
        hi.push([n, h * 100.0]);
    }
    let accent = ui.visuals().hyperlink_color;
    let weak = ui.visuals().weak_text_color();
    Plot::new("analyze_score_plot")
        .height(HEIGHT)
        .include_y(0.0)
        .include_y(100.0)
        .include_x(0.0)
        .include_x(in_order.len().max(1) as f64)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label("games")
        .y_axis_label("score %")
        .show(ui, |p| {
            p.hline(HLine::new("even", 50.0).color(weak));
            p.line(Line::new("95 % CI low", PlotPoints::new(lo)).color(accent.gamma_multiply(0.4)));
            p.line(
                Line::new("95 % CI high", PlotPoints::new(hi)).color(accent.gamma_multiply(0.4)),
            );
            p.line(
                Line::new("first-player score", PlotPoints::new(score))
                    .color(accent)
                    .width(2.0),
            );
        });
}

/// Games per length (plies).
pub fn length_plot(ui: &mut egui::Ui, games: &[GameSummary]) {
    let max = games.iter().map(|g| g.plies).max().unwrap_or(0);
    // At most about 40 bars: lengths grouped into bins of equal width.
    let width = (max / 40).max(1);
    let mut counts = vec![0u32; max / width + 1];
    for g in games {
        counts[g.plies / width] += 1;
    }
    let bars: Vec<Bar> = counts
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, &n)| {
            let from = i * width;
            Bar::new((from as f64) + (width as f64 - 1.0) / 2.0, n as f64)
                .width(width as f64 * 0.9)
                .name(if width == 1 {
                    format!("{from} plies")
                } else {
                    format!("{from}–{} plies", from + width - 1)
                })
        })
        .collect();
    Plot::new("analyze_length_plot")
        .height(HEIGHT)
        .include_y(0.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label("plies")
        .y_axis_label("games")
        .show(ui, |p| {
            p.bar_chart(BarChart::new("games", bars).color(ui_colour()));
        });
}

fn ui_colour() -> egui::Color32 {
    egui::Color32::from_rgb(0x4c, 0x78, 0xa8)
}
