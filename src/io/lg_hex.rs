//! Little Golem's Hex records (`.hsgf`, the site's "download SGF" of a Hex
//! game), read:
//! `(;FF[4]EV[hex.ch.32.2.1]PB[Ann]PW[Bob]SZ[13]RE[B]GC[game #1612755]SO[https://www.littlegolem.net];W[am];B[ii];…;B[resign])`.
//! They are not written: a Hex game is saved as HexGui SGF ([`super::sgf`]).
//!
//! Conventions, and where each comes from (public sources, read, not guessed):
//! * **Points** are two letters, column then row, `a` the first: `mf` is
//!   boardwright's (and HexGui's) `m6`, `am` is `a13`. (PlayHex,
//!   `playhex/playhex` `src/shared/app/hex-game-importer/handlers/LittleGolemSGF.ts`:
//!   "column then row", its test reads `W[am]` as `a13`; Benzene's Little Golem
//!   bot `UALGHex` turns `f10` into `fj` and back; `cgao3`'s converter reads
//!   `mf` as `m6`.)
//! * **The players.** The moves alternate and the first is written `W`;
//!   whatever its letter, the first mover is `PB` and joins the top and bottom
//!   rows — boardwright's Red; the second is `PW`, Blue. (Benzene's bot plays
//!   the record's first move as Black, Benzene's vertical colour, and names
//!   `PB` the player of the `W` moves; PlayHex alternates from the first move
//!   whatever its letter and names `PB` the first player; its test game
//!   `RE[B];W[ba];B[aa];W[bb];B[ab];W[bc]` is a win of the first player along
//!   column b, top to bottom.)
//! * **Swap.** `swap` as the second move gives the second player the first
//!   stone mirrored across the diagonal, (col, row) → (row, col), and the
//!   first player moves next; later points are written as they lie — exactly
//!   boardwright's swap rule, so the moves are read as written. (PlayHex reads
//!   it as its `swap-pieces`, which mirrors the stone into the swapper's
//!   colour; Benzene's bot, whose engine has no such swap, transposes every
//!   later point instead, the same game in a mirror.) Little Golem plays Hex
//!   with the swap rule, so a record reads with the swap option on.
//! * **Result.** `RE[B]` is a win of `PB` (the first player), `RE[W]` of `PW`
//!   (cgao3: "`RE[B]` means first player win"; PlayHex's test above). `resign` as
//!   a move ends the game (moves after it are not read, with a note). Little
//!   Golem records no other reason: a winner whose side did not connect and
//!   whose opponent did not resign won on time (or by forfeit), which is how
//!   PlayHex's import reads it too, so such a game opens as a loss on time.
//!   A record without `RE` is a game still in progress and opens at its last
//!   move, ready to go on.
//! * Not read, and refused with a message: variations, set-up stones, a point
//!   that is not two letters on the board, a colour moving twice, board sizes
//!   above 26 (two letters a–z). Limits: the SGF parser's
//!   [`super::sgf::MAX_SGF_BYTES`] and node count.

use super::record::{BoardSource, GameRecord, RecordOptions};
use super::sgf::{SGF_RULES, SgfTree};
use super::sgf_line::{
    ForeignError, TWO_LETTER_MAX, game_line, little_golem_line, little_golem_result,
    names_little_golem, parse_text, players, two_letter_move, two_letter_point, two_letter_size,
};
use crate::board::grid_label;

/// The format's name in messages.
pub const FORMAT: &str = "Little Golem Hex record";

/// Whether a Hex game tree (no `GM`, or `GM[11]`) is written in Little Golem's
/// dialect: its first point on the main line is two lower-case letters (Hex's
/// own SGF points always end with a digit), or, without any point, its source
/// is Little Golem.
pub(crate) fn looks_like_little_golem_hex(tree: &SgfTree) -> bool {
    let mut t = tree;
    loop {
        for node in &t.nodes {
            for (k, v) in node {
                if k != "B" && k != "W" {
                    continue;
                }
                let value = v.first().map_or("", |s| s.trim());
                if two_letter_point(value, TWO_LETTER_MAX).is_some() {
                    return true;
                }
                if value.bytes().any(|c| c.is_ascii_digit()) {
                    return false;
                }
            }
        }
        match t.children.first() {
            Some(c) => t = c,
            None => break,
        }
    }
    tree.nodes.first().is_some_and(names_little_golem)
}

/// Read a Little Golem Hex record (see the module documentation).
pub fn read_lg_hex(text: &str) -> Result<GameRecord, ForeignError> {
    read_tree(parse_text(text)?)
}

