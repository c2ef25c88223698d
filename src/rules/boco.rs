//! BOCO on any polygon board (triangles, squares, rectangles, hexagons, mixed).
//!
//! * Players alternate putting a piece on an empty face; Red (player 0) starts.
//!   The first move may go anywhere; every later move must share an edge with a
//!   face already played by either side.
//! * A *group* is a set of same-coloured pieces connected across edges. A group is
//!   *encircled* when none of its faces has an empty neighbour and none has an
//!   *open* edge. Open edges are all edges on the board's boundary — the outer
//!   outline **and the rim of every hole** (a hole is open space, so a group on its
//!   rim is not surrounded; this follows the original BOCO check, in which any
//!   face with an edge lacking a neighbour can never be encircled) — and edges
//!   shared with a [`FaceKind::Blocked`] face, which is treated like a hole.
//! * After a move: if an opponent group touching the new piece is encircled, the
//!   mover wins (evidence: every such group, and the ring of mover pieces around
//!   them); otherwise, if the mover's own group is now encircled, the mover loses
//!   (evidence: that group and the opponent ring); otherwise a full board is a
//!   draw. Blocked faces can cut the playable faces into parts and leave the
//!   player to move without a legal placement before the board is full; that is
//!   a draw too.
//! * The board must be one piece: faces that fall apart into separate pieces
//!   (the generator's two-sided paper board) are refused, since the game never
//!   reaches the pieces it did not start on.
//! * Detection visits only the groups that touch the new piece.
//! * Notation: the face label, or `#<id>` for unlabelled faces.

use super::face_names::FaceNames;
use super::search::Searchable;
use super::{
    Evidence, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules, UnsuitableBoard,
};
use crate::board::{Board, FaceKind};
use crate::mesh::FaceId;
use std::sync::Arc;

const PIECE: u8 = 0b11;
const TOUCHED: u8 = 0b100;
const MARK: u8 = 0b1000_0000;

/// Precomputed board tables, shared by clones.
#[derive(Debug)]
struct Tables {
    n: usize,
    nbr_start: Vec<u32>,
    nbr: Vec<u32>,
    /// The face has an open edge (board boundary, hole rim, or a blocked neighbour).
    open: Vec<bool>,
    playable: Vec<bool>,
    playable_count: u32,
    names: FaceNames,
}

/// BOCO rules on one board.
#[derive(Clone, Debug)]
pub struct Boco {
    t: Arc<Tables>,
    board: Arc<Board>,
}

/// A BOCO position.
#[derive(Clone, Debug, PartialEq)]
pub struct BocoPosition {
    /// Per face: bits 0–1 piece (0 empty, 1 Red, 2 Blue), bit 2 "next to a played face".
    cells: Vec<u8>,
    to_move: Player,
    pieces: u32,
    empty: u32,
    /// Empty playable faces next to a played face.
    frontier: u32,
    result: Option<Arc<Outcome>>,
}

impl BocoPosition {
    /// The piece on `f`: `Some(0)` Red, `Some(1)` Blue.
    pub fn piece(&self, f: FaceId) -> Option<Player> {
        match self.cells.get(f.index()).map(|c| c & PIECE) {
            Some(1) => Some(0),
            Some(2) => Some(1),
            _ => None,
        }
    }
    /// Number of pieces on the board.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }
}

/// Why BOCO cannot be played on `board`, if it cannot.
pub fn suitability(board: &Board) -> Result<(), UnsuitableBoard> {
    build_tables(board).map(|_| ())
}

