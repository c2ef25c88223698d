//! Learned move patterns for Hex's priors (issue 16), after MoHex 2.0's
//! pattern-based priors: how often strong players choose a cell, given the
//! stones around it.
//!
//! A cell's **pattern** is what lies around it, seen by the player to move:
//! walking the cell's edges in order, the face across each edge, and between
//! two consecutive such faces the face they both touch besides the cell (the
//! far end of a bridge). On hexagonal cells that is the usual 12-cell
//! neighbourhood of MoHex's patterns; the walk uses only the board's mesh, so
//! any tiling has patterns (a square cell has 8 slots). Each slot is empty,
//! the mover's, the opponent's (a side counts as a stone of its player), or
//! nothing (off the board, a blocked face). A pattern and its rotations and
//! mirror images are one pattern: turning the board or seeing it as the other
//! player (Hex's colour symmetry is a reflection) changes nothing. So the
//! patterns do not know which way a player's sides lie, only what touches the
//! cell.
//!
//! [`PatternCounts`] counts, over a set of games, how often a cell with each
//! pattern was empty when a move was chosen ("seen") and how often it was
//! chosen ("played"), and the same again, as *local* patterns (keys marked
//! `LOCAL`), for the cells in the ring of the opponent's last stone, where
//! strong players answer at other rates (MoHex 2.0's second table);
//! `boardwright learn-patterns` writes them as text. The
//! table built into boardwright (`patterns.txt`, next to this file) was
//! learned from MoHex 2.0 playing itself (`tests/data/sgf/mohex-selfplay/`;
//! README, Engine). [`PatternWeights`] turns counts into the logarithm of a
//! pattern's urgency, its chosen rate over the average rate, which the
//! priors add (`patterns` setting) to the hand-set estimate; with the `near`
//! setting a cell next to the opponent's last stone uses its local pattern's
//! ([`PatternWeights::weight_near`]).

use super::{EMPTY, Hex, HexPosition, SIDE_COLOUR, side_bits};
use crate::mesh::FaceId;
use rustc_hash::FxHashMap;
use std::fmt::Write;
use std::sync::OnceLock;

/// A slot beyond the board's untagged boundary or on a blocked face.
const OFF: u32 = u32::MAX;
/// Cells with more edges than this have no pattern (their key would not fit).
const MAX_DEGREE: usize = 12;
/// Marks a key that holds only the edge neighbours (every second slot).
const INNER: u64 = 1 << 55;
/// Marks a key counted for a face in the ring of the opponent's last stone
/// (MoHex 2.0's local patterns: the same shape, chosen at another rate).
const LOCAL: u64 = 1 << 54;

/// Each face's ring: for its edges in order, the face across the edge (or a
/// side node `n + k`, or [`OFF`]) followed by the face between it and the next
/// edge's face; `2 × degree` slots per face.
#[derive(Debug)]
pub struct Rings {
    start: Vec<u32>,
    slots: Vec<u32>,
}

impl Rings {
    /// Face `f`'s ring: faces (below the board's face count), side nodes and
    /// [`OFF`] slots.
    pub(super) fn ring(&self, f: usize) -> &[u32] {
        &self.slots[self.start[f] as usize..self.start[f + 1] as usize]
    }
}

impl Hex {
    /// The rings of this board's faces, for [`Hex::pattern`].
    pub fn rings(&self) -> Rings {
        let n = self.t.n;
        let mesh = self.board.mesh();
        let mut start = Vec::with_capacity(n + 1);
        let mut slots = Vec::new();
        for f in mesh.face_ids() {
            start.push(slots.len() as u32);
            if !self.t.playable[f.index()] || mesh.face_degree(f) > MAX_DEGREE {
                continue;
            }
            let across: Vec<u32> = mesh
                .face_edges(f)
                .map(|e| match mesh.opposite_face(e, f) {
                    Some(g) if self.t.playable[g.index()] => g.0,
                    Some(_) => OFF,
                    None => match self.board.side_tag(e).map(side_bits) {
                        Some(b) if b != 0 => n as u32 + b.trailing_zeros(),
                        _ => OFF,
                    },
                })
                .collect();
            for (i, &a) in across.iter().enumerate() {
                let b = across[(i + 1) % across.len()];
                slots.push(a);
                slots.push(self.between(f.0, a, b));
            }
        }
        start.push(slots.len() as u32);
        Rings { start, slots }
    }

