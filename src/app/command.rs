//! One command type for the whole window.
//!
//! Every menu entry, toolbar and panel button, keyboard shortcut and dialog answer
//! becomes a [`Command`] value. Panels queue them on the workspace
//! ([`super::workspace::Workspace::send`]) while the frame is drawn, the menu bar,
//! the dialogs and the keyboard ([`pressed`]) add theirs, and the app carries them
//! all out in one place at the end of the frame (`App::execute` in `apply.rs`).
//!
//! A command knows its own text, tooltip, keyboard shortcuts and help section, so
//! the menus, the toolbar, the mode tabs, the shortcut handling and
//! Help → Keyboard shortcuts are all generated from it: a shortcut shown anywhere is
//! the one that works. Whether a command can run now is
//! [`super::App::availability`]: menus and buttons grey it out (with the reason as
//! tooltip) and the apply step checks it again, so the shortcut of a disabled
//! command does nothing.

use super::autosave::Leftover;
pub use super::vocabulary::{Mode, Tool};
use crate::board::Board;
use crate::game::{NodeId, RulesKind};
use eframe::egui;
use egui::{Key, KeyboardShortcut, Modifiers};
use std::borrow::Cow;
use std::path::PathBuf;

/// Something the user asked the app to do. Commands that need data carry it.
#[derive(Debug)]
pub enum Command {
    // ----- files
    /// Show the New board dialog (a preset and its size).
    NewDialog,
    /// Show the new-board wizard (a tiling in a shape, with a preview).
    NewWizard,
    /// Replace the board with a new one (asks about unsaved changes first).
    NewBoard(NewBoard),
    /// Pick a board or game file with the file dialog and open it.
    Open,
    /// Open this file (a recent file, or one picked or given): a board replaces
    /// the document (asking about unsaved changes first), a game opens in Play.
    OpenPath(PathBuf),
    /// Files dropped onto the window: the first one opens like [`Command::OpenPath`].
    OpenDropped(Vec<PathBuf>),
    ClearRecent,
    /// Reopen the board kept from an earlier session ([`super::kept_board`]).
    ReopenKept,
    /// Delete the board kept from an earlier session.
    ForgetKept,
    Save,
    SaveAs,
    ImportObj,
    ExportObj,
    ExportSvg,
    /// A file dialog (the in-app one, or a native one) picked `path` for `action`.
    FileChosen {
        action: FileAction,
        path: PathBuf,
    },
    /// Close the window (asks about an unsaved board and an unsaved game first).
    Quit,
    /// Show this opened game in Play (asks about the game in progress first when
    /// it has moves that are not saved): a game file read by File → Open, Open
    /// game… or a file job, waiting for that answer.
    ShowGame(Box<OpenedGame>),
    /// Make `board` the document (asks about unsaved changes first); `dirty` says
    /// whether it counts as unsaved (a generated board does).
    ReplaceBoard {
        board: Box<Board>,
        path: Option<PathBuf>,
        dirty: bool,
        /// What the status bar says afterwards.
        message: String,
    },
    // ----- editing
    /// Undo the last board edit, or in Play take back the last move.
    Undo,
    /// Redo the undone edit, or in Play replay the taken-back move.
    Redo,
    /// Editor: delete the selected face.
    Delete,
    /// Editor: drop the half-done polygon, split or merge, else the selection.
    /// Play: drop the selected piece, else leave the preview.
    Cancel,
    /// Draw polygon: close the polygon.
    ClosePolygon,
    /// Draw polygon: remove the last corner.
    RemoveCorner,
    SetTool(Tool),
    // ----- view
    SetMode(Mode),
    Fit,
    ZoomIn,
    ZoomOut,
    /// Back to the default zoom (40 points per board unit) around the centre.
    ZoomReset,
    ToggleLabels,
    /// Play: labels in every cell instead of coordinates along the edges.
    ToggleCellLabels,
    /// Play: move numbers on the stones and pegs.
    ToggleMoveNumbers,
    /// Play: the search's heat map and best line.
    ToggleSearch,
    ToggleSetup,
    ToggleDark,
    /// View → Messages: the log of what the status bar said.
    ShowMessages,
    // ----- play
    /// Switch to Play and start a new game of these rules on the document's board.
    NewGame(RulesKind),
    /// Switch to Analyze with these rules chosen and start an analysis of the
    /// document's board (the generator's "Playtest with the engine").
    Analyze(RulesKind),
    /// Ask whether the player to move really resigns.
    ConfirmResign,
    /// The player to move resigns (the answer to [`Command::ConfirmResign`]).
    Resign,
    /// Play the swap (pie) move.
    Swap,
    /// Ask the engine for a move for the player to move.
    Hint,
    /// Stop the engine's search: it moves (or shows its hint) now.
    StopSearch,
    SaveGame,
    /// Save the position shown in Play as an SVG picture.
    SavePicture,
    OpenGame,
    /// Ask for a game as text (SGF, a HexWorld or trmph.com link, Hex moves)
    /// and open it: the paste dialog.
    PasteGame,
    /// Copy the Hex game as a HexWorld link to the clipboard.
    CopyHexWorldLink,
    /// Show the position after this many recorded moves read-only (`None`: back to
    /// the live position).
    Preview(Option<usize>),
    /// Move list: show the position one move earlier on the current line (read-only).
    StepBack,
    /// Move list: show the position one move later on the current line (read-only).
    StepForward,
    /// Move list: show the start position.
    GoToStart,
    /// Move list: show the position at the end of the current line.
    GoToEnd,
    /// Move list: show the previous alternative to the shown move.
    PreviousVariation,
    /// Move list: show the next alternative to the shown move.
    NextVariation,
    /// Make the line through this move the current one and show the move.
    ChooseLine(NodeId),
    /// Promote the variation of the shown move one level (to the main line
    /// when it branches off the main line).
    PromoteVariation,
    /// Delete the variation of the shown move.
    DeleteVariation,
    // ----- help
    ShowShortcuts,
    About,
    // ----- dialog answers
    /// The answer to the unsaved-changes prompt about `work`, with the commands
    /// that waited for it.
    Unsaved {
        choice: Choice,
        work: Work,
        then: Then,
    },
    RestoreAutosave(Box<Leftover>),
    DiscardAutosave,
    /// Keep the autosave for later (set aside where new autosaves do not touch it).
    KeepAutosave,
}

