//! The edges of the binary: bad input of every kind, mutated files, killed writes, devices,
//! closed pipes and full disks. Each failure is one `error:` line, its exit code, empty
//! stdout, and no file created or changed.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command as Std, Stdio};

use assert_cmd::cargo::cargo_bin;

mod common;
use common::{kt, stdout};

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            let t = fs::symlink_metadata(&p).unwrap().file_type();
            if t.is_dir() {
                stack.push(p);
            } else if t.is_file() {
                out.insert(p.clone(), fs::read(&p).unwrap());
            } else {
                out.insert(p, Vec::new());
            }
        }
    }
    out
}

/// A folder with one of each input a command can read.
fn fixtures() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        kt().current_dir(d).args(args).assert().success();
    };
    ok(&[
        "solve", "6x6", "--closed", "--format", "json", "-o", "t.json",
    ]);
    ok(&["solve", "5x5", "--format", "json", "-o", "open.json"]);
    ok(&[
        "puzzle", "6x6", "--seed", "1", "--format", "json", "-o", "p.json",
    ]);
    ok(&[
        "puzzle", "6x6", "--seed", "1", "--format", "text", "-o", "p.txt",
    ]);
    fs::write(d.join("my.theme"), "line = #123456\n").unwrap();
    fs::write(d.join("my.page"), "title = Hello\n").unwrap();
    fs::write(d.join("empty.json"), "").unwrap();
    fs::write(
        d.join("garbage.json"),
        "{\"format\": \"knight-tour/1\", \"rows\": 8,,}",
    )
    .unwrap();
    fs::write(d.join("foreign.json"), "{\"format\": \"other/2\"}").unwrap();
    fs::write(
        d.join("long.json"),
        "{\"format\": \"knight-tour/1\", \"rows\": 1, \"cols\": 1, \"closed\": false, \"path\": [[0, 0], [0, 0]]}",
    )
    .unwrap();
    fs::write(
        d.join("late.json"),
        "{\"path\": [[0, 0], [9, 9]], \"format\": \"knight-tour/1\", \"rows\": 1, \"cols\": 1, \"closed\": false}",
    )
    .unwrap();
    fs::write(
        d.join("huge.json"),
        "{\"format\": \"knight-tour/1\", \"rows\": 99999999999, \"cols\": 99999999999, \"closed\": false, \"path\": []}",
    )
    .unwrap();
    fs::create_dir(d.join("folder")).unwrap();
    fs::write(d.join("bad.theme"), "nonsense = 1\n").unwrap();
    fs::write(d.join("bad.page"), "width = -5\n").unwrap();
    fs::write(d.join("grid.txt"), "1 . .\n. ? .\n").unwrap();
    dir
}

