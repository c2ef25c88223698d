//! Fair sectioned board generator.
//!
//! Generalises the method of the Wondering Witches devlog (fix the distribution of
//! region sizes up front, give every player their own section, place the largest regions
//! first, grow organic "gardens" in the gaps, retry on failure) from an 8×4 sheet of
//! paper to any [`Board`]: it works on the face adjacency of the winged-edge mesh only.
//!
//! * **Input**: a base board, 1–8 players, a [`Layout`] (the seed's paper layouts or an
//!   automatic, optionally symmetric partition), a [`RegionPlan`], a [`GardenGrowth`]
//!   law and a `u64` seed.
//! * **Output** ([`Generated`]): a new board whose faces are the regions — each region's
//!   cells merged into one simple polygon — with `faces.kind` = [`FaceKind::FixedRegion`]
//!   or [`FaceKind::Garden`], `faces.region` = the owning player's section index
//!   (0-based; player `P1` is section 0), labels such as `P1 fixed 6`, and a
//!   [`FairnessReport`].
//!
//! Regions are kept topological disks while they grow (see `topo::Topology::can_add`),
//! so a region never encloses another one and never touches itself at a vertex: every
//! outline is a simple polygon and the output always validates.
//!
//! Determinism: the same base, configuration and seed give the same board on every
//! platform and version — ChaCha8 keyed by our own seed expansion, our own range
//! sampling ([`GenRng`]), and fixed iteration orders throughout (no hash-map order).
//! Region growth uses only integer adjacency and exact IEEE arithmetic; the automatic
//! *section* layout sorts faces by centroid (and, for symmetric and sector layouts, by
//! `atan2` angle), so a platform whose `atan2` differed in the last bit could in principle
//! order two faces at exactly the same angle differently.
//!
//! [`FaceKind::FixedRegion`]: crate::board::FaceKind::FixedRegion
//! [`FaceKind::Garden`]: crate::board::FaceKind::Garden

mod output;
pub mod playtest;
pub mod report;
mod rng;
mod sections;
mod topo;

pub use report::{FairnessReport, PlayerFigures, Spread};
pub use rng::GenRng;
pub use sections::{Layout, PAPER_H, PAPER_W, Sections, Symmetry, paper_board, paper_rects};

use crate::board::Board;
use crate::mesh::FaceId;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use topo::{NONE, Topology};

/// Most players the generator supports.
pub const MAX_PLAYERS: u8 = 8;

/// Probability that a garden of the given size grows by one more face.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GardenGrowth {
    /// `k / size` (the seed uses `k = 2`: always grow at size 1 and 2, then 2/3, 1/2, …).
    Inverse(f64),
    /// The same probability at every size.
    Constant(f64),
    /// `table[size - 1]`; the last entry applies to all larger sizes.
    Table(Vec<f64>),
}

impl Default for GardenGrowth {
    fn default() -> Self {
        GardenGrowth::Inverse(2.0)
    }
}

impl GardenGrowth {
    /// Growth probability for a garden of `size` faces (clamped to `[0, 1]`).
    pub fn probability(&self, size: u32) -> f64 {
        let p = match self {
            GardenGrowth::Inverse(k) => *k / size.max(1) as f64,
            GardenGrowth::Constant(p) => *p,
            GardenGrowth::Table(t) => {
                let i = (size.max(1) as usize - 1).min(t.len().saturating_sub(1));
                t.get(i).copied().unwrap_or(0.0)
            }
        };
        if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) }
    }

    fn check(&self) -> Result<(), GenerateError> {
        let bad = |v: f64| !v.is_finite() || v < 0.0;
        let ok = match self {
            GardenGrowth::Inverse(k) => !bad(*k),
            GardenGrowth::Constant(p) => !bad(*p),
            GardenGrowth::Table(t) => !t.is_empty() && !t.iter().any(|&v| bad(v)),
        };
        if ok {
            Ok(())
        } else {
            Err(GenerateError::Plan(format!(
                "the garden growth law {self:?} needs finite, non-negative probabilities"
            )))
        }
    }
}

