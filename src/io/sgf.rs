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
//! * **The swap rule** has no mark in HexGui's files: a record reads with the
//!   rule on when a swap was played. A game played with the rule but no swap
//!   (yet) is written with `RU[swap]` in the root and read back with the rule
//!   on ([`swap_rule_property`]); `RU[no swap]` is read too.
//! * `resign` as a move ends the game (twogtp appends the loser's `resign` after
//!   the connecting move); moves after it are not read and a note says so.
//!   `RE[B+]`/`RE[W+]` (also a bare `RE[B]`), `RE[B+Resign]`/`RE[W+R]`
//!   record the result, `RE[B+T]`/`RE[W+Time]` a win on time; the game layer
//!   compares it with the replayed game. Other results (forfeit) are kept as a
//!   note.
//! * **Clock** (SGF FF4's timing properties; HexGui writes none of its own and
//!   keeps unknown properties as they are): `TM` in the root is the time
//!   limit per player in seconds; a Fischer increment is written in the free
//!   text of `OT` as `OT[Fischer +3s]` (read back from any `OT` naming Fischer
//!   and a number; another `OT` is noted and not used); each move node carries
//!   the mover's time left after the move, `BL`/`WL` in seconds, by the colour
//!   of the stones (after HexGui's swap the other player's). A loss on time off
//!   the main line has no SGF move: it is written as a comment
//!   `C[White ran out of time]` and not read back. Where the game was left
//!   mid-move (the live clock) is kept by RON records only.
//! * **Set-up positions** (HexGui puzzles, analysis files, Benzene's
//!   regression positions): `AB`/`AW` put Black/White stones, `AE` empties
//!   points, in nodes before the first move (HexGui writes them in the second
//!   node: `(;FF[4]GM[11]SZ[11];AB[e4]AW[b1][j1]PL[W])`); they become the
//!   record's [`RecordSetup`], the game's start position. Who moves first: the
//!   colour of the first move; without moves `PL` (HexGui's `determineColorToMove`
//!   takes `PL` at a set-up node), else Black. A `PL` that the first move
//!   contradicts is noted. Set-up stones after a move or inside a variation
//!   (HexGui allows them at any node) and compressed point lists (`AB[a1:c3]`)
//!   are refused, naming them. The writer puts the set-up in the second node
//!   with `PL` always written.
//! * **A colour moving twice** on the main line before any swap (HexGui lets
//!   either colour play at any time): the moves before it become set-up stones
//!   and the game starts there, with a note; after a swap, or when a variation
//!   branches off among those moves, it is refused.
//! * **Variations**: every line of the tree is read into the record's
//!   variations (the first child is the main line, as HexGui keeps it) and
//!   written back nested as HexGui writes them, `(;…;B[c3](;W[b4];…)(;W[a1];…))`,
//!   so SGF → game tree → SGF gives the same text for files boardwright wrote.
//!   A variation without moves is refused.
//! * Little Golem's dialect (two-letter points such as `mf`, `SO[…littlegolem…]`)
//!   is not this reader's: it is refused by name here, and opening the file
//!   reads it with [`super::lg_hex`]. Text after the game tree is refused.
//! * Limits: at most [`MAX_SGF_BYTES`] bytes and [`MAX_SGF_NODES`] nodes, checked
//!   while parsing; untrusted text in messages is quoted as a short excerpt.

use super::record::{
    BoardSource, GameRecord, RecordClock, RecordOptions, RecordResult, RecordSetup, RecordVariation,
};
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
        "variation {variation} branches off a line that does not come before it or is too short"
    )]
    VariationLine { variation: usize },
    #[error("{0} is not supported yet; nothing of the file was read")]
    Unsupported(String),
    #[error(
        "this is a Little Golem Hex record ({0}), not HexGui's SGF: open the file (boardwright::io::open), which reads Little Golem's dialect"
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

impl Drop for SgfTree {
    /// Iteratively: dropping a deeply nested tree cannot overflow the stack.
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.children);
        while let Some(mut t) = stack.pop() {
            stack.append(&mut t.children);
        }
    }
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

fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a str> {
    node.iter()
        .find(|(k, _)| k == id)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

/// The swap rule as boardwright writes it into a record's root, in SGF
/// FF[4]'s `RU` ("rules used for this game", free text): `RU[swap]` or
/// `RU[no swap]`. HexGui, Benzene, PlayHex and Little Golem write no `RU` for
/// Hex or TwixT and have no other mark of the rule, so each format's reader
/// has its own default without it (HexGui SGF: the rule is on only when a
/// swap was played; Little Golem's `.tsgf`: always on, as the site plays),
/// and a game saved with the other choice would read back with the rule
/// changed; the writers add `RU` exactly then.
pub(crate) fn swap_rule_property(swap: bool) -> &'static str {
    if swap { "RU[swap]" } else { "RU[no swap]" }
}

/// The swap rule a record's root names ([`swap_rule_property`]): `None`
/// without `RU`, or with an `RU` of other words (then a note says it was not
/// read).
pub(crate) fn swap_rule(root: &Node, notes: &mut Vec<String>) -> Option<bool> {
    let text = prop(root, "RU")?;
    match text.trim().to_ascii_lowercase().as_str() {
        "swap" => Some(true),
        "no swap" => Some(false),
        _ => {
            notes.push(format!(
                "the rules RU[{}] were not read (boardwright writes RU[swap] or RU[no swap])",
                excerpt(text)
            ));
            None
        }
    }
}

/// The swap rule of a record whose root names `named` ([`swap_rule`]) and
/// whose moves include a swap or not (`played`); a swap played under
/// `RU[no swap]` wins, with a note, so the game can be replayed.
pub(crate) fn swap_rule_with(
    named: Option<bool>,
    default: bool,
    played: bool,
    notes: &mut Vec<String>,
) -> bool {
    if named == Some(false) && played {
        notes.push(
            "RU[no swap] says the game is played without the swap rule, but a swap was played: it is read with the rule on".into(),
        );
        return true;
    }
    named.unwrap_or(default) || played
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

/// One line of play in the file: the nodes it adds, the line it branches off
/// (0, the main line, for the main line itself) and how many moves of that
/// line come before it.
struct RawLine<'a> {
    parent: usize,
    at: usize,
    nodes: Vec<&'a Node>,
    /// Number of moves in `nodes`.
    moves: usize,
}

fn is_move_prop(k: &str) -> bool {
    k == "B" || k == "W"
}

fn is_setup_prop(k: &str) -> bool {
    k == "AB" || k == "AW" || k == "AE"
}

fn move_count(nodes: &[Node]) -> usize {
    nodes
        .iter()
        .flat_map(|n| n.iter())
        .filter(|(k, _)| is_move_prop(k))
        .count()
}

/// The lines of `tree`, the main line first and every variation after the
/// line it branches off, variations at one place in the order they are
/// offered (iteratively: deep nesting cannot overflow the stack).
fn lines_of(tree: &SgfTree) -> Vec<RawLine<'_>> {
    let mut lines = vec![RawLine {
        parent: 0,
        at: 0,
        nodes: Vec::new(),
        moves: 0,
    }];
    let mut stack = vec![(tree, 0usize)];
    while let Some((t, l)) = stack.pop() {
        lines[l].nodes.extend(t.nodes.iter());
        lines[l].moves += move_count(&t.nodes);
        let Some((first, rest)) = t.children.split_first() else {
            continue;
        };
        let at = lines[l].moves;
        for v in rest {
            lines.push(RawLine {
                parent: l,
                at,
                nodes: Vec::new(),
                moves: 0,
            });
            stack.push((v, lines.len() - 1));
        }
        stack.push((first, l));
    }
    lines
}

/// The colour (0 = B, 1 = W) a setup or `PL` value names.
fn pl_colour(v: &str) -> Option<u8> {
    match v.trim().to_ascii_uppercase().as_str() {
        "B" | "BLACK" | "1" => Some(0),
        "W" | "WHITE" | "2" => Some(1),
        _ => None,
    }
}

