//! Havannah on any board whose boundary carries six side tags and six corner
//! tags (the hexagon shape of the tilings: `side1` … `side6`, `corner1` …
//! `corner6`).
//!
//! * Black (player 0) moves first; White (player 1) second. A move puts a stone
//!   on an empty face; blocked faces cannot be played. Faces are neighbours
//!   when they share an edge; a group is a set of a player's stones joined
//!   through neighbours.
//! * A corner face is a face with a corner tag on one of its boundary edges; a
//!   side face is any other face with a side tag. Corner faces belong to no side.
//! * A player wins by making, with one group:
//!   - a **bridge**: the group touches two corners;
//!   - a **fork**: the group touches three different sides;
//!   - a **ring**: the group encloses at least one face, of any colour or
//!     empty. On an arbitrary polygon board a face `f` is enclosed when every
//!     path from `f` to the board's boundary, stepping between faces that share
//!     a vertex, passes through one of the player's stones other than `f`
//!     itself (a face with a boundary vertex is on the boundary). Sharing a
//!     vertex rather than an edge matters only where more than three faces
//!     meet: on a square grid four stones around a face's corners form no ring
//!     unless they are joined into a closed chain. A ring around a hole in the
//!     board encloses no face and does not count.
//! * A full board without a win is a draw.
//! * Swap (pie) rule, optional: White's first move may be `swap`, which turns
//!   Black's only stone into a White stone on the same face; then Black moves.
//! * Win detection is incremental: a disjoint-set forest whose roots hold the
//!   sides and corners their group touches, and a ring search only when the new
//!   stone joins one group at two places that are not next to each other around
//!   it, from the faces around the new stone, stopping at the boundary.
//!   [`Rules::outcome_from_scratch`] is independent: groups by flood fill, and
//!   for each group the regions of the other faces that do not reach the
//!   boundary.
//! * Notation: the face label, `#<id>` for unlabelled faces, and `swap`.

use super::connection::{
    Cells, DRAW, EMPTY, NO_WINNER, StoneMove, StonePosition, group_faces, groups_by_fill,
};
use super::search::Searchable;
use super::{
    BadSetup, Evidence, GameOptions, IllegalMove, MoveFaces, Outcome, Player, Rules,
    UnsuitableBoard,
};
use crate::board::{Board, SideTag};
use crate::mesh::FaceId;
use std::sync::Arc;

/// Side bits are 0 to 5, corner bits 8 to 13.
const SIDE_MASK: u16 = 0x3f;
const CORNER_SHIFT: u16 = 8;

const RING: u8 = 1;
const BRIDGE: u8 = 2;
const FORK: u8 = 4;

/// A Havannah move: put a stone on a face, or take over Black's first stone
/// (swap rule).
pub type HavannahMove = StoneMove;

#[derive(Debug)]
struct Tables {
    cells: Cells,
    /// Sides (bits 0 to 5) and corners (bits 8 to 13) each face touches.
    bits: Vec<u16>,
    /// Faces sharing a vertex with each face (any kind), CSR.
    vnbr_start: Vec<u32>,
    vnbr: Vec<u32>,
    /// Whether a face has a vertex on the board's boundary.
    outside: Vec<bool>,
}

impl Tables {
    #[inline]
    fn vertex_neighbours(&self, f: usize) -> &[u32] {
        &self.vnbr[self.vnbr_start[f] as usize..self.vnbr_start[f + 1] as usize]
    }
}

/// Havannah rules on one board.
#[derive(Clone, Debug)]
pub struct Havannah {
    t: Arc<Tables>,
    board: Arc<Board>,
    swap: bool,
}

/// A Havannah position: stones, player to move and the incremental
/// structures; what the winning group made is kept in its `how` ([`RING`],
/// [`BRIDGE`], [`FORK`] bits).
pub type HavannahPosition = StonePosition;

/// Bridge and fork from a group's bits.
fn shape_of(bits: u16) -> u8 {
    let mut how = 0;
    if (bits >> CORNER_SHIFT).count_ones() >= 2 {
        how |= BRIDGE;
    }
    if (bits & SIDE_MASK).count_ones() >= 3 {
        how |= FORK;
    }
    how
}

