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
    /// Operands of the runner's own before the command (`aws-vault exec PROFILE CMD`,
    /// `direnv exec DIR CMD`).
    pub operands: usize,
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
    operands: 0,
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

/// `conda run`'s (and mamba's, micromamba's) options that take no value, then those that do.
const CONDA_RUN_FLAGS: &[&str] = &[
    "--no-capture-output",
    "--live-stream",
    "-v",
    "--verbose",
    "-q",
    "--quiet",
];
const CONDA_RUN_VALUES: &[&str] = &["-n", "--name", "-p", "--prefix"];

/// `conda run`'s command line, shared by the programs that copy it (mamba, micromamba).
const fn env_manager_run(program: &'static str) -> Runner {
    Runner {
        program,
        sub: &["run"],
        flags: CONDA_RUN_FLAGS,
        with_value: CONDA_RUN_VALUES,
        fetch: &["--cwd"],
        operands: 0,
    }
}

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
        operands: 0,
    },
    Runner {
        program: "bun",
        sub: &["x"],
        flags: &["--bun", "--silent", "--verbose"],
        with_value: &[],
        fetch: &["-p", "--package"],
        operands: 0,
    },
    Runner {
        program: "pnpm",
        sub: &["exec"],
        flags: &["-s", "--silent"],
        with_value: &["-C", "--dir"],
        fetch: &["-c", "--shell-mode"],
        operands: 0,
    },
    Runner {
        program: "pnpm",
        sub: &["dlx"],
        flags: &["-s", "--silent"],
        with_value: &[],
        fetch: &["--package", "-c", "--shell-mode"],
        operands: 0,
    },
    Runner {
        program: "yarn",
        sub: &["exec"],
        flags: &[],
        with_value: &[],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "yarn",
        sub: &["dlx"],
        flags: &["-q", "--quiet"],
        with_value: &[],
        fetch: &["-p", "--package"],
        operands: 0,
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
        operands: 0,
    },
    Runner {
        program: "uv",
        sub: &["tool", "run"],
        flags: UVX_FLAGS,
        with_value: &["-p", "--python"],
        fetch: UV_FETCH,
        operands: 0,
    },
    Runner {
        program: "uvx",
        sub: &[],
        flags: UVX_FLAGS,
        with_value: &["-p", "--python"],
        fetch: UV_FETCH,
        operands: 0,
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
        operands: 0,
    },
    // `pipenv run CMD`: the command in the project's virtual environment, as `poetry run`.
    Runner {
        program: "pipenv",
        sub: &["run"],
        flags: &["-v", "--verbose", "-q", "--quiet"],
        with_value: &["--python"],
        fetch: &[],
        operands: 0,
    },
    // Bundler runs a command with the project's Gemfile.lock gems on the load path: what runs
    // is the command (`bundle exec rspec` is `rspec`).
    Runner {
        program: "bundle",
        sub: &["exec"],
        flags: &["--keep-file-descriptors", "--no-keep-file-descriptors"],
        with_value: &[],
        fetch: &[],
        operands: 0,
    },
    // Haskell's stack and OCaml's opam run a command with the project's (or the switch's)
    // compiler and packages on the path: what runs is the command (`stack exec -- hlint src`
    // is `hlint src`, `opam exec -- dune build` is `dune build`). `stack exec --package PKG`
    // fetches a package first, so it is not seen through.
    Runner {
        program: "stack",
        sub: &["exec"],
        flags: &["--no-ghc-package-path", "--ghc-package-path"],
        with_value: &["--cwd", "--rts-options"],
        fetch: &["--package"],
        operands: 0,
    },
    // Monorepo tools run a command in each project of the workspace, with that project's
    // directory and scripts on the path: what runs is the command (`nx exec -- tsc`,
    // `lerna exec -- rm -rf dist` is `rm -rf dist`).
    Runner {
        program: "nx",
        sub: &["exec"],
        flags: &["--all", "--parallel", "--verbose"],
        with_value: &["--projects", "-p", "--exclude"],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "lerna",
        sub: &["exec"],
        flags: &[
            "--parallel",
            "--stream",
            "--no-bail",
            "--no-prefix",
            "--no-private",
        ],
        with_value: &["--scope", "--ignore", "--concurrency", "--since"],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "opam",
        sub: &["exec"],
        flags: &["--set-switch", "--set-root"],
        with_value: &["--switch", "--root"],
        fetch: &[],
        operands: 0,
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
        operands: 0,
    },
    // Runners that only add environment (secrets of a vault, a profile's short-lived keys, a
    // dotenv file) to the command they start: what runs is the command (`doppler run -- npm
    // test` is `npm test`). An option that runs a shell string (`doppler run --command`) or
    // writes the secrets to a file (`doppler run --mount`) is none of theirs here, so the runner
    // is not seen through. sops's `exec-env`/`exec-file` take one shell string: the guard's
    // parser reads that as code.
    Runner {
        program: "doppler",
        sub: &["run"],
        flags: &[
            "--preserve-env",
            "--no-fallback",
            "--forward-signals",
            "--silent",
            "--watch",
            "--no-check-version",
        ],
        with_value: &[
            "-c",
            "--config",
            "-p",
            "--project",
            "--scope",
            "--name-transformer",
        ],
        fetch: &["--command", "--mount"],
        operands: 0,
    },
    // `railway run CMD`: the command with the service's variables in its environment.
    Runner {
        program: "railway",
        sub: &["run"],
        flags: &[],
        with_value: &["-s", "--service", "-e", "--environment"],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "op",
        sub: &["run"],
        flags: &["--no-masking"],
        with_value: &["--env-file", "--account", "--environment"],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "infisical",
        sub: &["run"],
        flags: &[
            "--watch",
            "--silent",
            "--recursive",
            "--include-imports",
            "--expand",
        ],
        with_value: &["--env", "--path", "--projectId", "--domain", "--tags"],
        fetch: &["--command"],
        operands: 0,
    },
    // `aws-vault exec PROFILE [--] CMD`: the profile's temporary keys in the environment.
    // Its server options (`--server`, `--ec2-server`) are not seen through.
    Runner {
        program: "aws-vault",
        sub: &["exec"],
        flags: &["-n", "--no-session", "--lazy"],
        with_value: &[
            "-d",
            "--duration",
            "--region",
            "-t",
            "--mfa-token",
            "--prompt",
        ],
        fetch: &[],
        operands: 1,
    },
    // python-dotenv's `dotenv run CMD`, then dotenv-cli's `dotenv [-e FILE] -- CMD`.
    Runner {
        program: "dotenv",
        sub: &["run"],
        flags: &["--override", "--no-override"],
        with_value: &[],
        fetch: &[],
        operands: 0,
    },
    Runner {
        program: "dotenv",
        sub: &[],
        flags: &["-o", "--debug"],
        with_value: &["-e", "-v"],
        fetch: &[],
        operands: 0,
    },
    // `conda run -n ENV CMD` (also mamba's and micromamba's): the command with the named
    // environment's programs first on the path, as `poetry run` does with the project's. A
    // working directory of its own (`--cwd`) is not seen through.
    env_manager_run("conda"),
    env_manager_run("mamba"),
    env_manager_run("micromamba"),
    // `direnv exec DIR CMD`: the environment DIR's `.envrc` makes; which directory that is
    // stays judged on the runner's own part.
    Runner {
        program: "direnv",
        sub: &["exec"],
        flags: &[],
        with_value: &[],
        fetch: &[],
        operands: 1,
    },
    // `devcontainer exec [--workspace-folder DIR] CMD`: CMD in the project's dev container,
    // which sees the project (and often the user's mounted keys): judged as CMD.
    Runner {
        program: "devcontainer",
        sub: &["exec"],
        flags: &[],
        with_value: &[
            "--workspace-folder",
            "--config",
            "--override-config",
            "--container-id",
            "--id-label",
            "--remote-env",
            "--docker-path",
            "--docker-compose-path",
            "--user-data-folder",
            "--log-level",
            "--log-format",
        ],
        fetch: &[],
        operands: 0,
    },
];

