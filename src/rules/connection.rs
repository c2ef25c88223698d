//! What the placement connection games Y and Havannah share: the board's
//! playable faces with their neighbours and names, the side tags each face
//! carries, and a disjoint-set forest whose roots hold the bit set of the
//! sides and corners their group touches.
//!
//! Both games place one stone per move on an empty, unblocked face; faces are
//! neighbours when they share an edge; both have the same optional swap rule,
//! the same moves ([`StoneMove`]) and the same kind of position
//! ([`StonePosition`]). Each game's file decides what the bits mean and when a
//! group wins.

use super::face_names::FaceNames;
use super::{BadSetup, IllegalMove, MoveFaces, Player, UnsuitableBoard, stone_of};
use crate::board::{Board, FaceKind, SideTag};
use crate::mesh::FaceId;

/// Empty face (also the value of a blocked face in a position's cell table).
pub(crate) const EMPTY: u8 = 0;
/// [`StonePosition::winner`] while the game goes on.
pub(crate) const NO_WINNER: u8 = 0;
/// [`StonePosition::winner`] of a drawn game.
pub(crate) const DRAW: u8 = 3;

/// A move of Y or Havannah: put a stone on a face, or take over Black's
/// first stone (swap rule).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StoneMove {
    Place(FaceId),
    Swap,
}

impl StoneMove {
    /// The faces the move touches, for drawing and records.
    pub fn faces(self) -> MoveFaces {
        match self {
            StoneMove::Place(f) => MoveFaces::place(f),
            StoneMove::Swap => MoveFaces::NONE,
        }
    }
}

/// A position of Y or Havannah: stones, player to move, the incremental
/// disjoint-set forest and the result.
#[derive(Clone, Debug)]
pub struct StonePosition {
    /// 0 empty, 1 Black, 2 White, per face.
    pub(crate) cells: Vec<u8>,
    pub(crate) groups: Groups,
    pub(crate) to_move: Player,
    pub(crate) stones: u32,
    pub(crate) empty: u32,
    /// [`NO_WINNER`], 1 Black won, 2 White won, [`DRAW`].
    pub(crate) winner: u8,
    /// What the winning group made, in the game's own bits (Havannah's ring,
    /// bridge and fork; always 0 in Y).
    pub(crate) how: u8,
    /// The face of the last stone placed (in the winning group, once won).
    pub(crate) last: u32,
}

impl PartialEq for StonePosition {
    /// Equal stones, player to move and result; the forest's shape depends on
    /// history and is not compared.
    fn eq(&self, o: &Self) -> bool {
        self.cells == o.cells
            && self.to_move == o.to_move
            && self.stones == o.stones
            && self.winner == o.winner
            && self.how == o.how
    }
}

impl StonePosition {
    /// The empty board of `cells`, each face's group holding its `bits`.
    pub(crate) fn start(cells: &Cells, bits: &[u16]) -> StonePosition {
        StonePosition {
            cells: vec![EMPTY; cells.n],
            groups: Groups::new(bits),
            to_move: 0,
            stones: 0,
            empty: cells.playable_count,
            winner: NO_WINNER,
            how: 0,
            last: u32::MAX,
        }
    }
    /// A set-up position ([`Rules::set_up`](super::Rules::set_up)): the empty
    /// board of `cells` with `changes` applied in order, `to_move` to move,
    /// the stones joined into groups that hold their `bits`. Whether it is
    /// already won is the game's to decide ([`StonePosition::set_up_result`]).
    /// `names` are the players' names, for messages.
    pub(crate) fn set_up(
        cells: &Cells,
        bits: &[u16],
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
        names: [&str; 2],
    ) -> Result<StonePosition, BadSetup> {
        let stones = set_up_cells(&cells.playable, &cells.names, changes, to_move, names)?;
        let mut pos = StonePosition::start(cells, bits);
        for (i, &c) in stones.iter().enumerate() {
            if c != EMPTY {
                pos.put(cells, i, c - 1);
            }
        }
        pos.to_move = to_move;
        pos.last = u32::MAX;
        Ok(pos)
    }

