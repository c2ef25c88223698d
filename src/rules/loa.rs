//! Lines of Action on any square-grid board.
//!
//! A piece moves in one of the eight directions exactly as many squares as there
//! are pieces (of both colours, the moving one included) on the whole line of that
//! direction. It may jump its own pieces but not the opponent's, and may capture by
//! landing on an opponent's piece, never on its own. A player whose pieces form one
//! 8-connected group wins (a single piece is connected); if a move connects both
//! sides, the mover wins; a player with no legal move loses. Repetition (the same
//! pieces with the same player to move) is a draw — at the second occurrence by
//! default, at the third with [`Repetition::Third`] — applied by the game history
//! through [`Rules::position_key`].
//!
//! Lines are walked through the board's grid coordinates, so any square-grid board
//! works: a line ends at the outline or at a missing square (a hole). The start
//! setup comes from the board ([`Board::setup`]); Black is player 0 and moves first.
//!
//! Implementation: per-face step tables for the eight directions, a line id per
//! face and axis with incrementally maintained piece counts per line, and
//! connectivity by flood fill — over `u64` bitboards when the board has at most
//! 64 squares, over the cells otherwise.

use super::loa_eval::{self, LoaEval};
use super::search::{ParamRange, ParamSpec, Searchable, Settings, reward_for};
use super::{
    Evidence, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Repetition, Rules,
    UnsuitableBoard, opponent,
};
use crate::board::{Board, GridCoord};
use crate::mesh::FaceId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

/// A move: the piece on `from` moves to `to` (capturing whatever is there).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LoaMove {
    pub from: FaceId,
    pub to: FaceId,
}

const NONE: u32 = u32::MAX;
const NO_WINNER: u8 = 2;
/// Plies after which [`Loa::random_playout`] gives up and calls the game drawn.
pub const PLAYOUT_PLY_LIMIT: u32 = 1000;

/// The eight directions `(dcol, drow)`; `d` and `d ^ 4` are opposite, `d & 3` is the axis.
const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// One square along a ray (fast path).
#[derive(Copy, Clone, Debug)]
struct RayStep {
    dest: u8,
    between: u64,
}

/// Why the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Why {
    Connected,
    NoMove,
}

#[derive(Debug)]
struct Tables {
    board: Arc<Board>,
    nf: usize,
    /// `face * 8 + d`: the square next to `face` in direction `d`, or `NONE`.
    step: Vec<u32>,
    /// `face * 4 + axis`: the line through `face` along `axis`.
    line_of: Vec<u32>,
    /// Bitboard fast path: the board has at most 64 squares.
    small: bool,
    /// Neighbour masks (8-connectivity) for the fast path.
    nbr_mask: Vec<u64>,
    /// Fast path rays: for `face * 8 + d`, the squares along direction `d` are
    /// `ray[ray_off[i]..ray_off[i + 1]]`, each with the mask of the squares
    /// strictly between `face` and it.
    ray_off: Vec<u16>,
    ray: Vec<RayStep>,
    labels: FxHashMap<String, FaceId>,
    start: LoaPosition,
}

/// An incrementally maintained field of a position that differs from its
/// recomputation (see [`Loa::verify_incremental`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    #[error("line counts differ")]
    LineCounts,
    #[error("bitboards differ")]
    Bitboards,
    #[error("piece counts differ")]
    PieceCounts,
}

/// The Lines of Action rules on one board, with a repetition rule. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Loa {
    t: Arc<Tables>,
    repetition: Repetition,
}

/// A Lines of Action position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoaPosition {
    /// Per face: 0 empty, 1 Black, 2 White.
    cells: Box<[u8]>,
    /// Pieces (both colours) on each line.
    line_count: Box<[u16]>,
    /// Bitboards per player (fast path only; zero otherwise).
    bits: [u64; 2],
    pieces: [u32; 2],
    to_move: u8,
    winner: u8,
    why: Why,
    ply: u32,
}

impl LoaPosition {
    /// Number of moves played.
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// Number of pieces of player `p`.
    pub fn piece_count(&self, p: Player) -> u32 {
        self.pieces[p as usize]
    }
}

impl Loa {
    /// Lines of Action on `board`: every face must be a square with a grid
    /// coordinate, and the board's start setup must give both players pieces.
    pub fn new(board: Arc<Board>) -> Result<Loa, UnsuitableBoard> {
        Self::build(board, false)
    }

