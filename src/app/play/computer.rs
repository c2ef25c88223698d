//! Computer seats: each side is played by a person or by the engine, which
//! thinks on worker threads ([`DynEngine::start`]) while the window stays
//! responsive. Also the Hint (the engine's suggestion for a person to move).
//!
//! A search belongs to one game state (an epoch the panel bumps on every move,
//! takeback, resignation or new game); a state change drops the handle, which
//! cancels the search without waiting for it.

use super::PlayPanel;
use crate::app::workspace::Workspace;
use crate::engine::{EngineError, SearchConfig, SearchLimits};
use crate::game::engine::group_digits;
use crate::game::{DynEngine, DynGame, MoveHandle, Progress, RootStats, SearchHandle};
use crate::mesh::FaceId;
use crate::rules::Player;
use eframe::egui;
use std::time::Duration;

/// Shortest and longest thinking time per move, in seconds.
pub const MIN_SECONDS: f32 = 0.1;
pub const MAX_SECONDS: f32 = 10.0;
/// How long a hint thinks.
pub const HINT_SECONDS: f32 = 1.0;
/// Longest a computer seat thinks on the person's time in one go (its tree
/// is kept after that; the person's move stops it sooner).
pub const PONDER_SECONDS: f32 = 600.0;
/// How often the window redraws while the engine thinks.
const REPAINT: Duration = Duration::from_millis(40);

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seat {
    Human,
    /// The engine, with this much time per move (seconds).
    Computer {
        seconds: f32,
    },
}

impl Seat {
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer { .. })
    }
}

/// The storage key of the seat choices.
pub const SEATS_KEY: &str = "boardwright.seats";

/// Who played each side, the computer's time per move and whether it resigns
/// a lost game, kept in the profile so that the next launch sets up the game
/// the same way.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct SeatSetup {
    pub computer: [bool; 2],
    pub seconds: [f32; 2],
    /// See [`super::setup::Setup::resign`] (on in a profile saved before the
    /// choice existed).
    pub resign: bool,
    /// See [`super::setup::Setup::ponder`] (off in a profile saved before the
    /// choice existed).
    pub ponder: bool,
}

impl Default for SeatSetup {
    fn default() -> Self {
        SeatSetup {
            computer: [false; 2],
            seconds: [1.0; 2],
            resign: true,
            ponder: false,
        }
    }
}

impl SeatSetup {
    /// The choices of `seats`, each computer time being `seconds` for a
    /// person, whether the computer resigns a lost game and whether it
    /// thinks on the person's time.
    pub fn of(seats: [Seat; 2], seconds: [f32; 2], resign: bool, ponder: bool) -> SeatSetup {
        let mut out = SeatSetup {
            computer: seats.map(Seat::is_computer),
            seconds,
            resign,
            ponder,
        };
        for (i, s) in seats.iter().enumerate() {
            if let Seat::Computer { seconds } = *s {
                out.seconds[i] = seconds;
            }
        }
        out
    }

    /// The seats and times (a time from a damaged profile is brought into range).
    pub fn seats(self) -> ([Seat; 2], [f32; 2]) {
        let seconds = self.seconds.map(|s| {
            if s.is_finite() {
                s.clamp(MIN_SECONDS, MAX_SECONDS)
            } else {
                1.0
            }
        });
        let seats = [0, 1].map(|i| {
            if self.computer[i] {
                Seat::Computer {
                    seconds: seconds[i],
                }
            } else {
                Seat::Human
            }
        });
        (seats, seconds)
    }
}

