//! The position as text, for the command line (`play`, `gtp showboard`).

use crate::board::Board;
use crate::mesh::FaceId;
use crate::rules::Player;

/// Draw the pieces as text: `X` player 0, `O` player 1, `.` empty, `#` blocked.
/// Boards whose faces all carry grid coordinates are drawn row by row (top row
/// first, rows indented as they are shifted on the board, e.g. the Hex rhombus);
/// other boards are listed face by face.
pub fn render_text(board: &Board, piece: impl Fn(FaceId) -> Option<Player>) -> String {
    use std::fmt::Write;
    let glyph = |f: FaceId| match piece(f) {
        Some(0) => 'X',
        Some(_) => 'O',
        None if board.faces().kinds()[f.index()] == crate::board::FaceKind::Blocked => '#',
        None => '.',
    };
    let n = board.face_count();
    let mut out = String::new();
    let coords: Option<Vec<_>> = board.faces().coords().iter().copied().collect();
    let Some(coords) = coords.filter(|c| !c.is_empty()) else {
        for f in board.mesh().face_ids() {
            let _ = writeln!(out, "{} {}", board.face_name(f), glyph(f));
        }
        return out;
    };
    let (min_c, max_c) = coords.iter().fold((i32::MAX, i32::MIN), |(a, b), c| {
        (a.min(c.col), b.max(c.col))
    });
    if (max_c - min_c) as i64 > 200 {
        for f in board.mesh().face_ids() {
            let _ = writeln!(out, "{} {}", board.face_name(f), glyph(f));
        }
        return out;
    }
    let mut rows: std::collections::BTreeMap<i32, Vec<usize>> = Default::default();
    for (i, c) in coords.iter().enumerate() {
        rows.entry(c.row).or_default().push(i);
    }
    // Display order and shift from the geometry: top row first.
    let cell_w = {
        let mut w: Vec<f64> = (0..n)
            .map(|i| board.mesh().face_bbox(FaceId::from_index(i)).width())
            .collect();
        w.sort_by(f64::total_cmp);
        w[w.len() / 2].max(1e-9)
    };
    let mut info: Vec<(f64, i32, f64)> = rows
        .iter()
        .map(|(&r, faces)| {
            let y = faces
                .iter()
                .map(|&i| board.mesh().face_centroid(FaceId::from_index(i)).y)
                .sum::<f64>()
                / faces.len() as f64;
            // x of the (virtual) column-min_c cell in this row.
            let x0 = faces
                .iter()
                .map(|&i| {
                    board.mesh().face_centroid(FaceId::from_index(i)).x
                        - (coords[i].col - min_c) as f64 * cell_w
                })
                .sum::<f64>()
                / faces.len() as f64;
            (y, r, x0)
        })
        .collect();
    info.sort_by(|a, b| b.0.total_cmp(&a.0));
    let min_x0 = info.iter().map(|i| i.2).fold(f64::INFINITY, f64::min);
    let label_w = info
        .iter()
        .map(|i| (i.1 + 1).to_string().len())
        .max()
        .unwrap_or(1);
    let mut header = " ".repeat(label_w + 1);
    for c in min_c..=max_c {
        header.push_str(&crate::board::column_letters(c.max(0) as u32));
        header.push(' ');
    }
    let _ = writeln!(out, "{}", header.trim_end());
    for (_, r, x0) in info {
        let indent = (((x0 - min_x0) / (cell_w / 2.0)).round() as usize).min(400);
        let mut line = format!("{:>label_w$} {}", r + 1, " ".repeat(indent));
        let mut cells = vec![' '; (max_c - min_c + 1) as usize];
        for &i in &rows[&r] {
            cells[(coords[i].col - min_c) as usize] = glyph(FaceId::from_index(i));
        }
        for ch in cells {
            line.push(ch);
            line.push(' ');
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}
