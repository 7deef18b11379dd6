//! The project's own tasks run through its language's package tooling as one-liners:
//! `julia --project=. -e 'using Pkg; Pkg.test()'`, `Rscript -e 'devtools::test()'`. Julia and R
//! have no task runner command of their own (no `cargo test`): the documented way to test,
//! lint, document or install a package's locked dependencies is one call of a package-tool
//! function. Code that is nothing but such calls (and the `using`/`library` lines they need),
//! with literal arguments naming nothing outside the project, runs the project's declared code
//! as `cargo test` and `npm ci` do. Any other statement, argument or interpreter option keeps
//! the line to the entries that judge it (`interpreter inline code`). Likewise an interpreter
//! given a file of the project's test, benchmark or documentation directories runs what the
//! project's own runners run.

use crate::parse::SimpleCommand;

/// Julia's `Pkg` functions that test, build or resolve the active project (`Pkg.add`,
/// `Pkg.rm`, `Pkg.update` and `Pkg.develop` change what it depends on and are not here).
const JULIA_PKG_TASKS: &[&str] = &[
    "test",
    "instantiate",
    "precompile",
    "status",
    "build",
    "resolve",
    "activate",
];

/// R package-tool functions, by package, that test, check, lint, style, document or restore
/// the locked dependencies of the package in the working directory.
const R_TASKS: &[(&str, &[&str])] = &[
    (
        "devtools",
        &[
            "test",
            "check",
            "document",
            "load_all",
            "build",
            "test_coverage",
            "lint",
            "spell_check",
            "run_examples",
        ],
    ),
    (
        "testthat",
        &["test_dir", "test_local", "test_file", "test_check"],
    ),
    ("lintr", &["lint_package", "lint_dir", "lint"]),
    ("styler", &["style_pkg", "style_dir", "style_file"]),
    ("roxygen2", &["roxygenise", "roxygenize"]),
    ("rcmdcheck", &["rcmdcheck"]),
    ("covr", &["package_coverage"]),
    (
        "pkgdown",
        &["build_site", "build_reference", "check_pkgdown"],
    ),
    ("renv", &["restore", "status", "snapshot"]),
];

/// Julia options that change neither what code is loaded nor where it comes from.
const JULIA_PLAIN: &[&str] = &[
    "-q",
    "--quiet",
    "--color",
    "--startup-file",
    "--check-bounds",
    "--code-coverage",
    "--depwarn",
    "--banner",
    "-O",
    "--optimize",
];

/// Rscript options that only skip the user's profile and saved state or quieten output.
const RSCRIPT_PLAIN: &[&str] = &[
    "--vanilla",
    "--no-save",
    "--no-restore",
    "--no-environ",
    "--no-site-file",
    "--no-init-file",
    "--quiet",
    "--no-echo",
    "--verbose",
];

/// Whether the command is Julia or Rscript running, as inline code, only the project's own
/// package tasks.
pub(crate) fn runs_package_tasks(cmd: &SimpleCommand) -> bool {
    if !cmd.layers.is_empty() || cmd.stdin_text.is_some() || cmd.option_code {
        return false;
    }
    let argv = &cmd.argv;
    match argv
        .first()
        .map(|n| crate::canon::program_name(n))
        .as_deref()
    {
        Some("julia") => julia_tasks(&argv[1..]),
        Some("Rscript") => rscript_tasks(&argv[1..]),
        _ => false,
    }
}

fn julia_tasks(rest: &[String]) -> bool {
    julia_call(rest).is_some_and(|call| {
        call.project
            && call.file_at.is_none()
            && call
                .code
                .is_some_and(|c| statements(c).all(julia_statement))
    })
}

/// What a `julia` command line runs, when its options are all known ones.
struct JuliaCall<'a> {
    /// `--project` names the project (or the current directory).
    project: bool,
    /// The code of its one `-e`/`--eval`.
    code: Option<&'a str>,
    /// The index of the first operand, the file it runs.
    file_at: Option<usize>,
}

fn julia_call(rest: &[String]) -> Option<JuliaCall<'_>> {
    let mut call = JuliaCall {
        project: false,
        code: None,
        file_at: None,
    };
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        let (opt, value) = match w.split_once('=') {
            Some((o, v)) => (o, Some(v)),
            None => (w.as_str(), None),
        };
        match opt {
            "--project" if value.is_none_or(|v| v == "@." || project_relative(v)) => {
                call.project = true;
            }
            "-t" | "--threads" if value.is_none() => {
                if !rest.get(i + 1).is_some_and(|n| threads(n)) {
                    return None;
                }
                i += 1;
            }
            "--threads" if value.is_some_and(threads) => {}
            "-e" | "--eval" if value.is_none() && call.code.is_none() => {
                call.code = Some(rest.get(i + 1)?.as_str());
                i += 1;
            }
            _ if JULIA_PLAIN.contains(&opt) || is_optimize_level(w) => {}
            _ if !w.starts_with('-') => {
                call.file_at = Some(i);
                break;
            }
            _ => return None,
        }
        i += 1;
    }
    Some(call)
}

fn rscript_tasks(rest: &[String]) -> bool {
    let mut codes = Vec::new();
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        match w.as_str() {
            "-e" => {
                let Some(c) = rest.get(i + 1) else {
                    return false;
                };
                codes.push(c);
                i += 1;
            }
            _ if RSCRIPT_PLAIN.contains(&w.as_str()) => {}
            _ => return false,
        }
        i += 1;
    }
    !codes.is_empty() && codes.iter().all(|c| statements(c).all(r_statement))
}

