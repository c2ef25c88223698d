//! The board as an electric circuit (Shannon's Hex machine; Anshelevich's
//! Six, Benzene's `Resistance`): for each player, every empty face and every
//! chain of the player's stones (a side counts as one) is a node, the
//! opponent's stones are cut out, and neighbouring nodes are joined by a
//! resistor (conductance 1 between two empty faces, 2 between an empty face
//! and a chain). With one side at voltage 1 and the other at 0, the current
//! through an empty face says how much the player's best routes use it.

/// Conductance between two empty faces and between an empty face and a chain.
const EMPTY_TO_EMPTY: f64 = 1.0;
const EMPTY_TO_CHAIN: f64 = 2.0;

/// The conjugate-gradient solve stops when the residual's norm is below this
/// fraction of the right-hand side's (or after as many steps as unknowns).
const TOLERANCE: f64 = 1e-6;

/// Work space for [`circuit_flow`], reused between calls.
#[derive(Default, Debug, Clone)]
pub struct Circuit {
    node_of: Vec<u32>,
    /// Adjacency in compressed rows: for each node its (neighbour, conductance).
    start: Vec<u32>,
    edges: Vec<(u32, f64)>,
    diag: Vec<f64>,
    b: Vec<f64>,
    v: Vec<f64>,
    r: Vec<f64>,
    p: Vec<f64>,
    ap: Vec<f64>,
    pairs: Vec<(u32, u32, f64)>,
}

const NONE: u32 = u32::MAX;

