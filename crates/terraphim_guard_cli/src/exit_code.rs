//! Every exit code the `guard` command tree uses, in one place.
//!
//! Codes 0-7 follow terraphim-agent's contract. The sandbox codes mirror the shell's conventions
//! so a wrapped command keeps the exit status an agent expects.

/// Success; for `check`, the decision is `allow` (or `--json` was given).
pub const SUCCESS: u8 = 0;
/// A general error; upstream's plain `guard` form also exits 1 on block.
pub const ERROR_GENERAL: u8 = 1;
/// Bad usage (clap errors, unknown profile, malformed input).
pub const ERROR_USAGE: u8 = 2;
/// `check` without `--json`: the decision is `sandbox`.
pub const DECISION_SANDBOX: u8 = 10;
/// `check` without `--json`: the decision is `deny`.
pub const DECISION_DENY: u8 = 11;
/// `kg check`: the knowledge graph has invalid entries.
pub const KG_INVALID: u8 = 12;
/// `hook`: block with the reason on stderr, used only when stdout cannot carry the answer
/// (Claude Code, Codex, Gemini and Cursor all treat exit 2 as a block).
pub const HOOK_BLOCK: u8 = 2;
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
/// `review-script` without `--json`: the script is suspicious (a human should decide).
pub const SCRIPT_SUSPICIOUS: u8 = 13;
/// `review-script` without `--json`: the script is dangerous (it must not run).
pub const SCRIPT_DANGEROUS: u8 = 14;
