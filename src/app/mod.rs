//! The egui application (in progress).