    /// The result of a set-up position: `won[c]` is a winning group of
    /// player `c` (its first face and what it made, in the game's bits), found
    /// by the game from scratch. Both players having won is no position; a
    /// full board without a winner is a draw. `what` names a win for the
    /// message ("a Y", "a ring, bridge or fork").
    pub(crate) fn set_up_result(
        &mut self,
        won: [Option<(FaceId, u8)>; 2],
        what: &str,
    ) -> Result<(), BadSetup> {
        match won {
            [Some(_), Some(_)] => {
                return Err(BadSetup(format!(
                    "in the set-up both players have already made {what}"
                )));
            }
            [Some((f, how)), None] | [None, Some((f, how))] => {
                self.winner = if won[0].is_some() { 1 } else { 2 };
                self.how = how;
                self.last = f.0;
            }
            [None, None] if self.empty == 0 => self.winner = DRAW,
            [None, None] => {}
        }
        Ok(())
    }
    /// The stone on face `f`, if any.
    pub fn stone(&self, f: FaceId) -> Option<Player> {
        stone_of(self.cells.get(f.index()).copied().unwrap_or(0))
    }
    /// Number of stones on the board.
    pub fn stones(&self) -> u32 {
        self.stones
    }
    /// Whether `swap` is legal now, the swap rule being in use or not.
    pub(crate) fn swap_legal(&self, swap: bool) -> bool {
        swap && self.winner == NO_WINNER && self.stones == 1 && self.to_move == 1
    }
    /// [`Rules::result`](super::Rules::result): `Some(None)` for a draw.
    pub(crate) fn result(&self) -> Option<Option<Player>> {
        match self.winner {
            NO_WINNER => None,
            w => Some(stone_of(w)),
        }
    }
    /// The repetition key: stones and player to move.
    pub(crate) fn key(&self) -> (Vec<u8>, Player) {
        (self.cells.clone(), self.to_move)
    }
    /// Puts a stone of `p` on `f` and joins it to its neighbours of the same
    /// colour; returns the root of its group.
    #[inline]
    pub(crate) fn put(&mut self, cells: &Cells, f: usize, p: Player) -> usize {
        let c = p + 1;
        self.cells[f] = c;
        self.stones += 1;
        self.empty -= 1;
        self.last = f as u32;
        let mut root = self.groups.find(f);
        for &g in cells.neighbours(f) {
            if self.cells[g as usize] == c {
                root = self.groups.union(root, g as usize);
            }
        }
        root
    }
    /// The swap: Black's only stone, a group of its own, turns White in
    /// place; returns the root of its group.
    pub(crate) fn swap_stone(&mut self) -> Option<usize> {
        let i = self.cells.iter().position(|&c| c == 1)?;
        self.cells[i] = 2;
        self.last = i as u32;
        Some(self.groups.find(i))
    }
}

/// The stones of a set-up position ([`Rules::set_up`](super::Rules::set_up)),
/// one code per face (0 empty, 1 first player, 2 second): `changes` applied
/// in order to an empty board whose faces are `playable` and called `names`,
/// checked for faces that do not exist or are blocked, players other than 0
/// and 1 (called `players` in messages), and a player to move other than 0
/// and 1. Hex, Y and Havannah share it.
pub(crate) fn set_up_cells(
    playable: &[bool],
    names: &FaceNames,
    changes: &[(FaceId, Option<Player>)],
    to_move: Player,
    players: [&str; 2],
) -> Result<Vec<u8>, BadSetup> {
    if to_move > 1 {
        return Err(BadSetup(format!(
            "player {to_move} cannot move first; players are 0 ({}) and 1 ({})",
            players[0], players[1]
        )));
    }
    let mut stones = vec![EMPTY; playable.len()];
    for &(f, p) in changes {
        let i = f.index();
        if i >= playable.len() {
            return Err(BadSetup(format!(
                "the set-up names face {f}, which does not exist"
            )));
        }
        match p {
            Some(p) if p > 1 => {
                return Err(BadSetup(format!(
                    "the set-up puts a stone of player {p} on {}; players are 0 ({}) and 1 ({})",
                    &names[i], players[0], players[1]
                )));
            }
            Some(_) if !playable[i] => {
                return Err(BadSetup(format!(
                    "the set-up puts a stone on {}, which is blocked",
                    &names[i]
                )));
            }
            Some(p) => stones[i] = p + 1,
            None => stones[i] = EMPTY,
        }
    }
    Ok(stones)
}

/// The playable faces of a board, their neighbours and names.
#[derive(Debug)]
pub(crate) struct Cells {
    pub n: usize,
    pub playable: Vec<bool>,
    pub playable_count: u32,
    nbr_start: Vec<u32>,
    nbr: Vec<u32>,
    pub names: FaceNames,
    /// The distinct side tags on each face's boundary edges, sorted.
    pub tags: Vec<Vec<SideTag>>,
}

