//! End-to-end tests of the `songo` binary.
