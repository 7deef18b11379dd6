//! Gherkin acceptance suite: every routing, sandbox, hook, promotion and review rule lives in
//! `features/` and runs here against the real `terraphim-agent` binary.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]
#![allow(
    unreachable_pub,
    reason = "step modules are private to this test binary"
)]
#![allow(dead_code, reason = "not every scenario uses every world helper")]
mod steps;

use cucumber::World as _;
use steps::world::GuardWorld;

fn main() {
    let features = concat!(env!("CARGO_MANIFEST_DIR"), "/../../features");
    // The command line is cargo's (`cargo test` passes its own options through), so the CLI
    // stays the default one; a run is narrowed by `TERRAPHIM_GUARD_BDD_ONLY=TEXT`: only the
    // scenarios whose feature file path under `features/` or name holds TEXT run (the path
    // from the root would hold a worktree's name, and so every feature would).
    let only = std::env::var("TERRAPHIM_GUARD_BDD_ONLY").unwrap_or_default();
    let root = std::path::Path::new(features)
        .canonicalize()
        .unwrap_or_else(|_| features.into());
    futures::executor::block_on(
        GuardWorld::cucumber()
            .max_concurrent_scenarios(4)
            .fail_on_skipped()
            .with_default_cli()
            .filter_run_and_exit(features, move |feature, _rule, scenario| {
                only.is_empty()
                    || feature.path.as_ref().is_some_and(|p| {
                        let p = p.canonicalize().unwrap_or_else(|_| p.clone());
                        p.strip_prefix(&root)
                            .unwrap_or(&p)
                            .to_string_lossy()
                            .contains(only.as_str())
                    })
                    || scenario.name.contains(only.as_str())
            }),
    );
}
