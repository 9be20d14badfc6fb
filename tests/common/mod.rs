//! Helpers shared by the integration tests.

use assert_cmd::Command;

/// The real binary, with no fonts from the system (no fontconfig, no home, no XDG folders),
/// so that every drawing uses the bundled font as on a bare machine.
pub fn kt() -> Command {
    let mut c = Command::cargo_bin("knight-tour").unwrap();
    c.env_clear()
        .env("FONTCONFIG_FILE", "/nonexistent")
        .env("HOME", "/nonexistent");
    c
}

/// Runs `knight-tour ARGS`, expects success, returns stdout.
#[allow(dead_code)] // each test crate compiles this module; not all of them call this
pub fn stdout(args: &[&str]) -> String {
    let out = kt()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}
