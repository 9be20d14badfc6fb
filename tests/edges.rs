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
        // The old reader decoded the bomb first (20 s, gigabytes) and then called it "not a
        // usable PNG"; naming its size proves the header was compared before decoding.
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

/// Runs the binary in `dir`, expects exit `code` and one `error:` line containing `needle`.
fn refused(dir: &Path, args: &[&str], code: i32, needle: &str) {
    let out = kt().current_dir(dir).args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("error: ") && err.contains("hint: "),
        "{args:?}: {err}"
    );
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
}

#[test]
fn outputs_are_costed_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 65 frames of 16000 x 16000 pixels needed 10 GB; now refused before solving.
    for out in ["a.gif", "a.apng"] {
        refused(
            d,
            &["draw", "8x8", "--width", "16000", "-o", out],
            2,
            "use --width",
        );
    }
    fs::create_dir(d.join("fr")).unwrap();
    refused(
        d,
        &["draw", "34x34", "--width", "3000", "--frames", "fr"],
        2,
        "frames",
    );
    // A 2000 mm page at 150 dpi is 2.8 GB of pixels; a thousand 1 m pages, hours.
    for (page, needle) in [("2000x2000mm", "--dpi"), ("1000x1000mm", "at most")] {
        let mut args: Vec<&str> = "puzzle 8x8 --count 1000 --per-page 1 -o s.png --page"
            .split(' ')
            .collect();
        args.push(page);
        refused(d, &args, 2, needle);
    }
    refused(
        d,
        &["draw", "8x8", "--width", "0", "-o", "x.pdf"],
        2,
        "not a page",
    );
    refused(
        d,
        &["draw", "8x8", "--width", "10000000", "-o", "x.pdf"],
        2,
        "14400",
    );
    assert_eq!(
        fs::read_dir(d).unwrap().count(),
        1,
        "only the frames folder"
    );
    assert_eq!(fs::read_dir(d.join("fr")).unwrap().count(), 0);
}

#[test]
fn the_puzzle_budget_bounds_the_work_on_large_boards() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("p50.json"),
        r#"{"format":"knight-tour-puzzle/1","rows":50,"cols":50,"closed":false,"givens":[[0,0,1]]}"#,
    )
    .unwrap();
    // A node of this puzzle costs about 13 ms against 2.5 us on 8x8: it ran 87 s at the
    // default budget. The budget now charges each node its work, so few nodes are visited.
    let out = kt()
        .current_dir(d)
        .args(["puzzle", "solve", "p50.json", "--budget", "400000"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{err}");
    let nodes: u64 = err
        .split("gave up after ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(nodes < 1000, "{nodes} nodes: {err}");
}

#[test]
fn words_and_numbers_are_checked_as_the_readme_says() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    refused(
        d,
        &["puzzle", "8x8", "--title", "a\u{1}b", "-o", "t.svg"],
        2,
        "U+0001",
    );
    fs::write(d.join("ctl.page"), "title = a\u{1}b\n").unwrap();
    refused(
        d,
        &["puzzle", "8x8", "--template", "ctl.page", "-o", "t.svg"],
        2,
        "U+0001",
    );
    refused(d, &["solve", "8 x 8"], 2, "not a board size");
    refused(
        d,
        &["puzzle", "8x8", "--page", "20x20mm", "-o", "t.pdf"],
        2,
        "50 to 2000 mm",
    );
    refused(
        d,
        &["solve", "8x8", "--seed", "abc"],
        2,
        "not a whole number",
    );
    refused(d, &["solve", "8x8", "--seed", "-3"], 2, "without a sign");
    let out = kt()
        .args(["solve", "8x8", "--seed", "-3"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("-- -3"));
    fs::write(d.join("spaces.json"), " ".repeat(1 << 20)).unwrap();
    refused(d, &["verify", "spaces.json"], 2, "only white space");
    refused(
        d,
        &["draw", "--tour", "spaces.json", "-o", "s.svg"],
        2,
        "only white space",
    );
    assert!(!d.join("t.svg").exists() && !d.join("s.svg").exists());
    // Spaces around a board are still fine.
    kt().args(["solve", " 5x5 "]).assert().success();
}

#[test]
fn files_from_windows_notepad_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (cmd, name) in [
        (&["solve", "5x5", "--format", "json"][..], "t.json"),
        (
            &["puzzle", "6x6", "--seed", "2", "--format", "json"],
            "p.json",
        ),
        (
            &["puzzle", "6x6", "--seed", "2", "--format", "text"],
            "p.txt",
        ),
    ] {
        let out = kt().args(cmd).output().unwrap();
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend_from_slice(&out.stdout);
        fs::write(d.join(name), bytes).unwrap();
    }
    kt().current_dir(d)
        .args(["verify", "t.json"])
        .assert()
        .success();
    kt().current_dir(d)
        .args(["draw", "--tour", "t.json", "-o", "t.svg"])
        .assert()
        .success();
    kt().current_dir(d)
        .args(["verify", "p.json"])
        .assert()
        .success();
    kt().current_dir(d)
        .args(["puzzle", "solve", "p.json"])
        .assert()
        .success();
    kt().current_dir(d)
        .args(["puzzle", "solve", "p.txt"])
        .assert()
        .success();
}

#[test]
fn a_signal_before_any_write_ends_with_130() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("knight-tour"))
            .args([
                "puzzle",
                "14x14",
                "--difficulty",
                "hard",
                "--count",
                "200",
                "--format",
                "json",
            ])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(400));
        assert!(
            child.try_wait().unwrap().is_none(),
            "finished before the signal"
        );
        unsafe { libc::kill(child.id() as i32, signal) };
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{status:?}");
    }
}
