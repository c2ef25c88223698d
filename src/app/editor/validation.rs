//! The Problems panel: a live view of the board lint ([`crate::board::lint`]) —
//! what is wrong with the board, or what a designer probably wants to fix, each
//! entry clickable to zoom to its place.
//!
//! The lint is recomputed only when the document's revision changes.

use crate::board::Board;
use crate::board::lint::{Problem, Severity, check};

/// Boards up to this many faces are re-checked on every change.
pub const IMMEDIATE_FACES: usize = 20_000;
/// Bigger boards are re-checked once they have not changed for this long.
pub const SETTLE_SECONDS: f64 = 0.4;

/// The panel state: the list for one revision, and whether it is open.
#[derive(Debug)]
pub struct ValidationPanel {
    revision: Option<u64>,
    /// The latest revision seen and when it was first seen.
    changed: Option<(u64, f64)>,
    pub problems: Vec<Problem>,
    pub open: bool,
}

impl Default for ValidationPanel {
    fn default() -> Self {
        ValidationPanel {
            revision: None,
            changed: None,
            problems: Vec::new(),
            open: true,
        }
    }
}

impl ValidationPanel {
    /// Recompute the list if the board changed since the last time. Boards of up to
    /// [`IMMEDIATE_FACES`] faces are checked at once; bigger ones (where a check
    /// takes tens of milliseconds) once the board has not changed for
    /// [`SETTLE_SECONDS`], so typing and clicking stay smooth. `now` is the UI clock
    /// in seconds; returns how long to wait before calling again, if a check is due.
    pub fn refresh(&mut self, board: &Board, revision: u64, now: f64) -> Option<f64> {
        if self.revision == Some(revision) {
            return None;
        }
        if self.changed.is_none_or(|(r, _)| r != revision) {
            self.changed = Some((revision, now));
        }
        let since = self.changed.map_or(0.0, |(_, t)| now - t);
        if board.face_count() <= IMMEDIATE_FACES
            || self.revision.is_none()
            || since >= SETTLE_SECONDS
        {
            self.problems = check(board);
            self.revision = Some(revision);
            None
        } else {
            Some(SETTLE_SECONDS - since)
        }
    }

    /// Whether the list is for an older board (a check is pending).
    pub fn is_stale(&self, revision: u64) -> bool {
        self.revision != Some(revision)
    }

    /// The panel's fixed height: the header, and when open four lines of the list
    /// (longer lists scroll), so that the canvas above never moves as the list
    /// grows or shrinks.
    pub fn panel_height(&self, ui: &eframe::egui::Ui) -> f32 {
        let s = ui.spacing();
        let line = ui.text_style_height(&eframe::egui::TextStyle::Body)
            + 2.0 * s.button_padding.y
            + s.item_spacing.y;
        let header = s.interact_size.y + s.item_spacing.y + 6.0;
        if self.open {
            header + 4.0 * line + 4.0
        } else {
            header
        }
    }

    /// Draw the list; returns the problem the user clicked.
    pub fn ui(&mut self, ui: &mut eframe::egui::Ui, stale: bool) -> Option<Problem> {
        use eframe::egui;
        let errors = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count();
        let warnings = self
            .problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
            .count();
        let notes = self.problems.len() - errors - warnings;
        let mut title = if self.problems.is_empty() {
            "Problems: none".to_string()
        } else {
            format!(
                "Problems: {}, {}, {}",
                count(errors, "error"),
                count(warnings, "warning"),
                count(notes, "note")
            )
        };
        if stale {
            title.push_str("  (checking…)");
        }
        let mut clicked = None;
        let header = egui::CollapsingHeader::new(title)
            .id_salt("editor_problems")
            .open(Some(self.open))
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(ui.available_height())
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if self.problems.is_empty() {
                            ui.weak("The board has no problems.");
                        }
                        for p in &self.problems {
                            let colour = match p.severity {
                                Severity::Error => ui.visuals().error_fg_color,
                                Severity::Warning => ui.visuals().warn_fg_color,
                                Severity::Note => ui.visuals().weak_text_color(),
                            };
                            let text =
                                egui::RichText::new(format!("{}: {}", p.severity.name(), p.text))
                                    .color(colour);
                            let r = ui.add(egui::Button::selectable(false, text));
                            let r = if p.at.is_some() {
                                r.on_hover_text("Click to show it on the board")
                            } else {
                                r
                            };
                            if r.clicked() {
                                clicked = Some(p.clone());
                            }
                        }
                    });
            });
        if header.header_response.clicked() {
            self.open = !self.open;
        }
        clicked
    }
}

use crate::app::count;

#[cfg(test)]
mod panel_tests {
    use super::*;
    use crate::presets;

    #[test]
    fn big_boards_are_checked_once_they_settle() {
        let mut b = presets::square_grid(150, 150);
        let mut p = ValidationPanel::default();
        assert_eq!(p.refresh(&b, 1, 0.0), None, "the first check is immediate");
        crate::edit::apply(
            &mut b,
            &crate::edit::BoardEdit::SetCoord {
                face: crate::mesh::FaceId(1),
                coord: Some(crate::board::GridCoord::new(0, 0)),
            },
        )
        .unwrap();
        let wait = p.refresh(&b, 2, 10.0).expect("deferred");
        assert!(wait > 0.0 && wait <= SETTLE_SECONDS);
        assert!(p.is_stale(2));
        assert!(p.problems.is_empty());
        assert!(p.refresh(&b, 2, 10.1).is_some());
        assert_eq!(p.refresh(&b, 2, 10.0 + SETTLE_SECONDS), None);
        assert!(!p.is_stale(2));
        assert!(
            p.problems
                .iter()
                .any(|x| x.text.contains("grid position col 0 row 0"))
        );
        // Small boards: immediately.
        let s = presets::square_grid(3, 3);
        assert_eq!(p.refresh(&s, 3, 11.0), None);
        assert!(p.problems.is_empty());
    }
}
