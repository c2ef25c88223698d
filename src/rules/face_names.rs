//! Faces by name, for the rules' notation: each face's name (its label, or
//! `#<id>` when it has none) and the face a name denotes, in any case, or
//! `#<id>` for any face. Hex, Y, Havannah and BOCO share it.
//!
//! Names are copies of the board's own labels, which stay inline (no heap
//! block per face for labels of up to 24 bytes); the table from names to
//! faces is made the first time a name is looked up (a record replayed, a
//! GTP move), not with the game: the window plays moves by handle, and on a
//! 1M-face board the table is most of what making a game would cost. (Before,
//! one `String` per name and two per lookup key: 1.1 s to make a Hex game on
//! 1M faces, 0.5 s to drop it.)

use crate::board::Board;
use crate::mesh::FaceId;
use compact_str::{CompactString, format_compact};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// The names of a board's faces and the faces they name.
#[derive(Debug)]
pub(crate) struct FaceNames {
    names: Vec<CompactString>,
    /// Lower-cased label → face, made on the first lookup.
    by_name: OnceLock<FxHashMap<CompactString, u32>>,
}

impl FaceNames {
    /// The names of `board`'s faces.
    pub fn of(board: &Board) -> FaceNames {
        let names = board
            .faces()
            .labels()
            .iter()
            .enumerate()
            .map(|(i, label)| {
                if label.is_empty() {
                    format_compact!("#{i}")
                } else {
                    label.clone()
                }
            })
            .collect();
        FaceNames {
            names,
            by_name: OnceLock::new(),
        }
    }

    /// The table from lower-cased labels to faces (a face without a label is
    /// found by `#<id>` alone).
    fn table(&self) -> &FxHashMap<CompactString, u32> {
        self.by_name.get_or_init(|| {
            let mut by_name =
                FxHashMap::with_capacity_and_hasher(self.names.len(), rustc_hash::FxBuildHasher);
            for (i, name) in self.names.iter().enumerate() {
                // A face without a label, found by `#<id>` alone.
                if name.strip_prefix('#').and_then(|d| d.parse::<usize>().ok()) == Some(i) {
                    continue;
                }
                let mut key = name.clone();
                key.make_ascii_lowercase();
                by_name.insert(key, i as u32);
            }
            by_name
        })
    }

    /// The name of face `f` (`#<id>` for a face the board does not have).
    pub fn format(&self, f: FaceId) -> String {
        self.names
            .get(f.index())
            .map_or_else(|| format!("#{}", f.0), |n| n.to_string())
    }

    /// The face called `t` (trimmed and lower-cased): `#<id>` of an existing
    /// face, else the face with that name.
    pub fn find(&self, t: &str) -> Option<FaceId> {
        if let Some(id) = t.strip_prefix('#')
            && let Ok(i) = id.parse::<u32>()
            && (i as usize) < self.names.len()
        {
            return Some(FaceId(i));
        }
        self.table().get(t).map(|&i| FaceId(i))
    }
}

impl std::ops::Index<usize> for FaceNames {
    type Output = str;
    /// The name of face `i`.
    fn index(&self, i: usize) -> &str {
        &self.names[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets;

    #[test]
    fn faces_are_found_by_name_in_any_case_or_by_id() {
        let board = presets::hex(3);
        let names = FaceNames::of(&board);
        let b2 = board.face_by_label("b2").unwrap();
        assert_eq!(&names[b2.index()], "b2");
        assert_eq!(names.format(b2), "b2");
        assert_eq!(names.find("b2"), Some(b2));
        assert_eq!(names.find(&format!("#{}", b2.0)), Some(b2));
        assert_eq!(names.find("#9"), None, "3×3 has faces #0 to #8");
        assert_eq!(names.find("z9"), None);
        assert_eq!(names.format(FaceId(99)), "#99");
    }
}
