//! Merging each region's base faces into one polygon and building the output board.

use super::report::FairnessReport;
use super::topo::{NONE, trace_outline};
use super::{GenerateError, Generated, Generator, RegionInfo, RegionKind, Work};
use crate::board::{BoardBuilder, BoardMeta, FaceData, FaceKind, Rgba};
use crate::mesh::{Dart, EdgeId, FaceId, Mesh, VertexId};

/// Colours per player: (fixed region, garden).
const PALETTE: [([u8; 3], [u8; 3]); 8] = [
    ([0xc0, 0x39, 0x2b], [0xf5, 0xb7, 0xb1]),
    ([0x29, 0x80, 0xb9], [0xae, 0xd6, 0xf1]),
    ([0x27, 0xae, 0x60], [0xab, 0xeb, 0xc6]),
    ([0x8e, 0x44, 0xad], [0xd7, 0xbd, 0xe2]),
    ([0xd3, 0x54, 0x00], [0xf8, 0xc4, 0x71]),
    ([0x16, 0xa0, 0x85], [0xa3, 0xe4, 0xd7]),
    ([0x7f, 0x8c, 0x8d], [0xd5, 0xdb, 0xdb]),
    ([0xb7, 0x95, 0x0b], [0xf9, 0xe7, 0x9f]),
];

/// Colour of a region of `kind` owned by `player`.
pub fn region_colour(player: u8, kind: RegionKind) -> Rgba {
    let (f, g) = PALETTE[player as usize % PALETTE.len()];
    let c = if kind == RegionKind::Fixed { f } else { g };
    Rgba([c[0], c[1], c[2], 0xff])
}

