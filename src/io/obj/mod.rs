//! Wavefront OBJ import and export, with every board datum carried in a form
//! that survives a trip through Blender and other modelling programs.
//!
//! # Import
//! * One streaming pass over the bytes ([`parse`]): no model per group, limits
//!   checked before anything grows past them, every error names its line.
//!   Lines may end in `\n`, `\r\n` or `\r`; `\` continues a statement on the
//!   next line; a UTF-8 byte-order mark is skipped. No path named in the file
//!   (`mtllib`) is ever opened.
//! * Polygons are kept as they are (never triangulated). Texture coordinates,
//!   normals, vertex colours and weights are accepted and ignored. Polylines
//!   (`l`), points (`p`), faces with fewer than 3 corners, unknown statements
//!   (`F`, curves, surfaces), material libraries and vertices no face uses are
//!   reported in the notes, never dropped silently.
//! * The board must be flat. A board parallel to XY (Z-up), XZ (Y-up, as
//!   Blender exports a board modelled on its ground plane) or YZ keeps its
//!   exact coordinates, seen from the positive side of the flat axis:
//!   XY → (x, y), XZ → (x, −z), YZ → (y, z). A board in a tilted plane is
//!   projected onto its best-fit plane (reported in the notes). A solid (a tile
//!   with thickness) is refused with [`IoError::NotFlatSolid`], which says its
//!   top surface can be imported instead ([`ObjOptions::top_surface`]); any
//!   other mesh that is not flat is refused with its measured deviation.
//! * Board data ([`names`]): material names `bw{…}` carry each face's label,
//!   grid coordinate, kind, colour, region and start piece; objects
//!   `bw{side=…}` carry side tags as `l` segments along the tagged boundary
//!   edges (matched by position); objects `bw{meta=…}` carry the name,
//!   description and suggested rules. Files without such names are read as
//!   before: a group (`o`/`g`) used by exactly one face names it (its label), a
//!   group used by several faces makes them a region; a file that is one
//!   single group carries nothing.
//! * Vertices repeated with identical coordinates under different groups (as
//!   exporters write separate objects) are merged silently; any other welding
//!   and reoriented faces are reported.
//!
//! # Export
//! Y-up (the board in the XZ plane, `x 0 -y`), vertices in order of first use,
//! faces in board order with their counter-clockwise corners, everything in
//! the names above; see [`write`]. Re-importing gives the same board.

mod names;
mod parse;
mod plane;
mod write;

pub use parse::MAX_LINE_BYTES;
pub(crate) use plane::short as short_number;
pub use write::{write_obj, write_obj_with};

use super::{IoError, Limits, Loaded, as_text};
use crate::board::{
    BoardBuilder, BoardMeta, FaceData, FaceKind, GridCoord, Rgba, SideTag, StartSetup,
};
use crate::mesh::{BuildOptions, EdgeId, FaceId, Mesh, MeshError, PolygonSoup, VertexId};
use names::{Decoded, excerpt};
use parse::{NONE, plural};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::collections::hash_map::Entry;

/// How to read an OBJ file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ObjOptions {
    /// Import only the top surface of a solid: the faces at the top height that
    /// face up (the positive side of the solid's thinnest axis).
    pub top_surface: bool,
}

/// Parse an OBJ file's bytes into a validated board (named as the file says,
/// or with no name).
pub fn read_obj(bytes: &[u8], limits: &Limits) -> Result<Loaded, IoError> {
    read_obj_with(bytes, limits, &ObjOptions::default())
}

/// [`read_obj`] for a board called `name` when the file carries no name of its
/// own (files from other programs; [`super::load_board`] passes the file's stem).
pub fn read_obj_named(bytes: &[u8], limits: &Limits, name: &str) -> Result<Loaded, IoError> {
    let g = gather(bytes, limits)?;
    assemble(g, limits, &ObjOptions::default(), name)
}

/// [`read_obj`] with options.
pub fn read_obj_with(bytes: &[u8], limits: &Limits, opts: &ObjOptions) -> Result<Loaded, IoError> {
    let g = gather(bytes, limits)?;
    assemble(g, limits, opts, "")
}