fn build_tables(board: &Board) -> Result<Tables, UnsuitableBoard> {
    let cells = Cells::new(board, "Havannah")?;
    let (sides, corners) = cells.distinct_tags();
    if sides.len() != 6 || corners.len() != 6 {
        return Err(UnsuitableBoard(format!(
            "Havannah needs a board tagged with six sides and six corners (like the hexagon shape); this board's playable faces touch {} side tag{} ({}) and {} corner tag{} ({})",
            sides.len(),
            if sides.len() == 1 { "" } else { "s" },
            Cells::tag_list(&sides),
            corners.len(),
            if corners.len() == 1 { "" } else { "s" },
            Cells::tag_list(&corners),
        )));
    }
    let bits = cells
        .tags
        .iter()
        .map(|t: &Vec<SideTag>| {
            let corner = t
                .iter()
                .filter_map(|tag| corners.iter().position(|c| c == tag))
                .fold(0u16, |b, k| b | (1 << (k as u16 + CORNER_SHIFT)));
            if corner != 0 {
                // Corner faces belong to no side.
                corner
            } else {
                t.iter()
                    .filter_map(|tag| sides.iter().position(|s| s == tag))
                    .fold(0u16, |b, k| b | (1 << k))
            }
        })
        .collect();
    let n = cells.n;
    let mut vnbr_start = Vec::with_capacity(n + 1);
    let mut vnbr = Vec::new();
    let mut around = Vec::new();
    let mut outside = vec![false; n];
    for f in board.mesh().face_ids() {
        vnbr_start.push(vnbr.len() as u32);
        board.mesh().faces_sharing_vertex(f, &mut around);
        let start = vnbr.len();
        for &g in &around {
            if g != f && !vnbr[start..].contains(&g.0) {
                vnbr.push(g.0);
            }
        }
        outside[f.index()] = board
            .mesh()
            .face_vertices(f)
            .any(|v| board.mesh().is_boundary_vertex(v));
    }
    vnbr_start.push(vnbr.len() as u32);
    Ok(Tables {
        cells,
        bits,
        vnbr_start,
        vnbr,
        outside,
    })
}

impl Havannah {
    /// Havannah on `board`, with or without the swap rule.
    pub fn new(board: Arc<Board>, swap: bool) -> Result<Havannah, UnsuitableBoard> {
        let t = build_tables(&board)?;
        Ok(Havannah {
            t: Arc::new(t),
            board,
            swap,
        })
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// Whether the stone about to go on `f` (colour `c`, not yet placed) can
    /// close a ring: a ring through it leaves it to two of its neighbours that
    /// are already in one group and are not neighbours of each other (else the
    /// ring would have been closed without it).
    fn may_close_ring(&self, pos: &mut HavannahPosition, f: usize, c: u8) -> bool {
        let nb = self.t.cells.neighbours(f);
        let own: Vec<(u32, usize)> = nb
            .iter()
            .filter(|&&g| pos.cells[g as usize] == c)
            .map(|&g| (g, pos.groups.find(g as usize)))
            .collect();
        own.iter().enumerate().any(|(i, &(a, ra))| {
            own[i + 1..]
                .iter()
                .any(|&(b, rb)| ra == rb && !self.t.cells.neighbours(a as usize).contains(&b))
        })
    }

    /// Whether the stone just placed on `f` (colour `c`) encloses a face: a
    /// face around `f` that cannot reach the boundary through faces sharing a
    /// vertex without crossing another stone of `c`. First the regions of the
    /// other faces around `f` (each searched once), then each own stone around
    /// `f` with the regions around it.
    fn closes_ring(&self, pos: &HavannahPosition, f: usize, c: u8) -> bool {
        let t = &self.t;
        // 0: not visited; k: visited by the k-th search. Searches 1 to `known`
        // have reached the boundary (else the ring is found), so meeting a face
        // they visited reaches it too.
        let mut mark = vec![0u32; t.cells.n];
        let mut stack = Vec::new();
        let mut escapes = |r: usize, k: u32, known: u32, mark: &mut Vec<u32>| -> bool {
            mark[r] = k;
            stack.clear();
            stack.push(r);
            while let Some(g) = stack.pop() {
                if t.outside[g] {
                    return true;
                }
                for &h in t.vertex_neighbours(g) {
                    let h = h as usize;
                    if h == f || pos.cells[h] == c || mark[h] == k {
                        continue;
                    }
                    if mark[h] != 0 && mark[h] <= known {
                        return true;
                    }
                    mark[h] = k;
                    stack.push(h);
                }
            }
            false
        };
        let around = t.vertex_neighbours(f);
        // The regions of the other faces around `f`.
        let mut k = 0;
        for &r in around {
            let r = r as usize;
            if pos.cells[r] != c && mark[r] == 0 {
                k += 1;
                if !escapes(r, k, k - 1, &mut mark) {
                    return true;
                }
            }
        }
        // Each own stone around `f`, with the regions around it (regions met
        // by another own stone's search may not reach the boundary, so only
        // the first pass's marks count as known).
        let known = k;
        for &r in around {
            let r = r as usize;
            if pos.cells[r] == c {
                k += 1;
                if !escapes(r, k, known, &mut mark) {
                    return true;
                }
            }
        }
        false
    }

    /// Put a stone of `p` on `f`; returns what its group now makes.
    fn place(&self, pos: &mut HavannahPosition, f: usize, p: Player) -> u8 {
        let c = p + 1;
        let ring_possible = self.may_close_ring(pos, f, c);
        let root = pos.put(&self.t.cells, f, p);
        let mut how = shape_of(pos.groups.bits(root));
        if ring_possible && self.closes_ring(pos, f, c) {
            how |= RING;
        }
        how
    }

    /// Whether the group `faces` encloses a face: a region of the other faces
    /// (joined through shared vertices) that does not reach the boundary, or a
    /// stone of the group off the boundary with only the group around it.
    fn group_encloses(&self, faces: &[FaceId]) -> bool {
        let t = &self.t;
        let n = t.cells.n;
        let mut in_group = vec![false; n];
        for f in faces {
            in_group[f.index()] = true;
        }
        let mut seen = in_group.clone();
        for s in 0..n {
            if seen[s] {
                continue;
            }
            seen[s] = true;
            let mut out = false;
            let mut stack = vec![s];
            while let Some(g) = stack.pop() {
                out |= t.outside[g];
                for &h in t.vertex_neighbours(g) {
                    let h = h as usize;
                    if !seen[h] {
                        seen[h] = true;
                        stack.push(h);
                    }
                }
            }
            if !out {
                return true;
            }
        }
        faces.iter().any(|f| {
            let f = f.index();
            !t.outside[f] && t.vertex_neighbours(f).iter().all(|&g| in_group[g as usize])
        })
    }

    /// Plays uniformly random legal moves from `pos` to the end and returns the
    /// winner (`None`: draw): the empty faces in a random order, with the
    /// incremental win detection after each, the swap chosen with its proper
    /// probability.
    pub fn random_playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &HavannahPosition,
        rng: &mut G,
    ) -> Option<Player> {
        let mut p = pos.clone();
        self.playout_in_place(&mut p, rng)
    }

