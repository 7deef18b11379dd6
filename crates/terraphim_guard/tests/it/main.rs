//! Integration tests of the guard library: routing over the default KG, and properties.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]

mod command_knowledge;
mod hidden_forms;
mod probes;
mod properties;
mod routing;
mod syntax;
mod wrap;
