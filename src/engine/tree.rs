//! The generic search: an arena-allocated UCT tree over any [`Searchable`]
//! game with an MCTS-solver (proven wins and losses propagate), mate-in-one and
//! must-block checks at the root, and reuse of the subtree of the position reached.

use crate::rules::search::{Searchable, reward_for};
use crate::rules::{Player, Rules, opponent};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Child index meaning "not expanded".
const NONE: u32 = u32::MAX;

/// Proof status of a node, from the point of view of the player who made the
/// move leading to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    Unknown,
    /// The mover wins with best play (or has already won).
    Win,
    /// The mover loses with best play (or has already lost).
    Loss,
    /// The game ended in a draw here.
    Draw,
}

#[derive(Clone, Debug)]
pub struct Node<M> {
    /// The move leading here (unused at the root).
    pub mv: M,
    /// First child in the arena, or [`NONE`]; children are contiguous.
    pub first: u32,
    pub len: u32,
    pub visits: u32,
    /// Sum of rewards (0..1) for the player who made `mv`.
    pub wins: f32,
    /// All-moves-as-first (RAVE) visits: simulations through the parent in
    /// which the player to move there played `mv` later on.
    pub rave_visits: u32,
    /// Their sum of rewards for that player.
    pub rave_wins: f32,
    pub proof: Proof,
}

impl<M> Node<M> {
    fn leaf(mv: M) -> Self {
        Node {
            mv,
            first: NONE,
            len: 0,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            proof: Proof::Unknown,
        }
    }
}

/// Tuning knobs of the tree search, the same for every game (a game's own
/// settings are its [`Searchable::Settings`]).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Params {
    /// UCT exploration constant.
    pub explore: f32,
    /// A leaf is expanded once it has been visited this many times.
    pub expand_at: u32,
    /// No more nodes are added once the arena holds this many.
    pub max_nodes: usize,
    /// First-play urgency: the value of a child not yet visited (and without
    /// RAVE statistics). 0 turns it off: every child is then visited once, in
    /// shuffled order, before UCT compares them.
    pub fpu: f32,
    /// Whether the search keeps and uses RAVE (all-moves-as-first) statistics,
    /// for games that report who played which move ([`Searchable::AMAF`]).
    pub rave: bool,
    /// RAVE schedule (as MoHex's): a child with `n` visits and `r` RAVE visits
    /// weighs its RAVE value by β = r / (r + n·(1/rave_init + r/rave_final)).
    pub rave_init: f32,
    pub rave_final: f32,
}

impl Params {
    /// The names [`Params::set`] accepts.
    pub const NAMES: &'static [&'static str] = &[
        "explore",
        "expand",
        "nodes",
        "fpu",
        "rave",
        "rave_init",
        "rave_final",
    ];

    /// Set a parameter by name (`value` finite and ≥ 0); false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        match name {
            "explore" => self.explore = value as f32,
            "expand" => self.expand_at = (value as u32).max(1),
            "nodes" => self.max_nodes = (value as usize).max(1000),
            "fpu" => self.fpu = value as f32,
            "rave" => self.rave = value != 0.0,
            "rave_init" => self.rave_init = (value as f32).max(1e-3),
            "rave_final" => self.rave_final = (value as f32).max(1e-3),
            _ => return false,
        }
        true
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            explore: 0.6,
            expand_at: 3,
            max_nodes: 5_000_000,
            fpu: 0.0,
            rave: false,
            rave_init: 2.12,
            rave_final: 830.0,
        }
    }
}

/// One search tree rooted at a position.
#[derive(Clone, Debug)]
pub struct Tree<R: Rules> {
    pub nodes: Vec<Node<R::Move>>,
    pub root_pos: R::Position,
    /// The player to move at the root.
    pub root_player: Player,
    /// Whether the root tactics (mate-in-one, must-block) have been applied.
    tactics_done: bool,
}

/// Statistics of one root move.
#[derive(Clone, Debug)]
pub struct RootStat<M> {
    pub mv: M,
    pub visits: u64,
    pub wins: f64,
    pub proof: Proof,
}

impl<M> RootStat<M> {
    /// Estimated win rate for the player making the move.
    pub fn rate(&self) -> f32 {
        match self.proof {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            Proof::Draw => 0.5,
            Proof::Unknown if self.visits == 0 => 0.5,
            Proof::Unknown => (self.wins / self.visits as f64) as f32,
        }
    }
}

