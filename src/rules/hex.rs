//! Hex on any board whose boundary carries the four side tags.
//!
//! * Red (player 0, moves first) joins `top` and `bottom`; Blue (player 1) joins
//!   `left` and `right`. A move claims an empty face; faces of kind
//!   [`FaceKind::Blocked`] cannot be claimed. Faces are neighbours when they share
//!   an edge.
//! * A face "touches" a side when one of its boundary edges carries that tag.
//! * Win detection is incremental: a disjoint-set forest over the faces plus four
//!   virtual side nodes (union by size, path compression), O(α) per move.
//!   [`Rules::outcome_from_scratch`] is an independent flood fill.
//! * On a standard rhombus a full board always has a winner; on a custom board a
//!   full board without a connection is a draw.
//! * Swap (pie) rule, optional: on the second ply Blue may play `swap`: Red's stone
//!   is removed and a Blue stone is put on the mirrored face — grid coordinate
//!   (col, row) becomes (row, col) — so Blue takes over Red's opening in his own
//!   orientation. Then Red moves. The rule needs a board on which every playable
//!   face has a grid coordinate whose mirror is also a playable face, with the
//!   side tags mirrored (top ↔ left, bottom ↔ right); on other boards
//!   [`Hex::new`] refuses `swap = true` with the reason.
//! * Notation: the face label (`a1` is the top-left cell of the preset rhombus,
//!   letters columns, numbers rows), `#<id>` for unlabelled faces, and `swap`.

use super::face_names::FaceNames;
use super::search::{Knowledge, ParamRange, ParamSpec, Searchable, Settings, reward_for};
use super::{
    BadSetup, Evidence, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules,
    UnsuitableBoard,
};
use crate::board::{Board, FaceKind, SideTag};
use crate::mesh::FaceId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;
use std::sync::Arc;

mod draws;
mod hsearch;
mod patterns;
mod vc;
pub use draws::draw_risk;
pub use hsearch::{Limits, MAX_FACES, SideConnections};
use patterns::{KeyMap, KeyTable};
pub use patterns::{PatternCounts, PatternWeights, Rings, canonical};
pub use vc::{Connection, Connections, Verdict};

const TOP: u8 = 1;
const BOTTOM: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;

const EMPTY: u8 = 0;
const NO_WINNER: u8 = 0;
const DRAW: u8 = 3;

/// A Hex move: claim a face, or take over Red's first stone (swap rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HexMove {
    Place(FaceId),
    Swap,
}

/// Precomputed board tables, shared by all clones of a [`Hex`].
#[derive(Debug)]
struct Tables {
    n: usize,
    nbr_start: Vec<u32>,
    nbr: Vec<u32>,
    side: Vec<u8>,
    playable: Vec<bool>,
    playable_count: u32,
    mirror: Option<Vec<u32>>,
    /// Playable faces on player 0's first side (top) and player 1's (left).
    start_faces: [Vec<u32>; 2],
    names: FaceNames,
    /// Whether Hex cannot end in a draw here ([`draw_risk`] finds nothing):
    /// then a full board has exactly one winner, and the end of a playout
    /// floods one player's stones instead of both.
    draw_free: bool,
}

/// Hex rules on one board.
#[derive(Clone, Debug)]
pub struct Hex {
    t: Arc<Tables>,
    board: Arc<Board>,
    swap: bool,
}

/// A Hex position: stones, player to move and the incremental disjoint-set.
#[derive(Clone, Debug)]
pub struct HexPosition {
    /// 0 empty, 1 Red, 2 Blue, per face.
    cells: Vec<u8>,
    /// Disjoint-set forest over faces + 4 side nodes: parent index, or −size at a root.
    dsu: Vec<i32>,
    to_move: Player,
    stones: u32,
    empty: u32,
    /// 0 none, 1 Red won, 2 Blue won, 3 draw (full board without a connection).
    winner: u8,
    /// The face of the last stone placed by a move (`u32::MAX`: none, as after
    /// a set-up); knowledge for the search, not part of the position's
    /// identity.
    last: u32,
}

impl PartialEq for HexPosition {
    /// Positions are equal when their stones and player to move are; the shape of
    /// the disjoint-set forest depends on history and is not compared.
    fn eq(&self, o: &Self) -> bool {
        self.cells == o.cells
            && self.to_move == o.to_move
            && self.stones == o.stones
            && self.winner == o.winner
    }
}

impl HexPosition {
    /// The stone on face `f`: `None`, `Some(0)` Red, `Some(1)` Blue.
    pub fn stone(&self, f: FaceId) -> Option<Player> {
        super::stone_of(self.cells.get(f.index()).copied().unwrap_or(0))
    }
    /// Number of stones on the board.
    pub fn stones(&self) -> u32 {
        self.stones
    }

    #[inline]
    fn find(&mut self, mut x: usize) -> usize {
        let mut root = x;
        while self.dsu[root] >= 0 {
            root = self.dsu[root] as usize;
        }
        while self.dsu[x] >= 0 {
            let next = self.dsu[x] as usize;
            self.dsu[x] = root as i32;
            x = next;
        }
        root
    }

    #[inline]
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        // Roots hold −size: the more negative one is larger.
        let (big, small) = if self.dsu[ra] <= self.dsu[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.dsu[big] += self.dsu[small];
        self.dsu[small] = big as i32;
    }
}

fn side_bits(t: SideTag) -> u8 {
    match t {
        SideTag::Top => TOP,
        SideTag::Bottom => BOTTOM,
        SideTag::Left => LEFT,
        SideTag::Right => RIGHT,
        SideTag::Side(_) | SideTag::Corner(_) => 0,
    }
}

use super::stone_of as winner_of;

/// Side bits mirrored top ↔ left and bottom ↔ right: the swap's mirror
/// (col, row) → (row, col) on a rhombus with a1 in the top-left corner (the
/// presets, HexGui).
fn transpose_bits(b: u8) -> u8 {
    ((b & TOP) << 2) | ((b & BOTTOM) << 2) | ((b & LEFT) >> 2) | ((b & RIGHT) >> 2)
}

/// Side bits mirrored top ↔ right and bottom ↔ left: the same mirror on a
/// rhombus with a1 in the bottom-left corner (the tilings' rhombus, rows
/// counted upwards).
fn cross_bits(b: u8) -> u8 {
    ((b & TOP) << 3) | ((b & BOTTOM) << 1) | ((b & LEFT) >> 1) | ((b & RIGHT) >> 3)
}