/// A line's moves in boardwright's notation.
struct Translated {
    moves: Vec<String>,
    /// Who resigned at its end (boardwright's player).
    resigned: Option<u8>,
    /// Whether HexGui's swap happened, after each number of moves (`moves.len() + 1` entries).
    swapped: Vec<bool>,
    notes: Vec<String>,
}

/// Why a line could not be translated: a move of the wrong colour at file move `k`.
struct WrongColour {
    k: usize,
    error: SgfError,
}

/// Translate one line's file moves, starting `ply` moves into the game with
/// HexGui's swap `swapped` (or not) and `first` (boardwright's player) to move
/// at ply 0.
fn translate(
    file_moves: &[(u8, &str)],
    ply0: usize,
    swapped0: bool,
    first: u8,
    n: u32,
    by_boardwright: bool,
) -> Result<Translated, WrongColour> {
    let mut out = Translated {
        moves: Vec::new(),
        resigned: None,
        swapped: vec![swapped0],
        notes: Vec::new(),
    };
    let mut swapped = swapped0;
    for (k, &(colour, text)) in file_moves.iter().enumerate() {
        if let Some(p) = out.resigned {
            out.notes.push(format!(
                "{} move(s) after {}'s resignation were not read",
                file_moves.len() - k,
                colour_char(if swapped { 1 - p } else { p })
            ));
            break;
        }
        let ply = ply0 + out.moves.len() + 1;
        let player = if swapped { 1 - colour } else { colour };
        if text.eq_ignore_ascii_case("resign") {
            out.resigned = Some(player);
            continue;
        }
        let expected = ((first as usize + ply - 1) % 2) as u8;
        if player != expected {
            let hint = if k > 0 && is_swap(file_moves[k - 1].1) {
                "; after W[swap-pieces] White moves again (HexGui's convention)"
            } else if swapped {
                "; a colour moving twice after a swap is not supported"
            } else {
                ""
            };
            return Err(WrongColour {
                k,
                error: SgfError::Turn {
                    ply,
                    text: excerpt(text),
                    marked: colour_char(colour),
                    expected: colour_char(if swapped { 1 - expected } else { expected }),
                    hint: hint.to_string(),
                },
            });
        }
        if is_swap(text) {
            out.moves.push("swap".to_string());
            // HexGui: the swapping colour moves again. boardwright's own files
            // from before this convention marked the next move B and did not mirror.
            let legacy = by_boardwright && file_moves.get(k + 1).is_some_and(|m| m.0 == 0);
            swapped = !legacy;
            out.swapped.push(swapped);
            continue;
        }
        let mirrored = mirror_point(text, n).ok_or_else(|| WrongColour {
            k,
            error: SgfError::Point {
                ply,
                text: excerpt(text),
                n,
            },
        })?;
        if swapped {
            out.moves.push(mirrored);
        } else {
            out.moves.push(text.to_string());
        }
        out.swapped.push(swapped);
    }
    Ok(out)
}

/// A setup point list value (`AB[e4][f5]`): single points only.
fn setup_point(k: &str, v: &str) -> Result<String, SgfError> {
    let v = v.trim();
    if v.contains(':') {
        return Err(SgfError::Unsupported(format!(
            "a compressed point list ({k}[{}])",
            excerpt(v)
        )));
    }
    if is_two_letter_point(v) {
        return Err(SgfError::LittleGolem(format!(
            "the point '{}' is written with two letters",
            excerpt(v)
        )));
    }
    Ok(v.to_string())
}