    /// The same rules, always using the general (non-bitboard) connectivity path;
    /// for testing that both paths agree.
    #[doc(hidden)]
    pub fn new_general_path(board: Arc<Board>) -> Result<Loa, UnsuitableBoard> {
        Self::build(board, true)
    }

    fn build(board: Arc<Board>, force_general: bool) -> Result<Loa, UnsuitableBoard> {
        let nf = board.face_count();
        let bad = |why: String| {
            UnsuitableBoard(format!("Lines of Action needs a square-grid board: {why}"))
        };
        // The grid is fine, its start pieces are not.
        let bad_setup = |why: String| {
            UnsuitableBoard(format!(
                "Lines of Action starts from the board's start pieces: {why}"
            ))
        };
        if nf < 2 {
            return Err(bad("the board has fewer than two squares".into()));
        }
        if nf >= NONE as usize {
            return Err(bad("the board has too many squares".into()));
        }
        let mut by_coord: FxHashMap<GridCoord, u32> = FxHashMap::default();
        for f in 0..nf {
            let fid = FaceId(f as u32);
            let Some(g) = board.coord(fid) else {
                return Err(bad(format!(
                    "face {} has no grid coordinate",
                    board.face_name(fid)
                )));
            };
            let deg = board.mesh().face_degree(fid);
            if deg != 4 {
                return Err(bad(format!(
                    "face {} has {deg} corners, not 4",
                    board.face_name(fid)
                )));
            }
            if let Some(&other) = by_coord.get(&g) {
                return Err(bad(format!(
                    "faces {} and {} have the same grid coordinate",
                    board.face_name(FaceId(other)),
                    board.face_name(fid)
                )));
            }
            by_coord.insert(g, f as u32);
        }
        let mut step = vec![NONE; nf * 8];
        for f in 0..nf {
            let Some(g) = board.coord(FaceId(f as u32)) else {
                continue;
            };
            for (d, &(dc, dr)) in DIRS.iter().enumerate() {
                if let Some(&o) = by_coord.get(&GridCoord::new(g.col + dc, g.row + dr)) {
                    step[f * 8 + d] = o;
                }
            }
        }
        let mut line_of = vec![NONE; nf * 4];
        let mut n_lines = 0usize;
        let mut longest = 0usize;
        for axis in 0..4 {
            for f in 0..nf {
                if step[f * 8 + (axis ^ 4)] != NONE {
                    continue; // not the first square of its line
                }
                let mut x = f as u32;
                let mut len = 0;
                while x != NONE {
                    line_of[x as usize * 4 + axis] = n_lines as u32;
                    len += 1;
                    x = step[x as usize * 8 + axis];
                }
                longest = longest.max(len);
                n_lines += 1;
            }
        }
        if longest > u16::MAX as usize {
            return Err(bad(format!("a line of {longest} squares is too long")));
        }
        let small = nf <= 64 && !force_general;
        let nbr_mask = if small {
            (0..nf)
                .map(|f| {
                    (0..8)
                        .map(|d| step[f * 8 + d])
                        .filter(|&o| o != NONE)
                        .fold(0u64, |m, o| m | 1 << o)
                })
                .collect()
        } else {
            Vec::new()
        };
        let (mut ray_off, mut ray) = (Vec::new(), Vec::new());
        if small {
            for f in 0..nf {
                for d in 0..8 {
                    ray_off.push(ray.len() as u16);
                    let mut between = 0u64;
                    let mut x = step[f * 8 + d];
                    while x != NONE {
                        ray.push(RayStep {
                            dest: x as u8,
                            between,
                        });
                        between |= 1 << x;
                        x = step[x as usize * 8 + d];
                    }
                }
            }
            ray_off.push(ray.len() as u16);
        }
        let mut labels = FxHashMap::default();
        for f in 0..nf {
            let l = board.label(FaceId(f as u32));
            if !l.is_empty() {
                labels.insert(l.to_ascii_lowercase(), FaceId(f as u32));
            }
        }
        // Start position from the board's setup.
        let mut cells = vec![0u8; nf].into_boxed_slice();
        for &(f, p) in &board.setup().pieces {
            if f.index() >= nf {
                return Err(bad_setup(format!(
                    "the start setup names face {}, which does not exist",
                    f.0
                )));
            }
            if p > 1 {
                return Err(bad_setup(format!(
                    "the start setup names player {p}; players are 0 (Black) and 1 (White)"
                )));
            }
            if cells[f.index()] != 0 {
                return Err(bad_setup(format!(
                    "the start setup places two pieces on {}",
                    board.face_name(f)
                )));
            }
            cells[f.index()] = p + 1;
        }
        let mut start = LoaPosition {
            cells,
            line_count: vec![0; n_lines].into_boxed_slice(),
            bits: [0; 2],
            pieces: [0; 2],
            to_move: 0,
            winner: NO_WINNER,
            why: Why::Connected,
            ply: 0,
        };
        let mut loa = Loa {
            repetition: Repetition::default(),
            t: Arc::new(Tables {
                board,
                nf,
                step,
                line_of,
                small,
                nbr_mask,
                ray_off,
                ray,
                labels,
                start: start.clone(),
            }),
        };
        Self::recompute(&loa.t, &mut start);
        for (p, name) in ["Black", "White"].iter().enumerate() {
            if start.pieces[p] == 0 {
                return Err(bad_setup(format!(
                    "there are no {name} pieces (place a Lines of Action setup with the editor's Start pieces tool, or start from the loa preset)"
                )));
            }
            if loa.connected_scratch(&start, p as Player) {
                return Err(UnsuitableBoard(format!(
                    "the start setup is unplayable: {name}'s pieces are already connected"
                )));
            }
        }
        // A player without a move at the start has lost already.
        if !loa.has_any_move(&start, 0) {
            start.winner = 1;
            start.why = Why::NoMove;
        }
        match Arc::get_mut(&mut loa.t) {
            Some(t) => t.start = start,
            None => unreachable!("the tables are not shared yet"),
        }
        Ok(loa)
    }

