//! Three-tier command guard: a real shell parse, then Aho-Corasick matching over terraphim's
//! knowledge graph (KG) of command patterns, then a decision: allow, sandbox or deny.
//!
//! ```
//! use terraphim_guard::{Guard, Verdict};
//!
//! let guard = Guard::builder().with_default_kg().build()?;
//! assert_eq!(guard.check("git status").verdict, Verdict::Allow);
//! assert_eq!(guard.check("sudo bash -c 'rm -rf /'").verdict, Verdict::Deny);
//! assert_eq!(guard.check("git commit -m 'never rm -rf /'").verdict, Verdict::Allow);
//! # Ok::<(), terraphim_guard::Error>(())
//! ```
//!
//! The crate does no I/O after loading and never executes anything.
#![deny(missing_docs)]

mod embedded;
mod error;
mod guard;
mod parse;
mod path_lists;
pub mod paths;
#[cfg(test)]
mod pattern_tests;
mod replace;
mod wrap;

// The KG model is `terraphim_guard_kg`'s; these names keep `crate::canon`, `crate::kg` and
// `crate::pattern` meaning what they meant when the modules lived here.
pub(crate) use terraphim_guard_kg as kg;
use terraphim_guard_kg::{canon, pattern};

pub use canon::{Word, WordKind, canonical_text};
pub use embedded::embedded_kg;
pub use error::{Error, Result};
pub use guard::{
    DEFAULT_PROFILE, Decision, Guard, GuardBuilder, MAX_COMMAND_BYTES, Match, OPAQUE_PROFILE, Part,
    ProfileRank, ProfileRanks, SynonymPlace, Verdict, check_examples, cross_tier_duplicates,
};
pub use parse::{Finding, ParsedCommand, SimpleCommand, Statement, parse, parse_script};
pub use terraphim_guard_kg::{Entry, Kg, Located, Status, Tier};
pub use wrap::{sandbox_command, shell_quote};
