//! The outcome store: append-only JSON Lines under an advisory lock, rotated into archived
//! segments, old segments folded into a counts summary.
//!
//! Layout of the data dir (`$XDG_DATA_HOME/terraphim/guard/`):
//!
//! ```text
//! outcomes.jsonl          the current segment; every append goes here
//! archive/outcomes-<ms>.jsonl  rotated segments, kept verbatim (the newest `keep_segments`)
//! summary.json            counts of the segments folded in and removed (names listed inside)
//! reviews.jsonl           the review log (never rotated)
//! store.lock              flock for appends and rotation
//! compact.lock            flock for compaction and consistent snapshots
//! ```

use std::io::{BufRead, BufReader, Write as _};
use std::os::unix::fs::FileExt as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::record::{Record, ReviewRecord};
use crate::stats::{LineRecord, Tally};
use crate::{Error, LearnConfig, LearnPaths, Result, Timestamp};

/// A line of the store that could not be used; reading goes on after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReadWarning {
    /// The file.
    pub path: PathBuf,
    /// 1-based line number.
    pub line: u64,
    /// What is wrong.
    pub kind: WarningKind,
    /// Detail (the parse error).
    pub message: String,
}

/// Why a line was skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WarningKind {
    /// The last line has no newline and does not parse: a writer was killed mid-record.
    TornLastLine,
    /// A line that does not parse, or an outcome missing a required field.
    Corrupt,
}

impl std::fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.kind {
            WarningKind::TornLastLine => "torn last line (a writer was interrupted), skipped",
            WarningKind::Corrupt => "corrupt line skipped",
        };
        write!(
            f,
            "{}:{}: {what}: {}",
            self.path.display(),
            self.line,
            self.message
        )
    }
}

/// What a scan of the store read.
#[derive(Debug, Clone, Default)]
pub struct ScanReport {
    /// Lines skipped, with where and why.
    pub warnings: Vec<ReadWarning>,
    /// Records of a type this version does not know (skipped).
    pub unknown_records: u64,
    /// Lines read (all files of the scan).
    pub lines: u64,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Summary {
    #[serde(rename = "type", default)]
    ty: String,
    #[serde(default)]
    schema: u32,
    /// Archived segments whose counts are in `tally` (and which may since have been removed).
    #[serde(default)]
    segments: Vec<String>,
    #[serde(default)]
    tally: Tally,
}

/// The outcome store and the review log of one data dir.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
    config: LearnConfig,
}

