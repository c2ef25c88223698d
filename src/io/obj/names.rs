//! boardwright's data in OBJ names: per-face data in material names, side tags
//! and metadata in object names, all of the form `bw{…}`.
//!
//! Blender (and most modelling programs) keep object names, material names
//! per face and loose edges through an import/export cycle, but drop comments.
//! Blender also turns spaces into underscores, appends `.001` to a name that
//! already exists, may append `_<mesh name>` to an object name, and older
//! versions cut names after 63 bytes. So:
//!
//! * text is escaped: a space is written `_`, and `_ % { } ; # \` and
//!   control or other white-space characters as `%XX` (UTF-8 bytes, hex), as is
//!   `,` within a rule name;
//!   everything else is written as it is (UTF-8);
//! * the data sits between `bw{` and the first `}`; anything after the `}`
//!   (`.001`, `_bw{…}`) is ignored, and a name without its `}` was cut short.
//!
//! | where | form | carries |
//! |---|---|---|
//! | `usemtl` | `bw{l=a1;c=0,0;k=blocked;rgb=ff0000;r=3;p=0}` | label, grid coordinate, kind (`blocked`, `fixed_region`, `garden`, `other:<text>`), colour (`rgb=rrggbb` / `rgba=rrggbbaa`), region, start piece (`p=<player>` or `p=<player>@<position in the setup list>`) |
//! | `o` | `bw{board}` | the board's faces |
//! | `o` | `bw{side=top}` | `l` segments along the boundary edges tagged `top` |
//! | `o` | `bw{meta=2/3;…}` | part 2 of 3 of `n=<name>;d=<description>;r=<rule>,<rule>` |

use crate::board::{FaceKind, GridCoord, Rgba, SideTag};
use std::fmt::Write as _;

/// What an `o`/`g` name of ours stands for.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Structural {
    Board,
    Side(SideTag),
    Meta {
        part: u32,
        parts: u32,
        chunk: String,
    },
    /// `bw{…}` that this version does not know (or a name cut short).
    Unknown,
}

/// Per-face data carried by a material name.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct FaceData {
    pub label: String,
    pub coord: Option<GridCoord>,
    pub kind: FaceKind,
    pub colour: Option<Rgba>,
    pub region: Option<u32>,
    /// Start piece: player, and the piece's position in the setup list when
    /// the list is not in face order.
    pub piece: Option<(u8, Option<u32>)>,
}

impl FaceData {
    pub fn is_default(&self) -> bool {
        *self == FaceData::default()
    }
}

/// The result of reading a material name.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Decoded {
    /// Not one of ours (a material from another program).
    Foreign,
    Data(FaceData),
    /// Ours, but cut short (no closing `}`).
    Truncated,
    /// Ours, but unreadable: what is wrong.
    Bad(String),
}

const PREFIX: &str = "bw{";

/// The payload between `bw{` and the first `}`: `None` if the name is not
/// ours, `Some(None)` if it was cut short.
fn payload(name: &str) -> Option<Option<&str>> {
    let rest = name.strip_prefix(PREFIX)?;
    Some(memchr::memchr(b'}', rest.as_bytes()).map(|i| &rest[..i]))
}

/// Whether a byte must be written as `%XX`.
fn needs_escape(c: char) -> bool {
    matches!(c, '_' | '%' | '{' | '}' | ';' | '#' | '\\')
        || c.is_control()
        || (c.is_whitespace() && c != ' ')
}

