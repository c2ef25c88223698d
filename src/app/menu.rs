//! The menu bar, generated from [`Command`]s: each entry shows the command's text
//! (the Edit menu names the step Undo undoes), its shortcut and its tooltip, and is
//! greyed out with the reason when the command cannot run now. Choosing an entry
//! only returns the command; the app carries it out with everything else at the end
//! of the frame, so an entry and its shortcut do exactly the same thing.

use super::App;
use super::command::Command;
use super::dialogs::NewBoard;
use eframe::egui;

/// One menu entry for `cmd`; when chosen it goes to `out`.
fn item(ui: &mut egui::Ui, app: &App, cmd: Command, out: &mut Vec<Command>) {
    let available = app.availability(&cmd);
    let mut button = egui::Button::new(app.menu_text(&cmd));
    if let Some(k) = cmd.shortcut_text(ui.ctx()) {
        button = button.shortcut_text(k);
    }
    let r = ui
        .add_enabled(available.is_ok(), button)
        .on_hover_text(cmd.tooltip());
    let r = match &available {
        Err(why) => r.on_disabled_hover_text(why),
        Ok(()) => r,
    };
    if r.clicked() {
        out.push(cmd);
    }
}

/// A menu entry with a check mark for a command that toggles a setting.
fn toggle(ui: &mut egui::Ui, cmd: Command, on: bool, out: &mut Vec<Command>) {
    let mut on = on;
    if ui
        .checkbox(&mut on, cmd.text())
        .on_hover_text(cmd.tooltip())
        .changed()
    {
        out.push(cmd);
    }
}

/// The recent files, newest first; missing ones say so.
fn recent(ui: &mut egui::Ui, app: &App, out: &mut Vec<Command>) {
    let list = &app.ws.settings.recent;
    if list.is_empty() {
        ui.weak("No recent files");
    }
    for p in list {
        let cmd = Command::OpenPath(p.clone());
        let exists = p.exists();
        let text = if exists {
            cmd.text().into_owned()
        } else {
            format!("{} (missing)", cmd.text())
        };
        let r = ui.button(text).on_hover_text(if exists {
            p.display().to_string()
        } else {
            format!("{} no longer exists", p.display())
        });
        if r.clicked() {
            out.push(cmd);
        }
    }
    if !list.is_empty() {
        ui.separator();
        item(ui, app, Command::ClearRecent, out);
    }
}

/// One entry of a menu.
#[derive(Debug)]
pub enum Entry {
    /// A command: its text, shortcut and tooltip; greyed out when it cannot run.
    Item(Command),
    /// A command that switches a setting, shown with a check mark.
    Toggle(Command),
    Submenu(&'static str, Vec<Entry>),
    /// File → Open Recent's list ([`Command::OpenPath`] per file, then Clear list).
    Recent,
    Separator,
}

/// The menu bar: each menu's title and entries.
pub fn menus() -> Vec<(&'static str, Vec<Entry>)> {
    use Entry::*;
    vec![
        (
            "File",
            vec![
                Submenu(
                    "New",
                    vec![
                        Item(Command::NewBoard(NewBoard::Empty)),
                        Item(Command::NewWizard),
                        Item(Command::NewDialog),
                    ],
                ),
                Item(Command::Open),
                Submenu("Open Recent", vec![Recent]),
                Item(Command::PasteGame),
                Separator,
                Item(Command::Save),
                Item(Command::SaveAs),
                Separator,
                Item(Command::ImportObj),
                Item(Command::ExportObj),
                Item(Command::ExportSvg),
                Item(Command::SavePicture),
                Separator,
                Item(Command::Quit),
            ],
        ),
        (
            "Edit",
            vec![
                Item(Command::Undo),
                Item(Command::Redo),
                Separator,
                Item(Command::Delete),
            ],
        ),
        (
            "View",
            vec![
                Item(Command::Fit),
                Item(Command::ZoomIn),
                Item(Command::ZoomOut),
                Item(Command::ZoomReset),
                Separator,
                Toggle(Command::ToggleLabels),
                Toggle(Command::ToggleCellLabels),
                Toggle(Command::ToggleMoveNumbers),
                Toggle(Command::ToggleSearch),
                Toggle(Command::ToggleSetup),
                Toggle(Command::ToggleDark),
                Separator,
                Item(Command::ShowMessages),
            ],
        ),
        (
            "Help",
            vec![Item(Command::ShowShortcuts), Item(Command::About)],
        ),
    ]
}

/// Whether the setting a toggle switches is on.
fn is_on(app: &App, c: &Command) -> bool {
    let s = &app.ws.settings;
    match c {
        Command::ToggleLabels => s.show_labels,
        Command::ToggleCellLabels => s.labels_in_cells,
        Command::ToggleMoveNumbers => s.move_numbers,
        Command::ToggleSearch => s.show_search,
        Command::ToggleSetup => s.show_setup,
        Command::ToggleDark => s.dark,
        _ => false,
    }
}

fn entries(ui: &mut egui::Ui, app: &App, list: Vec<Entry>, out: &mut Vec<Command>) {
    for e in list {
        match e {
            Entry::Item(c) => item(ui, app, c, out),
            Entry::Toggle(c) => {
                let on = is_on(app, &c);
                toggle(ui, c, on, out);
            }
            Entry::Submenu(title, list) => {
                ui.menu_button(title, |ui| entries(ui, app, list, out));
            }
            Entry::Recent => recent(ui, app, out),
            Entry::Separator => {
                ui.separator();
            }
        }
    }
}

/// Draw the menu bar; returns the commands chosen in it.
pub fn bar(ui: &mut egui::Ui, app: &App) -> Vec<Command> {
    let mut out = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        for (title, list) in menus() {
            ui.menu_button(title, |ui| entries(ui, app, list, &mut out));
        }
    });
    out
}
