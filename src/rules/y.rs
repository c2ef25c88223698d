//! Y on any board whose boundary carries exactly three side tags.
//!
//! * Black (player 0) moves first; White (player 1) second. A move puts a stone
//!   on an empty face; faces of kind [`FaceKind::Blocked`](crate::board::FaceKind)
//!   cannot be played. Faces are neighbours when they share an edge.
//! * The three sides are the three distinct side tags on the board's boundary
//!   (the triangle shape of the tilings tags them bottom, right and left; any
//!   three tags will do, numbered or named; corner tags are ignored). A face
//!   touches a side when one of its boundary edges carries that side's tag, so
//!   the corner face of a triangle touches two sides.
//! * A player wins by making one group that touches all three sides. On a
//!   triangle of hexagons a full board always has exactly one winner; on a
//!   custom board a full board without a Y is a draw.
//! * Swap (pie) rule, optional: White's first move may be `swap`, which turns
//!   Black's only stone into a White stone on the same face; then Black moves.
//! * Win detection is incremental: a disjoint-set forest over the faces whose
//!   roots hold the sides their group touches. [`Rules::outcome_from_scratch`]
//!   is an independent flood fill.
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

const ALL_SIDES: u16 = 0b111;

/// A Y move: put a stone on a face, or take over Black's first stone (swap rule).
pub type YMove = StoneMove;

/// A Y position: stones, player to move and the incremental disjoint-set.
pub type YPosition = StonePosition;

#[derive(Debug)]
struct Tables {
    cells: Cells,
    /// The sides (bits 0 to 2) each face touches.
    side: Vec<u16>,
    /// The three side tags, in bit order.
    sides: [SideTag; 3],
}

/// Y rules on one board.
#[derive(Clone, Debug)]
pub struct Y {
    t: Arc<Tables>,
    board: Arc<Board>,
    swap: bool,
}

fn build_tables(board: &Board) -> Result<Tables, UnsuitableBoard> {
    let cells = Cells::new(board, "Y")?;
    let (sides, _) = cells.distinct_tags();
    let Ok(three) = <[SideTag; 3]>::try_from(sides.as_slice()) else {
        return Err(UnsuitableBoard(format!(
            "Y needs a board whose boundary is tagged with exactly three sides (like the triangle shape: bottom, right and left); this board's playable faces touch {} side tag{}: {}",
            sides.len(),
            if sides.len() == 1 { "" } else { "s" },
            Cells::tag_list(&sides)
        )));
    };
    let side = cells
        .tags
        .iter()
        .map(|t| {
            t.iter()
                .filter_map(|tag| three.iter().position(|s| s == tag))
                .fold(0u16, |b, k| b | (1 << k))
        })
        .collect();
    Ok(Tables {
        cells,
        side,
        sides: three,
    })
}

impl Y {
    /// Y on `board`, with or without the swap rule.
    pub fn new(board: Arc<Board>, swap: bool) -> Result<Y, UnsuitableBoard> {
        let t = build_tables(&board)?;
        Ok(Y {
            t: Arc::new(t),
            board,
            swap,
        })
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }
    /// The three side tags a winning group touches.
    pub fn sides(&self) -> [SideTag; 3] {
        self.t.sides
    }

    /// Put a stone of `p` on `f`; returns whether its group now touches all sides.
    #[inline]
    fn place(&self, pos: &mut YPosition, f: usize, p: Player) -> bool {
        let root = pos.put(&self.t.cells, f, p);
        pos.groups.bits(root) == ALL_SIDES
    }

    /// Plays random moves from `pos` to the end and returns the winner (`None`: draw).
    ///
    /// Equivalent to repeatedly playing a uniformly random legal move: the empty
    /// faces are filled in a random order (colours alternating, the swap chosen
    /// with its proper probability) and the winner read off once at the end.
    /// Groups only grow, so a player with a Y on the full board made it first
    /// unless both have one (possible only on unusual custom boards), in which
    /// case the fill is replayed in order.
    pub fn random_playout<G: rand::Rng + ?Sized>(
        &self,
        pos: &YPosition,
        rng: &mut G,
    ) -> Option<Player> {
        if let Some(r) = pos.result() {
            return r;
        }
        let n = self.t.cells.n;
        if pos.swap_legal(self.swap) {
            let mut p = pos.clone();
            let m = self.t.cells.random_move_with_swap(&p, rng);
            self.apply(&mut p, m);
            return self.random_playout(&p, rng);
        }
        let mut cells = pos.cells.clone();
        let mut order: Vec<u32> = (0..n as u32)
            .filter(|&i| cells[i as usize] == EMPTY && self.t.cells.playable[i as usize])
            .collect();
        let first = pos.to_move + 1;
        let second = 3 - first;
        let len = order.len();
        for i in 0..len {
            let j = i + rng.random_range(0..(len - i) as u32) as usize;
            order.swap(i, j);
            cells[order[i] as usize] = if i % 2 == 0 { first } else { second };
        }
        let wins = |c: u8| {
            groups_by_fill(&self.t.cells, &cells, c, &self.t.side)
                .iter()
                .any(|(_, b)| *b == ALL_SIDES)
        };
        match (wins(1), wins(2)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            (false, false) => None,
            (true, true) => {
                let mut q = pos.clone();
                for &f in &order {
                    self.apply(&mut q, YMove::Place(FaceId(f)));
                    if q.winner != NO_WINNER {
                        break;
                    }
                }
                q.result().flatten()
            }
        }
    }

