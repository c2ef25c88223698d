//! boardwright: design, play and generate polygon board games.
//!
//! The core (`mesh`, `board`, `edit`, `io`, `presets`, `rules`, `generator`, `engine`)
//! never depends on the GUI; `app` holds everything egui and exists only with the
//! default-on `gui` feature (`cargo build --no-default-features` builds the library
//! and the command line without egui, eframe, rfd, wgpu or winit).

#[cfg(feature = "gui")]
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