/// The sides a game's record says the computer played, as seats (its time
/// per move brought into the window's range, which the returned note then
/// says), or `None` when people played both sides.
pub fn seats_of_record(
    sides: [Option<Duration>; 2],
    names: [&str; 2],
) -> Option<([Seat; 2], String)> {
    if sides.iter().all(Option::is_none) {
        return None;
    }
    let mut notes = Vec::new();
    let seats = [0, 1].map(|i| match sides[i] {
        None => Seat::Human,
        Some(d) => {
            let recorded = d.as_secs_f32();
            let seconds = recorded.clamp(MIN_SECONDS, MAX_SECONDS);
            if seconds != recorded {
                notes.push(format!(
                    "the record gives it {} a move for {}, outside the {MIN_SECONDS}–{MAX_SECONDS} s \
                     the window allows: it has {}",
                    secs(recorded),
                    names[i],
                    secs(seconds)
                ));
            }
            Seat::Computer { seconds }
        }
    });
    let time = |i: usize| match seats[i] {
        Seat::Computer { seconds } => secs(seconds),
        Seat::Human => String::new(),
    };
    let mut text = match (seats[0].is_computer(), seats[1].is_computer()) {
        (true, true) => format!(
            "the computer plays both sides ({} {}, {} {} a move)",
            names[0],
            time(0),
            names[1],
            time(1)
        ),
        (true, false) => format!("the computer plays {} ({} a move)", names[0], time(0)),
        _ => format!("the computer plays {} ({} a move)", names[1], time(1)),
    };
    for n in notes {
        text.push_str("; ");
        text.push_str(&n);
    }
    Some((seats, text))
}

/// The seats as a game's record keeps them.
pub fn record_sides(seats: [Seat; 2]) -> [Option<Duration>; 2] {
    seats.map(|s| match s {
        Seat::Human => None,
        Seat::Computer { seconds } => Some(Duration::from_secs_f64(
            (f64::from(seconds) * 1000.0).round() / 1000.0,
        )),
    })
}

/// Seconds as the window writes them: "1 s", "0.5 s".
fn secs(s: f32) -> String {
    let rounded = (s * 10.0).round() / 10.0;
    format!("{rounded} s")
}

/// The seat chooser under a player's name: Human / Computer, and the computer's
/// time per move (always shown, greyed out for a person, so that switching a
/// seat does not move what is below). `seconds` is the time the seat gets as a
/// computer (kept while it is played by a person).
pub fn seat_ui(ui: &mut egui::Ui, index: usize, side: &str, seat: &mut Seat, seconds: &mut f32) {
    if let Seat::Computer { seconds: s } = seat {
        *seconds = *s;
    }
    ui.horizontal(|ui| {
        ui.add_space(4.0);
        let human = !seat.is_computer();
        if ui
            .radio(human, "Human")
            .on_hover_text(format!("A person plays {side}"))
            .clicked()
        {
            *seat = Seat::Human;
        }
        if ui
            .radio(!human, "Computer")
            .on_hover_text(format!("The engine plays {side}"))
            .clicked()
            && human
        {
            *seat = Seat::Computer { seconds: *seconds };
        }
    });
    ui.push_id(("seat_time", index), |ui| {
        ui.horizontal(|ui| {
            ui.add_space(4.0);
            let computer = seat.is_computer();
            let l = ui.add_enabled(computer, egui::Label::new("Time per move"));
            ui.spacing_mut().slider_width = (ui.available_width() - 56.0).max(40.0);
            let r = ui
                .add_enabled(
                    computer,
                    egui::Slider::new(seconds, MIN_SECONDS..=MAX_SECONDS)
                        .logarithmic(true)
                        .max_decimals(1)
                        .suffix(" s"),
                )
                .labelled_by(l.id)
                .on_hover_text("Thinking time per move: more is stronger")
                .on_disabled_hover_text(format!("Only when the computer plays {side}"));
            if r.changed()
                && let Seat::Computer { seconds: s } = seat
            {
                *s = *seconds;
            }
        });
    });
    ui.add_space(4.0);
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer seat of this player moves.
    Move(Player),
    /// A suggestion for this (human) player.
    Hint(Player),
}

/// The engine's suggestion, drawn on the board until the position changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub player: Player,
    pub best_move: String,
    pub faces: Vec<FaceId>,
    pub win_rate: f32,
    /// Whether the win rate is proven, not estimated.
    pub proven: bool,
    /// The search's root statistics and principal variation (heat map).
    pub root: RootStats,
}

impl Hint {
    /// "b3 (win estimate 62%)", or "b3 (proven win)" when the search proved it.
    pub fn text(&self) -> String {
        format!(
            "{} ({})",
            self.best_move,
            outlook(self.proven, self.win_rate)
        )
    }
}

