//! Step modules, one per domain, and the shared world.

pub mod common;
pub mod sandbox;
pub mod world;
