//! Section layouts: which base faces belong to which player.
//!
//! * The seed's fixed **paper** layouts for its two-sided 8×4 board ([`paper_board`]).
//! * An **automatic** partition of any board into N connected sections whose sizes
//!   differ by at most one face, optionally symmetric under a mirror or rotation of the
//!   base, detected from the geometry.
//!
//! Layouts depend only on the base and the player count, never on the seed, so
//! re-rolling a board keeps every player's section.

use super::GenerateError;
use super::topo::{NONE, Topology};
use crate::board::{Board, BoardBuilder, BoardMeta, FaceData, GridCoord};
use crate::mesh::{Mesh, Point, PolygonSoup};
use serde::{Deserialize, Serialize};

/// Symmetry asked of an automatic layout.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symmetry {
    #[default]
    None,
    /// Sections come in mirror-image pairs (needs an even number of players and a base
    /// with a mirror axis that no face straddles).
    Mirror,
    /// Sections are images of each other under a rotation of the base about its centre.
    Rotate,
}

impl std::str::FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "none" => Ok(Symmetry::None),
            "mirror" => Ok(Symmetry::Mirror),
            "rotate" | "rotation" => Ok(Symmetry::Rotate),
            _ => Err(format!(
                "unknown symmetry '{s}' (expected none, mirror or rotate)"
            )),
        }
    }
}

/// How the base is split into player sections.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// The seed's fixed layouts for its two-sided 8×4 paper board, 1–5 players.
    Paper,
    /// Automatic partition of any base into connected, equal (±1) sections.
    Auto(Symmetry),
}

impl Default for Layout {
    fn default() -> Self {
        Layout::Auto(Symmetry::None)
    }
}

/// The player sections of a base board.
#[derive(Clone, Debug, PartialEq)]
pub struct Sections {
    /// Section (player index) of every base face.
    pub of_face: Vec<u32>,
    /// Base faces of every section, in id order.
    pub faces: Vec<Vec<u32>>,
    /// Human-readable description of the layout ("paper, 4 players", "auto 2×2", …).
    pub description: String,
}

impl Sections {
    fn from_assignment(of_face: Vec<u32>, n: usize, description: String) -> Sections {
        let mut faces = vec![Vec::new(); n];
        for (f, &s) in of_face.iter().enumerate() {
            faces[s as usize].push(f as u32);
        }
        Sections {
            of_face,
            faces,
            description,
        }
    }
}

// ----- paper -----------------------------------------------------------------------------

/// Width and height of one side of the seed's paper board.
pub const PAPER_W: u32 = 8;
pub const PAPER_H: u32 = 4;
/// Column of the back side's first cell in [`paper_board`] (one column gap).
const BACK_X: i32 = PAPER_W as i32 + 1;

/// The seed's paper sections `[x, y, w, h]` (x from the left, y from the top of the
/// front side) for 1–5 players.
pub fn paper_rects(players: u8) -> Option<&'static [[u32; 4]]> {
    const P1: &[[u32; 4]] = &[[0, 0, 8, 4]];
    const P2: &[[u32; 4]] = &[[0, 0, 4, 4], [4, 0, 4, 4]];
    const P3: &[[u32; 4]] = &[[0, 0, 5, 2], [0, 2, 5, 2], [5, 0, 3, 4]];
    const P4: &[[u32; 4]] = &[[0, 0, 4, 2], [4, 0, 4, 2], [0, 2, 4, 2], [4, 2, 4, 2]];
    const P5: &[[u32; 4]] = &[
        [0, 0, 3, 2],
        [3, 0, 3, 2],
        [0, 2, 3, 2],
        [3, 2, 3, 2],
        [6, 0, 2, 4],
    ];
    match players {
        1 => Some(P1),
        2 => Some(P2),
        3 => Some(P3),
        4 => Some(P4),
        5 => Some(P5),
        _ => None,
    }
}

