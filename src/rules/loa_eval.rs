//! Lines of Action: playouts cut short by an evaluation, as in the LOA
//! literature (Winands et al., MC-LOA): after a few random plies the position
//! is scored by the features that predict a connection — the number of groups
//! (connectivity), how closely the pieces gather around their centre of mass
//! (concentration), how central that centre is (centralisation), how many
//! 2×2 blocks hold three or more of a player's pieces (quads), the side to
//! move and, as in MIA, how many legal moves each side has (mobility) and how
//! far each side's pieces are hemmed in by the opponent's (blocking). The
//! two sides' differences ([`TERMS`]) are weighted ([`LoaEval::weights`]) and
//! turned into a win probability by a logistic of scale [`LoaEval::scale`].
//!
//! The weights can be fitted to games ([`LoaEval::sample_terms`],
//! [`fit_weights`]; `boardwright learn-eval`): LOA's search defaults are
//! weights fitted to self-play games, played at a sharper scale than the
//! fit's (README, Engine → Stages 19 and 20).
//!
//! Blocking: a piece can never move towards an opponent piece on a square next
//! to it (the line holds both, so the move would have to jump it), so every
//! neighbouring square held by the opponent shuts one of the piece's
//! directions. A piece's blocking is the share of its neighbouring squares
//! (the squares sharing a corner with it: its eight grid directions, fewer on
//! the edge or beside a hole) that the opponent holds; a side's blocking is
//! the sum over its pieces. A piece whose every direction is shut counts 1
//! and has no move. Contact in the open shuts one direction of each piece
//! alike; the term weighs against the side whose pieces are walled in where
//! they have fewer ways out — on the edge, in a corner, beside a hole. This
//! is the project's own definition after the "(partial) blocking" component
//! that Winands et al. name among the usual LOA evaluation terms ("The Quad
//! Heuristic in Lines of Action", 2001) and MIA IV's "walls" feature ("An
//! Evaluation Function for Lines of Action", 2003); their exact formulas
//! could not be looked up. It needs no grid directions: on any board the
//! neighbours are the faces sharing a corner. Measured at equal time it did
//! not win significantly on its own (51.6 % over 400 games at weight 2, with
//! the hand-set weights); the fits give it weight, and LOA plays with it.

use super::Rules;
use super::search::reward_for;
use crate::board::Board;
use crate::mesh::FaceId;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Board tables for the evaluation.
#[derive(Clone, Debug)]
pub struct LoaEval {
    /// Face centres in units of the typical distance between neighbours.
    at: Vec<(f32, f32)>,
    centre: (f32, f32),
    nbr_start: Vec<u32>,
    nbr: Vec<u32>,
    /// Per face: 1 / its number of neighbours (0 without neighbours).
    inv_nbrs: Vec<f32>,
    /// 2×2 blocks of faces (grid boards only).
    quads: Vec<[u32; 4]>,
    /// Random plies before the evaluation.
    pub cut: u32,
    /// Weight of each term, in the order of [`TERMS`]; the evaluation is
    /// the logistic of [`Self::scale`] times their weighted sum. Mobility (as in
    /// MIA): the legal moves the player of the last random ply had before it
    /// against those its opponent has after it, as (a − b) / (a + b).
    /// Blocking: the opponent's blocking minus one's own (see the module
    /// documentation). A weight of 0 turns the mobility and blocking terms
    /// off (they are not computed).
    pub weights: [f32; TERMS.len()],
    /// The logistic's scale: how sharply the weighted sum turns into a win
    /// probability ([`SCALE`] unless set).
    pub scale: f32,
}

/// The evaluation's terms by name (the names `--params` sets their weights
/// by), each oriented so that a positive value favours the first player:
/// the second player's groups beyond one minus the first's; the second's
/// concentration (mean distance from the centre of mass beyond a compact
/// block's) minus the first's; the second's distance of that centre from
/// the board's centre minus the first's; the first player's quads minus
/// the second's; +1 when the first player is to move, −1 otherwise; the
/// mobility term for the first player; the second's blocking minus the
/// first's.
pub const TERMS: [&str; 7] = [
    "groups", "conc", "centre", "quads", "tempo", "mobility", "blocking",
];
/// Index of the side-to-move, mobility and blocking terms in [`TERMS`].
const TEMPO: usize = 4;
const MOBILITY: usize = 5;
const BLOCKING: usize = 6;

