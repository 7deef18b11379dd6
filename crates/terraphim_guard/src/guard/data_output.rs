//! A known command's output written into a data or documentation file of the project the line
//! names (`tr -d '\r' < data/raw.csv > data/clean.csv`, `pg_dump --schema-only app >
//! db/schema.sql`, `jq -S . config/app.json > config/app.sorted.json`, `tee docs/adr/7.md <<EOF`).
//! The entry `write a project file` confines every redirect into the project, because a `>`
//! over a file with work git cannot give back loses it; the workspace then holds such a change.
//! For a file whose name says it holds data of a known format (`terraphim_shell_vocab::
//! is_structured_data_file`: `.csv`, `.sql`, `.json`, `.yaml`, `.md`, ...) the write is the file
//! the line promises, the edit the agent's own file tool makes, and the rule
//! `writes_project_data` in `decide.rs` allows it when all of this holds:
//!
//! - the command itself is known safe (a safe entry matches it) or is `tee`, which copies its
//!   input, judged as the commands that make it are (`cmd | tee`, a heredoc), has no finding,
//!   and the only
//!   suspicious entry it meets is `write a project file`: emptying a file (`: > f`, `empty a
//!   project file`) and every other entry keep their decision;
//! - it runs directly (no wrapper, no shell around it, no code of an option);
//! - every project file it writes (its `>` redirects, `tee`'s files) is plain (no trust anchor,
//!   no file a runner loads as code such as `package.json` or `*.py`, no secret, no path known
//!   only at run time, no glob) and named as structured data. A plain `.txt` (`ls > file.txt`,
//!   `git log > changes.txt`) says nothing of what it holds and stays on the workspace, as a
//!   dotfile (tools read those as configuration) and a `.env` (secrets git does not keep) do.
//!   A file whose name the line makes new for each run (`shots/screen-$(date +%H%M%S).png`,
//!   `paths::names_fresh_file`) holds no work, whatever it is named.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Whether `cmd`'s writes into the project are all structured data files it names (see the
/// module documentation). `classes` are the classes of `cmd`'s words.
pub(crate) fn writes_project_data(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !cmd.layers.is_empty() || cmd.option_code {
        return false;
    }
    let tee = cmd.name() == "tee";
    let mut written = 0;
    for (w, &bits) in cmd.words.iter().zip(classes).skip(1) {
        // (The text fed to `tee` on its input is one of its words, for matching.)
        let fed = cmd.stdin_text.as_deref() == Some(w.text.as_str());
        let writes = w.kind == WordKind::Redirect || (tee && w.kind == WordKind::Operand && !fed);
        if !writes || !crate::paths::names_a_path(bits) {
            continue;
        }
        let path = w.text.trim_start_matches('>');
        // `> shots/screen-$(date +%H%M%S).png`: a name made new for each run holds no work.
        let fresh = crate::paths::names_fresh_file(path);
        if !crate::paths::is_plain_project(bits)
            || crate::paths::has_secret_class(bits)
            || (!fresh
                && (path.contains(['*', '?', '[', '{', '$', '`'])
                    || !terraphim_shell_vocab::is_structured_data_file(path)))
        {
            return false;
        }
        written += 1;
    }
    written > 0
}

/// Whether `cmds[ci]` filters a file of the project into a scratch file that a later `mv` of
/// the line puts back over it: `jq '.version = "3.1.0"' package.json > package.json.tmp && mv
/// package.json.tmp package.json`, `tr -d '\r' < x.sh > x.sh.unix && mv x.sh.unix x.sh`. The
/// scratch file is gone when the line ends, so the write is the edit of the file moved over,
/// the in-place edit `sed -i` makes, and `mv` onto a project path is judged on its own (it is
/// allowed there). It holds when every project file the command writes (its `>` redirects) is
/// plain (no trust anchor, no file runners load, no secret, no expansion or glob), a later
/// command of the line with no wrapper is `mv SCRATCH DEST` (options `-f`, `-v` only), and
/// `DEST` is a file the command reads: one of its operands, or its `< DEST` input. Excluded: a
/// scratch file nobody moves (it stays a write of the project), a program that does not read
/// what it replaces (`printf CODE > t && mv t app.py` writes code), and a program text naming a
/// package manifest's `scripts` or install hooks moved over `package.json` (the package
/// manager runs those). A runner reading the moved file later on the line is judged by the
/// write-then-run rule (`mv t Makefile && make test` stays confined).
pub(crate) fn filtered_into_scratch_then_moved(
    cmds: &[SimpleCommand],
    ci: usize,
    classes: &[u32],
) -> bool {
    let Some(cmd) = cmds.get(ci) else {
        return false;
    };
    if !cmd.layers.is_empty() || cmd.option_code {
        return false;
    }
    let mut moved = 0;
    for (w, &bits) in cmd.words.iter().zip(classes).skip(1) {
        if w.kind != WordKind::Redirect || !crate::paths::names_a_path(bits) {
            continue;
        }
        let scratch = w.text.trim_start_matches('>');
        // (A scratch file may be named like the runner's file it stands in for:
        // `.eslintrc.tmp`; it is moved away at once.)
        if !crate::paths::is_editable_project(bits)
            || crate::paths::has_secret_class(bits)
            || scratch.contains(['*', '?', '[', '{', '$', '`'])
        {
            return false;
        }
        let Some(dest) = cmds[ci + 1..].iter().find_map(|c| moved_to(c, scratch)) else {
            return false;
        };
        let reads_dest = cmd
            .words
            .iter()
            .skip(1)
            .any(|x| x.kind == WordKind::Operand && x.text == dest)
            || cmd.flow.is_some_and(|flow| {
                cmds.iter().any(|c| {
                    c.into == Some(flow)
                        && c.argv.len() == 2
                        && c.argv[0] == "cat"
                        && c.argv[1] == dest
                })
            });
        let planted_hook = terraphim_shell_vocab::manifest::names_manifest(dest)
            && cmd
                .words
                .iter()
                .skip(1)
                .any(|x| super::in_place::names_hook(&x.text));
        if !reads_dest || planted_hook {
            return false;
        }
        moved += 1;
    }
    moved > 0
}

