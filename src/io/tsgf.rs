//! Little Golem's TwixT records (`.tsgf`), read and written:
//! `(;FF[4]EV[twixt.ld.DEFAULT]PB[Ann]PW[Bob]SZ[24]SO[https://www.littlegolem.net];b[dd];r[swap];b[kj];r[resign])`.
//!
//! Conventions, and where each comes from (public sources, read, not guessed):
//! * The moves are lower-case properties `b[..]` and `r[..]`, strictly
//!   alternating, `b` first; `PB` names the player who moves first, `PW` the
//!   second. (`BonyJordan/twixtbot` `src/scripts/lg.py`, the bot that played on
//!   Little Golem: it reads `(b|r)\[…\]` moves and asserts they alternate
//!   starting with `b`; `stevens68/twixtbot-ui` `src/files.py`
//!   `parse_tsgf_file`: players are `(PB, PW)`, moves in order.) The files carry
//!   no `GM` (`stevens68/twixtbot-ui` `games/game*.tsgf`); `GM[21]` is TwixT in
//!   the SGF FF[4] table and is written by boardwright and accepted.
//! * A point is two letters: column then row, `a` = 1, so `dd` is boardwright's
//!   `d4` (`lg.py`: `mstr[0] + str(ord(mstr[1]) - ord('a') + 1)`; twixtbot-ui
//!   `str2twixt` the same). `SZ` is the board side (24 on Little Golem).
//! * The first player joins the top and bottom rows (row 1 and row N) and may
//!   not play in the left and right columns — boardwright's Red; the second is
//!   Blue (twixtbot's `src/twixt.py`/twixtbot-ui `src/backend/twixt.py`
//!   `Game.play`: the first mover may not use `x = 0` or `x = SIZE-1`).
//! * `swap` (also `SWAP`) as the second move: the first peg `(x, y)` is removed
//!   and the second player gets `(y, x)`; the first player moves next
//!   (`Game.play_swap` in both twixtbot repositories) — exactly boardwright's
//!   swap rule. Little Golem plays with the swap rule, so a record reads with
//!   the swap option on — unless its root says `RU[no swap]`, which
//!   boardwright writes for a game played without the rule (Little Golem's
//!   files have no `RU`; see [`super::sgf::swap_rule_property`]).
//! * `resign` as a move ends the game (`game2206555.tsgf`: `…;r[resign])`); moves
//!   after it are not read, with a note. `|draw` after a point is a draw offer
//!   (`lg.py`: `(\|draw)?`), kept as a note. There is no `RE`; the result is the
//!   replayed game's.
//! * **Links.** Little Golem lets a player's links cross his own links (twixtbot-ui
//!   `get_game`: "By default, LittleGolem allows crossing lines"; twixtbot's
//!   `allow_scl`), boardwright's TwixT never lets links cross. Pegs link
//!   automatically in both. The two agree until a peg would link across its
//!   owner's own link; such a game cannot be shown as it was played, so the
//!   reader refuses it naming the move, and the writer refuses to write a game
//!   where Little Golem would make such a link (the file would show a different
//!   game there).
//! * Not read, and refused with a message: variations, setup stones, moves
//!   written with other properties (`B`, `W`, `R`, boardspace's `P0`/`P1`),
//!   board sizes other than 5–26 (two letters a–z), any other move text. Limits: the
//!   SGF parser's [`super::sgf::MAX_SGF_BYTES`] and node count.

use super::excerpt::excerpt;
use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use super::sgf::{SgfTree, swap_rule, swap_rule_property, swap_rule_with};
use super::sgf_line::{
    ForeignError, TWO_LETTER_MAX, after_resignation, escape, game_line, line_moves, parse_text,
    person, players, two_letter_move, two_letter_size,
};
use crate::board::lattice::{KNIGHT, segments_cross};
use crate::board::{Board, grid_label, parse_grid_label};

