//! `draw` through the real binary: PNG pixels, SVG structure, PDF, and every bad input.

use std::path::Path;

use predicates::str::contains;

mod common;
use common::kt;

use common::Rgba as Png;

fn decode(path: &Path) -> Png {
    common::rgba(&std::fs::read(path).unwrap()).expect("a PNG")
}

impl Png {
    fn dark(&self, x: u32, y: u32) -> bool {
        let i = 4 * (y * self.width + x) as usize;
        let p = &self.rgba[i..i + 3];
        p.iter().map(|&v| v as u32).sum::<u32>() < 150
    }
}

#[test]
fn numbered_png_has_glyph_pixels_in_every_cell_without_system_fonts() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("n.png");
    kt().args(["draw", "8x8", "--cell", "40", "--dpi", "96", "-o"])
        .arg(&f)
        .assert()
        .success();
    let png = decode(&f);
    // Layout of Scene::new(8x8, 40, no labels): margin 20.
    assert_eq!((png.width, png.height), (360, 360));
    assert_eq!(png.pixels_per_metre, Some(3780), "96 dpi in the pHYs chunk");
    for r in 0..8 {
        for c in 0..8 {
            // The middle of the square, clear of the grid and the start/end frames.
            let (x0, y0) = (20 + c * 40 + 9, 20 + r * 40 + 9);
            let ink = (0..22)
                .flat_map(|dy| (0..22).map(move |dx| (x0 + dx, y0 + dy)))
                .filter(|&(x, y)| png.dark(x, y))
                .count();
            assert!(ink > 15, "square ({r},{c}) has {ink} glyph pixels");
        }
    }
}

#[test]
fn dpi_and_width_set_size_and_resolution() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.png");
    kt().args([
        "draw", "6x6", "--cell", "40", "--dpi", "300", "--style", "lines", "-o",
    ])
    .arg(&f)
    .assert()
    .success();
    let png = decode(&f);
    assert_eq!(png.width, (280.0f64 * 300.0 / 96.0).ceil() as u32);
    assert_eq!(
        png.pixels_per_metre,
        Some((300.0f64 / 0.0254).round() as u32)
    );
    kt().args(["draw", "6x6", "--width", "1000", "-o"])
        .arg(&f)
        .assert()
        .success();
    assert_eq!(decode(&f).width, 1000);
    // With no size asked for, the long side is at least 1000 pixels, printed at its own size.
    kt().args(["draw", "3x4", "--cell", "40", "-o"])
        .arg(&f)
        .assert()
        .success();
    let png = decode(&f);
    assert_eq!((png.width, png.height), (1000, 800));
    let dpi = png.pixels_per_metre.unwrap() as f64 * 0.0254;
    assert!((dpi - 96.0 * 1000.0 / 200.0).abs() < 0.5, "{dpi}");
}

#[test]
fn svg_is_one_path_for_the_tour_and_parses() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.svg");
    kt().args([
        "draw", "34x34", "--closed", "--style", "tiles", "--theme", "paper", "-o",
    ])
    .arg(&f)
    .assert()
    .success();
    let svg = std::fs::read_to_string(&f).unwrap();
    assert!(svg.contains("viewBox=\"0 0 "));
    assert!(svg.contains("<title>Knight's tour, 34x34 closed, tiles style, paper theme</title>"));
    // The tour: one path of 1156 relative moves, closed.
    let moves = |line: &str| {
        line.as_bytes()
            .windows(2)
            .filter(|w| w[0] == b'l' && (w[1] == b'-' || w[1].is_ascii_digit()))
            .count()
    };
    let tour: Vec<&str> = svg.lines().filter(|l| moves(l) > 1000).collect();
    assert_eq!(tour.len(), 1);
    assert_eq!(moves(tour[0]), 1155);
    assert!(tour[0].contains("z\""));
    let r = knight_tour::render::Raster::new(100.0, 100.0, None, Some(100)).unwrap();
    knight_tour::render::png(&svg, r).unwrap();
}

#[test]
fn pdf_is_a_vector_page() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.pdf");
    kt().args(["draw", "5x5", "-o"]).arg(&f).assert().success();
    let bytes = std::fs::read(&f).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    let again = dir.path().join("u.pdf");
    kt().args(["draw", "5x5", "-o"])
        .arg(&again)
        .assert()
        .success();
    assert_eq!(
        bytes,
        std::fs::read(&again).unwrap(),
        "same arguments, same bytes"
    );
}

