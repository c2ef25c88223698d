//! H-search (Anshelevich, "A hierarchical approach to computer Hex", 2002)
//! for Hex's search (issue 16): the virtual connections of [`super::vc`] with
//! the AND and OR rules applied everywhere, not along one shortest chain.
//!
//! The **nodes** are a player's groups (chains of stones, each side a group
//! with the chains touching it) and the empty faces. A **full** connection
//! between two nodes, with a carrier of empty faces, joins them whatever the
//! opponent does, the player answering inside the carrier; a **semi**
//! connection joins them once the player takes its **key** (a face of its
//! carrier). Faces that are nodes count as the player's when they are ends.
//!
//! * Neighbours are joined fully with an empty carrier.
//! * AND rule: full connections `a–z` and `z–b` with disjoint carriers that
//!   avoid `a` and `b` give `a–b`: full when `z` is a group, semi with key
//!   `z` when `z` is an empty face. A full `a–z` and a semi `z–b` through a
//!   group `z` give a semi `a–b` with the semi's key.
//! * OR rule: semi connections `a–b` whose carriers have no face in common
//!   give a full `a–b` whose carrier is their union (up to four at a time).
//!
//! A connection with a carrier that contains another's of the same kind (or a
//! full's) adds nothing and is dropped. To keep the cost to about a
//! millisecond on 11×11, connections are built only where one end at least is
//! a group (two empty faces are joined only as neighbours and by bridges,
//! which the third-row template from an empty face needs; the cost of
//! H-search comes from the pairs of empty faces, and a connection to the
//! sides or a chain is what the verdict asks about), and each pair keeps at
//! most [`Limits::fulls`] full and [`Limits::semis`] semi connections. So,
//! like the light search, what it reports is sound and some connections are
//! missed; what it finds includes the light search's chains, the edge
//! templates up to the third row and the OR rule between any two groups.
//!
//! Carriers are bit sets of [`MAX_FACES`] faces; on boards with more faces
//! [`Hex::verdict_hsearch`] falls back to the light search.

use super::{Connection, Verdict};
use super::{EMPTY, Hex, HexPosition, goal};
use crate::rules::Player;
use std::collections::VecDeque;

const WORDS: usize = 6;
/// The largest board (in faces, playable or not) H-search runs on: 19×19 Hex
/// has 361.
pub const MAX_FACES: usize = WORDS * 64;

const NONE: u32 = u32::MAX;

/// A set of faces.
#[derive(Copy, Clone, Debug)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    fn one(i: u32) -> Self {
        let mut b = Bits::default();
        b.0[i as usize / 64] |= 1 << (i % 64);
        b
    }
    fn has(&self, i: u32) -> bool {
        self.0[i as usize / 64] >> (i % 64) & 1 != 0
    }
    fn or(&self, o: &Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn and(&self, o: &Self) -> Self {
        Bits(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    // Folds rather than `all` or `==`: branch-free over the few words.
    fn same(&self, o: &Self) -> bool {
        self.0.iter().zip(&o.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
    fn disjoint(&self, o: &Self) -> bool {
        self.0.iter().zip(&o.0).fold(0, |acc, (a, b)| acc | (a & b)) == 0
    }
    fn within(&self, o: &Self) -> bool {
        self.0
            .iter()
            .zip(&o.0)
            .fold(0, |acc, (a, b)| acc | (a & !b))
            == 0
    }
    fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, w| acc | w) == 0
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn faces(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for (k, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(k as u32 * 64 + w.trailing_zeros());
                w &= w - 1;
            }
        }
        out
    }
}

/// How much H-search may keep and combine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Full connections kept per pair of nodes.
    pub fulls: usize,
    /// Semi connections kept per pair of nodes.
    pub semis: usize,
    /// Semi connections the OR rule combines at most.
    pub ors: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::width(4)
    }
}

impl Limits {
    /// `fulls` full and twice as many semi connections per pair, OR rule over
    /// up to three.
    pub fn width(fulls: usize) -> Limits {
        Limits {
            fulls: fulls.max(1),
            semis: 2 * fulls.max(1),
            ors: 3,
        }
    }
}

/// The connections between a player's two sides that H-search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideConnections {
    /// The sides are one group already.
    pub joined: bool,
    /// Full connections (no key).
    pub fulls: Vec<Connection>,
    /// Semi connections (with their keys).
    pub semis: Vec<Connection>,
}

/// One connection found.
#[derive(Copy, Clone, Debug)]
struct Found<const W: usize> {
    ends: [u32; 2],
    carrier: Bits<W>,
    /// The key of a semi connection, `NONE` for a full one.
    key: u32,
    alive: bool,
}

