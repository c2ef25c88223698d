//! The generic search: an arena-allocated UCT tree over any [`Searchable`]
//! game with an MCTS-solver (proven wins and losses propagate), mate-in-one and
//! must-block checks at the root, and reuse of the subtree of the position reached.

use crate::rules::search::{Knowledge, ParamRange, ParamSpec, ParamUse, Searchable, reward_for};
use crate::rules::{Player, Rules, opponent};
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, AtomicU32, AtomicUsize};
use std::time::Instant;

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

/// A float updated by several threads without a lock: a load and a store,
/// so two threads adding at once can lose one addition (statistics tolerate
/// that; a locked update would cost more than it saves).
#[derive(Default)]
struct RacyF32(AtomicU32);

impl RacyF32 {
    fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Relaxed))
    }
    fn set(&self, v: f32) {
        self.0.store(v.to_bits(), Relaxed);
    }
    fn add(&self, x: f32) {
        self.set(self.get() + x);
    }
}

/// A counter with the same racy increment as [`RacyF32`].
fn racy_inc(c: &AtomicU32) {
    c.store(c.load(Relaxed).wrapping_add(1), Relaxed);
}

/// `first` of a node whose children another thread is adding.
const BUSY: u32 = u32::MAX;

/// A node's proof byte while its proof is unknown and the game's knowledge
/// has been asked about it ([`Params::knowledge`]); any proof replaces it.
const ASKED: u8 = 0x80;
/// The same after the deep knowledge has been asked too ([`Params::deep`]).
const ASKED_DEEP: u8 = 0xC0;

/// What one position of the pre-search ([`Params::presearch`]) counts as
/// against a budget of simulations: Hex's H-search on 11×11 (3.4 ms) costs
/// about as much as 150 simulations of its search (45,000 a second).
pub const PRESEARCH_COST: u64 = 150;

/// How long the pre-search ([`Params::presearch`]) may go on: until
/// `deadline`, and for at most `checks` positions (`None`: no limit).
#[derive(Clone, Copy, Debug, Default)]
pub struct PresearchBudget {
    pub deadline: Option<Instant>,
    pub checks: Option<u64>,
}

/// What [`Tree::ask`] learned about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Told {
    /// Nothing (or another thread has asked).
    Nothing,
    /// This player wins with best play.
    Winner(Player),
    /// Only some moves can avoid a loss (an opponent's threat).
    Only,
}

/// How [`Tree::ask`] asks the game's knowledge.
#[derive(Copy, Clone, Debug)]
struct Ask {
    /// Prove the node itself when the knowledge names the winner (not at the
    /// root, where the search must still pick a move).
    decide: bool,
    /// The deep knowledge ([`Params::deep`]) rather than the light.
    deep: bool,
}

/// One node of the tree. Every field may be read and updated by several
/// searching threads at once; the all-zero node is a fresh, unexpanded leaf.
struct Node<M> {
    /// The move leading here (the root's is never read); written once, by the
    /// thread that allocated the node, before the parent publishes it.
    mv: UnsafeCell<MaybeUninit<M>>,
    /// 1 + the arena index of the first child (children are contiguous);
    /// 0 while not expanded, [`BUSY`] while a thread is expanding it.
    first: AtomicU32,
    len: AtomicU32,
    visits: AtomicU32,
    /// Sum of rewards (0..1) for the player who made `mv`.
    wins: RacyF32,
    /// All-moves-as-first (RAVE) visits: simulations through the parent in
    /// which the player to move there played `mv` later on.
    rave_visits: AtomicU32,
    /// Their sum of rewards for that player.
    rave_wins: RacyF32,
    /// A [`Proof`] as its `u8`.
    proof: AtomicU8,
    /// The move's prior probability among its siblings (× 65,535), for the
    /// progressive bias ([`Params::bias`]); written before the node is
    /// published.
    bias: AtomicU16,
    /// Whether the node's children were added best first by the game's
    /// estimates, so that progressive widening ([`Params::widen`]) may
    /// consider only the first few; written before the children are
    /// published.
    ranked: AtomicBool,
}

impl<M: Copy> Node<M> {
    /// The move of a published node (see [`Arena::mv`]).
    fn mv(&self) -> M {
        // SAFETY: only published nodes are read (see the `Sync` impl).
        unsafe { (*self.mv.get()).assume_init() }
    }
}

impl Proof {
    fn from_u8(x: u8) -> Proof {
        match x {
            1 => Proof::Win,
            2 => Proof::Loss,
            3 => Proof::Draw,
            _ => Proof::Unknown,
        }
    }
    fn to_u8(self) -> u8 {
        match self {
            Proof::Unknown => 0,
            Proof::Win => 1,
            Proof::Loss => 2,
            Proof::Draw => 3,
        }
    }
}

/// The nodes of a tree: allocated once at full capacity (as zeroed memory,
/// which the system only backs with pages as they are touched) so that
/// threads can add nodes while others read, without moving any.
struct Arena<M> {
    nodes: Box<[Node<M>]>,
    used: AtomicUsize,
    /// Set when an allocation found no room.
    full: AtomicBool,
}

// SAFETY: a node's `mv` is written only by the thread that allocated the node
// and before the node is published (a Release store of its parent's `first`,
// read with Acquire before any child is read); every other field is atomic.
unsafe impl<M: Send + Sync> Sync for Arena<M> {}

impl<M: Copy> Arena<M> {
    fn capacity_for(max_nodes: usize) -> usize {
        max_nodes.clamp(1, BUSY as usize - 1)
    }

    fn new(capacity: usize) -> Self {
        let capacity = Self::capacity_for(capacity);
        let zeroed = Box::<[Node<M>]>::new_zeroed_slice(capacity);
        // SAFETY: the all-zero bit pattern is valid for every field of a node
        // (atomics, and `mv` is `MaybeUninit`).
        let nodes = unsafe { zeroed.assume_init() };
        Arena {
            nodes,
            used: AtomicUsize::new(0),
            full: AtomicBool::new(false),
        }
    }

    fn len(&self) -> usize {
        self.used.load(Relaxed)
    }

    fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Claim `k` fresh (all-zero) nodes; `None` when the arena is full.
    fn alloc(&self, k: usize) -> Option<u32> {
        let mut used = self.used.load(Relaxed);
        loop {
            if used + k > self.nodes.len() {
                self.full.store(true, Relaxed);
                return None;
            }
            match self
                .used
                .compare_exchange_weak(used, used + k, Relaxed, Relaxed)
            {
                Ok(_) => return Some(used as u32),
                Err(now) => used = now,
            }
        }
    }

