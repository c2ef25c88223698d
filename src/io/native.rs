//! Board files, formats 2 and 3: the text of [`super::board_schema::BoardFile`],
//! written and read by hand because the geometry of a big board is millions of
//! numbers.
//!
//! ```ron
//! (
//!     format_version: 3,
//!     meta: (name: "Hex 11×11", description: "…", suggested_rules: ["hex"]),
//!     vertices: [
//! 0, 0,
//! 1, 0.5,
//!     ],
//!     faces: [
//! [0,1,5,4],
//! [1,2,6,5],
//!     ],
//!     labels: ["a1", "b1", from_coords(998), "Paris", …],
//!     coords: [run(0, 0, 1000), (3, 7), None, …],
//!     kinds: [cell, blocked, other("lake"), …],
//!     colours: [None, "#336699", …],
//!     regions: [None, 3, …],
//!     side_tags: [(0, 1, bottom), …],
//!     setup: [(face: 3, player: 0), …],
//! )
//! ```
//!
//! The text is RON: `vertices` holds the coordinates flat (`x, y` per line),
//! `faces` one corner list per line (counter-clockwise vertex indices), and the
//! per-face data is one column per attribute, one entry per face in face order
//! (an empty label is no label; `None` no value). A column whose every entry is
//! the default is left out.
//!
//! Format 3 (written from issue 13's second round on; format 2 still loads)
//! adds two runs, so a grid board does not spell out what its grid implies:
//! `run(col, row, n)` in `coords` is `n` faces in a row, at `(col, row)`,
//! `(col + 1, row)`, …; `from_coords(n)` in `labels` is `n` faces named by their
//! grid coordinates (`a1` at `(0, 0)`, see [`crate::board::grid_label`]; no
//! label for a face without them or with a negative one). Runs are written
//! where at least three faces in a row follow them; a 1000×1000 square board
//! shrinks from 62 MB to 40 MB. Format 2 is format 3 without the runs.
//!
//! Coordinates that are whole numbers are written
//! without a fraction (`3`); other floats in their shortest form that reads
//! back to the same number (Żmij). `side_tags` name boundary edges by their two
//! vertices; `setup` names faces by index.
//!
//! The reader goes through the text once: the big arrays stream straight into
//! typed vectors, without a generic value tree; only the small parts (`meta`,
//! `side_tags`, `setup`) go through serde. Every size is bounded by [`Limits`]
//! while reading, and every error says where it is.

use super::Limits;
use super::board_schema::{BoardFile, MetaDto, PieceDto, parse_colour};
use crate::board::{FaceKind, FaceTable, GridCoord, Rgba, SideTag};
use crate::mesh::{Point, PolygonSoup};
use compact_str::CompactString;
use std::fmt::Write as _;

/// The format version this module reads and writes.
pub const VERSION: u32 = super::board_schema::BOARD_FORMAT_VERSION;

/// The first format version this module reads (older ones go through
/// [`super::board_schema`]).
const FIRST_VERSION: u32 = 2;

/// A reading error at a byte position of the text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TextError {
    pub pos: usize,
    pub message: String,
    pub kind: ErrorKind,
}

/// What kind of reading error a [`TextError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    /// The text is not a valid board.
    Syntax,
    /// The text is a game record (it has a `rules` field), not a board.
    Record,
    /// The board was written in a newer format version than this build reads.
    Future(u64),
}

impl TextError {
    fn at(pos: usize, message: impl Into<String>) -> TextError {
        TextError {
            pos,
            message: message.into(),
            kind: ErrorKind::Syntax,
        }
    }

    /// Line and column (1-based, columns in characters) of the error in `text`.
    pub fn line_col(&self, text: &str) -> (usize, usize) {
        let pos = self.pos.min(text.len());
        let before = &text.as_bytes()[..pos];
        let line = 1 + memchr::memchr_iter(b'\n', before).count();
        let start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let col = 1 + String::from_utf8_lossy(&before[start..]).chars().count();
        (line, col)
    }
}

/// What the start of a board text says.
pub(crate) enum Parsed {
    /// A format-2 or format-3 board.
    Current(Box<BoardFile>),
    /// Older (format 1, or no `format_version` first): read it with the
    /// format-1 schema.
    Older,
}

const FIELDS: &str = "format_version, meta, vertices, faces, labels, coords, kinds, colours, regions, side_tags, setup";

/// Read a board text. Formats 2 and 3 are read here in one pass; anything
/// whose first field is not `format_version: 2` or `3` is [`Parsed::Older`] (a
/// newer version is an error). `limits` bound every list.
pub(crate) fn parse(text: &str, limits: &Limits) -> Result<Parsed, TextError> {
    let mut c = Cursor::new(text);
    c.ws();
    if !c.eat(b'(') {
        return Ok(Parsed::Older);
    }
    c.ws();
    match c.ident() {
        Ok("format_version") => {}
        _ => return Ok(Parsed::Older),
    }
    c.colon()?;
    let vpos = c.pos;
    let version = c.uint()?;
    if version > VERSION as u64 {
        return Err(TextError {
            kind: ErrorKind::Future(version),
            ..TextError::at(vpos, "")
        });
    }
    if version < FIRST_VERSION as u64 {
        return Ok(Parsed::Older);
    }
    c.after_field()?;
    read_board(&mut c, version as u32, limits).map(|f| Parsed::Current(Box::new(f)))
}

