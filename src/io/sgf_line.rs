//! What the readers of other programs' SGF records share ([`super::tsgf`],
//! [`super::lg_hex`], [`super::lg_havannah`], [`super::loa_sgf`], and
//! [`super::t1`] for its error): their error type, the one line of play of a
//! game tree and its moves, a property's first value, the players; what
//! Little Golem's readers share: two-letter points and board sizes (Hex,
//! TwixT), and the alternating moves and the result of its Hex and Havannah
//! records; and what their writers share: SGF text escapes, the refusal of
//! variations. Below both the readers and the dispatcher
//! ([`super::foreign`]), so neither imports the other's caller.

use super::excerpt::excerpt;
use super::record::{GameRecord, RecordResult};
use super::sgf::{self, Node, SgfError, SgfTree};

/// Why a record of another program could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ForeignError {
    #[error(transparent)]
    Sgf(#[from] SgfError),
    #[error(
        "this SGF file holds a game of {game} (GM[{gm}]); boardwright reads SGF records of Hex (GM[11]) as HexGui and Little Golem write them, TwixT (GM[21] and Little Golem's .tsgf), Lines of Action (GM[9], as boardspace writes it) and Little Golem's Havannah (.hgf)"
    )]
    OtherGame { game: String, gm: String },
    #[error("{format}: {what} is not supported; nothing of the file was read")]
    Unsupported { format: &'static str, what: String },
    #[error("{format}: {message}")]
    Invalid {
        format: &'static str,
        message: String,
    },
}

impl ForeignError {
    pub(crate) fn invalid(format: &'static str, message: impl Into<String>) -> ForeignError {
        ForeignError::Invalid {
            format,
            message: message.into(),
        }
    }
    pub(crate) fn unsupported(format: &'static str, what: impl Into<String>) -> ForeignError {
        ForeignError::Unsupported {
            format,
            what: what.into(),
        }
    }
}

/// The nodes of the only line of `tree`; a branch is refused (these formats
/// have no variations).
pub(crate) fn main_line(tree: SgfTree, format: &'static str) -> Result<Vec<Node>, ForeignError> {
    let mut nodes = Vec::new();
    let mut t = tree;
    loop {
        nodes.append(&mut t.nodes);
        match t.children.len() {
            0 => return Ok(nodes),
            1 => t = t.children.pop().expect("one child"),
            _ => {
                return Err(ForeignError::unsupported(
                    format,
                    format!(
                        "a file with variations (another line of play branches off after node {})",
                        nodes.len()
                    ),
                ));
            }
        }
    }
}

/// The first value of property `id` in `node`.
pub(crate) fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a str> {
    node.iter()
        .find(|(k, _)| k == id)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

/// Parses the text of an SGF file (a byte-order mark is skipped).
pub(crate) fn parse_text(text: &str) -> Result<SgfTree, ForeignError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Ok(sgf::parse_tree(text)?)
}

/// The nodes of the only line of `tree`, a record of `game` whose root's
/// `GM`, when present, must be `gm`.
pub(crate) fn game_line(
    tree: SgfTree,
    format: &'static str,
    gm: &str,
    game: &str,
) -> Result<Vec<Node>, ForeignError> {
    let nodes = main_line(tree, format)?;
    if let Some(v) = prop(&nodes[0], "GM")
        && v.trim() != gm
    {
        return Err(ForeignError::invalid(
            format,
            format!("GM[{}] is not {game} (GM[{gm}])", excerpt(v)),
        ));
    }
    Ok(nodes)
}

/// A point in Little Golem's two-letter style (column then row, `a` the first)
/// on an n×n board, as (col, row). Little Golem writes TwixT and Hex points so.
pub(crate) fn two_letter_point(text: &str, n: u32) -> Option<(u32, u32)> {
    let b = text.as_bytes();
    if b.len() != 2 || !b.iter().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let (c, r) = ((b[0] - b'a') as u32, (b[1] - b'a') as u32);
    (c < n && r < n).then_some((c, r))
}