/// The table: arguments and the exit code they must give.
fn bad_inputs() -> Vec<(Vec<String>, i32)> {
    let mut cases: Vec<(Vec<String>, i32)> = Vec::new();
    let mut add = |code: i32, args: &[&str]| {
        cases.push((args.iter().map(|s| s.to_string()).collect(), code));
    };
    // Boards that do not parse, on every command that takes one.
    let boards = [
        "0",
        "8y8",
        "-3x5",
        "1x0",
        "x8",
        "",
        "8x",
        "8x8x8",
        "+8",
        "08",
        "8x08",
        "8.0",
        "abc",
        "99999999999999999999999x2",
        "100000x100000",
        "8 x 8x",
        "٨x٨",
    ];
    for b in boards {
        add(2, &["solve", b]);
        add(2, &["exists", b]);
        add(2, &["draw", b, "-o", "x.svg"]);
        add(2, &["puzzle", b, "-o", "x.pdf"]);
    }
    // Squares that do not parse or lie off the board.
    for sq in [
        "z9",
        "i1",
        "a0",
        "a9",
        "8,0",
        "0,8",
        "c",
        "3",
        "a01",
        "+1,+1",
        "-1,0",
        "1,",
        ",1",
        "c 3",
        "aaaaaaaaa1",
        "1;2",
    ] {
        add(2, &["solve", "8x8", "--start", sq]);
        add(2, &["exists", "8x8", "--open", "--start", sq]);
    }
    // Numbers in options: one grammar everywhere.
    for n in [
        "+1",
        "-1",
        "1.5",
        "abc",
        "",
        "01",
        "99999999999999999999999",
    ] {
        add(2, &["solve", "8x8", "--seed", n]);
        add(
            2,
            &["solve", "8x8", "--method", "warnsdorff", "--budget", n],
        );
        add(2, &["puzzle", "6x6", "--count", n, "-o", "x.pdf"]);
    }
    for x in ["0", "-1", "nan", "inf", "1e3", "1.", ".5", "abc", "100000"] {
        add(2, &["draw", "8x8", "--cell", x, "-o", "x.svg"]);
        add(2, &["draw", "8x8", "--dpi", x, "-o", "x.png"]);
    }
    // The rest, one case a line: the exit code, then the arguments (split at spaces).
    let table = "
        1 solve 5x5 --closed
        1 solve 4x4
        1 solve 3x3
        1 solve 5x5 --start b1
        1 solve 4x20 --start b2
        1 draw 5x5 --closed -o x.svg
        1 puzzle 5x5 --closed -o x.pdf
        4 solve 12x12 --method backtrack --budget 1000
        2 draw 8x8 --arrows -o x.svg
        2 draw 8x8 --gradient -o x.svg
        2 draw 8x8 --animate -o x.png
        2 draw 8x8 --fps 5 -o x.png
        2 draw 8x8 --fps 500 -o x.gif
        2 draw 8x8 --duration 0 -o x.gif
        2 draw 8x8 --upto 64 -o x.png
        2 draw 8x8 --style lines --palette rainbow -o x.png
        2 draw 8x8 --palette viridis -o x.png
        2 draw 8x8 --background plaid -o x.png
        2 draw 8x8 --style lines --line-width 3 -o x.png
        2 draw 8x8 --margin -1 -o x.png
        2 draw 8x8 --frames nowhere/at/all
        2 draw 8x8 --width 500 -o x.svg
        2 draw 8x8 --dpi 300 -o x.svg
        2 draw 8x8 --dpi 300 -o x.pdf
        2 draw --tour t.json --style lines -o x.svg --closed
        2 draw --tour t.json --style lines -o x.svg --open
        2 draw --tour t.json --style lines -o x.svg --start a1
        2 draw --tour t.json --style lines -o x.svg --seed 1
        2 draw --tour t.json --style lines -o x.svg --method divide
        2 draw --tour t.json --style lines -o x.svg --budget 5
        2 solve 8x8 --method divide --budget 100
        2 solve 8x8 --method backtrack --seed 1
        2 exists 8x8 --closed --start a1
        2 puzzle 6x6 --format json -o x.json --page letter
        2 puzzle 6x6 --format json -o x.json --per-page 2
        2 puzzle 6x6 --format json -o x.json --title x
        2 puzzle 6x6 --format json -o x.json --theme paper
        2 puzzle 6x6 --format json -o x.json --dpi 100
        2 puzzle 6x6 --format json -o x.json --template my.page
        2 puzzle 6x6 --dpi 100 -o x.pdf
        2 puzzle solve p.json --closed
        2 verify t.json --budget 5
        2 draw --tour t.json --format svg -o t.json
        2 draw --tour t.json --format svg -o ./t.json
        2 draw 8x8 --theme my.theme --format svg -o my.theme
        2 puzzle 6x6 --template my.page --format pdf -o my.page
        2 puzzle 6x6 --theme my.theme --format pdf -o my.theme
        2 puzzle 6x6 --seed 1 -o s.pdf --answers ./s.pdf
        2 puzzle 6x6 --seed 1 -o s.pdf --answers s.pdf
        2 puzzle 6x6 --seed 1 -o folder/../s.pdf --answers s.pdf
        2 puzzle 6x6 --seed 1 --per-page 1 --count 2 -o s.svg --answers ./s.svg
        2 solve 8x8 -o folder
        2 solve 8x8 -o nowhere/t.txt
        2 solve 8x8 -o t.bin
        2 draw 8x8 -o x.bmp
        2 draw 8x8 -o folder
        2 puzzle 6x6 -o nowhere/s.pdf
        2 puzzle 6x6 -o s.pdf --answers nowhere/k.pdf
        2 puzzle 6x6 -o s.pdf --answers k.json
        2 draw 3000x3000 --cell 40 -o x.png
        2 draw 30000x30000 --style lines -o x.png
        2 draw 400x400 -o x.pdf
        2 draw 2000x2000 --closed -o x.png
        2 draw 2000x2000 --closed -o x.svg
        2 draw 2000x2000 --closed -o x.pdf
        2 draw 10000x10000 --style lines --cell 1 -o x.svg
        2 puzzle 50x50 -o x.pdf
        2 puzzle 31x30 -o x.pdf
        2 puzzle 16x16 --difficulty hard -o x.pdf
        2 puzzle 12x12 --minimal -o x.pdf
        2 puzzle 6x6 --count 1001 -o x.pdf
        2 puzzle 6x6 --per-page 65 -o x.pdf
        2 puzzle 6x6 --clues 37 -o x.pdf
        2 draw 8x8 --theme bad.theme -o x.svg
        2 draw 8x8 --theme folder -o x.svg
        2 draw 8x8 --theme neon -o x.svg
        2 puzzle 6x6 --template bad.page -o x.pdf
        2 puzzle 6x6 --template /dev/zero -o x.pdf
        2 puzzle 6x6 --template missing.page -o x.pdf
        2 puzzle 6x6 --page a2 -o x.pdf
        2 puzzle 6x6 --page 40x400mm -o x.pdf
        2 puzzle 6x6 --caption seed -o x.html
        1 verify long.json
        1 verify late.json
        2 solve
        2 solve 8x8 --method magic
        2 solve 8x8 --format xml
        2 solve 8x8 --closed --open
        2 solve 8x8 --end z9
        2 solve 8x8 --closed --end h1
        1 solve 8x8 --start a8 --end h1
        2 draw 8x8
        2 draw 8x8 --style dots -o x.svg
        2 draw 8x8 --tour t.json -o x.svg
        2 puzzle 6x6 --difficulty insane -o x.pdf
        2 puzzle 6x6 --clues 10 --difficulty easy -o x.pdf
        2 puzzle 6x6 --format pdf
        2 verify
        2 frobnicate
    ";
    for line in table.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut words = line.split_whitespace();
        let code: i32 = words.next().unwrap().parse().unwrap();
        cases.push((words.map(String::from).collect(), code));
    }
    // Inputs that are not what they should be.
    let bad_files = [
        "empty.json",
        "garbage.json",
        "foreign.json",
        "huge.json",
        "folder",
        "missing.json",
        "/dev/zero",
    ];
    for f in bad_files.iter().chain(&["late.json", "p.txt"]) {
        let code = if *f == "late.json" { 1 } else { 2 };
        cases.push((
            ["draw", "--tour", f, "-o", "x.svg"]
                .map(String::from)
                .to_vec(),
            code,
        ));
    }
    for f in bad_files {
        cases.push((vec!["verify".into(), f.into()], 2));
    }
    for f in [
        "empty.json",
        "garbage.json",
        "folder",
        "missing.json",
        "grid.txt",
        "/dev/zero",
        "t.json",
    ] {
        cases.push((["puzzle", "solve", f].map(String::from).to_vec(), 2));
    }
    cases
}