#[derive(Default)]
struct Columns {
    labels: Option<Vec<CompactString>>,
    /// The face ranges of `labels` given as `from_coords(n)` (format 3),
    /// their labels still to be made from the faces' grid coordinates.
    derived_labels: Vec<std::ops::Range<usize>>,
    coords: Option<Vec<Option<GridCoord>>>,
    kinds: Option<Vec<FaceKind>>,
    colours: Option<Vec<Option<Rgba>>>,
    regions: Option<Vec<Option<u32>>>,
}

fn read_board(c: &mut Cursor, version: u32, limits: &Limits) -> Result<BoardFile, TextError> {
    let mut seen: Vec<&str> = vec!["format_version"];
    let mut meta = MetaDto::default();
    let mut vertices: Option<Vec<Point>> = None;
    let mut faces: Option<(Vec<u32>, Vec<u32>)> = None;
    let mut cols = Columns::default();
    let mut side_tags = Vec::new();
    let mut setup = Vec::new();
    loop {
        c.ws();
        if c.eat(b')') {
            break;
        }
        let at = c.pos;
        let name = c.ident()?;
        if name == "rules" {
            return Err(TextError {
                pos: at,
                message: "this is a game record, not a board (open it as a game)".into(),
                kind: ErrorKind::Record,
            });
        }
        if seen.contains(&name) {
            return Err(TextError::at(
                at,
                format!("the field '{name}' appears twice in the board"),
            ));
        }
        c.colon()?;
        match name {
            "meta" => meta = c.serde_part::<MetaDto>(limits)?,
            "vertices" => vertices = Some(c.vertices(limits)?),
            "faces" => faces = Some(c.faces(limits)?),
            "labels" => {
                let mut labels = Vec::new();
                c.list("labels", limits.max_faces, |c| {
                    if c.run_ahead(b"from_coords", version)? {
                        let count = c.run_count(labels.len(), "labels", limits)?;
                        cols.derived_labels.push(labels.len()..labels.len() + count);
                        labels.resize(labels.len() + count, CompactString::const_new(""));
                        c.expect(b')', "')'")
                    } else {
                        labels.push(CompactString::from(c.string()?));
                        Ok(())
                    }
                })?;
                cols.labels = Some(labels);
            }
            "coords" => {
                let mut coords = Vec::new();
                c.list("grid coordinates", limits.max_faces, |c| {
                    if c.run_ahead(b"run", version)? {
                        let at = c.pos;
                        let col = c.i32()?;
                        c.expect(b',', "','")?;
                        c.ws();
                        let row = c.i32()?;
                        c.expect(b',', "',' and the run's face count: run(col, row, count)")?;
                        c.ws();
                        let count = c.run_count(coords.len(), "grid coordinates", limits)?;
                        let last = i32::try_from(count)
                            .ok()
                            .and_then(|k| col.checked_add(k.saturating_sub(1)));
                        if last.is_none() {
                            return Err(TextError::at(at, "a grid coordinate is too large"));
                        }
                        coords
                            .extend((0..count).map(|k| Some(GridCoord::new(col + k as i32, row))));
                        c.expect(b')', "')'")
                    } else {
                        coords.push(c.coord()?);
                        Ok(())
                    }
                })?;
                cols.coords = Some(coords);
            }
            "kinds" => cols.kinds = Some(c.column("kinds", limits, |c| c.kind())?),
            "colours" => cols.colours = Some(c.column("colours", limits, |c| c.colour())?),
            "regions" => {
                cols.regions = Some(c.column("regions", limits, |c| {
                    c.option(|c| {
                        let at = c.pos;
                        u32::try_from(c.uint()?)
                            .map_err(|_| TextError::at(at, "a region number is too large"))
                    })
                })?)
            }
            "side_tags" => side_tags = c.serde_part::<SideTagList>(limits)?.0,
            "setup" => setup = c.serde_part::<SetupList>(limits)?.0,
            other => {
                return Err(TextError::at(
                    at,
                    format!(
                        "unknown field '{}' in the board (the fields are: {FIELDS})",
                        super::excerpt::excerpt(other)
                    ),
                ));
            }
        }
        seen.push(name);
        c.after_field()?;
    }
    c.ws();
    if c.pos < c.b.len() {
        return Err(TextError::at(
            c.pos,
            "unexpected text after the end of the board",
        ));
    }
    let end = c.pos;
    let positions =
        vertices.ok_or_else(|| TextError::at(end, "the board needs the field 'vertices'"))?;
    let (indices, face_sizes) =
        faces.ok_or_else(|| TextError::at(end, "the board needs the field 'faces'"))?;
    let n = face_sizes.len();
    let face_data = cols.into_table(n).map_err(|m| TextError::at(end, m))?;
    Ok(BoardFile {
        meta,
        polygons: PolygonSoup {
            positions,
            indices,
            face_sizes,
        },
        face_data,
        side_tags,
        setup,
    })
}

