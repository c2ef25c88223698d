//! T1j's TwixT records (`.T1`), read: a line-based text file.
//!
//! ```text
//! # File created by T1j
//! # T1j is a program to play TwixT (mail@johannes-schwagereit.de)
//! 1 # version of file-format
//! Ann# Name of Player 1
//! Bob# Name of Player 2
//! 24# y-size of board
//! 24# x-size of board
//! H# player 1 human or computer
//! C# player 2 human or computer
//! 1# starting player (1 plays top-down)
//! V# Direction of letters
//! N# pierule?
//! N# game already over?
//! L10
//! L17
//! ```
//!
//! Conventions, and where each comes from (public sources, read, not guessed):
//! * Line layout: T1j's `LoadSave.writeGameData` (package
//!   `twixt.net.schwagereit.t1j`) writes two comment lines, then one value per
//!   line — format version, player 1's and player 2's names, the y and x sizes,
//!   human/computer for each player, the starting player (`1`: player 1, who
//!   "plays top-down"), the letter direction (always `V`; T1j's reader ignores
//!   it), the pie rule (`Y`/`N`), whether the game is over (`Y`/`N`) — then one
//!   hole per line. Text from `#` to the end of a line is a comment. twixtbot-ui
//!   (`stevens68/twixtbot-ui` `src/files.py`, `save_game`/`parse_t1_file`) writes
//!   the same layout with possibly empty names and reads the values by line
//!   position (names on lines 4 and 5, moves from line 14), so boardwright reads
//!   by position too; an empty size, starting player or flag reads as
//!   twixtbot-ui's (24, player 1, no pie rule, not over), with a note.
//! * A hole is a column letter and a row number from 1: `L10` is column L, row 10
//!   (`LoadSave.getGameData`: `x = line.charAt(0) - 'A'`, `y = number - 1`;
//!   `GuiBoard.getHoleName`), the same as boardwright's label `l10`.
//! * Player 1 "plays top-down": joins the top and bottom rows, boardwright's Red.
//!   When player 2 starts (`2`), every hole is mirrored across the diagonal and
//!   the names exchanged so that the first player is Red (the same game in a
//!   mirror), with a note.
//! * `swap` and `resign` lines are twixtbot-ui's (`files.py` `str2twixt`,
//!   `games/sample.T1`); the swap is boardwright's (twixtbot's `Game.play_swap`:
//!   the first peg mirrored across the diagonal becomes the second player's).
//!   `resign` ends the game; lines after it are not read, with a note.
//! * T1j and twixtbot end a game as a draw when neither player can still connect
//!   (twixtbot's `Game.is_a_draw`), so a T1 record reads with TwixT's dead-draw
//!   option on.
//! * Refused with a message: boards that are not square or not 5–26 holes a side,
//!   a starting player, flag or hole that does not read, more lines than
//!   [`MAX_T1_LINES`]. At most [`MAX_T1_BYTES`] bytes are read.

use super::excerpt::excerpt;
use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use super::sgf_line::ForeignError;
use crate::board::grid_label;

/// The format's name in messages.
pub const FORMAT: &str = "T1j TwixT record";
/// Largest `.T1` file read, in bytes.
pub const MAX_T1_BYTES: u64 = 1 << 20;
/// Most lines read (a 26×26 board holds 672 holes).
pub const MAX_T1_LINES: usize = 10_000;
/// Smallest and largest board side read (letters A–Z).
pub const MIN_SIZE: u32 = 5;
pub const MAX_SIZE: u32 = 26;

/// Line index (0-based) of the first value and of the first move.
const FIRST_VALUE: usize = 2;
const FIRST_MOVE: usize = 13;

/// A hole `L10` as (col, row), if it is on an n×n board.
fn parse_hole(text: &str, n: u32) -> Option<(u32, u32)> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
        return None;
    }
    let row: u32 = digits.parse().ok()?;
    let col = letter as u32 - 'A' as u32;
    (row >= 1 && col < n && row <= n).then(|| (col, row - 1))
}

/// Whether `text` reads as a T1 file's header (for files of unknown name).
pub fn looks_like_t1(text: &str) -> bool {
    let lines: Vec<&str> = text
        .lines()
        .take(FIRST_MOVE)
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .collect();
    lines.len() == FIRST_MOVE
        && text
            .lines()
            .next()
            .is_some_and(|l| l.trim_start().starts_with('#'))
        && lines[FIRST_VALUE] == "1"
        && lines[5].parse::<u32>().is_ok()
        && lines[6].parse::<u32>().is_ok()
        && matches!(lines[7], "H" | "C")
        && matches!(lines[8], "H" | "C")
}

