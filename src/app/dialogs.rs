//! The app's dialogs: the unsaved-changes prompt (Save / Don't save / Cancel), New
//! board (empty or from a preset with its size), the keyboard-shortcuts help
//! (generated from the [`Command`]s), About, and the offer to restore an autosave
//! left by a crash. A dialog's answer is a [`Command`] like any other.

use super::autosave::Leftover;
use super::command::{Command, Section};
use crate::presets;
use eframe::egui;

/// What File → New makes.
#[derive(Clone, Debug, PartialEq)]
pub enum NewBoard {
    Empty,
    /// A preset from [`presets::PRESETS`] with its size (None for fixed-size presets).
    Preset {
        name: String,
        size: Option<u32>,
    },
}

/// What the unsaved-changes prompt says the waiting commands are about to do.
fn verb(waiting: &[Command]) -> &'static str {
    match waiting.first() {
        Some(Command::NewBoard(_)) => "creating a new board",
        Some(Command::OpenPath(_) | Command::OpenDropped(_)) => "opening another file",
        Some(Command::Quit) => "closing",
        _ => "replacing the board",
    }
}

/// The answer to the unsaved-changes prompt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Save,
    DontSave,
    Cancel,
}

/// The dialog on screen (at most one at a time).
#[derive(Debug)]
pub enum Dialog {
    /// The unsaved-changes prompt, holding the commands that wait for its answer.
    Unsaved(Vec<Command>),
    NewBoard {
        preset: usize,
        size: u32,
    },
    Shortcuts,
    About,
    Restore(Box<Leftover>),
}

impl Dialog {
    /// The New board dialog with the first preset selected at its default size.
    pub fn new_board() -> Dialog {
        Dialog::NewBoard {
            preset: 0,
            size: presets::PRESETS[0].sizes.default,
        }
    }

    /// Draw the dialog. Returns the dialog if it stays open, and what was decided.
    pub fn show(self, ctx: &egui::Context) -> (Option<Dialog>, Option<Command>) {
        match self {
            Dialog::Unsaved(then) => {
                let mut choice = None;
                let r = egui::Modal::new(egui::Id::unique("unsaved_changes")).show(ctx, |ui| {
                    ui.set_max_width(380.0);
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "The board has changes that are not saved. Save them before {}?",
                        verb(&then)
                    ));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button("Save").clicked() {
                            choice = Some(Choice::Save);
                        }
                        if ui.button("Don't save").clicked() {
                            choice = Some(Choice::DontSave);
                        }
                        if ui.button("Cancel").clicked() {
                            choice = Some(Choice::Cancel);
                        }
                    });
                });
                if choice.is_none() && r.should_close() {
                    choice = Some(Choice::Cancel);
                }
                match choice {
                    Some(choice) => (None, Some(Command::Unsaved { choice, then })),
                    None => (Some(Dialog::Unsaved(then)), None),
                }
            }
            Dialog::NewBoard {
                mut preset,
                mut size,
            } => {
                preset = preset.min(presets::PRESETS.len() - 1);
                let mut action = None;
                let mut close = false;
                let r = egui::Modal::new(egui::Id::unique("new_board")).show(ctx, |ui| {
                    ui.set_min_width(320.0);
                    ui.heading("New board");
                    egui::Grid::new("new_board_grid")
                        .num_columns(2)
                        .spacing([12.0, 8.0])
                        .show(ui, |ui| {
                            let l = ui.label("Preset");
                            let current = &presets::PRESETS[preset];
                            egui::ComboBox::from_id_salt("new_board_preset")
                                .selected_text(current.title)
                                .show_ui(ui, |ui| {
                                    for (i, p) in presets::PRESETS.iter().enumerate() {
                                        if ui.selectable_label(i == preset, p.title).clicked()
                                            && i != preset
                                        {
                                            preset = i;
                                            size = p.sizes.default;
                                        }
                                    }
                                })
                                .response
                                .labelled_by(l.id);
                            ui.end_row();
                            let sizes = presets::PRESETS[preset].sizes;
                            let l = ui.label("Size");
                            if sizes.is_fixed() {
                                ui.weak("fixed");
                            } else {
                                ui.add(
                                    egui::DragValue::new(&mut size).range(sizes.min..=sizes.max),
                                )
                                .labelled_by(l.id)
                                .on_hover_text(format!("{} to {}", sizes.min, sizes.max));
                            }
                            ui.end_row();
                        });
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button("Create").clicked() {
                            let p = &presets::PRESETS[preset];
                            action = Some(Command::NewBoard(NewBoard::Preset {
                                name: p.name.to_string(),
                                size: (!p.sizes.is_fixed()).then_some(size),
                            }));
                        }
                        if ui.button("Empty board").clicked() {
                            action = Some(Command::NewBoard(NewBoard::Empty));
                        }
                        if ui.button("Cancel").clicked() {
                            close = true;
                        }
                    });
                });
                if action.is_some() || close || r.should_close() {
                    (None, action)
                } else {
                    (Some(Dialog::NewBoard { preset, size }), None)
                }
            }
            Dialog::Shortcuts => {
                let mut open = true;
                egui::Window::new("Keyboard shortcuts")
                    .open(&mut open)
                    .collapsible(false)
                    .resizable(false)
                    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                    .show(ctx, |ui| {
                        let h = (ctx.content_rect().height() - 160.0).max(120.0);
                        egui::ScrollArea::vertical().max_height(h).show(ui, |ui| {
                            egui::Grid::new("shortcuts_grid")
                                .num_columns(2)
                                .striped(true)
                                .spacing([16.0, 4.0])
                                .show(ui, |ui| {
                                    for (keys, what) in shortcut_rows(ctx) {
                                        if keys.is_empty() {
                                            ui.strong(what);
                                            ui.label("");
                                        } else {
                                            ui.monospace(keys);
                                            ui.label(what);
                                        }
                                        ui.end_row();
                                    }
                                });
                        });
                    });
                (open.then_some(Dialog::Shortcuts), None)
            }
            Dialog::About => {
                let mut open = true;
                egui::Window::new("About boardwright")
                    .open(&mut open)
                    .collapsible(false)
                    .resizable(false)
                    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                    .show(ctx, |ui| {
                        ui.heading(format!("boardwright {}", env!("CARGO_PKG_VERSION")));
                        ui.label(env!("CARGO_PKG_DESCRIPTION"));
                        ui.label(format!("License: {}", env!("CARGO_PKG_LICENSE")));
                        ui.label("Built with egui / eframe.");
                    });
                (open.then_some(Dialog::About), None)
            }
            Dialog::Restore(left) => {
                let mut action = None;
                egui::Modal::new(egui::Id::unique("restore_autosave")).show(ctx, |ui| {
                    ui.set_max_width(420.0);
                    ui.heading("Restore unsaved work?");
                    ui.label("boardwright did not close cleanly last time. An autosave was found:");
                    ui.label(egui::RichText::new(left.summary()).strong());
                    if left.saved_at > 0 {
                        ui.weak(format!("saved {}", ago(left.saved_at)));
                    }
                    for p in &left.problems {
                        ui.colored_label(ui.visuals().error_fg_color, format!("Unreadable: {p}"));
                    }
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        let can = left.board.is_some() || left.game.is_some();
                        if ui.add_enabled(can, egui::Button::new("Restore")).clicked() {
                            action = Some(true);
                        }
                        if ui.button("Discard").clicked() {
                            action = Some(false);
                        }
                    });
                });
                match action {
                    Some(true) => (None, Some(Command::RestoreAutosave(left))),
                    Some(false) => (None, Some(Command::DiscardAutosave)),
                    None => (Some(Dialog::Restore(left)), None),
                }
            }
        }
    }
}