impl Columns {
    fn into_table(self, n: usize) -> Result<FaceTable, String> {
        fn check<T>(col: &Option<Vec<T>>, what: &str, n: usize) -> Result<(), String> {
            match col {
                Some(v) if v.len() != n => Err(format!(
                    "the board has {n} faces but {} {what}: there must be one per face",
                    v.len()
                )),
                _ => Ok(()),
            }
        }
        check(&self.labels, "labels", n)?;
        check(&self.coords, "grid coordinates", n)?;
        check(&self.kinds, "kinds", n)?;
        check(&self.colours, "colours", n)?;
        check(&self.regions, "regions", n)?;
        let mut labels = self.labels;
        if let Some(labels) = &mut labels {
            let coords = self.coords.as_deref().unwrap_or_default();
            for range in &self.derived_labels {
                for f in range.clone() {
                    if let Some(l) = coords.get(f).copied().flatten().and_then(GridCoord::label) {
                        labels[f] = l;
                    }
                }
            }
        }
        FaceTable::from_columns(
            n,
            labels,
            self.coords,
            self.kinds,
            self.colours,
            self.regions,
        )
        .ok_or_else(|| "a column does not hold one entry per face".to_string())
    }
}

#[derive(serde::Deserialize)]
#[serde(transparent)]
struct SideTagList(
    #[serde(deserialize_with = "super::board_schema::de_per_edge")] Vec<(u32, u32, SideTag)>,
);