/// The seed's two-sided 8×4 sheet of paper as one board with two components: the front
/// (`a1`…`h4`, columns 0–7) and, one column to its right, the back as seen after turning
/// the sheet over its vertical axis (`a1'`…`h4'`, coordinates with columns 9–16). A cell
/// of the back at viewed column `x` lies behind front column `7 − x`.
pub fn paper_board() -> Board {
    let mut soup = PolygonSoup::new();
    let mut ids = std::collections::BTreeMap::new();
    let mut vid = |soup: &mut PolygonSoup, x: i32, y: i32| {
        *ids.entry((x, y))
            .or_insert_with(|| soup.push_vertex(Point::new(x as f64, y as f64)))
    };
    let mut coords = Vec::new();
    for side in 0..2 {
        let x0 = if side == 0 { 0 } else { BACK_X };
        for r in 0..PAPER_H as i32 {
            for c in 0..PAPER_W as i32 {
                let (x, y) = (x0 + c, r);
                let face = [
                    vid(&mut soup, x, y),
                    vid(&mut soup, x + 1, y),
                    vid(&mut soup, x + 1, y + 1),
                    vid(&mut soup, x, y + 1),
                ];
                soup.push_face(&face);
                coords.push((side, c, r));
            }
        }
    }
    let mesh = Mesh::from_soup(&soup).expect("the paper board's geometry is valid");
    let rows = coords.iter().map(|&(side, c, r)| {
        let mut label = crate::board::grid_name(c as u32, r as u32);
        if side != 0 {
            label.push('\'');
        }
        FaceData {
            label,
            coord: Some(GridCoord::new(c + if side == 0 { 0 } else { BACK_X }, r)),
            ..FaceData::default()
        }
    });
    // Tag the outline of each side by direction, like the square grid preset.
    let tags = crate::presets::boundary_tags(&mesh, |_, d| Some(crate::presets::side_facing(d)));
    BoardBuilder::from_mesh(mesh)
        .faces(rows)
        .tag_edges(tags)
        .meta(BoardMeta {
            name: "Paper sheet 8×4, two-sided".into(),
            description:
                "Front (left) and back (right, as seen after turning the sheet over) of an 8×4 sheet."
                    .into(),
            suggested_rules: Vec::new(),
        })
        .build()
        .expect("the paper board's parts are valid")
}

/// The paper layout for `players` on `base`, which must be [`paper_board`] (checked by
/// its grid coordinates).
pub(crate) fn paper_sections(base: &Board, players: u8) -> Result<Sections, GenerateError> {
    let rects = paper_rects(players).ok_or(GenerateError::PaperPlayers { players })?;
    let n = base.face_count();
    let expected = (2 * PAPER_W * PAPER_H) as usize;
    let not_paper = || GenerateError::NotPaperBoard { faces: n, expected };
    if n != expected {
        return Err(not_paper());
    }
    let index = base.grid_index();
    if index.len() != expected {
        return Err(not_paper());
    }
    let mut of_face = vec![NONE; n];
    for (s, &[x, y, w, h]) in rects.iter().enumerate() {
        // The seed's y runs down from the top; our rows run up from the bottom.
        let rows = (PAPER_H - y - h)..(PAPER_H - y);
        for r in rows {
            for c in x..x + w {
                let front = GridCoord::new(c as i32, r as i32);
                // The back rectangle is mirrored: viewed column W − x − w … W − x − 1.
                let back = GridCoord::new(BACK_X + (PAPER_W - 1 - c) as i32, r as i32);
                for g in [front, back] {
                    let f = *index.get(&g).ok_or_else(not_paper)?;
                    of_face[f.index()] = s as u32;
                }
            }
        }
    }
    if of_face.contains(&NONE) {
        return Err(not_paper());
    }
    Ok(Sections::from_assignment(
        of_face,
        rects.len(),
        format!("paper layout for {players} player(s), front and back"),
    ))
}

// ----- automatic -------------------------------------------------------------------------

