//! Edit operations on the mesh (add, delete, split, merge faces; move vertices; split edges).
