//! The "New game" side panel: which rules (disabled with the reason when they
//! cannot run on the board), options, and the two seats (name, colour, and — with
//! the engine — Human or Computer with its thinking time).

use super::computer::Seat;
use crate::app::command::{Command, NewBoard};
use crate::board::Board;
use crate::game::{BoardFit, RulesKind};
use crate::rules::GameOptions;
use eframe::egui::{self, Color32, RichText};

/// Default piece colour for a side name from the rules ("Red", "Blue", "Black", "White").
pub fn default_colour(side: &str) -> Color32 {
    let [r, g, b] = crate::game::registry::side_colour(side);
    Color32::from_rgb(r, g, b)
}

/// The side names of `kind` (what the rules call the players).
pub fn side_names(kind: RulesKind) -> [&'static str; 2] {
    kind.entry().sides
}

pub use crate::app::suitability::displayable;

/// The storage key of the rules and swap choice made last ([`SavedSetup`]).
pub const SETUP_KEY: &str = "boardwright.game_setup";

/// The rules and swap choice of the last run, kept in the profile so that
/// the next launch offers the same game (the seats and the clock are kept
/// under their own keys). Player names are not kept: opening a game file
/// sets them to that game's players, who are not the next game's.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SavedSetup {
    /// The rules' short name (`hex`, `loa`, …), so that a profile outlives a
    /// change in the order of the games.
    pub rules: String,
    pub swap: bool,
}

/// The choices for the next game, kept between games.
pub struct Setup {
    pub kind: RulesKind,
    pub swap: bool,
    /// The names of the people playing each side.
    pub names: [String; 2],
    /// Piece colours of each side.
    pub colours: [Color32; 2],
    /// Human or computer, per side.
    pub seats: [Seat; 2],
    /// The time per move each side gets when the computer plays it (kept while
    /// a person plays it).
    pub seconds: [f32; 2],
    /// Whether a computer seat resigns when its search proves the game lost
    /// (the opponent wins whatever it plays) instead of playing on; on by
    /// default, as engines do. Undo takes a resignation back.
    pub resign: bool,
    /// Whether a computer seat playing a person thinks on the person's time
    /// (pondering): while the person is to move, it searches their position
    /// and keeps the tree for its reply. Off by default: it keeps the
    /// processor busy while the person thinks.
    pub ponder: bool,
    /// The game clock for the next game (off by default).
    pub clock: super::clock::ClockSetup,
    /// The rules a board just opened suggests, to choose once its check is
    /// done (by revision): [`Setup::follow_board`] on a big board.
    follow: Option<(u64, Vec<RulesKind>)>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::new()
    }
}

impl Setup {
    pub fn new() -> Setup {
        let sides = side_names(RulesKind::Hex);
        Setup {
            kind: RulesKind::Hex,
            swap: false,
            names: sides.map(str::to_string),
            colours: sides.map(default_colour),
            seats: [Seat::Human, Seat::Human],
            seconds: [1.0, 1.0],
            resign: true,
            ponder: false,
            clock: super::clock::ClockSetup::default(),
            follow: None,
        }
    }

    /// Pick `kind`: names and colours that were still the defaults of the old rules
    /// follow the new rules' sides.
    pub fn choose(&mut self, kind: RulesKind) {
        let old = side_names(self.kind);
        let new = side_names(kind);
        for i in 0..2 {
            if self.names[i] == old[i] || self.names[i].trim().is_empty() {
                self.names[i] = new[i].to_string();
            }
            if self.colours[i] == default_colour(old[i]) {
                self.colours[i] = default_colour(new[i]);
            }
        }
        self.kind = kind;
    }

    /// What the next launch should offer again.
    pub fn saved(&self) -> SavedSetup {
        SavedSetup {
            rules: self.kind.name().to_string(),
            swap: self.swap,
        }
    }

    /// Offer the choices of the last launch. Rules this build does not know
    /// (a profile from another version) leave the current choice.
    pub fn restore(&mut self, saved: SavedSetup) {
        if let Ok(kind) = RulesKind::by_name(&saved.rules) {
            self.choose(kind);
        }
        self.swap = saved.swap;
    }

