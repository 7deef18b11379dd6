//! The subcommand of a tool nobody described that names a deletion: `ckan dataset purge X`,
//! `bench drop-site SITE`, `drush @prod sql-drop`, `./console core:delete-logs-data`, `php occ
//! user:delete NAME`, `certbot revoke --cert-name X`, and a script named for a deletion
//! (`perl delete_patrons.pl --confirm`, `python3 purge_old.py`).
//!
//! Subcommand CLIs name their actions with verbs, and a handful of verbs say only one thing:
//! the tool removes something it manages (a site, a dataset, a user, a table), usually on a
//! server the sandbox cannot protect, since the tool reaches it with the user's credentials.
//! The KG describes the tools it knows one by one (`TOOL <destroy-verb>` entries); this rule
//! speaks for the ones it does not (a tool whose destructive entries name that verb or the
//! class has been judged: the forms they leave out stay confined), and only at the
//! subcommand's place: the first operand, or
//! the second after a noun (`dataset purge`), never a flag's value or a later argument, so
//! data such as `grep delete` (a known tool anyway) or `mytool show drop-in` stays data. The
//! verbs are the unambiguous ones: `remove`, `reset`, `flush`, `clean` and `uninstall` also
//! name a dependency dropped from a manifest or a cache emptied, which an unknown tool's user
//! does every day. Three shapes reach further (session 51): an API action named as the cloud
//! APIs name them (`aliyun ecs DeleteInstance`, `tccli cvm TerminateInstances`); the plain
//! verb after two nouns with the confirmation skipped (`exo compute instance delete --force`),
//! unless the line asks for a rehearsal;
//! `remove`/`rm` after a noun with the tool's confirmation skipped (`civo kubernetes remove
//! prod -y`, not a cache's entries); and a backup tool's retention run given its policy
//! (`autorestic forget --all --prune`, `duplicacy prune -keep 0:1`, `duplicacy prune
//! -exclusive`, a profile's `resticprofile prod.forget --prune`).

use crate::parse::SimpleCommand;

/// Verbs whose only sense in a subcommand is the deletion of what the tool manages, or its
/// end (an instance terminated, a node decommissioned, a package unpublished).
const DELETING: &[&str] = &[
    "delete",
    "destroy",
    "purge",
    "drop",
    "wipe",
    "truncate",
    "erase",
    "expunge",
    "revoke",
    "terminate",
    "nuke",
    "obliterate",
    "decommission",
    "deprovision",
    "unpublish",
];

/// Programs that run a script named by their first operand, whose own subcommands follow it
/// (`php occ user:delete`, `python3 manage.py ...`).
const SCRIPT_RUNNERS: &[&str] = &[
    "php", "python", "python3", "node", "ruby", "perl", "bun", "deno",
];

/// Options with which a deleting script only reports what it would delete.
const REHEARSALS: &[&str] = &[
    "--dry-run",
    "--dryrun",
    "--dry_run",
    "-dry-run",
    "-dryrun",
    "--simulate",
    "--test",
    "--list",
    "--report",
    "--help",
    "-h",
];

/// Options of those runners that make the line's code their program: no script operand follows.
const CODE_OPTIONS: &[&str] = &["-c", "-e", "-r", "-m", "--eval", "-p", "--print"];

/// A subcommand that names a deletion: the program, the script a script runner runs (`occ`
/// of `php occ`), and the subcommand word.
pub(crate) struct Deletion<'a> {
    pub(crate) program: &'a str,
    pub(crate) script: Option<&'a str>,
    pub(crate) verb: &'a str,
}

impl Deletion<'_> {
    /// The tool as the reason names it: the script of a script runner, else the program.
    pub(crate) fn tool(&self) -> &str {
        self.script.unwrap_or(self.program)
    }
}

