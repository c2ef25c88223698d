//! Hex game records in SGF, compatible with HexGui: `(;FF[4]GM[11]SZ[n]…;B[f6];W[swap-pieces];B[e5])`,
//! read into and written from game record data ([`GameRecord`]).
//!
//! Conventions (HexGui, also used by PlayHex and MoHex):
//! * `B` is the first player — boardwright's Red (player 0, joins top and
//!   bottom); `W` is the second. Players alternate, a swap counting as a move.
//! * A point is column letter + row number, `a1` top-left, exactly the face
//!   labels of [`crate::presets::hex`]; the board is the `hex` preset of size `SZ`.
//! * The swap move is `swap-pieces` (on import `swap` is accepted too; the
//!   swap rule is on when the record contains one); `resign` as a move, or
//!   `RE[B+Resign]`/`RE[W+Resign]`, records a resignation.
//! * Only the main line (first variation) is read; other properties are ignored.

use super::record::{BoardSource, GameRecord, RecordOptions, RecordResult};
use crate::board::{Board, grid_label};

/// The rules name SGF files are read as and the only one they can be written for.
pub const SGF_RULES: &str = "hex";
/// Largest SGF file read, in bytes.
pub const MAX_SGF_BYTES: u64 = 16 << 20;

/// Why an SGF record could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Syntax(String),
    #[error("not a Hex record: GM[{0}] (Hex is GM[11])")]
    NotHex(String),
    #[error("unsupported board size SZ[{0}] (a square Hex board from 1 to 100 is needed)")]
    Size(String),
    #[error("move {ply} '{text}' is illegal: it is marked {marked} but it is {expected}'s turn")]
    Turn {
        ply: usize,
        text: String,
        marked: char,
        expected: char,
    },
    #[error("SGF is written for Hex games; this is a {0} game")]
    NotHexGame(String),
    #[error(
        "SGF export needs a Hex game on an n×n rhombus labelled a1 (top-left) to the last cell"
    )]
    NotRhombus,
}

/// One node: (property, values) in order.
type Node = Vec<(String, Vec<String>)>;

/// Parse the main line of the first game tree.
fn parse_main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let b = text.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i >= b.len() || b[i] != b'(' {
        return Err(SgfError::Syntax("expected '(' at the start".into()));
    }
    i += 1;
    let mut nodes: Vec<Node> = Vec::new();
    // depth of nested variations we are skipping (after the first one closed)
    let mut depth = 1usize;
    let mut main_done = false;
    while i < b.len() {
        skip_ws(&mut i);
        if i >= b.len() {
            break;
        }
        match b[i] {
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth -= 1;
                i += 1;
                // Once the first variation closes, the main line is complete.
                main_done = true;
                if depth == 0 {
                    return Ok(nodes);
                }
            }
            b';' => {
                i += 1;
                let mut node: Node = Vec::new();
                loop {
                    skip_ws(&mut i);
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    if start == i {
                        break;
                    }
                    let ident = String::from_utf8_lossy(&b[start..i]).to_string();
                    let mut values = Vec::new();
                    loop {
                        skip_ws(&mut i);
                        if i >= b.len() || b[i] != b'[' {
                            break;
                        }
                        i += 1;
                        let mut v = Vec::new();
                        loop {
                            if i >= b.len() {
                                return Err(SgfError::Syntax(format!(
                                    "property {ident} has an unterminated value"
                                )));
                            }
                            match b[i] {
                                b'\\' if i + 1 < b.len() => {
                                    v.push(b[i + 1]);
                                    i += 2;
                                }
                                b']' => {
                                    i += 1;
                                    break;
                                }
                                c => {
                                    v.push(c);
                                    i += 1;
                                }
                            }
                        }
                        values.push(String::from_utf8_lossy(&v).to_string());
                    }
                    if values.is_empty() {
                        return Err(SgfError::Syntax(format!("property {ident} has no value")));
                    }
                    node.push((ident, values));
                }
                if !main_done {
                    nodes.push(node);
                }
            }
            c => {
                return Err(SgfError::Syntax(format!(
                    "unexpected character '{}' at byte {i}",
                    c as char
                )));
            }
        }
    }
    Err(SgfError::Syntax(
        "unbalanced parentheses: missing ')'".into(),
    ))
}

fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a str> {
    node.iter()
        .find(|(k, _)| k == id)
        .and_then(|(_, v)| v.first())
        .map(String::as_str)
}

/// Read a HexGui SGF record into game record data: Hex on the `hex` preset of
/// size `SZ`, the main line's moves, player names and a resignation.
pub fn read_sgf(text: &str) -> Result<GameRecord, SgfError> {
    let nodes = parse_main_line(text)?;
    let root = nodes
        .first()
        .ok_or_else(|| SgfError::Syntax("the game tree has no nodes".into()))?;
    if let Some(gm) = prop(root, "GM")
        && gm.trim() != "11"
    {
        return Err(SgfError::NotHex(gm.to_string()));
    }
    let sz = prop(root, "SZ").unwrap_or("11").trim().to_string();
    let n: u32 = match sz.split_once(':') {
        Some((a, b)) if a.trim() == b.trim() => a.trim().parse().ok(),
        Some(_) => None,
        None => sz.parse().ok(),
    }
    .filter(|n| (1..=100).contains(n))
    .ok_or_else(|| SgfError::Size(sz.clone()))?;
    let mut moves = Vec::new();
    let mut result = None;
    let mut ply = 0;
    'nodes: for node in &nodes {
        for (k, v) in node {
            let colour = match k.as_str() {
                "B" => 'B',
                "W" => 'W',
                _ => continue,
            };
            ply += 1;
            let player = u8::from(colour == 'W');
            let text = v[0].trim().to_string();
            if text.eq_ignore_ascii_case("resign") {
                result = Some(RecordResult {
                    winner: Some(1 - player),
                    reason: format!("{colour} resigned"),
                    resigned: Some(player),
                });
                break 'nodes;
            }
            let expected = if ply % 2 == 1 { 'B' } else { 'W' };
            if colour != expected {
                return Err(SgfError::Turn {
                    ply,
                    text,
                    marked: colour,
                    expected,
                });
            }
            moves.push(
                if text.eq_ignore_ascii_case("swap-pieces") || text.eq_ignore_ascii_case("swap") {
                    "swap".to_string()
                } else {
                    text
                },
            );
        }
    }
    if result.is_none()
        && let Some(re) = prop(root, "RE")
    {
        let re = re.trim().to_ascii_lowercase();
        if re.ends_with("resign") || re.ends_with("+r") {
            let loser = if re.starts_with('b') { 1 } else { 0 };
            result = Some(RecordResult {
                winner: Some(1 - loser),
                reason: format!("{} resigned", if loser == 0 { 'B' } else { 'W' }),
                resigned: Some(loser),
            });
        }
    }
    let swap = moves.iter().any(|m| m == "swap");
    let players = [prop(root, "PB"), prop(root, "PW")].map(|p| p.unwrap_or_default().to_string());
    Ok(GameRecord::new(
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
    ))
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

/// Write a Hex game record, played on `board`, as HexGui SGF.
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
    let resigned = record.result.as_ref().and_then(|r| r.resigned);
    if let Some(w) = record.result.as_ref().and_then(|r| r.winner) {
        let c = if w == 0 { 'B' } else { 'W' };
        if resigned.is_some() {
            s.push_str(&format!("RE[{c}+Resign]"));
        } else {
            s.push_str(&format!("RE[{c}+]"));
        }
    }
    for (k, m) in record.moves.iter().enumerate() {
        let c = if k % 2 == 0 { 'B' } else { 'W' };
        let m = if m == "swap" {
            "swap-pieces"
        } else {
            m.as_str()
        };
        s.push_str(&format!(";{c}[{}]", escape(m)));
    }
    if let Some(p) = resigned {
        let c = if p == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{c}[resign]"));
    }
    s.push_str(")\n");
    Ok(s)
}
