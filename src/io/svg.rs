//! The SVG writer (every SVG boardwright writes comes from here: board export,
//! the generator's preview): faces filled by their own colour or by kind (see
//! [`ColourBy`]), edges, labels, side tags as coloured strokes along the
//! boundary (top/bottom red, left/right blue, as in Hex; numbered sides in a
//! cycle of six colours, corners black), and start pieces as discs (player 0
//! black, player 1 white) — or, for a game's position ([`write_position_svg`]),
//! the pieces and links on the board at that point, and the sides as the game
//! reads them (a player's goal in his colour, others in the edges' colour).
//! Sized in millimetres to fit an A4 page's printable width.

use crate::board::{Board, FaceKind, SideTag};
use crate::mesh::{FaceId, Point};
use std::fmt::Write as _;

/// Printed width of the board's longer side, in millimetres.
const PRINT_MM: f64 = 180.0;

/// What a face's fill shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ColourBy {
    /// The face's own colour, or its kind's colour when it has none (a generated
    /// board's faces carry their section's colour: each player's regions in its
    /// own hue, fixed regions dark and gardens light).
    #[default]
    Face,
    /// The face's kind only (cells, blocked faces, fixed regions, gardens).
    Kind,
}

/// Text made safe for XML content and attribute values; control characters
/// become spaces.
pub fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c if c.is_control() => o.push(' '),
            c => o.push(c),
        }
    }
    o
}

fn kind_fill(k: &FaceKind) -> &'static str {
    match k {
        FaceKind::Cell => "#f3e7cf",
        FaceKind::Blocked => "#6b6b6b",
        FaceKind::FixedRegion => "#cfe0f3",
        FaceKind::Garden => "#d4ecc9",
        FaceKind::Other(_) => "#e6d6ef",
    }
}

fn tag_colour(t: SideTag) -> &'static str {
    /// Numbered sides cycle through these, so neighbouring sides differ.
    const SIDES: [&str; 6] = [
        "#d62828", "#1d4ed8", "#2a9d3f", "#e08a00", "#7b3fb5", "#0e9aa7",
    ];
    match t {
        SideTag::Top | SideTag::Bottom => "#d62828",
        SideTag::Left | SideTag::Right => "#1d4ed8",
        SideTag::Side(k) => SIDES[(k.get() as usize - 1) % SIDES.len()],
        SideTag::Corner(_) => "#222222",
    }
}

/// A side tag's stroke: the tag's own colour on a board; in a game's
/// picture, the colour of the player whose goal it is, or the edges' colour
/// when it is no player's ([`Position::goal_sides`]).
fn side_colour(t: SideTag, position: Option<&Position>) -> String {
    let Some(pos) = position else {
        return tag_colour(t).to_string();
    };
    let player = match t {
        SideTag::Top | SideTag::Bottom if pos.goal_sides => 0,
        SideTag::Left | SideTag::Right if pos.goal_sides => 1,
        _ => return EDGE.to_string(),
    };
    match pos.colours {
        Some(c) => hex_colour(c[player]),
        None => tag_colour(t).to_string(),
    }
}

/// The faces' edges.
const EDGE: &str = "#3a3a3a";

/// The font size for a label of `chars` characters centred on `centre`
/// inside the face `poly` (drawing units): `font`, or smaller in steps of
/// 0.8 until the label's box fits inside the face, as the window shrinks long
/// names — but not below a fifth of `font`, where it is drawn even if it
/// spills (a vector picture stays readable on zoom; a name is never left
/// out). The box is estimated: sans-serif letters average under 0.6 em wide.
fn label_font(font: f64, chars: usize, centre: Point, poly: &[Point]) -> f64 {
    let fits = |size: f64| {
        crate::mesh::geom::box_inside(centre, (0.3 * size * chars as f64, 0.5 * size), poly)
    };
    let mut size = font;
    while size > font * 0.2 {
        if fits(size) {
            return r(size);
        }
        size *= 0.8;
    }
    r(font * 0.2).max(0.01)
}

/// Round to 0.01 mm, far below print resolution.
fn r(x: f64) -> f64 {
    let v = (x * 100.0).round() / 100.0;
    if v == 0.0 { 0.0 } else { v }
}

/// The board as a standalone SVG document, faces filled as `colour_by` says.
pub fn write_svg(board: &Board, colour_by: ColourBy) -> String {
    write(board, colour_by, None, None)
}

