//! samples/ is current: every sample is made again by the real binary and compared byte for
//! byte. Regenerate them all with `UPDATE_SAMPLES=1 cargo test --release --test samples`.

use std::path::Path;

use assert_cmd::Command;

mod common;

/// File stem and the `draw` arguments that make it (each as .svg and .png).
const SAMPLES: [(&str, &[&str]); 11] = [
    ("8x8-numbers", &["8x8", "--coords"]),
    (
        "34x34-tiles-paper",
        &["34x34", "--closed", "--style", "tiles", "--theme", "paper"],
    ),
    (
        "8x8-lines-gradient",
        &[
            "8x8",
            "--style",
            "lines",
            "--theme",
            "color",
            "--gradient",
            "--arrows",
        ],
    ),
    (
        "16x16-vlsi",
        &["16x16", "--closed", "--style", "tiles", "--theme", "vlsi"],
    ),
    ("5x5-open", &["5x5", "--start", "c3", "--coords"]),
    // A varied route: the seed breaks up the tiles' repeating pattern.
    (
        "64x64-vlsi-varied",
        &[
            "64x64", "--closed", "--style", "lines", "--theme", "vlsi", "--seed", "7",
        ],
    ),
    // A routing diagram: one wire (wazir moves) through every cell around blocked macros.
    (
        "10x10-wazir-route",
        &[
            "10x10",
            "--piece",
            "wazir",
            "--holes",
            "d4,e4,d5,e5,h8,h7",
            "--style",
            "lines",
            "--theme",
            "vlsi",
        ],
    ),
    // Issue 39: a knight's tour and a wazir's wire round macros of any size and place.
    (
        "40x40-knight-round-macros",
        &[
            "40x40",
            "--closed",
            "--blocks",
            "examples/masks/floorplan-40x40.txt",
            "--style",
            "lines",
            "--theme",
            "vlsi",
        ],
    ),
    (
        "40x40-wazir-round-macros",
        &[
            "40x40",
            "--piece",
            "wazir",
            "--closed",
            "--blocks",
            "examples/masks/floorplan-40x40.txt",
            "--style",
            "lines",
            "--theme",
            "vlsi",
        ],
    ),
    // Pin to pin: a wire from a pin beside one macro to a pin at another's corner, far apart.
    (
        "40x40-wazir-pin-to-pin",
        &[
            "40x40",
            "--piece",
            "wazir",
            "--blocks",
            "examples/masks/floorplan-40x40.txt",
            "--start",
            "6,9",
            "--end",
            "35,29",
            "--style",
            "lines",
            "--theme",
            "vlsi",
        ],
    ),
    (
        "10x10-viridis",
        &[
            "10x10",
            "--style",
            "lines",
            "--palette",
            "viridis",
            "--arrows",
        ],
    ),
];

/// Raster-only samples: file name and `draw` arguments.
const RASTERS: [(&str, &[&str]); 2] = [
    ("8x8-tour.gif", &["8x8"]),
    (
        "8x8-first-20-moves.png",
        &["8x8", "--style", "lines", "--upto", "20"],
    ),
];

/// The worksheet sample: `puzzle` arguments; the PDFs in full and page 1 of each as PNG.
const WORKSHEET: &[&str] = &[
    "8x8",
    "--count",
    "12",
    "--difficulty",
    "medium",
    "--seed",
    "1",
];

/// Runs `puzzle` with the worksheet arguments into `dir` and returns the files to keep:
/// (name in samples/, file made).
fn worksheet(dir: &Path) -> Vec<(String, std::path::PathBuf)> {
    for ext in ["pdf", "png"] {
        Command::cargo_bin("knight-tour")
            .unwrap()
            .arg("puzzle")
            .args(WORKSHEET)
            .arg("-o")
            .arg(dir.join(format!("sheet.{ext}")))
            .arg("--answers")
            .arg(dir.join(format!("key.{ext}")))
            .assert()
            .success();
    }
    [
        ("8x8-worksheet.pdf", "sheet.pdf"),
        ("8x8-worksheet-page1.png", "sheet-1.png"),
        ("8x8-worksheet-key.pdf", "key.pdf"),
        ("8x8-worksheet-key-page1.png", "key-1.png"),
    ]
    .into_iter()
    .map(|(keep, made)| (keep.to_string(), dir.join(made)))
    .collect()
}

#[test]
fn samples_are_current() {
    let update = std::env::var_os("UPDATE_SAMPLES").is_some_and(|v| v == "1");
    let dir = tempfile::tempdir().unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut stale = Vec::new();
    let mut made = Vec::new();
    let drawn = SAMPLES
        .iter()
        .flat_map(|(stem, args)| ["svg", "png"].map(|ext| (format!("{stem}.{ext}"), *args)))
        .chain(RASTERS.iter().map(|(name, args)| (name.to_string(), *args)));
    for (name, args) in drawn {
        let file = dir.path().join(&name);
        Command::cargo_bin("knight-tour")
            .unwrap()
            .arg("draw")
            .args(args)
            .arg("-o")
            .arg(&file)
            .assert()
            .success();
        made.push((name, file));
    }
    made.extend(worksheet(dir.path()));
    for (name, file) in made {
        let bytes = std::fs::read(&file).unwrap();
        let kept = samples.join(&name);
        if update {
            std::fs::create_dir_all(&samples).unwrap();
            std::fs::write(&kept, &bytes).unwrap();
        } else if !same(&name, std::fs::read(&kept).ok().as_deref(), &bytes) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "stale samples: {stale:?}; regenerate with UPDATE_SAMPLES=1 cargo test --release --test samples"
    );
}