#[test]
fn bad_inputs_give_one_error_line_and_touch_nothing() {
    let dir = fixtures();
    let before = snapshot(dir.path());
    let cases = bad_inputs();
    assert!(cases.len() >= 150, "only {} cases", cases.len());
    for (args, code) in &cases {
        let out = kt().current_dir(dir.path()).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(*code), "{args:?}: {err}");
        let errors = err.lines().filter(|l| l.starts_with("error:")).count();
        assert_eq!(errors, 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            out.stdout.is_empty(),
            "{args:?} printed {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(snapshot(dir.path()), before, "{args:?} changed the folder");
    }
}

/// Deterministic mutations of a file: truncations, byte flips, huge numbers, wrong lengths.
fn mutations(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let n = bytes.len();
    for k in 1..=20 {
        out.push(String::from_utf8_lossy(&bytes[..n * k / 21]).into_owned());
    }
    for k in 0..30 {
        let mut b = bytes.to_vec();
        let i = (k * 7919 + 13) % n;
        b[i] = b[i].wrapping_add(1 + (k as u8 % 5));
        out.push(String::from_utf8_lossy(&b).into_owned());
    }
    for huge in [
        "4294967296",
        "18446744073709551616",
        "-1",
        "1e9",
        "0",
        "null",
        "\"7\"",
    ] {
        if let Some(i) = text.find(|c: char| c.is_ascii_digit()) {
            out.push(format!("{}{huge}{}", &text[..i], &text[i + 1..]));
        }
        if let Some(i) = text.rfind(|c: char| c.is_ascii_digit()) {
            out.push(format!("{}{huge}{}", &text[..i], &text[i + 1..]));
        }
    }
    out.push(text.replacen("[", "[[0, 0], ", 1));
    out.push(text.replace("], [", "], [0, 0], ["));
    out.push(text.replacen("], [", "], ", 1));
    out.push(text.replace("false", "true"));
    out.push(text.replace("true", "false"));
    out.push(format!("{text}{text}"));
    out.push(format!("[{text}, {text}]"));
    out.push(format!("[{text}, 5]"));
    out.push("[]".into());
    out.push(text.replace('"', "'"));
    out
}