/// What fixed regions to make.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RegionPlan {
    /// Sizes every player must get one fixed region of (e.g. `[6]`; the seed needs one
    /// region as large as the recipe). They count towards the fill budget.
    pub required: Vec<u32>,
    /// Fraction of all base faces that lie in fixed regions (the seed: 0.5). The rest
    /// becomes gardens.
    pub fill: f64,
    /// Smallest and largest size of the random fixed regions (required sizes may lie
    /// outside this range).
    pub min_size: u32,
    pub max_size: u32,
    /// Optional cap on garden size (`None`: only the growth law limits them).
    pub garden_max_size: Option<u32>,
}

impl Default for RegionPlan {
    fn default() -> Self {
        RegionPlan {
            required: Vec::new(),
            fill: 0.5,
            min_size: 2,
            max_size: 6,
            garden_max_size: None,
        }
    }
}

impl RegionPlan {
    /// The devlog's plan: one region of size 6 per player, 50 % fill, sizes 2–6.
    pub fn seed() -> RegionPlan {
        RegionPlan {
            required: vec![6],
            ..RegionPlan::default()
        }
    }
}

/// Everything but the base and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GeneratorConfig {
    pub players: u8,
    pub layout: Layout,
    pub plan: RegionPlan,
    pub growth: GardenGrowth,
    /// Attempts (each with fresh random sizes and placements) before giving up.
    pub max_attempts: u32,
}

impl Default for GeneratorConfig {
    fn default() -> Self {
        GeneratorConfig {
            players: 2,
            layout: Layout::default(),
            plan: RegionPlan::default(),
            growth: GardenGrowth::default(),
            max_attempts: 200,
        }
    }
}

/// Why a board could not be generated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("the generator supports 1 to {max} players (got {players})", max = MAX_PLAYERS)]
    Players { players: u8 },
    #[error("the paper layout exists for 1 to 5 players (got {players}); use the automatic layout")]
    PaperPlayers { players: u8 },
    #[error(
        "the paper layout needs the seed's two-sided 8×4 paper board ({expected} faces with its grid \
         coordinates); this base has {faces} faces — use the automatic layout"
    )]
    NotPaperBoard { faces: usize, expected: usize },
    #[error("the base board is not valid: {0}")]
    InvalidBase(String),
    #[error(
        "the base board has {faces} faces, too few for {players} players (each needs a fixed region and a garden)"
    )]
    TooFewFaces { faces: usize, players: u8 },
    #[error("invalid region plan: {0}")]
    Plan(String),
    #[error(
        "a required region of size {size} cannot fit: the smallest section has {section} faces and \
         every player must keep at least one face for a garden"
    )]
    RequiredTooLarge { size: u32, section: usize },
    #[error(
        "no room for gardens: player {player}'s section has {section} faces and fixed regions \
         would take {fixed} of them (every player needs at least one garden face); lower the fill"
    )]
    NoGardenRoom {
        player: u8,
        section: usize,
        fixed: usize,
    },
    #[error("{0}")]
    Budget(String),
    #[error("section layout: {0}")]
    Layout(String),
    #[error("symmetric layout impossible: {0}")]
    Symmetry(String),
    #[error("gave up after {attempts} attempts: {detail}")]
    PlacementFailed { attempts: u32, detail: String },
    #[error("generation was cancelled")]
    Cancelled,
    #[error("internal error while building the output board: {0}")]
    Output(String),
}

/// Kind of a generated region.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegionKind {
    Fixed,
    Garden,
}

impl RegionKind {
    pub fn name(self) -> &'static str {
        match self {
            RegionKind::Fixed => "fixed",
            RegionKind::Garden => "garden",
        }
    }
}

/// One region of a generated board (= one face of the output board).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionInfo {
    /// Owning player / section, 0-based.
    pub player: u8,
    pub kind: RegionKind,
    /// Base faces merged into this region, in growth order.
    pub base_faces: Vec<FaceId>,
    /// Geometric area (sum of the base faces' areas).
    pub area: f64,
}