#[derive(serde::Deserialize)]
#[serde(transparent)]
struct SetupList(#[serde(deserialize_with = "super::board_schema::de_setup")] Vec<PieceDto>);

/// A byte cursor over RON text.
struct Cursor<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            b: text.as_bytes(),
            pos: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    /// Skip whitespace and comments (`// …` and nested `/* … */`).
    fn ws(&mut self) {
        loop {
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
                self.pos += 1;
            }
            if self.peek() != Some(b'/') {
                return;
            }
            if self.b[self.pos..].starts_with(b"//") {
                self.pos = memchr::memchr(b'\n', &self.b[self.pos..])
                    .map_or(self.b.len(), |i| self.pos + i + 1);
            } else if self.b[self.pos..].starts_with(b"/*") {
                let mut depth = 0usize;
                while self.pos < self.b.len() {
                    if self.b[self.pos..].starts_with(b"/*") {
                        depth += 1;
                        self.pos += 2;
                    } else if self.b[self.pos..].starts_with(b"*/") {
                        depth -= 1;
                        self.pos += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        self.pos += 1;
                    }
                }
            } else {
                return;
            }
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn found(&self) -> String {
        match self.text[self.pos.min(self.text.len())..].chars().next() {
            None => "the end of the file (is it truncated?)".to_string(),
            Some(ch) => format!("'{ch}'"),
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<(), TextError> {
        self.ws();
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// "expected `what` but found …" at the current position.
    fn expected(&self, what: &str) -> TextError {
        TextError::at(
            self.pos,
            format!("expected {what} but found {}", self.found()),
        )
    }

    fn colon(&mut self) -> Result<(), TextError> {
        self.expect(b':', "':'")?;
        self.ws();
        Ok(())
    }

    /// After a field's value: a comma, or the closing bracket (left unread).
    fn after_field(&mut self) -> Result<(), TextError> {
        self.ws();
        if self.eat(b',') || self.peek() == Some(b')') {
            Ok(())
        } else {
            Err(TextError::at(
                self.pos,
                format!("expected ',' or ')' but found {}", self.found()),
            ))
        }
    }

    fn ident(&mut self) -> Result<&'a str, TextError> {
        let start = self.pos;
        while let Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_') = self.peek() {
            self.pos += 1;
        }
        if start == self.pos || self.b[start].is_ascii_digit() {
            self.pos = start;
            return Err(TextError::at(
                start,
                format!("expected a name but found {}", self.found()),
            ));
        }
        Ok(&self.text[start..self.pos])
    }

    fn uint(&mut self) -> Result<u64, TextError> {
        let start = self.pos;
        let mut v: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add((d - b'0') as u64))
                .ok_or_else(|| TextError::at(start, "a number is too large"))?;
            self.pos += 1;
        }
        if start == self.pos {
            return Err(TextError::at(
                start,
                format!("expected a whole number but found {}", self.found()),
            ));
        }
        Ok(v)
    }

    fn int(&mut self) -> Result<i64, TextError> {
        let start = self.pos;
        let neg = self.eat(b'-');
        if !neg {
            self.eat(b'+');
        }
        let v = self.uint()?;
        let v = i64::try_from(v).map_err(|_| TextError::at(start, "a number is too large"))?;
        Ok(if neg { -v } else { v })
    }

    fn float(&mut self) -> Result<f64, TextError> {
        let start = self.pos;
        while let Some(b'0'..=b'9' | b'.' | b'-' | b'+' | b'e' | b'E') = self.peek() {
            self.pos += 1;
        }
        let s = &self.text[start..self.pos];
        // Fast path: a whole number (most coordinates of grid boards), exact
        // as f64 below 10^15.
        let (neg, digits) = match s.as_bytes() {
            [b'-', rest @ ..] => (true, rest),
            all => (false, all),
        };
        if (1..=15).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) {
            let v = digits
                .iter()
                .fold(0i64, |v, d| v * 10 + i64::from(d - b'0')) as f64;
            return Ok(if neg { -v } else { v });
        }
        match s.parse::<f64>() {
            Ok(v) if v.is_finite() && !s.is_empty() => Ok(v),
            _ => {
                self.pos = start;
                Err(TextError::at(
                    start,
                    format!(
                        "expected a number but found {}",
                        if s.is_empty() {
                            self.found()
                        } else {
                            format!("'{}'", super::excerpt::excerpt(s))
                        }
                    ),
                ))
            }
        }
    }

    /// A RON string: `"…"` with escapes, or a raw string `r#"…"#`.
    fn string(&mut self) -> Result<String, TextError> {
        let start = self.pos;
        if self.peek() == Some(b'r') {
            self.pos += 1;
            let hashes = self.b[self.pos..]
                .iter()
                .take_while(|&&b| b == b'#')
                .count();
            self.pos += hashes;
            if !self.eat(b'"') {
                self.pos = start;
                return Err(TextError::at(start, "expected a string in quotes"));
            }
            let body = self.pos;
            let mut close = String::from("\"");
            close.push_str(&"#".repeat(hashes));
            return match self.text[body..].find(&close) {
                Some(i) => {
                    self.pos = body + i + close.len();
                    Ok(self.text[body..body + i].to_string())
                }
                None => Err(TextError::at(start, "a string is not closed")),
            };
        }
        if !self.eat(b'"') {
            return Err(TextError::at(
                start,
                format!("expected a string in quotes but found {}", self.found()),
            ));
        }
        let body = self.pos;
        // Fast path: no escapes.
        match memchr::memchr2(b'"', b'\\', &self.b[body..]) {
            None => return Err(TextError::at(start, "a string is not closed")),
            Some(i) if self.b[body + i] == b'"' => {
                self.pos = body + i + 1;
                return Ok(self.text[body..body + i].to_string());
            }
            Some(_) => {}
        }
        let mut out = String::new();
        let mut chars = self.text[body..].char_indices();
        while let Some((i, ch)) = chars.next() {
            match ch {
                '"' => {
                    self.pos = body + i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let Some((j, e)) = chars.next() else { break };
                    let bad = || TextError::at(body + j, "an unknown escape in a string");
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        '\\' => '\\',
                        '"' => '"',
                        '\'' => '\'',
                        'x' => {
                            let h: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                            u8::from_str_radix(&h, 16)
                                .ok()
                                .filter(|b| b.is_ascii())
                                .map(char::from)
                                .ok_or_else(bad)?
                        }
                        'u' => {
                            if chars.next().map(|(_, c)| c) != Some('{') {
                                return Err(bad());
                            }
                            let mut h = String::new();
                            loop {
                                match chars.next() {
                                    Some((_, '}')) => break,
                                    Some((_, c)) if h.len() < 6 => h.push(c),
                                    _ => return Err(bad()),
                                }
                            }
                            u32::from_str_radix(&h, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or_else(bad)?
                        }
                        _ => return Err(bad()),
                    });
                }
                c => out.push(c),
            }
        }
        Err(TextError::at(start, "a string is not closed"))
    }

    /// `None` or a value.
    fn option<T>(
        &mut self,
        mut value: impl FnMut(&mut Self) -> Result<T, TextError>,
    ) -> Result<Option<T>, TextError> {
        if self.b[self.pos..].starts_with(b"None") {
            self.pos += 4;
            Ok(None)
        } else if self.b[self.pos..].starts_with(b"Some(") {
            self.pos += 5;
            self.ws();
            let v = value(self)?;
            self.expect(b')', "')'")?;
            Ok(Some(v))
        } else {
            value(self).map(Some)
        }
    }

    fn coord(&mut self) -> Result<Option<GridCoord>, TextError> {
        self.option(|c| {
            c.expect(b'(', "'(' of a grid coordinate (col, row)")?;
            c.ws();
            let col = c.i32()?;
            c.expect(b',', "','")?;
            c.ws();
            let row = c.i32()?;
            c.ws();
            c.eat(b',');
            c.expect(b')', "')'")?;
            Ok(GridCoord::new(col, row))
        })
    }

    fn i32(&mut self) -> Result<i32, TextError> {
        let at = self.pos;
        i32::try_from(self.int()?).map_err(|_| TextError::at(at, "a grid coordinate is too large"))
    }

    fn colour(&mut self) -> Result<Option<Rgba>, TextError> {
        self.option(|c| {
            let at = c.pos;
            let s = c.string()?;
            parse_colour(&s).ok_or_else(|| {
                TextError::at(
                    at,
                    format!(
                        "invalid colour \"{}\" (expected \"#rrggbb\" or \"#rrggbbaa\")",
                        super::excerpt::excerpt(&s)
                    ),
                )
            })
        })
    }

    fn kind(&mut self) -> Result<FaceKind, TextError> {
        let at = self.pos;
        Ok(match self.ident()? {
            "cell" => FaceKind::Cell,
            "blocked" => FaceKind::Blocked,
            "fixed_region" => FaceKind::FixedRegion,
            "garden" => FaceKind::Garden,
            "other" => {
                self.expect(b'(', "'('")?;
                self.ws();
                let s = self.string()?;
                self.expect(b')', "')'")?;
                FaceKind::Other(s)
            }
            other => {
                return Err(TextError::at(
                    at,
                    format!(
                        "unknown face kind '{}' (expected one of: cell, blocked, fixed_region, garden, other(\"…\"))",
                        super::excerpt::excerpt(other)
                    ),
                ));
            }
        })
    }

    /// A list `[a, b, …]` (trailing comma allowed) of at most `limit` items.
    fn list(
        &mut self,
        what: &str,
        limit: usize,
        mut item: impl FnMut(&mut Self) -> Result<(), TextError>,
    ) -> Result<(), TextError> {
        self.ws();
        if !self.eat(b'[') {
            // (The message is made only here: a board has a list per face.)
            return Err(self.expected(&format!("'[' (the list of {what})")));
        }
        let mut n = 0usize;
        loop {
            self.ws();
            if self.eat(b']') {
                return Ok(());
            }
            if n >= limit {
                return Err(TextError::at(
                    self.pos,
                    format!("more than {limit} {what}, more than boardwright accepts"),
                ));
            }
            item(self)?;
            n += 1;
            self.ws();
            if !self.eat(b',') {
                self.ws();
                if self.eat(b']') {
                    return Ok(());
                }
                return Err(TextError::at(
                    self.pos,
                    format!(
                        "expected ',' or ']' in the list of {what} but found {}",
                        self.found()
                    ),
                ));
            }
        }
    }

    /// Whether a run of format 3 comes next (`name(`), read up to and with
    /// its bracket; an error if the file says it is format 2.
    fn run_ahead(&mut self, name: &[u8], version: u32) -> Result<bool, TextError> {
        let rest = &self.b[self.pos..];
        if !(rest.starts_with(name) && rest.get(name.len()) == Some(&b'(')) {
            return Ok(false);
        }
        if version < 3 {
            return Err(TextError::at(
                self.pos,
                format!(
                    "'{}(…)' is format 3, but the file says format_version {version}",
                    String::from_utf8_lossy(name)
                ),
            ));
        }
        self.pos += name.len() + 1;
        self.ws();
        Ok(true)
    }

    /// The face count of a run, when `before` faces of the column are read:
    /// the column may not grow past the face limit.
    fn run_count(
        &mut self,
        before: usize,
        what: &str,
        limits: &Limits,
    ) -> Result<usize, TextError> {
        let at = self.pos;
        let count = self.uint()?;
        match usize::try_from(count) {
            Ok(k) if before.saturating_add(k) <= limits.max_faces => Ok(k),
            _ => Err(TextError::at(
                at,
                format!(
                    "more than {} {what}, more than boardwright accepts",
                    limits.max_faces
                ),
            )),
        }
    }

    fn column<T>(
        &mut self,
        what: &str,
        limits: &Limits,
        mut item: impl FnMut(&mut Self) -> Result<T, TextError>,
    ) -> Result<Vec<T>, TextError> {
        let mut v = Vec::new();
        self.list(what, limits.max_faces, |c| {
            v.push(item(c)?);
            Ok(())
        })?;
        Ok(v)
    }

    fn vertices(&mut self, limits: &Limits) -> Result<Vec<Point>, TextError> {
        let mut xs = Vec::new();
        let limit = limits.max_vertices.saturating_mul(2);
        self.list("vertex coordinates", limit, |c| {
            xs.push(c.float()?);
            Ok(())
        })?;
        if xs.len() % 2 != 0 {
            return Err(TextError::at(
                self.pos,
                format!(
                    "the vertices hold {} numbers; they must come in x, y pairs",
                    xs.len()
                ),
            ));
        }
        Ok(xs.chunks_exact(2).map(|p| Point::new(p[0], p[1])).collect())
    }

    fn faces(&mut self, limits: &Limits) -> Result<(Vec<u32>, Vec<u32>), TextError> {
        let mut indices = Vec::new();
        let mut sizes = Vec::new();
        self.list("faces", limits.max_faces, |c| {
            let before = indices.len();
            c.list("vertices in one face", limits.max_face_sides, |c| {
                let at = c.pos;
                let v = c.uint()?;
                let v = u32::try_from(v)
                    .map_err(|_| TextError::at(at, "a vertex index is too large"))?;
                indices.push(v);
                Ok(())
            })?;
            if indices.len() > limits.max_corners {
                return Err(TextError::at(
                    c.pos,
                    format!(
                        "more than {} face corners in all, more than boardwright accepts",
                        limits.max_corners
                    ),
                ));
            }
            sizes.push((indices.len() - before) as u32);
            Ok(())
        })?;
        Ok((indices, sizes))
    }

    /// Skip one RON value of any shape (brackets matched, strings and
    /// comments respected), returning where it started.
    fn skip_value(&mut self) -> Result<usize, TextError> {
        self.ws();
        let start = self.pos;
        let mut depth = 0usize;
        while let Some(&b) = self.b.get(self.pos) {
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return Ok(start);
                    }
                    depth -= 1;
                }
                b',' if depth == 0 => return Ok(start),
                b'"' => {
                    self.string()?;
                    continue;
                }
                b'r' if matches!(self.b.get(self.pos + 1), Some(b'"' | b'#'))
                    && !self.b[..self.pos]
                        .last()
                        .is_some_and(|p| p.is_ascii_alphanumeric() || *p == b'_') =>
                {
                    self.string()?;
                    continue;
                }
                b'/' if matches!(self.b.get(self.pos + 1), Some(b'/' | b'*')) => {
                    self.ws();
                    continue;
                }
                b'\'' => {
                    // A char literal: 'x' or '\''.
                    self.pos += 1;
                    if self.eat(b'\\') {
                        self.pos += 1;
                    }
                    while let Some(b) = self.peek() {
                        self.pos += 1;
                        if b == b'\'' {
                            break;
                        }
                    }
                    continue;
                }
                _ => {}
            }
            self.pos += 1;
        }
        Err(TextError::at(
            self.pos,
            "the file ends too early (is it truncated?)",
        ))
    }

    /// A small part of the board read with serde from its own span of text.
    fn serde_part<T: serde::de::DeserializeOwned>(
        &mut self,
        limits: &Limits,
    ) -> Result<T, TextError> {
        let start = self.skip_value()?;
        let span = &self.text[start..self.pos];
        super::board_schema::set_budget(limits);
        ron::Options::default().from_str(span).map_err(|e| {
            // The span's line/column, made absolute.
            let (l, c) = (e.span.start.line, e.span.start.col);
            let rel = span
                .split('\n')
                .take(l.saturating_sub(1))
                .map(|s| s.len() + 1)
                .sum::<usize>();
            let col_bytes: usize = span[rel.min(span.len())..]
                .chars()
                .take(c.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            TextError::at(
                start + rel + col_bytes,
                super::board_schema::ron_message(&e.code),
            )
        })
    }
}