/// The runner that `name` (a command's basename) with its words `rest` is, and how many words
/// of `rest` belong to the runner (subcommand and options), so `rest[n..]` is the command it
/// runs. `None` when it is no runner, when an option is unknown or changes what is fetched or
/// run, or when no command follows.
pub fn runner_words<S: AsRef<str>>(name: &str, rest: &[S]) -> Option<(&'static Runner, usize)> {
    let selection = workspace_selection_len(name, rest);
    if selection > 0 {
        return runner_words(name, &rest[selection..]).map(|(r, n)| (r, n + selection));
    }
    let Some(runner) = RUNNERS.iter().find(|r| {
        r.program == name
            && r.sub.len() <= rest.len()
            && r.sub.iter().zip(rest).all(|(s, w)| *s == w.as_ref())
    }) else {
        return implicit_runner(name, rest.first().map(AsRef::as_ref)?).map(|r| (r, 0));
    };
    let mut i = runner.sub.len();
    let mut operands = runner.operands;
    while let Some(a) = rest.get(i).map(AsRef::as_ref) {
        if a == "--" {
            if operands > 0 {
                return None;
            }
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            if operands == 0 {
                break;
            }
            operands -= 1;
            i += 1;
            continue;
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

/// How many leading words of a pnpm line choose the workspace packages it runs in
/// (`pnpm --filter web exec vitest`, `pnpm -r test`): packages of the project, so what runs
/// there is judged as in the project. A selector that names a place (`..`, `/`, `~`, `$`) is
/// not taken, and the line is no runner.
fn workspace_selection_len<S: AsRef<str>>(name: &str, rest: &[S]) -> usize {
    if name != "pnpm" {
        return 0;
    }
    let in_workspace =
        |s: &str| !s.is_empty() && !s.contains("..") && !s.starts_with(['/', '~', '$']);
    let mut i = 0;
    while let Some(a) = rest.get(i).map(AsRef::as_ref) {
        let selector = match a {
            "--filter" | "-F" | "--filter-prod" => rest.get(i + 1).map(AsRef::as_ref),
            _ => a
                .strip_prefix("--filter=")
                .or_else(|| a.strip_prefix("--filter-prod=")),
        };
        let step = match a {
            "--filter" | "-F" | "--filter-prod" => 2,
            "-r" | "--recursive" | "-w" | "--workspace-root" => 1,
            _ if selector.is_some() => 1,
            _ => break,
        };
        if selector.is_some_and(|s| !in_workspace(s)) || (step == 2 && selector.is_none()) {
            return 0;
        }
        i += step;
    }
    i.min(rest.len())
}

/// A JavaScript package manager given a word that is none of its own commands (`pnpm eslint
/// src`, `yarn tsc --noEmit`, `bun vitest run`): pnpm, yarn and bun run the project's script of
/// that name, else the program of that name the project installed (`node_modules/.bin`), and
/// never fetch one. What runs is that word's command, or the project's script, which is
/// declared code as `npm run NAME` is. Their own commands (`pnpm add`, `yarn link`, `bun pm`)
/// and paths (`bun src/index.ts`) are not runners.
fn implicit_runner(name: &str, first: &str) -> Option<&'static Runner> {
    const PNPM: &[&str] = &[
        "add",
        "i",
        "install",
        "it",
        "install-test",
        "up",
        "update",
        "upgrade",
        "rm",
        "remove",
        "un",
        "uninstall",
        "unlink",
        "ln",
        "link",
        "import",
        "rebuild",
        "rb",
        "prune",
        "fetch",
        "dedupe",
        "patch",
        "patch-commit",
        "patch-remove",
        "audit",
        "ls",
        "list",
        "ll",
        "la",
        "outdated",
        "why",
        "licenses",
        "run",
        "run-script",
        "test",
        "t",
        "tst",
        "exec",
        "dlx",
        "create",
        "start",
        "restart",
        "stop",
        "publish",
        "pack",
        "recursive",
        "multi",
        "m",
        "server",
        "store",
        "root",
        "bin",
        "setup",
        "init",
        "deploy",
        "doctor",
        "config",
        "c",
        "get",
        "set",
        "env",
        "cat-file",
        "cat-index",
        "find-hash",
        "self-update",
        "help",
        "sbom",
        "catalog",
        "approve-builds",
        "ignored-builds",
        "version",
        "node",
        "login",
        "logout",
        "adduser",
        "whoami",
        "owner",
        "dist-tag",
        "team",
        "token",
        "unpublish",
        "deprecate",
        "undeprecate",
        "search",
        "view",
        "info",
        "docs",
        "repo",
        "bugs",
        "home",
        "ping",
        "hook",
        "profile",
        "access",
        "org",
        "star",
        "stars",
        "unstar",
        "fund",
        "completion",
        "cache",
        "shell",
        "x",
        "pm",
        "build",
        "upgrade-interactive",
        "generate-lock-entry",
        "global",
        "policies",
        "tag",
        "versions",
        "workspace",
        "workspaces",
        "constraints",
        "explain",
        "npm",
        "plugin",
        "stage",
        "unplug",
        "check",
        "autoclean",
        "repl",
        "reinstall",
        "sdk",
        "sdks",
        "query",
    ];
    const PLAIN: Runner = Runner {
        program: "",
        sub: &[],
        flags: &[],
        with_value: &[],
        fetch: &[],
        operands: 0,
    };
    const IMPLICIT: &[Runner] = &[
        Runner {
            program: "pnpm",
            ..PLAIN
        },
        Runner {
            program: "yarn",
            ..PLAIN
        },
        Runner {
            program: "bun",
            ..PLAIN
        },
    ];
    let runner = IMPLICIT.iter().find(|r| r.program == name)?;
    let plain = first
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'))
        && first
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic());
    (plain && !PNPM.contains(&first)).then_some(runner)
}

/// A package name as the command it provides: `prettier@3` -> `prettier`,
/// `@scope/tool@1.2` -> `@scope/tool`; anything else unchanged.
pub fn strip_package_version(word: &str) -> &str {
    match word.rfind('@') {
        Some(at) if at > 0 => &word[..at],
        _ => word,
    }
}
