//! Wavefront OBJ import (via `tobj`) and export.
//!
//! # Import
//! * Polygons are kept as they are (never triangulated). Texture coordinates and
//!   normals are ignored (never even parsed); materials are never loaded (`mtllib` lines are noted
//!   and skipped, no path named in the file is ever opened).
//! * The board must be flat: the vertices must lie in a plane parallel to XY
//!   (Z-up tools, flat files), XZ (Y-up, as Blender exports a board modelled on
//!   its ground plane) or YZ. The board is seen from the positive side of the
//!   flat axis ("from above"): XY → (x, y), XZ → (x, −z), YZ → (y, z), so a board
//!   modelled in Blender's top view keeps its layout. Anything else is refused
//!   with the measured deviation.
//! * Groups (`o` and `g` lines, treated alike) carry face data by name:
//!   a name used by exactly one face becomes that face's **label**; a name used
//!   by several faces makes those faces a **region** (ids 0, 1, … in order of
//!   first appearance; the names are listed in the load notes). When the whole
//!   file is one group (e.g. a single Blender object) it carries nothing.
//!   Unnamed groups (`g` alone) carry nothing.
//! * Vertices repeated with identical coordinates in different groups (as
//!   exporters write separate objects) are merged silently; any other welding,
//!   dropped unused vertices or reoriented faces are reported in the notes, as
//!   are ignored points and lines (elements with fewer than three vertices).
//!
//! # Export
//! Y-up (the board in the XZ plane, `x 0 -y`), faces in board order with their
//! counter-clockwise vertex order, each labelled face in a group named by its
//! label. Re-importing gives the same faces, in the same order, with the same
//! labels. Only geometry and labels travel through OBJ; save as RON to keep
//! everything.

use super::{IoError, Limits, Loaded, as_text, board_from_polygons};
use crate::board::{Board, BoardMeta, FaceData};
use crate::mesh::{Point, PolygonSoup};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{BufRead, Read};

/// Longest line accepted in an OBJ file.
const MAX_LINE_BYTES: usize = 1 << 20;
/// The name `tobj` gives to an `o`/`g` line without a name.
const TOBJ_UNNAMED: &str = "unnamed_object";

/// Parse an OBJ file's bytes into a validated board (with no name).
pub fn read_obj(bytes: &[u8], limits: &Limits) -> Result<Loaded, IoError> {
    read_obj_named(bytes, limits, "")
}