impl RegionInfo {
    /// Number of base faces.
    pub fn size(&self) -> u32 {
        self.base_faces.len() as u32
    }
}

/// A generated board with everything needed to inspect and reproduce it.
#[derive(Clone, Debug)]
pub struct Generated {
    pub board: Board,
    /// Per output face (same index as `board` faces).
    pub regions: Vec<RegionInfo>,
    /// For every base face, the output face (region) containing it.
    pub region_of_base: Vec<FaceId>,
    pub report: FairnessReport,
    pub seed: u64,
    /// Attempts used (1 = first try).
    pub attempts: u32,
}

/// Progress notifications; the callback returns `false` to cancel.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Placing fixed regions, attempt `attempt` of at most `of`.
    Placing { attempt: u32, of: u32 },
    /// Growing gardens for player `player`.
    Gardens { player: u8 },
    /// Merging regions into the output board.
    Building,
}

/// A generator prepared for one base and configuration: sections, budgets and
/// adjacency are computed once; [`Generator::generate`] then makes boards from seeds.
/// `Send + Sync`, so it can run on a worker thread or be shared between threads.
#[derive(Clone, Debug)]
pub struct Generator {
    base: Arc<Board>,
    config: GeneratorConfig,
    topo: Topology,
    sections: Sections,
    /// Fixed-region faces per player.
    budget: Vec<u32>,
    /// Size of the common part of every player's list (the budget of the players without
    /// the extra face).
    common: u32,
}

/// Generate one board: [`Generator::new`] then [`Generator::generate`].
pub fn generate(
    base: impl Into<Arc<Board>>,
    config: &GeneratorConfig,
    seed: u64,
) -> Result<Generated, GenerateError> {
    Generator::new(base, config.clone())?.generate(seed)
}

/// Whether `l` faces can be split into regions of sizes `min..=max`.
fn representable(l: u32, min: u32, max: u32) -> bool {
    l == 0 || (min >= 1 && max >= min && l.div_ceil(max) <= l / min)
}

