//! Merging each region's base faces into one polygon and building the output board.

use super::report::FairnessReport;
use super::topo::{NONE, trace_outline};
use super::{GenerateError, Generated, Generator, RegionInfo, RegionKind, Work};
use crate::board::{Board, FaceKind, Rgba};
use crate::mesh::{BuildOptions, Dart, FaceId, Mesh, PolygonSoup, VertexId};

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
    let mesh = &base.mesh;
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

    let mut soup = PolygonSoup::new();
    let mut vmap = vec![NONE; mesh.vertex_count()];
    // Per output corner, the base dart leaving it (for side tags).
    let mut corner_dart: Vec<Dart> = Vec::new();
    let mut outline = Vec::new();
    let mut poly = Vec::new();
    let mut regions = Vec::with_capacity(nr);
    for &r in &order {
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
            .ok_or_else(|| GenerateError::Output(format!("region {rid} has no outline")))?;
        trace_outline(base, &region_of, rid, start, &mut outline).ok_or_else(|| {
            GenerateError::Output(format!("the outline of region {rid} does not close"))
        })?;
        poly.clear();
        let k = outline.len();
        for i in 0..k {
            let d_out = outline[i];
            let d_in = outline[(i + k - 1) % k];
            let v = mesh.dart_origin(d_out);
            if keep(v, d_in, d_out) {
                let id = &mut vmap[v.index()];
                if *id == NONE {
                    *id = soup.push_vertex(mesh.position(v));
                }
                poly.push(*id);
                corner_dart.push(d_out);
            }
        }
        soup.push_face(&poly);
        let area = faces.iter().map(|&f| gtr.topo.area[f as usize]).sum();
        regions.push(RegionInfo {
            player: w.owner[r],
            kind: w.kind[r],
            base_faces: faces.iter().map(|&f| FaceId(f)).collect(),
            area,
        });
    }
    let (out_mesh, rep) = Mesh::build(&soup, &BuildOptions::default())
        .map_err(|e| GenerateError::Output(e.to_string()))?;
    if out_mesh.face_count() != nr || rep.reoriented_faces != 0 {
        return Err(GenerateError::Output(
            "merged region outlines did not come out as expected".into(),
        ));
    }
    let mut board = Board::new(out_mesh);
    // Side tags: each output edge inherits the tag of the base edge it starts with.
    let mut corner = 0usize;
    for f in board.mesh.face_ids() {
        let darts: Vec<Dart> = board.mesh.face_darts(f).collect();
        for d in darts {
            let bd = corner_dart[corner];
            corner += 1;
            if board.mesh.dart_face(d.twin()).is_none() {
                if let Some(t) = base.side_tags.get(bd.edge().index()).copied().flatten() {
                    board.side_tags[d.edge().index()] = Some(t);
                }
            }
        }
    }
    // Face data.
    let mut seen = std::collections::BTreeMap::<(u8, RegionKind, u32), u32>::new();
    for (i, reg) in regions.iter().enumerate() {
        let size = reg.size();
        let n = seen.entry((reg.player, reg.kind, size)).or_insert(0);
        *n += 1;
        let mut label = format!("P{} {} {}", reg.player + 1, reg.kind.name(), size);
        if *n > 1 {
            label.push_str(&format!(" #{n}"));
        }
        board.faces.label[i] = label;
        board.faces.kind[i] = match reg.kind {
            RegionKind::Fixed => FaceKind::FixedRegion,
            RegionKind::Garden => FaceKind::Garden,
        };
        board.faces.region[i] = Some(reg.player as u32);
        board.faces.colour[i] = Some(region_colour(reg.player, reg.kind));
    }
    let cfg = &gtr.config;
    board.meta.name = format!(
        "Generated board, {} player(s), seed {seed}",
        cfg.players
    );
    board.meta.description = format!(
        "Generated by boardwright from '{}' ({}): {} regions, fill {}, seed {seed}. \
         Face 'region' = owning player (0 = P1).",
        base.meta.name,
        gtr.sections.description,
        nr,
        cfg.plan.fill
    );
    board.meta.suggested_rules = vec!["boco".into()];
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
