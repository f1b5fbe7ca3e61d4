//! The `songo` command-line tool.
fn main() {}
