//! Shared by the OBJ tests: comparing boards up to face order and rounding,
//! and what a trip through Blender does to an OBJ file.
#![allow(dead_code)]

use boardwright::board::{Board, SideTag};
use boardwright::mesh::{FaceId, Point};

pub fn close(a: Point, b: Point, eps: f64) -> bool {
    (a.x - b.x).abs() <= eps && (a.y - b.y).abs() <= eps
}

/// The same board up to the order of its faces and coordinates rounded to
/// `eps` (Blender stores single precision and writes 6 decimals): every face
/// with the same corners from the same first corner and the same data, the
/// same side tags on the same boundary segments, the same start pieces in the
/// same order (or both in face order), the same metadata.
pub fn same_board(want: &Board, got: &Board, eps: f64) -> Result<(), String> {
    let (mw, mg) = (want.mesh(), got.mesh());
    if mw.face_count() != mg.face_count() {
        return Err(format!("{} faces vs {}", mw.face_count(), mg.face_count()));
    }
    // Match faces by centroid.
    let mut of_want = vec![FaceId(u32::MAX); mw.face_count()];
    for f in mw.face_ids() {
        let c = mw.face_centroid(f);
        let g = mg
            .face_ids()
            .find(|&g| close(mg.face_centroid(g), c, eps))
            .ok_or_else(|| format!("face {} ({}) is missing", f.0, want.face_name(f)))?;
        of_want[f.index()] = g;
        let (pw, pg): (Vec<Point>, Vec<Point>) =
            (mw.face_points(f).collect(), mg.face_points(g).collect());
        if pw.len() != pg.len() || pw.iter().zip(&pg).any(|(a, b)| !close(*a, *b, eps)) {
            return Err(format!(
                "face {} has other corners: {pw:?} vs {pg:?}",
                want.face_name(f)
            ));
        }
        let (i, j) = (f.index(), g.index());
        if want.faces().row(i) != got.faces().row(j) {
            return Err(format!("face {} has other data", want.face_name(f)));
        }
    }
    let tags = |b: &Board| {
        let mut v: Vec<(SideTag, Point)> = b
            .tagged_edges()
            .map(|(e, t)| (t, b.mesh().edge_midpoint(e)))
            .collect();
        v.sort_by(|x, y| {
            (x.0, x.1.x, x.1.y)
                .partial_cmp(&(y.0, y.1.x, y.1.y))
                .unwrap()
        });
        v
    };
    let (tw, tg) = (tags(want), tags(got));
    if tw.len() != tg.len()
        || tw
            .iter()
            .zip(&tg)
            .any(|(a, b)| a.0 != b.0 || !close(a.1, b.1, eps))
    {
        return Err(format!("side tags differ: {} vs {}", tw.len(), tg.len()));
    }
    let mut pieces: Vec<(FaceId, u8)> = want
        .setup()
        .pieces
        .iter()
        .map(|&(f, p)| (of_want[f.index()], p))
        .collect();
    // A list in face order stays in face order, whatever order the faces come in.
    if want.setup().pieces.is_sorted() {
        pieces.sort_unstable();
    }
    if pieces != got.setup().pieces {
        return Err(format!(
            "start setup differs: {pieces:?} vs {:?}",
            got.setup().pieces
        ));
    }
    if want.meta() != got.meta() {
        return Err(format!(
            "metadata differs: {:?} vs {:?}",
            want.meta(),
            got.meta()
        ));
    }
    Ok(())
}

/// What importing an OBJ written by boardwright into Blender (3.x and later,
/// default settings) and exporting it again (defaults) does to the text, as
/// Blender's `io_wavefront_obj` importer and exporter do it: comments are
/// dropped; objects are written in name order, each with its own copies of
/// the vertices it uses, in single precision with six decimals and with a
/// normal per face (`f a//n`); `s 0` before the faces; the faces of an object
/// sorted by material, in the order the materials were first used; loose
/// edges (`l a b`) after the faces. `renamed` appends `.001` to every object
/// and material name, as Blender does when the scene already holds those names.
pub fn through_blender(obj: &str, renamed: bool) -> String {
    struct Object<'a> {
        name: &'a str,
        faces: Vec<(usize, Vec<usize>)>,
        lines: Vec<Vec<usize>>,
    }
    let mut positions: Vec<[f64; 3]> = Vec::new();
    let mut materials: Vec<&str> = Vec::new();
    let mut objects: Vec<Object> = Vec::new();
    let mut material = usize::MAX;
    let refs = |rest: &str| -> Vec<usize> {
        rest.split_whitespace()
            .map(|t| t.split('/').next().unwrap().parse::<usize>().unwrap() - 1)
            .collect()
    };
    for line in obj.lines() {
        let (kw, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kw {
            "o" => objects.push(Object {
                name: rest,
                faces: Vec::new(),
                lines: Vec::new(),
            }),
            "v" => {
                let c: Vec<f64> = rest
                    .split_whitespace()
                    .map(|t| t.parse().unwrap())
                    .collect();
                positions.push([c[0], c[1], c[2]]);
            }
            "usemtl" => {
                material = materials
                    .iter()
                    .position(|m| *m == rest)
                    .unwrap_or_else(|| {
                        materials.push(rest);
                        materials.len() - 1
                    })
            }
            "f" => objects
                .last_mut()
                .unwrap()
                .faces
                .push((material, refs(rest))),
            "l" => objects.last_mut().unwrap().lines.push(refs(rest)),
            _ => assert!(kw.is_empty() || kw.starts_with('#'), "unexpected {line:?}"),
        }
    }
    objects.sort_by(|a, b| a.name.cmp(b.name));
    let suffix = if renamed { ".001" } else { "" };
    let mut out = String::from("# Blender 4.2.1\n# www.blender.org\nmtllib board.mtl\n");
    let mut written = 0usize;
    let mut normals = 0usize;
    for o in &mut objects {
        out.push_str(&format!("o {}{suffix}\n", o.name));
        // The object's own vertices, in order of first use.
        let mut number = std::collections::HashMap::new();
        let corners = o
            .faces
            .iter()
            .flat_map(|f| &f.1)
            .chain(o.lines.iter().flatten());
        for &v in corners {
            number.entry(v).or_insert_with(|| {
                let p = positions[v].map(|c| c as f32);
                out.push_str(&format!("v {:.6} {:.6} {:.6}\n", p[0], p[1], p[2]));
                written += 1;
                written
            });
        }
        if !o.faces.is_empty() {
            out.push_str("vn -0.0000 1.0000 -0.0000\n");
            normals += 1;
            out.push_str("s 0\n");
        }
        // Material slots in order of first use in this object.
        let mut slots: Vec<usize> = Vec::new();
        for f in &o.faces {
            if !slots.contains(&f.0) {
                slots.push(f.0);
            }
        }
        o.faces
            .sort_by_key(|f| slots.iter().position(|&m| m == f.0).unwrap());
        let mut current = usize::MAX;
        for (m, corners) in &o.faces {
            if *m != current && *m != usize::MAX {
                current = *m;
                out.push_str(&format!("usemtl {}{suffix}\n", materials[*m]));
            }
            out.push('f');
            for v in corners {
                out.push_str(&format!(" {}//{normals}", number[v]));
            }
            out.push('\n');
        }
        for l in &o.lines {
            for w in l.windows(2) {
                out.push_str(&format!("l {} {}\n", number[&w[0]], number[&w[1]]));
            }
        }
    }
    out
}
