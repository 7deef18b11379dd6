//! Commands a `cd` on the line moved out of the project (rule `away_from_project`).
//!
//! The KG allows the project's own work as the developer runs it: its build files run by their
//! runner (`make test`, `npm run build`), its repository synced (`git pull --rebase`), the
//! environments it defines removed by the tool that made them (`vagrant destroy -f`). None of
//! them names a path: what they act on is the working directory. After `cd ~/other` or `cd
//! ../other` that is another project, whose build files, repository and machines are not the
//! one the agent works on, so such an allow does not hold there:
//!
//! - out of the project and out of the temporary directories, every allowed part is confined
//!   but the ones that only read or print (the `sudo`-safe readers of
//!   [`terraphim_shell_vocab::ROOT_READERS`] and the KG entries of [`PLACE_FREE`]);
//! - in a temporary directory, the build runners and builders
//!   ([`terraphim_shell_vocab::BUILD_RUNNERS`], [`terraphim_shell_vocab::PROJECT_BUILDERS`]):
//!   a makefile there is not the project's (the KG's `make -C <temp>` says the same).
//!
//! - out of the project and out of the temporary directories, an allowed or confined part whose
//!   first words name a destroying verb or a `clean` (`vagrant destroy -f`, `nextflow clean -f`,
//!   `make clean`) destroys the other place's environments or data, not the project's: denied.
//!
//! A command whose operands name paths is judged by those paths already (the classes follow
//! `cd`, `place.rs`): `cd ~/other && rm -rf *` is `rm -rf ~/other/*`. Into the project (`cd
//! sub`, `cd "$(git rev-parse --show-toplevel)"`) nothing changes.

use crate::kg::Tier;
use crate::parse::SimpleCommand;

use super::place::Away;
use super::types::{Match, Part, Verdict};

/// Safe KG entries whose commands only read or print, wherever they run.
const PLACE_FREE: &[&str] = &[
    "shell builtins",
    "print text",
    "file metadata",
    "git read-only",
];

/// Confine the allowed parts that a `cd` moved out of the project (see the module's comment);
/// `away` is [`super::place::Place::away`]'s answer (empty: nothing moved).
pub(super) fn confine_away(
    cmds: &[SimpleCommand],
    parts: &mut [Part],
    matches: &[Match],
    away: &[Option<Away>],
    profile: &str,
) {
    for ((cmd, part), away) in cmds.iter().zip(parts.iter_mut()).zip(away) {
        let Some(away) = away else {
            continue;
        };
        // A confined part (a tool the KG does not know) whose verb destroys is judged below
        // as an allowed one is: where the `cd` took it, what it removes is not the project's.
        let confined = part.verdict == Verdict::Sandbox;
        if part.verdict != Verdict::Allow && !confined {
            continue;
        }
        let name = cmd.name();
        let runner = terraphim_shell_vocab::BUILD_RUNNERS.contains(&name)
            || terraphim_shell_vocab::PROJECT_BUILDERS.contains(&name);
        let reads_only = terraphim_shell_vocab::ROOT_READERS.contains(&name) || {
            let mut safe = part
                .matches
                .iter()
                .filter_map(|&m| matches.get(m))
                .filter(|m| m.tier == Tier::Safe)
                .peekable();
            safe.peek().is_some() && safe.all(|m| PLACE_FREE.contains(&m.concept.as_str()))
        };
        if (reads_only || away.temp) && !runner && !confined {
            continue;
        }
        // The verb of a subcommand CLI is one of its first two operands (`vagrant destroy`,
        // `git stash drop`); a workflow's or a build's `clean` (`nextflow clean -f`, `make
        // clean`) deletes what earlier runs made there.
        let destroys = !away.temp
            && !reads_only
            && cmd
                .words
                .iter()
                .skip(1)
                .filter(|w| w.kind == crate::WordKind::Operand)
                .take(2)
                .any(|w| {
                    crate::paths::is_destroy_verb_word(&w.text)
                        || matches!(w.text.as_str(), "clean" | "clear")
                });
        if confined && !destroys {
            continue;
        }
        if destroys {
            part.verdict = Verdict::Deny;
            part.reason = format!(
                "`{name}` destroys what `{}` holds, where the line's `cd` took it, outside the project: the environments or data it removes there are another project's or a shared place's, not this one's; do it yourself if it is meant (destructive: destroy run outside the project)",
                away.dir
            );
            part.profile = None;
            continue;
        }
        part.verdict = Verdict::Sandbox;
        part.reason = if runner {
            format!(
                "`{name}` runs the build files of `{}`, where the line's `cd` took it: another project's instructions, not this one's (suspicious: project command run outside the project)",
                away.dir
            )
        } else {
            format!(
                "`{name}` acts on `{}`, where the line's `cd` took it, outside the project: what it changes there is not the project's (suspicious: project command run outside the project)",
                away.dir
            )
        };
        part.profile = Some(profile.to_string());
    }
}
