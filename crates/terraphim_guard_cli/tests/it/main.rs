//! Integration tests of the CLI: the real binary against real files in temporary directories.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test helpers panic on failure, like tests"
)]

mod learn;
