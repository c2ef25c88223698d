//! A game in progress: rules + a tree of moves, a current line through it and a
//! cursor on that line, with undo/redo to any ply, variations, repetition draws
//! and endings the rules do not decide: resignation and loss on time
//! ([`Ending`], kept in the tree node where it happened).
//!
//! Every position reached is a node of the game tree; its children are the moves
//! tried from it, the first child being the main line. The *current line* runs
//! from the start through the cursor to the end of whichever continuation was
//! last chosen (the redo list). Playing a move at the cursor that differs from
//! the next move of the line starts a variation: a new child, nothing is
//! discarded. Undo, redo and goto move the cursor along the current line;
//! [`GameState::goto_node`] jumps to any node (the line then runs through it);
//! variations are promoted ([`GameState::promote`]) and deleted
//! ([`GameState::delete_variation`]) explicitly.

use super::{Evidence, IllegalMove, Outcome, Player, Repetition, Rules};

/// Repetition bookkeeping for one node: its position key, how often the
/// position has occurred on the way from the start to it (1: first time) and
/// the ply of its first occurrence. A node's way from the start never changes.
#[derive(Clone, Debug)]
struct Seen<K> {
    key: K,
    count: u32,
    first: usize,
}

/// A node (a position reached by a sequence of moves) of a game's tree. Ids stay
/// valid while the game lives; a deleted node's id is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The start position.
    pub const ROOT: NodeId = NodeId(0);
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct Node<R: Rules> {
    parent: Option<NodeId>,
    /// The move that led here from the parent (`None` at the start).
    mv: Option<R::Move>,
    /// Its notation (empty at the start).
    notation: String,
    position: R::Position,
    /// Only when the rules have a repetition rule.
    seen: Option<Seen<R::Key>>,
    /// Moves tried from here; the first is the main line.
    children: Vec<NodeId>,
    /// How the game ended here, if it ended for a reason other than the rules'
    /// own outcome (a resignation, a loss on time).
    ended: Option<Ending>,
    /// Removed by [`GameState::delete_variation`].
    deleted: bool,
}

/// A game's end that the rules do not decide: a player resigned, or ran out of
/// time. It belongs to the tree node where it happened: the line ends there,
/// [`GameState::undo`] withdraws it, and moves tried from that position before
/// stay in the tree as variations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    Resigned { loser: Player },
    Timeout { loser: Player },
}

impl Ending {
    /// The player who lost.
    pub fn loser(self) -> Player {
        match self {
            Ending::Resigned { loser } | Ending::Timeout { loser } => loser,
        }
    }
    /// "Red resigned", "Red ran out of time", with `names` the side names.
    pub fn reason(self, names: &[&str]) -> String {
        let name = names.get(self.loser() as usize).copied().unwrap_or("?");
        match self {
            Ending::Resigned { .. } => format!("{name} resigned"),
            Ending::Timeout { .. } => format!("{name} ran out of time"),
        }
    }
}

/// The state of one game: the tree of every move tried, the current line through
/// it and the cursor (the current ply on that line). Moves of the line after the
/// cursor are the redo list.
#[derive(Clone, Debug)]
pub struct GameState<R: Rules> {
    rules: R,
    nodes: Vec<Node<R>>,
    /// The current line: `line[k]` is the node after `k` moves; `line[0]` is the root.
    line: Vec<NodeId>,
    /// The moves and their notation along the line (`moves[k]` leads to `line[k + 1]`).
    moves: Vec<R::Move>,
    notation: Vec<String>,
    ply: usize,
}

/// One move of a [`MoveTree`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub parent: Option<NodeId>,
    /// The move's notation (empty at the start).
    pub notation: String,
    /// Number of moves from the start (0 at the start).
    pub depth: usize,
    /// The player who made the move (`None` at the start).
    pub mover: Option<Player>,
    /// Moves tried from here, the main line first.
    pub children: Vec<NodeId>,
    /// How the game ended here, if for a reason other than the rules'.
    pub ended: Option<Ending>,
    /// Removed: no longer part of the tree.
    pub deleted: bool,
}

