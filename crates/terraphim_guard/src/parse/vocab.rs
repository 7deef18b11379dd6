//! The parser's own vocabulary: the variables and options that make a program run other code.
//! The lists shared with the script review and the learning loop (shells, interpreters,
//! wrappers, build files) are in `terraphim_shell_vocab`.

/// Variables that make any program load or run something else.
pub(super) const INJECTION_VARS: &[&str] = &[
    "BASH_ENV",
    "ENV",
    "PROMPT_COMMAND",
    "PATH",
    "IFS",
    "SHELLOPTS",
    "BASHOPTS",
    "PYTHONPATH",
    "PYTHONSTARTUP",
    "PYTHONHOME",
    "NODE_OPTIONS",
    "NODE_PATH",
    "PERL5OPT",
    "PERL5LIB",
    "PERLLIB",
    "RUBYOPT",
    "RUBYLIB",
    "JAVA_TOOL_OPTIONS",
    "_JAVA_OPTIONS",
    "GCONV_PATH",
    "LESSOPEN",
    "LESSCLOSE",
    "GIT_EXEC_PATH",
    "GIT_TEMPLATE_DIR",
    "GIT_CONFIG",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_COUNT",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
];
/// Builtins that read input into variables and start no program: the variables of
/// [`INJECTION_VARS`] set for them (`IFS= read -r line`) load or run nothing.
pub(super) const READ_BUILTINS: &[&str] = &["read", "mapfile", "readarray"];
/// Variables whose value is a command some program runs.
pub(super) const CODE_VARS: &[&str] = &[
    "VISUAL",
    "GIT_SSH",
    "GIT_EXTERNAL_DIFF",
    "SHELL",
    "CC",
    "CXX",
    "LD",
    "AR",
    "TERMINAL",
    "BROWSER",
];
/// Options whose value is a command the program runs, per program (and subcommand where it
/// matters): `(program, subcommand or "", option spellings)`. Values are parsed as code, so the
/// command is judged by what it runs.
pub(super) const CODE_OPTIONS: &[(&str, &str, &[&str])] = &[
    ("git", "", &["--upload-pack", "--receive-pack", "--exec"]),
    ("git", "fetch", &["-u"]),
    ("git", "clone", &["-u"]),
    ("git", "rebase", &["-x", "--exec"]),
    ("git", "difftool", &["-x", "--extcmd"]),
    ("git", "mergetool", &["--tool-cmd"]),
    ("go", "", &["-exec", "-toolexec"]),
    ("sort", "", &["--compress-program"]),
    (
        "tar",
        "",
        &[
            "--to-command",
            "--use-compress-program",
            "-I",
            "--info-script",
            "--new-volume-script",
            "-F",
        ],
    ),
    ("rsync", "", &["-e", "--rsh", "--rsync-path"]),
    ("scp", "", &["-S"]),
    ("zip", "", &["-TT", "--unzip-command"]),
    ("man", "", &["-P", "--pager", "-H"]),
    ("flock", "", &["-c", "--command"]),
    ("script", "", &["-c", "--command"]),
    ("npm", "", &["--script-shell"]),
    ("su", "", &["-s", "--shell"]),
    ("gdb", "", &["-ex", "--eval-command"]),
];

/// `git -c KEY=VALUE` keys whose value is a command git runs (`!cmd` for aliases and helpers).
pub(super) fn git_key_runs_code(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    matches!(
        key.as_str(),
        "core.pager"
            | "core.sshcommand"
            | "core.editor"
            | "core.fsmonitor"
            | "core.askpass"
            | "core.gitproxy"
            | "sequence.editor"
            | "diff.external"
            | "gpg.program"
            | "gpg.ssh.program"
            | "gpg.x509.program"
            | "uploadpack.packobjectshook"
            | "interactive.difffilter"
            | "credential.helper"
            | "web.browser"
    ) || key.starts_with("pager.")
        || key.starts_with("alias.")
        || key.starts_with("filter.")
        || key.ends_with(".textconv")
        || key.ends_with(".command")
        || key.ends_with(".driver")
        || key.ends_with(".cmd")
        || key.ends_with(".helper")
}

/// Calls of interpreters the script review has no walker for whose string argument is a shell
/// command, per interpreter: `system("...")`, `exec`, `spawn`, `IO.popen`, `Open3.*`.
/// Backticks, `%x(...)` and Perl's `qx(...)` are found by their quoting.
pub(super) const INLINE_SHELL_CALLS: &[(&str, &[&str])] = &[
    (
        "ruby",
        &[
            "system",
            "exec",
            "spawn",
            "Process.spawn",
            "Kernel.system",
            "Kernel.exec",
            "IO.popen",
            "Open3.capture2",
            "Open3.capture2e",
            "Open3.capture3",
            "Open3.popen2",
            "Open3.popen2e",
            "Open3.popen3",
            "Open3.pipeline",
        ],
    ),
    ("perl", &["system", "exec"]),
    (
        "php",
        &[
            "system",
            "exec",
            "shell_exec",
            "passthru",
            "popen",
            "proc_open",
        ],
    ),
    ("awk", &["system"]),
];
/// Calls that delete the files or trees their literal path names, per interpreter: judged as
/// `rm -rf PATH`, by the same path rules.
pub(super) const INLINE_DELETE_CALLS: &[(&str, &[&str])] = &[
    (
        "ruby",
        &[
            "FileUtils.rm_rf",
            "FileUtils.rm_r",
            "FileUtils.rm",
            "FileUtils.rm_f",
            "FileUtils.remove_dir",
            "FileUtils.remove_entry",
            "FileUtils.remove_entry_secure",
            "FileUtils.rmtree",
            "File.delete",
            "File.unlink",
            "Dir.rmdir",
            "Dir.delete",
        ],
    ),
    ("perl", &["unlink", "rmtree", "remove_tree", "rmdir"]),
];
