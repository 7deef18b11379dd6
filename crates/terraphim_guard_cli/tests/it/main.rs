//! Integration tests of the CLI: the real binary against real files in temporary directories,
//! one module per domain.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test helpers panic on failure, like tests"
)]

mod agree;
mod decisions;
mod learn;
mod netproxy;
mod replay;
mod sandbox;
mod script_review;
mod snapshots;
mod xdg;
