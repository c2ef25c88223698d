//! The SVG writer (every SVG boardwright writes comes from here: board export,
//! the generator's preview): faces filled by their own colour or by kind (see
//! [`ColourBy`]), edges, labels, side tags as coloured strokes along the
//! boundary (top/bottom red, left/right blue, as in Hex; numbered sides in a
//! cycle of six colours, corners black), and start pieces as discs (player 0
//! black, player 1 white). Sized in millimetres to fit an A4 page's printable
//! width.

use crate::board::{Board, FaceKind, SideTag};
use crate::mesh::Point;
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

/// Round to 0.01 mm, far below print resolution.
fn r(x: f64) -> f64 {
    let v = (x * 100.0).round() / 100.0;
    if v == 0.0 { 0.0 } else { v }
}

/// The board as a standalone SVG document, faces filled as `colour_by` says.
pub fn write_svg(board: &Board, colour_by: ColourBy) -> String {
    let mesh = board.mesh();
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
    let (vw, vh) = (w + 2.0 * margin, h + 2.0 * margin);
    // Drawing units are millimetres (renderers differ in how they scale text
    // in tiny user units), board y is up and SVG y is down.
    let scale = PRINT_MM / vw.max(vh);
    let p = |q: Point| (r((q.x - vx) * scale), r((-q.y - vy) * scale));
    let unit = unit * scale;
    let (vx, vy, vw, vh) = (0.0, 0.0, vw * scale, vh * scale);

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
    if !board.meta().description.is_empty() {
        let _ = writeln!(s, "<desc>{}</desc>", xml_escape(&board.meta().description));
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
        r##"<g id="faces" stroke="#3a3a3a" stroke-width="{}" stroke-linejoin="round">"##,
        r(unit * 0.03)
    );
    for f in mesh.face_ids() {
        let own = match colour_by {
            ColourBy::Face => board.colour(f),
            ColourBy::Kind => None,
        };
        let fill = match own {
            Some(c) => {
                let [cr, cg, cb, ca] = c.0;
                if ca == 255 {
                    format!("#{cr:02x}{cg:02x}{cb:02x}")
                } else {
                    format!(
                        "#{cr:02x}{cg:02x}{cb:02x}\" fill-opacity=\"{:.3}",
                        ca as f64 / 255.0
                    )
                }
            }
            None => kind_fill(board.kind(f)).to_string(),
        };
        let mut pts = String::new();
        for q in mesh.face_points(f) {
            let (x, y) = p(q);
            let _ = write!(pts, "{x},{y} ");
        }
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{fill}"><title>{}</title></polygon>"#,
            pts.trim_end(),
            xml_escape(&board.face_name(f))
        );
    }
    s.push_str("</g>\n");
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
                tag_colour(t),
                t.name()
            );
        }
        s.push_str("</g>\n");
    }
    // Start pieces.
    if !board.setup().pieces.is_empty() {
        let _ = writeln!(
            s,
            r##"<g id="pieces" stroke="#000000" stroke-width="{}">"##,
            r(unit * 0.03)
        );
        for &(f, player) in &board.setup().pieces {
            if f.index() >= mesh.face_count() {
                continue;
            }
            let (cx, cy) = p(mesh.face_interior_point(f));
            let fill = if player == 0 { "#111111" } else { "#ffffff" };
            let _ = writeln!(
                s,
                r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}"/>"#,
                r(unit * 0.3)
            );
        }
        s.push_str("</g>\n");
    }
    // Labels (drawn last, so they stay readable over pieces).
    if board.faces().labels().iter().any(|l| !l.is_empty()) {
        let font = r(unit * 0.28);
        let mut on_dark = vec![false; mesh.face_count()];
        for &(f, player) in &board.setup().pieces {
            if player == 0 && f.index() < on_dark.len() {
                on_dark[f.index()] = true;
            }
        }
        s.push_str("<g id=\"labels\">\n");
        for f in mesh.face_ids() {
            let l = board.label(f);
            if l.is_empty() {
                continue;
            }
            let (x, y) = p(mesh.face_interior_point(f));
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
    s.push_str("</svg>\n");
    s
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
