//! Virtual connections for Hex's search (issue 16): a light form of
//! Anshelevich's H-search, on any board Hex accepts (it needs only the
//! neighbourhoods and the side tags).
//!
//! A player's **groups** are its chains of stones and its two sides (a chain
//! touching a side is one group with it). Links between them:
//!
//! * two groups with two or more common empty neighbours are joined whatever
//!   the opponent does (if he takes one, take the other): a **virtual link**
//!   whose carrier is two of those faces. This covers the bridge and the
//!   second-row edge template, and the same shapes between whole chains;
//! * an empty face next to a group is joined to it once taken (no carrier);
//!   an empty face with two common empty neighbours with a group is joined to
//!   it virtually once taken (carrier: the two faces).
//!
//! * a group with two ways to reach a side in one move (through two faces it
//!   reaches once taken, as above, that reach the side once taken) whose
//!   carriers are disjoint is joined to the side virtually (OR rule), with
//!   the union as carrier: this gives the third-row edge template (the
//!   "ziggurat") and the like.
//!
//! A chain of virtual links from one side to the other whose carriers are
//! pairwise disjoint is a **virtual connection** (AND rule): the player wins
//! even moving second. Such a chain through exactly one empty face, the
//! **key**, is a **semi-connection**: the player wins by taking the key. So:
//!
//! * the player to move with either has won;
//! * the player to move facing the opponent's virtual connection has lost;
//! * facing a semi-connection, the player to move loses with any move outside
//!   its carrier, so the tree may leave those out (MoHex's "must-play"
//!   region), and the intersection of several such carriers is still safe;
//!   when it is empty, the opponent has two disjoint ways to win (OR rule).
//!
//! The search finds one shortest chain per state (breadth first) and gives
//! each link the first carrier faces no earlier link took; a chain whose
//! carriers cannot be made disjoint that way is not reported. So what is
//! reported is always sound, and some connections are missed (full H-search
//! applies the OR rule everywhere, and to faces not yet taken too).

use super::{EMPTY, Hex, HexPosition, goal};
use crate::rules::Player;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A way for one player to join his two sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connection {
    /// The empty face the player must still take (a semi-connection), or
    /// `None`: the sides are joined whatever the opponent does.
    pub key: Option<u32>,
    /// The empty faces the connection uses, the key among them, sorted. A move
    /// of the opponent outside them does not break it.
    pub carrier: Vec<u32>,
}

/// The shortest connections of each kind one search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connections {
    pub virtual_: Option<Connection>,
    pub semi: Option<Connection>,
}

/// What the connections tell the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This player wins whatever the other does.
    Won(Player),
    /// Only these faces (sorted) can stop the opponent's semi-connections.
    MustPlay(Vec<u32>),
    /// Nothing known.
    Open,
}

/// A link of the search graph: the node it leads to and its carrier
/// candidates (`cand[start..start + len]`; none for a face next to a group),
/// of which it needs two, or `all` of them.
#[derive(Copy, Clone, Debug, Default)]
struct Link {
    to: u32,
    start: u32,
    len: u32,
    all: bool,
}

impl Link {
    /// Add the link between `a` and `b` both ways.
    fn join(edges: &mut Vec<(u32, Link)>, [a, b]: [u32; 2], start: u32, len: u32, all: bool) {
        let link = Link {
            to: b,
            start,
            len,
            all,
        };
        edges.push((a, link));
        edges.push((b, Link { to: a, ..link }));
    }

    /// How many carrier faces the link takes.
    fn need(&self) -> u32 {
        match (self.all, self.len) {
            (true, len) => len,
            (false, 0) => 0,
            (false, _) => 2,
        }
    }
}

const NONE: u32 = u32::MAX;

/// How many more semi-connections are looked for to narrow the must-play region.
const NARROWING: usize = 3;

