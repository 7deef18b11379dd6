//! The outcome store: concurrency, torn and corrupt lines, unwritable stores, rotation.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use pretty_assertions::assert_eq;
use terraphim_learn::{LearnConfig, Record, Store, WarningKind};

use crate::{Env, append_all, clean};

/// Set in the processes the tests below start from this same test binary.
const CHILD: &str = "TERRAPHIM_LEARN_TEST_CHILD";

fn child_role() -> Option<(String, PathBuf, String)> {
    let value = std::env::var(CHILD).ok()?;
    let mut parts = value.splitn(3, '|');
    Some((
        parts.next()?.to_owned(),
        PathBuf::from(parts.next()?),
        parts.next()?.to_owned(),
    ))
}

fn patient_store(dir: &Path) -> Store {
    let config = LearnConfig {
        lock_timeout_ms: 60_000,
        ..LearnConfig::default()
    };
    Store::in_dir(dir, &config)
}

fn spawn_child(test: &str, role: &str, dir: &Path, arg: &str) -> std::process::Child {
    Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--test-threads=1", "--quiet"])
        .env(CHILD, format!("{role}|{}|{arg}", dir.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap()
}

#[test]
fn eight_processes_append_8000_intact_records() {
    const TEST: &str = "store::eight_processes_append_8000_intact_records";
    if let Some((role, dir, writer)) = child_role() {
        if role == "append" {
            let store = patient_store(&dir);
            for i in 0..1000 {
                let rec = clean(&format!("w{writer}-{i}"), "cargo test -p foo --release").record();
                store.append(&Record::Outcome(rec)).unwrap();
            }
        }
        return;
    }
    let env = Env::new();
    let dir = env.learn.store().dir().to_owned();
    let children: Vec<_> = (0..8)
        .map(|w| spawn_child(TEST, "append", &dir, &w.to_string()))
        .collect();
    for mut child in children {
        assert!(
            child.wait().unwrap().success(),
            "an appending process failed"
        );
    }
    let (records, warnings) = env.learn.store().read_outcomes().unwrap();
    assert_eq!(warnings, []);
    assert_eq!(records.len(), 8000);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for r in &records {
        assert_eq!(r.command, "cargo test -p foo --release");
        *seen.entry(r.id.clone()).or_default() += 1;
    }
    assert_eq!(seen.len(), 8000, "every writer's every record exactly once");
    assert!(seen.values().all(|n| *n == 1));
    let text = fs_err::read_to_string(env.learn.store().outcomes_path()).unwrap();
    assert_eq!(text.lines().count(), 8000);
    assert!(text.ends_with('\n'));
}

#[test]
fn a_writer_killed_while_appending_leaves_a_readable_store() {
    const TEST: &str = "store::a_writer_killed_while_appending_leaves_a_readable_store";
    if let Some((role, dir, _)) = child_role() {
        if role == "spin" {
            let store = patient_store(&dir);
            let long = format!("cargo test {}", "x".repeat(20_000));
            for i in 0.. {
                store
                    .append(&Record::Outcome(clean(&format!("s-{i}"), &long).record()))
                    .unwrap();
            }
        }
        return;
    }
    let env = Env::new();
    let dir = env.learn.store().dir().to_owned();
    let mut child = spawn_child(TEST, "spin", &dir, "");
    let path = env.learn.store().outcomes_path();
    while fs_err::metadata(&path).map(|m| m.len()).unwrap_or(0) < 2_000_000 {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the writer ended before it wrote"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let (before, warnings) = env.learn.store().read_outcomes().unwrap();
    assert!(before.len() >= 50, "{} records", before.len());
    // Either the kill fell between two writes, or the last line is reported as torn.
    assert!(
        warnings.iter().all(|w| w.kind == WarningKind::TornLastLine),
        "{warnings:?}"
    );
    append_all(&env.learn, &[clean("after-kill", "ls")]);
    let (after, _) = env.learn.store().read_outcomes().unwrap();
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after.last().unwrap().id, "after-kill");
}

#[test]
fn torn_and_corrupt_lines_are_skipped_with_their_line_numbers() {
    let env = Env::new();
    append_all(&env.learn, &[clean("a", "ls"), clean("b", "ls")]);
    let path = env.learn.store().outcomes_path();
    let mut file = fs_err::OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"{\"type\":\"outcome\",\"schema\":1,\"time\":\"2025-")
        .unwrap();
    drop(file);

    let (records, warnings) = env.learn.store().read_outcomes().unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(
        warnings
            .iter()
            .map(|w| (w.line, w.kind))
            .collect::<Vec<_>>(),
        [(3, WarningKind::TornLastLine)]
    );
    assert!(
        warnings[0]
            .to_string()
            .contains("outcomes.jsonl:3: torn last line"),
        "{}",
        warnings[0]
    );

    // The next append starts on a fresh line, so the fragment becomes one corrupt line.
    append_all(&env.learn, &[clean("c", "ls")]);
    let mut file = fs_err::OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"not json at all\n{\"type\":\"outcome\",\"schema\":1,\"id\":\"no-time\"}\n")
        .unwrap();
    drop(file);
    append_all(&env.learn, &[clean("d", "ls")]);
    let (records, warnings) = env.learn.store().read_outcomes().unwrap();
    assert_eq!(
        records.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(),
        ["a", "b", "c", "d"]
    );
    assert_eq!(
        warnings
            .iter()
            .map(|w| (w.line, w.kind))
            .collect::<Vec<_>>(),
        [
            (3, WarningKind::Corrupt),
            (5, WarningKind::Corrupt),
            (6, WarningKind::Corrupt)
        ]
    );
    // The engine's scan skips the same lines and counts the rest.
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    assert_eq!(refresh.tally.records, 4);
    assert_eq!(
        refresh.warnings.iter().map(|w| w.line).collect::<Vec<_>>(),
        [3, 5, 6]
    );
}

