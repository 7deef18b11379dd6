//! The fixture corpus: every fixture's verdict against the manifest, and the issue's targets
//! (dangerous fixtures judged dangerous >= 95 %, clean fixtures flagged <= 5 %).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::path::{Path, PathBuf};

use serde::Deserialize;
use terraphim_script_review::{Config, Context, Language, Verdict, review_source};

#[derive(Deserialize)]
struct Manifest {
    fixture: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    file: String,
    verdict: String,
    category: Option<String>,
    judged: Option<String>,
    about: String,
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn ctx() -> Context {
    Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into(), "/var/tmp".into()],
    }
}

struct Outcome {
    file: String,
    expected: Verdict,
    judged: Verdict,
    got: Verdict,
    category_found: bool,
    line: String,
}

fn run_all() -> Vec<Outcome> {
    let dir = fixtures_dir();
    let manifest: Manifest =
        toml::from_str(&fs_err::read_to_string(dir.join("manifest.toml")).unwrap()).unwrap();
    let config = Config::default();
    manifest
        .fixture
        .iter()
        .map(|e| {
            let path = dir.join(&e.file);
            let text = fs_err::read_to_string(&path).unwrap();
            let lang = Language::from_extension(&path).unwrap();
            let report = review_source(&text, lang, &ctx(), &config);
            let expected =
                Verdict::parse(&e.verdict).unwrap_or_else(|| panic!("{}: bad verdict", e.file));
            let category_found = match &e.category {
                Some(c) => report.findings.iter().any(|f| f.category.as_str() == c),
                None => true,
            };
            assert!(
                !e.about.is_empty(),
                "{}: say what the fixture covers",
                e.file
            );
            let judged = e
                .judged
                .as_deref()
                .map_or(expected, |j| Verdict::parse(j).unwrap());
            Outcome {
                file: e.file.clone(),
                expected,
                judged,
                got: report.verdict,
                category_found,
                line: report.line(),
            }
        })
        .collect()
}

#[test]
fn manifest_lists_every_fixture_and_covers_the_issue() {
    let dir = fixtures_dir();
    let manifest: Manifest =
        toml::from_str(&fs_err::read_to_string(dir.join("manifest.toml")).unwrap()).unwrap();
    let mut on_disk = Vec::new();
    for lang in ["python", "shell", "javascript", "typescript"] {
        for entry in fs_err::read_dir(dir.join(lang)).unwrap() {
            on_disk.push(format!(
                "{lang}/{}",
                entry.unwrap().file_name().to_string_lossy()
            ));
        }
    }
    on_disk.sort();
    let mut listed: Vec<String> = manifest.fixture.iter().map(|e| e.file.clone()).collect();
    listed.sort();
    pretty_assertions::assert_eq!(on_disk, listed);
    let clean = manifest
        .fixture
        .iter()
        .filter(|e| e.verdict == "clean")
        .count();
    assert!(
        clean * 3 >= manifest.fixture.len(),
        "at least a third of the fixtures must be clean ({clean} of {})",
        manifest.fixture.len()
    );
    for lang in ["python/", "shell/", "javascript/", "typescript/"] {
        for verdict in ["clean", "suspicious", "dangerous"] {
            assert!(
                manifest
                    .fixture
                    .iter()
                    .any(|e| e.file.starts_with(lang) && e.verdict == verdict),
                "no {verdict} fixture in {lang}"
            );
        }
    }
    for category in [
        "secret-read",
        "exfiltration",
        "source-poisoning",
        "obfuscated-execution",
        "remote-code",
        "persistence",
        "config-tampering",
        "destructive",
        "escape",
        "network",
        "outside-write",
    ] {
        assert!(
            manifest
                .fixture
                .iter()
                .any(|e| e.category.as_deref() == Some(category)),
            "no fixture for {category}"
        );
    }
}

#[test]
fn fixture_targets() {
    let outcomes = run_all();
    let share = |expected: Verdict, ok: &dyn Fn(&Outcome) -> bool| {
        let of: Vec<&Outcome> = outcomes.iter().filter(|o| o.expected == expected).collect();
        (of.iter().filter(|o| ok(o)).count(), of.len())
    };
    let (dangerous_hit, dangerous_all) =
        share(Verdict::Dangerous, &|o| o.got == Verdict::Dangerous);
    let (clean_flagged, clean_all) = share(Verdict::Clean, &|o| o.got != Verdict::Clean);
    let (susp_flagged, susp_all) = share(Verdict::Suspicious, &|o| o.got >= Verdict::Suspicious);
    let exact = outcomes
        .iter()
        .filter(|o| o.got == o.expected && o.category_found)
        .count();
    for o in &outcomes {
        if o.got != o.expected || !o.category_found {
            println!(
                "MISMATCH {} expected {} got {}{}\n    {}",
                o.file,
                o.expected,
                o.got,
                if o.category_found {
                    ""
                } else {
                    " (expected category missing)"
                },
                o.line
            );
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "fixtures: {} ({} clean, {} suspicious, {} dangerous)",
        outcomes.len(),
        clean_all,
        susp_all,
        dangerous_all
    );
    println!(
        "dangerous judged dangerous: {dangerous_hit}/{dangerous_all} = {:.1}% (target >= 95%)",
        pct(dangerous_hit, dangerous_all)
    );
    println!(
        "clean flagged: {clean_flagged}/{clean_all} = {:.1}% (target <= 5%)",
        pct(clean_flagged, clean_all)
    );
    println!(
        "suspicious judged at least suspicious: {susp_flagged}/{susp_all} = {:.1}%",
        pct(susp_flagged, susp_all)
    );
    println!("exact verdict and category: {exact}/{}", outcomes.len());
    assert!(
        pct(dangerous_hit, dangerous_all) >= 95.0,
        "dangerous recall below target"
    );
    assert!(
        pct(clean_flagged, clean_all) <= 5.0,
        "clean false-positive rate above target"
    );
    let regressions: Vec<&str> = outcomes
        .iter()
        .filter(|o| o.got != o.judged || !o.category_found)
        .map(|o| o.file.as_str())
        .collect();
    assert!(
        regressions.is_empty(),
        "fixtures judged differently than the manifest says: {regressions:?}"
    );
    assert!(
        pct(susp_flagged, susp_all) >= 95.0,
        "suspicious fixtures judged clean"
    );
}
