//! TwixT: place pegs, link them a knight's move apart, join your two border rows.
//!
//! The board is an N×N grid of peg holes (N from 5 to 48) without the four corner
//! holes, as made by [`presets::twixt`](crate::presets::twixt): `a1` is the top-left
//! hole, letters are columns and numbers rows (downwards). Red (player 0, moves
//! first) owns the top and bottom rows, Blue (player 1) the left and right columns;
//! nobody may place a peg in the opponent's border rows.
//!
//! Placing a peg links it to every own peg a knight's move away unless the new link
//! would cross an existing link of either colour (links that only share an end peg
//! do not cross). A player wins once his linked pegs join his two border rows. If the
//! player to move has no hole left to place in, the game is a draw. With the swap
//! rule, Blue's first move may be `swap`: Red's first peg is mirrored across the
//! diagonal, `(col, row) → (row, col)`, and becomes Blue's.
//!
//! Dead draw (option, [`Twixt::with_dead_draw`], as T1j and twixtbot play): the game
//! is drawn as soon as neither player can still connect. A player can still connect
//! while his two border rows are joined by a path through holes he may use (his
//! pegs and the empty holes outside the opponent's border rows) along links that
//! may still exist: between two of his pegs only a link that is on the board (two
//! unlinked pegs never get linked later), otherwise a knight's move whose link no
//! present link crosses (links are never removed, so a crossed link stays
//! impossible). Without such a path no sequence of moves connects him; the test
//! is a search over at most N² holes (see [`Twixt::can_still_connect`]). Once a
//! player is cut off he stays cut off, so each position records who is.
//!
//! Implementation: every possible link has an id (`cell * 4 + direction`, the four
//! "forward" knight directions). A table built once per board lists, for every link,
//! the links that cross it — decided exactly with integer orientation tests. Each
//! new link marks the links it crosses in a "blocked" bitset, so checking whether a
//! link may form is a single bit test. Win detection is a union-find over the pegs
//! (path halving, union by size) whose roots record which of their owner's border
//! rows the component touches — the equivalent of virtual border nodes — updated
//! with each placement; [`Rules::outcome_from_scratch`] recomputes it with a flood
//! fill over the links.

use super::search::{ParamRange, ParamSpec, Searchable, Settings, reward_for};
use super::{
    Evidence, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules, UnsuitableBoard,
};
use crate::board::lattice::{KNIGHT, segments_cross};
use crate::board::{Board, grid_label, parse_grid_label};
use crate::mesh::FaceId;
use crate::presets;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use std::sync::Arc;

/// Smallest supported board side.
pub const MIN_SIZE: u32 = 5;
/// Largest supported board side.
pub const MAX_SIZE: u32 = 48;

/// A TwixT move: place a peg, or (Blue's first move, swap rule on) take over Red's
/// first peg mirrored across the diagonal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TwixtMove {
    Place(FaceId),
    Swap,
}

const NO_CELL: u16 = u16::MAX;
const NO_WINNER: u8 = 2;

// Per-cell flags.
const RED_MAY: u8 = 1;
const BLUE_MAY: u8 = 2;
const TOP: u8 = 4;
const BOTTOM: u8 = 8;
const LEFT: u8 = 16;
const RIGHT: u8 = 32;

/// Tables shared (via `Arc`) by all clones of a [`Twixt`].
#[derive(Debug)]
struct Tables {
    board: Arc<Board>,
    n: u32,
    /// Number of grid cells, `n * n` (corners included, they are never used).
    cells: usize,
    face_of_cell: Vec<u32>,
    cell_of_face: Vec<u16>,
    flags: Vec<u8>,
    /// `cell * 8 + d`: the hole a knight's move `KNIGHT[d]` away, or `NO_CELL`.
    knight: Vec<u16>,
    /// `cell * 8 + d`: id of the link from `cell` in direction `d`.
    link_id: Vec<u16>,
    /// Per cell: `(neighbour << 16) | link id` for each knight direction; a
    /// missing neighbour is the empty sentinel cell `cells` with the padding link
    /// (the hot loop's packed copy of `knight` and `link_id`).
    adj: Vec<[u32; 8]>,
    /// Per link: the links crossing it, padded with `pad_link` (never present).
    cross9: Vec<[u16; 9]>,
    /// The padding link id of `cross9`.
    pad_link: u16,
    /// Number of `u64` words of the link bitset.
    link_words: usize,
    start: TwixtPosition,
}

/// The TwixT rules on one board, with or without the swap rule and the dead
/// draw. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Twixt {
    t: Arc<Tables>,
    swap: bool,
    dead_draw: bool,
}

/// A TwixT position: pegs, links, union-find over linked pegs, counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwixtPosition {
    /// Per grid cell (plus one sentinel): 0 empty, 1 Red peg, 2 Blue peg.
    pegs: Box<[u8]>,
    /// Bitset over link ids: the links on the board (of either colour).
    links: Box<[u64]>,
    /// Bitset over link ids: links crossed by a present link (so they can never form).
    blocked: Box<[u64]>,
    /// Union-find over the cells (path halving, union by size).
    parent: Box<[u16]>,
    /// Per union-find root: component size (low 14 bits) and which of its
    /// owner's two border rows the component touches (bits 14 and 15).
    meta: Box<[u16]>,
    /// Empty holes each player may still place in.
    free: [u16; 2],
    ply: u16,
    winner: u8,
    swapped: bool,
    /// Dead-draw option only: bit `p` set once player `p` can no longer connect.
    cut_off: u8,
}

