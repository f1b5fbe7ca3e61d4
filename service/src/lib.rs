//! The HTTP API of songo (`songo serve`).
