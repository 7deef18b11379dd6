//! Package runners: programs that find or fetch another program and run it (`npx X`,
//! `uv run X`, `poetry run X`). What they run is X.

/// One runner: a program, the subcommand words that make it a runner (none for `npx`), and
/// its options before the command it runs.
#[derive(Debug, Clone, Copy)]
pub struct Runner {
    /// The program (`npx`, `uv`).
    pub program: &'static str,
    /// The subcommand words after the program (`["run"]` for `uv run`; empty for `npx`).
    pub sub: &'static [&'static str],
    /// Options that take no value.
    pub flags: &'static [&'static str],
    /// Options that take a value (`--python 3.12` or `--python=3.12`).
    pub with_value: &'static [&'static str],
    /// Options that change what is fetched or run (`--with PKG`, `--from SPEC`, `-c CMD`):
    /// the runner is then not seen through.
    pub fetch: &'static [&'static str],
}

const NPX: Runner = Runner {
    program: "npx",
    sub: &[],
    flags: &[
        "-y",
        "--yes",
        "--no",
        "--no-install",
        "-q",
        "--quiet",
        "--silent",
        "--prefer-offline",
        "--prefer-online",
        "--offline",
    ],
    with_value: &[],
    fetch: &["-p", "--package", "-c", "--call"],
};

const UV_FETCH: &[&str] = &[
    "--with",
    "--with-requirements",
    "--with-editable",
    "--from",
    "--index",
    "--index-url",
    "--default-index",
    "--extra-index-url",
    "--find-links",
    "-f",
];

const UVX_FLAGS: &[&str] = &[
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--offline",
    "--isolated",
    "--no-cache",
];

/// The runners the guard and the script review see through.
pub const RUNNERS: &[Runner] = &[
    NPX,
    Runner {
        sub: &["exec"],
        program: "npm",
        ..NPX
    },
    Runner {
        program: "bunx",
        sub: &[],
        flags: &["--bun", "--silent", "--verbose"],
        with_value: &[],
        fetch: &["-p", "--package"],
    },
    Runner {
        program: "bun",
        sub: &["x"],
        flags: &["--bun", "--silent", "--verbose"],
        with_value: &[],
        fetch: &["-p", "--package"],
    },
    Runner {
        program: "pnpm",
        sub: &["exec"],
        flags: &["-s", "--silent"],
        with_value: &["-C", "--dir"],
        fetch: &["-c", "--shell-mode"],
    },
    Runner {
        program: "pnpm",
        sub: &["dlx"],
        flags: &["-s", "--silent"],
        with_value: &[],
        fetch: &["--package", "-c", "--shell-mode"],
    },
    Runner {
        program: "yarn",
        sub: &["exec"],
        flags: &[],
        with_value: &[],
        fetch: &[],
    },
    Runner {
        program: "yarn",
        sub: &["dlx"],
        flags: &["-q", "--quiet"],
        with_value: &[],
        fetch: &["-p", "--package"],
    },
    Runner {
        program: "uv",
        sub: &["run"],
        flags: &[
            "--frozen",
            "--locked",
            "--no-sync",
            "--isolated",
            "--no-project",
            "--no-dev",
            "--all-extras",
            "--active",
            "-q",
            "--quiet",
            "-v",
            "--verbose",
            "--offline",
        ],
        with_value: &[
            "-p",
            "--python",
            "--directory",
            "--project",
            "--extra",
            "--group",
            "--env-file",
            "--package",
        ],
        fetch: UV_FETCH,
    },
    Runner {
        program: "uv",
        sub: &["tool", "run"],
        flags: UVX_FLAGS,
        with_value: &["-p", "--python"],
        fetch: UV_FETCH,
    },
    Runner {
        program: "uvx",
        sub: &[],
        flags: UVX_FLAGS,
        with_value: &["-p", "--python"],
        fetch: UV_FETCH,
    },
    Runner {
        program: "poetry",
        sub: &["run"],
        flags: &[
            "-q",
            "--quiet",
            "-v",
            "-vv",
            "-vvv",
            "--verbose",
            "-n",
            "--no-interaction",
            "--ansi",
            "--no-ansi",
            "--no-plugins",
            "--no-cache",
        ],
        with_value: &["-C", "--directory", "-P", "--project"],
        fetch: &[],
    },
    // Bundler runs a command with the project's Gemfile.lock gems on the load path: what runs
    // is the command (`bundle exec rspec` is `rspec`).
    Runner {
        program: "bundle",
        sub: &["exec"],
        flags: &["--keep-file-descriptors", "--no-keep-file-descriptors"],
        with_value: &[],
        fetch: &[],
    },
    Runner {
        program: "pipx",
        sub: &["run"],
        flags: &["--no-cache", "-q", "--quiet", "-v", "--verbose"],
        with_value: &["--python"],
        fetch: &[
            "--spec",
            "--index-url",
            "-i",
            "--pip-args",
            "-e",
            "--editable",
        ],
    },
];

/// The runner that `name` (a command's basename) with its words `rest` is, and how many words
/// of `rest` belong to the runner (subcommand and options), so `rest[n..]` is the command it
/// runs. `None` when it is no runner, when an option is unknown or changes what is fetched or
/// run, or when no command follows.
pub fn runner_words<S: AsRef<str>>(name: &str, rest: &[S]) -> Option<(&'static Runner, usize)> {
    let runner = RUNNERS.iter().find(|r| {
        r.program == name
            && r.sub.len() <= rest.len()
            && r.sub.iter().zip(rest).all(|(s, w)| *s == w.as_ref())
    })?;
    let mut i = runner.sub.len();
    while let Some(a) = rest.get(i).map(AsRef::as_ref) {
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            break;
        }
        let (opt, attached) = match a.split_once('=') {
            Some((o, _)) => (o, true),
            None => (a, false),
        };
        if runner.fetch.contains(&opt) {
            return None;
        }
        if runner.flags.contains(&opt) && !attached {
            i += 1;
        } else if runner.with_value.contains(&opt) {
            i += if attached { 1 } else { 2 };
        } else {
            return None;
        }
    }
    (i < rest.len()).then_some((runner, i))
}

/// A package name as the command it provides: `prettier@3` -> `prettier`,
/// `@scope/tool@1.2` -> `@scope/tool`; anything else unchanged.
pub fn strip_package_version(word: &str) -> &str {
    match word.rfind('@') {
        Some(at) if at > 0 => &word[..at],
        _ => word,
    }
}
