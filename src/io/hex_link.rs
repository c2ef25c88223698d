//! Hex games as one line of text, the way players pass them around, read:
//! a HexWorld link (`https://hexworld.org/board/#11c1,f6:sd4e7:rb`, or the
//! part after `#`), a trmph.com link (`http://www.trmph.com/hex/board#13,a1b2c3`),
//! or a plain list of moves (`f6 swap-pieces d4 e7`, `f6d4e7`). A Hex game on
//! a rhombus is written as a HexWorld link ([`write_hexworld`]), to be opened
//! in HexWorld or PlayHex for review; files are saved as HexGui SGF
//! ([`super::sgf`]) or RON.
//!
//! Conventions, and where each comes from (public sources, read, not guessed):
//! * **HexWorld strings** (PlayHex, `playhex/playhex`
//!   `src/shared/app/hexworld.ts`, which writes them for its games' "review on
//!   HexWorld" links and reads them in its importer): the board size, an
//!   optional `x` and height, display settings up to the comma (`r9` the
//!   board's rotation, `c1` its colours: they change how HexWorld draws the
//!   board, not the game), then the moves run together — a cell (`f6`), `:s`
//!   the swap, `:p` a pass, and `:r` / `:f` with `b` or `w` for a resignation or
//!   a loss on time or by forfeit of the first (`b`) or second (`w`) player,
//!   which ends the game.
//! * **Cells** are PlayHex's own names, which are boardwright's (and HexGui's):
//!   PlayHex reads Little Golem's `am` as `a13`, as [`super::lg_hex`] does, and
//!   writes its HexWorld links with the same move names. The first player
//!   joins the top and bottom rows — boardwright's Red.
//! * **The swap** (`:s`, `swap-pieces` in a move list) is PlayHex's
//!   `swap-pieces`, the one it reads Little Golem's `swap` as: the first stone
//!   mirrored into the second player's colour — boardwright's swap rule. So a
//!   game reads with the swap option on: HexWorld and PlayHex play with it.
//! * **trmph.com links** are the same size, comma and run of cells, with no
//!   settings, swap or result (trmph.com shows positions); a cell played twice
//!   is refused as an occupied cell.
//! * **A list of moves** (PlayHex's "raw moves" import): cells, `swap-pieces`
//!   and `pass` separated by white space or nothing, with no board size; as in
//!   PlayHex it is read on 11×11 or the smallest board that holds its cells,
//!   with a note saying so.
//! * Not read, and refused with a message naming it: a pass (Hex has none), a
//!   board that is not a rhombus (`11x9`), sizes above 26 (cells with one
//!   letter), a cell off the board, anything else in the text.

use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use super::sgf::SGF_RULES;
use super::sgf_line::ForeignError;
use crate::board::grid_label;

/// The format's name in messages.
pub const FORMAT: &str = "Hex game link";

/// The longest text read: a link of a whole 26×26 game is under 3 KB.
pub const MAX_LINK_BYTES: u64 = 64 * 1024;

/// The board a move list without a size is read on, unless its cells need more
/// (PlayHex's default).
const DEFAULT_SIZE: u32 = 11;

/// The largest board read: columns `a`–`z`.
const MAX_SIZE: u32 = 26;

/// Whether `text` is one of the shapes this reader takes: a HexWorld or
/// trmph.com link, a HexWorld string, or nothing but moves (one move at
/// least). Used to recognise a file of unknown extension by its content.
pub fn looks_like_hex_link(text: &str) -> bool {
    let t = trimmed(text);
    if t.is_empty() || t.len() as u64 > MAX_LINK_BYTES {
        return false;
    }
    if let Some(hash) = link_hash(t) {
        // A link says what it is: read it, and say what is wrong with it.
        let host = t.to_ascii_lowercase();
        return (host.contains("hexworld") || host.contains("trmph")) && sized(&hash).is_some();
    }
    // Bare text only when it reads as moves, so that a note such as "3,4"
    // stays an unknown file.
    match sized(t) {
        Some((size, body)) => size.is_ok() && run_of_moves(body, false).is_ok(),
        None => move_list(t).is_ok_and(|m| !m.is_empty()),
    }
}

