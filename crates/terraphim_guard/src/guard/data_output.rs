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
