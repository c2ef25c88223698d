//! Little Golem's Havannah records (`.hgf`, the site's "download SGF" of a
//! Havannah game), read and written:
//! `(;FF[4]EV[havannah.in.size4.4]PB[Ann]PW[Bob]SZ[4]RU[LG]RE[B]GC[ game #1541446]SO[http://www.littlegolem.com];W[E1];B[swap];W[F2];…;B[resign])`.
//!
//! [`write_lg_havannah`] writes a game on a hexagon of base 2 to 13 in the
//! same shape — one line, the root's properties in the site's order, `EV[null]`
//! (no tournament), no `GC` or `SO` (they would claim a Little Golem game
//! number), no newline at the end, as all 2,146 of castro's records — so that
//! the programs that read the site's records read it: castro's bot
//! (`lg-castro.rb`: `SZ` and `;W[..]`/`;B[..]` nodes), StrategyBDD's
//! `GameParser`, Polygames' `havannah_convert_hsgf_to_polygames` (exact
//! `W[E1]` tokens and a last `resign])`).
//!
//! Conventions, and where each comes from (public sources, read, not guessed):
//! the Havannah program castro (`tewalds/castro`), which played on Little
//! Golem as a bot: its converter between the site's records and its own
//! coordinates (`lg-interface.rb`, `coord_HGF2GA`), its move parser in the
//! same mode (`move.h`, `Move(str, size)`), and its archive of 2,146 records
//! downloaded from the site (`littlegolemhavannah/`). Every one of them
//! replays under the conventions below — every move on an empty cell, every
//! game won on the board won at its last move, by the player `RE` names —
//! and the alternatives tried (the number counted from the hexagon's left
//! edge as HavannahGui does; the swapped stone mirrored as in Hex) fail on
//! hundreds of them.
//! * **Points** are a row letter and a number: the letter is the row from the
//!   top (`A` the first of 2·SZ − 1 rows), the number the cell's place in its
//!   row from the row's left end (1 the first). `SZ` is the base (cells along
//!   a side). On boardwright's hexagon of that size (`a1` bottom left, rows
//!   numbered up) row letter y (`A` = 0) is row 2·SZ − 1 − y and the n-th
//!   cell is in column n − 1 + max(0, y − SZ + 1), so the board is drawn the
//!   same way: on size 4 `A1` is `a7`, `D7` is `g4` and `E1` is `b3`.
//! * **The players.** The moves alternate and the first is written `W`;
//!   whatever its letter, the first mover is `PB` — boardwright's Black,
//!   who moves first — and the second `PW`, White (as in Little Golem's Hex
//!   records; a player who never moved as `PB` loses with no move written).
//! * **Swap.** `swap` as the second move takes over the first stone where it
//!   stands and the first player moves next: boardwright's Havannah swap. A
//!   record that swaps reads with the swap option on, others with it off (a
//!   record does not say whether the game offered it).
//! * **Result.** `RE[B]` is a win of `PB`, `RE[W]` of `PW`; `resign` as a
//!   move ends the game (moves after it are not read, with a note). Without
//!   a resignation the winner made a ring, a bridge or a fork on the board,
//!   which the rules find, or the loser ran out of time, as in
//!   [`super::lg_hex`]. Without `RE` the game was still being played.
//! * Player names in Latin-1, as some of the archive's are, are read by the
//!   SGF text decoding ([`super::sgf_text`]: SGF's default character set).
//! * Not read, and refused with a message: variations, set-up stones, a point
//!   that is not on the board, a colour moving twice, sizes other than 2 to
//!   13 (one letter per row). Limits: the SGF parser's
//!   [`super::sgf::MAX_SGF_BYTES`] and node count.

use super::excerpt::excerpt;
use super::record::{BoardSource, GameRecord, RecordOptions};
use super::sgf::{Node, SgfTree};
use super::sgf_line::{
    ForeignError, little_golem_line, little_golem_result, main_line, names_little_golem, players,
    prop,
};
use super::sgf_line::{escape, one_line};
use crate::board::{Board, grid_label, parse_grid_label};
use crate::tiling::{ShapeKind, ShapeSpec, TilingKind, TilingParams};

/// The format's name in messages.
pub const FORMAT: &str = "Little Golem Havannah record";

/// The rules name of the records read.
const RULES: &str = "havannah";

/// Board sizes (bases) read: one letter names each of the 2·SZ − 1 rows.
const SIZES: std::ops::RangeInclusive<u32> = 2..=13;

