//! The OBJ writer: the whole board, in names Blender keeps (see [`super::names`]),
//! within every limit of the reader.
//!
//! ```text
//! # boardwright board: Hex 3×3
//! # …
//! o bw{board}
//! v 0 0 0
//! …
//! usemtl bw{l=a1;c=0,0}
//! f 1 2 3 4 5 6
//! usemtl bw{l=b1;c=1,0}
//! f 3 7 8 9 10 4
//! …
//! o bw{side=top}
//! l 1 2
//! …
//! o bw{meta=1/1;n=Hex_3×3;r=hex}
//! l 1 2
//! ```

use super::names::{self, FaceData};
use super::parse::MAX_LINE_BYTES;
use crate::board::{Board, SideTag};
use crate::io::{IoError, Limits};
use crate::mesh::EdgeId;
use std::fmt::Write as _;

/// The board as OBJ text, within the default [`Limits`].
pub fn write_obj(board: &Board) -> Result<String, IoError> {
    write_obj_with(board, &Limits::default())
}

fn too_big(what: String) -> IoError {
    IoError::Invalid(format!(
        "the board cannot be written as OBJ: {what} (save it as RON instead)"
    ))
}

/// The board as OBJ text that [`super::read_obj`] with `limits` reads back:
/// anything over a limit is refused here, with the reason, rather than written.
pub fn write_obj_with(board: &Board, limits: &Limits) -> Result<String, IoError> {
    let mesh = board.mesh();
    let nf = mesh.face_count();
    let nv = mesh.vertex_count();
    if nf > limits.max_faces {
        return Err(too_big(format!(
            "it has {nf} faces and an OBJ file is read with at most {}",
            limits.max_faces
        )));
    }
    if nv > limits.max_vertices {
        return Err(too_big(format!(
            "it has {nv} corners and an OBJ file is read with at most {} vertices",
            limits.max_vertices
        )));
    }
    let tagged: Vec<(EdgeId, SideTag)> = board.tagged_edges().collect();
    let meta_names = names::meta_object_names(&names::encode_meta(
        &board.meta().name,
        &board.meta().description,
        &board.meta().suggested_rules,
    ));
    let mut corners = 2 * tagged.len() + 2 * meta_names.len();
    for f in mesh.face_ids() {
        let d = mesh.face_degree(f);
        if d > limits.max_face_sides {
            return Err(too_big(format!(
                "face {} has {d} corners and an OBJ face is read with at most {}",
                f.0, limits.max_face_sides
            )));
        }
        corners += d;
    }
    if corners > limits.max_corners {
        return Err(too_big(format!(
            "its faces and side tags have {corners} corners in all and an OBJ file is read with at most {}",
            limits.max_corners
        )));
    }

    // Start pieces by face; their list order is kept when it is not face order.
    let mut piece: Vec<Option<(u8, Option<u32>)>> = Vec::new();
    if !board.setup().pieces.is_empty() {
        piece = vec![None; nf];
        let in_face_order = board.setup().pieces.windows(2).all(|w| w[0].0 < w[1].0);
        for (i, &(f, p)) in board.setup().pieces.iter().enumerate() {
            if let Some(slot) = piece.get_mut(f.index()) {
                *slot = Some((p, (!in_face_order).then_some(i as u32)));
            }
        }
    }
    let face_data = |i: usize| FaceData {
        label: board.faces().labels()[i].to_string(),
        coord: board.faces().coords()[i],
        kind: board.faces().kinds()[i].clone(),
        colour: board.faces().colours()[i],
        region: board.faces().regions()[i],
        piece: piece.get(i).copied().flatten(),
    };
    let any_data = !piece.is_empty() || (0..nf).any(|i| !face_data(i).is_default());

    let mut s = String::with_capacity(nv * 24 + nf * if any_data { 48 } else { 24 });
    let name: String = board
        .meta()
        .name
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(200)
        .collect();
    let _ = writeln!(s, "# boardwright board: {}", name.trim());
    s.push_str(
        "# Y-up: the board lies in the XZ plane, seen from +Y (board x = x, board y = -z).\n\
         # Face data (label, grid coordinate, kind, colour, region, start piece) is in the material\n\
         # names bw{…}, side tags are 'l' segments in the objects bw{side=…}, and the name,\n\
         # description and rules are in the objects bw{meta=…}: modelling programs keep all three.\n",
    );
    let _ = writeln!(s, "# {nv} vertices, {nf} faces");
    s.push_str("o ");
    s.push_str(names::BOARD_NAME);
    s.push('\n');
    // Vertices in order of first use by the faces: the order an OBJ reader
    // numbers them in, so export → import → export gives the same text.
    let mut number = vec![0u32; nv];
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
    let mut material = String::new();
    let mut previous = String::new();
    for f in mesh.face_ids() {
        if any_data {
            material.clear();
            names::encode_face(&face_data(f.index()), &mut material);
            if material != previous {
                if material.len() + "usemtl ".len() > MAX_LINE_BYTES {
                    return Err(too_big(format!(
                        "the data of face {} ({}) takes {} bytes, more than the {MAX_LINE_BYTES} bytes of an OBJ line; shorten its label or kind",
                        f.0,
                        board.face_name(f).chars().take(40).collect::<String>(),
                        material.len()
                    )));
                }
                s.push_str("usemtl ");
                s.push_str(&material);
                s.push('\n');
                std::mem::swap(&mut material, &mut previous);
            }
        }
        s.push('f');
        for v in mesh.face_vertices(f) {
            let _ = write!(s, " {}", number[v.index()]);
        }
        s.push('\n');
    }
    for tag in SideTag::ALL {
        let mut first = true;
        for &(e, t) in &tagged {
            if t != tag {
                continue;
            }
            if first {
                let _ = writeln!(s, "o {}", names::side_name(tag));
                first = false;
            }
            let [a, b] = mesh.edge_vertices(e);
            let _ = writeln!(s, "l {} {}", number[a.index()], number[b.index()]);
        }
    }
    if !meta_names.is_empty() {
        let mut corners = mesh.face_vertices(crate::mesh::FaceId(0));
        let a = corners.next().map_or(1, |v| number[v.index()]);
        let b = corners.next().map_or(1, |v| number[v.index()]);
        for m in &meta_names {
            let _ = writeln!(s, "o {m}\nl {a} {b}");
        }
    }
    if s.len() as u64 > limits.max_file_bytes {
        return Err(too_big(format!(
            "the file would be {} bytes and OBJ files are read up to {} bytes",
            s.len(),
            limits.max_file_bytes
        )));
    }
    Ok(s)
}
