//! Package names one letter off a well-known package (`kg/packages/well-known.md`): the
//! typosquat shape, in the packages an install or a package runner names.

use std::sync::OnceLock;

use crate::canon;
use crate::parse::SimpleCommand;

const WELL_KNOWN: &str = include_str!("../../../../kg/packages/well-known.md");

/// Of a name and the listed name it is compared with, the longer one has at least this many
/// letters: too many short names are one letter apart (`rich`, `rice`).
const MIN_LEN: usize = 5;

/// Names shorter than this are not compared at all; a four-letter name is compared with a
/// listed name one letter longer or shorter (`blak` and `black`, `ruffe` and `ruff`) or the
/// same letters with two neighbours swapped (`mpyy` and `mypy`), never one letter changed.
const MIN_SHORT: usize = 4;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Registry {
    Npm,
    Pypi,
    Crates,
    Packagist,
}

impl Registry {
    fn tag(self) -> &'static str {
        match self {
            Registry::Npm => "npm::",
            Registry::Pypi => "pypi::",
            Registry::Crates => "crates::",
            Registry::Packagist => "packagist::",
        }
    }
}

/// The listed names of a registry, normalised.
fn listed(registry: Registry) -> &'static [String] {
    static LISTS: OnceLock<[Vec<String>; 4]> = OnceLock::new();
    let lists = LISTS.get_or_init(|| {
        let read = |r: Registry| -> Vec<String> {
            WELL_KNOWN
                .lines()
                .filter_map(|l| l.trim().strip_prefix(r.tag()))
                .flat_map(|l| l.split(','))
                .map(|n| normalise(r, n.trim()))
                .filter(|n| !n.is_empty())
                .collect()
        };
        [
            read(Registry::Npm),
            read(Registry::Pypi),
            read(Registry::Crates),
            read(Registry::Packagist),
        ]
    });
    match registry {
        Registry::Npm => &lists[0],
        Registry::Pypi => &lists[1],
        Registry::Crates => &lists[2],
        Registry::Packagist => &lists[3],
    }
}

/// A package name as its registry compares it: PyPI folds case and treats `-`, `_`, `.` alike;
/// Packagist folds case.
fn normalise(registry: Registry, name: &str) -> String {
    match registry {
        Registry::Packagist => name.to_ascii_lowercase(),
        Registry::Pypi => name
            .to_ascii_lowercase()
            .chars()
            .map(|c| if matches!(c, '_' | '.') { '-' } else { c })
            .collect(),
        _ => name.to_string(),
    }
}

/// The package name of an install operand or runner word, without its version or extras
/// (`left-pad@1.3.0`, `black==24.1`, `httpx[cli]>=0.27`); `None` for paths, URLs, scoped
/// names and anything else that is not a bare registry name.
fn package_name(registry: Registry, word: &str) -> Option<String> {
    if word.starts_with(['-', '@', '.', '/', '~', '$']) || word.contains("://") {
        return None;
    }
    let end = match registry {
        Registry::Npm => word.find('@'),
        Registry::Pypi => word.find(['=', '<', '>', '!', '~', '[', ';', ' ']),
        Registry::Crates => word.find('@'),
        // `vendor/package:^2.0`, `vendor/package@dev`, `vendor/package=1.0`.
        Registry::Packagist => word.find([':', '@', '=', ' ']),
    }
    .unwrap_or(word.len());
    let name = &word[..end];
    // A Packagist name is `vendor/package`, both parts bare names.
    let parts_ok = match registry {
        Registry::Packagist => name
            .split_once('/')
            .is_some_and(|(v, p)| !v.is_empty() && !p.is_empty() && !p.contains('/')),
        _ => true,
    };
    if name.len() < MIN_SHORT
        || !parts_ok
        || !name.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '_' | '.')
                || (c == '/' && registry == Registry::Packagist)
        })
    {
        return None;
    }
    Some(normalise(registry, name))
}

/// Whether `a` and `b` differ by one edit: a letter added, dropped or changed, or two
/// neighbouring letters swapped.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a == b {
        return false;
    }
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => {
            let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            match diff.as_slice() {
                [_] => true,
                [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
                _ => false,
            }
        }
        1 => {
            let i = short.iter().zip(long).take_while(|(x, y)| x == y).count();
            short[i..] == long[i + 1..]
        }
        _ => false,
    }
}