    /// The options to start a game with.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            swap: self.swap && self.kind.has_swap(),
            ..GameOptions::default()
        }
    }

    /// The options to start a game with on a board that `fit` describes: the
    /// swap rule only where the board allows it, as the greyed-out checkbox
    /// shows. The choice itself is kept for the next board that allows it.
    pub fn options_on(&self, fit: &BoardFit) -> GameOptions {
        let mut options = self.options();
        options.swap &= fit.swap(self.kind).is_ok();
        options
    }

    /// Once it is known which games suit the board at `revision` (`fit`),
    /// choose the game a board opened earlier names ([`Setup::follow_board`]).
    /// An older revision's wish is dropped.
    pub fn follow(&mut self, fit: &BoardFit, revision: u64) {
        if let Some((r, suggested)) = self.follow.take()
            && r == revision
            && let Some(k) = suggested.into_iter().find(|&k| fit.plain(k).is_ok())
        {
            self.choose(k);
        }
    }

    /// When `board` names the games it is made for (its `suggested_rules`)
    /// and the current choice is not one of them, choose the first of them
    /// that can be played on it (an LOA board opened after a game of Hex
    /// offers Lines of Action, though Hex could run on its tagged edges) —
    /// at once when `fit` (what suits the board at `revision`) is known, on a
    /// small board; once the worker's check is done on a big one.
    pub fn follow_board(&mut self, board: &Board, revision: u64, fit: Option<&BoardFit>) {
        let suggested: Vec<RulesKind> = board
            .meta()
            .suggested_rules
            .iter()
            .filter_map(|name| RulesKind::by_name(name).ok())
            .collect();
        if suggested.is_empty() || suggested.contains(&self.kind) {
            self.follow = None;
            return;
        }
        self.follow = Some((revision, suggested));
        if let Some(fit) = fit {
            self.follow(fit, revision);
        }
    }

    /// The panel (names edited here apply to the game on at once, which the
    /// caller does when this returns), for `board` and which games suit it
    /// (`fit`: `None` while a big board is checked on a worker; `waiting`: the
    /// game that starts when that check is done). Returns what was asked for:
    /// [`Command::NewGame`], or for a game that cannot be played on this board
    /// its default board and then a new game on it.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        board: &Board,
        fit: Option<&BoardFit>,
        waiting: Option<RulesKind>,
    ) -> Vec<Command> {
        let mut action = Vec::new();
        ui.heading("Game setup");
        ui.label(RichText::new("Rules").strong());
        let Some(suit) = fit else {
            // A big board, checked on a worker: the panel waits for it.
            crate::app::suitability::checking_ui(ui, board);
            if let Some(kind) = waiting {
                ui.label(format!("A game of {} starts when it is done", kind.title()));
            }
            return action;
        };
        for kind in RulesKind::ALL {
            let plain = suit.plain(kind);
            let ok = plain.is_ok();
            // One row per game, the same height whether it can be played or not.
            ui.horizontal(|ui| {
                let r = ui
                    .add_enabled(
                        ok,
                        egui::Button::selectable(self.kind == kind, kind.title()),
                    )
                    .on_hover_text(format!("Play {} on this board", kind.title()));
                let r = match &plain {
                    Err(why) => r.on_disabled_hover_text(format!(
                        "{} cannot be played here: {why}",
                        kind.title()
                    )),
                    Ok(()) => r,
                };
                if r.clicked() {
                    self.choose(kind);
                }
                if let Some(note) = suit.note(kind) {
                    ui.label(RichText::new(note.tag).weak())
                        .on_hover_text(displayable(&note.text));
                }
                if !ok
                    && ui
                        .small_button(NEW_BOARD)
                        .on_hover_text(format!(
                            "{}: the default board of {} as a new board, and a game on it (asks about unsaved changes)",
                            new_board_text(kind),
                            kind.title()
                        ))
                        .clicked()
                {
                    action = new_board_for(kind);
                }
            });
        }
        let chosen_ok = suit.plain(self.kind).is_ok();
        ui.add_space(4.0);
        // The row is there for every game (greyed out where the rules have no
        // swap), so that choosing another game does not move "New game".
        let swap_problem = if !self.kind.has_swap() {
            Some(format!("{} has no swap rule", self.kind.title()))
        } else {
            suit.swap(self.kind).err()
        };
        let mut swap = self.swap && swap_problem.is_none();
        let r = ui
            .add_enabled(
                swap_problem.is_none(),
                egui::Checkbox::new(&mut swap, "Swap rule"),
            )
            .on_hover_text(
                "After the first move the second player may take it over instead of replying",
            );
        if r.changed() {
            self.swap = swap;
        }
        if let Some(why) = swap_problem {
            r.on_disabled_hover_text(why);
        }
        ui.add_space(6.0);
        ui.label(RichText::new("Players").strong());
        let sides = side_names(self.kind);
        for (i, side) in sides.into_iter().enumerate() {
            ui.horizontal(|ui| {
                egui::color_picker::color_edit_button_srgba(
                    ui,
                    &mut self.colours[i],
                    egui::color_picker::Alpha::Opaque,
                )
                .on_hover_text(format!("Colour of {}'s pieces", side));
                ui.add(
                    egui::TextEdit::singleline(&mut self.names[i])
                        .desired_width(110.0)
                        .hint_text(side),
                )
                .on_hover_text(format!("Name of the person playing {}", side));
            });
            super::computer::seat_ui(ui, i, side, &mut self.seats[i], &mut self.seconds[i]);
        }
        // Greyed out while no seat is the computer's, as its time per move.
        let computer = self.seats.iter().any(|s| s.is_computer());
        ui.add_enabled(
            computer,
            egui::Checkbox::new(&mut self.resign, RESIGN_LABEL),
        )
        .on_hover_text(
            "When its search proves the game lost (the opponent wins whatever it plays), \
                 the computer resigns instead of playing on. Undo takes the resignation back.",
        )
        .on_disabled_hover_text("For a seat the computer plays");
        // Only a game between a person and the computer has a person's time.
        let against_person = self.seats.iter().filter(|s| s.is_computer()).count() == 1;
        ui.add_enabled(
            against_person,
            egui::Checkbox::new(&mut self.ponder, PONDER_LABEL),
        )
        .on_hover_text(
            "While you think, the computer searches your position too and keeps what it \
                 finds for its reply: it plays stronger in the same time per move, and keeps \
                 the processor busy while you think.",
        )
        .on_disabled_hover_text("For a game between a person and the computer");
        ui.add_space(6.0);
        self.clock.ui(ui);
        ui.add_space(6.0);
        let new_game = Command::NewGame(self.kind);
        let r = ui
            .add_enabled(chosen_ok, egui::Button::new(new_game.text()))
            .on_hover_text(new_game.tooltip());
        if r.clicked() {
            action = vec![new_game];
        }
        action
    }
}

