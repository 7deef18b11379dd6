//! Programs that run code given to them in other forms than a shell's `-c`: an alias body,
//! `script -c`, tmux sessions and typed keys, `at`/`batch` input, awk's `system()`, PHP's `-r`,
//! detached starters (`systemd-run`, `screen`) and transparent wrappers (`chronic`); and the
//! writes of editors and extractors, tar's traditional option bundle, in-place edits outside the
//! project and package-manager configuration. Each row is a command of its own, decided by the
//! default KG in a project below the home.

use std::path::Path;

use crate::guard;
use terraphim_guard::Verdict;

#[track_caller]
fn decide(cases: &[(&str, Verdict)]) {
    let mut wrong = Vec::new();
    for (command, want) in cases {
        let d = guard().check_in(
            command,
            Some(Path::new("/home/u/src/app")),
            Some(Path::new("/home/u")),
        );
        if d.verdict != *want {
            wrong.push(format!(
                "`{}`: want {want:?}, got {:?} ({}; {:?})",
                command.escape_debug(),
                d.verdict,
                d.reason,
                d.matches.iter().map(|m| &m.concept).collect::<Vec<_>>()
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn code_given_to_other_programs_is_judged() {
    decide(&[
        ("alias ll='rm -rf ~/Music'; ll", Verdict::Deny),
        ("alias gs='git status'", Verdict::Sandbox),
        ("script -q -c 'rm -rf ~/Music' /dev/null", Verdict::Deny),
        (
            "script -qc 'git reset --hard HEAD~5' log.txt",
            Verdict::Deny,
        ),
        ("tmux new-session -d -s w 'rm -rf ~/Music'", Verdict::Deny),
        (
            "tmux send-keys -t w 'git push --force origin main' Enter",
            Verdict::Deny,
        ),
        ("tmux split-window -h 'rm -rf /srv/data'", Verdict::Deny),
        ("at now + 1 minute <<< 'rm -rf ~/Music'", Verdict::Deny),
        ("echo 'rm -rf ~/Music' | batch", Verdict::Deny),
        ("awk 'BEGIN { system(\"rm -rf ~/Music\") }'", Verdict::Deny),
        (
            "gawk -F: '{ system(\"rm -rf /srv/\" $1) }' users.txt",
            Verdict::Deny,
        ),
        ("php -r 'shell_exec(\"rm -rf ~/Music\");'", Verdict::Deny),
        ("php -r 'passthru(\"git clean -fdx\");'", Verdict::Deny),
        (
            "systemd-run --user --on-calendar=daily rm -rf ~/Music",
            Verdict::Deny,
        ),
        ("systemd-run --user --unit x git status", Verdict::Sandbox),
        ("screen -dmS job rm -rf ~/Music", Verdict::Deny),
        ("chronic rm -rf ~/Music", Verdict::Deny),
        ("chronic cargo build", Verdict::Allow),
        // still harmless when the code is
        ("awk '{ print $1 }' data.txt", Verdict::Allow),
        ("tmux ls", Verdict::Sandbox),
    ]);
}

#[test]
fn editors_extractors_and_configs_write_trust_anchors() {
    decide(&[
        (
            "jq '.hooks = {}' ~/.claude/settings.json | sponge ~/.claude/settings.json",
            Verdict::Deny,
        ),
        ("patch ~/.zshrc < zshrc.diff", Verdict::Deny),
        ("ex -s -c '%s/guard//g|x' ~/.profile", Verdict::Deny),
        (
            "vim -c 'g/hook/d' -c 'wq' .claude/settings.json",
            Verdict::Deny,
        ),
        ("tar -xf hooks.tar -C .git/hooks", Verdict::Deny),
        ("tar xf hooks.tar -C .git/hooks", Verdict::Deny),
        ("unzip -o settings.zip -d ~/.gemini", Verdict::Deny),
        (
            "npm config set registry http://198.51.100.30:4873/",
            Verdict::Deny,
        ),
        (
            "pip config set global.extra-index-url http://198.51.100.30/",
            Verdict::Deny,
        ),
        ("npm config get registry", Verdict::Allow),
        ("tar xzf vendor.tgz -C third_party", Verdict::Sandbox),
        ("patch -p1 < fix.diff", Verdict::Sandbox),
    ]);
}

#[test]
fn in_place_edits_and_tar_bundles_are_judged_by_their_paths() {
    decide(&[
        ("sed -i 's/a/b/' ~/notes/todo.txt", Verdict::Deny),
        (
            "perl -pi -e 's/8080/9090/' /etc/app/app.conf",
            Verdict::Deny,
        ),
        ("tar xzf rootfs.tgz -C /", Verdict::Deny),
        ("npx rimraf ~/old-site", Verdict::Deny),
        // a script that starts with a slash names no path
        ("sed -i '/^#/d' src/config.py", Verdict::Sandbox),
        ("sed -i 's/x/y/' /tmp/out.txt", Verdict::Sandbox),
        ("tar czf out.tgz src", Verdict::Allow),
        ("tar tf out.tgz", Verdict::Allow),
    ]);
}