/// Read a Hex game from a link or a list of moves (see the module
/// documentation).
pub fn read_hex_link(text: &str) -> Result<GameRecord, ForeignError> {
    let t = trimmed(text);
    if t.is_empty() {
        return Err(ForeignError::invalid(FORMAT, "the text is empty"));
    }
    if t.len() as u64 > MAX_LINK_BYTES {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!("text of {} bytes (at most {MAX_LINK_BYTES})", t.len()),
        ));
    }
    let lower = t.to_ascii_lowercase();
    let trmph = lower.contains("trmph");
    let hash = link_hash(t);
    let (size, body, notes) = match &hash {
        Some(hash) => {
            let (size, body) = sized(hash).ok_or_else(|| not_sized(hash))?;
            (size?, body, Vec::new())
        }
        None => match sized(t) {
            Some(s) => {
                let (size, body) = s;
                (size?, body, Vec::new())
            }
            None => {
                let moves = move_list(t)?;
                let need = moves
                    .iter()
                    .filter_map(|m| match m {
                        Token::Cell(c, r) => Some(c.max(r) + 1),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                let size = DEFAULT_SIZE.max(need);
                if size > MAX_SIZE {
                    return Err(too_large(size));
                }
                let note = format!(
                    "the moves name no board size: read on {size}×{size} ({})",
                    if size == DEFAULT_SIZE {
                        "PlayHex's default"
                    } else {
                        "the smallest board that holds them"
                    }
                );
                return record(size, moves, vec![note]);
            }
        },
    };
    let moves = run_of_moves(body, trmph)?;
    record(size, moves, notes)
}

/// A Hex game's main line as a HexWorld link, as PlayHex writes them:
/// `https://hexworld.org/board/#11c1,f6:se4d5:rw` — the size, HexWorld's
/// default colours (`c1`), the moves (`:s` the swap), and a resignation
/// (`:r`) or a loss on time (`:f`) of the first (`b`) or second (`w`)
/// player. Refused with the reason: another game, a board that is not a
/// rhombus of grid cells up to 26×26, a set-up position. Variations are not
/// part of a link: the caller says so.
pub fn write_hexworld(
    record: &GameRecord,
    board: &crate::board::Board,
) -> Result<String, ForeignError> {
    if record.rules != SGF_RULES {
        return Err(ForeignError::unsupported(
            FORMAT,
            format!("a game of {} (links hold Hex games)", record.rules),
        ));
    }
    let n = super::sgf::rhombus_size(board)
        .filter(|&n| n <= MAX_SIZE)
        .ok_or_else(|| {
            ForeignError::unsupported(
                FORMAT,
                "a board that is not a rhombus of grid cells up to 26×26 (HexWorld's boards)",
            )
        })?;
    if record.setup.is_some() {
        return Err(ForeignError::unsupported(
            FORMAT,
            "a game that starts from a set-up position",
        ));
    }
    let mut s = format!("https://hexworld.org/board/#{n}c1,");
    for m in &record.moves {
        if m == "swap" {
            s.push_str(":s");
        } else {
            s.push_str(&m.to_ascii_lowercase());
        }
    }
    if let Some(r) = &record.result {
        let letter = |p: u8| if p == 0 { 'b' } else { 'w' };
        if let Some(p) = r.resigned {
            s.push_str(":r");
            s.push(letter(p));
        } else if let Some(p) = r.timeout {
            s.push_str(":f");
            s.push(letter(p));
        }
    }
    Ok(s)
}

/// The part of a link after its `#`, with the comma a link without moves
/// may leave out (`…#11c1`, as programs other than PlayHex write it).
fn link_hash(t: &str) -> Option<String> {
    let (_, h) = t.rsplit_once('#')?;
    Some(if h.contains(',') {
        h.to_string()
    } else {
        format!("{h},")
    })
}

/// A move of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    /// A cell: column and row from 0.
    Cell(u32, u32),
    Swap,
    /// A pass, which Hex has not: refused when the game is read, so that a
    /// list with one is still recognised as a game and told why.
    Pass,
    /// A resignation (`resigned: true`) or a loss on time or by forfeit of
    /// player 0 or 1.
    End {
        player: u8,
        resigned: bool,
    },
}

/// The text without a byte-order mark and surrounding white space.
fn trimmed(text: &str) -> &str {
    text.trim_start_matches('\u{feff}').trim()
}

/// A HexWorld string's size and the rest after its comma:
/// `11r9c1,f6d4` → (Ok(11), "f6d4"). `None` when it does not start with a
/// size and reach a comma through settings alone.
fn sized(hash: &str) -> Option<(Result<u32, ForeignError>, &str)> {
    let (head, body) = hash.split_once(',')?;
    let digits = head.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !head[digits..].bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let size = head[..digits].parse::<u32>().ok();
    let rest = &head[digits..];
    let height = rest.strip_prefix(['x', 'X']).map(|h| {
        let n = h.bytes().take_while(u8::is_ascii_digit).count();
        h[..n].parse::<u32>().ok()
    });
    let size = match (size, height) {
        (Some(n), Some(Some(h))) if h != n => Err(ForeignError::unsupported(
            FORMAT,
            format!("a board of {n}×{h} cells (boardwright's Hex boards have equal sides)"),
        )),
        (Some(n), _) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        (Some(n), _) => Err(too_large(n)),
        (None, _) => Err(ForeignError::invalid(
            FORMAT,
            "the board size is not a number",
        )),
    };
    Some((size, body.trim()))
}