/// Read an SGF Hex record (HexGui, Benzene, twogtp) into game record data: Hex
/// on the `hex` preset of size `SZ`, the set-up position if there is one, the
/// moves in boardwright's convention, the variations, player names and the
/// recorded result. Notes about what was not read or was read differently
/// (moves after a resignation, moves read as set-up stones, results the rules
/// cannot check) are in [`GameRecord::notes`].
pub fn read_sgf(text: &str) -> Result<GameRecord, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tree = parse_tree(text)?;
    let lines = lines_of(&tree);
    let root = *lines[0]
        .nodes
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

    // The set-up (main line, before its first move): point → colour (None: AE), in order.
    let mut setup: Vec<(String, Option<u8>)> = Vec::new();
    let mut pl: Option<(u8, String)> = None;
    let mut notes = Vec::new();
    // Every line's moves, in file order: (colour 0 = B / 1 = W, value).
    let mut file_lines: Vec<Vec<(u8, &str)>> = Vec::with_capacity(lines.len());
    for (l, line) in lines.iter().enumerate() {
        let mut moves: Vec<(u8, &str)> = Vec::new();
        for node in &line.nodes {
            for (k, v) in node.iter() {
                if is_move_prop(k) {
                    moves.push((u8::from(k == "W"), v[0].trim()));
                } else if is_setup_prop(k) || k == "PL" {
                    if l > 0 || !moves.is_empty() {
                        let place = if l > 0 {
                            format!("in variation {l}")
                        } else {
                            format!("after move {}", moves.len())
                        };
                        if k == "PL" {
                            notes.push(format!(
                                "PL[{}] {place} was not read: the colour of the next move decides who moves",
                                excerpt(&v[0])
                            ));
                            continue;
                        }
                        return Err(SgfError::Unsupported(format!(
                            "placing set-up stones {place} ({k}[{}]; only the start position can be set up)",
                            excerpt(&v[0])
                        )));
                    }
                    if k == "PL" {
                        let c = pl_colour(&v[0]).ok_or_else(|| {
                            SgfError::Syntax(format!(
                                "PL[{}] names no colour (B or W)",
                                excerpt(&v[0])
                            ))
                        })?;
                        pl = Some((c, excerpt(&v[0])));
                        continue;
                    }
                    let colour = match k.as_str() {
                        "AB" => Some(0),
                        "AW" => Some(1),
                        _ => None,
                    };
                    for value in v {
                        let point = setup_point(k, value)?;
                        if mirror_point(&point, n).is_none() {
                            return Err(SgfError::Unsupported(format!(
                                "the set-up point {k}[{}], which is not a cell of the {n}×{n} board,",
                                excerpt(&point)
                            )));
                        }
                        let point = point.to_ascii_lowercase();
                        setup.retain(|(p, _)| *p != point);
                        setup.push((point, colour));
                    }
                }
            }
        }
        if let Some(&(_, m)) = moves.iter().find(|(_, m)| is_two_letter_point(m)) {
            return Err(SgfError::LittleGolem(format!(
                "the point '{}' is written with two letters",
                excerpt(m)
            )));
        }
        if l > 0 && moves.is_empty() {
            return Err(SgfError::Unsupported(format!(
                "a variation without moves (variation {l}, after move {} of {})",
                line.at,
                if line.parent == 0 {
                    "the main line".to_string()
                } else {
                    format!("variation {}", line.parent)
                }
            )));
        }
        file_lines.push(moves);
    }

    // The time left after each file move (BL, WL of its node), per line.
    let mut file_times: Vec<Vec<[Option<u64>; 2]>> = Vec::with_capacity(lines.len());
    for line in &lines {
        let mut times = Vec::new();
        for node in &line.nodes {
            let mut left = [None, None];
            for (c, id) in ["BL", "WL"].into_iter().enumerate() {
                if let Some(v) = prop(node, id) {
                    left[c] = Some(millis_of(v).ok_or_else(|| {
                        SgfError::Syntax(format!("{id}[{}] is not a time in seconds", excerpt(v)))
                    })?);
                }
            }
            for (k, _) in node.iter() {
                if is_move_prop(k) {
                    times.push(left);
                }
            }
        }
        file_times.push(times);
    }

    // Who moves first: the colour of the first move; else PL; else Black.
    let first_colour = |main: &[(u8, &str)]| match (main.first(), &pl) {
        (Some(&(c, _)), _) => c,
        (None, Some((c, _))) => *c,
        (None, None) => 0,
    };
    // A colour moving twice (puzzles, analysis) on the main line before any
    // swap: the moves before become set-up stones, and the game starts there.
    let mut absorbed = 0usize;
    let main = loop {
        let main = &file_lines[0][absorbed..];
        let first = first_colour(main);
        match translate(main, 0, false, first, n, by_boardwright) {
            Ok(t) => break t,
            Err(WrongColour { k, error }) => {
                let swap_before = main[..k].iter().any(|m| is_swap(m.1));
                let branches_before = lines
                    .iter()
                    .skip(1)
                    .any(|v| v.parent == 0 && v.at < absorbed + k);
                let turn = matches!(error, SgfError::Turn { .. });
                if !turn || k == 0 || swap_before || branches_before {
                    return Err(error);
                }
                for &(c, point) in &main[..k] {
                    let point = point.to_ascii_lowercase();
                    if mirror_point(&point, n).is_none() {
                        return Err(error);
                    }
                    setup.retain(|(p, _)| *p != point);
                    setup.push((point, Some(c)));
                }
                absorbed += k;
            }
        }
    };
    let first = first_colour(&file_lines[0][absorbed..]);
    if absorbed > 0 {
        notes.push(format!(
            "moves 1–{absorbed} were read as set-up stones: a colour moves twice at move {}, and boardwright's games alternate",
            absorbed + 1
        ));
    }
    if let Some((c, text)) = &pl
        && *c != first
    {
        notes.push(format!(
            "PL[{text}] says {} moves first, but the first move is {}'s; the game follows the moves",
            colour_char(*c),
            colour_char(first)
        ));
    }
    notes.extend(main.notes.iter().cloned());
    let main_swapped = *main.swapped.last().expect("the start is listed");

    // Variations, each from the state of its parent line at its branch point.
    let mut translated: Vec<Translated> = vec![main];
    let mut start_ply = vec![0usize];
    let mut variations = Vec::new();
    for (l, line) in lines.iter().enumerate().skip(1) {
        let parent = &translated[line.parent];
        let at = if line.parent == 0 {
            line.at - absorbed
        } else {
            line.at
        };
        let Some(&swapped) = parent.swapped.get(at) else {
            return Err(SgfError::Unsupported(format!(
                "variation {l}, which branches off after a resignation,"
            )));
        };
        let ply = start_ply[line.parent] + at;
        let t = translate(&file_lines[l], ply, swapped, first, n, by_boardwright)
            .map_err(|e| e.error)?;
        notes.extend(t.notes.iter().map(|m| format!("variation {l}: {m}")));
        variations.push(RecordVariation {
            line: line.parent,
            at,
            moves: t.moves.clone(),
            resigned: t.resigned,
            timeout: None,
            times: Vec::new(),
        });
        start_ply.push(ply);
        translated.push(t);
    }
    let main = &translated[0];

    let winner_of = |colour: u8| if main_swapped { 1 - colour } else { colour };
    let mut result = main.resigned.map(|p| RecordResult {
        winner: Some(1 - p),
        reason: format!(
            "{} resigned",
            colour_char(if main_swapped { 1 - p } else { p })
        ),
        resigned: Some(p),
        timeout: None,
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
        let by_time = how == "T" || how.starts_with("TIME");
        match (colour, &result) {
            (Some(c), Some(r)) => {
                if r.winner != Some(winner_of(c)) {
                    // Say who each side names: "RE[W+Resign] … W resigned"
                    // alone reads as if they agreed.
                    notes.push(format!(
                        "RE[{}] says {} won, but the moves end with {}, so {} wins; the moves count",
                        excerpt(re_trim),
                        colour_char(c),
                        r.reason,
                        colour_char(1 - c)
                    ));
                }
            }
            (Some(c), None) if how.is_empty() || by_resign || by_time => {
                let w = winner_of(c);
                result = Some(RecordResult {
                    winner: Some(w),
                    reason: format!("RE[{}]", excerpt(re_trim)),
                    resigned: by_resign.then_some(1 - w),
                    timeout: by_time.then_some(1 - w),
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
    let named = swap_rule(root, &mut notes);
    let played = translated
        .iter()
        .any(|t| t.moves.iter().any(|m| m == "swap"));
    let swap = swap_rule_with(named, false, played, &mut notes);
    let players = [prop(root, "PB"), prop(root, "PW")].map(|p| p.unwrap_or_default().to_string());
    let mut record = GameRecord::new(
        SGF_RULES,
        RecordOptions {
            swap,
            ..RecordOptions::default()
        },
        BoardSource::preset("hex", Some(n)),
        players,
        main.moves.clone(),
        result,
    );
    record.variations = variations;
    record.clock = read_clock(
        root,
        &file_lines,
        &file_times,
        &translated,
        absorbed,
        &mut record.variations,
        &mut notes,
    )?;
    if !setup.is_empty() || first != 0 {
        record.setup = Some(RecordSetup {
            pieces: setup
                .iter()
                .filter_map(|(p, c)| c.map(|c| (p.clone(), c)))
                .collect(),
            empty: setup
                .iter()
                .filter(|(_, c)| c.is_none())
                .map(|(p, _)| p.clone())
                .collect(),
            to_move: first,
        });
    }
    record.notes = notes;
    Ok(record)
}

/// The game clock of a file: `TM` (seconds per player) and a Fischer
/// increment in `OT`, and the time left after each move from `BL`/`WL` (the
/// colour's time, which after HexGui's swap is the other player's). A line's
/// readings stop at the first move without the mover's time.
#[allow(clippy::too_many_arguments)]
fn read_clock(
    root: &Node,
    file_lines: &[Vec<(u8, &str)>],
    file_times: &[Vec<[Option<u64>; 2]>],
    translated: &[Translated],
    absorbed: usize,
    variations: &mut [RecordVariation],
    notes: &mut Vec<String>,
) -> Result<Option<RecordClock>, SgfError> {
    let Some(tm) = prop(root, "TM") else {
        if file_times
            .iter()
            .flatten()
            .any(|t| t.iter().any(Option::is_some))
        {
            notes.push(
                "the times left (BL/WL) were not read: the file gives no time limit (TM)".into(),
            );
        }
        return Ok(None);
    };
    let main_ms = millis_of(tm).filter(|&ms| ms > 0).ok_or_else(|| {
        SgfError::Syntax(format!(
            "TM[{}] is not a time limit in seconds",
            excerpt(tm)
        ))
    })?;
    let increment_ms = match prop(root, "OT") {
        None => 0,
        Some(ot) => match fischer_increment(ot) {
            Some(ms) => ms,
            None => {
                notes.push(format!(
                    "the overtime rule OT[{}] was not read: the clock has no increment",
                    excerpt(ot)
                ));
                0
            }
        },
    };
    // Per line: the reading at its start and after each of its moves.
    let mut starts: Vec<[u64; 2]> = Vec::with_capacity(translated.len());
    let mut all: Vec<Vec<(u64, u64)>> = Vec::with_capacity(translated.len());
    for (l, t) in translated.iter().enumerate() {
        let offset = if l == 0 { absorbed } else { 0 };
        let start = if l == 0 {
            Some([main_ms; 2])
        } else {
            let at = variations[l - 1].at;
            let parent = variations[l - 1].line;
            if at == 0 {
                Some(starts[parent])
            } else {
                all[parent].get(at - 1).map(|&(a, b)| [a, b])
            }
        };
        let mut times = Vec::new();
        if let Some(mut state) = start {
            for k in 0..t.moves.len() {
                let (Some(&(colour, _)), Some(left)) =
                    (file_lines[l].get(offset + k), file_times[l].get(offset + k))
                else {
                    break;
                };
                // The player who plays each colour at this move.
                let player_of = |c: u8| if t.swapped[k] { 1 - c } else { c } as usize;
                if left[colour as usize].is_none() {
                    break;
                }
                for (c, v) in left.iter().enumerate() {
                    if let Some(ms) = v {
                        state[player_of(c as u8)] = *ms;
                    }
                }
                times.push((state[0], state[1]));
            }
        }
        starts.push(start.unwrap_or([main_ms; 2]));
        all.push(times);
    }
    let mut all = all.into_iter();
    let main_times = all.next().unwrap_or_default();
    for (v, times) in variations.iter_mut().zip(all) {
        v.times = times;
    }
    Ok(Some(RecordClock {
        main_ms,
        increment_ms,
        times: main_times,
        left: None,
    }))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The side length if `board` is an n×n rhombus labelled like HexGui's.
pub(crate) fn rhombus_size(b: &Board) -> Option<u32> {
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
/// convention: see the module documentation): the set-up position in the
/// second node as HexGui puts it (`;AB[…]AW[…]AE[…]PL[…]`), and variations
/// as HexGui nests them, `(;…(;…)(;…))`.
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
    // Without RU a record reads with the rule on only when a swap was played.
    let swap_played = std::iter::once(&record.moves)
        .chain(record.variations.iter().map(|v| &v.moves))
        .any(|moves| moves.iter().any(|m| m == "swap"));
    if record.options.swap && !swap_played {
        s.push_str(swap_rule_property(true));
    }
    // Lines: the main line, then the variations; their moves, resignations,
    // losses on time and clock readings.
    let resigned = record.result.as_ref().and_then(|r| r.resigned);
    let timeout = record.result.as_ref().and_then(|r| r.timeout);
    let no_times: &[(u64, u64)] = &[];
    let main_times = record.clock.as_ref().map_or(no_times, |c| &c.times);
    let mut lines: Vec<(&[String], Option<u8>)> = vec![(&record.moves, resigned)];
    let mut line_times: Vec<&[(u64, u64)]> = vec![main_times];
    let mut line_timeouts: Vec<Option<u8>> = vec![None];
    let mut branches: std::collections::HashMap<(usize, usize), Vec<usize>> = Default::default();
    for (i, v) in record.variations.iter().enumerate() {
        let parent = lines
            .get(v.line)
            .ok_or(SgfError::VariationLine { variation: i + 1 })?;
        if v.at > parent.0.len() {
            return Err(SgfError::VariationLine { variation: i + 1 });
        }
        branches.entry((v.line, v.at)).or_default().push(i + 1);
        lines.push((&v.moves, v.resigned));
        let times: &[(u64, u64)] = if record.clock.is_some() {
            &v.times
        } else {
            no_times
        };
        line_times.push(times);
        line_timeouts.push(v.timeout);
    }
    let first = record.setup.as_ref().map_or(0, |s| s.to_move);
    // Each line's first ply and whether HexGui's swap happened before it.
    let mut start = vec![(0usize, false)];
    for v in &record.variations {
        let (ply, swapped) = start[v.line];
        let before = &lines[v.line].0[..v.at];
        start.push((ply + v.at, swapped || before.iter().any(|m| m == "swap")));
    }
    let swapped_at_end = start[0].1 || record.moves.iter().any(|m| m == "swap");
    if let Some(w) = record.result.as_ref().and_then(|r| r.winner) {
        let c = colour_char(if swapped_at_end { 1 - w } else { w });
        if resigned.is_some() {
            s.push_str(&format!("RE[{c}+Resign]"));
        } else if timeout.is_some() {
            s.push_str(&format!("RE[{c}+Time]"));
        } else {
            s.push_str(&format!("RE[{c}+]"));
        }
    }
    if let Some(c) = &record.clock {
        s.push_str(&format!("TM[{}]", seconds(c.main_ms)));
        if c.increment_ms > 0 {
            s.push_str(&format!("OT[{}]", fischer_text(c.increment_ms)));
        }
    }
    if let Some(setup) = &record.setup {
        s.push(';');
        for (prop, colour) in [("AB", Some(0)), ("AW", Some(1)), ("AE", None)] {
            let points: Vec<&String> = match colour {
                Some(c) => setup
                    .pieces
                    .iter()
                    .filter(|(_, p)| *p == c)
                    .map(|(f, _)| f)
                    .collect(),
                None => setup.empty.iter().collect(),
            };
            if !points.is_empty() {
                s.push_str(prop);
                for p in points {
                    s.push_str(&format!("[{}]", escape(p)));
                }
            }
        }
        s.push_str(&format!("PL[{}]", colour_char(first)));
    }
    enum Work {
        Text(&'static str),
        /// Line `l` from its move `from`; `continuing`: the branches at `from`
        /// were already written.
        Line {
            l: usize,
            from: usize,
            swapped: bool,
            continuing: bool,
        },
    }
    let mut work = vec![Work::Line {
        l: 0,
        from: 0,
        swapped: start[0].1,
        continuing: false,
    }];
    while let Some(w) = work.pop() {
        let (l, from, mut swapped, continuing) = match w {
            Work::Text(t) => {
                s.push_str(t);
                continue;
            }
            Work::Line {
                l,
                from,
                swapped,
                continuing,
            } => (l, from, swapped, continuing),
        };
        let (moves, resigned) = lines[l];
        for i in from..=moves.len() {
            if let Some(vs) = branches.get(&(l, i))
                && !(continuing && i == from)
            {
                for &v in vs.iter().rev() {
                    work.push(Work::Text(")"));
                    work.push(Work::Line {
                        l: v,
                        from: 0,
                        swapped,
                        continuing: false,
                    });
                    work.push(Work::Text("("));
                }
                if i < moves.len() {
                    work.push(Work::Text(")"));
                    work.push(Work::Line {
                        l,
                        from: i,
                        swapped,
                        continuing: true,
                    });
                    work.push(Work::Text("("));
                }
                break;
            }
            let ply = start[l].0 + i;
            let p = ((first as usize + ply) % 2) as u8;
            let Some(m) = moves.get(i) else {
                if let Some(r) = resigned {
                    s.push_str(&format!(
                        ";{}[resign]",
                        colour_char(if swapped { 1 - r } else { r })
                    ));
                } else if let Some(r) = line_timeouts[l] {
                    // SGF has no move for a loss on time off the main line
                    // (the main line's is in RE): a comment says it.
                    let c = colour_char(if swapped { 1 - r } else { r });
                    let who = if c == 'B' { "Black" } else { "White" };
                    s.push_str(&format!("C[{who} ran out of time]"));
                }
                break;
            };
            // The mover's time left after the move (BL/WL), in the colour he
            // plays now.
            let time_left = |colour: char| {
                line_times[l].get(i).map_or(String::new(), |&(a, b)| {
                    let ms = if p == 0 { a } else { b };
                    format!("{colour}L[{}]", seconds(ms))
                })
            };
            if m == "swap" {
                let c = colour_char(p);
                s.push_str(&format!(";{c}[swap-pieces]{}", time_left(c)));
                swapped = true;
                continue;
            }
            let (c, point) = if swapped {
                let mirrored = mirror_point(m, n).ok_or_else(|| SgfError::Point {
                    ply: ply + 1,
                    text: excerpt(m),
                    n,
                })?;
                (colour_char(1 - p), mirrored)
            } else {
                (colour_char(p), m.clone())
            };
            s.push_str(&format!(";{c}[{}]{}", escape(&point), time_left(c)));
        }
    }
    s.push_str(")\n");
    Ok(s)
}

/// Milliseconds as an SGF real number of seconds: "293", "292.5".
fn seconds(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// An SGF real number of seconds as milliseconds (`None`: not a time).
fn millis_of(text: &str) -> Option<u64> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && (0.0..1e12).contains(&v)).then(|| (v * 1000.0).round() as u64)
}

/// The `OT` text for a Fischer increment: "Fischer +3s".
fn fischer_text(increment_ms: u64) -> String {
    format!("Fischer +{}s", seconds(increment_ms))
}

/// The increment of an `OT` text naming Fischer time ("Fischer +3s", "3s
/// fischer"): the first number in it, in seconds.
fn fischer_increment(ot: &str) -> Option<u64> {
    if !ot.to_ascii_lowercase().contains("fischer") {
        return None;
    }
    let start = ot.find(|c: char| c.is_ascii_digit())?;
    let num: String = ot[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    millis_of(&num)
}
