//! Lines of Action records in SGF as boardspace.net writes them, read and
//! written:
//!
//! ```text
//! (;
//! GM[9]VV[1]
//! CM[0,1]
//! SU[Loa 3468613 100]
//! RE[Game won by ann]
//! P0[id "ann"]
//! P1[id "bob"]
//! ; B[0 Start]TM[0]
//! ; B[1 B1-B3    ]TM[4120]
//! ; W[2 H3-E3    ]TM[6310]
//! ; B[3 B3:E3    ]TM[9007]
//! ; W[4 Resigns]TM[11230]
//! ;
//! P0[time 0:00:09 ]
//! P1[time 0:00:11 ]
//! )
//! ```
//!
//! Conventions, and where each comes from (`ddyer0/boardspace.net`,
//! `client/boardspace-java`, read, not guessed):
//! * The layout is `commonCanvas.printGameRecord`'s, the record the client
//!   sends to the archive: `(;` alone on a line, then one root property per
//!   line — `GM[9]VV[1]` (`loa/UIC.java`: `LOA_SGF = "9"`, the SGF FF[4]
//!   number; `VV` the record's version, 1), `CM` (the colour map; `0,1`:
//!   P0 plays Black), `TC` (time control), `SU` (the setup), `DT`, `GN`, `RE`
//!   once the game is over, `P0[id "name"]`/`P1[id "name"]` — then one node
//!   per move, `; B[n move]` with `TM[ms]` after it, and a last node with
//!   each player's `P0[time …]`. No `FF`, `PB` or `PW` (read as names all the
//!   same: `LoaViewer.ReplayMove` reads them).
//! * Moves are `B[…]`/`W[…]` by the stone's colour (`loa/Move_Spec.java`
//!   `playerString` is the colour, `Stone_Type` `B`/`W`), Black first;
//!   `LoaViewer.ReplayMove` plays only those: `P0`/`P1` carry player
//!   information (`id`, `time`, `ranking`, `country`). Moves written as
//!   `P0[1 B1-B3]` — the generic boardspace form other games use — are read
//!   too, by seat, the first mover playing Black.
//! * A value is the move's number in the game's history (0 for `Start`, then
//!   1, 2, …: boardspace rewinds its history to that number, so they run in
//!   order) and the move: `B1-B3` or, capturing, `B1:B3` — upper-case column
//!   letter (`A` the first) and row from 1, padded with spaces (`loa/U.java`
//!   `DisplayString`; `U.parsePosition` reads letters in either case). These
//!   are boardwright's labels on the 8×8 `loa` preset, whose start is
//!   boardspace's standard setup: Black on b1–g1 and b8–g8, White on a2–a7 and
//!   h2–h7, Black moving first.
//! * `SU`'s first word names the setup: `Loa` or `Standard` (`UIC.Setup_Type`,
//!   compared ignoring case); today's client writes a key and a revision after
//!   it. Without `SU` boardspace plays the standard setup
//!   (`LoaViewer.ReplayGame`), and so does this reader. `GM` may be `9` or
//!   `loa`, or missing.
//! * `Start` (`Start Black` in older records) starts the game; `Resigns`
//!   resigns for the player who made it; `Select …`, `Undo` and `Done` are
//!   skipped (boardspace never writes them into LOA's history).
//! * The capture mark is checked: a `:` move must land on an opponent's piece
//!   and a `-` move on an empty square, or the file is refused — a file whose
//!   moves do not fit the standard start (another setup) is refused, not
//!   misread. The rules check every move when the game is replayed.
//! * `RE[Game won by NAME]` names the winner by one of the players' names
//!   (`commonCanvas.simpleGameOverMessage`, "Game won by #1"). It is compared
//!   with the moves (a resignation that disagrees is refused) and becomes the
//!   result the replayed game is checked against. When the last position is
//!   not over, the game was decided off the board: after `WinOnTime` it is a
//!   loss on time of the other player; otherwise (`Forfeit`, a player who
//!   left) the result is kept as a note and the game opens unfinished. Other
//!   results are kept as a note.
//! * Refused with a message: variants other than standard LOA (`SU`), a
//!   colour map other than `CM[0,1]`, `Start White`, edited positions
//!   (`Edit`), `Pass`, variations, any other move text. Limits: the SGF
//!   parser's [`super::sgf::MAX_SGF_BYTES`] and node count.
//!
//! [`write_loa_sgf`] writes the same shape for a game of the standard start
//! without variations: the root's `GM`, `VV`, `CM`, `SU[Loa]`, `RE` and the
//! players, the moves from `B[0 Start]`, a resignation as the resigner's
//! `Resigns`. Not written: the time (boardwright's clock keeps the time left,
//! not the time used), a loss on time (its `RE` alone, which reads back as a
//! note) and the third-repetition option (boardspace has no such setting).