/// The setup's check box for [`Setup::resign`].
pub const RESIGN_LABEL: &str = "Computer resigns a lost game";

/// The setup's check box for [`Setup::ponder`].
pub const PONDER_LABEL: &str = "Computer thinks on your time";

/// The button next to a game that cannot be played on the board (short, to fit
/// the panel next to the longest game name; the tooltip names the game).
pub const NEW_BOARD: &str = "New board";

/// "New Hex board": what [`NEW_BOARD`] next to Hex makes.
pub fn new_board_text(kind: RulesKind) -> String {
    format!("New {} board", kind.title())
}

/// The commands that make `kind`'s default board (from the game registry) the
/// document and start a game of `kind` on it: File > New with the preset when the
/// default board is one, else the built board as a new, unsaved-free document.
pub fn new_board_for(kind: RulesKind) -> Vec<Command> {
    use crate::game::registry::DefaultBoard;
    let board = match kind.entry().default_board {
        DefaultBoard::Preset { preset, .. } => Command::NewBoard(NewBoard::Preset {
            name: preset.to_string(),
            size: None,
        }),
        d @ DefaultBoard::Tiling { .. } => match d.build(None) {
            Ok(b) => Command::ReplaceBoard {
                message: format!("New board: {}", b.meta().name),
                board: Box::new(b),
                path: None,
                dirty: false,
            },
            Err(_) => return Vec::new(),
        },
    };
    vec![board, Command::NewGame(kind)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn choosing_rules_renames_default_players_only() {
        let mut s = Setup::new();
        assert_eq!(s.names, ["Red", "Blue"]);
        s.names[1] = "Bob".into();
        s.choose(RulesKind::Loa);
        assert_eq!(s.names, ["Black", "Bob"]);
        assert_eq!(s.colours[0], default_colour("Black"));
        assert_eq!(s.colours[1], default_colour("White"));
        s.colours[0] = Color32::GREEN;
        s.choose(RulesKind::Boco);
        assert_eq!(s.names, ["Red", "Bob"]);
        assert_eq!(s.colours[0], Color32::GREEN, "a chosen colour stays");
        assert!(!s.options().swap);
        s.choose(RulesKind::Hex);
        s.swap = true;
        assert!(s.options().swap);
    }

    #[test]
    fn a_board_that_names_its_game_gets_it_chosen_once_its_fit_is_known() {
        use crate::board::BoardMeta;
        let mut s = Setup::new();
        s.swap = true;
        let mut loa = presets::lines_of_action();
        let meta = BoardMeta {
            suggested_rules: vec!["twixt".into(), "loa".into()],
            ..loa.meta().clone()
        };
        crate::edit::apply(&mut loa, &crate::edit::BoardEdit::SetMeta(meta)).unwrap();
        let fit = BoardFit::of(&loa);
        // Not known yet (a big board): nothing changes until it is.
        s.follow_board(&loa, 7, None);
        assert_eq!(s.kind, RulesKind::Hex);
        // Known for another revision (the board changed since): dropped.
        s.follow(&fit, 8);
        assert_eq!(s.kind, RulesKind::Hex);
        s.follow_board(&loa, 9, None);
        s.follow(&fit, 9);
        assert_eq!(s.kind, RulesKind::Loa, "TwixT cannot run there; LOA can");
        assert!(!s.options_on(&fit).swap, "LOA has no swap rule");
        let mut hex = presets::hex(5);
        let meta = BoardMeta {
            suggested_rules: Vec::new(),
            ..hex.meta().clone()
        };
        crate::edit::apply(&mut hex, &crate::edit::BoardEdit::SetMeta(meta)).unwrap();
        let fit = BoardFit::of(&hex);
        s.follow_board(&hex, 10, Some(&fit));
        assert_eq!(
            s.kind,
            RulesKind::Loa,
            "a board naming no game changes nothing"
        );
        s.choose(RulesKind::Hex);
        assert!(
            s.options_on(&fit).swap,
            "the swap rule kept for a board that takes it"
        );
    }

    #[test]
    fn arrows_are_spelled_for_the_ui_font() {
        assert_eq!(
            displayable(" (col, row) → (row, col); top ↔ left "),
            "(col, row) -> (row, col); top <-> left"
        );
    }
}
