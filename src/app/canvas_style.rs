//! The colours and widths a board is drawn with (light and dark theme), below
//! both the canvas and its tessellation cache.

use crate::board::{FaceKind, SideTag};
use crate::game::RulesKind;
use eframe::egui::Color32;

/// Colours and widths used to draw a board.
#[derive(Clone, Debug, PartialEq)]
pub struct CanvasStyle {
    pub background: Color32,
    pub cell: Color32,
    pub blocked: Color32,
    pub fixed_region: Color32,
    pub garden: Color32,
    pub other: Color32,
    pub edge: Color32,
    pub edge_width: f32,
    pub boundary: Color32,
    pub boundary_width: f32,
    /// Band colours of the tagged sides, in [`SideTag::ALL`] order (top, bottom, left, right).
    pub sides: [Color32; 4],
    pub side_width: f32,
    pub label_dark: Color32,
    pub label_light: Color32,
    /// Piece colours of player 0 and player 1.
    pub players: [Color32; 2],
    pub piece_outline: Color32,
    pub hover_fill: Color32,
    pub hover_stroke: Color32,
}

impl Default for CanvasStyle {
    fn default() -> Self {
        CanvasStyle::light()
    }
}

impl CanvasStyle {
    /// The sides' colours where no game's players chose theirs: the first
    /// player's (top and bottom) and the second's (left and right).
    pub const GOAL_COLOURS: [Color32; 2] = [
        Color32::from_rgb(0xd0, 0x30, 0x30),
        Color32::from_rgb(0x2b, 0x5f, 0xc8),
    ];

    /// Warm board colours on a light background.
    pub fn light() -> Self {
        let [red, blue] = Self::GOAL_COLOURS;
        CanvasStyle {
            background: Color32::from_rgb(0xf3, 0xf1, 0xec),
            cell: Color32::from_rgb(0xe9, 0xd3, 0xa8),
            blocked: Color32::from_rgb(0x6e, 0x6a, 0x64),
            fixed_region: Color32::from_rgb(0xb9, 0xd3, 0xe6),
            garden: Color32::from_rgb(0xb5, 0xd6, 0x9c),
            other: Color32::from_rgb(0xd8, 0xc4, 0xe3),
            edge: Color32::from_rgb(0x5a, 0x4a, 0x36),
            edge_width: 1.0,
            boundary: Color32::from_rgb(0x3a, 0x2e, 0x22),
            boundary_width: 1.5,
            sides: [red, red, blue, blue],
            side_width: 5.0,
            label_dark: Color32::from_rgb(0x3a, 0x2e, 0x22),
            label_light: Color32::from_rgb(0xf4, 0xf0, 0xe8),
            players: [
                Color32::from_rgb(0x1e, 0x1e, 0x1e),
                Color32::from_rgb(0xfa, 0xfa, 0xf6),
            ],
            piece_outline: Color32::from_rgb(0x30, 0x30, 0x30),
            hover_fill: Color32::from_rgba_unmultiplied(0xff, 0xff, 0xff, 0x70),
            hover_stroke: Color32::from_rgb(0xf0, 0x8c, 0x00),
        }
    }

    /// The same board colours on a dark background.
    pub fn dark() -> Self {
        CanvasStyle {
            background: Color32::from_rgb(0x22, 0x23, 0x26),
            boundary: Color32::from_rgb(0x10, 0x0c, 0x08),
            ..CanvasStyle::light()
        }
    }

    /// Fill colour of a face from its kind, unless it carries its own colour.
    pub fn face_fill(&self, kind: &FaceKind, colour: Option<crate::board::Rgba>) -> Color32 {
        if let Some(crate::board::Rgba([r, g, b, a])) = colour {
            return Color32::from_rgba_unmultiplied(r, g, b, a);
        }
        match kind {
            FaceKind::Cell => self.cell,
            FaceKind::Blocked => self.blocked,
            FaceKind::FixedRegion => self.fixed_region,
            FaceKind::Garden => self.garden,
            FaceKind::Other(_) => self.other,
        }
    }

    /// The side bands of a game of `kind` whose players have the colours
    /// `colours`: a goal side in the colour of the player who must reach it
    /// ([`RulesKind::goal_sides`]); the sides of other games in the edges'
    /// colour.
    pub fn side_bands(&self, kind: RulesKind, colours: [Color32; 2]) -> [Color32; 4] {
        if kind.goal_sides() {
            let [a, b] = colours;
            [a, a, b, b]
        } else {
            [self.edge; 4]
        }
    }

    pub fn side_colour(&self, tag: SideTag) -> Color32 {
        let i = SideTag::ALL.iter().position(|&t| t == tag).unwrap_or(0);
        self.sides[i]
    }

    /// Dark or light label colour, whichever reads better on `fill`.
    pub fn label_on(&self, fill: Color32) -> Color32 {
        let l = 0.299 * fill.r() as f32 + 0.587 * fill.g() as f32 + 0.114 * fill.b() as f32;
        if l > 140.0 || fill.a() < 128 {
            self.label_dark
        } else {
            self.label_light
        }
    }
}