    fn node(&self, i: u32) -> &Node<M> {
        &self.nodes[i as usize]
    }

    fn mv(&self, i: u32) -> M {
        self.node(i).mv()
    }

    /// The nodes `kids` (children of one node, published), for loops over
    /// all of them.
    fn nodes_of(&self, kids: std::ops::Range<u32>) -> &[Node<M>] {
        &self.nodes[kids.start as usize..kids.end as usize]
    }

    /// Write the move of a node this thread has just allocated.
    fn set_mv(&self, i: u32, m: M) {
        // SAFETY: the node is not yet published, so no other thread reads it.
        unsafe { (*self.node(i).mv.get()).write(m) };
    }

    /// The children of node `i` once it is expanded and published.
    fn children(&self, i: u32) -> Option<std::ops::Range<u32>> {
        let n = self.node(i);
        match n.first.load(Acquire) {
            0 | BUSY => None,
            f => Some(f - 1..f - 1 + n.len.load(Relaxed)),
        }
    }

    fn proof(&self, i: u32) -> Proof {
        Proof::from_u8(self.node(i).proof.load(Relaxed))
    }

    fn set_proof(&self, i: u32, p: Proof) {
        self.node(i).proof.store(p.to_u8(), Relaxed);
    }

    fn visits(&self, i: u32) -> u32 {
        self.node(i).visits.load(Relaxed)
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
    /// Node recycling: when the tree is full, the search pauses, drops the
    /// children of little-visited nodes ([`Tree::recycle`]) and goes on
    /// growing the tree; off, a full tree stops growing.
    pub recycle: bool,
    /// Prior knowledge: a new node's children start with the game's estimate
    /// of each move ([`Searchable::priors`]) as this many RAVE visits, which
    /// the real statistics outweigh as they come (0: off; needs RAVE).
    pub prior: f32,
    /// Progressive bias (as MoHex 2.0's): a child's UCT score gains
    /// `bias · p / √(n + 1)`, where `n` is its visits and `p` its move's
    /// probability among its siblings from the game's estimates `v`
    /// ([`Searchable::priors`]), p ∝ exp(`bias_scale`·v). Unlike the RAVE
    /// visits of [`Params::prior`] it fades with the child's own visits, not
    /// with the parent's playouts (0: off).
    pub bias: f32,
    /// How sharply the progressive bias follows the game's estimates: p ∝
    /// exp(`bias_scale`·v) ([`Params::bias`]).
    pub bias_scale: f32,
    /// MoHex's pre-search: before searching, when the game's deep knowledge
    /// ([`Searchable::knowledge`]) about the root names the root's player
    /// the winner or rules moves out (an opponent's threat), it is asked
    /// about the position after each root move, for at most a fifth of the
    /// move's time or of its budget of simulations (each position counted
    /// as [`PRESEARCH_COST`] simulations); moves it proves won or lost are
    /// marked so, and a lost one is left out of the search unless every
    /// move checked is lost.
    pub presearch: bool,
    /// The game's knowledge ([`Searchable::knowledge`]) is asked about a node
    /// once it has this many visits, and about the root at once: a proven
    /// winner decides the node, and moves it proves losing are marked so
    /// (0: never).
    pub knowledge: u32,
    /// The game's deeper (dearer) knowledge (`Searchable::knowledge` with
    /// `deep`) is asked about a node once it has this many visits, and about
    /// the root at once (0: never).
    pub deep: u32,
    /// The first move under the swap rule (the pie rule): the search reads
    /// the game after each first move without the swap and counts the move as
    /// the worse of its two values for the first player — kept (q) or swapped
    /// (1 − q) — so it looks for the fairest opening, not the strongest one,
    /// which the opponent would take over ([`Tree::fold_root`]). Off, the
    /// first move is searched like any other (with the swap among the replies).
    pub pie: bool,
    /// Progressive widening (Coulom's progressive unpruning): a node whose
    /// children the game ranks ([`Searchable::priors`]) considers only its
    /// `widen` best children, ranked by those estimates, and one more each
    /// time its visits reach `widen_at · widen_mul^k` (k = 0, 1, …), so that
    /// a node with `n` visits considers `widen + ⌊log(n / widen_at) /
    /// log(widen_mul)⌋ + 1` of them once `n ≥ widen_at`. Children proven
    /// lost do not count. 0: off (every child is considered).
    pub widen: u32,
    pub widen_at: f32,
    pub widen_mul: f32,
}

impl Params {
    /// The parameters [`Params::set`] accepts, with their values and the
    /// part of the search each tunes.
    pub const SPECS: &'static [ParamSpec] = &[
        spec(
            "explore",
            ParamRange::at_least(0.0),
            ParamUse::Always,
            "UCT exploration constant",
        ),
        spec(
            "expand",
            ParamRange::Count {
                min: 1,
                max: 1_000_000,
            },
            ParamUse::Always,
            "visits before a leaf is expanded",
        ),
        spec(
            "nodes",
            ParamRange::Count {
                min: 1000,
                max: MAX_NODES as u64,
            },
            ParamUse::Always,
            "room in the tree, in nodes (about 36 bytes each)",
        ),
        spec(
            "fpu",
            ParamRange::at_least(0.0),
            ParamUse::Always,
            "first-play urgency: an unvisited child's value (0: each child tried once first)",
        ),
        spec(
            "recycle",
            ParamRange::Switch,
            ParamUse::Always,
            "a full tree drops little-visited branches and grows on",
        ),
        spec(
            "rave",
            ParamRange::Switch,
            ParamUse::Rave,
            "all-moves-as-first (RAVE) statistics",
        ),
        spec(
            "rave_init",
            ParamRange::at_least(0.001),
            ParamUse::Rave,
            "RAVE schedule: what a RAVE visit weighs against a child's own, early on",
        ),
        spec(
            "rave_final",
            ParamRange::at_least(0.001),
            ParamUse::Rave,
            "RAVE schedule: a child's own visits at which its RAVE value counts half, late on",
        ),
        spec(
            "prior",
            ParamRange::at_least(0.0),
            ParamUse::RavePriors,
            "the game's estimates of new children, as this many RAVE visits (0: off)",
        ),
        spec(
            "bias",
            ParamRange::at_least(0.0),
            ParamUse::Priors,
            "progressive bias: weight of the game's estimates, fading with visits (0: off)",
        ),
        spec(
            "bias_scale",
            ParamRange::at_least(0.0),
            ParamUse::Priors,
            "how sharply the progressive bias follows the estimates",
        ),
        spec(
            "widen",
            ParamRange::count_from(0),
            ParamUse::Priors,
            "progressive widening: best-estimated children considered at first (0: all)",
        ),
        spec(
            "widen_at",
            ParamRange::at_least(1.0),
            ParamUse::Priors,
            "progressive widening: visits before the first extra child",
        ),
        spec(
            "widen_mul",
            ParamRange::at_least(1.01),
            ParamUse::Priors,
            "progressive widening: factor of visits between extra children",
        ),
        spec(
            "knowledge",
            ParamRange::count_from(0),
            ParamUse::Knowledge,
            "visits before the game's knowledge is asked about a node (0: never)",
        ),
        spec(
            "deep",
            ParamRange::count_from(0),
            ParamUse::Knowledge,
            "visits before the game's deeper, dearer knowledge is asked (0: never)",
        ),
        spec(
            "presearch",
            ParamRange::Switch,
            ParamUse::Knowledge,
            "before searching a threatened position, check each move with the deep knowledge",
        ),
        spec(
            "pie",
            ParamRange::Switch,
            ParamUse::Swap,
            "under the swap rule, look for the fairest first move, not the strongest",
        ),
    ];