#[test]
fn mutated_files_never_panic() {
    let dir = fixtures();
    let d = dir.path();
    let mut tried = 0;
    for (source, commands) in [
        (
            "t.json",
            &[
                &["verify"][..],
                &["draw", "--style", "lines", "-o", "x.svg", "--tour"],
            ][..],
        ),
        ("p.json", &[&["verify"][..], &["puzzle", "solve"]]),
        ("p.txt", &[&["puzzle", "solve"][..]]),
    ] {
        let text = fs::read_to_string(d.join(source)).unwrap();
        for (i, m) in mutations(&text).iter().enumerate() {
            let f = d.join(format!("m{i}-{source}"));
            fs::write(&f, m).unwrap();
            for cmd in commands {
                let out = kt().current_dir(d).args(*cmd).arg(&f).output().unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                let code = out.status.code();
                assert!(
                    matches!(code, Some(0..=4)),
                    "{cmd:?} on mutation {i} of {source}: {code:?} {err}"
                );
                assert!(
                    !err.contains("panicked"),
                    "{cmd:?} on mutation {i} of {source}: {err}"
                );
                // A "no" with an answer on stdout (no solution, two solutions) is no error.
                if code != Some(0) && out.stdout.is_empty() {
                    assert_eq!(
                        err.lines().filter(|l| l.starts_with("error:")).count(),
                        1,
                        "{err}"
                    );
                }
                tried += 1;
            }
            fs::remove_file(&f).unwrap();
        }
    }
    assert!(tried >= 200, "{tried}");
}

fn temps_in(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect()
}