/// Whether a kept sample matches a fresh one: text (SVG, PDF) byte for byte; PNGs by their
/// decoded pixels, each channel within 2 levels, as resvg's reference tests allow, so that an
/// encoder's settings or a last-bit rounding change is not a stale sample.
fn same(name: &str, kept: Option<&[u8]>, fresh: &[u8]) -> bool {
    let Some(kept) = kept else {
        return false;
    };
    if !name.ends_with(".png") {
        return kept == fresh;
    }
    let (Some(a), Some(b)) = (pixels(kept), pixels(fresh)) else {
        return false;
    };
    a.0 == b.0 && a.1.len() == b.1.len() && a.1.iter().zip(&b.1).all(|(x, y)| x.abs_diff(*y) <= 2)
}

/// Width, height and RGBA bytes of a PNG.
fn pixels(bytes: &[u8]) -> Option<((u32, u32), Vec<u8>)> {
    common::rgba(bytes).map(|p| ((p.width, p.height), p.rgba))
}

#[test]
fn pixel_comparison_tolerates_rounding_only() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let kept = std::fs::read(samples.join("8x8-numbers.png")).unwrap();
    let ((w, h), mut px) = pixels(&kept).unwrap();
    let encode = |px: &[u8]| {
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, w, h);
        e.set_color(png::ColorType::Rgba);
        e.set_depth(png::BitDepth::Eight);
        e.write_header().unwrap().write_image_data(px).unwrap();
        out
    };
    // Re-encoded with other settings: other bytes, same pixels.
    let again = encode(&px);
    assert_ne!(again, kept);
    assert_eq!(pixels(&again).map(|p| p.0), Some((w, h)));
    assert!(same("x.png", Some(&kept), &again));
    // A channel off by 2 passes, off by 40 does not.
    let i = px.iter().position(|&v| (50..200).contains(&v)).unwrap();
    px[i] += 2;
    assert!(same("x.png", Some(&kept), &encode(&px)));
    px[i] += 40;
    assert!(!same("x.png", Some(&kept), &encode(&px)));
}

/// The arrow heads of an SVG sample: each `<use>` of a triangle `<path d="M0 0lA BlC Dz">`
/// moved to its place, as its three corners.
fn arrow_heads(svg: &str) -> Vec<[(f64, f64); 3]> {
    let attr = |tag: &str, key: &str| -> Option<String> {
        let at = tag.find(&format!(" {key}=\""))? + key.len() + 3;
        Some(tag[at..].split('"').next()?.to_string())
    };
    let mut shapes = std::collections::HashMap::new();
    for tag in svg.split('<').filter(|t| t.starts_with("path ")) {
        let (Some(d), Some(id)) = (attr(tag, "d"), attr(tag, "id")) else {
            continue;
        };
        let Some(rest) = d.strip_prefix("M0 0l").and_then(|r| r.strip_suffix('z')) else {
            continue;
        };
        let v: Vec<f64> = rest.split(['l', ' ']).map(|x| x.parse().unwrap()).collect();
        if let [a, b, c, e] = v[..] {
            shapes.insert(id, [(0.0, 0.0), (a, b), (a + c, b + e)]);
        }
    }
    svg.split('<')
        .filter(|t| t.starts_with("use "))
        .filter_map(|tag| {
            let id = attr(tag, "href")?.trim_start_matches('#').to_string();
            let (x, y): (f64, f64) = (attr(tag, "x")?.parse().ok()?, attr(tag, "y")?.parse().ok()?);
            Some(shapes.get(&id)?.map(|(a, b)| (a + x, b + y)))
        })
        .collect()
}

/// Whether two triangles share more than a sliver (0.05 units) across every one of their
/// edges' normals: with none of them separating, they overlap.
fn overlap(p: &[(f64, f64); 3], q: &[(f64, f64); 3]) -> bool {
    let edges = |t: [(f64, f64); 3]| (0..3).map(move |i| (t[i], t[(i + 1) % 3]));
    edges(*p).chain(edges(*q)).all(|(a, b)| {
        let n = (a.1 - b.1, b.0 - a.0);
        let len = n.0.hypot(n.1);
        let span = |t: &[(f64, f64); 3]| {
            let d: Vec<f64> = t.iter().map(|v| (v.0 * n.0 + v.1 * n.1) / len).collect();
            (
                d.iter().cloned().fold(f64::MAX, f64::min),
                d.iter().cloned().fold(f64::MIN, f64::max),
            )
        };
        let ((p0, p1), (q0, q1)) = (span(p), span(q));
        p1.min(q1) - p0.max(q0) > 0.05
    })
}

#[test]
fn arrow_heads_on_the_samples_do_not_overlap() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut checked = 0;
    for (stem, args) in SAMPLES.iter().filter(|(_, a)| a.contains(&"--arrows")) {
        let svg = std::fs::read_to_string(samples.join(format!("{stem}.svg"))).unwrap();
        let heads = arrow_heads(&svg);
        let moves = args[0]
            .split('x')
            .map(|v| v.parse::<usize>().unwrap())
            .product::<usize>()
            - 1;
        assert_eq!(heads.len(), moves, "{stem}: an arrow a move");
        for (i, p) in heads.iter().enumerate() {
            for q in &heads[i + 1..] {
                assert!(
                    !overlap(p, q),
                    "{stem}: arrow heads at {p:?} and {q:?} overlap"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 2);
    // The test sees an overlap: a head and the same head moved by a quarter of its size.
    let t = [(0.0, 0.0), (9.79, 7.99), (0.52, 12.62)];
    assert!(overlap(&t, &t.map(|(x, y)| (x + 2.0, y + 1.0))));
    assert!(!overlap(&t, &t.map(|(x, y)| (x + 12.0, y))));
}
