//! Hex game records in SGF, compatible with HexGui: `(;FF[4]GM[11]SZ[n]…;B[f6];W[swap-pieces];B[e5])`.
//!
//! Conventions (HexGui, also used by PlayHex and MoHex):
//! * `B` is the first player — boardwright's Red (player 0, joins top and
//!   bottom); `W` is Blue.
//! * A point is column letter + row number, `a1` top-left, exactly the face
//!   labels of [`crate::presets::hex`].
//! * The swap move is `swap-pieces` (on import `swap` is accepted too); `resign`
//!   as a move, or `RE[B+Resign]`/`RE[W+Resign]`, records a resignation.
//! * Only the main line (first variation) is read; other properties are ignored.

use super::dynamic::{DynGame, GameOptions, RulesKind, new_game};
use super::record::BoardSource;
use crate::board::grid_label;
use std::sync::Arc;

/// Why an SGF record could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    #[error("not valid SGF: {0}")]
    Syntax(String),
    #[error("not a Hex record: GM[{0}] (Hex is GM[11])")]
    NotHex(String),
    #[error("unsupported board size SZ[{0}] (a square Hex board from 1 to 100 is needed)")]
    Size(String),
    #[error("move {ply} '{text}' is illegal: {reason}")]
    Move {
        ply: usize,
        text: String,
        reason: String,
    },
    #[error("{0}")]
    Unsupported(String),
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

/// Read a HexGui SGF record into a Hex game on the `SZ`×`SZ` rhombus. The swap
/// rule is on when the record contains a swap, or when `swap` says so.
pub fn import_sgf(text: &str, swap: bool) -> Result<Box<dyn DynGame>, SgfError> {
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
    let mut moves: Vec<(usize, char, String)> = Vec::new();
    for node in &nodes {
        for (k, v) in node {
            if k == "B" || k == "W" {
                let c = k.chars().next().unwrap_or('B');
                moves.push((moves.len() + 1, c, v[0].trim().to_string()));
            }
        }
    }
    let has_swap = moves
        .iter()
        .any(|(_, _, m)| m.eq_ignore_ascii_case("swap-pieces") || m.eq_ignore_ascii_case("swap"));
    let options = GameOptions {
        swap: swap || has_swap,
    };
    let board = Arc::new(crate::presets::hex(n));
    let mut g = new_game(RulesKind::Hex, board, &options)
        .map_err(|e| SgfError::Unsupported(e.to_string()))?;
    g.set_board_source(Some(BoardSource::Preset {
        name: "hex".into(),
        size: Some(n),
    }));
    let names = g.player_names();
    let pb = prop(root, "PB").map(str::to_string);
    let pw = prop(root, "PW").map(str::to_string);
    if pb.is_some() || pw.is_some() {
        g.set_players([
            pb.unwrap_or_else(|| names[0].to_string()),
            pw.unwrap_or_else(|| names[1].to_string()),
        ]);
    }
    for (ply, colour, text) in moves {
        let player = if colour == 'B' { 0 } else { 1 };
        if text.eq_ignore_ascii_case("resign") {
            g.resign(player).map_err(|e| SgfError::Move {
                ply,
                text: text.clone(),
                reason: e.reason,
            })?;
            break;
        }
        if let Some(tm) = g.to_move()
            && tm != player
        {
            return Err(SgfError::Move {
                ply,
                text,
                reason: format!(
                    "it is marked {colour} but it is not {}'s turn",
                    names[player as usize]
                ),
            });
        }
        let mv = if text.eq_ignore_ascii_case("swap-pieces") {
            "swap"
        } else {
            text.as_str()
        };
        g.play_str(mv).map_err(|e| SgfError::Move {
            ply,
            text: text.clone(),
            reason: e.reason,
        })?;
    }
    if g.outcome().is_none()
        && let Some(re) = prop(root, "RE")
    {
        let re = re.trim().to_ascii_lowercase();
        if re.ends_with("resign") || re.ends_with("+r") {
            let loser = if re.starts_with('b') { 1 } else { 0 };
            let _ = g.resign(loser);
        }
    }
    Ok(g)
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The side length if `game` is Hex on an n×n rhombus labelled like HexGui's.
fn rhombus_size(game: &dyn DynGame) -> Option<u32> {
    let b = game.board();
    let nf = b.face_count();
    let n = (nf as f64).sqrt().round() as u32;
    if (n as usize * n as usize) != nf || n == 0 {
        return None;
    }
    let mut seen = vec![false; nf];
    for f in b.mesh.face_ids() {
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

/// Write a Hex game (moves up to the current ply) as HexGui SGF.
pub fn export_sgf(game: &dyn DynGame) -> Result<String, SgfError> {
    if game.kind() != RulesKind::Hex {
        return Err(SgfError::Unsupported(format!(
            "SGF export is for Hex games; this is {}",
            game.kind().title()
        )));
    }
    let n = rhombus_size(game).ok_or_else(|| {
        SgfError::Unsupported(
            "SGF export needs a Hex game on an n×n rhombus labelled a1 (top-left) to the last cell"
                .into(),
        )
    })?;
    let players = game.players();
    let mut s = format!(
        "(;FF[4]GM[11]AP[boardwright:{}]SZ[{n}]PB[{}]PW[{}]",
        env!("CARGO_PKG_VERSION"),
        escape(&players[0]),
        escape(&players[1])
    );
    if let Some(o) = game.outcome()
        && let Some(w) = o.winner
    {
        let c = if w == 0 { 'B' } else { 'W' };
        if game.resigned().is_some() {
            s.push_str(&format!("RE[{c}+Resign]"));
        } else {
            s.push_str(&format!("RE[{c}+]"));
        }
    }
    for (k, m) in game.history().iter().enumerate() {
        let c = if k % 2 == 0 { 'B' } else { 'W' };
        let m = if m == "swap" {
            "swap-pieces"
        } else {
            m.as_str()
        };
        s.push_str(&format!(";{c}[{m}]"));
    }
    if let Some(p) = game.resigned() {
        let c = if p == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{c}[resign]"));
    }
    s.push_str(")\n");
    Ok(s)
}
