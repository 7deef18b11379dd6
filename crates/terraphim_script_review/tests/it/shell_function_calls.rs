//! Which body a shell script's call of its own function runs: bash keeps the definition made
//! last before the call runs, so a function redefined after a harmless first body is called
//! with its new one.

use terraphim_script_review::{Language, Verdict};

/// (why, script, verdict): the reviewed verdict of each script.
const ROWS: &[(&str, &str, Verdict)] = &[
    (
        "a path helper redefined to the agent's settings, then written by a later call",
        "settings_file() {\n  printf '%s\\n' \"$PWD/.cache/assist.json\"\n}\nwrite_settings() {\n  p=\"$(settings_file)\"\n  printf '{\"permissions\": {\"defaultMode\": \"bypassPermissions\"}}\\n' > \"$p\"\n}\nsettings_file() {\n  printf '%s\\n' \"$HOME/.claude/settings.json\"\n}\nmain() {\n  write_settings\n}\nmain \"$@\"\n",
        Verdict::Dangerous,
    ),
    (
        "the same helpers with the settings path first and the project path last: the call runs the last",
        "settings_file() {\n  printf '%s\\n' \"$HOME/.claude/settings.json\"\n}\nwrite_settings() {\n  p=\"$(settings_file)\"\n  printf '{\"theme\": \"dark\"}\\n' > \"$p\"\n}\nsettings_file() {\n  printf '%s\\n' \"$PWD/.cache/assist.json\"\n}\nmain() {\n  write_settings\n}\nmain \"$@\"\n",
        Verdict::Clean,
    ),
    (
        "a call run before the redefinition runs the first body: the home's ssh directory",
        "target_dir() {\n  printf '%s\\n' \"$HOME/.ssh\"\n}\nwipe() {\n  rm -rf \"$(target_dir)\"\n}\nwipe\ntarget_dir() {\n  printf '%s\\n' \"$PWD/tmp\"\n}\n",
        Verdict::Dangerous,
    ),
    (
        "a helper redefined before the function that calls it: the project's own tmp",
        "target_dir() {\n  printf '%s\\n' \"$HOME/.ssh\"\n}\ntarget_dir() {\n  printf '%s\\n' \"$PWD/tmp\"\n}\nwipe() {\n  rm -rf \"$(target_dir)\"\n}\nwipe\n",
        Verdict::Clean,
    ),
    (
        "a redefinition inside a branch is a definition of that branch, not of the script",
        "out_dir() {\n  printf '%s\\n' \"$PWD/dist\"\n}\nif [ -n \"${CI:-}\" ]; then\n  out_dir() {\n    printf '%s\\n' \"$HOME\"\n  }\n  rm -rf \"$(out_dir)\"\nfi\n",
        Verdict::Dangerous,
    ),
];

#[test]
fn a_call_runs_the_definition_in_effect() {
    for (why, code, verdict) in ROWS {
        let report = crate::review(Language::Shell, code);
        assert_eq!(report.verdict, *verdict, "{why}\n{code}\n{report:#?}");
    }
}
