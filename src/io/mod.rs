//! Board files: OBJ, RON, SVG (in progress).
