//! The named choices the app's commands carry: the four modes and the editor's
//! tools. A leaf module, so that the command type and the panels that send
//! commands can both name them without importing each other.

use serde::{Deserialize, Serialize};

/// The editor's tools.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    Select,
    Draw,
    Move,
    Delete,
    Split,
    Merge,
    TagSide,
    StartPieces,
    Outline,
}

impl Tool {
    pub const ALL: [Tool; 9] = [
        Tool::Select,
        Tool::Draw,
        Tool::Move,
        Tool::Delete,
        Tool::Split,
        Tool::Merge,
        Tool::TagSide,
        Tool::StartPieces,
        Tool::Outline,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Draw => "Draw",
            Tool::Move => "Move",
            Tool::Delete => "Delete",
            Tool::Split => "Split",
            Tool::Merge => "Merge",
            Tool::TagSide => "Tag side",
            Tool::StartPieces => "Start pieces",
            Tool::Outline => "Outline",
        }
    }

    /// What the tool does (its tooltip).
    pub fn description(self) -> &'static str {
        match self {
            Tool::Select => "Select a face, edge or vertex and edit it in the inspector",
            Tool::Draw => "Draw a polygon face corner by corner",
            Tool::Move => "Drag vertices; faces sharing them follow",
            Tool::Delete => "Delete faces",
            Tool::Split => "Cut a face between two of its corners",
            Tool::Merge => "Merge two adjacent faces",
            Tool::TagSide => "Tag boundary edges as top, bottom, left or right sides",
            Tool::StartPieces => "Place the players' start pieces",
            Tool::Outline => "Draw an outline for the Clip and Hole operators",
        }
    }
}

/// The four modes, shown as tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Mode {
    #[default]
    Editor,
    Play,
    Generator,
    /// The balance lab: engine games on the document's board.
    Analyze,
}

impl Mode {
    pub const ALL: [Mode; 4] = [Mode::Editor, Mode::Play, Mode::Generator, Mode::Analyze];

    pub fn title(self) -> &'static str {
        match self {
            Mode::Editor => "Editor",
            Mode::Play => "Play",
            Mode::Generator => "Generator",
            Mode::Analyze => "Analyze",
        }
    }
}