/// Parse an OBJ file's bytes into a validated board called `name` (OBJ files
/// carry no board name; [`super::load_board`] passes the file's stem).
pub fn read_obj_named(bytes: &[u8], limits: &Limits, name: &str) -> Result<Loaded, IoError> {
    limits.check_file_size(bytes.len() as u64)?;
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(IoError::Empty);
    }
    as_text(bytes)?;
    let mtllibs: RefCell<Vec<String>> = RefCell::new(Vec::new());
    let mut reader = LineReader::new(bytes, limits);
    let opts = tobj::LoadOptions {
        triangulate: false,
        single_index: false,
        ignore_points: false,
        ignore_lines: false,
    };
    let parsed = tobj::load_obj_buf(&mut reader, &opts, |p| {
        // Never open a material library: note its name and carry on.
        mtllibs.borrow_mut().push(p.display().to_string());
        Ok((Vec::new(), Default::default()))
    });
    let models = match parsed {
        Ok((models, _materials)) => models,
        Err(e) => {
            if let Some(err) = reader.error.take() {
                return Err(err);
            }
            return Err(describe_tobj_error(e, bytes, reader.line));
        }
    };
    let mut notes = Vec::new();
    for m in mtllibs.into_inner() {
        notes.push(format!(
            "ignored the material library '{m}' (boardwright never reads materials)"
        ));
    }

    // ----- merge the per-group vertex lists -----------------------------------
    let multi = models.iter().filter(|m| !m.mesh.indices.is_empty()).count() > 1;
    let total_positions: usize = models.iter().map(|m| m.mesh.positions.len() / 3).sum();
    let mut positions3: Vec<[f64; 3]> = Vec::with_capacity(total_positions);
    let mut soup = PolygonSoup::new();
    let mut face_group: Vec<u32> = Vec::new();
    let mut group_names: Vec<String> = Vec::new();
    let mut group_of_name: FxHashMap<String, u32> = FxHashMap::default();
    let mut dropped = 0usize;
    let mut seen: FxHashMap<[u64; 3], (u32, u32)> = FxHashMap::default();
    let mut remap: Vec<u32> = Vec::new();
    for (mi, model) in models.iter().enumerate() {
        let mesh = &model.mesh;
        if mesh.indices.is_empty() {
            continue;
        }
        remap.clear();
        for p in mesh.positions.chunks_exact(3) {
            let p = [p[0], p[1], p[2]];
            if p.iter().any(|c| !c.is_finite()) {
                return Err(non_finite_error(bytes));
            }
            let id = if multi {
                let key = p.map(|c| (c + 0.0).to_bits());
                match seen.get(&key) {
                    Some(&(id, m)) if m != mi as u32 => id,
                    _ => {
                        let id = positions3.len() as u32;
                        positions3.push(p);
                        seen.entry(key).or_insert((id, mi as u32));
                        id
                    }
                }
            } else {
                positions3.push(p);
                (positions3.len() - 1) as u32
            };
            remap.push(id);
        }
        let name = model.name.trim();
        let group = if name.is_empty() || name == TOBJ_UNNAMED {
            u32::MAX
        } else {
            let next = group_names.len() as u32;
            *group_of_name.entry(name.to_string()).or_insert_with(|| {
                group_names.push(name.to_string());
                next
            })
        };
        let mut start = 0usize;
        let mut push = |face: &[u32], soup: &mut PolygonSoup| {
            if face.len() < 3 {
                dropped += 1;
                return;
            }
            soup.indices.extend(face.iter().map(|&i| remap[i as usize]));
            soup.face_sizes.push(face.len() as u32);
            face_group.push(group);
        };
        if mesh.face_arities.is_empty() {
            for tri in mesh.indices.chunks_exact(3) {
                push(tri, &mut soup);
            }
        } else {
            for &n in &mesh.face_arities {
                let n = n as usize;
                push(&mesh.indices[start..start + n], &mut soup);
                start += n;
            }
        }
    }
    drop(seen);
    if dropped > 0 {
        notes.push(format!(
            "ignored {dropped} point or line element{} (elements with fewer than 3 vertices are not faces)",
            plural(dropped)
        ));
    }
    if soup.face_sizes.is_empty() {
        return Err(IoError::Invalid("the file has no faces".into()));
    }
    if soup.face_sizes.len() > limits.max_faces {
        return Err(IoError::TooMany {
            what: "faces",
            limit: limits.max_faces,
        });
    }

    // ----- project onto the board plane ----------------------------------------
    soup.positions = project_to_plane(&positions3)?;
    drop(positions3);

    let (builder, repairs) = board_from_polygons(&soup, limits)?;
    notes.extend(repairs);
    drop(soup);

    // ----- groups → labels and regions -------------------------------------------
    let mut rows = vec![FaceData::default(); face_group.len()];
    let mut group_size = vec![0usize; group_names.len()];
    for &g in &face_group {
        if g != u32::MAX {
            group_size[g as usize] += 1;
        }
    }
    let single_group = group_names.len() == 1 && face_group.iter().all(|&g| g == 0);
    if !single_group || face_group.len() == 1 {
        let mut region_of_group = vec![u32::MAX; group_names.len()];
        let mut regions: Vec<(String, usize)> = Vec::new();
        for (f, &g) in face_group.iter().enumerate() {
            if g == u32::MAX {
                continue;
            }
            let g = g as usize;
            if group_size[g] == 1 {
                rows[f].label = group_names[g].clone();
            } else {
                if region_of_group[g] == u32::MAX {
                    region_of_group[g] = regions.len() as u32;
                    regions.push((group_names[g].clone(), group_size[g]));
                }
                rows[f].region = Some(region_of_group[g]);
            }
        }
        if !regions.is_empty() {
            let shown: Vec<String> = regions
                .iter()
                .take(8)
                .enumerate()
                .map(|(i, (n, c))| format!("'{n}' → region {i} ({c} faces)"))
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
    let meta = BoardMeta {
        name: name.to_string(),
        ..BoardMeta::default()
    };
    let board = builder.faces(rows).meta(meta).build()?;
    Ok(Loaded { board, notes })
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Find the flat axis and project the points to 2D as seen from its positive side.
fn project_to_plane(p3: &[[f64; 3]]) -> Result<Vec<Point>, IoError> {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in p3 {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let range = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
    let extent = range[0].max(range[1]).max(range[2]);
    // The flat axis: smallest spread; prefer Z, then Y, then X on ties.
    let flat = [2usize, 1, 0]
        .into_iter()
        .min_by(|&a, &b| range[a].total_cmp(&range[b]))
        .unwrap_or(2);
    let tol = (extent * 1e-4).max(1e-9);
    if range[flat] > tol {
        return Err(IoError::NotPlanar {
            axis: ['X', 'Y', 'Z'][flat],
            spread: range[flat],
            extent,
        });
    }
    Ok(p3
        .iter()
        .map(|p| match flat {
            2 => Point::new(p[0], p[1]),
            1 => Point::new(p[0], -p[2] + 0.0),
            _ => Point::new(p[1], p[2]),
        })
        .collect())
}

/// A buffered reader over the file's bytes that counts lines (for error
/// messages) and enforces the size limits while `tobj` reads, before it can
/// allocate for an oversized input.
struct LineReader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Lines consumed so far (the line `tobj` is working on).
    line: usize,
    faces: usize,
    vertices: usize,
    corners: usize,
    limits: &'a Limits,
    error: Option<IoError>,
}

impl<'a> LineReader<'a> {
    fn new(data: &'a [u8], limits: &'a Limits) -> Self {
        LineReader {
            data,
            pos: 0,
            line: 0,
            faces: 0,
            vertices: 0,
            corners: 0,
            limits,
            error: None,
        }
    }

    fn inspect(&mut self, line: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if line.len() > MAX_LINE_BYTES {
            self.error = Some(IoError::Obj {
                line: self.line,
                message: format!("the line is longer than {MAX_LINE_BYTES} bytes"),
            });
            return;
        }
        let t = line.trim_ascii_start();
        let is_word =
            |w: u8| t.first() == Some(&w) && t.get(1).is_some_and(|c| c.is_ascii_whitespace());
        if is_word(b'f') || is_word(b'l') {
            self.faces += 1;
            // Separators bound the corner count from above; count exactly only
            // when the bound is over a limit.
            let seps = t.iter().filter(|&&b| b == b' ' || b == b'\t').count();
            let mut sides = seps;
            if seps > self.limits.max_face_sides {
                sides = t[1..]
                    .split(|b| b.is_ascii_whitespace())
                    .filter(|w| !w.is_empty())
                    .count();
            }
            self.corners += sides;
            if sides > self.limits.max_face_sides {
                self.error = Some(IoError::Obj {
                    line: self.line,
                    message: format!(
                        "the face has {sides} vertices; boardwright accepts at most {}",
                        self.limits.max_face_sides
                    ),
                });
            } else if self.faces > self.limits.max_faces {
                self.error = Some(IoError::TooMany {
                    what: "faces",
                    limit: self.limits.max_faces,
                });
            } else if self.corners > self.limits.max_corners {
                self.error = Some(IoError::TooMany {
                    what: "face corners",
                    limit: self.limits.max_corners,
                });
            }
        } else if is_word(b'v') {
            self.vertices += 1;
            if self.vertices > self.limits.max_vertices {
                self.error = Some(IoError::TooMany {
                    what: "vertices",
                    limit: self.limits.max_vertices,
                });
            }
        }
    }
}

impl Read for LineReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for LineReader<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.error.is_some() {
            return Err(std::io::Error::other("limit exceeded"));
        }
        // Texture coordinates and normals mean nothing to a board; hiding them
        // from `tobj` also keeps it away from their unchecked index arithmetic
        // (a face like `f 1/-9/1` would make it panic).
        loop {
            let rest = &self.data[self.pos..];
            let start = rest
                .iter()
                .position(|&b| b != b' ' && b != b'\t')
                .unwrap_or(rest.len());
            let t = &rest[start..];
            let hidden = t.len() > 2
                && t[0] == b'v'
                && (t[1] == b't' || t[1] == b'n')
                && t[2].is_ascii_whitespace();
            if !hidden {
                break;
            }
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
            self.pos += end;
            self.line += 1;
        }
        Ok(&self.data[self.pos..])
    }
    fn consume(&mut self, amt: usize) {
        let end = (self.pos + amt).min(self.data.len());
        // `lines()` consumes exactly one line at a time from a full buffer.
        let chunk = &self.data[self.pos..end];
        self.pos = end;
        self.line += 1;
        self.inspect(chunk);
    }
}

