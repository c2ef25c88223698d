//! One command type for the whole window: a menu entry, a button and a shortcut of
//! the same command do the same thing; a command that cannot run is greyed out and
//! its shortcut does nothing; undo has one route and one message.

mod app_common;

use app_common::commands::{self, H};
use app_common::*;
use boardwright::app::command::{self as command_mod, Command};
use boardwright::app::editor::Tool;
use boardwright::app::menu::{self, Entry};
use boardwright::app::workspace::Mode;
use boardwright::game::RulesKind;
use boardwright::presets;
use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};

/// Every menu item that is a command, with the menus (and submenus) leading to it.
fn menu_items() -> Vec<(Vec<&'static str>, Command)> {
    fn walk(path: &[&'static str], list: Vec<Entry>, out: &mut Vec<(Vec<&'static str>, Command)>) {
        for e in list {
            match e {
                Entry::Item(c) | Entry::Toggle(c) => out.push((path.to_vec(), c)),
                Entry::Submenu(title, list) => {
                    let mut p = path.to_vec();
                    p.push(title);
                    walk(&p, list, out);
                }
                Entry::Recent | Entry::Separator => {}
            }
        }
    }
    let mut out = Vec::new();
    for (title, list) in menu::menus() {
        walk(&[title], list, &mut out);
    }
    out
}

/// Open the menus of `path`; returns the label of `c`'s entry in it: its text and
/// the shortcut it shows ("Save Ctrl+S").
fn open_menu(h: &mut H, path: &[&str], c: &Command) -> String {
    for m in path {
        click_label(h, m);
    }
    let text = h.state().menu_text(c);
    match c.shortcut_text(&h.ctx) {
        Some(k) => format!("{text} {k}"),
        None => text,
    }
}

#[test]
fn every_menu_entry_with_a_shortcut_does_what_the_shortcut_does() {
    let files = commands::files();
    let mut checked = Vec::new();
    for (path, c) in menu_items() {
        let Some(s) = c.shortcuts().first().copied() else {
            continue;
        };
        let (mut by_menu, _d1) = commands::app_for(&c, files.path());
        let before = commands::seen(&mut by_menu);
        let text = open_menu(&mut by_menu, &path, &c);
        // The entry shows the shortcut pressed below.
        let entry = by_menu.get_by_label(&text);
        assert!(!entry.accesskit_node().is_disabled(), "{text} is enabled");
        entry.click();
        by_menu.run_ok();
        let after_menu = commands::seen(&mut by_menu);
        assert_ne!(before, after_menu, "{text} changed nothing");

        let (mut by_key, _d2) = commands::app_for(&c, files.path());
        commands::press_shortcut(&mut by_key, &s);
        assert_eq!(after_menu, commands::seen(&mut by_key), "{text} vs {s:?}");
        checked.push(text);
    }
    assert_eq!(
        checked,
        [
            "From preset… Ctrl+N",
            "Open… Ctrl+O",
            "Save Ctrl+S",
            "Save As… Ctrl+Shift+S",
            "Undo set label Ctrl+Z",
            "Redo set label Ctrl+Shift+Z",
            "Delete face Delete",
            "Fit board F",
            "Zoom in +",
            "Zoom out \u{2212}",
            "Reset zoom 0",
        ]
    );
}

#[test]
fn tool_buttons_and_mode_tabs_do_what_their_keys_do() {
    let files = commands::files();
    let mut all: Vec<Command> = Tool::ALL.map(Command::SetTool).into();
    all.extend(Mode::ALL.map(Command::SetMode));
    for c in all {
        let (mut by_click, _d1) = commands::app_for(&c, files.path());
        let text = command_mod::selectable_text(&by_click.ctx, &c);
        click_label(&mut by_click, &text);
        let after_click = commands::seen(&mut by_click);
        let (mut by_key, _d2) = commands::app_for(&c, files.path());
        commands::press_shortcut(&mut by_key, &c.shortcuts()[0]);
        assert_eq!(after_click, commands::seen(&mut by_key), "{text}");
    }
}