/// [`read_obj_with`] taking the bytes, so they are freed before the mesh is
/// built, for a board called `name` when the file carries no name (as
/// [`read_obj_named`]).
pub fn read_obj_owned(
    bytes: Vec<u8>,
    limits: &Limits,
    opts: &ObjOptions,
    name: &str,
) -> Result<Loaded, IoError> {
    super::progress::stage(super::progress::Stage::Parsing, 0)?;
    let g = gather(&bytes, limits)?;
    drop(bytes);
    super::progress::stage(super::progress::Stage::Building, 0)?;
    assemble(g, limits, opts, name)
}

/// Per-face data columns; `None` = every face has the default.
#[derive(Default)]
struct Columns {
    label: Option<Vec<String>>,
    coord: Option<Vec<Option<GridCoord>>>,
    kind: Option<Vec<FaceKind>>,
    colour: Option<Vec<Option<Rgba>>>,
    region: Option<Vec<Option<u32>>>,
    /// (face, player, position in the setup list).
    pieces: Vec<(u32, u8, Option<u32>)>,
}

fn set<T: Clone + PartialEq + Default>(col: &mut Option<Vec<T>>, n: usize, f: usize, v: T) {
    if v == T::default() && col.is_none() {
        return;
    }
    col.get_or_insert_with(|| vec![T::default(); n])[f] = v;
}

fn keep<T>(col: &mut Option<Vec<T>>, selected: &[bool]) {
    if let Some(c) = col {
        let mut it = selected.iter();
        c.retain(|_| *it.next().unwrap_or(&false));
    }
}

/// Everything read from the file, owning its data (the bytes can go).
struct Gathered {
    /// Files without our names: each face's group and the group names.
    legacy: Option<(Vec<u32>, Vec<String>)>,
    positions: Vec<[f64; 3]>,
    vertex_groups: Vec<(u32, u32)>,
    face_sizes: Vec<u32>,
    indices: Vec<u32>,
    face_line: Vec<u32>,
    columns: Columns,
    tag_segments: Vec<(SideTag, u32, u32, u32)>,
    structural_vertices: Vec<u32>,
    meta: Option<BoardMeta>,
    notes: Vec<String>,
}

fn gather(bytes: &[u8], limits: &Limits) -> Result<Gathered, IoError> {
    limits.check_file_size(bytes.len() as u64)?;
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(IoError::Empty);
    }
    let text = as_text(bytes)?;
    let p = parse::parse(text, limits)?;
    let mut notes = Vec::new();
    let nf = p.face_sizes.len();
    let mut columns = Columns::default();
    let ours = p.structural || p.materials.iter().any(|m| m.starts_with("bw{"));
    if ours {
        // Face data from the material names.
        let (mut truncated, mut bad, mut first_bad) = (0usize, 0usize, None);
        let mut last = NONE;
        let mut data = Decoded::Foreign;
        for (f, &m) in p.face_material.iter().enumerate() {
            if m != last {
                last = m;
                data = if m == NONE {
                    Decoded::Foreign
                } else {
                    names::decode_face(&p.materials[m as usize])
                };
            }
            // The label moves to the face unless the next face shares the material.
            let shared = p.face_material.get(f + 1) == Some(&m);
            match &mut data {
                Decoded::Data(d) => {
                    let label = if shared {
                        d.label.clone()
                    } else {
                        std::mem::take(&mut d.label)
                    };
                    set(&mut columns.label, nf, f, label);
                    set(&mut columns.coord, nf, f, d.coord);
                    set(&mut columns.kind, nf, f, d.kind.clone());
                    set(&mut columns.colour, nf, f, d.colour);
                    set(&mut columns.region, nf, f, d.region);
                    if let Some((pl, pos)) = d.piece {
                        columns.pieces.push((f as u32, pl, pos));
                    }
                }
                Decoded::Foreign => {}
                Decoded::Truncated => truncated += 1,
                Decoded::Bad(why) => {
                    bad += 1;
                    if first_bad.is_none() {
                        first_bad = Some((p.face_line[f], why.clone()));
                    }
                }
            }
        }
        if truncated > 0 {
            notes.push(format!(
                "the data of {truncated} face{} was cut short (its material name has no closing '}}'; older Blender versions keep only 63 bytes of a name): those faces keep their shape only",
                plural(truncated)
            ));
        }
        if let Some((line, why)) = first_bad {
            notes.push(format!(
                "the data of {bad} face{} could not be read (first on line {line}: {why}): those faces keep their shape only",
                plural(bad)
            ));
        }
        let ignored: Vec<&str> = {
            let mut used = vec![false; p.group_names.len()];
            for &g in &p.face_group {
                if g != NONE {
                    used[g as usize] = true;
                }
            }
            p.group_names
                .iter()
                .zip(used)
                .filter(|(_, u)| *u)
                .map(|(n, _)| n.as_ref())
                .collect()
        };
        if !ignored.is_empty() {
            let shown: Vec<String> = ignored
                .iter()
                .take(3)
                .map(|n| format!("'{}'", excerpt(n)))
                .collect();
            let more = if ignored.len() > 3 {
                format!(" and {} more", ignored.len() - 3)
            } else {
                String::new()
            };
            notes.push(format!(
                "ignored the group names {}{more}: in a boardwright OBJ the face data travels in the material names",
                shown.join(", ")
            ));
        }
    }
    let legacy = (!ours).then(|| {
        (
            p.face_group,
            p.group_names
                .into_iter()
                .map(Cow::into_owned)
                .collect::<Vec<String>>(),
        )
    });
    let meta = read_meta(&p.meta, &mut notes);
    Ok(Gathered {
        legacy,
        positions: p.positions,
        vertex_groups: p.vertex_groups,
        face_sizes: p.face_sizes,
        indices: p.indices,
        face_line: p.face_line,
        columns,
        tag_segments: p.tag_segments,
        structural_vertices: p.structural_vertices,
        meta,
        notes: {
            let mut all = Vec::new();
            p.notes.into_notes(&mut all);
            all.extend(notes);
            all
        },
    })
}

