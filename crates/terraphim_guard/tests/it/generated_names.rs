//! Session 46 (lead): file names the line computes and output directories test runs write.
//! A command substitution that prints a plain token (a date with numeric fields, a commit id,
//! a count) names a file of the literal directory around it, so the path keeps that
//! directory's class: `backups/prod-$(date +%F).tar.gz` is a project file and
//! `.git/hooks/x-$(date +%s)` a git hook. Output that the working tree or a file chooses (a
//! branch name, a file's text) and dates with slashes (`%D`) stay unknown. Reports of test and
//! audit runs are build output; a `reports` directory elsewhere is not.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn plain_token_substitutions_keep_their_directory_class() {
    decide(&[
        (
            "sanity dataset export staging backups/staging-$(date +%F).tar.gz",
            Verdict::Allow,
        ),
        (
            "sanity dataset export staging backups/staging-`date -u +%Y%m%dT%H%M%SZ`.tar.gz",
            Verdict::Allow,
        ),
        (
            "cp dist/bundle.js build/bundle-$(git rev-parse --short HEAD).js",
            Verdict::Allow,
        ),
        ("rm -rf reports/$(date +%Y-%m-%d)", Verdict::Allow),
        // Twins: the output may hold a slash, or a file or the working tree chooses it.
        (
            "sanity dataset export staging backups/$(date +%D).tar.gz",
            Verdict::Sandbox,
        ),
        (
            "sanity dataset export staging backups/$(cat next-name.txt).tar.gz",
            Verdict::Sandbox,
        ),
        (
            "sanity dataset export staging backups/$(git branch --show-current).tar.gz",
            Verdict::Sandbox,
        ),
        // The directory decides: a project file that is no build output, a git hook, home.
        ("rm -rf $(date +%F)", Verdict::Sandbox),
        (
            "cp scripts/lint.sh .git/hooks/pre-commit-$(date +%s)",
            Verdict::Deny,
        ),
        ("rm -rf ~/exports-$(date +%F)", Verdict::Deny),
        (
            "sanity dataset export staging ~/Desktop/staging-$(date +%F).tar.gz",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn a_known_command_writes_a_file_named_new_for_the_run() {
    decide(&[
        (
            "adb exec-out screencap -p > shots/screen-$(date +%H%M%S).png",
            Verdict::Allow,
        ),
        (
            "git log --oneline > notes/log-$(date +%F).txt",
            Verdict::Allow,
        ),
        // Twins: a fixed name may hold work; code a runner loads; the home.
        (
            "adb exec-out screencap -p > shots/screen.png",
            Verdict::Sandbox,
        ),
        ("git log --oneline > notes/log.txt", Verdict::Sandbox),
        (
            "git log --oneline > src/gen-$(date +%s).py",
            Verdict::Sandbox,
        ),
        ("git log --oneline > ~/log-$(date +%F).txt", Verdict::Deny),
    ]);
}

#[test]
fn directories_the_working_tree_fixes_are_known() {
    decide(&[
        ("rm -rf \"$(pwd)/build\"", Verdict::Allow),
        (
            "rm -rf $(git rev-parse --show-toplevel)/dist",
            Verdict::Allow,
        ),
        // Twins: a git hook written through the repository's own path, a climb out.
        (
            "printf 'make lint' > \"$(git rev-parse --git-dir)/hooks/pre-push\"",
            Verdict::Deny,
        ),
        (
            "cp tools/hook.sh `git rev-parse --git-common-dir`/hooks/post-merge",
            Verdict::Deny,
        ),
        ("rm -rf $(pwd)/../sibling", Verdict::Deny),
        (
            "rm -rf $(git rev-parse --show-toplevel)/../x",
            Verdict::Deny,
        ),
    ]);
}

#[test]
fn test_and_audit_reports_are_build_output() {
    decide(&[
        ("rm -rf dist/ reports/", Verdict::Allow),
        ("rm -f reports/lighthouse-*.json", Verdict::Allow),
        (
            "rm -rf test-results playwright-report blob-report",
            Verdict::Allow,
        ),
        // Twins: a reports directory outside the project.
        ("rm -rf ../reports", Verdict::Deny),
        ("rm -rf ~/reports", Verdict::Deny),
        ("rm -rf /srv/ci/reports", Verdict::Deny),
    ]);
}

#[test]
fn dataset_changes_are_recorded_and_pushed_like_git() {
    decide(&[
        (
            "datalad save -m 'regrid to 0.25 degrees' derived/regrid",
            Verdict::Allow,
        ),
        ("datalad push --to lab-archive derived/", Verdict::Allow),
        // Twins: dropping content without checking its other copies.
        ("datalad drop --reckless kill derived/regrid", Verdict::Deny),
        ("datalad drop derived/regrid", Verdict::Sandbox),
    ]);
}
