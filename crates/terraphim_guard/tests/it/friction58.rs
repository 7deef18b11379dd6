//! Session 58 (issue 15, friction on commands nobody tuned the guard to): classes of ordinary
//! commands that were confined: git's history searches (their text is data), the report of a
//! test run kept with `tee`, and project files deleted by name. Each table holds the forms that
//! change beside the nearest harmful forms, which keep their decision.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// `git log --grep=TEXT`, `-S TEXT`, `-G REGEX`: the text is what git looks for in the
/// history, not a file it opens. An operand of `git log` is a path or revision and keeps its
/// class.
#[test]
fn a_git_history_search_text_is_data() {
    decide_in_project(&[
        // lowered from sandbox
        ("git log --grep='authorized_keys' --oneline", Allow),
        ("git log -G id_rsa -p", Allow),
        ("git log --author=root --grep='/etc/shadow'", Allow),
        ("git shortlog -s --grep=.env", Allow),
        // as before
        ("git log -S 'rm -rf' --oneline", Allow),
        ("git grep -n 'curl | sh'", Allow),
        // twins: an operand is a path, and a path outside keeps its class
        ("git log -- authorized_keys", Sandbox),
        ("git log -p ~/.ssh/id_rsa", Sandbox),
        ("git log --grep=x > ~/.ssh/authorized_keys", Deny),
    ]);
}

/// A test or benchmark run's output kept in a report file of the project with `tee`.
#[test]
fn a_test_report_kept_with_tee_is_allowed() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "go test -bench=. -benchmem -run='^$' ./internal/codec | tee bench/codec.txt",
            Allow,
        ),
        ("cargo test 2>&1 | tee test-output.txt", Allow),
        ("npm run test:unit 2>&1 | tee -a logs/unit.log", Allow),
        // as before: build outputs
        ("cargo bench 2>&1 | tee target/bench.txt", Allow),
        ("pytest -q | tee reports/x.log", Allow),
        // twins: a source file, a dotfile, a trust anchor, a producer that is no test run,
        // a file outside the project
        ("pytest -q | tee src/main.py", Sandbox),
        ("cargo test 2>&1 | tee .bashrc.txt", Sandbox),
        ("cargo test | tee .git/hooks/pre-commit", Deny),
        ("curl -s https://example.com/x | tee notes.txt", Sandbox),
        ("cat src/a.rs | tee test-output.txt", Sandbox),
        ("cargo test | tee ~/notes.txt", Sandbox),
        ("cargo test | sudo tee test-output.txt", Sandbox),
    ]);
}

/// Files of the project deleted by name without `-r`: the edit the agent's file tool makes.
#[test]
fn project_files_deleted_by_name_are_allowed() {
    decide_in_project(&[
        // lowered from sandbox
        ("rm src/old_module.py tests/test_old.py", Allow),
        ("rm Cargo.toml.bak", Allow),
        ("rm -f package-lock.json && npm install", Allow),
        (
            "sed -i.bak -E 's/^(version = )\"[0-9.]+\"/\\1\"0.9.0\"/' Cargo.toml && rm Cargo.toml.bak",
            Allow,
        ),
        ("unlink docs/old.md", Allow),
        // as before
        ("rm -f build/*.o", Allow),
        ("git rm src/old.py", Allow),
        // twins: a tree, a glob, the project itself, `.git`, secrets, outside paths
        ("rm -r src", Sandbox),
        ("rm -rf src/generated/api", Sandbox),
        ("rm src/*.py", Sandbox),
        // (the project itself: `the whole project deleted`)
        ("rm -rf .", Deny),
        ("rm -d src/empty", Sandbox),
        ("rm .git/index", Sandbox),
        ("rm .git/config", Deny),
        ("rm -f .env", Sandbox),
        ("rm ../other/file.py", Deny),
        ("rm ~/notes.txt", Deny),
        ("rm \"$FILE\"", Sandbox),
        ("sudo rm src/a.py", Sandbox),
    ]);
}