/// Files from other programs (and boardwright before OBJ carried all data):
/// a group used by one face is its label, a group used by several a region.
fn legacy_groups(
    face_group: &[u32],
    mut group_names: Vec<String>,
    columns: &mut Columns,
    notes: &mut Vec<String>,
) {
    let nf = face_group.len();
    let mut group_size = vec![0usize; group_names.len()];
    for &g in face_group {
        if g != NONE {
            group_size[g as usize] += 1;
        }
    }
    let used: Vec<usize> = (0..group_names.len())
        .filter(|&g| group_size[g] > 0)
        .collect();
    let single_group = used.len() == 1 && face_group.iter().all(|&g| g as usize == used[0]);
    if single_group && nf > 1 {
        return;
    }
    let mut region_of_group = vec![u32::MAX; group_names.len()];
    let mut regions: Vec<(usize, usize)> = Vec::new();
    for (f, &g) in face_group.iter().enumerate() {
        if g == NONE {
            continue;
        }
        let g = g as usize;
        if group_size[g] == 1 {
            set(
                &mut columns.label,
                nf,
                f,
                std::mem::take(&mut group_names[g]),
            );
        } else {
            if region_of_group[g] == u32::MAX {
                region_of_group[g] = regions.len() as u32;
                regions.push((g, group_size[g]));
            }
            set(&mut columns.region, nf, f, Some(region_of_group[g]));
        }
    }
    if !regions.is_empty() {
        let shown: Vec<String> = regions
            .iter()
            .take(8)
            .enumerate()
            .map(|(i, &(g, c))| format!("'{}' → region {i} ({c} faces)", excerpt(&group_names[g])))
            .collect();
        let more = if regions.len() > 8 {
            format!(" and {} more", regions.len() - 8)
        } else {
            String::new()
        };
        notes.push(format!(
            "groups with several faces became regions: {}{more}",
            shown.join(", ")
        ));
    }
}

/// Join the metadata parts; anything missing or garbled is noted.
fn read_meta(parts: &[(u32, u32, String)], notes: &mut Vec<String>) -> Option<BoardMeta> {
    let &(_, total, _) = parts.first()?;
    let mut slots: Vec<Option<&str>> = vec![None; total.min(1 << 16) as usize];
    let mut consistent = parts.iter().all(|p| p.1 == total) && total as usize == slots.len();
    for (part, _, chunk) in parts {
        if !consistent {
            break;
        }
        match &mut slots[*part as usize - 1] {
            Some(c) if *c != chunk.as_str() => consistent = false,
            slot => *slot = Some(chunk),
        }
    }
    let found = slots.iter().filter(|s| s.is_some()).count();
    if !consistent || found != slots.len() {
        notes.push(format!(
            "the board's name, description and rules were not read: {found} of {total} parts of them are in the file, or they disagree"
        ));
        return None;
    }
    let text: String = slots.into_iter().flatten().collect();
    match names::decode_meta(&text) {
        Ok((name, description, suggested_rules)) => Some(BoardMeta {
            name,
            description,
            suggested_rules,
        }),
        Err(why) => {
            notes.push(format!(
                "the board's name, description and rules were not read: {why}"
            ));
            None
        }
    }
}

