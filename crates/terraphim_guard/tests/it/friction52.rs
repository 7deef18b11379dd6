//! Session 52 (issue 15, friction on commands nobody tuned the guard to): `git -C DIR` runs
//! git in DIR (its options before the subcommand are no operands of the subcommand);
//! `git check-ignore`/`git check-attr` name paths they do not open; `ulimit` sets the shell's
//! own limits; `$PWD` is the working directory; wget's WARC record is an archive. Each table holds the forms that keep their decision beside the
//! near-identical ones that change.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// `git -C DIR` runs git in DIR, as `cd DIR && git ...` does for that command alone: the
/// directory is where git runs, not a path checked out over the working tree (`../other` has
/// a dot, which the discard entry reads as a path). A branch or tag switched there is judged
/// as after a `cd` there: in the project or a temporary directory it is allowed, in another
/// project it acts on that project (confined, as `cd ../other && git checkout main` is). The
/// forms that discard work stay denied wherever they run, and relative paths start in DIR
/// (`git -C ~ clone URL x` clones into the home).
#[test]
fn git_c_runs_git_in_the_directory_it_names() {
    decide_in_project(&[
        // lowered from deny: a branch or tag switched in another repository
        ("git -C ../other checkout main", Sandbox),
        ("git -C ../other checkout v0.22.2", Sandbox),
        ("cd ../other && git checkout v0.22.2", Sandbox),
        ("git -C /tmp/vite-ref checkout v5.0.0", Allow),
        ("git -C vendor/lib checkout v1.2.3", Allow),
        ("git -C ../other log --oneline -3", Allow),
        // as before
        ("git -C vendor/lib checkout v0.22.2", Allow),
        ("git checkout v0.22.2", Allow),
        // twins: the forms that discard work, in another repository
        ("git -C ../other checkout -- src/a.c", Deny),
        ("git -C ../other checkout .", Deny),
        ("git -C ../other checkout -f main", Deny),
        ("git -C ../other checkout HEAD src", Deny),
        ("git -C ../other checkout main Makefile", Deny),
        ("git -C ../other.d checkout HEAD~2 web.py", Deny),
        ("git -C ../other checkout v0.22.2 -- web.py", Deny),
        ("git -C repo reset --hard origin/main", Deny),
        ("git -C ../mirror push --mirror backup", Deny),
        ("git -C repo stash drop", Deny),
        ("git -C ~/proj2 clean -fdx", Deny),
        // relative paths start in the directory git runs in
        ("git -C ~ clone https://github.com/a/b x", Sandbox),
        ("git clone https://github.com/a/b x", Allow),
        // options before a subcommand keep what they say themselves
        ("git -c core.hooksPath=/tmp/h commit -m wip", Deny),
        ("kubectl --kubeconfig /tmp/evil get pods", Sandbox),
        ("kubectl -n prod delete deployment api", Deny),
        ("helm --kube-context prod uninstall api", Deny),
        ("aws --profile prod s3 sync ./site s3://www --delete", Deny),
        ("aws --profile prod s3 ls", Allow),
        ("pg_ctl -D /tmp/itest-pg.Xq3k9a/data -m fast stop", Allow),
        ("pg_ctl -D /var/lib/pgsql/data stop", Deny),
    ]);
}

/// `git check-ignore PATH` and `git check-attr ATTR -- PATH` answer from the ignore and
/// attribute rules whether they apply to a path, and open none of the paths: a `.env` named
/// there is not read. Reading it is still reading it.
#[test]
fn paths_asked_about_by_git_check_ignore_are_not_read() {
    decide_in_project(&[
        ("git check-ignore -q .env", Allow),
        ("git check-ignore -v .env.local", Allow),
        ("git -C sub check-ignore .env", Allow),
        ("git check-attr diff -- .env", Allow),
        ("git check-ignore .env && echo ignored", Allow),
        // twins: the file read, by itself or after the check
        ("cat .env", Sandbox),
        ("git check-ignore -q .env && cat .env", Sandbox),
        ("git diff .env", Sandbox),
        ("git check-ignore -q .env > /etc/passwd", Deny),
    ]);
}

/// `ulimit` sets the limits of the shell and what it starts; it is no program of its own.
#[test]
fn ulimit_sets_the_shell_limits() {
    decide_in_project(&[
        ("ulimit -c unlimited", Allow),
        ("ulimit -n 4096", Allow),
        (
            "ulimit -c unlimited && ./build/app --crash-test || true",
            Allow,
        ),
        // twins: what runs after it is judged as itself
        ("ulimit -c unlimited && ./mystery.sh", Sandbox),
        ("ulimit -n 4096 && rm -rf ~", Deny),
    ]);
}

/// `$PWD` is the working directory as the shell keeps it, as `$(pwd)` prints it.
#[test]
fn pwd_variable_is_the_working_directory() {
    decide_in_project(&[
        ("cmake --install build --prefix \"$PWD/dist\"", Allow),
        ("cmake --install build --prefix ${PWD}/dist", Allow),
        ("cmake --install build --prefix \"$(pwd)/dist\"", Allow),
        // twins: a prefix elsewhere, and $PWD climbing out
        ("cmake --install build --prefix /usr/local", Sandbox),
        ("rm -rf \"$PWD/../other\"", Deny),
        ("rm -rf $PWD_OLD/x", Sandbox),
    ]);
}

/// `wget --warc-file=NAME` writes its record of the crawl to `NAME.warc.gz`: an archive, not a
/// program the build runs. The pages it saves are judged as before.
#[test]
fn wget_warc_record_is_an_archive() {
    decide_in_project(&[
        (
            "wget --warc-file=build/site --recursive --level 1 https://staging.internal/",
            Allow,
        ),
        (
            "wget --warc-file build/site https://staging.internal/",
            Allow,
        ),
        // twins: a program saved into the build output, a page saved as a build file
        ("wget -O build/tool https://staging.internal/tool", Sandbox),
        (
            "wget --warc-file=build/site https://staging.internal/Makefile",
            Sandbox,
        ),
    ]);
}