/// The destination of `c` when it is `mv SCRATCH DEST` run directly (options `-f`, `-v` only).
fn moved_to<'a>(c: &'a SimpleCommand, scratch: &str) -> Option<&'a str> {
    if !c.layers.is_empty() || c.name() != "mv" {
        return None;
    }
    let mut operands = Vec::new();
    for w in c.words.iter().skip(1) {
        match w.kind {
            WordKind::Flag if matches!(w.text.as_str(), "-f" | "-v") => {}
            WordKind::Operand => operands.push(w.text.as_str()),
            _ => return None,
        }
    }
    match operands.as_slice() {
        [from, to] if *from == scratch && !to.contains(['*', '?', '[', '{', '$', '`']) => Some(to),
        _ => None,
    }
}

/// Whether `cmd` is `sort` writing its one input file back over itself (`sort -u
/// data/words.txt -o data/words.txt`): the file keeps its lines, reordered (`-u` drops repeats),
/// with options that only choose the order. The file is a plain one of the project (no trust
/// anchor, no file runners load, no secret, no expansion); no redirect.
pub(crate) fn sorts_file_in_place(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !cmd.layers.is_empty() || cmd.option_code || cmd.name() != "sort" || cmd.stdin_text.is_some()
    {
        return false;
    }
    if cmd.words.iter().any(|w| w.kind == WordKind::Redirect) {
        return false;
    }
    let argv: Vec<&str> = cmd.argv.iter().map(String::as_str).collect();
    let (mut output, mut operands) = (None, Vec::new());
    let mut i = 1;
    while i < argv.len() {
        let a = argv[i];
        match a {
            "-o" | "--output" | "-t" | "--field-separator" | "-k" | "--key" => {
                let v = argv.get(i + 1).copied();
                if matches!(a, "-o" | "--output") {
                    output = v;
                }
                i += 1;
            }
            _ if a.starts_with("--output=") => output = a.strip_prefix("--output="),
            _ if a.starts_with("--key=") || a.starts_with("--field-separator=") => {}
            _ if a.starts_with("--") => {
                if !matches!(
                    a,
                    "--unique"
                        | "--numeric-sort"
                        | "--reverse"
                        | "--ignore-case"
                        | "--version-sort"
                        | "--human-numeric-sort"
                        | "--stable"
                        | "--dictionary-order"
                        | "--ignore-leading-blanks"
                        | "--general-numeric-sort"
                        | "--month-sort"
                ) {
                    return false;
                }
            }
            _ if a.starts_with('-') && a.len() > 1 => {
                let flags = &a[1..];
                if let Some(rest) = flags.strip_prefix('o') {
                    output = Some(rest).filter(|r| !r.is_empty());
                } else if !flags.chars().all(|c| "unrfVhsdbgMk".contains(c)) || flags.contains('k')
                {
                    return false;
                }
            }
            _ => operands.push(a),
        }
        i += 1;
    }
    let (Some(out), [only]) = (output, operands.as_slice()) else {
        return false;
    };
    out == *only
        && !out.contains(['*', '?', '[', '{', '$', '`'])
        && cmd.words.iter().zip(classes).skip(1).any(|(w, &bits)| {
            w.text == out
                && crate::paths::is_plain_project(bits)
                && !crate::paths::has_secret_class(bits)
        })
}