/// Turn a `tobj` error into a message with the line it concerns.
fn describe_tobj_error(e: tobj::LoadError, bytes: &[u8], line: usize) -> IoError {
    use tobj::LoadError as L;
    let msg = match e {
        L::PositionParseError => "a vertex ('v') needs three numbers x y z",
        L::ScalingByZeroError => "a vertex ('v') has weight w = 0",
        L::ColorParseError => {
            "a vertex ('v') has extra values that are neither a weight nor an r g b colour"
        }
        L::NormalParseError => "a normal ('vn') needs three numbers",
        L::TexcoordParseError => "a texture coordinate ('vt') needs two numbers",
        L::FaceParseError => {
            "a face ('f') has an index that is not a number (expected forms like 7, 7/2, 7//3 or 7/2/3)"
        }
        L::FaceVertexOutOfBounds
        | L::FaceTexCoordOutOfBounds
        | L::FaceNormalOutOfBounds
        | L::FaceColorOutOfBounds => {
            if let Some((line, message)) = find_bad_index(bytes) {
                return IoError::Obj { line, message };
            }
            "a face refers to a vertex that does not exist"
        }
        L::ReadError => "the line could not be read",
        _ => {
            return IoError::Obj {
                line,
                message: format!("the file could not be parsed ({e})"),
            };
        }
    };
    IoError::Obj {
        line,
        message: msg.to_string(),
    }
}

