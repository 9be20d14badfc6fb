//! samples/ is current: every sample is made again by the real binary and compared byte for
//! byte. Regenerate them all with `UPDATE_SAMPLES=1 cargo test --release --test samples`.

use std::path::Path;

use assert_cmd::Command;

/// File stem and the `draw` arguments that make it (each as .svg and .png).
const SAMPLES: [(&str, &[&str]); 5] = [
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
];

#[test]
fn samples_are_current() {
    let update = std::env::var_os("UPDATE_SAMPLES").is_some_and(|v| v == "1");
    let dir = tempfile::tempdir().unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut stale = Vec::new();
    for (stem, args) in SAMPLES {
        for ext in ["svg", "png"] {
            let name = format!("{stem}.{ext}");
            let made = dir.path().join(&name);
            Command::cargo_bin("knight-tour")
                .unwrap()
                .arg("draw")
                .args(args)
                .arg("-o")
                .arg(&made)
                .assert()
                .success();
            let bytes = std::fs::read(&made).unwrap();
            let kept = samples.join(&name);
            if update {
                std::fs::create_dir_all(&samples).unwrap();
                std::fs::write(&kept, &bytes).unwrap();
            } else if std::fs::read(&kept).ok().as_deref() != Some(&bytes[..]) {
                stale.push(name);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale samples: {stale:?}; regenerate with UPDATE_SAMPLES=1 cargo test --release --test samples"
    );
}