/// An exclusive advisory lock, released on drop (and by the kernel if the process dies).
pub(crate) struct Lock(#[expect(dead_code, reason = "held for its drop")] fs_err::File);

impl Store {
    /// The store in `paths.data_dir`; nothing is created until the first append.
    pub fn new(paths: &LearnPaths, config: &LearnConfig) -> Store {
        Store::in_dir(&paths.data_dir, config)
    }

    /// The store in `dir`.
    pub fn in_dir(dir: &Path, config: &LearnConfig) -> Store {
        Store {
            dir: dir.to_owned(),
            config: config.clone(),
        }
    }

    /// The data dir.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `outcomes.jsonl`.
    pub fn outcomes_path(&self) -> PathBuf {
        self.dir.join("outcomes.jsonl")
    }

    /// `reviews.jsonl`.
    pub fn reviews_path(&self) -> PathBuf {
        self.dir.join("reviews.jsonl")
    }

    fn archive_dir(&self) -> PathBuf {
        self.dir.join("archive")
    }

    fn summary_path(&self) -> PathBuf {
        self.dir.join("summary.json")
    }

    /// Append one record to `outcomes.jsonl`: one `write` of the whole line under the store lock,
    /// rotating the segment first when it is past `rotate_bytes`.
    ///
    /// Errors (unwritable dir, full disk, lock held too long) are returned, never panicked on, and
    /// never leave a partial line: the caller prints them as a warning and goes on with its
    /// decision unchanged.
    pub fn append(&self, record: &Record) -> Result<()> {
        let line = encode(record)?;
        let rotated = self.append_line(&self.outcomes_path(), &line, true)?;
        if rotated && self.count_segments() > self.config.keep_segments.saturating_mul(2).max(1) {
            // Bound the archive even if no engine run ever compacts it.
            self.compact()?;
        }
        Ok(())
    }

    /// Append one record to the review log.
    pub fn append_review(&self, record: &ReviewRecord) -> Result<()> {
        let line = encode(&Record::Review(record.clone()))?;
        self.append_line(&self.reviews_path(), &line, false)
            .map(|_| ())
    }

    pub(crate) fn lock(&self, name: &str) -> Result<Lock> {
        let path = self.dir.join(name);
        fs_err::create_dir_all(&self.dir).map_err(|e| Error::io("create", &self.dir, e))?;
        let file = fs_err::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| Error::io("open", &path, e))?;
        let start = Instant::now();
        let deadline = Duration::from_millis(self.config.lock_timeout_ms);
        let mut pause = Duration::from_micros(200);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock(file)),
                Err(std::fs::TryLockError::WouldBlock) if start.elapsed() < deadline => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(10));
                }
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(Error::Busy {
                        path,
                        waited_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
                    });
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(Error::io("lock", &path, e)),
            }
        }
    }

    /// Append under the store lock; `Ok(true)` when the segment was rotated first.
    fn append_line(&self, path: &Path, line: &[u8], rotate: bool) -> Result<bool> {
        let _lock = self.lock("store.lock")?;
        let open = || {
            fs_err::OpenOptions::new()
                .create(true)
                .read(true)
                .append(true)
                .open(path)
                .map_err(|e| Error::io("open", path, e))
        };
        let mut file = open()?;
        let mut len = file
            .metadata()
            .map_err(|e| Error::io("stat", path, e))?
            .len();
        let rotated = rotate && len >= self.config.rotate_bytes;
        if rotated {
            self.rotate(path)?;
            file = open()?;
            len = 0;
        }
        let mut buf = Vec::with_capacity(line.len() + 1);
        if len > 0 {
            // A writer killed mid-record left no newline: start on a fresh line so the torn
            // fragment stays one skipped line and this record stays intact.
            let mut last = [0u8; 1];
            match file.file().read_exact_at(&mut last, len - 1) {
                Ok(()) if last[0] != b'\n' => buf.push(b'\n'),
                Ok(()) => {}
                // Unknown: a spare newline costs an empty line, a missing one a record.
                Err(_) => buf.push(b'\n'),
            }
        }
        buf.extend_from_slice(line);
        match file.write(&buf) {
            Ok(n) if n == buf.len() => Ok(rotated),
            result => {
                // Never leave a partial line behind (full disk): cut back to where we started.
                let _ = file.file().set_len(len);
                let source = match result {
                    Err(e) => e,
                    Ok(n) => std::io::Error::new(
                        std::io::ErrorKind::WriteZero,
                        format!("short write: {n} of {} bytes", buf.len()),
                    ),
                };
                Err(Error::io("append to", path, source))
            }
        }
    }

    /// Move the current segment into `archive/` (under the store lock).
    ///
    /// The new name sorts after every segment name ever used, archived or already folded into
    /// the summary: rotations faster than one a millisecond run the names ahead of the clock, and
    /// a name reused after its first holder was folded would be skipped as already counted.
    fn rotate(&self, path: &Path) -> Result<()> {
        let archive = self.archive_dir();
        fs_err::create_dir_all(&archive).map_err(|e| Error::io("create", &archive, e))?;
        // The listing first, then the summary: compaction writes the summary before it removes
        // a folded segment, so every folded name is seen in one or the other.
        let listed = self.segments()?;
        let folded = self.read_summary().map(|s| s.segments).unwrap_or_default();
        let used = listed
            .iter()
            .map(|p| file_name(p))
            .chain(folded)
            .filter_map(|name| segment_millis(&name))
            .max();
        let now = Timestamp::now().unix_millis();
        let ms = used.map_or(now, |last| now.max(last + 1));
        let target = archive.join(segment_name(ms));
        fs_err::rename(path, &target).map_err(|e| Error::io("rotate", path, e))
    }

    fn segments(&self) -> Result<Vec<PathBuf>> {
        let archive = self.archive_dir();
        let mut out = Vec::new();
        match fs_err::read_dir(&archive) {
            Ok(entries) => {
                for entry in entries {
                    let path = entry.map_err(|e| Error::io("list", &archive, e))?.path();
                    let name = path
                        .file_name()
                        .and_then(|n| n.to_str())
                        .unwrap_or_default();
                    if name.starts_with("outcomes-") && name.ends_with(".jsonl") {
                        out.push(path);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::io("list", &archive, e)),
        }
        out.sort();
        Ok(out)
    }

    fn count_segments(&self) -> usize {
        self.segments().map(|s| s.len()).unwrap_or(0)
    }

    fn read_summary(&self) -> Result<Summary> {
        let path = self.summary_path();
        match fs_err::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| Error::Entry {
                path,
                message: e.to_string(),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Summary::default()),
            Err(e) => Err(Error::io("read", path, e)),
        }
    }

    /// Fold archived segments beyond the newest `keep_segments` into `summary.json`, then remove
    /// them. The summary names the segments it holds, so a crash between the two steps never
    /// counts a segment twice.
    pub fn compact(&self) -> Result<()> {
        let _compact = self.lock("compact.lock")?;
        let mut summary = self.read_summary()?;
        let segments = self.segments()?;
        let excess = segments.len().saturating_sub(self.config.keep_segments);
        if excess == 0 {
            return Ok(());
        }
        let mut changed = false;
        let mut folded = Vec::new();
        for path in &segments[..excess] {
            let name = file_name(path);
            if !summary.segments.contains(&name) {
                let file = fs_err::File::open(path).map_err(|e| Error::io("open", path, e))?;
                let mut tally = Tally::default();
                let mut report = ScanReport::default();
                scan_reader(
                    path,
                    BufReader::new(file),
                    u64::MAX,
                    &self.config,
                    &mut tally,
                    &mut report,
                    &mut |_, _| {},
                )?;
                summary.tally.merge(&tally);
                summary.segments.push(name);
                changed = true;
            }
            folded.push(path.clone());
        }
        if changed {
            summary.ty = "summary".into();
            summary.schema = crate::SCHEMA;
            let bytes = serde_json::to_vec(&summary).map_err(|source| Error::Serialise {
                what: "summary",
                source,
            })?;
            write_atomic(&self.summary_path(), &bytes)?;
        }
        for path in folded {
            fs_err::remove_file(&path).map_err(|e| Error::io("remove", &path, e))?;
        }
        Ok(())
    }

    /// Fold the whole store (summary, archived segments, current segment) into `tally`, calling
    /// `visit` with every valid outcome line. Bad lines are skipped and reported.
    pub(crate) fn scan(
        &self,
        tally: &mut Tally,
        visit: &mut dyn FnMut(&LineRecord<'_>, Timestamp),
    ) -> Result<ScanReport> {
        // A consistent snapshot: no compaction or rotation while the files are opened.
        let (summary, files) = {
            let _compact = self.lock("compact.lock")?;
            let _store = self.lock("store.lock")?;
            let summary = self.read_summary()?;
            let mut files = Vec::new();
            for path in self.segments()? {
                if summary.segments.contains(&file_name(&path)) {
                    continue;
                }
                let file = fs_err::File::open(&path).map_err(|e| Error::io("open", &path, e))?;
                files.push((path, file, u64::MAX));
            }
            let current = self.outcomes_path();
            match fs_err::File::open(&current) {
                Ok(file) => {
                    let len = file
                        .metadata()
                        .map_err(|e| Error::io("stat", &current, e))?
                        .len();
                    files.push((current, file, len));
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io("open", &current, e)),
            }
            (summary, files)
        };
        tally.merge(&summary.tally);
        let mut report = ScanReport::default();
        for (path, file, len) in files {
            let reader = BufReader::with_capacity(1 << 16, file);
            scan_reader(&path, reader, len, &self.config, tally, &mut report, visit)?;
        }
        Ok(report)
    }

    /// Every review record, oldest first; bad lines are skipped and reported.
    pub fn read_reviews(&self) -> Result<(Vec<ReviewRecord>, Vec<ReadWarning>)> {
        let path = self.reviews_path();
        let file = match fs_err::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((Vec::new(), Vec::new()));
            }
            Err(e) => return Err(Error::io("open", &path, e)),
        };
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        for_each_line(
            &path,
            BufReader::new(file),
            u64::MAX,
            &mut |line_no, bytes, last_torn| match serde_json::from_slice::<Record>(bytes) {
                Ok(Record::Review(r)) => out.push(r),
                Ok(_) => {}
                Err(e) => warnings.push(warning(&path, line_no, last_torn, e.to_string())),
            },
        )?;
        Ok((out, warnings))
    }

    /// Every outcome record in the current segment and the archived ones, typed; for tools and
    /// tests (the engine uses a faster borrowed path).
    pub fn read_outcomes(&self) -> Result<(Vec<crate::OutcomeRecord>, Vec<ReadWarning>)> {
        let mut paths = self.segments()?;
        paths.push(self.outcomes_path());
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        for path in paths {
            let file = match fs_err::File::open(&path) {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(Error::io("open", &path, e)),
            };
            for_each_line(
                &path,
                BufReader::new(file),
                u64::MAX,
                &mut |line_no, bytes, last_torn| match serde_json::from_slice::<Record>(bytes) {
                    Ok(Record::Outcome(r)) => out.push(r),
                    Ok(_) => {}
                    Err(e) => warnings.push(warning(&path, line_no, last_torn, e.to_string())),
                },
            )?;
        }
        Ok((out, warnings))
    }
}