    /// Recompute every derived field of `pos` from its cells (and `to_move`).
    fn recompute(t: &Tables, pos: &mut LoaPosition) {
        pos.line_count.iter_mut().for_each(|c| *c = 0);
        pos.bits = [0; 2];
        pos.pieces = [0; 2];
        for f in 0..t.nf {
            let x = pos.cells[f];
            if x == 0 {
                continue;
            }
            let p = (x - 1) as usize;
            pos.pieces[p] += 1;
            if t.small {
                pos.bits[p] |= 1 << f;
            }
            for axis in 0..4 {
                pos.line_count[t.line_of[f * 4 + axis] as usize] += 1;
            }
        }
    }

    /// The same rules with repetition rule `rule` (default: [`Repetition::Second`]).
    pub fn with_repetition(mut self, rule: Repetition) -> Loa {
        self.repetition = rule;
        self
    }

    /// The repetition rule in force.
    pub fn repetition_rule(&self) -> Repetition {
        self.repetition
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.t.board
    }

    /// Where the piece on `from` lands moving in direction `d`, if that is legal
    /// for its owner `p`.
    #[inline(always)]
    fn target(&self, pos: &LoaPosition, from: usize, d: usize, p: Player) -> Option<usize> {
        let t = &*self.t;
        let k = pos.line_count[t.line_of[from * 4 + (d & 3)] as usize];
        if t.small {
            let i = from * 8 + d;
            let (a, b) = (t.ray_off[i] as usize, t.ray_off[i + 1] as usize);
            if k as usize > b - a {
                return None;
            }
            let st = t.ray[a + k as usize - 1];
            let own = pos.bits[p as usize];
            let opp = pos.bits[1 - p as usize];
            return (st.between & opp == 0 && own >> st.dest & 1 == 0).then_some(st.dest as usize);
        }
        let opp = 2 - p;
        let mut x = from;
        for i in 1..=k {
            let nx = t.step[x * 8 + d];
            if nx == NONE {
                return None;
            }
            x = nx as usize;
            if i < k && pos.cells[x] == opp {
                return None;
            }
        }
        (pos.cells[x] != p + 1).then_some(x)
    }

    fn push_moves_of(&self, pos: &LoaPosition, from: usize, p: Player, out: &mut Vec<LoaMove>) {
        for d in 0..8 {
            if let Some(to) = self.target(pos, from, d, p) {
                out.push(LoaMove {
                    from: FaceId(from as u32),
                    to: FaceId(to as u32),
                });
            }
        }
    }

    fn count_moves(&self, pos: &LoaPosition) -> u64 {
        let p = pos.to_move;
        let mut n = 0;
        self.for_each_piece(pos, p, |f| {
            for d in 0..8 {
                n += self.target(pos, f, d, p).is_some() as u64;
            }
            true
        });
        n
    }

