//! Hex game records in SGF as HexGui, Benzene (MoHex) and its `twogtp.py`
//! write them: `(;FF[4]GM[11]SZ[n]…;B[f6];W[swap-pieces];W[e5])`, read into and
//! written from game record data ([`GameRecord`]).
//!
//! Conventions (checked against HexGui's `HexGui.java`/`SgfWriter.java` and
//! Benzene's `Game.cpp`/`tournament/gameplayer.py`):
//! * `B` (Black) is the first player — boardwright's Red (player 0, joins top
//!   and bottom); `W` is the second, Blue. `PB`/`PW` name the people who
//!   started as Black and White.
//! * A point is column letter + row number, `a1` top-left, exactly the face
//!   labels of [`crate::presets::hex`]; the board is the `hex` preset of size `SZ`.
//! * **Swap.** White's second move `W[swap-pieces]` leaves Black's stone where it
//!   is (it is now the swapping person's) and does *not* pass the turn: the next
//!   move is marked `W` again, and from then on colours are the colours of the
//!   stones, with the people exchanged. boardwright's swap instead mirrors the
//!   stone — (col, row) → (row, col) — into a Blue stone and keeps the people on
//!   their sides, which is the same game seen in a mirror. So after a swap the
//!   reader mirrors every point and exchanges the colours (a `W[h4]` after the
//!   swap is Red's `d8`), and the writer does the reverse; `RE` after a swap
//!   names the colour of the stones, exchanged the same way. The board shown
//!   after a swap is therefore HexGui's mirror image. `swap` and `swap-sides`
//!   are read as `swap-pieces`. Files written by boardwright before it used this
//!   convention (`AP[boardwright:…]`, the move after the swap marked `B`) are
//!   read as they were written.
//! * `resign` as a move ends the game (twogtp appends the loser's `resign` after
//!   the connecting move); moves after it are not read and a note says so.
//!   `RE[B+]`/`RE[W+]` (also Little Golem's `RE[B]`), `RE[B+Resign]`/`RE[W+R]`
//!   record the result; the game layer compares it with the replayed game.
//!   Other results (time, forfeit) are kept as a note.
//! * The file holds one game tree. Variations (several lines of play) are
//!   refused for now, naming the node where the tree branches; the parser keeps
//!   the whole tree ([`SgfTree`]) so variations can be read once games keep them.
//! * Not read, and refused with a message rather than dropped: setup stones
//!   (`AB`/`AW`/`AE`), White to move first (`PL[W]`), a colour moving twice,
//!   Little Golem's dialect (two-letter points such as `mf`, `SO[…littlegolem…]`),
//!   text after the game tree.
//! * Limits: at most [`MAX_SGF_BYTES`] bytes and [`MAX_SGF_NODES`] nodes, checked
//!   while parsing; untrusted text in messages is quoted as a short excerpt.

use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use crate::board::{Board, grid_label, parse_grid_label};

/// The rules name SGF files are read as and the only one they can be written for.
pub const SGF_RULES: &str = "hex";
/// Largest SGF file read, in bytes.
pub const MAX_SGF_BYTES: u64 = 16 << 20;
/// Most nodes (moves and setup) in an SGF file; far more than a 100×100 Hex
/// board can hold.
pub const MAX_SGF_NODES: usize = 100_000;
pub use super::excerpt::{excerpt, excerpt_n};

/// Why an SGF record could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Syntax(String),
    #[error("not a Hex record: GM[{0}] (Hex is GM[11])")]
    NotHex(String),
    #[error("unsupported board size SZ[{0}] (a square Hex board from 1 to 100 is needed)")]
    Size(String),
    #[error(
        "move {ply} '{text}' is illegal: it is marked {marked} but it is {expected}'s turn{hint}"
    )]
    Turn {
        ply: usize,
        text: String,
        marked: char,
        expected: char,
        /// Extra explanation (empty, or starting with "; ").
        hint: String,
    },
    #[error("move {ply} '{text}' is not a cell of the {n}×{n} board")]
    Point { ply: usize, text: String, n: u32 },
    #[error(
        "the file has variations (another line of play branches off at move {ply}); boardwright cannot keep variations yet, and reading only the main line would lose them"
    )]
    Variations { ply: usize },
    #[error("{0} is not supported yet; nothing of the file was read")]
    Unsupported(String),
    #[error(
        "this is a Little Golem Hex record ({0}); Little Golem's dialect (two-letter points, its own board orientation and swap) is not read yet — export the game as HexGui SGF instead"
    )]
    LittleGolem(String),
    #[error("the file holds more than {MAX_SGF_NODES} nodes, more than any Hex game")]
    TooManyNodes,
    #[error("SGF is written for Hex games; this is a {0} game")]
    NotHexGame(String),
    #[error(
        "SGF export needs a Hex game on an n×n rhombus labelled a1 (top-left) to the last cell"
    )]
    NotRhombus,
}