/// The board side `SZ` of a record whose points are two letters a–z
/// (`default` without `SZ`), from `min` to [`TWO_LETTER_MAX`].
pub(crate) fn two_letter_size(
    root: &Node,
    default: &str,
    min: u32,
    format: &'static str,
) -> Result<u32, ForeignError> {
    let sz = prop(root, "SZ").unwrap_or(default).trim();
    sz.parse()
        .ok()
        .filter(|n| (min..=TWO_LETTER_MAX).contains(n))
        .ok_or_else(|| {
            ForeignError::invalid(
                format,
                format!(
                    "board size SZ[{}] is not read (two-letter points a–z: sizes {min} to {TWO_LETTER_MAX})",
                    excerpt(sz)
                ),
            )
        })
}

/// Largest board side two-letter points (a–z) can name.
pub(crate) const TWO_LETTER_MAX: u32 = 26;

/// Move `ply`'s two-letter point `value` on the n×n board as (col, row), or
/// the error naming it (`what`: "cell", "hole").
pub(crate) fn two_letter_move(
    value: &str,
    n: u32,
    ply: usize,
    what: &str,
    format: &'static str,
) -> Result<(u32, u32), ForeignError> {
    two_letter_point(value, n).ok_or_else(|| {
        ForeignError::invalid(
            format,
            format!(
                "move {ply} '{}' is not a {what} of the {n}×{n} board (two letters a–{}, column then row), swap or resign",
                excerpt(value),
                (b'a' + n.min(TWO_LETTER_MAX) as u8 - 1) as char
            ),
        )
    })
}

/// Refuses a record with variations for a format whose files hold one line
/// of play (`whose` names the files in the message: "boardspace's").
pub(crate) fn one_line(
    record: &GameRecord,
    format: &'static str,
    whose: &str,
) -> Result<(), ForeignError> {
    if record.variations.is_empty() {
        return Ok(());
    }
    Err(ForeignError::unsupported(
        format,
        format!(
            "a game with {} variation(s) ({whose} records hold one line; save it as .ron)",
            record.variations.len()
        ),
    ))
}

/// A text value escaped for SGF: `\\` and `]` behind a backslash.
pub(crate) fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The people of a record: `PB` (the first player) and `PW`.
pub(crate) fn players(root: &Node) -> [String; 2] {
    [prop(root, "PB"), prop(root, "PW")].map(|p| p.unwrap_or_default().to_string())
}

/// The person who plays `player`'s side, by `PB` (0) or `PW` (1), else "the
/// first player" / "the second player".
pub(crate) fn person(root: &Node, player: u8) -> String {
    prop(root, if player == 0 { "PB" } else { "PW" })
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(excerpt)
        .unwrap_or_else(|| ["the first player", "the second player"][player as usize & 1].into())
}

/// The note for moves after a resignation, which are not read.
pub(crate) fn after_resignation(count: usize) -> String {
    format!("{count} move(s) after the resignation were not read")
}

/// Every move on the line `nodes` in file order, as (property, value), for
/// the move properties `ids`. Refused: a set-up position (`AB`, `AW`, `AE`),
/// and moves written with one of the properties `other` — another program's
/// way, which `hint` names.
pub(crate) fn line_moves<'a>(
    nodes: &'a [Node],
    ids: &[&str],
    other: &[&str],
    hint: &str,
    format: &'static str,
) -> Result<Vec<(&'a str, &'a str)>, ForeignError> {
    let mut moves = Vec::new();
    for node in nodes {
        for (k, v) in node {
            let value = v.first().map_or("", |s| s.trim());
            if ids.contains(&k.as_str()) {
                moves.push((k.as_str(), value));
            } else if other.contains(&k.as_str()) {
                return Err(ForeignError::unsupported(
                    format,
                    format!("moves written as {k}[{}] ({hint})", excerpt(value)),
                ));
            } else if matches!(k.as_str(), "AB" | "AW" | "AE") {
                return Err(ForeignError::unsupported(
                    format,
                    format!("a set-up position ({k}[{}])", excerpt(value)),
                ));
            }
        }
    }
    Ok(moves)
}

/// Whether a record's source (`SO`) names Little Golem.
pub(crate) fn names_little_golem(root: &Node) -> bool {
    prop(root, "SO").is_some_and(|so| {
        let so = so.to_ascii_lowercase();
        so.contains("littlegolem") || so.contains("little golem")
    })
}