/// Whether a game tree without `GM` is a Little Golem Havannah record: its
/// event names Havannah; or it comes from Little Golem (`SO`, `RU[LG]`) and
/// its first point is a letter and a number (Little Golem's Hex and TwixT
/// points are two letters); or, with no point at all (a game abandoned
/// before its first move, 35 of castro's 2,146 records), it has `RU[LG]`,
/// as every record of that archive does and Little Golem's Hex records do not.
pub(crate) fn looks_like_little_golem_havannah(tree: &SgfTree) -> bool {
    let root = &tree.nodes[0];
    if prop(root, "EV").is_some_and(|e| e.trim().to_ascii_lowercase().starts_with("havannah")) {
        return true;
    }
    let ru_lg = prop(root, "RU").is_some_and(|r| r.trim().eq_ignore_ascii_case("LG"));
    match first_point(tree) {
        Some(p) => (ru_lg || names_little_golem(root)) && letter_number(p).is_some(),
        None => ru_lg,
    }
}

/// The first `B` or `W` value on the main line that is not `swap` or `resign`.
fn first_point(tree: &SgfTree) -> Option<&str> {
    let mut t = tree;
    loop {
        for node in &t.nodes {
            for (k, v) in node {
                let value = v.first().map_or("", |s| s.trim());
                if (k == "B" || k == "W")
                    && !value.eq_ignore_ascii_case("swap")
                    && !value.eq_ignore_ascii_case("resign")
                {
                    return Some(value);
                }
            }
        }
        t = t.children.first()?;
    }
}

