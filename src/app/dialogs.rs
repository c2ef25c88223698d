//! The app's dialogs: the unsaved-changes prompt (Save / Don't save / Cancel), New
//! board (empty or from a preset with its size), the keyboard-shortcuts help
//! (generated from the [`Command`]s), About, the message log, the offer to restore
//! an autosave left by a crash, the in-app file dialog, the resign question and
//! "new game on the opened board?". A dialog's answer is a [`Command`] like any
//! other. Every dialog has a fixed id and closes with Esc.

use super::autosave::Leftover;
pub use super::command::{Choice, NewBoard};
use super::command::{Command, Section, Then, Work};
use super::file_dialog::{InAppPicker, PickerOutcome};
use super::popup::keep_popup_above;
use super::workspace::Workspace;
use crate::game::RulesKind;
use crate::presets;
use eframe::egui;

/// What the unsaved-changes prompt says the waiting commands are about to do.
fn verb(waiting: &[Command], work: Work) -> &'static str {
    if work == Work::Game && waiting.iter().any(|c| matches!(c, Command::NewGame(_))) {
        return "starting a new game";
    }
    match waiting.first() {
        Some(Command::NewBoard(_)) => "creating a new board",
        Some(Command::OpenPath(_) | Command::OpenDropped(_) | Command::ShowGame(_)) => {
            "opening another file"
        }
        Some(Command::NewGame(_)) => "starting a new game",
        Some(Command::Quit) => "closing",
        _ if work == Work::Game => "replacing the game",
        _ => "replacing the board",
    }
}

/// The dialog on screen (at most one at a time). The modal ones (everything but
/// the help windows and the message log) take the keyboard and the mouse until
/// they are answered; Esc closes every one of them (for a modal: its Cancel).
#[derive(Debug)]
pub enum Dialog {
    /// The unsaved-changes prompt about `work` (the board, or the game in
    /// Play), holding the commands that wait for its answer; `game`: what the
    /// game prompt calls the game ("The game of Hex (12 moves)").
    Unsaved {
        work: Work,
        game: String,
        then: Then,
    },
    NewBoard {
        preset: usize,
        size: u32,
    },
    Shortcuts,
    About,
    Restore(Box<Leftover>),
    /// View → Messages: the message log.
    Messages,
    /// File → New → From tiling… (the wizard lives in `new_board.rs`).
    Wizard(Box<super::new_board::Wizard>),
    /// The in-app file dialog (no native one on this desktop).
    File(Box<InAppPicker>),
    /// Play → Paste game…: a game given as text.
    PasteGame(Box<super::paste_game::PasteGame>),
    /// "Resign the game as …?"
    Resign {
        who: String,
    },
    /// A board was opened while a game was on: start a new game on it?
    /// `choices`: the rules that can run on it, the current ones first.
    NewGameOn {
        board: String,
        current: RulesKind,
        choices: Vec<RulesKind>,
    },
}

/// The ids of the modal dialogs' layers: fixed, so that egui's memory of them
/// (kept between runs) always means the same dialog.
const UNSAVED_ID: &str = "unsaved_changes";
const UNSAVED_GAME_ID: &str = "unsaved_game";
const NEW_BOARD_ID: &str = "new_board";
const RESTORE_ID: &str = "restore_autosave";
const RESIGN_ID: &str = "dialog_resign";
const NEW_GAME_ON_ID: &str = "dialog_new_game_on_board";

impl Dialog {
    /// The New board dialog with the first preset selected at its default size.
    pub fn new_board() -> Dialog {
        Dialog::NewBoard {
            preset: 0,
            size: presets::PRESETS[0].sizes.default,
        }
    }

    /// Whether it blocks the rest of the window until answered.
    pub fn is_modal(&self) -> bool {
        !matches!(self, Dialog::Shortcuts | Dialog::About | Dialog::Messages)
    }