    /// The slot between two consecutive slots `a` and `b` of face `f`'s ring:
    /// their one common playable neighbour besides `f`; beyond the board,
    /// the side either is, or nothing in a corner between two players'
    /// sides (which one would depend on the direction of the walk).
    fn between(&self, f: u32, a: u32, b: u32) -> u32 {
        let n = self.t.n as u32;
        if a >= n || b >= n {
            let side = |x: u32| (x != OFF && x >= n).then(|| SIDE_COLOUR[(x - n) as usize]);
            return match (side(a), side(b)) {
                (Some(p), Some(q)) if p != q => OFF,
                (Some(_), _) => a,
                (_, Some(_)) => b,
                _ => OFF,
            };
        }
        let nb = self.neighbours(b as usize);
        let mut common = self
            .neighbours(a as usize)
            .iter()
            .filter(|&&g| g != f && nb.contains(&g));
        match (common.next(), common.next()) {
            (Some(&g), None) => g,
            _ => OFF,
        }
    }

    /// The pattern of empty face `f` for the player to move, as seen in this
    /// orientation: `(full, inner)` keys, or `None` for a face without a ring.
    /// [`canonical`] turns a key into the one shared by its rotations and
    /// mirror images.
    pub fn pattern(&self, rings: &Rings, pos: &HexPosition, f: FaceId) -> Option<(u64, u64)> {
        let n = self.t.n;
        let me = pos.to_move + 1;
        let ring = rings.ring(f.index());
        if ring.is_empty() {
            return None;
        }
        let state = |x: u32| -> u64 {
            let c = if x == OFF {
                return 3;
            } else if (x as usize) < n {
                pos.cells[x as usize]
            } else {
                SIDE_COLOUR[x as usize - n]
            };
            match c {
                EMPTY => 0,
                c if c == me => 1,
                _ => 2,
            }
        };
        let d = (ring.len() / 2) as u64;
        let (mut full, mut inner) = (d << 56, (d << 56) | INNER);
        for (i, &x) in ring.iter().enumerate() {
            let s = state(x);
            full |= s << (2 * i);
            if i % 2 == 0 {
                inner |= s << (2 * i);
            }
        }
        Some((full, inner))
    }
}

/// The key shared by `key`'s rotations and mirror images: the least of them.
pub fn canonical(key: u64) -> u64 {
    orientations(key).min().unwrap_or(key)
}

/// `key` turned by every rotation (a whole edge at a time) and mirror image.
fn orientations(key: u64) -> impl Iterator<Item = u64> {
    let len = 2 * ((key >> 56) as usize).min(MAX_DEGREE);
    let head = key & !((1u64 << 48) - 1);
    let slot = move |i: usize| (key >> (2 * i)) & 3;
    (0..len.max(1)).step_by(2).flat_map(move |r| {
        [false, true].map(move |mirror| {
            let mut k = head;
            for i in 0..len {
                let from = if mirror {
                    (r + len - i) % len
                } else {
                    (r + i) % len
                };
                k |= slot(from) << (2 * i);
            }
            k
        })
    })
}

/// How often each pattern was there and was chosen, over a set of games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternCounts {
    /// Canonical key → (played, seen).
    pub counts: FxHashMap<u64, (u64, u64)>,
    /// Positions counted.
    pub positions: u64,
}

impl PatternCounts {
    /// Count position `pos`, where the player to move chose `played`: every
    /// empty face with a ring is seen once, `played` also played once; both
    /// for the full and the inner pattern, and for a face in the ring of the
    /// opponent's last stone both again as local patterns.
    pub fn add(&mut self, hex: &Hex, rings: &Rings, pos: &HexPosition, played: FaceId) {
        self.positions += 1;
        let near = near_last(hex, rings, pos);
        for f in 0..hex.t.n {
            if !hex.t.playable[f] || pos.cells[f] != EMPTY {
                continue;
            }
            let Some((full, inner)) = hex.pattern(rings, pos, FaceId(f as u32)) else {
                continue;
            };
            let both = [full, inner, full | LOCAL, inner | LOCAL];
            let keys = if near.contains(&(f as u32)) {
                &both[..]
            } else {
                &both[..2]
            };
            for &key in keys {
                let e = self.counts.entry(canonical(key)).or_default();
                e.1 += 1;
                if f == played.index() {
                    e.0 += 1;
                }
            }
        }
    }

