//! Files the CLI reads and writes.
//!
//! Outputs: a regular (or new) file is written to a temporary file beside it and renamed into
//! place, so a reader never sees half a file; a device, FIFO, `-` or `/dev/stdout` is written
//! directly, because renaming over a device would replace it with a regular file. A command's
//! outputs are all staged before the first rename: on failure none of them changes.
//! Inputs: read with a size bound, a folder or a silent FIFO refused with one line.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, Once, OnceLock};
use std::time::Duration;

use super::error::Error;

/// Temporary files this process has open, removed on Ctrl-C, SIGTERM or SIGHUP.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Every file this process has opened for reading, with what it was read as: whatever option
/// named it, a file the tool reads is an input, and no output may replace it.
static READ: Mutex<Vec<(String, PathBuf, Identity)>> = Mutex::new(Vec::new());

/// The inputs read so far that are still the files they were (an inode freed by a deleted
/// input and taken by a new file is not that input).
fn inputs_read() -> Vec<(String, PathBuf, Identity)> {
    let read = READ.lock().unwrap_or_else(|p| p.into_inner()).clone();
    read.into_iter()
        .filter(|(_, p, id)| identity(p).as_ref() == Some(id))
        .collect()
}

/// Records `path` as an input, read as `what`; [`open_bounded`] does it for every reader.
pub fn note_input(what: &str, path: &Path) {
    if let Some(id) = identity(path) {
        let mut read = READ.lock().unwrap_or_else(|p| p.into_inner());
        read.push((what.to_string(), path.to_path_buf(), id));
    }
}

/// The error for an output that would replace an input or an earlier output.
fn clobber(option: &str, path: &Path, role: &str, other: &str, other_path: &Path) -> Error {
    Error::Usage(format!(
        "{option} '{}' is the same file as {role} {other} '{}'; writing it would destroy that; hint: choose another file name",
        path.display(),
        other_path.display()
    ))
}

/// Refuses an output that is a file read as an input, also one read after the outputs were
/// planned (the last check before anything is replaced).
fn check_not_read(option: &str, path: &Path, target: &Path) -> Result<(), Error> {
    let Some(id) = identity(target) else {
        return Ok(());
    };
    match inputs_read().iter().find(|(_, _, s)| *s == id) {
        Some((what, p, _)) => Err(clobber(option, path, "the input", what, p)),
        None => Ok(()),
    }
}

/// How long a FIFO may stay silent before a read gives up.
const FIFO_WAIT: Duration = Duration::from_secs(10);

fn lock_temps() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPS.lock().unwrap_or_else(|p| p.into_inner())
}

/// Removes every registered temporary file (on an interrupt, or after a failure).
fn remove_temps() {
    for p in lock_temps().drain(..) {
        let _ = fs::remove_file(p);
    }
}

/// The signals that end a run with 130: Ctrl-C, `kill` and a closed terminal.
const SIGNALS: [std::ffi::c_int; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];

/// True while the process has no temporary file: a signal then ends it with 130 in the
/// handler itself. Set false once a thread is watching for signals to remove the files.
static NO_TEMPS: OnceLock<Arc<AtomicBool>> = OnceLock::new();
static WATCHER: Once = Once::new();

/// Ends the process with exit 130 on Ctrl-C, SIGTERM or SIGHUP; installed once, when a
/// command starts. No thread is started for it (a small board's whole run is about a
/// millisecond, and a thread cost a tenth of that): the handler exits at once, until the first
/// temporary file is registered and [`watch_for_temps`] takes over.
pub fn on_interrupt() {
    NO_TEMPS.get_or_init(|| {
        let armed = Arc::new(AtomicBool::new(true));
        for signal in SIGNALS {
            let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, armed.clone());
        }
        armed
    });
}

/// From the first temporary file on, a thread waits for the signals, removes this process's
/// temporary files and ends it with 130 (removing files cannot be done in a signal handler).
fn watch_for_temps() {
    WATCHER.call_once(|| {
        on_interrupt();
        let Ok(mut signals) = signal_hook::iterator::Signals::new(SIGNALS) else {
            return;
        };
        std::thread::spawn(move || {
            if signals.forever().next().is_some() {
                remove_temps();
                std::process::exit(130);
            }
        });
        // Only now: a signal before this line still ends the run, with no file to remove.
        if let Some(armed) = NO_TEMPS.get() {
            armed.store(false, Ordering::SeqCst);
        }
    });
}

fn register(tmp: &Path) {
    watch_for_temps();
    lock_temps().push(tmp.to_path_buf());
}

fn unregister(tmp: &Path) {
    lock_temps().retain(|p| p != tmp);
}

