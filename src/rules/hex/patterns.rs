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
//! README, Engine). [`PatternCounts::fit`] fits each pattern's urgency to
//! the choices themselves (Coulom's minorization–maximization, so a pattern
//! seen mostly among strong competitors is not undervalued), and the table
//! keeps it as a fourth column; [`PatternWeights`] holds the logarithm of
//! those urgencies (or, for a table of counts alone, of the chosen rate over
//! the average rate), which the priors add (`patterns` setting) to the
//! hand-set estimate; with the `near` setting a cell next to the opponent's
//! last stone uses its local pattern's ([`PatternWeights::weight_near`]).

use super::{EMPTY, Hex, HexPosition, SIDE_COLOUR, side_bits};
use crate::mesh::FaceId;
use rustc_hash::FxHashMap;
use std::fmt::Write;
use std::sync::OnceLock;

/// A slot beyond the board's untagged boundary or on a blocked face.
const OFF: u32 = u32::MAX;
/// Cells with more edges than this have no pattern (their key would not fit).
pub(super) const MAX_DEGREE: usize = 12;
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
    /// The rings of this board's faces, for [`Hex::pattern`]: every playable
    /// face of at most [`MAX_DEGREE`] edges has one (`learn-patterns` counts
    /// patterns on any board).
    pub fn rings(&self) -> Rings {
        self.rings_of(|_| true)
    }

    /// The rings of the faces the built-in table speaks of
    /// ([`Hex::grid_hexagon`]); every other face has none, so the priors and
    /// the playouts' local answers rate it by the hand-set terms alone.
    pub fn table_rings(&self) -> Rings {
        self.rings_of(|f| self.grid_hexagon(f))
    }

    /// Whether face `f` sits as a cell of the hexagonal grid does: six edges,
    /// each shared with another six-edged face, a blocked face (a lake, off
    /// the board for the patterns as for the game) or lying on the boundary. The
    /// built-in table was learned from MoHex's games on rhombi of hexagons,
    /// where a pattern's slots are the cell's six neighbours and the far ends
    /// of its six bridges; around a hexagon of a mixed tiling (the 4.6.12
    /// tiling's, whose neighbours are squares and dodecagons) the same slots
    /// are other shapes, and on squares or octagons the keys never match at
    /// all. A brick of the running bond, six edges among six-edged bricks,
    /// is a cell of the grid by this test, as it is for the game.
    pub fn grid_hexagon(&self, f: FaceId) -> bool {
        let mesh = self.board.mesh();
        mesh.face_degree(f) == 6
            && mesh.face_edges(f).all(|e| {
                mesh.opposite_face(e, f)
                    .is_none_or(|g| !self.t.playable[g.index()] || mesh.face_degree(g) == 6)
            })
    }

    fn rings_of(&self, keep: impl Fn(FaceId) -> bool) -> Rings {
        let n = self.t.n;
        let mesh = self.board.mesh();
        let mut start = Vec::with_capacity(n + 1);
        let mut slots = Vec::new();
        for f in mesh.face_ids() {
            start.push(slots.len() as u32);
            if !self.t.playable[f.index()] || mesh.face_degree(f) > MAX_DEGREE || !keep(f) {
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
        self.pattern_in(rings, &pos.cells, pos.to_move + 1, f)
    }

    /// [`Hex::pattern`] of empty face `f` on the board `cells` (a colour
    /// per face, as [`HexPosition`]'s) for the player of colour `me` (1 Red,
    /// 2 Blue), read slot by slot; the playouts keep these keys with
    /// [`KeyTable`] instead, and its test checks them against this.
    fn pattern_in(&self, rings: &Rings, cells: &[u8], me: u8, f: FaceId) -> Option<(u64, u64)> {
        let n = self.t.n;
        let ring = rings.ring(f.index());
        if ring.is_empty() {
            return None;
        }
        let state = |x: u32| -> u64 {
            let c = if x == OFF {
                return 3;
            } else if (x as usize) < n {
                cells[x as usize]
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

/// Every face's pattern key kept up to date as stones are placed, as
/// MoHex's playout board keeps its cells' keys (Zobrist-style): a key holds
/// the colours themselves (1 Red, 2 Blue), and [`KeyTable::keys`] turns it
/// into [`Hex::pattern_in`]'s keys for either player.
#[derive(Debug)]
pub(super) struct KeyTable {
    /// Each face's key with only its fixed slots filled: its degree, the
    /// [`OFF`] slots and the sides' colours (0 for a face without a ring).
    base: Vec<u64>,
    /// For each face `y`, the faces whose ring holds `y`, with the slot's
    /// shift: `refs[start[y]..start[y + 1]]`.
    start: Vec<u32>,
    refs: Vec<(u32, u8)>,
}

/// The slots' low and high bits, and the slots of the edge neighbours (every
/// second slot), over the 48 bits a key's slots take.
const LOW_BITS: u64 = 0x5555_5555_5555;
const HIGH_BITS: u64 = 0xAAAA_AAAA_AAAA;
const EDGE_SLOTS: u64 = 0x3333_3333_3333;

impl KeyTable {
    pub(super) fn new(hex: &Hex, rings: &Rings) -> KeyTable {
        let n = hex.t.n;
        let mut base = vec![0u64; n];
        let mut lists: Vec<Vec<(u32, u8)>> = vec![Vec::new(); n];
        for (f, key) in base.iter_mut().enumerate() {
            let ring = rings.ring(f);
            if ring.is_empty() {
                continue;
            }
            *key = ((ring.len() / 2) as u64) << 56;
            for (i, &x) in ring.iter().enumerate() {
                let shift = 2 * i as u8;
                if x == OFF {
                    *key |= 3 << shift;
                } else if (x as usize) < n {
                    lists[x as usize].push((f as u32, shift));
                } else {
                    *key |= u64::from(SIDE_COLOUR[x as usize - n]) << shift;
                }
            }
        }
        let (start, refs) = super::flatten(lists);
        KeyTable { base, start, refs }
    }

    /// The keys of the board `cells` (a colour per face) into `keys`.
    pub(super) fn fill(&self, cells: &[u8], keys: &mut Vec<u64>) {
        keys.clear();
        keys.extend_from_slice(&self.base);
        for (y, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                self.place(keys, y, c);
            }
        }
    }

    /// Updates `keys` for a stone of colour `c` placed on face `y`.
    #[inline]
    pub(super) fn place(&self, keys: &mut [u64], y: usize, c: u8) {
        let refs = &self.refs[self.start[y] as usize..self.start[y + 1] as usize];
        for &(z, shift) in refs {
            keys[z as usize] |= u64::from(c) << shift;
        }
    }

    /// [`Hex::pattern_in`]'s `(full, inner)` keys for the player of colour
    /// `me` from a face's kept `key`.
    #[inline]
    pub(super) fn keys(key: u64, me: u8) -> (u64, u64) {
        let full = if me == 1 {
            key
        } else {
            (key & !(LOW_BITS | HIGH_BITS)) | ((key & LOW_BITS) << 1) | ((key & HIGH_BITS) >> 1)
        };
        (
            full,
            (full & !(LOW_BITS | HIGH_BITS)) | (full & EDGE_SLOTS) | INNER,
        )
    }
}

/// A fixed set of pattern keys with a value each, for the many look-ups of
/// a playout: open addressing with linear probing, at most a quarter full,
/// so a key that is not there is usually told at its first slot. Keys are
/// never 0 (a key holds its face's degree), so 0 marks an empty slot.
#[derive(Debug)]
pub(super) struct KeyMap {
    slots: Vec<(u64, f32)>,
    shift: u32,
}

impl KeyMap {
    pub(super) fn new(entries: impl IntoIterator<Item = (u64, f32)>) -> KeyMap {
        let entries: Vec<(u64, f32)> = entries.into_iter().filter(|e| e.0 != 0).collect();
        let size = (4 * entries.len()).next_power_of_two().max(16);
        let mut map = KeyMap {
            slots: vec![(0, 0.0); size],
            shift: 64 - size.trailing_zeros(),
        };
        for (k, v) in entries {
            let i = map.find(k);
            map.slots[i] = (k, v);
        }
        map
    }

    /// The slot holding `key`, or the empty one where it would go.
    #[inline]
    fn find(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize;
        loop {
            let k = self.slots[i].0;
            if k == key || k == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<f32> {
        let (k, v) = self.slots[self.find(key)];
        (k == key && k != 0).then_some(v)
    }
}

/// The keys `(full, inner)` of an interior face of `degree` edges with
/// nothing around it: the commonest pattern, which the playouts' local
/// answers rate others against ([`HexSettings::playout_near`](super::HexSettings)).
pub fn empty_keys(degree: usize) -> (u64, u64) {
    let d = (degree as u64) << 56;
    (d, d | INNER)
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

/// How often each pattern was there and was chosen, over a set of games,
/// and (after [`PatternCounts::fit`]) each pattern's fitted urgency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatternCounts {
    /// Canonical key → (played, seen).
    pub counts: FxHashMap<u64, (u64, u64)>,
    /// Positions counted.
    pub positions: u64,
    /// Canonical key → log urgency fitted to the choices (the table's
    /// fourth column); empty when the table has only counts.
    pub fitted: FxHashMap<u64, f32>,
    /// The empty faces of each counted position, for the fit: canonical
    /// (full, inner) keys and whether the face lies in the ring of the
    /// opponent's last stone.
    faces: Vec<(u64, u64, bool)>,
    /// Per counted position: where its faces start in `faces`, and the
    /// index of the chosen one there.
    choices: Vec<(u32, u32)>,
}

impl PatternCounts {
    /// Count position `pos`, where the player to move chose `played`: every
    /// empty face with a ring is seen once, `played` also played once; both
    /// for the full and the inner pattern, and for a face in the ring of the
    /// opponent's last stone both again as local patterns.
    pub fn add(&mut self, hex: &Hex, rings: &Rings, pos: &HexPosition, played: FaceId) {
        self.positions += 1;
        let near = near_last(hex, rings, pos);
        let start = self.faces.len();
        let mut chosen = None;
        for f in 0..hex.t.n {
            if !hex.t.playable[f] || pos.cells[f] != EMPTY {
                continue;
            }
            let Some((full, inner)) = hex.pattern(rings, pos, FaceId(f as u32)) else {
                continue;
            };
            let is_near = near.contains(&(f as u32));
            // Turning a key keeps its flag bits, so the local keys' canonical
            // forms are the plain ones' with the flag.
            let (full, inner) = (canonical(full), canonical(inner));
            let both = [full, inner, full | LOCAL, inner | LOCAL];
            let keys = if is_near { &both[..] } else { &both[..2] };
            if f == played.index() {
                chosen = Some(self.faces.len() - start);
            }
            for &key in keys {
                let e = self.counts.entry(key).or_default();
                e.1 += 1;
                if f == played.index() {
                    e.0 += 1;
                }
            }
            self.faces.push((full, inner, is_near));
        }
        match chosen {
            Some(c) => self.choices.push((start as u32, c as u32)),
            // The choice has no pattern (a face without a ring): nothing to fit.
            None => self.faces.truncate(start),
        }
    }

    /// Fit each pattern's urgency to the choices counted, as in Coulom's
    /// "Computing Elo ratings of move patterns" (2007): the chance of
    /// choosing a face is its pattern's urgency over the sum of the
    /// position's urgencies. Each face has one pattern, the first known
    /// (seen at least 20 times) of its full and inner keys, or else a shared
    /// unknown one: the order [`PatternWeights::weight`] looks them up in.
    /// Then, those urgencies fixed, the local patterns are fitted the same
    /// way, a face in the ring of the opponent's last stone taking its local
    /// full or inner key first ([`PatternWeights::weight_near`]'s order).
    /// Minorization–maximization, with a virtual win and loss against
    /// urgency 1 for each pattern; the result is scaled so the average
    /// face's urgency is 1 (log 0), as with the chosen rates. Fills
    /// [`PatternCounts::fitted`].
    pub fn fit(&mut self) {
        if self.choices.is_empty() {
            // Nothing counted here (a table read back has counts only).
            self.fitted.clear();
            return;
        }
        let mut keys: Vec<u64> = self
            .counts
            .iter()
            .filter(|(_, (_, seen))| *seen >= MIN_SEEN)
            .map(|(k, _)| *k)
            .collect();
        keys.sort_unstable();
        let index: FxHashMap<u64, u32> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32))
            .collect();
        let unknown = keys.len() as u32;
        let features = |local: bool| -> Vec<u32> {
            self.faces
                .iter()
                .map(|&(full, inner, near)| {
                    lookup_order(full, inner, local && near)
                        .find_map(|k| index.get(&k).copied())
                        .unwrap_or(unknown)
                })
                .collect()
        };
        let mut gamma = vec![1.0f64; keys.len() + 1];
        let global = features(false);
        self.maximize(&global, &mut gamma, |_| true);
        let mean =
            global.iter().map(|&f| gamma[f as usize]).sum::<f64>() / global.len().max(1) as f64;
        let is_local = |f: usize| keys.get(f).is_some_and(|k| k & LOCAL != 0);
        self.maximize(&features(true), &mut gamma, is_local);
        self.fitted = keys
            .iter()
            .zip(&gamma)
            .map(|(&k, &g)| (k, (g / mean).ln() as f32))
            .collect();
    }

    /// Minorization–maximization rounds of [`PatternCounts::fit`]: each
    /// face's pattern is `feature[face]`; only the urgencies for which
    /// `free` holds change.
    fn maximize(&self, feature: &[u32], gamma: &mut [f64], free: impl Fn(usize) -> bool) {
        const ROUNDS: usize = 40;
        let ends = self
            .choices
            .iter()
            .skip(1)
            .map(|&(s, _)| s as usize)
            .chain([self.faces.len()]);
        let spans: Vec<(usize, usize)> = self
            .choices
            .iter()
            .map(|&(s, _)| s as usize)
            .zip(ends)
            .collect();
        let mut wins = vec![1.0f64; gamma.len()];
        for &(s, c) in &self.choices {
            wins[feature[(s + c) as usize] as usize] += 1.0;
        }
        let mut denom = vec![0.0f64; gamma.len()];
        for _ in 0..ROUNDS {
            denom.iter_mut().for_each(|d| *d = 0.0);
            for &(s, e) in &spans {
                let fs = &feature[s..e];
                let sum: f64 = fs.iter().map(|&f| gamma[f as usize]).sum();
                for &f in fs {
                    denom[f as usize] += 1.0 / sum;
                }
            }
            for (f, g) in gamma.iter_mut().enumerate() {
                if free(f) {
                    *g = wins[f] / (denom[f] + 2.0 / (*g + 1.0));
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
            match self.fitted.get(k) {
                Some(w) => {
                    let _ = writeln!(s, "{k:x} {played} {seen} {w:.4}");
                }
                None => {
                    let _ = writeln!(s, "{k:x} {played} {seen}");
                }
            }
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
            let bad = || {
                format!(
                    "line {}: expected 'key played seen' and an optional weight, found '{line}'",
                    i + 1
                )
            };
            let mut it = line.split_whitespace();
            let (Some(k), Some(p), Some(s), w, None) =
                (it.next(), it.next(), it.next(), it.next(), it.next())
            else {
                return Err(bad());
            };
            let k = u64::from_str_radix(k, 16).map_err(|_| bad())?;
            let p: u64 = p.parse().map_err(|_| bad())?;
            let s: u64 = s.parse().map_err(|_| bad())?;
            if let Some(w) = w {
                let w: f32 = w.parse().map_err(|_| bad())?;
                if !w.is_finite() {
                    return Err(bad());
                }
                c.fitted.insert(k, w);
            }
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

/// The keys a face is rated by, the first known one counting: in the ring
/// of the opponent's last stone (`near`) its local full and inner keys, then
/// its full and inner keys. [`PatternWeights`] looks them up in this order,
/// and [`PatternCounts::fit`] fits them in it.
fn lookup_order(full: u64, inner: u64, near: bool) -> impl Iterator<Item = u64> {
    [full | LOCAL, inner | LOCAL, full, inner]
        .into_iter()
        .skip(if near { 0 } else { 2 })
}

/// Patterns seen fewer times than this say too little; the inner pattern
/// (or nothing) is used instead.
const MIN_SEEN: u64 = 20;
/// Pseudo-observations at the average rate added to every pattern's counts.
const SMOOTHING: f64 = 10.0;

/// Bits in [`PatternWeights`]'s filter of full keys (128 KiB: about 4 %
/// of the keys not there pass it, with the built-in table's 40,000).
const FULL_SEEN_BITS: usize = 1 << 20;

/// A full key's bit in that filter (another hash than [`KeyMap`]'s).
#[inline]
fn full_seen_bit(key: u64) -> usize {
    (key.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) >> 44) as usize
}

/// The log urgency of each pattern in every orientation, for fast look-up.
#[derive(Debug)]
pub struct PatternWeights {
    weights: FxHashMap<u64, f32>,
    /// The same keys in maps made for fast look-ups, which the tree's priors
    /// make for every move of every new node: the few inner patterns in a
    /// map that stays in the cache, the many full ones in another, in front
    /// of which a bit per hash tells most keys that are not there without
    /// reading it (a face's full pattern is often too rare to be known).
    inner: KeyMap,
    full: KeyMap,
    full_seen: Vec<u64>,
}

impl PatternWeights {
    /// Weights from a table: its fitted weights ([`PatternCounts::fit`])
    /// when it has them; else from the counts, ln((played + m·r) / (seen +
    /// m) / r), r the average chosen rate, m = 10; full and inner patterns
    /// each against their own average.
    pub fn from_counts(c: &PatternCounts) -> PatternWeights {
        let mut weights = FxHashMap::default();
        if !c.fitted.is_empty() {
            for (&k, &w) in &c.fitted {
                for o in orientations(k) {
                    weights.insert(o, w);
                }
            }
            return PatternWeights::with(weights);
        }
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
        PatternWeights::with(weights)
    }

    fn with(weights: FxHashMap<u64, f32>) -> PatternWeights {
        let of = |inner: bool| {
            KeyMap::new(
                weights
                    .iter()
                    .filter(|(k, _)| (*k & INNER != 0) == inner)
                    .map(|(&k, &w)| (k, w)),
            )
        };
        let mut full_seen = vec![0u64; FULL_SEEN_BITS / 64];
        for &k in weights.keys().filter(|k| *k & INNER == 0) {
            let b = full_seen_bit(k);
            full_seen[b / 64] |= 1 << (b % 64);
        }
        PatternWeights {
            inner: of(true),
            full: of(false),
            full_seen,
            weights,
        }
    }

    /// The weight of `key`, if known.
    #[inline]
    fn get(&self, key: u64) -> Option<f32> {
        if key & INNER != 0 {
            return self.inner.get(key);
        }
        let b = full_seen_bit(key);
        if self.full_seen[b / 64] & (1 << (b % 64)) == 0 {
            return None;
        }
        self.full.get(key)
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
        self.first_known(lookup_order(full, inner, false))
    }

    /// The same for a face in the ring of the opponent's last stone: its
    /// local pattern's weight when that was seen often enough, else as
    /// [`PatternWeights::weight`].
    pub fn weight_near(&self, (full, inner): (u64, u64)) -> f32 {
        self.first_known(lookup_order(full, inner, true))
    }

    /// The local patterns alone ([`PatternWeights::weight_near`]), in
    /// every orientation: key (without its local mark) → log urgency.
    pub fn local(&self) -> impl Iterator<Item = (u64, f32)> + '_ {
        self.weights
            .iter()
            .filter(|(k, _)| *k & LOCAL != 0)
            .map(|(k, &w)| (k & !LOCAL, w))
    }

    /// The weight of the first of `keys` known, else 0.
    fn first_known(&self, mut keys: impl Iterator<Item = u64>) -> f32 {
        keys.find_map(|k| self.get(k)).unwrap_or(0.0)
    }

    /// Number of oriented keys known.
    pub fn len(&self) -> usize {
        self.weights.len()
    }
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{HexMove, Verdict};
    use super::*;
    use crate::io::record::{BoardSource, GameRecord};
    use crate::rules::Rules;
    use std::path::Path;
    use std::sync::Arc;

    /// The Hex games in `dir` whose names start with `prefix`, in name order,
    /// with their board.
    fn games(dir: &str, prefix: &str) -> Vec<(Hex, GameRecord)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let r = crate::io::sgf::read_sgf(&std::fs::read_to_string(p).unwrap()).unwrap();
                let BoardSource::Preset { size: Some(n), .. } = r.board else {
                    panic!("{}: a Hex rhombus", p.display());
                };
                (
                    Hex::new(Arc::new(crate::presets::hex(n)), false).unwrap(),
                    r,
                )
            })
            .collect()
    }

    /// Each position of `games` before a move of a player `chooses` picks,
    /// with that move; as `learn-patterns` counts them (not the first move,
    /// nor positions the connections call won).
    fn choices(
        games: &[(Hex, GameRecord)],
        chooses: impl Fn(&GameRecord, usize) -> bool,
        mut each: impl FnMut(&Hex, &Rings, &HexPosition, FaceId),
    ) {
        for (h, r) in games {
            let rings = h.rings();
            let mut pos = h.start();
            for (ply, m) in r.moves.iter().enumerate() {
                let mv = h.parse_move(&pos, m).unwrap();
                if let HexMove::Place(f) = mv
                    && ply > 0
                    && chooses(r, ply)
                    && !matches!(h.verdict(&pos), Verdict::Won(_))
                {
                    each(h, &rings, &pos, f);
                }
                h.apply(&mut pos, mv);
            }
        }
    }

    /// How often the most urgent face by `w` (local patterns near the
    /// opponent's last stone) is MoHex's move in the match games against
    /// boardwright (`tests/data/sgf/mohex-matches/`): (positions, hits).
    fn hits(w: &PatternWeights) -> (u32, u32) {
        let matches = games("tests/data/sgf/mohex-matches", "hex");
        let (mut seen, mut hit) = (0, 0);
        let mohex =
            |r: &GameRecord, ply: usize| ply % 2 == usize::from(r.players[1].starts_with("MoHex"));
        choices(&matches, mohex, |h, rings, pos, played| {
            let near = near_last(h, rings, pos);
            let best = (0..h.t.n)
                .filter(|&f| h.t.playable[f] && pos.cells[f] == EMPTY)
                .filter_map(|f| {
                    let k = h.pattern(rings, pos, FaceId(f as u32))?;
                    let v = if near.contains(&(f as u32)) {
                        w.weight_near(k)
                    } else {
                        w.weight(k)
                    };
                    Some((v, f))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .unwrap();
            seen += 1;
            hit += u32::from(best.1 == played.index());
        });
        (seen, hit)
    }

    #[test]
    fn fitted_urgencies_predict_mohex_better_than_chosen_rates() {
        let selfplay = games("tests/data/sgf/mohex-selfplay", "hex");
        let mut counts = PatternCounts::default();
        choices(
            &selfplay,
            |_, _| true,
            |h, rings, pos, f| counts.add(h, rings, pos, f),
        );
        let rates = PatternWeights::from_counts(&counts);
        counts.fit();
        assert!(!counts.fitted.is_empty());
        // The table written keeps the counts of the patterns seen often
        // enough, and their fitted weights to four decimals.
        let text = counts.to_text(MIN_SEEN, "test");
        let read = PatternCounts::parse(&text).unwrap();
        let kept = counts.counts.values().filter(|c| c.1 >= MIN_SEEN).count();
        assert_eq!(read.counts.len(), kept);
        assert_eq!(read.fitted.len(), kept);
        assert!(read.counts.iter().all(|(k, c)| counts.counts[k] == *c));
        for (k, w) in &counts.fitted {
            assert_eq!(read.fitted[k], format!("{w:.4}").parse::<f32>().unwrap());
        }
        let fitted = PatternWeights::from_counts(&read);
        let ((n, r), (m, f)) = (hits(&rates), hits(&fitted));
        assert_eq!(n, m);
        assert!(n > 300, "{n}");
        eprintln!("MoHex's move the most urgent: {r} of {n} by rates, {f} fitted");
        assert!(
            f as f64 >= 1.05 * r as f64,
            "{r} by rates, {f} fitted, of {n}"
        );
    }

    /// The playouts' kept keys ([`KeyTable`]) are the keys read from the
    /// board ([`Hex::pattern_in`]), for either player, as stones are added
    /// one by one: on a rhombus, on square cells, and on a Blender export of
    /// a board with lakes (unplayable faces).
    #[test]
    fn kept_keys_are_the_keys_read_from_the_board() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let load = |p: &str| crate::io::load_board(root.join(p)).unwrap().board;
        let boards = [
            crate::presets::hex(11),
            load("boards/square-8.ron"),
            load("tests/data/obj/blender-4x.obj"),
        ];
        for board in boards {
            let h = Hex::new(Arc::new(board), false).unwrap();
            let (n, rings) = (h.t.n, h.rings());
            let table = KeyTable::new(&h, &rings);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
            let mut order: Vec<usize> = (0..n).filter(|&f| h.t.playable[f]).collect();
            order.shuffle(&mut rng);
            let mut cells = vec![EMPTY; n];
            let mut keys = Vec::new();
            table.fill(&cells, &mut keys);
            let (mut checked, mut ringless) = (0, 0);
            for (i, &f) in order.iter().enumerate() {
                let c = 1 + (i % 2) as u8;
                cells[f] = c;
                table.place(&mut keys, f, c);
                if i % 5 == 0 {
                    let mut again = Vec::new();
                    table.fill(&cells, &mut again);
                    assert_eq!(again, keys, "filled from scratch after {} stones", i + 1);
                }
                for g in (0..n).filter(|&g| cells[g] == EMPTY) {
                    for me in [1, 2] {
                        let read = h.pattern_in(&rings, &cells, me, FaceId(g as u32));
                        let kept = (keys[g] != 0).then(|| KeyTable::keys(keys[g], me));
                        assert_eq!(kept, read, "face {g}, colour {me}, after {} stones", i + 1);
                        checked += 1;
                        ringless += usize::from(read.is_none() && h.t.playable[g]);
                    }
                }
            }
            // Every empty playable face after every stone, for both players.
            let p = order.len();
            assert!(
                p >= 10 && checked >= p * (p - 1),
                "{checked} keys on {p} faces"
            );
            // Only the lakes (unplayable, always empty) have no pattern.
            assert_eq!(ringless, 0, "playable faces without a pattern");
        }
    }

    /// [`KeyMap`] finds every key it was given, with its value, and no other
    /// (checked against a hash map, with keys shaped like patterns').
    #[test]
    fn key_map_finds_exactly_its_keys() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut key = || (6u64 << 56) | (rng.random::<u64>() & ((1 << 24) - 1));
        let given: FxHashMap<u64, f32> = (0..5000).map(|i| (key(), i as f32)).collect();
        let map = KeyMap::new(given.iter().map(|(&k, &v)| (k, v)));
        for (&k, &v) in &given {
            assert_eq!(map.get(k), Some(v));
        }
        let mut missed = 0;
        for _ in 0..20_000 {
            let k = key();
            assert_eq!(map.get(k), given.get(&k).copied());
            missed += usize::from(!given.contains_key(&k));
        }
        assert!(missed > 19_000);
        assert_eq!(KeyMap::new([]).get(6 << 56), None);
    }

    /// The built-in table's fast look-up (inner map, filtered full map)
    /// answers as its hash map does: every key with its weight, and nothing
    /// for keys it does not hold, local or not, inner or full.
    #[test]
    fn pattern_weights_fast_look_up_matches_the_table() {
        use rand::{Rng, SeedableRng};
        let w = PatternWeights::builtin();
        assert!(w.len() > 10_000);
        for (&k, &v) in &w.weights {
            assert_eq!(w.get(k), Some(v), "{k:#x}");
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut absent, mut present) = (0, 0);
        for _ in 0..200_000 {
            let flags = [0, INNER, LOCAL, INNER | LOCAL][rng.random_range(0..4)];
            let slots = rng.random::<u64>() & ((1 << 24) - 1);
            let k = (6u64 << 56)
                | flags
                | if flags & INNER != 0 {
                    slots & EDGE_SLOTS
                } else {
                    slots
                };
            assert_eq!(w.get(k), w.weights.get(&k).copied(), "{k:#x}");
            if w.weights.contains_key(&k) {
                present += 1
            } else {
                absent += 1
            }
        }
        assert!(
            absent > 100_000 && present > 1_000,
            "{absent} absent, {present} present"
        );
    }
}
