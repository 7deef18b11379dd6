//! The guard's learning loop: outcomes in, reviewed KG changes out, with a human gate between.
//!
//! - [`Store`]: `outcomes.jsonl`, append-only JSON Lines under an advisory lock, rotated and
//!   compacted without losing the counts the engine needs; `reviews.jsonl`, the review log.
//! - The engine ([`EngineInput::propose`]): groups outcomes by [`candidate_pattern`] and proposes
//!   ALLOW (enough clean sandbox runs), DENY (a permission violation) or the demotion of an active
//!   safe pattern; nothing destructive is ever proposed for ALLOW ([`DestructiveCheck`]).
//! - [`Learn`]: writes proposals to `guard-staging/` (never active) and is the review gate
//!   (approve / reject / edit); only an approval, with its review record, touches the active KG.
//!
//! ```
//! use terraphim_learn::{
//!     ActiveKg, Decision, DestructivePatterns, Learn, LearnConfig, LearnPaths, Outcome, OutcomeKind,
//!     OutcomeRecord, Source,
//! };
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let tmp = tempfile::tempdir()?;
//! let learn = Learn::with_config(LearnPaths::new(&tmp.path().join("data"), &tmp.path().join("config")), LearnConfig::default());
//! for id in ["a", "b", "c"] {
//!     let mut record = OutcomeRecord::new(id, Source::Exec, "cargo test -p foo", Decision::Sandbox, Outcome::new(OutcomeKind::Clean));
//!     record.canonical = vec!["cargo test -p foo".into()];
//!     learn.append_outcome(record)?; // a hook prints an error here as a warning and goes on
//! }
//! let kg = learn.user_kg()?;
//! let destructive = DestructivePatterns::new(["rm -rf /", "git push --force"]);
//! let refresh = learn.refresh(&kg, &destructive)?;
//! assert_eq!(refresh.staged[0].proposal.synonyms, ["cargo test"]);
//! let approved = learn.approve(&refresh.staged[0].proposal.id, "alice", &destructive)?;
//! assert!(approved.path.ends_with("guard-safe/cargo-test.md"));
//! # Ok(()) }
//! ```
#![deny(missing_docs)]

mod candidate;
mod config;
mod destructive;
mod engine;
mod error;
mod gate;
mod kg;
mod paths;
mod proposal;
mod record;
mod stats;
mod store;
mod sweep;
mod time;

pub use candidate::candidate_pattern;
pub use config::{
    DEFAULT_NEVER_CANDIDATE_PAIRS, DEFAULT_NEVER_CANDIDATES, DEFAULT_SUBCOMMAND_COMMANDS,
    LearnConfig,
};
pub use destructive::{DestructiveCheck, DestructivePatterns};
pub use engine::{EngineInput, rules};
pub use error::{Error, Result};
pub use gate::{Approved, Learn, Refresh, Staged};
pub use kg::ActiveKg;
pub use paths::LearnPaths;
pub use proposal::{Action, Evidence, Proposal, proposal_id};
pub use record::{
    Cause, Decision, Outcome, OutcomeKind, OutcomeRecord, PreReview, Record, ReviewAction,
    ReviewRecord, RunReport, SCHEMA, Source, Violation, ViolationKind,
};
pub use stats::{CandidateStats, ConceptStats, Tally};
pub use store::{ReadWarning, ScanReport, Store, WarningKind};
pub use sweep::{CommandCount, NearThreshold, SweepReport, ViolationEvent};
pub use terraphim_guard_kg::{Entry as KgEntry, Status, Tier};
pub use time::{Timestamp, parse_duration};
