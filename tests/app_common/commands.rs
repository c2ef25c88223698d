//! Helpers for the command tests: what a user can see of the app ([`Seen`]), an
//! app prepared so that a given command can run and visibly does something
//! ([`app_for`]), and pressing a shortcut as the platform sends it.

use super::{harness_opts, relabel};
use boardwright::app::command::Command;
use boardwright::app::dialogs::Dialog;
use boardwright::app::editor::Tool;
use boardwright::app::editor::snap::Pick;
use boardwright::app::file_dialog::{FileChooser, Purpose};
use boardwright::app::view::View;
use boardwright::app::workspace::{Mode, Settings};
use boardwright::app::{App, AppOptions};
use boardwright::board::Board;
use boardwright::mesh::{FaceId, Point};
use boardwright::presets;
use eframe::egui;
use egui_kittest::Harness;
use std::path::{Path, PathBuf};

pub type H = Harness<'static, App>;

/// Everything a user could notice after a command.
#[derive(Debug, PartialEq)]
pub struct Seen {
    pub mode: Mode,
    pub board: Board,
    pub dirty: bool,
    pub path: Option<PathBuf>,
    pub dialog: &'static str,
    pub message: Option<(String, bool)>,
    pub tool: Tool,
    pub selection: Option<Pick>,
    pub corners: Vec<Point>,
    pub view: View,
    pub settings: Settings,
    /// (ply, recorded moves) of the game on, if any.
    pub game: Option<(usize, usize)>,
    pub preview: Option<usize>,
    pub closing: bool,
}

pub fn seen(h: &mut H) -> Seen {
    let view = h.state_mut().canvas_mut().view;
    let app = h.state();
    Seen {
        mode: app.mode,
        board: app.ws.doc.board().clone(),
        dirty: app.ws.doc.is_dirty(),
        path: app.ws.doc.path.clone(),
        dialog: app.dialog().map_or("", Dialog::name),
        message: app
            .ws
            .status
            .message
            .as_ref()
            .map(|m| (m.text.clone(), m.error)),
        tool: app.editor.tool,
        selection: app.editor.selection,
        corners: app.editor.draw.points.clone(),
        view,
        settings: app.ws.settings.clone(),
        game: app.play.game().map(|g| (g.ply(), g.recorded_len())),
        preview: app.play.previewing(),
        closing: app.close_confirmed(),
    }
}

/// Press `s` as the platform sends it (Ctrl for Cmd off macOS).
pub fn press_shortcut(h: &mut H, s: &egui::KeyboardShortcut) {
    let mut m = s.modifiers;
    if m.command && !cfg!(target_os = "macos") {
        m.ctrl = true;
    }
    h.key_press_modifiers(m, s.logical_key);
    h.run_ok();
}

/// The files a prepared app opens and saves: `other.ron` (a Hex board) is what
/// the file dialog picks to open, `saved.ron` where it saves.
pub fn files() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    boardwright::io::save_board(&presets::hex(3), dir.path().join("other.ron")).unwrap();
    dir
}

/// A 3×3 square board in the editor whose file dialog answers from `files`.
pub fn app(files: &Path) -> (H, tempfile::TempDir) {
    let open = files.join("other.ron");
    let save = files.join("saved.ron");
    let chooser = FileChooser::new(move |q| {
        Some(match q.purpose {
            Purpose::Open => open.clone(),
            Purpose::Save => save.clone(),
        })
    });
    harness_opts(AppOptions {
        board: Some(presets::square_grid(3, 3)),
        file_chooser: Some(chooser),
        ..Default::default()
    })
}

/// [`app`], prepared so that `cmd` can run and has an effect a user would notice.
/// A command with a shortcut and no case here fails the tests: add one.
pub fn app_for(cmd: &Command, files: &Path) -> (H, tempfile::TempDir) {
    let (mut h, dir) = app(files);
    match cmd {
        Command::NewDialog | Command::Open | Command::SaveAs => {}
        Command::Save | Command::Undo => relabel(&mut h, 4, "centre"),
        Command::Redo => {
            relabel(&mut h, 4, "centre");
            h.state_mut().apply(Command::Undo);
        }
        Command::Delete | Command::Cancel => {
            h.state_mut().editor.selection = Some(Pick::Face(FaceId(0)));
        }
        Command::ClosePolygon | Command::RemoveCorner => {
            h.state_mut().apply(Command::SetTool(Tool::Draw));
            h.state_mut().editor.draw.points = vec![
                Point::new(3.5, 0.0),
                Point::new(4.5, 0.0),
                Point::new(4.0, 1.0),
            ];
        }
        // The editor starts with Select.
        Command::SetTool(Tool::Select) => h.state_mut().apply(Command::SetTool(Tool::Draw)),
        Command::SetTool(_) => {}
        Command::SetMode(Mode::Editor) => h.state_mut().apply(Command::SetMode(Mode::Play)),
        Command::SetMode(_) => {}
        Command::Fit | Command::ZoomReset => h.state_mut().apply(Command::ZoomIn),
        Command::ZoomIn | Command::ZoomOut => {}
        Command::StepBack
        | Command::StepForward
        | Command::GoToStart
        | Command::GoToEnd
        | Command::PreviousVariation
        | Command::NextVariation => {
            // Hex 3×3 in Play: a1 b2 c3, back to after a1, then c1 (a variation).
            let mut g = boardwright::game::new_game(
                boardwright::game::RulesKind::Hex,
                std::sync::Arc::new(presets::hex(3)),
                &Default::default(),
            )
            .unwrap();
            for m in ["a1", "b2", "c3"] {
                g.play_str(m).unwrap();
            }
            g.goto(1).unwrap();
            g.play_str("c1").unwrap();
            let app = h.state_mut();
            app.apply(Command::SetMode(Mode::Play));
            app.play
                .set_game(g, boardwright::app::play::GameFrom::Unsaved);
            match cmd {
                Command::StepForward => app.apply(Command::StepBack),
                Command::GoToEnd => app.apply(Command::GoToStart),
                _ => {}
            }
        }
        other => panic!("no prepared app for {other:?}: add a case to app_for"),
    }
    h.run_ok();
    assert!(
        h.state().availability(cmd).is_ok(),
        "{cmd:?} can run in the prepared app"
    );
    (h, dir)
}

/// The commands that have keyboard shortcuts, each with its shortcuts.
pub fn with_shortcuts() -> Vec<(Command, Vec<egui::KeyboardShortcut>)> {
    Command::catalogue()
        .into_iter()
        .map(|c| {
            let s = c.shortcuts();
            (c, s)
        })
        .filter(|(_, s)| !s.is_empty())
        .collect()
}

/// The catalogue's command equal to `c` (a fresh value, for a second app).
pub fn catalogue_entry(c: &Command) -> Command {
    let key = format!("{c:?}");
    Command::catalogue()
        .into_iter()
        .find(|x| format!("{x:?}") == key)
        .expect("the command is in the catalogue")
}