#[test]
fn a_tour_file_is_drawn_and_tiles_are_explained_when_missing() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.json");
    kt().args(["solve", "6x6", "--method", "warnsdorff", "-o"])
        .arg(&t)
        .assert()
        .success();
    let out = dir.path().join("t.svg");
    kt().args(["draw", "--style", "lines", "--tour"])
        .arg(&t)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    assert!(out.exists());
    let bad = dir.path().join("tiles.svg");
    kt().args(["draw", "--style", "tiles", "--tour"])
        .arg(&t)
        .arg("-o")
        .arg(&bad)
        .assert()
        .code(2)
        .stderr(contains("has no tiles to draw"));
    assert!(!bad.exists());
    // Solving with a method that has no tiles draws lines and says so.
    kt().args([
        "draw",
        "6x6",
        "--method",
        "warnsdorff",
        "--style",
        "tiles",
        "-o",
    ])
    .arg(&bad)
    .assert()
    .success()
    .stderr(contains("note: this warnsdorff tour has no tiles"));
}

#[test]
fn bad_input_is_one_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("bad.theme");
    std::fs::write(&theme, "line = #000000\nline_colour = #ff0000\n").unwrap();
    let theme = theme.to_string_lossy().to_string();
    let out = dir.path().join("x.png");
    let o = out.to_string_lossy().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["draw", "8x8", "--style", "dots", "-o", &o],
            "invalid value 'dots'",
        ),
        (
            vec!["draw", "8x8", "--theme", "neon", "-o", &o],
            "unknown theme 'neon'",
        ),
        (
            vec!["draw", "8x8", "--theme", &theme, "-o", &o],
            "bad.theme:2: unknown key 'line_colour'",
        ),
        (
            vec!["draw", "8x8", "-o", "x.bmp"],
            "cannot tell the format of -o 'x.bmp'",
        ),
        (
            vec!["draw", "8x8", "--dpi", "0", "-o", &o],
            "resolution 0 dpi is out of range",
        ),
        (
            vec!["draw", "8x8", "--width", "0", "-o", &o],
            "a width of 0 pixels",
        ),
        (
            vec!["draw", "3000x3000", "--cell", "40", "-o", &o],
            "the image would be 120040x120040 pixels",
        ),
        (
            vec!["draw", "8x8", "-o", "/nonexistent/dir/x.png"],
            "folder '/nonexistent/dir' does not exist",
        ),
        (
            vec!["draw", "5x5", "--closed", "-o", &o],
            "no closed tour on 5x5",
        ),
    ];
    for (args, msg) in cases {
        let a = kt().args(&args).assert().failure();
        let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
        assert!(err.contains(msg), "{args:?}: {err}");
        if !msg.starts_with("invalid value") {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(err.starts_with("error: "), "{args:?}: {err}");
        }
        assert!(!out.exists(), "{args:?} wrote a file");
    }
}

#[test]
fn holes_carry_no_ink_of_the_tour_in_any_named_shape() {
    let dir = tempfile::tempdir().unwrap();
    let near = |p: &[u8], c: [u8; 3]| (0..3).all(|i| p[i].abs_diff(c[i]) < 40);
    for shape in ["disc", "cross", "diamond", "frame"] {
        for (theme, style) in [("classic", "numbers"), ("vlsi", "lines")] {
            let f = dir.path().join(format!("{shape}-{theme}.png"));
            kt().args([
                "draw", "12x12", "--shape", shape, "--cell", "40", "--dpi", "96",
            ])
            .args(["--theme", theme, "--style", style, "-o"])
            .arg(&f)
            .assert()
            .success();
            // The holes, as the solver saw them, from the text grid of the same shape.
            let grid = common::stdout(&["solve", "12x12", "--shape", shape]);
            let png = decode(&f);
            let ink = |r: u32, c: u32| {
                let (x0, y0) = (20 + c * 40 + 10, 20 + r * 40 + 10);
                (0..20)
                    .flat_map(|dy| (0..20).map(move |dx| (x0 + dx, y0 + dy)))
                    .filter(|&(x, y)| {
                        let i = 4 * (y * png.width + x) as usize;
                        let p = &png.rgba[i..i + 3];
                        match theme {
                            "classic" => png.dark(x, y),
                            // The copper trace and the pads.
                            _ => near(p, [0xd0, 0x8a, 0x3c]) || near(p, [0x8a, 0x96, 0xa6]),
                        }
                    })
                    .count()
            };
            for (r, line) in grid.lines().enumerate() {
                for (c, cell) in line.split_whitespace().enumerate() {
                    let n = ink(r as u32, c as u32);
                    if cell == "#" {
                        assert_eq!(
                            n, 0,
                            "{shape} {theme}: hole ({r},{c}) has {n} pixels of ink"
                        );
                    } else {
                        assert!(n > 15, "{shape} {theme}: square ({r},{c}) has no mark");
                    }
                }
            }
        }
    }
}

