//! Session 48: the project's own commands after a `cd` out of the project (rule
//! `away_from_project`), and a system program's ELF header patched. Each table holds the forms
//! that keep their decision beside the near-identical ones that are raised.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A build runner reads the build files of the directory it runs in: after `cd` into another
/// project, into a parent of the working directory or into a temporary directory, those are not
/// the project's. Into the project (`cd sub`, the repository's root by `git rev-parse`) they
/// are, and a runner told the place by its own option was already judged by it.
#[test]
fn build_runners_after_cd_out_of_the_project() {
    decide_in_project(&[
        // in the project: allowed as before
        ("make test", Allow),
        ("cd frontend && npm run build", Allow),
        ("cd crates/core && cargo test", Allow),
        (
            "cd \"$(git rev-parse --show-toplevel)\" && make test",
            Allow,
        ),
        ("cd /home/u/src/app/docs && make html", Allow),
        ("cd frontend && pnpm lint; cd ..", Allow),
        // out of it: confined
        ("cd ~/scratch/other && make test", Sandbox),
        ("cd ../billing-api && npm run build", Sandbox),
        ("cd .. && cargo test", Sandbox),
        ("cd /srv/site && make", Sandbox),
        ("cd /tmp/vendor-src && make check", Sandbox),
        ("pushd ~/forks/lib >/dev/null && cargo build; popd", Sandbox),
        ("cd frontend && cd ../../elsewhere && npm test", Sandbox),
        // the option form, judged by the KG as before
        ("make -C ~/scratch/other test", Sandbox),
    ]);
}

/// Out of the project and out of the temporary directories, what the project allows on the
/// working directory does not hold: a sync of another repository, another project's machines
/// removed. Reading and printing there stays allowed; operands are judged where the `cd` took
/// them, as before.
#[test]
fn working_directory_commands_after_cd_out_of_the_project() {
    decide_in_project(&[
        // reads and prints anywhere
        ("cd ~/notes && ls -la", Allow),
        ("cd ../other-service && git log --oneline -5", Allow),
        ("cd /var/log && tail -n 20 syslog", Allow),
        ("cd /tmp; pwd; ls -la", Allow),
        ("cd ../other-service; echo done", Allow),
        // the same commands in the project
        ("git pull --rebase", Allow),
        ("cd tools && git pull --rebase", Allow),
        ("vagrant destroy -f", Allow),
        ("cd infra/vm && vagrant destroy -f", Allow),
        // changes out of the project: confined
        ("cd ../shared-styles && git pull --rebase", Sandbox),
        ("cd ~/work/ops && git stash", Sandbox),
        // a destroying verb there destroys that place's environments (session 50): denied
        ("cd ../legacy-vm && vagrant destroy -f", Deny),
        ("cd ~ && git checkout main", Sandbox),
        // operands named there keep the class they have there
        ("cd ~/old-site && rm -rf ./*", Deny),
        ("cd .. && rm -rf api-gateway", Deny),
        ("cd /tmp/scratch && rm -rf build", Allow),
    ]);
}

/// A credential a CLI prints, written into a temporary directory, is a file of a shared
/// directory the machine's other users read: denied. Into the project it stays the confined read
/// it is; the same CLI's non-credential output into a temporary file is not this entry's.
#[test]
fn credentials_written_to_shared_temporary_files() {
    decide_in_project(&[
        ("kubectl config view --raw > /tmp/ci-kube.yaml", Deny),
        (
            "kubectl config view --raw > /tmp/kc && chmod 644 /tmp/kc",
            Deny,
        ),
        ("gcloud auth print-access-token > /var/tmp/gc-token", Deny),
        ("op read op://dev/db/password > /dev/shm/dbpass", Deny),
        ("sops -d deploy/secrets.enc.yaml > /tmp/plain.yaml", Deny),
        // into the project, or not a credential: as before
        ("kubectl config view --raw > .kube/dev.yaml", Sandbox),
        ("gcloud auth print-access-token > .secrets/token", Sandbox),
        ("kubectl config view > /tmp/kube-view.yaml", Allow),
        ("aws sts get-caller-identity > /tmp/whoami.json", Allow),
    ]);
}

/// A kill of what a search by name found is the kill by that name: the user's password
/// manager, keyring or browser, a service or a runtime killed so is denied as `pkill NAME` is.
/// A pid the task recorded, a pid, or a search for the task's own server keep their decision.
#[test]
fn kills_of_what_a_search_by_name_found() {
    decide_in_project(&[
        ("kill -9 $(pgrep -f bitwarden)", Deny),
        ("kill $(pidof thunderbird)", Deny),
        ("kill -s KILL $(pgrep -x mysqld)", Deny),
        ("kill -9 `pgrep chromium`", Deny),
        ("pkill -f KeePassXC", Deny),
        ("killall -9 firefox", Deny),
        // the task's own processes: as before
        ("kill $(cat .run/worker.pid)", Allow),
        ("kill -TERM $(cat tmp/pids/server.pid)", Allow),
        ("kill $(pgrep -f 'jest --watch')", Sandbox),
        ("kill -9 51234", Sandbox),
        ("pgrep -fl chromium", Allow),
    ]);
}

/// `patchelf` writes the file it patches, its last operand: a system program or one in the
/// home is changed for every later run. A value of its options names a library or loader it
/// reads (`--set-interpreter /lib64/...`), which writes nothing.
#[test]
fn patched_programs_outside_the_project() {
    decide_in_project(&[
        ("patchelf --set-rpath '$ORIGIN/lib' dist/app", Allow),
        ("patchelf --print-needed build/bin/tool", Allow),
        (
            "sudo patchelf --set-rpath /opt/vendor/lib /usr/bin/rsync",
            Deny,
        ),
        (
            "patchelf --set-interpreter /opt/glibc/ld.so ~/.local/bin/helper",
            Deny,
        ),
        (
            "patchelf --replace-needed libssl.so.1 libssl.so.3 /usr/local/bin/tool",
            Deny,
        ),
        // the loader named as a value, the patched file in the project: not a system write
        (
            "patchelf --set-interpreter /lib64/ld-linux-x86-64.so.2 dist/app",
            Sandbox,
        ),
        ("patchelf --print-rpath /usr/bin/rsync", Sandbox),
    ]);
}
