//! Step modules, one per domain, and the shared world.

pub mod common;
pub mod guard;
pub mod hook;
pub mod learn;
pub mod network;
pub mod sandbox;
pub mod script_review;
pub mod way_out;
pub mod workspace;
pub mod world;
