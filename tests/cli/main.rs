//! End-to-end tests of the `songo` binary: one test binary, one module per
//! area, snapshots of what a user sees (insta-cmd).

mod accounts;
mod analysis;
mod archive;
mod events;
mod exercises;
mod faults;
mod fix;
mod french;
mod lessons;
mod levels;
mod live;
mod newcomer;
mod positions;
mod records;
mod seega;
mod serve;
mod teach;
mod tournaments;

use std::process::Command;

/// The `songo` binary built for these tests, run from the repository root,
/// in English whatever the locale of the machine running the tests.
pub(crate) fn songo() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_songo"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(variable);
    }
    command
}

/// The `songo` binary as a French-speaking user runs it: `LANG=fr_FR.UTF-8`.
pub(crate) fn songo_fr() -> Command {
    let mut command = songo();
    command.env("LANG", "fr_FR.UTF-8");
    command
}