fn not_sized(hash: &str) -> ForeignError {
    ForeignError::invalid(
        FORMAT,
        format!(
            "after '#' comes '{}', not a board size and a comma (11c1,f6…)",
            super::excerpt::excerpt(hash)
        ),
    )
}

fn too_large(n: u32) -> ForeignError {
    if n == 0 {
        return ForeignError::invalid(FORMAT, "a board of size 0");
    }
    ForeignError::unsupported(
        FORMAT,
        format!("a board of size {n} (sizes 1 to {MAX_SIZE} are read: columns a to z)"),
    )
}

/// A cell name at the start of `s` (letters then digits): its column and
/// row from 0 and the bytes it takes; `Err` for a column of several letters
/// (beyond `z`), which is not read.
fn cell_at(s: &str, n: usize) -> Option<Result<(u32, u32, usize), ForeignError>> {
    let b = s.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if letters == 0 || digits == 0 {
        return None;
    }
    if letters > 1 {
        return Some(Err(ForeignError::unsupported(
            FORMAT,
            format!(
                "move {n} '{}', a column beyond z",
                super::excerpt::excerpt(&s[..letters + digits])
            ),
        )));
    }
    let col = u32::from(b[0].to_ascii_lowercase() - b'a');
    let row: u32 = s[letters..letters + digits].parse().ok()?;
    Some(Ok((col, row.checked_sub(1)?, letters + digits)))
}

/// The run of moves after a HexWorld or trmph.com comma.
fn run_of_moves(body: &str, trmph: bool) -> Result<Vec<Token>, ForeignError> {
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let n = out.len() + 1;
        if let Some(special) = rest.strip_prefix(':') {
            let mut chars = special.chars();
            let token = match chars.next() {
                Some('s') if !trmph => Token::Swap,
                Some('p') => Token::Pass,
                Some(k @ ('r' | 'f')) if !trmph => {
                    let player = match chars.next() {
                        Some('b') => 0,
                        Some('w') => 1,
                        _ => {
                            return Err(ForeignError::invalid(
                                FORMAT,
                                format!(
                                    "':{k}' must name the player, b or w ('{}')",
                                    super::excerpt::excerpt(rest)
                                ),
                            ));
                        }
                    };
                    rest = &special[2..];
                    out.push(Token::End {
                        player,
                        resigned: k == 'r',
                    });
                    continue;
                }
                _ => return Err(not_a_move(rest, n)),
            };
            rest = &special[1..];
            out.push(token);
            continue;
        }
        let Some(cell) = cell_at(rest, n) else {
            return Err(not_a_move(rest, n));
        };
        let (c, r, len) = cell?;
        out.push(Token::Cell(c, r));
        rest = &rest[len..];
    }
    Ok(out)
}

fn not_a_move(rest: &str, n: usize) -> ForeignError {
    ForeignError::invalid(
        FORMAT,
        format!(
            "move {n} '{}' is not a cell such as f6 (or ':s' for a swap)",
            super::excerpt::excerpt(rest)
        ),
    )
}

/// A plain list of moves: cells, `swap-pieces` (or `swap`) and `pass`,
/// separated by white space or nothing.
fn move_list(text: &str) -> Result<Vec<Token>, ForeignError> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            let n = out.len() + 1;
            let lower = rest.to_ascii_lowercase();
            if lower.starts_with("swap-pieces") {
                out.push(Token::Swap);
                rest = &rest["swap-pieces".len()..];
            } else if lower.starts_with("swap") {
                out.push(Token::Swap);
                rest = &rest["swap".len()..];
            } else if lower.starts_with("pass") {
                out.push(Token::Pass);
                rest = &rest["pass".len()..];
            } else if let Some(cell) = cell_at(rest, n) {
                let (c, r, len) = cell?;
                out.push(Token::Cell(c, r));
                rest = &rest[len..];
            } else {
                return Err(not_a_move(rest, n));
            }
        }
    }
    Ok(out)
}