/// The statements of a one-liner: split at `;` and line ends, blanks dropped.
fn statements(code: &str) -> impl Iterator<Item = &str> {
    code.split([';', '\n'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

fn julia_statement(s: &str) -> bool {
    if matches!(s, "using Pkg" | "import Pkg") {
        return true;
    }
    call(s, "Pkg.").is_some_and(|(f, args)| JULIA_PKG_TASKS.contains(&f) && literal_args(args))
}

fn r_statement(s: &str) -> bool {
    for wrap in ["library(", "require(", "requireNamespace("] {
        if let Some(name) = s.strip_prefix(wrap).and_then(|r| r.strip_suffix(')')) {
            let name = name.trim().trim_matches(['"', '\'']);
            return R_TASKS.iter().any(|(p, _)| *p == name);
        }
    }
    let Some((ns, call_text)) = s.split_once("::") else {
        return false;
    };
    let Some((_, funcs)) = R_TASKS.iter().find(|(p, _)| *p == ns) else {
        return false;
    };
    call(call_text, "").is_some_and(|(f, args)| funcs.contains(&f) && literal_args(args))
}

/// `PREFIX NAME(ARGS)` as the function name and the argument text.
fn call<'a>(s: &'a str, prefix: &str) -> Option<(&'a str, &'a str)> {
    let s = s.strip_prefix(prefix)?;
    let (name, rest) = s.split_once('(')?;
    let args = rest.strip_suffix(')')?;
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some((name, args))
}

/// Arguments that are literals only (a string naming a path of the project, a number, a
/// boolean), positional or `name = value`; no call, variable, interpolation or nesting.
fn literal_args(args: &str) -> bool {
    args.split(',').map(str::trim).all(|a| {
        let value = match a.split_once('=') {
            Some((name, v))
                if name
                    .trim()
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                v.trim()
            }
            Some(_) => return false,
            None => a,
        };
        value.is_empty()
            || matches!(value, "true" | "false" | "TRUE" | "FALSE")
            || value.chars().all(|c| c.is_ascii_digit() || c == '.')
            || quoted(value).is_some_and(project_relative)
    })
}

fn quoted(v: &str) -> Option<&str> {
    v.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')))
}

/// A relative path that stays in the project, in plain characters (no `$`, `~`, `..`, no
/// interpolation or escape).
fn project_relative(p: &str) -> bool {
    !p.starts_with('/')
        && p.split('/').all(|part| part != "..")
        && p.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/ ".contains(c))
}

fn threads(n: &str) -> bool {
    n == "auto" || (!n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == ','))
}

fn is_optimize_level(w: &str) -> bool {
    matches!(w, "-O0" | "-O1" | "-O2" | "-O3")
}

/// The project's directories whose files its test, benchmark and documentation runners already
/// run on their own (`pytest` imports `tests/`, `Pkg.test()` runs `test/runtests.jl`,
/// Documenter's `docs/make.jl`, `cargo bench` runs `benches/`).
const ENTRY_DIRS: &[&str] = &[
    "test",
    "tests",
    "bench",
    "benches",
    "benchmark",
    "benchmarks",
    "docs",
];

/// Whether the command is an interpreter running a file of the project's test, benchmark or
/// documentation directories (`julia --project=docs docs/make.jl`, `python tests/smoke.py`):
/// code the project's own runners run without asking, so running it directly brings in
/// nothing new. Only options that load no other code are taken; the file's arguments name no
/// place outside the project; no command earlier on the line names the file or a directory
/// holding it (what was written there may not be the project's).
pub(crate) fn runs_project_entry_file(cmd: &SimpleCommand, before: &[SimpleCommand]) -> bool {
    if !cmd.layers.is_empty() || cmd.stdin_text.is_some() || cmd.option_code {
        return false;
    }
    let argv = &cmd.argv;
    let Some(name) = argv.first().map(|n| crate::canon::program_name(n)) else {
        return false;
    };
    let (at, extensions): (Option<usize>, &[&str]) = match name.as_str() {
        "julia" => (julia_file_at(&argv[1..]).map(|i| i + 1), &["jl"]),
        "Rscript" => (
            argv[1..]
                .iter()
                .position(|w| !RSCRIPT_PLAIN.contains(&w.as_str()))
                .map(|i| i + 1),
            &["R", "r"],
        ),
        "python" | "python3" => (Some(1), &["py"]),
        "node" => (Some(1), &["js", "mjs", "cjs"]),
        "ruby" => (Some(1), &["rb"]),
        _ => return false,
    };
    let Some(file) = at.and_then(|i| argv.get(i)) else {
        return false;
    };
    let file = file.trim_start_matches("./");
    let in_entry_dir = file
        .split_once('/')
        .is_some_and(|(dir, _)| ENTRY_DIRS.contains(&dir));
    let extension_fits = file
        .rsplit_once('.')
        .is_some_and(|(_, ext)| extensions.contains(&ext));
    if !in_entry_dir || !extension_fits || !project_relative(file) {
        return false;
    }
    let args_stay = argv[at.unwrap_or(0) + 1..].iter().all(|a| {
        let value = a.split_once('=').map_or(a.as_str(), |(_, v)| v);
        !value.starts_with(['/', '~', '$'])
            && !a.contains("..")
            && !a.contains(['`', '$', '>', '<', '|', ';', '&'])
    });
    let named_before = before.iter().any(|c| {
        c.words.iter().skip(1).any(|w| {
            let w = crate::canon::normalise_path(w.text.trim_start_matches('>'));
            let w = w.trim_start_matches("./");
            w == "." || w == file || file.starts_with(&format!("{w}/"))
        })
    });
    args_stay && !named_before
}

/// Where Julia's file operand is, after options that load no other code.
fn julia_file_at(rest: &[String]) -> Option<usize> {
    julia_call(rest)
        .filter(|call| call.code.is_none())
        .and_then(|call| call.file_at)
}
