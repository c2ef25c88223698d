//! What the readers of other programs' SGF records share ([`super::tsgf`],
//! [`super::loa_sgf`], and [`super::t1`] for its error): their error type, the
//! one line of play of a game tree, and a property's first value. Below both
//! the readers and the dispatcher ([`super::foreign`]), so neither imports the
//! other's caller.

use super::excerpt::excerpt;
use super::sgf::{self, Node, SgfError, SgfTree};

/// Why a record of another program could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ForeignError {
    #[error(transparent)]
    Sgf(#[from] SgfError),
    #[error(
        "this SGF file holds a game of {game} (GM[{gm}]); boardwright reads SGF records of Hex (GM[11]) as HexGui and Little Golem write them, TwixT (GM[21] and Little Golem's .tsgf) and Lines of Action (GM[9], as boardspace writes it)"
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
