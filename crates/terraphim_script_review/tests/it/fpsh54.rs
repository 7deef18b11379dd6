//! Rows of session 54's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{CommandJudge, CommandTier, CommandVerdict, Context, Verdict};

use Verdict::{Clean, Suspicious};

/// A stand-in for the command guard, which judges what `sudo` runs as root and leaves the
/// elevation itself to the review: `postqueue` (a reader its KG knows) and `true` run as they
/// are, `modprobe` is a change of the system confined beyond the project, anything else is a
/// program no rule knows.
#[derive(Debug)]
struct Readers;

impl CommandJudge for Readers {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let words: Vec<&str> = command
            .split_whitespace()
            .filter(|w| !w.starts_with('-') && *w != "sudo")
            .collect();
        match words.first().copied() {
            Some("postqueue" | "true" | "echo") => CommandVerdict::allow(),
            Some("modprobe") => CommandVerdict {
                tier: CommandTier::Outside,
                reason: "changes the running kernel".into(),
                rule: "kernel module and sysctl change".into(),
                pattern: Some("modprobe".into()),
                operands: words[1..].iter().map(|w| (*w).to_owned()).collect(),
            },
            _ => CommandVerdict {
                tier: CommandTier::Unknown,
                reason: "not a known safe command".into(),
                rule: String::new(),
                pattern: None,
                operands: Vec::new(),
            },
        }
    }

    fn identity(&self) -> String {
        "fpsh54-stand-in".into()
    }
}

/// `sudo X`: the elevation flags nothing where the guard lets every command of the line run as
/// it is; a program no rule knows, a change of the system, or a review without the guard keeps
/// it (suspicious).
#[test]
fn a_privileged_wrapper_is_judged_by_what_it_runs() {
    let rows: &[(&str, bool, Verdict, &str)] = &[
        ("#!/bin/bash\nsudo -n postqueue -j\n", true, Clean, ""),
        (
            "#!/bin/bash\nsudo -n true 2>/dev/null || echo 'run sudo -v first'\n",
            true,
            Clean,
            "",
        ),
        // Twins: no guard to ask, a program no rule knows, a change of the system, and a
        // line whose other command the guard does not let run.
        (
            "#!/bin/bash\nsudo -n postqueue -j\n",
            false,
            Suspicious,
            "escape",
        ),
        ("#!/bin/bash\nsudo cangw -F\n", true, Suspicious, "escape"),
        (
            "#!/bin/bash\nsudo modprobe vcan\n",
            true,
            Suspicious,
            "escape",
        ),
        (
            "#!/bin/bash\nsudo -n postqueue -j; cangw -F\n",
            true,
            Suspicious,
            "escape",
        ),
    ];
    crate::judged_shell_rows(rows, &Readers);
}
