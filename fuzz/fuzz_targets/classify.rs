//! Parse and classify arbitrary bytes as a command with the default KG: never panic, never
//! allow what the parser flagged as unparsable.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use terraphim_guard::{Finding, Guard, Verdict};

fn guard() -> &'static Guard {
    static G: OnceLock<Guard> = OnceLock::new();
    G.get_or_init(|| Guard::builder().with_default_kg().build().expect("default KG builds"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(cmd) = std::str::from_utf8(data) else { return };
    let d = guard().check(cmd);
    let parsed = guard().parse(cmd);
    if parsed.findings.contains(&Finding::Unparsed) {
        assert_ne!(d.verdict, Verdict::Allow, "unparsable input allowed: {cmd:?}");
    }
});
