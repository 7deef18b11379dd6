//! The parser's vocabulary: shells, interpreters, wrappers, build files, and the variables
//! and options that make a program run other code.

/// Files that build and test runners read as instructions, by file name.
pub(super) const BUILD_INPUTS: &[&str] = &[
    "Makefile",
    "makefile",
    "GNUmakefile",
    "package.json",
    "conftest.py",
    "pytest.ini",
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "tox.ini",
    "noxfile.py",
    "Cargo.toml",
    "build.rs",
    "justfile",
    "Justfile",
    "Rakefile",
    "CMakeLists.txt",
    "build.gradle",
    "build.gradle.kts",
    "pom.xml",
    "Taskfile.yml",
    "deno.json",
    ".npmrc",
];

/// Runners that read the files of [`BUILD_INPUTS`] from the working directory.
pub(super) const BUILD_RUNNERS: &[&str] = &[
    "make", "gmake", "npm", "pnpm", "yarn", "bun", "npx", "pytest", "py.test", "tox", "nox",
    "cargo", "just", "rake", "cmake", "gradle", "gradlew", "mvn", "task", "deno", "pip", "pip3",
    "uv", "poetry", "python", "python3",
];

/// Whether a path names a file that a build or test runner reads as instructions.
pub(super) fn is_build_input(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    BUILD_INPUTS.contains(&base) || base.ends_with(".mk")
}

/// Shells that run a `-c` string, stdin, or a script file.
pub(super) const SHELLS: &[&str] = &[
    "bash",
    "sh",
    "zsh",
    "dash",
    "ksh",
    "mksh",
    "ash",
    "fish",
    "csh",
    "tcsh",
    "busybox-sh",
];
/// Interpreters that run code from stdin when given no script.
pub(super) const INTERPRETERS: &[&str] = &[
    "python",
    "python2",
    "python3",
    "node",
    "nodejs",
    "perl",
    "ruby",
    "php",
    "deno",
    "bun",
    "lua",
    "Rscript",
    "osascript",
    "pwsh",
];
/// Wrappers that only change how the inner command runs; they are not judged themselves.
pub(super) const TRANSPARENT: &[&str] = &[
    "env",
    "nice",
    "ionice",
    "nohup",
    "timeout",
    "time",
    "stdbuf",
    "setsid",
    "command",
    "builtin",
    "exec",
    "xargs",
    "chrt",
    "taskset",
    "unbuffer",
    "flock",
    "caffeinate",
    "gtimeout",
    "parallel",
    "torsocks",
    "proxychains",
    "proxychains4",
    "strace",
    "ltrace",
    "catchsegv",
];
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
/// Wrappers that run the inner command with other privileges; judged themselves and unwrapped.
pub(super) const PRIVILEGED: &[&str] = &["sudo", "doas", "pkexec", "run0"];

pub(super) fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}

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