/// Split `faces` into `sizes.len()` connected pieces of exactly the given sizes by
/// geometric sweeps (column/row arrangements and angular sectors), trying arrangements
/// until every piece is connected.
fn sweep_partition(
    topo: &Topology,
    faces: &[u32],
    sizes: &[usize],
    centre: Point,
) -> Option<(Vec<Vec<u32>>, String)> {
    let m = sizes.len();
    if m == 1 {
        return connected(topo, faces).then(|| (vec![faces.to_vec()], "one section".into()));
    }
    let bb = crate::mesh::Aabb::from_points(faces.iter().map(|&f| topo.centroid[f as usize]));
    let (bw, bh) = (bb.width().max(1e-9), bb.height().max(1e-9));
    // Column × row arrangements, most square-celled first.
    let mut arrangements: Vec<(usize, usize)> = (1..=m)
        .filter(|&a| m.is_multiple_of(a))
        .map(|a| (a, m / a))
        .collect();
    arrangements.sort_by(|&(a1, b1), &(a2, b2)| {
        let badness = |a: usize, b: usize| ((bw / a as f64) / (bh / b as f64)).ln().abs();
        badness(a1, b1).total_cmp(&badness(a2, b2))
    });
    let cmp_xy = |a: &u32, b: &u32, xfirst: bool| {
        let (p, q) = (topo.centroid[*a as usize], topo.centroid[*b as usize]);
        let (k1, k2) = if xfirst {
            ((p.x, p.y), (q.x, q.y))
        } else {
            ((p.y, p.x), (q.y, q.x))
        };
        k1.0.total_cmp(&k2.0)
            .then(k1.1.total_cmp(&k2.1))
            .then(a.cmp(b))
    };
    for &(cols, rows) in &arrangements {
        let mut sorted = faces.to_vec();
        sorted.sort_by(|a, b| cmp_xy(a, b, true));
        let mut pieces = Vec::with_capacity(m);
        let mut at = 0;
        for c in 0..cols {
            let group_sizes = &sizes[c * rows..(c + 1) * rows];
            let total: usize = group_sizes.iter().sum();
            let mut group = sorted[at..at + total].to_vec();
            at += total;
            group.sort_by(|a, b| cmp_xy(a, b, false));
            let mut g_at = 0;
            for &s in group_sizes {
                pieces.push(group[g_at..g_at + s].to_vec());
                g_at += s;
            }
        }
        if pieces.iter().all(|p| connected(topo, p)) {
            return Some((pieces, format!("{cols}×{rows} blocks")));
        }
    }
    // Angular sectors around the centre.
    let mut sorted = faces.to_vec();
    let angle = |f: u32| {
        let p = topo.centroid[f as usize] - centre;
        p.y.atan2(p.x)
    };
    sorted.sort_by(|&a, &b| angle(a).total_cmp(&angle(b)).then(a.cmp(&b)));
    for rot in 0..sorted.len().min(64) {
        let shift = rot * sorted.len() / 64;
        let mut pieces = Vec::with_capacity(m);
        let mut at = shift;
        for &s in sizes {
            let piece: Vec<u32> = (0..s).map(|i| sorted[(at + i) % sorted.len()]).collect();
            at += s;
            pieces.push(piece);
        }
        if pieces.iter().all(|p| connected(topo, p)) {
            return Some((pieces, "angular sectors".into()));
        }
    }
    peel_partition(topo, faces, sizes).map(|p| (p, "graph peeling".into()))
}

/// Largest board the O(n²) peeling fallback is tried on.
const PEEL_LIMIT: usize = 6000;