/// A point's row letter (0 for `A`, either case) and number.
fn letter_number(text: &str) -> Option<(u32, u32)> {
    let b = text.as_bytes();
    let (&l, digits) = b.split_first()?;
    if !l.is_ascii_alphabetic() || digits.is_empty() || digits.len() > 3 {
        return None;
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some(((l.to_ascii_uppercase() - b'A') as u32, n))
}

/// The boardwright label of Little Golem's point `text` on the hexagon of
/// base `b`, or `None` when it is not a cell.
fn label(text: &str, b: u32) -> Option<String> {
    let (y, n) = letter_number(text)?;
    let m = b - 1;
    if y > 2 * m {
        return None;
    }
    let row_len = 2 * b - 1 - y.abs_diff(m);
    if n == 0 || n > row_len {
        return None;
    }
    Some(grid_label(n - 1 + y.saturating_sub(m), 2 * m - y))
}

/// The base `SZ` of a record.
fn size(root: &Node) -> Result<u32, ForeignError> {
    let sz = prop(root, "SZ").map(str::trim).ok_or_else(|| {
        ForeignError::invalid(FORMAT, "the record has no board size (SZ)".to_string())
    })?;
    sz.parse()
        .ok()
        .filter(|n| SIZES.contains(n))
        .ok_or_else(|| {
            ForeignError::invalid(
                FORMAT,
                format!(
                    "board size SZ[{}] is not read (one letter per row: sizes {} to {})",
                    excerpt(sz),
                    SIZES.start(),
                    SIZES.end()
                ),
            )
        })
}

/// Havannah's hexagon of hexagons of base `b`, as boardwright makes it for
/// a new Havannah game of that size.
fn hexagon(b: u32) -> Result<crate::board::Board, ForeignError> {
    let mut params = TilingParams::new(TilingKind::Hexagonal);
    params.shape = ShapeSpec::new(ShapeKind::Hexagon, b);
    crate::tiling::build(&params).map_err(|e| {
        ForeignError::invalid(FORMAT, format!("the board of size {b} was not made: {e}"))
    })
}

/// Read a Little Golem Havannah record (see the module documentation).
pub fn read_lg_havannah(text: &str) -> Result<GameRecord, ForeignError> {
    read_tree(super::sgf_line::parse_text(text)?)
}

/// Read a parsed Little Golem Havannah game tree.
pub(crate) fn read_tree(tree: SgfTree) -> Result<GameRecord, ForeignError> {
    let nodes = main_line(tree, FORMAT)?;
    let root = &nodes[0];
    if let Some(gm) = prop(root, "GM") {
        return Err(ForeignError::invalid(
            FORMAT,
            format!(
                "GM[{}] is not a Havannah record (Little Golem writes them without GM)",
                excerpt(gm)
            ),
        ));
    }
    let b = size(root)?;
    let line = little_golem_line(&nodes, FORMAT)?;
    let mut moves = Vec::new();
    let mut swap = false;
    for (k, &value) in line.moves.iter().enumerate() {
        if value.eq_ignore_ascii_case("swap") {
            swap = true;
            moves.push("swap".to_string());
            continue;
        }
        let cell = label(value, b).ok_or_else(|| {
            ForeignError::invalid(
                FORMAT,
                format!(
                    "move {} '{}' is not a cell of the board of size {b} (a row letter A–{} and its place in the row from 1), swap or resign",
                    k + 1,
                    excerpt(value),
                    (b'A' + (2 * b - 2) as u8) as char
                ),
            )
        })?;
        moves.push(cell);
    }
    let mut notes = line.notes;
    let result = little_golem_result(root, line.resigned, &mut notes);
    let board = hexagon(b)?;
    let mut record = GameRecord::new(
        RULES,
        RecordOptions {
            swap,
            ..RecordOptions::default()
        },
        BoardSource::embed(&board),
        players(root),
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

/// Little Golem's point for boardwright's label `l` on the hexagon of base
/// `b` (the inverse of [`label`]).
fn point(l: &str, b: u32) -> Option<String> {
    let (col, row) = parse_grid_label(l)?;
    let m = b - 1;
    let y = (2 * m).checked_sub(row)?;
    let n = (col + 1).checked_sub(y.saturating_sub(m))?;
    let p = format!("{}{n}", (b'A' + y as u8) as char);
    (label(&p, b).as_deref() == Some(l)).then_some(p)
}

/// The base of `board` if it is Havannah's hexagon of hexagons as boardwright
/// makes it (every face where [`hexagon`] puts the face of that label), of a
/// size Little Golem's points can name.
fn hexagon_base(board: &Board) -> Option<u32> {
    let f = board.face_count() as u32;
    // 3b² − 3b + 1 faces.
    let b = SIZES.clone().find(|b| 3 * b * b - 3 * b + 1 == f)?;
    let reference = hexagon(b).ok()?;
    board
        .mesh()
        .face_ids()
        .all(|face| {
            let l = board.label(face);
            reference
                .face_by_label(l)
                .is_some_and(|r| reference.coord(r) == board.coord(face) && point(l, b).is_some())
        })
        .then_some(b)
}

/// Write a Havannah game, played on `board`, as a Little Golem record (see
/// the module documentation). Refused, with the reason: other games, boards
/// other than the hexagon of base 2 to 13, a set-up position, variations, a resignation
/// made while the other player was to move (the site records it as the
/// resigner's move).
pub fn write_lg_havannah(record: &GameRecord, board: &Board) -> Result<String, ForeignError> {
    if record.rules != RULES {
        return Err(ForeignError::invalid(
            FORMAT,
            format!(
                "only Havannah games can be written as .hgf; this is a {} game",
                excerpt(&record.rules)
            ),
        ));
    }
    let b = hexagon_base(board).ok_or_else(|| {
        ForeignError::unsupported(
            FORMAT,
            format!(
                "this board (Little Golem's records hold Havannah's hexagon of hexagons of base {} to {}, as New game makes it; save it as .ron)",
                SIZES.start(),
                SIZES.end()
            ),
        )
    })?;
    if record.setup.is_some() {
        return Err(ForeignError::unsupported(
            FORMAT,
            "a game that starts from a set-up position (save it as .ron)",
        ));
    }
    one_line(record, FORMAT, "Little Golem's")?;
    let mut s = format!(
        "(;FF[4]EV[null]PB[{}]PW[{}]SZ[{b}]RU[LG]",
        escape(&record.players[0]),
        escape(&record.players[1])
    );
    // RE names the winner as PB or PW; a draw has none.
    if let Some(w) = record.result.as_ref().and_then(|r| r.winner) {
        s.push_str(if w == 0 { "RE[B]" } else { "RE[W]" });
    }
    // The nodes alternate from W, whoever plays (W is PB's).
    let letter = |ply: usize| ['W', 'B'][ply % 2];
    for (k, m) in record.moves.iter().enumerate() {
        let value = if m == "swap" {
            "swap".to_string()
        } else {
            point(m, b).ok_or_else(|| {
                ForeignError::invalid(
                    FORMAT,
                    format!("move {} '{}' is not a cell of the board", k + 1, excerpt(m)),
                )
            })?
        };
        s.push_str(&format!(";{}[{value}]", letter(k)));
    }
    if let Some(p) = record.result.as_ref().and_then(|r| r.resigned) {
        let n = record.moves.len();
        if (n % 2) as u8 != p & 1 {
            return Err(ForeignError::unsupported(
                FORMAT,
                "a resignation made while the other player was to move (Little Golem records a resignation as the resigner's move; save it as .ron)",
            ));
        }
        s.push_str(&format!(";{}[resign]", letter(n)));
    }
    s.push(')');
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::sgf::parse_tree;

    fn lg(text: &str) -> bool {
        looks_like_little_golem_havannah(&parse_tree(text).unwrap())
    }

    #[test]
    fn the_dialect_is_told_by_its_event_or_by_its_source_and_points() {
        assert!(lg("(;FF[4]EV[havannah.in.size4.4]SZ[4])"));
        assert!(lg("(;FF[4]EV[null]SZ[4]RU[LG];W[E1];B[swap])"));
        assert!(lg(
            "(;FF[4]SZ[4]SO[http://www.littlegolem.com];W[swap];W[E1])"
        ));
        // Little Golem's Hex points are two letters; HexGui's Hex has no source.
        assert!(!lg("(;FF[4]SZ[13]SO[https://www.littlegolem.net];W[mf])"));
        assert!(!lg("(;FF[4]SZ[11];B[f6];W[e5])"));
        // No point: RU[LG] tells (a game abandoned before its first move).
        assert!(lg(
            "(;FF[4]EV[null]SZ[8]RU[LG]RE[W]SO[http://www.littlegolem.com])"
        ));
        assert!(!lg("(;FF[4]SZ[13]RE[W]SO[https://www.littlegolem.net])"));
    }

    #[test]
    fn rows_are_letters_from_the_top_and_cells_are_counted_from_each_rows_left_end() {
        // Size 4: rows A (4 cells) to G (4 cells), D the longest (7).
        let l = |p: &str| label(p, 4);
        assert_eq!(l("A1").as_deref(), Some("a7"));
        assert_eq!(l("A4").as_deref(), Some("d7"));
        assert_eq!(l("D1").as_deref(), Some("a4"));
        assert_eq!(l("D7").as_deref(), Some("g4"));
        assert_eq!(l("E1").as_deref(), Some("b3"));
        assert_eq!(l("G1").as_deref(), Some("d1"));
        assert_eq!(l("G4").as_deref(), Some("g1"));
        assert_eq!(l("f3").as_deref(), Some("e2"));
        assert_eq!(l("A5"), None);
        assert_eq!(l("E7"), None);
        assert_eq!(l("H1"), None);
        assert_eq!(l("A0"), None);
        assert_eq!(label("S10", 10).as_deref(), Some("s1"));
        assert_eq!(label("J19", 10).as_deref(), Some("s10"));
    }

    #[test]
    fn points_written_are_the_inverse_of_points_read_on_every_cell_of_every_size() {
        for b in SIZES {
            let board = hexagon(b).unwrap();
            assert_eq!(hexagon_base(&board), Some(b));
            for f in board.mesh().face_ids() {
                let l = board.label(f);
                let p = point(l, b).unwrap_or_else(|| panic!("{l} on {b}"));
                assert_eq!(label(&p, b).as_deref(), Some(l), "{p} on {b}");
            }
        }
        assert_eq!(point("b3", 4).as_deref(), Some("E1"));
        assert_eq!(point("h8", 4), None);
    }

    #[test]
    fn moves_players_swap_and_resignation_are_read_as_little_golem_writes_them() {
        let r = read_lg_havannah(
            "(;FF[4]EV[havannah.in.size4.4]PB[ann]PW[bob]SZ[4]RU[LG]RE[B];W[E1];B[swap];W[F2];B[resign])",
        )
        .unwrap();
        assert_eq!(r.rules, "havannah");
        assert_eq!(r.moves, ["b3", "swap", "d2"]);
        assert_eq!(r.players, ["ann", "bob"]);
        assert!(r.options.swap);
        let res = r.result.unwrap();
        assert_eq!((res.winner, res.resigned), (Some(0), Some(1)));
        assert_eq!(res.reason, "bob resigned");
        // Without a swap the option is off; without RE the game goes on.
        let r = read_lg_havannah("(;FF[4]SZ[4]RU[LG];W[E1];B[D4])").unwrap();
        assert!(!r.options.swap);
        assert_eq!(r.result, None);
    }

    #[test]
    fn what_is_not_read_is_refused_or_noted() {
        let e = |t: &str| read_lg_havannah(t).unwrap_err().to_string();
        let msg = e("(;FF[4]SZ[4]RU[LG];W[E1];W[D4])");
        assert!(
            msg.contains("move 2 'D4' is marked W but it is B's turn"),
            "{msg}"
        );
        let msg = e("(;FF[4]SZ[4]RU[LG];W[E7])");
        assert!(
            msg.contains("move 1 'E7' is not a cell of the board of size 4 (a row letter A–G"),
            "{msg}"
        );
        let msg = e("(;FF[4]SZ[14]RU[LG];W[A1])");
        assert!(msg.contains("SZ[14] is not read"), "{msg}");
        let msg = e("(;FF[4]RU[LG];W[A1])");
        assert!(msg.contains("no board size"), "{msg}");
        let msg = e("(;FF[4]SZ[4]RU[LG];AB[A1];W[E1])");
        assert!(msg.contains("set-up position"), "{msg}");
        let msg = e("(;FF[4]SZ[4]RU[LG];W[A1](;B[E1])(;B[D4]))");
        assert!(msg.contains("variations"), "{msg}");
        let r = read_lg_havannah("(;FF[4]SZ[4]RU[LG]RE[B];W[A1];B[resign];W[E1])").unwrap();
        assert_eq!(r.moves, ["a7"]);
        assert_eq!(r.notes, ["1 move(s) after the resignation were not read"]);
    }
}