fn build_tables(board: &Board) -> Result<Tables, UnsuitableBoard> {
    let n = board.face_count();
    if board.faces().len() != n {
        return Err(UnsuitableBoard(
            "the board's face table does not match its mesh".into(),
        ));
    }
    let playable: Vec<bool> = board
        .faces()
        .kinds()
        .iter()
        .map(|k| *k != FaceKind::Blocked)
        .collect();
    let playable_count = playable.iter().filter(|&&p| p).count();
    if playable_count < 2 {
        return Err(UnsuitableBoard(
            "BOCO needs a board with at least two playable faces".into(),
        ));
    }
    let mut nbr_start = Vec::with_capacity(n + 1);
    let mut nbr = Vec::new();
    let mut open = vec![false; n];
    for f in board.mesh().face_ids() {
        nbr_start.push(nbr.len() as u32);
        let start = nbr.len();
        for (_, g) in board.mesh().face_neighbors(f) {
            match g {
                Some(g) if playable[g.index()] => {
                    if !nbr[start..].contains(&g.0) {
                        nbr.push(g.0);
                    }
                }
                _ => open[f.index()] = true,
            }
        }
    }
    nbr_start.push(nbr.len() as u32);
    let pieces = separate_pieces(board);
    if pieces > 1 {
        return Err(UnsuitableBoard(format!(
            "BOCO needs one connected board; this one falls apart into {pieces} separate pieces (e.g. the two sides of a two-sided paper board)"
        )));
    }
    let names = FaceNames::of(board);
    Ok(Tables {
        n,
        nbr_start,
        nbr,
        open,
        playable,
        playable_count: playable_count as u32,
        names,
    })
}

/// How many pieces the board's faces fall apart into (faces joined across edges).
fn separate_pieces(board: &Board) -> usize {
    let n = board.face_count();
    let mut seen = vec![false; n];
    let mut pieces = 0;
    let mut stack = Vec::new();
    for f in board.mesh().face_ids() {
        if seen[f.index()] {
            continue;
        }
        pieces += 1;
        seen[f.index()] = true;
        stack.push(f);
        while let Some(g) = stack.pop() {
            for (_, h) in board.mesh().face_neighbors(g) {
                if let Some(h) = h
                    && !seen[h.index()]
                {
                    seen[h.index()] = true;
                    stack.push(h);
                }
            }
        }
    }
    pieces
}