/// Frames of an animation as RGBA images, through the `image` crate's decoders.
fn animation(path: &Path) -> Vec<image::RgbaImage> {
    use image::AnimationDecoder;
    let bytes = std::fs::read(path).unwrap();
    let cursor = std::io::Cursor::new(bytes);
    let frames = if path.extension().is_some_and(|e| e == "gif") {
        image::codecs::gif::GifDecoder::new(cursor)
            .unwrap()
            .into_frames()
            .collect_frames()
            .unwrap()
    } else {
        image::codecs::png::PngDecoder::new(cursor)
            .unwrap()
            .apng()
            .unwrap()
            .into_frames()
            .collect_frames()
            .unwrap()
    };
    frames.into_iter().map(|f| f.into_buffer()).collect()
}

/// Pixels of `a` within `tol` levels of `b` in every channel, as a fraction.
fn agreement(a: &image::RgbaImage, b: &Png, tol: u8) -> f64 {
    assert_eq!((a.width(), a.height()), (b.width, b.height));
    let same = a
        .as_raw()
        .chunks(4)
        .zip(b.rgba.chunks(4))
        .filter(|(p, q)| p.iter().zip(q.iter()).all(|(x, y)| x.abs_diff(*y) <= tol))
        .count();
    same as f64 / (b.width * b.height) as f64
}

#[test]
fn animations_play_every_move_and_end_on_the_still_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let f = |n: &str| dir.path().join(n);
    for style in ["numbers", "lines"] {
        kt().args(["draw", "8x8", "--style", style, "-o"])
            .arg(f("still.png"))
            .assert()
            .success();
        let still = decode(&f("still.png"));
        for ext in ["gif", "apng"] {
            let out = f(&format!("t.{ext}"));
            kt().args(["draw", "8x8", "--style", style, "-o"])
                .arg(&out)
                .assert()
                .success();
            let frames = animation(&out);
            // The start, then one frame a move.
            assert_eq!(frames.len(), 64, "{style} {ext}");
            let last = frames.last().unwrap();
            // APNG is exact; GIF maps the few antialiased shades beyond 255 to the nearest.
            let (tol, share) = if ext == "apng" { (0, 1.0) } else { (24, 0.999) };
            let a = agreement(last, &still, tol);
            assert!(a >= share, "{style} {ext}: last frame agrees on {a}");
            // Ink grows frame by frame.
            let ink = |im: &image::RgbaImage| {
                im.pixels()
                    .filter(|p| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 150)
                    .count()
            };
            assert!(ink(&frames[1]) < ink(&frames[32]) && ink(&frames[32]) < ink(last));
        }
    }
    // A long tour is grouped into a few hundred frames; --duration and --fps set how many.
    kt().args(["draw", "34x34", "--closed", "--style", "lines", "-o"])
        .arg(f("long.gif"))
        .assert()
        .success();
    assert_eq!(animation(&f("long.gif")).len(), 289);
    kt().args(["draw", "34x34", "--closed", "--style", "lines"])
        .args(["--fps", "10", "--duration", "5", "--width", "300", "-o"])
        .arg(f("short.apng"))
        .assert()
        .success();
    assert_eq!(animation(&f("short.apng")).len(), 51);
}

