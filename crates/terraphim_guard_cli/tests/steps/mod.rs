//! Step modules, one per domain, and the shared world.

pub mod common;
pub mod world;
pub mod learn;