impl Cells {
    /// The tables of `board` for the game called `title` (for messages).
    pub fn new(board: &Board, title: &str) -> Result<Cells, UnsuitableBoard> {
        let n = board.face_count();
        if n == 0 {
            return Err(UnsuitableBoard(format!(
                "{title} needs a board with at least one face"
            )));
        }
        if n > (i32::MAX as usize) - 8 {
            return Err(UnsuitableBoard(format!(
                "the board has too many faces for {title}"
            )));
        }
        let playable: Vec<bool> = board
            .mesh()
            .face_ids()
            .map(|f| *board.kind(f) != FaceKind::Blocked)
            .collect();
        let mut tags = vec![Vec::new(); n];
        for (e, tag) in board.tagged_edges() {
            let (f, _) = board.mesh().edge_faces(e);
            let t: &mut Vec<SideTag> = &mut tags[f.index()];
            if !t.contains(&tag) {
                t.push(tag);
                t.sort_unstable();
            }
        }
        let mut nbr_start = Vec::with_capacity(n + 1);
        let mut nbr = Vec::new();
        for f in board.mesh().face_ids() {
            nbr_start.push(nbr.len() as u32);
            let start = nbr.len();
            for g in board.mesh().adjacent_faces(f) {
                if playable[g.index()] && g != f && !nbr[start..].contains(&g.0) {
                    nbr.push(g.0);
                }
            }
        }
        nbr_start.push(nbr.len() as u32);
        let names = FaceNames::of(board);
        Ok(Cells {
            n,
            playable_count: playable.iter().filter(|&&p| p).count() as u32,
            playable,
            nbr_start,
            nbr,
            names,
            tags,
        })
    }

    /// The playable faces sharing an edge with face `f`.
    #[inline]
    pub fn neighbours(&self, f: usize) -> &[u32] {
        &self.nbr[self.nbr_start[f] as usize..self.nbr_start[f + 1] as usize]
    }

    /// The distinct tags on playable faces: sides (not corners) and corners, sorted.
    pub fn distinct_tags(&self) -> (Vec<SideTag>, Vec<SideTag>) {
        let mut sides = Vec::new();
        let mut corners = Vec::new();
        for (i, t) in self.tags.iter().enumerate() {
            if !self.playable[i] {
                continue;
            }
            for &tag in t {
                let list = if tag.is_corner() {
                    &mut corners
                } else {
                    &mut sides
                };
                if !list.contains(&tag) {
                    list.push(tag);
                }
            }
        }
        sides.sort_unstable();
        corners.sort_unstable();
        (sides, corners)
    }

    pub fn format(&self, f: FaceId) -> String {
        self.names.format(f)
    }

    /// The face named `t` (already trimmed and lower-cased, not empty).
    pub fn parse(&self, t: &str, original: &str) -> Result<FaceId, IllegalMove> {
        self.names.find(t).ok_or_else(|| {
            IllegalMove::new(format!("'{}' is not a face of this board", original.trim()))
        })
    }

    /// Whether a stone may go on `f` given the cell table.
    pub fn check_place(&self, cells: &[u8], f: FaceId) -> Result<(), IllegalMove> {
        let i = f.index();
        if i >= self.n {
            return Err(IllegalMove::new(format!("there is no face {f}")));
        }
        if !self.playable[i] {
            return Err(IllegalMove::new(format!(
                "{} is blocked and cannot be played",
                &self.names[i]
            )));
        }
        if cells[i] != EMPTY {
            return Err(IllegalMove::new(format!("{} is occupied", &self.names[i])));
        }
        Ok(())
    }

    /// The legal moves in `pos` (none once the game is over).
    pub fn legal_moves(&self, pos: &StonePosition, swap: bool, out: &mut Vec<StoneMove>) {
        out.clear();
        if pos.winner != NO_WINNER {
            return;
        }
        for i in 0..self.n {
            if pos.cells[i] == EMPTY && self.playable[i] {
                out.push(StoneMove::Place(FaceId(i as u32)));
            }
        }
        if pos.swap_legal(swap) {
            out.push(StoneMove::Swap);
        }
    }

    /// Why `m` cannot be played in `pos` (a game still going on).
    pub fn check_move(
        &self,
        pos: &StonePosition,
        m: StoneMove,
        swap: bool,
    ) -> Result<(), IllegalMove> {
        match m {
            StoneMove::Place(f) => self.check_place(&pos.cells, f),
            StoneMove::Swap if !swap => {
                Err(IllegalMove::new("the swap rule is not in use in this game"))
            }
            StoneMove::Swap if !pos.swap_legal(swap) => Err(IllegalMove::new(
                "swap is only allowed as White's first move, right after Black's first stone",
            )),
            StoneMove::Swap => Ok(()),
        }
    }