#[test]
fn unknown_fields_and_record_types_are_tolerated() {
    let env = Env::new();
    let dir = env.learn.store().dir().to_owned();
    fs_err::create_dir_all(&dir).unwrap();
    let lines = [
        r#"{"type":"outcome","schema":7,"time":"2025-06-01T12:00:00+02:00","id":"1","source":"exec","command":"cargo test","canonical":["cargo test"],"decision":"sandbox","outcome":{"kind":"clean","exit_code":0,"violations":[],"cgroup":"x"},"future_field":[1,2]}"#,
        r#"{"type":"heartbeat","schema":1}"#,
        r#"{"type":"outcome","schema":1,"time":"2025-06-01T12:00:01Z","id":"2","source":"exec-v9","command":"cargo test","canonical":["cargo test"],"decision":"sandbox","outcome":{"kind":"clean"}}"#,
    ];
    fs_err::write(dir.join("outcomes.jsonl"), lines.join("\n") + "\n").unwrap();
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    assert_eq!(refresh.warnings, []);
    assert_eq!(refresh.tally.candidates["cargo test"].clean_runs, 2);
}

#[test]
fn an_unwritable_store_or_a_full_disk_is_an_error_not_a_hang() {
    let tmp = tempfile::tempdir().unwrap();
    let not_a_dir = tmp.path().join("file");
    fs_err::write(&not_a_dir, "x").unwrap();
    let full = tmp.path().join("full");
    fs_err::create_dir_all(&full).unwrap();
    std::os::unix::fs::symlink("/dev/full", full.join("outcomes.jsonl")).unwrap();
    for (dir, expect) in [
        (not_a_dir.join("guard"), "file/guard"),
        (full.clone(), "outcomes.jsonl"),
    ] {
        let store = Store::in_dir(&dir, &LearnConfig::default());
        // How long failing takes is measured by `cargo bench -p terraphim_learn --bench learn`.
        let err = store
            .append(&Record::Outcome(clean("x", "ls").record()))
            .unwrap_err();
        let message = format!("{err:#}");
        assert!(message.contains(expect), "{message}");
    }
}

