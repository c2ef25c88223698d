//! Computer seats: each side is played by a person or by the engine.

use eframe::egui;

/// Who plays one side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seat {
    Human,
}

impl Seat {
    pub fn is_computer(self) -> bool {
        false
    }
}

/// The seat chooser under a player's name.
pub fn seat_ui(ui: &mut egui::Ui, index: usize, side: &str, seat: &mut Seat) {
    let _ = (ui, index, side, seat);
}