    /// A uniformly random legal move in `pos`, where the swap is legal: the
    /// swap with its proper probability among the empty faces.
    pub fn random_move_with_swap<G: rand::Rng + ?Sized>(
        &self,
        pos: &StonePosition,
        rng: &mut G,
    ) -> StoneMove {
        let k = rng.random_range(0..=pos.empty);
        if k == pos.empty {
            return StoneMove::Swap;
        }
        let f = (0..self.n)
            .filter(|&i| self.playable[i] && pos.cells[i] == EMPTY)
            .nth(k as usize)
            .expect("k < number of empty faces");
        StoneMove::Place(FaceId(f as u32))
    }

    /// The notation of `m`: the face's name, or `swap`.
    pub fn format_move(&self, m: StoneMove) -> String {
        match m {
            StoneMove::Place(f) => self.format(f),
            StoneMove::Swap => "swap".into(),
        }
    }

    /// The move written `text`: a face's name or `#<id>`, or `swap` (also
    /// GTP's `swap-pieces`).
    pub fn parse_move(&self, text: &str) -> Result<StoneMove, IllegalMove> {
        let t = text.trim().to_ascii_lowercase();
        if t == "swap" || t == "swap-pieces" {
            return Ok(StoneMove::Swap);
        }
        if t.is_empty() {
            return Err(IllegalMove::new("empty move"));
        }
        self.parse(&t, text).map(StoneMove::Place)
    }

    /// Names of tags, for messages: "bottom, left and right".
    pub fn tag_list(tags: &[SideTag]) -> String {
        let names: Vec<&str> = tags.iter().map(|t| t.name()).collect();
        match names.split_last() {
            None => "none".into(),
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

/// A disjoint-set forest over the faces (union by size, path compression);
/// each root holds the union of its members' bits.
#[derive(Clone, Debug)]
pub(crate) struct Groups {
    /// Parent index, or −size at a root.
    parent: Vec<i32>,
    bits: Vec<u16>,
}

impl Groups {
    /// Every face its own group, with the bits of `bits`.
    pub fn new(bits: &[u16]) -> Groups {
        Groups {
            parent: vec![-1; bits.len()],
            bits: bits.to_vec(),
        }
    }

    #[inline]
    pub fn find(&mut self, mut x: usize) -> usize {
        let mut root = x;
        while self.parent[root] >= 0 {
            root = self.parent[root] as usize;
        }
        while self.parent[x] >= 0 {
            let next = self.parent[x] as usize;
            self.parent[x] = root as i32;
            x = next;
        }
        root
    }

    /// Join the groups of `a` and `b`; returns the new root.
    #[inline]
    pub fn union(&mut self, a: usize, b: usize) -> usize {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.parent[ra] <= self.parent[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[big] += self.parent[small];
        self.parent[small] = big as i32;
        self.bits[big] |= self.bits[small];
        big
    }

    /// The bits of the group whose root is `root`.
    #[inline]
    pub fn bits(&self, root: usize) -> u16 {
        self.bits[root]
    }
}

/// The faces of the group of `start` among the stones `cells[i] == c`, by
/// flood fill over `cells` (edge neighbours), sorted.
pub(crate) fn group_faces(cells: &Cells, stones: &[u8], start: usize, c: u8) -> Vec<FaceId> {
    let mut seen = vec![false; cells.n];
    let mut stack = vec![start];
    seen[start] = true;
    let mut out = Vec::new();
    while let Some(f) = stack.pop() {
        out.push(FaceId(f as u32));
        for &g in cells.neighbours(f) {
            let g = g as usize;
            if !seen[g] && stones[g] == c {
                seen[g] = true;
                stack.push(g);
            }
        }
    }
    out.sort_unstable();
    out
}

/// Every group of stones `c` as (faces, union of `bits`), by flood fill.
pub(crate) fn groups_by_fill(
    cells: &Cells,
    stones: &[u8],
    c: u8,
    bits: &[u16],
) -> Vec<(Vec<FaceId>, u16)> {
    let mut seen = vec![false; cells.n];
    let mut out = Vec::new();
    for s in 0..cells.n {
        if stones[s] != c || seen[s] {
            continue;
        }
        seen[s] = true;
        let mut stack = vec![s];
        let mut faces = Vec::new();
        let mut b = 0u16;
        while let Some(f) = stack.pop() {
            faces.push(FaceId(f as u32));
            b |= bits[f];
            for &g in cells.neighbours(f) {
                let g = g as usize;
                if !seen[g] && stones[g] == c {
                    seen[g] = true;
                    stack.push(g);
                }
            }
        }
        faces.sort_unstable();
        out.push((faces, b));
    }
    out
}