// ----- writing ----------------------------------------------------------------------

/// How many per-face column entries go on one line.
const PER_LINE: usize = 16;

/// The text being written: kept whole (for [`write`]), or handed on to a
/// writer in pieces of about [`SPILL`] bytes as it is made (for
/// [`write_to`]: a 1M-face board's 40 MB of text is never held at once).
struct Out<'a> {
    buf: String,
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first error of the writer (nothing more is written after it).
    err: Option<std::io::Error>,
}

/// Bytes of text [`Out`] gathers before handing them on.
const SPILL: usize = 1 << 18;

impl Out<'_> {
    /// Hand the text made so far on to the writer, if there is one and
    /// enough has gathered (every line or so).
    fn spill(&mut self) {
        if self.buf.len() >= SPILL {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if let Some(w) = &mut self.sink {
            if self.err.is_none()
                && let Err(e) = w.write_all(self.buf.as_bytes())
            {
                self.err = Some(e);
            }
            self.buf.clear();
        }
    }
}

impl std::ops::Deref for Out<'_> {
    type Target = String;
    fn deref(&self) -> &String {
        &self.buf
    }
}

impl std::ops::DerefMut for Out<'_> {
    fn deref_mut(&mut self) -> &mut String {
        &mut self.buf
    }
}

/// The board file as format-3 text, every line after the first indented by `indent`.
pub(crate) fn write(file: &BoardFile, indent: &str) -> String {
    let n = file.polygons.face_sizes.len();
    let mut out = Out {
        buf: String::with_capacity(64 * n + 32 * file.polygons.positions.len() + 1024),
        sink: None,
        err: None,
    };
    write_into(file, indent, &mut out);
    out.buf
}

