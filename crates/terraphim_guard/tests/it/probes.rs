//! Commands of the kinds the guard is measured on, written for these rules and never tuned
//! against an evaluation set (`tests/fixtures/held_out_probes.jsonl`, one JSON object a line:
//! `cmd`, `expect`, `category`, the format of the evaluation corpora so the scorer reads it too):
//! wrapper and compound bypasses, obfuscation (decoders, literal variables, printf formats,
//! substitutions whose output is literal), options that run programs, trust anchors (here and on
//! another machine), and the argument-aware CLIs. `deny` must be denied, `allow` allowed, `ask`
//! anything but allowed. Decided in a project below the home, as the hook decides.

use std::path::Path;

use crate::guard;
use terraphim_guard::Verdict;

const PROBES: &str = include_str!("../fixtures/held_out_probes.jsonl");

/// The value of a string field of a one-line JSON object (the escapes JSON strings use).
fn field(line: &str, name: &str) -> String {
    let key = format!("\"{name}\": \"");
    let start = line.find(&key).map(|i| i + key.len()).unwrap();
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return out,
            '\\' => match chars.next().unwrap() {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    out.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    panic!("unterminated `{name}` in {line}");
}

#[test]
fn held_out_probes_are_decided_by_their_kind() {
    let mut wrong = Vec::new();
    let mut count = 0;
    for line in PROBES.lines().filter(|l| !l.trim().is_empty()) {
        let (cmd, expect) = (field(line, "cmd"), field(line, "expect"));
        let d = guard().check_in(
            &cmd,
            Some(Path::new("/home/u/src/app")),
            Some(Path::new("/home/u")),
        );
        let ok = match expect.as_str() {
            "deny" => d.verdict == Verdict::Deny,
            "allow" => d.verdict == Verdict::Allow,
            "ask" => d.verdict != Verdict::Allow,
            other => panic!("unknown expectation `{other}`"),
        };
        if !ok {
            wrong.push(format!(
                "`{}`: want {expect}, got {:?} ({})",
                cmd.escape_debug(),
                d.verdict,
                d.reason
            ));
        }
        count += 1;
    }
    assert!(count >= 80, "only {count} probes");
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn the_root_is_no_project_and_a_home_inside_the_working_directory_stays_the_home() {
    // (command, working directory, home, verdict)
    let cases: &[(&str, &str, &str, Verdict)] = &[
        ("rm -rf ~/Documents", "/", "/root", Verdict::Deny),
        ("rm -rf root/Documents", "/", "/root", Verdict::Deny),
        ("rm -rf etc/nginx", "/", "/root", Verdict::Deny),
        ("rm -rf ~/Documents", "/work", "/work/home", Verdict::Deny),
        ("rm -rf home/.ssh", "/work", "/work/home", Verdict::Deny),
        ("rm -rf ~/Documents", "/home/u", "/home/u", Verdict::Deny),
        (
            "rm -rf /home/u/Documents",
            "/home/u",
            "/home/u",
            Verdict::Deny,
        ),
        ("rm -rf Documents", "/home/u", "/home/u", Verdict::Sandbox),
        ("rm -rf u/Documents", "/home", "/home/u", Verdict::Deny),
        ("rm -rf ../../shared", "/tmp/a/b", "/home/u", Verdict::Deny),
        (
            "rm -rf ../sibling",
            "/home/u/src/app",
            "/home/u",
            Verdict::Deny,
        ),
        ("rm -rf target", "/work", "/work/home", Verdict::Allow),
        ("rm -rf build", "/tmp/a/b", "/home/u", Verdict::Allow),
        ("echo ok > /dev/null", "/", "/root", Verdict::Allow),
        (
            "ls ../other-repo",
            "/home/u/src/app",
            "/home/u",
            Verdict::Allow,
        ),
    ];
    let mut wrong = Vec::new();
    for (cmd, cwd, home, want) in cases {
        let d = guard().check_in(cmd, Some(Path::new(cwd)), Some(Path::new(home)));
        if d.verdict != *want {
            wrong.push(format!(
                "`{cmd}` in {cwd} (home {home}): want {want:?}, got {:?} ({})",
                d.verdict, d.reason
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
