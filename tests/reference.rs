//! Reference images for the direct raster painter, as resvg keeps them: a few drawings
//! rendered to PNG and compared with `tests/reference/*.png` pixel by pixel, with a tolerance,
//! so a change that moves a line by a pixel or shifts a colour fails while a rounding change
//! in anti-aliasing does not. `UPDATE_REFERENCE=1 cargo test --release --test reference`
//! writes the references anew (look at them before committing).

use std::path::PathBuf;

mod common;
use common::{kt, rgba};

/// Name, then the arguments of `knight-tour draw` (the output is added).
const CASES: [(&str, &[&str]); 4] = [
    ("numbers-5x5", &["5x5", "--width", "300"]),
    (
        "lines-8x8-arrows",
        &[
            "8x8",
            "--style",
            "lines",
            "--theme",
            "color",
            "--gradient",
            "--arrows",
            "--width",
            "400",
        ],
    ),
    (
        "tiles-16x16-paper",
        &[
            "16x16", "--closed", "--style", "tiles", "--theme", "paper", "--width", "400",
        ],
    ),
    (
        "holes-10x10-vlsi",
        &[
            "10x10",
            "--holes",
            "e5,f5,e6,f6",
            "--closed",
            "--theme",
            "vlsi",
            "--style",
            "lines",
            "--width",
            "300",
        ],
    ),
];

/// Largest difference allowed in one channel of one pixel.
const CHANNEL: u8 = 8;
/// Share of pixels allowed to differ by more than [`CHANNEL`].
const PIXELS: f64 = 0.001;

/// Pixels (4 bytes each) of which some channel differs by more than [`CHANNEL`].
fn far_pixels(a: &[u8], b: &[u8]) -> usize {
    a.chunks(4)
        .zip(b.chunks(4))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL)
        })
        .count()
}

fn reference(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(format!("{name}.png"))
}

#[test]
fn the_painter_matches_its_reference_images() {
    let dir = tempfile::tempdir().unwrap();
    let update = std::env::var_os("UPDATE_REFERENCE").is_some();
    for (name, args) in CASES {
        let out = dir.path().join(format!("{name}.png"));
        kt().args(["draw"])
            .args(args)
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        let got = std::fs::read(&out).unwrap();
        if update {
            std::fs::create_dir_all(reference(name).parent().unwrap()).unwrap();
            std::fs::write(reference(name), &got).unwrap();
            continue;
        }
        let want = std::fs::read(reference(name))
            .unwrap_or_else(|e| panic!("{name}: {e}; hint: UPDATE_REFERENCE=1 writes it"));
        let (a, b) = (rgba(&got).unwrap(), rgba(&want).unwrap());
        assert_eq!((a.width, a.height), (b.width, b.height), "{name}: size");
        let far = far_pixels(&a.rgba, &b.rgba);
        let share = far as f64 / (a.width * a.height) as f64;
        assert!(
            share <= PIXELS,
            "{name}: {far} pixels ({:.3}%) differ by more than {CHANNEL}",
            100.0 * share
        );
    }
}

/// The comparison itself can fail: a reference moved by one pixel is caught.
#[test]
fn a_shifted_image_is_caught() {
    let want = std::fs::read(reference("lines-8x8-arrows")).unwrap();
    let b = rgba(&want).unwrap();
    let w = b.width as usize;
    // The same image moved one pixel to the right.
    let mut shifted = b.rgba.clone();
    for row in shifted.chunks_mut(4 * w) {
        row.copy_within(0..4 * (w - 1), 4);
    }
    let far = far_pixels(&shifted, &b.rgba);
    assert!(far as f64 / (b.width * b.height) as f64 > PIXELS, "{far}");
}
