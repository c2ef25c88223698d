//! boardwright: design, play and generate polygon board games.
//!
//! Layers, bottom up: `mesh` → `board` → `edit`, `io`, `presets`, `ops`, `tiling`
//! → `rules` → `engine`, `generator` → `game` (the run-time game, the game
//! registry, records meeting rules, the engine handle) → `analysis` (the balance
//! lab) → `app`, `cli`. A lower
//! layer never imports a higher one. The core (everything but `app`) never
//! depends on the GUI; `app` holds everything egui and exists only with the
//! default-on `gui` feature (`cargo build --no-default-features` builds the
//! library and the command line without egui, eframe, rfd, wgpu or winit).

pub mod analysis;
#[cfg(feature = "gui")]
pub mod app;
pub mod board;
pub mod cli;
pub mod edit;
pub mod engine;
pub mod game;
pub mod generator;
pub mod io;
pub mod mesh;
pub mod ops;
pub mod presets;
pub mod rules;
pub mod tiling;