impl Generator {
    /// Check the request and prepare sections, budgets and adjacency. Every request that
    /// can be recognised as impossible without trying is rejected here with the reason.
    pub fn new(
        base: impl Into<Arc<Board>>,
        config: GeneratorConfig,
    ) -> Result<Generator, GenerateError> {
        let base = base.into();
        let np = config.players;
        if !(1..=MAX_PLAYERS).contains(&np) {
            return Err(GenerateError::Players { players: np });
        }
        let plan = &config.plan;
        if !plan.fill.is_finite() || !(0.0..=1.0).contains(&plan.fill) {
            return Err(GenerateError::Plan(format!(
                "fill must be between 0 and 1 (got {})",
                plan.fill
            )));
        }
        if plan.min_size == 0 || plan.max_size < plan.min_size {
            return Err(GenerateError::Plan(format!(
                "region sizes must satisfy 1 ≤ min ≤ max (got min {} and max {})",
                plan.min_size, plan.max_size
            )));
        }
        if plan.required.contains(&0) {
            return Err(GenerateError::Plan(
                "a required region cannot have size 0".into(),
            ));
        }
        if plan.garden_max_size == Some(0) {
            return Err(GenerateError::Plan(
                "the garden size cap must be at least 1".into(),
            ));
        }
        if config.max_attempts == 0 {
            return Err(GenerateError::Plan(
                "max_attempts must be at least 1".into(),
            ));
        }
        config.growth.check()?;
        if config.layout == Layout::Paper && sections::paper_rects(np).is_none() {
            return Err(GenerateError::PaperPlayers { players: np });
        }
        base.validate()
            .map_err(|e| GenerateError::InvalidBase(e.to_string()))?;
        let n = base.face_count();
        if n < 2 * np as usize {
            return Err(GenerateError::TooFewFaces {
                faces: n,
                players: np,
            });
        }
        let topo = Topology::new(&base);
        let sections = match config.layout {
            Layout::Paper => sections::paper_sections(&base, np)?,
            Layout::Auto(sym) => sections::auto_sections(&base, &topo, np, sym)?,
        };
        // Budgets.
        let npu = np as u32;
        let (common, extra_count) = match config.layout {
            // Paper: the seed's sections differ in size, so every player gets the same
            // budget (the total rounded to a multiple of the player count) and identical
            // region-size lists.
            Layout::Paper => {
                let q = (plan.fill * n as f64 / npu as f64).round() as u32;
                (q, 0)
            }
            Layout::Auto(_) => {
                let b = (plan.fill * n as f64).round() as u32;
                (b / npu, b % npu)
            }
        };
        // The extra faces go to the largest sections (ties: lower player first).
        let mut order: Vec<usize> = (0..np as usize).collect();
        order.sort_by_key(|&p| (std::cmp::Reverse(sections.faces[p].len()), p));
        let mut budget = vec![common; np as usize];
        for &p in order.iter().take(extra_count as usize) {
            budget[p] += 1;
        }
        let req_sum: u32 = plan.required.iter().sum();
        let smallest = sections.faces.iter().map(Vec::len).min().unwrap_or(0);
        if let Some(&big) = plan.required.iter().max()
            && big as usize >= smallest
        {
            return Err(GenerateError::RequiredTooLarge {
                size: big,
                section: smallest,
            });
        }
        for (p, (&b, faces)) in budget.iter().zip(&sections.faces).enumerate() {
            let s = faces.len();
            if b as usize >= s {
                return Err(GenerateError::NoGardenRoom {
                    player: p as u8 + 1,
                    section: s,
                    fixed: b as usize,
                });
            }
            if req_sum as usize >= s {
                return Err(GenerateError::NoGardenRoom {
                    player: p as u8 + 1,
                    section: s,
                    fixed: req_sum as usize,
                });
            }
        }
        if req_sum > common {
            return Err(GenerateError::Budget(format!(
                "the required regions ({}) need {req_sum} faces per player, but fill {} gives \
                 each player only {common}; raise the fill or require less",
                plan.required
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                plan.fill
            )));
        }
        if common == 0 {
            return Err(GenerateError::Budget(format!(
                "fill {} gives each player no fixed region (every player needs at least one); \
                 raise the fill",
                plan.fill
            )));
        }
        let rest = common - req_sum;
        if !representable(rest, plan.min_size, plan.max_size) {
            return Err(GenerateError::Budget(format!(
                "{rest} fixed faces per player (after the required regions) cannot be split into \
                 regions of {} to {} faces; change the fill or the size range",
                plan.min_size, plan.max_size
            )));
        }
        if extra_count > 0 && plan.min_size == plan.max_size && plan.min_size > 1 {
            return Err(GenerateError::Budget(format!(
                "the fixed budget is not a multiple of {np} players and every region has size {}, \
                 so the remainder cannot be placed; change the fill",
                plan.min_size
            )));
        }
        Ok(Generator {
            base,
            config,
            topo,
            sections,
            budget,
            common,
        })
    }

    pub fn base(&self) -> &Arc<Board> {
        &self.base
    }
    pub fn config(&self) -> &GeneratorConfig {
        &self.config
    }
    pub fn sections(&self) -> &Sections {
        &self.sections
    }
    /// Fixed-region faces each player gets.
    pub fn budgets(&self) -> &[u32] {
        &self.budget
    }

    /// Generate the board for `seed`.
    pub fn generate(&self, seed: u64) -> Result<Generated, GenerateError> {
        self.generate_with(seed, &mut |_| true)
    }