/// Locate the first face whose index refers to a missing vertex, texture
/// coordinate or normal (only called after `tobj` reported such an error).
fn find_bad_index(bytes: &[u8]) -> Option<(usize, String)> {
    let text = std::str::from_utf8(bytes).ok()?;
    let total_v = text
        .lines()
        .filter(|l| l.split_whitespace().next() == Some("v"))
        .count();
    let mut counts = [0usize; 3];
    for (i, l) in text.lines().enumerate() {
        let mut words = l.split_whitespace();
        match words.next() {
            Some("v") => counts[0] += 1,
            Some("vt") => counts[1] += 1,
            Some("vn") => counts[2] += 1,
            Some("f") | Some("l") => {
                for w in words {
                    for (k, part) in w.split('/').enumerate().take(3) {
                        if part.is_empty() {
                            continue;
                        }
                        let Ok(x) = part.parse::<i64>() else { continue };
                        let what = ["vertex", "texture coordinate", "normal"][k];
                        let avail = if k == 0 { total_v } else { counts[k] };
                        let bad = x == 0
                            || (x > 0 && x as u64 > avail as u64)
                            || (x < 0 && x.unsigned_abs() > counts[k] as u64);
                        if bad {
                            let msg = if x == 0 {
                                format!("the face refers to {what} 0, but OBJ indices start at 1")
                            } else if x > 0 {
                                format!(
                                    "the face refers to {what} {x}, but the file has only {avail}"
                                )
                            } else {
                                format!(
                                    "the face refers to {what} {x} (counting back), but only {} come before it",
                                    counts[k]
                                )
                            };
                            return Some((i + 1, msg));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    None
}

fn non_finite_error(bytes: &[u8]) -> IoError {
    let text = std::str::from_utf8(bytes).unwrap_or("");
    for (i, l) in text.lines().enumerate() {
        let mut words = l.split_whitespace();
        if words.next() == Some("v") {
            let bad = words
                .take(3)
                .any(|w| w.parse::<f64>().is_ok_and(|x| !x.is_finite()));
            if bad {
                return IoError::Obj {
                    line: i + 1,
                    message: "a vertex has a coordinate that is not a finite number".into(),
                };
            }
        }
    }
    IoError::Invalid("a vertex has a coordinate that is not a finite number".into())
}

/// Whether a label survives a trip through an OBJ group name.
fn obj_safe_label(l: &str) -> bool {
    l == l.trim() && !l.chars().any(char::is_control) && l != TOBJ_UNNAMED
}

/// The board as OBJ text (Y-up, labels as groups).
pub fn write_obj(board: &Board) -> Result<String, IoError> {
    let mesh = board.mesh();
    for f in mesh.face_ids() {
        let l = board.label(f);
        if !obj_safe_label(l) {
            return Err(IoError::Invalid(format!(
                "face {} has the label {l:?}, which cannot be written as an OBJ group name (no leading or trailing spaces, no control characters)",
                f.0
            )));
        }
    }
    let mut s = String::with_capacity(mesh.vertex_count() * 24 + mesh.face_count() * 24);
    let name: String = board
        .meta()
        .name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let _ = writeln!(s, "# boardwright board: {}", name.trim());
    let _ = writeln!(
        s,
        "# Y-up: the board lies in the XZ plane, seen from +Y (board x = x, board y = -z)."
    );
    let _ = writeln!(
        s,
        "# {} vertices, {} faces; each labelled face is in a group named by its label.",
        mesh.vertex_count(),
        mesh.face_count()
    );
    // Vertices in order of first use by the faces: the order an OBJ reader
    // numbers them in, so export → import → export gives the same text.
    let mut number = vec![0u32; mesh.vertex_count()];
    let mut next = 0u32;
    for f in mesh.face_ids() {
        for v in mesh.face_vertices(f) {
            if number[v.index()] == 0 {
                next += 1;
                number[v.index()] = next;
                let p = mesh.position(v);
                let z = if p.y == 0.0 { 0.0 } else { -p.y };
                let _ = writeln!(s, "v {} 0 {}", p.x, z);
            }
        }
    }
    let mut in_named = false;
    for f in mesh.face_ids() {
        let l = board.label(f);
        if !l.is_empty() {
            let _ = writeln!(s, "g {l}");
            in_named = true;
        } else if in_named {
            s.push_str("g\n");
            in_named = false;
        }
        s.push('f');
        for v in mesh.face_vertices(f) {
            let _ = write!(s, " {}", number[v.index()]);
        }
        s.push('\n');
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Result<Loaded, IoError> {
        read_obj(s.as_bytes(), &Limits::default())
    }

    #[test]
    fn flat_z_up_square() {
        let l = read("v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n").unwrap();
        assert_eq!(l.board.face_count(), 1);
        assert!(l.notes.is_empty(), "{:?}", l.notes);
    }

    #[test]
    fn limits_refuse_before_parsing() {
        let limits = Limits {
            max_faces: 1,
            ..Default::default()
        };
        let e = read_obj(
            b"v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\nf 1 3 4\n",
            &limits,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the board has more than 1 faces, more than boardwright accepts"
        );
    }

    #[test]
    fn groups_make_labels_and_regions() {
        let src = "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 1 0\nv 1 1 0\nv 2 1 0\nv 3 0 0\n\
                   g x\nf 1 2 5 4\ng water\nf 2 3 6 5\nf 3 7 6\n";
        let l = read(src).unwrap();
        assert_eq!(l.board.faces().labels(), ["x", "", ""]);
        assert_eq!(l.board.faces().regions(), [None, Some(0), Some(0)]);
        assert!(l.notes.iter().any(|n| n.contains("'water' → region 0")));
    }

    #[test]
    fn export_round_trips_labels_with_unlabelled_runs() {
        let grid = crate::presets::square_grid(3, 1);
        let b = crate::board::BoardBuilder::from_mesh(grid.mesh().clone())
            .faces(["", "mid", ""].map(|l| FaceData {
                label: l.into(),
                ..FaceData::default()
            }))
            .build()
            .unwrap();
        let text = write_obj(&b).unwrap();
        let l = read(&text).unwrap();
        assert_eq!(l.board.faces().labels(), b.faces().labels());
        assert_eq!(l.board.mesh().positions(), b.mesh().positions());
    }
}