/// The connections of one pair of nodes (indices into `found`).
#[derive(Clone, Debug, Default)]
struct Pair {
    fulls: Vec<u32>,
    semis: Vec<u32>,
}

struct Search<const W: usize> {
    /// Nodes below this are empty faces, the rest groups.
    cells: u32,
    /// The face of each node that is an empty face.
    face: Vec<u32>,
    nodes: usize,
    /// The pair slot of two nodes (`a * nodes + b`, both ways), or `NONE`.
    pair_of: Vec<u32>,
    pairs: Vec<Pair>,
    /// The nodes each node shares a pair slot with: `[empty faces, groups]`.
    partners: Vec<[Vec<u32>; 2]>,
    found: Vec<Found<W>>,
    queue: VecDeque<u32>,
    limits: Limits,
}

impl<const W: usize> Search<W> {
    fn is_group(&self, x: u32) -> bool {
        x >= self.cells
    }

    /// The carrier bit of node `x` when it is an empty face.
    fn bit(&self, x: u32) -> Option<u32> {
        (!self.is_group(x)).then(|| self.face[x as usize])
    }

    fn slot(&mut self, a: u32, b: u32) -> usize {
        let k = a as usize * self.nodes + b as usize;
        if self.pair_of[k] == NONE {
            let id = self.pairs.len() as u32;
            self.pairs.push(Pair::default());
            self.pair_of[k] = id;
            self.pair_of[b as usize * self.nodes + a as usize] = id;
            let (ga, gb) = (self.is_group(a) as usize, self.is_group(b) as usize);
            self.partners[a as usize][gb].push(b);
            self.partners[b as usize][ga].push(a);
        }
        self.pair_of[k] as usize
    }

    fn push(&mut self, ends: [u32; 2], carrier: Bits<W>, key: u32) -> u32 {
        let id = self.found.len() as u32;
        self.found.push(Found {
            ends,
            carrier,
            key,
            alive: true,
        });
        self.queue.push_back(id);
        id
    }

    fn add_full(&mut self, a: u32, b: u32, carrier: Bits<W>) {
        let s = self.slot(a, b);
        let found = &mut self.found;
        let pair = &mut self.pairs[s];
        if covered(pair.fulls.iter(), found, &carrier) {
            return;
        }
        drop_supersets(&mut pair.fulls, found, &carrier);
        drop_supersets(&mut pair.semis, found, &carrier);
        if pair.fulls.len() >= self.limits.fulls && !make_room(&mut pair.fulls, found, &carrier) {
            return;
        }
        let id = self.push([a, b], carrier, NONE);
        self.pairs[s].fulls.push(id);
    }

    fn add_semi(&mut self, a: u32, b: u32, key: u32, carrier: Bits<W>) {
        let s = self.slot(a, b);
        let found = &mut self.found;
        let pair = &mut self.pairs[s];
        if covered(pair.fulls.iter().chain(&pair.semis), found, &carrier) {
            return;
        }
        drop_supersets(&mut pair.semis, found, &carrier);
        if pair.semis.len() >= self.limits.semis && !make_room(&mut pair.semis, found, &carrier) {
            return;
        }
        let id = self.push([a, b], carrier, key);
        self.pairs[s].semis.push(id);
        // OR rule: the new semi with others whose carriers shrink the common
        // part until nothing is left.
        let others: Vec<Bits<W>> = self.pairs[s]
            .semis
            .iter()
            .filter(|&&f| f != id)
            .map(|&f| self.found[f as usize].carrier)
            .collect();
        let mut unions = Vec::new();
        self.or_rule(&others, 0, carrier, carrier, 1, &mut unions);
        for u in unions {
            self.add_full(a, b, u);
        }
    }

    fn or_rule(
        &self,
        semis: &[Bits<W>],
        from: usize,
        common: Bits<W>,
        union: Bits<W>,
        used: usize,
        out: &mut Vec<Bits<W>>,
    ) {
        for (i, c) in semis.iter().enumerate().skip(from) {
            let left = common.and(c);
            if left.same(&common) {
                continue;
            }
            let u = union.or(c);
            if left.is_empty() {
                if !out.iter().any(|o| o.within(&u)) {
                    out.push(u);
                }
            } else if used + 1 < self.limits.ors {
                self.or_rule(semis, i + 1, left, u, used + 1, out);
            }
        }
    }

