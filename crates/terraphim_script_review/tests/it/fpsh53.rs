//! Rows of session 53's shell precision rules (values the walk lost or kept too wide), each with
//! its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// `OUT=""` at the top, `OUT="$ROOT/build/reports/$(date +%s)"` in `main` before it calls
/// `collect`: the call runs `collect` with the value `OUT` holds then (a directory of the
/// build output), not with the blank it held where `collect` was defined (which put its files
/// at the root).
#[test]
fn a_global_assigned_again_before_the_calls_is_read_at_the_call() {
    let shape = |assign: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nROOT=\"$(pwd)\"\nOUT=\"\"\n\
             collect() {{\n  : >\"$OUT/would-change.txt\"\n  rm -f -- \"$OUT/old.txt\"\n}}\n\
             main() {{\n  {assign}\n  mkdir -p \"$OUT\"\n  collect\n}}\nmain \"$@\"\n"
        )
    };
    crate::verdict(
        Language::Shell,
        &shape("OUT=\"$ROOT/build/reports/$(date +%s)\""),
        Clean,
    );
    // The same at the top level.
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nROOT=\"$(pwd)\"\nOUT=\"\"\n\
         collect() {\n  rm -f -- \"$OUT/old.txt\"\n}\n\
         OUT=\"$ROOT/build/reports\"\ncollect\n",
        Clean,
    );
    // Twins: the directory set before the call is the home's or a system one.
    let report = crate::verdict(
        Language::Shell,
        &shape("OUT=\"$HOME/reports/$(date +%s)\""),
        Dangerous,
    );
    crate::has_rule(&report, "delete-outside");
    crate::verdict(Language::Shell, &shape("OUT=\"/etc/reports\""), Dangerous);
}

/// `case "$HOST" in localhost|127.0.0.1) ;; *) exit 1 ;; esac`: past it (and inside an item of
/// literal words) the variable is one of the words, so a request to `http://$HOST:8042` goes to
/// this machine.
#[test]
fn a_value_checked_against_literal_words_is_one_of_them() {
    let ok = [
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"${1:-}\"\n\
         case \"$HOST\" in\n  localhost|127.0.0.1) ;;\n  *) echo \"refusing $HOST\" >&2; exit 1 ;;\nesac\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"$1\"\n\
         [[ \"$HOST\" == localhost || \"$HOST\" == 127.0.0.1 ]] || exit 1\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"$1\"\n\
         if [[ \"$HOST\" != localhost ]]; then\n  echo no >&2\n  exit 1\nfi\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nHOST=\"$1\"\n\
         case \"$HOST\" in\n  localhost|'127.0.0.1') curl -fsS \"http://$HOST:8042/system\" -o build/s.json ;;\n  \
         *) echo skip ;;\nesac\n",
        // A setting of the project's `.env` narrowed the same way carries none of the file.
        "#!/usr/bin/env bash\nset -euo pipefail\nhost=\"$(grep -E '^LOCAL_DOMAIN=' .env | cut -d= -f2)\"\n\
         case \"$host\" in\n  social.internal|social.test.internal) echo \"instance $host\" ;;\n  \
         *) echo unexpected >&2; exit 1 ;;\nesac\n",
    ];
    for code in ok {
        crate::verdict(Language::Shell, code, Clean);
    }
    // Twins: a glob pattern other than a zone's (`*internal` also matches `evilinternal`; a
    // zone's, `*.internal`, is read as a host of it, see `fpmix55.rs`); a catch-all that goes
    // on; no check; the unchecked branch.
    let flagged = [
        "#!/usr/bin/env bash\nHOST=\"$1\"\n\
         case \"$HOST\" in\n  *internal) ;;\n  *) exit 1 ;;\nesac\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nHOST=\"$1\"\n\
         case \"$HOST\" in\n  localhost) ;;\n  *) echo \"other host\" ;;\nesac\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nHOST=\"$1\"\n\
         [[ \"$HOST\" == localhost ]] && echo local\n\
         curl -fsS \"http://$HOST:8042/system\" -o build/system.json\n",
        "#!/usr/bin/env bash\nHOST=\"$1\"\n\
         case \"$HOST\" in\n  localhost) echo local ;;\n  *) curl -fsS \"http://$HOST:8042/system\" -o build/s.json ;;\nesac\n",
    ];
    for code in flagged {
        crate::verdict(Language::Shell, code, Suspicious);
    }
}

/// `IFS=: read -r HOST PORT <<<"${TARGETS[$target]}"` of a table whose entries the script
/// spells: each variable is the field at its place in each entry, so the request goes to one of
/// the table's hosts; all on this machine or the network's own (`localhost`,
/// `orthanc.dev.internal`), the credential goes where the script's own servers are.
#[test]
fn fields_read_from_a_table_of_targets_are_the_tables_fields() {
    let table = |dev: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nTARGET=\"${{1:-local}}\"\n\
             declare -A TARGETS=(\n  [local]=\"localhost:8042\"\n  [dev]=\"{dev}:8042\"\n)\n\
             [[ -n \"${{TARGETS[$TARGET]:-}}\" ]] || exit 1\n\
             IFS=: read -r HOST PORT <<<\"${{TARGETS[$TARGET]}}\"\n\
             BASE=\"http://$HOST:$PORT\"\n\
             curl -fsS -u \"admin:$ORTHANC_PASSWORD\" \"$BASE/system\" -o build/system.json\n"
        )
    };
    let clean = table("orthanc.dev.internal");
    crate::verdict(Language::Shell, &clean, Clean);
    crate::verdict(
        Language::Shell,
        &clean.replace("TARGET=\"${1:-local}\"", "TARGET=\"$1\""),
        Clean,
    );
    // Twins: a table naming a host of the Internet takes the password there; a separator of
    // blanks splits nothing the walk follows here.
    let report = crate::verdict(
        Language::Shell,
        &table("collector.example.net").replace("TARGET=\"${1:-local}\"", "TARGET=\"$1\""),
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
    crate::verdict(
        Language::Shell,
        &clean
            .replace("TARGET=\"${1:-local}\"", "TARGET=\"$1\"")
            .replace("IFS=: read", "IFS=' ' read"),
        Dangerous,
    );
}

/// `grep -E '^LOCAL_DOMAIN=' .env`: the lines printed are that one setting's, so what they
/// hold is what the setting holds: a plain setting is nothing private, a credential's name is
/// that credential.
#[test]
fn a_grep_of_one_setting_of_the_dotenv_is_that_setting() {
    let shape = |grep: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nv=\"$({grep} | cut -d= -f2-)\"\necho \"value: $v\"\n"
        )
    };
    crate::verdict(
        Language::Shell,
        &shape("grep -E '^LOCAL_DOMAIN=' .env"),
        Clean,
    );
    crate::verdict(Language::Shell, &shape("grep '^APP_PORT=' .env"), Clean);
    // Twins: a credential's line, every other line, a pattern not anchored at the start
    // (`MY_LOCAL_DOMAIN_TOKEN=`, a value holding it), a match of any case.
    for grep in [
        "grep -E '^API_TOKEN=' .env",
        "grep -v '^LOCAL_DOMAIN=' .env",
        "grep -E 'LOCAL_DOMAIN=' .env",
        "grep -i '^LOCAL_DOMAIN=' .env",
    ] {
        let report = crate::verdict(Language::Shell, &shape(grep), Dangerous);
        crate::has_rule(&report, "secret-to-output");
    }
}