/// Fallback for boards where no geometric sweep gives connected pieces (spirals, combs,
/// boards with many holes): peel off one connected piece at a time, starting from the
/// periphery of what is left and growing breadth-first; a face whose removal would cut
/// parts off the rest is taken only if those parts fit into the piece too (they are
/// swallowed whole). The last piece is what remains.
fn peel_partition(topo: &Topology, faces: &[u32], sizes: &[usize]) -> Option<Vec<Vec<u32>>> {
    if faces.len() > PEEL_LIMIT || !connected(topo, faces) {
        return None;
    }
    let n = topo.face_count();
    // 0: not in play, 1: remaining, 2: in the current piece.
    let mut state = vec![0u8; n];
    for &f in faces {
        state[f as usize] = 1;
    }
    let mut pieces = Vec::with_capacity(sizes.len());
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    // BFS distances within the remaining faces from `from`; returns the farthest face.
    let bfs =
        |state: &[u8], dist: &mut [u32], queue: &mut std::collections::VecDeque<u32>, from: u32| {
            for &f in faces {
                dist[f as usize] = u32::MAX;
            }
            dist[from as usize] = 0;
            queue.clear();
            queue.push_back(from);
            let mut far = from;
            while let Some(f) = queue.pop_front() {
                if (dist[f as usize], f) > (dist[far as usize], far) {
                    far = f;
                }
                for &g in topo.neighbours(f) {
                    if state[g as usize] == 1 && dist[g as usize] == u32::MAX {
                        dist[g as usize] = dist[f as usize] + 1;
                        queue.push_back(g);
                    }
                }
            }
            far
        };
    for &size in &sizes[..sizes.len() - 1] {
        let any = *faces.iter().find(|&&f| state[f as usize] == 1)?;
        let a = bfs(&state, &mut dist, &mut queue, any);
        let start = bfs(&state, &mut dist, &mut queue, a);
        // Grow from the periphery face `start`, nearest faces first.
        let _ = bfs(&state, &mut dist, &mut queue, start);
        let d0 = dist.clone();
        let mut piece = vec![start];
        state[start as usize] = 2;
        while piece.len() < size {
            let mut cands: Vec<u32> = piece
                .iter()
                .flat_map(|&f| topo.neighbours(f).iter().copied())
                .filter(|&g| state[g as usize] == 1)
                .collect();
            cands.sort_unstable_by_key(|&g| (d0[g as usize], g));
            cands.dedup();
            let mut took = false;
            for g in cands {
                state[g as usize] = 2;
                // The rest must stay connected, or the parts cut off must fit into this
                // piece (they are then swallowed whole).
                let cut_off = cut_off_parts(topo, faces, &state, &mut dist, &mut queue);
                if piece.len() + 1 + cut_off.len() <= size {
                    piece.push(g);
                    for f in cut_off {
                        state[f as usize] = 2;
                        piece.push(f);
                    }
                    took = true;
                    break;
                }
                state[g as usize] = 1;
            }
            if !took {
                return None;
            }
        }
        for &f in &piece {
            state[f as usize] = 0;
        }
        pieces.push(piece);
    }
    let last: Vec<u32> = faces
        .iter()
        .copied()
        .filter(|&f| state[f as usize] == 1)
        .collect();
    if last.len() != sizes[sizes.len() - 1] {
        return None;
    }
    pieces.push(last);
    Some(pieces)
}

/// The remaining faces (`state == 1`) outside the largest connected part of the rest
/// (ties: the part containing the lowest face id), in id order.
fn cut_off_parts(
    topo: &Topology,
    faces: &[u32],
    state: &[u8],
    comp: &mut [u32],
    queue: &mut std::collections::VecDeque<u32>,
) -> Vec<u32> {
    for &f in faces {
        comp[f as usize] = u32::MAX;
    }
    let mut sizes: Vec<usize> = Vec::new();
    for &f in faces {
        if state[f as usize] != 1 || comp[f as usize] != u32::MAX {
            continue;
        }
        let c = sizes.len() as u32;
        let mut count = 0;
        comp[f as usize] = c;
        queue.clear();
        queue.push_back(f);
        while let Some(x) = queue.pop_front() {
            count += 1;
            for &g in topo.neighbours(x) {
                if state[g as usize] == 1 && comp[g as usize] == u32::MAX {
                    comp[g as usize] = c;
                    queue.push_back(g);
                }
            }
        }
        sizes.push(count);
    }
    if sizes.len() <= 1 {
        return Vec::new();
    }
    let keep = (0..sizes.len())
        .max_by_key(|&c| (sizes[c], std::cmp::Reverse(c)))
        .unwrap_or(0) as u32;
    faces
        .iter()
        .copied()
        .filter(|&f| state[f as usize] == 1 && comp[f as usize] != keep)
        .collect()
}

/// Whether `faces` (non-empty) form one edge-connected piece.
fn connected(topo: &Topology, faces: &[u32]) -> bool {
    if faces.is_empty() {
        return false;
    }
    let mut mark = rustc_hash::FxHashSet::default();
    let member: rustc_hash::FxHashSet<u32> = faces.iter().copied().collect();
    let mut stack = vec![faces[0]];
    mark.insert(faces[0]);
    while let Some(f) = stack.pop() {
        for &g in topo.neighbours(f) {
            if member.contains(&g) && mark.insert(g) {
                stack.push(g);
            }
        }
    }
    mark.len() == faces.len()
}

/// Sizes of `m` pieces of `total` faces differing by at most one, larger first.
fn even_sizes(total: usize, m: usize) -> Vec<usize> {
    (0..m)
        .map(|i| total / m + usize::from(i < total % m))
        .collect()
}

