//! Integration tests of the guard library: routing over the default KG, and properties.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]

use std::sync::OnceLock;

use terraphim_guard::Guard;

/// The guard on the default KG, built once for every test of this binary.
fn guard() -> &'static Guard {
    static GUARD: OnceLock<Guard> = OnceLock::new();
    GUARD.get_or_init(|| {
        Guard::builder()
            .with_default_kg()
            .build()
            .expect("the default KG builds")
    })
}

mod command_knowledge;
mod flows;
mod hidden_forms;
mod probes;
mod properties;
mod routing;
mod runners;
mod syntax;
mod wrap;