/// The board file's text as a file holds it (format 3, ending in a newline),
/// written to `w` as it is made.
pub(crate) fn write_to(file: &BoardFile, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut out = Out {
        buf: String::with_capacity(2 * SPILL),
        sink: Some(w),
        err: None,
    };
    write_into(file, "", &mut out);
    out.push('\n');
    out.flush();
    out.err.map_or(Ok(()), Err)
}

fn write_into(file: &BoardFile, indent: &str, s: &mut Out) {
    let soup = &file.polygons;
    let t = &file.face_data;
    let n = soup.face_sizes.len();
    let i1 = format!("{indent}    ");
    let i2 = format!("{indent}        ");
    s.push_str("(\n");
    let _ = writeln!(s, "{i1}format_version: {VERSION},");
    let _ = writeln!(s, "{i1}meta: (");
    let _ = writeln!(s, "{i2}name: {},", quoted(&file.meta.name));
    let _ = writeln!(s, "{i2}description: {},", quoted(&file.meta.description));
    s.push_str(&i2);
    s.push_str("suggested_rules: [");
    for (k, r) in file.meta.suggested_rules.iter().enumerate() {
        if k > 0 {
            s.push_str(", ");
        }
        s.push_str(&quoted(r));
    }
    s.push_str("],\n");
    let _ = writeln!(s, "{i1}),");

    let mut fb = zmij::Buffer::new();
    let mut ib = itoa::Buffer::new();
    let _ = writeln!(s, "{i1}vertices: [");
    for p in &soup.positions {
        push_coordinate(s, &mut fb, &mut ib, p.x);
        s.push_str(", ");
        push_coordinate(s, &mut fb, &mut ib, p.y);
        s.push_str(",\n");
        s.spill();
    }
    let _ = writeln!(s, "{i1}],");

    let _ = writeln!(s, "{i1}faces: [");
    let mut at = 0usize;
    for &k in &soup.face_sizes {
        s.push('[');
        for (j, v) in soup.indices[at..at + k as usize].iter().enumerate() {
            if j > 0 {
                s.push(',');
            }
            s.push_str(ib.format(*v));
        }
        at += k as usize;
        s.push_str("],\n");
        s.spill();
    }
    let _ = writeln!(s, "{i1}],");

    // A column without runs (no face starts one, so `run` is never called).
    let col = |s: &mut Out, name: &str, present: bool, item: &mut dyn FnMut(&mut String, usize)| {
        let never = |_| false;
        runs(
            s,
            (&i1, &i2),
            name,
            present,
            n,
            never,
            never,
            item,
            &mut |_, _, _| {},
        );
    };
    let labels = t.labels();
    let coords = t.coords();
    // A label its face's grid coordinates give (`a1` at (0, 0); none for a
    // face without them) goes into a run `from_coords(n)`.
    let derived = |f: usize| match coords[f] {
        Some(g) if g.col >= 0 && g.row >= 0 => g.names(&labels[f]),
        _ => labels[f].is_empty(),
    };
    runs(
        s,
        (&i1, &i2),
        "labels",
        labels.iter().any(|l| !l.is_empty()),
        n,
        derived,
        derived,
        &mut |s, f| push_quoted(s, &labels[f]),
        &mut |s, _, k| {
            s.push_str("from_coords(");
            s.push_str(ib.format(k));
            s.push(')');
        },
    );
    runs(
        s,
        (&i1, &i2),
        "coords",
        coords.iter().any(Option::is_some),
        n,
        |f| coords[f].is_some(),
        |f| match (coords[f - 1], coords[f]) {
            (Some(a), Some(b)) => a.row == b.row && a.col.checked_add(1) == Some(b.col),
            _ => false,
        },
        &mut |s, f| match coords[f] {
            Some(g) => {
                s.push('(');
                s.push_str(itoa::Buffer::new().format(g.col));
                s.push_str(", ");
                s.push_str(itoa::Buffer::new().format(g.row));
                s.push(')');
            }
            None => s.push_str("None"),
        },
        &mut |s, f, k| {
            let g = coords[f].expect("a run starts at a grid position");
            let _ = write!(s, "run({}, {}, {k})", g.col, g.row);
        },
    );
    let kinds = t.kinds();
    col(
        s,
        "kinds",
        kinds.iter().any(|k| *k != FaceKind::Cell),
        &mut |s, i| match &kinds[i] {
            FaceKind::Cell => s.push_str("cell"),
            FaceKind::Blocked => s.push_str("blocked"),
            FaceKind::FixedRegion => s.push_str("fixed_region"),
            FaceKind::Garden => s.push_str("garden"),
            FaceKind::Other(o) => {
                s.push_str("other(");
                s.push_str(&quoted(o));
                s.push(')');
            }
        },
    );
    let colours = t.colours();
    col(
        s,
        "colours",
        colours.iter().any(Option::is_some),
        &mut |s, i| match colours[i] {
            Some(Rgba([r, g, b, 255])) => {
                let _ = write!(s, "\"#{r:02x}{g:02x}{b:02x}\"");
            }
            Some(Rgba([r, g, b, a])) => {
                let _ = write!(s, "\"#{r:02x}{g:02x}{b:02x}{a:02x}\"");
            }
            None => s.push_str("None"),
        },
    );
    let regions = t.regions();
    col(
        s,
        "regions",
        regions.iter().any(Option::is_some),
        &mut |s, i| match regions[i] {
            Some(r) => s.push_str(itoa::Buffer::new().format(r)),
            None => s.push_str("None"),
        },
    );

    let _ = write!(s, "{i1}side_tags: [");
    for (a, b, tag) in &file.side_tags {
        let _ = write!(s, "\n{i2}({a}, {b}, {}),", tag_text(*tag));
    }
    if !file.side_tags.is_empty() {
        s.push('\n');
        s.push_str(&i1);
    }
    s.push_str("],\n");
    let _ = write!(s, "{i1}setup: [");
    for p in &file.setup {
        let _ = write!(s, "\n{i2}(face: {}, player: {}),", p.face, p.player);
    }
    if !file.setup.is_empty() {
        s.push('\n');
        s.push_str(&i1);
    }
    s.push_str("],\n");
    s.push_str(indent);
    s.push(')');
}

