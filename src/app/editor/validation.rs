//! The Problems panel: a live view of the board lint ([`crate::board::lint`]) —
//! what is wrong with the board, or what a designer probably wants to fix, each
//! entry clickable to zoom to its place.
//!
//! The list follows every edit: the panel keeps a [`Lint`] and brings it up to
//! date with the faces the edits since its revision touched, in time that
//! follows the edit. Only when that is not known (a new or replaced board) is
//! the board checked from scratch — at once for small boards, and for big ones
//! once the board has settled.

use crate::board::Board;
use crate::board::lint::{Lint, Problem, Severity};
use crate::mesh::FaceId;

/// Boards up to this many faces are checked from scratch at once.
pub const IMMEDIATE_FACES: usize = 20_000;
/// Bigger boards are checked from scratch once they have not changed for this long.
pub const SETTLE_SECONDS: f64 = 0.4;

/// The panel state: the list for one revision, and whether it is open.
#[derive(Debug)]
pub struct ValidationPanel {
    revision: Option<u64>,
    /// The lint the list was made from, up to date with `revision`.
    lint: Option<Lint>,
    /// The latest revision seen and when it was first seen.
    changed: Option<(u64, f64)>,
    pub problems: Vec<Problem>,
    pub open: bool,
}

impl Default for ValidationPanel {
    fn default() -> Self {
        ValidationPanel {
            revision: None,
            lint: None,
            changed: None,
            problems: Vec::new(),
            open: true,
        }
    }
}

impl ValidationPanel {
    /// Bring the list up to date with `board` at `revision`. `affected_since(r)`
    /// names the faces that changed since revision `r` (as
    /// [`crate::app::workspace::Document::affected_since`] does), `None` when
    /// unknown: then the board is checked from scratch, at once for boards of
    /// up to [`IMMEDIATE_FACES`] faces and for bigger ones (where that takes
    /// tens of milliseconds or more) once the board has not changed for
    /// [`SETTLE_SECONDS`], so typing and clicking stay smooth. `now` is the UI
    /// clock in seconds; returns how long to wait before calling again, if a
    /// check is due.
    pub fn refresh(
        &mut self,
        board: &Board,
        revision: u64,
        now: f64,
        affected_since: impl FnOnce(u64) -> Option<Vec<FaceId>>,
    ) -> Option<f64> {
        if self.revision == Some(revision) {
            return None;
        }
        if let (Some(lint), Some(r)) = (&mut self.lint, self.revision)
            && let Some(affected) = affected_since(r)
        {
            lint.update(board, &affected);
            self.problems = lint.problems(board);
            self.revision = Some(revision);
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
            let lint = Lint::new(board);
            self.problems = lint.problems(board);
            self.lint = Some(lint);
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
    fn edits_are_followed_at_once_and_unknown_changes_of_big_boards_once_they_settle() {
        let mut b = presets::square_grid(150, 150);
        let mut p = ValidationPanel::default();
        assert_eq!(
            p.refresh(&b, 1, 0.0, |_| None),
            None,
            "the first check is immediate"
        );
        let applied = crate::edit::apply(
            &mut b,
            &crate::edit::BoardEdit::SetCoord {
                face: crate::mesh::FaceId(1),
                coord: Some(crate::board::GridCoord::new(0, 0)),
            },
        )
        .unwrap();
        let affected = applied.undo.affected_faces(&b);
        // An edit whose faces are known: followed at once, whatever the size.
        assert_eq!(
            p.refresh(&b, 2, 10.0, |r| {
                assert_eq!(r, 1);
                affected.clone()
            }),
            None
        );
        assert!(!p.is_stale(2));
        let shared = |p: &ValidationPanel| {
            p.problems
                .iter()
                .any(|x| x.text.contains("grid position col 0 row 0"))
        };
        assert!(shared(&p), "{:?}", p.problems);
        assert_eq!(p.problems, crate::board::lint::check(&b));
        // Unknown changes of a big board: checked from scratch once it settles.
        crate::edit::undo(&mut b, &applied.undo);
        let wait = p.refresh(&b, 3, 11.0, |_| None).expect("deferred");
        assert!(wait > 0.0 && wait <= SETTLE_SECONDS);
        assert!(p.is_stale(3));
        assert!(shared(&p), "the old list stays until then");
        assert!(p.refresh(&b, 3, 11.1, |_| None).is_some());
        assert_eq!(p.refresh(&b, 3, 11.0 + SETTLE_SECONDS, |_| None), None);
        assert!(!p.is_stale(3));
        assert!(!shared(&p));
        // Small boards: immediately.
        let s = presets::square_grid(3, 3);
        assert_eq!(p.refresh(&s, 4, 12.0, |_| None), None);
        assert!(p.problems.is_empty());
    }
}