/// Where a command is listed in Help → Keyboard shortcuts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Files,
    Editing,
    EditorTools,
    View,
    Play,
    Help,
}

impl Section {
    /// In the order Help shows them.
    pub const ALL: [Section; 6] = [
        Section::Files,
        Section::Editing,
        Section::EditorTools,
        Section::View,
        Section::Play,
        Section::Help,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Section::Files => "Files",
            Section::Editing => "Editing",
            Section::EditorTools => "Editor tools",
            Section::View => "View",
            Section::Play => "Play",
            Section::Help => "Help",
        }
    }
}

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn cmd(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, k)
}

const fn cmd_shift(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), k)
}

/// The key that picks an editor tool.
fn tool_key(t: Tool) -> Key {
    match t {
        Tool::Select => Key::V,
        Tool::Draw => Key::D,
        Tool::Move => Key::M,
        Tool::Delete => Key::X,
        Tool::Split => Key::S,
        Tool::Merge => Key::G,
        Tool::TagSide => Key::T,
        Tool::StartPieces => Key::P,
        Tool::Outline => Key::O,
    }
}

/// The key that switches to a mode.
fn mode_key(m: Mode) -> Key {
    match m {
        Mode::Editor => Key::Num1,
        Mode::Play => Key::Num2,
        Mode::Generator => Key::Num3,
        Mode::Analyze => Key::Num4,
    }
}

impl Command {
    /// Every command the user can ask for by name, in the order Help lists them
    /// (commands that carry data appear once per tool / mode, or with a
    /// representative value).
    pub fn catalogue() -> Vec<Command> {
        use Command::*;
        let mut all = vec![
            NewDialog,
            NewWizard,
            NewBoard(self::NewBoard::Empty),
            Open,
            ClearRecent,
            Save,
            SaveAs,
            ImportObj,
            ExportObj,
            ExportSvg,
            Quit,
            Undo,
            Redo,
            Delete,
            Cancel,
            ClosePolygon,
            RemoveCorner,
        ];
        all.extend(Tool::ALL.map(SetTool));
        all.extend(Mode::ALL.map(SetMode));
        all.extend([
            Fit,
            ZoomIn,
            ZoomOut,
            ZoomReset,
            ToggleLabels,
            ToggleCellLabels,
            ToggleMoveNumbers,
            ToggleSearch,
            ToggleSetup,
            ToggleDark,
            ShowMessages,
            ConfirmResign,
            Swap,
            Hint,
            StopSearch,
            SaveGame,
            SavePicture,
            OpenGame,
            PasteGame,
            CopyHexWorldLink,
            Preview(None),
            StepBack,
            StepForward,
            GoToStart,
            GoToEnd,
            PreviousVariation,
            NextVariation,
            PromoteVariation,
            DeleteVariation,
            ShowShortcuts,
            About,
        ]);
        all
    }

