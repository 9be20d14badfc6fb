//! The edges issue (third pass): every file read is an input whatever option named it, masks
//! are measured before they are decoded, and the wrong answer on 5x1000 is gone.

use std::fs;
use std::path::Path;

mod common;
use common::kt;

/// A PNG of `w` x `h` grey pixels, `dark(r, c)` black.
fn png(path: &Path, w: u32, h: u32, dark: impl Fn(u32, u32) -> bool) {
    let file = fs::File::create(path).unwrap();
    let mut enc = png::Encoder::new(file, w, h);
    enc.set_color(png::ColorType::Grayscale);
    enc.set_depth(png::BitDepth::Eight);
    let px: Vec<u8> = (0..h * w)
        .map(|i| if dark(i / w, i % w) { 0 } else { 255 })
        .collect();
    enc.write_header().unwrap().write_image_data(&px).unwrap();
}

/// CRC-32 of PNG chunks.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// A small PNG whose header claims `w` x `h` pixels: what a decompression bomb looks like to
/// a reader that trusts the header before comparing it with anything.
fn claiming(path: &Path, w: u32, h: u32) {
    png(path, 8, 8, |_, _| false);
    let mut b = fs::read(path).unwrap();
    // The IHDR chunk: length at 8, type at 12, width and height at 16 and 20, CRC at 29.
    b[16..20].copy_from_slice(&w.to_be_bytes());
    b[20..24].copy_from_slice(&h.to_be_bytes());
    let crc = crc32(&b[12..29]);
    b[29..33].copy_from_slice(&crc.to_be_bytes());
    fs::write(path, b).unwrap();
}

const MASK: &str =
    "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";

#[test]
fn a_file_read_under_any_option_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("mk.txt"), MASK).unwrap();
    fs::write(d.join("mk.svg"), MASK).unwrap();
    png(&d.join("m.png"), 8, 8, |r, c| {
        (3..5).contains(&r) && (3..5).contains(&c)
    });
    std::os::unix::fs::symlink("m.png", d.join("link.png")).unwrap();
    fs::create_dir(d.join("fr9")).unwrap();
    fs::write(d.join("fr9/frame-0001.png"), "line = #123456\n").unwrap();
    let before: Vec<Vec<u8>> = ["mk.txt", "mk.svg", "m.png", "fr9/frame-0001.png"]
        .iter()
        .map(|f| fs::read(d.join(f)).unwrap())
        .collect();
    for args in [
        &["solve", "8x8", "--mask", "mk.txt", "-o", "mk.txt"][..],
        &["draw", "8x8", "--mask", "mk.svg", "-o", "mk.svg"],
        &["draw", "8x8", "--mask", "m.png", "-o", "m.png"],
        &["draw", "8x8", "--mask", "m.png", "-o", "link.png"],
        &["draw", "8x8", "--mask", "link.png", "-o", "./m.png"],
        &[
            "puzzle", "8x8", "--mask", "mk.txt", "--seed", "1", "-o", "mk.txt",
        ],
        &[
            "draw",
            "8x8",
            "--frames",
            "fr9",
            "--theme",
            "fr9/frame-0001.png",
        ],
    ] {
        let out = kt().current_dir(d).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("is the same file as the input"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let after: Vec<Vec<u8>> = ["mk.txt", "mk.svg", "m.png", "fr9/frame-0001.png"]
        .iter()
        .map(|f| fs::read(d.join(f)).unwrap())
        .collect();
    assert!(before == after, "an input changed");
    assert!(fs::symlink_metadata(d.join("link.png"))
        .unwrap()
        .file_type()
        .is_symlink());
    // The same masks are fine when the output is elsewhere.
    kt().current_dir(d)
        .args(["draw", "8x8", "--mask", "m.png", "-o", "out.png"])
        .assert()
        .success();
}

#[test]
fn a_mask_is_measured_before_it_is_decoded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A hundred bytes that claim 30000 x 30000 pixels.
    claiming(&d.join("bomb.png"), 30000, 30000);
    assert!(fs::metadata(d.join("bomb.png")).unwrap().len() < 100_000);
    fs::write(d.join("line.txt"), ".".repeat(4_000_000) + "\n").unwrap();
    fs::write(d.join("tall.txt"), "........\n".repeat(9)).unwrap();
    for (mask, size) in [
        ("bomb.png", "30000x30000"),
        ("line.txt", "1x4000000"),
        ("tall.txt", "9x8"),
    ] {
        let t = std::time::Instant::now();
        let out = kt()
            .current_dir(d)
            .args(["solve", "8x8", "--mask", mask])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{mask}: {err}");
        assert!(
            err.starts_with(&format!(
                "error: the mask {mask} is {size} but the board is 8x8"
            )),
            "{mask}: {err}"
        );
        // Decoding the bomb took 20 s and gigabytes; the header alone is instant.
        assert!(t.elapsed().as_secs() < 5, "{mask}: {:?}", t.elapsed());
    }
}

#[test]
fn an_output_on_a_dangling_symlink_writes_its_target_and_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::os::unix::fs::symlink("target.txt", d.join("link.txt")).unwrap();
    kt().current_dir(d)
        .args(["solve", "5x5", "-o", "link.txt"])
        .assert()
        .success();
    assert!(fs::symlink_metadata(d.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_to_string(d.join("target.txt"))
            .unwrap()
            .lines()
            .count(),
        5
    );
}

#[test]
fn the_5x1000_pair_the_construction_missed_is_built() {
    let out = kt()
        .args([
            "solve", "5x1000", "--start", "3,782", "--end", "2,918", "--format", "summary",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("from adc2 to aii3") && text.contains("verified ok"),
        "{text}"
    );
}
