//! Lines of Action: playouts cut short by an evaluation, as in the LOA
//! literature (Winands et al., MC-LOA): after a few random plies the position
//! is scored by the features that predict a connection — the number of groups
//! (connectivity), how closely the pieces gather around their centre of mass
//! (concentration), how central that centre is (centralisation), how many
//! 2×2 blocks hold three or more of a player's pieces (quads) and, as in MIA,
//! how many legal moves each side has (mobility, weighted by
//! [`LoaEval::mobility`]) and how far each side's pieces are hemmed in by the
//! opponent's (blocking, weighted by [`LoaEval::blocking`]).
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
//! not win significantly (51.6 % over 400 games at weight 2; see LOA's search
//! defaults), so it is off by default.

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
    /// Weight of mobility (as in MIA): the two sides' numbers of legal
    /// moves at the end of the random plies, as (a − b) / (a + b). 0: off.
    pub mobility: f32,
    /// Weight of blocking: the opponent's blocking minus one's own (see the
    /// module documentation), in pieces' worth. 0: off.
    pub blocking: f32,
}

/// Weights of the evaluation terms (per player, then differenced).
const W_GROUPS: f32 = 0.9;
const W_CONC: f32 = 1.2;
const W_CENTRE: f32 = 0.15;
const W_QUADS: f32 = 0.25;
/// Logistic scale turning the difference into a win probability.
const SCALE: f32 = 0.8;

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
            mobility: 0.0,
            blocking: 0.0,
        }
    }

    /// Feature score of `p` (higher is better for `p`).
    fn side_score(&self, cells: &[u8], p: u8, stack: &mut Vec<u32>, seen: &mut [bool]) -> f32 {
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
            return 10.0;
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
        -W_GROUPS * (groups as f32 - 1.0) - W_CONC * conc - W_CENTRE * off_centre + W_QUADS * quads
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

    /// Probability that player 0 wins, from the features (any rules whose
    /// pieces stand on the faces of the board this was made for), with
    /// `extra` (the mobility term) and the blocking term added to player 0's
    /// side of the difference.
    fn evaluate<R: Rules>(
        &self,
        rules: &R,
        pos: &R::Position,
        cells: &mut Vec<u8>,
        extra: f32,
    ) -> f32 {
        cells.clear();
        cells.extend(
            (0..self.at.len()).map(|i| match rules.piece_at(pos, FaceId(i as u32)) {
                Some(p) => p + 1,
                None => 0,
            }),
        );
        let mut seen = vec![false; cells.len()];
        let mut stack = Vec::new();
        let s0 = self.side_score(cells, 1, &mut stack, &mut seen);
        let s1 = self.side_score(cells, 2, &mut stack, &mut seen);
        let mut extra = extra;
        if self.blocking > 0.0 {
            let [b0, b1] = self.blocked(cells);
            extra += self.blocking * (b1 - b0);
        }
        // A small bonus for the side to move.
        let tempo = if rules.to_move(pos) == 0 { 0.1 } else { -0.1 };
        1.0 / (1.0 + (-(s0 - s1 + tempo + extra) * SCALE).exp())
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
        // The number of legal moves of the side that made the last random ply,
        // as counted before it (for the mobility term).
        let mut last_count = None;
        for _ in 0..self.cut {
            if let Some(w) = rules.result(pos) {
                return reward_for(w, 0);
            }
            rules.legal_moves(pos, moves);
            if moves.is_empty() {
                return 0.5;
            }
            last_count = Some((rules.to_move(pos), moves.len()));
            let m = moves[rng.random_range(0..moves.len())];
            rules.apply(pos, m);
        }
        if let Some(w) = rules.result(pos) {
            return reward_for(w, 0);
        }
        let mut extra = 0.0;
        if self.mobility > 0.0
            && let Some((mover, theirs)) = last_count
        {
            rules.legal_moves(pos, moves);
            let (mine, theirs) = (moves.len() as f32, theirs as f32);
            // `mine` belongs to the player to move now, the other one to `mover`.
            let for_mover = (theirs - mine) / (theirs + mine).max(1.0);
            extra = self.mobility * if mover == 0 { for_mover } else { -for_mover };
        }
        self.evaluate(rules, pos, cells, extra)
    }
}