/// The game tree as plain data (for drawing the move list): nodes indexed by
/// [`NodeId`], the current line and the cursor on it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTree {
    pub nodes: Vec<TreeNode>,
    /// `line[k]` is the node after `k` moves of the current line.
    pub line: Vec<NodeId>,
    /// The cursor: the current ply on `line`.
    pub ply: usize,
}

impl MoveTree {
    pub fn node(&self, n: NodeId) -> Option<&TreeNode> {
        self.nodes.get(n.index()).filter(|t| !t.deleted)
    }
    /// The alternatives to the move that led to `n` (its siblings, `n` included),
    /// main line first; empty at the start.
    pub fn alternatives(&self, n: NodeId) -> &[NodeId] {
        self.node(n)
            .and_then(|t| t.parent)
            .and_then(|p| self.node(p))
            .map_or(&[], |p| p.children.as_slice())
    }
    /// The deepest node on the way from the start to `n` that is not its
    /// parent's first child: where the variation holding `n` branches off
    /// (`None`: `n` is on the main line).
    pub fn variation_of(&self, n: NodeId) -> Option<NodeId> {
        let mut at = n;
        loop {
            let p = self.node(at)?.parent?;
            if self.node(p)?.children.first() != Some(&at) {
                return Some(at);
            }
            at = p;
        }
    }
    /// The moves from `n` on along first children (`n` included): the line a
    /// variation starting at `n` shows.
    pub fn continuation(&self, n: NodeId) -> Vec<NodeId> {
        let mut out = vec![n];
        let mut at = n;
        while let Some(&c) = self.node(at).and_then(|t| t.children.first()) {
            out.push(c);
            at = c;
        }
        out
    }
}

/// Why a variation could not be changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    #[error("there is no move {0:?} in this game (it may have been deleted)")]
    NoSuchNode(NodeId),
    #[error("this move is on the main line, not in a variation")]
    MainLine,
}

impl<R: Rules> GameState<R> {
    /// A new game from the rules' start position.
    pub fn new(rules: R) -> Self {
        let start = rules.start();
        Self::from_position(rules, start)
    }

    /// A new game from `start` (a set-up position, see [`Rules::set_up`]): it
    /// is the root of the tree, so nothing is undone past it.
    pub fn from_position(rules: R, start: R::Position) -> Self {
        let seen = rules.repetition().map(|_| Seen {
            key: rules.position_key(&start),
            count: 1,
            first: 0,
        });
        GameState {
            rules,
            nodes: vec![Node {
                parent: None,
                mv: None,
                notation: String::new(),
                position: start,
                seen,
                children: Vec::new(),
                ended: None,
                deleted: false,
            }],
            line: vec![NodeId::ROOT],
            moves: Vec::new(),
            notation: Vec::new(),
            ply: 0,
        }
    }

    fn node(&self, n: NodeId) -> &Node<R> {
        &self.nodes[n.index()]
    }

