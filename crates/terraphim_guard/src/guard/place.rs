//! Where a command runs: the class of each operand, following `cd` through the line.

use std::path::{Path, PathBuf};

use crate::parse::ParsedCommand;

use super::compile::ClassHeads;

/// Where a command runs.
pub(super) struct Place<'a> {
    pub(super) cwd: Option<&'a Path>,
    pub(super) home: Option<&'a Path>,
}

/// A directory outside the project that a `cd` on the line moved a command to.
pub(super) struct Away {
    /// The directory, normalised (`/home/u/other`).
    pub(super) dir: String,
    /// Whether it is a temporary directory (`/tmp/x`), the agent's scratch space.
    pub(super) temp: bool,
}

/// Where a command's relative paths start: `None` for the working directory (no `cd` before it,
/// or the start of a script's statement), `Some(None)` for a place the line does not spell
/// (`cd "$X"`, `cd -`, after `popd`), `Some(Some(dir))` after `cd DIR` or for `git -C DIR`.
pub(super) type Base = Option<Option<PathBuf>>;

impl Place<'_> {
    /// Where each command's relative paths start ([`Base`]), following `cd` through the line.
    pub(super) fn bases(&self, parsed: &ParsedCommand) -> Vec<Base> {
        let mut base: Base = None;
        let mut out = Vec::with_capacity(parsed.commands.len());
        for (i, c) in parsed.commands.iter().enumerate() {
            if parsed.statement_starts.binary_search(&i).is_ok() {
                base = None;
            }
            let own = own_dir(c, &base, self.cwd, self.home).map(Some);
            out.push(own.unwrap_or_else(|| base.clone()));
            follow_cd(c, &mut base, self.cwd, self.home);
        }
        out
    }

    /// The class bits of every word of every command, following `cd` through the line: after
    /// `cd DIR` relative paths start there, after `cd "$X"` or `cd -` they are unknown. A
    /// script's statement ([`ParsedCommand::statement_starts`]) starts in the working directory.
    pub(super) fn classes(
        &self,
        parsed: &ParsedCommand,
        starts: &[Base],
        heads: &ClassHeads,
    ) -> Vec<Vec<u32>> {
        // The bases met, each once: a scope is built once for all the commands that start
        // there (a script's statements each start in the working directory, and most of
        // them after the same `cd`), and it keeps the classes of the words it classed.
        let mut distinct: Vec<Base> = Vec::new();
        let mut bases = Vec::with_capacity(parsed.commands.len());
        for here in starts {
            let at = match distinct.iter().rposition(|b| b == here) {
                Some(at) => at,
                None => {
                    distinct.push(here.clone());
                    distinct.len() - 1
                }
            };
            bases.push(at);
        }
        let mut scopes: Vec<Option<crate::paths::Scope<'_>>> = Vec::new();
        scopes.resize_with(distinct.len(), || None);
        let mut out = Vec::with_capacity(parsed.commands.len());
        for (c, &at) in parsed.commands.iter().zip(&bases) {
            let wants = heads.wants(c.name());
            if wants
                || c.words
                    .iter()
                    .any(|w| w.kind == crate::canon::WordKind::Redirect)
            {
                // (`at` indexes `distinct`, which `scopes` is as long as.)
                let scope = scopes[at].get_or_insert_with(|| {
                    let base = distinct.get(at).and_then(|b| b.as_ref());
                    crate::paths::Scope::new(
                        self.cwd,
                        base.map(|b| b.as_deref()),
                        self.home,
                        &parsed.assigned,
                        &parsed.temp_vars,
                    )
                    .with_loop_values(&parsed.loop_values)
                });
                out.push(command_classes(c, scope, wants));
            } else {
                out.push(vec![0; c.words.len()]);
            }
        }
        out
    }

    /// Where each command runs when a `cd` earlier on the line took it out of the project (the
    /// working directory and what is below it): the directory it runs in and whether that is a
    /// temporary one, or `None` for a command in the project or in a place the line does not
    /// spell (`cd "$X"`, `cd -`, after `popd`). Empty when no command changes directory (most
    /// lines), and when the working directory is unknown or relative. `bases` are the line's
    /// [`Place::bases`].
    pub(super) fn away(&self, parsed: &ParsedCommand, bases: &[Base]) -> Vec<Option<Away>> {
        let Some(cwd) = self.cwd.filter(|c| c.is_absolute()) else {
            return Vec::new();
        };
        if !parsed
            .commands
            .iter()
            .any(|c| matches!(c.name(), "cd" | "pushd") || git_dirs(c).is_some())
        {
            return Vec::new();
        }
        let project = crate::canon::normalise_path(&cwd.to_string_lossy());
        let under = |dir: &str, root: &str| {
            dir == root
                || root == "/"
                || dir
                    .strip_prefix(root)
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        // A home in a temporary directory (a test's, a container's) is still the home.
        let home = self
            .home
            .filter(|h| h.is_absolute())
            .map(|h| crate::canon::normalise_path(&h.to_string_lossy()));
        let mut out = Vec::with_capacity(parsed.commands.len());
        for here in bases {
            let dir = here.as_ref().and_then(|b| b.as_ref()).and_then(|b| {
                let dir = crate::canon::normalise_path(&b.to_string_lossy());
                (!under(&dir, &project) && dir.starts_with('/')).then(|| Away {
                    temp: (crate::paths::is_temp(&dir)
                        || crate::paths::is_temp(&format!("{dir}/x")))
                        && !home.as_deref().is_some_and(|h| under(&dir, h))
                        // Beside a project kept in a temporary directory: another project.
                        && !crate::paths::beside_temp_project(
                            &split_dir(&dir),
                            &split_dir(&project),
                        ),
                    dir,
                })
            });
            out.push(dir);
        }
        out
    }

    /// Add the absolute form of relative operands that name the directory the command runs in,
    /// its contents or its parents (`.`, `*`, `./*`, `..`, `../*`), and the `~` form of an
    /// absolute path in the home (`/home/u/.config` is also `~/.config`, as `$HOME/.config` is):
    /// extra operands can only make matching stricter. Words that are data to the command (a
    /// search tool's pattern) name no path and get none. `home_form` keeps the home's normal
    /// form between the commands of one line (a script's line has hundreds): `None` until one
    /// needs it.
    ///
    /// After a `cd` into a directory below the working directory (`cd build && rm -rf *`), a
    /// bare glob of every file (`*`, `./*`, `.*`) is that directory's contents, not the
    /// project's: it is replaced by its absolute form (`/home/u/proj/build/*`), so patterns that
    /// read a bare `*` as the whole working directory do not meet it, and the path classes judge
    /// it. After a `cd` the line does not spell, relative operands are resolved in the working
    /// directory, as before any `cd` (stricter than leaving them unresolved).
    pub(super) fn add_resolved_operands(
        &self,
        words: &mut Vec<crate::canon::Word>,
        base: &Base,
        home_form: &mut Option<Option<String>>,
    ) {
        let Some(cwd) = self.cwd.filter(|c| c.is_absolute()) else {
            return;
        };
        let data = super::data::data_words(words);
        let here = match base {
            Some(Some(dir)) if dir.is_absolute() => dir.as_path(),
            _ => cwd,
        };
        let bare_glob = |w: &crate::canon::Word| {
            w.kind == crate::canon::WordKind::Operand
                && matches!(w.text.as_str(), "*" | "./*" | ".*" | "./.*")
        };
        // (Most commands run where the line does and name no bare glob: nothing to normalise.)
        if here != cwd && words.iter().skip(1).any(bare_glob) {
            let here_text = crate::canon::normalise_path(&here.to_string_lossy());
            let project = crate::canon::normalise_path(&cwd.to_string_lossy());
            let below_project = here_text
                .strip_prefix(project.as_str())
                .is_some_and(|rest| rest.starts_with('/') && rest.len() > 1)
                && project != "/";
            if below_project {
                for (i, w) in words.iter_mut().enumerate().skip(1) {
                    if !bare_glob(w) || (i < 64 && data & (1 << i) != 0) {
                        continue;
                    }
                    let last = if w.text.ends_with(".*") { ".*" } else { "*" };
                    w.text = format!("{here_text}/{last}");
                }
            }
        }
        // The home's normal form, made at the first absolute operand (most commands have none).
        let mut extra = Vec::new();
        for (_, w) in words.iter().enumerate().skip(1).filter(|(i, w)| {
            w.kind == crate::canon::WordKind::Operand && (*i >= 64 || data & (1 << i) == 0)
        }) {
            let t = w.text.as_str();
            let home = if t.starts_with('/') {
                home_form
                    .get_or_insert_with(|| {
                        self.home
                            .filter(|h| h.is_absolute())
                            .and_then(|h| h.to_str())
                            .map(crate::canon::normalise_path)
                            .filter(|h| h != "/")
                    })
                    .as_deref()
            } else {
                None
            };
            if let Some(home) = home {
                let path = crate::canon::normalise_path(t);
                let in_home = match path.strip_prefix(home) {
                    Some("") => Some("~".to_string()),
                    Some(rest) => rest.strip_prefix('/').map(|r| format!("~/{r}")),
                    None => None,
                };
                if let Some(text) = in_home {
                    extra.push(crate::canon::Word {
                        text,
                        kind: crate::canon::WordKind::Operand,
                        follows_flag: w.follows_flag,
                    });
                }
                continue;
            }
            let (rel, glob) = match t {
                "." | "./" => (".", false),
                "*" | "./*" | ".*" | "./.*" => (".", true),
                ".." => ("..", false),
                "../*" => ("..", true),
                _ if t.starts_with("../") && t.trim_start_matches("../").is_empty() => (t, false),
                _ => continue,
            };
            let joined = here.join(rel);
            let mut resolved = crate::canon::normalise_path(&joined.to_string_lossy());
            if let Some(home) = self
                .home
                .and_then(|h| h.to_str())
                .map(crate::canon::normalise_path)
            {
                if resolved == home {
                    resolved = "~".into();
                } else if let Some(rest) = resolved.strip_prefix(&format!("{home}/")) {
                    resolved = format!("~/{rest}");
                }
            }
            if glob {
                resolved = if resolved == "/" {
                    "/*".into()
                } else {
                    format!("{resolved}/*")
                };
            }
            extra.push(crate::canon::Word {
                text: resolved,
                kind: crate::canon::WordKind::Operand,
                follows_flag: w.follows_flag,
            });
        }
        // Keep redirections last, where canonical text puts them.
        let at = words
            .iter()
            .position(|w| w.kind == crate::canon::WordKind::Redirect)
            .unwrap_or(words.len());
        words.splice(at..at, extra);
    }
}