/// Where an output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Sink {
    /// Standard output (`-`).
    Stdout,
    /// A device, FIFO or /dev/stdout: opened and written in place.
    Direct(PathBuf),
    /// A regular or new file (symlinks resolved): temporary file, then rename.
    Replace(PathBuf),
}

/// A checked output target.
#[derive(Debug, Clone)]
pub struct Output {
    /// The name as the user wrote it, for messages.
    shown: PathBuf,
    sink: Sink,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Self {
        Output {
            shown: PathBuf::from("-"),
            sink: Sink::Stdout,
        }
    }

    /// The name the user gave.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Whether the bytes go to standard output.
    pub fn is_stdout(&self) -> bool {
        self.sink == Sink::Stdout
    }
}

/// The identity of a file: device and inode where it exists, else its canonical path.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Identity {
    Inode(u64, u64),
    Path(PathBuf),
}

fn parent_of(p: &Path) -> &Path {
    match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

#[cfg(unix)]
fn inode(m: &fs::Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some(Identity::Inode(m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn inode(_: &fs::Metadata) -> Option<Identity> {
    None
}

fn identity(p: &Path) -> Option<Identity> {
    if let Ok(m) = fs::metadata(p) {
        if let Some(id) = inode(&m) {
            return Some(id);
        }
        return fs::canonicalize(p).ok().map(Identity::Path);
    }
    let dir = fs::canonicalize(parent_of(p)).ok()?;
    Some(Identity::Path(dir.join(p.file_name()?)))
}

#[cfg(unix)]
fn is_special(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let t = m.file_type();
    t.is_char_device() || t.is_block_device() || t.is_fifo() || t.is_socket()
}

#[cfg(not(unix))]
fn is_special(m: &fs::Metadata) -> bool {
    !m.is_file() && !m.is_dir()
}

/// Decides how `path` (named by `option`) is written, refusing a folder or a missing folder.
fn target(option: &str, path: &Path) -> Result<Output, Error> {
    let shown = path.to_path_buf();
    if path.as_os_str() == "-" {
        return Ok(Output::stdout());
    }
    let usage =
        |why: String| Error::Usage(format!("cannot write {option} '{}': {why}", path.display()));
    // /dev/stdout and friends are links to whatever fd 1 is; write through them.
    let real = fs::canonicalize(path).ok();
    let under_dev = real
        .as_deref()
        .is_some_and(|r| r.starts_with("/dev") || r.starts_with("/proc"));
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(usage("it is a folder".into())),
        Ok(m) if is_special(&m) || under_dev => Ok(Output {
            shown,
            sink: Sink::Direct(path.to_path_buf()),
        }),
        Ok(_) => Ok(Output {
            shown,
            sink: Sink::Replace(real.unwrap_or_else(|| path.to_path_buf())),
        }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // A dangling symlink: write its target, keeping the link (as for a live one).
            let path = &match fs::read_link(path) {
                Ok(to) => parent_of(path).join(to),
                Err(_) => path.to_path_buf(),
            };
            let dir = parent_of(path);
            if !dir.is_dir() {
                return Err(usage(format!("folder '{}' does not exist", dir.display())));
            }
            if path.file_name().is_none() {
                return Err(usage("that is not a file name".into()));
            }
            Ok(Output {
                shown,
                sink: Sink::Replace(path.to_path_buf()),
            })
        }
        Err(e) => Err(usage(e.to_string())),
    }
}

/// Checks a command's outputs before any work: each one writable, none the same file as an
/// input or as another output (by device and inode, so `./a`, links and symlinks are caught).
/// `outputs` and `inputs` pair each path with the option that named it.
pub fn plan(outputs: &[(&str, &Path)], inputs: &[(&str, &Path)]) -> Result<Vec<Output>, Error> {
    let mut planned = Vec::with_capacity(outputs.len());
    let mut seen: Vec<(&str, &Path, Identity)> = Vec::new();
    for &(option, path) in inputs {
        if let Some(id) = identity(path) {
            seen.push((option, path, id));
        }
    }
    let read = inputs_read();
    for (what, path, id) in &read {
        seen.push((what.as_str(), path.as_path(), id.clone()));
    }
    let inputs_len = seen.len();
    for &(option, path) in outputs {
        let out = target(option, path)?;
        if matches!(out.sink, Sink::Replace(_)) {
            if let Some(id) = identity(path) {
                if let Some((i, (other, other_path, _))) =
                    seen.iter().enumerate().find(|(_, (_, _, s))| *s == id)
                {
                    let role = if i < inputs_len {
                        "the input"
                    } else {
                        "the output"
                    };
                    return Err(clobber(option, path, role, other, other_path));
                }
                seen.push((option, path, id));
            }
        }
        planned.push(out);
    }
    Ok(planned)
}

/// A temporary file beside its target, removed unless renamed into place.
struct Staged {
    tmp: PathBuf,
    target: PathBuf,
    shown: PathBuf,
}

impl Staged {
    fn discard(&self) {
        let _ = fs::remove_file(&self.tmp);
        unregister(&self.tmp);
    }
}

/// The temporary name for `target` in this process: `.NAME.tmp-PID`.
fn temp_name(target: &Path) -> Option<PathBuf> {
    let name = target.file_name()?.to_string_lossy().into_owned();
    Some(parent_of(target).join(format!(".{name}.tmp-{}", std::process::id())))
}

/// Removes `.NAME.tmp-PID` files beside `target` left by processes that no longer run.
fn remove_stale(target: &Path) {
    // Without /proc there is no cheap way to tell a live writer from a dead one: keep them.
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Some(name) = target.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = fs::read_dir(parent_of(target)) else {
        return;
    };
    for e in entries.flatten() {
        let file = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = file.strip_prefix(&prefix) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_file(e.path());
        }
    }
}

fn io_error(action: &'static str, path: &Path, source: io::Error) -> Error {
    if source.kind() == io::ErrorKind::BrokenPipe {
        return Error::BrokenPipe;
    }
    let path = if path.as_os_str() == "-" {
        "standard output".to_string()
    } else {
        path.display().to_string()
    };
    Error::Io {
        action,
        path,
        source,
    }
}

fn stage(target: &Path, shown: &Path, fill: &mut Fill<'_>) -> Result<Staged, Error> {
    remove_stale(target);
    let tmp = temp_name(target).ok_or_else(|| {
        Error::Usage(format!(
            "cannot write '{}': not a file name",
            shown.display()
        ))
    })?;
    register(&tmp);
    let staged = Staged {
        tmp: tmp.clone(),
        target: target.to_path_buf(),
        shown: shown.to_path_buf(),
    };
    let result = (|| {
        let file = File::create(&tmp)?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()
    })();
    match result {
        Ok(()) => Ok(staged),
        Err(e) => {
            staged.discard();
            Err(io_error("write", shown, e))
        }
    }
}

fn write_direct(path: Option<&Path>, shown: &Path, fill: &mut Fill<'_>) -> Result<(), Error> {
    let result = (|| match path {
        None => {
            let stdout = io::stdout();
            let mut lock = stdout.lock();
            // Stdout's own buffer looks for line ends in every write; big outputs go to a
            // copy of its descriptor instead, behind a plain buffer.
            #[cfg(unix)]
            {
                use std::os::fd::AsFd;
                lock.flush()?;
                if let Ok(fd) = lock.as_fd().try_clone_to_owned() {
                    let mut w = BufWriter::with_capacity(1 << 16, File::from(fd));
                    fill(&mut w)?;
                    return w.flush();
                }
            }
            let mut w = BufWriter::with_capacity(1 << 16, lock);
            fill(&mut w)?;
            w.flush()
        }
        Some(p) => {
            let file = OpenOptions::new().write(true).truncate(true).open(p)?;
            let mut w = BufWriter::with_capacity(1 << 16, file);
            fill(&mut w)?;
            w.flush()
        }
    })();
    result.map_err(|e| io_error("write", shown, e))
}

/// Writes the contents of one output.
pub type Fill<'a> = dyn FnMut(&mut dyn Write) -> io::Result<()> + 'a;

/// Writes every output or none: regular files are staged as temporary files, then direct
/// targets are written, then the temporary files are renamed into place.
pub fn write_all(items: &mut [(&Output, &mut Fill<'_>)]) -> Result<(), Error> {
    let mut staged: Vec<Staged> = Vec::new();
    let discard = |staged: &[Staged]| staged.iter().for_each(Staged::discard);
    for (out, _) in items.iter() {
        if let Sink::Replace(target) = &out.sink {
            check_not_read("output", &out.shown, target)?;
        }
    }
    for (out, fill) in items.iter_mut() {
        if let Sink::Replace(target) = &out.sink {
            match stage(target, &out.shown, fill) {
                Ok(s) => staged.push(s),
                Err(e) => {
                    discard(&staged);
                    return Err(e);
                }
            }
        }
    }
    for (out, fill) in items.iter_mut() {
        let r = match &out.sink {
            Sink::Stdout => write_direct(None, &out.shown, fill),
            Sink::Direct(p) => write_direct(Some(p), &out.shown, fill),
            Sink::Replace(_) => Ok(()),
        };
        if let Err(e) = r {
            discard(&staged);
            return Err(e);
        }
    }
    for (i, s) in staged.iter().enumerate() {
        if let Err(e) = fs::rename(&s.tmp, &s.target) {
            discard(&staged[i..]);
            return Err(io_error("write", &s.shown, e));
        }
        unregister(&s.tmp);
    }
    Ok(())
}

/// Writes one output.
pub fn write_one(out: &Output, fill: &mut Fill<'_>) -> Result<(), Error> {
    write_all(&mut [(out, fill)])
}

/// Opens an input for reading, bounded to `limit` bytes: a folder, a missing file, a file
/// over the limit or a FIFO that stays silent are refused with one line.
pub fn open_bounded(path: &Path, what: &str, limit: u64) -> Result<impl Read, Error> {
    let name = path.display().to_string();
    let m = fs::metadata(path).map_err(|e| {
        Error::Usage(format!(
            "cannot read {what} '{name}': {}",
            describe_open_error(&e)
        ))
    })?;
    if m.is_dir() {
        return Err(Error::Usage(format!(
            "cannot read {what} '{name}': it is a folder"
        )));
    }
    if m.is_file() && m.len() > limit {
        return Err(too_large(what, &name, m.len(), limit));
    }
    note_input(what, path);
    let file = if is_special(&m) {
        // Opening a FIFO blocks until a writer comes; do it aside, with a time bound.
        let (tx, rx) = mpsc::channel();
        let p = path.to_path_buf();
        std::thread::spawn(move || {
            let _ = tx.send(File::open(p));
        });
        match rx.recv_timeout(FIFO_WAIT) {
            Ok(r) => r,
            Err(_) => {
                return Err(Error::Usage(format!(
                "cannot read {what} '{name}': nothing arrived within {} s (a FIFO with no writer?)",
                FIFO_WAIT.as_secs()
            )))
            }
        }
    } else {
        File::open(path)
    }
    .map_err(|e| {
        Error::Usage(format!(
            "cannot read {what} '{name}': {}",
            describe_open_error(&e)
        ))
    })?;
    Ok(Bounded {
        inner: file,
        left: limit,
        what: what.to_string(),
        name,
        limit,
        start: true,
        pending: Vec::new(),
    })
}

/// Reads a whole input of at most `limit` bytes as text.
pub fn read_text(path: &Path, what: &str, limit: u64) -> Result<String, Error> {
    let mut r = open_bounded(path, what, limit)?;
    let mut bytes = Vec::new();
    r.read_to_end(&mut bytes).map_err(|e| read_error(e, path))?;
    String::from_utf8(bytes).map_err(|e| {
        Error::Usage(format!(
            "cannot read {what} '{}': not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// Maps an error met while reading (a size overrun carries its own message).
pub fn read_error(e: io::Error, path: &Path) -> Error {
    if e.kind() == io::ErrorKind::FileTooLarge {
        return Error::Usage(e.to_string());
    }
    Error::Io {
        action: "read",
        path: path.display().to_string(),
        source: e,
    }
}

fn too_large(what: &str, name: &str, size: u64, limit: u64) -> Error {
    Error::Usage(format!(
        "{what} '{name}' is {}{size} bytes, more than any {what} can hold ({limit} bytes at most)",
        if size > limit { "at least " } else { "" }
    ))
}

fn describe_open_error(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".into(),
        io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}

/// A reader that fails once more than `limit` bytes have come.
struct Bounded<R> {
    inner: R,
    left: u64,
    what: String,
    name: String,
    limit: u64,
    /// Whether the first bytes are still to be looked at for a byte-order mark.
    start: bool,
    /// First bytes read while looking for the mark, not yet handed out.
    pending: Vec<u8>,
}

/// The UTF-8 byte-order mark that Windows Notepad puts before a file's text.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl<R: Read> Bounded<R> {
    fn read_raw(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // Ask for one byte past the limit so that an overrun is seen, not silently cut.
        let want = buf
            .len()
            .min(self.left.saturating_add(1).min(usize::MAX as u64) as usize);
        let n = self.inner.read(&mut buf[..want])?;
        if n as u64 > self.left {
            let msg = too_large(&self.what, &self.name, self.limit + 1, self.limit).to_string();
            return Err(io::Error::new(io::ErrorKind::FileTooLarge, msg));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // A byte-order mark is dropped, so that every reader sees the text itself.
        if self.start {
            self.start = false;
            let mut head = [0u8; 3];
            let mut got = 0;
            while got < head.len() {
                match self.read_raw(&mut head[got..])? {
                    0 => break,
                    n => got += n,
                }
            }
            if &head[..got] != BOM {
                self.pending = head[..got].to_vec();
            }
        }
        if !self.pending.is_empty() {
            let n = buf.len().min(self.pending.len());
            buf[..n].copy_from_slice(&self.pending[..n]);
            self.pending.drain(..n);
            return Ok(n);
        }
        self.read_raw(buf)
    }
}

#[cfg(test)]
mod tests;