    fn playout_in_place<G: rand::Rng + ?Sized>(
        &self,
        p: &mut HavannahPosition,
        rng: &mut G,
    ) -> Option<Player> {
        if let Some(r) = p.result() {
            return r;
        }
        let n = self.t.cells.n;
        if p.swap_legal(self.swap) {
            let m = self.t.cells.random_move_with_swap(p, rng);
            self.apply(p, m);
            return self.playout_in_place(p, rng);
        }
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&i| p.cells[i as usize] == EMPTY && self.t.cells.playable[i as usize])
            .collect();
        let len = order.len();
        for i in 0..len {
            let j = i + rng.random_range(0..(len - i) as u32) as usize;
            order.swap(i, j);
            self.apply(p, HavannahMove::Place(FaceId(order[i])));
            if p.winner != NO_WINNER {
                break;
            }
        }
        p.result().flatten()
    }

    fn win_outcome(p: Player, how: u8, faces: Vec<FaceId>) -> Outcome {
        let mut made = Vec::new();
        if how & RING != 0 {
            made.push("a ring");
        }
        if how & BRIDGE != 0 {
            made.push("a bridge");
        }
        if how & FORK != 0 {
            made.push("a fork");
        }
        let made = match made.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            Some((last, _)) => last.to_string(),
            None => String::new(),
        };
        Outcome {
            winner: Some(p),
            reason: format!("{} made {made}", Self::PLAYER_NAMES[p as usize]),
            evidence: Evidence {
                faces,
                ..Default::default()
            },
        }
    }

    fn draw_outcome() -> Outcome {
        Outcome {
            winner: None,
            reason: "the board is full and nobody made a ring, bridge or fork".into(),
            evidence: Evidence::default(),
        }
    }
}

