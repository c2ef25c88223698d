//! Merge by region: every group of faces that share a region and hang
//! together through shared edges becomes one face (the outline of the group).
//!
//! The merged face takes the place (and label) of the group's lowest-numbered
//! face and keeps the region; its kind and colour are kept when the group
//! agrees on them, otherwise those of the lowest-numbered face win (noted).
//! Other labels, grid coordinates and surplus start pieces are dropped with a
//! note. A group that would enclose a hole or touch itself at a corner is
//! refused: a face must be a simple polygon.

use super::{Assembly, OpError, OpResult, count};
use crate::board::Board;
use crate::mesh::{Dart, FaceId, Mesh};

/// Parameters of [`merge`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MergeParams {
    /// Merge only these regions (`None`: every region).
    pub regions: Option<Vec<u32>>,
}

pub fn merge(board: &Board, p: &MergeParams) -> Result<OpResult, OpError> {
    let mesh = board.mesh();
    let n = mesh.face_count();
    let region_of = |f: FaceId| {
        board.faces().regions()[f.index()]
            .filter(|r| p.regions.as_ref().is_none_or(|l| l.contains(r)))
    };
    // Groups: union-find over shared edges within one region.
    let mut parent: Vec<u32> = (0..n as u32).collect();
    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    for e in mesh.edge_ids() {
        if let (f, Some(g)) = mesh.edge_faces(e)
            && region_of(f).is_some()
            && region_of(f) == region_of(g)
        {
            let (a, b) = (find(&mut parent, f.0), find(&mut parent, g.0));
            parent[a.max(b) as usize] = a.min(b);
        }
    }
    let root: Vec<u32> = (0..n as u32).map(|f| find(&mut parent, f)).collect();
    let mut size = vec![0u32; n];
    for &r in &root {
        size[r as usize] += 1;
    }
    let groups = (0..n)
        .filter(|&f| root[f] == f as u32 && size[f] > 1)
        .count();
    if groups == 0 {
        return Err(OpError::NothingToMerge {
            regions: p
                .regions
                .as_ref()
                .map(|l| l.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
        });
    }
    let mut asm = Assembly::with_vertices_of(board);
    let mut new_id = vec![u32::MAX; n];
    let (mut lost_labels, mut lost_coords, mut mixed) = (0usize, 0usize, Vec::new());
    for f in mesh.face_ids() {
        let r = root[f.index()];
        if size[r as usize] == 1 {
            let corners: Vec<u32> = mesh.face_vertices(f).map(|v| v.0).collect();
            new_id[f.index()] = asm.push_face(&corners, board.face_data(f));
            continue;
        }
        if r != f.0 {
            new_id[f.index()] = new_id[r as usize];
            continue;
        }
        let members: Vec<FaceId> = (f.index()..n)
            .filter(|&g| root[g] == r)
            .map(|g| FaceId(g as u32))
            .collect();
        let region = board.faces().regions()[f.index()].expect("merged faces have a region");
        let outline = group_outline(mesh, &root, r)
            .map_err(|reason| OpError::MergeRegion { region, reason })?;
        let mut row = board.face_data(f);
        if row.label.is_empty()
            && let Some(g) = members.iter().find(|g| !board.label(**g).is_empty())
        {
            row.label = board.label(*g).into();
        }
        lost_labels += members
            .iter()
            .filter(|g| !board.label(**g).is_empty())
            .count()
            .saturating_sub(1);
        lost_coords += members
            .iter()
            .filter(|g| board.coord(**g).is_some())
            .count();
        row.coord = None;
        let differs = members.iter().any(|g| {
            board.faces().kinds()[g.index()] != row.kind
                || board.faces().colours()[g.index()] != row.colour
        });
        if differs {
            mixed.push(board.face_name(f));
        }
        new_id[f.index()] = asm.push_face(&outline, row);
    }
    asm.tags = Assembly::tags_of(board);
    let mut lost_pieces = 0;
    let mut taken = vec![false; asm.rows.len()];
    for &(f, pl) in &board.setup().pieces {
        let g = new_id[f.index()];
        if std::mem::replace(&mut taken[g as usize], true) {
            lost_pieces += 1;
        } else {
            asm.pieces.push((g, pl));
        }
    }
    let built = asm.finish()?;
    let mut notes = vec![format!(
        "merged {} into {}: {} → {}",
        count(
            (0..n).filter(|&f| size[root[f] as usize] > 1).count(),
            "face"
        ),
        count(groups, "face"),
        count(n, "face"),
        count(built.board.face_count(), "face")
    )];
    if lost_labels > 0 {
        notes.push(format!(
            "dropped {} (each merged face keeps its first face's label)",
            count(lost_labels, "label")
        ));
    }
    if lost_coords > 0 {
        notes.push(format!(
            "dropped the grid coordinates of {}",
            count(lost_coords, "merged face")
        ));
    }
    if !mixed.is_empty() {
        notes.push(format!(
            "the faces merged into {} had different kinds or colours; the first face's were kept",
            mixed.join(", ")
        ));
    }
    if lost_pieces > 0 {
        notes.push(format!(
            "dropped {} (one piece per merged face)",
            count(lost_pieces, "start piece")
        ));
    }
    if let Some(n) = built.tag_note("their edges left the boundary") {
        notes.push(n);
    }
    Ok(OpResult {
        board: built.board,
        notes,
    })
}

/// The corners of the outline of the faces whose root is `r`, counter-clockwise,
/// or why it is not one simple polygon.
fn group_outline(mesh: &Mesh, root: &[u32], r: u32) -> Result<Vec<u32>, String> {
    let inside = |d: Dart| mesh.dart_face(d).is_some_and(|f| root[f.index()] == r);
    let mut rim: Vec<Dart> = Vec::new();
    for f in (0..root.len()).filter(|&f| root[f] == r) {
        rim.extend(
            mesh.face_darts(FaceId(f as u32))
                .filter(|&d| !inside(d.twin())),
        );
    }
    let start = rim[0];
    let mut corners = Vec::new();
    let mut d = start;
    loop {
        corners.push(mesh.dart_origin(d).0);
        let mut n = mesh.dart_next(d);
        let mut guard = 0;
        while inside(n.twin()) {
            n = mesh.dart_next(n.twin());
            guard += 1;
            if guard > mesh.edge_count() {
                return Err("do not form a closed outline".into());
            }
        }
        d = n;
        if d == start {
            break;
        }
        if corners.len() > rim.len() {
            return Err("do not form a closed outline".into());
        }
    }
    if corners.len() != rim.len() {
        return Err("enclose a hole or other faces".into());
    }
    let mut sorted = corners.clone();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!(
            "touch each other only at the corner {}",
            mesh.position(crate::mesh::VertexId(w[0]))
        ));
    }
    Ok(corners)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::{boco, square_grid};

    #[test]
    fn merges_regions_into_single_faces() {
        // Region 1: the bottom row; region 2: an L of three faces.
        let b = with_regions(square_grid(4, 4), |l| l.ends_with('1'), 1);
        let b = with_regions(b, |l| ["a3", "a4", "b4"].contains(&l), 2);
        let mut parts = crate::ops::Parts::of(&b);
        parts.setup.pieces = vec![
            (b.face_by_label("a1").unwrap(), 0),
            (b.face_by_label("c1").unwrap(), 1),
        ];
        let b = parts.build().unwrap();
        let r = merge(&b, &MergeParams::default()).unwrap();
        r.board.validate().unwrap();
        assert_eq!(r.board.face_count(), 16 - 3 - 2);
        let row = r.board.face_by_label("a1").unwrap();
        assert_eq!(r.board.mesh().face_area(row), 4.0);
        assert_eq!(r.board.faces().regions()[row.index()], Some(1));
        assert_eq!(r.board.face_by_label("b1"), None);
        let ell = r.board.face_by_label("a3").unwrap();
        assert_eq!(r.board.mesh().face_area(ell), 3.0);
        assert_eq!(r.board.setup().pieces, vec![(row, 0)]);
        assert!(
            r.notes.iter().any(|n| n.contains("1 start piece")),
            "{:?}",
            r.notes
        );
        // The row keeps its bottom tags; the outline is still tagged all round.
        assert_eq!(
            r.board.side_tags().iter().flatten().count(),
            b.side_tags().iter().flatten().count()
        );
        // Only region 2.
        let only = merge(
            &b,
            &MergeParams {
                regions: Some(vec![2]),
            },
        )
        .unwrap()
        .board;
        assert_eq!(only.face_count(), 14);
        assert!(matches!(
            merge(
                &b,
                &MergeParams {
                    regions: Some(vec![7])
                }
            ),
            Err(OpError::NothingToMerge { .. })
        ));
        // BOCO's region 0 is its core of 4×4 squares: one square face.
        let bo = boco();
        let core = merge(
            &bo,
            &MergeParams {
                regions: Some(vec![0]),
            },
        )
        .unwrap()
        .board;
        assert_eq!(core.face_count(), bo.face_count() - 15);
        let f = core
            .faces()
            .regions()
            .iter()
            .position(|r| *r == Some(0))
            .unwrap();
        assert_eq!(core.mesh().face_area(FaceId(f as u32)), 64.0);
    }

    /// `b` with the faces whose label passes `pick` in region `region`.
    fn with_regions(b: Board, pick: impl Fn(&str) -> bool, region: u32) -> Board {
        let mut parts = crate::ops::Parts::of(&b);
        for row in &mut parts.rows {
            if pick(&row.label) {
                row.region = Some(region);
            }
        }
        parts.build().unwrap()
    }

    #[test]
    fn refuses_rings_and_pinches() {
        let b = with_regions(square_grid(3, 3), |l| l != "b2", 5);
        assert!(matches!(
            merge(&b, &MergeParams::default()),
            Err(OpError::MergeRegion { region: 5, .. })
        ));
        // All but b2 and a3: a2 and b3 meet only at a corner.
        let b = with_regions(square_grid(3, 3), |l| !["b2", "a3"].contains(&l), 6);
        assert!(matches!(
            merge(&b, &MergeParams::default()),
            Err(OpError::MergeRegion { region: 6, .. })
        ));
    }
}