/// "win estimate 62%", or "proven win" / "proven loss" / "proven draw" when
/// the search proved it.
fn outlook(proven: bool, win_rate: f32) -> String {
    match (proven, win_rate) {
        (true, w) if w >= 1.0 => "proven win".to_string(),
        (true, w) if w <= 0.0 => "proven loss".to_string(),
        (true, _) => "proven draw".to_string(),
        (false, w) => format!("win estimate {:.0}%", w * 100.0),
    }
}

/// `s` with its first letter in upper case.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

struct Running {
    handle: SearchHandle,
    purpose: Purpose,
    epoch: u64,
    /// Latest progress, read once per frame.
    progress: Progress,
}

/// What a finished search asks the panel to do.
pub enum Finished {
    /// Play this move for the computer seat; `lost` when the search proved
    /// the game lost for it whatever it plays.
    Play {
        player: Player,
        best: MoveHandle,
        lost: bool,
    },
    /// Show a hint.
    Hint(Hint),
    /// The search failed.
    Failed(Purpose, EngineError),
}

/// A computer seat's search on the person's time ([`super::setup::Setup::ponder`]):
/// the position with the person to move, searched by the seat's own engine,
/// whose tree its next move then reuses.
struct Pondering {
    handle: SearchHandle,
    /// The computer seat.
    player: Player,
    epoch: u64,
    progress: Progress,
}

/// The engines of both seats (each keeps its tree between its moves), the
/// search in progress, if any, and a computer seat's search on the person's
/// time.
pub struct Computer {
    engines: [DynEngine; 2],
    hint_engine: DynEngine,
    running: Option<Running>,
    pondering: Option<Pondering>,
    /// A search on the person's time that was asked to stop and whose tree
    /// has not been handed back yet: the computer's own search waits for it
    /// (a frame or two), so that it starts from that tree.
    stopping: Option<SearchHandle>,
    /// The game state (epoch) whose search on the person's time ended by
    /// itself (its time ran out, or it proved the position): not started
    /// again until the game moves on; with the seat and its last progress
    /// (shown until then, so that the person knows it has stopped and why).
    pondered: Option<(u64, Player, Progress)>,
}

impl Default for Computer {
    fn default() -> Self {
        Computer::new()
    }
}

fn config(seed: u64) -> SearchConfig {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().clamp(1, 4));
    SearchConfig { threads, seed }
}

impl Computer {
    pub fn new() -> Computer {
        Computer {
            engines: [
                DynEngine::new(config(0x0b0a_2d01)),
                DynEngine::new(config(0x0b0a_2d02)),
            ],
            hint_engine: DynEngine::new(config(0x0b0a_2d03)),
            running: None,
            pondering: None,
            stopping: None,
            pondered: None,
        }
    }

    /// Forget the kept trees (a new game).
    pub fn reset(&mut self) {
        // Cancelling stops the thinking on the person's time; its tree is
        // not waited for.
        self.cancel();
        self.stopping = None;
        for e in &mut self.engines {
            e.clear();
        }
        self.hint_engine.clear();
    }

    /// Cancel the search in progress, if any (drops the handle; never
    /// blocks), and stop thinking on the person's time.
    pub fn cancel(&mut self) -> bool {
        self.stop_pondering();
        self.running.take().is_some()
    }