/// A symmetry of the base: the image of every face.
struct FaceMap {
    image: Vec<u32>,
    /// Rotation order (for rotations) or 2 (mirror).
    order: usize,
    name: String,
}

fn area_centre(topo: &Topology) -> Point {
    let mut a = 0.0;
    let mut c = Point::new(0.0, 0.0);
    for (p, &w) in topo.centroid.iter().zip(&topo.area) {
        a += w;
        c = c + *p * w;
    }
    if a > 0.0 { c * (1.0 / a) } else { c }
}

/// The face map of the point transform `t`, if it maps every face centroid onto a face
/// centroid of the same area (within a tolerance relative to the board's size).
fn face_map(topo: &Topology, mesh: &Mesh, t: impl Fn(Point) -> Point) -> Option<Vec<u32>> {
    let bb = mesh.bbox();
    let tol = bb.width().max(bb.height()) * 1e-7;
    let n = topo.face_count();
    let mut by_x: Vec<u32> = (0..n as u32).collect();
    by_x.sort_by(|&a, &b| {
        topo.centroid[a as usize]
            .x
            .total_cmp(&topo.centroid[b as usize].x)
    });
    let xs: Vec<f64> = by_x.iter().map(|&f| topo.centroid[f as usize].x).collect();
    let mut image = vec![NONE; n];
    for (f, img) in image.iter_mut().enumerate() {
        let q = t(topo.centroid[f]);
        let lo = xs.partition_point(|&x| x < q.x - tol);
        let hit = by_x[lo..]
            .iter()
            .take_while(|&&g| topo.centroid[g as usize].x <= q.x + tol)
            .find(|&&g| {
                let p = topo.centroid[g as usize];
                (p.y - q.y).abs() <= tol
                    && (topo.area[g as usize] - topo.area[f]).abs()
                        <= 1e-6 * topo.area[f].max(topo.area[g as usize])
            })?;
        *img = *hit;
    }
    Some(image)
}

/// Mirror axes of the base through its centre (vertical first when the board is wider
/// than tall).
fn mirrors(topo: &Topology, mesh: &Mesh) -> Vec<FaceMap> {
    let c = area_centre(topo);
    let bb = mesh.bbox();
    let mut out = Vec::new();
    let vertical = move |p: Point| Point::new(2.0 * c.x - p.x, p.y);
    let horizontal = move |p: Point| Point::new(p.x, 2.0 * c.y - p.y);
    type Transform = Box<dyn Fn(Point) -> Point>;
    let mut cands: Vec<(&str, Transform)> = vec![
        ("mirror about the vertical axis", Box::new(vertical)),
        ("mirror about the horizontal axis", Box::new(horizontal)),
    ];
    if bb.height() > bb.width() {
        cands.reverse();
    }
    for (name, t) in cands {
        if let Some(image) = face_map(topo, mesh, t) {
            out.push(FaceMap {
                image,
                order: 2,
                name: name.into(),
            });
        }
    }
    out
}

/// Rotations of the base about its centre, highest order first.
fn rotations(topo: &Topology, mesh: &Mesh) -> Vec<FaceMap> {
    let c = area_centre(topo);
    let mut out = Vec::new();
    for k in [6usize, 4, 3, 2] {
        let a = std::f64::consts::TAU / k as f64;
        let (s, co) = a.sin_cos();
        let t = |p: Point| {
            let d = p - c;
            Point::new(c.x + d.x * co - d.y * s, c.y + d.x * s + d.y * co)
        };
        if let Some(image) = face_map(topo, mesh, t) {
            out.push(FaceMap {
                image,
                order: k,
                name: format!("rotation by {}°", 360 / k),
            });
        }
    }
    out
}