    /// Whether `a` and `b` may be joined: different nodes, one of them a
    /// group or both next to the node between them, and neither inside the
    /// other's part of the carrier.
    fn joinable(&self, a: u32, b: u32, ca: &Bits<W>, cb: &Bits<W>) -> bool {
        a != b
            && (self.is_group(a) || self.is_group(b) || (ca.is_empty() && cb.is_empty()))
            && ca.disjoint(cb)
            && self.bit(a).is_none_or(|f| !cb.has(f))
            && self.bit(b).is_none_or(|f| !ca.has(f))
    }

    /// Apply the AND rule to connection `id` with every connection sharing
    /// an end with it.
    fn and_rule(&mut self, id: u32) {
        let me = self.found[id as usize];
        for (z, a) in [(me.ends[0], me.ends[1]), (me.ends[1], me.ends[0])] {
            let z_group = self.is_group(z);
            if me.key != NONE && !z_group {
                continue;
            }
            // One end at least must be a group, unless both connections are
            // neighbours (which gives bridges between empty faces).
            let cells_too = self.is_group(a) || me.carrier.is_empty();
            for kind in (!cells_too) as usize..2 {
                let mut i = 0;
                while i < self.partners[z as usize][kind].len() {
                    let b = self.partners[z as usize][kind][i];
                    i += 1;
                    if b != a {
                        self.and_pair(&me, z, z_group, a, b);
                    }
                }
            }
        }
    }

    /// The AND rule between connection `me` (`a–z`) and those of `z–b`.
    fn and_pair(&mut self, me: &Found<W>, z: u32, z_group: bool, a: u32, b: u32) {
        let s = self.pair_of[z as usize * self.nodes + b as usize] as usize;
        let mut j = 0;
        while j < self.pairs[s].fulls.len() {
            let other = self.found[self.pairs[s].fulls[j] as usize];
            j += 1;
            if !other.alive || !self.joinable(a, b, &me.carrier, &other.carrier) {
                continue;
            }
            let u = me.carrier.or(&other.carrier);
            match (me.key, z_group) {
                (NONE, true) => self.add_full(a, b, u),
                (NONE, false) => {
                    let f = self.face[z as usize];
                    self.add_semi(a, b, f, u.or(&Bits::one(f)))
                }
                (key, _) => self.add_semi(a, b, key, u),
            }
        }
        if me.key == NONE && z_group {
            let mut j = 0;
            while j < self.pairs[s].semis.len() {
                let other = self.found[self.pairs[s].semis[j] as usize];
                j += 1;
                if other.alive && self.joinable(a, b, &me.carrier, &other.carrier) {
                    self.add_semi(a, b, other.key, me.carrier.or(&other.carrier));
                }
            }
        }
    }
}

/// Whether one of the connections `ids` has a carrier inside `carrier` (a
/// connection with that carrier then adds nothing).
fn covered<'a, const W: usize>(
    mut ids: impl Iterator<Item = &'a u32>,
    found: &[Found<W>],
    carrier: &Bits<W>,
) -> bool {
    ids.any(|&f| found[f as usize].carrier.within(carrier))
}

/// Drop the connections of `list` whose carriers contain `carrier`: a
/// connection with that carrier makes them useless.
fn drop_supersets<const W: usize>(list: &mut Vec<u32>, found: &mut [Found<W>], carrier: &Bits<W>) {
    list.retain(|&f| {
        let keep = !carrier.within(&found[f as usize].carrier);
        found[f as usize].alive &= keep;
        keep
    });
}

/// A full list keeps the smallest carriers: drop the largest of `list` when
/// `carrier` is smaller (true: there is room now).
fn make_room<const W: usize>(
    list: &mut Vec<u32>,
    found: &mut [Found<W>],
    carrier: &Bits<W>,
) -> bool {
    let Some((k, &worst)) = list
        .iter()
        .enumerate()
        .max_by_key(|(_, f)| found[**f as usize].carrier.len())
    else {
        return true;
    };
    if found[worst as usize].carrier.len() <= carrier.len() {
        return false;
    }
    found[worst as usize].alive = false;
    list.swap_remove(k);
    true
}