    fn win_outcome(&self, p: Player, faces: Vec<FaceId>) -> Outcome {
        Outcome {
            winner: Some(p),
            reason: format!(
                "{} joined all three sides ({})",
                Self::PLAYER_NAMES[p as usize],
                Cells::tag_list(&self.t.sides)
            ),
            evidence: Evidence {
                faces,
                ..Default::default()
            },
        }
    }

    fn draw_outcome() -> Outcome {
        Outcome {
            winner: None,
            reason: "the board is full and nobody joined all three sides".into(),
            evidence: Evidence::default(),
        }
    }
}

impl Rules for Y {
    type Key = (Vec<u8>, Player);
    type Move = YMove;
    type Position = YPosition;
    const NAME: &'static str = "y";
    const TITLE: &'static str = "Y";
    const PLAYER_NAMES: [&'static str; 2] = ["Black", "White"];
    const HAS_SWAP: bool = true;

    fn on_board(board: Arc<Board>, options: &GameOptions) -> Result<Y, UnsuitableBoard> {
        Y::new(board, options.swap)
    }
    fn suitability(board: &Board, _options: &GameOptions) -> Result<(), UnsuitableBoard> {
        build_tables(board).map(|_| ())
    }
    fn start(&self) -> YPosition {
        StonePosition::start(&self.t.cells, &self.t.side)
    }
    fn set_up(
        &self,
        changes: &[(FaceId, Option<Player>)],
        to_move: Player,
    ) -> Result<YPosition, BadSetup> {
        let t = &self.t;
        let mut pos =
            StonePosition::set_up(&t.cells, &t.side, changes, to_move, Self::PLAYER_NAMES)?;
        let won = [1u8, 2].map(|c| {
            groups_by_fill(&t.cells, &pos.cells, c, &t.side)
                .into_iter()
                .find(|(_, b)| *b == ALL_SIDES)
                .map(|(faces, _)| (faces[0], 0))
        });
        pos.set_up_result(won, "a Y")?;
        Ok(pos)
    }
    fn to_move(&self, pos: &YPosition) -> Player {
        pos.to_move
    }
    fn legal_moves(&self, pos: &YPosition, out: &mut Vec<YMove>) {
        self.t.cells.legal_moves(pos, self.swap, out);
    }
    fn check(&self, pos: &YPosition, m: YMove) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome(pos) {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        self.t.cells.check_move(pos, m, self.swap)
    }
    fn apply(&self, pos: &mut YPosition, m: YMove) {
        let p = pos.to_move;
        match m {
            YMove::Place(f) => {
                if self.place(pos, f.index(), p) {
                    pos.winner = p + 1;
                } else if pos.empty == 0 {
                    pos.winner = DRAW;
                }
            }
            YMove::Swap => {
                if let Some(r) = pos.swap_stone()
                    && pos.groups.bits(r) == ALL_SIDES
                {
                    pos.winner = 2;
                }
            }
        }
        pos.to_move = 1 - p;
    }
    fn result(&self, pos: &YPosition) -> Option<Option<Player>> {
        pos.result()
    }
    fn outcome(&self, pos: &YPosition) -> Option<Outcome> {
        match pos.winner {
            NO_WINNER => None,
            DRAW => Some(Self::draw_outcome()),
            w => {
                let faces = group_faces(&self.t.cells, &pos.cells, pos.last as usize, w);
                Some(self.win_outcome(w - 1, faces))
            }
        }
    }
    fn outcome_from_scratch(&self, pos: &YPosition) -> Option<Outcome> {
        for c in [1u8, 2] {
            let groups = groups_by_fill(&self.t.cells, &pos.cells, c, &self.t.side);
            if let Some((faces, _)) = groups.into_iter().find(|(_, b)| *b == ALL_SIDES) {
                return Some(self.win_outcome(c - 1, faces));
            }
        }
        let full = (0..self.t.cells.n).all(|i| !self.t.cells.playable[i] || pos.cells[i] != EMPTY);
        full.then(Self::draw_outcome)
    }
    fn format_move(&self, _pos: &YPosition, m: YMove) -> String {
        self.t.cells.format_move(m)
    }
    fn position_key(&self, pos: &YPosition) -> (Vec<u8>, Player) {
        pos.key()
    }
    fn parse_move(&self, _pos: &YPosition, text: &str) -> Result<YMove, IllegalMove> {
        self.t.cells.parse_move(text)
    }
    fn piece_at(&self, pos: &YPosition, f: FaceId) -> Option<Player> {
        pos.stone(f)
    }
    fn move_faces(&self, _pos: &YPosition, m: YMove) -> MoveFaces {
        m.faces()
    }
    fn placement(&self, f: FaceId) -> Option<YMove> {
        Some(YMove::Place(f))
    }
    fn swap_move(&self) -> Option<YMove> {
        self.swap.then_some(YMove::Swap)
    }
}

/// Y's search policy: uniform playouts through the fast fill
/// ([`Y::random_playout`]); no settings.
impl Searchable for Y {
    type Settings = ();
    type Aux = ();
    fn aux(&self, _: &(), _: &Self::Position) {}
    fn without_swap(&self) -> Option<Self> {
        self.swap.then(|| Self {
            swap: false,
            ..self.clone()
        })
    }
    fn playout<G: rand::Rng + ?Sized>(&self, pos: &mut YPosition, rng: &mut G) -> Option<Player> {
        self.random_playout(pos, rng)
    }
}
