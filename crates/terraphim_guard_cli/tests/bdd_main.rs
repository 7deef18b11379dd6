//! Gherkin acceptance suite: every routing, sandbox, hook, promotion and review rule lives in
//! `features/` and runs here against the real `terraphim-agent` binary.

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
    futures::executor::block_on(
        GuardWorld::cucumber()
            .max_concurrent_scenarios(4)
            .fail_on_skipped()
            .with_default_cli()
            .run_and_exit(features),
    );
}