    /// Generate with progress notifications; `progress` returns `false` to cancel.
    pub fn generate_with(
        &self,
        seed: u64,
        progress: &mut dyn FnMut(Progress) -> bool,
    ) -> Result<Generated, GenerateError> {
        let mut rng = GenRng::new(seed);
        let mut w = Work::new(self);
        let max = self.config.max_attempts;
        let mut last = String::new();
        for attempt in 1..=max {
            if !progress(Progress::Placing { attempt, of: max }) {
                return Err(GenerateError::Cancelled);
            }
            let lists = match self.draw_sizes(&mut rng) {
                Some(l) => l,
                None => {
                    last = "the remainder face could not be added to any region".into();
                    continue;
                }
            };
            w.reset(self);
            if let Err(e) = w.place_fixed(self, &lists, &mut rng) {
                last = e;
                continue;
            }
            for p in 0..self.config.players {
                if !progress(Progress::Gardens { player: p }) {
                    return Err(GenerateError::Cancelled);
                }
                w.grow_gardens(self, p as u32, &mut rng);
            }
            if !progress(Progress::Building) {
                return Err(GenerateError::Cancelled);
            }
            return output::build(self, &w, seed, attempt);
        }
        Err(GenerateError::PlacementFailed {
            attempts: max,
            detail: last,
        })
    }

    /// The fixed-region size list of every player, largest first. All players share one
    /// random list; players with an extra face get one region enlarged by one (or an
    /// extra region of size 1 when 1 is an allowed size). `None` when the extra face
    /// cannot be added to this draw.
    fn draw_sizes(&self, rng: &mut GenRng) -> Option<Vec<Vec<u32>>> {
        let plan = &self.config.plan;
        let mut list = plan.required.clone();
        let mut rest = self.common - plan.required.iter().sum::<u32>();
        let (min, max) = (plan.min_size, plan.max_size);
        let mut allowed = Vec::new();
        while rest > 0 {
            allowed.clear();
            allowed.extend((min..=max.min(rest)).filter(|&s| representable(rest - s, min, max)));
            if allowed.is_empty() {
                // Unreachable when `representable(rest)` held (checked in `new`).
                return None;
            }
            let s = allowed[rng.index(allowed.len())];
            list.push(s);
            rest -= s;
        }
        list.sort_unstable_by(|a, b| b.cmp(a));
        let mut out = Vec::with_capacity(self.budget.len());
        for &b in &self.budget {
            let mut l = list.clone();
            if b > self.common {
                // Enlarge the smallest random (non-required) region below the maximum.
                let mut req_left = plan.required.clone();
                let mut best: Option<usize> = None;
                for (i, &s) in l.iter().enumerate() {
                    if let Some(k) = req_left.iter().position(|&r| r == s) {
                        req_left.swap_remove(k);
                        continue;
                    }
                    if s < max && best.is_none_or(|j| l[j] >= s) {
                        best = Some(i);
                    }
                }
                match best {
                    Some(i) => l[i] += 1,
                    None if min <= 1 => l.push(1),
                    None => return None,
                }
                l.sort_unstable_by(|a, b| b.cmp(a));
            }
            out.push(l);
        }
        Some(out)
    }
}

/// Mutable state of one generation.
struct Work {
    /// Region id of every base face (`NONE`: free).
    region_of: Vec<u32>,
    /// Free faces per section, with each face's position in its list.
    free: Vec<Vec<u32>>,
    free_pos: Vec<u32>,
    /// Regions: owner, kind and faces (flat storage).
    owner: Vec<u8>,
    kind: Vec<RegionKind>,
    start: Vec<u32>,
    faces: Vec<u32>,
    // Scratch.
    frontier: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    nbuf: Vec<u32>,
    ties: Vec<u32>,
    rejected: Vec<u32>,
}

impl Work {
    fn new(g: &Generator) -> Work {
        let n = g.topo.face_count();
        Work {
            region_of: vec![NONE; n],
            free: vec![Vec::new(); g.sections.faces.len()],
            free_pos: vec![0; n],
            owner: Vec::new(),
            kind: Vec::new(),
            start: vec![0],
            faces: Vec::with_capacity(n),
            frontier: Vec::new(),
            stamp: vec![0; n],
            epoch: 0,
            nbuf: Vec::new(),
            ties: Vec::new(),
            rejected: Vec::new(),
        }
    }

