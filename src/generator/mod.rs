//! Fair sectioned board generator (in progress).
