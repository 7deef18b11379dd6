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
