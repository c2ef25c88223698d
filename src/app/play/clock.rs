//! The game clock in Play: its settings in the setup panel ("Clock: off, or
//! minutes per player + seconds increment", remembered in storage), driving
//! the game's clock ([`crate::game::GameClock`]) from the app's time source,
//! and the two clocks in the game panel.
//!
//! When the clock runs: for the player to move on the live position only. It
//! stops while a past position is previewed, while a modal dialog is open (the
//! player cannot move then), while another mode is shown and once the game is
//! over; the time between the last frame and a pause is not counted.
//!
//! A computer seat's clock is shown but does not count (its side is frozen in
//! the game clock: no time taken, no increment). The engine plays by the time
//! per move set for its seat and knows nothing of a clock, so counting its time
//! would only let it lose on time without a chance to hurry; HexGui likewise
//! leaves the program's time to the program. Against the computer the clock
//! times the person.
//!
//! A loss on time ends the game like a resignation (the tree node where it
//! happened keeps it, the move list shows it, the other player wins). Undo
//! withdraws it like a resignation and puts both clocks back to what they
//! showed when that position was reached: taking back is something hot-seat
//! players agree on, and every takeback restores the clocks of the position
//! it returns to.

use crate::app::workspace::Workspace;
use crate::game::{ClockSettings, DynGame};
use crate::rules::Player;
use eframe::egui::{self, Color32, RichText};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The storage key of the clock settings.
pub const CLOCK_KEY: &str = "boardwright.clock";

/// Below this a clock shows tenths and turns red.
const SHORT: Duration = Duration::from_secs(10);

/// Where the app reads the time: a monotonic time since some start. The
/// default is the real time; tests hand in their own and move it on.
#[derive(Clone)]
pub struct TimeSource(pub Arc<dyn Fn() -> Duration + Send + Sync>);

impl TimeSource {
    pub fn now(&self) -> Duration {
        (self.0)()
    }
}

impl Default for TimeSource {
    fn default() -> Self {
        let start = Instant::now();
        TimeSource(Arc::new(move || start.elapsed()))
    }
}

impl std::fmt::Debug for TimeSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TimeSource")
    }
}

/// The clock choices for the next game, kept in storage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ClockSetup {
    /// Off by default.
    pub on: bool,
    pub minutes: u32,
    pub increment: u32,
}

impl Default for ClockSetup {
    fn default() -> Self {
        ClockSetup {
            on: false,
            minutes: 5,
            increment: 3,
        }
    }
}

impl ClockSetup {
    /// The time control for a new game (`None`: no clock).
    pub fn settings(&self) -> Option<ClockSettings> {
        (self.on && self.minutes > 0)
            .then(|| ClockSettings::minutes(self.minutes.into(), self.increment.into()))
    }

    /// The setup panel's clock rows.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Clock").strong());
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.on, false, "Off")
                .on_hover_text("Play without a clock");
            ui.radio_value(&mut self.on, true, "On").on_hover_text(
                "Each player has a time budget for the whole game (from the next New game)",
            );
        });
        ui.add_enabled_ui(self.on, |ui| {
            ui.horizontal(|ui| {
                ui.add_space(4.0);
                ui.add(
                    egui::DragValue::new(&mut self.minutes)
                        .range(1..=600)
                        .suffix(" min"),
                )
                .on_hover_text("Main time per player");
                ui.label("+");
                ui.add(
                    egui::DragValue::new(&mut self.increment)
                        .range(0..=600)
                        .suffix(" s"),
                )
                .on_hover_text("Seconds added after each of a player's moves (Fischer increment)");
            });
        });
    }
}

/// Turns the app's time into the elapsed time the game clock runs on.
#[derive(Debug, Default)]
pub struct ClockDriver {
    /// The time of the last frame the clock ran in (`None`: paused).
    last: Option<Duration>,
}

impl ClockDriver {
    /// A frame at `now`: when `running`, the player to move's clock loses the
    /// time since the last running frame. Returns the player whose time ran
    /// out (the game is then over on time).
    pub fn drive(
        &mut self,
        game: &mut dyn DynGame,
        now: Duration,
        running: bool,
    ) -> Option<Player> {
        if !running || game.clock().is_none() || game.to_move().is_none() {
            self.last = None;
            return None;
        }
        let elapsed = self.last.map_or(Duration::ZERO, |t| now.saturating_sub(t));
        self.last = Some(now);
        game.run_clock(elapsed)
    }

    /// Stop counting until the next running frame (another mode, a new game).
    pub fn pause(&mut self) {
        self.last = None;
    }
}