    /// Call `each` for the squares of `p`'s pieces in id order until it returns false.
    #[inline]
    fn for_each_piece(&self, pos: &LoaPosition, p: Player, mut each: impl FnMut(usize) -> bool) {
        if self.t.small {
            let mut b = pos.bits[p as usize];
            while b != 0 {
                let f = b.trailing_zeros() as usize;
                b &= b - 1;
                if !each(f) {
                    return;
                }
            }
        } else {
            for (f, &x) in pos.cells.iter().enumerate() {
                if x == p + 1 && !each(f) {
                    return;
                }
            }
        }
    }

    fn has_any_move(&self, pos: &LoaPosition, p: Player) -> bool {
        let mut found = false;
        self.for_each_piece(pos, p, |f| {
            found = (0..8).any(|d| self.target(pos, f, d, p).is_some());
            !found
        });
        found
    }

    /// Whether `p`'s pieces form one 8-connected group (incremental structures).
    fn connected(&self, pos: &LoaPosition, p: Player) -> bool {
        let t = &*self.t;
        if t.small {
            let pieces = pos.bits[p as usize];
            let mut seen = pieces & pieces.wrapping_neg();
            let mut frontier = seen;
            while frontier != 0 {
                let f = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let nb = t.nbr_mask[f] & pieces & !seen;
                seen |= nb;
                frontier |= nb;
            }
            seen == pieces
        } else {
            let total = pos.pieces[p as usize] as usize;
            let Some(first) = pos.cells.iter().position(|&x| x == p + 1) else {
                return true;
            };
            let mut seen: FxHashSet<usize> = FxHashSet::default();
            seen.insert(first);
            let mut stack = vec![first];
            while let Some(f) = stack.pop() {
                for d in 0..8 {
                    let o = t.step[f * 8 + d];
                    if o != NONE && pos.cells[o as usize] == p + 1 && seen.insert(o as usize) {
                        stack.push(o as usize);
                    }
                }
            }
            seen.len() == total
        }
    }

    /// The group of `p`'s pieces containing `from`, by flood fill over the cells only.
    fn group_scratch(&self, pos: &LoaPosition, from: usize, p: Player) -> Vec<FaceId> {
        let t = &*self.t;
        let mut seen = vec![false; t.nf];
        seen[from] = true;
        let mut stack = vec![from];
        let mut out = Vec::new();
        while let Some(f) = stack.pop() {
            out.push(FaceId(f as u32));
            for d in 0..8 {
                let o = t.step[f * 8 + d];
                if o != NONE && pos.cells[o as usize] == p + 1 && !seen[o as usize] {
                    seen[o as usize] = true;
                    stack.push(o as usize);
                }
            }
        }
        out.sort_unstable();
        out
    }

    fn connected_scratch(&self, pos: &LoaPosition, p: Player) -> bool {
        let pieces: Vec<usize> = (0..self.t.nf).filter(|&f| pos.cells[f] == p + 1).collect();
        match pieces.first() {
            None => true,
            Some(&f) => self.group_scratch(pos, f, p).len() == pieces.len(),
        }
    }

    /// Move the piece (legality already checked) and update everything.
    #[inline]
    fn do_move(&self, pos: &mut LoaPosition, from: usize, to: usize) {
        let t = &*self.t;
        let p = pos.to_move;
        let o = opponent(p);
        let captured = pos.cells[to] != 0;
        pos.cells[from] = 0;
        pos.cells[to] = p + 1;
        let (lf, lt) = (
            &t.line_of[from * 4..from * 4 + 4],
            &t.line_of[to * 4..to * 4 + 4],
        );
        for &l in lf {
            pos.line_count[l as usize] -= 1;
        }
        if captured {
            pos.pieces[o as usize] -= 1;
        } else {
            for &l in lt {
                pos.line_count[l as usize] += 1;
            }
        }
        if t.small {
            pos.bits[p as usize] ^= (1 << from) | (1 << to);
            if captured {
                pos.bits[o as usize] &= !(1 << to);
            }
        }
        pos.to_move = o;
        pos.ply += 1;
        if self.connected(pos, p) {
            pos.winner = p;
            pos.why = Why::Connected;
        } else if captured && self.connected(pos, o) {
            pos.winner = o;
            pos.why = Why::Connected;
        } else if !self.has_any_move(pos, o) {
            pos.winner = p;
            pos.why = Why::NoMove;
        }
    }

