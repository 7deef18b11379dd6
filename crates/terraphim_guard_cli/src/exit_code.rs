//! Every exit code the `guard` command tree uses, in one place: the constants and [`TABLE`], the
//! one table that `README.md` shows (a test keeps them equal and snapshots the table).
//!
//! Codes 0-2 follow terraphim-agent's contract. The sandbox codes mirror the shell's conventions
//! so a wrapped command keeps the exit status an agent expects.

/// Success. `check` / `explain` (with or without `--json`): the decision is `allow`;
/// `review-script` without `--json`: the script is clean; the flat form: allow or sandbox, and
/// always with `--json` (the decision is in the JSON).
pub const SUCCESS: u8 = 0;
/// A general error; the flat form without `--json` also exits 1 on block (upstream's contract).
pub const ERROR_GENERAL: u8 = 1;
/// Bad usage: clap errors, a first word that is a near-miss of a subcommand (`guard chek`),
/// an unknown profile, malformed arguments.
pub const ERROR_USAGE: u8 = 2;
/// `hook`: block with the reason on stderr, used only when stdout cannot carry the answer
/// (Claude Code, Codex, Gemini and Cursor all treat exit 2 as a block).
pub const HOOK_BLOCK: u8 = 2;
/// The input cannot be judged: a file that cannot be read (`review-script FILE`), an empty
/// command on stdin (`check`, `explain`).
pub const ERROR_INPUT: u8 = 3;
/// `check` / `explain` (with or without `--json`): the decision is `sandbox`.
pub const DECISION_SANDBOX: u8 = 10;
/// `check` / `explain` (with or without `--json`): the decision is `deny`.
pub const DECISION_DENY: u8 = 11;
/// `kg check`: the knowledge graph has invalid entries.
pub const KG_INVALID: u8 = 12;
/// `review-script` without `--json`: the script is suspicious (a human should decide).
pub const SCRIPT_SUSPICIOUS: u8 = 13;
/// `review-script` without `--json`: the script is dangerous (it must not run).
pub const SCRIPT_DANGEROUS: u8 = 14;
/// `exec`: the output cap of the profile was exceeded and the run was killed.
pub const SANDBOX_OUTPUT_LIMIT: u8 = 123;
/// `exec`: the wall-clock limit of the profile was exceeded and every process of the run was
/// killed (as `timeout(1)` does).
pub const SANDBOX_TIMEOUT: u8 = 124;
/// `exec`: the sandbox refused to run the command (a limit the profile states cannot be
/// enforced here) or could not start it; nothing ran.
pub const SANDBOX_REFUSED: u8 = 125;
/// `exec`: the command was killed by signal N: the exit code is 128 + N (SIGXCPU at the CPU
/// limit gives 152, SIGKILL 137), as the shell reports it. Otherwise `exec` exits with the
/// command's own exit code.
pub const SANDBOX_SIGNAL_BASE: u8 = 128;

/// One row of the exit-code table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// The code, as text (`128+N` for the signal range).
    pub code: &'static str,
    /// What it means, for which commands.
    pub meaning: &'static str,
}

/// Every exit code and what it means: the one table (`README.md` shows it).
pub const TABLE: &[Row] = &[
    Row {
        code: "0",
        meaning: "success; `check`/`explain`: allow; `review-script`: clean; the flat form: allow or sandbox, and always with `--json`; `hook`: answered (the decision is in its output)",
    },
    Row {
        code: "1",
        meaning: "error; the flat form without `--json`: block; `check --batch`: a line was not a valid request",
    },
    Row {
        code: "2",
        meaning: "usage error (including a near-miss of a subcommand, `guard chek`); `hook`: block with the reason on stderr, only when stdout cannot carry it",
    },
    Row {
        code: "3",
        meaning: "input error: `review-script` cannot read the file; `check`/`explain` got an empty command",
    },
    Row {
        code: "10",
        meaning: "`check`/`explain` (with or without `--json`): sandbox",
    },
    Row {
        code: "11",
        meaning: "`check`/`explain` (with or without `--json`): deny",
    },
    Row {
        code: "12",
        meaning: "`kg check`: invalid entries",
    },
    Row {
        code: "13",
        meaning: "`review-script` without `--json`: suspicious",
    },
    Row {
        code: "14",
        meaning: "`review-script` without `--json`: dangerous",
    },
    Row {
        code: "123",
        meaning: "`exec`: the output cap was exceeded, the run was killed",
    },
    Row {
        code: "124",
        meaning: "`exec`: the wall-clock limit was exceeded, every process of the run was killed",
    },
    Row {
        code: "125",
        meaning: "`exec`: the sandbox refused the run or could not start it; nothing ran",
    },
    Row {
        code: "128+N",
        meaning: "`exec`: the command was killed by signal N; otherwise `exec` exits with the command's own code",
    },
];

/// [`TABLE`] as a markdown table.
pub fn markdown_table() -> String {
    let mut out = String::from("| code | meaning |\n|---|---|\n");
    for row in TABLE {
        out.push_str(&format!("| {} | {} |\n", row.code, row.meaning));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every constant has its row.
    #[test]
    fn every_code_is_in_the_table() {
        for code in [
            SUCCESS,
            ERROR_GENERAL,
            ERROR_USAGE,
            HOOK_BLOCK,
            ERROR_INPUT,
            DECISION_SANDBOX,
            DECISION_DENY,
            KG_INVALID,
            SCRIPT_SUSPICIOUS,
            SCRIPT_DANGEROUS,
            SANDBOX_OUTPUT_LIMIT,
            SANDBOX_TIMEOUT,
            SANDBOX_REFUSED,
        ] {
            let text = code.to_string();
            assert!(TABLE.iter().any(|r| r.code == text), "{code}");
        }
        assert!(
            TABLE
                .iter()
                .any(|r| r.code == format!("{SANDBOX_SIGNAL_BASE}+N"))
        );
    }
}