impl TwixtPosition {
    /// Number of moves played (a swap counts as one).
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }
    /// Whether Blue used the swap rule.
    pub fn swapped(&self) -> bool {
        self.swapped
    }
}

fn find(parent: &mut [u16], mut x: usize) -> usize {
    while parent[x] as usize != x {
        let p = parent[x] as usize;
        let gp = parent[p];
        parent[x] = gp;
        x = gp as usize;
    }
    x
}

const SIZE_MASK: u16 = (1 << 14) - 1;
/// Both border bits of `meta`.
const BOTH_SIDES: u16 = 3 << 14;

/// Join the components with roots `ra` and `rb`; returns the new root.
#[inline]
fn union_roots(parent: &mut [u16], meta: &mut [u16], ra: usize, rb: usize) -> usize {
    if ra == rb {
        return ra;
    }
    let (ma, mb) = (meta[ra], meta[rb]);
    let (big, small) = if ma & SIZE_MASK >= mb & SIZE_MASK {
        (ra, rb)
    } else {
        (rb, ra)
    };
    parent[small] = big as u16;
    let size = ((ma & SIZE_MASK) + (mb & SIZE_MASK)).min(SIZE_MASK);
    meta[big] = size | ((ma | mb) & BOTH_SIDES);
    big
}

#[inline]
fn bit(words: &[u64], i: usize) -> bool {
    words[i >> 6] >> (i & 63) & 1 != 0
}