/// Append `s` escaped (see the module docs).
pub(super) fn escape_into(s: &str, out: &mut String) {
    for c in s.chars() {
        if c == ' ' {
            out.push('_');
        } else if needs_escape(c) {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    escape_into(s, &mut out);
    out
}

/// Undo [`escape`]; `None` if an escape is malformed or the bytes are not UTF-8.
pub(super) fn unescape(s: &str) -> Option<String> {
    if !s.bytes().any(|b| b == b'_' || b == b'%') {
        return Some(s.to_string());
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'_' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                let hex = b.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Read an `o`/`g` name: `None` if it is not one of ours.
pub(super) fn parse_structural(name: &str) -> Option<Structural> {
    let Some(p) = payload(name)? else {
        return Some(Structural::Unknown);
    };
    if p == "board" {
        return Some(Structural::Board);
    }
    if let Some(side) = p.strip_prefix("side=") {
        return Some(
            side.parse::<SideTag>()
                .map_or(Structural::Unknown, Structural::Side),
        );
    }
    if let Some(m) = p.strip_prefix("meta=") {
        let parsed = m.split_once(';').and_then(|(num, chunk)| {
            let (a, b) = num.split_once('/')?;
            let (part, parts) = (a.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
            (part >= 1 && part <= parts).then(|| Structural::Meta {
                part,
                parts,
                chunk: chunk.to_string(),
            })
        });
        return Some(parsed.unwrap_or(Structural::Unknown));
    }
    Some(Structural::Unknown)
}

/// The object name of a side-tag object.
pub(super) fn side_name(tag: SideTag) -> String {
    format!("{PREFIX}side={}}}", tag.name())
}

pub(super) const BOARD_NAME: &str = "bw{board}";

/// Longest piece of the metadata text in one object name: with the `bw{meta=…;`
/// frame the name stays within the 63 bytes older Blender versions keep.
pub(super) const META_CHUNK_BYTES: usize = 40;

/// The metadata text: `n=<name>;d=<description>;r=<rule>,<rule>` (empty fields left out).
pub(super) fn encode_meta(name: &str, description: &str, rules: &[String]) -> String {
    let mut s = String::new();
    let sep = |s: &mut String| {
        if !s.is_empty() {
            s.push(';');
        }
    };
    if !name.is_empty() {
        sep(&mut s);
        s.push_str("n=");
        escape_into(name, &mut s);
    }
    if !description.is_empty() {
        sep(&mut s);
        s.push_str("d=");
        escape_into(description, &mut s);
    }
    if !rules.is_empty() {
        sep(&mut s);
        s.push_str("r=");
        for (i, r) in rules.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            // The comma separates rules.
            let mut e = String::new();
            escape_into(r, &mut e);
            s.push_str(&e.replace(',', "%2C"));
        }
    }
    s
}

/// Split the metadata text into object names of at most
/// [`META_CHUNK_BYTES`] of text each, never inside a character or an escape.
pub(super) fn meta_object_names(meta: &str) -> Vec<String> {
    let mut chunks: Vec<&str> = Vec::new();
    let mut start = 0;
    while start < meta.len() {
        let mut end = (start + META_CHUNK_BYTES).min(meta.len());
        while !meta.is_char_boundary(end) {
            end -= 1;
        }
        // Do not split `%XX`.
        if let Some(p) = meta[start..end].rfind('%')
            && start + p + 3 > end
            && end < meta.len()
        {
            end = start + p;
        }
        chunks.push(&meta[start..end]);
        start = end;
    }
    let n = chunks.len();
    chunks
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{PREFIX}meta={}/{n};{c}}}", i + 1))
        .collect()
}

/// Parse the metadata text; unknown fields are returned for a note.
pub(super) fn decode_meta(s: &str) -> Result<(String, String, Vec<String>), String> {
    let (mut name, mut desc, mut rules) = (String::new(), String::new(), Vec::new());
    for field in s.split(';').filter(|f| !f.is_empty()) {
        let (k, v) = field
            .split_once('=')
            .ok_or_else(|| format!("'{}' is not key=value", excerpt(field)))?;
        let text = |v: &str| unescape(v).ok_or_else(|| format!("'{}' is garbled", excerpt(v)));
        match k {
            "n" => name = text(v)?,
            "d" => desc = text(v)?,
            "r" => {
                rules = v.split(',').map(text).collect::<Result<_, _>>()?;
            }
            _ => return Err(format!("unknown field '{}'", excerpt(k))),
        }
    }
    Ok((name, desc, rules))
}

/// A material name for a face's data (`bw{}` for a face with none).
pub(super) fn encode_face(d: &FaceData, out: &mut String) {
    out.push_str(PREFIX);
    let start = out.len();
    let sep = |out: &mut String| {
        if out.len() > start {
            out.push(';');
        }
    };
    if !d.label.is_empty() {
        sep(out);
        out.push_str("l=");
        escape_into(&d.label, out);
    }
    if let Some(c) = d.coord {
        sep(out);
        let _ = write!(out, "c={},{}", c.col, c.row);
    }
    match &d.kind {
        FaceKind::Cell => {}
        k => {
            sep(out);
            out.push_str("k=");
            match k {
                FaceKind::Blocked => out.push_str("blocked"),
                FaceKind::FixedRegion => out.push_str("fixed_region"),
                FaceKind::Garden => out.push_str("garden"),
                FaceKind::Other(t) => {
                    out.push_str("other:");
                    escape_into(t, out);
                }
                FaceKind::Cell => unreachable!("handled above"),
            }
        }
    }
    if let Some(Rgba([r, g, b, a])) = d.colour {
        sep(out);
        if a == 255 {
            let _ = write!(out, "rgb={r:02x}{g:02x}{b:02x}");
        } else {
            let _ = write!(out, "rgba={r:02x}{g:02x}{b:02x}{a:02x}");
        }
    }
    if let Some(r) = d.region {
        sep(out);
        let _ = write!(out, "r={r}");
    }
    if let Some((p, pos)) = d.piece {
        sep(out);
        let _ = write!(out, "p={p}");
        if let Some(pos) = pos {
            let _ = write!(out, "@{pos}");
        }
    }
    out.push('}');
}

/// A short, printable excerpt of untrusted text for a message.
pub(crate) fn excerpt(s: &str) -> String {
    const MAX: usize = 40;
    let clean: String = s
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(MAX + 1)
        .collect();
    if clean.chars().count() > MAX {
        let cut: String = clean.chars().take(MAX).collect();
        format!("{cut}…")
    } else {
        clean
    }
}

/// Read a material name.
pub(super) fn decode_face(name: &str) -> Decoded {
    let Some(p) = payload(name) else {
        return Decoded::Foreign;
    };
    let Some(p) = p else {
        return Decoded::Truncated;
    };
    let mut d = FaceData::default();
    for field in p.split(';').filter(|f| !f.is_empty()) {
        let Some((k, v)) = field.split_once('=') else {
            return Decoded::Bad(format!("'{}' is not key=value", excerpt(field)));
        };
        let bad = |what: &str| Decoded::Bad(format!("{what} '{}'", excerpt(v)));
        match k {
            "l" => match unescape(v) {
                Some(l) => d.label = l,
                None => return bad("a garbled label"),
            },
            "c" => {
                let parsed = v
                    .split_once(',')
                    .and_then(|(a, b)| Some(GridCoord::new(a.parse().ok()?, b.parse().ok()?)));
                match parsed {
                    Some(c) => d.coord = Some(c),
                    None => return bad("a grid coordinate that is not col,row:"),
                }
            }
            "k" => {
                d.kind = match v {
                    "cell" => FaceKind::Cell,
                    "blocked" => FaceKind::Blocked,
                    "fixed_region" => FaceKind::FixedRegion,
                    "garden" => FaceKind::Garden,
                    _ => match v.strip_prefix("other:").and_then(unescape) {
                        Some(t) => FaceKind::Other(t),
                        None => return bad("an unknown kind"),
                    },
                }
            }
            "rgb" | "rgba" => {
                let want = if k == "rgb" { 6 } else { 8 };
                match crate::io::ron::parse_colour(&format!("#{v}")) {
                    Some(c) if v.len() == want => d.colour = Some(c),
                    _ => return bad("a colour that is not hex digits:"),
                }
            }
            "r" => match v.parse() {
                Ok(r) => d.region = Some(r),
                Err(_) => return bad("a region that is not a number:"),
            },
            "p" => {
                let (p, pos) = match v.split_once('@') {
                    Some((p, pos)) => (p, Some(pos)),
                    None => (v, None),
                };
                let player = p.parse::<u8>().ok().filter(|&p| p <= 1);
                let pos = pos.map(|s| s.parse::<u32>().ok());
                match (player, pos) {
                    (Some(pl), None) => d.piece = Some((pl, None)),
                    (Some(pl), Some(Some(pos))) => d.piece = Some((pl, Some(pos))),
                    _ => return bad("a start piece that is not player 0 or 1:"),
                }
            }
            _ => return Decoded::Bad(format!("an unknown field '{}'", excerpt(k))),
        }
    }
    Decoded::Data(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_round_trips_and_survives_blender_renames() {
        for s in [
            "a1",
            "a b",
            "x_y",
            "100%",
            "{;=,#}",
            "a,b=c",
            "tab\there",
            "line\nbreak",
            "é ✓ 日本",
            " lead",
            "back\\slash",
            "nbsp\u{a0}x",
        ] {
            let e = escape(s);
            assert!(
                !e.contains([' ', '\t', '\n', '#', '\\', '}']),
                "{s:?} → {e:?}"
            );
            assert_eq!(unescape(&e).as_deref(), Some(s), "{e}");
        }
        assert_eq!(escape("a b"), "a_b");
        assert_eq!(unescape("%G1"), None);
        assert_eq!(unescape("%FF"), None);
    }

    #[test]
    fn face_data_round_trips_and_ignores_suffixes() {
        let d = FaceData {
            label: "a b_c".into(),
            coord: Some(GridCoord::new(-3, 12)),
            kind: FaceKind::Other("lake; deep".into()),
            colour: Some(Rgba([1, 2, 255, 128])),
            region: Some(7),
            piece: Some((1, Some(4))),
        };
        let mut s = String::new();
        encode_face(&d, &mut s);
        assert_eq!(decode_face(&s), Decoded::Data(d.clone()));
        assert_eq!(decode_face(&format!("{s}.001")), Decoded::Data(d.clone()));
        assert_eq!(decode_face(&s[..s.len() - 1]), Decoded::Truncated);
        assert_eq!(decode_face("Wood"), Decoded::Foreign);
        assert_eq!(decode_face("bw{}"), Decoded::Data(FaceData::default()));
        assert!(matches!(decode_face("bw{zz=1}"), Decoded::Bad(_)));
        assert!(matches!(decode_face("bw{p=2}"), Decoded::Bad(_)));
    }

    #[test]
    fn structural_names() {
        assert_eq!(parse_structural("bw{board}"), Some(Structural::Board));
        assert_eq!(
            parse_structural("bw{side=left}.001"),
            Some(Structural::Side(SideTag::Left))
        );
        assert_eq!(
            parse_structural("bw{side=top}_bw{side=top}"),
            Some(Structural::Side(SideTag::Top))
        );
        assert_eq!(parse_structural("Cube"), None);
        assert_eq!(parse_structural("bw{side=up}"), Some(Structural::Unknown));
        assert_eq!(
            parse_structural("bw{meta=0/2;x}"),
            Some(Structural::Unknown)
        );
    }

    #[test]
    fn metadata_splits_into_short_names_and_joins_back() {
        let rules = vec!["hex".to_string(), "bo,co".to_string()];
        let desc = "é".repeat(50) + "%_; line\nbreak";
        let m = encode_meta("Hex 11×11", &desc, &rules);
        let names = meta_object_names(&m);
        assert!(names.len() > 2);
        let mut joined = String::new();
        for (i, n) in names.iter().enumerate() {
            assert!(n.len() <= 63, "{n} is {} bytes", n.len());
            match parse_structural(n) {
                Some(Structural::Meta { part, parts, chunk }) => {
                    assert_eq!((part, parts), (i as u32 + 1, names.len() as u32));
                    joined.push_str(&chunk);
                }
                other => panic!("{n}: {other:?}"),
            }
        }
        assert_eq!(
            decode_meta(&joined).unwrap(),
            ("Hex 11×11".to_string(), desc, rules)
        );
        assert!(meta_object_names("").is_empty());
    }
}
