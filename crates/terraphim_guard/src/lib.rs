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

mod canon;
mod embedded;
mod error;
mod guard;
mod kg;
mod parse;
pub mod paths;
mod pattern;
mod replace;
mod wrap;

pub use canon::{Word, WordKind, canonical_text};
pub use error::{Error, Result};
pub use guard::{
    DEFAULT_PROFILE, Decision, Guard, GuardBuilder, MAX_COMMAND_BYTES, Match, OPAQUE_PROFILE, Part,
    SynonymPlace, Verdict, check_examples, cross_tier_duplicates,
};
pub use kg::{Entry, Kg, Located, Status, Tier};
pub use parse::{Finding, ParsedCommand, SimpleCommand, parse};
pub use wrap::{sandbox_command, shell_quote};