/// Automatic sections for `players` on `base`.
pub(crate) fn auto_sections(
    base: &Board,
    topo: &Topology,
    players: u8,
    symmetry: Symmetry,
) -> Result<Sections, GenerateError> {
    let n = topo.face_count();
    let np = players as usize;
    let all: Vec<u32> = (0..n as u32).collect();
    let centre = area_centre(topo);
    if symmetry == Symmetry::None || np == 1 {
        let sizes = even_sizes(n, np);
        let (pieces, how) = sweep_partition(topo, &all, &sizes, centre).ok_or_else(|| {
            GenerateError::Layout(format!(
                "could not split this board into {np} connected sections of {}–{} faces; \
                 try fewer players",
                n / np,
                n.div_ceil(np)
            ))
        })?;
        let mut of_face = vec![NONE; n];
        for (s, p) in pieces.iter().enumerate() {
            for &f in p {
                of_face[f as usize] = s as u32;
            }
        }
        let extra = if symmetry != Symmetry::None {
            " (one player: trivially symmetric)"
        } else {
            ""
        };
        return Ok(Sections::from_assignment(
            of_face,
            np,
            format!("automatic, {how}{extra}"),
        ));
    }
    let maps = match symmetry {
        Symmetry::Mirror => {
            if !np.is_multiple_of(2) {
                return Err(GenerateError::Symmetry(format!(
                    "a mirror-symmetric layout needs an even number of players (got {np})"
                )));
            }
            mirrors(topo, base.mesh())
        }
        Symmetry::Rotate => rotations(topo, base.mesh())
            .into_iter()
            .filter(|m| np.is_multiple_of(m.order))
            .collect(),
        Symmetry::None => unreachable!("handled above"),
    };
    if maps.is_empty() {
        return Err(GenerateError::Symmetry(match symmetry {
            Symmetry::Mirror => "this board has no mirror axis through its centre".into(),
            _ => {
                let orders: Vec<String> = rotations(topo, base.mesh())
                    .iter()
                    .map(|m| m.order.to_string())
                    .collect();
                if orders.is_empty() {
                    "this board has no rotational symmetry".into()
                } else {
                    format!(
                        "this board's rotational symmetry (order {}) does not divide {np} players",
                        orders.join(", ")
                    )
                }
            }
        }));
    }
    let mut last_err = String::new();
    for map in &maps {
        match symmetric_sections(topo, map, np, centre) {
            Ok(s) => return Ok(s),
            Err(e) => last_err = format!("{}: {e}", map.name),
        }
    }
    Err(GenerateError::Symmetry(last_err))
}