    /// The text on its menu entry or button.
    pub fn text(&self) -> Cow<'static, str> {
        self.text_and_tooltip().0
    }

    /// What it does, in one line.
    pub fn tooltip(&self) -> Cow<'static, str> {
        self.text_and_tooltip().1
    }

    /// The text on its menu entry or button, and what it does.
    pub fn text_and_tooltip(&self) -> (Cow<'static, str>, Cow<'static, str>) {
        use Command::*;
        let s = |text: &'static str, tip: &'static str| (Cow::Borrowed(text), Cow::Borrowed(tip));
        match self {
            NewDialog => s("From preset…", "New board (empty or from a preset)"),
            NewWizard => s(
                "From tiling…",
                "New board: a tiling in a shape, with a live preview",
            ),
            NewBoard(self::NewBoard::Empty) => s("Empty board", "A new board without faces"),
            NewBoard(self::NewBoard::Preset { name, size }) => (
                format!("New {name}").into(),
                match size {
                    Some(n) => format!("A new board from the {name} preset, size {n}").into(),
                    None => format!("A new board from the {name} preset").into(),
                },
            ),
            Open => s("Open…", "Open a board or a saved game"),
            OpenPath(p) => (
                p.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| p.display().to_string())
                    .into(),
                p.display().to_string().into(),
            ),
            OpenDropped(_) => s(
                "Open the dropped file",
                "Open it (board .ron / .obj, game .ron / .sgf)",
            ),
            ClearRecent => s("Clear list", "Forget the recent files"),
            ReopenKept => s(
                "Reopen",
                "Reopen the board an earlier session ended with (it was never saved to a file)",
            ),
            ForgetKept => s("Forget", "Delete the board kept from an earlier session"),
            Save => s(
                "Save",
                "Save the board (asks where when it has no .ron file yet)",
            ),
            SaveAs => s("Save As…", "Save the board to a new file"),
            ImportObj => s("Import OBJ…", "Open a Wavefront OBJ file as the board"),
            ExportObj => s("Export OBJ…", "Write the board as a Wavefront OBJ file"),
            ExportSvg => s("Export SVG…", "Write the board as an SVG picture"),
            FileChosen { path, .. } => (
                "Use the chosen file".into(),
                path.display().to_string().into(),
            ),
            Quit => s("Quit", "Close the window (asks about unsaved changes)"),
            ReplaceBoard { message, .. } => ("Replace the board".into(), message.clone().into()),
            ShowGame(g) => (
                "Show the game".into(),
                match &g.path {
                    Some(p) => format!("Show the game {}", p.display()).into(),
                    None => "Show the pasted game".into(),
                },
            ),
            Undo => s(
                "Undo",
                "Undo the last edit (in Play: take back the last move)",
            ),
            Redo => s(
                "Redo",
                "Redo the undone edit (in Play: play the taken-back move again)",
            ),
            Delete => s("Delete face", "Editor: delete the selected face"),
            Cancel => s("Cancel", "Cancel the current action / deselect"),
            ClosePolygon => s("Close polygon", "Draw polygon: close the polygon"),
            RemoveCorner => s("Remove last corner", "Draw polygon: remove the last corner"),
            SetTool(t) => (t.name().into(), t.description().into()),
            SetMode(m) => (
                m.title().into(),
                format!("Switch to {} mode", m.title()).into(),
            ),
            Fit => s("Fit board", "Fit the board into the window"),
            ZoomIn => s("Zoom in", "Zoom in around the centre of the view"),
            ZoomOut => s("Zoom out", "Zoom out around the centre of the view"),
            ZoomReset => s(
                "Reset zoom",
                "Back to the default zoom (40 points per board unit) around the centre",
            ),
            ToggleLabels => s(
                "Labels",
                "Show the face labels (in Play on a grid board: coordinates along the edges)",
            ),
            ToggleCellLabels => s(
                "Labels in every cell",
                "In Play, label every cell even where the coordinates go along the board's edges",
            ),
            ToggleMoveNumbers => s(
                "Move numbers",
                "In Play, number the stones and pegs in the order they were played",
            ),
            ToggleSearch => s(
                "Heat map and best line",
                "In Play, while the computer thinks and after Hint: how much it looked at each move \
                 (the more, the stronger the tint; green wins, red loses) and its best line as numbered ghost pieces",
            ),
            ToggleSetup => s("Start pieces", "Show the board's start pieces"),
            ToggleDark => s("Dark theme", "Dark colours for the window"),
            ShowMessages => s("Messages", "Everything the status bar said, errors in red"),
            NewGame(kind) => (
                "New game".into(),
                format!("Start {} on the current board", kind.title()).into(),
            ),
            Analyze(kind) => (
                "Playtest with the engine".into(),
                format!(
                    "Analyze {} on the board with engine-vs-engine games: first-player advantage, opening map, game length",
                    kind.title()
                )
                .into(),
            ),
            ConfirmResign => s("Resign…", "The player to move gives up (asks first)"),
            Resign => s("Resign", "The player to move gives up"),
            Swap => s(
                "Swap",
                "Take over the first move (mirrored into your own direction) instead of replying",
            ),
            Hint => s("Hint", "Ask the engine for a move for the player to move"),
            StopSearch => s("Stop", "Stop the engine's search: it moves (or hints) now"),
            SaveGame => s("Save game…", "Save the game (RON record, or SGF for Hex)"),
            SavePicture => s(
                "Save picture…",
                "Save the position shown as an SVG picture: the pieces in the players' colours, the last move ringed, a win's chain in gold",
            ),
            OpenGame => s(
                "Open game…",
                "Open a saved game (RON record, SGF, Little Golem .hsgf, .tsgf and .hgf, T1j .T1)",
            ),
            CopyHexWorldLink => s(
                "Copy HexWorld link",
                "Copy the game as a HexWorld link (https://hexworld.org/board/#…), to review it in HexWorld or PlayHex or pass it on",
            ),
            PasteGame => s(
                "Paste game…",
                "Open a game given as text: an SGF record, a HexWorld or trmph.com link, or Hex moves such as f6 swap-pieces e4",
            ),
            Preview(None) => s("Back to live", "Back to the live position"),
            Preview(Some(k)) => (
                format!("Preview move {k}").into(),
                format!("Preview the position after {k} moves (read-only)").into(),
            ),
            StepBack => s("Back", "Show the position one move earlier (read-only)"),
            StepForward => s("Forward", "Show the position one move later (read-only)"),
            GoToStart => s("Start", "Show the start position (read-only)"),
            GoToEnd => s(
                "End",
                "Show the position at the end of the line (read-only)",
            ),
            PreviousVariation => s(
                "Previous variation",
                "Show the previous alternative to the shown move",
            ),
            NextVariation => s(
                "Next variation",
                "Show the next alternative to the shown move",
            ),
            ChooseLine(_) => s(
                "Choose variation",
                "Follow this variation (Redo plays along it, Up/Down switch)",
            ),
            PromoteVariation => s(
                "Promote",
                "Move the shown variation up one level (to the main line when it branches off it)",
            ),
            DeleteVariation => s(
                "Delete variation",
                "Delete the shown variation: its moves from where it branches off",
            ),
            ShowShortcuts => s("Keyboard shortcuts", "Every key and mouse control"),
            About => s("About", "Version and licence"),
            Unsaved {
                choice,
                work: Work::Game,
                ..
            } => match choice {
                Choice::Save => s("Save…", "Save the game (asks where), then go on"),
                Choice::DontSave => s("Don't save", "Drop the game's unsaved moves and go on"),
                Choice::Cancel => s("Cancel", "Keep the game and stay"),
            },
            Unsaved { choice, .. } => match choice {
                Choice::Save => s("Save", "Save the changes, then go on"),
                Choice::DontSave => s("Don't save", "Drop the changes and go on"),
                Choice::Cancel => s("Cancel", "Keep the changes and stay"),
            },
            RestoreAutosave(_) => s("Restore", "Restore the autosaved work"),
            DiscardAutosave => s("Discard", "Delete the autosave"),
            KeepAutosave => s("Later", "Keep the autosave for later"),
        }
    }

    /// Its keyboard shortcuts, the one shown in menus and on buttons first.
    pub fn shortcuts(&self) -> Vec<KeyboardShortcut> {
        use Command::*;
        match self {
            NewDialog => vec![cmd(Key::N)],
            Open => vec![cmd(Key::O)],
            Save => vec![cmd(Key::S)],
            SaveAs => vec![cmd_shift(Key::S)],
            Undo => vec![cmd(Key::Z)],
            Redo => vec![cmd_shift(Key::Z), cmd(Key::Y)],
            Delete => vec![key(Key::Delete)],
            Cancel => vec![key(Key::Escape)],
            ClosePolygon => vec![key(Key::Enter)],
            RemoveCorner => vec![key(Key::Backspace)],
            SetTool(t) => vec![key(tool_key(*t))],
            SetMode(m) => vec![key(mode_key(*m))],
            Fit => vec![key(Key::F)],
            StepBack => vec![key(Key::ArrowLeft)],
            StepForward => vec![key(Key::ArrowRight)],
            GoToStart => vec![key(Key::Home)],
            GoToEnd => vec![key(Key::End)],
            PreviousVariation => vec![key(Key::ArrowUp)],
            NextVariation => vec![key(Key::ArrowDown)],
            ZoomIn => vec![key(Key::Plus), key(Key::Equals)],
            ZoomOut => vec![key(Key::Minus)],
            ZoomReset => vec![key(Key::Num0)],
            _ => Vec::new(),
        }
    }

    /// Where Help lists it.
    pub fn section(&self) -> Section {
        use Command::*;
        match self {
            NewDialog
            | NewWizard
            | NewBoard(_)
            | Open
            | OpenPath(_)
            | OpenDropped(_)
            | ClearRecent
            | ReopenKept
            | ForgetKept
            | Save
            | SaveAs
            | ImportObj
            | ExportObj
            | ExportSvg
            | FileChosen { .. }
            | Quit
            | ReplaceBoard { .. }
            | ShowGame(_) => Section::Files,
            Undo | Redo | Delete | Cancel | ClosePolygon | RemoveCorner => Section::Editing,
            SetTool(_) => Section::EditorTools,
            SetMode(_) | Fit | ZoomIn | ZoomOut | ZoomReset | ToggleLabels | ToggleCellLabels
            | ToggleMoveNumbers | ToggleSearch | ToggleSetup | ToggleDark | ShowMessages => {
                Section::View
            }
            NewGame(_) | Analyze(_) | ConfirmResign | Resign | Swap | Hint | StopSearch
            | SaveGame | SavePicture | OpenGame | PasteGame | CopyHexWorldLink | Preview(_)
            | StepBack | StepForward | GoToStart | GoToEnd | PreviousVariation | NextVariation
            | ChooseLine(_) | PromoteVariation | DeleteVariation => Section::Play,
            ShowShortcuts
            | About
            | Unsaved { .. }
            | RestoreAutosave(_)
            | DiscardAutosave
            | KeepAutosave => Section::Help,
        }
    }

    /// The first shortcut as the platform writes it ("Ctrl+S"), if it has one.
    pub fn shortcut_text(&self, ctx: &egui::Context) -> Option<String> {
        self.shortcuts().first().map(|s| format_shortcut(ctx, s))
    }

    /// Every shortcut as the platform writes it ("Ctrl+Shift+Z, Ctrl+Y").
    pub fn all_shortcuts_text(&self, ctx: &egui::Context) -> Option<String> {
        let all: Vec<String> = self
            .shortcuts()
            .iter()
            .map(|s| format_shortcut(ctx, s))
            .collect();
        (!all.is_empty()).then(|| all.join(", "))
    }

    /// The tooltip with the shortcut: "Fit the board into the window (F)".
    pub fn tooltip_with_shortcut(&self, ctx: &egui::Context) -> String {
        match self.shortcut_text(ctx) {
            Some(k) => format!("{} ({k})", self.tooltip()),
            None => self.tooltip().into_owned(),
        }
    }

    /// Whether its shortcut `s` still applies while a text field has the keyboard:
    /// only shortcuts with Ctrl/Cmd, and not undo/redo (the field undoes its own text).
    fn works_while_typing(&self, s: &KeyboardShortcut) -> bool {
        !s.conflicts_with_text_editing() && !matches!(self, Command::Undo | Command::Redo)
    }
}

