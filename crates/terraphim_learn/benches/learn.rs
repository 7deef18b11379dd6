#![allow(clippy::unwrap_used, reason = "a benchmark panics on failure")]
//! Benchmarks of the learning loop: one append (the hook's cost per command) and an engine run
//! over a store of one million outcome records.
//!
//! `cargo bench -p terraphim_learn --bench learn`

use std::hint::black_box;
use std::io::Write as _;

use criterion::{Criterion, criterion_group, criterion_main};
use terraphim_learn::{
    ActiveKg, Decision, DestructivePatterns, Learn, LearnConfig, LearnPaths, Outcome, OutcomeKind,
    OutcomeRecord, Record, Source, Violation, ViolationKind,
};

fn record(i: usize) -> OutcomeRecord {
    const COMMANDS: &[&str] = &[
        "cargo test -p foo --release",
        "git status",
        "ls -la src",
        "npm run build",
        "curl https://example.com",
        "make test",
    ];
    let command = format!("{} --n{}", COMMANDS[i % COMMANDS.len()], i % 97);
    let kind = match i % 50 {
        0 => OutcomeKind::Violation,
        1..=4 => OutcomeKind::Failure,
        5 => OutcomeKind::Timeout,
        _ => OutcomeKind::Clean,
    };
    let mut outcome = Outcome::new(kind);
    outcome.exit_code = Some(0);
    if kind == OutcomeKind::Violation {
        outcome.violations = vec![Violation {
            kind: ViolationKind::Network,
            detail: "connect denied".into(),
            evidence: "1.2.3.4:443".into(),
        }];
    }
    let mut r = OutcomeRecord::new(
        format!("toolu_{i:010}"),
        Source::Exec,
        command.clone(),
        Decision::Sandbox,
        outcome,
    );
    r.session = Some("session-1234".into());
    r.cwd = Some("/home/user/project".into());
    r.agent = Some("claude-code".into());
    r.executed = Some(format!(
        "terraphim-agent guard exec --profile readonly -- '{command}'"
    ));
    r.canonical = vec![command];
    r.profile = Some("readonly".into());
    r.backend = Some("native".into());
    r.duration_ms = Some(42);
    r
}

fn learn_in(dir: &std::path::Path) -> Learn {
    let config = LearnConfig {
        rotate_bytes: u64::MAX,
        ..LearnConfig::default()
    };
    Learn::with_config(
        LearnPaths::new(&dir.join("data"), &dir.join("config")),
        config,
    )
}

fn append(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let learn = learn_in(tmp.path());
    let store = learn.store();
    let rec = Record::Outcome(record(7));
    c.bench_function("append/one_outcome_record", |b| {
        b.iter(|| store.append(black_box(&rec)).unwrap())
    });
}

fn engine(c: &mut Criterion) {
    const N: usize = 1_000_000;
    let tmp = tempfile::tempdir().unwrap();
    let learn = learn_in(tmp.path());
    let path = learn.store().outcomes_path();
    fs_err::create_dir_all(path.parent().unwrap()).unwrap();
    let mut out = std::io::BufWriter::new(fs_err::File::create(&path).unwrap());
    for i in 0..N {
        serde_json::to_writer(&mut out, &Record::Outcome(record(i))).unwrap();
        out.write_all(b"\n").unwrap();
    }
    out.flush().unwrap();
    drop(out);
    let kg = ActiveKg::new();
    let destructive = DestructivePatterns::new(["rm -rf /", "git push --force"]);
    let mut group = c.benchmark_group("engine");
    group.sample_size(10);
    group.bench_function("refresh/1_000_000_records", |b| {
        b.iter(|| {
            let r = learn.refresh(&kg, &destructive).unwrap();
            assert_eq!(r.tally.records, N as u64);
            black_box(r.staged.len())
        })
    });
    group.finish();
}

/// How long an append takes to fail: into a store that cannot be written (an error, never a
/// hang), and behind a lock another writer holds (the wait is `lock_timeout_ms`, 200 here).
fn failing_append(c: &mut Criterion) {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("file");
    fs_err::write(&file, "x").unwrap();
    let unwritable = terraphim_learn::Store::in_dir(&file.join("guard"), &LearnConfig::default());
    let rec = Record::Outcome(record(7));
    let mut group = c.benchmark_group("append_fails");
    group.sample_size(10);
    group.bench_function("unwritable_store", |b| {
        b.iter(|| unwritable.append(black_box(&rec)).unwrap_err())
    });
    let config = LearnConfig {
        lock_timeout_ms: 200,
        ..LearnConfig::default()
    };
    let locked = terraphim_learn::Store::in_dir(&tmp.path().join("locked"), &config);
    locked.append(&rec).unwrap();
    let lock = fs_err::File::open(locked.dir().join("store.lock")).unwrap();
    lock.lock().unwrap();
    group.bench_function("held_lock_200ms", |b| {
        b.iter(|| locked.append(black_box(&rec)).unwrap_err())
    });
    group.finish();
}

criterion_group!(benches, append, engine, failing_append);
criterion_main!(benches);
