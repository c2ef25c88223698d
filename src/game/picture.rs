//! A game's position as a picture: its pieces and links in the players'
//! colours, the last move marked, a won game's winning chain in gold, and a
//! line saying which game, after how many moves, and how it stands (the SVG's
//! description). `convert` writes it for a game record; the Play tab's Save
//! picture for the position shown.

use super::DynGame;
use crate::io::svg::Position;

/// The position after `ply` recorded moves of `game` (`None` past the
/// record), with the pieces in `colours` (first player first, sRGB).
pub fn picture(game: &dyn DynGame, ply: usize, colours: [[u8; 3]; 2]) -> Option<Position> {
    let view = game.preview(ply)?;
    let marks = ply
        .checked_sub(1)
        .and_then(|p| game.preview(p))
        .map(|before| view.marks_since(&before))
        .unwrap_or_default();
    // A resignation or a flag fall ends the game at its last position only.
    let ending = game.ending().filter(|_| ply == game.ply());
    let state = if let Some(e) = ending {
        e.reason(&game.player_names())
    } else if let Some(o) = &view.outcome {
        match o.winner {
            Some(w) => format!("{} wins: {}", game.who(w), o.reason),
            None => format!("a draw: {}", o.reason),
        }
    } else if let Some(p) = view.to_move {
        format!("{} to move", game.who(p))
    } else {
        String::new()
    };
    // "Hex on Hexagonal rhombus 9", but "Hex 11×11", not "Hex on Hex 11×11".
    let title = game.entry().title;
    let name = game.board().meta().name.as_str();
    let on = if name.starts_with(title) {
        name.to_string()
    } else if name.is_empty() {
        format!("{title} on its board")
    } else {
        format!("{title} on {name}")
    };
    let mut caption = format!("{on}, after {ply} move{}", if ply == 1 { "" } else { "s" });
    if !state.is_empty() {
        caption.push_str(": ");
        caption.push_str(&state);
    }
    let evidence = view.outcome.map(|o| o.evidence).unwrap_or_default();
    Some(Position {
        pieces: view
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (crate::mesh::FaceId::from_index(i), p)))
            .collect(),
        links: view.links,
        caption,
        colours: Some(colours),
        last_to: marks.to,
        last_from: marks.from,
        winning: evidence.faces,
        winning_links: evidence.links,
        ring: evidence.ring,
        goal_sides: game.kind().goal_sides(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{RulesKind, new_game};
    use crate::presets;
    use crate::rules::GameOptions;
    use std::sync::Arc;

    const COLOURS: [[u8; 3]; 2] = [[1, 2, 3], [4, 5, 6]];

    #[test]
    fn a_movement_marks_where_the_piece_left_and_went() {
        let board = Arc::new(presets::lines_of_action());
        let mut g = new_game(RulesKind::Loa, board.clone(), &GameOptions::default()).unwrap();
        g.play_str("b1-b3").unwrap();
        let p = picture(g.as_ref(), 1, COLOURS).unwrap();
        let face = |l: &str| board.face_by_label(l).unwrap();
        assert_eq!(p.last_from, [face("b1")]);
        assert_eq!(p.last_to, [face("b3")]);
        assert_eq!(p.pieces.len(), 24);
        assert!(
            p.pieces.contains(&(face("b3"), 0)) && !p.pieces.iter().any(|&(f, _)| f == face("b1"))
        );
        assert_eq!(p.colours, Some(COLOURS));
        assert!(p.winning.is_empty() && p.ring.is_empty());
        assert!(
            p.caption == "Lines of Action, after 1 move: White to move",
            "{}",
            p.caption
        );
        // The start: nothing to mark; past the record: nothing to draw.
        let start = picture(g.as_ref(), 0, COLOURS).unwrap();
        assert!(start.last_to.is_empty() && start.last_from.is_empty());
        assert!(
            start.caption.ends_with("after 0 moves: Black to move"),
            "{}",
            start.caption
        );
        assert!(picture(g.as_ref(), 2, COLOURS).is_none());
    }

    /// The strokes of the picture's side tags.
    fn side_strokes(svg: &str) -> Vec<&str> {
        let sides = &svg[svg.find("<g id=\"sides\"").expect("sides drawn")..];
        let sides = &sides[..sides.find("</g>").unwrap()];
        sides
            .split("stroke=\"")
            .skip(1)
            .map(|t| &t[..t.find('"').unwrap()])
            .collect()
    }

    #[test]
    fn sides_are_drawn_as_the_game_reads_them() {
        use crate::io::svg::write_position_svg;
        // Hex: the first player's top and bottom, the second's left and
        // right, in their chosen colours.
        let hex = Arc::new(presets::hex(3));
        let g = new_game(RulesKind::Hex, hex.clone(), &GameOptions::default()).unwrap();
        let svg = write_position_svg(&hex, &picture(g.as_ref(), 0, COLOURS).unwrap());
        let strokes = side_strokes(&svg);
        assert!(strokes.contains(&"#010203") && strokes.contains(&"#040506"));
        assert!(strokes.iter().all(|s| ["#010203", "#040506"].contains(s)));
        // Lines of Action reads no side: its board's tags in the edges' colour.
        let loa = Arc::new(presets::lines_of_action());
        let g = new_game(RulesKind::Loa, loa.clone(), &GameOptions::default()).unwrap();
        let svg = write_position_svg(&loa, &picture(g.as_ref(), 0, COLOURS).unwrap());
        let strokes = side_strokes(&svg);
        assert!(!strokes.is_empty());
        assert!(strokes.iter().all(|&s| s == "#3a3a3a"), "{strokes:?}");
        // The board alone (export): the tags' own colours.
        let svg = crate::io::svg::write_svg(&loa, crate::io::svg::ColourBy::Face);
        assert!(side_strokes(&svg).contains(&"#d62828"));
    }

    #[test]
    fn a_resignation_is_told_at_the_last_position_only() {
        let board = Arc::new(presets::hex(3));
        let mut g = new_game(RulesKind::Hex, board, &GameOptions::default()).unwrap();
        g.play_str("b2").unwrap();
        g.resign(1).unwrap();
        let last = picture(g.as_ref(), 1, COLOURS).unwrap();
        assert!(last.caption.contains("resign"), "{}", last.caption);
        let first = picture(g.as_ref(), 0, COLOURS).unwrap();
        assert!(first.caption.ends_with("Red to move"), "{}", first.caption);
    }
}