/// The rules name TwixT records are read as and the only one they are written for.
pub const TSGF_RULES: &str = "twixt";
/// The format's name in messages.
pub const FORMAT: &str = "Little Golem TwixT record";
/// Smallest board side read (boardwright's TwixT minimum).
pub const MIN_SIZE: u32 = 5;
/// Largest board side: points are two letters a–z.
pub const MAX_SIZE: u32 = TWO_LETTER_MAX;

/// A hole as (col, row).
type Hole = (i64, i64);

/// The pegs and links of a game under Little Golem's rules, to find the first
/// link Little Golem makes that boardwright's TwixT would not.
pub(crate) struct LinkCheck {
    n: i64,
    /// Per hole: 0 empty, 1 first player, 2 second player.
    pegs: Vec<u8>,
    /// (end, end, owner).
    links: Vec<(Hole, Hole, u8)>,
}

impl LinkCheck {
    pub(crate) fn new(n: u32) -> LinkCheck {
        LinkCheck {
            n: n as i64,
            pegs: vec![0; (n * n) as usize],
            links: Vec::new(),
        }
    }

    fn at(&self, c: i64, r: i64) -> Option<u8> {
        (c >= 0 && r >= 0 && c < self.n && r < self.n).then(|| self.pegs[(r * self.n + c) as usize])
    }

    /// Place a peg of `player` at (col, row). Returns the hole a link would
    /// reach across the player's own link (Little Golem links it, boardwright
    /// does not), if any. An occupied or outside hole is left to the rules.
    pub(crate) fn place(&mut self, col: u32, row: u32, player: u8) -> Option<(u32, u32)> {
        let (c, r) = (col as i64, row as i64);
        if self.at(c, r) != Some(0) {
            return None;
        }
        self.pegs[(r * self.n + c) as usize] = player + 1;
        for (dc, dr) in KNIGHT {
            let (oc, or) = (c + dc as i64, r + dr as i64);
            if self.at(oc, or) != Some(player + 1) {
                continue;
            }
            let (a, b) = ((c, r), (oc, or));
            let crossing = |owner: u8| {
                self.links
                    .iter()
                    .any(|&(p, q, o)| o == owner && segments_cross(a, b, p, q))
            };
            if crossing(1 - player) {
                continue;
            }
            if crossing(player) {
                return Some((oc as u32, or as u32));
            }
            self.links.push((a, b, player));
        }
        None
    }

    /// The swap: the first player's only peg becomes the second player's,
    /// mirrored across the diagonal.
    pub(crate) fn swap(&mut self) {
        if let Some(k) = self.pegs.iter().position(|&p| p == 1) {
            let (c, r) = (k as i64 % self.n, k as i64 / self.n);
            self.pegs[k] = 0;
            self.pegs[(c * self.n + r) as usize] = 2;
        }
    }
}

fn colour_char(p: u8) -> char {
    if p == 0 { 'b' } else { 'r' }
}

/// Read a Little Golem TwixT record (see the module documentation).
pub fn read_tsgf(text: &str) -> Result<GameRecord, ForeignError> {
    read_tree(parse_text(text)?)
}