use super::excerpt::excerpt;
use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use super::sgf::SgfTree;
use super::sgf_line::{ForeignError, main_line, one_line, parse_text, prop};
use crate::board::{Board, grid_label};

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

/// Whether every piece of `colour` (1 Black, 2 White) is in one group,
/// squares touching by a side or a corner.
fn connected(board: &[u8; 64], colour: u8) -> bool {
    let Some(first) = board.iter().position(|&c| c == colour) else {
        return false;
    };
    let mut seen = [false; 64];
    let mut stack = vec![first];
    seen[first] = true;
    let mut count = 0;
    while let Some(i) = stack.pop() {
        count += 1;
        let (c, r) = ((i % 8) as i32, (i / 8) as i32);
        for dc in -1..=1 {
            for dr in -1..=1 {
                let (nc, nr) = (c + dc, r + dr);
                if (0..8).contains(&nc) && (0..8).contains(&nr) {
                    let j = (nr * 8 + nc) as usize;
                    if board[j] == colour && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
    }
    count == board.iter().filter(|&&c| c == colour).count()
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

/// Whether a root node without `GM` names a boardspace Lines of Action game:
/// an `SU` whose first word is a standard setup's name, or players named the
/// boardspace way (`P0[id "ann"]`).
pub(crate) fn looks_like_boardspace_loa(root: &super::sgf::Node) -> bool {
    prop(root, "SU").is_some_and(standard_setup)
        || ["P0", "P1"]
            .iter()
            .any(|k| prop(root, k).is_some_and(|v| player_name(v).is_some()))
}

/// Whether `SU`'s first word (boardspace writes `Loa`, now followed by a key
/// and a revision: `Loa 3468613 100`) is one of the two names of the standard
/// 8×8 game (`loa/UIC.java` `Setup_Type`: `Loa`, `Standard`; compared
/// ignoring case, as `Setup_Type.find` does).
fn standard_setup(su: &str) -> bool {
    su.split_whitespace().next().is_some_and(|first| {
        ["loa", "standard"]
            .iter()
            .any(|n| first.eq_ignore_ascii_case(n))
    })
}

/// Who made a move: a seat (`P0`/`P1`, the generic boardspace form) or a
/// colour (`B`/`W`, what boardspace's LOA writes: `Move_Spec.playerString`
/// is the stone's colour, and `LoaViewer.ReplayMove` plays `B` moves for
/// Black, the first player).
#[derive(Clone, Copy)]
enum Mover {
    Seat(u8),
    Colour(u8),
}

/// Read a parsed boardspace LOA game tree.
pub(crate) fn read_tree(tree: SgfTree) -> Result<GameRecord, ForeignError> {
    let nodes = main_line(tree, FORMAT)?;
    let root = &nodes[0];
    if let Some(gm) = prop(root, "GM")
        && gm.trim() != "9"
        && !gm.trim().eq_ignore_ascii_case("loa")
    {
        return Err(ForeignError::invalid(
            FORMAT,
            format!("GM[{}] is not Lines of Action (GM[9])", excerpt(gm)),
        ));
    }
    if let Some(su) = prop(root, "SU")
        && !standard_setup(su)
    {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!(
                "the variant SU[{}] (boardwright plays standard Lines of Action, SU[Loa])",
                excerpt(su)
            ),
        ));
    }
    if let Some(cm) = prop(root, "CM")
        && cm.split(',').map(str::trim).collect::<Vec<_>>() != ["0", "1"]
    {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!(
                "the colour map CM[{}] (only CM[0,1], P0 playing Black, is read)",
                excerpt(cm)
            ),
        ));
    }
    let mut names: [Option<String>; 2] = [None, None];
    // (who, move text without its number)
    let mut file_moves: Vec<(Mover, String)> = Vec::new();
    for node in &nodes {
        for (k, v) in node {
            let mover = match k.as_str() {
                "P0" => Mover::Seat(0),
                "P1" => Mover::Seat(1),
                "B" => Mover::Colour(0),
                "W" => Mover::Colour(1),
                "PB" | "PW" => {
                    let seat = usize::from(k == "PW");
                    if names[seat].is_none() {
                        names[seat] = Some(v[0].trim().to_string());
                    }
                    continue;
                }
                "AB" | "AW" | "AE" => {
                    return Err(ForeignError::unsupported(
                        FORMAT,
                        format!("a setup position ({k}[{}])", excerpt(&v[0])),
                    ));
                }
                _ => continue,
            };
            let value = v[0].trim();
            if let Mover::Seat(seat) = mover {
                if let Some(name) = player_name(value) {
                    names[seat as usize] = Some(name);
                    continue;
                }
                // The rest of what boardspace says about a player
                // (`commonCanvas.parsePlayerInfo`): the time used, kept in
                // the last node, a ranking, a country.
                let word = value.split_whitespace().next().unwrap_or("");
                if ["time", "ranking", "country"]
                    .iter()
                    .any(|w| word.eq_ignore_ascii_case(w))
                {
                    continue;
                }
            }
            // Strip the move number.
            let body = value
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .trim();
            file_moves.push((mover, body.to_string()));
        }
    }
    let mut board = standard_start();
    let mut moves: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let mut result: Option<RecordResult> = None;
    // The seat that plays Black, known from the first move.
    let mut black_seat: Option<u8> = None;
    let mut started = false;
    // The move that ended the game off the board (a win on time, a forfeit),
    // and whether it is a win on time.
    let mut ended_off_board: Option<(String, bool)> = None;
    for (k, (mover, body)) in file_moves.iter().enumerate() {
        let lower = body.to_ascii_lowercase();
        let word = lower.split_whitespace().next().unwrap_or("");
        match word {
            "start" => {
                // `B[0 Start]` (today's records) or `P0[0 Start Black]`.
                let colour = lower.split_whitespace().nth(1).unwrap_or("");
                if !matches!(colour, "" | "black") {
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
            "forfeit" | "winontime" if result.is_none() => {
                // A game decided off the board: what RE says of it is kept
                // as a note below (the position is not over).
                ended_off_board = Some((excerpt(body), word == "winontime"));
                if k + 1 < file_moves.len() {
                    notes.push(format!(
                        "{} move(s) after '{}' were not read",
                        file_moves.len() - k - 1,
                        excerpt(body)
                    ));
                }
                break;
            }
            "edit" | "pass" | "forfeit" | "winontime" => {
                return Err(ForeignError::unsupported(
                    FORMAT,
                    format!("the move '{}' (node {})", excerpt(body), k + 1),
                ));
            }
            _ => {}
        }
        let ply = moves.len() + 1;
        let (player, seat) = match *mover {
            Mover::Colour(c) => (c, c),
            Mover::Seat(s) => (u8::from(s != *black_seat.get_or_insert(s)), s),
        };
        let expected = ((ply - 1) % 2) as u8;
        if word.starts_with("resign") {
            if result.is_some() {
                continue;
            }
            result = Some(RecordResult {
                winner: Some(1 - player),
                reason: format!(
                    "{} resigned",
                    names[seat as usize]
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
                    "move {ply} '{}' is made by {}, but it is the other player's turn",
                    excerpt(body),
                    match *mover {
                        Mover::Seat(s) => format!("P{s}"),
                        Mover::Colour(c) => ["Black (B)", "White (W)"][c as usize].to_string(),
                    }
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
        notes.push("the file has no 'Start'; read as the standard start".into());
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
            (Some(w), None) if !connected(&board, 1) && !connected(&board, 2) => {
                // Decided off the board, as boardspace writes the result and
                // its board does not show: on time (`WinOnTime`), which the
                // rules replay as a loss on time; by forfeit or by leaving,
                // which they cannot — kept as a note, the game unfinished.
                match &ended_off_board {
                    Some((_, true)) => {
                        result = Some(RecordResult {
                            winner: Some(w as u8),
                            reason: format!("RE[{}]", excerpt(re)),
                            resigned: None,
                            timeout: Some(1 - w as u8),
                        });
                    }
                    _ => {
                        let how = ended_off_board
                            .as_ref()
                            .map(|(m, _)| format!(" ('{m}')"))
                            .unwrap_or_default();
                        notes.push(format!(
                            "RE[{}]: the game was decided off the board{how}; it opens unfinished after its last move",
                            excerpt(re)
                        ));
                    }
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

/// Whether `board` is the standard 8×8 Lines of Action board boardspace
/// plays: 64 squares labelled by their grid coordinates (`a1` at column 0,
/// row 0) and the standard start.
fn is_standard_board(board: &Board) -> bool {
    if board.face_count() != 64 {
        return false;
    }
    let mut start = [0u8; 64];
    for f in board.mesh().face_ids() {
        let Some(c) = board.coord(f) else {
            return false;
        };
        if !(0..8).contains(&c.col)
            || !(0..8).contains(&c.row)
            || !board
                .label(f)
                .eq_ignore_ascii_case(&grid_label(c.col as u32, c.row as u32))
        {
            return false;
        }
    }
    for &(f, p) in &board.setup().pieces {
        let Some(c) = board.coord(f) else {
            return false;
        };
        start[(c.row * 8 + c.col) as usize] = p + 1;
    }
    start == standard_start()
}

/// A player's name as boardspace can read it back in `P0[id "name"]`: not
/// empty, and without `"` (it ends the name), `%` (boardspace decodes `%65%`
/// as a character code), `]`, `\` or a line break.
fn boardspace_name(name: &str, side: &str) -> Result<String, ForeignError> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(side.to_string());
    }
    if let Some(c) = name
        .chars()
        .find(|&c| matches!(c, '"' | '%' | ']' | '\\') || c.is_control())
    {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!(
                "the player's name '{}': boardspace cannot read a name with {} in it (rename the player, or save as .ron)",
                excerpt(name),
                if c.is_control() {
                    "a line break".to_string()
                } else {
                    format!("'{c}'")
                }
            ),
        ));
    }
    Ok(name.to_string())
}

/// A move in boardwright's notation (`b1-b3`, `b3xe3`) as boardspace writes
/// it: `B1-B3    `, `B3:E3    ` (upper-case squares, `:` for a capture, padded
/// as `loa/U.java` pads a move on 8×8).
fn boardspace_move(m: &str) -> Option<String> {
    let (from, sep, to) = match m.find(['-', 'x']) {
        Some(i) => (&m[..i], &m[i..i + 1], &m[i + 1..]),
        None => return None,
    };
    parse_square(from)?;
    parse_square(to)?;
    let sep = if sep == "x" { ':' } else { '-' };
    Some(format!(
        "{}{sep}{}    ",
        from.to_ascii_uppercase(),
        to.to_ascii_uppercase()
    ))
}

/// Write a Lines of Action game, played on `board`, as boardspace.net writes
/// it (see the module documentation). Refused, with the reason: other games,
/// another board or start, a set-up position, variations, a name boardspace
/// cannot read.
pub fn write_loa_sgf(record: &GameRecord, board: &Board) -> Result<String, ForeignError> {
    if record.rules != LOA_RULES {
        return Err(ForeignError::invalid(
            FORMAT,
            format!(
                "only Lines of Action games can be written as boardspace SGF; this is a {} game",
                excerpt(&record.rules)
            ),
        ));
    }
    if !is_standard_board(board) || record.setup.is_some() {
        return Err(ForeignError::unsupported(
            FORMAT,
            "a game that does not start from the standard 8×8 position (boardspace's records start from it; save it as .ron)",
        ));
    }
    one_line(record, FORMAT, "boardspace's")?;
    let names = [
        boardspace_name(&record.players[0], "Black")?,
        boardspace_name(&record.players[1], "White")?,
    ];
    let mut s = String::from("(;\nGM[9]VV[1]\nCM[0,1]\nSU[Loa]\n");
    // `commonCanvas.simpleGameOverMessage`: "Game won by #1", "The game is
    // a draw".
    if let Some(r) = &record.result {
        match r.winner {
            Some(w) => s.push_str(&format!("RE[Game won by {}]\n", names[w as usize & 1])),
            None => s.push_str("RE[The game is a draw]\n"),
        }
    }
    for (seat, name) in names.iter().enumerate() {
        s.push_str(&format!("P{seat}[id \"{name}\"]\n"));
    }
    s.push_str("; B[0 Start]\n");
    let colour = |ply: usize| ['B', 'W'][ply % 2];
    for (k, m) in record.moves.iter().enumerate() {
        let text = boardspace_move(m).ok_or_else(|| {
            ForeignError::invalid(
                FORMAT,
                format!(
                    "move {} '{}' is not a Lines of Action move",
                    k + 1,
                    excerpt(m)
                ),
            )
        })?;
        s.push_str(&format!("; {}[{} {text}]\n", colour(k), k + 1));
    }
    if let Some(p) = record.result.as_ref().and_then(|r| r.resigned) {
        // A move of the resigner's colour (boardspace gives the turn to the
        // colour of each move it replays).
        s.push_str(&format!(
            "; {}[{} Resigns]\n",
            colour(p as usize & 1),
            record.moves.len() + 1
        ));
    }
    s.push_str(")\n");
    Ok(s)
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
    fn a_draw_is_written_as_boardspace_says_it() {
        let draw = RecordResult {
            winner: None,
            reason: "the position repeated".into(),
            resigned: None,
            timeout: None,
        };
        let record = GameRecord::new(
            LOA_RULES,
            RecordOptions::default(),
            BoardSource::preset("loa", None),
            ["ann".into(), String::new()],
            vec!["b1-b3".into()],
            Some(draw),
        );
        let text = write_loa_sgf(&record, &crate::presets::lines_of_action()).unwrap();
        assert!(text.contains("\nRE[The game is a draw]\n"), "{text}");
        assert!(text.contains("P1[id \"White\"]"), "{text}");
        assert!(text.ends_with("; B[1 B1-B3    ]\n)\n"), "{text}");
    }

    #[test]
    fn names_come_from_id_values() {
        assert_eq!(player_name("id \"ann\""), Some("ann".into()));
        assert_eq!(player_name("1 B1-B3"), None);
    }
}
