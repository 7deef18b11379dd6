//! The guard's knowledge-graph (KG) model, shared by the guard, its build script, the learning
//! loop and the CLI: the tiers ([`Tier`]), an entry's status ([`Status`]), one concept a file
//! ([`Entry`]) and its markdown parser, the rule that a later entry of the same tier and concept
//! (the user's) replaces an earlier one (the embedded default's) ([`effective`]), and the
//! pattern compiler and matcher (`pattern`), with the canonical form commands and patterns share
//! (`canon`).
//!
//! No I/O beyond reading KG files when asked to ([`Kg::add_dir`]); nothing is executed.
#![deny(missing_docs)]

#[allow(
    missing_docs,
    reason = "the guard's and the build script's view of the canonical form; see the module doc"
)]
pub mod canon;
mod error;
mod kg;
#[allow(
    missing_docs,
    reason = "plain records of the compiled tables, written by the build script as statics; see the module and type docs"
)]
pub mod pattern;

pub use error::{Error, Result};
pub use kg::{
    EMBEDDED_ROOT, Entry, Kg, Line, Located, Overrides, PROGRAM_LISTS, Status, Tier, effective,
    expand_programs, lines, split_synonyms, tier_of,
};
