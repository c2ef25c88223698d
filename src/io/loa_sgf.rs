//! Lines of Action records in SGF as boardspace.net writes them, read:
//!
//! ```text
//! (;
//! GM[9]VV[1]
//! SU[loa]
//! P0[id "ann"]
//! P1[id "bob"]
//! ; P0[0 Start Black]
//! ; P0[1 B1-B3   ]
//! ; P1[2 A2-C2   ]
//! ; P0[3 C1:C2   ]
//! ; P1[4 Resigns]
//! )
//! ```
//!
//! Conventions, and where each comes from (`ddyer0/boardspace.net`, read, not
//! guessed):
//! * `GM[9]` is Lines of Action (`loa/UIC.java`: `LOA_SGF = "9"`, the SGF FF[4]
//!   number). Players are named in the root as `P0[id "name"]`/`P1[id "name"]`,
//!   and every move is a property `P0[…]` or `P1[…]` naming who made it, its
//!   value the move number then the move (the reference games in boardspace's
//!   robot sources, e.g. `fanorona/…Play.java`: `; P0[0 Start P0]`, `; P1[3 …]`).
//! * A move is `B1-B3` or, capturing, `B1:B3`: column letter (`A` = the first
//!   column) and row number from 1 (`loa/U.java` `DisplayString` writes
//!   `fromX fromY (':' or '-') toX toY` and pads with spaces; `U.parsePosition`
//!   reads letters in either case). These are boardwright's labels on the 8×8
//!   `loa` preset, whose start is boardspace's standard setup: Black on b1–g1 and
//!   b8–g8, White on a2–a7 and h2–h7, Black moving first (`LoaViewer` starts
//!   every game with `Start Black`).
//! * `Start Black` starts the game; `Resigns` (also `resign`) resigns for the
//!   player who made it; `Done`, `Select …`, `Undo` and `Edit`-free bookkeeping
//!   moves are skipped (`loa/Move_Spec.java` `parse`).
//! * The capture mark is checked: a `:` move must land on an opponent's piece
//!   and a `-` move on an empty square, or the file is refused — a file whose
//!   moves do not fit the standard start (another setup) is refused, not
//!   misread. The rules check every move when the game is replayed.
//! * `RE[Game won by NAME]` names the winner by one of the players' names (the
//!   result line of boardspace's archived games as third-party boardspace SGF
//!   parsers read it — e.g. a Yinsh parser's tests, `RE[Game won by alice]`; the
//!   client source above does not write `RE` itself). It is compared with the
//!   moves (a resignation that disagrees is refused) and, without one, becomes
//!   the result the replayed game is checked against. Other results are kept as
//!   a note.
//! * Refused with a message: variants other than standard LOA (`SU` other than
//!   `loa`), `Start White`, edited positions (`Edit`), `Pass`, `Forfeit`,
//!   `WinOnTime`, variations, any other move text. Limits: the SGF parser's
//!   [`super::sgf::MAX_SGF_BYTES`] and node count.

use super::excerpt::excerpt;
use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use super::sgf::SgfTree;
use super::sgf_line::{ForeignError, game_line, parse_text, prop};

/// The rules name boardspace LOA records are read as.
pub const LOA_RULES: &str = "loa";
/// The format's name in messages.
pub const FORMAT: &str = "boardspace Lines of Action record";

/// A square `B3` on the 8×8 board as (col, row), 0-based.
fn parse_square(text: &str) -> Option<(usize, usize)> {
    let t = text.trim();
    let mut chars = t.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !('a'..='h').contains(&letter) || digits.len() != 1 {
        return None;
    }
    let row = digits
        .parse::<usize>()
        .ok()
        .filter(|r| (1..=8).contains(r))?;
    Some((letter as usize - 'a' as usize, row - 1))
}

