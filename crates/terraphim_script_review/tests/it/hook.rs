//! The hook's entry: which commands run a script that must be reviewed, the git check, the
//! verdict cache and the second opinion, against real files, a real git repository and real
//! reviewer executables in temporary directories.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use terraphim_script_review::{
    CommandReview, Config, Language, Plan, Reviewer, ScriptSource, SkipReason, Verdict,
    VerdictCache, is_committed, plan_review,
};

fn git_available() -> bool {
    let ok = Command::new("git")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() != Ok("1"),
            "git is missing and TERRAPHIM_GUARD_NO_SKIP=1"
        );
        println!("skipping: git is not installed");
    }
    ok
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn write(path: &Path, text: &str) {
    fs_err::create_dir_all(path.parent().unwrap()).unwrap();
    fs_err::write(path, text).unwrap();
}

/// A repository with committed, modified, untracked and ignored scripts, and a directory outside.
struct Fixture {
    _tmp: tempfile::TempDir,
    repo: PathBuf,
    outside: PathBuf,
}

fn fixture() -> Fixture {
    let tmp = tempfile::tempdir().unwrap();
    let repo = tmp.path().join("repo");
    let outside = tmp.path().join("outside");
    fs_err::create_dir_all(&outside).unwrap();
    write(&repo.join("committed.py"), "print('hi')\n");
    write(&repo.join("modified.py"), "print('v1')\n");
    write(&repo.join(".gitignore"), "scratch/\n");
    write(&repo.join("tools/run.sh"), "#!/bin/sh\necho run\n");
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "init"]);
    write(&repo.join("modified.py"), "print('v2')\n");
    write(&repo.join("new.py"), "print('new')\n");
    write(&repo.join("x.sh"), "echo x\n");
    write(&repo.join("x.js"), "console.log(1)\n");
    write(&repo.join("x.ts"), "const a: number = 1;\n");
    write(&repo.join("scratch/x.py"), "print('ignored')\n");
    write(
        &repo.join("script"),
        "#!/usr/bin/env python3\nprint('shebang')\n",
    );
    write(&repo.join("pkg/tool.py"), "print('module')\n");
    write(&outside.join("t.py"), "print('tmp')\n");
    Fixture {
        _tmp: tmp,
        repo,
        outside,
    }
}