/// Kills a large write at many points of its progress: the old file stays whole or the new
/// one is complete, and the next run removes the dead process's temporary file.
#[test]
fn killed_writes_leave_old_or_new_never_half() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let target = d.join("big.json");
    fs::write(&target, "old contents\n").unwrap();
    let args = [
        "solve",
        "1500x1500",
        "--closed",
        "--format",
        "json",
        "-o",
        "big.json",
    ];
    let mut complete = None;
    // Kills that landed in the middle of the write: sent while the temporary file was growing,
    // the process ended by them, and the target left as it was.
    let mut mid_write = 0;
    for (k, signal) in [
        (1u64, libc::SIGKILL),
        (2, libc::SIGKILL),
        (8, libc::SIGTERM),
        (20, libc::SIGKILL),
        (30, libc::SIGTERM),
        (45, libc::SIGKILL),
        (60, libc::SIGKILL),
        (1000, libc::SIGKILL),
    ] {
        let mut child = Std::new(cargo_bin("knight-tour"))
            .current_dir(d)
            .args(args)
            .spawn()
            .unwrap();
        let tmp = d.join(format!(".big.json.tmp-{}", child.id()));
        let before = fs::read(&target).unwrap();
        let mut sent_mid = false;
        // Wait until the temporary file holds k MB (or the run ends), then signal it.
        loop {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            if fs::metadata(&tmp)
                .map(|m| m.len() >= k << 20)
                .unwrap_or(false)
            {
                // SAFETY: kill(2) on our own child's pid has no memory effects.
                let sent = unsafe { libc::kill(child.id() as libc::pid_t, signal) };
                assert_eq!(sent, 0);
                sent_mid = true;
                break;
            }
            std::thread::yield_now();
        }
        let status = child.wait().unwrap();
        let now = fs::read(&target).unwrap();
        if sent_mid && !status.success() && now == before {
            use std::os::unix::process::ExitStatusExt;
            let by_it = status.signal() == Some(signal) || status.code() == Some(130);
            assert!(by_it, "k {k}: {status:?}");
            mid_write += 1;
        }
        if now != b"old contents\n" {
            // Whatever is there must be a complete tour.
            kt().current_dir(d)
                .args(["verify", "big.json"])
                .assert()
                .success();
            complete = Some(now);
        }
        if signal == libc::SIGTERM && !status.success() {
            assert!(!tmp.exists(), "SIGTERM left {}", tmp.display());
        }
    }
    // The file is about 30 MB: the kills at 1, 2, 8 and 20 MB land while it is written.
    assert!(mid_write >= 3, "only {mid_write} kills landed mid-write");
    // The next run cleans what SIGKILL left.
    kt().current_dir(d).args(args).assert().success();
    assert!(temps_in(d).is_empty(), "{:?}", temps_in(d));
    let fresh = fs::read(&target).unwrap();
    if let Some(c) = complete {
        assert_eq!(c, fresh);
    }
}

#[test]
fn devices_and_fifos_are_written_in_place() {
    kt().args(["solve", "8x8", "--format", "json", "-o", "/dev/null"])
        .assert()
        .success();
    kt().args([
        "puzzle",
        "6x6",
        "--seed",
        "1",
        "-o",
        "/dev/null",
        "--format",
        "pdf",
    ])
    .assert()
    .success();
    kt().args(["draw", "8x8", "-o", "/dev/null", "--format", "png"])
        .assert()
        .success();
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    // A full device is an I/O failure (exit 3), reported once.
    for args in [
        &["solve", "8x8", "-o", "/dev/full", "--format", "json"][..],
        &["draw", "8x8", "-o", "/dev/full", "--format", "svg"],
        &[
            "puzzle",
            "6x6",
            "--seed",
            "1",
            "-o",
            "/dev/full",
            "--format",
            "json",
        ],
    ] {
        let out = kt().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.lines().filter(|l| l.starts_with("error:")).count(),
            1,
            "{err}"
        );
    }
    assert!(fs::metadata("/dev/full")
        .unwrap()
        .file_type()
        .is_char_device());
    // A FIFO stays a FIFO and its reader gets the whole tour.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(Std::new("mkfifo").arg(&fifo).status().unwrap().success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    kt().args(["solve", "8x8", "--format", "json", "-o"])
        .arg(&fifo)
        .assert()
        .success();
    let text = reader.join().unwrap();
    assert!(text.starts_with("{\"format\": \"knight-tour/1\""));
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    // "-" is standard output.
    let out = kt().args(["solve", "5x5", "-o", "-"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 5);
}