/// Pick the best of merged root statistics: a proven win, else the most visited
/// move that is not a proven loss (ties: higher win rate), else any.
pub fn best_of<M: Copy + Ord>(stats: &[RootStat<M>]) -> Option<&RootStat<M>> {
    if let Some(w) = stats.iter().find(|s| s.proof == Proof::Win) {
        return Some(w);
    }
    let better = |a: &RootStat<M>, b: &RootStat<M>| {
        a.visits > b.visits || (a.visits == b.visits && a.rate() > b.rate())
    };
    let mut best: Option<&RootStat<M>> = None;
    for s in stats.iter().filter(|s| s.proof != Proof::Loss) {
        if best.is_none_or(|b| better(s, b)) {
            best = Some(s);
        }
    }
    if best.is_none() {
        for s in stats {
            if best.is_none_or(|b| better(s, b)) {
                best = Some(s);
            }
        }
    }
    best
}

/// Scratch space of one searching thread.
pub struct Scratch<R: Rules> {
    path: Vec<u32>,
    moves: Vec<R::Move>,
    bytes: Vec<u8>,
    /// Who played each move (player + 1, by move index) in this simulation.
    amaf: Vec<u8>,
    pos: Option<R::Position>,
}

impl<R: Rules> Default for Scratch<R> {
    fn default() -> Self {
        Scratch {
            path: Vec::with_capacity(64),
            moves: Vec::new(),
            bytes: Vec::new(),
            amaf: Vec::new(),
            pos: None,
        }
    }
}

/// The size and shape of a search tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct TreeInfo {
    /// Nodes in the arena.
    pub nodes: u64,
    /// Nodes whose children have been added.
    pub expanded: u64,
    /// Depth of the deepest node that has been visited (the root's children: 1).
    pub max_depth: u32,
}

impl<R: Searchable> Tree<R> {
    /// A fresh tree at `pos`; `None` when there is no legal move.
    pub fn new(rules: &R, pos: R::Position) -> Option<Self> {
        let root_player = rules.to_move(&pos);
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        // The root's move is never read; any legal move will do.
        let mv = *moves.first()?;
        Some(Tree {
            nodes: vec![Node::leaf(mv)],
            root_pos: pos,
            root_player,
            tactics_done: false,
        })
    }

    /// Nodes, expanded nodes and the deepest visited ply.
    pub fn info(&self) -> TreeInfo {
        let expanded = self.nodes.iter().filter(|n| n.first != NONE).count() as u64;
        let mut max_depth = 0;
        let mut stack = vec![(0u32, 0u32)];
        while let Some((x, d)) = stack.pop() {
            let n = &self.nodes[x as usize];
            if n.visits == 0 {
                continue;
            }
            max_depth = max_depth.max(d);
            if n.first != NONE {
                stack.extend((n.first..n.first + n.len).map(|c| (c, d + 1)));
            }
        }
        TreeInfo {
            nodes: self.nodes.len() as u64,
            expanded,
            max_depth,
        }
    }

    /// Root visits (simulations through this tree, including reused ones).
    pub fn root_visits(&self) -> u64 {
        self.nodes[0].visits as u64
    }

    /// Re-root the tree at `pos` if `pos` is the root or is reached from it by one
    /// or two expanded moves; the statistics of that subtree are kept. Returns
    /// false (and leaves the tree alone) otherwise.
    pub fn reroot(&mut self, rules: &R, pos: &R::Position) -> bool {
        if self.root_pos == *pos {
            return true;
        }
        let target = self.find_descendant(rules, pos);
        let Some(t) = target else {
            return false;
        };
        // Copy the subtree at `t` into a fresh arena, breadth first so children
        // stay contiguous.
        let mut nodes: Vec<Node<R::Move>> = Vec::with_capacity(self.subtree_size(t));
        let detached = |n: &Node<R::Move>| Node {
            first: NONE,
            len: 0,
            ..n.clone()
        };
        nodes.push(detached(&self.nodes[t as usize]));
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((t, 0u32));
        while let Some((old, new)) = queue.pop_front() {
            let (of, ol) = (self.nodes[old as usize].first, self.nodes[old as usize].len);
            if of == NONE {
                continue;
            }
            let first = nodes.len() as u32;
            for k in 0..ol {
                nodes.push(detached(&self.nodes[(of + k) as usize]));
                queue.push_back((of + k, first + k));
            }
            nodes[new as usize].first = first;
            nodes[new as usize].len = ol;
        }
        let root = &mut nodes[0];
        root.proof = Proof::Unknown;
        self.nodes = nodes;
        self.root_pos = pos.clone();
        self.root_player = rules.to_move(pos);
        self.tactics_done = false;
        true
    }