    /// The counts as text: a header comment, then `key played seen` per
    /// line (key in hex), sorted by key; patterns seen fewer than
    /// `min_seen` times are left out.
    pub fn to_text(&self, min_seen: u64, source: &str) -> String {
        let mut keys: Vec<_> = self
            .counts
            .iter()
            .filter(|(_, (_, seen))| *seen >= min_seen)
            .collect();
        keys.sort_unstable_by_key(|(k, _)| **k);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# boardwright Hex move patterns: key played seen ({source}; {} positions)",
            self.positions
        );
        for (k, (played, seen)) in keys {
            let _ = writeln!(s, "{k:x} {played} {seen}");
        }
        s
    }

    /// Read [`PatternCounts::to_text`]'s format.
    pub fn parse(text: &str) -> Result<PatternCounts, String> {
        let mut c = PatternCounts::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: expected 'key played seen', found '{line}'", i + 1);
            let mut it = line.split_whitespace();
            let (Some(k), Some(p), Some(s), None) = (it.next(), it.next(), it.next(), it.next())
            else {
                return Err(bad());
            };
            let k = u64::from_str_radix(k, 16).map_err(|_| bad())?;
            let p: u64 = p.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            if p > s {
                return Err(format!(
                    "line {}: played {p} more often than seen {s}",
                    i + 1
                ));
            }
            c.counts.insert(k, (p, s));
        }
        Ok(c)
    }
}

/// The faces in the ring of the opponent's last stone at `pos` (none when the
/// position has no last stone of the opponent's, as after a set-up).
fn near_last<'a>(hex: &Hex, rings: &'a Rings, pos: &HexPosition) -> &'a [u32] {
    let last = pos.last as usize;
    if last >= hex.t.n || pos.cells[last] != 2 - pos.to_move {
        return &[];
    }
    rings.ring(last)
}

/// Patterns seen fewer times than this say too little; the inner pattern
/// (or nothing) is used instead.
const MIN_SEEN: u64 = 20;
/// Pseudo-observations at the average rate added to every pattern's counts.
const SMOOTHING: f64 = 10.0;

/// The log urgency of each pattern in every orientation, for fast look-up.
#[derive(Debug, Default)]
pub struct PatternWeights {
    weights: FxHashMap<u64, f32>,
}

impl PatternWeights {
    /// Weights from counts: ln((played + m·r) / (seen + m) / r), r the average
    /// chosen rate, m = 10; full and inner patterns each against their own
    /// average.
    pub fn from_counts(c: &PatternCounts) -> PatternWeights {
        let class = |k: u64| k & (INNER | LOCAL);
        let rate = |cl: u64| {
            let (p, s) = c
                .counts
                .iter()
                .filter(|(k, _)| class(**k) == cl)
                .fold((0u64, 0u64), |(p, s), (_, &(a, b))| (p + a, s + b));
            if s == 0 { 0.0 } else { p as f64 / s as f64 }
        };
        let rates: FxHashMap<u64, f64> = [0, INNER, LOCAL, INNER | LOCAL]
            .into_iter()
            .map(|cl| (cl, rate(cl)))
            .collect();
        let mut weights = FxHashMap::default();
        for (&k, &(played, seen)) in &c.counts {
            // A local pattern is smoothed towards the local average, and
            // measured against every face's (so near and far weights compare).
            let (r, base) = (rates[&class(k)], rates[&(k & INNER)]);
            if seen < MIN_SEEN || r <= 0.0 || base <= 0.0 {
                continue;
            }
            let w =
                ((played as f64 + SMOOTHING * r) / (seen as f64 + SMOOTHING) / base).ln() as f32;
            for o in orientations(k) {
                weights.insert(o, w);
            }
        }
        PatternWeights { weights }
    }

    /// The built-in weights (learned from MoHex 2.0's games).
    pub fn builtin() -> &'static PatternWeights {
        static W: OnceLock<PatternWeights> = OnceLock::new();
        W.get_or_init(|| {
            let counts = PatternCounts::parse(include_str!("patterns.txt"))
                .expect("the built-in pattern table parses");
            PatternWeights::from_counts(&counts)
        })
    }

    /// The log urgency of a face with keys `(full, inner)` as seen: the full
    /// pattern's if it was seen often enough, else the inner one's, else 0.
    pub fn weight(&self, (full, inner): (u64, u64)) -> f32 {
        self.weights
            .get(&full)
            .or_else(|| self.weights.get(&inner))
            .copied()
            .unwrap_or(0.0)
    }

    /// The same for a face in the ring of the opponent's last stone: its
    /// local pattern's weight when that was seen often enough, else as
    /// [`PatternWeights::weight`].
    pub fn weight_near(&self, (full, inner): (u64, u64)) -> f32 {
        self.weights
            .get(&(full | LOCAL))
            .or_else(|| self.weights.get(&(inner | LOCAL)))
            .copied()
            .unwrap_or_else(|| self.weight((full, inner)))
    }

    /// Number of oriented keys known.
    pub fn len(&self) -> usize {
        self.weights.len()
    }
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
}