/// Read a parsed Little Golem TwixT game tree.
pub(crate) fn read_tree(tree: SgfTree) -> Result<GameRecord, ForeignError> {
    let nodes = game_line(tree, FORMAT, "21", "TwixT")?;
    let root = &nodes[0];
    let n = two_letter_size(root, "24", MIN_SIZE, FORMAT)?;
    // Every move in file order: (colour 0 = b / 1 = r, value).
    let file_moves: Vec<(u8, &str)> = line_moves(
        &nodes,
        &["b", "r"],
        &["B", "W", "R", "P0", "P1"],
        "Little Golem's TwixT records write b[..] and r[..]",
        FORMAT,
    )?
    .into_iter()
    .map(|(k, v)| (u8::from(k == "r"), v))
    .collect();
    let mut moves = Vec::new();
    let mut notes = Vec::new();
    let mut result = None;
    let mut links = LinkCheck::new(n);
    for (k, &(colour, value)) in file_moves.iter().enumerate() {
        let ply = k + 1;
        let expected = (k % 2) as u8;
        if colour != expected {
            return Err(ForeignError::invalid(
                FORMAT,
                format!(
                    "move {ply} '{}' is marked {} but it is {}'s turn (moves alternate, b first)",
                    excerpt(value),
                    colour_char(colour),
                    colour_char(expected)
                ),
            ));
        }
        if value.eq_ignore_ascii_case("resign") {
            result = Some(RecordResult {
                winner: Some(1 - colour),
                reason: format!(
                    "{} ({}) resigned",
                    person(root, colour),
                    colour_char(colour)
                ),
                resigned: Some(colour),
                timeout: None,
            });
            if k + 1 < file_moves.len() {
                notes.push(after_resignation(file_moves.len() - k - 1));
            }
            break;
        }
        if value.eq_ignore_ascii_case("swap") {
            moves.push("swap".to_string());
            links.swap();
            continue;
        }
        let (point, offer) = match value.split_once('|') {
            Some((p, rest)) if rest.trim().eq_ignore_ascii_case("draw") => (p.trim(), true),
            Some((_, rest)) => {
                return Err(ForeignError::invalid(
                    FORMAT,
                    format!(
                        "move {ply} '{}': after a hole and '|' Little Golem writes only 'draw' (a draw offer), not '{}'",
                        excerpt(value),
                        excerpt(rest)
                    ),
                ));
            }
            None => (value, false),
        };
        let (c, r) = two_letter_move(point, n, ply, "hole", FORMAT)?;
        if offer {
            notes.push(format!(
                "move {ply} ({}) came with a draw offer",
                grid_label(c, r)
            ));
        }
        if let Some((oc, or)) = links.place(c, r, colour) {
            return Err(self_crossing(ply, point, (c, r), (oc, or)));
        }
        moves.push(grid_label(c, r));
    }
    let named = swap_rule(root, &mut notes);
    let played = moves.iter().any(|m| m == "swap");
    let swap = swap_rule_with(named, true, played, &mut notes);
    let mut record = GameRecord::new(
        TSGF_RULES,
        RecordOptions {
            swap,
            ..RecordOptions::default()
        },
        BoardSource::preset("twixt", Some(n)),
        players(root),
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

fn self_crossing(ply: usize, text: &str, at: (u32, u32), other: (u32, u32)) -> ForeignError {
    ForeignError::invalid(
        FORMAT,
        format!(
            "move {ply} '{}' ({}): Little Golem links it to {} across a link of the same player; boardwright's TwixT never lets links cross, so this game cannot be shown as it was played",
            excerpt(text),
            grid_label(at.0, at.1),
            grid_label(other.0, other.1),
        ),
    )
}

/// The side of a TwixT board made by [`crate::presets::twixt`], if every face
/// has a grid coordinate inside an n×n square labelled like its coordinate.
fn twixt_side(board: &Board) -> Option<u32> {
    let mut max = 0;
    for f in board.mesh().face_ids() {
        let c = board.coord(f)?;
        if c.col < 0 || c.row < 0 {
            return None;
        }
        let label = grid_label(c.col as u32, c.row as u32);
        if !board.label(f).eq_ignore_ascii_case(&label) {
            return None;
        }
        max = max.max(c.col).max(c.row);
    }
    Some(max as u32 + 1)
}

/// Write a TwixT game record, played on `board`, as a Little Golem `.tsgf`
/// file (see the module documentation). Refused: other games, boards larger
/// than 26×26 or not a TwixT grid, a game drawn by the dead-draw option (the
/// format has no way to say so), and a game where Little Golem would link
/// across a player's own link.
pub fn write_tsgf(record: &GameRecord, board: &Board) -> Result<String, ForeignError> {
    if record.rules != TSGF_RULES {
        return Err(ForeignError::invalid(
            FORMAT,
            format!(
                "only TwixT games can be written as .tsgf; this is a {} game",
                excerpt(&record.rules)
            ),
        ));
    }
    let n = twixt_side(board)
        .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
        .ok_or_else(|| {
            ForeignError::invalid(
                FORMAT,
                format!(
                    "a .tsgf file holds a TwixT board of {MIN_SIZE}×{MIN_SIZE} to {MAX_SIZE}×{MAX_SIZE} holes labelled a1 (top-left) onwards; this board is not one"
                ),
            )
        })?;
    if let Some(r) = &record.result
        && r.winner.is_none()
        && record.options.dead_draw
    {
        return Err(ForeignError::unsupported(
            FORMAT,
            "writing a game drawn because neither player can connect (Little Golem's records cannot say so; save it as .ron)",
        ));
    }
    let players = &record.players;
    let mut s = format!(
        "(;FF[4]GM[21]AP[boardwright:{}]EV[twixt]SZ[{n}]PB[{}]PW[{}]",
        env!("CARGO_PKG_VERSION"),
        escape(&players[0]),
        escape(&players[1])
    );
    // Without RU a record reads with the rule on, as Little Golem plays.
    if !record.options.swap {
        s.push_str(swap_rule_property(false));
    }
    let mut links = LinkCheck::new(n);
    for (k, m) in record.moves.iter().enumerate() {
        let p = (k % 2) as u8;
        if m == "swap" {
            links.swap();
            s.push_str(&format!(";{}[swap]", colour_char(p)));
            continue;
        }
        let (c, r) = parse_grid_label(&m.to_ascii_lowercase())
            .filter(|&(c, r)| c < n && r < n)
            .ok_or_else(|| {
                ForeignError::invalid(
                    FORMAT,
                    format!("move {} '{}' is not a hole of the board", k + 1, excerpt(m)),
                )
            })?;
        if let Some(o) = links.place(c, r, p) {
            return Err(self_crossing(k + 1, m, (c, r), o));
        }
        s.push_str(&format!(
            ";{}[{}{}]",
            colour_char(p),
            (b'a' + c as u8) as char,
            (b'a' + r as u8) as char
        ));
    }
    if let Some(p) = record.result.as_ref().and_then(|r| r.resigned) {
        s.push_str(&format!(";{}[resign]", colour_char(p.min(1))));
    }
    s.push_str(")\n");
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn little_golem_links_across_own_links_are_found() {
        // First player's pegs c3–d5 (a link), then e3 and b5 would link to
        // each other? No: knight pairs (b4, d3) cross (c3, d5).
        let mut l = LinkCheck::new(10);
        assert_eq!(l.place(2, 2, 0), None); // c3
        assert_eq!(l.place(9, 9, 1), None);
        assert_eq!(l.place(3, 4, 0), None); // d5, links c3–d5
        assert_eq!(l.place(9, 8, 1), None);
        assert_eq!(l.place(3, 2, 0), None); // d3
        assert_eq!(l.place(9, 7, 1), None);
        // b4 links to d3 across c3–d5 (own link): Little Golem makes it.
        assert_eq!(l.place(1, 3, 0), Some((3, 2)));
    }

    #[test]
    fn an_opponent_link_blocks_both_rule_sets_alike() {
        let mut l = LinkCheck::new(10);
        assert_eq!(l.place(3, 2, 0), None); // first: d3
        assert_eq!(l.place(2, 2, 1), None); // second: c3
        assert_eq!(l.place(7, 7, 0), None);
        assert_eq!(l.place(3, 4, 1), None); // second: d5, links c3–d5
        // First: b4 would link to d3 across the opponent's c3–d5: no link, no refusal.
        assert_eq!(l.place(1, 3, 0), None);
    }

    #[test]
    fn only_a_draw_offer_may_follow_a_hole() {
        let file =
            |mv: &str| format!("(;FF[4]EV[twixt.ld.DEFAULT]PB[a]PW[b]SZ[8];b[ca];r[{mv}];b[ee])");
        let r = read_tsgf(&file("ad|draw")).expect("a draw offer reads");
        assert!(
            r.notes.iter().any(|n| n.contains("draw offer")),
            "{:?}",
            r.notes
        );
        let e = read_tsgf(&file("ad|drew")).unwrap_err().to_string();
        assert!(
            e.contains("move 2 'ad|drew'") && e.contains("only 'draw'") && e.contains("not 'drew'"),
            "{e}"
        );
    }
}