/// The classes of one command's words in `scope`: the path classes, then what the whole
/// command says of them (literal text written into a data file, .NET's `bin`/`obj` pair).
fn command_classes(
    c: &crate::parse::SimpleCommand,
    scope: &crate::paths::Scope<'_>,
    wants: bool,
) -> Vec<u32> {
    let mut bits = crate::paths::classify(&c.words, c.appends, scope, wants);
    // A long option's prose value (`--preset 'Fast 720p30'`) is classed as its spelling without
    // blanks: see `prose_value.rs`.
    let prose = super::prose_value::prose_values(c);
    if !prose.is_empty() {
        let mut words = c.words.clone();
        for &i in &prose {
            words[i].text = super::prose_value::unblanked(&words[i].text);
        }
        let unblanked = crate::paths::classify(&words, c.appends, scope, wants);
        for &i in &prose {
            bits[i] = unblanked[i];
        }
    }
    if writes_literal_text(c) {
        crate::paths::literal_data_write(&c.words, &mut bits);
    }
    crate::paths::dotnet_output_pair(&c.words, &mut bits);
    bits
}

/// Whether the command writes only text the line spells, and some: `echo`/`printf` of words
/// with no expansion, or `cat` of its heredoc or here-string alone (an unquoted heredoc's
/// substitutions are commands of their own, judged as such).
fn writes_literal_text(c: &crate::parse::SimpleCommand) -> bool {
    use crate::canon::WordKind;
    if !c.findings.is_empty() {
        return false;
    }
    let args = || {
        c.words
            .iter()
            .skip(1)
            .filter(|w| w.kind != WordKind::Redirect)
    };
    match c.name() {
        // Some text: `echo -n > FILE` empties the file (`empty a project file`).
        "echo" | "printf" => {
            args().all(|w| !w.text.contains(['$', '`']))
                && args().any(|w| w.kind == WordKind::Operand && !w.text.is_empty())
        }
        // (The body is also one of its canonical words, for matching: its argv has none.)
        "cat" => c.stdin_text.as_deref().is_some_and(|t| !t.is_empty()) && c.argv.len() == 1,
        _ => false,
    }
}

