//! The OBJ tokenizer: one pass over the file's bytes, no allocation per line,
//! limits checked before anything grows past them, every error with its line.
//!
//! Lines end at `\n`, `\r\n` or a lone `\r`; a `\` at the end of a line
//! continues the statement on the next line; a UTF-8 byte-order mark is
//! skipped. Names (`o`, `g`, `usemtl`) borrow from the file.

use super::names::{self, Structural, excerpt};
use crate::board::SideTag;
use crate::io::{IoError, Limits};
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// Longest line accepted in an OBJ file (the writer respects it too).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// No group / no material.
pub(super) const NONE: u32 = u32::MAX;

/// Statements that describe how to display or render a model: they mean
/// nothing for a board and are skipped without a note.
const DISPLAY_ONLY: &[&[u8]] = &[
    b"s",
    b"mg",
    b"lod",
    b"bevel",
    b"c_interp",
    b"d_interp",
    b"shadow_obj",
    b"trace_obj",
    b"ctech",
    b"stech",
    b"maplib",
    b"usemap",
    b"vt",
    b"vn",
];

/// What the tokenizer found.
#[derive(Default, Debug)]
pub(super) struct Parsed<'a> {
    /// Every `v`, in file order.
    pub positions: Vec<[f64; 3]>,
    /// `(first vertex, group)`: the `o`/`g` name in force where vertices were
    /// declared, from that vertex on (only recorded when it changes).
    pub vertex_groups: Vec<(u32, u32)>,
    pub face_sizes: Vec<u32>,
    /// Zero-based vertex indices of all faces.
    pub indices: Vec<u32>,
    /// The line of each face.
    pub face_line: Vec<u32>,
    /// The `o`/`g` name in force for each face (index into `group_names`), or
    /// [`NONE`]; names of our own objects (`bw{…}`) count as none.
    pub face_group: Vec<u32>,
    pub group_names: Vec<Cow<'a, str>>,
    /// The `usemtl` statement in force for each face (index into `materials`), or [`NONE`].
    pub face_material: Vec<u32>,
    pub materials: Vec<Cow<'a, str>>,
    /// Whether an `o`/`g` name of ours (`bw{…}`) was seen.
    pub structural: bool,
    /// Segments of `l` lines in side-tag objects: (tag, a, b, line).
    pub tag_segments: Vec<(SideTag, u32, u32, u32)>,
    /// Vertices used by our own objects' lines (not "unused").
    pub structural_vertices: Vec<u32>,
    /// Parts of the metadata text: (part, parts, text).
    pub meta: Vec<(u32, u32, String)>,
    pub notes: ParseNotes,
}

/// What was skipped, for the load notes (bounded, whatever the file).
#[derive(Default, Debug)]
pub(super) struct ParseNotes {
    pub mtllib_lines: usize,
    pub first_mtllib: Option<String>,
    pub polylines: usize,
    pub points: usize,
    pub short_faces: usize,
    /// Unknown statements: (keyword excerpt, count, first line), at most 6.
    pub unknown: Vec<(String, usize, usize)>,
    pub unknown_other: usize,
    pub unknown_ours: usize,
}

impl ParseNotes {
    pub fn into_notes(self, out: &mut Vec<String>) {
        if let Some(first) = &self.first_mtllib {
            if self.mtllib_lines == 1 {
                out.push(format!(
                    "ignored the material library '{first}' (boardwright never reads materials)"
                ));
            } else {
                out.push(format!(
                    "ignored {} material library lines, the first naming '{first}' (boardwright never reads materials)",
                    self.mtllib_lines
                ));
            }
        }
        if self.short_faces > 0 {
            out.push(format!(
                "ignored {} face{} with fewer than 3 corners",
                self.short_faces,
                plural(self.short_faces)
            ));
        }
        if self.polylines > 0 {
            out.push(format!(
                "ignored {} polyline{} ('l': lines are not faces)",
                self.polylines,
                plural(self.polylines)
            ));
        }
        if self.points > 0 {
            out.push(format!(
                "ignored {} point element{} ('p')",
                self.points,
                plural(self.points)
            ));
        }
        if !self.unknown.is_empty() {
            let mut parts: Vec<String> = self
                .unknown
                .iter()
                .map(|(k, n, line)| {
                    if *n == 1 {
                        format!("'{k}' (line {line})")
                    } else {
                        format!("'{k}' ×{n} (first on line {line})")
                    }
                })
                .collect();
            if self.unknown_other > 0 {
                parts.push(format!("{} more", self.unknown_other));
            }
            out.push(format!(
                "ignored statements boardwright does not read: {}",
                parts.join(", ")
            ));
        }
        if self.unknown_ours > 0 {
            out.push(format!(
                "ignored {} object name{} of the form bw{{…}} that this version does not know (from a newer boardwright, or cut short)",
                self.unknown_ours,
                plural(self.unknown_ours)
            ));
        }
    }
}