fn symmetric_sections(
    topo: &Topology,
    map: &FaceMap,
    np: usize,
    centre: Point,
) -> Result<Sections, String> {
    let n = topo.face_count();
    let k = map.order;
    let m = np / k;
    // Orbits under the map; pick one representative per orbit by angle from a fixed
    // direction (slightly off the axes so grid rows and columns do not sit on the cut).
    let off = 0.1f64;
    let angle = |f: u32| {
        let p = topo.centroid[f as usize] - centre;
        (p.y.atan2(p.x) - off).rem_euclid(std::f64::consts::TAU)
    };
    let mut seen = vec![false; n];
    let mut domain = Vec::new();
    let mut fixed = Vec::new();
    let mut orbit_of_rep: Vec<Vec<u32>> = Vec::new();
    for f in 0..n as u32 {
        if seen[f as usize] {
            continue;
        }
        let mut orbit = vec![f];
        seen[f as usize] = true;
        let mut g = map.image[f as usize];
        while g != f {
            if seen[g as usize] || orbit.len() > k {
                return Err("the symmetry does not permute the faces cleanly".into());
            }
            seen[g as usize] = true;
            orbit.push(g);
            g = map.image[g as usize];
        }
        if orbit.len() == 1 {
            fixed.push(f);
            continue;
        }
        if orbit.len() != k {
            return Err(format!(
                "{} faces lie on a symmetry axis or centre, so sections cannot be exact images",
                orbit.len()
            ));
        }
        // Rotate the orbit so that it starts with the representative.
        let rep_pos = (0..k)
            .min_by(|&a, &b| angle(orbit[a]).total_cmp(&angle(orbit[b])))
            .unwrap_or(0);
        orbit.rotate_left(rep_pos);
        domain.push(orbit[0]);
        orbit_of_rep.push(orbit);
    }
    if fixed.len() > np {
        return Err(format!(
            "{} faces lie on the symmetry axis or centre (at most {np} can be shared out)",
            fixed.len()
        ));
    }
    let sizes = even_sizes(domain.len(), m);
    let (pieces, how) = sweep_partition(topo, &domain, &sizes, centre).ok_or_else(|| {
        format!("could not split a 1/{k} part of the board into {m} connected pieces")
    })?;
    let mut of_face = vec![NONE; n];
    let mut rep_index = vec![NONE; n];
    for (i, &r) in domain.iter().enumerate() {
        rep_index[r as usize] = i as u32;
    }
    for (j, piece) in pieces.iter().enumerate() {
        for &r in piece {
            let orbit = &orbit_of_rep[rep_index[r as usize] as usize];
            // orbit[i] is the image of the representative under the map applied i times.
            for (i, &g) in orbit.iter().enumerate() {
                of_face[g as usize] = (i * m + j) as u32;
            }
        }
    }
    // Faces fixed by the symmetry: each to a different adjacent section, smallest first.
    let mut size = vec![0usize; np];
    for &s in &of_face {
        if s != NONE {
            size[s as usize] += 1;
        }
    }
    let mut got_one = vec![false; np];
    for &f in &fixed {
        let best = topo
            .neighbours(f)
            .iter()
            .map(|&g| of_face[g as usize])
            .filter(|&s| s != NONE && !got_one[s as usize])
            .min_by_key(|&s| (size[s as usize], s));
        let Some(s) = best else {
            return Err("a face on the symmetry centre touches no section".into());
        };
        of_face[f as usize] = s;
        got_one[s as usize] = true;
        size[s as usize] += 1;
    }
    let mut secs = Sections::from_assignment(of_face, np, String::new());
    if !secs.faces.iter().all(|p| connected(topo, p)) {
        return Err("the symmetric sections would not be connected".into());
    }
    secs.description = format!(
        "automatic, symmetric under {} ({how} per 1/{k}{})",
        map.name,
        if fixed.is_empty() {
            String::new()
        } else {
            format!(", {} centre face(s) shared out", fixed.len())
        }
    );
    Ok(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A comb: a spine along the bottom and teeth going up from every other column.
    fn comb(teeth: u32, height: u32) -> Board {
        let w = teeth * 2 - 1;
        let mut cells = Vec::new();
        for x in 0..w {
            cells.push((x, 0));
        }
        for t in 0..teeth {
            for y in 1..=height {
                cells.push((t * 2, y));
            }
        }
        let mut soup = PolygonSoup::new();
        let mut ids = std::collections::BTreeMap::new();
        for &(x, y) in &cells {
            let mut face = Vec::new();
            for (dx, dy) in [(0, 0), (1, 0), (1, 1), (0, 1)] {
                let k = (x + dx, y + dy);
                let id = *ids
                    .entry(k)
                    .or_insert_with(|| soup.push_vertex(Point::new(k.0 as f64, k.1 as f64)));
                face.push(id);
            }
            soup.push_face(&face);
        }
        Board::new(Mesh::from_soup(&soup).unwrap())
    }

    #[test]
    fn peeling_gives_connected_equal_pieces() {
        let b = comb(6, 5);
        let topo = Topology::new(&b);
        let all: Vec<u32> = (0..b.face_count() as u32).collect();
        // (More pieces are impossible: a piece holding a tooth's tip holds the whole tooth.)
        for m in 2..=3 {
            let sizes = even_sizes(all.len(), m);
            let pieces = peel_partition(&topo, &all, &sizes).expect("comb can be peeled");
            let mut seen = vec![false; all.len()];
            for (p, &s) in pieces.iter().zip(&sizes) {
                assert_eq!(p.len(), s);
                assert!(connected(&topo, p));
                for &f in p {
                    assert!(!std::mem::replace(&mut seen[f as usize], true));
                }
            }
            assert!(seen.iter().all(|&x| x));
        }
    }

    #[test]
    fn comb_board_gets_connected_sections() {
        // 41 faces: 21 + 20 and 14 + 14 + 13 are possible (only by cutting the spine).
        let b = comb(6, 5);
        let topo = Topology::new(&b);
        for players in 2..=3 {
            let s = auto_sections(&b, &topo, players, Symmetry::None).unwrap();
            let min = s.faces.iter().map(Vec::len).min().unwrap();
            let max = s.faces.iter().map(Vec::len).max().unwrap();
            assert!(max - min <= 1);
            assert!(
                s.faces.iter().all(|p| connected(&topo, p)),
                "{}",
                s.description
            );
        }
    }
}
