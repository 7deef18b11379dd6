//! Integration tests of the `terraphim-agent` binary, one module per domain.

mod sandbox;
