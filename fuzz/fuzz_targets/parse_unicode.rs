//! Shell syntax mixed with non-ASCII code points: every byte below 0x80 is itself, every other
//! byte picks a code point from a list of awkward ones (look-alike dashes and spaces, zero-width
//! characters, the variation selectors that crashed tree-sitter-bash's scanner after `{`, the
//! top of the range). Parsing and classifying must never panic or crash, and the same input
//! must get the same decision.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use terraphim_guard::{Guard, Verdict};

const AWKWARD: &[char] = &[
    '\u{80}', '\u{A0}', '\u{AD}', '\u{E9}', '\u{FF}', '\u{100}', '\u{2010}', '\u{2013}',
    '\u{2014}', '\u{2003}', '\u{200B}', '\u{202E}', '\u{2212}', '\u{3000}', '\u{FE0F}',
    '\u{FEFF}', '\u{FF0D}', '\u{FFFD}', '\u{1F600}', '\u{E0100}', '\u{E01EF}', '\u{10FFFF}',
];

fn guard() -> &'static Guard {
    static G: OnceLock<Guard> = OnceLock::new();
    G.get_or_init(|| Guard::builder().with_default_kg().build().expect("default KG builds"))
}

fuzz_target!(|data: &[u8]| {
    let cmd: String = data
        .iter()
        .map(|&b| if b < 0x80 { b as char } else { AWKWARD[b as usize % AWKWARD.len()] })
        .collect();
    let first = guard().check(&cmd);
    let again = guard().check(&cmd);
    assert_eq!(first.verdict, again.verdict, "{cmd:?}");
    if guard().parse(&cmd).findings.iter().any(|f| matches!(f, terraphim_guard::Finding::Unparsed)) {
        assert_ne!(first.verdict, Verdict::Allow, "unparsable input allowed: {cmd:?}");
    }
});