/// The subcommand of `cmd` that names a deletion, if `cmd` is a subcommand CLI call whose
/// first or second operand (after a script runner's script) is such a verb.
pub(crate) fn deleting_subcommand(cmd: &SimpleCommand) -> Option<Deletion<'_>> {
    let argv = &cmd.argv;
    let program = argv.first()?.rsplit('/').next()?;
    let mut script = None;
    let mut rest = argv.get(1..)?.iter().map(String::as_str);
    if SCRIPT_RUNNERS.contains(&program) {
        // Skip the runner's own options; the script is the tool.
        loop {
            let word = rest.next()?;
            if CODE_OPTIONS.contains(&word) || word == "-" {
                return None;
            }
            if !word.starts_with('-') {
                script = Some(word.rsplit('/').next().unwrap_or(word));
                break;
            }
        }
        // A script named for a deletion (`delete_patrons.pl`, `purge-old-records.py`) is
        // that deletion, unless the line asks it for a rehearsal only.
        if let Some(name) = script
            && let Some((stem, _)) = name.rsplit_once('.')
            && DELETING.contains(&stem.split(['-', '_']).next().unwrap_or(stem))
            && stem.len() > stem.split(['-', '_']).next().unwrap_or(stem).len()
            && !argv.iter().any(|w| REHEARSALS.contains(&w.as_str()))
        {
            return Some(Deletion {
                program,
                script,
                verb: name,
            });
        }
    }
    let mut operands = 0;
    let mut after_flag = false;
    let rehearsal = argv.iter().any(|w| REHEARSALS.contains(&w.as_str()));
    let mut prev_noun: Option<&str> = None;
    let skips_confirmation = argv
        .iter()
        .any(|w| CONFIRMATION_SKIPS.contains(&w.as_str()));
    for word in rest {
        if word == "--" {
            return None;
        }
        if word.starts_with('-') {
            after_flag = !word.contains('=');
            continue;
        }
        if operands == 0 && crate::pattern::is_site_alias(word) {
            // The site the call is aimed at (`drush @prod sql-drop`, `wp @staging ...`),
            // written before the subcommand.
            after_flag = false;
            continue;
        }
        // A profile's retention run (`resticprofile prod.forget --prune`) given its policy.
        if operands == 0
            && !after_flag
            && profile_retention(word).is_some()
            && !rehearsal
            && argv.iter().any(|w| names_retention(w))
        {
            return Some(Deletion {
                program,
                script,
                verb: word,
            });
        }
        let action = crate::paths::api_action_verb(word);
        let identifier = is_identifier(word) || action.is_some();
        if after_flag && !identifier {
            // The flag's value (`-c ckan.ini`, `--site erp.localhost`).
            after_flag = false;
            continue;
        }
        after_flag = false;
        if !identifier {
            return None;
        }
        operands += 1;
        let verb = action.as_deref().unwrap_or(word);
        let verb = verb.rsplit(':').next().unwrap_or(verb);
        let first = verb.split(['-', '_']).next().unwrap_or(verb);
        // A compound names its action first (`drop-site`) or last, after the thing it acts on
        // (`sql-drop`, `site-delete`, `bulk_purge`).
        let last = verb.rsplit(['-', '_']).next().unwrap_or(verb);
        // Two nouns before the verb (`exo compute instance delete --force`) are the tool's
        // resource path as much as one is, where the line skips the tool's confirmation: there
        // only the plain verb counts (`config set on-delete` names a setting), a rehearsal
        // only reports, and without the skip the first word may be a wrapper's program (`run
        // git annex drop`, a script's logging function).
        let deleting = if operands == 3 {
            DELETING.contains(&verb) && !rehearsal && skips_confirmation
        } else {
            DELETING.contains(&first)
                || DELETING.contains(&last)
                // FreeIPA's `user-del`, `group-del`: `del` only as a noun's action.
                || (last == "del" && verb.len() > last.len())
        };
        // A cluster taken down with its confirmation skipped (`ray down -y cluster.yaml`,
        // `sky down -a -y`): `down` as the tool's first verb stops and deletes the machines it
        // launched, their disks with them.
        let deleting = deleting
            || (operands == 1
                && TEARING_DOWN.contains(&verb)
                && !rehearsal
                && argv.iter().any(|w| ANSWERS_YES.contains(&w.as_str())));
        if deleting {
            return Some(Deletion {
                program,
                script,
                verb: word,
            });
        }
        // After a noun, `remove` and `rm` are the resource's deletion too (`civo kubernetes
        // remove prod`), where the line skips the tool's confirmation: first, they also name
        // a dependency dropped from a manifest, which an unknown tool's user does every day.
        if operands > 1
            && REMOVING.contains(&verb)
            && !prev_noun.is_some_and(|n| REGENERABLE.contains(&n))
            && !rehearsal
            && argv
                .iter()
                .any(|w| CONFIRMATION_SKIPS.contains(&w.as_str()))
        {
            return Some(Deletion {
                program,
                script,
                verb: word,
            });
        }
        // A backup tool's retention run (`autorestic forget --all --prune`, `duplicacy prune
        // -keep 0:1`, `pgbackrest expire --repo1-retention-full=1`) deletes every snapshot
        // the policy it is given does not keep.
        if RETIRING.contains(&verb) && !rehearsal && argv.iter().any(|w| names_retention(w)) {
            return Some(Deletion {
                program,
                script,
                verb: word,
            });
        }
        // Only a plain noun (`dataset`, `site`) may come before the verb; a topic's verb
        // (`cache:flush`), a compound that is itself an action (`run-operation NAME`, whose
        // operand is a macro's name), a read verb or a third operand ends the subcommand.
        if operands == 3
            || !word.bytes().all(|b| b.is_ascii_alphanumeric())
            || action.is_some()
            || crate::paths::is_read_verb_word(word)
            || (operands == 2 && ACTIONS.contains(&word))
        {
            return None;
        }
        prev_noun = Some(word);
    }
    None
}