/// The well-known name that `name` is one letter off, if `name` is not itself listed.
fn near_miss(registry: Registry, name: &str) -> Option<&'static str> {
    let list = listed(registry);
    if list.iter().any(|l| l == name) {
        return None;
    }
    list.iter()
        .filter(|l| l.len() >= MIN_SHORT)
        .find(|l| one_edit(l, name) && (l.len().max(name.len()) >= MIN_LEN || swapped(l, name)))
        .map(String::as_str)
}

/// Whether `a` and `b` are the same letters with two neighbours swapped.
fn swapped(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    matches!(diff.as_slice(), [i, j] if *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i])
}

/// The registry and the operands that name packages, for an install command
/// (`npm install X`, `pip install X`, `cargo install X`, `uv add X`, ...).
fn install_operands(argv: &[String]) -> Option<(Registry, &[String])> {
    let name = canon::command_basename(argv.first()?);
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let first = words.iter().position(|w| !w.starts_with('-'))?;
    let sub = words[first];
    let second = words.get(first + 1).copied();
    let (registry, at) = match (name, sub, second) {
        ("npm" | "pnpm" | "yarn" | "bun", "install" | "i" | "add", _) => (Registry::Npm, first + 1),
        ("npm" | "pnpm" | "yarn" | "bun", "exec" | "x" | "dlx", _) => (Registry::Npm, first + 1),
        ("pip" | "pip3" | "pipx", "install", _) => (Registry::Pypi, first + 1),
        ("uv", "add", _) => (Registry::Pypi, first + 1),
        ("uv", "pip" | "tool", Some("install")) => (Registry::Pypi, first + 2),
        ("cargo", "install" | "add", _) => (Registry::Crates, first + 1),
        ("composer", "require" | "create-project", _) => (Registry::Packagist, first + 1),
        ("composer", "global", Some("require")) => (Registry::Packagist, first + 2),
        _ => return None,
    };
    Some((registry, argv.get(at + 1..).unwrap_or(&[])))
}

/// The packages a runner's options name apart from the program it runs (`uvx --from PKG
/// CMD`, `pipx run --spec PKG CMD`, `npx -p PKG CMD`, `npx --package=PKG CMD`), checked like
/// the program's own name.
fn runner_option_packages(argv: &[String]) -> Option<(String, &'static str)> {
    let name = canon::command_basename(argv.first()?);
    let (registry, options): (Registry, &[&str]) = match name {
        "uvx" | "pipx" | "uv" => (Registry::Pypi, &["--from", "--spec", "--with"]),
        "npx" | "pnpm" | "yarn" | "bunx" | "npm" => (Registry::Npm, &["-p", "--package"]),
        _ => return None,
    };
    argv.iter().enumerate().skip(1).find_map(|(i, w)| {
        let value = options.iter().find_map(|o| {
            if w == o {
                argv.get(i + 1).map(String::as_str)
            } else {
                w.strip_prefix(o).and_then(|v| v.strip_prefix('='))
            }
        })?;
        let name = package_name(registry, value)?;
        near_miss(registry, &name).map(|near| (name, near))
    })
}

/// The registry a package runner fetches from: only runners that fetch a package of that name
/// when the project has none (`npx`, `bunx`, `bun x`, `npm exec`, `pnpm dlx`, `yarn dlx`,
/// `uvx`, `uv tool run`, `pipx run`). The ones that run the project's own script or installed
/// program by name (`pnpm NAME`, `yarn NAME`, `bun NAME`, `pnpm exec`, `yarn exec`, `uv run X`,
/// `poetry run`) fetch nothing, so X is a program, not a package, and is not compared with the
/// well-known names (`pnpm changeset status` runs the project's `@changesets/cli`); their
/// `--with`/`--from` packages are checked as options.
fn runner_registry(runner: &SimpleCommand) -> Option<Registry> {
    let sub = runner
        .argv
        .iter()
        .skip(1)
        .find(|w| !w.starts_with('-'))
        .map(String::as_str);
    match (runner.name(), sub) {
        ("npx" | "bunx", _)
        | ("npm", Some("exec" | "x"))
        | ("bun", Some("x"))
        | ("pnpm" | "yarn", Some("dlx")) => Some(Registry::Npm),
        ("uvx", _) | ("pipx", Some("run")) | ("uv", Some("tool")) => Some(Registry::Pypi),
        _ => None,
    }
}