#[test]
fn disabled_commands_are_greyed_out_and_their_shortcuts_do_nothing() {
    let files = commands::files();
    for mode in [Mode::Editor, Mode::Play] {
        let (mut h, _d) = commands::app(files.path());
        h.state_mut().apply(Command::SetMode(mode));
        h.run_ok();
        // Greyed out in the menus, with the reason as tooltip.
        let mut greyed = Vec::new();
        for (path, c) in menu_items() {
            if h.state().availability(&c).is_ok() {
                continue;
            }
            let text = open_menu(&mut h, &path, &c);
            assert!(
                h.get_by_label(&text).accesskit_node().is_disabled(),
                "{mode:?}: {text} is greyed out"
            );
            h.key_press(egui::Key::Escape);
            h.run_ok();
            greyed.push(text);
        }
        assert_eq!(
            greyed,
            [
                // File menu: a picture of the game's position, and no game yet.
                "Save picture…",
                "Undo Ctrl+Z",
                "Redo Ctrl+Shift+Z",
                "Delete face Delete"
            ],
            "{mode:?}"
        );
        // Their shortcuts (and those of every other command that cannot run) do nothing.
        let mut silent = 0;
        for (c, shortcuts) in commands::with_shortcuts() {
            if h.state().availability(&c).is_ok() {
                continue;
            }
            for s in shortcuts {
                let before = commands::seen(&mut h);
                commands::press_shortcut(&mut h, &s);
                assert_eq!(before, commands::seen(&mut h), "{mode:?}: {c:?} by {s:?}");
                silent += 1;
            }
        }
        // Editor: Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, Delete, Esc, Enter, Backspace and
        // the move list's six keys (arrows, Home, End); Play without a game adds
        // the nine tool keys.
        let expected = if mode == Mode::Editor { 13 } else { 22 };
        assert_eq!(silent, expected, "{mode:?}");
    }
}

#[test]
fn undo_has_one_route_and_one_message() {
    let (mut h, _dir) = harness(Some(presets::square_grid(2, 2)));
    let last = |h: &H| message(h).expect("a message").0;
    // The editor's toolbar buttons.
    relabel(&mut h, 1, "b1x");
    click_label(&mut h, "Undo");
    assert_eq!(last(&h), "Undid set label");
    click_label(&mut h, "Redo");
    assert_eq!(last(&h), "Redid set label");
    // The keys.
    ctrl(&mut h, false, egui::Key::Z);
    assert_eq!(last(&h), "Undid set label");
    ctrl(&mut h, false, egui::Key::Y);
    assert_eq!(last(&h), "Redid set label");
    // The Edit menu.
    click_label(&mut h, "Edit");
    h.get_by_label_contains("Undo set label").click();
    h.run_ok();
    assert_eq!(last(&h), "Undid set label");
    assert_eq!(h.state().ws.doc.board().faces().labels()[1], "b1");

    // Play: the panel's buttons and the keys take back the same move the same way.
    let board = presets::hex(3);
    let (mut h, _dir) = harness(Some(board.clone()));
    h.state_mut().apply(Command::NewGame(RulesKind::Hex));
    h.run_ok();
    let a1 = board.face_by_label("a1").unwrap();
    click_face(&mut h, &board, a1);
    click_label(&mut h, "Undo");
    assert_eq!(last(&h), "Took back a1");
    click_label(&mut h, "Redo");
    assert_eq!(last(&h), "Replayed a1");
    ctrl(&mut h, false, egui::Key::Z);
    assert_eq!(last(&h), "Took back a1");
    ctrl(&mut h, true, egui::Key::Z);
    assert_eq!(last(&h), "Replayed a1");
    click_label(&mut h, "Edit");
    h.get_by_label_contains("Undo move a1").click();
    h.run_ok();
    assert_eq!(last(&h), "Took back a1");
    assert_eq!(h.state().play.game().unwrap().ply(), 0);
}

#[test]
fn a_generated_board_waits_for_the_unsaved_changes_answer_with_what_follows() {
    // The generator's "Play BOCO on it" sends two commands: replace the board, start
    // a game. With unsaved changes both wait for the prompt.
    let (mut h, _dir) = harness(Some(presets::square_grid(3, 3)));
    relabel(&mut h, 0, "mine");
    let generated = presets::boco();
    h.state_mut().ws.send(Command::ReplaceBoard {
        board: Box::new(generated.clone()),
        path: None,
        dirty: true,
        message: "generated".into(),
    });
    h.state_mut().ws.send(Command::NewGame(RulesKind::Boco));
    h.run_ok();
    assert_eq!(
        h.state().mode,
        Mode::Editor,
        "nothing happens before the answer"
    );
    assert!(h.state().play.game().is_none());
    click_label(&mut h, "Don't save");
    assert_eq!(h.state().ws.doc.board(), &generated);
    assert_eq!(h.state().mode, Mode::Play);
    assert!(
        h.state().play.game().is_some(),
        "the game started after the answer"
    );
}