/// A game's position to draw over its board instead of the board's start
/// pieces: the pieces on it (face, player 0 or 1) and the links between pegs
/// (TwixT), with a line saying what it is (the SVG's description); the last
/// move marked, and a finished game's winning chain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Position {
    pub pieces: Vec<(FaceId, u8)>,
    pub links: Vec<(FaceId, FaceId, u8)>,
    pub caption: String,
    /// The players' piece colours (sRGB); `None`: black and white.
    pub colours: Option<[[u8; 3]; 2]>,
    /// Where the last move put a piece: a dot on it.
    pub last_to: Vec<FaceId>,
    /// Where the last move took a piece from (movement games): a dashed ring.
    pub last_from: Vec<FaceId>,
    /// A won game's evidence: the winning chain's faces (tinted gold)…
    pub winning: Vec<FaceId>,
    /// …its links (TwixT), drawn gold…
    pub winning_links: Vec<(FaceId, FaceId)>,
    /// …and the faces of an encircling ring (BOCO), outlined gold.
    pub ring: Vec<FaceId>,
    /// The tagged sides are the players' goals (Hex, TwixT): the top and
    /// bottom drawn in the first player's colour, the left and right in the
    /// second's. Otherwise (a game that reads no side, or every side as
    /// everyone's) the tags are drawn in the edges' colour.
    pub goal_sides: bool,
}

/// The window's colours: a win's evidence (gold), the faces of a movement,
/// the ring around the last piece placed.
const EVIDENCE: &str = "#ffb300";
const LAST_MOVE: &str = "#cdd26a";
const LAST_RING: &str = "#f06a00";

/// `#rrggbb`.
fn hex_colour([cr, cg, cb]: [u8; 3]) -> String {
    format!("#{cr:02x}{cg:02x}{cb:02x}")
}

/// Whether text on `c` reads better in white.
fn is_dark([cr, cg, cb]: [u8; 3]) -> bool {
    0.299 * f64::from(cr) + 0.587 * f64::from(cg) + 0.114 * f64::from(cb) < 140.0
}

/// The board with a game's position on it, as a standalone SVG document.
pub fn write_position_svg(board: &Board, position: &Position) -> String {
    write(board, ColourBy::Face, None, Some(position))
}

/// A value per face shown as a heat map (the balance lab's opening map).
#[derive(Clone, Debug, PartialEq)]
pub struct HeatMap {
    /// The value of each face, 0..1, indexed by face (`None`: not measured,
    /// drawn in the face's own colour).
    pub values: Vec<Option<f64>>,
    /// What the values are, above the legend ("Red's win rate after the first move").
    pub title: String,
    /// The legend's words for 0 and for 1.
    pub low: String,
    pub high: String,
}

/// The colour of `v` (0..1) on the heat scale: blue at 0, white at ½, red at 1
/// (the first and second player's colours in Hex). Shared with the window.
pub fn heat_colour(v: f64) -> [u8; 3] {
    let v = if v.is_finite() {
        v.clamp(0.0, 1.0)
    } else {
        0.5
    };
    let (lo, mid, hi) = (
        [29.0, 78.0, 216.0],
        [247.0, 247.0, 247.0],
        [214.0, 40.0, 40.0],
    );
    let (a, b, t) = if v < 0.5 {
        (lo, mid, v * 2.0)
    } else {
        (mid, hi, (v - 0.5) * 2.0)
    };
    let c = |i: usize| (a[i] + (b[i] - a[i]) * t).round() as u8;
    [c(0), c(1), c(2)]
}

/// The board with its faces coloured by `heat`, each measured face labelled
/// with its value in per cent, and a legend below.
pub fn write_heat_map_svg(board: &Board, heat: &HeatMap) -> String {
    write(board, ColourBy::Face, Some(heat), None)
}