/// Move `base` (where relative paths start; `None` until the first `cd`, then `Some(None)`
/// when unknown) past `c` when it changes directory: `cd`/`pushd` to their target, `popd` to
/// an unknown place.
fn follow_cd(
    c: &crate::parse::SimpleCommand,
    base: &mut Option<Option<PathBuf>>,
    cwd: Option<&Path>,
    home: Option<&Path>,
) {
    if !matches!(c.name(), "cd" | "pushd" | "popd") {
        return;
    }
    let target = c
        .words
        .iter()
        .skip(1)
        .find(|w| w.kind == crate::canon::WordKind::Operand)
        .map(|w| w.text.as_str());
    let from = match base {
        None => cwd.map(Path::to_path_buf),
        Some(b) => b.clone(),
    };
    // `cd "$(git rev-parse --show-toplevel)"` from the working directory goes to the root of
    // its repository: the project (the working directory itself, or a parent of it when that is
    // a subdirectory; outside a repository the substitution is empty and bash's `cd ""` stays).
    // Relative paths from there are the project's, as from the working directory. From
    // anywhere else it is the root of whatever repository that is: unknown.
    let next = if target.is_some_and(names_repository_root) {
        from.filter(|f| Some(f.as_path()) == cwd)
    } else {
        cd_target(target, from, home)
    };
    *base = Some(next.filter(|_| c.name() != "popd"));
}