/// A shortcut as the platform writes it ("Ctrl+S"), with a punctuation key as
/// it is printed on the key ("+", "−", "Ctrl++") rather than egui's name for it
/// ("Plus", "Minus").
pub fn format_shortcut(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    let text = ctx.format_shortcut(shortcut);
    let key = shortcut.logical_key;
    let symbol = key.symbol_or_name();
    // Only ASCII punctuation and the minus sign: the arrows' symbols are not in
    // every font, and their names read well.
    let printed = symbol != key.name()
        && (symbol.is_ascii() || symbol == "\u{2212}")
        && !symbol.chars().any(char::is_alphanumeric);
    match text.strip_suffix(key.name()) {
        Some(mods) if printed => format!("{mods}{symbol}"),
        _ => text,
    }
}

/// Consume the key presses of `shortcut` from this frame's input, matching the
/// modifiers exactly; returns how many there were. (egui's `consume_shortcut`
/// ignores extra Shift and Alt, so a plain `S` would also fire on Shift+S.) The
/// one exception is `+`, which most keyboards type with Shift.
fn consume_exact(input: &mut egui::InputState, shortcut: &KeyboardShortcut) -> usize {
    let before = input.events.len();
    let wanted = shortcut.modifiers;
    let shifted = (shortcut.logical_key == Key::Plus).then(|| wanted.plus(Modifiers::SHIFT));
    input.events.retain(|e| {
        !matches!(e, egui::Event::Key { key, pressed: true, modifiers, .. }
            if *key == shortcut.logical_key
                && (modifiers.matches_exact(wanted)
                    || shifted.is_some_and(|s| modifiers.matches_exact(s))))
    });
    before - input.events.len()
}

