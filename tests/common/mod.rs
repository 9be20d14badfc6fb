//! Helpers shared by the integration tests.

use assert_cmd::Command;

#[allow(dead_code)] // only the puzzle tests count solutions
pub mod count;

/// The knight's moves, written out again rather than taken from the crate, for the tests'
/// own oracles.
#[allow(dead_code)] // only the oracles use it
pub const KNIGHT_JUMPS: [(i64, i64); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The real binary, with no fonts from the system (no fontconfig, no home, no XDG folders),
/// so that every drawing uses the bundled font as on a bare machine.
#[allow(dead_code)] // the oracles never run the binary
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

/// A PNG's pixels as RGBA whatever its colour type (indexed, RGB or RGBA).
#[allow(dead_code)]
pub struct Rgba {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// Four bytes a pixel.
    pub rgba: Vec<u8>,
    /// The pHYs chunk's resolution.
    pub pixels_per_metre: Option<u32>,
}

/// Decodes a PNG (the first frame of an APNG) to RGBA.
#[allow(dead_code)]
pub fn rgba(bytes: &[u8]) -> Option<Rgba> {
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).ok()?;
    buf.truncate(info.buffer_size());
    Some(Rgba {
        width: info.width,
        height: info.height,
        rgba: buf,
        pixels_per_metre: reader.info().pixel_dims.map(|d| d.xppu),
    })
}