    /// Ask the search to finish now ("move now"); its result arrives shortly.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.handle.stop();
        }
    }

    /// Why the running search runs and its latest progress.
    pub fn thinking(&self) -> Option<(Purpose, &Progress)> {
        self.running.as_ref().map(|r| (r.purpose, &r.progress))
    }

    /// The computer seat thinking on the person's time, and its progress.
    pub fn pondering(&self) -> Option<(Player, &Progress)> {
        self.pondering.as_ref().map(|p| (p.player, &p.progress))
    }

    /// The computer seat whose thinking on the person's time ended by itself
    /// in game state `epoch` (its time ran out, or it solved the position),
    /// and its last progress.
    pub fn pondered(&self, epoch: u64) -> Option<(Player, &Progress)> {
        self.pondered
            .as_ref()
            .filter(|(e, ..)| *e == epoch)
            .map(|(_, p, progress)| (*p, progress))
    }

    /// Start computer seat `player`'s search of `game`'s position (the
    /// person to move) on the person's time, for at most [`PONDER_SECONDS`].
    fn ponder(
        &mut self,
        game: &dyn DynGame,
        player: Player,
        epoch: u64,
    ) -> Result<(), EngineError> {
        let limits = SearchLimits::time(Duration::from_secs_f32(PONDER_SECONDS));
        let handle = self.engines[player as usize & 1].start(game, limits)?;
        self.pondering = Some(Pondering {
            handle,
            player,
            epoch,
            progress: Progress::default(),
        });
        Ok(())
    }

    /// Ask the search on the person's time to stop; its tree is handed back
    /// to the seat's engine once it has ([`Computer::settled`]).
    fn stop_pondering(&mut self) {
        if let Some(p) = self.pondering.take() {
            p.handle.stop();
            self.stopping = Some(p.handle);
        }
    }

    /// Whether no stopped search on the person's time still holds its tree
    /// (asks for a redraw soon while one does).
    fn settled(&mut self, ctx: &egui::Context) -> bool {
        if let Some(h) = &mut self.stopping {
            if h.try_result().is_none() {
                ctx.request_repaint_after(Duration::from_millis(5));
                return false;
            }
            self.stopping = None;
        }
        true
    }

    /// Follow the search on the person's time once per frame: stop it when
    /// the game moved on (`epoch` changed); drop it once it ends by itself.
    fn poll_pondering(&mut self, ctx: &egui::Context, epoch: u64) {
        let Some(p) = self.pondering.as_mut() else {
            return;
        };
        if p.epoch != epoch {
            self.stop_pondering();
            return;
        }
        p.progress = p.handle.progress();
        if let Some(result) = p.handle.try_result() {
            // It ran its time or proved the position; its tree is kept.
            if let Ok(r) = result {
                p.progress.proven |= r.proven;
                p.progress.simulations = p.progress.simulations.max(r.simulations);
            }
            self.pondered = Some((p.epoch, p.player, std::mem::take(&mut p.progress)));
            self.pondering = None;
        } else {
            ctx.request_repaint_after(REPAINT);
        }
    }

    /// Start a search of `game`'s position for `purpose` within `seconds`.
    pub fn start(
        &mut self,
        game: &dyn DynGame,
        purpose: Purpose,
        seconds: f32,
        epoch: u64,
    ) -> Result<(), EngineError> {
        self.cancel();
        let limits = SearchLimits::time(Duration::from_secs_f32(
            seconds.clamp(MIN_SECONDS, MAX_SECONDS),
        ));
        let engine = match purpose {
            Purpose::Move(p) => &mut self.engines[p as usize & 1],
            Purpose::Hint(_) => &mut self.hint_engine,
        };
        let handle = engine.start(game, limits)?;
        self.running = Some(Running {
            handle,
            purpose,
            epoch,
            progress: Progress::default(),
        });
        Ok(())
    }

    /// Poll the running search once per frame: drop it if the game moved on
    /// (`epoch` changed), report it once finished, else ask for a redraw soon.
    pub fn poll(&mut self, ctx: &egui::Context, epoch: u64) -> Option<Finished> {
        let r = self.running.as_mut()?;
        if r.epoch != epoch {
            self.running = None;
            return None;
        }
        r.progress = r.handle.progress();
        match r.handle.try_result() {
            None => {
                ctx.request_repaint_after(REPAINT);
                None
            }
            Some(result) => {
                // What the result changes (the status bar, drawn earlier in
                // this frame) shows in the next one.
                ctx.request_repaint();
                let purpose = r.purpose;
                // The last snapshot is taken before the result is handed over.
                let root = r.handle.progress().root;
                self.running = None;
                Some(match (result, purpose) {
                    (Ok(res), Purpose::Move(player)) => Finished::Play {
                        player,
                        best: res.best,
                        lost: res.proven && res.win_rate <= 0.0,
                    },
                    (Ok(res), Purpose::Hint(player)) => Finished::Hint(Hint {
                        player,
                        best_move: res.best_move,
                        faces: res.best_faces,
                        win_rate: res.win_rate,
                        proven: res.proven,
                        root,
                    }),
                    (Err(e), p) => Finished::Failed(p, e),
                })
            }
        }
    }
}