/// A Little Golem record's line of play: its move values in order, with
/// `swap` as it is written and the other points for the reader to read, up
/// to a resignation.
pub(crate) struct LittleGolemLine<'a> {
    /// The values of the moves before any resignation (ply k + 1 at index k).
    pub moves: Vec<&'a str>,
    /// The player who resigned (0 the first mover).
    pub resigned: Option<u8>,
    /// What was not read (moves after the resignation).
    pub notes: Vec<String>,
}

/// The moves of a Little Golem Hex or Havannah record: `B` and `W` nodes that
/// alternate, the first written `W` (whatever its letter, the first mover is
/// player 0), up to a `resign`.
pub(crate) fn little_golem_line<'a>(
    nodes: &'a [Node],
    format: &'static str,
) -> Result<LittleGolemLine<'a>, ForeignError> {
    let file_moves: Vec<(char, &str)> = line_moves(nodes, &["B", "W"], &[], "", format)?
        .into_iter()
        .map(|(k, v)| (if k == "B" { 'B' } else { 'W' }, v))
        .collect();
    let mut line = LittleGolemLine {
        moves: Vec::new(),
        resigned: None,
        notes: Vec::new(),
    };
    for (k, &(letter, value)) in file_moves.iter().enumerate() {
        let player = (k % 2) as u8;
        let expected = match (file_moves[0].0, player) {
            (first, 0) => first,
            ('W', _) => 'B',
            _ => 'W',
        };
        if letter != expected {
            return Err(ForeignError::invalid(
                format,
                format!(
                    "move {} '{}' is marked {letter} but it is {expected}'s turn (the moves alternate)",
                    k + 1,
                    excerpt(value)
                ),
            ));
        }
        if value.eq_ignore_ascii_case("resign") {
            line.resigned = Some(player);
            if k + 1 < file_moves.len() {
                line.notes.push(after_resignation(file_moves.len() - k - 1));
            }
            break;
        }
        line.moves.push(value);
    }
    Ok(line)
}

/// The result of a Little Golem record: a resignation, else `RE[B]` (a win
/// of `PB`, the first player) or `RE[W]` (of `PW`) — a connection the rules
/// will find, else the loser's time ran out (the site records no other
/// reason). A recorded winner the resignation contradicts, or a result it
/// cannot be, is noted in `notes`.
pub(crate) fn little_golem_result(
    root: &Node,
    resigned: Option<u8>,
    notes: &mut Vec<String>,
) -> Option<RecordResult> {
    let mut result = resigned.map(|p| RecordResult {
        winner: Some(1 - p),
        reason: format!("{} resigned", person(root, p)),
        resigned: Some(p),
        timeout: None,
    });
    if let Some(re) = prop(root, "RE") {
        let re = re.trim();
        // PB is the first player, PW the second.
        let winner = match re.to_ascii_uppercase().as_str() {
            "B" => Some(0u8),
            "W" => Some(1u8),
            _ => None,
        };
        match (winner, &result) {
            (Some(w), Some(r)) if r.winner != Some(w) => notes.push(format!(
                "RE[{}] says {} won, but the moves end with {}; the moves count",
                excerpt(re),
                person(root, w),
                r.reason
            )),
            (Some(_), Some(_)) => {}
            (Some(w), None) => {
                // No resignation: a connection, else (Little Golem's only other
                // ending) the loser's time ran out; the rules decide which.
                result = Some(RecordResult {
                    winner: Some(w),
                    reason: format!("RE[{}]", excerpt(re)),
                    resigned: None,
                    timeout: Some(1 - w),
                });
            }
            (None, _) if re.is_empty() || re == "?" => {}
            (None, _) => notes.push(format!(
                "the recorded result RE[{}] was not read (Little Golem writes RE[B] or RE[W])",
                excerpt(re)
            )),
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_letter_points_are_column_then_row_from_a() {
        assert_eq!(two_letter_point("dd", 24), Some((3, 3)));
        assert_eq!(two_letter_point("th", 24), Some((19, 7)));
        assert_eq!(two_letter_point("ya", 24), None);
        assert_eq!(two_letter_point("d4", 24), None);
        assert_eq!(two_letter_point("am", 13), Some((0, 12)));
    }
}