/// "3 minutes ago" for a Unix time.
fn ago(secs: u64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(secs);
    let d = now.saturating_sub(secs);
    match d {
        0..60 => "less than a minute ago".into(),
        60..3600 => format!("{} minute(s) ago", d / 60),
        3600..86400 => format!("{} hour(s) ago", d / 3600),
        _ => format!("{} day(s) ago", d / 86400),
    }
}

/// The mouse controls (and dropping files), listed after the keyboard shortcuts.
pub const MOUSE: &[(&str, &str)] = &[
    (
        "drop a file",
        "Open it (board .ron / .obj, game .ron / .sgf)",
    ),
    ("mouse wheel", "Zoom around the cursor"),
    ("middle or right drag", "Pan"),
    ("Space + left drag", "Pan"),
    ("left click", "Use the current tool / play a move"),
    ("left drag", "Editor: move a vertex (Move vertex tool)"),
    (
        "hover",
        "The status bar describes the face under the cursor",
    ),
];

/// The rows of Help → Keyboard shortcuts: every command with a shortcut under its
/// section's heading, then the mouse controls. Rows with empty keys are headings.
pub fn shortcut_rows(ctx: &egui::Context) -> Vec<(String, String)> {
    let commands = Command::catalogue();
    let mut rows = Vec::new();
    for section in Section::ALL {
        let mut entries: Vec<(String, String)> = commands
            .iter()
            .filter(|c| c.section() == section)
            .filter_map(|c| Some((c.all_shortcuts_text(ctx)?, c.tooltip().into_owned())))
            .collect();
        if !entries.is_empty() {
            rows.push((String::new(), section.title().to_string()));
            rows.append(&mut entries);
        }
    }
    rows.push((String::new(), "Mouse".to_string()));
    rows.extend(MOUSE.iter().map(|(k, w)| (k.to_string(), w.to_string())));
    rows
}
