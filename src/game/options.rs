//! Game options as the rules use them and as records store them, both ways.

use crate::io::record::{RecordOptions, RecordRepetition};
use crate::rules::{GameOptions, Repetition};

/// The options a record gives a game. Options a record leaves out read as games
/// played before they existed (no dead draw).
pub fn game_options(recorded: &RecordOptions) -> GameOptions {
    GameOptions {
        swap: recorded.swap,
        repetition: match recorded.repetition {
            RecordRepetition::Second => Repetition::Second,
            RecordRepetition::Third => Repetition::Third,
        },
        dead_draw: recorded.dead_draw,
    }
}

/// The options as a record stores them (a game holds only those its rules use).
pub fn record_options(options: &GameOptions) -> RecordOptions {
    RecordOptions {
        swap: options.swap,
        repetition: match options.repetition {
            Repetition::Second => RecordRepetition::Second,
            Repetition::Third => RecordRepetition::Third,
        },
        dead_draw: options.dead_draw,
    }
}