pub(super) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[inline]
fn is_ws(b: u8) -> bool {
    b <= b' '
}

fn obj_err(line: usize, message: impl Into<String>) -> IoError {
    IoError::Obj {
        line,
        message: message.into(),
    }
}

/// Split off the next whitespace-separated token.
#[inline]
fn next_token(s: &[u8]) -> Option<(&[u8], &[u8])> {
    let start = s.iter().position(|&b| !is_ws(b))?;
    let s = &s[start..];
    let end = s.iter().position(|&b| is_ws(b)).unwrap_or(s.len());
    Some((&s[..end], &s[end..]))
}

/// An optionally signed decimal integer; `None` if malformed.
#[inline]
fn parse_int(t: &[u8]) -> Option<i64> {
    let (neg, digits) = match t.first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty() || digits.len() > 18 {
        return None;
    }
    let mut v: i64 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (d - b'0') as i64;
    }
    Some(if neg { -v } else { v })
}

#[inline]
fn parse_float(t: &[u8]) -> Option<f64> {
    // Short plain integers (common in generated files) without the general parser.
    if t.len() <= 9
        && let Some(i) = parse_int(t)
    {
        return Some(i as f64);
    }
    std::str::from_utf8(t).ok()?.parse::<f64>().ok()
}

struct Parser<'a, 'l> {
    limits: &'l Limits,
    out: Parsed<'a>,
    group_ids: FxHashMap<Cow<'a, str>, u32>,
    /// The `o`/`g` name in force (index into `group_names`) or NONE.
    cur_group: u32,
    /// Whether the name in force is one of ours, counting no label.
    cur_group_is_ours: bool,
    cur_object: Option<Structural>,
    cur_subgroup: Option<Structural>,
    cur_material: u32,
    last_vertex_group: u32,
    corners: usize,
    faces: usize,
    /// The largest positive vertex index and the line where it first
    /// appeared (checked against the vertex count at the end).
    max_index: u32,
    max_index_line: usize,
    scratch: Vec<u32>,
}