/// One node: (property, values) in order.
pub type Node = Vec<(String, Vec<String>)>;

/// An SGF game tree: a sequence of nodes, then the variations that follow it
/// (none at the end of a line; one is just the continuation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SgfTree {
    pub nodes: Vec<Node>,
    pub children: Vec<SgfTree>,
}

/// Parse the first game tree of `text` (iteratively: deep nesting cannot
/// overflow the stack). Text other than white space after it is refused.
pub fn parse_tree(text: &str) -> Result<SgfTree, SgfError> {
    let b = text.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i >= b.len() || b[i] != b'(' {
        return Err(SgfError::Syntax(
            "expected '(' at the start of the game tree".into(),
        ));
    }
    i += 1;
    // The trees being read, innermost last.
    let mut stack: Vec<SgfTree> = vec![SgfTree::default()];
    let mut count = 0usize;
    loop {
        skip_ws(&mut i);
        if i >= b.len() {
            return Err(SgfError::Syntax(
                "unbalanced parentheses: missing ')' at the end".into(),
            ));
        }
        match b[i] {
            b'(' => {
                if stack.last().is_some_and(|t| t.nodes.is_empty()) {
                    return Err(SgfError::Syntax(format!(
                        "a variation at byte {i} starts before any node of its line"
                    )));
                }
                stack.push(SgfTree::default());
                i += 1;
            }
            b')' => {
                i += 1;
                let done = stack.pop().expect("the stack holds the open trees");
                if done.nodes.is_empty() {
                    return Err(SgfError::Syntax(format!(
                        "an empty game tree '()' ends at byte {i}"
                    )));
                }
                match stack.last_mut() {
                    Some(parent) => parent.children.push(done),
                    None => {
                        skip_ws(&mut i);
                        if i < b.len() {
                            let rest = String::from_utf8_lossy(&b[i..]);
                            return Err(SgfError::Syntax(format!(
                                "text after the game tree at byte {i}: '{}' (boardwright reads one game per file)",
                                excerpt(&rest)
                            )));
                        }
                        return Ok(done);
                    }
                }
            }
            b';' => {
                i += 1;
                count += 1;
                if count > MAX_SGF_NODES {
                    return Err(SgfError::TooManyNodes);
                }
                let tree = stack.last_mut().expect("inside a tree");
                if !tree.children.is_empty() {
                    return Err(SgfError::Syntax(format!(
                        "a node at byte {i} follows a variation in the same line"
                    )));
                }
                tree.nodes.push(parse_node(b, &mut i)?);
            }
            c => {
                let ch = text[i..].chars().next().unwrap_or(c as char);
                return Err(SgfError::Syntax(format!(
                    "unexpected character '{}' at byte {i}",
                    ch.escape_debug()
                )));
            }
        }
    }
}