fn segment_name(ms: i64) -> String {
    format!("outcomes-{ms:015}.jsonl")
}

/// The millisecond stamp in an archived segment's name.
fn segment_millis(name: &str) -> Option<i64> {
    name.strip_prefix("outcomes-")?
        .strip_suffix(".jsonl")?
        .parse()
        .ok()
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn encode(record: &Record) -> Result<Vec<u8>> {
    let what = match record {
        Record::Outcome(_) => "outcome",
        Record::Review(_) => "review",
        Record::Unknown => "unknown",
    };
    let mut line =
        serde_json::to_vec(record).map_err(|source| Error::Serialise { what, source })?;
    line.push(b'\n');
    Ok(line)
}

fn warning(path: &Path, line: u64, last_torn: bool, message: String) -> ReadWarning {
    let kind = if last_torn {
        WarningKind::TornLastLine
    } else {
        WarningKind::Corrupt
    };
    ReadWarning {
        path: path.to_owned(),
        line,
        kind,
        message,
    }
}

/// Call `f(line_no, bytes, is_torn_last_line)` for every non-empty line of the first `limit` bytes.
fn for_each_line(
    path: &Path,
    reader: impl BufRead,
    limit: u64,
    f: &mut dyn FnMut(u64, &[u8], bool),
) -> Result<()> {
    let mut reader = reader.take(limit);
    let mut buf = Vec::with_capacity(1024);
    let mut line_no = 0u64;
    loop {
        buf.clear();
        let n = reader
            .read_until(b'\n', &mut buf)
            .map_err(|e| Error::io("read", path, e))?;
        if n == 0 {
            return Ok(());
        }
        line_no += 1;
        let torn = buf.last() != Some(&b'\n');
        let bytes = buf.strip_suffix(b"\n").unwrap_or(&buf);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        f(line_no, bytes, torn);
    }
}

fn scan_reader(
    path: &Path,
    reader: impl BufRead,
    limit: u64,
    config: &LearnConfig,
    tally: &mut Tally,
    report: &mut ScanReport,
    visit: &mut dyn FnMut(&LineRecord<'_>, Timestamp),
) -> Result<()> {
    let mut warnings = Vec::new();
    for_each_line(path, reader, limit, &mut |line_no, bytes, torn| {
        report.lines += 1;
        match serde_json::from_slice::<LineRecord<'_>>(bytes) {
            Ok(rec) if rec.ty == "outcome" => match rec.check() {
                Ok(checked) => {
                    tally.add(&checked, config);
                    visit(&rec, checked.time);
                }
                Err(why) => warnings.push(warning(path, line_no, torn, why.to_owned())),
            },
            Ok(rec) if rec.ty == "review" || rec.ty == "summary" => {}
            Ok(_) => report.unknown_records += 1,
            Err(e) => warnings.push(warning(path, line_no, torn, e.to_string())),
        }
    })?;
    report.warnings.extend(warnings);
    Ok(())
}

/// Write `bytes` to `path` atomically: a temporary file in the same dir, fsync, rename.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs_err::create_dir_all(dir).map_err(|e| Error::io("create", dir, e))?;
    let tmp = dir.join(format!(".{}.tmp-{}", file_name(path), std::process::id()));
    let result = (|| {
        let mut file = fs_err::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs_err::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = fs_err::remove_file(&tmp);
        return Err(Error::io("write", path, e));
    }
    Ok(())
}