/// Height of the progress box: four lines of text, the bar and the Stop button,
/// inside a frame. The game panel keeps this much room for it at all times.
pub fn progress_height(ui: &egui::Ui) -> f32 {
    let s = ui.spacing();
    let line = ui.text_style_height(&egui::TextStyle::Body) + s.item_spacing.y;
    let button = s.interact_size.y + s.item_spacing.y;
    4.0 * line + 8.0 + s.item_spacing.y + button + 2.0 * 6.0 + 3.0
}

/// The progress box shown while the engine thinks; returns whether Stop was pressed.
/// Every line is one line (cut with the full text on hover), so nothing in the
/// box moves as the figures change.
pub fn progress_ui(
    ui: &mut egui::Ui,
    purpose: Purpose,
    progress: &Progress,
    who: &str,
    colour: egui::Color32,
) -> bool {
    let mut stop = false;
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.5, colour))
        .corner_radius(4.0)
        .inner_margin(6)
        .show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            let line = |ui: &mut egui::Ui, text: egui::RichText| {
                ui.add(egui::Label::new(text).truncate());
            };
            let head = match purpose {
                Purpose::Move(_) => format!("{who} is thinking…"),
                Purpose::Hint(_) => format!("Looking for a move for {who}…"),
            };
            line(ui, egui::RichText::new(head).strong());
            ui.add(
                egui::ProgressBar::new(progress.fraction.clamp(0.0, 1.0))
                    .desired_height(8.0)
                    .fill(colour),
            );
            // What the tree kept (its last move, thinking on the person's time).
            let kept = if progress.reused > 0 {
                format!(" + {} kept", group_digits(progress.reused))
            } else {
                String::new()
            };
            line(
                ui,
                format!("{} simulations{kept}", group_digits(progress.simulations)).into(),
            );
            line(
                ui,
                match &progress.best_move {
                    Some(m) => format!("Best so far: {m}"),
                    None => "Best so far: none yet".to_string(),
                }
                .into(),
            );
            line(
                ui,
                match &progress.best_move {
                    Some(_) => capitalised(&outlook(progress.proven, progress.win_rate)),
                    None => String::new(),
                }
                .into(),
            );
            let label = match purpose {
                Purpose::Move(_) => "Stop (move now)",
                Purpose::Hint(_) => "Stop (show it now)",
            };
            stop = ui
                .button(label)
                .on_hover_text("Finish thinking now with the best move so far")
                .clicked();
        });
    stop
}

impl PlayPanel {
    /// The computer seat thinking on the person's time, and its progress.
    pub fn pondering(&self) -> Option<(Player, &Progress)> {
        self.computer.pondering()
    }

    /// The progress of the computer's move or hint search, if one runs.
    pub fn search_progress(&self) -> Option<&Progress> {
        self.computer.thinking().map(|(_, p)| p)
    }