    fn live(&self, n: NodeId) -> Result<&Node<R>, TreeError> {
        self.nodes
            .get(n.index())
            .filter(|t| !t.deleted)
            .ok_or(TreeError::NoSuchNode(n))
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }
    /// The position the game started from (the root of the tree).
    pub fn start_position(&self) -> &R::Position {
        &self.node(NodeId::ROOT).position
    }
    /// The current position.
    pub fn position(&self) -> &R::Position {
        &self.node(self.current()).position
    }
    /// The position after `ply` moves of the current line (including the redo list).
    pub fn position_at(&self, ply: usize) -> Option<&R::Position> {
        self.line.get(ply).map(|&n| &self.node(n).position)
    }
    /// Number of moves played up to the cursor.
    pub fn ply(&self) -> usize {
        self.ply
    }
    /// The node of the current position.
    pub fn current(&self) -> NodeId {
        self.line[self.ply]
    }
    /// The current line: `line()[k]` is the node after `k` moves.
    pub fn line(&self) -> &[NodeId] {
        &self.line
    }
    /// Number of moves of the current line (cursor plus redo list).
    pub fn recorded_len(&self) -> usize {
        self.moves.len()
    }
    /// Moves played up to the cursor.
    pub fn moves(&self) -> &[R::Move] {
        &self.moves[..self.ply]
    }
    /// All moves of the current line (including the redo list).
    pub fn recorded_moves(&self) -> &[R::Move] {
        &self.moves
    }
    /// Notation of the moves played up to the cursor.
    pub fn history(&self) -> &[String] {
        &self.notation[..self.ply]
    }
    /// Notation of all moves of the current line.
    pub fn recorded_history(&self) -> &[String] {
        &self.notation
    }
    /// The moves tried from `n`, the main line first.
    pub fn children(&self, n: NodeId) -> &[NodeId] {
        self.live(n).map_or(&[], |t| t.children.as_slice())
    }
    /// The notation of the move that led to `n`.
    pub fn notation_of(&self, n: NodeId) -> Option<&str> {
        self.live(n).ok().map(|t| t.notation.as_str())
    }
    /// Who resigned at `n`, if anyone.
    pub fn resigned_at(&self, n: NodeId) -> Option<Player> {
        match self.ending_at(n)? {
            Ending::Resigned { loser } => Some(loser),
            Ending::Timeout { .. } => None,
        }
    }
    /// Who ran out of time at `n`, if anyone.
    pub fn timed_out_at(&self, n: NodeId) -> Option<Player> {
        match self.ending_at(n)? {
            Ending::Timeout { loser } => Some(loser),
            Ending::Resigned { .. } => None,
        }
    }
    /// How the game ended at `n`, if it ended there for a reason other than the rules'.
    pub fn ending_at(&self, n: NodeId) -> Option<Ending> {
        self.live(n).ok().and_then(|t| t.ended)
    }
    /// How the game ended at the current ply, if for a reason other than the rules'.
    pub fn ending(&self) -> Option<Ending> {
        self.node(self.current()).ended
    }
    /// The player to move now, `None` once the game is over.
    pub fn to_move(&self) -> Option<Player> {
        if self.outcome().is_some() {
            None
        } else {
            Some(self.rules.to_move(self.position()))
        }
    }
    /// Who resigned, if the game ended by resignation at the current ply.
    pub fn resigned(&self) -> Option<Player> {
        self.resigned_at(self.current())
    }