    fn make_outcome(&self, pos: &LoaPosition, winner: Player, why: Why) -> Outcome {
        let names = Self::PLAYER_NAMES;
        match why {
            Why::Connected => {
                let first = pos.cells.iter().position(|&x| x == winner + 1);
                Outcome {
                    winner: Some(winner),
                    reason: format!("{}'s pieces are all connected", names[winner as usize]),
                    evidence: Evidence {
                        faces: first
                            .map(|f| self.group_scratch(pos, f, winner))
                            .unwrap_or_default(),
                        links: Vec::new(),
                        ring: Vec::new(),
                    },
                }
            }
            Why::NoMove => Outcome {
                winner: Some(winner),
                reason: format!(
                    "{} has no legal move and loses",
                    names[opponent(winner) as usize]
                ),
                evidence: Evidence::default(),
            },
        }
    }

    /// Perft with leaf counting (moves at the last ply are counted, not played).
    /// Agrees with [`perft::perft`](super::perft::perft).
    pub fn perft(&self, pos: &LoaPosition, depth: u32) -> u64 {
        let mut bufs = vec![Vec::new(); depth as usize];
        self.perft_inner(pos, depth, &mut bufs)
    }

    fn perft_inner(&self, pos: &LoaPosition, depth: u32, bufs: &mut [Vec<LoaMove>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.winner != NO_WINNER {
            return 0;
        }
        if depth == 1 {
            return self.count_moves(pos);
        }
        let (buf, rest) = bufs.split_first_mut().expect("one buffer per depth");
        self.legal_moves(pos, buf);
        let mut total = 0;
        for &m in buf.iter() {
            let mut child = pos.clone();
            self.do_move(&mut child, m.from.index(), m.to.index());
            total += self.perft_inner(&child, depth - 1, rest);
        }
        total
    }

    /// Play uniformly random legal moves from `pos` until the game ends; returns the
    /// winner, or `None` if [`PLAYOUT_PLY_LIMIT`] plies pass without a result
    /// (repetition is not tracked here).
    pub fn random_playout<R: Rng + ?Sized>(
        &self,
        pos: &mut LoaPosition,
        rng: &mut R,
    ) -> Option<Player> {
        let mut moves = Vec::new();
        for _ in 0..PLAYOUT_PLY_LIMIT {
            if pos.winner != NO_WINNER {
                return Some(pos.winner);
            }
            let p = pos.to_move;
            if self.t.small {
                // Rejection sampling over (piece, direction): every legal move is
                // exactly one such pair, so accepted pairs are uniform over moves.
                let bits = pos.bits[p as usize];
                let count = bits.count_ones();
                let mut played = false;
                for _ in 0..12 {
                    let r = rng.random_range(0..count * 8);
                    let mut b = bits;
                    for _ in 0..r >> 3 {
                        b &= b - 1;
                    }
                    let from = b.trailing_zeros() as usize;
                    if let Some(to) = self.target(pos, from, (r & 7) as usize, p) {
                        self.do_move(pos, from, to);
                        played = true;
                        break;
                    }
                }
                if played {
                    continue;
                }
            }
            self.legal_moves(pos, &mut moves);
            if moves.is_empty() {
                return Some(opponent(p));
            }
            let m = moves[rng.random_range(0..moves.len() as u32) as usize];
            self.do_move(pos, m.from.index(), m.to.index());
        }
        None
    }

    /// Check the incrementally maintained fields of `pos` against a recomputation
    /// (line counts, bitboards, piece counts); the first mismatch, for tests.
    pub fn verify_incremental(&self, pos: &LoaPosition) -> Result<(), Mismatch> {
        let mut fresh = pos.clone();
        Self::recompute(&self.t, &mut fresh);
        if fresh.line_count != pos.line_count {
            return Err(Mismatch::LineCounts);
        }
        if fresh.bits != pos.bits {
            return Err(Mismatch::Bitboards);
        }
        if fresh.pieces != pos.pieces {
            return Err(Mismatch::PieceCounts);
        }
        Ok(())
    }

    fn find_face(&self, s: &str) -> Option<FaceId> {
        if s.is_empty() {
            return None;
        }
        self.t
            .labels
            .get(&s.to_ascii_lowercase())
            .copied()
            .or_else(|| self.t.board.face_by_label(s))
    }
}

impl Rules for Loa {
    fn result(&self, pos: &LoaPosition) -> Option<Option<Player>> {
        (pos.winner != NO_WINNER).then_some(Some(pos.winner))
    }
    type Move = LoaMove;
    type Position = LoaPosition;
    /// The piece per square and the player to move (not the ply counter).
    type Key = (Box<[u8]>, Player);
    const NAME: &'static str = "loa";
    const TITLE: &'static str = "Lines of Action";
    const PLAYER_NAMES: [&'static str; 2] = ["Black", "White"];
    const READS_BOARD_SETUP: bool = true;

    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Loa, UnsuitableBoard> {
        Ok(Loa::new(board)?.with_repetition(options.repetition))
    }
    fn used_options(options: &GameOptions) -> GameOptions {
        GameOptions {
            repetition: options.repetition,
            ..options.only_swap(false)
        }
    }
    fn start(&self) -> LoaPosition {
        self.t.start.clone()
    }
    fn to_move(&self, pos: &LoaPosition) -> Player {
        pos.to_move
    }

    fn legal_moves(&self, pos: &LoaPosition, out: &mut Vec<LoaMove>) {
        out.clear();
        if pos.winner != NO_WINNER {
            return;
        }
        let p = pos.to_move;
        self.for_each_piece(pos, p, |f| {
            self.push_moves_of(pos, f, p, out);
            true
        });
    }

    fn check(&self, pos: &LoaPosition, m: LoaMove) -> Result<(), IllegalMove> {
        let t = &*self.t;
        if pos.winner != NO_WINNER {
            return Err(IllegalMove::new("the game is over"));
        }
        let (from, to) = (m.from.index(), m.to.index());
        if from >= t.nf || to >= t.nf {
            return Err(IllegalMove::new("no such square on this board"));
        }
        let b = &t.board;
        let (nf_, nt_) = (b.face_name(m.from), b.face_name(m.to));
        let p = pos.to_move;
        let names = Self::PLAYER_NAMES;
        match pos.cells[from] {
            0 => return Err(IllegalMove::new(format!("there is no piece on {nf_}"))),
            x if x != p + 1 => {
                return Err(IllegalMove::new(format!(
                    "the piece on {nf_} is {}'s; {} is to move",
                    names[(x - 1) as usize],
                    names[p as usize]
                )));
            }
            _ => {}
        }
        if from == to {
            return Err(IllegalMove::new("a piece must move"));
        }
        // Find the direction and distance of `to` along the lines through `from`.
        let mut found = None;
        for d in 0..8 {
            let mut x = from;
            let mut dist = 0u32;
            loop {
                let nx = t.step[x * 8 + d];
                if nx == NONE {
                    break;
                }
                x = nx as usize;
                dist += 1;
                if x == to {
                    found = Some((d, dist));
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        let Some((d, dist)) = found else {
            return Err(IllegalMove::new(format!(
                "{nt_} is not on a line through {nf_} (a line ends at the edge or at a missing square)"
            )));
        };
        let k = pos.line_count[t.line_of[from * 4 + (d & 3)] as usize] as u32;
        if dist != k {
            return Err(IllegalMove::new(format!(
                "the piece on {nf_} must move exactly {k} square{} along this line ({k} piece{} on it), not {dist}",
                if k == 1 { "" } else { "s" },
                if k == 1 { "" } else { "s" },
            )));
        }
        let mut x = from;
        for _ in 1..k {
            x = t.step[x * 8 + d] as usize;
            if pos.cells[x] == 2 - p {
                return Err(IllegalMove::new(format!(
                    "would jump an opponent piece on {}",
                    b.face_name(FaceId(x as u32))
                )));
            }
        }
        if pos.cells[to] == p + 1 {
            return Err(IllegalMove::new(format!(
                "cannot land on {nt_}: it holds one of {}'s own pieces",
                names[p as usize]
            )));
        }
        Ok(())
    }

    fn apply(&self, pos: &mut LoaPosition, m: LoaMove) {
        self.do_move(pos, m.from.index(), m.to.index());
    }

    fn outcome(&self, pos: &LoaPosition) -> Option<Outcome> {
        (pos.winner != NO_WINNER).then(|| self.make_outcome(pos, pos.winner, pos.why))
    }

    fn outcome_from_scratch(&self, pos: &LoaPosition) -> Option<Outcome> {
        let p = pos.to_move;
        let last = opponent(p);
        let (pl, pp) = (
            self.connected_scratch(pos, last),
            self.connected_scratch(pos, p),
        );
        // At the start nobody has moved; the constructor refuses connected setups.
        if pos.ply > 0 && pl {
            return Some(self.make_outcome(pos, last, Why::Connected));
        }
        if pp {
            return Some(self.make_outcome(pos, p, Why::Connected));
        }
        let mut any = false;
        for f in 0..self.t.nf {
            if pos.cells[f] == p + 1 {
                // Deliberately walk the rays square by square.
                for d in 0..8 {
                    any |= self.target(pos, f, d, p).is_some();
                }
            }
        }
        if !any {
            return Some(self.make_outcome(pos, last, Why::NoMove));
        }
        None
    }

    fn format_move(&self, pos: &LoaPosition, m: LoaMove) -> String {
        let b = &self.t.board;
        let capture = pos.cells.get(m.to.index()).is_some_and(|&x| x != 0);
        format!(
            "{}{}{}",
            b.face_name(m.from),
            if capture { 'x' } else { '-' },
            b.face_name(m.to)
        )
    }

    fn parse_move(&self, _pos: &LoaPosition, text: &str) -> Result<LoaMove, IllegalMove> {
        let s = text.trim();
        // Labels may themselves contain 'x' (column x), so try every separator.
        for (i, c) in s.char_indices() {
            if matches!(c, '-' | 'x' | 'X' | ':') {
                let (a, b) = (&s[..i], &s[i + c.len_utf8()..]);
                if let (Some(from), Some(to)) = (self.find_face(a), self.find_face(b)) {
                    return Ok(LoaMove { from, to });
                }
            }
        }
        Err(IllegalMove::new(format!(
            "'{s}' is not a Lines of Action move on this board (expected e.g. b1-b3 or c1xa3)"
        )))
    }

    fn piece_at(&self, pos: &LoaPosition, f: FaceId) -> Option<Player> {
        match pos.cells.get(f.index()) {
            Some(&x) if x != 0 => Some(x - 1),
            _ => None,
        }
    }

    fn move_faces(&self, _pos: &LoaPosition, m: LoaMove) -> MoveFaces {
        MoveFaces::step(m.from, m.to)
    }
    fn moves_from(&self, pos: &LoaPosition, from: FaceId, out: &mut Vec<LoaMove>) {
        out.clear();
        if pos.winner != NO_WINNER {
            return;
        }
        let p = pos.to_move;
        if pos.cells.get(from.index()) == Some(&(p + 1)) {
            self.push_moves_of(pos, from.index(), p, out);
        }
    }

    fn position_key(&self, pos: &LoaPosition) -> (Box<[u8]>, Player) {
        (pos.cells.clone(), pos.to_move)
    }

    fn repetition(&self) -> Option<Repetition> {
        Some(self.repetition)
    }
}

/// Lines of Action's search settings.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LoaSettings {
    /// Random plies before the evaluation ends a playout (`--params cut=…`;
    /// 0: play to the end of the game instead).
    pub cut: u32,
    /// Weights of the evaluation's terms (`--params groups=…,conc=…,…`; see
    /// [`loa_eval::TERMS`] for what each measures): the number of groups,
    /// concentration, centralisation, quads and the side to move.
    pub groups: f32,
    pub conc: f32,
    pub centre: f32,
    pub quads: f32,
    pub tempo: f32,
    /// Weight of the mobility term of the evaluation (`--params mobility=…`;
    /// 0: off).
    pub mobility: f32,
    /// Weight of the blocking term of the evaluation (`--params blocking=…`;
    /// 0: off): how far each side's pieces are hemmed in by adjacent
    /// opponent pieces (see [`LoaEval`]).
    pub blocking: f32,
    /// The logistic scale turning the weighted terms into a win probability
    /// (`--params scale=…`): how sharply the evaluation takes sides.
    pub scale: f32,
}

impl Default for LoaSettings {
    fn default() -> Self {
        let [groups, conc, centre, quads, tempo, mobility, blocking] = loa_eval::HAND_WEIGHTS;
        LoaSettings {
            cut: 6,
            groups,
            conc,
            centre,
            quads,
            tempo,
            mobility,
            blocking,
            scale: loa_eval::SCALE,
        }
    }
}

impl LoaSettings {
    /// The evaluation's weights, in the order of [`loa_eval::TERMS`].
    pub fn weights(&self) -> [f32; loa_eval::TERMS.len()] {
        [
            self.groups,
            self.conc,
            self.centre,
            self.quads,
            self.tempo,
            self.mobility,
            self.blocking,
        ]
    }
}

impl Settings for LoaSettings {
    const SPECS: &'static [ParamSpec] = &[
        ParamSpec::own(
            "cut",
            ParamRange::Count { min: 0, max: 1000 },
            "random plies before the evaluation ends a playout (0: play to the end)",
        ),
        ParamSpec::own(
            "groups",
            ParamRange::at_least(0.0),
            "evaluation: weight of the number of groups",
        ),
        ParamSpec::own(
            "conc",
            ParamRange::at_least(0.0),
            "evaluation: weight of concentration",
        ),
        ParamSpec::own(
            "centre",
            ParamRange::at_least(0.0),
            "evaluation: weight of centralisation",
        ),
        ParamSpec::own(
            "quads",
            ParamRange::at_least(0.0),
            "evaluation: weight of quads",
        ),
        ParamSpec::own(
            "tempo",
            ParamRange::at_least(0.0),
            "evaluation: weight of the side to move",
        ),
        ParamSpec::own(
            "mobility",
            ParamRange::at_least(0.0),
            "evaluation: weight of mobility (0: off)",
        ),
        ParamSpec::own(
            "blocking",
            ParamRange::at_least(0.0),
            "evaluation: weight of blocking (0: off)",
        ),
        ParamSpec::own(
            "scale",
            ParamRange::at_least(0.0),
            "evaluation: how sharply it takes sides",
        ),
    ];
    fn set(&mut self, name: &str, value: f64) -> bool {
        let v = value as f32;
        match name {
            "cut" => self.cut = value as u32,
            "groups" => self.groups = v,
            "conc" => self.conc = v,
            "centre" => self.centre = v,
            "quads" => self.quads = v,
            "tempo" => self.tempo = v,
            "mobility" => self.mobility = v,
            "blocking" => self.blocking = v,
            "scale" => self.scale = v,
            _ => return false,
        }
        true
    }
    fn get(&self, name: &str) -> Option<f64> {
        Some(match name {
            "cut" => self.cut as f64,
            "groups" => self.groups as f64,
            "conc" => self.conc as f64,
            "centre" => self.centre as f64,
            "quads" => self.quads as f64,
            "tempo" => self.tempo as f64,
            "mobility" => self.mobility as f64,
            "blocking" => self.blocking as f64,
            "scale" => self.scale as f64,
            _ => return None,
        })
    }
}

/// Lines of Action's search policy: a few random plies, then the evaluation
/// of [`LoaEval`] (or uniform playouts to the end with `cut=0`).
impl Searchable for Loa {
    type Settings = LoaSettings;
    /// Measured at equal time (README, Engine: 100 games each, 0.1 s/move).
    /// Stage 3: a mobility weight of 1 against none 66 %, 2 against 1
    /// 60.5 %, 4 against 2 68 %, 8 against 4 65 %; 16 against 8 lost (28 %).
    /// Stage 8: the blocking term at weight 2, 51.6 % of 400. Stage 19: the
    /// weights `learn-eval` fitted to 2,400 self-play games (mobility, whose
    /// fitted weight was 0.02, left out), played at a sharper scale (6.4;
    /// the hand-set weights too play better sharper, 65.5 % of 200 at 3.2
    /// against 0.8); see README.
    /// Stage 20: one random ply instead of six (70 % of 100 against six),
    /// with the weights fitted again to 2,400 games of that search (68.5 %
    /// against the stage 19 weights at one ply; together 87.25 % of 200
    /// against stage 19's defaults, 81 % of 100 at 0.3 s/move).
    const SEARCH_DEFAULTS: &'static [(&'static str, f64)] = &[
        ("cut", 1.0),
        ("groups", 0.06228),
        ("conc", 1.75),
        ("centre", 0.0),
        ("quads", 0.1192),
        ("tempo", 0.0),
        ("mobility", 1.901),
        ("blocking", 0.6361),
        ("scale", 6.4),
    ];
    type Aux = LoaEval;
    fn aux(&self, settings: &LoaSettings, _: &LoaPosition) -> LoaEval {
        let mut e = LoaEval::new(self.board());
        e.cut = settings.cut;
        e.weights = settings.weights();
        e.scale = settings.scale;
        e
    }
    fn playout<G: rand::Rng + ?Sized>(&self, pos: &mut LoaPosition, rng: &mut G) -> Option<Player> {
        self.random_playout(pos, rng)
    }
    fn simulate(
        &self,
        aux: &LoaEval,
        pos: &mut LoaPosition,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<LoaMove>,
        bytes: &mut Vec<u8>,
    ) -> f32 {
        if aux.cut == 0 {
            return reward_for(self.random_playout(pos, rng), 0);
        }
        aux.simulate(self, pos, rng, moves, bytes)
    }
}