/// For a command that installs packages, or that a package runner runs, the first package it
/// names one letter off a well-known one, with that name.
pub(super) fn typosquat(
    cmd: &SimpleCommand,
    all: &[SimpleCommand],
) -> Option<(String, &'static str)> {
    if let Some(runner) = cmd.runner.and_then(|r| all.get(r))
        && let Some(registry) = runner_registry(runner)
        && let Some(name) = package_name(registry, cmd.name())
        && let Some(near) = near_miss(registry, &name)
    {
        return Some((name, near));
    }
    if let Some(found) = runner_option_packages(&cmd.argv) {
        return Some(found);
    }
    let (registry, operands) = install_operands(&cmd.argv)?;
    operands.iter().find_map(|w| {
        let name = package_name(registry, w)?;
        near_miss(registry, &name).map(|near| (name, near))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit_is_one_letter_added_dropped_changed_or_swapped() {
        let cases = [
            ("prettier", "prettir", true),
            ("prettier", "prettierx", true),
            ("prettier", "prettiar", true),
            ("prettier", "pretiter", true),
            ("prettier", "prettier", false),
            ("prettier", "prtetire", false),
            ("webpack", "webpacker", false),
            ("eslint", "esilnt", true),
        ];
        for (a, b, want) in cases {
            assert_eq!(one_edit(a, b), want, "{a} / {b}");
            assert_eq!(one_edit(b, a), want, "{b} / {a}");
        }
    }

    #[test]
    fn near_misses_of_listed_names_and_never_a_listed_name() {
        let cases = [
            (Registry::Npm, "typescrpt", Some("typescript")),
            (Registry::Npm, "create-next-ap", Some("create-next-app")),
            (Registry::Npm, "tslint", None),
            (Registry::Npm, "eslint", None),
            (Registry::Npm, "left-pad", None),
            (Registry::Pypi, "reqeusts", Some("requests")),
            (Registry::Pypi, "Scapy", None),
            (Registry::Pypi, "python_dotenv", None),
            (Registry::Pypi, "matplotlb", Some("matplotlib")),
            (Registry::Crates, "ripgerp", Some("ripgrep")),
            (Registry::Pypi, "ruffe", Some("ruff")),
            (Registry::Pypi, "blak", Some("black")),
            (Registry::Pypi, "mpyy", Some("mypy")),
            (Registry::Pypi, "rice", None),
            (Registry::Pypi, "ruff", None),
            (Registry::Npm, "vtie", Some("vite")),
            (Registry::Npm, "vote", None),
            (
                Registry::Packagist,
                "symfonny/console",
                Some("symfony/console"),
            ),
            (
                Registry::Packagist,
                "guzzlehttp/guzzel",
                Some("guzzlehttp/guzzle"),
            ),
            (Registry::Packagist, "Symfony/Console", None),
            (Registry::Packagist, "acme/billing-sdk", None),
        ];
        for (registry, name, want) in cases {
            let name = normalise(registry, name);
            assert_eq!(near_miss(registry, &name), want, "{name}");
        }
    }

    #[test]
    fn package_names_drop_versions_and_skip_paths_urls_and_scopes() {
        let cases = [
            (Registry::Npm, "left-pad@1.3.0", Some("left-pad")),
            (Registry::Pypi, "Flask_Login>=0.6", Some("flask-login")),
            (Registry::Pypi, "httpx[cli]", Some("httpx")),
            (Registry::Npm, "@scope/tool", None),
            (Registry::Npm, "./vendor/x.tgz", None),
            (Registry::Pypi, "git+https://example.test/x.git", None),
            (Registry::Npm, "vue", None),
            (Registry::Pypi, "blak", Some("blak")),
            (Registry::Pypi, "tox", None),
            (
                Registry::Packagist,
                "monolog/monolog:^3.0",
                Some("monolog/monolog"),
            ),
            (Registry::Packagist, "Vendor/Pkg@dev", Some("vendor/pkg")),
            (Registry::Packagist, "monolog", None),
            (Registry::Packagist, "a/b/c", None),
            (Registry::Packagist, "./packages/local", None),
        ];
        for (registry, word, want) in cases {
            assert_eq!(package_name(registry, word).as_deref(), want, "{word}");
        }
    }

    #[test]
    fn every_listed_name_is_listed_once_per_registry() {
        for r in [
            Registry::Npm,
            Registry::Pypi,
            Registry::Crates,
            Registry::Packagist,
        ] {
            let list = listed(r);
            assert!(list.len() > 40, "{r:?} lists {} names", list.len());
            let mut seen = std::collections::HashSet::new();
            for n in list {
                assert!(seen.insert(n), "{r:?} lists {n} twice");
            }
        }
    }
}