/// Read a T1j TwixT record (see the module documentation).
pub fn read_t1(text: &str) -> Result<GameRecord, ForeignError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bad = |line: usize, what: String| {
        ForeignError::invalid(FORMAT, format!("line {}: {what}", line + 1))
    };
    let mut lines: Vec<&str> = Vec::new();
    for l in text.lines() {
        if lines.len() == MAX_T1_LINES {
            return Err(ForeignError::invalid(
                FORMAT,
                format!("the file has more than {MAX_T1_LINES} lines, more than any TwixT game"),
            ));
        }
        lines.push(l.split('#').next().unwrap_or("").trim());
    }
    if lines.len() < FIRST_MOVE {
        return Err(ForeignError::invalid(
            FORMAT,
            format!(
                "the file has {} lines; a T1 file has {FIRST_MOVE} header lines before its moves",
                lines.len()
            ),
        ));
    }
    if !lines[FIRST_VALUE].is_empty() && lines[FIRST_VALUE] != "1" {
        return Err(bad(
            FIRST_VALUE,
            format!(
                "file format version '{}' is not read (T1j writes 1)",
                excerpt(lines[FIRST_VALUE])
            ),
        ));
    }
    let mut notes = Vec::new();
    let mut defaulted = Vec::new();
    let size = |i: usize, defaulted: &mut Vec<&str>| -> Result<u32, ForeignError> {
        if lines[i].is_empty() {
            defaulted.push("board size 24");
            return Ok(24);
        }
        lines[i]
            .parse::<u32>()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .ok_or_else(|| {
                bad(
                    i,
                    format!(
                        "board size '{}' is not read (sizes {MIN_SIZE} to {MAX_SIZE})",
                        excerpt(lines[i])
                    ),
                )
            })
    };
    let ny = size(5, &mut defaulted)?;
    let nx = size(6, &mut defaulted)?;
    if nx != ny {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!("a board of {nx}×{ny} holes (boardwright's TwixT boards are square)"),
        ));
    }
    let n = nx;
    let flag =
        |i: usize, yes: &str, no: &str, what: &'static str| -> Result<Option<bool>, ForeignError> {
            let v = lines[i];
            if v.is_empty() {
                Ok(None)
            } else if v.eq_ignore_ascii_case(yes) {
                Ok(Some(true))
            } else if v.eq_ignore_ascii_case(no) {
                Ok(Some(false))
            } else {
                Err(bad(
                    i,
                    format!("{what} '{}' is not {yes} or {no}", excerpt(v)),
                ))
            }
        };
    for i in [7, 8] {
        flag(i, "H", "C", "human or computer")?;
    }
    let second_starts = match flag(9, "2", "1", "starting player")? {
        Some(s) => s,
        None => {
            defaulted.push("player 1 starts");
            false
        }
    };
    let pie = flag(11, "Y", "N", "pie rule")?.unwrap_or_else(|| {
        defaulted.push("no pie rule");
        false
    });
    let over = flag(12, "Y", "N", "game over")?.unwrap_or(false);
    if !defaulted.is_empty() {
        notes.push(format!(
            "the file leaves some header values empty; read as {}",
            defaulted.join(", ")
        ));
    }
    let mut names = [lines[3].to_string(), lines[4].to_string()];
    if second_starts {
        names.swap(0, 1);
        notes.push(
            "player 2 (left–right) moved first: the game is shown mirrored across the diagonal, so the first player joins top and bottom"
                .into(),
        );
    }
    let mut moves = Vec::new();
    let mut result = None;
    let mut played = 0usize;
    for (i, &l) in lines.iter().enumerate().skip(FIRST_MOVE) {
        if l.is_empty() {
            continue;
        }
        if result.is_some() {
            let rest = lines[i..].iter().filter(|l| !l.is_empty()).count();
            notes.push(format!(
                "{rest} line(s) after the resignation were not read"
            ));
            break;
        }
        let player = (played % 2) as u8;
        played += 1;
        if l.eq_ignore_ascii_case("resign") {
            result = Some(RecordResult {
                winner: Some(1 - player),
                reason: format!(
                    "{} resigned",
                    Some(names[player as usize].as_str())
                        .filter(|n| !n.is_empty())
                        .map(excerpt)
                        .unwrap_or_else(|| format!("player {}", player + 1))
                ),
                resigned: Some(player),
                timeout: None,
            });
            continue;
        }
        if l.eq_ignore_ascii_case("swap") {
            moves.push("swap".to_string());
            continue;
        }
        let (c, r) = parse_hole(l, n).ok_or_else(|| {
            bad(
                i,
                format!(
                    "'{}' is not a hole of the {n}×{n} board (a letter A–{} and a number 1–{n}), swap or resign",
                    excerpt(l),
                    (b'A' + n as u8 - 1) as char
                ),
            )
        })?;
        moves.push(if second_starts {
            grid_label(r, c)
        } else {
            grid_label(c, r)
        });
    }
    if over && result.is_none() {
        notes.push("the file marks the game as over".into());
    }
    let mut record = GameRecord::new(
        super::tsgf::TSGF_RULES,
        RecordOptions {
            swap: pie,
            dead_draw: true,
            ..RecordOptions::default()
        },
        BoardSource::preset("twixt", Some(n)),
        names,
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
    fn holes_are_letter_column_and_row_from_one() {
        assert_eq!(parse_hole("L10", 24), Some((11, 9)));
        assert_eq!(parse_hole("a1", 24), Some((0, 0)));
        assert_eq!(parse_hole("Y1", 24), None);
        assert_eq!(parse_hole("A25", 24), None);
        assert_eq!(parse_hole("A0", 24), None);
        assert_eq!(parse_hole("AA1", 24), None);
    }
}
