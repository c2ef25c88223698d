//! Board edits as command values, applied in one place, with undo/redo (in progress).