thread_local! {
    /// Scratch list of visited faces for group detection.
    static SCRATCH: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Boco {
    /// BOCO on `board`.
    pub fn new(board: Arc<Board>) -> Result<Boco, UnsuitableBoard> {
        let t = build_tables(&board)?;
        Ok(Boco {
            t: Arc::new(t),
            board,
        })
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    #[inline]
    fn neighbours(&self, f: usize) -> &[u32] {
        &self.t.nbr[self.t.nbr_start[f] as usize..self.t.nbr_start[f + 1] as usize]
    }

    /// Whether the group containing the piece on `f` is encircled. Flood fill
    /// that stops at the first liberty (an empty neighbour or an open face), so
    /// its cost is bounded by the group. Visited faces are marked with [`MARK`]
    /// and appended to `seen`; when the group is encircled, `seen[start..]` is
    /// the whole group (marks kept); otherwise the marks of this search are
    /// cleared again and `seen` is restored.
    fn encircled(&self, cells: &mut [u8], f: usize, seen: &mut Vec<u32>) -> bool {
        let start = seen.len();
        let c = cells[f] & PIECE;
        cells[f] |= MARK;
        seen.push(f as u32);
        let mut i = start;
        let mut closed = true;
        'flood: while i < seen.len() {
            let g = seen[i] as usize;
            i += 1;
            if self.t.open[g] {
                closed = false;
                break;
            }
            for &h in self.neighbours(g) {
                let ch = cells[h as usize];
                if ch & MARK != 0 {
                    continue;
                }
                let ph = ch & PIECE;
                if ph == 0 {
                    closed = false;
                    break 'flood;
                }
                if ph == c {
                    cells[h as usize] = ch | MARK;
                    seen.push(h);
                }
            }
        }
        if !closed {
            for x in seen.drain(start..) {
                cells[x as usize] &= !MARK;
            }
        }
        closed
    }

    /// Win/loss/draw detection after `mover` played `f` (see the module docs).
    /// `seen` is scratch; the caller clears the marks of the faces left in it.
    fn detect(&self, pos: &mut BocoPosition, f: usize, mover: Player, seen: &mut Vec<u32>) {
        let opp = 2 - mover;
        let mut encircled: Vec<FaceId> = Vec::new();
        for &g in self.neighbours(f) {
            let c = pos.cells[g as usize];
            if c & PIECE == opp && c & MARK == 0 {
                let start = seen.len();
                if self.encircled(&mut pos.cells, g as usize, seen) {
                    encircled.extend(seen[start..].iter().map(|&x| FaceId(x)));
                }
            }
        }
        if !encircled.is_empty() {
            pos.result = Some(Arc::new(self.win_outcome(&pos.cells, mover, encircled)));
            return;
        }
        let start = seen.len();
        if self.encircled(&mut pos.cells, f, seen) {
            let g = seen[start..].iter().map(|&x| FaceId(x)).collect();
            pos.result = Some(Arc::new(self.loss_outcome(&pos.cells, mover, g)));
        } else if pos.empty == 0 {
            pos.result = Some(Arc::new(Self::full_draw()));
        } else if pos.frontier == 0 {
            pos.result = Some(Arc::new(self.stuck_draw(pos.to_move)));
        }
    }

    /// The faces around `group` (sorted): for an encircled group, the ring.
    fn ring(&self, cells: &[u8], group: &[FaceId]) -> Vec<FaceId> {
        let mut ring: Vec<FaceId> = Vec::new();
        let c = cells[group[0].index()] & PIECE;
        for f in group {
            for &h in self.neighbours(f.index()) {
                if cells[h as usize] & PIECE != c {
                    ring.push(FaceId(h));
                }
            }
        }
        ring.sort_unstable();
        ring.dedup();
        ring
    }

    fn win_outcome(&self, cells: &[u8], mover: Player, mut groups: Vec<FaceId>) -> Outcome {
        groups.sort_unstable();
        let ring = self.ring(cells, &groups);
        let names = Self::PLAYER_NAMES;
        let what = if groups.len() == 1 {
            format!(
                "{}'s piece on {}",
                names[1 - mover as usize],
                &self.t.names[groups[0].index()]
            )
        } else {
            format!("{} of {}'s pieces", groups.len(), names[1 - mover as usize])
        };
        Outcome {
            winner: Some(mover),
            reason: format!("{} encircled {what}", names[mover as usize]),
            evidence: Evidence {
                faces: groups,
                links: Vec::new(),
                ring,
            },
        }
    }

    fn loss_outcome(&self, cells: &[u8], mover: Player, mut group: Vec<FaceId>) -> Outcome {
        group.sort_unstable();
        let ring = self.ring(cells, &group);
        let names = Self::PLAYER_NAMES;
        Outcome {
            winner: Some(1 - mover),
            reason: format!(
                "{} encircled their own group of {} by moving into {}'s ring",
                names[mover as usize],
                group.len(),
                names[1 - mover as usize]
            ),
            evidence: Evidence {
                faces: group,
                links: Vec::new(),
                ring,
            },
        }
    }

    fn full_draw() -> Outcome {
        Outcome {
            winner: None,
            reason: "the board is full and nobody was encircled".into(),
            evidence: Evidence::default(),
        }
    }

    fn stuck_draw(&self, to_move: Player) -> Outcome {
        Outcome {
            winner: None,
            reason: format!(
                "{} has no face next to a played face (the rest of the board is separate)",
                Self::PLAYER_NAMES[to_move as usize]
            ),
            evidence: Evidence::default(),
        }
    }

    /// Plays uniformly random legal moves from `pos` to the end and returns the
    /// winner (`None`: draw). Same move distribution as picking from
    /// [`Rules::legal_moves`] each ply, but keeps the candidate list incrementally.
    pub fn random_playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &BocoPosition,
        rng: &mut G,
    ) -> Option<Player> {
        let mut p = pos.clone();
        let mut cand = Vec::new();
        self.legal_moves(&p, &mut cand);
        let mut cand: Vec<u32> = cand.into_iter().map(|f| f.0).collect();
        while p.result.is_none() && !cand.is_empty() {
            let k = rng.random_range(0..cand.len());
            let f = cand.swap_remove(k) as usize;
            let was_first = p.pieces == 0;
            if was_first {
                cand.clear();
            }
            for &g in self.neighbours(f) {
                if p.cells[g as usize] & (TOUCHED | PIECE) == 0 {
                    cand.push(g);
                }
            }
            self.apply(&mut p, FaceId(f as u32));
        }
        p.result.as_ref().and_then(|o| o.winner)
    }
}