/// "05:00", "12:34", "00:09.4" (tenths under ten seconds), "1:05:00".
pub fn format_left(left: Duration) -> String {
    if left < SHORT {
        let tenths = left.as_millis() / 100;
        return format!("00:{:02}.{}", tenths / 10, tenths % 10);
    }
    let s = left.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

/// How long until [`format_left`] of a running clock changes: to the next
/// tenth under ten seconds, else to the next whole second.
pub fn until_change(left: Duration) -> Duration {
    let unit = if left <= SHORT {
        Duration::from_millis(100)
    } else {
        Duration::from_secs(1)
    };
    let nanos = left.as_nanos() % unit.as_nanos();
    let wait = if nanos == 0 {
        unit
    } else {
        Duration::from_nanos(nanos as u64)
    };
    wait.max(Duration::from_millis(10))
}

/// The two clocks, one row each: the side's colour, the name, the time left;
/// the running one highlighted, red under ten seconds, "(computer)" when the
/// side is frozen.
pub fn ui(
    ui: &mut egui::Ui,
    game: &dyn DynGame,
    names: [String; 2],
    colours: [Color32; 2],
    running: Option<Player>,
) {
    let Some(clock) = game.clock() else {
        return;
    };
    let frozen = clock.frozen();
    for (p, name) in names.into_iter().enumerate() {
        let left = clock.live().left(p as Player);
        let on = running == Some(p as Player);
        let short = left < SHORT && !frozen[p];
        let fill = if on {
            ui.visuals().selection.bg_fill
        } else {
            Color32::TRANSPARENT
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(4.0)
            .inner_margin(egui::Margin::symmetric(6, 2))
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                ui.horizontal(|ui| {
                    super::moves::player_dot(ui, colours[p]);
                    let mut label = name;
                    if frozen[p] {
                        label.push_str(" (computer)");
                    }
                    // On the highlight, the theme's text colour for selected
                    // things (the plain text colour is grey on blue in the dark theme).
                    let ink = on.then(|| ui.visuals().selection.stroke.color);
                    let mut name = RichText::new(label);
                    if let Some(c) = ink {
                        name = name.color(c);
                    }
                    // The time first, at the right; the name gets what is
                    // left and is cut there (a long name never pushes the
                    // time out of the panel).
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let mut t = RichText::new(format_left(left)).monospace().size(16.0);
                        if let Some(c) = ink {
                            t = t.strong().color(c);
                        }
                        if short {
                            t = t.color(Color32::from_rgb(0xe0, 0x20, 0x20));
                        }
                        ui.label(t).on_hover_text(if frozen[p] {
                            "The computer plays by its time per move: its clock does not count"
                        } else {
                            "Time left"
                        });
                        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                            ui.add(egui::Label::new(name).truncate());
                        });
                    });
                });
            });
    }
    ui.weak(format!("Clock: {}", clock.settings().describe()));
}

impl super::PlayPanel {
    /// A frame in Play: run the clock of the player to move on the live
    /// position (see the module's documentation for when it stops), end the
    /// game when his time is up, and ask for the next frame when the shown
    /// time will change.
    pub(super) fn run_clock(&mut self, ctx: &egui::Context, ws: &mut Workspace) {
        let Some(c) = &mut self.current else {
            self.clock_driver.pause();
            return;
        };
        let seats = self.setup.seats;
        if let Some(clock) = c.game.clock_mut() {
            clock.set_frozen(seats.map(|s| s.is_computer()));
        }
        let running = self.preview.is_none() && !self.dialog_open;
        let now = self.time.now();
        if let Some(p) = self.clock_driver.drive(c.game.as_mut(), now, running) {
            let who = c.game.who(p);
            let winner = c.game.who(crate::rules::opponent(p));
            self.selected = None;
            self.game_changed();
            ws.status
                .info(format!("{who} ran out of time. Game over: {winner} wins"));
            ctx.request_repaint();
            return;
        }
        if let Some(p) = self.clock_running()
            && let Some(clock) = self.game().and_then(|g| g.clock())
        {
            ctx.request_repaint_after(until_change(clock.live().left(p)));
        }
    }

    /// The player whose clock is counting now, if any.
    pub(super) fn clock_running(&self) -> Option<Player> {
        let g = self.game()?;
        let clock = g.clock()?;
        let p = g.to_move()?;
        (self.preview.is_none() && !self.dialog_open && !clock.frozen()[p as usize & 1])
            .then_some(p)
    }

    /// The clocks in the game panel (nothing for a game without a clock).
    pub(super) fn clock_panel(&self, ui: &mut egui::Ui) {
        let Some(g) = self.game() else {
            return;
        };
        if g.clock().is_none() {
            return;
        }
        ui.add_space(4.0);
        let names = [0, 1].map(|p| g.who(p));
        self::ui(ui, g, names, self.colours(), self.clock_running());
    }

    /// How the current line ended when not by the rules' own outcome, for the
    /// move list: "Red ran out of time", "Blue resigned".
    pub(super) fn ending_text(&self) -> Option<String> {
        let g = self.game()?;
        let end = *self.tree.line.last()?;
        let ending = self.tree.node(end)?.ended?;
        let names = [0, 1].map(|p| g.who(p));
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        Some(ending.reason(&names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_minutes_and_seconds_with_tenths_at_the_end() {
        assert_eq!(format_left(Duration::from_secs(300)), "05:00");
        assert_eq!(format_left(Duration::from_millis(754_900)), "12:34");
        assert_eq!(format_left(Duration::from_millis(9_470)), "00:09.4");
        assert_eq!(format_left(Duration::ZERO), "00:00.0");
        assert_eq!(format_left(Duration::from_secs(3900)), "1:05:00");
    }

    #[test]
    fn the_next_repaint_is_when_the_shown_time_changes() {
        assert_eq!(
            until_change(Duration::from_millis(61_250)),
            Duration::from_millis(250)
        );
        assert_eq!(
            until_change(Duration::from_millis(5_230)),
            Duration::from_millis(30)
        );
        assert_eq!(
            until_change(Duration::from_secs(60)),
            Duration::from_secs(1)
        );
    }

    #[test]
    fn clock_setup_is_off_by_default() {
        assert_eq!(ClockSetup::default().settings(), None);
        let on = ClockSetup {
            on: true,
            ..ClockSetup::default()
        };
        assert_eq!(on.settings(), Some(ClockSettings::minutes(5, 3)));
    }
}
