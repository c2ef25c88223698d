//! boardwright: design, play and generate polygon board games.
//!
//! The core (`mesh`, `board`, `io`, `presets`, `rules`, `generator`, `engine`)
//! never depends on the GUI; `app` holds everything egui.

pub mod board;
pub mod cli;
pub mod mesh;
pub mod presets;
pub mod rules;