    fn subtree_size(&self, t: u32) -> usize {
        let mut count = 0;
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            count += 1;
            let n = &self.nodes[x as usize];
            if n.first != NONE {
                stack.extend(n.first..n.first + n.len);
            }
        }
        count
    }

    fn find_descendant(&self, rules: &R, pos: &R::Position) -> Option<u32> {
        let root = &self.nodes[0];
        if root.first == NONE {
            return None;
        }
        for c in root.first..root.first + root.len {
            let mut p1 = self.root_pos.clone();
            rules.apply(&mut p1, self.nodes[c as usize].mv);
            if p1 == *pos {
                return Some(c);
            }
            let n = &self.nodes[c as usize];
            if n.first == NONE {
                continue;
            }
            for g in n.first..n.first + n.len {
                let mut p2 = p1.clone();
                rules.apply(&mut p2, self.nodes[g as usize].mv);
                if p2 == *pos {
                    return Some(g);
                }
            }
        }
        None
    }

    fn expand(
        &mut self,
        rules: &R,
        pos: &R::Position,
        node: u32,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
    ) {
        rules.legal_moves(pos, &mut s.moves);
        s.moves.shuffle(rng);
        let first = self.nodes.len() as u32;
        for &m in &s.moves {
            self.nodes.push(Node::leaf(m));
        }
        let n = &mut self.nodes[node as usize];
        n.first = first;
        n.len = s.moves.len() as u32;
    }

    /// Mark root children that win at once (proven wins) and those after which
    /// the opponent has an immediate win (proven losses).
    pub fn root_tactics(&mut self, rules: &R, s: &mut Scratch<R>, rng: &mut ChaCha8Rng) {
        if self.tactics_done || rules.result(&self.root_pos).is_some() {
            return;
        }
        self.tactics_done = true;
        if self.nodes[0].first == NONE {
            let pos = self.root_pos.clone();
            self.expand(rules, &pos, 0, s, rng);
        }
        let me = self.root_player;
        let (first, len) = (self.nodes[0].first, self.nodes[0].len);
        let mut after: Vec<R::Position> = Vec::with_capacity(len as usize);
        for c in first..first + len {
            let mut p = self.root_pos.clone();
            rules.apply(&mut p, self.nodes[c as usize].mv);
            match rules.result(&p) {
                Some(Some(w)) if w == me => self.nodes[c as usize].proof = Proof::Win,
                Some(Some(_)) => self.nodes[c as usize].proof = Proof::Loss,
                Some(None) => self.nodes[c as usize].proof = Proof::Draw,
                None => {}
            }
            after.push(p);
        }
        if (first..first + len).any(|c| self.nodes[c as usize].proof == Proof::Win) {
            return;
        }
        if !R::BLOCK_CHECK {
            return;
        }
        // The opponent's immediate wins: with few moves, check every reply after
        // every move; otherwise find the threats after two probe moves and check
        // only those replies.
        let opp_wins = |p: &R::Position, m: R::Move| {
            let mut q = p.clone();
            rules.apply(&mut q, m);
            rules.result(&q) == Some(Some(opponent(me)))
        };
        let mut replies = Vec::new();
        let full = (len as usize) <= 48;
        let mut threats: Vec<R::Move> = Vec::new();
        if !full {
            let probes: Vec<usize> = (0..after.len())
                .filter(|&k| self.nodes[first as usize + k].proof == Proof::Unknown)
                .take(2)
                .collect();
            for &k in &probes {
                rules.legal_moves(&after[k], &mut replies);
                for &r in &replies {
                    if opp_wins(&after[k], r) && !threats.contains(&r) {
                        threats.push(r);
                    }
                }
            }
            if threats.is_empty() {
                return;
            }
        }
        let mut losing = Vec::new();
        for (k, p) in after.iter().enumerate() {
            let c = first as usize + k;
            if self.nodes[c].proof != Proof::Unknown {
                continue;
            }
            let loses = if full {
                rules.legal_moves(p, &mut replies);
                replies.iter().any(|&r| opp_wins(p, r))
            } else {
                threats
                    .iter()
                    .any(|&r| rules.check(p, r).is_ok() && opp_wins(p, r))
            };
            if loses {
                losing.push(c);
            }
        }
        for c in losing {
            self.nodes[c].proof = Proof::Loss;
        }
    }

    /// One simulation: select, expand, play out, back up. Returns false if the
    /// root is proven (no more simulations are useful).
    pub fn simulate(
        &mut self,
        rules: &R,
        aux: &R::Aux,
        params: &Params,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        if self.nodes[0].proof != Proof::Unknown {
            return false;
        }
        let mut pos = match s.pos.take() {
            Some(mut p) => {
                p.clone_from(&self.root_pos);
                p
            }
            None => self.root_pos.clone(),
        };
        s.path.clear();
        s.path.push(0);
        let rave = params.rave && R::AMAF;
        if rave {
            s.amaf.clear();
            s.amaf.resize(rules.move_index_count(), 0);
        }
        let mut node = 0u32;
        let mut to_move = self.root_player;
        // Reward for player 0.
        let reward0: f32;
        loop {
            let n = &self.nodes[node as usize];
            match n.proof {
                Proof::Unknown => {}
                Proof::Win => {
                    reward0 = reward_for(Some(opponent(to_move)), 0);
                    break;
                }
                Proof::Loss => {
                    reward0 = reward_for(Some(to_move), 0);
                    break;
                }
                Proof::Draw => {
                    reward0 = 0.5;
                    break;
                }
            }
            if n.first == NONE {
                if node != 0 && n.visits == 0 {
                    // First visit: a terminal position is proven at once.
                    if let Some(w) = rules.result(&pos) {
                        let mover = opponent(to_move);
                        self.nodes[node as usize].proof = match w {
                            Some(x) if x == mover => Proof::Win,
                            Some(_) => Proof::Loss,
                            None => Proof::Draw,
                        };
                        reward0 = reward_for(w, 0);
                        break;
                    }
                }
                if (node == 0 || n.visits + 1 >= params.expand_at)
                    && self.nodes.len() < params.max_nodes
                {
                    self.expand(rules, &pos, node, s, rng);
                    if self.nodes[node as usize].len == 0 {
                        // No legal move although the rules report no result: a draw.
                        self.nodes[node as usize].proof = Proof::Draw;
                        reward0 = 0.5;
                        break;
                    }
                } else {
                    reward0 = if rave {
                        rules.simulate_amaf(
                            aux,
                            &mut pos,
                            rng,
                            &mut s.moves,
                            &mut s.bytes,
                            &mut s.amaf,
                        )
                    } else {
                        rules.simulate(aux, &mut pos, rng, &mut s.moves, &mut s.bytes)
                    };
                    break;
                }
            }
            // Select a child (the node's player to move is `to_move`).
            match self.select(node, params, rave) {
                Ok(c) => {
                    let mv = self.nodes[c as usize].mv;
                    if rave {
                        let slot = &mut s.amaf[rules.move_index(mv)];
                        if *slot == 0 {
                            *slot = to_move + 1;
                        }
                    }
                    rules.apply(&mut pos, mv);
                    s.path.push(c);
                    node = c;
                    to_move = opponent(to_move);
                }
                Err(proof) => {
                    // Every child proven: the node is proven too.
                    self.nodes[node as usize].proof = proof;
                    if node == 0 {
                        // The root is solved; count this as a visit and stop.
                        self.nodes[0].visits += 1;
                        s.pos = Some(pos);
                        return false;
                    }
                    reward0 = match proof {
                        Proof::Win => reward_for(Some(opponent(to_move)), 0),
                        Proof::Loss => reward_for(Some(to_move), 0),
                        _ => 0.5,
                    };
                    break;
                }
            }
        }
        // Back up: node k's mover is the player to move at its parent.
        let mut mover = opponent(to_move);
        for &k in s.path.iter().rev() {
            let n = &mut self.nodes[k as usize];
            n.visits += 1;
            n.wins += if mover == 0 { reward0 } else { 1.0 - reward0 };
            let (first, len) = (n.first, n.len);
            // RAVE: the children of `k` that the player to move at `k` (the
            // opponent of its mover) played later in this simulation.
            if rave && first != NONE {
                let p = opponent(mover);
                let reward = if p == 0 { reward0 } else { 1.0 - reward0 };
                for c in &mut self.nodes[first as usize..(first + len) as usize] {
                    if s.amaf[rules.move_index(c.mv)] == p + 1 {
                        c.rave_visits += 1;
                        c.rave_wins += reward;
                    }
                }
            }
            mover = opponent(mover);
        }
        s.pos = Some(pos);
        true
    }

    /// The UCT choice among `node`'s children, or the node's proof when a child
    /// wins for the player to move (`Loss` for the node's mover) or all lose.
    fn select(&self, node: u32, params: &Params, rave: bool) -> Result<u32, Proof> {
        let n = &self.nodes[node as usize];
        let log_n = ((n.visits.max(1)) as f32).ln();
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        let mut all_lost = true;
        let mut any_draw = false;
        for c in n.first..n.first + n.len {
            let ch = &self.nodes[c as usize];
            let score = match ch.proof {
                Proof::Win => return Err(Proof::Loss),
                Proof::Loss => continue,
                Proof::Draw => {
                    any_draw = true;
                    all_lost = false;
                    0.5
                }
                Proof::Unknown => {
                    all_lost = false;
                    if ch.visits == 0 && params.fpu == 0.0 {
                        // Unvisited children first (in the shuffled order).
                        return Ok(c);
                    }
                    let v = ch.visits as f32;
                    if rave && ch.rave_visits > 0 {
                        let r = ch.rave_visits as f32;
                        let beta = r / (r + v * (1.0 / params.rave_init + r / params.rave_final));
                        let q = if ch.visits > 0 { ch.wins / v } else { 0.0 };
                        let value = (1.0 - beta) * q + beta * ch.rave_wins / r;
                        if ch.visits > 0 {
                            value + params.explore * (log_n / v).sqrt()
                        } else {
                            value
                        }
                    } else if ch.visits == 0 {
                        params.fpu
                    } else {
                        ch.wins / v + params.explore * (log_n / v).sqrt()
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        if all_lost {
            return Err(Proof::Win);
        }
        if best == NONE {
            return Err(if any_draw { Proof::Draw } else { Proof::Win });
        }
        Ok(best)
    }

    /// Statistics of the root's children.
    pub fn root_stats(&self) -> Vec<RootStat<R::Move>> {
        let r = &self.nodes[0];
        if r.first == NONE {
            return Vec::new();
        }
        (r.first..r.first + r.len)
            .map(|c| {
                let n = &self.nodes[c as usize];
                RootStat {
                    mv: n.mv,
                    visits: n.visits as u64,
                    wins: n.wins as f64,
                    proof: n.proof,
                }
            })
            .collect()
    }

    /// The line of most visited moves from the root, starting with `first`
    /// when given (the move the search picks), at most `max` moves.
    pub fn principal_variation(&self, first: Option<R::Move>, max: usize) -> Vec<R::Move> {
        let mut line = Vec::new();
        let mut n = 0usize;
        while line.len() < max {
            let node = &self.nodes[n];
            if node.first == NONE {
                break;
            }
            let kids = node.first..node.first + node.len;
            let next = match first {
                Some(m) if line.is_empty() => {
                    kids.clone().find(|&c| self.nodes[c as usize].mv == m)
                }
                _ => kids
                    .clone()
                    .filter(|&c| self.nodes[c as usize].visits > 0)
                    .max_by_key(|&c| self.nodes[c as usize].visits),
            };
            let Some(c) = next else { break };
            line.push(self.nodes[c as usize].mv);
            n = c as usize;
        }
        line
    }

    /// A uniformly random legal move at the root (used when no simulation ran).
    pub fn random_root_move(&self, rules: &R, rng: &mut ChaCha8Rng) -> Option<R::Move> {
        let mut moves = Vec::new();
        rules.legal_moves(&self.root_pos, &mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.random_range(0..moves.len())])
        }
    }
}