/// The commands whose shortcuts were pressed this frame (consuming those key
/// presses). `typing`: a text field has the keyboard, so only Ctrl/Cmd shortcuts
/// other than undo/redo count.
pub fn pressed(ctx: &egui::Context, typing: bool) -> Vec<Command> {
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for c in Command::catalogue() {
            let mut n = 0;
            for s in c.shortcuts() {
                if !typing || c.works_while_typing(&s) {
                    n += consume_exact(i, &s);
                }
            }
            // One command per frame, however often the key repeated in it.
            if n > 0 {
                out.push(c);
            }
        }
    });
    out
}

/// The text of a [`selectable`] command: "Draw  D".
pub fn selectable_text(ctx: &egui::Context, cmd: &Command) -> String {
    match cmd.shortcut_text(ctx) {
        Some(k) => format!("{}  {k}", cmd.text()),
        None => cmd.text().into_owned(),
    }
}

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

/// The answer to the unsaved-changes prompt.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    Save,
    DontSave,
    Cancel,
}

/// Which unsaved work a prompt asks about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// The board document (the Editor's).
    Board,
    /// The game in Play.
    Game,
}

impl Work {
    /// Both, in the order closing the window asks about them.
    pub const ALL: &'static [Work] = &[Work::Board, Work::Game];
}

