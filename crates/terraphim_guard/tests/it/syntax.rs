//! Shell syntax the canonical form must keep: `--`, short-option clusters with an attached
//! value, Windows program names, and package runners (`npx X`, `uv run X`) judged by X.
//! A small KG of made-up commands keeps these tests about the syntax, not the default KG.

use std::path::Path;
use std::sync::OnceLock;

use terraphim_guard::{Entry, Guard, Kg, Tier, Verdict, canonical_text, parse};

fn guard() -> &'static Guard {
    static GUARD: OnceLock<Guard> = OnceLock::new();
    GUARD.get_or_init(|| {
        let mut kg = Kg::new();
        for (tier, file, text) in [
            (
                Tier::Destructive,
                "wipedisk.md",
                "synonyms:: wipedisk /\nreason:: erases every disk\n",
            ),
            (
                Tier::Destructive,
                "frobtool force.md",
                "synonyms:: frobtool push -f\nreason:: overwrites the remote\n",
            ),
            (
                Tier::Safe,
                "frobtool.md",
                "synonyms:: frobtool push, frobtool status\n",
            ),
            (Tier::Safe, "tidyup.md", "synonyms:: tidyup report\n"),
            (Tier::Safe, "npx lintfast.md", "synonyms:: npx lintfast\n"),
        ] {
            kg.push(Entry::parse(Path::new(file), tier, text).expect("the test entry parses"));
        }
        Guard::new(&kg).expect("the test KG builds")
    })
}

fn canon(command: &str) -> Vec<String> {
    parse(command)
        .commands
        .iter()
        .map(|c| canonical_text(&c.words))
        .collect()
}

#[test]
fn double_dash_is_kept_where_it_makes_options_operands() {
    // (command, canonical form of each simple command)
    let cases: &[(&str, &[&str])] = &[
        ("frobtool -- push -f", &["frobtool -- push -f"]),
        ("frobtool push -- -f", &["frobtool push -- -f"]),
        ("rm -- -x", &["rm -- -x"]),
        // `--` stays before every word: after it each is an operand (a path, for many tools).
        ("rm -f -- a b", &["rm -f -- a b"]),
        ("frobtool -- push", &["frobtool -- push"]),
        // With nothing after it, it changes nothing.
        ("rm -f a --", &["rm -f a"]),
    ];
    for (command, want) in cases {
        assert_eq!(canon(command), *want, "{command}");
    }
    // (command, verdict)
    let verdicts: &[(&str, Verdict)] = &[
        ("frobtool push -f", Verdict::Deny),
        ("frobtool push", Verdict::Allow),
        // After `--`, `push` and `-f` are operands: not `frobtool push`, so not known.
        ("frobtool -- push -f", Verdict::Sandbox),
        // `-f` is an operand (a ref named `-f`), not the force flag.
        ("frobtool push -- -f", Verdict::Allow),
    ];
    for (command, want) in verdicts {
        assert_eq!(guard().check(command).verdict, *want, "{command}");
    }
}

#[test]
fn a_clustered_option_that_takes_a_value_takes_the_rest() {
    let cases: &[(&str, &str)] = &[
        ("git switch -cnewbranch", "git switch -c newbranch"),
        ("git switch -Cnewbranch", "git switch -C newbranch"),
        ("git checkout -bnewbranch", "git checkout -b newbranch"),
        ("git commit -amfix", "git commit -a -m fix"),
        ("git commit -am fix", "git commit -a -m fix"),
        ("git clean -fdx", "git clean -d -f -x"),
        ("tar -xfarchive.tar", "tar -x -f archive.tar"),
        ("grep -rnepattern src", "grep -n -r -e pattern src"),
    ];
    for (command, want) in cases {
        assert_eq!(canon(command), [*want], "{command}");
    }
}

#[test]
fn windows_program_names_are_the_program() {
    let cases: &[(&str, &str)] = &[
        ("frobtool.exe status", "frobtool status"),
        ("FROBTOOL.EXE status", "frobtool status"),
        ("Frobtool.Exe status", "frobtool status"),
        ("'C:\\Tools\\frobtool.exe' status", "frobtool status"),
        ("/c/tools/frobtool.exe status", "frobtool status"),
        // An interpreter's version goes too: `python3.11` runs `python3`.
        ("python3.11.exe -V", "python3 -V"),
        // Only the `.exe` suffix: other names keep their case and suffix.
        ("Frobtool status", "Frobtool status"),
        ("frobtool.sh status", "frobtool.sh status"),
        (".exe status", ".exe status"),
    ];
    for (command, want) in cases {
        assert_eq!(canon(command), [*want], "{command}");
    }
    assert_eq!(
        guard().check("WIPEDISK.EXE /").verdict,
        Verdict::Deny,
        "an .exe name is judged as the program"
    );
    assert_eq!(guard().check("frobtool.exe status").verdict, Verdict::Allow);
}

#[test]
fn package_runners_are_judged_by_what_they_run() {
    let cases: &[(&str, Verdict)] = &[
        ("npx wipedisk /", Verdict::Deny),
        ("npx --yes wipedisk /", Verdict::Deny),
        ("npx wipedisk@2.1 /", Verdict::Deny),
        ("npm exec -- wipedisk /", Verdict::Deny),
        ("bunx wipedisk /", Verdict::Deny),
        ("bun x wipedisk /", Verdict::Deny),
        ("pnpm exec wipedisk /", Verdict::Deny),
        ("pnpm dlx wipedisk /", Verdict::Deny),
        ("yarn dlx wipedisk /", Verdict::Deny),
        ("uv run wipedisk /", Verdict::Deny),
        ("uv run --frozen -p 3.12 wipedisk /", Verdict::Deny),
        ("uv tool run wipedisk /", Verdict::Deny),
        ("uvx wipedisk /", Verdict::Deny),
        ("poetry run wipedisk /", Verdict::Deny),
        ("pipx run wipedisk /", Verdict::Deny),
        ("bundle exec wipedisk /", Verdict::Deny),
        ("npx sudo wipedisk /", Verdict::Deny),
        // A known command run by a runner is judged as that command.
        ("uv run tidyup report", Verdict::Allow),
        ("poetry run tidyup report", Verdict::Allow),
        ("bundle exec tidyup report", Verdict::Allow),
        ("npx tidyup@1 report", Verdict::Allow),
        // The runner's own entry still counts: an unknown X defers to it.
        ("npx lintfast --fix", Verdict::Allow),
        // An unknown package stays unknown.
        ("npx unheardof --flag", Verdict::Sandbox),
        ("uv run unheardof", Verdict::Sandbox),
        ("bundle exec unheardof", Verdict::Sandbox),
        // Options that change what is fetched or run are not seen through.
        ("uv run --with somepkg tidyup report", Verdict::Sandbox),
        ("npx -p somepkg tidyup report", Verdict::Sandbox),
        ("npx -c 'tidyup report'", Verdict::Sandbox),
        ("uv run --unknown-option tidyup report", Verdict::Sandbox),
        // Without a command the runner is judged alone.
        ("uv run", Verdict::Sandbox),
    ];
    for (command, want) in cases {
        let d = guard().check(command);
        assert_eq!(d.verdict, *want, "`{command}`: {}", d.reason);
    }
}