fn label((c, r): (usize, usize)) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// The standard start: 1 Black, 2 White, 0 empty; index `row * 8 + col`.
fn standard_start() -> [u8; 64] {
    let mut b = [0u8; 64];
    for c in 1..7 {
        b[c] = 1;
        b[7 * 8 + c] = 1;
    }
    for r in 1..7 {
        b[r * 8] = 2;
        b[r * 8 + 7] = 2;
    }
    b
}

/// A player's name from `P0[id "name"]`.
fn player_name(value: &str) -> Option<String> {
    let rest = value.trim().strip_prefix("id")?.trim();
    Some(rest.trim_matches('"').to_string())
}

/// Read a boardspace LOA SGF record (see the module documentation).
pub fn read_loa_sgf(text: &str) -> Result<GameRecord, ForeignError> {
    read_tree(parse_text(text)?)
}

/// Read a parsed boardspace LOA game tree.
pub(crate) fn read_tree(tree: SgfTree) -> Result<GameRecord, ForeignError> {
    let nodes = game_line(tree, FORMAT, "9", "Lines of Action")?;
    let root = &nodes[0];
    if let Some(su) = prop(root, "SU")
        && !su.trim().eq_ignore_ascii_case("loa")
    {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!(
                "the variant SU[{}] (boardwright plays standard Lines of Action, SU[loa])",
                excerpt(su)
            ),
        ));
    }
    let mut names: [Option<String>; 2] = [None, None];
    // (seat 0/1, move text without its number, node index)
    let mut file_moves: Vec<(u8, String)> = Vec::new();
    for node in &nodes {
        for (k, v) in node {
            let seat = match k.as_str() {
                "P0" => 0u8,
                "P1" => 1u8,
                "AB" | "AW" | "AE" => {
                    return Err(ForeignError::unsupported(
                        FORMAT,
                        format!("a setup position ({k}[{}])", excerpt(&v[0])),
                    ));
                }
                _ => continue,
            };
            let value = v[0].trim();
            if let Some(name) = player_name(value) {
                names[seat as usize] = Some(name);
                continue;
            }
            // Strip the move number.
            let body = value
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim();
            file_moves.push((seat, body.to_string()));
        }
    }
    let mut board = standard_start();
    let mut moves: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let mut result: Option<RecordResult> = None;
    // The seat that plays Black, known from the first move.
    let mut black_seat: Option<u8> = None;
    let mut started = false;
    for (k, (seat, body)) in file_moves.iter().enumerate() {
        let lower = body.to_ascii_lowercase();
        let word = lower.split_whitespace().next().unwrap_or("");
        match word {
            "start" => {
                let colour = lower.split_whitespace().nth(1).unwrap_or("");
                if colour != "black" {
                    return Err(ForeignError::unsupported(
                        FORMAT,
                        format!(
                            "a game that starts with '{}' (Black moves first in boardwright's Lines of Action)",
                            excerpt(body)
                        ),
                    ));
                }
                started = true;
                continue;
            }
            "done" | "select" | "undo" | "reset" | "" => continue,
            "edit" | "pass" | "forfeit" | "winontime" => {
                return Err(ForeignError::unsupported(
                    FORMAT,
                    format!("the move '{}' (node {})", excerpt(body), k + 1),
                ));
            }
            _ => {}
        }
        let ply = moves.len() + 1;
        let black = *black_seat.get_or_insert(*seat);
        let player = u8::from(*seat != black);
        let expected = ((ply - 1) % 2) as u8;
        if word.starts_with("resign") {
            if result.is_some() {
                continue;
            }
            result = Some(RecordResult {
                winner: Some(1 - player),
                reason: format!(
                    "{} resigned",
                    names[*seat as usize]
                        .as_deref()
                        .filter(|n| !n.is_empty())
                        .map(excerpt)
                        .unwrap_or_else(|| ["Black", "White"][player as usize].into())
                ),
                resigned: Some(player),
                timeout: None,
            });
            continue;
        }
        if let Some(r) = &result {
            notes.push(format!(
                "{} move(s) after {} were not read",
                file_moves.len() - k,
                r.reason
            ));
            break;
        }
        if player != expected {
            return Err(ForeignError::invalid(
                FORMAT,
                format!(
                    "move {ply} '{}' is made by P{seat}, but it is the other player's turn",
                    excerpt(body)
                ),
            ));
        }
        let bad = |why: &str| {
            ForeignError::invalid(FORMAT, format!("move {ply} '{}' {why}", excerpt(body)))
        };
        let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
        let (sep, (from, to)) = match compact.find([':', '-']) {
            Some(i) => (compact.as_bytes()[i], (&compact[..i], &compact[i + 1..])),
            None => {
                return Err(bad(
                    "is not a Lines of Action move (expected e.g. B1-B3, or B1:B3 for a capture)",
                ));
            }
        };
        let (Some(f), Some(t)) = (parse_square(from), parse_square(to)) else {
            return Err(bad("is not a move between two squares a1–h8"));
        };
        let (fi, ti) = (f.1 * 8 + f.0, t.1 * 8 + t.0);
        let mover = player + 1;
        if board[fi] != mover {
            return Err(bad(&format!(
                "moves from {}, which does not hold a {} piece at that point of the standard game",
                label(f),
                if player == 0 { "Black" } else { "White" }
            )));
        }
        let captures = board[ti] != 0 && board[ti] != mover;
        match (sep, captures) {
            (b':', false) => {
                return Err(bad(&format!(
                    "is marked as a capture, but {} holds no opponent's piece",
                    label(t)
                )));
            }
            (b'-', true) => {
                return Err(bad(&format!(
                    "lands on the opponent's piece on {} without the capture mark ':'",
                    label(t)
                )));
            }
            _ => {}
        }
        board[ti] = mover;
        board[fi] = 0;
        moves.push(format!(
            "{}{}{}",
            label(f),
            if captures { 'x' } else { '-' },
            label(t)
        ));
    }
    if !started && !moves.is_empty() {
        notes.push("the file has no 'Start Black'; read as the standard start".into());
    }
    let black = black_seat.unwrap_or(0) as usize;
    let players = [
        names[black].clone().unwrap_or_default(),
        names[1 - black].clone().unwrap_or_default(),
    ];
    if let Some(re) = prop(root, "RE") {
        let re = re.trim();
        let winner_name = re
            .strip_prefix("Game won by")
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let winner = winner_name.and_then(|n| players.iter().position(|p| p == n));
        match (winner, &result) {
            (Some(w), Some(r)) => {
                if r.winner != Some(w as u8) {
                    return Err(ForeignError::invalid(
                        FORMAT,
                        format!(
                            "RE[{}] disagrees with the moves, which end with {}",
                            excerpt(re),
                            r.reason
                        ),
                    ));
                }
            }
            (Some(w), None) => {
                result = Some(RecordResult {
                    winner: Some(w as u8),
                    reason: format!("RE[{}]", excerpt(re)),
                    resigned: None,
                    timeout: None,
                });
            }
            (None, _) if re.is_empty() => {}
            (None, _) => notes.push(format!(
                "the recorded result RE[{}] names no player of the game; it was not checked",
                excerpt(re)
            )),
        }
    }
    let mut record = GameRecord::new(
        LOA_RULES,
        RecordOptions::default(),
        BoardSource::preset("loa", None),
        players,
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_letter_column_and_row_from_one() {
        assert_eq!(parse_square("B3"), Some((1, 2)));
        assert_eq!(parse_square("h8"), Some((7, 7)));
        assert_eq!(parse_square("I1"), None);
        assert_eq!(parse_square("A9"), None);
        assert_eq!(parse_square("A10"), None);
    }

    #[test]
    fn names_come_from_id_values() {
        assert_eq!(player_name("id \"ann\""), Some("ann".into()));
        assert_eq!(player_name("1 B1-B3"), None);
    }
}
