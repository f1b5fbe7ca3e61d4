//! End-to-end tests of the `songo` binary: one test binary, one module per
//! area, snapshots of what a user sees (insta-cmd).

mod analysis;
mod faults;
mod positions;
mod records;
mod seega;
mod serve;

use std::process::Command;

/// The `songo` binary built for these tests, run from the repository root.
pub(crate) fn songo() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_songo"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}