/// H-search over `nodes` nodes (the first `cells` of them the empty faces
/// `face`) from the neighbour `links`: the connections between `sides`.
fn build<const W: usize>(
    cells: u32,
    face: Vec<u32>,
    nodes: usize,
    links: &[(u32, u32)],
    sides: [u32; 2],
    limits: Limits,
) -> SideConnections {
    let mut s = Search::<W> {
        cells,
        face,
        nodes,
        pair_of: vec![NONE; nodes * nodes],
        pairs: Vec::new(),
        partners: vec![[Vec::new(), Vec::new()]; nodes],
        found: Vec::new(),
        queue: VecDeque::new(),
        limits,
    };
    for &(a, b) in links {
        s.add_full(a, b, Bits::default());
    }
    while let Some(id) = s.queue.pop_front() {
        if s.found[id as usize].alive {
            s.and_rule(id);
        }
    }
    let mut out = SideConnections::default();
    let k = s.pair_of[sides[0] as usize * nodes + sides[1] as usize];
    if k != NONE {
        let pair = &s.pairs[k as usize];
        let connection = |f: &u32| {
            let f = &s.found[*f as usize];
            Connection {
                key: (f.key != NONE).then_some(f.key),
                carrier: f.carrier.faces(),
            }
        };
        out.fulls = pair.fulls.iter().map(connection).collect();
        out.semis = pair.semis.iter().map(connection).collect();
    }
    out
}

impl Hex {
    /// The connections between player `p`'s two sides that H-search finds in
    /// `pos` (see the module's notes), or `None` when the board has more than
    /// [`MAX_FACES`] faces.
    pub fn side_connections(
        &self,
        pos: &HexPosition,
        p: Player,
        limits: Limits,
    ) -> Option<SideConnections> {
        let t = &*self.t;
        let n = t.n;
        if n > MAX_FACES {
            return None;
        }
        let colour = p + 1;
        let (abit, bbit) = goal(p);
        let (sa, sb) = if p == 0 { (n, n + 1) } else { (n + 2, n + 3) };
        let root = |x: usize| Hex::chain(pos, x);
        let (ra, rb) = (root(sa), root(sb));
        if ra == rb {
            return Some(SideConnections {
                joined: true,
                ..SideConnections::default()
            });
        }
        let free = |e: usize| t.playable[e] && pos.cells[e] == EMPTY;
        let mut node = vec![NONE; n + 4];
        let mut face = Vec::new();
        for e in (0..n).filter(|&e| free(e)) {
            node[e] = face.len() as u32;
            face.push(e as u32);
        }
        let cells = face.len() as u32;
        let mut groups = cells;
        let mut group_of = |r: usize, node: &mut Vec<u32>| {
            if node[r] == NONE {
                node[r] = groups;
                groups += 1;
            }
            node[r]
        };
        let (ga, gb) = (group_of(ra, &mut node), group_of(rb, &mut node));
        let mut links: Vec<(u32, u32)> = Vec::new();
        for e in (0..n).filter(|&e| free(e)) {
            let x = node[e];
            for &g in self.neighbours(e) {
                let g = g as usize;
                if free(g) && e < g {
                    links.push((x, node[g]));
                } else if pos.cells[g] == colour {
                    links.push((x, group_of(root(g), &mut node)));
                }
            }
            if t.side[e] & abit != 0 {
                links.push((x, ga));
            }
            if t.side[e] & bbit != 0 {
                links.push((x, gb));
            }
        }
        links.sort_unstable();
        links.dedup();
        let words = n.div_ceil(64);
        let run = match words {
            0..=2 => build::<2>,
            3 => build::<3>,
            4 => build::<4>,
            _ => build::<WORDS>,
        };
        Some(run(cells, face, groups as usize, &links, [ga, gb], limits))
    }

    /// What H-search's connections of both players tell the player to move
    /// (as [`Hex::verdict`], whose light search it falls back to on boards of
    /// more than [`MAX_FACES`] faces): the opponent's semi connections leave
    /// the player only the faces all their carriers share.
    pub fn verdict_hsearch(&self, pos: &HexPosition, limits: Limits) -> Verdict {
        let me = pos.to_move;
        let them = 1 - me;
        let Some(mine) = self.side_connections(pos, me, limits) else {
            return self.verdict(pos);
        };
        if mine.joined || !mine.fulls.is_empty() || !mine.semis.is_empty() {
            return Verdict::Won(me);
        }
        let Some(theirs) = self.side_connections(pos, them, limits) else {
            return self.verdict(pos);
        };
        if theirs.joined || !theirs.fulls.is_empty() {
            return Verdict::Won(them);
        }
        let mut semis = theirs.semis.iter();
        let Some(first) = semis.next() else {
            return Verdict::Open;
        };
        let mut must = first.carrier.clone();
        for c in semis {
            must.retain(|x| c.carrier.binary_search(x).is_ok());
        }
        if must.is_empty() {
            Verdict::Won(them)
        } else {
            Verdict::MustPlay(must)
        }
    }
}
