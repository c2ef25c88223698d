//! SVG preview of a generated board, coloured by region kind or by section.

use super::{Generated, RegionKind};
use std::fmt::Write as _;

/// What the fill colour shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum ColourBy {
    /// Fixed regions dark, gardens light, in each player's hue.
    #[default]
    KindAndPlayer,
    /// Fixed regions grey-blue, gardens green (player shown by label only).
    Kind,
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Render `g` as a standalone SVG document (y axis pointing up, like the board).
pub fn render(g: &Generated, colour: ColourBy) -> String {
    let mesh = g.board.mesh();
    let bb = mesh.bbox();
    let scale = 48.0 / {
        // Typical cell size: mean base area per face, square-rooted.
        let n: usize = g.regions.iter().map(|r| r.base_faces.len()).sum();
        let a: f64 = g.regions.iter().map(|r| r.area).sum();
        (a / n.max(1) as f64).sqrt().max(1e-9)
    };
    let margin = 10.0;
    let w = bb.width() * scale + 2.0 * margin;
    let h = bb.height() * scale + 2.0 * margin;
    let tx = |x: f64| (x - bb.min.x) * scale + margin;
    let ty = |y: f64| (bb.max.y - y) * scale + margin;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.2} {h:.2}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&g.board.meta().name));
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#ffffff"/>"##);
    for f in mesh.face_ids() {
        let reg = &g.regions[f.index()];
        let fill = match colour {
            ColourBy::KindAndPlayer => {
                let c = super::output::region_colour(reg.player, reg.kind).0;
                format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
            }
            ColourBy::Kind => match reg.kind {
                RegionKind::Fixed => "#5d6d7e".into(),
                RegionKind::Garden => "#a9dfbf".into(),
            },
        };
        let pts: Vec<String> = mesh
            .face_points(f)
            .map(|p| format!("{:.2},{:.2}", tx(p.x), ty(p.y)))
            .collect();
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="{fill}" stroke="#222222" stroke-width="2" stroke-linejoin="round"><title>{}</title></polygon>"##,
            pts.join(" "),
            esc(g.board.label(f))
        );
        let c = mesh.face_interior_point(f);
        let text = match reg.kind {
            RegionKind::Fixed => format!("{}", reg.size()),
            RegionKind::Garden => String::new(),
        };
        if !text.is_empty() {
            let _ = writeln!(
                s,
                r##"<text x="{:.2}" y="{:.2}" font-family="sans-serif" font-size="14" text-anchor="middle" dominant-baseline="central" fill="#ffffff">P{}·{text}</text>"##,
                tx(c.x),
                ty(c.y),
                reg.player + 1
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