pub(super) fn build(
    gtr: &Generator,
    w: &Work,
    seed: u64,
    attempts: u32,
) -> Result<Generated, GenerateError> {
    let base = &*gtr.base;
    let mesh = base.mesh();
    let nr = w.region_count();
    // Output order: by player, fixed regions (largest first, as placed) then gardens.
    let mut order: Vec<usize> = (0..nr).collect();
    order.sort_by_key(|&r| (w.owner[r], w.kind[r], r));
    let mut new_id = vec![0u32; nr];
    for (i, &r) in order.iter().enumerate() {
        new_id[r] = i as u32;
    }
    let region_of: Vec<u32> = w.region_of.iter().map(|&r| new_id[r as usize]).collect();

    // Which vertices survive: drop a vertex where exactly two sides meet (two regions, or
    // a region and the outside) and its two edges are collinear, so straight runs of a
    // region's outline become one edge.
    const UNKNOWN: u8 = 0;
    const KEEP: u8 = 1;
    const DROP: u8 = 2;
    let mut vstate = vec![UNKNOWN; mesh.vertex_count()];
    let mut keep = |v: VertexId, d_in: Dart, d_out: Dart| -> bool {
        let s = &mut vstate[v.index()];
        if *s == UNKNOWN {
            let mut sides = [NONE; 3];
            let mut ns = 0;
            for d in mesh.vertex_darts(v) {
                let side = mesh.dart_face(d).map_or(NONE, |f| region_of[f.index()]);
                if !sides[..ns].contains(&side) {
                    if ns == 2 {
                        ns = 3;
                        break;
                    }
                    sides[ns] = side;
                    ns += 1;
                }
            }
            let a = mesh.position(mesh.dart_origin(d_in));
            let p = mesh.position(v);
            let b = mesh.position(mesh.dart_target(d_out));
            let (u, t) = (p - a, b - p);
            let straight = u.cross(t).abs() <= 1e-12 * u.length() * t.length() && u.dot(t) > 0.0;
            *s = if ns == 2 && straight { DROP } else { KEEP };
        }
        *s == KEEP
    };

    // The output mesh is assembled directly from the base mesh's structure: each output
    // edge is a chain of base darts between two kept vertices; the twin half-edge of a
    // chain starting on base edge `x` is the chain that ended on `x`.
    let mut out = Mesh {
        positions: Vec::with_capacity(mesh.vertex_count()),
        vertex_out: Vec::with_capacity(mesh.vertex_count()),
        edge_vertices: Vec::with_capacity(mesh.edge_count()),
        edge_faces: Vec::with_capacity(mesh.edge_count()),
        edge_next: Vec::with_capacity(mesh.edge_count()),
        edge_prev: Vec::with_capacity(mesh.edge_count()),
        face_dart: Vec::with_capacity(nr),
    };
    let mut vmap = vec![NONE; mesh.vertex_count()];
    let mut edge_of_base = vec![NONE; mesh.edge_count()];
    // Per output edge, the first base dart of its side-0 chain.
    let mut chain_first: Vec<Dart> = Vec::with_capacity(mesh.edge_count());
    let mut outline = Vec::new();
    let mut kept = Vec::new();
    let mut cycle = Vec::new();
    let mut regions = Vec::with_capacity(nr);
    let bad = |what: String| GenerateError::Output(what);
    for (fi, &r) in order.iter().enumerate() {
        let faces = w.region_faces(r);
        let rid = new_id[r];
        // A boundary dart of the region.
        let start = faces
            .iter()
            .flat_map(|&f| mesh.face_darts(FaceId(f)))
            .find(|&d| {
                mesh.dart_face(d.twin())
                    .is_none_or(|g| region_of[g.index()] != rid)
            })
            .ok_or_else(|| bad(format!("region {rid} has no outline")))?;
        trace_outline(base, &region_of, rid, start, &mut outline)
            .ok_or_else(|| bad(format!("the outline of region {rid} does not close")))?;
        let k = outline.len();
        kept.clear();
        for i in 0..k {
            let d_out = outline[i];
            let d_in = outline[(i + k - 1) % k];
            if keep(mesh.dart_origin(d_out), d_in, d_out) {
                kept.push(i);
            }
        }
        if kept.len() < 3 {
            return Err(bad(format!("region {rid} has fewer than three corners")));
        }
        for &i in &kept {
            let v = mesh.dart_origin(outline[i]);
            if vmap[v.index()] == NONE {
                vmap[v.index()] = out.positions.len() as u32;
                out.positions.push(mesh.position(v));
                out.vertex_out.push(Dart(NONE));
            }
        }
        cycle.clear();
        for (j, &s) in kept.iter().enumerate() {
            let t = kept[(j + 1) % kept.len()];
            let first = outline[s];
            let last = outline[(t + k - 1) % k];
            let a = vmap[mesh.dart_origin(first).index()];
            let b = vmap[mesh.dart_origin(outline[t]).index()];
            let twin_of = edge_of_base[first.edge().index()];
            let d = if twin_of != NONE {
                let e = twin_of as usize;
                if out.edge_vertices[e] != [VertexId(b), VertexId(a)]
                    || out.edge_faces[e][1] != NONE
                {
                    return Err(bad(format!("region {rid}: unmatched shared edge")));
                }
                out.edge_faces[e][1] = fi as u32;
                Dart::new(EdgeId(twin_of), 1)
            } else {
                let e = out.edge_vertices.len() as u32;
                out.edge_vertices.push([VertexId(a), VertexId(b)]);
                out.edge_faces.push([fi as u32, NONE]);
                out.edge_next.push([Dart(NONE); 2]);
                out.edge_prev.push([Dart(NONE); 2]);
                chain_first.push(first);
                edge_of_base[last.edge().index()] = e;
                Dart::new(EdgeId(e), 0)
            };
            out.vertex_out[a as usize] = d;
            cycle.push(d);
        }
        let n = cycle.len();
        for j in 0..n {
            let (d, nx) = (cycle[j], cycle[(j + 1) % n]);
            out.edge_next[d.edge().index()][d.side() as usize] = nx;
            out.edge_prev[nx.edge().index()][nx.side() as usize] = d;
        }
        out.face_dart.push(cycle[0]);
        let area = faces.iter().map(|&f| gtr.topo.area[f as usize]).sum();
        regions.push(RegionInfo {
            player: w.owner[r],
            kind: w.kind[r],
            base_faces: faces.iter().map(|&f| FaceId(f)).collect(),
            area,
        });
    }
    // Boundary sides: link them around the outline, following the base's boundary loops.
    let ne = out.edge_vertices.len();
    let mut tags = Vec::new();
    for (e, &first) in chain_first.iter().enumerate().take(ne) {
        if out.edge_faces[e][1] != NONE {
            continue;
        }
        // The base boundary dart after the outside of `first` leaves this edge's start
        // vertex; it is the outside of the last dart of the next boundary edge's chain.
        let nb = mesh.dart_next(first.twin());
        let e2 = edge_of_base[nb.edge().index()];
        if e2 == NONE || out.edge_faces[e2 as usize][1] != NONE {
            return Err(bad("boundary loop could not be linked".into()));
        }
        let (d, nx) = (Dart::new(EdgeId(e as u32), 1), Dart::new(EdgeId(e2), 1));
        out.edge_next[e][1] = nx;
        out.edge_prev[e2 as usize][1] = d;
        if let Some(t) = base.side_tag(first.edge()) {
            tags.push((EdgeId(e as u32), t));
        }
    }
    if out.vertex_out.iter().any(|d| d.0 == NONE) {
        return Err(bad("a vertex has no edge".into()));
    }
    // Face data.
    let mut seen = std::collections::BTreeMap::<(u8, RegionKind, u32), u32>::new();
    let rows = regions.iter().map(|reg| {
        let size = reg.size();
        let n = seen.entry((reg.player, reg.kind, size)).or_insert(0);
        *n += 1;
        let mut label = format!("P{} {} {}", reg.player + 1, reg.kind.name(), size);
        if *n > 1 {
            label.push_str(&format!(" #{n}"));
        }
        FaceData {
            label: label.into(),
            kind: match reg.kind {
                RegionKind::Fixed => FaceKind::FixedRegion,
                RegionKind::Garden => FaceKind::Garden,
            },
            region: Some(reg.player as u32),
            colour: Some(region_colour(reg.player, reg.kind)),
            coord: None,
        }
    });
    let cfg = &gtr.config;
    let meta = BoardMeta {
        name: format!("Generated board, {} player(s), seed {seed}", cfg.players),
        description: format!(
            "Generated by boardwright from '{}' ({}): {} regions, fill {}, seed {seed}. \
             Face 'region' = owning player (0 = P1).",
            base.meta().name,
            gtr.sections.description,
            nr,
            cfg.plan.fill
        ),
        suggested_rules: vec!["boco".into()],
    };
    let board = BoardBuilder::from_mesh(out)
        .tag_edges(tags)
        .faces(rows)
        .meta(meta)
        .build()
        .map_err(|e| bad(format!("the generated board is inconsistent: {e}")))?;
    let region_of_base = region_of.iter().map(|&r| FaceId(r)).collect();
    let report = FairnessReport::new(gtr, &regions, seed, attempts);
    Ok(Generated {
        board,
        regions,
        region_of_base,
        report,
        seed,
        attempts,
    })
}
