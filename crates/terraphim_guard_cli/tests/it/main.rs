//! Integration tests of the `terraphim-agent` binary, one module per domain.

#![expect(
    clippy::unwrap_used,
    reason = "a failed setup step should fail the test loudly"
)]

mod sandbox;
