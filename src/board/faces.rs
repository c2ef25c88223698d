//! Per-face data: one row type ([`FaceData`]) stored as columns ([`FaceTable`]).
//!
//! The attributes are listed once, in the `face_columns!` invocation below; the
//! row type, the column storage and every operation that keeps the columns
//! aligned (push, swap-remove, resize, row read and write) are generated from
//! that list. This is the statically typed form of the property containers of
//! pmp-library's `SurfaceMesh`: whatever happens to one face's row happens to
//! every column, so adding an attribute is one line here and nothing else in
//! the board code lists the attributes.
//!
//! Only the board module changes a table (see [`crate::board::Board`]); everyone
//! else reads rows or columns.

use super::{FaceKind, GridCoord, Rgba};
use compact_str::CompactString;
use serde::{Deserialize, Serialize};

macro_rules! face_columns {
    ($( $(#[$doc:meta])* $field:ident / $column:ident : $ty:ty = $default:expr ; )*) => {
        /// One face's data: a row of the [`FaceTable`].
        #[derive(Clone, Debug, PartialEq)]
        pub struct FaceData {
            $( $(#[$doc])* pub $field: $ty, )*
        }

        impl Default for FaceData {
            fn default() -> Self {
                FaceData { $( $field: $default, )* }
            }
        }

        /// Per-face data, one column per attribute, indexed by `FaceId`. Every
        /// column has one entry per face of the board that owns the table.
        #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
        pub struct FaceTable {
            $( $field: Vec<$ty>, )*
        }

        impl FaceTable {
            $(
                #[doc = concat!("The `", stringify!($field), "` column: one entry per face, by face id.")]
                pub fn $column(&self) -> &[$ty] {
                    &self.$field
                }
            )*

            /// The row of face `i` (a copy). Panics if `i` is out of range.
            pub fn row(&self, i: usize) -> FaceData {
                FaceData { $( $field: self.$field[i].clone(), )* }
            }

            /// Whether every column has the same length (always true for a board's
            /// table; a table read from a file may not be).
            pub fn is_consistent(&self) -> bool {
                let n = self.len();
                true $( && self.$field.len() == n )*
            }

            /// Number of rows (the longest column, should a read table be ragged).
            pub fn len(&self) -> usize {
                [$( self.$field.len() ),*].into_iter().max().unwrap_or(0)
            }

            /// A table of `n` rows from whole columns: each column given, or `n`
            /// default entries where it is `None`. `None` if a given column does
            /// not hold `n` entries.
            pub fn from_columns(n: usize, $( $field: Option<Vec<$ty>>, )*) -> Option<FaceTable> {
                Some(FaceTable {
                    $( $field: match $field {
                        Some(v) if v.len() == n => v,
                        Some(_) => return None,
                        None => vec![$default; n],
                    }, )*
                })
            }

            pub(super) fn set_row(&mut self, i: usize, row: FaceData) {
                $( self.$field[i] = row.$field; )*
            }

            /// Room for `n` more rows in every column.
            fn reserve(&mut self, n: usize) {
                $( self.$field.reserve(n); )*
            }

            pub(super) fn push(&mut self, row: FaceData) {
                $( self.$field.push(row.$field); )*
            }

            /// Remove row `i`; the last row moves into its place (as mesh ids do).
            pub(super) fn swap_remove(&mut self, i: usize) -> FaceData {
                FaceData { $( $field: self.$field.swap_remove(i), )* }
            }

            /// Cut or extend every column to `n` rows (new rows are default rows).
            pub(super) fn resize(&mut self, n: usize) {
                $( self.$field.resize(n, $default); )*
            }
        }
    };
}

face_columns! {
    /// The face's name in move notation and files (`a1`, `12`); empty when unlabelled.
    label / labels: CompactString = CompactString::const_new("");
    /// Column/row position on a regular grid, if the face has one.
    coord / coords: Option<GridCoord> = None;
    /// What the face is for.
    kind / kinds: FaceKind = FaceKind::Cell;
    /// The face's own fill colour (drawn instead of its kind's colour).
    colour / colours: Option<Rgba> = None;
    /// A region number (generator sections, OBJ groups, BOCO shapes).
    region / regions: Option<u32> = None;
}

impl FaceData {
    /// The row of a face split off this one: it keeps what describes the area
    /// (kind, colour, region) but not what must name one face only (label,
    /// grid coordinate).
    pub fn split_off(&self) -> FaceData {
        FaceData {
            label: CompactString::const_new(""),
            coord: None,
            ..self.clone()
        }
    }
}

impl FaceTable {
    /// A table of `n` default rows.
    pub fn with_len(n: usize) -> FaceTable {
        let mut t = FaceTable::default();
        t.resize(n);
        t
    }

    /// A table holding these rows, in order.
    pub fn from_rows(rows: impl IntoIterator<Item = FaceData>) -> FaceTable {
        let rows = rows.into_iter();
        let mut t = FaceTable::default();
        // Sized once where the rows say how many they are: growing the columns
        // row by row held each column twice at its last doubling (a 1M-face
        // OBJ import peaked 40 MB higher).
        t.reserve(rows.size_hint().0);
        for r in rows {
            t.push(r);
        }
        t
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every row, in face order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = FaceData> + '_ {
        (0..self.len()).map(|i| self.row(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_move_together() {
        let row = |l: &str, r: u32| FaceData {
            label: l.into(),
            region: Some(r),
            ..FaceData::default()
        };
        let mut t = FaceTable::from_rows([row("a", 0), row("b", 1), row("c", 2)]);
        assert!(t.is_consistent());
        assert_eq!(t.swap_remove(0), row("a", 0));
        assert_eq!(t.labels(), ["c", "b"]);
        assert_eq!(t.regions(), [Some(2), Some(1)]);
        t.resize(3);
        assert_eq!(t.row(2), FaceData::default());
        t.set_row(2, row("d", 3).split_off());
        assert_eq!(t.row(2).region, Some(3));
        assert_eq!(t.row(2).label, "");
        assert_eq!(t.len(), 3);
        assert!(t.is_consistent());
    }

    #[test]
    fn a_ragged_table_is_reported() {
        let t: FaceTable = ron::from_str(
            "(label: [\"a\"], coord: [], kind: [cell], colour: [None], region: [None])",
        )
        .unwrap();
        assert!(!t.is_consistent());
        assert_eq!(t.len(), 1);
    }
}