/// Twice the signed area of the triangle (a, b, c).
impl Twixt {
    /// TwixT on `board`, which must be a TwixT board as made by
    /// [`presets::twixt`] (N×N holes without the corners, N from 5 to 48).
    pub fn new(board: Arc<Board>, swap: bool) -> Result<Twixt, UnsuitableBoard> {
        let nf = board.face_count();
        let bad = |why: String| {
            UnsuitableBoard(format!(
                "TwixT needs a square grid of N×N peg holes without the four corners (N from {MIN_SIZE} to {MAX_SIZE}), like the TwixT preset: {why}"
            ))
        };
        if nf == 0 {
            return Err(bad("the board has no faces".into()));
        }
        let mut max = 0i32;
        let mut coords = Vec::with_capacity(nf);
        for f in 0..nf {
            let f = FaceId(f as u32);
            let Some(g) = board.coord(f) else {
                return Err(bad(format!(
                    "face {} has no grid coordinate",
                    board.face_name(f)
                )));
            };
            if g.col < 0 || g.row < 0 {
                return Err(bad(format!(
                    "face {} has a negative grid coordinate",
                    board.face_name(f)
                )));
            }
            max = max.max(g.col).max(g.row);
            coords.push(g);
        }
        let n = max as u32 + 1;
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(bad(format!("the grid is {n} holes wide")));
        }
        if nf != (n * n - 4) as usize {
            return Err(bad(format!(
                "a {n}×{n} board has {} holes but this one has {nf} faces",
                n * n - 4
            )));
        }
        let cells = (n * n) as usize;
        let last = n as i32 - 1;
        let mut face_of_cell = vec![u32::MAX; cells];
        let mut cell_of_face = vec![NO_CELL; nf];
        for (f, slot) in cell_of_face.iter_mut().enumerate() {
            let fid = FaceId(f as u32);
            let g = coords[f];
            if (g.col == 0 || g.col == last) && (g.row == 0 || g.row == last) {
                return Err(bad(format!(
                    "face {} is a corner hole",
                    board.face_name(fid)
                )));
            }
            let c = (g.row as u32 * n + g.col as u32) as usize;
            if face_of_cell[c] != u32::MAX {
                return Err(bad(format!(
                    "faces {} and {} share the grid coordinate {}",
                    board.face_name(FaceId(face_of_cell[c])),
                    board.face_name(fid),
                    grid_label(g.col as u32, g.row as u32)
                )));
            }
            face_of_cell[c] = f as u32;
            *slot = c as u16;
        }
        let n_i = n as i32;
        let exists = |col: i32, row: i32| {
            (0..n_i).contains(&col)
                && (0..n_i).contains(&row)
                && face_of_cell[(row * n_i + col) as usize] != u32::MAX
        };
        let mut flags = vec![0u8; cells];
        let mut knight = vec![NO_CELL; cells * 8];
        let mut link_id = vec![0u16; cells * 8];
        for row in 0..n_i {
            for col in 0..n_i {
                let c = (row * n_i + col) as usize;
                if !exists(col, row) {
                    continue;
                }
                let mut fl = 0;
                if col != 0 && col != last {
                    fl |= RED_MAY;
                }
                if row != 0 && row != last {
                    fl |= BLUE_MAY;
                }
                if row == 0 {
                    fl |= TOP;
                }
                if row == last {
                    fl |= BOTTOM;
                }
                if col == 0 {
                    fl |= LEFT;
                }
                if col == last {
                    fl |= RIGHT;
                }
                flags[c] = fl;
                for (d, &(dc, dr)) in KNIGHT.iter().enumerate() {
                    let (c2, r2) = (col + dc, row + dr);
                    if exists(c2, r2) {
                        let o = (r2 * n_i + c2) as usize;
                        knight[c * 8 + d] = o as u16;
                        link_id[c * 8 + d] = if d < 4 {
                            (c * 4 + d) as u16
                        } else {
                            (o * 4 + d - 4) as u16
                        };
                    }
                }
            }
        }
        // Crossing table.
        let n_links = cells * 4;
        let mut cross_start = Vec::with_capacity(n_links + 1);
        let mut cross = Vec::new();
        for l in 0..n_links {
            cross_start.push(cross.len() as u32);
            let (c, d) = (l / 4, l % 4);
            if knight[c * 8 + d] == NO_CELL {
                continue;
            }
            let (col, row) = (c as i32 % n_i, c as i32 / n_i);
            let a = (col as i64, row as i64);
            let b = (a.0 + KNIGHT[d].0 as i64, a.1 + KNIGHT[d].1 as i64);
            for r2 in (row - 3).max(0)..=(row + 3).min(last) {
                for c2 in (col - 4).max(0)..=(col + 4).min(last) {
                    let o = (r2 * n_i + c2) as usize;
                    for d2 in 0..4 {
                        if knight[o * 8 + d2] == NO_CELL {
                            continue;
                        }
                        let p = (c2 as i64, r2 as i64);
                        let q = (p.0 + KNIGHT[d2].0 as i64, p.1 + KNIGHT[d2].1 as i64);
                        if segments_cross(a, b, p, q) {
                            cross.push((o * 4 + d2) as u16);
                        }
                    }
                }
            }
        }
        cross_start.push(cross.len() as u32);
        // One extra, never-set link id pads the fixed-size crossing lists.
        let pad_link = n_links as u16;
        let link_words = (n_links + 1).div_ceil(64);
        let mut cross9 = vec![[pad_link; 9]; n_links];
        for (l, slot) in cross9.iter_mut().enumerate() {
            let list = &cross[cross_start[l] as usize..cross_start[l + 1] as usize];
            if list.len() > 9 {
                return Err(bad(
                    "internal error: a link crosses more than nine links".into()
                ));
            }
            slot[..list.len()].copy_from_slice(list);
        }
        let adj: Vec<[u32; 8]> = (0..cells)
            .map(|c| {
                std::array::from_fn(|d| match knight[c * 8 + d] {
                    NO_CELL => (cells as u32) << 16 | pad_link as u32,
                    o => (o as u32) << 16 | link_id[c * 8 + d] as u32,
                })
            })
            .collect();
        let mut free = [0u16; 2];
        for &fl in &flags {
            if fl & RED_MAY != 0 {
                free[0] += 1;
            }
            if fl & BLUE_MAY != 0 {
                free[1] += 1;
            }
        }
        let start = TwixtPosition {
            // One extra, always empty sentinel cell for missing neighbours.
            pegs: vec![0; cells + 1].into_boxed_slice(),
            links: vec![0; link_words].into_boxed_slice(),
            blocked: vec![0; link_words].into_boxed_slice(),
            parent: (0..cells as u16).collect(),
            meta: vec![1; cells].into_boxed_slice(),
            free,
            ply: 0,
            winner: NO_WINNER,
            swapped: false,
            cut_off: 0,
        };
        Ok(Twixt {
            t: Arc::new(Tables {
                board,
                n,
                cells,
                face_of_cell,
                cell_of_face,
                flags,
                knight,
                link_id,
                adj,
                cross9,
                pad_link,
                link_words,
                start,
            }),
            swap,
            dead_draw: false,
        })
    }

    /// TwixT on the standard N×N board ([`presets::twixt`]).
    pub fn standard(n: u32, swap: bool) -> Result<Twixt, UnsuitableBoard> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
            return Err(UnsuitableBoard(format!(
                "TwixT board size {n} is out of range ({MIN_SIZE} to {MAX_SIZE})"
            )));
        }
        Twixt::new(Arc::new(presets::twixt(n)), swap)
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.t.board
    }
    /// Side length N of the board.
    pub fn size(&self) -> u32 {
        self.t.n
    }
    /// Whether the swap rule is on.
    pub fn swap_rule(&self) -> bool {
        self.swap
    }

    /// The same rules with the dead draw on or off (off by default): a draw as
    /// soon as neither player can still connect.
    pub fn with_dead_draw(mut self, on: bool) -> Twixt {
        self.dead_draw = on;
        self
    }

    /// Whether the dead draw is on.
    pub fn dead_draw(&self) -> bool {
        self.dead_draw
    }

    /// Whether player `p` can still join his two border rows in `pos` (see the
    /// module docs): a depth-first search from his first border row that tries
    /// the knight's moves towards the other row first, so on an open board it
    /// walks almost straight across. Independent of the dead-draw option.
    pub fn can_still_connect(&self, pos: &TwixtPosition, p: Player) -> bool {
        let t = &*self.t;
        if pos.winner == p {
            return true;
        }
        let (fa, fb) = Self::sides(p);
        let may = if p == 0 { RED_MAY } else { BLUE_MAY };
        let peg = p + 1;
        let usable = |c: usize| pos.pegs[c] == peg || (pos.pegs[c] == 0 && t.flags[c] & may != 0);
        // Knight directions, the most backward first: the last pushed is searched first.
        const RED_ORDER: [usize; 8] = [4, 5, 6, 7, 3, 2, 1, 0];
        const BLUE_ORDER: [usize; 8] = [3, 6, 1, 4, 5, 0, 7, 2];
        let order = if p == 0 { &RED_ORDER } else { &BLUE_ORDER };
        let mut seen = vec![0u64; t.cells.div_ceil(64)];
        let mut stack: Vec<u16> = Vec::with_capacity(64);
        for c in (0..t.cells).rev() {
            if t.flags[c] & fa != 0 && usable(c) {
                seen[c >> 6] |= 1 << (c & 63);
                stack.push(c as u16);
            }
        }
        while let Some(c) = stack.pop() {
            let c = c as usize;
            if t.flags[c] & fb != 0 {
                return true;
            }
            let own = pos.pegs[c] == peg;
            for &d in order {
                let o = t.knight[c * 8 + d];
                if o == NO_CELL {
                    continue;
                }
                let o = o as usize;
                if seen[o >> 6] >> (o & 63) & 1 != 0 || !usable(o) {
                    continue;
                }
                let l = t.link_id[c * 8 + d] as usize;
                let ok = if own && pos.pegs[o] == peg {
                    bit(&pos.links, l)
                } else {
                    !bit(&pos.blocked, l)
                };
                if ok {
                    seen[o >> 6] |= 1 << (o & 63);
                    stack.push(o as u16);
                }
            }
        }
        false
    }

    /// [`Twixt::can_still_connect`] recomputed from the pegs and links alone
    /// (breadth-first; crossings looked up against the links on the board, not
    /// the incremental "blocked" set), for tests.
    fn can_still_connect_scratch(&self, pos: &TwixtPosition, p: Player) -> bool {
        let t = &*self.t;
        let (fa, fb) = Self::sides(p);
        let may = if p == 0 { RED_MAY } else { BLUE_MAY };
        let peg = p + 1;
        let usable = |c: usize| {
            t.flags[c] != 0 && (pos.pegs[c] == peg || (pos.pegs[c] == 0 && t.flags[c] & may != 0))
        };
        let crossed = |l: usize| {
            t.cross9[l]
                .iter()
                .any(|&x| x != t.pad_link && bit(&pos.links, x as usize))
        };
        let mut seen = vec![false; t.cells];
        let mut queue: VecDeque<usize> = (0..t.cells)
            .filter(|&c| t.flags[c] & fa != 0 && usable(c))
            .collect();
        for &c in &queue {
            seen[c] = true;
        }
        while let Some(c) = queue.pop_front() {
            if t.flags[c] & fb != 0 {
                return true;
            }
            for d in 0..8 {
                let o = t.knight[c * 8 + d];
                if o == NO_CELL || seen[o as usize] || !usable(o as usize) {
                    continue;
                }
                let o = o as usize;
                let l = t.link_id[c * 8 + d] as usize;
                let both_pegs = pos.pegs[c] == peg && pos.pegs[o] == peg;
                if (both_pegs && bit(&pos.links, l)) || (!both_pegs && !crossed(l)) {
                    seen[o] = true;
                    queue.push_back(o);
                }
            }
        }
        false
    }

    /// Dead-draw option: record which players can no longer connect (a player
    /// once cut off is not searched again).
    fn update_cut_off(&self, pos: &mut TwixtPosition) {
        if !self.dead_draw || pos.winner != NO_WINNER {
            return;
        }
        for p in 0..2u8 {
            if pos.cut_off & 1 << p == 0 && !self.can_still_connect(pos, p) {
                pos.cut_off |= 1 << p;
            }
        }
    }

    fn dead_draw_outcome(&self) -> Outcome {
        Outcome {
            winner: None,
            reason: "neither player can still connect his border rows: draw".into(),
            evidence: Evidence::default(),
        }
    }

    fn face(&self, cell: usize) -> FaceId {
        FaceId(self.t.face_of_cell[cell])
    }
    fn cell(&self, f: FaceId) -> Option<usize> {
        self.t
            .cell_of_face
            .get(f.index())
            .map(|&c| c as usize)
            .filter(|&c| c != NO_CELL as usize)
    }
    fn label_of_cell(&self, cell: usize) -> String {
        let n = self.t.n as usize;
        grid_label((cell % n) as u32, (cell / n) as u32)
    }

    fn swap_available(&self, pos: &TwixtPosition) -> bool {
        self.swap && pos.ply == 1 && !pos.swapped
    }

    fn over(&self, pos: &TwixtPosition) -> bool {
        pos.winner != NO_WINNER
            || pos.cut_off == 3
            || (pos.free[(pos.ply & 1) as usize] == 0 && !self.swap_available(pos))
    }

    /// Put a peg of `p` into the empty hole `cell` and form its links.
    #[inline]
    fn place(&self, pos: &mut TwixtPosition, cell: usize, p: Player) {
        let t = &*self.t;
        let peg = p + 1;
        pos.pegs[cell] = peg;
        let fl = t.flags[cell];
        pos.free[0] -= (fl & RED_MAY != 0) as u16;
        pos.free[1] -= (fl & BLUE_MAY != 0) as u16;
        let (fa, fb) = Self::sides(p);
        let mut sides = 0u16;
        if fl & fa != 0 {
            sides |= 1 << 14;
        }
        if fl & fb != 0 {
            sides |= 1 << 15;
        }
        pos.meta[cell] = 1 | sides;
        let mut root = cell;
        // Directions with an own peg whose link is not blocked, computed without
        // branches (missing neighbours point at the always-empty sentinel cell).
        let adj = &t.adj[cell];
        let mut todo = 0u32;
        for (d, &e) in adj.iter().enumerate() {
            let o = (e >> 16) as usize;
            let l = (e & 0xffff) as usize;
            let ok = (pos.pegs[o] == peg) as u32 & !bit(&pos.blocked, l) as u32;
            todo |= ok << d;
        }
        // Links from the same new peg never cross each other, so the mask stays valid.
        while todo != 0 {
            let d = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let e = adj[d];
            let (o, l) = ((e >> 16) as usize, (e & 0xffff) as usize);
            pos.links[l >> 6] |= 1u64 << (l & 63);
            for &x in &t.cross9[l] {
                pos.blocked[x as usize >> 6] |= 1u64 << (x & 63);
            }
            let ro = find(&mut pos.parent, o);
            root = union_roots(&mut pos.parent, &mut pos.meta, root, ro);
        }
        if pos.meta[root] & BOTH_SIDES == BOTH_SIDES {
            pos.winner = p;
        }
        pos.ply += 1;
    }

    /// Linked neighbours of `cell` (pegs joined to it by a link).
    fn linked<'a>(
        &'a self,
        pos: &'a TwixtPosition,
        cell: usize,
    ) -> impl Iterator<Item = usize> + 'a {
        let t = &*self.t;
        (0..8).filter_map(move |d| {
            let o = t.knight[cell * 8 + d];
            (o != NO_CELL && bit(&pos.links, t.link_id[cell * 8 + d] as usize))
                .then_some(o as usize)
        })
    }

    /// Border flags of player `p`: (start side, end side).
    fn sides(p: Player) -> (u8, u8) {
        if p == 0 { (TOP, BOTTOM) } else { (LEFT, RIGHT) }
    }

    /// Shortest chain of `p`'s linked pegs from his first to his second border
    /// (breadth-first from all pegs on the first border, in cell order).
    fn winning_chain(&self, pos: &TwixtPosition, p: Player) -> Option<Vec<usize>> {
        let t = &*self.t;
        let (fa, fb) = Self::sides(p);
        let mut prev = vec![u32::MAX; t.cells];
        let mut queue = VecDeque::new();
        for (c, slot) in prev.iter_mut().enumerate() {
            if pos.pegs[c] == p + 1 && t.flags[c] & fa != 0 {
                *slot = c as u32;
                queue.push_back(c);
            }
        }
        while let Some(c) = queue.pop_front() {
            if t.flags[c] & fb != 0 {
                let mut chain = vec![c];
                let mut x = c;
                while prev[x] as usize != x {
                    x = prev[x] as usize;
                    chain.push(x);
                }
                chain.reverse();
                return Some(chain);
            }
            for o in self.linked(pos, c) {
                if prev[o] == u32::MAX {
                    prev[o] = c as u32;
                    queue.push_back(o);
                }
            }
        }
        None
    }

    fn win_outcome(&self, chain: &[usize], p: Player) -> Outcome {
        let faces: Vec<FaceId> = chain.iter().map(|&c| self.face(c)).collect();
        let links = faces.windows(2).map(|w| (w[0], w[1])).collect();
        Outcome {
            winner: Some(p),
            reason: if p == 0 {
                "Red joined the top and bottom rows".into()
            } else {
                "Blue joined the left and right columns".into()
            },
            evidence: Evidence {
                faces,
                links,
                ring: Vec::new(),
            },
        }
    }

    fn draw_outcome(&self, p: Player) -> Outcome {
        Outcome {
            winner: None,
            reason: format!(
                "{} has no hole left to place a peg in: draw",
                Self::PLAYER_NAMES[p as usize]
            ),
            evidence: Evidence::default(),
        }
    }

    /// Play random moves from `pos` until the game ends; returns the winner
    /// (`None` for a draw). Pegs go into the empty holes in one random order, each
    /// player taking the next hole of that order he may use. If the swap rule is
    /// pending, Blue swaps with the probability of a uniformly chosen move.
    pub fn random_playout<R: Rng + ?Sized>(
        &self,
        pos: &mut TwixtPosition,
        rng: &mut R,
    ) -> Option<Player> {
        let mut order = self.playout_holes(pos, rng);
        // Fisher–Yates with two exact bounded draws (Lemire's method) per 64 random bits.
        let mut spare: Option<u32> = None;
        let mut draw = |range: u32| loop {
            let x = match spare.take() {
                Some(x) => x,
                None => {
                    let r = rng.next_u64();
                    spare = Some((r >> 32) as u32);
                    r as u32
                }
            };
            let m = x as u64 * range as u64;
            let low = m as u32;
            if low < range && low < range.wrapping_neg() % range {
                continue; // rejected: keeps the draw exactly uniform
            }
            break (m >> 32) as usize;
        };
        for i in (1..order.len()).rev() {
            let j = draw(i as u32 + 1);
            order.swap(i, j);
        }
        let mut cursor = [0usize; 2];
        let allowed = [RED_MAY, BLUE_MAY];
        loop {
            if pos.winner != NO_WINNER {
                return Some(pos.winner);
            }
            let p = (pos.ply & 1) as usize;
            let c = self.next_in_order(pos, &order, &mut cursor[p], allowed[p])?;
            self.place(pos, c, p as Player);
        }
    }

    /// A playout's first step: Blue swaps (when the swap is pending) with the
    /// probability of a uniformly chosen move; then the free holes, unshuffled.
    fn playout_holes<R: Rng + ?Sized>(&self, pos: &mut TwixtPosition, rng: &mut R) -> Vec<u16> {
        if self.swap_available(pos) {
            let k = pos.free[1] as u32 + 1;
            if rng.random_range(0..k) == 0 {
                self.apply(pos, TwixtMove::Swap);
            }
        }
        let t = &*self.t;
        (0..t.cells as u16)
            .filter(|&c| t.flags[c as usize] != 0 && pos.pegs[c as usize] == 0)
            .collect()
    }

    /// The next hole of the random `order`, from `*cur` on, that is free and that
    /// the player with `allowed` may use; the cursor moves past it. `None` when
    /// the player has no hole left (the playout is a draw).
    fn next_in_order(
        &self,
        pos: &TwixtPosition,
        order: &[u16],
        cur: &mut usize,
        allowed: u8,
    ) -> Option<usize> {
        let t = &*self.t;
        while let Some(&c) = order.get(*cur) {
            *cur += 1;
            let c = c as usize;
            if pos.pegs[c] == 0 && t.flags[c] & allowed != 0 {
                return Some(c);
            }
        }
        None
    }

    /// Like [`Twixt::random_playout`], but each player answers the opponent's
    /// last peg locally with probability `local` (0..1): a random free hole a
    /// knight's move from it that he may use, if there is one; otherwise the
    /// next hole of the random order. (An engine's playout policy: local
    /// replies make playouts look more like real TwixT fights.)
    pub fn local_playout<R: Rng + ?Sized>(
        &self,
        pos: &mut TwixtPosition,
        rng: &mut R,
        local: f32,
    ) -> Option<Player> {
        let t = &*self.t;
        let mut order = self.playout_holes(pos, rng);
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            order.swap(i, j);
        }
        let threshold = (local.clamp(0.0, 1.0) * u32::MAX as f32) as u32;
        let mut cursor = [0usize; 2];
        let allowed = [RED_MAY, BLUE_MAY];
        let mut last: Option<usize> = None;
        loop {
            if pos.winner != NO_WINNER {
                return Some(pos.winner);
            }
            let p = (pos.ply & 1) as usize;
            if let Some(l) = last
                && rng.next_u32() < threshold
            {
                let d0 = rng.random_range(0..8usize);
                let hole = (0..8).map(|k| t.knight[l * 8 + (d0 + k) % 8]).find(|&o| {
                    o != NO_CELL
                        && pos.pegs[o as usize] == 0
                        && t.flags[o as usize] & allowed[p] != 0
                });
                if let Some(o) = hole {
                    self.place(pos, o as usize, p as Player);
                    last = Some(o as usize);
                    continue;
                }
            }
            let c = self.next_in_order(pos, &order, &mut cursor[p], allowed[p])?;
            self.place(pos, c, p as Player);
            last = Some(c);
        }
    }

    /// Number of links crossing the link between two holes a knight's move apart
    /// (for tests and tools); `None` if the holes are not a knight's move apart.
    pub fn crossing_count(&self, a: FaceId, b: FaceId) -> Option<usize> {
        let (ca, cb) = (self.cell(a)?, self.cell(b)?);
        let d = (0..8).find(|&d| self.t.knight[ca * 8 + d] as usize == cb)?;
        let l = self.t.link_id[ca * 8 + d] as usize;
        Some(
            self.t.cross9[l]
                .iter()
                .filter(|&&x| x != self.t.pad_link)
                .count(),
        )
    }
}