    fn reset(&mut self, g: &Generator) {
        self.region_of.fill(NONE);
        for (s, faces) in g.sections.faces.iter().enumerate() {
            self.free[s].clear();
            self.free[s].extend_from_slice(faces);
            for (i, &f) in faces.iter().enumerate() {
                self.free_pos[f as usize] = i as u32;
            }
        }
        self.owner.clear();
        self.kind.clear();
        self.start.clear();
        self.start.push(0);
        self.faces.clear();
    }

    fn region_count(&self) -> usize {
        self.owner.len()
    }

    pub(crate) fn region_faces(&self, r: usize) -> &[u32] {
        &self.faces[self.start[r] as usize..self.start[r + 1] as usize]
    }

    fn take(&mut self, sec: usize, f: u32, r: u32) {
        self.region_of[f as usize] = r;
        let i = self.free_pos[f as usize] as usize;
        let list = &mut self.free[sec];
        list.swap_remove(i);
        if let Some(&moved) = list.get(i) {
            self.free_pos[moved as usize] = i as u32;
        }
        self.faces.push(f);
    }

    fn give_back(&mut self, sec: usize, f: u32) {
        self.region_of[f as usize] = NONE;
        self.free_pos[f as usize] = self.free[sec].len() as u32;
        self.free[sec].push(f);
    }