#[test]
fn first_moves_stills_frames_and_animated_svg() {
    let dir = tempfile::tempdir().unwrap();
    let f = |n: &str| dir.path().join(n);
    let ink = |p: &Png| {
        p.rgba
            .chunks(4)
            .filter(|p| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 150)
            .count()
    };
    kt().args(["draw", "8x8", "--style", "lines", "--upto", "10", "-o"])
        .arg(f("ten.png"))
        .assert()
        .success();
    kt().args(["draw", "8x8", "--style", "lines", "-o"])
        .arg(f("all.png"))
        .assert()
        .success();
    kt().args(["draw", "8x8", "--style", "lines", "--upto", "0", "-o"])
        .arg(f("none.png"))
        .assert()
        .success();
    let (none, ten, all) = (
        ink(&decode(&f("none.png"))),
        ink(&decode(&f("ten.png"))),
        ink(&decode(&f("all.png"))),
    );
    // Ten of 63 moves: some of the line's ink, far from all of it.
    assert!(
        none < ten && 3 * (ten - none) < all - none,
        "{none} {ten} {all}"
    );
    // One PNG a frame, numbered, for slides.
    std::fs::create_dir(f("slides")).unwrap();
    kt().args([
        "draw", "6x6", "--style", "lines", "--width", "200", "--frames",
    ])
    .arg(f("slides"))
    .assert()
    .success()
    .stderr(contains("wrote 36 frames"));
    let mut names: Vec<String> = std::fs::read_dir(f("slides"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 36);
    assert_eq!(
        (names[0].as_str(), names[35].as_str()),
        ("frame-0000.png", "frame-0035.png")
    );
    // The animated SVG: one drawn piece a move, each number appearing at its time.
    kt().args([
        "draw",
        "5x5",
        "--start",
        "c3",
        "--style",
        "lines",
        "--animate",
        "-o",
    ])
    .arg(f("a.svg"))
    .assert()
    .success();
    let svg = std::fs::read_to_string(f("a.svg")).unwrap();
    assert!(svg.contains("@keyframes kt-draw"));
    assert_eq!(svg.matches("pathLength=\"1\"").count(), 24);
    kt().args(["draw", "5x5", "--start", "c3", "--animate", "-o"])
        .arg(f("n.svg"))
        .assert()
        .success();
    let svg = std::fs::read_to_string(f("n.svg")).unwrap();
    // Numbers 2..25 appear (1 is there from the start), digit by digit.
    assert_eq!(svg.matches("class=\"a\"").count(), 8 + 2 * 16 + 1);
    assert!(svg.contains("animation-delay:2s"));
}

#[test]
fn every_number_on_a_board_has_one_cap_height() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("n.png");
    kt().args(["draw", "12x12", "--cell", "60", "--dpi", "96", "-o"])
        .arg(&f)
        .assert()
        .success();
    let png = decode(&f);
    // Margin 24 at cell 60; the ink rows of each square's number.
    let mut heights = Vec::new();
    for r in 0..12u32 {
        for c in 0..12u32 {
            let (x0, y0) = (24 + c * 60 + 10, 24 + r * 60 + 10);
            let rows: Vec<u32> = (0..40)
                .filter(|&dy| (0..40).any(|dx| png.dark(x0 + dx, y0 + dy)))
                .collect();
            heights.push(rows.last().unwrap() - rows[0] + 1);
        }
    }
    let (lo, hi) = (heights.iter().min().unwrap(), heights.iter().max().unwrap());
    // 1..9, 10..99 and 100..144 alike, within a pixel of antialiasing.
    assert!(hi - lo <= 1, "cap heights from {lo} to {hi}");
    assert!(*lo >= 20, "{lo}");
}

#[test]
fn colours_backgrounds_margins_and_pdf_width() {
    let dir = tempfile::tempdir().unwrap();
    let f = |n: &str| dir.path().join(n);
    kt().args(["draw", "6x6", "--style", "lines", "--background", "none"])
        .args(["--palette", "viridis", "--margin", "0", "--dpi", "96", "-o"])
        .arg(f("t.png"))
        .assert()
        .success();
    let png = decode(&f("t.png"));
    // No margin: the board fills the image; a clear page shows nowhere on it but the holes.
    assert_eq!((png.width, png.height), (6 * 48, 6 * 48));
    kt().args([
        "draw",
        "6x6",
        "--style",
        "lines",
        "--background",
        "none",
        "--margin",
        "20",
    ])
    .args(["--dpi", "96", "-o"])
    .arg(f("m.png"))
    .assert()
    .success();
    let png = decode(&f("m.png"));
    assert_eq!(png.rgba[3], 0, "the corner is clear");
    kt().args(["draw", "6x6", "--background", "ivory", "--dpi", "96", "-o"])
        .arg(f("i.png"))
        .assert()
        .success();
    assert_eq!(&decode(&f("i.png")).rgba[..4], &[255, 255, 240, 255]);
    // PDF --width is in points.
    kt().args(["draw", "6x6", "--width", "300", "-o"])
        .arg(f("w.pdf"))
        .assert()
        .success();
    let pdf = std::fs::read(f("w.pdf")).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.contains("/MediaBox [0 0 300 300]"), "no 300 pt page");
}