fn write(
    board: &Board,
    colour_by: ColourBy,
    heat: Option<&HeatMap>,
    position: Option<&Position>,
) -> String {
    let mesh = board.mesh();
    let pieces: &[(FaceId, u8)] = position.map_or(&board.setup().pieces, |p| &p.pieces);
    // Start pieces are black and white; a game's are its players' colours.
    let colours = position
        .and_then(|p| p.colours)
        .unwrap_or([[0x11, 0x11, 0x11], [0xff, 0xff, 0xff]]);
    let piece_rgb = |player: u8| colours[player as usize & 1];
    let piece_fill = |player: u8| hex_colour(piece_rgb(player));
    let bb = mesh.bbox();
    let (w, h) = (bb.width().max(1e-9), bb.height().max(1e-9));
    // Typical edge length sets stroke widths and text size.
    let mut lens: Vec<f64> = mesh
        .edge_ids()
        .map(|e| {
            let (a, b) = mesh.edge_segment(e);
            a.distance(b)
        })
        .collect();
    lens.sort_unstable_by(|a, b| a.total_cmp(b));
    let unit = lens.get(lens.len() / 2).copied().unwrap_or(1.0).max(1e-9);
    let margin = unit * 0.6;
    let (vx, vy) = (bb.min.x - margin, -bb.max.y - margin);
    let legend_h = if heat.is_some() { unit * 1.8 } else { 0.0 };
    let (vw, vh) = (w + 2.0 * margin, h + 2.0 * margin + legend_h);
    // Drawing units are millimetres (renderers differ in how they scale text
    // in tiny user units), board y is up and SVG y is down.
    let scale = PRINT_MM / vw.max(vh);
    let p = |q: Point| (r((q.x - vx) * scale), r((-q.y - vy) * scale));
    let unit = unit * scale;
    let (vx, vy, vw, vh) = (0.0, 0.0, vw * scale, vh * scale);
    // A piece's radius on face `f`: a third of the face's typical size
    // (√area), as the window draws them.
    let piece_r = |f: FaceId| {
        crate::mesh::geom::signed_area(mesh.face_points(f))
            .abs()
            .sqrt()
            * 0.33
            * scale
    };
    // A face's corners as a polygon's points.
    let face_points = |f: FaceId| {
        let mut pts = String::new();
        for q in mesh.face_points(f) {
            let (x, y) = p(q);
            let _ = write!(pts, "{x},{y} ");
        }
        pts.truncate(pts.trim_end().len());
        pts
    };

    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.2}mm" height="{:.2}mm" viewBox="{} {} {} {}">"#,
        vw,
        vh,
        r(vx),
        r(vy),
        r(vw),
        r(vh)
    );
    let _ = writeln!(s, "<title>{}</title>", xml_escape(&board.meta().name));
    let desc = match position {
        Some(p) => p.caption.as_str(),
        None => board.meta().description.as_str(),
    };
    if !desc.is_empty() {
        let _ = writeln!(s, "<desc>{}</desc>", xml_escape(desc));
    }
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
        r(vx),
        r(vy),
        r(vw),
        r(vh)
    );
    // Faces.
    let _ = writeln!(
        s,
        r##"<g id="faces" stroke="{EDGE}" stroke-width="{}" stroke-linejoin="round">"##,
        r(unit * 0.03)
    );
    // Faces whose fill is dark get light labels, as in the window.
    let mut dark_face = vec![false; mesh.face_count()];
    for f in mesh.face_ids() {
        let own = match colour_by {
            ColourBy::Face => board.colour(f),
            ColourBy::Kind => None,
        };
        let heat_fill = heat
            .and_then(|h| h.values.get(f.index()).copied().flatten())
            .map(|v| hex_colour(heat_colour(v)));
        let fill = match heat_fill {
            Some(c) => c,
            None => match own {
                Some(c) => {
                    let [cr, cg, cb, ca] = c.0;
                    // Seen over the white page.
                    let a = f64::from(ca) / 255.0;
                    let seen = |v: u8| (f64::from(v) * a + 255.0 * (1.0 - a)).round() as u8;
                    dark_face[f.index()] = is_dark([seen(cr), seen(cg), seen(cb)]);
                    let rgb = hex_colour([cr, cg, cb]);
                    if ca == 255 {
                        rgb
                    } else {
                        format!("{rgb}\" fill-opacity=\"{:.3}", ca as f64 / 255.0)
                    }
                }
                None => {
                    dark_face[f.index()] = matches!(board.kind(f), FaceKind::Blocked);
                    kind_fill(board.kind(f)).to_string()
                }
            },
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{fill}"><title>{}</title></polygon>"#,
            face_points(f),
            xml_escape(&board.face_name(f))
        );
    }
    s.push_str("</g>\n");
    // A win's evidence, over the faces and under the pieces.
    if let Some(pos) = position
        && !(pos.winning.is_empty() && pos.ring.is_empty())
    {
        let _ = writeln!(
            s,
            r#"<g id="evidence" stroke="{EVIDENCE}" stroke-linejoin="round">"#
        );
        let outline = |s: &mut String, f: FaceId, fill: &str, width: f64| {
            let _ = writeln!(
                s,
                r#"<polygon points="{}" {fill} stroke-width="{}"/>"#,
                face_points(f),
                r(width)
            );
        };
        for &f in pos.winning.iter().filter(|f| f.index() < mesh.face_count()) {
            outline(
                &mut s,
                f,
                &format!(r#"fill="{EVIDENCE}" fill-opacity="0.45""#),
                unit * 0.08,
            );
        }
        for &f in pos.ring.iter().filter(|f| f.index() < mesh.face_count()) {
            outline(&mut s, f, r#"fill="none""#, unit * 0.1);
        }
        s.push_str("</g>\n");
    }
    // A movement's faces (from and to), tinted under the pieces as in the window.
    if let Some(pos) = position
        && !pos.last_from.is_empty()
    {
        let _ = writeln!(
            s,
            r#"<g id="movement" fill="{LAST_MOVE}" fill-opacity="0.75">"#
        );
        for &f in pos
            .last_from
            .iter()
            .chain(&pos.last_to)
            .filter(|f| f.index() < mesh.face_count())
        {
            let _ = writeln!(s, r#"<polygon points="{}"/>"#, face_points(f));
        }
        s.push_str("</g>\n");
    }
    // Side tags.
    if board.tagged_edges().next().is_some() {
        let _ = writeln!(
            s,
            r#"<g id="sides" stroke-width="{}" stroke-linecap="round">"#,
            r(unit * 0.14)
        );
        for (e, t) in board.tagged_edges() {
            let (a, b) = mesh.edge_segment(e);
            let ((x1, y1), (x2, y2)) = (p(a), p(b));
            let _ = writeln!(
                s,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" class="{}"/>"#,
                side_colour(t, position),
                t.name()
            );
        }
        s.push_str("</g>\n");
    }
    // Links (under the pegs they join): the player's colour with a dark rim.
    let links = position.map_or(&[][..], |p| &p.links[..]);
    if !links.is_empty() {
        s.push_str("<g id=\"links\" stroke-linecap=\"round\">\n");
        for &(a, b, player) in links {
            if a.index() >= mesh.face_count() || b.index() >= mesh.face_count() {
                continue;
            }
            let (x1, y1) = p(mesh.face_interior_point(a));
            let (x2, y2) = p(mesh.face_interior_point(b));
            let fill = piece_fill(player);
            let winning = position.is_some_and(|pos| {
                pos.winning_links
                    .iter()
                    .any(|&(c, d)| (c, d) == (a, b) || (d, c) == (a, b))
            });
            let rim = if winning { EVIDENCE } else { "#000000" };
            let _ = writeln!(
                s,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{rim}" stroke-width="{}"/><line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{fill}" stroke-width="{}"/>"#,
                r(unit * if winning { 0.22 } else { 0.16 }),
                r(unit * 0.1)
            );
        }
        s.push_str("</g>\n");
    }
    // Pieces: the board's start pieces, or the position's.
    if !pieces.is_empty() {
        let _ = writeln!(
            s,
            r##"<g id="pieces" stroke="#000000" stroke-width="{}">"##,
            r(unit * 0.03)
        );
        for &(f, player) in pieces {
            if f.index() >= mesh.face_count() {
                continue;
            }
            let (cx, cy) = p(mesh.face_interior_point(f));
            let _ = writeln!(
                s,
                r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}"/>"#,
                r(piece_r(f)),
                piece_fill(player)
            );
        }
        s.push_str("</g>\n");
    }
    // The last move: a ring around the piece it placed (labels stay
    // readable inside).
    if let Some(pos) = position {
        let placed: Vec<FaceId> = pos
            .last_to
            .iter()
            .copied()
            .filter(|f| f.index() < mesh.face_count())
            .collect();
        if !placed.is_empty() {
            let _ = writeln!(
                s,
                r#"<g id="last-move" fill="none" stroke="{LAST_RING}" stroke-width="{}">"#,
                r(unit * 0.07)
            );
            for f in placed {
                let (cx, cy) = p(mesh.face_interior_point(f));
                let _ = writeln!(
                    s,
                    r#"<circle cx="{cx}" cy="{cy}" r="{}"/>"#,
                    r(piece_r(f) + unit * 0.06)
                );
            }
            s.push_str("</g>\n");
        }
    }
    // Labels (drawn last, so they stay readable over pieces).
    let heat_value =
        |f: crate::mesh::FaceId| heat.and_then(|h| h.values.get(f.index()).copied().flatten());
    if board.faces().labels().iter().any(|l| !l.is_empty()) || heat.is_some() {
        let font = r(unit * 0.28);
        // A piece covers its face's label: the piece's colour decides.
        let mut on_dark = dark_face;
        for &(f, player) in pieces {
            if f.index() < on_dark.len() {
                on_dark[f.index()] = is_dark(piece_rgb(player));
            }
        }
        s.push_str("<g id=\"labels\">\n");
        for f in mesh.face_ids() {
            let l = board.label(f);
            let (x, y) = p(mesh.face_interior_point(f));
            if let Some(v) = heat_value(f) {
                // The name above, the value in per cent below.
                let small = r(font * 0.8);
                let _ = writeln!(
                    s,
                    r##"<text x="{x}" y="{}" font-family="sans-serif" font-size="{small}" text-anchor="middle" dominant-baseline="central" fill="#222222">{}</text>"##,
                    r(y - font * 0.5),
                    xml_escape(l)
                );
                let _ = writeln!(
                    s,
                    r##"<text x="{x}" y="{}" font-family="sans-serif" font-size="{font}" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#222222">{:.0}</text>"##,
                    r(y + font * 0.55),
                    v * 100.0
                );
                continue;
            }
            if l.is_empty() {
                continue;
            }
            // Long names (a generated board's regions) shrink to fit their face.
            let poly: Vec<Point> = mesh
                .face_points(f)
                .map(|q| {
                    let (x, y) = p(q);
                    Point::new(x, y)
                })
                .collect();
            let font = label_font(font, l.chars().count(), Point::new(x, y), &poly);
            // Attributes on every element: some print tools ignore inherited text styles.
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{y}" font-family="sans-serif" font-size="{font}" text-anchor="middle" dominant-baseline="central" fill="{}">{}</text>"##,
                if on_dark[f.index()] {
                    "#ffffff"
                } else {
                    "#222222"
                },
                xml_escape(l)
            );
        }
        s.push_str("</g>\n");
    }
    if let Some(h) = heat {
        legend(&mut s, h, vw, vh - legend_h * scale, unit);
    }
    s.push_str("</svg>\n");
    s
}