    fn next_gen(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 || self.epoch == u32::MAX {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.epoch
    }

    /// Place every player's fixed regions; `Err` describes the first region that did not fit.
    fn place_fixed(
        &mut self,
        g: &Generator,
        lists: &[Vec<u32>],
        rng: &mut GenRng,
    ) -> Result<(), String> {
        for (p, list) in lists.iter().enumerate() {
            let mut pending = list.clone(); // largest first
            while !pending.is_empty() {
                let mut placed = None;
                let mut prev = 0;
                for (i, &s) in pending.iter().enumerate() {
                    if s == prev {
                        continue;
                    }
                    prev = s;
                    // Never take a player's last free face.
                    if self.free[p].len() <= s as usize {
                        continue;
                    }
                    if self.place_one(g, p, s, rng) {
                        placed = Some(i);
                        break;
                    }
                }
                match placed {
                    Some(i) => {
                        pending.remove(i);
                    }
                    None => {
                        return Err(format!(
                            "could not fit a fixed region of size {} into player {}'s section \
                             ({} faces, {} still free)",
                            pending[0],
                            p + 1,
                            g.sections.faces[p].len(),
                            self.free[p].len()
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Try to grow one compact fixed region of `size` faces in section `p`: a few random
    /// start faces, then up to 256 free faces in order from a random offset.
    fn place_one(&mut self, g: &Generator, p: usize, size: u32, rng: &mut GenRng) -> bool {
        const RANDOM_TRIES: usize = 8;
        let nfree = self.free[p].len();
        for _ in 0..RANDOM_TRIES.min(nfree) {
            let start = self.free[p][rng.index(self.free[p].len())];
            if self.grow_fixed(g, p, start, size, rng) {
                return true;
            }
        }
        // Then systematically from a random offset, bounded so that a hopeless request on
        // a big board fails fast instead of trying every face on every attempt.
        const SWEEP_LIMIT: usize = 256;
        let candidates: Vec<u32> = self.free[p].clone();
        let off = rng.index(candidates.len().max(1));
        for i in 0..candidates.len().min(SWEEP_LIMIT) {
            let start = candidates[(off + i) % candidates.len()];
            if self.region_of[start as usize] == NONE && self.grow_fixed(g, p, start, size, rng) {
                return true;
            }
        }
        false
    }

    /// Grow a compact region from `start`: always add the frontier face sharing the most
    /// edges with the region (random among ties) that keeps the region a disk.
    fn grow_fixed(
        &mut self,
        g: &Generator,
        p: usize,
        start: u32,
        size: u32,
        rng: &mut GenRng,
    ) -> bool {
        let r = self.region_count() as u32;
        let first = self.faces.len();
        self.take(p, start, r);
        let stamp = self.next_gen();
        self.stamp[start as usize] = stamp;
        self.frontier.clear();
        self.push_frontier(g, p, start, stamp);
        while ((self.faces.len() - first) as u32) < size {
            // Candidates sharing the most edges with the region; among them a random one
            // that keeps the region a disk (checked lazily: usually the first pick passes).
            let mut best = None;
            loop {
                let mut best_score = 0;
                self.ties.clear();
                for &c in &self.frontier {
                    if self.region_of[c as usize] != NONE || self.stamp[c as usize] == u32::MAX {
                        continue;
                    }
                    let score = g.topo.shared_edges(c, r, &self.region_of);
                    if score > best_score {
                        best_score = score;
                        self.ties.clear();
                    }
                    if score == best_score {
                        self.ties.push(c);
                    }
                }
                if self.ties.is_empty() {
                    break;
                }
                while !self.ties.is_empty() {
                    let i = rng.index(self.ties.len());
                    let c = self.ties.swap_remove(i);
                    if g.topo.can_add(c, r, &self.region_of) {
                        best = Some(c);
                        break;
                    }
                    // Rejected for now (it may become acceptable later, but not this step).
                    self.rejected.push(c);
                    self.stamp[c as usize] = u32::MAX;
                }
                if best.is_some() {
                    break;
                }
            }
            for c in self.rejected.drain(..) {
                self.stamp[c as usize] = stamp;
            }
            let Some(c) = best else {
                // Dead end: give the faces back.
                while self.faces.len() > first {
                    let f = self.faces.pop().unwrap_or(start);
                    self.give_back(p, f);
                }
                return false;
            };
            self.take(p, c, r);
            self.push_frontier(g, p, c, stamp);
        }
        self.owner.push(p as u8);
        self.kind.push(RegionKind::Fixed);
        self.start.push(self.faces.len() as u32);
        true
    }

    fn push_frontier(&mut self, g: &Generator, p: usize, f: u32, stamp: u32) {
        for &n in g.topo.neighbours(f) {
            if self.stamp[n as usize] != stamp
                && self.region_of[n as usize] == NONE
                && g.sections.of_face[n as usize] == p as u32
            {
                self.stamp[n as usize] = stamp;
                self.frontier.push(n);
            }
        }
    }

    /// Fill section `p`'s free faces with organically grown gardens (the seed's method:
    /// random start face, breadth-first over neighbours in random order, each growing
    /// with the probability of the growth law at the current size).
    fn grow_gardens(&mut self, g: &Generator, p: u32, rng: &mut GenRng) {
        let sec = p as usize;
        let cap = g.config.plan.garden_max_size.unwrap_or(u32::MAX);
        while !self.free[sec].is_empty() {
            let start = self.free[sec][rng.index(self.free[sec].len())];
            let r = self.region_count() as u32;
            let first = self.faces.len();
            self.take(sec, start, r);
            let mut head = first;
            while head < self.faces.len() {
                let c = self.faces[head];
                head += 1;
                self.nbuf.clear();
                self.nbuf.extend_from_slice(g.topo.neighbours(c));
                rng.shuffle(&mut self.nbuf);
                for i in 0..self.nbuf.len() {
                    let n = self.nbuf[i];
                    let size = (self.faces.len() - first) as u32;
                    if size >= cap
                        || self.region_of[n as usize] != NONE
                        || g.sections.of_face[n as usize] != p
                        || !rng.chance(g.config.growth.probability(size))
                        || !g.topo.can_add(n, r, &self.region_of)
                    {
                        continue;
                    }
                    self.take(sec, n, r);
                }
            }
            self.owner.push(p as u8);
            self.kind.push(RegionKind::Garden);
            self.start.push(self.faces.len() as u32);
        }
    }
}
