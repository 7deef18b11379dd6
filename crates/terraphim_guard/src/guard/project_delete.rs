//! Files of the project deleted by name (`rm src/old_module.py tests/test_old.py`, `rm -f
//! package-lock.json`, `rm Cargo.toml.bak`): the entry `project file deletion` confines every
//! `rm` of a project path, so the workspace judges the change set; a delete of named files
//! without `-r` removes those files and nothing else (rm refuses a directory then), the same
//! edit the agent's own file tool makes, and git gives back the ones it tracks.
//!
//! The rule `deletes_named_files` in `decide.rs` allows it when all of this holds:
//!
//! - the command is `rm` or `unlink`, run directly (no wrapper, no shell around it, no code of
//!   an option), with no finding, and the only suspicious entry it meets is `project file
//!   deletion` (a `.env` it deletes also meets `dotenv read` and stays confined);
//! - its options are only `-f` and `-v` (not `-r`, `-R`, `-d`: a tree, or an empty directory);
//! - every operand is a file of the project, a build output or a temp file, spelt out: no glob
//!   (`rm src/*.py` may reach further than the agent looked), no value known at run time, not
//!   the project itself (`.`) or a parent, no trust anchor, secret or path outside the project,
//!   and nothing inside `.git` (the repository's own store: `rm .git/index` loses the staged
//!   work, `rm .git/refs/heads/main` a branch);
//! - its only redirects go to `/dev/null`.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Whether `cmd` deletes only files of the project it names (see the module documentation).
/// `classes` are the classes of `cmd`'s words.
pub(crate) fn deletes_named_files(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !matches!(cmd.name(), "rm" | "unlink") || !cmd.layers.is_empty() || cmd.option_code {
        return false;
    }
    let mut named = 0;
    let mut options_done = false;
    for (w, &bits) in cmd.words.iter().zip(classes).skip(1) {
        match w.kind {
            WordKind::Flag => {
                if !matches!(w.text.as_str(), "-f" | "-v" | "--force" | "--verbose") {
                    return false;
                }
            }
            WordKind::Redirect => {
                if !matches!(w.text.as_str(), ">/dev/null" | ">&1" | ">&2") {
                    return false;
                }
            }
            WordKind::Operand => {
                if w.text == "--" && !options_done {
                    options_done = true;
                    continue;
                }
                let path = w.text.as_str();
                let glob_or_value = path.contains(['*', '?', '[', '{', '$', '`', '~']);
                let in_git = path.split('/').any(|c| c == ".git");
                let whole =
                    matches!(path.trim_end_matches('/'), "" | "." | "..") || path.ends_with('/');
                if glob_or_value
                    || in_git
                    || whole
                    || !crate::paths::is_inside_project_or_temp(bits)
                {
                    return false;
                }
                named += 1;
            }
            _ => return false,
        }
    }
    named > 0
}