/// Tokenize the file (already checked to be UTF-8, size within limits).
pub(super) fn parse<'a>(text: &'a str, limits: &Limits) -> Result<Parsed<'a>, IoError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut p = Parser {
        limits,
        out: Parsed::default(),
        group_ids: FxHashMap::default(),
        cur_group: NONE,
        cur_group_is_ours: false,
        cur_object: None,
        cur_subgroup: None,
        cur_material: NONE,
        last_vertex_group: NONE - 1,
        corners: 0,
        faces: 0,
        max_index: 0,
        max_index_line: 0,
        scratch: Vec::new(),
    };
    // Size the big arrays up front (a cheap pass over the line starts): no
    // regrowth copies, no slack beyond the file's own counts.
    {
        let (mut nv, mut nf, mut ng) = (0usize, 0usize, 0usize);
        let mut count = |line: &[u8]| match line {
            [b'v', b' ' | b'\t', ..] => nv += 1,
            [b'f', b' ' | b'\t', ..] => nf += 1,
            [b'g' | b'o', b' ' | b'\t', ..] => ng += 1,
            _ => {}
        };
        count(bytes);
        for i in memchr::memchr_iter(b'\n', bytes) {
            count(&bytes[i + 1..]);
        }
        let o = &mut p.out;
        o.positions.reserve_exact(nv.min(limits.max_vertices));
        let nf = nf.min(limits.max_faces);
        o.face_sizes.reserve_exact(nf);
        o.face_line.reserve_exact(nf);
        o.face_group.reserve_exact(nf);
        o.face_material.reserve_exact(nf);
        o.indices
            .reserve(nf.saturating_mul(4).min(limits.max_corners));
        // A group per face (Blender's object per face): no rehashing.
        let ng = ng.min(nf + 16);
        o.group_names.reserve_exact(ng);
        p.group_ids.reserve(ng);
    }
    // Continued statements are joined here (rare).
    let mut joined: Vec<u8> = Vec::new();
    let mut joined_from = 0usize;
    let mut pos = 0usize;
    let mut line = 0usize;
    while pos < bytes.len() {
        line += 1;
        let rest = &bytes[pos..];
        let (end, next) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i, i + 2),
            Some(i) => (i, i + 1),
            None => (rest.len(), rest.len()),
        };
        let content = &rest[..end];
        pos += next;
        if content.len() > MAX_LINE_BYTES {
            return Err(obj_err(
                line,
                format!("the line is longer than {MAX_LINE_BYTES} bytes"),
            ));
        }
        if let Some(body) = content.strip_suffix(b"\\") {
            if joined.is_empty() {
                joined_from = line;
            }
            joined.extend_from_slice(body);
            joined.push(b' ');
            if joined.len() > MAX_LINE_BYTES {
                return Err(obj_err(
                    joined_from,
                    format!(
                        "the statement (continued with '\\') is longer than {MAX_LINE_BYTES} bytes"
                    ),
                ));
            }
            continue;
        }
        if !joined.is_empty() {
            joined.extend_from_slice(content);
            if joined.len() > MAX_LINE_BYTES {
                return Err(obj_err(
                    joined_from,
                    format!(
                        "the statement (continued with '\\') is longer than {MAX_LINE_BYTES} bytes"
                    ),
                ));
            }
            let statement = std::mem::take(&mut joined);
            p.statement(&statement, None, joined_from)?;
            joined = statement;
            joined.clear();
            continue;
        }
        // Line ends are ASCII, so the line is also a `str` slice of the file.
        let at = pos - next;
        p.statement(content, Some(&text[at..at + end]), line)?;
    }
    if !joined.is_empty() {
        let statement = std::mem::take(&mut joined);
        p.statement(&statement, None, joined_from)?;
    }
    p.finish()
}