    /// Ask the engine for a move for the (human) player to move.
    pub fn request_hint(&mut self, ws: &mut Workspace) {
        let Some(c) = &self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            ws.status.error("The game is over: no hint");
            return;
        };
        match self
            .computer
            .start(c.game.as_ref(), Purpose::Hint(p), HINT_SECONDS, self.epoch)
        {
            Ok(()) => ws.status.info("Looking for a good move…"),
            Err(e) => ws.status.error(format!("No hint: {e}")),
        }
    }

    /// The engine side of a frame: take finished results, start the computer's
    /// move when a computer seat is to move.
    pub(super) fn run_computer(&mut self, ctx: &egui::Context, ws: &mut Workspace) {
        let frame = ctx.cumulative_frame_nr();
        if self.last_frame.is_some_and(|f| f + 1 < frame) {
            // Back from another mode: a search started before is stale.
            self.computer.cancel();
        }
        self.last_frame = Some(frame);
        let Some(c) = &self.current else {
            self.computer.cancel();
            return;
        };
        let to_move = c.game.to_move();
        // A seat switched to Human while its computer was thinking.
        if let Some((Purpose::Move(p), _)) = self.computer.thinking()
            && !self.setup.seats[p as usize & 1].is_computer()
        {
            self.computer.cancel();
        }
        // (A hint stops it: starting any search cancels it.)
        self.computer.poll_pondering(ctx, self.epoch);
        match self.computer.poll(ctx, self.epoch) {
            Some(Finished::Play { player, lost, .. })
                if to_move == Some(player) && lost && self.setup.resign =>
            {
                self.resign_lost(ws);
            }
            Some(Finished::Play { player, best, .. }) if to_move == Some(player) => {
                self.play(ws, best);
            }
            Some(Finished::Hint(h)) => {
                let who = self
                    .current
                    .as_ref()
                    .map(|c| c.game.who(h.player))
                    .unwrap_or_default();
                ws.status.info(format!("Hint for {who}: {}", h.text()));
                self.hint = Some(h);
            }
            Some(Finished::Failed(_, e)) => {
                self.failed_epoch = Some(self.epoch);
                ws.status.error(format!("The computer could not move: {e}"));
            }
            Some(Finished::Play { .. }) | None => {}
        }
        let Some(c) = &self.current else {
            return;
        };
        let Some(p) = c.game.to_move() else {
            return;
        };
        let busy = matches!(self.computer.thinking(), Some((Purpose::Move(_), _)));
        if let Seat::Computer { seconds } = self.setup.seats[p as usize & 1]
            && !busy
            && self.failed_epoch != Some(self.epoch)
        {
            // After thinking on the person's time, start from that tree.
            if !self.computer.settled(ctx) {
                return;
            }
            if let Err(e) =
                self.computer
                    .start(c.game.as_ref(), Purpose::Move(p), seconds, self.epoch)
            {
                self.failed_epoch = Some(self.epoch);
                ws.status.error(format!("The computer could not move: {e}"));
            }
            ctx.request_repaint();
            return;
        }
        // The person is to move: the computer opposite thinks on their time
        // when asked to, and nothing else searches.
        let opposite = 1 - (p as usize & 1);
        let ponders = self.setup.ponder
            && !self.setup.seats[p as usize & 1].is_computer()
            && self.setup.seats[opposite].is_computer()
            && self.failed_epoch != Some(self.epoch);
        if !ponders {
            self.computer.stop_pondering();
        } else if self.computer.thinking().is_none()
            && self.computer.pondering.is_none()
            && self.computer.pondered(self.epoch).is_none()
            && self.computer.settled(ctx)
            && c.game.legal_handles().len() > 1
        {
            // A search that cannot start is simply not run: the person's
            // move comes first, and the computer's own search reports errors.
            let _ = self
                .computer
                .ponder(c.game.as_ref(), opposite as Player, self.epoch);
        }
    }
}

#[cfg(test)]
mod record_tests {
    use super::*;

    #[test]
    fn a_recorded_time_outside_the_window_s_range_is_brought_in_and_said() {
        let names = ["Red", "Blue"];
        assert!(seats_of_record([None, None], names).is_none());
        let (seats, text) = seats_of_record([Some(Duration::from_secs(50)), None], names).unwrap();
        assert_eq!(
            seats,
            [
                Seat::Computer {
                    seconds: MAX_SECONDS
                },
                Seat::Human
            ]
        );
        assert!(
            text.starts_with("the computer plays Red (10 s a move)"),
            "{text}"
        );
        assert!(text.contains("gives it 50 s a move for Red"), "{text}");
        let (seats, text) = seats_of_record(
            [
                Some(Duration::from_millis(500)),
                Some(Duration::from_secs(2)),
            ],
            names,
        )
        .unwrap();
        assert_eq!(
            record_sides(seats),
            [
                Some(Duration::from_millis(500)),
                Some(Duration::from_secs(2))
            ]
        );
        assert_eq!(
            text,
            "the computer plays both sides (Red 0.5 s, Blue 2 s a move)"
        );
    }
}
