//! Game records of other programs besides HexGui's SGF ([`super::sgf`]): Little
//! Golem's TwixT `.tsgf` ([`super::tsgf`]), Hex `.hsgf` ([`super::lg_hex`]) and
//! Havannah `.hgf` ([`super::lg_havannah`]), T1j's TwixT `.T1` ([`super::t1`])
//! and boardspace's Lines of Action SGF ([`super::loa_sgf`]), and the one place
//! that tells SGF dialects apart by their content ([`read_any_sgf`]).
//!
//! An SGF file is recognised by its root node, never by its file name: `GM[9]`
//! or `GM[loa]` is Lines of Action (boardspace), and so is a root without `GM`
//! whose `SU` names standard Lines of Action or whose players are named the
//! boardspace way (`P0[id "ann"]`); `GM[21]` is TwixT, no `GM` with Little Golem's
//! TwixT moves (`b[..]`/`r[..]`) or an `EV[twixt…]` is a Little Golem TwixT
//! record, no `GM` with an `EV[havannah…]`, or from Little Golem (`SO`,
//! `RU[LG]`) with a first point of a letter and a number (`W[E1]`), is a
//! Little Golem Havannah record, `GM[11]` or no `GM` otherwise is Hex: Little Golem's when its first
//! point is two letters (`W[mf]`; HexGui's points end with a digit) or, with
//! no point, its `SO` names Little Golem, else HexGui's; any other game is
//! refused naming it (numbers from the SGF FF[4] specification's `GM` table).

use super::excerpt::excerpt;
use super::record::GameRecord;
use super::sgf::{self, SgfError, SgfTree};
pub use super::sgf_line::ForeignError;
use super::sgf_line::prop;

/// The games of the SGF FF[4] `GM` table, for messages.
fn sgf_game_name(gm: &str) -> Option<&'static str> {
    const GAMES: [&str; 40] = [
        "Go",
        "Othello",
        "chess",
        "Gomoku + Renju",
        "Nine Men's Morris",
        "Backgammon",
        "Chinese chess",
        "Shogi",
        "Lines of Action",
        "Ataxx",
        "Hex",
        "Jungle",
        "Neutron",
        "Philosopher's Football",
        "Quadrature",
        "Trax",
        "Tantrix",
        "Amazons",
        "Octi",
        "Gess",
        "TwixT",
        "Zertz",
        "Plateau",
        "Yinsh",
        "Punct",
        "Gobblet",
        "Hive",
        "Exxit",
        "Hnefatafl",
        "Kuba",
        "Tripples",
        "Chase",
        "Tumbling Down",
        "Sahara",
        "Byte",
        "Focus",
        "Dvonn",
        "Tamsk",
        "Gipf",
        "Kropki",
    ];
    let n: usize = gm.trim().parse().ok()?;
    GAMES.get(n.checked_sub(1)?).copied()
}

/// Whether a game tree is a Little Golem TwixT record: its moves are `b[..]`
/// and `r[..]`, or its event names TwixT.
fn looks_like_little_golem_twixt(tree: &SgfTree) -> bool {
    let root = &tree.nodes[0];
    if prop(root, "EV").is_some_and(|e| e.trim().to_ascii_lowercase().starts_with("twixt")) {
        return true;
    }
    let mut t = tree;
    loop {
        for node in &t.nodes {
            for (k, _) in node {
                match k.as_str() {
                    "b" | "r" => return true,
                    "B" | "W" => return false,
                    _ => {}
                }
            }
        }
        match t.children.first() {
            Some(c) => t = c,
            None => return false,
        }
    }
}

/// Read any SGF game record boardwright knows, choosing the dialect by the
/// root node (see the module documentation).
pub fn read_any_sgf(text: &str) -> Result<GameRecord, ForeignError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let tree = sgf::parse_tree(text)?;
    let root = tree
        .nodes
        .first()
        .ok_or_else(|| SgfError::Syntax("the game tree has no nodes".into()))?;
    match prop(root, "GM").map(str::trim) {
        Some("9") => super::loa_sgf::read_tree(tree),
        // boardspace also reads GM[loa], and a file without GM.
        Some(gm) if gm.eq_ignore_ascii_case("loa") => super::loa_sgf::read_tree(tree),
        None if super::loa_sgf::looks_like_boardspace_loa(root) => super::loa_sgf::read_tree(tree),
        Some("21") => super::tsgf::read_tree(tree),
        None if looks_like_little_golem_twixt(&tree) => super::tsgf::read_tree(tree),
        None if super::lg_havannah::looks_like_little_golem_havannah(&tree) => {
            super::lg_havannah::read_tree(tree)
        }
        Some("11") | None if super::lg_hex::looks_like_little_golem_hex(&tree) => {
            super::lg_hex::read_tree(tree)
        }
        Some("11") | None => Ok(sgf::read_sgf(text)?),
        Some(gm) => Err(ForeignError::OtherGame {
            game: sgf_game_name(gm)
                .map(str::to_string)
                .unwrap_or_else(|| "an unknown kind".into()),
            gm: excerpt(gm),
        }),
    }
}