impl<'a> Parser<'a, '_> {
    /// One statement. `file` is the same bytes borrowed from the file (names
    /// can then be borrowed), or `None` for a joined continuation.
    fn statement(&mut self, s: &[u8], file: Option<&'a str>, line: usize) -> Result<(), IoError> {
        let Some((kw, rest)) = next_token(s) else {
            return Ok(());
        };
        match kw {
            b"v" => self.vertex(rest, line),
            b"f" => self.face(rest, line),
            b"l" => self.polyline(rest, line),
            b"o" | b"g" => {
                let name = self.name(s, rest, file, line)?;
                self.group(kw == b"o", name);
                Ok(())
            }
            b"usemtl" => {
                let name = self.name(s, rest, file, line)?;
                let name = if name == "(null)" {
                    Cow::Borrowed("")
                } else {
                    name
                };
                if name.is_empty() {
                    self.cur_material = NONE;
                } else {
                    self.cur_material = self.out.materials.len() as u32;
                    self.out.materials.push(name);
                }
                Ok(())
            }
            b"mtllib" => {
                let n = &mut self.out.notes;
                n.mtllib_lines += 1;
                if n.first_mtllib.is_none() {
                    let name = String::from_utf8_lossy(rest.trim_ascii());
                    n.first_mtllib = Some(excerpt(&name));
                }
                Ok(())
            }
            b"p" => {
                self.out.notes.points += 1;
                Ok(())
            }
            _ if kw[0] == b'#' => Ok(()),
            _ if DISPLAY_ONLY.contains(&kw) => Ok(()),
            _ => {
                let n = &mut self.out.notes;
                let k = excerpt(&String::from_utf8_lossy(&kw[..kw.len().min(64)]));
                if let Some(e) = n.unknown.iter_mut().find(|e| e.0 == k) {
                    e.1 += 1;
                } else if n.unknown.len() < 6 {
                    n.unknown.push((k, 1, line));
                } else {
                    n.unknown_other += 1;
                }
                Ok(())
            }
        }
    }

    /// The rest of an `o`/`g`/`usemtl` line, trimmed.
    fn name(
        &self,
        s: &[u8],
        rest: &[u8],
        file: Option<&'a str>,
        line: usize,
    ) -> Result<Cow<'a, str>, IoError> {
        let t = rest.trim_ascii();
        let bad = || obj_err(line, "the name is not UTF-8 text");
        // `t` lies within `s`, which is `f`: borrow the same text from the file
        // (it starts and ends next to ASCII, so on character boundaries).
        let off = t.as_ptr() as usize - s.as_ptr() as usize;
        Ok(match file.and_then(|f| f.get(off..off + t.len())) {
            Some(name) => Cow::Borrowed(name),
            None => Cow::Owned(std::str::from_utf8(t).map_err(|_| bad())?.to_string()),
        })
    }

    fn group(&mut self, is_object: bool, name: Cow<'a, str>) {
        let ours = names::parse_structural(&name);
        if matches!(ours, Some(Structural::Unknown)) {
            self.out.notes.unknown_ours += 1;
        }
        if let Some(Structural::Meta { part, parts, chunk }) = &ours {
            self.out.meta.push((*part, *parts, chunk.clone()));
        }
        self.out.structural |= ours.is_some();
        if is_object {
            self.cur_object = ours.clone();
            self.cur_subgroup = None;
        } else {
            self.cur_subgroup = ours.clone();
        }
        // Exporters write these for "no group".
        if name.is_empty() || name == "off" || name == "(null)" {
            self.cur_group = NONE;
            self.cur_group_is_ours = false;
            return;
        }
        let next = self.out.group_names.len() as u32;
        let id = *self.group_ids.entry(name.clone()).or_insert_with(|| {
            self.out.group_names.push(name);
            next
        });
        self.cur_group = id;
        self.cur_group_is_ours = ours.is_some();
    }

    fn vertex(&mut self, rest: &[u8], line: usize) -> Result<(), IoError> {
        let mut xyz = [0f64; 3];
        let mut rest = rest;
        for c in &mut xyz {
            let Some((t, r)) = next_token(rest).filter(|(t, _)| t[0] != b'#') else {
                return Err(obj_err(line, "a vertex ('v') needs three numbers x y z"));
            };
            *c = parse_float(t).ok_or_else(|| {
                obj_err(
                    line,
                    format!(
                        "a vertex ('v') needs three numbers x y z; '{}' is not a number",
                        excerpt(&String::from_utf8_lossy(t))
                    ),
                )
            })?;
            rest = r;
        }
        if xyz.iter().any(|c| !c.is_finite()) {
            return Err(obj_err(
                line,
                "a vertex has a coordinate that is not a finite number",
            ));
        }
        // Optional: a weight w, or a colour r g b (Blender, trimesh, MeshLab) with an optional alpha.
        let mut extra = 0;
        while let Some((t, r)) = next_token(rest) {
            if t[0] == b'#' {
                break;
            }
            extra += 1;
            if extra > 4 || parse_float(t).is_none() {
                return Err(obj_err(
                    line,
                    "a vertex ('v') has values other than x y z, an optional weight w or an optional colour r g b [a]",
                ));
            }
            rest = r;
        }
        if self.out.positions.len() >= self.limits.max_vertices {
            return Err(IoError::TooMany {
                what: "vertices",
                limit: self.limits.max_vertices,
            });
        }
        if self.cur_group != self.last_vertex_group {
            self.last_vertex_group = self.cur_group;
            self.out
                .vertex_groups
                .push((self.out.positions.len() as u32, self.cur_group));
        }
        self.out.positions.push(xyz);
        Ok(())
    }

    /// Parse the vertex references of an `f` or `l` line into `self.scratch`.
    fn references(&mut self, rest: &[u8], line: usize, what: &str) -> Result<(), IoError> {
        self.scratch.clear();
        let count = self.out.positions.len() as i64;
        let mut rest = rest;
        while let Some((t, r)) = next_token(rest) {
            rest = r;
            if t[0] == b'#' {
                break;
            }
            if self.scratch.len() >= self.limits.max_face_sides {
                let total = self.scratch.len()
                    + 1
                    + std::iter::successors(next_token(rest), |(_, r)| next_token(r))
                        .take_while(|(t, _)| t[0] != b'#')
                        .count();
                return Err(obj_err(
                    line,
                    format!(
                        "the {what} has {total} vertices; boardwright accepts at most {}",
                        self.limits.max_face_sides
                    ),
                ));
            }
            let mut parts = t.split(|&b| b == b'/');
            let v = parts.next().unwrap_or_default();
            let malformed = || {
                obj_err(
                    line,
                    format!(
                        "a {what} has a vertex reference '{}' that is not a number (expected forms like 7, 7/2, 7//3 or 7/2/3)",
                        excerpt(&String::from_utf8_lossy(t))
                    ),
                )
            };
            let x = parse_int(v).ok_or_else(malformed)?;
            // Texture coordinate and normal numbers are checked for form only:
            // a board uses neither.
            for (k, part) in parts.enumerate() {
                if k >= 2 || (!part.is_empty() && parse_int(part).is_none()) {
                    return Err(malformed());
                }
            }
            let index = if x > 0 {
                if x > self.limits.max_vertices as i64 {
                    return Err(obj_err(
                        line,
                        format!(
                            "the {what} refers to vertex {x}, but a board has at most {} vertices",
                            self.limits.max_vertices
                        ),
                    ));
                }
                if x as u32 > self.max_index {
                    self.max_index = x as u32;
                    self.max_index_line = line;
                }
                (x - 1) as u32
            } else if x < 0 {
                if -x > count {
                    return Err(obj_err(
                        line,
                        format!(
                            "the {what} refers to vertex {x} (counting back), but only {count} come before it"
                        ),
                    ));
                }
                (count + x) as u32
            } else {
                return Err(obj_err(
                    line,
                    format!("the {what} refers to vertex 0, but OBJ indices start at 1"),
                ));
            };
            self.scratch.push(index);
        }
        self.corners += self.scratch.len();
        if self.corners > self.limits.max_corners {
            return Err(IoError::TooMany {
                what: "face corners",
                limit: self.limits.max_corners,
            });
        }
        Ok(())
    }

    fn face(&mut self, rest: &[u8], line: usize) -> Result<(), IoError> {
        self.faces += 1;
        if self.faces > self.limits.max_faces {
            return Err(IoError::TooMany {
                what: "faces",
                limit: self.limits.max_faces,
            });
        }
        self.references(rest, line, "face")?;
        if self.scratch.len() < 3 {
            self.out.notes.short_faces += 1;
            return Ok(());
        }
        let o = &mut self.out;
        o.indices.extend_from_slice(&self.scratch);
        o.face_sizes.push(self.scratch.len() as u32);
        o.face_line.push(line.min(u32::MAX as usize) as u32);
        o.face_group.push(if self.cur_group_is_ours {
            NONE
        } else {
            self.cur_group
        });
        o.face_material.push(self.cur_material);
        Ok(())
    }

    fn polyline(&mut self, rest: &[u8], line: usize) -> Result<(), IoError> {
        self.references(rest, line, "line ('l')")?;
        let ctx = match (&self.cur_subgroup, &self.cur_object) {
            (Some(s), _) => Some(s),
            (None, o) => o.as_ref(),
        };
        match ctx {
            Some(Structural::Side(tag)) => {
                let tag = *tag;
                let l = line.min(u32::MAX as usize) as u32;
                for w in self.scratch.windows(2) {
                    self.out.tag_segments.push((tag, w[0], w[1], l));
                }
                self.out
                    .structural_vertices
                    .extend_from_slice(&self.scratch);
            }
            Some(Structural::Meta { .. }) => {
                self.out
                    .structural_vertices
                    .extend_from_slice(&self.scratch);
            }
            _ => self.out.notes.polylines += 1,
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Parsed<'a>, IoError> {
        let n = self.out.positions.len();
        if self.max_index as usize > n {
            // A face refers to a vertex that never comes: find the first one.
            let mut start = 0usize;
            for (f, &size) in self.out.face_sizes.iter().enumerate() {
                let face = &self.out.indices[start..start + size as usize];
                if let Some(&bad) = face.iter().find(|&&i| i as usize >= n) {
                    return Err(obj_err(
                        self.out.face_line[f] as usize,
                        format!(
                            "the face refers to vertex {}, but the file has only {n}",
                            bad as u64 + 1
                        ),
                    ));
                }
                start += size as usize;
            }
            return Err(obj_err(
                self.max_index_line,
                format!(
                    "the line ('l') refers to vertex {}, but the file has only {n}",
                    self.max_index
                ),
            ));
        }
        // Structural lines' vertices beyond the end are caught above; drop
        // nothing else.
        self.out.structural_vertices.sort_unstable();
        self.out.structural_vertices.dedup();
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Parsed<'_>, IoError> {
        parse(s, &Limits::default())
    }

    #[test]
    fn line_endings_bom_and_continuations() {
        for src in [
            "\u{feff}v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
            "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\n",
            "v 0 0 0\rv 1 0 0\rv 0 1 0\rf 1 2 3",
            "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 \\\n 2 \\\r\n3\n",
        ] {
            let r = p(src).unwrap();
            assert_eq!(r.positions.len(), 3, "{src:?}");
            assert_eq!(r.indices, [0, 1, 2], "{src:?}");
        }
        // The error after a continuation names the statement's first line.
        let e = p("v 0 0 0\nf 1 \\\n x 3\n").unwrap_err().to_string();
        assert!(e.starts_with("line 2:"), "{e}");
    }

    #[test]
    fn vertex_colours_weights_and_bad_vertices() {
        let r = p("v 0 0 0 1 0.5 0\nv 1 0 0 1\nv 0 1 0 0.1 0.2 0.3 1\nf 1 2 3\n").unwrap();
        assert_eq!(r.positions.len(), 3);
        let e = p("v 0 0\n").unwrap_err().to_string();
        assert_eq!(e, "line 1: a vertex ('v') needs three numbers x y z");
        let e = p("v 0 0 0 a\n").unwrap_err().to_string();
        assert!(e.contains("other than x y z"), "{e}");
        let e = p("v 0 0 inf\n").unwrap_err().to_string();
        assert!(e.contains("not a finite number"), "{e}");
    }

    #[test]
    fn index_errors_name_the_vertex_not_a_normal() {
        let base = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\n";
        let e = p(&format!("{base}f 1//1 2//1 9//1\n"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "line 5: the face refers to vertex 9, but the file has only 3"
        );
        let e = p(&format!("{base}f 1/x 2 3\n")).unwrap_err().to_string();
        assert!(e.contains("'1/x' that is not a number"), "{e}");
        // Forward references are fine when the vertex comes later.
        let r = p("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 1 0\n").unwrap();
        assert_eq!(r.indices, [0, 1, 2]);
    }

    #[test]
    fn names_materials_and_unknown_statements() {
        let src = "mtllib a.mtl\nmtllib b.mtl\nusemtl \nF 1 2 3\nF 1\ncurv 0 1 1 2\n\
                   v 0 0 0\nv 1 0 0\nv 0 1 0\ng x\nusemtl Wood\nf 1 2 3\nl 1 2 3\np 1\nf 1 2\n";
        let r = p(src).unwrap();
        assert_eq!(r.group_names, ["x"]);
        assert_eq!(r.face_group, [0]);
        assert_eq!(r.materials, ["Wood"]);
        assert_eq!(r.face_material, [0]);
        let mut notes = Vec::new();
        r.notes.into_notes(&mut notes);
        assert_eq!(
            notes,
            [
                "ignored 2 material library lines, the first naming 'a.mtl' (boardwright never reads materials)",
                "ignored 1 face with fewer than 3 corners",
                "ignored 1 polyline ('l': lines are not faces)",
                "ignored 1 point element ('p')",
                "ignored statements boardwright does not read: 'F' ×2 (first on line 4), 'curv' (line 6)",
            ]
        );
    }

    #[test]
    fn side_tag_lines_in_our_objects() {
        let src = "o bw{board}\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\no bw{side=bottom}\nl 1 2\n\
                   o bw{meta=1/1;n=x}\nl 1 3\n";
        let r = p(src).unwrap();
        assert_eq!(r.tag_segments, [(SideTag::Bottom, 0, 1, 7)]);
        assert_eq!(r.structural_vertices, [0, 1, 2]);
        assert_eq!(r.meta, [(1, 1, "n=x".to_string())]);
        assert_eq!(r.face_group, [NONE]);
        assert!(r.structural);
    }
}