/// The properties of one node, `i` just after its `;`.
fn parse_node(b: &[u8], i: &mut usize) -> Result<Node, SgfError> {
    let mut node: Node = Vec::new();
    loop {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
        let start = *i;
        // Letters, then letters or digits: boardspace names its move
        // properties P0 and P1 (read by `loa_sgf`).
        while *i < b.len()
            && (b[*i].is_ascii_alphabetic() || (*i > start && b[*i].is_ascii_digit()))
        {
            *i += 1;
        }
        if start == *i {
            return Ok(node);
        }
        let ident = String::from_utf8_lossy(&b[start..*i]).to_string();
        let mut values = Vec::new();
        loop {
            while *i < b.len() && b[*i].is_ascii_whitespace() {
                *i += 1;
            }
            if *i >= b.len() || b[*i] != b'[' {
                break;
            }
            *i += 1;
            let mut v = Vec::new();
            loop {
                if *i >= b.len() {
                    return Err(SgfError::Syntax(format!(
                        "property {} has an unterminated value",
                        excerpt(&ident)
                    )));
                }
                match b[*i] {
                    b'\\' if *i + 1 < b.len() => {
                        v.push(b[*i + 1]);
                        *i += 2;
                    }
                    b']' => {
                        *i += 1;
                        break;
                    }
                    c => {
                        v.push(c);
                        *i += 1;
                    }
                }
            }
            values.push(String::from_utf8_lossy(&v).to_string());
        }
        if values.is_empty() {
            return Err(SgfError::Syntax(format!(
                "property {} has no value",
                excerpt(&ident)
            )));
        }
        node.push((ident, values));
    }
}

/// The nodes of the only line of `tree`; variations are refused.
fn main_line(tree: SgfTree) -> Result<Vec<Node>, SgfError> {
    let mut nodes = Vec::new();
    let mut t = tree;
    loop {
        nodes.extend(t.nodes);
        match t.children.len() {
            0 => return Ok(nodes),
            1 => t = t.children.pop().expect("one child"),
            _ => {
                let moves = nodes
                    .iter()
                    .flat_map(|n| n.iter())
                    .filter(|(k, _)| k == "B" || k == "W")
                    .count();
                return Err(SgfError::Variations { ply: moves + 1 });
            }
        }
    }
}

fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a str> {
    node.iter()
        .find(|(k, _)| k == id)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

/// The HexGui point mirrored (col, row) → (row, col), if it is a cell of the
/// n×n board.
fn mirror_point(text: &str, n: u32) -> Option<String> {
    let (c, r) = parse_grid_label(&text.to_ascii_lowercase())?;
    (c < n && r < n).then(|| grid_label(r, c))
}

fn colour_char(p: u8) -> char {
    if p == 0 { 'B' } else { 'W' }
}

fn is_swap(text: &str) -> bool {
    ["swap-pieces", "swap", "swap-sides"]
        .iter()
        .any(|s| text.eq_ignore_ascii_case(s))
}

/// Whether `text` is a point in Little Golem's (and Go's) two-letter style.
fn is_two_letter_point(text: &str) -> bool {
    text.len() == 2 && text.bytes().all(|c| c.is_ascii_lowercase())
}

/// Read an SGF Hex record (HexGui, Benzene, twogtp) into game record data: Hex
/// on the `hex` preset of size `SZ`, the moves in boardwright's convention,
/// player names and the recorded result. Notes about what was not read
/// (moves after a resignation, results the rules cannot check) are in
/// [`GameRecord::notes`].
pub fn read_sgf(text: &str) -> Result<GameRecord, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let nodes = main_line(parse_tree(text)?)?;
    let root = nodes
        .first()
        .ok_or_else(|| SgfError::Syntax("the game tree has no nodes".into()))?;
    if let Some(so) = prop(root, "SO")
        && so.to_ascii_lowercase().contains("littlegolem")
    {
        return Err(SgfError::LittleGolem(format!("SO[{}]", excerpt(so))));
    }
    if let Some(gm) = prop(root, "GM")
        && gm.trim() != "11"
    {
        return Err(SgfError::NotHex(excerpt(gm)));
    }
    let sz = prop(root, "SZ").unwrap_or("11").trim().to_string();
    let n: u32 = match sz.split_once(':') {
        Some((a, b)) if a.trim() == b.trim() => a.trim().parse().ok(),
        Some(_) => None,
        None => sz.parse().ok(),
    }
    .filter(|n| (1..=100).contains(n))
    .ok_or_else(|| SgfError::Size(excerpt(&sz)))?;
    let by_boardwright = prop(root, "AP").is_some_and(|a| a.starts_with("boardwright"));

    // Every move, in file order: (colour 0 = B / 1 = W, value).
    let mut file_moves: Vec<(u8, &str)> = Vec::new();
    let mut seen_move = false;
    for node in &nodes {
        for (k, v) in node {
            match k.as_str() {
                "B" | "W" => {
                    seen_move = true;
                    file_moves.push((u8::from(k == "W"), v[0].trim()));
                }
                "AB" | "AW" | "AE" => {
                    return Err(SgfError::Unsupported(format!(
                        "a setup position ({k}[{}]: stones placed before the game)",
                        excerpt(&v[0])
                    )));
                }
                "PL" => {
                    let pl = v[0].trim().to_ascii_uppercase();
                    if seen_move || !(pl == "B" || pl == "BLACK" || pl == "1") {
                        return Err(SgfError::Unsupported(format!(
                            "a position with {} to move (PL[{}])",
                            if pl.starts_with('W') || pl == "2" {
                                "White"
                            } else {
                                "a chosen colour"
                            },
                            excerpt(&v[0])
                        )));
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(&(_, m)) = file_moves.iter().find(|(_, m)| is_two_letter_point(m)) {
        return Err(SgfError::LittleGolem(format!(
            "the point '{}' is written with two letters",
            excerpt(m)
        )));
    }

    let mut moves: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let mut resigned: Option<u8> = None;
    // HexGui's swap happened: colours are exchanged and points mirrored.
    let mut swapped = false;
    for (k, &(colour, text)) in file_moves.iter().enumerate() {
        if let Some(p) = resigned {
            notes.push(format!(
                "{} move(s) after {}'s resignation were not read",
                file_moves.len() - k,
                colour_char(if swapped { 1 - p } else { p })
            ));
            break;
        }
        let ply = moves.len() + 1;
        let player = if swapped { 1 - colour } else { colour };
        if text.eq_ignore_ascii_case("resign") {
            resigned = Some(player);
            continue;
        }
        let expected = ((ply - 1) % 2) as u8;
        if player != expected {
            let hint = if k > 0 && file_moves[k - 1].0 == colour && !is_swap(file_moves[k - 1].1) {
                "; positions where a colour moves twice (puzzles, analysis) are not supported yet"
            } else if k > 0 && is_swap(file_moves[k - 1].1) {
                "; after W[swap-pieces] White moves again (HexGui's convention)"
            } else if k == 0 {
                "; records where White moves first are not supported yet"
            } else {
                ""
            };
            return Err(SgfError::Turn {
                ply,
                text: excerpt(text),
                marked: colour_char(colour),
                expected: colour_char(if swapped { 1 - expected } else { expected }),
                hint: hint.to_string(),
            });
        }
        if is_swap(text) {
            moves.push("swap".to_string());
            // HexGui: the swapping colour moves again. boardwright's own files
            // from before this convention marked the next move B and did not mirror.
            let legacy = by_boardwright && file_moves.get(k + 1).is_some_and(|m| m.0 == 0);
            swapped = !legacy;
            continue;
        }
        if swapped {
            moves.push(mirror_point(text, n).ok_or_else(|| SgfError::Point {
                ply,
                text: excerpt(text),
                n,
            })?);
        } else {
            moves.push(text.to_string());
        }
    }
    let winner_of = |colour: u8| if swapped { 1 - colour } else { colour };
    let mut result = resigned.map(|p| RecordResult {
        winner: Some(1 - p),
        reason: format!("{} resigned", colour_char(if swapped { 1 - p } else { p })),
        resigned: Some(p),
    });
    if let Some(re) = prop(root, "RE") {
        let re_trim = re.trim();
        let upper = re_trim.to_ascii_uppercase();
        let (who, how) = match upper.split_once('+') {
            Some((w, h)) => (w.trim(), h.trim()),
            None => (upper.as_str(), ""),
        };
        let colour = match who {
            "B" | "BLACK" => Some(0u8),
            "W" | "WHITE" => Some(1u8),
            _ => None,
        };
        let by_resign = how == "R" || how.starts_with("RESIGN");
        match (colour, &result) {
            (Some(c), Some(r)) => {
                if r.winner != Some(winner_of(c)) {
                    notes.push(format!(
                        "RE[{}] disagrees with the moves, which end with {}",
                        excerpt(re_trim),
                        r.reason
                    ));
                }
            }
            (Some(c), None) if how.is_empty() || by_resign => {
                let w = winner_of(c);
                result = Some(RecordResult {
                    winner: Some(w),
                    reason: format!("RE[{}]", excerpt(re_trim)),
                    resigned: by_resign.then_some(1 - w),
                });
            }
            (Some(_), None) => notes.push(format!(
                "the recorded result RE[{}] is not one the rules can check; the game opens at its last move",
                excerpt(re_trim)
            )),
            (None, _) if re_trim.is_empty() || re_trim == "?" => {}
            (None, _) => notes.push(format!(
                "the recorded result RE[{}] was not read (Hex has no draws)",
                excerpt(re_trim)
            )),
        }
    }
    let swap = moves.iter().any(|m| m == "swap");
    let players = [prop(root, "PB"), prop(root, "PW")].map(|p| p.unwrap_or_default().to_string());
    let mut record = GameRecord::new(
        SGF_RULES,
        RecordOptions {
            swap,
            ..RecordOptions::default()
        },
        BoardSource::Preset {
            name: "hex".into(),
            size: Some(n),
        },
        players,
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The side length if `board` is an n×n rhombus labelled like HexGui's.
fn rhombus_size(b: &Board) -> Option<u32> {
    let nf = b.face_count();
    let n = (nf as f64).sqrt().round() as u32;
    if (n as usize * n as usize) != nf || n == 0 {
        return None;
    }
    let mut seen = vec![false; nf];
    for f in b.mesh().face_ids() {
        let c = b.coord(f)?;
        if c.col < 0 || c.row < 0 || c.col as u32 >= n || c.row as u32 >= n {
            return None;
        }
        if !b
            .label(f)
            .eq_ignore_ascii_case(&grid_label(c.col as u32, c.row as u32))
        {
            return None;
        }
        let k = (c.row as u32 * n + c.col as u32) as usize;
        if std::mem::replace(&mut seen[k], true) {
            return None;
        }
    }
    Some(n)
}

/// Write a Hex game record, played on `board`, as HexGui SGF (HexGui's swap
/// convention: see the module documentation).
pub fn write_sgf(record: &GameRecord, board: &Board) -> Result<String, SgfError> {
    if record.rules != SGF_RULES {
        return Err(SgfError::NotHexGame(record.rules.clone()));
    }
    let n = rhombus_size(board).ok_or(SgfError::NotRhombus)?;
    let players = &record.players;
    let mut s = format!(
        "(;FF[4]GM[11]AP[boardwright:{}]SZ[{n}]PB[{}]PW[{}]",
        env!("CARGO_PKG_VERSION"),
        escape(&players[0]),
        escape(&players[1])
    );
    let swapped = record.moves.iter().any(|m| m == "swap");
    // The colour HexGui gives player `p`'s stones at the end of the game.
    let colour_at_end = |p: u8| colour_char(if swapped { 1 - p } else { p });
    let resigned = record.result.as_ref().and_then(|r| r.resigned);
    if let Some(w) = record.result.as_ref().and_then(|r| r.winner) {
        let c = colour_at_end(w);
        if resigned.is_some() {
            s.push_str(&format!("RE[{c}+Resign]"));
        } else {
            s.push_str(&format!("RE[{c}+]"));
        }
    }
    let mut after_swap = false;
    for (k, m) in record.moves.iter().enumerate() {
        let p = (k % 2) as u8;
        if m == "swap" {
            s.push_str(&format!(";{}[swap-pieces]", colour_char(p)));
            after_swap = true;
            continue;
        }
        let (c, point) = if after_swap {
            let mirrored = mirror_point(m, n).ok_or_else(|| SgfError::Point {
                ply: k + 1,
                text: excerpt(m),
                n,
            })?;
            (colour_char(1 - p), mirrored)
        } else {
            (colour_char(p), m.clone())
        };
        s.push_str(&format!(";{c}[{}]", escape(&point)));
    }
    if let Some(p) = resigned {
        s.push_str(&format!(";{}[resign]", colour_at_end(p)));
    }
    s.push_str(")\n");
    Ok(s)
}