impl Rules for Twixt {
    fn result(&self, pos: &TwixtPosition) -> Option<Option<Player>> {
        if pos.winner != NO_WINNER {
            return Some(Some(pos.winner));
        }
        let p = self.to_move(pos);
        (pos.cut_off == 3 || (pos.free[p as usize] == 0 && !self.swap_available(pos)))
            .then_some(None)
    }
    type Move = TwixtMove;
    type Position = TwixtPosition;
    /// Pegs, links and the player to move (links depend on the order the pegs
    /// were placed in, so they are part of the position).
    type Key = (Box<[u8]>, Box<[u64]>, Player);
    const NAME: &'static str = "twixt";
    const TITLE: &'static str = "TwixT";
    const PLAYER_NAMES: [&'static str; 2] = ["Red", "Blue"];
    const HAS_SWAP: bool = true;

    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Twixt, UnsuitableBoard> {
        Ok(Twixt::new(board, options.swap)?.with_dead_draw(options.dead_draw))
    }
    fn used_options(options: &GameOptions) -> GameOptions {
        GameOptions {
            dead_draw: options.dead_draw,
            ..options.only_swap(true)
        }
    }
    fn start(&self) -> TwixtPosition {
        self.t.start.clone()
    }
    fn to_move(&self, pos: &TwixtPosition) -> Player {
        (pos.ply & 1) as Player
    }

    fn legal_moves(&self, pos: &TwixtPosition, out: &mut Vec<TwixtMove>) {
        out.clear();
        if self.over(pos) {
            return;
        }
        let t = &*self.t;
        let allowed = if pos.ply & 1 == 0 { RED_MAY } else { BLUE_MAY };
        for (f, &c) in t.cell_of_face.iter().enumerate() {
            let c = c as usize;
            if pos.pegs[c] == 0 && t.flags[c] & allowed != 0 {
                out.push(TwixtMove::Place(FaceId(f as u32)));
            }
        }
        if self.swap_available(pos) {
            out.push(TwixtMove::Swap);
        }
    }

    fn check(&self, pos: &TwixtPosition, m: TwixtMove) -> Result<(), IllegalMove> {
        if self.over(pos) {
            return Err(IllegalMove::new("the game is over"));
        }
        let p = self.to_move(pos);
        match m {
            TwixtMove::Swap => {
                if !self.swap {
                    Err(IllegalMove::new("the swap rule is not in use in this game"))
                } else if pos.ply != 1 || pos.swapped {
                    Err(IllegalMove::new(
                        "swap is only allowed as Blue's first move",
                    ))
                } else {
                    Ok(())
                }
            }
            TwixtMove::Place(f) => {
                let Some(c) = self.cell(f) else {
                    return Err(IllegalMove::new(format!("{f} is not a hole on this board")));
                };
                let label = self.label_of_cell(c);
                if pos.pegs[c] != 0 {
                    return Err(IllegalMove::new(format!("{label} is occupied")));
                }
                let fl = self.t.flags[c];
                if p == 0 && fl & RED_MAY == 0 {
                    return Err(IllegalMove::new(format!(
                        "{label} is in Blue's border column; Red may not place there"
                    )));
                }
                if p == 1 && fl & BLUE_MAY == 0 {
                    return Err(IllegalMove::new(format!(
                        "{label} is in Red's border row; Blue may not place there"
                    )));
                }
                Ok(())
            }
        }
    }

    fn apply(&self, pos: &mut TwixtPosition, m: TwixtMove) {
        match m {
            TwixtMove::Place(f) => {
                if let Some(c) = self.cell(f) {
                    let p = self.to_move(pos);
                    self.place(pos, c, p);
                }
            }
            TwixtMove::Swap => {
                let n = self.t.n as usize;
                let Some(first) = pos.pegs.iter().position(|&x| x == 1) else {
                    return;
                };
                let (col, row) = (first % n, first / n);
                let mirrored = col * n + row;
                let mut fresh = self.t.start.clone();
                fresh.ply = 1;
                self.place(&mut fresh, mirrored, 1);
                fresh.swapped = true;
                *pos = fresh;
            }
        }
        self.update_cut_off(pos);
    }

    fn outcome(&self, pos: &TwixtPosition) -> Option<Outcome> {
        if pos.winner != NO_WINNER {
            let p = pos.winner;
            let chain = self.winning_chain(pos, p).unwrap_or_default();
            return Some(self.win_outcome(&chain, p));
        }
        if pos.cut_off == 3 {
            return Some(self.dead_draw_outcome());
        }
        let p = self.to_move(pos);
        if pos.free[p as usize] == 0 && !self.swap_available(pos) {
            return Some(self.draw_outcome(p));
        }
        None
    }

    fn outcome_from_scratch(&self, pos: &TwixtPosition) -> Option<Outcome> {
        let t = &*self.t;
        for p in 0..2u8 {
            let (fa, fb) = Self::sides(p);
            let mut seen = vec![false; t.cells];
            let mut stack: Vec<usize> = (0..t.cells)
                .filter(|&c| pos.pegs[c] == p + 1 && t.flags[c] & fa != 0)
                .collect();
            for &c in &stack {
                seen[c] = true;
            }
            let mut joined = false;
            while let Some(c) = stack.pop() {
                if t.flags[c] & fb != 0 {
                    joined = true;
                    break;
                }
                for d in 0..8 {
                    let o = t.knight[c * 8 + d];
                    if o == NO_CELL {
                        continue;
                    }
                    let o = o as usize;
                    if !seen[o]
                        && pos.pegs[o] == p + 1
                        && bit(&pos.links, t.link_id[c * 8 + d] as usize)
                    {
                        seen[o] = true;
                        stack.push(o);
                    }
                }
            }
            if joined {
                let chain = self.winning_chain(pos, p).unwrap_or_default();
                return Some(self.win_outcome(&chain, p));
            }
        }
        if self.dead_draw
            && !self.can_still_connect_scratch(pos, 0)
            && !self.can_still_connect_scratch(pos, 1)
        {
            return Some(self.dead_draw_outcome());
        }
        let p = self.to_move(pos);
        let allowed = if p == 0 { RED_MAY } else { BLUE_MAY };
        let any = (0..t.cells).any(|c| pos.pegs[c] == 0 && t.flags[c] & allowed != 0);
        if !any && !self.swap_available(pos) {
            return Some(self.draw_outcome(p));
        }
        None
    }

    fn format_move(&self, _pos: &TwixtPosition, m: TwixtMove) -> String {
        match m {
            TwixtMove::Swap => "swap".into(),
            TwixtMove::Place(f) => match self.cell(f) {
                Some(c) => self.label_of_cell(c),
                None => format!("#{}", f.0),
            },
        }
    }

    fn parse_move(&self, _pos: &TwixtPosition, text: &str) -> Result<TwixtMove, IllegalMove> {
        let s = text.trim();
        if s.eq_ignore_ascii_case("swap") {
            return Ok(TwixtMove::Swap);
        }
        let Some((col, row)) = parse_grid_label(s) else {
            return Err(IllegalMove::new(format!(
                "'{s}' is not a TwixT move (expected a hole such as d5, or swap)"
            )));
        };
        let n = self.t.n;
        if col < n && row < n {
            let f = self.t.face_of_cell[(row * n + col) as usize];
            if f != u32::MAX {
                return Ok(TwixtMove::Place(FaceId(f)));
            }
        }
        Err(IllegalMove::new(format!(
            "'{s}' is not a hole on this {n}×{n} TwixT board"
        )))
    }

    fn position_key(&self, pos: &TwixtPosition) -> (Box<[u8]>, Box<[u64]>, Player) {
        (pos.pegs.clone(), pos.links.clone(), self.to_move(pos))
    }

    fn piece_at(&self, pos: &TwixtPosition, f: FaceId) -> Option<Player> {
        let c = self.cell(f)?;
        match pos.pegs[c] {
            0 => None,
            x => Some(x - 1),
        }
    }

    fn move_faces(&self, _pos: &TwixtPosition, m: TwixtMove) -> MoveFaces {
        match m {
            TwixtMove::Place(f) => MoveFaces::place(f),
            TwixtMove::Swap => MoveFaces::NONE,
        }
    }

    fn placement(&self, f: FaceId) -> Option<TwixtMove> {
        Some(TwixtMove::Place(f))
    }

    fn swap_move(&self) -> Option<TwixtMove> {
        self.swap.then_some(TwixtMove::Swap)
    }

    /// The border rows: holes only their owner may use (Red's top and bottom
    /// rows, Blue's left and right columns).
    fn reserved_faces(&self) -> Vec<(FaceId, Player)> {
        let t = &*self.t;
        t.cell_of_face
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != NO_CELL)
            .filter_map(|(f, &c)| match t.flags[c as usize] & (RED_MAY | BLUE_MAY) {
                RED_MAY => Some((FaceId(f as u32), 0)),
                BLUE_MAY => Some((FaceId(f as u32), 1)),
                _ => None,
            })
            .collect()
    }

