use super::*;

fn fill_with(bytes: &'static [u8]) -> impl FnMut(&mut dyn Write) -> io::Result<()> {
    move |w| w.write_all(bytes)
}

#[test]
fn failed_write_leaves_old_files_and_no_temp() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    fs::write(&a, "old a").unwrap();
    fs::write(&b, "old b").unwrap();
    let outs = plan(&[("-o", &a), ("--answers", &b)], &[]).unwrap();
    let mut ok = fill_with(b"new a");
    let mut bad = |w: &mut dyn Write| {
        w.write_all(b"partial")?;
        Err(io::Error::other("boom"))
    };
    assert!(write_all(&mut [(&outs[0], &mut ok), (&outs[1], &mut bad)]).is_err());
    assert_eq!(fs::read_to_string(&a).unwrap(), "old a");
    assert_eq!(fs::read_to_string(&b).unwrap(), "old b");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    let mut ok_b = fill_with(b"new b");
    write_all(&mut [(&outs[0], &mut ok), (&outs[1], &mut ok_b)]).unwrap();
    assert_eq!(fs::read_to_string(&a).unwrap(), "new a");
    assert_eq!(fs::read_to_string(&b).unwrap(), "new b");
}

#[test]
fn same_file_is_caught_by_identity() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pdf");
    let dotted = dir.path().join(".").join("a.pdf");
    // Neither exists yet: canonical paths match.
    assert!(plan(&[("-o", &a), ("--answers", &dotted)], &[]).is_err());
    fs::write(&a, "x").unwrap();
    let link = dir.path().join("link.pdf");
    std::os::unix::fs::symlink(&a, &link).unwrap();
    let hard = dir.path().join("hard.pdf");
    fs::hard_link(&a, &hard).unwrap();
    assert!(plan(&[("-o", &link)], &[("--tour", &a)]).is_err());
    assert!(plan(&[("-o", &hard)], &[("--tour", &a)]).is_err());
    assert!(plan(&[("-o", &dir.path().join("b.pdf"))], &[("--tour", &a)]).is_ok());
}

#[test]
fn symlinked_target_keeps_its_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = plan(&[("-o", &link)], &[])
        .map(|mut v| v.remove(0))
        .unwrap();
    write_one(&out, &mut fill_with(b"new")).unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&real).unwrap(), "new");
}

#[test]
fn stale_temps_of_dead_processes_go() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    // No process has pid 4000000000; our own pid is alive and its temp stays.
    let dead = dir.path().join(".a.txt.tmp-4000000000");
    fs::write(&dead, "junk").unwrap();
    let out = plan(&[("-o", &a)], &[]).map(|mut v| v.remove(0)).unwrap();
    write_one(&out, &mut fill_with(b"new")).unwrap();
    assert!(!dead.exists());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn bounded_reads() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    fs::write(&a, "0123456789").unwrap();
    assert_eq!(read_text(&a, "file", 10).unwrap(), "0123456789");
    assert!(read_text(&a, "file", 9)
        .unwrap_err()
        .to_string()
        .contains("more than any"));
    assert!(read_text(dir.path(), "file", 9)
        .unwrap_err()
        .to_string()
        .contains("folder"));
    let e = read_text(Path::new("/dev/zero"), "tour file", 1000).unwrap_err();
    assert!(e.to_string().contains("more than any tour file"), "{e}");
}