#[test]
fn a_held_lock_makes_append_fail_after_its_deadline() {
    let env = Env::with_config(LearnConfig {
        lock_timeout_ms: 200,
        ..LearnConfig::default()
    });
    let store = env.learn.store();
    append_all(&env.learn, &[clean("a", "ls")]);
    let lock = fs_err::File::open(store.dir().join("store.lock")).unwrap();
    lock.lock().unwrap();
    // How long it waits for the lock is measured by `cargo bench -p terraphim_learn --bench learn`.
    let err = store
        .append(&Record::Outcome(clean("b", "ls").record()))
        .unwrap_err();
    assert!(
        err.to_string().contains("locked by another writer"),
        "{err}"
    );
    drop(lock);
    append_all(&env.learn, &[clean("c", "ls")]);
}

#[test]
fn rotation_and_compaction_keep_the_store_bounded_and_the_counts() {
    let config = LearnConfig {
        rotate_bytes: 4_000,
        keep_segments: 2,
        ..LearnConfig::default()
    };
    let env = Env::with_config(config);
    let runs: Vec<String> = (0..600).map(|i| format!("id-{i}")).collect();
    for (i, id) in runs.iter().enumerate() {
        let command = if i % 2 == 0 {
            "cargo build --release"
        } else {
            "git status"
        };
        append_all(&env.learn, &[clean(id, command)]);
    }
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    assert_eq!(refresh.tally.records, 600);
    assert_eq!(refresh.tally.candidates["cargo build"].clean_runs, 300);
    assert_eq!(refresh.tally.candidates["git status"].clean_runs, 300);
    let archive = env.learn.store().dir().join("archive");
    let segments = fs_err::read_dir(&archive).unwrap().count();
    assert!(segments <= 2, "{segments} archived segments kept");
    assert!(env.learn.store().dir().join("summary.json").is_file());
    let total: u64 = fs_err::read_dir(env.learn.store().dir())
        .unwrap()
        .chain(fs_err::read_dir(&archive).unwrap())
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    assert!(total < 40_000, "store holds {total} bytes");
    // More appends and another run: still exact.
    append_all(&env.learn, &[clean("late", "git status")]);
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    assert_eq!(refresh.tally.candidates["git status"].clean_runs, 301);
}

/// Rotations faster than one a millisecond (every append rotates here) run the segment names
/// ahead of the clock; compaction folds and removes the oldest. A later rotation must never reuse
/// a folded segment's name, or its records would be skipped as already counted.
#[test]
fn rotations_faster_than_the_clock_never_reuse_a_folded_segment_name() {
    let config = LearnConfig {
        rotate_bytes: 1,
        keep_segments: 1,
        ..LearnConfig::default()
    };
    let env = Env::with_config(config);
    for i in 0..400 {
        append_all(&env.learn, &[clean(&format!("id-{i}"), "git status")]);
    }
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    assert_eq!(refresh.tally.records, 400);
    assert_eq!(refresh.tally.candidates["git status"].clean_runs, 400);
}

/// Lines exactly as the writers before the shared outcome types wrote them (`guard exec` and the
/// hook built them with `json!`; violations had no `program` or `cause`, the hook wrote
/// `"decision":"unknown"` and `"backend":null`, older learn writers no `count`).
const OLD_FORMAT: &[&str] = &[
    r#"{"type":"outcome","schema":1,"time":"2026-11-01T10:00:00.000Z","id":"exec-1","cwd":"/p","source":"exec","command":"cargo test -p a","executed":"cargo test -p a","canonical":["cargo test -p a"],"decision":"sandbox","concepts":[],"profile":"readonly","backend":"native+ns","outcome":{"kind":"clean","exit_code":0,"violations":[]},"duration_ms":12}"#,
    r#"{"type":"outcome","schema":1,"time":"2026-11-01T10:00:01.000Z","id":"exec-2","cwd":"/p","source":"exec","command":"curl http://x","executed":"curl http://x","canonical":["curl http://x"],"decision":"sandbox","concepts":[],"profile":"readonly","backend":"native","outcome":{"kind":"violation","exit_code":7,"violations":[{"kind":"network","detail":"socket(AF_INET, SOCK_STREAM) denied","evidence":"seccomp: socket by pid 9 (curl) refused","count":2}]},"duration_ms":30}"#,
    r#"{"type":"outcome","schema":1,"time":"2026-11-01T10:00:02.000Z","id":"exec-3","cwd":"/p","source":"exec","command":"mount x","executed":"mount x","canonical":["mount x"],"decision":"sandbox","concepts":[],"profile":"readonly","backend":"native","outcome":{"kind":"limit","exit_code":1,"violations":[{"kind":"syscall","detail":"mount denied","evidence":"seccomp: mount","count":1}]},"duration_ms":5}"#,
    r#"{"type":"outcome","schema":1,"time":"2026-11-01T10:00:03.000Z","id":"toolu_1","session":"s","cwd":"/p","source":"hook-pre","agent":"claude-code","command":"make","executed":"make","canonical":["make"],"decision":"unknown","concepts":[],"profile":null,"backend":null,"outcome":{"kind":"pending"},"duration_ms":null,"pre_review":{"verdict":"clean","script":"x.sh","sha256":"ab","line":"pre-review: clean"}}"#,
    r#"{"type":"outcome","schema":1,"time":"2026-11-01T10:00:04.000Z","id":"toolu_2","source":"exec","command":"grep -r x .","canonical":["grep -r x ."],"decision":"sandbox","outcome":{"kind":"violation","violations":[{"kind":"fs-read","detail":"hidden path /h/.ssh/id"}]}}"#,
];