    fn links(&self, pos: &TwixtPosition) -> Vec<(FaceId, FaceId, Player)> {
        let t = &*self.t;
        let mut out = Vec::new();
        for (w, &word) in pos.links.iter().enumerate().take(t.link_words) {
            let mut bits = word;
            while bits != 0 {
                let l = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (c, d) = (l / 4, l % 4);
                let o = t.knight[c * 8 + d] as usize;
                out.push((self.face(c), self.face(o), pos.pegs[c].saturating_sub(1)));
            }
        }
        out
    }
}

/// TwixT's search settings.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct TwixtSettings {
    /// Probability that a playout move answers the opponent's last peg locally
    /// (a knight's move away; `--params local=…`). Off by default: at equal time
    /// it lost to uniform playouts (12×12, 0.05 s/move, 30 games: 0.5 → 9–21,
    /// 0.2 → 12–18), and at equal simulations as well (0.5, 3000 per move,
    /// 100 games: 35 %), so the playouts judge worse, not just slower.
    pub local_replies: f32,
}

impl Settings for TwixtSettings {
    const SPECS: &'static [ParamSpec] = &[ParamSpec::own(
        "local",
        ParamRange::Number { min: 0.0, max: 1.0 },
        "probability that a playout answers the opponent's last peg a knight's move away",
    )];
    fn set(&mut self, name: &str, value: f64) -> bool {
        match name {
            "local" => self.local_replies = value as f32,
            _ => return false,
        }
        true
    }
    fn get(&self, name: &str) -> Option<f64> {
        (name == "local").then_some(self.local_replies as f64)
    }
}