/// Verbs that tear down what the tool launched, counted with the confirmation skipped.
const TEARING_DOWN: &[&str] = &["down", "teardown"];

/// Options that answer "yes" to the tool's question (not `-f`, which is often a file).
const ANSWERS_YES: &[&str] = &["-y", "--yes", "--assume-yes", "--no-prompt", "--no-confirm"];

/// Verbs that delete a resource named before them, and only with the confirmation skipped
/// count as one (see `deleting_subcommand`).
const REMOVING: &[&str] = &["remove", "rm"];

/// Nouns whose entries the tool makes again on demand: removing them loses nothing.
const REGENERABLE: &[&str] = &["cache", "caches"];

/// Verbs of a second operand after which a third is that action's argument, not a
/// resource's verb (`config set on-delete`, `hooks add delete`).
const ACTIONS: &[&str] = &[
    "set", "add", "create", "update", "edit", "put", "new", "run", "exec", "enable", "apply",
];

/// Options that answer the tool's own "are you sure?" for the user.
const CONFIRMATION_SKIPS: &[&str] = &[
    "-y",
    "--yes",
    "-f",
    "--force",
    "--confirm",
    "--no-prompt",
    "--no-confirm",
    "--assume-yes",
    "--non-interactive",
    "--quiet",
];

/// Verbs of a backup tool's retention run: what the policy does not keep is deleted.
const RETIRING: &[&str] = &["forget", "prune", "expire"];

/// An option that gives the retention run its policy or makes it delete the data too:
/// `--keep-last 1`, `-keep 0:1`, `--keep-within=1d`, `--prune`, `--repo1-retention-full=1`,
/// duplicacy's `-exclusive` (chunks no snapshot references are deleted at once, as if no other
/// client wrote the storage) and `-exhaustive` (every unreferenced chunk of the storage).
fn names_retention(word: &str) -> bool {
    let name = word.split('=').next().unwrap_or(word);
    let bare = name.trim_start_matches('-');
    name.starts_with('-')
        && (bare.starts_with("keep")
            || name.contains("retention")
            || name == "--prune"
            || bare == "exclusive"
            || bare == "exhaustive")
}

/// The retention verb of a profile's subcommand, `PROFILE.VERB` (resticprofile's
/// `prod.forget`, `nightly.prune`): a profile name, a dot and one of [`RETIRING`].
fn profile_retention(word: &str) -> Option<&str> {
    let (profile, verb) = word.split_once('.')?;
    (is_identifier(profile) && RETIRING.contains(&verb)).then_some(verb)
}

/// A word a CLI could take as a subcommand: lower-case letters, digits, `-`, `_`, `:`, led
/// by a letter.
fn is_identifier(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && word
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_:".contains(&b))
}
