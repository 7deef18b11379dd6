//! Rows of session 57's mixed precision rules (issue 17), each with the twins that stay flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{
    CommandJudge, CommandTier, CommandVerdict, Context, Language, Verdict,
};

use Verdict::{Clean, Dangerous, Suspicious};

/// A request with a token of no vendor to `https://$HOST/api/upload` after `check`, where the
/// host may be left empty (`HOST="${RESULTS_HOST:-}"`) and the request is made only when it is
/// not.
fn upload_unless_empty(check: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"${{RESULTS_HOST:-}}\"\n{check}\n\
         if [[ -n \"$HOST\" ]]; then\n  curl -fsS -H \"Authorization: Bearer ${{LAB_RESULTS_TOKEN}}\" \
         \"https://$HOST/api/upload\" -d @build/results.json\nfi\n"
    )
}

/// A host check that lets an empty value through beside the zone's hosts (`[[ -n $h && $h !=
/// *.internal ]]` leaves, `[[ -z $h || $h == *.internal ]] || exit`): past it the variable is
/// empty, which names no host, or a host of the zone. Twins: the empty test joined the wrong
/// way (`||` where the check leaves), the empty test of another variable, a check whose
/// failure only logs, a zone glob without the dot, a word nobody answers for beside the zone,
/// and an empty test alone.
#[test]
fn an_empty_value_beside_a_zone_names_no_host() {
    let clean = [
        "if [[ -n \"$HOST\" && \"$HOST\" != *.lab.internal ]]; then\n  echo \"refusing $HOST\" >&2; exit 1\nfi",
        "[[ -z \"$HOST\" || \"$HOST\" == *.internal ]] || { echo \"refusing $HOST\" >&2; exit 1; }",
        "if [[ -n $HOST && $HOST != *.internal && $HOST != localhost ]]; then exit 1; fi",
    ];
    for check in clean {
        crate::verdict(Language::Shell, &upload_unless_empty(check), Clean);
    }
    let dangerous = [
        // Joined with `||`: a value that is not empty leaves only when it is also ... nothing.
        "if [[ -n \"$HOST\" || \"$HOST\" != *.internal ]]; then exit 1; fi",
        // The empty test of another variable.
        "if [[ -n \"$OTHER\" && \"$HOST\" != *.internal ]]; then exit 1; fi",
        // The failure only logs.
        "if [[ -n \"$HOST\" && \"$HOST\" != *.internal ]]; then echo \"refusing $HOST\" >&2; fi",
        // A glob without the zone's dot.
        "if [[ -n \"$HOST\" && \"$HOST\" != *internal ]]; then exit 1; fi",
        // A host nobody answers for beside the zone.
        "if [[ -n $HOST && $HOST != *.internal && $HOST != collect.example.net ]]; then exit 1; fi",
        // `-z` where the check leaves when it holds: any value that is not empty goes on.
        "if [[ -z \"$HOST\" && \"$HOST\" != *.internal ]]; then exit 1; fi",
        // The empty test alone.
        "if [[ -z \"$HOST\" ]]; then exit 1; fi",
    ];
    for check in dangerous {
        crate::verdict(Language::Shell, &upload_unless_empty(check), Dangerous);
    }
    // The check after the send.
    let after = "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"${RESULTS_HOST:-}\"\n\
         curl -fsS -H \"Authorization: Bearer ${LAB_RESULTS_TOKEN}\" \"https://$HOST/api/upload\" \
         -d @build/results.json\nif [[ -n \"$HOST\" && \"$HOST\" != *.internal ]]; then exit 1; fi\n";
    crate::verdict(Language::Shell, after, Dangerous);
}

/// An empty value let through keeps its place in a path: `rm -rf "$HOME/$NAME"` after a check
/// that lets `NAME` be empty or a host of the zone still deletes outside the project.
#[test]
fn an_empty_value_let_through_still_builds_paths() {
    let src = "#!/usr/bin/env bash\nset -euo pipefail\nNAME=\"${1:-}\"\n\
               if [[ -n \"$NAME\" && \"$NAME\" != *.internal ]]; then exit 1; fi\n\
               rm -rf \"$HOME/$NAME\"\n";
    crate::verdict(Language::Shell, src, Dangerous);
}