    /// The outcome at the current ply: resignation, the rules' outcome, or a draw
    /// by repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.ply)
    }

    /// The outcome after `ply` moves of the current line.
    pub fn outcome_at(&self, ply: usize) -> Option<Outcome> {
        self.outcome_on(self.line.get(..=ply)?)
    }

    /// The outcome at node `n` of the tree.
    pub fn outcome_of(&self, n: NodeId) -> Option<Outcome> {
        self.live(n).ok()?;
        self.outcome_on(&self.path_to(n))
    }

    /// The nodes from the start to `n`.
    fn path_to(&self, n: NodeId) -> Vec<NodeId> {
        let mut path = vec![n];
        let mut at = n;
        while let Some(p) = self.node(at).parent {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// The outcome at the last node of `path` (a path from the start).
    fn outcome_on(&self, path: &[NodeId]) -> Option<Outcome> {
        let &last = path.last()?;
        let node = self.node(last);
        if let Some(e) = node.ended {
            return Some(Outcome {
                winner: Some(1 - e.loser()),
                reason: e.reason(&R::PLAYER_NAMES),
                evidence: Evidence::default(),
            });
        }
        if let Some(o) = self.rules.outcome(&node.position) {
            return Some(o);
        }
        let rule = self.rules.repetition()?;
        let seen = node.seen.as_ref()?;
        if seen.count < rule.occurrences() {
            return None;
        }
        let first = seen.first;
        let reason = match rule {
            Repetition::Second => format!(
                "draw by repetition: the position after ply {first} occurred again with the same player to move"
            ),
            Repetition::Third => format!(
                "draw by repetition: the position after ply {first} occurred for the third time with the same player to move"
            ),
        };
        Some(Outcome {
            winner: None,
            reason,
            evidence: Evidence::default(),
        })
    }

    /// Whether `m` may be played now, and if not why.
    pub fn check(&self, m: R::Move) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome() {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        self.rules.check(self.position(), m)
    }

    pub fn is_legal(&self, m: R::Move) -> bool {
        self.check(m).is_ok()
    }

    /// Every legal move now (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<R::Move> {
        let mut out = Vec::new();
        if self.outcome().is_none() {
            self.rules.legal_moves(self.position(), &mut out);
        }
        out
    }

    /// Play `m`; on error nothing changes. When `m` is the next move of the
    /// current line the line is kept; when it was tried here before, the line
    /// follows it; otherwise it starts a new variation here (nothing is discarded).
    pub fn play(&mut self, m: R::Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        if self.ply < self.moves.len() && self.moves[self.ply] == m {
            self.ply += 1;
            return Ok(());
        }
        let here = self.current();
        if let Some(&c) = self
            .node(here)
            .children
            .iter()
            .find(|&&c| self.node(c).mv == Some(m))
        {
            self.set_line_through(c);
            return Ok(());
        }
        let mut next = self.position().clone();
        let text = self.rules.format_move(self.position(), m);
        self.rules.apply(&mut next, m);
        let seen = self.rules.repetition().map(|_| {
            let key = self.rules.position_key(&next);
            let path = self.path_to(here);
            let mut earlier = path
                .iter()
                .enumerate()
                .filter(|&(_, &n)| self.node(n).seen.as_ref().is_some_and(|s| s.key == key));
            let (count, first) = match earlier.next() {
                Some((first, _)) => (2 + earlier.count() as u32, first),
                None => (1, path.len()),
            };
            Seen { key, count, first }
        });
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            parent: Some(here),
            mv: Some(m),
            notation: text.clone(),
            seen,
            position: next,
            children: Vec::new(),
            ended: None,
            deleted: false,
        });
        self.nodes[here.index()].children.push(id);
        if self.ply == self.moves.len() {
            self.line.push(id);
            self.moves.push(m);
            self.notation.push(text);
            self.ply += 1;
        } else {
            self.set_line_through(id);
        }
        Ok(())
    }

    /// Parse and play a move in notation.
    pub fn play_str(&mut self, text: &str) -> Result<R::Move, IllegalMove> {
        let m = self.rules.parse_move(self.position(), text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Make the current line run from the start through `n` and on along first
    /// children (stopping at a resignation or a loss on time); the cursor goes to `n`.
    fn set_line_through(&mut self, n: NodeId) {
        let path = self.path_to(n);
        self.ply = path.len() - 1;
        self.line = path;
        self.extend_line();
    }

    /// Extend the line from its last node along first children, stopping at an
    /// resignation, and recompute the moves along it.
    fn extend_line(&mut self) {
        let mut at = *self.line.last().expect("the line holds the start");
        while self.node(at).ended.is_none()
            && let Some(&c) = self.node(at).children.first()
        {
            self.line.push(c);
            at = c;
        }
        self.moves = self.line[1..]
            .iter()
            .map(|&n| self.node(n).mv.expect("only the start has no move"))
            .collect();
        self.notation = self.line[1..]
            .iter()
            .map(|&n| self.node(n).notation.clone())
            .collect();
    }

    /// `player` resigns at the current ply. The line ends here; moves tried
    /// after this position stay in the tree as variations.
    pub fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.end(Ending::Resigned { loser: player })
    }

    /// `player` ran out of time at the current ply (his flag fell): like a
    /// resignation, the line ends here and the other player wins.
    pub fn time_out(&mut self, player: Player) -> Result<(), IllegalMove> {
        self.end(Ending::Timeout { loser: player })
    }

    /// End the game here for a reason the rules do not decide.
    pub fn end(&mut self, ending: Ending) -> Result<(), IllegalMove> {
        let player = ending.loser();
        if player > 1 {
            return Err(IllegalMove::new(format!("there is no player {player}")));
        }
        if let Some(o) = self.outcome() {
            return Err(IllegalMove::new(format!("the game is over: {}", o.reason)));
        }
        let here = self.current();
        self.nodes[here.index()].ended = Some(ending);
        self.line.truncate(self.ply + 1);
        self.moves.truncate(self.ply);
        self.notation.truncate(self.ply);
        Ok(())
    }

    /// Step back one action: withdraw a resignation or a loss on time, or undo
    /// one move. Returns false at the start.
    pub fn undo(&mut self) -> bool {
        let here = self.current();
        if self.node(here).ended.is_some() {
            self.nodes[here.index()].ended = None;
            self.line.truncate(self.ply + 1);
            self.extend_line();
            return true;
        }
        if self.ply == 0 {
            return false;
        }
        self.ply -= 1;
        true
    }

    /// Replay the next move of the current line. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        if self.ply >= self.moves.len() {
            return false;
        }
        self.ply += 1;
        true
    }

    /// Move the cursor to any ply of the current line (0 = start).
    pub fn goto(&mut self, ply: usize) -> Result<(), IllegalMove> {
        if ply > self.moves.len() {
            return Err(IllegalMove::new(format!(
                "ply {ply} is beyond the {} recorded moves",
                self.moves.len()
            )));
        }
        self.ply = ply;
        Ok(())
    }

    /// Move the cursor to node `n` of the tree. When `n` is on the current line
    /// the line is kept; otherwise the line runs through `n` and on along its
    /// main continuation.
    pub fn goto_node(&mut self, n: NodeId) -> Result<(), TreeError> {
        self.live(n)?;
        match self.line.iter().position(|&k| k == n) {
            Some(k) => self.ply = k,
            None => self.set_line_through(n),
        }
        Ok(())
    }

    /// The node where the variation holding `n` branches off (the deepest node on
    /// the way to `n` that is not its parent's first child).
    fn branch_of(&self, n: NodeId) -> Result<NodeId, TreeError> {
        self.live(n)?;
        let mut at = n;
        while let Some(p) = self.node(at).parent {
            if self.node(p).children.first() != Some(&at) {
                return Ok(at);
            }
            at = p;
        }
        Err(TreeError::MainLine)
    }

    /// Promote the variation holding `n` one level: at its branch point it becomes
    /// the first choice (the main line when it branched off the main line).
    /// Returns the node where the promoted variation starts.
    pub fn promote(&mut self, n: NodeId) -> Result<NodeId, TreeError> {
        let v = self.branch_of(n)?;
        let p = self.node(v).parent.expect("a variation has a parent");
        let children = &mut self.nodes[p.index()].children;
        children.retain(|&c| c != v);
        children.insert(0, v);
        Ok(v)
    }

    /// Delete the variation holding `n`: the moves from its branch point on.
    /// When the cursor was in it, it goes back to the branch point. Returns the
    /// node where the deleted variation started and how many moves were deleted.
    pub fn delete_variation(&mut self, n: NodeId) -> Result<(NodeId, usize), TreeError> {
        let v = self.branch_of(n)?;
        let p = self.node(v).parent.expect("a variation has a parent");
        self.nodes[p.index()].children.retain(|&c| c != v);
        let mut stack = vec![v];
        let mut count = 0;
        while let Some(k) = stack.pop() {
            let node = &mut self.nodes[k.index()];
            node.deleted = true;
            count += 1;
            stack.extend(std::mem::take(&mut node.children));
        }
        if let Some(k) = self.line.iter().position(|&x| x == v) {
            self.ply = self.ply.min(k - 1);
            self.line.truncate(k);
            self.extend_line();
        }
        Ok((v, count))
    }

    /// The main line: from the start along first children, stopping at an
    /// resignation (the start included).
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut out = vec![NodeId::ROOT];
        let mut at = NodeId::ROOT;
        while self.node(at).ended.is_none()
            && let Some(&c) = self.node(at).children.first()
        {
            out.push(c);
            at = c;
        }
        out
    }

    /// The line from the start through `n` and on along first children, stopping
    /// at a resignation.
    pub fn line_through(&self, n: NodeId) -> Vec<NodeId> {
        let mut path = self.path_to(n);
        let mut at = n;
        while self.node(at).ended.is_none()
            && let Some(&c) = self.node(at).children.first()
        {
            path.push(c);
            at = c;
        }
        path
    }

    /// The whole tree as plain data.
    pub fn tree(&self) -> MoveTree {
        let mut depth = vec![0usize; self.nodes.len()];
        let nodes = self
            .nodes
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let d = t.parent.map_or(0, |p| depth[p.index()] + 1);
                depth[i] = d;
                TreeNode {
                    parent: t.parent,
                    notation: t.notation.clone(),
                    depth: d,
                    mover: t.parent.map(|p| self.rules.to_move(&self.node(p).position)),
                    children: t.children.clone(),
                    ended: t.ended,
                    deleted: t.deleted,
                }
            })
            .collect();
        MoveTree {
            nodes,
            line: self.line.clone(),
            ply: self.ply,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::mesh::FaceId;
    use crate::rules::{GameOptions, MoveFaces, UnsuitableBoard};
    use std::sync::Arc;

    /// A token on a line of 5 squares; the players alternately move it one step
    /// left or right; reaching square 4 wins for the mover. Positions repeat.
    #[derive(Clone)]
    struct Shuttle(Repetition);

    #[derive(Clone, Debug, PartialEq)]
    struct Pos {
        at: u8,
        to_move: Player,
        won: Option<Player>,
    }

    impl Rules for Shuttle {
        type Move = i8;
        type Position = Pos;
        type Key = (u8, Player);
        const NAME: &'static str = "shuttle";
        const TITLE: &'static str = "Shuttle";
        const PLAYER_NAMES: [&'static str; 2] = ["Left", "Right"];
        fn on_board(_: Arc<Board>, _: &GameOptions) -> Result<Shuttle, UnsuitableBoard> {
            Ok(Shuttle(Repetition::Second))
        }
        fn move_faces(&self, p: &Pos, m: i8) -> MoveFaces {
            let to = FaceId((p.at as i8 + m) as u32);
            MoveFaces::step(FaceId(p.at as u32), to)
        }
        fn start(&self) -> Pos {
            Pos {
                at: 1,
                to_move: 0,
                won: None,
            }
        }
        fn to_move(&self, p: &Pos) -> Player {
            p.to_move
        }
        fn legal_moves(&self, p: &Pos, out: &mut Vec<i8>) {
            out.clear();
            if p.won.is_none() {
                out.extend([-1i8, 1].into_iter().filter(|&d| self.check(p, d).is_ok()));
            }
        }
        fn check(&self, p: &Pos, m: i8) -> Result<(), IllegalMove> {
            let to = p.at as i8 + m;
            if p.won.is_some() {
                Err(IllegalMove::new("over"))
            } else if m.abs() != 1 || !(0..=4).contains(&to) {
                Err(IllegalMove::new("off the line"))
            } else {
                Ok(())
            }
        }
        fn apply(&self, p: &mut Pos, m: i8) {
            p.at = (p.at as i8 + m) as u8;
            if p.at == 4 {
                p.won = Some(p.to_move);
            }
            p.to_move = 1 - p.to_move;
        }
        fn outcome(&self, p: &Pos) -> Option<Outcome> {
            p.won.map(|w| Outcome {
                winner: Some(w),
                reason: "reached the end".into(),
                evidence: Evidence::default(),
            })
        }
        fn outcome_from_scratch(&self, p: &Pos) -> Option<Outcome> {
            self.outcome(p)
        }
        fn format_move(&self, _: &Pos, m: i8) -> String {
            if m < 0 { "l".into() } else { "r".into() }
        }
        fn parse_move(&self, _: &Pos, t: &str) -> Result<i8, IllegalMove> {
            match t {
                "l" => Ok(-1),
                "r" => Ok(1),
                _ => Err(IllegalMove::new("not a move")),
            }
        }
        fn piece_at(&self, p: &Pos, f: FaceId) -> Option<Player> {
            (f.0 == p.at as u32).then_some(0)
        }
        fn position_key(&self, p: &Pos) -> (u8, Player) {
            (p.at, p.to_move)
        }
        fn repetition(&self) -> Option<Repetition> {
            Some(self.0)
        }
    }

    #[test]
    fn repetition_with_the_same_player_to_move_is_a_draw() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("l").unwrap();
        // Square 1 again, but the first time Left was to move; now Left again: draw.
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, None);
        assert!(
            o.reason
                .starts_with("draw by repetition: the position after ply 0")
        );
        assert_eq!(g.to_move(), None);
        assert!(g.legal_moves().is_empty());
        assert!(
            g.play_str("r")
                .unwrap_err()
                .reason
                .starts_with("the game is over: draw by repetition")
        );
        // Undo lifts the draw; a different line avoids it.
        assert!(g.undo());
        assert!(g.outcome().is_none());
        g.play_str("r").unwrap();
        assert!(g.outcome().is_none());
    }

    #[test]
    fn with_the_tournament_rule_only_the_third_occurrence_draws() {
        let mut g = GameState::new(Shuttle(Repetition::Third));
        for m in ["r", "l"] {
            g.play_str(m).unwrap();
        }
        assert!(g.outcome().is_none(), "second occurrence: play on");
        g.play_str("r").unwrap();
        assert!(
            g.outcome().is_none(),
            "square 2 with Right to move: second time"
        );
        g.play_str("l").unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, None);
        assert_eq!(
            o.reason,
            "draw by repetition: the position after ply 0 occurred for the third time with the same player to move"
        );
        // Taking back and branching forgets the abandoned line's occurrences.
        g.goto(1).unwrap();
        g.play_str("r").unwrap();
        g.play_str("l").unwrap();
        g.play_str("l").unwrap();
        assert_eq!(g.recorded_len(), 4);
        assert!(
            g.outcome().is_none(),
            "square 1 with Left to move: only the second time on this line"
        );
    }

    #[test]
    fn errors_leave_the_state_unchanged_and_redo_is_kept_for_the_same_move() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.play_str("x").unwrap_err().reason, "not a move");
        assert_eq!(g.ply(), 2);
        g.goto(0).unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.recorded_len(), 2, "same move as the redo list: kept");
        g.play(-1).unwrap();
        assert_eq!(g.recorded_len(), 2);
        assert_eq!(g.recorded_history(), ["r", "l"]);
        assert!(!g.redo());
    }

    #[test]
    fn resignation_ends_the_game_and_can_be_undone() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        g.goto(1).unwrap();
        g.resign(1).unwrap();
        assert_eq!(g.recorded_len(), 1, "the line ends at the resignation");
        assert_eq!(
            g.children(g.current()).len(),
            1,
            "the move after it is kept"
        );
        let o = g.outcome().unwrap();
        assert_eq!((o.winner, o.reason.as_str()), (Some(0), "Right resigned"));
        assert!(g.resign(0).is_err());
        assert!(g.undo());
        assert!(g.outcome().is_none());
        assert_eq!(g.ply(), 1);
        assert_eq!(g.recorded_len(), 2, "withdrawing brings the line back");
        // Winning by the rules.
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        assert_eq!(g.outcome().unwrap().winner, Some(0));
        assert!(g.resign(1).is_err());
    }

    #[test]
    fn a_loss_on_time_ends_the_game_at_its_node_and_undo_withdraws_it() {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        g.play_str("r").unwrap();
        g.play_str("r").unwrap();
        g.goto(1).unwrap();
        let here = g.current();
        g.time_out(1).unwrap();
        assert_eq!(g.ending(), Some(Ending::Timeout { loser: 1 }));
        assert_eq!(g.timed_out_at(here), Some(1));
        assert_eq!(g.resigned(), None, "a time loss is not a resignation");
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason.as_str()),
            (Some(0), "Right ran out of time")
        );
        assert_eq!(g.recorded_len(), 1, "the line ends at the time loss");
        assert!(g.legal_moves().is_empty());
        assert!(g.play_str("r").is_err(), "no move after the flag fell");
        assert!(g.resign(1).is_err());
        assert!(g.undo());
        assert_eq!(g.ending(), None);
        assert_eq!(g.recorded_len(), 2, "withdrawing brings the line back");
    }

    /// r r l, then back to the start and l: a variation.
    fn branched() -> GameState<Shuttle> {
        let mut g = GameState::new(Shuttle(Repetition::Second));
        for m in ["r", "r", "l"] {
            g.play_str(m).unwrap();
        }
        g.goto(1).unwrap();
        g.play_str("l").unwrap();
        g
    }

    #[test]
    fn a_different_move_at_an_earlier_position_starts_a_variation() {
        let mut g = branched();
        assert_eq!(g.recorded_history(), ["r", "l"]);
        assert_eq!(g.ply(), 2);
        let after_r = g.line()[1];
        let kids = g.children(after_r).to_vec();
        assert_eq!(kids.len(), 2, "both continuations are kept");
        assert_eq!(
            g.notation_of(kids[0]),
            Some("r"),
            "the first line stays main"
        );
        assert_eq!(g.main_line().len(), 4);
        // Going back to the main line's end brings the old line back.
        let end = *g.main_line().last().unwrap();
        g.goto_node(end).unwrap();
        assert_eq!(g.recorded_history(), ["r", "r", "l"]);
        assert_eq!(g.ply(), 3);
        // Undo/redo run along the current line.
        assert!(g.undo());
        assert!(g.redo());
        assert!(!g.redo());
        // Playing a move tried before follows it instead of adding one.
        g.goto(1).unwrap();
        g.play_str("l").unwrap();
        assert_eq!(g.children(after_r).len(), 2);
        assert_eq!(g.recorded_history(), ["r", "l"]);
    }

    #[test]
    fn variations_are_promoted_and_deleted() {
        let mut g = branched();
        let var = g.current();
        let after_r = g.line()[1];
        assert_eq!(g.promote(g.main_line()[2]), Err(TreeError::MainLine));
        g.promote(var).unwrap();
        assert_eq!(g.children(after_r)[0], var, "promoted to the main line");
        assert_eq!(g.main_line(), [NodeId::ROOT, after_r, var]);
        // Now the old main line is the variation; delete it.
        let old = g.children(after_r)[1];
        g.goto_node(old).unwrap();
        assert_eq!(g.recorded_history(), ["r", "r", "l"]);
        let (start, n) = g.delete_variation(g.line()[3]).unwrap();
        assert_eq!((start, n), (old, 2), "the variation's two moves");
        assert_eq!(g.children(after_r), [var]);
        assert_eq!(g.ply(), 1, "the cursor went back to the branch point");
        assert_eq!(g.recorded_history(), ["r", "l"]);
        assert_eq!(g.goto_node(old), Err(TreeError::NoSuchNode(old)));
        assert_eq!(g.delete_variation(var), Err(TreeError::MainLine));
        let t = g.tree();
        assert!(t.node(old).is_none());
        assert_eq!(t.variation_of(var), None);
    }

    #[test]
    fn the_tree_names_movers_alternatives_and_variations() {
        let g = branched();
        let t = g.tree();
        let var = g.current();
        assert_eq!(t.alternatives(var).len(), 2);
        assert_eq!(t.variation_of(var), Some(var));
        let n = t.node(var).unwrap();
        assert_eq!((n.depth, n.mover, n.notation.as_str()), (2, Some(1), "l"));
        assert_eq!(t.continuation(t.alternatives(var)[0]).len(), 2);
    }
}
