//! Integration tests of the `terraphim-agent` binary: one module per domain.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

mod script_review;