/// How many faces in a row a run needs to be written as one: shorter ones are
/// written face by face (`"a1", "b1"` reads better than `from_coords(2)`).
const MIN_RUN: usize = 3;

/// Write a per-face column of `n` faces (if `present`), each line after the
/// first indented by `indents`. Faces `f` for which `starts(f)` and then
/// `continues(f + 1)`, … hold, at least [`MIN_RUN`] of them, are written as one
/// entry by `run(s, first, count)`; every other face by `one(s, f)`.
#[allow(clippy::too_many_arguments)]
fn runs(
    s: &mut Out,
    (i1, i2): (&str, &str),
    name: &str,
    present: bool,
    n: usize,
    starts: impl Fn(usize) -> bool,
    continues: impl Fn(usize) -> bool,
    one: &mut dyn FnMut(&mut String, usize),
    run: &mut dyn FnMut(&mut String, usize, usize),
) {
    if !present {
        return;
    }
    let _ = write!(s, "{i1}{name}: [");
    let mut entries = 0usize;
    let mut f = 0usize;
    while f < n {
        if entries.is_multiple_of(PER_LINE) {
            s.spill();
            s.push('\n');
            s.push_str(i2);
        } else {
            s.push(' ');
        }
        entries += 1;
        let mut end = f + 1;
        if starts(f) {
            while end < n && continues(end) {
                end += 1;
            }
        }
        if end - f >= MIN_RUN {
            run(s, f, end - f);
            f = end;
        } else {
            one(s, f);
            f += 1;
        }
        s.push(',');
    }
    let _ = writeln!(s, "\n{i1}],");
}