/// TwixT's search policy: uniform playouts ([`Twixt::random_playout`]), or
/// local replies ([`Twixt::local_playout`]) when [`TwixtSettings`] asks for them.
impl Searchable for Twixt {
    type Settings = TwixtSettings;
    /// Measured at equal time (README, Engine: 100 games each, 0.1 s/move):
    /// RAVE by hole 68 % on 12×12 and 62 % on 24×24 against none. With
    /// first-play urgency as well it lost (19.5 % on 12×12). With RAVE, no
    /// UCT exploration term (`explore=0`: each child is tried once, then the
    /// RAVE-mixed value alone chooses) against 0.6: 84.5 % on 12×12 and 100
    /// of 100 on 24×24 (Stage 26); 0.1 and 0.3 scored 54 % on 12×12.
    const SEARCH_DEFAULTS: &'static [(&'static str, f64)] = &[("rave", 1.0), ("explore", 0.0)];
    /// The probability of a local reply.
    type Aux = f32;
    fn aux(&self, settings: &TwixtSettings, _: &TwixtPosition) -> f32 {
        settings.local_replies
    }
    fn without_swap(&self) -> Option<Self> {
        self.swap.then(|| Self {
            swap: false,
            ..self.clone()
        })
    }
    fn playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &mut TwixtPosition,
        rng: &mut G,
    ) -> Option<Player> {
        self.random_playout(pos, rng)
    }
    fn simulate(
        &self,
        local: &f32,
        pos: &mut TwixtPosition,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<TwixtMove>,
        _bytes: &mut Vec<u8>,
    ) -> f32 {
        let w = if *local > 0.0 {
            self.local_playout(pos, rng, *local)
        } else {
            self.random_playout(pos, rng)
        };
        reward_for(w, 0)
    }
    /// A peg is placed at most once in a hole, so the search may keep RAVE
    /// statistics by hole (the swap has the index after the last hole).
    const AMAF: bool = true;
    fn move_index_count(&self) -> usize {
        self.t.cells + 1
    }
    fn move_index(&self, m: TwixtMove) -> usize {
        match m {
            TwixtMove::Place(f) => self.cell(f).unwrap_or(self.t.cells),
            TwixtMove::Swap => self.t.cells,
        }
    }
    fn simulate_amaf(
        &self,
        local: &f32,
        pos: &mut TwixtPosition,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<TwixtMove>,
        bytes: &mut Vec<u8>,
        amaf: &mut [u8],
    ) -> f32 {
        let swapped_before = pos.swapped;
        let reward = self.simulate(local, pos, rng, moves, bytes);
        // Every peg on the board at the end: the ones placed before the
        // playout are never a legal move of a node on the path, so marking
        // them too changes nothing.
        let cells = self.t.cells;
        for (slot, &peg) in amaf[..cells].iter_mut().zip(&pos.pegs[..cells]) {
            if *slot == 0 {
                *slot = peg;
            }
        }
        if pos.swapped && !swapped_before && amaf[cells] == 0 {
            amaf[cells] = 2;
        }
        reward
    }
}