/// What the user already let go for the commands that wait: the unsaved work
/// they answered "Don't save" to (so that it is not asked about again), one
/// flag per kind of work (the answer about the board does not cover the game).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Confirmed {
    pub board: bool,
    pub game: bool,
}

impl Confirmed {
    /// This, with `work` let go too.
    pub fn with(self, work: Work) -> Confirmed {
        match work {
            Work::Board => Confirmed {
                board: true,
                ..self
            },
            Work::Game => Confirmed { game: true, ..self },
        }
    }

    /// Whether `work` was let go.
    pub fn covers(self, work: Work) -> bool {
        match work {
            Work::Board => self.board,
            Work::Game => self.game,
        }
    }
}

/// The commands waiting for an answer (the unsaved-changes prompt's, a file
/// dialog's, a save's), with what was already let go for them.
#[derive(Debug, Default)]
pub struct Then {
    pub commands: Vec<Command>,
    pub confirmed: Confirmed,
}

impl Then {
    /// Nothing waits (a plain Save).
    pub fn nothing() -> Then {
        Then::default()
    }
}

/// A game read from a file, waiting to be shown ([`Command::ShowGame`]).
#[derive(Debug)]
pub struct OpenedGame {
    pub game: Box<dyn crate::game::DynGame>,
    /// What the reader noticed (said in the status bar).
    pub notes: Vec<String>,
    /// The file it was read from; `None` for a game pasted as text (never
    /// saved).
    pub path: Option<PathBuf>,
    /// How many files came with it in one drop (only the first one opens).
    pub dropped: usize,
}

