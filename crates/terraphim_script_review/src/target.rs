//! Deciding, for one simple command, whether it runs a script that must be reviewed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::config::Config;
use crate::model::Language;

/// Where the script's text comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptSource {
    /// A file (absolute path).
    File(PathBuf),
    /// Code given inline: a `-c`/`-e` argument or a heredoc fed to the interpreter.
    Inline(String),
}

/// A script a command runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Script {
    /// Its text's origin.
    pub source: ScriptSource,
    /// The language it is reviewed as.
    pub language: Language,
}

impl Script {
    /// A short name for messages: the path, or `inline python`.
    pub fn display(&self) -> String {
        match &self.source {
            ScriptSource::File(p) => p.display().to_string(),
            ScriptSource::Inline(_) => format!("inline {}", self.language),
        }
    }
}

/// Why a script is not reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    /// The file is tracked by git and unmodified against HEAD.
    Committed,
    /// The command runs a configured tool entry point (`pytest`, `ruff`, ...).
    Entrypoint(String),
    /// A one-line `-c`/`-e` snippet importing only known-harmless modules.
    HarmlessSnippet,
    /// The path is on the configured skip list.
    SkipPath,
    /// The script file does not exist (the command will fail by itself).
    Missing(PathBuf),
}

impl SkipReason {
    /// A lowercase explanation.
    pub fn describe(&self) -> String {
        match self {
            SkipReason::Committed => "the script is committed and unmodified".into(),
            SkipReason::Entrypoint(p) => format!("`{p}` is a configured tool entry point"),
            SkipReason::HarmlessSnippet => {
                "a one-line snippet importing only harmless modules".into()
            }
            SkipReason::SkipPath => "the script is on the configured skip list".into(),
            SkipReason::Missing(p) => format!("{} does not exist", p.display()),
        }
    }
}

/// What to do with one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// The command does not run a script through an interpreter.
    NotAScript,
    /// It runs a script that is not reviewed, and why.
    Skip {
        /// The script, if one was identified.
        script: Option<Script>,
        /// Why it is skipped.
        reason: SkipReason,
    },
    /// It runs a script that must be reviewed.
    Review(Script),
}