/// The directories `git -C DIR` names before its subcommand, in order (`-C a -C b` runs in
/// `a/b`); `None` for any other command or a git without `-C`.
fn git_dirs(c: &crate::parse::SimpleCommand) -> Option<Vec<&str>> {
    use crate::canon::WordKind;
    if c.name() != "git" {
        return None;
    }
    let mut dirs = Vec::new();
    let mut words = c.words.iter().skip(1).peekable();
    while let Some(w) = words.next() {
        match w.kind {
            WordKind::Flag if w.text == "-C" => {
                match words.next_if(|v| v.kind == WordKind::Operand && v.follows_flag) {
                    Some(v) => dirs.push(v.text.as_str()),
                    None => return None,
                }
            }
            WordKind::Flag => {}
            WordKind::Operand if w.follows_flag => {}
            _ => break,
        }
    }
    (!dirs.is_empty()).then_some(dirs)
}

/// Where a command runs when it changes directory for itself (`git -C DIR`, as `cd DIR &&
/// git ...` would but for it alone), from `base` (as [`follow_cd`] keeps it): `Some(None)`
/// for a place the line does not spell, `None` when it runs where the line is.
fn own_dir(
    c: &crate::parse::SimpleCommand,
    base: &Option<Option<PathBuf>>,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<Option<PathBuf>> {
    let dirs = git_dirs(c)?;
    let mut at = match base {
        None => cwd.map(Path::to_path_buf),
        Some(b) => b.clone(),
    };
    for d in dirs {
        at = cd_target(Some(d), at, home);
    }
    Some(at)
}

/// Whether a `cd` target is git's answer for the root of the working directory's repository:
/// `$(git rev-parse --show-toplevel)` or its backquoted form, nothing added.
fn names_repository_root(target: &str) -> bool {
    let inner = target
        .strip_prefix("$(")
        .and_then(|t| t.strip_suffix(')'))
        .or_else(|| target.strip_prefix('`').and_then(|t| t.strip_suffix('`')));
    inner.is_some_and(|i| {
        i.split_whitespace()
            .eq(["git", "rev-parse", "--show-toplevel"])
    })
}

/// Where `cd TARGET` run in `from` goes: the home for no target, `~`, `$HOME` or `${HOME}`
/// (quotes are gone from canonical words: `cd "$HOME"`), a path under it for `~/x` or
/// `$HOME/x`, unknown (`None`) for any other expansion or `-`.
fn cd_target(target: Option<&str>, from: Option<PathBuf>, home: Option<&Path>) -> Option<PathBuf> {
    let home = home.map(Path::to_path_buf);
    if let Some(rest) = target.and_then(|t| {
        ["~/", "$HOME/", "${HOME}/"]
            .iter()
            .find_map(|p| t.strip_prefix(p))
    }) {
        return home
            .filter(|_| !crate::canon::is_dynamic(rest))
            .map(|h| h.join(rest));
    }
    match target {
        None | Some("~" | "$HOME" | "${HOME}") => home,
        Some(t) if crate::canon::is_dynamic(t) || t == "-" => None,
        Some(t) if t.starts_with('/') => Some(PathBuf::from(t)),
        Some(t) => from.map(|f| f.join(t)),
    }
}

/// The components of a normalised absolute directory.
fn split_dir(dir: &str) -> Vec<&str> {
    dir.split('/').filter(|c| !c.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    /// [`Place::classes`] as it was before a scope was kept between two `cd`s: a scope of its
    /// own for every command.
    fn classes_one_scope_each(
        place: &Place<'_>,
        parsed: &ParsedCommand,
        heads: &ClassHeads,
    ) -> Vec<Vec<u32>> {
        let mut base: Option<Option<PathBuf>> = None;
        let mut out = Vec::new();
        for (i, c) in parsed.commands.iter().enumerate() {
            if parsed.statement_starts.contains(&i) {
                base = None;
            }
            let wants = heads.wants(c.name());
            if wants
                || c.words
                    .iter()
                    .any(|w| w.kind == crate::canon::WordKind::Redirect)
            {
                let scope = crate::paths::Scope::new(
                    place.cwd,
                    base.as_ref().map(|b| b.as_deref()),
                    place.home,
                    &parsed.assigned,
                    &parsed.temp_vars,
                )
                .with_loop_values(&parsed.loop_values);
                out.push(command_classes(c, &scope, wants));
            } else {
                out.push(vec![0; c.words.len()]);
            }
            follow_cd(c, &mut base, place.cwd, place.home);
        }
        out
    }

    /// A scope kept for the commands between two `cd`s classes every word as a scope of its own
    /// for each command did.
    #[test]
    fn one_scope_between_cds_classes_as_one_scope_each() {
        let guard = crate::Guard::builder().with_default_kg().build().unwrap();
        let lines = [
            "rm -rf build && cd /tmp && rm -rf x && cd - && rm -rf ./x > out.txt",
            "cd ~/src && rm -rf ../x; cd && rm -rf .cache; pushd /etc; rm -f passwd; popd; rm -rf *",
            "cd \"$X\" && rm -rf y; cd sub && cat ~/.ssh/id_rsa > a; cd /tmp && cd sub && rm -rf .",
            "cd \"$HOME\" && rm -rf .ssh; cd ${HOME}/src && rm -rf x; cd $HOME/$D && rm -rf y",
            "X=1 rm -rf $X/a && cd x && cd x && cd .. && rm -rf ../.. && cp a ~/.bashrc",
            "git status > f; ls; echo hi >> ~/.profile; cd /; rm -rf etc; cd /home; rm -rf *",
            "echo a >> notes.md; cd sub && echo b >> ../c.md 2>> /tmp/e; echo c > d >> d",
            "mv a b\ncd /var/tmp\nrm -rf c\ncd ~/proj\nrm -rf target ~/.aws/credentials",
            "rm -rf b\ncd /tmp && rm -rf b\nrm -rf b > b\ncd ~ && cp b b\ncd /tmp && rm b >> b",
        ];
        for (cwd, home) in [
            (Some("/home/u/proj"), Some("/home/u")),
            (Some("/home/u"), Some("/home/u")),
            (Some("/"), Some("/root")),
            (None, Some("/home/u")),
            (Some("/work/p"), None),
        ] {
            let place = Place {
                cwd: cwd.map(Path::new),
                home: home.map(Path::new),
            };
            for line in lines {
                let parsed = crate::parse::parse(line);
                assert_eq!(
                    place.classes(&parsed, &place.bases(&parsed), &guard.class_heads),
                    classes_one_scope_each(&place, &parsed, &guard.class_heads),
                    "{line} in {cwd:?}, home {home:?}"
                );
            }
        }
    }
}