/// What the app does with the path a file dialog returns. The in-app dialog's
/// answer is [`Command::FileChosen`] with it.
#[derive(Debug)]
pub enum FileAction {
    /// File → Open: a board or a game.
    Open,
    /// File → Import OBJ.
    ImportObj,
    /// Save the board there; then carry out `then` (what waited for the save).
    SaveBoard {
        then: Then,
    },
    /// File → Export OBJ / SVG (the extension).
    Export(String),
    /// Save the game there; then carry out `then` (what waited for the save).
    SaveGame {
        then: Then,
    },
    SavePicture,
    OpenGame,
}

impl FileAction {
    /// Whether it saves the board or the game (a cancelled dialog then says
    /// "Not saved").
    pub fn saves_work(&self) -> bool {
        matches!(
            self,
            FileAction::SaveBoard { .. } | FileAction::SaveGame { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two shortcuts clash when the same key press would match both.
    fn clashes(a: &KeyboardShortcut, b: &KeyboardShortcut) -> bool {
        a.logical_key == b.logical_key
            && (a.modifiers.matches_exact(b.modifiers) || b.modifiers.matches_exact(a.modifiers))
    }

    #[test]
    fn no_two_commands_share_a_shortcut() {
        let all = Command::catalogue();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                for sa in a.shortcuts() {
                    for sb in b.shortcuts() {
                        assert!(!clashes(&sa, &sb), "{a:?} and {b:?} share {sa:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_tool_and_mode_has_its_key() {
        let ctx = egui::Context::default();
        let keys: Vec<String> = Tool::ALL
            .iter()
            .map(|&t| Command::SetTool(t).shortcut_text(&ctx).unwrap())
            .collect();
        assert_eq!(keys.join(" "), "V D M X S G T P O");
        let modes: Vec<String> = Mode::ALL
            .iter()
            .map(|&m| Command::SetMode(m).shortcut_text(&ctx).unwrap())
            .collect();
        assert_eq!(modes.join(" / "), "1 / 2 / 3 / 4");
        assert_eq!(
            selectable_text(&ctx, &Command::SetTool(Tool::Draw)),
            "Draw  D"
        );
    }

    #[test]
    fn shift_and_plain_keys_are_told_apart() {
        let ctx = egui::Context::default();
        let press = |mods: Modifiers, k: Key| egui::RawInput {
            events: vec![egui::Event::Key {
                key: k,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: mods,
            }],
            ..Default::default()
        };
        let mut got = Vec::new();
        let ctrl_shift = Modifiers::CTRL
            .plus(Modifiers::COMMAND)
            .plus(Modifiers::SHIFT);
        for (mods, k) in [
            (Modifiers::SHIFT, Key::S),
            (ctrl_shift, Key::Z),
            (ctrl_shift, Key::S),
            (Modifiers::NONE, Key::S),
        ] {
            let mut out = ctx.run_ui(press(mods, k), |ui| {
                got.push(
                    pressed(ui.ctx(), false)
                        .iter()
                        .map(|c| format!("{c:?}"))
                        .collect::<Vec<_>>(),
                );
            });
            out.textures_delta.clear();
        }
        assert_eq!(
            got,
            vec![
                vec![],
                vec!["Redo".to_string()],
                vec!["SaveAs".to_string()],
                vec!["SetTool(Split)".to_string()],
            ]
        );
    }

    #[test]
    fn typing_keeps_plain_keys_and_undo_for_the_text_field() {
        let ctx = egui::Context::default();
        let mut got = Vec::new();
        for (mods, k) in [
            (Modifiers::NONE, Key::D),
            (Modifiers::CTRL.plus(Modifiers::COMMAND), Key::Z),
            (Modifiers::CTRL.plus(Modifiers::COMMAND), Key::S),
        ] {
            let input = egui::RawInput {
                events: vec![egui::Event::Key {
                    key: k,
                    physical_key: None,
                    pressed: true,
                    repeat: false,
                    modifiers: mods,
                }],
                ..Default::default()
            };
            let mut out = ctx.run_ui(input, |ui| got.push(pressed(ui.ctx(), true).len()));
            out.textures_delta.clear();
        }
        assert_eq!(got, vec![0, 0, 1]);
    }
}