#[derive(Debug, PartialEq)]
enum Want {
    Review(&'static str, Language),
    Inline(Language),
    Skip(&'static str),
    NotAScript,
}

#[track_caller]
fn check(f: &Fixture, argv: &[&str], stdin: Option<&str>, want: Want) {
    let argv: Vec<String> = argv
        .iter()
        .map(|s| s.replace("{outside}", &f.outside.display().to_string()))
        .collect();
    let plan = plan_review(&argv, stdin, &f.repo, &Config::default());
    let got = match &plan {
        Plan::NotAScript => Want::NotAScript,
        Plan::Review(s) => match &s.source {
            ScriptSource::File(p) => {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let leaked: &'static str = Box::leak(name.into_boxed_str());
                Want::Review(leaked, s.language)
            }
            ScriptSource::Inline(_) => Want::Inline(s.language),
        },
        Plan::Skip { reason, .. } => Want::Skip(match reason {
            SkipReason::Committed => "committed",
            SkipReason::Entrypoint(_) => "entrypoint",
            SkipReason::HarmlessSnippet => "snippet",
            SkipReason::SkipPath => "skip-path",
            SkipReason::Missing(_) => "missing",
        }),
    };
    assert_eq!(got, want, "{argv:?}: {plan:?}");
}

#[test]
fn which_commands_are_reviewed() {
    if !git_available() {
        return;
    }
    let f = fixture();
    use Language::*;
    use Want::*;
    check(&f, &["python3", "new.py"], None, Review("new.py", Python));
    check(&f, &["python3", "committed.py"], None, Skip("committed"));
    check(
        &f,
        &["python3", "modified.py"],
        None,
        Review("modified.py", Python),
    );
    check(
        &f,
        &["python3", "scratch/x.py"],
        None,
        Review("x.py", Python),
    );
    check(
        &f,
        &["python3", "{outside}/t.py"],
        None,
        Review("t.py", Python),
    );
    check(&f, &["python3", "missing.py"], None, Skip("missing"));
    check(
        &f,
        &["uv", "run", "python", "new.py"],
        None,
        Review("new.py", Python),
    );
    check(
        &f,
        &["uv", "run", "--with", "rich", "python", "-u", "new.py"],
        None,
        Review("new.py", Python),
    );
    check(
        &f,
        &[".venv/bin/python", "new.py"],
        None,
        Review("new.py", Python),
    );
    check(
        &f,
        &["python3.12", "-X", "dev", "new.py", "--flag"],
        None,
        Review("new.py", Python),
    );
    check(&f, &["bash", "x.sh"], None, Review("x.sh", Shell));
    check(&f, &["sh", "-e", "x.sh"], None, Review("x.sh", Shell));
    check(&f, &["node", "x.js"], None, Review("x.js", JavaScript));
    check(
        &f,
        &["npx", "tsx", "x.ts"],
        None,
        Review("x.ts", TypeScript),
    );
    check(
        &f,
        &["npx", "-y", "ts-node", "x.ts"],
        None,
        Review("x.ts", TypeScript),
    );
    check(
        &f,
        &["deno", "run", "--allow-net", "x.ts"],
        None,
        Review("x.ts", TypeScript),
    );
    check(
        &f,
        &["bun", "run", "x.ts"],
        None,
        Review("x.ts", TypeScript),
    );
    check(&f, &["./script"], None, Review("script", Python));
    check(&f, &["./tools/run.sh"], None, Skip("committed"));
    check(
        &f,
        &["python3", "-m", "pkg.tool"],
        None,
        Review("tool.py", Python),
    );
    check(
        &f,
        &["python3", "-"],
        Some("import os\nprint(os.getcwd())\n"),
        Inline(Python),
    );
    check(
        &f,
        &["python3"],
        Some("import json\nprint(1)\n"),
        Inline(Python),
    );
    check(
        &f,
        &["node"],
        Some("const fs = require('fs');\nconsole.log(1);\n"),
        Inline(JavaScript),
    );
    check(
        &f,
        &["bash"],
        Some("echo hi\nrm -rf build\n"),
        Inline(Shell),
    );
    check(&f, &["python3", "-c", "print(1)"], None, Skip("snippet"));
    check(
        &f,
        &[
            "python3",
            "-c",
            "import json, sys; print(json.dumps(sys.argv))",
        ],
        None,
        Skip("snippet"),
    );
    check(
        &f,
        &[
            "python3",
            "-c",
            "import requests; requests.get('https://x')",
        ],
        None,
        Inline(Python),
    );
    check(
        &f,
        &["python3", "-c", "print(open('/etc/shadow').read())"],
        None,
        Inline(Python),
    );
    check(
        &f,
        &["python3", "-c", "import os\nos.system('id')"],
        None,
        Inline(Python),
    );
    check(
        &f,
        &["node", "-e", "console.log(1 + 1)"],
        None,
        Skip("snippet"),
    );
    check(
        &f,
        &["node", "-e", "require('child_process').execSync('id')"],
        None,
        Inline(JavaScript),
    );
    check(
        &f,
        &["deno", "eval", "console.log(Deno.env.toObject())"],
        None,
        Inline(TypeScript),
    );
    check(&f, &["bash", "-c", "echo hi"], None, Skip("snippet"));
    check(&f, &["pytest", "tests/"], None, Skip("entrypoint"));
    check(
        &f,
        &["python", "-m", "pytest", "-q"],
        None,
        Skip("entrypoint"),
    );
    check(
        &f,
        &["uv", "run", "ruff", "check"],
        None,
        Skip("entrypoint"),
    );
    check(&f, &["python3", "-m", "http.server"], None, NotAScript);
    check(&f, &["ls", "-la"], None, NotAScript);
    check(&f, &["git", "status"], None, NotAScript);
    check(&f, &["deno", "task", "build"], None, NotAScript);
}

#[test]
fn skip_list_and_entrypoints_are_configuration() {
    if !git_available() {
        return;
    }
    let f = fixture();
    let config = Config::from_toml(
        "skip_paths = [\"new.py\"]\nextra_skip_programs = [\"mytool\"]\n",
        Path::new("c.toml"),
    )
    .unwrap();
    let plan = plan_review(&["python3".into(), "new.py".into()], None, &f.repo, &config);
    assert!(
        matches!(
            plan,
            Plan::Skip {
                reason: SkipReason::SkipPath,
                ..
            }
        ),
        "{plan:?}"
    );
    let plan = plan_review(&["mytool".into(), "x".into()], None, &f.repo, &config);
    assert!(
        matches!(
            plan,
            Plan::Skip {
                reason: SkipReason::Entrypoint(_),
                ..
            }
        ),
        "{plan:?}"
    );
}

#[test]
fn committed_check_and_its_cost() {
    if !git_available() {
        return;
    }
    let f = fixture();
    assert!(is_committed(&f.repo.join("committed.py")));
    assert!(!is_committed(&f.repo.join("modified.py")));
    assert!(!is_committed(&f.repo.join("new.py")));
    assert!(!is_committed(&f.repo.join("scratch/x.py")));
    assert!(!is_committed(&f.outside.join("t.py")));
    git(&f.repo, &["add", "new.py"]);
    assert!(
        !is_committed(&f.repo.join("new.py")),
        "staged but not committed is still reviewed"
    );
    let time = |p: &Path| {
        let n = 20;
        let start = Instant::now();
        for _ in 0..n {
            std::hint::black_box(is_committed(p));
        }
        start.elapsed() / n
    };
    println!(
        "is_committed, tracked file in a repository: {:?} per call",
        time(&f.repo.join("committed.py"))
    );
    println!(
        "is_committed, file outside any repository: {:?} per call",
        time(&f.outside.join("t.py"))
    );
}

#[test]
fn verdicts_are_cached_by_content() {
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("p");
    write(
        &project.join("x.py"),
        "import os\nprint(open(os.path.expanduser('~/.ssh/id_rsa')).read())\n",
    );
    let reviewer = Reviewer::new(Config::default())
        .with_cache(Some(VerdictCache::new(tmp.path().join("cache"))));
    let argv: Vec<String> = vec!["python3".into(), "x.py".into()];
    let first = match reviewer.review_command(&argv, None, &project) {
        CommandReview::Reviewed { review, .. } => review,
        other => panic!("{other:?}"),
    };
    assert_eq!((first.verdict(), first.cached), (Verdict::Dangerous, false));
    assert!(
        first.line().starts_with("pre-review: dangerous — "),
        "{}",
        first.line()
    );
    let second = match reviewer.review_command(&argv, None, &project) {
        CommandReview::Reviewed { review, .. } => review,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        (second.verdict(), second.cached),
        (Verdict::Dangerous, true)
    );
    write(&project.join("x.py"), "print('edited')\n");
    let third = match reviewer.review_command(&argv, None, &project) {
        CommandReview::Reviewed { review, .. } => review,
        other => panic!("{other:?}"),
    };
    assert_eq!((third.verdict(), third.cached), (Verdict::Clean, false));
}

#[test]
fn an_unreadable_script_is_suspicious() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("x.py");
    fs_err::create_dir_all(&dir).unwrap();
    let reviewer = Reviewer::new(Config::default());
    let err = reviewer.review_file(
        &dir,
        None,
        &terraphim_script_review::Context::for_cwd(tmp.path()),
    );
    assert!(err.is_err());
    // Through the hook entry the failure becomes a suspicious verdict, never a pass.
    write(&tmp.path().join("bad.py"), "x = 1\n");
    let bytes = b"\xff\xfe not utf-8 \x00 exec(\n";
    fs_err::write(tmp.path().join("bad.py"), bytes).unwrap();
    match reviewer.review_command(&["python3".into(), "bad.py".into()], None, tmp.path()) {
        CommandReview::Reviewed { review, .. } => {
            assert_eq!(review.verdict(), Verdict::Suspicious, "{}", review.line())
        }
        other => panic!("{other:?}"),
    }
}

/// A reviewer executable written into the temp dir.
fn fake_reviewer(dir: &Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt as _;
    let path = dir.join(name);
    fs_err::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    fs_err::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.display().to_string()
}

#[test]
fn second_opinion_stricter_wins_and_failures_fall_back() {
    let tmp = tempfile::tempdir().unwrap();
    let ctx = terraphim_script_review::Context::for_cwd(tmp.path());
    let clean = "import json\nprint(json.dumps({'a': 1}))\n";
    let seen = tmp.path().join("seen.txt");
    let cases: Vec<(String, Verdict, &str)> = vec![
        (
            fake_reviewer(
                tmp.path(),
                "strict",
                &format!(
                    "cat > {}\necho 'thinking... {{\"verdict\": \"dangerous\", \"reason\": \"fake says so\"}}'",
                    seen.display()
                ),
            ),
            Verdict::Dangerous,
            "fake says so",
        ),
        (
            fake_reviewer(
                tmp.path(),
                "lenient",
                "cat >/dev/null\necho '{\"verdict\": \"clean\", \"reason\": \"fine\"}'",
            ),
            Verdict::Clean,
            "second opinion: clean",
        ),
        (
            fake_reviewer(
                tmp.path(),
                "garbage",
                "cat >/dev/null\necho 'I would not run this'",
            ),
            Verdict::Clean,
            "second opinion ignored: the reviewer's answer holds no JSON object",
        ),
        (
            fake_reviewer(
                tmp.path(),
                "bad-verdict",
                "cat >/dev/null\necho '{\"verdict\": \"meh\"}'",
            ),
            Verdict::Clean,
            "is not clean, suspicious or dangerous",
        ),
        (
            fake_reviewer(tmp.path(), "failing", "cat >/dev/null\nexit 3"),
            Verdict::Clean,
            "the reviewer failed",
        ),
        (
            fake_reviewer(
                tmp.path(),
                "slow",
                "sleep 5\necho '{\"verdict\": \"dangerous\"}'",
            ),
            Verdict::Clean,
            "did not answer within 300 ms",
        ),
    ];
    let config = Config {
        llm_timeout: Duration::from_millis(300),
        ..Config::default()
    };
    for (cmd, want, text) in cases {
        let reviewer = Reviewer::new(config.clone()).with_llm_command(Some(cmd.clone()));
        // How long a slow reviewer holds the review up is measured by
        // `cargo bench -p terraphim_script_review --bench review`.
        let review = reviewer.review_text(clean, Language::Python, &ctx);
        assert_eq!(review.verdict(), want, "{cmd}: {:?}", review.report);
        let all = format!("{} {:?}", review.line(), review.report.notes);
        assert!(all.contains(text), "{cmd}: {all}");
    }
    let input = fs_err::read_to_string(&seen).unwrap();
    assert!(
        input.starts_with(terraphim_script_review::PROMPT),
        "the reviewer gets the shipped prompt first"
    );
    assert!(
        input.contains("--- SCRIPT START ---\nimport json\n"),
        "and then the script: {input}"
    );
}

#[test]
fn review_command_asks_git_only_for_flagged_scripts() {
    if !git_available() {
        return;
    }
    let f = fixture();
    write(
        &f.repo.join("leak.py"),
        "import os\nprint(open(os.path.expanduser('~/.netrc')).read())\n",
    );
    git(&f.repo, &["add", "leak.py"]);
    git(&f.repo, &["commit", "-q", "-m", "leak"]);
    let reviewer = Reviewer::new(Config::default());
    let run = |name: &str| reviewer.review_command(&["python3".into(), name.into()], None, &f.repo);
    // A committed script that would be flagged is skipped, as the issue asks.
    assert!(
        matches!(
            run("leak.py"),
            CommandReview::Skipped {
                reason: SkipReason::Committed,
                ..
            }
        ),
        "{:?}",
        run("leak.py")
    );
    // A committed clean script is reviewed as clean: the same outcome for the command, no git process.
    let direct = reviewer
        .review_file(
            &f.repo.join("committed.py"),
            None,
            &terraphim_script_review::Context::for_cwd(&f.repo),
        )
        .unwrap();
    assert_eq!(direct.verdict(), Verdict::Clean, "{}", direct.line());
    match run("committed.py") {
        CommandReview::Reviewed { review, .. } => {
            assert_eq!(review.verdict(), Verdict::Clean, "{}", review.line())
        }
        other => panic!("{other:?}"),
    }
    // Once modified, the flagged script is reviewed.
    write(
        &f.repo.join("leak.py"),
        "import os\nprint(open(os.path.expanduser('~/.netrc')).read())\nprint(2)\n",
    );
    match run("leak.py") {
        CommandReview::Reviewed { review, .. } => assert_eq!(review.verdict(), Verdict::Dangerous),
        other => panic!("{other:?}"),
    }
}
