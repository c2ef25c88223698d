//! The app's dialogs: the unsaved-changes prompt (Save / Don't save / Cancel), New
//! board (empty or from a preset with its size), the keyboard-shortcuts help,
//! About, and the offer to restore an autosave left by a crash.

use super::autosave::Leftover;
use super::workspace::Request;
use crate::presets;
use eframe::egui;
use std::path::PathBuf;

/// What File → New makes.
#[derive(Clone, Debug, PartialEq)]
pub enum NewBoard {
    Empty,
    /// A preset from [`presets::PRESET_NAMES`] with its size (None for fixed-size presets).
    Preset {
        name: String,
        size: Option<u32>,
    },
}

/// An action that replaces the document, waiting for the unsaved-changes answer.
#[derive(Debug)]
pub enum Pending {
    New(NewBoard),
    Open(PathBuf),
    Quit,
    /// Requests from a panel (e.g. the generator's "Open in editor"), carried out in order.
    Requests(Vec<Request>),
}

impl Pending {
    fn verb(&self) -> &'static str {
        match self {
            Pending::New(_) => "creating a new board",
            Pending::Open(_) => "opening another file",
            Pending::Quit => "closing",
            Pending::Requests(_) => "replacing the board",
        }
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
    Unsaved(Pending),
    NewBoard { preset: usize, size: u32 },
    Shortcuts,
    About,
    Restore(Box<Leftover>),
}

/// What the user decided in a dialog, for the app to carry out.
#[derive(Debug)]
pub enum DialogAction {
    Unsaved(Choice, Pending),
    Create(NewBoard),
    Restore(Box<Leftover>),
    DiscardAutosave,
}

/// Display name, and (min, max, default) size of every preset that has a size.
pub fn preset_info(name: &str) -> (&'static str, Option<(u32, u32, u32)>) {
    match name {
        "square" => ("Square grid", Some((1, presets::MAX_GRID, 8))),
        "hex" => ("Hex", Some((1, 100, 11))),
        "twixt" => ("TwixT", Some((5, 48, 24))),
        "loa" => ("Lines of Action", None),
        "triangle" => ("Triangle grid", Some((1, presets::MAX_GRID, 8))),
        "boco" => ("BOCO", None),
        _ => ("Preset", None),
    }
}

impl Dialog {
    /// The New board dialog with the first preset selected.
    pub fn new_board() -> Dialog {
        let size = presets::PRESET_NAMES
            .first()
            .and_then(|n| preset_info(n).1)
            .map_or(0, |r| r.2);
        Dialog::NewBoard { preset: 0, size }
    }

    /// Draw the dialog. Returns the dialog if it stays open, and what was decided.
    pub fn show(self, ctx: &egui::Context) -> (Option<Dialog>, Option<DialogAction>) {
        match self {
            Dialog::Unsaved(pending) => {
                let mut choice = None;
                let r = egui::Modal::new(egui::Id::unique("unsaved_changes")).show(ctx, |ui| {
                    ui.set_max_width(380.0);
                    ui.heading("Unsaved changes");
                    ui.label(format!(
                        "The board has changes that are not saved. Save them before {}?",
                        pending.verb()
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
                    Some(c) => (None, Some(DialogAction::Unsaved(c, pending))),
                    None => (Some(Dialog::Unsaved(pending)), None),
                }
            }
            Dialog::NewBoard {
                mut preset,
                mut size,
            } => {
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
                            let current = presets::PRESET_NAMES.get(preset).copied().unwrap_or("");
                            egui::ComboBox::from_id_salt("new_board_preset")
                                .selected_text(preset_info(current).0)
                                .show_ui(ui, |ui| {
                                    for (i, name) in presets::PRESET_NAMES.iter().enumerate() {
                                        if ui
                                            .selectable_label(i == preset, preset_info(name).0)
                                            .clicked()
                                            && i != preset
                                        {
                                            preset = i;
                                            size = preset_info(name).1.map_or(0, |r| r.2);
                                        }
                                    }
                                })
                                .response
                                .labelled_by(l.id);
                            ui.end_row();
                            let name = presets::PRESET_NAMES.get(preset).copied().unwrap_or("");
                            let l = ui.label("Size");
                            match preset_info(name).1 {
                                Some((lo, hi, _)) => {
                                    ui.add(egui::DragValue::new(&mut size).range(lo..=hi))
                                        .labelled_by(l.id)
                                        .on_hover_text(format!("{lo} to {hi}"));
                                }
                                None => {
                                    ui.weak("fixed");
                                }
                            }
                            ui.end_row();
                        });
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button("Create").clicked() {
                            let name = presets::PRESET_NAMES.get(preset).copied().unwrap_or("");
                            action = Some(DialogAction::Create(NewBoard::Preset {
                                name: name.to_string(),
                                size: preset_info(name).1.map(|_| size),
                            }));
                        }
                        if ui.button("Empty board").clicked() {
                            action = Some(DialogAction::Create(NewBoard::Empty));
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
                                    for (keys, what) in SHORTCUTS {
                                        if keys.is_empty() {
                                            ui.strong(*what);
                                            ui.label("");
                                        } else {
                                            ui.monospace(*keys);
                                            ui.label(*what);
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
                    Some(true) => (None, Some(DialogAction::Restore(left))),
                    Some(false) => (None, Some(DialogAction::DiscardAutosave)),
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

/// Every keyboard shortcut and mouse control; entries with empty keys are headings.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("", "Files"),
    ("Ctrl+N", "New board (empty or from a preset)"),
    ("Ctrl+O", "Open a board or a saved game"),
    ("Ctrl+S", "Save"),
    ("Ctrl+Shift+S", "Save as…"),
    (
        "drop a file",
        "Open it (board .ron / .obj, game .ron / .sgf)",
    ),
    ("", "Editing"),
    ("Ctrl+Z", "Undo (in Play: take back a move)"),
    ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
    ("Delete", "Editor: delete the selected face"),
    ("Esc", "Cancel the current action / deselect"),
    ("Enter", "Draw polygon: close the polygon"),
    ("Backspace", "Draw polygon: remove the last point"),
    ("", "Editor tools"),
    ("V", "Select"),
    ("D", "Draw polygon"),
    ("M", "Move vertex"),
    ("X", "Delete face"),
    ("S", "Split face"),
    ("G", "Merge faces"),
    ("T", "Tag side"),
    ("P", "Start pieces"),
    ("", "View"),
    ("1 / 2 / 3", "Editor / Play / Generator mode"),
    ("F", "Fit the board into the window"),
    ("mouse wheel", "Zoom around the cursor"),
    ("middle or right drag", "Pan"),
    ("Space + left drag", "Pan"),
    ("", "Mouse"),
    ("left click", "Use the current tool / play a move"),
    ("left drag", "Editor: move a vertex (Move vertex tool)"),
    (
        "hover",
        "The status bar describes the face under the cursor",
    ),
];