impl Hex {
    /// The virtual and semi-connections of player `p` in `pos`, with the
    /// faces marked in `blocked` taken as the opponent's.
    pub fn connections(&self, pos: &HexPosition, p: Player, blocked: &[bool]) -> Connections {
        let t = &*self.t;
        let n = t.n;
        let colour = p + 1;
        let (abit, bbit) = goal(p);
        let (sa, sb) = if p == 0 { (n, n + 1) } else { (n + 2, n + 3) };
        let root = |x: usize| Hex::chain(pos, x) as u32;
        let (ga, gb) = (root(sa), root(sb));
        if ga == gb {
            let joined = Connection {
                key: None,
                carrier: Vec::new(),
            };
            return Connections {
                virtual_: Some(joined),
                semi: None,
            };
        }
        let free = |e: usize| {
            t.playable[e] && pos.cells[e] == EMPTY && !blocked.get(e).is_some_and(|&b| b)
        };

        // The groups next to each free face.
        let mut around_start = Vec::with_capacity(n + 1);
        let mut around: Vec<u32> = Vec::with_capacity(2 * n);
        for e in 0..n {
            around_start.push(around.len() as u32);
            if !free(e) {
                continue;
            }
            let from = around.len();
            let mut push = |g: u32| {
                if !around[from..].contains(&g) {
                    around.push(g);
                }
            };
            for &g in self.neighbours(e) {
                if pos.cells[g as usize] == colour {
                    push(root(g as usize));
                }
            }
            if t.side[e] & abit != 0 {
                push(ga);
            }
            if t.side[e] & bbit != 0 {
                push(gb);
            }
        }
        around_start.push(around.len() as u32);
        let around_of = |e: usize| &around[around_start[e] as usize..around_start[e + 1] as usize];

        // Carrier candidates of each pair: (node, node, face).
        let mut pairs: Vec<(u32, u32, u32)> = Vec::new();
        for e in 0..n {
            let gs = around_of(e);
            for (i, &g) in gs.iter().enumerate() {
                for &h in &gs[i + 1..] {
                    pairs.push((g.min(h), g.max(h), e as u32));
                }
            }
        }
        for e in (0..n).filter(|&e| free(e)) {
            let mine = around_of(e);
            for &y in self.neighbours(e) {
                if !free(y as usize) {
                    continue;
                }
                for &g in around_of(y as usize) {
                    if !mine.contains(&g) {
                        pairs.push((e as u32, g, y));
                    }
                }
            }
        }
        pairs.sort_unstable();

        // Links, both ways, as a compressed adjacency over node indices
        // (faces and side nodes, 0..n + 4). `near` lists, by group, the free
        // faces it reaches once taken, with the carrier candidates.
        let is_face = |x: u32| (x as usize) < n && free(x as usize);
        let mut cand: Vec<u32> = Vec::new();
        let mut edges: Vec<(u32, Link)> = Vec::new();
        let mut near: Vec<(u32, u32, u32, u32)> = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (a, b, _) = pairs[i];
            let mut j = i;
            while j < pairs.len() && pairs[j].0 == a && pairs[j].1 == b {
                j += 1;
            }
            if j - i >= 2 {
                let start = cand.len() as u32;
                cand.extend(pairs[i..j].iter().map(|x| x.2));
                let len = (j - i) as u32;
                Link::join(&mut edges, [a, b], start, len, false);
                if is_face(a) {
                    near.push((b, a, start, len));
                }
            }
            i = j;
        }
        for e in (0..n).filter(|&e| free(e)) {
            for &g in around_of(e) {
                Link::join(&mut edges, [e as u32, g], 0, 0, false);
                near.push((g, e as u32, 0, 0));
            }
        }
        near.sort_unstable();
        self.or_links(&near, [ga, gb], &mut cand, &mut edges);
        edges.sort_unstable_by_key(|x| x.0);
        let nodes = n + 4;
        let mut adj_start = vec![0u32; nodes + 1];
        for &(a, _) in &edges {
            adj_start[a as usize + 1] += 1;
        }
        for k in 0..nodes {
            adj_start[k + 1] += adj_start[k];
        }
        let adj_of = |x: usize| &edges[adj_start[x] as usize..adj_start[x + 1] as usize];

        // Cheapest paths over (node, keys taken), a link costing one plus
        // its carrier's size (small carriers clash less and leave the
        // opponent fewer answers): a face can be entered once, as the key,
        // and leads on to groups only.
        let mut prev = vec![NONE; 2 * nodes];
        let mut cost = vec![u32::MAX; 2 * nodes];
        let mut via = vec![Link::default(); 2 * nodes];
        let start = 2 * ga;
        prev[start as usize] = start;
        cost[start as usize] = 0;
        let mut heap = BinaryHeap::from([Reverse((0u32, start))]);
        while let Some(Reverse((c, s))) = heap.pop() {
            if c > cost[s as usize] {
                continue;
            }
            let (u, k) = (s / 2, s % 2);
            for &(_, link) in adj_of(u as usize) {
                let v = link.to;
                let next = match (is_face(u), is_face(v)) {
                    (true, true) => continue,
                    (false, true) if k == 1 => continue,
                    (false, true) => 2 * v + 1,
                    (_, false) => 2 * v + k,
                };
                let c = c + 1 + link.need();
                if c < cost[next as usize] {
                    cost[next as usize] = c;
                    prev[next as usize] = s;
                    via[next as usize] = link;
                    heap.push(Reverse((c, next)));
                }
            }
        }

