//! The menu bar and the app-wide keyboard shortcuts. Both only produce
//! [`MenuAction`]s; the app carries them out (so a menu item and its shortcut do
//! exactly the same thing).

use super::dialogs::NewBoard;
use eframe::egui;
use egui::{Key, KeyboardShortcut, Modifiers};
use std::path::PathBuf;

/// Something the user asked for through the menu or a shortcut.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuAction {
    /// Open the New board dialog.
    NewDialog,
    New(NewBoard),
    /// Pick a file with the native dialog and open it.
    Open,
    OpenPath(PathBuf),
    ClearRecent,
    Save,
    SaveAs,
    ImportObj,
    ExportObj,
    ExportSvg,
    Quit,
    Undo,
    Redo,
    Fit,
    ZoomIn,
    ZoomOut,
    ToggleLabels,
    ToggleSetup,
    ToggleDark,
    Shortcuts,
    About,
}

/// What the menu needs to know to draw itself.
pub struct MenuState<'a> {
    /// "Undo move vertex" etc.; None when there is nothing to undo.
    pub undo: Option<String>,
    pub redo: Option<String>,
    pub recent: &'a [PathBuf],
    pub labels: bool,
    pub setup: bool,
    pub dark: bool,
}

pub const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
pub const SAVE_AS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S);
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
pub const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);

/// Consume this frame's app-wide shortcuts. `typing`: a text field has the keyboard
/// focus, so undo/redo belong to it.
pub fn shortcuts(ctx: &egui::Context, typing: bool) -> Vec<MenuAction> {
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        // The Shift variants first: consume_shortcut ignores extra Shift.
        if i.consume_shortcut(&SAVE_AS) {
            out.push(MenuAction::SaveAs);
        }
        if i.consume_shortcut(&SAVE) {
            out.push(MenuAction::Save);
        }
        if i.consume_shortcut(&NEW) {
            out.push(MenuAction::NewDialog);
        }
        if i.consume_shortcut(&OPEN) {
            out.push(MenuAction::Open);
        }
        if !typing {
            if i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y) {
                out.push(MenuAction::Redo);
            }
            if i.consume_shortcut(&UNDO) {
                out.push(MenuAction::Undo);
            }
        }
    });
    out
}

/// Draw the menu bar; returns what was chosen.
pub fn bar(ui: &mut egui::Ui, st: &MenuState) -> Vec<MenuAction> {
    let mut out = Vec::new();
    let fmt = |s: &KeyboardShortcut| ui.ctx().format_shortcut(s);
    let (new_k, open_k, save_k, save_as_k, undo_k, redo_k) = (
        fmt(&NEW),
        fmt(&OPEN),
        fmt(&SAVE),
        fmt(&SAVE_AS),
        fmt(&UNDO),
        fmt(&REDO),
    );
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            ui.menu_button("New", |ui| {
                if ui.button("Empty board").clicked() {
                    out.push(MenuAction::New(NewBoard::Empty));
                }
                if ui
                    .add(egui::Button::new("From preset…").shortcut_text(&new_k))
                    .clicked()
                {
                    out.push(MenuAction::NewDialog);
                }
            });
            if ui
                .add(egui::Button::new("Open…").shortcut_text(&open_k))
                .clicked()
            {
                out.push(MenuAction::Open);
            }
            ui.menu_button("Open Recent", |ui| {
                if st.recent.is_empty() {
                    ui.weak("No recent files");
                }
                for p in st.recent {
                    let exists = p.exists();
                    let name = p
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| p.display().to_string());
                    let text = if exists {
                        name
                    } else {
                        format!("{name} (missing)")
                    };
                    let r = ui.button(text).on_hover_text(if exists {
                        p.display().to_string()
                    } else {
                        format!("{} no longer exists", p.display())
                    });
                    if r.clicked() {
                        out.push(MenuAction::OpenPath(p.clone()));
                    }
                }
                if !st.recent.is_empty() {
                    ui.separator();
                    if ui.button("Clear list").clicked() {
                        out.push(MenuAction::ClearRecent);
                    }
                }
            });
            ui.separator();
            if ui
                .add(egui::Button::new("Save").shortcut_text(&save_k))
                .clicked()
            {
                out.push(MenuAction::Save);
            }
            if ui
                .add(egui::Button::new("Save As…").shortcut_text(&save_as_k))
                .clicked()
            {
                out.push(MenuAction::SaveAs);
            }
            ui.separator();
            if ui.button("Import OBJ…").clicked() {
                out.push(MenuAction::ImportObj);
            }
            if ui.button("Export OBJ…").clicked() {
                out.push(MenuAction::ExportObj);
            }
            if ui.button("Export SVG…").clicked() {
                out.push(MenuAction::ExportSvg);
            }
            ui.separator();
            if ui.button("Quit").clicked() {
                out.push(MenuAction::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            let undo = st.undo.clone();
            let r = ui.add_enabled(
                undo.is_some(),
                egui::Button::new(undo.unwrap_or_else(|| "Undo".into())).shortcut_text(&undo_k),
            );
            if r.clicked() {
                out.push(MenuAction::Undo);
            }
            let redo = st.redo.clone();
            let r = ui.add_enabled(
                redo.is_some(),
                egui::Button::new(redo.unwrap_or_else(|| "Redo".into())).shortcut_text(&redo_k),
            );
            if r.clicked() {
                out.push(MenuAction::Redo);
            }
        });
        ui.menu_button("View", |ui| {
            if ui
                .add(egui::Button::new("Fit board").shortcut_text("F"))
                .clicked()
            {
                out.push(MenuAction::Fit);
            }
            if ui.button("Zoom in").clicked() {
                out.push(MenuAction::ZoomIn);
            }
            if ui.button("Zoom out").clicked() {
                out.push(MenuAction::ZoomOut);
            }
            ui.separator();
            let mut labels = st.labels;
            if ui.checkbox(&mut labels, "Labels").changed() {
                out.push(MenuAction::ToggleLabels);
            }
            let mut setup = st.setup;
            if ui.checkbox(&mut setup, "Start pieces").changed() {
                out.push(MenuAction::ToggleSetup);
            }
            let mut dark = st.dark;
            if ui.checkbox(&mut dark, "Dark theme").changed() {
                out.push(MenuAction::ToggleDark);
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Keyboard shortcuts").clicked() {
                out.push(MenuAction::Shortcuts);
            }
            if ui.button("About").clicked() {
                out.push(MenuAction::About);
            }
        });
    });
    out
}