#[test]
fn links_to_an_input_are_caught() {
    let dir = fixtures();
    let d = dir.path();
    std::os::unix::fs::symlink(d.join("t.json"), d.join("sym.json")).unwrap();
    fs::hard_link(d.join("t.json"), d.join("hard.json")).unwrap();
    let before = snapshot(d);
    for out in ["sym.json", "hard.json"] {
        kt().current_dir(d)
            .args(["draw", "--tour", "t.json", "--format", "svg", "-o", out])
            .assert()
            .code(2);
    }
    assert_eq!(snapshot(d), before);
}

/// Runs a command whose stdout is a pipe nobody reads any more.
fn into_closed_pipe(args: &[&str], dir: &Path) -> std::process::Output {
    let mut sink = Std::new("head")
        .args(["-c", "0"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    let pipe = sink.stdin.take().unwrap();
    sink.wait().unwrap();
    Std::new(cargo_bin("knight-tour"))
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::from(pipe))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let dir = fixtures();
    for args in [
        &["solve", "300x300"][..],
        &["solve", "8x8", "--format", "summary"],
        &["exists", "8x8"],
        &["exists", "5x5", "--closed"],
        &["verify", "t.json"],
        &["verify", "p.json"],
        &["puzzle", "6x6", "--seed", "1"],
        &["puzzle", "solve", "p.json"],
        &["draw", "8x8", "-o", "-", "--format", "svg"],
        &["--help"],
        &["--version"],
    ] {
        let out = into_closed_pipe(args, dir.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.contains("error:"), "{args:?}: {err}");
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {:?}",
            out.status
        );
    }
}

#[test]
fn exists_without_a_kind_answers_for_open_tours() {
    let text = stdout(&["exists", "5x5"]);
    assert!(text.contains("no: no closed tour on 5x5"), "{text}");
    assert!(text.contains("yes: 5x5 has open tours"), "{text}");
    kt().args(["exists", "4x4"]).assert().code(1);
    kt().args(["exists", "5x5", "--closed"]).assert().code(1);
}

#[test]
fn one_grammar_for_boards_squares_and_numbers() {
    // Surrounding spaces and case are accepted everywhere.
    for (board, start) in [(" 8x8 ", " A1 "), ("8X8", "a1"), ("8×8", " 7,0")] {
        let out = stdout(&[
            "solve", board, "--start", start, "--seed", " 3 ", "--format", "moves",
        ]);
        assert!(out.starts_with("a1\n"), "{out}");
    }
    // Hints answer in the notation typed.
    let err = |args: &[&str]| {
        String::from_utf8(kt().args(args).assert().code(2).get_output().stderr.clone()).unwrap()
    };
    assert!(err(&["solve", "8x8", "--start", "i9"]).contains("files a..h, ranks 1..8"));
    assert!(err(&["solve", "8x8", "--start", "8,1"]).contains("rows 0..7, columns 0..7"));
}

#[test]
fn fifo_inputs_are_read_once_or_refused_when_silent() {
    let dir = fixtures();
    let d = dir.path();
    let fifo = d.join("in.pipe");
    assert!(Std::new("mkfifo").arg(&fifo).status().unwrap().success());
    // With a writer, the tour is read through the FIFO (the type sniffing must not eat it).
    let tour = fs::read(d.join("t.json")).unwrap();
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, tour).unwrap())
    };
    kt().current_dir(d)
        .args(["verify", "in.pipe"])
        .assert()
        .success();
    writer.join().unwrap();
    // With no writer, one line after the time bound instead of a hang.
    let out = kt()
        .current_dir(d)
        .args(["verify", "in.pipe"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nothing arrived within 10 s"), "{err}");
}
