//! Rows of session 48's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{CommandJudge, CommandTier, CommandVerdict, Context, Verdict};

use Verdict::{Clean, Dangerous};

/// A stand-in for the command guard: a command whose name is an expansion is opaque; a restore that drops first (`pg_restore --clean`) is
/// allowed when its database URL is a loopback one the line spells, denied otherwise, as the
/// guard's `local_restore` lift does; a recursive removal of a path built from a variable
/// (`rm -rf "$X"`) is confined beyond the project; everything else is allowed.
#[derive(Debug)]
struct LoopbackRestoreLifted;

impl CommandJudge for LoopbackRestoreLifted {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let words: Vec<&str> = command
            .split_whitespace()
            .map(|w| w.trim_matches(['\'', '"']))
            .collect();
        if command
            .split_whitespace()
            .next()
            .is_some_and(|w| w.trim_start_matches(['"', '!', '(']).starts_with('$'))
            || words.first() == Some(&"!") && words.get(1).is_some_and(|w| w.starts_with('$'))
        {
            return CommandVerdict {
                tier: CommandTier::Opaque,
                reason: "the command name is an expansion".into(),
                rule: "opaque".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        if words.first() == Some(&"pg_restore") && words.contains(&"--clean") {
            let loopback = words.iter().any(|w| {
                let url = w.strip_prefix("--dbname=").unwrap_or(w);
                url.starts_with("postgres://localhost")
                    || url.starts_with("postgres://dev@localhost")
                    || url.starts_with("postgresql://127.0.0.1")
            });
            if loopback {
                return CommandVerdict::allow();
            }
            return CommandVerdict {
                tier: CommandTier::Deny,
                reason: "drops a database or database role".into(),
                rule: "database drop tools".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        if words.first() == Some(&"rm") && words.iter().any(|w| w.starts_with('$')) {
            return CommandVerdict {
                tier: CommandTier::Outside,
                reason: "deletes a path built from a variable".into(),
                rule: "rm of variable path".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        CommandVerdict::allow()
    }

    fn identity(&self) -> String {
        "fpsh48-stand-in".into()
    }
}

#[track_caller]
fn check_rows(rows: &[(&str, bool, Verdict, &str)]) {
    crate::judged_shell_rows(rows, &LoopbackRestoreLifted);
}

/// A positional parameter's default is what the line runs with when the script's caller gives
/// no value; the caller may give any other. Where the guard denies the line as written (the
/// value left to the caller) but lifts it with the default in place, the deny counts: a
/// restore into a URL the caller chooses is not the developer's own store. A line the guard
/// only confines as written is judged with the default (`rm -rf "$OUT"` with `OUT` the
/// script's own build directory unless the caller names another), and a default of the
/// environment or of a function the script itself calls without that argument is the
/// script's own value.
#[test]
fn positional_defaults_are_the_callers_to_replace() {
    check_rows(&[
        // The script's own loopback URL, literal or the environment's default.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\npg_restore --clean --if-exists -d postgres://localhost/inventory_dev backups/inventory.dump\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nINV_URL=\"${INV_URL:-postgres://localhost/inventory_dev}\"\npg_restore --clean --if-exists -d \"$INV_URL\" backups/inventory.dump\n",
            true,
            Clean,
            "",
        ),
        // A function the script calls without the argument: its default is the script's.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nreload() {\n  local url=\"${1:-postgres://localhost/inventory_dev}\"\n  pg_restore --clean --if-exists -d \"$url\" backups/inventory.dump\n}\nreload\n",
            true,
            Clean,
            "",
        ),
        // A deletion the guard only confines as written keeps the script's default.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nOUT=\"${1:-build/report}\"\nrm -rf \"$OUT\"\nmkdir -p \"$OUT\"\n",
            true,
            Clean,
            "",
        ),
        // Twins: the caller may name another database.
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nINV_URL=\"${1:-postgres://localhost/inventory_dev}\"\npg_restore --clean --if-exists -d \"$INV_URL\" backups/inventory.dump\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nINV_URL=\"${INV_URL:-postgres://localhost/inventory_dev}\"\nINV_URL=\"${2:-$INV_URL}\"\npg_restore --clean --if-exists --dbname=\"$INV_URL\" \"$1\"\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nurl=\"${1:-postgres://localhost/inventory_dev}\"\nbase=\"$url\"\npg_restore --clean -d \"$base\" backups/inventory.dump\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ]);
}