/// The weights the evaluation was written with (hand-set; mobility and
/// blocking off), in the order of [`TERMS`].
pub const HAND_WEIGHTS: [f32; TERMS.len()] = [0.9, 1.2, 0.15, 0.25, 0.1, 0.0, 0.0];
/// The logistic scale the evaluation was written with, turning the weighted
/// sum into a win probability, and the scale `learn-eval` fits the weights
/// at: there they foretell the winner as well as they can. The search plays
/// sharper (LOA's `scale` setting, 6.4 by default: a win measured at equal
/// time), taking sides more firmly on the same weighted sum.
pub const SCALE: f32 = 0.8;

/// One side's unweighted terms: groups beyond one, concentration, distance
/// of its centre of mass from the board's centre, quads.
struct Side {
    groups: f32,
    conc: f32,
    off_centre: f32,
    quads: f32,
}

impl LoaEval {
    pub fn new(board: &Board) -> LoaEval {
        let n = board.face_count();
        let mut at: Vec<(f32, f32)> = board
            .mesh()
            .face_ids()
            .map(|f| {
                let c = board.mesh().face_centroid(f);
                (c.x as f32, c.y as f32)
            })
            .collect();
        let mut nbr_start = Vec::with_capacity(n + 1);
        let mut nbr = Vec::new();
        let mut buf = Vec::new();
        let mut dists = Vec::new();
        for f in board.mesh().face_ids() {
            nbr_start.push(nbr.len() as u32);
            board.mesh().faces_sharing_vertex(f, &mut buf);
            for g in &buf {
                nbr.push(g.0);
            }
            for g in board.mesh().adjacent_faces(f) {
                let (a, b) = (at[f.index()], at[g.index()]);
                dists.push(((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt());
            }
        }
        nbr_start.push(nbr.len() as u32);
        let inv_nbrs = nbr_start
            .windows(2)
            .map(|w| match w[1] - w[0] {
                0 => 0.0,
                k => 1.0 / k as f32,
            })
            .collect();
        dists.sort_by(f32::total_cmp);
        let unit = dists.get(dists.len() / 2).copied().unwrap_or(1.0).max(1e-6);
        for p in at.iter_mut() {
            p.0 /= unit;
            p.1 /= unit;
        }
        let centre = if n == 0 {
            (0.0, 0.0)
        } else {
            let (sx, sy) = at.iter().fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
            (sx / n as f32, sy / n as f32)
        };
        let grid = board.grid_index();
        let mut quads = Vec::new();
        for f in board.mesh().face_ids() {
            if let Some(c) = board.coord(f) {
                let get = |dr: i32, dc: i32| {
                    grid.get(&crate::board::GridCoord::new(c.col + dc, c.row + dr))
                        .map(|g| g.0)
                };
                if let (Some(b), Some(d), Some(e)) = (get(0, 1), get(1, 0), get(1, 1)) {
                    quads.push([f.0, b, d, e]);
                }
            }
        }
        LoaEval {
            at,
            centre,
            nbr_start,
            nbr,
            inv_nbrs,
            quads,
            cut: 6,
            weights: HAND_WEIGHTS,
            scale: SCALE,
        }
    }

    /// The unweighted terms of `p`'s side, or `None` if it has at most one
    /// piece (so it is connected).
    fn side_terms(
        &self,
        cells: &[u8],
        p: u8,
        stack: &mut Vec<u32>,
        seen: &mut [bool],
    ) -> Option<Side> {
        let mut count = 0u32;
        let (mut sx, mut sy) = (0.0f32, 0.0f32);
        for (i, &c) in cells.iter().enumerate() {
            if c == p {
                count += 1;
                sx += self.at[i].0;
                sy += self.at[i].1;
            }
        }
        if count <= 1 {
            return None;
        }
        let (cx, cy) = (sx / count as f32, sy / count as f32);
        let mut spread = 0.0f32;
        let mut groups = 0u32;
        for (i, &c) in cells.iter().enumerate() {
            if c != p {
                continue;
            }
            let (x, y) = self.at[i];
            spread += (x - cx).abs().max((y - cy).abs());
            if !seen[i] {
                groups += 1;
                seen[i] = true;
                stack.push(i as u32);
                while let Some(f) = stack.pop() {
                    let f = f as usize;
                    for &g in &self.nbr[self.nbr_start[f] as usize..self.nbr_start[f + 1] as usize]
                    {
                        if cells[g as usize] == p && !seen[g as usize] {
                            seen[g as usize] = true;
                            stack.push(g);
                        }
                    }
                }
            }
        }
        // Mean distance beyond the minimum a compact block of `count` pieces has.
        let min_mean = ((count as f32).sqrt() - 1.0) / 2.0;
        let conc = (spread / count as f32 - min_mean).max(0.0);
        let off_centre = ((cx - self.centre.0).powi(2) + (cy - self.centre.1).powi(2)).sqrt();
        let quads = self
            .quads
            .iter()
            .filter(|q| q.iter().filter(|&&f| cells[f as usize] == p).count() >= 3)
            .count() as f32;
        Some(Side {
            groups: groups as f32 - 1.0,
            conc,
            off_centre,
            quads,
        })
    }

    /// Weighted score of one side (higher is better for it); a side with at
    /// most one piece scores 10.
    fn side_score(&self, side: &Option<Side>) -> f32 {
        let w = &self.weights;
        match side {
            None => 10.0,
            Some(s) => -w[0] * s.groups - w[1] * s.conc - w[2] * s.off_centre + w[3] * s.quads,
        }
    }

    /// Blocking of both sides (player 0's, player 1's) in `cells` (0 empty,
    /// 1 + player otherwise): per piece, the share of its neighbouring squares
    /// that hold an opponent piece, summed.
    fn blocked(&self, cells: &[u8]) -> [f32; 2] {
        let mut b = [0.0f32; 2];
        for (i, &c) in cells.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let opp = 3 - c;
            let shut = self.nbr[self.nbr_start[i] as usize..self.nbr_start[i + 1] as usize]
                .iter()
                .filter(|&&g| cells[g as usize] == opp)
                .count();
            b[c as usize - 1] += shut as f32 * self.inv_nbrs[i];
        }
        b
    }

    /// The evaluation of `pos` as it stands (no random plies): the
    /// probability that player 0 wins from the features, with the blocking
    /// term if it is on; without the mobility term, which needs the last
    /// random ply. For tests and analysis.
    pub fn evaluate_position<R: Rules>(&self, rules: &R, pos: &R::Position) -> f32 {
        self.evaluate(rules, pos, &mut Vec::new(), 0.0)
    }

    /// `pos`'s pieces as bytes in `cells`: 0 empty, 1 + player otherwise.
    fn read_cells<R: Rules>(&self, rules: &R, pos: &R::Position, cells: &mut Vec<u8>) {
        cells.clear();
        cells.extend(
            (0..self.at.len()).map(|i| match rules.piece_at(pos, FaceId(i as u32)) {
                Some(p) => p + 1,
                None => 0,
            }),
        );
    }

    /// Probability that player 0 wins, from the features (any rules whose
    /// pieces stand on the faces of the board this was made for), with
    /// `extra` (the weighted mobility term) and the blocking term added to
    /// player 0's side of the difference.
    fn evaluate<R: Rules>(
        &self,
        rules: &R,
        pos: &R::Position,
        cells: &mut Vec<u8>,
        extra: f32,
    ) -> f32 {
        self.read_cells(rules, pos, cells);
        let mut seen = vec![false; cells.len()];
        let mut stack = Vec::new();
        let s0 = self.side_score(&self.side_terms(cells, 1, &mut stack, &mut seen));
        let s1 = self.side_score(&self.side_terms(cells, 2, &mut stack, &mut seen));
        let mut extra = extra;
        let blocking = self.weights[BLOCKING];
        if blocking > 0.0 {
            let [b0, b1] = self.blocked(cells);
            extra += blocking * (b1 - b0);
        }
        // A small bonus for the side to move.
        let t = self.weights[TEMPO];
        let tempo = if rules.to_move(pos) == 0 { t } else { -t };
        1.0 / (1.0 + (-(s0 - s1 + tempo + extra) * self.scale).exp())
    }

    /// Play the `cut` random plies. `Err` holds the reward for player 0 if
    /// the game ended (0.5 if the player to move had no move); `Ok` the
    /// player who made the last random ply and the number of legal moves it
    /// had then (for the mobility term), if any ply was played.
    fn random_plies<R: Rules>(
        &self,
        rules: &R,
        pos: &mut R::Position,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<R::Move>,
    ) -> Result<Option<(u8, usize)>, f32> {
        let mut last_count = None;
        for _ in 0..self.cut {
            if let Some(w) = rules.result(pos) {
                return Err(reward_for(w, 0));
            }
            rules.legal_moves(pos, moves);
            if moves.is_empty() {
                return Err(0.5);
            }
            last_count = Some((rules.to_move(pos), moves.len()));
            let m = moves[rng.random_range(0..moves.len())];
            rules.apply(pos, m);
        }
        if let Some(w) = rules.result(pos) {
            return Err(reward_for(w, 0));
        }
        Ok(last_count)
    }

    /// The mobility term for player 0 after the random plies (`last`, as
    /// [`Self::random_plies`] returns it): the legal moves the player who made
    /// the last random ply had then against the moves its opponent has now,
    /// as (a − b) / (a + b); 0 without a random ply.
    fn mobility_term<R: Rules>(
        rules: &R,
        pos: &R::Position,
        moves: &mut Vec<R::Move>,
        last: Option<(u8, usize)>,
    ) -> f32 {
        let Some((mover, theirs)) = last else {
            return 0.0;
        };
        rules.legal_moves(pos, moves);
        let (mine, theirs) = (moves.len() as f32, theirs as f32);
        // `mine` belongs to the player to move now, the other one to `mover`.
        let for_mover = (theirs - mine) / (theirs + mine).max(1.0);
        if mover == 0 { for_mover } else { -for_mover }
    }

    /// Reward for player 0: `cut` random plies, then the evaluation (or the
    /// result, if the game ended).
    pub fn simulate<R: Rules>(
        &self,
        rules: &R,
        pos: &mut R::Position,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<R::Move>,
        cells: &mut Vec<u8>,
    ) -> f32 {
        let last = match self.random_plies(rules, pos, rng, moves) {
            Ok(last) => last,
            Err(reward) => return reward,
        };
        let mobility = self.weights[MOBILITY];
        let mut extra = 0.0;
        if mobility > 0.0 {
            extra = mobility * Self::mobility_term(rules, pos, moves, last);
        }
        self.evaluate(rules, pos, cells, extra)
    }

    /// What [`Self::simulate`] weighs, unweighted: `cut` random plies from
    /// `pos`, then every term of [`TERMS`] (whatever its weight), so that the
    /// evaluation is the logistic of [`Self::scale`] times their sum weighted by
    /// [`Self::weights`]. `None` when the random plies end the game (the
    /// search then takes the result, not the evaluation) or a side is down to
    /// one piece. For fitting the weights to games (`learn-eval`).
    pub fn sample_terms<R: Rules>(
        &self,
        rules: &R,
        pos: &mut R::Position,
        rng: &mut ChaCha8Rng,
        moves: &mut Vec<R::Move>,
        cells: &mut Vec<u8>,
    ) -> Option<[f32; TERMS.len()]> {
        let last = self.random_plies(rules, pos, rng, moves).ok()?;
        let mobility = Self::mobility_term(rules, pos, moves, last);
        self.read_cells(rules, pos, cells);
        let mut seen = vec![false; cells.len()];
        let mut stack = Vec::new();
        let a = self.side_terms(cells, 1, &mut stack, &mut seen)?;
        let b = self.side_terms(cells, 2, &mut stack, &mut seen)?;
        let [b0, b1] = self.blocked(cells);
        let tempo = if rules.to_move(pos) == 0 { 1.0 } else { -1.0 };
        Some([
            b.groups - a.groups,
            b.conc - a.conc,
            b.off_centre - a.off_centre,
            a.quads - b.quads,
            tempo,
            mobility,
            b1 - b0,
        ])
    }
}

/// A sample for fitting the weights: the terms of a position (as
/// [`LoaEval::sample_terms`] gives them) and whether the first player won
/// the game it came from.
pub type TermSample = ([f32; TERMS.len()], bool);

/// The probability the evaluation (logistic scale `scale`) gives the first
/// player for `terms`.
fn predict(weights: &[f64; TERMS.len()], scale: f64, terms: &[f32; TERMS.len()]) -> f64 {
    let z: f64 = weights.iter().zip(terms).map(|(w, &x)| w * x as f64).sum();
    1.0 / (1.0 + (-scale * z).exp())
}

/// How well `weights` foresee `samples`: the mean log loss (nats per
/// sample; 0.693 is a coin's) and the share of samples whose winner the
/// weights give the larger chance. `(0, 0)` without samples.
pub fn log_loss(samples: &[TermSample], weights: &[f32; TERMS.len()], scale: f32) -> (f64, f64) {
    if samples.is_empty() {
        return (0.0, 0.0);
    }
    let w = weights.map(f64::from);
    let (mut loss, mut right) = (0.0, 0usize);
    for (terms, won) in samples {
        let p = predict(&w, scale as f64, terms).clamp(1e-12, 1.0 - 1e-12);
        loss -= if *won { p.ln() } else { (1.0 - p).ln() };
        right += usize::from((p > 0.5) == *won);
    }
    let n = samples.len() as f64;
    (loss / n, right as f64 / n)
}

/// The weights (each ≥ 0, as `--params` takes them) that best foresee
/// `samples`: logistic regression of the winner on the terms,
/// at the logistic scale `scale` and with a small ridge penalty `l2` (per weight, summed
/// over the samples), by Newton's method. When the best fit gives a term a
/// negative weight, the most negative one is held at 0 (the term does not
/// help) and the others are fitted again.
pub fn fit_weights(samples: &[TermSample], scale: f32, l2: f64) -> [f32; TERMS.len()] {
    let mut free = [true; TERMS.len()];
    loop {
        let w = newton(samples, &free, scale as f64, l2);
        let worst = (0..TERMS.len())
            .filter(|&i| free[i] && w[i] < 0.0)
            .min_by(|&a, &b| w[a].total_cmp(&w[b]));
        match worst {
            Some(i) => free[i] = false,
            None => return w.map(|x| x as f32),
        }
    }
}

/// The unconstrained fit of [`fit_weights`] over the weights marked `free`
/// (the others 0), from all weights 0: the log loss is convex, and Newton's
/// method reaches its minimum in a few steps.
fn newton(
    samples: &[TermSample],
    free: &[bool; TERMS.len()],
    s: f64,
    l2: f64,
) -> [f64; TERMS.len()] {
    const N: usize = TERMS.len();
    let idx: Vec<usize> = (0..N).filter(|&i| free[i]).collect();
    let mut w = [0.0f64; N];
    for _ in 0..50 {
        let mut grad = [0.0f64; N];
        let mut hess = [[0.0f64; N]; N];
        for (terms, won) in samples {
            let p = predict(&w, s, terms);
            let y = f64::from(u8::from(*won));
            let curv = s * s * p * (1.0 - p);
            for &i in &idx {
                let xi = terms[i] as f64;
                grad[i] += s * (p - y) * xi;
                for &j in &idx {
                    hess[i][j] += curv * xi * terms[j] as f64;
                }
            }
        }
        let mut a: Vec<Vec<f64>> = idx
            .iter()
            .map(|&i| {
                let mut row: Vec<f64> = idx.iter().map(|&j| hess[i][j]).collect();
                row[idx.iter().position(|&j| j == i).expect("in idx")] += l2;
                row.push(grad[i] + l2 * w[i]);
                row
            })
            .collect();
        let Some(step) = solve(&mut a) else {
            break;
        };
        let mut moved = 0.0f64;
        for (k, &i) in idx.iter().enumerate() {
            w[i] -= step[k];
            moved = moved.max(step[k].abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    w
}

/// Solve the linear system whose rows are `a` (each the coefficients, then
/// the right-hand side) by Gaussian elimination with partial pivoting;
/// `None` if it is singular.
fn solve(a: &mut [Vec<f64>]) -> Option<Vec<f64>> {
    let n = a.len();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        let (top, rest) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for row in rest {
            let f = row[c] / pivot[c];
            for (x, y) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * y;
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| a[r][k] * x[k]).sum();
        x[r] = (a[r][n] - s) / a[r][r];
    }
    Some(x)
}
