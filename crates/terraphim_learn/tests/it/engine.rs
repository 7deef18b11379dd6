//! Every engine rule as a row: runs in, proposals out.

use pretty_assertions::assert_eq;
use terraphim_learn::{
    ActiveKg, Decision, DestructivePatterns, KgEntry, OutcomeKind, Tier, ViolationKind,
};

use crate::{Env, Run, append_all, blamed, clean, ended, violation};

/// The destructive list every row is checked against (a real list, as in the default KG).
const DESTRUCTIVE: &[&str] = &[
    "rm -rf /",
    "rm -rf ~",
    "git push --force",
    "git reset --hard",
    "dd of=/dev/sda",
    "mkfs",
    "* >~/.bashrc",
];

#[track_caller]
fn check(name: &str, runs: &[Run<'_>], safe: &[&str], expected: &[(&str, &str)]) {
    let env = Env::new();
    append_all(&env.learn, runs);
    let mut kg = ActiveKg::new();
    for s in safe {
        // An entry of the embedded default KG, parsed as the guard parses it.
        let source = std::path::PathBuf::from(format!("<embedded>/guard-safe/{s}.md"));
        kg.push(KgEntry::parse(&source, Tier::Safe, &format!("synonyms:: {s}\n")).unwrap());
    }
    let list = DestructivePatterns::new(DESTRUCTIVE);
    let is_destructive =
        |text: &str| terraphim_learn::DestructiveCheck::is_destructive(&list, text);
    let refresh = env.learn.refresh(&kg, &is_destructive).unwrap();
    let mut got: Vec<(String, String)> = refresh
        .staged
        .iter()
        .map(|s| {
            (
                s.proposal.action.as_str().to_owned(),
                s.proposal.pattern.clone(),
            )
        })
        .collect();
    got.sort();
    let mut want: Vec<(String, String)> = expected
        .iter()
        .map(|(a, p)| ((*a).to_owned(), (*p).to_owned()))
        .collect();
    want.sort();
    assert_eq!(got, want, "{name}");
}

#[test]
fn rules() {
    use ViolationKind::*;
    let three_clean = [
        clean("1", "cargo test -p foo --release"),
        clean("2", "cargo test"),
        clean("3", "cargo test --lib"),
    ];
    check(
        "three clean sandbox runs propose ALLOW of command + subcommand",
        &three_clean,
        &[],
        &[("allow", "cargo test")],
    );
    check("two are not enough", &three_clean[..2], &[], &[]);
    check(
        "the same invocation counts once",
        &[
            clean("1", "cargo test"),
            clean("1", "cargo test"),
            clean("2", "cargo test"),
            clean("2", "cargo test"),
        ],
        &[],
        &[],
    );
    check(
        "any permission violation proposes DENY and no ALLOW",
        &[
            three_clean[0],
            three_clean[1],
            three_clean[2],
            violation("4", "cargo test -p net", &[Network]),
        ],
        &[],
        &[("deny", "cargo test")],
    );
    check(
        "one violation alone proposes DENY",
        &[violation("1", "curl https://example.com", &[Network])],
        &[],
        &[("deny", "curl")],
    );
    check(
        "failures and timeouts count neither way",
        &[
            clean("1", "make test"),
            clean("2", "make test"),
            ended("3", "make test", OutcomeKind::Failure),
            ended("4", "make test", OutcomeKind::Timeout),
            ended("5", "make test", OutcomeKind::Failure),
        ],
        &[],
        &[],
    );
    check(
        "failures do not block an ALLOW either",
        &[
            clean("1", "make test"),
            clean("2", "make test"),
            ended("3", "make test", OutcomeKind::Failure),
            clean("4", "make test"),
        ],
        &[],
        &[("allow", "make test")],
    );
    check(
        "a resource limit is not a permission violation",
        &[
            violation("1", "cargo build", &[Memory]),
            violation("2", "cargo build", &[Cpu]),
        ],
        &[],
        &[],
    );
    check(
        "an unknown violation kind fails closed",
        &[violation("1", "frob", &[Other])],
        &[],
        &[("deny", "frob")],
    );
    check(
        "a violation with no kind listed fails closed",
        &[Run {
            violations: &[],
            ..violation("1", "frob", &[])
        }],
        &[],
        &[("deny", "frob")],
    );
    check(
        "shells are never candidates",
        &[
            clean("1", "bash -c ls"),
            clean("2", "bash x.sh"),
            clean("3", "bash"),
        ],
        &[],
        &[],
    );
    check(
        "interpreters are never candidates",
        &[
            violation("1", "python3 x.py", &[Network]),
            clean("2", "node a.js"),
            clean("3", "node b.js"),
            clean("4", "node c.js"),
        ],
        &[],
        &[],
    );
    check(
        "wrappers are never candidates",
        &[
            clean("1", "sudo ls"),
            clean("2", "env ls"),
            clean("3", "xargs ls"),
        ],
        &[],
        &[],
    );
    check(
        "nothing destructive is proposed for ALLOW",
        &[
            clean("1", "rm build.log"),
            clean("2", "rm a"),
            clean("3", "rm -f b"),
        ],
        &[],
        &[],
    );
    check(
        "not even by subcommand",
        &[
            clean("1", "git push origin x"),
            clean("2", "git push"),
            clean("3", "git push -u o b"),
        ],
        &[],
        &[],
    );
    check(
        "a command the guard denied is never proposed for ALLOW",
        &[
            clean("1", "kubectl get pods"),
            clean("2", "kubectl get ns"),
            clean("3", "kubectl get all"),
            Run {
                decision: Decision::Deny,
                ..ended("4", "kubectl get secrets -A", OutcomeKind::Denied)
            },
        ],
        &[],
        &[],
    );
    check(
        "host runs do not count as clean sandbox runs",
        &[
            Run {
                decision: Decision::Allow,
                ..clean("1", "ls")
            },
            Run {
                decision: Decision::Allow,
                ..clean("2", "ls")
            },
            Run {
                decision: Decision::Allow,
                ..clean("3", "ls")
            },
        ],
        &[],
        &[],
    );
    check(
        "each part of a pipeline counts",
        &[
            clean("1", "cargo build | tee log"),
            clean("2", "cargo build | tee log"),
            clean("3", "cargo build | tee out"),
        ],
        &[],
        &[("allow", "cargo build"), ("allow", "tee")],
    );
    check(
        "an already active safe pattern is not proposed again",
        &three_clean,
        &["cargo test"],
        &[],
    );
    check(
        "an active safe pattern that later violates is proposed for demotion",
        &[
            clean("1", "cargo test"),
            violation("2", "cargo test -p evil", &[FsWrite]),
        ],
        &["cargo test"],
        &[("demote", "cargo test")],
    );
    check(
        "a violation under a matched safe concept demotes it too",
        &[Run {
            concepts: &["build tools"],
            ..violation("1", "bazel run //x", &[Network])
        }],
        &["build tools"],
        &[("demote", "build tools"), ("deny", "bazel run")],
    );
}

#[test]
fn violations_count_against_the_program_that_caused_them() {
    use ViolationKind::*;
    use terraphim_learn::Cause::{Profile, Program};
    const RUN: &str = "ls; echo a | cat; touch x; curl -s http://127.0.0.1:9/";
    const SHELL: &str = "bash -c ls; echo a | cat; touch x; curl -s http://127.0.0.1:9/";
    let safe = ["ls", "echo", "cat", "touch"];
    check(
        "the single-program profile refused the shell's forks: nothing started, nothing blamed",
        &[blamed("1", RUN, &[(Spawn, SHELL, Profile)])],
        &safe,
        &[],
    );
    check(
        "a write into the project under a read-only profile demotes nothing",
        &[blamed("1", RUN, &[(FsWrite, "touch", Profile)])],
        &safe,
        &[],
    );
    check(
        "curl's own network attempt proposes DENY of curl alone",
        &[blamed(
            "1",
            RUN,
            &[
                (FsWrite, "touch", Profile),
                (Network, "curl -s http://127.0.0.1:9/", Program),
            ],
        )],
        &safe,
        &[("deny", "curl")],
    );
    check(
        "a program named by its path is still that part",
        &[blamed(
            "1",
            "ls | /usr/bin/wget -q x",
            &[(Network, "/usr/bin/wget -q x", Program)],
        )],
        &["ls"],
        &[("deny", "wget")],
    );
    check(
        "a safe pattern that itself reads a hidden path is demoted",
        &[blamed(
            "1",
            "ls; cat ~/.ssh/id",
            &[(FsRead, "cat /home/u/.ssh/id", Program)],
        )],
        &safe,
        &[("demote", "cat")],
    );
    check(
        "the run's own shell (a redirection) blames no part",
        &[blamed(
            "1",
            "echo a > /etc/x",
            &[(FsWrite, "bash", Program)],
        )],
        &safe,
        &[],
    );
    check(
        "a program that is none of the parts counts against every part (the safe side)",
        &[blamed("1", "zork; frob", &[(Network, "cc -o x", Program)])],
        &[],
        &[("deny", "frob"), ("deny", "zork")],
    );
    check(
        "a helper counts against the part that started it",
        &[blamed(
            "1",
            "ls; zork ls-remote http://127.0.0.1:9/x",
            &[(
                Network,
                "zork-remote-http origin u < zork ls-remote u",
                Program,
            )],
        )],
        &safe,
        &[("deny", "zork")],
    );
    check(
        "a child of a script shell counts against the part that ran the shell",
        &[blamed(
            "1",
            "ls; frob test",
            &[(Network, "node t.js < frob test", Program)],
        )],
        &safe,
        &[("deny", "frob")],
    );
    check(
        "an unknown program (an older record) counts against every part",
        &[blamed("1", "frob | grob", &[(Network, "", Program)])],
        &[],
        &[("deny", "frob"), ("deny", "grob")],
    );
    check(
        "a profile-caused refusal is not a clean run either",
        &[
            clean("1", "frob x"),
            clean("2", "frob y"),
            blamed("3", "frob z", &[(FsWrite, "frob", Profile)]),
        ],
        &[],
        &[],
    );
    check(
        "a removed variable is the profile's doing",
        &[blamed(
            "1",
            "printenv AWS_SECRET_KEY",
            &[(Env, "", Profile)],
        )],
        &[],
        &[],
    );
}

#[test]
fn thresholds_come_from_the_config() {
    let config = terraphim_learn::LearnConfig::parse(
        std::path::Path::new("learn.toml"),
        "allow_after_clean_runs = 5\nextra_never_candidates = [\"make deploy\"]\n",
    )
    .unwrap();
    let env = Env::with_config(config);
    let runs: Vec<String> = (0..4).map(|i| i.to_string()).collect();
    for id in &runs {
        append_all(
            &env.learn,
            &[clean(id, "go test ./..."), clean(id, "make deploy")],
        );
    }
    let none = env
        .learn
        .refresh(&ActiveKg::new(), &|_: &str| false)
        .unwrap();
    assert_eq!(none.staged.len(), 0);
    append_all(
        &env.learn,
        &[clean("5", "go test ./pkg"), clean("5", "make deploy")],
    );
    let one = env
        .learn
        .refresh(&ActiveKg::new(), &|_: &str| false)
        .unwrap();
    assert_eq!(
        one.staged
            .iter()
            .map(|s| s.proposal.pattern.as_str())
            .collect::<Vec<_>>(),
        ["go test"]
    );
}

#[test]
fn a_bad_config_names_the_file() {
    let path = std::path::Path::new("/x/learn.toml");
    for text in [
        "allow_after_clean_runs = 0",
        "alow_after_clean_runs = 3",
        "allow_after_clean_runs = \"three\"",
    ] {
        let err = terraphim_learn::LearnConfig::parse(path, text)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("invalid learn config /x/learn.toml"),
            "{err}"
        );
    }
}