        let chain = |goal_state: u32| -> Option<Connection> {
            if prev[goal_state as usize] == NONE {
                return None;
            }
            let mut links = Vec::new();
            let mut key = None;
            let mut s = goal_state;
            while s != start {
                if is_face(s / 2) {
                    key = Some(s / 2);
                }
                links.push(via[s as usize]);
                s = prev[s as usize];
            }
            let mut used = vec![false; n];
            let mut carrier = Vec::new();
            if let Some(k) = key {
                used[k as usize] = true;
                carrier.push(k);
            }
            for link in links.iter().rev() {
                let need = link.need();
                let mut took = 0;
                for &c in &cand[link.start as usize..(link.start + link.len) as usize] {
                    if took < need && !used[c as usize] {
                        used[c as usize] = true;
                        carrier.push(c);
                        took += 1;
                    }
                }
                if took < need {
                    return None;
                }
            }
            carrier.sort_unstable();
            Some(Connection { key, carrier })
        };
        Connections {
            virtual_: chain(2 * gb),
            semi: chain(2 * gb + 1),
        }
    }

    /// The OR rule between a group and a side (edge templates beyond the
    /// second row, such as the third row's "ziggurat"): two ways to reach the
    /// side in one move (semi-connections through a face in `near` of both)
    /// with disjoint carriers join them virtually, with the union of the
    /// carriers. Adds those links to `edges` (their carriers to `cand`).
    fn or_links(
        &self,
        near: &[(u32, u32, u32, u32)],
        sides: [u32; 2],
        cand: &mut Vec<u32>,
        edges: &mut Vec<(u32, Link)>,
    ) {
        let of = |g: u32| {
            let from = near.partition_point(|x| x.0 < g);
            let to = near.partition_point(|x| x.0 <= g);
            &near[from..to]
        };
        let mut group = 0;
        while group < near.len() {
            let g = near[group].0;
            let mine = of(g);
            group += mine.len();
            if sides.contains(&g) {
                continue;
            }
            for side in sides {
                let theirs = of(side);
                // The semi-connections: key, then up to two carrier faces on
                // each side of it.
                let mut semis: Vec<([u32; 5], usize)> = Vec::new();
                let (mut i, mut j) = (0, 0);
                while i < mine.len() && j < theirs.len() {
                    let (a, b) = (mine[i], theirs[j]);
                    if a.1 < b.1 {
                        i += 1;
                        continue;
                    }
                    if a.1 > b.1 {
                        j += 1;
                        continue;
                    }
                    let mut c = [a.1, 0, 0, 0, 0];
                    let mut k = 1;
                    for (start, len) in [(a.2, a.3), (b.2, b.3)] {
                        let mut took = 0;
                        for &x in &cand[start as usize..(start + len) as usize] {
                            if len > 0 && took < 2 && !c[..k].contains(&x) {
                                c[k] = x;
                                k += 1;
                                took += 1;
                            }
                        }
                        if len > 0 && took < 2 {
                            k = 0;
                            break;
                        }
                    }
                    if k > 0 {
                        semis.push((c, k));
                    }
                    i += 1;
                    j += 1;
                }
                let disjoint = |p: &[u32], q: &[u32]| p.iter().all(|x| !q.contains(x));
                'pairs: for (i, (p, pk)) in semis.iter().enumerate() {
                    for (q, qk) in &semis[i + 1..] {
                        if disjoint(&p[..*pk], &q[..*qk]) {
                            let start = cand.len() as u32;
                            cand.extend_from_slice(&p[..*pk]);
                            cand.extend_from_slice(&q[..*qk]);
                            let len = (pk + qk) as u32;
                            Link::join(edges, [g, side], start, len, true);
                            break 'pairs;
                        }
                    }
                }
            }
        }
    }

    /// What the connections of both players tell the player to move at `pos`
    /// (see the module's notes).
    pub fn verdict(&self, pos: &HexPosition) -> Verdict {
        let n = self.t.n;
        let me = pos.to_move;
        let them = 1 - me;
        let mut blocked = vec![false; n];
        let mine = self.connections(pos, me, &blocked);
        if mine.virtual_.is_some() || mine.semi.is_some() {
            return Verdict::Won(me);
        }
        let theirs = self.connections(pos, them, &blocked);
        if theirs.virtual_.is_some() {
            return Verdict::Won(them);
        }
        let Some(first) = theirs.semi else {
            return Verdict::Open;
        };
        let mut must = vec![false; n];
        for &c in &first.carrier {
            must[c as usize] = true;
        }
        let mut key = first.key;
        for _ in 0..NARROWING {
            // Another connection of theirs that does without this face
            // (taken as ours): only the faces both need can stop both.
            let Some(k) = key else { break };
            blocked[k as usize] = true;
            let other = self.connections(pos, them, &blocked);
            let Some(c) = other.virtual_.or(other.semi) else {
                break;
            };
            let mut inside = vec![false; n];
            for &x in &c.carrier {
                inside[x as usize] = must[x as usize];
            }
            must = inside;
            if !must.iter().any(|&b| b) {
                return Verdict::Won(them);
            }
            key = c.key.filter(|&x| must[x as usize]).or_else(|| {
                c.carrier
                    .iter()
                    .copied()
                    .find(|&x| must[x as usize] && !blocked[x as usize])
            });
        }
        Verdict::MustPlay((0..n as u32).filter(|&c| must[c as usize]).collect())
    }
}