/// Fills `flow[f]` (one entry per face) with the fraction of player `col`'s
/// current (`col` 1 Red, 2 Blue) that passes through empty face `f`, and
/// returns the player's total conductance (0 when the sides are cut apart,
/// infinite when they are joined).
///
/// `n` faces; `nbr(f)` the playable neighbouring faces of `f`; `sides(f)` the
/// side nodes (`n..n + 4`) it touches; `cells` 0 empty, 1 Red, 2 Blue;
/// `root(x)` the chain representative of face or side node `x` (stones of one
/// colour and their sides share one); `source`/`sink` the player's two side
/// nodes.
#[allow(clippy::too_many_arguments)]
pub fn circuit_flow<'a>(
    c: &mut Circuit,
    n: usize,
    cells: &[u8],
    playable: &[bool],
    col: u8,
    nbr: impl Fn(usize) -> &'a [u32],
    sides: impl Fn(usize) -> [Option<usize>; 2],
    root: impl Fn(usize) -> usize,
    source: usize,
    sink: usize,
    flow: &mut [f32],
) -> f64 {
    flow.iter_mut().for_each(|x| *x = 0.0);
    let (src, snk) = (root(source), root(sink));
    if src == snk {
        return f64::INFINITY;
    }
    // Node numbers: the two terminals first, then chains and empty faces.
    c.node_of.clear();
    c.node_of.resize(n + 4, NONE);
    let mut nodes = 0u32;
    let mut number = |x: usize, node_of: &mut Vec<u32>| {
        if node_of[x] == NONE {
            node_of[x] = nodes;
            nodes += 1;
        }
        node_of[x]
    };
    number(src, &mut c.node_of);
    number(snk, &mut c.node_of);
    c.pairs.clear();
    let chain = |x: usize| -> Option<usize> {
        if x >= n || cells[x] == col {
            Some(root(x))
        } else {
            None
        }
    };
    for f in 0..n {
        if !playable[f] || cells[f] != 0 {
            continue;
        }
        let a = number(f, &mut c.node_of);
        let first = c.pairs.len();
        let link = |other: u32, g: f64, pairs: &mut Vec<(u32, u32, f64)>| {
            // One resistor per chain an empty face touches.
            if !pairs[first..].iter().any(|&(_, o, _)| o == other) {
                pairs.push((a, other, g));
            }
        };
        for &x in nbr(f) {
            let x = x as usize;
            if cells[x] == 0 {
                if x > f {
                    let o = number(x, &mut c.node_of);
                    link(o, EMPTY_TO_EMPTY, &mut c.pairs);
                }
            } else if let Some(r) = chain(x) {
                let o = number(r, &mut c.node_of);
                link(o, EMPTY_TO_CHAIN, &mut c.pairs);
            }
        }
        for s in sides(f).into_iter().flatten() {
            if let Some(r) = chain(s) {
                let o = number(r, &mut c.node_of);
                link(o, EMPTY_TO_CHAIN, &mut c.pairs);
            }
        }
    }
    let m = nodes as usize;
    // Compressed rows of the symmetric graph.
    c.start.clear();
    c.start.resize(m + 1, 0);
    for &(a, b, _) in &c.pairs {
        c.start[a as usize + 1] += 1;
        c.start[b as usize + 1] += 1;
    }
    for i in 0..m {
        c.start[i + 1] += c.start[i];
    }
    c.edges.clear();
    c.edges.resize(c.start[m] as usize, (0, 0.0));
    let mut fill: Vec<u32> = c.start[..m].to_vec();
    c.diag.clear();
    c.diag.resize(m, 0.0);
    for &(a, b, g) in &c.pairs {
        c.edges[fill[a as usize] as usize] = (b, g);
        fill[a as usize] += 1;
        c.edges[fill[b as usize] as usize] = (a, g);
        fill[b as usize] += 1;
        c.diag[a as usize] += g;
        c.diag[b as usize] += g;
    }
    // Unknowns: nodes 2..m; node 0 at voltage 1, node 1 at 0. The system is
    // the graph Laplacian restricted to the unknowns, right-hand side the
    // conductances to the source.
    c.b.clear();
    c.b.resize(m, 0.0);
    for &(x, g) in &c.edges[c.start[0] as usize..c.start[1] as usize] {
        c.b[x as usize] += g;
    }
    c.v.clear();
    c.v.resize(m, 0.0);
    c.v[0] = 1.0;
    let lap = |x: &[f64], out: &mut [f64], c_start: &[u32], edges: &[(u32, f64)], diag: &[f64]| {
        for i in 2..m {
            let mut s = diag[i] * x[i];
            for &(j, g) in &edges[c_start[i] as usize..c_start[i + 1] as usize] {
                if j >= 2 {
                    s -= g * x[j as usize];
                }
            }
            out[i] = s;
        }
    };
    // Conjugate gradients on the unknowns (symmetric positive semi-definite;
    // parts cut off from both terminals stay at 0).
    c.r.clear();
    c.r.extend_from_slice(&c.b);
    c.r[0] = 0.0;
    c.r[1] = 0.0;
    c.p.clear();
    c.p.extend_from_slice(&c.r);
    c.ap.clear();
    c.ap.resize(m, 0.0);
    let norm_b: f64 = c.b[2..].iter().map(|x| x * x).sum();
    let mut rr = norm_b;
    if norm_b > 0.0 {
        for _ in 0..m {
            lap(&c.p, &mut c.ap, &c.start, &c.edges, &c.diag);
            let pap: f64 = (2..m).map(|i| c.p[i] * c.ap[i]).sum();
            if pap <= 0.0 {
                break;
            }
            let alpha = rr / pap;
            for i in 2..m {
                c.v[i] += alpha * c.p[i];
                c.r[i] -= alpha * c.ap[i];
            }
            let rr_new: f64 = c.r[2..].iter().map(|x| x * x).sum();
            if rr_new <= TOLERANCE * TOLERANCE * norm_b {
                break;
            }
            let beta = rr_new / rr;
            rr = rr_new;
            for i in 2..m {
                c.p[i] = c.r[i] + beta * c.p[i];
            }
        }
    }
    // Total current out of the source.
    let total: f64 = c.edges[c.start[0] as usize..c.start[1] as usize]
        .iter()
        .map(|&(x, g)| g * (1.0 - c.v[x as usize]))
        .sum();
    if total <= 1e-12 {
        return 0.0;
    }
    for f in 0..n {
        let a = c.node_of[f];
        if a == NONE || cells[f] != 0 {
            continue;
        }
        let a = a as usize;
        let through: f64 = c.edges[c.start[a] as usize..c.start[a + 1] as usize]
            .iter()
            .map(|&(x, g)| (g * (c.v[a] - c.v[x as usize])).abs())
            .sum();
        flow[f] = (0.5 * through / total) as f32;
    }
    total
}