/// The sides in `b`, for messages ("top and left", "no side").
fn side_names(b: u8) -> String {
    let names: Vec<&str> = [
        (TOP, "top"),
        (BOTTOM, "bottom"),
        (LEFT, "left"),
        (RIGHT, "right"),
    ]
    .into_iter()
    .filter(|&(bit, _)| b & bit != 0)
    .map(|(_, n)| n)
    .collect();
    match names.as_slice() {
        [] => "no side".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The two sides player `p` must join.
fn goal(p: Player) -> (u8, u8) {
    if p == 0 { (TOP, BOTTOM) } else { (LEFT, RIGHT) }
}

/// Why Hex cannot be played on `board` (with or without swap), if it cannot.
pub fn suitability(board: &Board, swap: bool) -> Result<(), UnsuitableBoard> {
    build_tables(board, swap).map(|_| ())
}

fn build_tables(board: &Board, swap: bool) -> Result<Tables, UnsuitableBoard> {
    let n = board.face_count();
    if n == 0 {
        return Err(UnsuitableBoard(
            "Hex needs a board with at least one face".into(),
        ));
    }
    if n > (i32::MAX as usize) - 8 {
        return Err(UnsuitableBoard(
            "the board has too many faces for Hex".into(),
        ));
    }
    if board.side_tags().len() != board.mesh().edge_count() || board.faces().len() != n {
        return Err(UnsuitableBoard(
            "the board's face or side-tag table does not match its mesh".into(),
        ));
    }
    let playable: Vec<bool> = board
        .faces()
        .kinds()
        .iter()
        .map(|k| *k != FaceKind::Blocked)
        .collect();
    let mut side = vec![0u8; n];
    for e in board.mesh().edge_ids() {
        if let Some(tag) = board.side_tag(e) {
            let (f, _) = board.mesh().edge_faces(e);
            side[f.index()] |= side_bits(tag);
        }
    }
    let mut missing = Vec::new();
    for tag in SideTag::ALL {
        let bit = side_bits(tag);
        if !(0..n).any(|i| playable[i] && side[i] & bit != 0) {
            missing.push(tag.name());
        }
    }
    if !missing.is_empty() {
        return Err(UnsuitableBoard(format!(
            "Hex needs a board whose boundary is tagged top, bottom, left and right with playable faces on each side (missing: {})",
            missing.join(", ")
        )));
    }
    let mut nbr_start = Vec::with_capacity(n + 1);
    let mut nbr = Vec::new();
    for f in board.mesh().face_ids() {
        nbr_start.push(nbr.len() as u32);
        let start = nbr.len();
        for g in board.mesh().adjacent_faces(f) {
            if playable[g.index()] && !nbr[start..].contains(&g.0) {
                nbr.push(g.0);
            }
        }
    }
    nbr_start.push(nbr.len() as u32);
    let names = FaceNames::of(board);
    let mirror = if swap {
        Some(mirror_table(board, &playable, &side)?)
    } else {
        None
    };
    let start_faces = [TOP, LEFT].map(|bit| {
        (0..n as u32)
            .filter(|&i| playable[i as usize] && side[i as usize] & bit != 0)
            .collect()
    });
    Ok(Tables {
        n,
        start_faces,
        nbr_start,
        nbr,
        side,
        playable_count: playable.iter().filter(|&&p| p).count() as u32,
        playable,
        mirror,
        names,
        draw_free: false,
    })
}

fn mirror_table(
    board: &Board,
    playable: &[bool],
    side: &[u8],
) -> Result<Vec<u32>, UnsuitableBoard> {
    let grid = board.grid_index();
    let mut m = vec![u32::MAX; board.face_count()];
    for f in board.mesh().face_ids() {
        if !playable[f.index()] {
            continue;
        }
        let Some(c) = board.coord(f) else {
            return Err(UnsuitableBoard(format!(
                "the swap rule needs grid coordinates on every face to mirror Red's stone, and face {} has none",
                board.face_name(f)
            )));
        };
        let g = grid
            .get(&crate::board::GridCoord::new(c.row, c.col))
            .copied()
            .filter(|g| playable[g.index()]);
        let Some(g) = g else {
            return Err(UnsuitableBoard(format!(
                "the swap rule needs a board that is symmetric under (col, row) → (row, col); face {} has no mirror image",
                board.face_name(f)
            )));
        };
        m[f.index()] = g.0;
    }
    // The mirror must carry Red's sides onto Blue's, one way or the other,
    // on every face: the swapped stone then stands for Blue where Red's stood.
    let mirror = &m;
    let wrong = |map: fn(u8) -> u8| {
        (0..mirror.len())
            .filter(move |&i| mirror[i] != u32::MAX && side[mirror[i] as usize] != map(side[i]))
    };
    let (by_transpose, by_cross) = (wrong(transpose_bits).count(), wrong(cross_bits).count());
    if by_transpose == 0 || by_cross == 0 {
        return Ok(m);
    }
    // Name a mismatch of the pairing that holds on more of the board.
    let map: fn(u8) -> u8 = if by_transpose <= by_cross {
        transpose_bits
    } else {
        cross_bits
    };
    let f = wrong(map).next().expect("a mismatch was counted");
    let g = m[f] as usize;
    let name = |i: usize| board.face_name(FaceId(i as u32));
    let which = if f == g {
        format!(
            "face {}, its own mirror image, touches {} but would have to touch {}",
            name(f),
            side_names(side[f]),
            side_names(map(side[f]))
        )
    } else {
        format!(
            "face {} touches {}, so its mirror image {} would have to touch {}, but it touches {}",
            name(f),
            side_names(side[f]),
            name(g),
            side_names(map(side[f])),
            side_names(side[g])
        )
    };
    Err(UnsuitableBoard(format!(
        "the swap rule needs the mirror (col, row) → (row, col) to carry Red's sides onto Blue's (top ↔ left and bottom ↔ right, or top ↔ right and bottom ↔ left); {which}"
    )))
}

impl Hex {
    /// Hex on `board`, with or without the swap rule.
    pub fn new(board: Arc<Board>, swap: bool) -> Result<Hex, UnsuitableBoard> {
        let mut t = build_tables(&board, swap)?;
        t.draw_free = draw_risk(&board).is_none();
        Ok(Hex {
            t: Arc::new(t),
            board,
            swap,
        })
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// Whether the swap rule is on.
    pub fn swap_rule(&self) -> bool {
        self.swap
    }
    /// The face Red's stone on `f` moves to when Blue swaps (swap rule on only).
    pub fn mirror(&self, f: FaceId) -> Option<FaceId> {
        let m = self.t.mirror.as_ref()?;
        m.get(f.index())
            .copied()
            .filter(|&g| g != u32::MAX)
            .map(FaceId)
    }

    #[inline]
    fn neighbours(&self, f: usize) -> &[u32] {
        &self.t.nbr[self.t.nbr_start[f] as usize..self.t.nbr_start[f + 1] as usize]
    }

    fn swap_legal(&self, pos: &HexPosition) -> bool {
        self.swap && pos.winner == NO_WINNER && pos.stones == 1 && pos.to_move == 1
    }

    /// Put a stone of `p` on `f` and update the disjoint-set. Returns whether `p` is now connected.
    #[inline]
    fn place(&self, pos: &mut HexPosition, f: usize, p: Player) -> bool {
        let c = p + 1;
        pos.cells[f] = c;
        pos.stones += 1;
        pos.empty -= 1;
        let n = self.t.n;
        for &g in self.neighbours(f) {
            if pos.cells[g as usize] == c {
                pos.union(f, g as usize);
            }
        }
        let s = self.t.side[f];
        let (a, b) = goal(p);
        let (na, nb) = if p == 0 { (n, n + 1) } else { (n + 2, n + 3) };
        if s & a != 0 {
            pos.union(f, na);
        }
        if s & b != 0 {
            pos.union(f, nb);
        }
        pos.find(na) == pos.find(nb)
    }

    /// The second move of a game with the swap rule, uniformly among the
    /// placements and the swap (the swap is legal in `pos`).
    fn random_second_move<G: rand::Rng + ?Sized>(&self, pos: &HexPosition, rng: &mut G) -> HexMove {
        let k = rng.random_range(0..=pos.empty);
        if k == pos.empty {
            return HexMove::Swap;
        }
        let f = (0..self.t.n)
            .filter(|&i| self.t.playable[i] && pos.cells[i] == EMPTY)
            .nth(k as usize)
            .expect("k < number of empty faces");
        HexMove::Place(FaceId(f as u32))
    }

    /// Plays random moves from `pos` to the end and returns the winner (`None`: draw).
    ///
    /// A fast path equivalent to repeatedly playing a uniformly random legal move
    /// with [`Rules::apply`]: the empty faces are filled in a random order (both
    /// colours alternating, swap chosen with its proper probability), and the
    /// winner is read off once at the end. Connections only ever grow, so the
    /// player connected on the filled board is the one who connected first; if a
    /// custom board lets both connect, the fill order is replayed to find who was
    /// first.
    pub fn random_playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &HexPosition,
        rng: &mut G,
    ) -> Option<Player> {
        match pos.winner {
            NO_WINNER => {}
            w => return winner_of(w),
        }
        if self.swap_legal(pos) {
            let mut p = pos.clone();
            let m = self.random_second_move(&p, rng);
            self.apply(&mut p, m);
            return self.random_playout(&p, rng);
        }
        let mut cells = pos.cells.clone();
        let mut order: Vec<u32> = Vec::with_capacity(pos.empty as usize);
        for (i, &c) in cells.iter().enumerate() {
            if c == EMPTY && self.t.playable[i] {
                order.push(i as u32);
            }
        }
        // Fisher–Yates, colouring each face as its place in the order is fixed.
        let first = pos.to_move + 1;
        let second = 3 - first;
        let len = order.len();
        for i in 0..len {
            let j = i + rng.random_range(0..(len - i) as u32) as usize;
            order.swap(i, j);
            cells[order[i] as usize] = if i % 2 == 0 { first } else { second };
        }
        let (red, blue) = self.full_board_connections(&mut cells);
        match (red, blue) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            (false, false) => None,
            (true, true) => {
                // Only possible on unusual custom boards: replay the fill in order
                // to find who connected first.
                let mut q = pos.clone();
                for &f in &order {
                    self.apply(&mut q, HexMove::Place(FaceId(f)));
                    if q.winner != NO_WINNER {
                        break;
                    }
                }
                winner_of(q.winner)
            }
        }
    }

    /// Whether each player (Red, Blue) joins their sides on the full board
    /// `cells` (a scratch copy: visited faces are marked). Where Hex cannot be
    /// drawn exactly one does, so Red's flood fill alone tells both.
    fn full_board_connections(&self, cells: &mut [u8]) -> (bool, bool) {
        let mut stack = Vec::with_capacity(64);
        let red = self.connected_mark(cells, 0, &mut stack);
        if self.t.draw_free {
            debug_assert_eq!(
                self.connected_mark(cells, 1, &mut stack),
                !red,
                "a full board of a draw-free Hex board has exactly one winner"
            );
            return (red, !red);
        }
        (red, self.connected_mark(cells, 1, &mut stack))
    }

    /// Whether `p` joins its two sides, by flood fill over a scratch copy of the
    /// cells (visited faces are marked in place; the low two bits keep the colour).
    fn connected_mark(&self, cells: &mut [u8], p: Player, stack: &mut Vec<u32>) -> bool {
        let c = p + 1;
        let mark = 0x10 << p;
        let b = goal(p).1;
        stack.clear();
        for &f in &self.t.start_faces[p as usize] {
            if cells[f as usize] & 3 == c && cells[f as usize] & mark == 0 {
                cells[f as usize] |= mark;
                stack.push(f);
            }
        }
        while let Some(f) = stack.pop() {
            let f = f as usize;
            if self.t.side[f] & b != 0 {
                return true;
            }
            for &g in self.neighbours(f) {
                let cg = cells[g as usize];
                if cg & 3 == c && cg & mark == 0 {
                    cells[g as usize] = cg | mark;
                    stack.push(g);
                }
            }
        }
        false
    }

    /// Whether `p` joins its two sides, by flood fill over the stones alone.
    fn connected_fill(&self, cells: &[u8], p: Player) -> bool {
        let mut scratch = cells.to_vec();
        let mut stack = Vec::new();
        self.connected_mark(&mut scratch, p, &mut stack)
    }

    /// A shortest chain of `p`'s stones from one of its sides to the other
    /// (breadth-first search over the stones), ordered from the first side.
    pub fn winning_chain(&self, pos: &HexPosition, p: Player) -> Option<Vec<FaceId>> {
        let c = p + 1;
        let b = goal(p).1;
        let n = self.t.n;
        let mut prev = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        const ROOT: u32 = u32::MAX - 1;
        for &f in &self.t.start_faces[p as usize] {
            let f = f as usize;
            if pos.cells[f] == c {
                prev[f] = ROOT;
                queue.push_back(f);
            }
        }
        while let Some(f) = queue.pop_front() {
            if self.t.side[f] & b != 0 {
                let mut chain = vec![FaceId(f as u32)];
                let mut cur = f;
                while prev[cur] != ROOT {
                    cur = prev[cur] as usize;
                    chain.push(FaceId(cur as u32));
                }
                chain.reverse();
                return Some(chain);
            }
            for &g in self.neighbours(f) {
                let g = g as usize;
                if prev[g] == u32::MAX && pos.cells[g] == c {
                    prev[g] = f as u32;
                    queue.push_back(g);
                }
            }
        }
        None
    }

    fn make_outcome(&self, pos: &HexPosition, winner: u8) -> Option<Outcome> {
        match winner {
            1 | 2 => {
                let p = winner - 1;
                let names = Self::PLAYER_NAMES;
                let chain = self.winning_chain(pos, p).unwrap_or_default();
                let reason = if p == 0 {
                    format!("{} connected top and bottom", names[0])
                } else {
                    format!("{} connected left and right", names[1])
                };
                Some(Outcome {
                    winner: Some(p),
                    reason,
                    evidence: Evidence {
                        faces: chain,
                        ..Default::default()
                    },
                })
            }
            DRAW => Some(Outcome {
                winner: None,
                reason: "the board is full and nobody connected their sides".into(),
                evidence: Evidence::default(),
            }),
            _ => None,
        }
    }
}

impl Rules for Hex {
    fn result(&self, pos: &HexPosition) -> Option<Option<Player>> {
        match pos.winner {
            NO_WINNER => None,
            w => Some(winner_of(w)),
        }
    }
    type Move = HexMove;
    type Position = HexPosition;
    /// Stones per face and the player to move (a pending swap follows from them).
    type Key = (Vec<u8>, Player);
    const NAME: &'static str = "hex";
    const TITLE: &'static str = "Hex";
    const PLAYER_NAMES: [&'static str; 2] = ["Red", "Blue"];
    const HAS_SWAP: bool = true;

    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Hex, UnsuitableBoard> {
        Hex::new(board, options.swap)
    }
    fn suitability(board: &Board, options: &GameOptions) -> Result<(), UnsuitableBoard> {
        suitability(board, options.swap)
    }
    /// Where Hex may end in a draw ([`draw_risk`]), on boards that carry
    /// Hex's four sides (a cheap look, not a suitability check).
    fn board_note(board: &Board) -> Option<super::BoardNote> {
        let sides = board.tagged_sides();
        if [SideTag::Top, SideTag::Bottom, SideTag::Left, SideTag::Right]
            .iter()
            .any(|t| !sides.contains(t))
        {
            return None;
        }
        draw_risk(board).map(|text| super::BoardNote {
            tag: "may draw",
            text,
        })
    }
    fn start(&self) -> HexPosition {
        let n = self.t.n;
        HexPosition {
            cells: vec![EMPTY; n],
            dsu: vec![-1; n + 4],
            to_move: 0,
            stones: 0,
            empty: self.t.playable_count,
            winner: NO_WINNER,
            last: u32::MAX,
        }
    }
    fn set_up(
        &self,
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
    ) -> Result<HexPosition, BadSetup> {
        let cells = super::connection::set_up_cells(
            &self.t.playable,
            &self.t.names,
            changes,
            to_move,
            Self::PLAYER_NAMES,
        )?;
        let mut pos = self.start();
        pos.to_move = to_move;
        let mut connected = [false; 2];
        for (i, &c) in cells.iter().enumerate() {
            if c != EMPTY {
                let p = c - 1;
                connected[p as usize] |= self.place(&mut pos, i, p);
            }
        }
        pos.winner = match connected {
            [true, true] => {
                return Err(BadSetup(
                    "in the set-up both players have already connected their sides".into(),
                ));
            }
            [true, false] => 1,
            [false, true] => 2,
            [false, false] if pos.empty == 0 => DRAW,
            [false, false] => NO_WINNER,
        };
        Ok(pos)
    }
    fn to_move(&self, pos: &HexPosition) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &HexPosition, out: &mut Vec<HexMove>) {
        out.clear();
        if pos.winner != NO_WINNER {
            return;
        }
        for i in 0..self.t.n {
            if pos.cells[i] == EMPTY && self.t.playable[i] {
                out.push(HexMove::Place(FaceId(i as u32)));
            }
        }
        if self.swap_legal(pos) {
            out.push(HexMove::Swap);
        }
    }
    fn check(&self, pos: &HexPosition, m: HexMove) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome(pos) {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        match m {
            HexMove::Place(f) => {
                let i = f.index();
                if i >= self.t.n {
                    return Err(IllegalMove::new(format!("there is no face {f}")));
                }
                if !self.t.playable[i] {
                    return Err(IllegalMove::new(format!(
                        "{} is blocked and cannot be played",
                        &self.t.names[i]
                    )));
                }
                if pos.cells[i] != EMPTY {
                    return Err(IllegalMove::new(format!(
                        "{} is occupied",
                        &self.t.names[i]
                    )));
                }
                Ok(())
            }
            HexMove::Swap => {
                if !self.swap {
                    Err(IllegalMove::new("the swap rule is not in use in this game"))
                } else if !self.swap_legal(pos) {
                    Err(IllegalMove::new(
                        "swap is only allowed as Blue's first move, right after Red's first stone",
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }
    fn apply(&self, pos: &mut HexPosition, m: HexMove) {
        let p = pos.to_move;
        match m {
            HexMove::Place(f) => {
                pos.last = f.0;
                if self.place(pos, f.index(), p) {
                    pos.winner = p + 1;
                } else if pos.empty == 0 {
                    pos.winner = DRAW;
                }
            }
            HexMove::Swap => {
                let red = (0..self.t.n).find(|&i| pos.cells[i] == 1);
                if let Some(r) = red {
                    let target = self.mirror(FaceId(r as u32)).map_or(r, |g| g.index());
                    pos.last = target as u32;
                    pos.cells[r] = EMPTY;
                    pos.stones -= 1;
                    pos.empty += 1;
                    pos.dsu.iter_mut().for_each(|x| *x = -1);
                    if self.place(pos, target, 1) {
                        pos.winner = 2;
                    }
                }
            }
        }
        pos.to_move = 1 - p;
    }
    fn outcome(&self, pos: &HexPosition) -> Option<Outcome> {
        if pos.winner == NO_WINNER {
            return None;
        }
        self.make_outcome(pos, pos.winner)
    }
    fn outcome_from_scratch(&self, pos: &HexPosition) -> Option<Outcome> {
        let red = self.connected_fill(&pos.cells, 0);
        let blue = self.connected_fill(&pos.cells, 1);
        let empty = (0..self.t.n).any(|i| self.t.playable[i] && pos.cells[i] == EMPTY);
        // In legal play at most one player is ever connected: the game ends at
        // the first connection.
        let w = if red {
            1
        } else if blue {
            2
        } else if !empty {
            DRAW
        } else {
            NO_WINNER
        };
        self.make_outcome(pos, w)
    }
    fn format_move(&self, _pos: &HexPosition, m: HexMove) -> String {
        match m {
            HexMove::Place(f) => self.t.names.format(f),
            HexMove::Swap => "swap".into(),
        }
    }
    fn position_key(&self, pos: &HexPosition) -> (Vec<u8>, Player) {
        (pos.cells.clone(), pos.to_move)
    }
    fn parse_move(&self, _pos: &HexPosition, text: &str) -> Result<HexMove, IllegalMove> {
        let t = text.trim().to_ascii_lowercase();
        if t == "swap" || t == "swap-pieces" {
            return Ok(HexMove::Swap);
        }
        if t.is_empty() {
            return Err(IllegalMove::new("empty move"));
        }
        self.t.names.find(&t).map(HexMove::Place).ok_or_else(|| {
            IllegalMove::new(format!("'{}' is not a face of this board", text.trim()))
        })
    }
    fn piece_at(&self, pos: &HexPosition, f: FaceId) -> Option<Player> {
        pos.stone(f)
    }
    fn move_faces(&self, _pos: &HexPosition, m: HexMove) -> MoveFaces {
        match m {
            HexMove::Place(f) => MoveFaces::place(f),
            HexMove::Swap => MoveFaces::NONE,
        }
    }
    fn placement(&self, f: FaceId) -> Option<HexMove> {
        Some(HexMove::Place(f))
    }
    fn swap_move(&self) -> Option<HexMove> {
        self.swap.then_some(HexMove::Swap)
    }
}

/// Hex's tuning settings (`--params bridge=1`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct HexSettings {
    /// Bridge-save playouts: when a playout move intrudes into a bridge of the
    /// player to move, that player answers in the bridge's other cell.
    pub bridge: bool,
    /// Inferior-cell pruning: the search tree leaves out dead faces and
    /// faces captured in pairs ([`Hex::inferior`]).
    pub inferior: bool,
    /// How much the tree's priors (the search's `prior`) mark down filling
    /// one's own intact bridge (and a quarter of it for intruding into the
    /// opponent's), from an average move's 0.5.
    pub waste: f32,
    /// Virtual connections in the tree ([`Hex::verdict`], asked at nodes
    /// with the search's `knowledge` visits, and [`Hex::verdict_hsearch`]
    /// at nodes with its `deep` visits): a position where one player has
    /// a virtual connection (or a semi-connection, to move) is decided, and
    /// facing the opponent's semi-connections every move outside their
    /// carriers is a proven loss.
    pub vc: bool,
    /// H-search's width: full connections kept per pair of nodes (twice as
    /// many semi ones); 0 for the default ([`Limits::default`]).
    pub hwidth: u32,
    /// Learned patterns in the tree's priors ([`PatternWeights::builtin`]):
    /// each move's prior estimate gains this much per unit of its pattern's
    /// log urgency (0: off).
    pub patterns: f32,
    /// The tree's prior estimate of the swap move, where the swap rule is on
    /// (a bare `HexSettings` has an average move's 0.5). High, the search
    /// reads the swap first after each candidate first move, so the first
    /// player sees which openings would be swapped.
    pub swap_prior: f32,
    /// Local patterns (MoHex 2.0's): a face in the ring of the opponent's
    /// last stone is rated by its pattern's urgency there
    /// ([`PatternWeights::weight_near`]).
    pub near: bool,
    /// How much of the hand-set terms of the priors count (1: all of them):
    /// the answer to an intrusion into one's bridge, a move near the
    /// opponent's last stone, one that makes a bridge or touches one's own
    /// stone, and an edge face away from the play.
    pub hand: f32,
    /// Fill-in from the root (MoHex's "reduced equivalent board"): the
    /// root's dead faces and captured pairs ([`Hex::fill_in`]) are filled
    /// before each playout, and the tree leaves them out.
    pub fill: bool,
    /// Local pattern answers in the first this many moves of each playout
    /// (0: none), as MoHex 2.0's local playout policy: after each move, the
    /// faces around it whose local pattern ([`PatternWeights::weight_near`])
    /// is known compete, by their urgencies, with the rest of the board
    /// (every face counted as an empty neighbourhood's urgency), for the
    /// answer.
    pub playout_near: u32,
    /// How sharply the playouts' local answers ([`HexSettings::playout_near`])
    /// follow their patterns: a face's weight is its urgency over an empty
    /// neighbourhood's raised to this power (1: as learned).
    pub answer_scale: f32,
}

/// Everything off, and the swap rated as an average move; the hand-set
/// terms of the priors (used when the search asks for priors) count fully.
impl Default for HexSettings {
    fn default() -> Self {
        HexSettings {
            bridge: false,
            inferior: false,
            waste: 0.0,
            vc: false,
            hwidth: 0,
            patterns: 0.0,
            swap_prior: 0.5,
            near: false,
            hand: 1.0,
            fill: false,
            playout_near: 0,
            answer_scale: 1.0,
        }
    }
}

impl Settings for HexSettings {
    const SPECS: &'static [ParamSpec] = &[
        ParamSpec::own(
            "bridge",
            ParamRange::Switch,
            "bridge-save playouts: an intrusion into a bridge is answered",
        ),
        ParamSpec::own(
            "inferior",
            ParamRange::Switch,
            "the tree leaves out dead and captured faces",
        ),
        ParamSpec::own(
            "fill",
            ParamRange::Switch,
            "the root's dead faces and captured pairs are filled before each playout",
        ),
        ParamSpec::own(
            "vc",
            ParamRange::Switch,
            "virtual connections decide positions and rule moves out",
        ),
        ParamSpec::own(
            "hwidth",
            ParamRange::count_from(0),
            "H-search: connections kept per pair of cells (0: its default)",
        ),
        ParamSpec::own(
            "waste",
            ParamRange::at_least(0.0),
            "estimates: how much filling one's own bridge is marked down",
        ),
        ParamSpec::own(
            "hand",
            ParamRange::at_least(0.0),
            "estimates: how much the hand-set terms count (1: fully)",
        ),
        ParamSpec::own(
            "patterns",
            ParamRange::at_least(0.0),
            "estimates: weight of the learned patterns (0: off)",
        ),
        ParamSpec::own(
            "near",
            ParamRange::Switch,
            "estimates: faces around the opponent's last stone rated by their local pattern",
        ),
        ParamSpec::own(
            "swap_prior",
            ParamRange::Number { min: 0.0, max: 1.0 },
            "estimates: the swap move's estimated win rate",
        ),
        ParamSpec::own(
            "playout_near",
            ParamRange::count_from(0),
            "local pattern answers in the first this many moves of each playout (0: none)",
        ),
        ParamSpec::own(
            "answer_scale",
            ParamRange::at_least(0.0),
            "how sharply the playouts' local answers follow their patterns (1: as learned)",
        ),
    ];
    fn set(&mut self, name: &str, value: f64) -> bool {
        match name {
            "bridge" => self.bridge = value != 0.0,
            "inferior" => self.inferior = value != 0.0,
            "waste" => self.waste = value as f32,
            "vc" => self.vc = value != 0.0,
            "hwidth" => self.hwidth = value as u32,
            "patterns" => self.patterns = value as f32,
            "swap_prior" => self.swap_prior = value as f32,
            "near" => self.near = value != 0.0,
            "hand" => self.hand = value as f32,
            "fill" => self.fill = value != 0.0,
            "playout_near" => self.playout_near = value as u32,
            "answer_scale" => self.answer_scale = value as f32,
            _ => return false,
        }
        true
    }
    fn get(&self, name: &str) -> Option<f64> {
        let on = |b: bool| if b { 1.0 } else { 0.0 };
        Some(match name {
            "bridge" => on(self.bridge),
            "inferior" => on(self.inferior),
            "waste" => self.waste as f64,
            "vc" => on(self.vc),
            "hwidth" => self.hwidth as f64,
            "patterns" => self.patterns as f64,
            "swap_prior" => self.swap_prior as f64,
            "near" => on(self.near),
            "hand" => self.hand as f64,
            "fill" => on(self.fill),
            "playout_near" => self.playout_near as f64,
            "answer_scale" => self.answer_scale as f64,
            _ => return None,
        })
    }
}

/// The bridges of a board, by intrusion cell: for a face `x`, the triples
/// `[a, b, y]` such that `a` and `b` (faces, or the side nodes `n + k` for the
/// sides top, bottom, left, right) are not neighbours and have exactly two
/// common playable neighbours, `x` and `y`. A player holding `a` and `b` keeps
/// them joined by taking `y` when the opponent takes `x`. Built from the
/// neighbourhoods alone, so it covers any board: hexagonal cells give the usual
/// bridges and edge templates (a face on the second row with two neighbours on
/// the edge); on other tilings, any two faces with exactly two common
/// neighbours count (two diagonal squares on a square grid).
#[derive(Debug, Default)]
pub struct Bridges {
    start: Vec<u32>,
    list: Vec<[u32; 3]>,
}

impl Bridges {
    fn build(h: &Hex) -> Bridges {
        let t = &*h.t;
        let n = t.n;
        let sides = [TOP, BOTTOM, LEFT, RIGHT];
        let mut per_cell: Vec<Vec<[u32; 3]>> = vec![Vec::new(); n];
        let nb = |f: usize| {
            h.neighbours(f)
                .iter()
                .copied()
                .filter(|&g| t.playable[g as usize])
        };
        let mut common: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        let add = |a: u32, b: u32, c: &[u32], per_cell: &mut Vec<Vec<[u32; 3]>>| {
            if let [x, y] = *c {
                per_cell[x as usize].push([a, b, y]);
                per_cell[y as usize].push([a, b, x]);
            }
        };
        for a in 0..n {
            if !t.playable[a] {
                continue;
            }
            common.clear();
            for c in nb(a) {
                for b in nb(c as usize) {
                    if (b as usize) > a && !h.neighbours(a).contains(&b) {
                        common.entry(b).or_default().push(c);
                    }
                }
            }
            let mut pairs: Vec<(u32, Vec<u32>)> = common.drain().collect();
            pairs.sort_unstable();
            for (b, c) in pairs {
                add(a as u32, b, &c, &mut per_cell);
            }
            // Edge templates: `a` off side k with exactly two neighbours on it.
            for (k, &bit) in sides.iter().enumerate() {
                if t.side[a] & bit != 0 {
                    continue;
                }
                let on_side: Vec<u32> = nb(a).filter(|&g| t.side[g as usize] & bit != 0).collect();
                add((n + k) as u32, a as u32, &on_side, &mut per_cell);
            }
        }
        let (start, list) = flatten(per_cell);
        Bridges { start, list }
    }

    /// The bridges that face `x` intrudes into.
    pub fn at(&self, x: usize) -> &[[u32; 3]] {
        &self.list[self.start[x] as usize..self.start[x + 1] as usize]
    }
}

/// One list per face as a single array: face `f`'s items are
/// `items[start[f]..start[f + 1]]`.
fn flatten<T>(lists: Vec<Vec<T>>) -> (Vec<u32>, Vec<T>) {
    let mut start = Vec::with_capacity(lists.len() + 1);
    let mut items = Vec::with_capacity(lists.iter().map(Vec::len).sum());
    for l in lists {
        start.push(items.len() as u32);
        items.extend(l);
    }
    start.push(items.len() as u32);
    (start, items)
}

/// Tables of Hex's playout policy, built once per search.
#[derive(Debug, Default)]
pub struct HexAux {
    /// The board's bridges.
    bridges: Bridges,
    /// Whether the playouts answer intrusions into bridges.
    bridge_playouts: bool,
    /// Whether the tree leaves out inferior faces.
    inferior: bool,
    /// [`HexSettings::waste`].
    waste: f32,
    /// [`HexSettings::vc`].
    vc: bool,
    /// H-search's limits ([`HexSettings::hwidth`]).
    limits: Limits,
    /// The bridges each face ends, for the tree's priors: `[other end,
    /// carrier, carrier]` (the other end a face or a side node `n + k`).
    ends: Vec<Vec<[u32; 3]>>,
    /// The learned patterns in the priors, when `patterns` is on.
    learned: Option<Learned>,
    /// The swap move's prior estimate ([`HexSettings::swap_prior`]).
    swap_prior: f32,
    /// [`HexSettings::hand`].
    hand: f32,
    /// The root's fill-in ([`HexSettings::fill`]), per face: 0 none, 1 or 2
    /// the colour a captured face is filled with, [`FILL_DEAD`] a dead face.
    fill: Vec<u8>,
    /// For a captured face of `fill`, the other face of its pair.
    fill_partner: Vec<u32>,
    /// The playouts' local answers, when [`HexSettings::playout_near`] is
    /// on.
    answers: Option<LocalAnswers>,
}

/// What the playouts' local answers need ([`HexSettings::playout_near`]).
#[derive(Debug)]
struct LocalAnswers {
    /// [`HexSettings::playout_near`].
    moves: u32,
    /// The local patterns: oriented key → urgency over an empty
    /// neighbourhood's.
    local: KeyMap,
    rings: Rings,
    /// The playout's pattern keys, kept up to date move by move.
    keys: KeyTable,
}

impl LocalAnswers {
    fn new(hex: &Hex, moves: u32, scale: f32) -> LocalAnswers {
        let table = PatternWeights::builtin();
        let empty: Vec<f32> = (0..=patterns::MAX_DEGREE)
            .map(|d| table.weight(patterns::empty_keys(d)))
            .collect();
        let local = KeyMap::new(table.local().map(|(k, w)| {
            (
                k,
                (scale * (w - empty[((k >> 56) as usize).min(patterns::MAX_DEGREE)])).exp(),
            )
        }));
        let rings = hex.table_rings();
        LocalAnswers {
            moves,
            local,
            keys: KeyTable::new(hex, &rings),
            rings,
        }
    }

    /// The local answer of colour `me` to the move at face `x` on `cells`
    /// (whose pattern keys are `keys`, [`KeyTable`]), with `rest` empty
    /// faces on the board, if the draw picks one: each empty face around `x`
    /// with a known local pattern weighs its urgency over an empty
    /// neighbourhood's, every face of the board 1.
    fn answer(
        &self,
        cells: &[u8],
        keys: &[u64],
        me: u8,
        x: u32,
        rest: usize,
        rng: &mut ChaCha8Rng,
    ) -> Option<u32> {
        let n = cells.len();
        let mut near = [(0u32, 0f32); 2 * patterns::MAX_DEGREE];
        let (mut k, mut total) = (0, 0f32);
        // A ring holds playable faces, side nodes (`n + k`) and `OFF`; a face
        // the table does not speak of has no ring, and its key is 0.
        for &y in self.rings.ring(x as usize) {
            if (y as usize) >= n || cells[y as usize] != EMPTY || keys[y as usize] == 0 {
                continue;
            }
            let keys = KeyTable::keys(keys[y as usize], me);
            if let Some(u) = self.local.get(keys.0).or_else(|| self.local.get(keys.1)) {
                total += u;
                near[k] = (y, total);
                k += 1;
            }
        }
        let r = rng.random::<f32>() * (total + rest as f32);
        near[..k].iter().find(|&&(_, t)| r < t).map(|&(y, _)| y)
    }
}

/// [`HexAux::fill`] of a dead face: any colour will do.
const FILL_DEAD: u8 = 3;

/// The colour (1 Red, 2 Blue) a face of [`HexAux::fill`] marked `x` is
/// filled with: a dead face Red's, as [`Hex::fill_in`] fills it.
fn filled_with(x: u8) -> u8 {
    if x == FILL_DEAD { 1 } else { x }
}

/// What the priors need for the learned patterns.
#[derive(Debug)]
struct Learned {
    /// [`HexSettings::patterns`].
    weight: f32,
    /// The rings of the faces the table speaks of ([`Hex::table_rings`]).
    rings: Rings,
    /// Every face's pattern key at once from a position's stones (cheaper
    /// than reading each move's ring).
    keys: KeyTable,
    table: &'static PatternWeights,
    /// [`HexSettings::near`].
    near: bool,
}

impl Hex {
    /// The bridges of this board (see [`Bridges`]).
    pub fn bridges(&self) -> Bridges {
        Bridges::build(self)
    }

    /// A playout with the policy of `aux` (uniform, bridge-save and/or local
    /// answers), writing who played each face (player + 1) into `amaf` where
    /// it is still 0.
    fn policy_playout(
        &self,
        aux: &HexAux,
        pos: &HexPosition,
        rng: &mut ChaCha8Rng,
        amaf: Option<&mut [u8]>,
    ) -> Option<Player> {
        match pos.winner {
            NO_WINNER => {}
            w => return winner_of(w),
        }
        if self.swap_legal(pos) {
            let mut p = pos.clone();
            let m = self.random_second_move(&p, rng);
            self.apply(&mut p, m);
            return self.policy_playout(aux, &p, rng, amaf);
        }
        let n = self.t.n;
        let mut cells = pos.cells.clone();
        // The root's fill-in: its faces still empty are filled first, and
        // the playout fills the rest.
        for (c, &x) in cells.iter_mut().zip(&aux.fill) {
            if x != 0 && *c == EMPTY {
                *c = filled_with(x);
            }
        }
        let mut order: Vec<u32> = Vec::with_capacity(pos.empty as usize);
        for (i, &c) in cells.iter().enumerate() {
            if c == EMPTY && self.t.playable[i] {
                order.push(i as u32);
            }
        }
        let len = order.len();
        let placed = aux.bridge_playouts || aux.answers.is_some();
        let mut place = vec![u32::MAX; if placed { n } else { 0 }];
        if placed {
            for (k, &f) in order.iter().enumerate() {
                place[f as usize] = k as u32;
            }
        }
        // Owner colour of a face or side node.
        let owner = |cells: &[u8], x: u32| {
            let x = x as usize;
            if x < n { cells[x] } else { SIDE_COLOUR[x - n] }
        };
        let first = pos.to_move + 1;
        let second = 3 - first;
        let mut last: Option<u32> = None;
        // The local answers' pattern keys, kept while they are asked for.
        let mut keys = Vec::new();
        if let Some(local) = &aux.answers {
            local.keys.fill(&cells, &mut keys);
        }
        for i in 0..len {
            let colour = if i % 2 == 0 { first } else { second };
            let mut j = usize::MAX;
            if aux.bridge_playouts
                && let Some(x) = last
            {
                let b = &aux.bridges;
                // Answer an intrusion into one of our bridges (a random one if several).
                let mut seen = 0u32;
                for &[a, bb, y] in b.at(x as usize) {
                    if cells[y as usize] == EMPTY
                        && owner(&cells, a) == colour
                        && owner(&cells, bb) == colour
                    {
                        seen += 1;
                        if seen == 1 || rng.random_range(0..seen) == 0 {
                            j = place[y as usize] as usize;
                        }
                    }
                }
            }
            if let (Some(local), Some(x), usize::MAX) = (&aux.answers, last, j)
                && i < local.moves as usize
                && let Some(y) = local.answer(&cells, &keys, colour, x, len - i, rng)
            {
                j = place[y as usize] as usize;
            }
            if j == usize::MAX {
                j = i + rng.random_range(0..(len - i) as u32) as usize;
            }
            order.swap(i, j);
            if placed {
                place[order[i] as usize] = i as u32;
                place[order[j] as usize] = j as u32;
            }
            let f = order[i];
            cells[f as usize] = colour;
            last = Some(f);
            if let Some(local) = &aux.answers
                && i + 1 < local.moves as usize
            {
                local.keys.place(&mut keys, f as usize, colour);
            }
        }
        if let Some(amaf) = amaf {
            for &f in &order {
                let a = &mut amaf[f as usize];
                if *a == 0 {
                    *a = cells[f as usize];
                }
            }
        }
        let (red, blue) = self.full_board_connections(&mut cells);
        match (red, blue) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            (false, false) => None,
            (true, true) => self.first_to_connect(aux, pos, &order),
        }
    }

    /// Who connects first when the playout from `pos` (the root's fill-in,
    /// then the faces of `order` in turn) joins both players' sides, as only
    /// unusual custom boards allow.
    fn first_to_connect(&self, aux: &HexAux, pos: &HexPosition, order: &[u32]) -> Option<Player> {
        let mut q = pos.clone();
        for (f, &x) in aux.fill.iter().enumerate() {
            if x != 0 && q.cells[f] == EMPTY {
                let p = filled_with(x) - 1;
                if self.place(&mut q, f, p) {
                    return Some(p);
                }
            }
        }
        for &f in order {
            self.apply(&mut q, HexMove::Place(FaceId(f)));
            if q.winner != NO_WINNER {
                break;
            }
        }
        winner_of(q.winner)
    }
}

/// Side bits and owner colours of the four side nodes `n + k` (top, bottom,
/// left, right).
const SIDE_BIT: [u8; 4] = [TOP, BOTTOM, LEFT, RIGHT];
const SIDE_COLOUR: [u8; 4] = [1, 1, 2, 2];

/// At most this many neighbours (faces and sides) are looked at around a face;
/// a face with more is never called dead (a safe answer).
const MAX_AROUND: usize = 24;

/// Inferior-cell analysis (issue 16), after Hayward and Henderson's dead and
/// captured cells, in a local form that needs only the board's neighbourhoods,
/// so it holds on every board Hex accepts:
///
/// * A face is **useless to a colour** when every two of its neighbours (faces
///   and sides) that could carry that colour's chain — its stones, its sides
///   and empty faces — touch each other or touch one chain of that colour
///   without it: a chain through the face can always go round it. A face
///   useless to both colours is **dead**: its colour never decides the game,
///   so playing there is a pass, which never helps in Hex.
/// * Two neighbouring empty faces are **captured** by a colour when, should
///   the opponent take either, that colour's taking the other leaves the
///   opponent's stone dead: the pair is as good as that colour's already.
///   Neither player needs to play there (the owner would be passing; the
///   opponent's stone would be answered and die).
///
/// Deadness only grows as stones are added, so a pair stays captured.
impl Hex {
    /// The root of `x`'s chain in the position's disjoint-set (no path
    /// compression: the position is shared).
    fn chain(pos: &HexPosition, mut x: usize) -> usize {
        while pos.dsu[x] >= 0 {
            x = pos.dsu[x] as usize;
        }
        x
    }

    fn touches(&self, a: u32, b: u32) -> bool {
        let n = self.t.n as u32;
        match (a < n, b < n) {
            (true, true) => self.neighbours(a as usize).contains(&b),
            (true, false) => self.t.side[a as usize] & SIDE_BIT[(b - n) as usize] != 0,
            (false, true) => self.t.side[b as usize] & SIDE_BIT[(a - n) as usize] != 0,
            (false, false) => false,
        }
    }

    /// Whether a stone of colour `x` (1 Red, 2 Blue) on face `c` joins
    /// nothing that is not joined without it, with the stones of `cells`
    /// (which may differ from `pos` by stones being tried; `pos` gives the
    /// chains of its own stones). `c`'s own entry in `cells` is not read.
    fn useless_to(&self, pos: &HexPosition, cells: &[u8], c: usize, x: u8) -> bool {
        let n = self.t.n;
        let mut ids = [0u32; MAX_AROUND];
        let mut len = 0;
        let around = self.neighbours(c).iter().copied().chain(
            (0..4)
                .filter(|&k| self.t.side[c] & SIDE_BIT[k] != 0)
                .map(|k| (n + k) as u32),
        );
        for id in around {
            if len == MAX_AROUND {
                return false;
            }
            ids[len] = id;
            len += 1;
        }
        let colour = |id: u32| {
            let i = id as usize;
            if i < n { cells[i] } else { SIDE_COLOUR[i - n] }
        };
        // Each neighbour of colour x: its chain, as a local label merged with
        // the labels of x-neighbours it touches.
        let mut label = [u8::MAX; MAX_AROUND];
        let mut root = [usize::MAX; MAX_AROUND];
        for i in 0..len {
            if colour(ids[i]) != x {
                continue;
            }
            let id = ids[i] as usize;
            // A stone only being tried is a chain of its own.
            root[i] = if id >= n || pos.cells[id] == x {
                Self::chain(pos, id)
            } else {
                id + n + 4
            };
            label[i] = i as u8;
            for j in 0..i {
                if label[j] != u8::MAX && (root[j] == root[i] || self.touches(ids[i], ids[j])) {
                    let (keep, drop) = (label[j].min(label[i]), label[j].max(label[i]));
                    for l in label.iter_mut().take(i + 1) {
                        if *l == drop {
                            *l = keep;
                        }
                    }
                }
            }
        }
        // The chains each candidate neighbour is part of or touches, as bits.
        let mut mask = [0u32; MAX_AROUND];
        for i in 0..len {
            match colour(ids[i]) {
                c if c == x => mask[i] = 1 << label[i],
                EMPTY => {
                    for j in 0..len {
                        if label[j] != u8::MAX && self.touches(ids[i], ids[j]) {
                            mask[i] |= 1 << label[j];
                        }
                    }
                }
                _ => {}
            }
        }
        for i in 0..len {
            let ci = colour(ids[i]);
            if ci != x && ci != EMPTY {
                continue;
            }
            for j in i + 1..len {
                let cj = colour(ids[j]);
                if (cj == x || cj == EMPTY)
                    && mask[i] & mask[j] == 0
                    && !self.touches(ids[i], ids[j])
                {
                    return false;
                }
            }
        }
        true
    }

    /// Whether face `c`'s colour can never decide the game with the stones
    /// of `cells` (see the analysis above).
    fn dead_in(&self, pos: &HexPosition, cells: &[u8], c: usize) -> bool {
        self.useless_to(pos, cells, c, 1) && self.useless_to(pos, cells, c, 2)
    }

    /// Whether the empty face `f` is dead at `pos`.
    pub fn is_dead(&self, pos: &HexPosition, f: FaceId) -> bool {
        let c = f.index();
        c < self.t.n
            && self.t.playable[c]
            && pos.cells[c] == EMPTY
            && self.dead_in(pos, &pos.cells, c)
    }

    /// The inferior empty faces of `pos`: its dead faces and the pairs of
    /// faces captured by one colour (`[Red's, Blue's]`). A pair is only
    /// reported when it shares no face with another pair, so that each can be
    /// left alone on its own terms. Faces with more than three empty
    /// neighbours are not looked at (they are seldom dead, and
    /// looking costs time at every node of the search).
    pub fn inferior(&self, pos: &HexPosition) -> Inferior {
        let n = self.t.n;
        let mut out = Inferior::default();
        if pos.winner != NO_WINNER {
            return out;
        }
        let empty_around = |c: usize| {
            self.neighbours(c)
                .iter()
                .filter(|&&g| pos.cells[g as usize] == EMPTY)
                .count()
        };
        let mut candidate = vec![false; n];
        for (c, cand) in candidate.iter_mut().enumerate() {
            if self.t.playable[c] && pos.cells[c] == EMPTY && empty_around(c) <= 3 {
                if self.dead_in(pos, &pos.cells, c) {
                    out.dead.push(FaceId(c as u32));
                } else {
                    *cand = true;
                }
            }
        }
        let mut cells = pos.cells.clone();
        let mut pairs: Vec<([u32; 2], u8)> = Vec::new();
        for p in 0..n {
            if !candidate[p] {
                continue;
            }
            for &q in self.neighbours(p) {
                let q = q as usize;
                if q < p || !candidate[q] {
                    continue;
                }
                for x in [1u8, 2] {
                    let y = 3 - x;
                    let answered = |cells: &mut Vec<u8>, a: usize, b: usize| {
                        cells[a] = y;
                        cells[b] = x;
                        let dead = self.dead_in(pos, cells, a);
                        cells[a] = EMPTY;
                        cells[b] = EMPTY;
                        dead
                    };
                    if answered(&mut cells, p, q) && answered(&mut cells, q, p) {
                        pairs.push(([p as u32, q as u32], x));
                        break;
                    }
                }
            }
        }
        let mut uses = vec![0u8; n];
        for ([p, q], _) in &pairs {
            uses[*p as usize] += 1;
            uses[*q as usize] += 1;
        }
        for ([p, q], x) in pairs {
            if uses[p as usize] == 1 && uses[q as usize] == 1 {
                out.captured[x as usize - 1].push([FaceId(p), FaceId(q)]);
            }
        }
        out
    }
}

/// Fill-in (MoHex's "reduced equivalent board", issue 16): the inferior
/// faces of a position filled in, and the analysis repeated on the filled
/// board until it finds nothing more (a filled pair can leave its
/// neighbours dead). Dead faces may take either colour and captured pairs
/// their owner's without changing who wins, so a playout may start from the
/// filled board and the search may leave those faces out.
impl Hex {
    /// The faces fill-in fills at `pos`, round after round (see above): the
    /// dead ones and the captured pairs, by owner. Empty when the game is
    /// over or the swap is still to be decided. When filling alone joins a
    /// player's sides, the analysis stops there: that player has won.
    pub fn fill_in(&self, pos: &HexPosition) -> Inferior {
        let mut out = Inferior::default();
        if pos.winner != NO_WINNER || self.swap_legal(pos) {
            return out;
        }
        let mut q = pos.clone();
        loop {
            let round = self.inferior(&q);
            if round.faces().next().is_none() {
                return out;
            }
            let mut won = false;
            // A dead face's colour never matters: Red's will do.
            for &f in &round.dead {
                won |= self.place(&mut q, f.index(), 0);
            }
            for (x, pairs) in round.captured.iter().enumerate() {
                for pair in pairs {
                    for f in pair {
                        won |= self.place(&mut q, f.index(), x as Player);
                    }
                }
            }
            out.dead.extend(round.dead);
            for (all, new) in out.captured.iter_mut().zip(round.captured) {
                all.extend(new);
            }
            if won || q.empty == 0 {
                return out;
            }
        }
    }
}

/// The inferior faces of a Hex position ([`Hex::inferior`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inferior {
    /// Empty faces whose colour can never decide the game.
    pub dead: Vec<FaceId>,
    /// Pairs of empty faces captured by Red (`[0]`) and by Blue (`[1]`).
    pub captured: [Vec<[FaceId; 2]>; 2],
}

impl Inferior {
    /// Every face listed.
    pub fn faces(&self) -> impl Iterator<Item = FaceId> + '_ {
        self.dead.iter().copied().chain(
            self.captured
                .iter()
                .flatten()
                .flat_map(|pair| pair.iter().copied()),
        )
    }
}

/// Hex's search policy: uniform playouts through the fast fill
/// ([`Hex::random_playout`]), or bridge-save playouts (`bridge=1`); RAVE
/// statistics by face.
impl Searchable for Hex {
    type Settings = HexSettings;
    /// Measured at equal time (README, Engine: Hex 9×9, 0.1 s/move, 100 games
    /// each): explore 0.3 over 0.6 64 %; with first-play urgency and RAVE 75 %;
    /// with bridge-save playouts too 79 %. Priors (20 visits, `waste` 0.2):
    /// 55.5 % over 200 games on 9×9 and 55 % on 11×11, and against MoHex 2.0
    /// on 9×9 at 1 s/move 20 % of 40 games instead of 7.5 %. Virtual
    /// connections asked at 20 visits: 61 % on 9×9 (100 games). Learned
    /// patterns at 0.1: 55 % over 400 games on 9×9, 58 % over 200 on 11×11.
    /// The same estimates as a progressive bias of 1 as well: 68 % on 9×9
    /// and 63 % on 11×11 (100 games each). Local patterns near the
    /// opponent's last stone: 55.5 % over 400 on 9×9, 63.5 % over 200 on 11×11.
    /// The table's urgencies fitted to the choices, from twice the games:
    /// 53 % over 400 (9×9 and 11×11) against the table of rates. No
    /// exploration term (`explore=0`; the priors, RAVE and first-play urgency
    /// spread the search): 55.7 % over 600 games against 0.3 (9×9 and 11×11).
    const SEARCH_DEFAULTS: &'static [(&'static str, f64)] = &[
        ("explore", 0.0),
        ("fpu", 1.0),
        ("rave", 1.0),
        ("bridge", 1.0),
        ("prior", 20.0),
        ("bias", 1.0),
        ("waste", 0.2),
        ("vc", 1.0),
        ("knowledge", 20.0),
        ("patterns", 0.1),
        ("swap_prior", 0.9),
        ("near", 1.0),
    ];
    type Aux = HexAux;
    fn without_swap(&self) -> Option<Self> {
        self.swap.then(|| Self {
            swap: false,
            ..self.clone()
        })
    }
    fn aux(&self, settings: &HexSettings, root: &HexPosition) -> HexAux {
        let bridges = self.bridges();
        let mut ends = vec![Vec::new(); self.t.n];
        for x in 0..self.t.n {
            for &[a, b, y] in bridges.at(x) {
                if (x as u32) < y {
                    for (e, other) in [(a, b), (b, a)] {
                        if let Some(v) = ends.get_mut(e as usize) {
                            v.push([other, x as u32, y]);
                        }
                    }
                }
            }
        }
        let (mut fill, mut fill_partner) = (Vec::new(), Vec::new());
        if settings.fill {
            let found = self.fill_in(root);
            if found.faces().next().is_some() {
                fill = vec![0u8; self.t.n];
                fill_partner = vec![u32::MAX; self.t.n];
                for f in &found.dead {
                    fill[f.index()] = FILL_DEAD;
                }
                for (x, pairs) in found.captured.iter().enumerate() {
                    for &[p, q] in pairs {
                        fill[p.index()] = x as u8 + 1;
                        fill[q.index()] = x as u8 + 1;
                        fill_partner[p.index()] = q.0;
                        fill_partner[q.index()] = p.0;
                    }
                }
            }
        }
        HexAux {
            bridges,
            bridge_playouts: settings.bridge,
            inferior: settings.inferior,
            waste: settings.waste,
            vc: settings.vc,
            limits: match settings.hwidth {
                0 => Limits::default(),
                w => Limits::width(w as usize),
            },
            ends,
            learned: (settings.patterns != 0.0).then(|| {
                let rings = self.table_rings();
                Learned {
                    weight: settings.patterns,
                    keys: KeyTable::new(self, &rings),
                    rings,
                    table: PatternWeights::builtin(),
                    near: settings.near,
                }
            }),
            swap_prior: settings.swap_prior,
            hand: settings.hand,
            fill,
            fill_partner,
            answers: (settings.playout_near > 0)
                .then(|| LocalAnswers::new(self, settings.playout_near, settings.answer_scale)),
        }
    }
    fn tree_moves(&self, aux: &HexAux, pos: &HexPosition, out: &mut Vec<HexMove>) {
        self.legal_moves(pos, out);
        if !aux.fill.is_empty() {
            // The root's fill-in: dead faces, and captured pairs while both
            // faces are empty (once the opponent takes one, the owner's
            // answer in the other must stay).
            let filled = |m: &HexMove| match *m {
                HexMove::Place(f) => match aux.fill[f.index()] {
                    0 => false,
                    FILL_DEAD => true,
                    _ => pos.cells[aux.fill_partner[f.index()] as usize] == EMPTY,
                },
                HexMove::Swap => false,
            };
            if out.iter().any(|m| !filled(m)) {
                out.retain(|m| !filled(m));
            }
        }
        if !aux.inferior || out.len() < 2 {
            return;
        }
        let inferior = self.inferior(pos);
        let mut skip = vec![false; self.t.n];
        let mut any = false;
        for f in inferior.faces() {
            skip[f.index()] = true;
            any = true;
        }
        let kept = |m: &HexMove| !matches!(m, HexMove::Place(f) if skip[f.index()]);
        // Never leave the tree without a move: with every face inferior the
        // game is decided anyway, and any move will do.
        if any && out.iter().any(kept) {
            out.retain(kept);
        }
    }
    /// Virtual connections when `vc` is on: [`Hex::verdict`], or with `deep`
    /// H-search's [`Hex::verdict_hsearch`].
    fn knowledge(&self, aux: &HexAux, pos: &HexPosition, deep: bool) -> Knowledge<HexMove> {
        if !aux.vc || pos.winner != NO_WINNER || self.swap_legal(pos) {
            return Knowledge::Nothing;
        }
        let verdict = if deep {
            self.verdict_hsearch(pos, aux.limits)
        } else {
            self.verdict(pos)
        };
        match verdict {
            Verdict::Won(p) => Knowledge::Winner(p),
            Verdict::MustPlay(faces) => Knowledge::Only(
                faces
                    .into_iter()
                    .map(|c| HexMove::Place(FaceId(c)))
                    .collect(),
            ),
            Verdict::Open => Knowledge::Nothing,
        }
    }
    /// Local knowledge, as in MoHex's priors but hand-set: answering an
    /// intrusion into one's bridge is nearly forced; replies next to (or a
    /// bridge away from) the opponent's last stone, and faces that make a
    /// bridge or touch one's own stones, are better than average; faces on
    /// the board's edge away from the fight are worse.
    fn priors(
        &self,
        aux: &HexAux,
        pos: &HexPosition,
        last: Option<HexMove>,
        moves: &[HexMove],
        out: &mut Vec<f32>,
    ) {
        let n = self.t.n;
        let me = pos.to_move + 1;
        let cells = &pos.cells;
        let owner = |x: u32| {
            let x = x as usize;
            if x < n { cells[x] } else { SIDE_COLOUR[x - n] }
        };
        let last = match last {
            Some(HexMove::Place(f)) => f.0,
            _ => pos.last,
        };
        let last = (cells.get(last as usize) == Some(&(3 - me))).then_some(last);
        // The faces whose local patterns count (the ring of that stone).
        let near: &[u32] = match (&aux.learned, last) {
            (Some(l), Some(x)) if l.near => l.rings.ring(x as usize),
            _ => &[],
        };
        let open = |[_, x, y]: [u32; 3]| cells[x as usize] == EMPTY && cells[y as usize] == EMPTY;
        // Every face's pattern key (the colours around it), as `Hex::pattern`
        // reads them; 0 for a face without a ring.
        let mut keys = Vec::new();
        if let Some(l) = &aux.learned {
            l.keys.fill(cells, &mut keys);
        }
        for &m in moves {
            let HexMove::Place(f) = m else {
                out.push(aux.swap_prior);
                continue;
            };
            let urgency = aux.learned.as_ref().map_or(0.0, |l| {
                let key = keys[f.index()];
                if key == 0 {
                    return 0.0;
                }
                let k = KeyTable::keys(key, me);
                l.weight
                    * if near.contains(&f.0) {
                        l.table.weight_near(k)
                    } else {
                        l.table.weight(k)
                    }
            });
            let c = f.index();
            // The bridges `c` carries: answering the last stone's intrusion
            // into one of ours (it holds the other carrier) is nearly forced;
            // filling one's own intact bridge wastes a move; intruding into
            // the opponent's is answered at once.
            let (mut save, mut own_carrier, mut their_carrier) = (false, false, false);
            for &[a, b, y] in aux.bridges.at(c) {
                let o = owner(a);
                if o != owner(b) {
                    continue;
                }
                if Some(y) == last {
                    save |= o == me;
                } else if cells[y as usize] == EMPTY {
                    own_carrier |= o == me;
                    their_carrier |= o == 3 - me;
                }
            }
            let h = aux.hand;
            if save {
                out.push(0.9 - 0.4 * (1.0 - h) + urgency);
                continue;
            }
            let nb = self.neighbours(c);
            let ends = &aux.ends[c];
            let local =
                last.is_some_and(|x| nb.contains(&x) || ends.iter().any(|&e| e[0] == x && open(e)));
            let bridge = ends.iter().any(|&e| owner(e[0]) == me && open(e));
            let touch = nb.iter().any(|&g| cells[g as usize] == me);
            let mut v = 0.5;
            if own_carrier {
                v -= aux.waste;
            }
            if their_carrier {
                v -= aux.waste / 4.0;
            }
            if local {
                v += 0.1 * h;
            }
            if bridge {
                v += 0.1 * h;
            }
            if touch {
                v += 0.05 * h;
            }
            if self.t.side[c] != 0 && !local && !touch {
                v -= 0.15 * h;
            }
            out.push(v + urgency);
        }
    }

    fn playout<G: rand::Rng + ?Sized>(&self, pos: &mut HexPosition, rng: &mut G) -> Option<Player> {
        self.random_playout(pos, rng)
    }
    fn simulate(
        &self,
        aux: &HexAux,
        pos: &mut HexPosition,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<HexMove>,
        _bytes: &mut Vec<u8>,
    ) -> f32 {
        let w = if aux.bridge_playouts || !aux.fill.is_empty() || aux.answers.is_some() {
            self.policy_playout(aux, pos, rng, None)
        } else {
            self.random_playout(pos, rng)
        };
        reward_for(w, 0)
    }
    const AMAF: bool = true;
    const PRIORS: bool = true;
    const KNOWLEDGE: bool = true;
    fn move_index_count(&self) -> usize {
        self.t.n + 1
    }
    fn move_index(&self, m: HexMove) -> usize {
        match m {
            HexMove::Place(f) => f.index(),
            HexMove::Swap => self.t.n,
        }
    }
    fn simulate_amaf(
        &self,
        aux: &HexAux,
        pos: &mut HexPosition,
        rng: &mut ChaCha8Rng,
        _moves: &mut Vec<HexMove>,
        _bytes: &mut Vec<u8>,
        amaf: &mut [u8],
    ) -> f32 {
        reward_for(self.policy_playout(aux, pos, rng, Some(amaf)), 0)
    }
}