fn base(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

/// Strip runner prefixes: `uv run`, `poetry run`, `npx`, `pnpm exec`, ...
fn strip_runners(mut argv: &[String]) -> &[String] {
    loop {
        let Some(first) = argv.first() else {
            return argv;
        };
        let name = base(first);
        let second = argv.get(1).map(String::as_str);
        let (skip, with_value): (usize, &[&str]) = match (name, second) {
            (
                "uv" | "poetry" | "pipenv" | "pdm" | "hatch" | "rye" | "conda" | "mamba",
                Some("run"),
            ) => (
                2,
                &[
                    "--with",
                    "--python",
                    "-p",
                    "--project",
                    "--directory",
                    "--extra",
                    "--group",
                    "--env-file",
                    "--package",
                    "-n",
                    "--name",
                    "-e",
                    "--env",
                ],
            ),
            ("npx" | "bunx" | "pnpx", _) => (1, &["-p", "--package"]),
            ("pnpm" | "yarn" | "npm", Some("exec" | "dlx")) => (2, &[]),
            ("uvx" | "pipx", _) if name == "uvx" || second == Some("run") => (
                if name == "uvx" { 1 } else { 2 },
                &["--with", "--python", "--from", "--spec"],
            ),
            _ => return argv,
        };
        let mut i = skip;
        while let Some(w) = argv.get(i) {
            if w == "--" {
                i += 1;
                break;
            }
            if !w.starts_with('-') {
                break;
            }
            i += if with_value.contains(&w.as_str()) {
                2
            } else {
                1
            };
        }
        argv = argv.get(i..).unwrap_or(&[]);
    }
}

/// Decide whether the simple command `argv` (wrappers already removed) runs a script that must
/// be reviewed. `stdin_text` is a heredoc or here-string fed to it; `cwd` its working directory.
///
/// This asks git whether a script file is committed. [`crate::Reviewer::review_command`] asks
/// only when the review is not clean (a clean script runs the same either way), which saves the
/// git process in the common case.
pub fn plan_review(argv: &[String], stdin_text: Option<&str>, cwd: &Path, config: &Config) -> Plan {
    match plan_without_git(argv, stdin_text, cwd, config) {
        Plan::Review(script) => match &script.source {
            ScriptSource::File(path) if is_committed(path) => Plan::Skip {
                script: Some(script),
                reason: SkipReason::Committed,
            },
            _ => Plan::Review(script),
        },
        other => other,
    }
}

/// [`plan_review`] without the git check: committed files are planned for review.
pub(crate) fn plan_without_git(
    argv: &[String],
    stdin_text: Option<&str>,
    cwd: &Path,
    config: &Config,
) -> Plan {
    let argv = strip_runners(argv);
    let Some(first) = argv.first() else {
        return Plan::NotAScript;
    };
    let name = base(first);
    if config.is_skip_program(name) {
        return Plan::Skip {
            script: None,
            reason: SkipReason::Entrypoint(name.to_owned()),
        };
    }
    let args = &argv[1..];
    match Language::from_program(name) {
        Some(lang) => interpreter(lang, name, args, stdin_text, cwd, config),
        None if first.contains('/') => {
            let path = absolute(cwd, first);
            let Ok(head) = read_head(&path) else {
                return Plan::NotAScript;
            };
            match Language::from_shebang(&head).or_else(|| {
                Language::from_extension(&path)
                    .filter(|_| head.is_char_boundary(0) && !head.contains('\0'))
            }) {
                Some(lang) => file_plan(path, lang, cwd, config),
                None => Plan::NotAScript,
            }
        }
        None => Plan::NotAScript,
    }
}

fn read_head(path: &Path) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut f = fs_err::File::open(path)?;
    let mut buf = vec![0u8; 256];
    let n = f.read(&mut buf)?;
    buf.truncate(n);
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

fn absolute(cwd: &Path, p: &str) -> PathBuf {
    let p = Path::new(p);
    if p.is_absolute() {
        p.to_owned()
    } else {
        cwd.join(p)
    }
}

fn interpreter(
    lang: Language,
    name: &str,
    args: &[String],
    stdin_text: Option<&str>,
    cwd: &Path,
    config: &Config,
) -> Plan {
    let mut i = 0;
    let (code_flags, value_flags): (&[&str], &[&str]) = match lang {
        Language::Python => (&["-c"], &["-W", "-X", "--check-hash-based-pycs"]),
        Language::Shell => (&["-c"], &["-o", "-O", "+O", "--rcfile", "--init-file"]),
        Language::JavaScript | Language::TypeScript => (
            &["-e", "--eval", "-p", "--print"],
            &[
                "-r",
                "--require",
                "--import",
                "--loader",
                "--experimental-loader",
                "--tsconfig",
                "-C",
                "--conditions",
                "--env-file",
                "--config",
                "-c",
            ],
        ),
    };
    let mut is_deno_like = matches!(name, "deno" | "bun");
    while let Some(w) = args.get(i) {
        if code_flags.contains(&w.as_str())
            || (lang == Language::Shell
                && w.starts_with('-')
                && !w.starts_with("--")
                && w.ends_with('c'))
        {
            let code = args.get(i + 1).cloned().unwrap_or_default();
            return snippet(lang, code, config);
        }
        if lang == Language::Python && (w == "-m" || (w.starts_with("-m") && w.len() > 2)) {
            let module = if w == "-m" {
                args.get(i + 1).cloned().unwrap_or_default()
            } else {
                w[2..].to_owned()
            };
            if config.is_skip_program(&module)
                || config.is_skip_program(module.split('.').next().unwrap_or(""))
            {
                return Plan::Skip {
                    script: None,
                    reason: SkipReason::Entrypoint(module),
                };
            }
            let rel = module.replace('.', "/");
            for candidate in [format!("{rel}.py"), format!("{rel}/__main__.py")] {
                let p = cwd.join(&candidate);
                if p.is_file() {
                    return file_plan(p, Language::Python, cwd, config);
                }
            }
            return Plan::NotAScript;
        }
        if is_deno_like {
            match w.as_str() {
                "run" | "x" => {
                    i += 1;
                    is_deno_like = false;
                    continue;
                }
                "eval" | "-e" => {
                    return snippet(lang, args.get(i + 1).cloned().unwrap_or_default(), config);
                }
                _ if !w.starts_with('-') && name == "deno" => return Plan::NotAScript,
                _ => {}
            }
        }
        if matches!(name, "tsx" | "ts-node") && w == "watch" {
            i += 1;
            continue;
        }
        if w == "-" || w == "--" {
            i += if w == "--" { 1 } else { 0 };
            break;
        }
        if !w.starts_with('-') {
            break;
        }
        i += if value_flags.contains(&w.as_str()) {
            2
        } else {
            1
        };
    }
    match args.get(i).filter(|w| *w != "-") {
        Some(script) => {
            let path = absolute(cwd, script);
            if !path.exists() && matches!(name, "bun" | "npm" | "pnpm" | "yarn") {
                return Plan::NotAScript;
            }
            let lang = Language::from_extension(&path).unwrap_or(lang);
            file_plan(path, lang, cwd, config)
        }
        None => match stdin_text {
            Some(code) => snippet(lang, code.to_owned(), config),
            None => Plan::NotAScript,
        },
    }
}

fn snippet(lang: Language, code: String, config: &Config) -> Plan {
    let script = Script {
        source: ScriptSource::Inline(code.clone()),
        language: lang,
    };
    let one_line = !code.trim().contains('\n');
    if one_line && harmless_snippet(lang, &code, config) {
        return Plan::Skip {
            script: Some(script),
            reason: SkipReason::HarmlessSnippet,
        };
    }
    Plan::Review(script)
}

/// The modules a snippet imports.
pub(crate) fn imports(lang: Language, code: &str) -> Vec<String> {
    let mut out = Vec::new();
    match lang {
        Language::Python => {
            for stmt in code.split([';', '\n']) {
                let s = stmt.trim();
                if let Some(rest) = s.strip_prefix("import ") {
                    for part in rest.split(',') {
                        out.push(part.split_whitespace().next().unwrap_or("").to_owned());
                    }
                } else if let Some(rest) = s.strip_prefix("from ") {
                    out.push(rest.split_whitespace().next().unwrap_or("").to_owned());
                }
            }
            for (i, _) in code.match_indices("__import__(") {
                out.push(
                    code[i + 11..]
                        .trim_start_matches(['\'', '"'])
                        .split(['\'', '"', ')'])
                        .next()
                        .unwrap_or("")
                        .to_owned(),
                );
            }
        }
        Language::JavaScript | Language::TypeScript => {
            for pat in ["require(", "import(", "from "] {
                for (i, _) in code.match_indices(pat) {
                    let rest = code[i + pat.len()..].trim_start();
                    if let Some(q) = rest
                        .chars()
                        .next()
                        .filter(|c| matches!(c, '\'' | '"' | '`'))
                    {
                        out.push(rest[1..].split(q).next().unwrap_or("").to_owned());
                    } else {
                        out.push("<dynamic>".to_owned());
                    }
                }
            }
        }
        Language::Shell => {}
    }
    out
}

fn harmless_snippet(lang: Language, code: &str, config: &Config) -> bool {
    if lang == Language::Shell {
        // The command guard itself parses `sh -c` one-liners as shell.
        return true;
    }
    let risky_builtins: &[&str] = match lang {
        Language::Python => &[
            "open(",
            "exec(",
            "eval(",
            "compile(",
            "getattr(",
            "globals(",
            "__builtins__",
            "breakpoint(",
        ],
        _ => &[
            "process.",
            "fetch(",
            "eval(",
            "Function(",
            "Deno.",
            "Bun.",
            "globalThis",
            "child_process",
        ],
    };
    if risky_builtins.iter().any(|b| code.contains(b)) {
        return false;
    }
    imports(lang, code)
        .iter()
        .all(|m| config.is_harmless_module(m))
}

fn file_plan(path: PathBuf, lang: Language, cwd: &Path, config: &Config) -> Plan {
    let script = Script {
        source: ScriptSource::File(path.clone()),
        language: lang,
    };
    if !path.is_file() {
        return Plan::Skip {
            script: Some(script),
            reason: SkipReason::Missing(path),
        };
    }
    let skipped = config.skip_paths.iter().any(|entry| {
        let e = absolute(cwd, entry);
        if entry.ends_with('/') {
            path.starts_with(&e)
        } else {
            path == e
        }
    });
    if skipped {
        return Plan::Skip {
            script: Some(script),
            reason: SkipReason::SkipPath,
        };
    }
    Plan::Review(script)
}

/// Whether `path` is tracked by git and unmodified against HEAD (and not ignored). Anything
/// else, including a path outside every repository or a git error, counts as not committed.
///
/// Cost: outside a repository, a walk up the directory tree (no process); inside one, one
/// `git status --porcelain --ignored -- PATH` (about 2-3 ms; see docs/script-review.md).
pub fn is_committed(path: &Path) -> bool {
    let Ok(path) = path.canonicalize() else {
        return false;
    };
    let Some(dir) = path.parent() else {
        return false;
    };
    let in_repo = dir.ancestors().any(|d| d.join(".git").exists());
    if !in_repo {
        return false;
    }
    let output = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args([
            "status",
            "--porcelain=v1",
            "--ignored",
            "--untracked-files=all",
            "-z",
            "--",
        ])
        .arg(&path)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output();
    match output {
        Ok(out) if out.status.success() => {
            if !out.stdout.is_empty() {
                return false;
            }
            // Empty status: tracked and clean. Git never reports paths inside `.git` itself.
            !path.components().any(|c| c.as_os_str() == ".git")
        }
        _ => false,
    }
}
