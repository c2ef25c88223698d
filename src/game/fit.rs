//! Which games can be played on a board, and how: what the window's Play and
//! Analyze tabs list (greyed out with the reason where a game cannot run) and
//! what `boardwright info` prints. Every game's rules are tried on the board, so
//! this takes seconds on a million faces; the window runs it on a worker there.

use super::dynamic::{suitability, suitability_with};
use super::registry::RulesKind;
use crate::board::Board;
use crate::rules::{BoardNote, GameOptions};

/// Per game of [`RulesKind::ALL`]: whether it can be played on a board (the
/// reason when not), whether its swap rule can be used there, and what to know
/// about it there (Hex: where it may end in a draw).
#[derive(Clone, Debug)]
pub struct BoardFit {
    plain: Vec<Result<(), String>>,
    /// Why the swap rule cannot be used, for games that have one and can be
    /// played here (`Ok` for the others).
    swap: Vec<Result<(), String>>,
    /// For games that can be played here.
    notes: Vec<Option<BoardNote>>,
}

/// The position of `kind` in [`RulesKind::ALL`].
fn index(kind: RulesKind) -> usize {
    RulesKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl BoardFit {
    /// Try every game's rules on `board`, with the swap rule off and, for the
    /// games that have one and can be played, on.
    pub fn of(board: &Board) -> BoardFit {
        let plain: Vec<_> = RulesKind::ALL
            .iter()
            .map(|&k| suitability(k, board).map_err(|e| e.0))
            .collect();
        let with_swap = GameOptions {
            swap: true,
            ..GameOptions::default()
        };
        let swap = RulesKind::ALL
            .iter()
            .zip(&plain)
            .map(|(&k, ok)| {
                if k.has_swap() && ok.is_ok() {
                    suitability_with(k, board, &with_swap).map_err(|e| e.0)
                } else {
                    Ok(())
                }
            })
            .collect();
        let notes = RulesKind::ALL
            .iter()
            .zip(&plain)
            .map(|(&k, ok)| ok.as_ref().ok().and_then(|()| k.entry().board_note(board)))
            .collect();
        BoardFit { plain, swap, notes }
    }

    /// The same with every reason rewritten by `f` (the window spells the
    /// arrows its font lacks in ASCII).
    pub fn map_reasons(mut self, f: impl Fn(&str) -> String) -> BoardFit {
        for r in self.plain.iter_mut().chain(self.swap.iter_mut()) {
            if let Err(why) = r {
                *why = f(why);
            }
        }
        self
    }

    /// Whether `kind` can be played on the board, and if not why.
    pub fn plain(&self, kind: RulesKind) -> Result<(), String> {
        self.plain[index(kind)].clone()
    }

    /// Why `kind`'s swap rule cannot be used on the board (`Ok` when it can,
    /// and for games without one or that cannot be played here).
    pub fn swap(&self, kind: RulesKind) -> Result<(), String> {
        self.swap[index(kind)].clone()
    }

    /// Whether `kind` can be played on the board with the swap rule on or off
    /// (a game without a swap rule ignores it), and if not why.
    pub fn with_swap(&self, kind: RulesKind, swap: bool) -> Result<(), String> {
        self.plain(kind)?;
        if swap && kind.has_swap() {
            self.swap(kind)
        } else {
            Ok(())
        }
    }

    /// The games that can be played on the board, in [`RulesKind::ALL`]'s order.
    pub fn playable(&self) -> Vec<RulesKind> {
        RulesKind::ALL
            .into_iter()
            .filter(|&k| self.plain(k).is_ok())
            .collect()
    }

    /// What to know about `kind` on the board, which it suits (Hex: it may end
    /// in a draw).
    pub fn note(&self, kind: RulesKind) -> Option<&BoardNote> {
        self.notes[index(kind)].as_ref()
    }
}