/// The heat map's legend: its title, a bar of the scale from 0 to 100 % with
/// ticks, and the words for the ends, in the band of height `1.8 unit` at `top`.
fn legend(s: &mut String, h: &HeatMap, width: f64, top: f64, unit: f64) {
    let font = r(unit * 0.28);
    let (x0, bar_w, bar_h) = (width * 0.15, width * 0.7, unit * 0.35);
    let y_bar = top + unit * 0.5;
    let _ = writeln!(s, "<g id=\"legend\">");
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-family="sans-serif" font-size="{font}" text-anchor="middle" fill="#222222">{}</text>"##,
        r(width / 2.0),
        r(top + unit * 0.3),
        xml_escape(&h.title)
    );
    const STEPS: usize = 20;
    for i in 0..STEPS {
        let fill = hex_colour(heat_colour((i as f64 + 0.5) / STEPS as f64));
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
            r(x0 + bar_w * i as f64 / STEPS as f64),
            r(y_bar),
            r(bar_w / STEPS as f64 + 0.01),
            r(bar_h)
        );
    }
    for (v, anchor, words) in [
        (0.0, "start", &h.low),
        (0.5, "middle", &String::new()),
        (1.0, "end", &h.high),
    ] {
        let x = x0 + bar_w * v;
        let text = if words.is_empty() {
            format!("{:.0} %", v * 100.0)
        } else {
            format!("{:.0} % {words}", v * 100.0)
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="{font}" text-anchor="{anchor}" fill="#222222">{}</text>"##,
            r(x),
            r(y_bar + bar_h + unit * 0.35),
            xml_escape(&text)
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_once_for_content_and_attributes() {
        assert_eq!(
            xml_escape("a<b & \"c\" 'd'>\n"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt; "
        );
    }

    #[test]
    fn a_position_marks_its_last_move_and_its_evidence() {
        let b = crate::presets::lines_of_action();
        let f = |l: &str| b.face_by_label(l).unwrap();
        let group = |svg: &str, id: &str| -> Option<String> {
            svg.split(&format!("<g id=\"{id}\""))
                .nth(1)
                .and_then(|rest| rest.split("</g>").next())
                .map(str::to_string)
        };
        // A movement, pieces in black and white (no colours given).
        let moved = Position {
            pieces: vec![(f("b3"), 0), (f("a2"), 1)],
            last_from: vec![f("b1")],
            last_to: vec![f("b3")],
            ..Position::default()
        };
        let svg = write_position_svg(&b, &moved);
        assert_eq!(
            group(&svg, "movement").unwrap().matches("<polygon").count(),
            2
        );
        assert_eq!(
            group(&svg, "last-move").unwrap().matches("<circle").count(),
            1
        );
        let pieces = group(&svg, "pieces").unwrap();
        assert!(
            pieces.contains("#111111") && pieces.contains("#ffffff"),
            "{pieces}"
        );
        assert!(group(&svg, "evidence").is_none());
        // A won position in the players' colours, its ring outlined: the
        // label on a dark piece is white.
        let won = Position {
            pieces: vec![(f("c3"), 0), (f("d4"), 1)],
            colours: Some([[0x20, 0x20, 0x80], [0xf0, 0xf0, 0x20]]),
            winning: vec![f("c3")],
            ring: vec![f("d4"), f("e4")],
            ..Position::default()
        };
        let svg = write_position_svg(&b, &won);
        let evidence = group(&svg, "evidence").unwrap();
        assert_eq!(
            evidence.matches("fill-opacity").count(),
            1,
            "the chain tinted"
        );
        assert_eq!(
            evidence.matches("fill=\"none\"").count(),
            2,
            "the ring outlined"
        );
        assert!(group(&svg, "movement").is_none() && group(&svg, "last-move").is_none());
        let pieces = group(&svg, "pieces").unwrap();
        assert!(
            pieces.contains("#202080") && pieces.contains("#f0f020"),
            "{pieces}"
        );
        assert!(
            svg.contains(r##"fill="#ffffff">c3</text>"##),
            "white on the dark piece"
        );
        assert!(
            svg.contains(r##"fill="#222222">d4</text>"##),
            "dark on the light piece"
        );
    }

    #[test]
    fn colour_by_kind_ignores_the_faces_own_colours() {
        let b = crate::presets::boco();
        let own = write_svg(&b, ColourBy::Face);
        let kind = write_svg(&b, ColourBy::Kind);
        assert!(own.contains("fill=\"#c9a96e\""), "a corner square's colour");
        assert!(!kind.contains("#c9a96e"));
        assert_eq!(
            kind.matches("fill=\"#f3e7cf\"").count(),
            72,
            "every face a cell"
        );
    }

    #[test]
    fn heat_map_colours_measured_faces_and_has_a_legend() {
        let b = crate::presets::by_name("hex", Some(3)).unwrap();
        let mut values = vec![None; b.mesh().face_count()];
        values[0] = Some(1.0);
        values[4] = Some(0.25);
        let s = write_heat_map_svg(
            &b,
            &HeatMap {
                values,
                title: "Red's win rate".into(),
                low: "Blue wins".into(),
                high: "Red wins".into(),
            },
        );
        assert!(s.contains(r##"fill="#d62828"><title>"##), "100 % is red");
        assert!(s.contains(">100</text>") && s.contains(">25</text>"));
        assert!(s.contains("<g id=\"legend\">") && s.contains(">Red&#39;s win rate</text>"));
        assert!(s.contains(">100 % Red wins</text>") && s.contains(">0 % Blue wins</text>"));
        assert_eq!(heat_colour(0.5), [247, 247, 247]);
        assert_eq!(heat_colour(0.0), [29, 78, 216]);
    }

    #[test]
    fn svg_has_faces_labels_tags_and_pieces() {
        let b = crate::presets::lines_of_action();
        let s = write_svg(&b, ColourBy::Face);
        assert_eq!(s.matches("<polygon").count(), 64);
        assert!(s.contains(">a1</text>"));
        assert_eq!(s.matches("<circle").count(), 24);
        assert_eq!(s.matches("class=\"top\"").count(), 8);
        assert!(s.trim_end().ends_with("</svg>"));
    }
}