impl Rules for Havannah {
    type Key = (Vec<u8>, Player);
    type Move = HavannahMove;
    type Position = HavannahPosition;
    const NAME: &'static str = "havannah";
    const TITLE: &'static str = "Havannah";
    const PLAYER_NAMES: [&'static str; 2] = ["Black", "White"];
    const HAS_SWAP: bool = true;

    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Havannah, UnsuitableBoard> {
        Havannah::new(board, options.swap)
    }
    fn suitability(board: &Board, _options: &GameOptions) -> Result<(), UnsuitableBoard> {
        build_tables(board).map(|_| ())
    }
    fn start(&self) -> HavannahPosition {
        StonePosition::start(&self.t.cells, &self.t.bits)
    }
    fn set_up(
        &self,
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
    ) -> Result<HavannahPosition, BadSetup> {
        let t = &self.t;
        let mut pos =
            StonePosition::set_up(&t.cells, &t.bits, changes, to_move, Self::PLAYER_NAMES)?;
        // What each player's first winning group made, found as
        // `outcome_from_scratch` finds it.
        let won = [1u8, 2].map(|c| {
            groups_by_fill(&t.cells, &pos.cells, c, &t.bits)
                .into_iter()
                .find_map(|(faces, bits)| {
                    let mut how = shape_of(bits);
                    if self.group_encloses(&faces) {
                        how |= RING;
                    }
                    (how != 0).then(|| (faces[0], how))
                })
        });
        pos.set_up_result(won, "a ring, bridge or fork")?;
        Ok(pos)
    }
    fn to_move(&self, pos: &HavannahPosition) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &HavannahPosition, out: &mut Vec<HavannahMove>) {
        self.t.cells.legal_moves(pos, self.swap, out);
    }
    fn check(&self, pos: &HavannahPosition, m: HavannahMove) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome(pos) {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        self.t.cells.check_move(pos, m, self.swap)
    }
    fn apply(&self, pos: &mut HavannahPosition, m: HavannahMove) {
        let p = pos.to_move;
        match m {
            HavannahMove::Place(f) => {
                let how = self.place(pos, f.index(), p);
                if how != 0 {
                    pos.winner = p + 1;
                    pos.how = how;
                } else if pos.empty == 0 {
                    pos.winner = DRAW;
                }
            }
            HavannahMove::Swap => {
                if let Some(r) = pos.swap_stone() {
                    let how = shape_of(pos.groups.bits(r));
                    if how != 0 {
                        pos.winner = 2;
                        pos.how = how;
                    }
                }
            }
        }
        pos.to_move = 1 - p;
    }
    fn result(&self, pos: &HavannahPosition) -> Option<Option<Player>> {
        pos.result()
    }
    fn outcome(&self, pos: &HavannahPosition) -> Option<Outcome> {
        match pos.winner {
            NO_WINNER => None,
            DRAW => Some(Self::draw_outcome()),
            w => {
                let faces = group_faces(&self.t.cells, &pos.cells, pos.last as usize, w);
                Some(Self::win_outcome(w - 1, pos.how, faces))
            }
        }
    }
    fn outcome_from_scratch(&self, pos: &HavannahPosition) -> Option<Outcome> {
        for c in [1u8, 2] {
            for (faces, bits) in groups_by_fill(&self.t.cells, &pos.cells, c, &self.t.bits) {
                let mut how = shape_of(bits);
                if self.group_encloses(&faces) {
                    how |= RING;
                }
                if how != 0 {
                    return Some(Self::win_outcome(c - 1, how, faces));
                }
            }
        }
        let full = (0..self.t.cells.n).all(|i| !self.t.cells.playable[i] || pos.cells[i] != EMPTY);
        full.then(Self::draw_outcome)
    }
    fn format_move(&self, _pos: &HavannahPosition, m: HavannahMove) -> String {
        self.t.cells.format_move(m)
    }
    fn position_key(&self, pos: &HavannahPosition) -> (Vec<u8>, Player) {
        pos.key()
    }
    fn parse_move(&self, _pos: &HavannahPosition, text: &str) -> Result<HavannahMove, IllegalMove> {
        self.t.cells.parse_move(text)
    }
    fn piece_at(&self, pos: &HavannahPosition, f: FaceId) -> Option<Player> {
        pos.stone(f)
    }
    fn move_faces(&self, _pos: &HavannahPosition, m: HavannahMove) -> MoveFaces {
        m.faces()
    }
    fn placement(&self, f: FaceId) -> Option<HavannahMove> {
        Some(HavannahMove::Place(f))
    }
    fn swap_move(&self) -> Option<HavannahMove> {
        self.swap.then_some(HavannahMove::Swap)
    }
}

/// Havannah's search policy: uniform playouts with the incremental win
/// detection ([`Havannah::random_playout`]); no settings.
impl Searchable for Havannah {
    type Settings = ();
    type Aux = ();
    fn aux(&self, _: &(), _: &Self::Position) {}
    fn without_swap(&self) -> Option<Self> {
        self.swap.then(|| Self {
            swap: false,
            ..self.clone()
        })
    }
    fn playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &mut HavannahPosition,
        rng: &mut G,
    ) -> Option<Player> {
        self.playout_in_place(pos, rng)
    }
}