/// Mesh errors about one face: the line of that face in the file.
fn face_error(e: MeshError, face_line: &[u32]) -> IoError {
    let face = match &e {
        MeshError::TooFewVertices { face, .. }
        | MeshError::RepeatedVertex { face, .. }
        | MeshError::DegenerateFace { face }
        | MeshError::SelfIntersectingFace { face } => Some(*face),
        _ => None,
    };
    match face.and_then(|f| face_line.get(f)) {
        Some(&line) => IoError::Obj {
            line: line as usize,
            message: e.to_string(),
        },
        None => IoError::Mesh(e),
    }
}

fn assemble(
    g: Gathered,
    limits: &Limits,
    opts: &ObjOptions,
    name: &str,
) -> Result<Loaded, IoError> {
    let Gathered {
        mut legacy,
        positions,
        vertex_groups,
        mut face_sizes,
        mut indices,
        mut face_line,
        mut columns,
        tag_segments,
        structural_vertices,
        meta,
        mut notes,
    } = g;
    if face_sizes.is_empty() {
        return Err(IoError::Invalid("the file has no faces".into()));
    }
    if face_sizes.len() > limits.max_faces {
        return Err(IoError::TooMany {
            what: "faces",
            limit: limits.max_faces,
        });
    }

    // ----- the vertices faces use, identical repeats across groups merged -------
    let nv = positions.len();
    let mut remap = vec![NONE; nv];
    for &i in &indices {
        remap[i as usize] = 0;
    }
    let mut kept: Vec<u32> = Vec::new();
    let multi_group = vertex_groups.len() > 1;
    let mut seen: FxHashMap<[u64; 3], (u32, u32)> = FxHashMap::default();
    let mut seg = 0usize;
    let mut unused = 0usize;
    let mut structural = structural_vertices.iter().peekable();
    for v in 0..nv {
        if remap[v] == NONE {
            while structural.next_if(|&&s| (s as usize) < v).is_some() {}
            if structural.peek().is_none_or(|&&s| s as usize != v) {
                unused += 1;
            }
            continue;
        }
        if !multi_group {
            remap[v] = kept.len() as u32;
            kept.push(v as u32);
            continue;
        }
        while seg + 1 < vertex_groups.len() && vertex_groups[seg + 1].0 as usize <= v {
            seg += 1;
        }
        let group = vertex_groups[seg].1;
        let key = positions[v].map(|c| (c + 0.0).to_bits());
        remap[v] = match seen.get(&key) {
            Some(&(id, gr)) if gr != group => id,
            _ => {
                let id = kept.len() as u32;
                kept.push(v as u32);
                seen.entry(key).or_insert((id, group));
                id
            }
        };
    }
    drop(seen);
    if unused > 0 {
        notes.push(format!(
            "dropped {unused} vertex line{} that no face uses",
            plural(unused)
        ));
    }
    for i in &mut indices {
        *i = remap[*i as usize];
    }
    // Side-tag segments: ends by vertex, or by position for lines that carry
    // their own copies of the vertices (as Blender exports them).
    let mut tag_ends: Vec<(SideTag, u32, u32)> = Vec::with_capacity(tag_segments.len());
    let mut unmatched = 0usize;
    {
        let mut wanted: FxHashMap<[u64; 3], u32> = FxHashMap::default();
        for &(_, a, b, _) in &tag_segments {
            for v in [a, b] {
                if remap[v as usize] == NONE {
                    wanted.insert(positions[v as usize].map(|c| (c + 0.0).to_bits()), NONE);
                }
            }
        }
        if !wanted.is_empty() {
            for (k, &v) in kept.iter().enumerate() {
                let key = positions[v as usize].map(|c| (c + 0.0).to_bits());
                if let Some(slot) = wanted.get_mut(&key)
                    && *slot == NONE
                {
                    *slot = k as u32;
                }
            }
        }
        let end = |v: u32| -> u32 {
            match remap[v as usize] {
                NONE => wanted
                    .get(&positions[v as usize].map(|c| (c + 0.0).to_bits()))
                    .copied()
                    .unwrap_or(NONE),
                r => r,
            }
        };
        for &(tag, a, b, _) in &tag_segments {
            let (ea, eb) = (end(a), end(b));
            if ea == NONE || eb == NONE {
                unmatched += 1;
            } else {
                tag_ends.push((tag, ea, eb));
            }
        }
    }
    drop(remap);
    let mut p3: Vec<[f64; 3]> = kept.iter().map(|&v| positions[v as usize]).collect();
    drop(kept);
    drop(positions);

    // ----- the board's plane ----------------------------------------------------
    let mut plane = plane::find_plane(&p3);
    if let plane::Plane::NotFlat {
        deviation,
        extent,
        tolerance,
    } = plane
    {
        let top = plane::top_surface(&p3, &face_sizes, &indices);
        let axis = plane::AXES[top.axis];
        if opts.top_surface {
            if top.count == 0 {
                return Err(IoError::Invalid(format!(
                    "the mesh has no faces at its top ({axis} = {}) that face up, so there is no top surface to import",
                    plane::short(top.height)
                )));
            }
            notes.push(format!(
                "imported the top surface: {} of {} faces, at {axis} = {} (the rest of the solid, {} thick, was left out)",
                top.count,
                face_sizes.len(),
                plane::short(top.height),
                plane::short(top.thickness)
            ));
            // Keep the selected faces and the vertices they use.
            let mut new_sizes = Vec::with_capacity(top.count);
            let mut new_indices = Vec::new();
            let mut start = 0usize;
            for (f, &n) in face_sizes.iter().enumerate() {
                if top.selected[f] {
                    new_sizes.push(n);
                    new_indices.extend_from_slice(&indices[start..start + n as usize]);
                }
                start += n as usize;
            }
            let mut line_it = top.selected.iter();
            face_line.retain(|_| *line_it.next().unwrap_or(&false));
            if let Some((face_group, _)) = &mut legacy {
                let mut it = top.selected.iter();
                face_group.retain(|_| *it.next().unwrap_or(&false));
            }
            keep(&mut columns.label, &top.selected);
            keep(&mut columns.coord, &top.selected);
            keep(&mut columns.kind, &top.selected);
            keep(&mut columns.colour, &top.selected);
            keep(&mut columns.region, &top.selected);
            let mut new_face = vec![NONE; face_sizes.len()];
            let mut next = 0u32;
            for (f, &s) in top.selected.iter().enumerate() {
                if s {
                    new_face[f] = next;
                    next += 1;
                }
            }
            columns.pieces.retain_mut(|p| {
                p.0 = new_face[p.0 as usize];
                p.0 != NONE
            });
            let mut vmap = vec![NONE; p3.len()];
            let mut p3_top = Vec::new();
            for i in &mut new_indices {
                if vmap[*i as usize] == NONE {
                    vmap[*i as usize] = p3_top.len() as u32;
                    p3_top.push(p3[*i as usize]);
                }
                *i = vmap[*i as usize];
            }
            tag_ends.retain_mut(|t| {
                t.1 = vmap[t.1 as usize];
                t.2 = vmap[t.2 as usize];
                t.1 != NONE && t.2 != NONE
            });
            face_sizes = new_sizes;
            indices = new_indices;
            p3 = p3_top;
            plane = plane::Plane::Axis(top.axis);
        } else if top.count > 0 && top.coverage >= 0.1 {
            return Err(IoError::NotFlatSolid {
                axis,
                thickness: top.thickness,
                top: top.height,
                top_faces: top.count,
                faces: face_sizes.len(),
            });
        } else {
            return Err(IoError::NotPlanar {
                deviation,
                extent,
                tolerance,
            });
        }
    } else if opts.top_surface {
        notes.push(
            "the board is flat, so it was imported whole (the top-surface option changed nothing)"
                .into(),
        );
    }
    notes.extend(plane::tilted_note(&plane));
    if let Some((face_group, group_names)) = legacy {
        legacy_groups(&face_group, group_names, &mut columns, &mut notes);
    }
    let soup = PolygonSoup {
        positions: plane::project(&p3, &plane),
        indices,
        face_sizes,
    };
    drop(p3);

    // ----- the mesh and the board ------------------------------------------------
    let build = BuildOptions {
        max_faces: limits.max_faces,
        ..Default::default()
    };
    let (mesh, report) = Mesh::build(&soup, &build).map_err(|e| face_error(e, &face_line))?;
    drop(soup);
    notes.extend(
        report
            .summary()
            .map(|r| format!("the mesh was repaired: {r}")),
    );
    let nf = mesh.face_count();
    // One row per face, moved out of the columns read (a missing column is
    // the default of every face).
    fn column<T>(c: Option<Vec<T>>) -> impl FnMut() -> Option<T> {
        let mut it = c.map(Vec::into_iter);
        move || it.as_mut().and_then(Iterator::next)
    }
    let (mut label, mut coord, mut kind, mut colour, mut region) = (
        column(columns.label.take()),
        column(columns.coord.take()),
        column(columns.kind.take()),
        column(columns.colour.take()),
        column(columns.region.take()),
    );
    let rows = (0..nf).map(|_| FaceData {
        label: label().unwrap_or_default().into(),
        coord: coord().flatten(),
        kind: kind().unwrap_or_default(),
        colour: colour().flatten(),
        region: region().flatten(),
    });
    let builder = BoardBuilder::from_mesh(mesh).faces(rows);
    let mesh = builder.mesh();

    // Side tags.
    // Segments that cannot tag a boundary edge are skipped with a note here
    // rather than failing the import in the builder.
    let (mut not_edge, mut interior, mut conflict) = (0usize, 0usize, 0usize);
    let mut side_tags: FxHashMap<EdgeId, SideTag> = FxHashMap::default();
    for (tag, a, b) in tag_ends {
        let (Some(va), Some(vb)) = (
            report.vertex_map.get(a as usize).copied().flatten(),
            report.vertex_map.get(b as usize).copied().flatten(),
        ) else {
            unmatched += 1;
            continue;
        };
        let Some(e) = find_edge(mesh, va, vb) else {
            not_edge += 1;
            continue;
        };
        if !mesh.is_boundary_edge(e) {
            interior += 1;
            continue;
        }
        match side_tags.entry(e) {
            Entry::Occupied(t) if *t.get() != tag => conflict += 1,
            Entry::Occupied(_) => {}
            Entry::Vacant(v) => {
                v.insert(tag);
            }
        }
    }
    let skipped = unmatched + not_edge + interior + conflict;
    if skipped > 0 {
        let mut why = Vec::new();
        if unmatched > 0 {
            why.push(format!("{unmatched} do not end at corners of the board"));
        }
        if not_edge > 0 {
            why.push(format!("{not_edge} join corners no edge joins"));
        }
        if interior > 0 {
            why.push(format!("{interior} lie inside the board"));
        }
        if conflict > 0 {
            why.push(format!("{conflict} tag an edge already tagged otherwise"));
        }
        notes.push(format!(
            "ignored {skipped} side-tag segment{} ({}); the boundary edges they meant keep no tag",
            plural(skipped),
            why.join(", ")
        ));
    }

    // Start setup: in the setup list's own order when the file gives it.
    let mut pieces = columns.pieces;
    if pieces.iter().any(|p| p.2.is_some()) {
        pieces.sort_by_key(|p| (p.2.unwrap_or(u32::MAX), p.0));
    }
    let setup = StartSetup {
        pieces: pieces
            .into_iter()
            .map(|(f, pl, _)| (FaceId(f), pl))
            .collect(),
    };
    // OBJ files from other programs carry no board name: `name` (the file's
    // stem when opened from disk) stands in.
    let mut meta = meta.unwrap_or_default();
    if meta.name.is_empty() {
        meta.name = name.to_string();
    }
    let mut tags: Vec<(EdgeId, SideTag)> = side_tags.into_iter().collect();
    tags.sort_unstable_by_key(|t| t.0);
    let board = builder.tag_edges(tags).setup(setup).meta(meta).build()?;
    Ok(Loaded { board, notes })
}

fn find_edge(mesh: &Mesh, a: VertexId, b: VertexId) -> Option<EdgeId> {
    if a == b {
        return None;
    }
    mesh.find_edge(a, b)
}

#[cfg(test)]
mod tests;