#[test]
fn colours_with_an_opacity_blend_in_png_and_are_written_in_svg() {
    let dir = tempfile::tempdir().unwrap();
    let f = |n: &str| dir.path().join(n);
    let draw = |line: &str, out: &str| {
        std::fs::write(f("t.theme"), format!("line = {line}\nlight = white\n")).unwrap();
        let dpi: &[&str] = if out.ends_with(".png") {
            &["--dpi", "96"]
        } else {
            &[]
        };
        kt().args(["draw", "6x6", "--style", "lines", "--cell", "40"])
            .args(dpi)
            .arg("--theme")
            .arg(f("t.theme"))
            .arg("-o")
            .arg(f(out))
            .assert()
            .success();
    };
    draw("#ff0000", "solid.png");
    draw("#ff000080\ndark = #0008", "half.png");
    draw("#f008", "half.svg");
    let (solid, half) = (decode(&f("solid.png")), decode(&f("half.png")));
    let red = |p: &[u8]| p == [255, 0, 0, 255];
    let pink = |p: &[u8]| p[0] == 255 && (126..=129).contains(&p[1]) && p[1] == p[2];
    let solid_red = solid.rgba.chunks(4).filter(|p| red(p)).count();
    assert!(solid_red > 1000, "only {solid_red} red pixels");
    // The half-opaque line is never solid red, and is pink over the white squares.
    assert_eq!(half.rgba.chunks(4).filter(|p| red(p)).count(), 0);
    let pinks = half.rgba.chunks(4).filter(|p| pink(p)).count();
    assert!(pinks > solid_red / 4, "{pinks} pink pixels");
    // Dark squares half-opaque black over the white board: mid grey (black alone would be
    // 0); they are painted by the exact checkerboard painter, not tiny-skia.
    let grey = |p: &[u8]| (119..=136).contains(&p[0]) && p[0] == p[1] && p[1] == p[2];
    let greys = half.rgba.chunks(4).filter(|p| grey(p)).count();
    assert!(greys > 10 * 40 * 40, "{greys} grey pixels");
    let svg = std::fs::read_to_string(f("half.svg")).unwrap();
    let line = svg.lines().find(|l| l.contains(r##"stroke="#ff0000""##));
    assert!(
        line.is_some_and(|l| l.contains(r#"stroke-opacity="0.53""#)),
        "no opacity on the SVG's line"
    );
    kt().args([
        "draw",
        "6x6",
        "--background",
        "#ffffff80",
        "--margin",
        "20",
        "--dpi",
        "96",
    ])
    .arg("-o")
    .arg(f("bg.png"))
    .assert()
    .success();
    assert_eq!(&decode(&f("bg.png")).rgba[..4], &[255, 255, 255, 128]);
}

#[test]
fn traced_style_draws_the_numbers_over_a_faint_line() {
    let dir = tempfile::tempdir().unwrap();
    let draw = |style: &str| {
        let f = dir.path().join(format!("{style}.png"));
        kt().args([
            "draw", "6x6", "--cell", "40", "--dpi", "96", "--style", style,
        ])
        .arg("-o")
        .arg(&f)
        .assert()
        .success();
        decode(&f)
    };
    let (numbers, traced) = (draw("numbers"), draw("traced"));
    // The faint line: classic's black mixed 70% toward white, about (178, 178, 178).
    let faint = |png: &Png| {
        png.rgba
            .chunks(4)
            .filter(|p| p[..3].iter().all(|&v| (165..=190).contains(&v)))
            .count()
    };
    let dark = |png: &Png| {
        png.rgba
            .chunks(4)
            .filter(|p| p[..3].iter().map(|&v| v as u32).sum::<u32>() < 150)
            .count()
    };
    assert!(
        faint(&traced) > 10 * faint(&numbers).max(50),
        "a faint line: {} vs {} pixels",
        faint(&traced),
        faint(&numbers)
    );
    // Every number is still drawn in full, in the same ink; the line's own black is gone.
    let (n, t) = (dark(&numbers) as f64, dark(&traced) as f64);
    assert!((t - n).abs() / n < 0.05, "numbers {n} vs traced {t}");
    kt().args(["draw", "6x6", "--style", "numbers+lines", "--arrows", "-o"])
        .arg(dir.path().join("alias.svg"))
        .assert()
        .success();
}