    /// Set a parameter by name to one of its [`ParamSpec::range`]'s values
    /// (the caller checks); false for an unknown name.
    pub fn set(&mut self, name: &str, value: f64) -> bool {
        match name {
            "explore" => self.explore = value as f32,
            "expand" => self.expand_at = value as u32,
            "nodes" => self.max_nodes = value as usize,
            "fpu" => self.fpu = value as f32,
            "rave" => self.rave = value != 0.0,
            "rave_init" => self.rave_init = value as f32,
            "rave_final" => self.rave_final = value as f32,
            "recycle" => self.recycle = value != 0.0,
            "prior" => self.prior = value as f32,
            "bias" => self.bias = value as f32,
            "bias_scale" => self.bias_scale = value as f32,
            "presearch" => self.presearch = value != 0.0,
            "knowledge" => self.knowledge = value as u32,
            "deep" => self.deep = value as u32,
            "pie" => self.pie = value != 0.0,
            "widen" => self.widen = value as u32,
            "widen_at" => self.widen_at = value as f32,
            "widen_mul" => self.widen_mul = value as f32,
            _ => return false,
        }
        true
    }

    /// The value of a parameter by name (a switch as 0 or 1).
    pub fn get(&self, name: &str) -> Option<f64> {
        let on = |b: bool| if b { 1.0 } else { 0.0 };
        Some(match name {
            "explore" => self.explore as f64,
            "expand" => self.expand_at as f64,
            "nodes" => self.max_nodes as f64,
            "fpu" => self.fpu as f64,
            "rave" => on(self.rave),
            "rave_init" => self.rave_init as f64,
            "rave_final" => self.rave_final as f64,
            "recycle" => on(self.recycle),
            "prior" => self.prior as f64,
            "bias" => self.bias as f64,
            "bias_scale" => self.bias_scale as f64,
            "presearch" => on(self.presearch),
            "knowledge" => self.knowledge as f64,
            "deep" => self.deep as f64,
            "pie" => on(self.pie),
            "widen" => self.widen as f64,
            "widen_at" => self.widen_at as f64,
            "widen_mul" => self.widen_mul as f64,
            _ => return None,
        })
    }
}

/// The most nodes a tree may be given room for (`nodes`): about 3.6 GB.
const MAX_NODES: usize = 100_000_000;

const fn spec(
    name: &'static str,
    range: ParamRange,
    uses: ParamUse,
    about: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        range,
        uses,
        about,
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
            recycle: true,
            prior: 0.0,
            bias: 0.0,
            bias_scale: 10.0,
            presearch: false,
            knowledge: 0,
            deep: 0,
            pie: true,
            widen: 0,
            widen_at: 40.0,
            widen_mul: 1.4,
        }
    }
}

/// How many of a ranked node's children not proven lost progressive widening
/// lets the search consider ([`Params::widen`]), `log_n` the log of the
/// node's visits.
fn widen_count(params: &Params, log_n: f32) -> u32 {
    let past = log_n - params.widen_at.ln();
    if past < 0.0 {
        params.widen
    } else {
        params
            .widen
            .saturating_add((past / params.widen_mul.ln()) as u32)
            .saturating_add(1)
    }
}

/// Where a [`Tree::descend`] ended.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Descent {
    /// At a leaf to play out from (the position is in the scratch space).
    Playout,
    /// At a proven or terminal node: this reward for player 0, no playout.
    Reward(f32),
    /// The root is proven: no more simulations are useful.
    RootProven,
}

/// Play out from the position a [`Tree::descend`] left in `s` (recording who
/// played which move when RAVE is on); the reward for player 0.
fn playout<R: Searchable>(
    rules: &R,
    aux: &R::Aux,
    params: &Params,
    s: &mut Scratch<R>,
    rng: &mut ChaCha8Rng,
) -> f32 {
    let mut pos = s.pos.take().expect("a descent leaves its position");
    let reward0 = if params.rave && R::AMAF {
        rules.simulate_amaf(aux, &mut pos, rng, &mut s.moves, &mut s.bytes, &mut s.amaf)
    } else {
        rules.simulate(aux, &mut pos, rng, &mut s.moves, &mut s.bytes)
    };
    s.pos = Some(pos);
    reward0
}

/// One search tree rooted at a position, which several threads can search at
/// once ([`Tree::simulate`] takes `&self`).
pub struct Tree<R: Rules> {
    arena: Arena<R::Move>,
    /// The root's arena index. Re-rooting moves it down the tree without
    /// copying; the nodes outside its subtree stay in the arena until the
    /// arena fills and [`Tree::recycle`] copies the subtree alone.
    root: u32,
    pub root_pos: R::Position,
    /// The player to move at the root.
    pub root_player: Player,
    /// Whether the root tactics (mate-in-one, must-block) have been applied.
    tactics_done: bool,
    /// Whether the root's children are first moves under the swap rule, searched
    /// in the game without it ([`Params::pie`]): each child's value `q` counts
    /// as min(q, 1 − q), since the opponent would swap a move worth more than
    /// half; a child proven won or lost counts as lost. Set by the search; a
    /// folded tree is never reused for the next move.
    pub fold_root: bool,
}