/// `case "$router" in local|*@*.internal|*.internal) ;; *) exit 1 ;; esac`: an ssh destination
/// of any user at a host of the zone is a host of the zone. Twins: a user glob before a host
/// nobody answers for (`*@*.example.net`), a user glob before a glob without the dot
/// (`*@*internal`), a user glob before more glob (`*@*.internal*`), a catch-all that only logs.
#[test]
fn an_ssh_destination_of_any_user_at_a_zone_is_a_host_of_the_zone() {
    let report = |pattern: &str, leave: &str| {
        format!(
            "#!/bin/sh\nset -eu\nROUTER=\"${{ROUTER:-root@gw.internal}}\"\n\
             case \"$ROUTER\" in\n  {pattern}) ;;\n  *) {leave} ;;\nesac\n\
             ssh -o BatchMode=yes \"$ROUTER\" 'uci show network' > build/network.txt\n"
        )
    };
    let exits = "echo \"refusing $ROUTER\" >&2; exit 1";
    for pattern in [
        "local|*@*.internal|*.internal",
        "*@*.lab.internal",
        "*@*.home.arpa|localhost",
    ] {
        crate::verdict(Language::Shell, &report(pattern, exits), Clean);
    }
    for pattern in [
        "*@*.example.net|*.internal",
        "*@*internal",
        "*@*.internal*",
        "*@*",
    ] {
        crate::verdict(Language::Shell, &report(pattern, exits), Suspicious);
    }
    crate::verdict(
        Language::Shell,
        &report("*@*.internal", "echo \"refusing $ROUTER\" >&2"),
        Suspicious,
    );
}

/// A stand-in for the command guard on ssh lines: a remote `rm -rf` is denied, a line with an
/// expansion left in it (a command known only at run time) is one it cannot see through, and
/// any other runs as it is.
#[derive(Debug)]
struct SshGuard;

impl CommandJudge for SshGuard {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let verdict = |tier, rule: &str| CommandVerdict {
            tier,
            reason: rule.into(),
            rule: rule.into(),
            pattern: None,
            operands: Vec::new(),
        };
        if command.contains("rm -rf") {
            verdict(CommandTier::Deny, "delete or change outside the project")
        } else if command.contains('$') {
            verdict(CommandTier::Opaque, "opaque")
        } else {
            CommandVerdict::allow()
        }
    }

    fn identity(&self) -> String {
        "fpmix57-ssh-stand-in".into()
    }
}

/// A function that runs its arguments on a host over ssh (`remote() { local host="$1"; shift;
/// ssh "$host" "$@"; }`): at each call the guard judges the remote command the call gives, as
/// it does `ssh HOST CMD` written out, so a read-only command is clean and a destructive one is
/// what the guard says of it. Twins: a remote delete outside the project stays dangerous (it
/// was suspicious before: the call's command was never shown to the guard), with or without
/// `shift`, and a command known only at run time stays suspicious.
#[test]
fn an_ssh_wrapper_is_judged_by_the_command_each_call_gives() {
    let wrapper = |call: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nremote() {{\n  local host=\"$1\"\n  shift\n  \
             ssh -o BatchMode=yes \"netops@$host\" \"$@\"\n}}\n{call} > build/out.txt\n"
        )
    };
    let one = wrapper("remote gw.lab.internal 'show ip route'");
    let two = wrapper(
        "remote gw.lab.internal 'cat /etc/bird/bird.conf'\nremote gw.lab.internal 'birdc -r show protocols'",
    );
    let wipe = wrapper("remote gw.lab.internal 'rm -rf /srv/data'");
    let run_time = wrapper("remote gw.lab.internal \"$REMOTE_COMMAND\"");
    let all = "#!/usr/bin/env bash\nset -euo pipefail\nrun_on_gw() {\n  ssh -o BatchMode=yes netops@gw.lab.internal \"$@\"\n}\n\
               run_on_gw 'rm -rf /srv/data'\n";
    let rows: &[(&str, bool, Verdict, &str)] = &[
        (&one, true, Clean, ""),
        (&two, true, Clean, ""),
        (&wipe, true, Dangerous, "guard-rule"),
        (all, true, Dangerous, "guard-rule"),
        (&run_time, true, Suspicious, "guard-rule"),
    ];
    crate::judged_shell_rows(rows, &SshGuard);
}