    /// A short name (for tests and the title of what is open).
    pub fn name(&self) -> &'static str {
        match self {
            Dialog::Unsaved {
                work: Work::Board, ..
            } => "unsaved changes",
            Dialog::Unsaved {
                work: Work::Game, ..
            } => "unsaved game",
            Dialog::NewBoard { .. } => "new board",
            Dialog::Shortcuts => "shortcuts",
            Dialog::About => "about",
            Dialog::Restore(_) => "restore",
            Dialog::Messages => "messages",
            Dialog::File(_) => "file",
            Dialog::PasteGame(_) => "paste game",
            Dialog::Resign { .. } => "resign",
            Dialog::NewGameOn { .. } => "new game on board",
            Dialog::Wizard(_) => "new board wizard",
        }
    }

    /// Draw the dialog. Returns the dialog if it stays open, and what was decided.
    pub fn show(self, ctx: &egui::Context, ws: &mut Workspace) -> (Option<Dialog>, Vec<Command>) {
        match self {
            Dialog::Unsaved { work, game, then } => {
                let mut choice = None;
                let id = match work {
                    Work::Board => UNSAVED_ID,
                    Work::Game => UNSAVED_GAME_ID,
                };
                let r = egui::Modal::new(egui::Id::unique(id)).show(ctx, |ui| {
                    ui.set_max_width(380.0);
                    let verb = verb(&then.commands, work);
                    match work {
                        Work::Board => {
                            ui.heading("Unsaved changes");
                            ui.label(format!(
                                "The board has changes that are not saved. Save them before {verb}?"
                            ));
                        }
                        Work::Game => {
                            ui.heading("Unsaved game");
                            ui.label(format!(
                                "{game} has changes that are not saved. Save it before {verb}?"
                            ));
                        }
                    }
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        for c in [Choice::Save, Choice::DontSave, Choice::Cancel] {
                            let answer = Command::Unsaved {
                                choice: c,
                                work,
                                then: Then::nothing(),
                            };
                            if ui
                                .button(answer.text())
                                .on_hover_text(answer.tooltip())
                                .clicked()
                            {
                                choice = Some(c);
                            }
                        }
                    });
                });
                if choice.is_none() && r.should_close() {
                    choice = Some(Choice::Cancel);
                }
                match choice {
                    Some(choice) => (None, vec![Command::Unsaved { choice, work, then }]),
                    None => (Some(Dialog::Unsaved { work, game, then }), Vec::new()),
                }
            }
            Dialog::NewBoard {
                mut preset,
                mut size,
            } => {
                preset = preset.min(presets::PRESETS.len() - 1);
                let mut action = None;
                let mut close = false;
                let r = egui::Modal::new(egui::Id::unique(NEW_BOARD_ID)).show(ctx, |ui| {
                    ui.set_min_width(320.0);
                    ui.heading("New board");
                    egui::Grid::new("new_board_grid")
                        .num_columns(2)
                        .spacing([12.0, 8.0])
                        .show(ui, |ui| {
                            let l = ui.label("Preset");
                            let current = &presets::PRESETS[preset];
                            let combo = egui::ComboBox::from_id_salt("new_board_preset")
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
                            keep_popup_above(ui, &combo);
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
                    (None, action.into_iter().collect())
                } else {
                    (Some(Dialog::NewBoard { preset, size }), Vec::new())
                }
            }
            Dialog::Shortcuts => {
                let mut open = true;
                egui::Window::new("Keyboard shortcuts")
                    .id(egui::Id::unique("window_shortcuts"))
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
                (
                    window_stays(ctx, open).then_some(Dialog::Shortcuts),
                    Vec::new(),
                )
            }
            Dialog::About => {
                let mut open = true;
                egui::Window::new("About boardwright")
                    .id(egui::Id::unique("window_about"))
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
                (window_stays(ctx, open).then_some(Dialog::About), Vec::new())
            }
            Dialog::Messages => {
                let mut open = true;
                let mut clear = false;
                ws.status.unseen_errors = 0;
                egui::Window::new("Messages")
                    .id(egui::Id::unique("window_messages"))
                    .open(&mut open)
                    .collapsible(false)
                    .default_size([560.0, 320.0])
                    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                    .show(ctx, |ui| {
                        if ws.status.log.is_empty() {
                            ui.weak("No messages yet.");
                        }
                        egui::ScrollArea::vertical()
                            .max_height((ctx.content_rect().height() - 200.0).max(120.0))
                            .stick_to_bottom(true)
                            .auto_shrink([false, true])
                            .show(ui, |ui| {
                                for e in &ws.status.log {
                                    let mut text = egui::RichText::new(if e.count > 1 {
                                        format!("{} (×{})", e.text, e.count)
                                    } else {
                                        e.text.clone()
                                    });
                                    if e.error {
                                        text = text.color(ui.visuals().error_fg_color);
                                    }
                                    ui.add(egui::Label::new(text).wrap());
                                }
                            });
                        ui.separator();
                        clear = ui
                            .add_enabled(!ws.status.log.is_empty(), egui::Button::new("Clear"))
                            .on_hover_text("Forget these messages")
                            .clicked();
                    });
                if clear {
                    ws.status.log.clear();
                }
                (
                    window_stays(ctx, open).then_some(Dialog::Messages),
                    Vec::new(),
                )
            }
            Dialog::Restore(left) => {
                let mut action = None;
                let r = egui::Modal::new(egui::Id::unique(RESTORE_ID)).show(ctx, |ui| {
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
                            action = Some(RestoreAnswer::Restore);
                        }
                        if ui.button("Discard").clicked() {
                            action = Some(RestoreAnswer::Discard);
                        }
                        if ui
                            .button("Later")
                            .on_hover_text(
                                "Keep the autosave in a folder of its own and decide later (Esc)",
                            )
                            .clicked()
                        {
                            action = Some(RestoreAnswer::Later);
                        }
                    });
                });
                if action.is_none() && r.should_close() {
                    action = Some(RestoreAnswer::Later);
                }
                match action {
                    Some(RestoreAnswer::Restore) => (None, vec![Command::RestoreAutosave(left)]),
                    Some(RestoreAnswer::Discard) => (None, vec![Command::DiscardAutosave]),
                    Some(RestoreAnswer::Later) => (None, vec![Command::KeepAutosave]),
                    None => (Some(Dialog::Restore(left)), Vec::new()),
                }
            }
            Dialog::Wizard(mut w) => {
                let (open, commands) = w.show(ctx);
                ws.settings.wizard = w.settings();
                (open.then_some(Dialog::Wizard(w)), commands)
            }
            Dialog::File(picker) => {
                let saving = picker.saves_work();
                match picker.show(ctx) {
                    PickerOutcome::Open(p) => (Some(Dialog::File(p)), Vec::new()),
                    PickerOutcome::Closed(None) if saving => {
                        ws.status.info("Not saved");
                        (None, Vec::new())
                    }
                    PickerOutcome::Closed(c) => (None, c.into_iter().collect()),
                }
            }
            Dialog::PasteGame(p) => {
                let (keep, commands) = p.show(ctx);
                (keep.map(Dialog::PasteGame), commands)
            }
            Dialog::Resign { who } => {
                let mut answer = None;
                let r = egui::Modal::new(egui::Id::unique(RESIGN_ID)).show(ctx, |ui| {
                    ui.set_max_width(360.0);
                    ui.heading("Resign?");
                    ui.label(format!("Resign the game as {who}?"));
                    ui.add_space(8.0);
                    ui.horizontal(|ui| {
                        if ui.button("Yes, resign").clicked() {
                            answer = Some(true);
                        }
                        if ui.button("Cancel").clicked() {
                            answer = Some(false);
                        }
                    });
                });
                if answer.is_none() && r.should_close() {
                    answer = Some(false);
                }
                match answer {
                    Some(true) => (None, vec![Command::Resign]),
                    Some(false) => (None, Vec::new()),
                    None => (Some(Dialog::Resign { who }), Vec::new()),
                }
            }
            Dialog::NewGameOn {
                board,
                current,
                choices,
            } => {
                let mut answer: Option<Option<RulesKind>> = None;
                let r = egui::Modal::new(egui::Id::unique(NEW_GAME_ON_ID)).show(ctx, |ui| {
                    ui.set_max_width(420.0);
                    ui.heading(new_game_question(&board));
                    let first = choices[0];
                    ui.label(format!(
                        "Yes starts a new game of {} on it. No keeps the game of {} going on the board it started on; the opened board waits in the Editor.",
                        first.title(),
                        current.title()
                    ));
                    if !choices.contains(&current) {
                        ui.weak(format!("{} cannot be played on it.", current.title()));
                    }
                    ui.add_space(8.0);
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .button("Yes")
                            .on_hover_text(format!("A new game of {} on the opened board", first.title()))
                            .clicked()
                        {
                            answer = Some(Some(first));
                        }
                        if ui
                            .button("No")
                            .on_hover_text("Go on with the game in progress (Esc)")
                            .clicked()
                        {
                            answer = Some(None);
                        }
                        for &k in &choices[1..] {
                            if ui.button(format!("New game of {}", k.title())).clicked() {
                                answer = Some(Some(k));
                            }
                        }
                    });
                });
                if answer.is_none() && r.should_close() {
                    answer = Some(None);
                }
                match answer {
                    Some(Some(k)) => (None, vec![Command::NewGame(k)]),
                    Some(None) => (None, Vec::new()),
                    None => (
                        Some(Dialog::NewGameOn {
                            board,
                            current,
                            choices,
                        }),
                        Vec::new(),
                    ),
                }
            }
        }
    }
}

/// "Start a new game on “Hex 7×7”?": the question when a board is opened
/// while a game is on.
pub fn new_game_question(board: &str) -> String {
    format!("Start a new game on \u{201c}{board}\u{201d}?")
}

/// The answers to the restore offer.
enum RestoreAnswer {
    Restore,
    Discard,
    Later,
}

/// Whether a help window stays open: its close button was not pressed, and Esc
/// (which it then takes for itself) was not either.
fn window_stays(ctx: &egui::Context, open: bool) -> bool {
    let esc = ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    open && !esc
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
        60..3600 => format!("{} ago", super::count((d / 60) as usize, "minute")),
        3600..86400 => format!("{} ago", super::count((d / 3600) as usize, "hour")),
        _ => format!("{} ago", super::count((d / 86400) as usize, "day")),
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
