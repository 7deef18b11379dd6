//! The report of the project's tests or benchmarks kept in a file of the project (`go test
//! -bench=. ./internal/codec | tee bench/codec.txt`, `cargo test 2>&1 | tee test-output.txt`):
//! the entry `write a project file` confines every `tee` into the project, because a write over
//! a file with work git cannot give back loses it. A text or log file that a test or benchmark
//! runner's own output fills is that runner's report, the file the line promises, and the rule
//! `tee_of_test_output` in `decide.rs` allows it when all of this holds:
//!
//! - the command is `tee` (options `-a`, `-i`, `-p` only), run directly (no wrapper, no shell
//!   around it, no code of an option), with no finding, and the only suspicious entry it meets
//!   is `write a project file`;
//! - it is a later stage of a pipeline one of whose earlier stages runs the project's tests or
//!   benchmarks (`cargo test`/`bench`, `go test`, `pytest`, `npm test`, `make test`, ...), each
//!   judged on its own as usual (the line takes the strictest part);
//! - every file it writes is a plain file of the project (no trust anchor, no file a runner
//!   loads as code, no secret, no glob, no value known at run time) named as a report: `.txt`,
//!   `.log`, `.out` or `.tap`, and no dotfile. A source file (`tee src/main.py`), a manifest or
//!   a dotfile (`tee .bashrc.txt`) stays confined.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Whether `cmds[ci]` is a `tee` that keeps a test or benchmark run's output in report files of
/// the project (see the module documentation). `classes` are the classes of its words.
pub(crate) fn tee_of_test_output(cmds: &[SimpleCommand], ci: usize, classes: &[u32]) -> bool {
    let Some(cmd) = cmds.get(ci) else {
        return false;
    };
    if cmd.name() != "tee" || !cmd.layers.is_empty() || cmd.option_code {
        return false;
    }
    let Some((pipeline, stage)) = cmd.pipeline else {
        return false;
    };
    let fed_by_tests = cmds.iter().any(|c| {
        c.pipeline.is_some_and(|(p, s)| p == pipeline && s < stage)
            && c.layers.is_empty()
            && runs_tests(&c.argv)
    });
    if !fed_by_tests {
        return false;
    }
    let mut written = 0;
    for (w, &bits) in cmd.words.iter().zip(classes).skip(1) {
        match w.kind {
            WordKind::Flag => {
                if !matches!(
                    w.text.as_str(),
                    "-a" | "-i" | "-p" | "--append" | "--ignore-interrupts"
                ) {
                    return false;
                }
            }
            WordKind::Operand => {
                let path = w.text.as_str();
                // (A dotfile is a tool's configuration, whatever it ends in.)
                let report = path
                    .rsplit('/')
                    .next()
                    .filter(|f| !f.starts_with('.'))
                    .and_then(|f| f.rsplit_once('.'))
                    .is_some_and(|(stem, ext)| {
                        !stem.is_empty() && matches!(ext, "txt" | "log" | "out" | "tap")
                    });
                if !report
                    || path.contains(['*', '?', '[', '{', '$', '`'])
                    || !crate::paths::is_plain_project(bits)
                    || crate::paths::has_secret_class(bits)
                {
                    return false;
                }
                written += 1;
            }
            _ => return false,
        }
    }
    written > 0
}

/// Whether `argv` runs the project's tests or benchmarks with a runner of its language.
fn runs_tests(argv: &[String]) -> bool {
    let Some((name, rest)) = argv.split_first() else {
        return false;
    };
    let name = name.rsplit('/').next().unwrap_or(name);
    let sub = rest
        .iter()
        .map(String::as_str)
        .find(|w| !w.starts_with('-'))
        .unwrap_or("");
    let testish = |w: &str| {
        [
            "test",
            "tests",
            "check",
            "bench",
            "benchmark",
            "spec",
            "e2e",
        ]
        .iter()
        .any(|t| w == *t || w.starts_with(&format!("{t}:")) || w.starts_with(&format!("{t}-")))
    };
    match name {
        "cargo" => matches!(sub, "test" | "bench" | "nextest" | "criterion"),
        "go" | "deno" | "swift" | "dotnet" | "mix" | "flutter" | "dart" => {
            matches!(sub, "test" | "bench")
        }
        "pytest" | "py.test" | "jest" | "vitest" | "mocha" | "phpunit" | "rspec" | "ctest"
        | "hyperfine" | "tox" | "nox" | "bats" | "prove" | "playwright" => true,
        "python" | "python3" => {
            rest.first().map(String::as_str) == Some("-m")
                && matches!(rest.get(1).map(String::as_str), Some("pytest" | "unittest"))
        }
        "npm" | "pnpm" | "yarn" | "bun" => {
            testish(sub)
                || (sub == "run"
                    && rest
                        .iter()
                        .map(String::as_str)
                        .filter(|w| !w.starts_with('-'))
                        .nth(1)
                        .is_some_and(testish))
        }
        "make" | "just" | "mvn" | "gradle" | "gradlew" | "meson" | "ninja" => {
            testish(sub) || sub == "verify"
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::runs_tests;

    #[test]
    fn test_runners_are_known_by_name_and_verb() {
        let argv = |l: &str| l.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        for l in [
            "cargo test",
            "cargo bench --bench parse",
            "go test -bench=. ./x",
            "pytest -q",
            "python3 -m pytest tests",
            "npm test",
            "npm run test:unit",
            "pnpm run bench",
            "make check",
            "./gradlew test",
        ] {
            assert!(runs_tests(&argv(l)), "{l}");
        }
        for l in [
            "cargo run",
            "go run ./cmd",
            "npm run build",
            "python3 gen.py",
            "make install",
            "cat log",
        ] {
            assert!(!runs_tests(&argv(l)), "{l}");
        }
    }
}