/// The game record of `moves` on the `size` rhombus.
fn record(
    size: u32,
    tokens: Vec<Token>,
    mut notes: Vec<String>,
) -> Result<GameRecord, ForeignError> {
    let mut moves = Vec::new();
    let mut result = None;
    for (k, t) in tokens.iter().enumerate() {
        match *t {
            Token::Cell(c, r) => {
                if c >= size || r >= size {
                    return Err(ForeignError::invalid(
                        FORMAT,
                        format!("move {} is off the {size}×{size} board", k + 1),
                    ));
                }
                moves.push(grid_label(c, r));
            }
            Token::Pass => {
                return Err(ForeignError::unsupported(
                    FORMAT,
                    format!("a pass (move {}; Hex has none)", k + 1),
                ));
            }
            Token::Swap => {
                if moves.len() != 1 {
                    return Err(ForeignError::invalid(
                        FORMAT,
                        format!("a swap as move {}: the swap is the second move", k + 1),
                    ));
                }
                moves.push("swap".into());
            }
            Token::End { player, resigned } => {
                let who = ["the first player", "the second player"][player as usize];
                result = Some(RecordResult {
                    winner: Some(1 - player),
                    reason: if resigned {
                        format!("{who} resigned")
                    } else {
                        format!("{who} lost on time or by forfeit")
                    },
                    resigned: resigned.then_some(player),
                    timeout: (!resigned).then_some(player),
                });
                let after = tokens.len() - k - 1;
                if after > 0 {
                    notes.push(if after == 1 {
                        "1 move after the game ended was not read".to_string()
                    } else {
                        format!("{after} moves after the game ended were not read")
                    });
                }
                break;
            }
        }
    }
    let mut record = GameRecord::new(
        SGF_RULES,
        RecordOptions {
            swap: true,
            ..RecordOptions::default()
        },
        BoardSource::preset("hex", Some(size)),
        [String::new(), String::new()],
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Vec<String> {
        read_hex_link(text).unwrap().moves
    }

    #[test]
    fn hexworld_links_as_playhex_writes_them() {
        // The example in PlayHex's hexworld.ts.
        let r = read_hex_link(
            "https://hexworld.org/board/#15c1,e6:sf7i8g10j10l6i4h3b4c13h13l10l9l8m8m9n8k12o8",
        )
        .unwrap();
        assert_eq!(r.board, BoardSource::preset("hex", Some(15)));
        assert_eq!(&r.moves[..4], ["e6", "swap", "f7", "i8"]);
        assert_eq!(r.moves.len(), 20);
        assert!(r.options.swap && r.result.is_none());
        // The links PlayHex's tests expect it to write (`hexworld.ts`'s test).
        // (winner, who resigned, who lost on time)
        type Ending = Option<(u8, Option<u8>, Option<u8>)>;
        let cases: [(&str, &[&str], Ending); 4] = [
            (
                "https://hexworld.org/board/#9r9c1,e5g6c6i9b3",
                &["e5", "g6", "c6", "i9", "b3"],
                None,
            ),
            (
                "https://hexworld.org/board/#9r9c1,b3:sc6i9c4",
                &["b3", "swap", "c6", "i9", "c4"],
                None,
            ),
            (
                "https://hexworld.org/board/#9r9c1,b3:sc6:rw",
                &["b3", "swap", "c6"],
                Some((0, Some(1), None)),
            ),
            (
                "https://hexworld.org/board/#11r9c1,b3c11:fb",
                &["b3", "c11"],
                Some((1, None, Some(0))),
            ),
        ];
        for (link, want, result) in cases {
            let r = read_hex_link(link).unwrap();
            assert_eq!(r.moves, want, "{link}");
            let got = r.result.map(|x| (x.winner.unwrap(), x.resigned, x.timeout));
            assert_eq!(got, result, "{link}");
        }
        let e = read_hex_link("https://hexworld.org/board/#9r9c1,b3:sc6i9:p").unwrap_err();
        assert!(e.to_string().contains("a pass (move 5;"), "{e}");
        // Without moves, with or without the comma (another program's shape).
        for link in [
            "https://hexworld.org/board/#11c1",
            "https://hexworld.org/board/#11c1,",
        ] {
            let r = read_hex_link(link).unwrap();
            assert!(r.moves.is_empty(), "{link}");
            assert_eq!(r.board, BoardSource::preset("hex", Some(11)));
        }
        // PlayHex's importer examples: with a rotation, and without the address.
        let a = moves("https://hexworld.org/board/#11r9c1,b4:sh4g8i8h3g4g3i3j1j3k1i2i1");
        assert_eq!(a, moves("11r9c1,b4:sh4g8i8h3g4g3i3j1j3k1i2i1"));
        assert_eq!(&a[..3], ["b4", "swap", "h4"]);
        // A resignation ends the game: b is the first player, w the second.
        let r = read_hex_link("11c1,f6e7:rw").unwrap();
        let res = r.result.unwrap();
        assert_eq!((res.winner, res.resigned), (Some(0), Some(1)));
        let r = read_hex_link("11c1,f6e7d5:fbd4").unwrap();
        let res = r.result.unwrap();
        assert_eq!((res.winner, res.timeout), (Some(1), Some(0)));
        assert_eq!(r.moves, ["f6", "e7", "d5"]);
        assert_eq!(r.notes, ["1 move after the game ended was not read"]);
    }

    #[test]
    fn a_written_link_reads_back_as_the_same_game() {
        let board = crate::presets::hex(11);
        for text in [
            "https://hexworld.org/board/#11c1,f6:se4d5:rw",
            "https://hexworld.org/board/#11c1,a1k11b2:fb",
            "https://hexworld.org/board/#11c1,",
        ] {
            let r = read_hex_link(text).unwrap();
            assert_eq!(write_hexworld(&r, &board).unwrap(), text);
        }
        let r = read_hex_link("11c1,f6").unwrap();
        let e = write_hexworld(&r, &crate::presets::triangle_grid(4))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a rhombus"), "{e}");
        let mut other = r.clone();
        other.rules = "havannah".into();
        let e = write_hexworld(&other, &board).unwrap_err().to_string();
        assert!(e.contains("a game of havannah"), "{e}");
    }

    #[test]
    fn trmph_links_and_move_lists() {
        let r = read_hex_link("http://www.trmph.com/hex/board#13,a1b2c10m13").unwrap();
        assert_eq!(r.board, BoardSource::preset("hex", Some(13)));
        assert_eq!(r.moves, ["a1", "b2", "c10", "m13"]);
        let e = read_hex_link("http://www.trmph.com/hex/board#13,a1:s").unwrap_err();
        assert!(e.to_string().contains("not a cell"), "{e}");
        // PlayHex's raw-move examples.
        assert_eq!(moves("a5 swap-pieces d4 f7"), ["a5", "swap", "d4", "f7"]);
        let r = read_hex_link("a5d7f3i13").unwrap();
        assert_eq!(r.moves, ["a5", "d7", "f3", "i13"]);
        assert_eq!(r.board, BoardSource::preset("hex", Some(13)));
        assert!(
            r.notes[0].contains("13×13 (the smallest board"),
            "{:?}",
            r.notes
        );
        let r = read_hex_link(" a4 d5 \n g7 h2 ").unwrap();
        assert_eq!(r.board, BoardSource::preset("hex", Some(11)));
        assert!(r.notes[0].contains("PlayHex's default"), "{:?}", r.notes);
    }

    #[test]
    fn what_is_not_read_is_refused_with_the_reason() {
        let cases = [
            ("11c1,f6:pe5", "a pass"),
            ("11x9c1,f6", "a board of 11×9 cells"),
            ("30c1,f6", "sizes 1 to 26"),
            ("0c1,", "size 0"),
            ("11c1,f6z12", "move 2 is off the 11×11 board"),
            ("11c1,f6!e5", "move 2 '!e5' is not a cell"),
            ("11c1,f6e5:s", "a swap as move 3"),
            ("11c1,f6:rx", "must name the player"),
            ("https://hexworld.org/board/#f6e5", "not a board size"),
            ("f6 pass", "a pass (move 2; Hex has none)"),
            ("f6 e4 pass", "a pass (move 3;"),
            ("f6 hello", "'hello' is not a cell"),
            ("aa1", "move 1 'aa1', a column beyond z"),
            ("", "empty"),
        ];
        for (text, why) in cases {
            let e = read_hex_link(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
            assert!(e.starts_with("Hex game link"), "{e}");
        }
    }

    #[test]
    fn only_links_and_move_lists_are_recognised() {
        for yes in [
            "https://hexworld.org/board/#11c1,f6",
            "http://www.trmph.com/hex/board#13,a1b2",
            "f6 pass",
            "11r9c1,b4:sh4",
            "a5 swap-pieces d4",
            "\u{feff}f6\n",
        ] {
            assert!(looks_like_hex_link(yes), "{yes}");
        }
        for no in [
            "",
            "hello world",
            "see https://example.org/#11,f6",
            "(;FF[4]GM[11];B[f6])",
            "# 11, notes",
            "f6 and more",
            "3,4",
        ] {
            assert!(!looks_like_hex_link(no), "{no}");
        }
    }
}