/// Read a parsed Little Golem Hex game tree.
pub(crate) fn read_tree(tree: SgfTree) -> Result<GameRecord, ForeignError> {
    let nodes = game_line(tree, FORMAT, "11", "Hex")?;
    let root = &nodes[0];
    let n = two_letter_size(root, "11", 1, FORMAT)?;
    let line = little_golem_line(&nodes, FORMAT)?;
    let mut moves = Vec::new();
    for (k, &value) in line.moves.iter().enumerate() {
        if value.eq_ignore_ascii_case("swap") {
            moves.push("swap".to_string());
            continue;
        }
        let (c, r) = two_letter_move(value, n, k + 1, "cell", FORMAT)?;
        moves.push(grid_label(c, r));
    }
    let mut notes = line.notes;
    let result = little_golem_result(root, line.resigned, &mut notes);
    let mut record = GameRecord::new(
        SGF_RULES,
        RecordOptions {
            swap: true,
            ..RecordOptions::default()
        },
        BoardSource::preset("hex", Some(n)),
        players(root),
        moves,
        result,
    );
    record.notes = notes;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::sgf::parse_tree;

    fn lg(text: &str) -> bool {
        looks_like_little_golem_hex(&parse_tree(text).unwrap())
    }

    #[test]
    fn the_dialect_is_told_by_its_points_then_by_its_source() {
        assert!(lg("(;FF[4]SZ[13];W[mf];B[swap])"));
        assert!(lg("(;FF[4]SZ[13];W[swap];B[mf])"));
        assert!(!lg("(;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];W[e5])"));
        assert!(!lg("(;FF[4]GM[11]SZ[11]SO[littlegolem.net];B[f6])"));
        assert!(lg("(;FF[4]SZ[13]SO[https://www.littlegolem.net]RE[W])"));
        assert!(!lg("(;FF[4]GM[11]SZ[11])"));
    }

    #[test]
    fn points_moves_and_names_are_read_as_little_golem_writes_them() {
        let r =
            read_lg_hex("(;FF[4]PB[ann]PW[bob]SZ[13]RE[B];W[am];B[ii];W[mf];B[resign])").unwrap();
        assert_eq!(r.moves, ["a13", "i9", "m6"]);
        assert_eq!(r.players, ["ann", "bob"]);
        assert!(r.options.swap);
        let res = r.result.unwrap();
        assert_eq!((res.winner, res.resigned), (Some(0), Some(1)));
        assert_eq!(res.reason, "bob resigned");
    }

    #[test]
    fn a_winner_without_a_resignation_is_a_connection_or_a_loss_on_time() {
        let r = read_lg_hex("(;FF[4]PB[a]PW[b]SZ[3]RE[W];W[ba])").unwrap();
        let res = r.result.unwrap();
        assert_eq!((res.winner, res.timeout), (Some(1), Some(0)));
        // A record in progress has no result.
        let r = read_lg_hex("(;FF[4]SZ[13];W[am];B[ii])").unwrap();
        assert_eq!(r.result, None);
    }

    #[test]
    fn what_is_not_read_is_refused_or_noted() {
        let e = read_lg_hex("(;FF[4]SZ[13];W[am];W[ii])")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("move 2 'ii' is marked W but it is B's turn"),
            "{e}"
        );
        let e = read_lg_hex("(;FF[4]SZ[13];W[an])").unwrap_err().to_string();
        assert!(e.contains("'an' is not a cell of the 13×13 board"), "{e}");
        let e = read_lg_hex("(;FF[4]SZ[30];W[aa])").unwrap_err().to_string();
        assert!(e.contains("SZ[30]"), "{e}");
        let e = read_lg_hex("(;FF[4]SZ[13];AB[aa];W[bb])")
            .unwrap_err()
            .to_string();
        assert!(e.contains("set-up position"), "{e}");
        let e = read_lg_hex("(;FF[4]SZ[13];W[aa](;B[bb])(;B[cc]))")
            .unwrap_err()
            .to_string();
        assert!(e.contains("variations"), "{e}");
        let r = read_lg_hex("(;FF[4]SZ[13]RE[W];W[aa];B[resign];W[cc])").unwrap();
        assert_eq!(r.moves, ["a1"]);
        assert_eq!(
            r.notes,
            [
                "1 move(s) after the resignation were not read",
                "RE[W] says the second player won, but the moves end with the second player resigned; the moves count"
            ]
        );
    }
}