impl Rules for Boco {
    fn result(&self, pos: &BocoPosition) -> Option<Option<Player>> {
        pos.result.as_ref().map(|o| o.winner)
    }
    type Move = FaceId;
    type Position = BocoPosition;
    /// The piece per face and the player to move.
    type Key = (Vec<u8>, Player);
    const NAME: &'static str = "boco";
    const TITLE: &'static str = "BOCO";
    const PLAYER_NAMES: [&'static str; 2] = ["Red", "Blue"];

    fn on_board(board: Arc<Board>, _options: &GameOptions) -> Result<Boco, UnsuitableBoard> {
        Boco::new(board)
    }
    fn suitability(board: &Board, _options: &GameOptions) -> Result<(), UnsuitableBoard> {
        suitability(board)
    }
    fn start(&self) -> BocoPosition {
        BocoPosition {
            cells: vec![0; self.t.n],
            to_move: 0,
            pieces: 0,
            empty: self.t.playable_count,
            frontier: 0,
            result: None,
        }
    }
    fn to_move(&self, pos: &BocoPosition) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &BocoPosition, out: &mut Vec<FaceId>) {
        out.clear();
        if pos.result.is_some() {
            return;
        }
        let first = pos.pieces == 0;
        for i in 0..self.t.n {
            let c = pos.cells[i];
            if self.t.playable[i] && c & PIECE == 0 && (first || c & TOUCHED != 0) {
                out.push(FaceId(i as u32));
            }
        }
    }
    fn check(&self, pos: &BocoPosition, m: FaceId) -> Result<(), IllegalMove> {
        if let Some(o) = &pos.result {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        let i = m.index();
        if i >= self.t.n {
            return Err(IllegalMove::new(format!("there is no face {m}")));
        }
        let name = &self.t.names[i];
        if !self.t.playable[i] {
            return Err(IllegalMove::new(format!(
                "{name} is blocked and cannot be played"
            )));
        }
        let c = pos.cells[i];
        if c & PIECE != 0 {
            return Err(IllegalMove::new(format!("{name} is occupied")));
        }
        if pos.pieces > 0 && c & TOUCHED == 0 {
            return Err(IllegalMove::new(format!(
                "{name} is not adjacent to a played face"
            )));
        }
        Ok(())
    }
    fn apply(&self, pos: &mut BocoPosition, m: FaceId) {
        let f = m.index();
        let p = pos.to_move;
        if pos.cells[f] & TOUCHED != 0 {
            pos.frontier -= 1;
        }
        pos.cells[f] = (pos.cells[f] & TOUCHED) | (p + 1);
        pos.pieces += 1;
        pos.empty -= 1;
        for &g in self.neighbours(f) {
            let c = &mut pos.cells[g as usize];
            if *c & TOUCHED == 0 {
                *c |= TOUCHED;
                if *c & PIECE == 0 {
                    pos.frontier += 1;
                }
            }
        }
        pos.to_move = 1 - p;

        SCRATCH.with(|s| {
            let mut seen = s.borrow_mut();
            seen.clear();
            self.detect(pos, f, p, &mut seen);
            for &x in seen.iter() {
                pos.cells[x as usize] &= !MARK;
            }
        });
    }
    fn outcome(&self, pos: &BocoPosition) -> Option<Outcome> {
        pos.result.as_deref().cloned()
    }
    fn outcome_from_scratch(&self, pos: &BocoPosition) -> Option<Outcome> {
        if pos.pieces == 0 {
            return None;
        }
        let mover = 1 - pos.to_move;
        let n = self.t.n;
        let cells: Vec<u8> = pos.cells.iter().map(|c| c & PIECE).collect();
        // Every group, found by a plain flood fill with its own visited array.
        let mut seen = vec![false; n];
        let mut closed: [Vec<FaceId>; 2] = [Vec::new(), Vec::new()];
        for s in 0..n {
            let c = cells[s];
            if c == 0 || seen[s] {
                continue;
            }
            let mut stack = vec![s];
            let mut members = Vec::new();
            let mut is_closed = true;
            seen[s] = true;
            while let Some(g) = stack.pop() {
                members.push(FaceId(g as u32));
                for (_, h) in self.board.mesh().face_neighbors(FaceId(g as u32)) {
                    match h {
                        None => is_closed = false,
                        Some(h) if !self.t.playable[h.index()] => is_closed = false,
                        Some(h) => {
                            let ch = cells[h.index()];
                            if ch == 0 {
                                is_closed = false;
                            } else if ch == c && !seen[h.index()] {
                                seen[h.index()] = true;
                                stack.push(h.index());
                            }
                        }
                    }
                }
            }
            if is_closed {
                closed[(c - 1) as usize].extend(members);
            }
        }
        let [c0, c1] = closed;
        let (victim, own) = if mover == 0 { (c1, c0) } else { (c0, c1) };
        if !victim.is_empty() {
            return Some(self.win_outcome(&cells, mover, victim));
        }
        if !own.is_empty() {
            return Some(self.loss_outcome(&cells, mover, own));
        }
        let mut any_empty = false;
        let mut any_frontier = false;
        for i in 0..n {
            if self.t.playable[i] && cells[i] == 0 {
                any_empty = true;
                if self.neighbours(i).iter().any(|&h| cells[h as usize] != 0) {
                    any_frontier = true;
                }
            }
        }
        if !any_empty {
            Some(Self::full_draw())
        } else if !any_frontier {
            Some(self.stuck_draw(pos.to_move))
        } else {
            None
        }
    }
    fn format_move(&self, _pos: &BocoPosition, m: FaceId) -> String {
        self.t.names.format(m)
    }
    fn position_key(&self, pos: &BocoPosition) -> (Vec<u8>, Player) {
        (pos.cells.iter().map(|c| c & PIECE).collect(), pos.to_move)
    }
    fn parse_move(&self, _pos: &BocoPosition, text: &str) -> Result<FaceId, IllegalMove> {
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err(IllegalMove::new("empty move"));
        }
        self.t.names.find(&t).ok_or_else(|| {
            IllegalMove::new(format!("'{}' is not a face of this board", text.trim()))
        })
    }
    fn piece_at(&self, pos: &BocoPosition, f: FaceId) -> Option<Player> {
        pos.piece(f)
    }
    fn move_faces(&self, _pos: &BocoPosition, m: FaceId) -> MoveFaces {
        MoveFaces::place(m)
    }
    fn placement(&self, f: FaceId) -> Option<FaceId> {
        Some(f)
    }
}

/// BOCO's search policy: uniform playouts ([`Boco::random_playout`]); no settings.
impl Searchable for Boco {
    type Settings = ();
    type Aux = ();
    fn aux(&self, _: &(), _: &Self::Position) {}
    fn playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &mut BocoPosition,
        rng: &mut G,
    ) -> Option<Player> {
        self.random_playout(pos, rng)
    }
}