/// A root child's value under the swap rule ([`Tree::fold_root`]): the
/// opponent swaps a first move worth more than half.
#[inline]
fn fold_value(v: f32, fold: bool) -> f32 {
    if fold { v.min(1.0 - v) } else { v }
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

/// Pick the best of merged root statistics: the most visited proven win, else
/// the most visited move that is not a proven loss (ties: higher win rate),
/// else any.
pub fn best_of<M: Copy + Ord>(stats: &[RootStat<M>]) -> Option<&RootStat<M>> {
    let better = |a: &RootStat<M>, b: &RootStat<M>| {
        a.visits > b.visits || (a.visits == b.visits && a.rate() > b.rate())
    };
    // The first of the best (ties keep the earlier move).
    let most = |keep: &dyn Fn(&RootStat<M>) -> bool| {
        stats.iter().filter(|s| keep(s)).fold(None, |best, s| {
            if best.is_none_or(|b| better(s, b)) {
                Some(s)
            } else {
                best
            }
        })
    };
    most(&|s| s.proof == Proof::Win)
        .or_else(|| most(&|s| s.proof != Proof::Loss))
        .or_else(|| most(&|_| true))
}

/// Scratch space of one searching thread.
pub struct Scratch<R: Rules> {
    path: Vec<u32>,
    moves: Vec<R::Move>,
    bytes: Vec<u8>,
    /// Who played each move (player + 1, by move index) in this simulation.
    amaf: Vec<u8>,
    pos: Option<R::Position>,
    /// The player who made the move leading to the last descent's leaf.
    leaf_mover: Player,
    /// The game's prior estimates of the moves being expanded.
    priors: Vec<f32>,
    /// The same with their moves, to rank them ([`Params::widen`]).
    ranked: Vec<(f32, R::Move)>,
    /// The children a back-up adds a RAVE result to, by index among their
    /// siblings.
    hits: Vec<u32>,
}

impl<R: Rules> Default for Scratch<R> {
    fn default() -> Self {
        Scratch {
            path: Vec::with_capacity(64),
            moves: Vec::new(),
            bytes: Vec::new(),
            amaf: Vec::new(),
            pos: None,
            leaf_mover: 0,
            priors: Vec::new(),
            ranked: Vec::new(),
            hits: Vec::new(),
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
    /// Times this search found the tree full and recycled it.
    pub recycles: u32,
    /// Milliseconds this search spent not searching: re-rooting the tree it
    /// kept from the last move, and recycling it.
    pub paused_ms: u64,
    /// Simulations through the root when this search began: what the tree
    /// kept from earlier searches (the engine's last move, or thinking on
    /// the opponent's time) already held about the position.
    pub reused: u64,
}

impl<R: Rules> std::fmt::Debug for Tree<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("arena_nodes", &self.arena.len())
            .field("root_visits", &self.arena.visits(self.root))
            .field("root_player", &self.root_player)
            .finish()
    }
}

impl<R: Searchable> Clone for Tree<R> {
    fn clone(&self) -> Self {
        Tree {
            arena: self.copy_subtree(self.root, 0),
            root: 0,
            root_pos: self.root_pos.clone(),
            root_player: self.root_player,
            tactics_done: self.tactics_done,
            fold_root: self.fold_root,
        }
    }
}

impl<R: Searchable> Tree<R> {
    /// A fresh tree at `pos` holding at most [`Params::max_nodes`] of the
    /// default parameters; `None` when there is no legal move.
    pub fn new(rules: &R, pos: R::Position) -> Option<Self> {
        Self::with_capacity(rules, pos, Params::default().max_nodes)
    }

    /// A fresh tree at `pos` holding at most `max_nodes` nodes; `None` when
    /// there is no legal move.
    pub fn with_capacity(rules: &R, pos: R::Position, max_nodes: usize) -> Option<Self> {
        let root_player = rules.to_move(&pos);
        let mut moves = Vec::new();
        rules.legal_moves(&pos, &mut moves);
        // The root's move is never read; any legal move will do.
        let mv = *moves.first()?;
        let arena = Arena::new(max_nodes);
        let root = arena.alloc(1).expect("a new arena has room for the root");
        arena.set_mv(root, mv);
        Some(Tree {
            arena,
            root,
            root_pos: pos,
            root_player,
            tactics_done: false,
            fold_root: false,
        })
    }

    /// How many nodes the tree can hold.
    pub fn capacity(&self) -> usize {
        self.arena.capacity()
    }

    /// The capacity of a tree made for at most `max_nodes` nodes.
    pub fn capacity_for(max_nodes: usize) -> usize {
        Arena::<R::Move>::capacity_for(max_nodes)
    }

    /// Nodes, expanded nodes and the deepest visited ply.
    pub fn info(&self) -> TreeInfo {
        let a = &self.arena;
        let (mut nodes, mut expanded, mut max_depth) = (1, 0, 0);
        let mut stack = vec![(self.root, 0u32)];
        while let Some((x, d)) = stack.pop() {
            if let Some(kids) = a.children(x) {
                nodes += kids.len() as u64;
                expanded += 1;
            }
            if a.visits(x) == 0 {
                continue;
            }
            max_depth = max_depth.max(d);
            if let Some(kids) = a.children(x) {
                stack.extend(kids.map(|c| (c, d + 1)));
            }
        }
        TreeInfo {
            nodes,
            expanded,
            max_depth,
            ..TreeInfo::default()
        }
    }

    /// Whether a node could not be expanded for lack of room since the tree
    /// was made, re-rooted or recycled.
    pub fn is_full(&self) -> bool {
        self.arena.full.load(Relaxed)
    }

    /// Make room in a full tree (node recycling, for long searches): copy the
    /// root's subtree into a fresh arena, whole if it fills at most half of
    /// it, else keeping the children of the nodes visited at least `k` times
    /// only, for the smallest `k` among 1, 2, 4, 8, … that leaves the tree
    /// at most half full. The nodes that lose their children become leaves
    /// again with their own statistics, and are expanded anew when the
    /// search comes back to them; the root keeps its children. Returns the
    /// nodes kept. Only while no thread is searching the tree.
    pub fn recycle(&mut self) -> usize {
        let half = self.arena.capacity() / 2;
        // One walk: the children of nodes counted by the bit length of the
        // node's visits (a child has no more visits than its parent, so a
        // node whose visits reach k has ancestors that reach it too, and
        // dropping the buckets below k counts exactly what k drops).
        let a = &self.arena;
        let mut by_log = [0usize; 33];
        let mut all = 1;
        let mut stack = vec![self.root];
        while let Some(x) = stack.pop() {
            if let Some(kids) = a.children(x) {
                let v = if x == self.root {
                    u32::MAX
                } else {
                    a.visits(x)
                };
                by_log[(u32::BITS - v.leading_zeros()) as usize] += kids.len();
                all += kids.len();
                stack.extend(kids);
            }
        }
        let mut k = 0;
        let mut kept = all;
        for (j, n) in by_log.iter().enumerate().take(32) {
            if kept <= half {
                break;
            }
            // Nodes with fewer than 2^j visits lose their children.
            kept -= n;
            k = 1u32 << j;
        }
        self.arena = self.copy_subtree(self.root, k);
        self.root = 0;
        self.arena.len()
    }

    /// Copy the root's subtree alone into a fresh arena (what re-rooting
    /// leaves outside it is dropped), keeping every node. Only while no
    /// thread is searching the tree.
    pub fn compact(&mut self) {
        self.arena = self.copy_subtree(self.root, 0);
        self.root = 0;
    }

    /// Root visits (simulations through this tree, including reused ones).
    pub fn root_visits(&self) -> u64 {
        self.arena.visits(self.root) as u64
    }

    /// The subtree at `t` copied into a fresh arena of the same capacity, at
    /// its root; breadth first, so children stay contiguous. Nodes below `t`
    /// visited fewer than `min_visits` times are copied without their
    /// children (they become leaves again, keeping their own statistics).
    fn copy_subtree(&self, t: u32, min_visits: u32) -> Arena<R::Move> {
        let old = &self.arena;
        let new = Arena::new(old.capacity());
        let copy = |from: u32, to: u32| {
            let (a, b) = (old.node(from), new.node(to));
            new.set_mv(to, old.mv(from));
            b.visits.store(a.visits.load(Relaxed), Relaxed);
            b.wins.set(a.wins.get());
            b.rave_visits.store(a.rave_visits.load(Relaxed), Relaxed);
            b.rave_wins.set(a.rave_wins.get());
            b.proof.store(a.proof.load(Relaxed), Relaxed);
            b.bias.store(a.bias.load(Relaxed), Relaxed);
            b.ranked.store(a.ranked.load(Relaxed), Relaxed);
        };
        let root = new.alloc(1).expect("a new arena has room for the root");
        copy(t, root);
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((t, root));
        while let Some((from, to)) = queue.pop_front() {
            if from != t && old.visits(from) < min_visits {
                // A leaf again: the knowledge marked its children, so it is
                // asked again when they are added again.
                let proof = &new.node(to).proof;
                if matches!(proof.load(Relaxed), ASKED | ASKED_DEEP) {
                    proof.store(0, Relaxed);
                }
                continue;
            }
            let Some(kids) = old.children(from) else {
                continue;
            };
            let first = new
                .alloc(kids.len())
                .expect("a subtree fits an arena as large as its tree's");
            for (k, c) in kids.enumerate() {
                copy(c, first + k as u32);
                queue.push_back((c, first + k as u32));
            }
            let n = new.node(to);
            n.len.store(old.node(from).len.load(Relaxed), Relaxed);
            n.first.store(first + 1, Release);
        }
        new
    }

    /// Re-root the tree at `pos` if `pos` is the root or is reached from it by one
    /// or two expanded moves; the statistics of that subtree are kept. Returns
    /// false (and leaves the tree alone) otherwise.
    pub fn reroot(&mut self, rules: &R, pos: &R::Position) -> bool {
        if self.root_pos == *pos {
            return true;
        }
        let Some(t) = self.find_descendant(rules, pos) else {
            return false;
        };
        // The new root's knowledge is asked again, as a root's (it decides
        // nothing there, the search must still pick a move).
        self.root = t;
        self.arena.set_proof(t, Proof::Unknown);
        self.root_pos = pos.clone();
        self.root_player = rules.to_move(pos);
        self.tactics_done = false;
        true
    }

    fn find_descendant(&self, rules: &R, pos: &R::Position) -> Option<u32> {
        let a = &self.arena;
        for c in a.children(self.root)? {
            let mut p1 = self.root_pos.clone();
            rules.apply(&mut p1, a.mv(c));
            if p1 == *pos {
                return Some(c);
            }
            for g in a.children(c).into_iter().flatten() {
                let mut p2 = p1.clone();
                rules.apply(&mut p2, a.mv(g));
                if p2 == *pos {
                    return Some(g);
                }
            }
        }
        None
    }

    /// Add the children of `node` (the tree moves at `pos`, shuffled) unless
    /// another thread is doing so or has done so, or the arena is full.
    /// Returns their number (0: `node` has no legal move, and stays a leaf),
    /// or `None` when nothing was added.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &self,
        rules: &R,
        aux: &R::Aux,
        params: &Params,
        pos: &R::Position,
        node: u32,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
    ) -> Option<u32> {
        let a = &self.arena;
        let n = a.node(node);
        if n.first.compare_exchange(0, BUSY, Acquire, Relaxed).is_err() {
            return None;
        }
        rules.tree_moves(aux, pos, &mut s.moves);
        if s.moves.is_empty() {
            n.first.store(0, Release);
            return Some(0);
        }
        let Some(first) = a.alloc(s.moves.len()) else {
            n.first.store(0, Release);
            return None;
        };
        s.moves.shuffle(rng);
        let rave_prior = params.prior > 0.0 && params.rave && R::AMAF;
        let mut ranked = false;
        s.priors.clear();
        if rave_prior || params.bias > 0.0 || params.widen > 0 {
            let last = (node != self.root).then(|| a.mv(node));
            rules.priors(aux, pos, last, &s.moves, &mut s.priors);
            if s.priors.len() != s.moves.len() {
                s.priors.clear();
            } else if params.widen > 0 {
                // Best first; the shuffle decides among equal estimates.
                s.ranked.clear();
                s.ranked
                    .extend(s.priors.iter().copied().zip(s.moves.iter().copied()));
                s.ranked.sort_by(|x, y| y.0.total_cmp(&x.0));
                for (k, &(v, m)) in s.ranked.iter().enumerate() {
                    s.priors[k] = v;
                    s.moves[k] = m;
                }
                ranked = true;
            }
        }
        for (k, &m) in s.moves.iter().enumerate() {
            a.set_mv(first + k as u32, m);
        }
        if !s.priors.is_empty() && (rave_prior || params.bias > 0.0) {
            let k = params.prior.round().max(1.0);
            // Weights exp(scale·(v − max)), so that the largest is 1 and
            // none overflows, and their sum.
            let top = s.priors.iter().copied().fold(f32::MIN, f32::max);
            let weight = |v: f32| (params.bias_scale * (v - top)).exp();
            let sum = (params.bias > 0.0).then(|| s.priors.iter().map(|&v| weight(v)).sum::<f32>());
            for (i, &v) in s.priors.iter().enumerate() {
                let c = a.node(first + i as u32);
                if rave_prior {
                    c.rave_visits.store(k as u32, Relaxed);
                    c.rave_wins.set(k * v.clamp(0.0, 1.0));
                }
                if let Some(sum) = sum {
                    let p = weight(v) / sum;
                    c.bias.store((p * 65_535.0).round() as u16, Relaxed);
                }
            }
        }
        n.ranked.store(ranked, Relaxed);
        n.len.store(s.moves.len() as u32, Relaxed);
        n.first.store(first + 1, Release);
        Some(s.moves.len() as u32)
    }

    /// Ask the game's knowledge about `node` (at `pos`, children `kids`)
    /// unless a thread has already: mark the children it proves losing, and
    /// with `decide` prove the node itself when it knows the winner. Returns
    /// what it learned.
    fn ask(
        &self,
        rules: &R,
        aux: &R::Aux,
        pos: &R::Position,
        node: u32,
        kids: std::ops::Range<u32>,
        how: Ask,
    ) -> Told {
        let Ask { decide, deep } = how;
        let a = &self.arena;
        let proof = &a.node(node).proof;
        let (before, after): (&[u8], u8) = if deep {
            (&[0, ASKED], ASKED_DEEP)
        } else {
            (&[0], ASKED)
        };
        let now = proof.load(Relaxed);
        if !before.contains(&now)
            || proof
                .compare_exchange(now, after, Relaxed, Relaxed)
                .is_err()
        {
            return Told::Nothing;
        }
        match rules.knowledge(aux, pos, deep) {
            Knowledge::Nothing => Told::Nothing,
            Knowledge::Winner(w) => {
                if decide {
                    let mover = opponent(rules.to_move(pos));
                    a.set_proof(node, if w == mover { Proof::Win } else { Proof::Loss });
                }
                Told::Winner(w)
            }
            Knowledge::Only(keep) => {
                for c in kids {
                    if !keep.contains(&a.mv(c)) && a.proof(c) == Proof::Unknown {
                        a.set_proof(c, Proof::Loss);
                    }
                }
                Told::Only
            }
        }
    }

    /// Mark root children that win at once (proven wins) and those after which
    /// the opponent has an immediate win (proven losses); with
    /// [`Params::presearch`], also those the game's deep knowledge proves
    /// after the move, within `budget`.
    pub fn root_tactics(
        &mut self,
        rules: &R,
        aux: &R::Aux,
        params: &Params,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
        budget: PresearchBudget,
    ) {
        if self.tactics_done || rules.result(&self.root_pos).is_some() {
            return;
        }
        self.tactics_done = true;
        let root = self.root;
        if self.arena.children(root).is_none() {
            let pos = self.root_pos.clone();
            self.expand(rules, aux, params, &pos, root, s, rng);
        }
        let a = &self.arena;
        let Some(kids) = a.children(root) else {
            return;
        };
        // At the root only the losing moves count: the search must still
        // pick a move when the position is decided.
        let me = self.root_player;
        let mut told = Vec::new();
        let deep = params.deep > 0 || params.presearch;
        for (asked, deep) in [(params.knowledge > 0, false), (deep, true)] {
            if asked {
                let how = Ask {
                    decide: false,
                    deep,
                };
                told.push(self.ask(rules, aux, &self.root_pos, root, kids.clone(), how));
            }
        }
        // Worth a pre-search: a win to find, or an opponent's threat (when
        // the root was asked before, in a reused tree: moves it ruled out),
        // unless the root is lost anyway.
        let threatened = !told.contains(&Told::Winner(opponent(me)))
            && (told.contains(&Told::Winner(me))
                || told.contains(&Told::Only)
                || kids.clone().any(|c| a.proof(c) == Proof::Loss));
        let mut after: Vec<R::Position> = Vec::with_capacity(kids.len());
        for c in kids.clone() {
            let mut p = self.root_pos.clone();
            rules.apply(&mut p, a.mv(c));
            match rules.result(&p) {
                Some(Some(w)) if w == me => a.set_proof(c, Proof::Win),
                Some(Some(_)) => a.set_proof(c, Proof::Loss),
                Some(None) => a.set_proof(c, Proof::Draw),
                None => {}
            }
            after.push(p);
        }
        if kids.clone().any(|c| a.proof(c) == Proof::Win) {
            return;
        }
        if params.presearch && threatened {
            self.presearch(rules, aux, kids.clone(), &after, budget);
            if kids.clone().any(|c| a.proof(c) == Proof::Win) {
                return;
            }
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
        let first = kids.start;
        let mut replies = Vec::new();
        let full = kids.len() <= 48;
        let mut threats: Vec<R::Move> = Vec::new();
        if !full {
            let probes: Vec<usize> = (0..after.len())
                .filter(|&k| a.proof(first + k as u32) == Proof::Unknown)
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
        for (k, p) in after.iter().enumerate() {
            let c = first + k as u32;
            if a.proof(c) != Proof::Unknown {
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
                a.set_proof(c, Proof::Loss);
            }
        }
    }

    /// MoHex's pre-search ([`Params::presearch`]): the game's deep knowledge
    /// about the position after each root move not yet proven (`after`, in
    /// the order of `kids`), within `budget`. A move after which the root's
    /// player is the proven winner is proven won, and the search stops there;
    /// moves after which the opponent is are proven lost, unless every move
    /// checked is (the search then still picks the move that resists best
    /// among all of them).
    fn presearch(
        &self,
        rules: &R,
        aux: &R::Aux,
        kids: std::ops::Range<u32>,
        after: &[R::Position],
        budget: PresearchBudget,
    ) {
        let PresearchBudget { deadline, checks } = budget;
        let a = &self.arena;
        let me = self.root_player;
        let mut lost = Vec::new();
        // Moves checked and not proven lost: without one (every move checked
        // lost, or none checked before the limit), the losing moves are left
        // open, so the search does not have to choose among the moves the
        // limit left unchecked when the position may be lost.
        let mut survivors = 0;
        let mut done = 0;
        for (c, p) in kids.zip(after) {
            if deadline.is_some_and(|d| Instant::now() >= d) || checks.is_some_and(|n| done >= n) {
                break;
            }
            if a.proof(c) != Proof::Unknown {
                continue;
            }
            done += 1;
            match rules.knowledge(aux, p, true) {
                Knowledge::Winner(w) if w == me => {
                    a.set_proof(c, Proof::Win);
                    return;
                }
                Knowledge::Winner(_) => lost.push(c),
                Knowledge::Nothing | Knowledge::Only(_) => survivors += 1,
            }
        }
        if survivors > 0 {
            for c in lost {
                a.set_proof(c, Proof::Loss);
            }
        }
    }

    /// One simulation: select, expand, play out, back up. Returns false if the
    /// root is proven (no more simulations are useful).
    pub fn simulate(
        &self,
        rules: &R,
        aux: &R::Aux,
        params: &Params,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
    ) -> bool {
        let reward0 = match self.descend(rules, aux, params, s, rng) {
            Descent::RootProven => return false,
            Descent::Reward(r) => r,
            Descent::Playout => playout(rules, aux, params, s, rng),
        };
        self.back_up(rules, params, s, reward0);
        true
    }

    /// The first half of a simulation: select a path from the root (in
    /// `s.path`), expand its leaf when due, and count a visit on every node of
    /// the path as the descent enters it, as a loss until [`Tree::back_up`]
    /// adds the reward (a virtual loss, which steers other threads searching
    /// the tree elsewhere).
    /// The position reached is left in the scratch space for the playout.
    fn descend(
        &self,
        rules: &R,
        aux: &R::Aux,
        params: &Params,
        s: &mut Scratch<R>,
        rng: &mut ChaCha8Rng,
    ) -> Descent {
        let a = &self.arena;
        let root = self.root;
        if a.proof(root) != Proof::Unknown {
            return Descent::RootProven;
        }
        let mut pos = match s.pos.take() {
            Some(mut p) => {
                p.clone_from(&self.root_pos);
                p
            }
            None => self.root_pos.clone(),
        };
        s.path.clear();
        s.path.push(root);
        // The visit counts as soon as the descent enters a node (a virtual
        // loss until the reward comes back): another thread sees it while this
        // one expands a node, asks the game's knowledge or plays out, not only
        // during the playout. `visits` is the node's count before this visit.
        let mut visits = a.node(root).visits.fetch_add(1, Relaxed);
        let rave = params.rave && R::AMAF;
        if rave {
            s.amaf.clear();
            s.amaf.resize(rules.move_index_count(), 0);
        }
        let mut node = root;
        let mut to_move = self.root_player;
        let outcome = loop {
            match a.proof(node) {
                Proof::Unknown => {}
                Proof::Win => break Descent::Reward(reward_for(Some(opponent(to_move)), 0)),
                Proof::Loss => break Descent::Reward(reward_for(Some(to_move), 0)),
                Proof::Draw => break Descent::Reward(0.5),
            }
            let kids = match a.children(node) {
                Some(kids) => kids,
                None => {
                    if node != root && visits == 0 {
                        // First visit: a terminal position is proven at once.
                        if let Some(w) = rules.result(&pos) {
                            let mover = opponent(to_move);
                            a.set_proof(
                                node,
                                match w {
                                    Some(x) if x == mover => Proof::Win,
                                    Some(_) => Proof::Loss,
                                    None => Proof::Draw,
                                },
                            );
                            break Descent::Reward(reward_for(w, 0));
                        }
                    }
                    if !(node == root || visits + 1 >= params.expand_at) {
                        break Descent::Playout;
                    }
                    match self.expand(rules, aux, params, &pos, node, s, rng) {
                        Some(0) => {
                            // No legal move although the rules report no result: a draw.
                            a.set_proof(node, Proof::Draw);
                            break Descent::Reward(0.5);
                        }
                        Some(_) => a.children(node).expect("just expanded"),
                        // Full, or another thread is expanding it.
                        None => break Descent::Playout,
                    }
                }
            };
            if node != root {
                let v = visits;
                let deep = params.deep > 0 && v >= params.deep;
                let decided = if deep || (params.knowledge > 0 && v >= params.knowledge) {
                    let how = Ask { decide: true, deep };
                    match self.ask(rules, aux, &pos, node, kids.clone(), how) {
                        Told::Winner(w) => Some(w),
                        Told::Nothing | Told::Only => None,
                    }
                } else {
                    None
                };
                if let Some(w) = decided {
                    break Descent::Reward(reward_for(Some(w), 0));
                }
            }
            // Select a child (the node's player to move is `to_move`).
            let fold = node == root && self.fold_root;
            match self.select(node, visits, kids, params, rave, fold) {
                Ok(c) => {
                    let mv = a.mv(c);
                    if rave {
                        let slot = &mut s.amaf[rules.move_index(mv)];
                        if *slot == 0 {
                            *slot = to_move + 1;
                        }
                    }
                    rules.apply(&mut pos, mv);
                    s.path.push(c);
                    visits = a.node(c).visits.fetch_add(1, Relaxed);
                    node = c;
                    to_move = opponent(to_move);
                }
                Err(proof) => {
                    // Every child proven: the node is proven too.
                    a.set_proof(node, proof);
                    if node == root {
                        // The root is solved; its visit is counted: stop.
                        s.pos = Some(pos);
                        return Descent::RootProven;
                    }
                    break Descent::Reward(match proof {
                        Proof::Win => reward_for(Some(opponent(to_move)), 0),
                        Proof::Loss => reward_for(Some(to_move), 0),
                        _ => 0.5,
                    });
                }
            }
        };
        s.leaf_mover = opponent(to_move);
        s.pos = Some(pos);
        outcome
    }

    /// The second half of a simulation: add `reward0` (the reward for player
    /// 0) along the path [`Tree::descend`] took, whose visits it has already
    /// counted, and the RAVE statistics of the moves played in the simulation.
    fn back_up(&self, rules: &R, params: &Params, s: &mut Scratch<R>, reward0: f32) {
        let a = &self.arena;
        let rave = params.rave && R::AMAF;
        // Node k's mover is the player to move at its parent.
        let mut mover = s.leaf_mover;
        for i in (0..s.path.len()).rev() {
            let k = s.path[i];
            a.node(k)
                .wins
                .add(if mover == 0 { reward0 } else { 1.0 - reward0 });
            // RAVE: the children of `k` that the player to move at `k` (the
            // opponent of its mover) played later in this simulation.
            if rave && let Some(kids) = a.children(k) {
                let p = opponent(mover);
                let reward = if p == 0 { reward0 } else { 1.0 - reward0 };
                let p1 = p + 1;
                let nodes = a.nodes_of(kids);
                // First the children to update, gathered without a branch
                // (whether a child's move was played is a coin toss the
                // processor cannot predict), then the updates.
                s.hits.resize(nodes.len(), 0);
                let mut h = 0;
                for (i, n) in nodes.iter().enumerate() {
                    s.hits[h] = i as u32;
                    h += usize::from(s.amaf[rules.move_index(n.mv())] == p1);
                }
                for &i in &s.hits[..h] {
                    let n = &nodes[i as usize];
                    racy_inc(&n.rave_visits);
                    n.rave_wins.add(reward);
                }
            }
            mover = opponent(mover);
        }
    }

    /// The UCT choice among `node`'s children `kids` (`visits`: the node's
    /// visits before the descent's own), or the node's proof when
    /// a child wins for the player to move (`Loss` for the node's mover) or all lose.
    /// With `fold` (the root's first moves under the swap rule,
    /// [`Tree::fold_root`]) a child's value `v` counts as min(v, 1 − v), a
    /// proven child as lost, and the progressive bias is left out: the game's
    /// estimates rate strong moves, and the opponent swaps those.
    fn select(
        &self,
        node: u32,
        visits: u32,
        kids: std::ops::Range<u32>,
        params: &Params,
        rave: bool,
        fold: bool,
    ) -> Result<u32, Proof> {
        let a = &self.arena;
        let log_n = (visits.max(1) as f32).ln();
        // Progressive widening: how many children not proven lost to consider.
        let mut open = if params.widen > 0 && !fold && a.node(node).ranked.load(Relaxed) {
            widen_count(params, log_n)
        } else {
            u32::MAX
        };
        let inv_init = 1.0 / params.rave_init;
        let mut best = None;
        let mut best_score = f32::NEG_INFINITY;
        let mut all_lost = true;
        let mut any_draw = false;
        for c in kids {
            let ch = a.node(c);
            let proof = Proof::from_u8(ch.proof.load(Relaxed));
            if matches!(proof, Proof::Draw | Proof::Unknown) {
                if open == 0 {
                    break;
                }
                open -= 1;
            }
            let score = match proof {
                Proof::Win if fold => continue,
                Proof::Win => return Err(Proof::Loss),
                Proof::Loss => continue,
                Proof::Draw => {
                    any_draw = true;
                    all_lost = false;
                    0.5
                }
                Proof::Unknown => {
                    all_lost = false;
                    let visits = ch.visits.load(Relaxed);
                    if visits == 0 && params.fpu == 0.0 {
                        // Unvisited children first (in the shuffled order).
                        return Ok(c);
                    }
                    let v = visits as f32;
                    let rave_visits = if rave {
                        ch.rave_visits.load(Relaxed)
                    } else {
                        0
                    };
                    let uct = if visits == 0 {
                        // The formula below with n = 0 (β = 1) to the bit,
                        // without most of its divisions: most children of a
                        // wide node are unvisited.
                        if rave_visits > 0 {
                            fold_value(ch.rave_wins.get() / rave_visits as f32, fold)
                        } else {
                            params.fpu
                        }
                    } else if rave_visits > 0 {
                        let r = rave_visits as f32;
                        let beta = r / (r + v * (inv_init + r / params.rave_final));
                        let q = ch.wins.get() / v;
                        let value =
                            fold_value((1.0 - beta) * q + beta * ch.rave_wins.get() / r, fold);
                        value + params.explore * (log_n / v).sqrt()
                    } else {
                        fold_value(ch.wins.get() / v, fold) + params.explore * (log_n / v).sqrt()
                    };
                    if params.bias > 0.0 && !fold {
                        let p = f32::from(ch.bias.load(Relaxed)) / 65_535.0;
                        let bonus = params.bias * p;
                        // √(n + 1) = 1 for an unvisited child.
                        uct + if visits == 0 {
                            bonus
                        } else {
                            bonus / (v + 1.0).sqrt()
                        }
                    } else {
                        uct
                    }
                }
            };
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        if all_lost {
            return Err(Proof::Win);
        }
        best.ok_or(if any_draw { Proof::Draw } else { Proof::Win })
    }

    /// Statistics of the root's children, in move order.
    pub fn root_stats(&self) -> Vec<RootStat<R::Move>> {
        let a = &self.arena;
        let mut stats: Vec<RootStat<R::Move>> = a
            .children(self.root)
            .into_iter()
            .flatten()
            .map(|c| {
                let n = a.node(c);
                let visits = n.visits.load(Relaxed) as u64;
                let (mut wins, mut proof) = (n.wins.get() as f64, a.proof(c));
                if self.fold_root {
                    // What the move is worth under the swap rule.
                    wins = wins.min(visits as f64 - wins);
                    if proof == Proof::Win {
                        proof = Proof::Loss;
                    }
                }
                RootStat {
                    mv: a.mv(c),
                    visits,
                    wins,
                    proof,
                }
            })
            .collect();
        stats.sort_by_key(|s| s.mv);
        stats
    }

    /// The line of most visited moves from the root, starting with `first`
    /// when given (the move the search picks), at most `max` moves.
    pub fn principal_variation(&self, first: Option<R::Move>, max: usize) -> Vec<R::Move> {
        let a = &self.arena;
        let mut line = Vec::new();
        let mut n = self.root;
        while line.len() < max {
            let Some(mut kids) = a.children(n) else {
                break;
            };
            let next = match first {
                Some(m) if line.is_empty() => kids.find(|&c| a.mv(c) == m),
                _ => kids
                    .filter(|&c| a.visits(c) > 0)
                    .max_by_key(|&c| a.visits(c)),
            };
            let Some(c) = next else { break };
            line.push(a.mv(c));
            n = c;
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
