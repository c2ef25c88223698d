//! boardwright: design, play and generate polygon board games.
//!
//! The core (`mesh`, `board`, `edit`, `io`, `presets`, `rules`, `generator`, `engine`)
//! never depends on the GUI; `app` holds everything egui.

pub mod app;
pub mod board;
pub mod cli;
pub mod edit;
pub mod engine;
pub mod generator;
pub mod io;
pub mod mesh;
pub mod presets;
pub mod rules;