#[test]
fn a_store_in_the_old_format_still_loads() {
    use terraphim_learn::{Cause, Decision, OutcomeKind, Source, ViolationKind};
    let env = Env::new();
    let dir = env.learn.store().dir().to_owned();
    fs_err::create_dir_all(&dir).unwrap();
    fs_err::write(dir.join("outcomes.jsonl"), OLD_FORMAT.join("\n") + "\n").unwrap();
    let (records, warnings) = env.learn.store().read_outcomes().unwrap();
    assert_eq!(warnings, []);
    type Row<'a> = (
        &'a str,
        Source,
        Decision,
        OutcomeKind,
        Vec<(ViolationKind, u32)>,
    );
    let want: Vec<Row<'_>> = vec![
        (
            "exec-1",
            Source::Exec,
            Decision::Sandbox,
            OutcomeKind::Clean,
            vec![],
        ),
        (
            "exec-2",
            Source::Exec,
            Decision::Sandbox,
            OutcomeKind::Violation,
            vec![(ViolationKind::Network, 2)],
        ),
        (
            "exec-3",
            Source::Exec,
            Decision::Sandbox,
            OutcomeKind::Limit,
            vec![(ViolationKind::Syscall, 1)],
        ),
        (
            "toolu_1",
            Source::HookPre,
            Decision::Other,
            OutcomeKind::Pending,
            vec![],
        ),
        (
            "toolu_2",
            Source::Exec,
            Decision::Sandbox,
            OutcomeKind::Violation,
            vec![(ViolationKind::FsRead, 1)],
        ),
    ];
    let got: Vec<Row<'_>> = records
        .iter()
        .map(|r| {
            for v in &r.outcome.violations {
                assert_eq!(
                    (v.cause, v.program.as_ref()),
                    (Cause::Program, None),
                    "{}",
                    r.id
                );
            }
            (
                r.id.as_str(),
                r.source,
                r.decision,
                r.outcome.kind,
                r.outcome
                    .violations
                    .iter()
                    .map(|v| (v.kind, v.count))
                    .collect(),
            )
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(
        records[3].pre_review.as_ref().map(|p| p.verdict.as_str()),
        Some("clean")
    );
    // The engine reads them as before: an old `syscall` violation is a permission violation
    // (it was one to the old reader too), and an unattributed violation counts against its command.
    let refresh = env
        .learn
        .refresh(&env.learn.user_kg().unwrap(), &|_: &str| false)
        .unwrap();
    let counts = |p: &str| {
        let s = &refresh.tally.candidates[p];
        (s.clean_runs, s.violations)
    };
    assert_eq!(
        [
            counts("cargo test"),
            counts("curl"),
            counts("mount"),
            counts("grep")
        ],
        [(1, 0), (0, 1), (0, 1), (0, 1)]
    );
}