/// Append a vertex coordinate: a whole number without a fraction (`3`, not
/// `3.0`: grid boards are mostly whole numbers, and the file gets smaller),
/// anything else in its shortest form that reads back to the same number.
/// `-0.0` keeps its sign.
fn push_coordinate(s: &mut String, fb: &mut zmij::Buffer, ib: &mut itoa::Buffer, x: f64) {
    if x.trunc() == x && x.abs() < 1e15 && !(x == 0.0 && x.is_sign_negative()) {
        s.push_str(ib.format(x as i64));
    } else {
        s.push_str(fb.format(x));
    }
}

/// A side tag as RON writes the enum: `top`, `side(3)`, `corner(1)`.
fn tag_text(t: SideTag) -> String {
    match t {
        SideTag::Side(k) => format!("side({})", k.get()),
        SideTag::Corner(k) => format!("corner({})", k.get()),
        named => named.name().to_string(),
    }
}

/// A string in RON quotes, escaped.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_quoted(&mut out, s);
    out
}

/// Append a string in RON quotes, escaped.
fn push_quoted(out: &mut String, s: &str) {
    if !s
        .bytes()
        .any(|b| b == b'"' || b == b'\\' || b < 0x20 || b == 0x7f)
        && s.is_ascii()
    {
        out.push('"');
        out.push_str(s);
        out.push('"');
        return;
    }
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The names of the fields of RON text's top-level structure, found by
/// skipping the values without parsing them; `None` for text that is not a
/// parenthesised list of fields.
pub(crate) fn top_level_fields(text: &str) -> Option<Vec<&str>> {
    let mut c = Cursor::new(text);
    c.ws();
    // An optional struct name before the bracket.
    let _ = c.ident();
    c.ws();
    if !c.eat(b'(') {
        return None;
    }
    let mut names = Vec::new();
    loop {
        c.ws();
        if c.eat(b')') {
            return Some(names);
        }
        names.push(c.ident().ok()?);
        c.colon().ok()?;
        c.skip_value().ok()?;
        c.ws();
        if !c.eat(b',') {
            c.ws();
            return c.eat(b')').then_some(names);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text handed to a file piece by piece is the whole text, byte for
    /// byte, also across the pieces' seams (in the vertices, the faces and a
    /// label column).
    #[test]
    fn text_written_in_pieces_is_the_whole_text() {
        let mut b = crate::presets::square_grid(150, 150);
        let mut rows: Vec<_> = b.faces().rows().collect();
        for (i, r) in rows.iter_mut().enumerate().filter(|(i, _)| i % 7 == 0) {
            r.label = compact_str::format_compact!("face {i}");
        }
        b = crate::board::BoardBuilder::from_mesh(b.mesh().clone())
            .faces(rows)
            .build()
            .unwrap();
        let file = BoardFile::from_board(&b);
        let mut bytes = Vec::new();
        write_to(&file, &mut bytes).unwrap();
        assert!(bytes.len() > 3 * SPILL, "{} bytes", bytes.len());
        assert_eq!(String::from_utf8(bytes).unwrap(), file.file_text());
    }

    /// A writer that fails part-way reports its error (and is not written to
    /// again).
    #[test]
    fn a_failing_writer_is_reported() {
        struct Full(usize);
        impl std::io::Write for Full {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                if self.0 == 0 {
                    return Err(std::io::Error::other("disk full"));
                }
                let n = buf.len().min(self.0);
                self.0 -= n;
                Ok(n)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let file = BoardFile::from_board(&crate::presets::square_grid(150, 150));
        let err = write_to(&file, &mut Full(SPILL)).unwrap_err();
        assert_eq!(err.to_string(), "disk full");
    }

    fn write_and_read(x: f64) -> (String, f64) {
        let mut s = String::new();
        push_coordinate(
            &mut s,
            &mut zmij::Buffer::new(),
            &mut itoa::Buffer::new(),
            x,
        );
        let mut c = Cursor::new(&s);
        let back = c.float().unwrap();
        assert_eq!(c.pos, s.len(), "{s}");
        (s, back)
    }

    /// Whole coordinates are written without a fraction, every coordinate
    /// reads back to the same bits (the sign of zero included).
    #[test]
    fn coordinates_read_back_bit_for_bit() {
        for (x, text) in [
            (0.0, "0"),
            (3.0, "3"),
            (-17.0, "-17"),
            (999_999_999_999_999.0, "999999999999999"),
            (-0.0, "-0.0"),
            (0.5, "0.5"),
            (0.8660254037844386, "0.8660254037844386"),
        ] {
            let (s, back) = write_and_read(x);
            assert_eq!(s, text);
            assert_eq!(back.to_bits(), x.to_bits(), "{s}");
        }
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f64::from_bits(state);
            for x in [x, x.trunc(), (state % 2_000_001) as f64 - 1e6, x * 1e-300] {
                if x.is_finite() {
                    let (s, back) = write_and_read(x);
                    assert_eq!(back.to_bits(), x.to_bits(), "{s}");
                }
            }
        }
    }

    /// The whole-number fast path accepts what the general reader accepts and
    /// nothing more: a lone sign or a 16-digit number go the general way.
    #[test]
    fn whole_number_edges_read_like_floats() {
        for s in [
            "-0",
            "0000",
            "1234567890123456",
            "12345678901234567890",
            "+5",
            "5.",
        ] {
            let mut c = Cursor::new(s);
            assert_eq!(c.float().unwrap(), s.parse::<f64>().unwrap(), "{s}");
        }
        for s in ["-", "--1", "1-2", ""] {
            assert!(Cursor::new(s).float().is_err(), "{s}");
        }
    }
}
