//! Integration tests of the `terraphim-agent` binary: one module per domain.

mod script_review;
