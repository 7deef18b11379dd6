//! Session 53 (lead): where a delete lands after a `cd`. The project itself (`.`, `"$PWD"`,
//! `../app` from inside it, `app` after `cd ..`) and its repository's store (`.git/objects`,
//! `.git/refs`) are `<whole-project>`: deleting them takes every uncommitted change and every
//! unpushed commit, so they deny, as `rm -rf *` in the project already did. A bare `*` after a
//! `cd` into a directory of the project is that directory's contents, judged as the directory.
//! Each beside its twin that stays where it was.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn the_project_itself_or_its_history_deleted_is_denied() {
    decide(&[
        ("rm -rf .", Verdict::Deny),
        ("rm -rf ./", Verdict::Deny),
        ("rm -rf \"$PWD\"", Verdict::Deny),
        ("rm -r $(pwd)", Verdict::Deny),
        (
            "rm -rf -- \"$(git rev-parse --show-toplevel)\"",
            Verdict::Deny,
        ),
        ("rm -rf ../app", Verdict::Deny),
        ("rm -rf /home/u/src/app", Verdict::Deny),
        ("rm -rf /home/u/src/app/*", Verdict::Deny),
        ("cd .. && rm -rf app", Verdict::Deny),
        ("cd ~/src && rm -rf app", Verdict::Deny),
        ("rm -rf .git/objects", Verdict::Deny),
        ("rm -rf .git/refs/heads", Verdict::Deny),
        ("rm -rf ../app/.git", Verdict::Deny),
        ("cd .git && rm -rf objects", Verdict::Deny),
        ("npx rimraf .", Verdict::Deny),
        // twins: a directory of the project, a lock, a rebase's state or a nested repository
        ("rm -rf ./build", Verdict::Allow),
        ("rm -f .git/index.lock", Verdict::Allow),
        ("rm -rf .git/lfs/tmp", Verdict::Allow),
        ("rm -rf .git/rebase-merge", Verdict::Sandbox),
        ("rm -rf vendor/lib/.git", Verdict::Allow),
        ("rm -rf src/generated", Verdict::Sandbox),
        ("cd .. && ls -la app", Verdict::Allow),
        ("git rm -r --cached .", Verdict::Allow),
        ("cp -r . /tmp/app-copy", Verdict::Allow),
    ]);
}

#[test]
fn a_bare_glob_after_a_cd_is_that_directorys_contents() {
    decide(&[
        ("cd build && rm -rf *", Verdict::Allow),
        ("cd build && rm -rf ./*", Verdict::Allow),
        ("cd node_modules/.cache && rm -rf *", Verdict::Allow),
        ("cd target; rm -rf *", Verdict::Allow),
        ("cd src && rm -rf *", Verdict::Sandbox),
        ("cd docs && ls *", Verdict::Allow),
        // twins: the project root, its parent, the home and places the line does not spell
        ("rm -rf *", Verdict::Deny),
        (
            "cd \"$(git rev-parse --show-toplevel)\" && rm -rf *",
            Verdict::Deny,
        ),
        ("cd .. && rm -rf *", Verdict::Deny),
        ("cd build && rm -rf ../*", Verdict::Deny),
        ("cd ~ && rm -rf *", Verdict::Deny),
        ("cd \"$DIR\" && rm -rf *", Verdict::Deny),
        ("cd build && cd - && rm -rf *", Verdict::Deny),
        ("cd /tmp && rm -rf *", Verdict::Deny),
    ]);
}

#[test]
fn a_path_printed_by_realpath_readlink_or_dirname_is_that_path() {
    decide(&[
        ("rm -rf \"$(realpath ..)\"", Verdict::Deny),
        ("rm -rf \"$(readlink -f ..)\"/*", Verdict::Deny),
        ("rm -rf \"$(dirname \"$PWD\")\"", Verdict::Deny),
        ("rm -rf \"$(realpath ~/.ssh)\"", Verdict::Deny),
        // twins: a build directory of the project, a link's target and a script's own directory
        ("rm -rf \"$(realpath build)\"", Verdict::Allow),
        ("rm -rf \"$(readlink -f target)/debug\"", Verdict::Allow),
        ("rm -rf \"$(readlink current)\"", Verdict::Sandbox),
        ("rm -rf \"$(dirname \"$0\")/build\"", Verdict::Sandbox),
    ]);
}
