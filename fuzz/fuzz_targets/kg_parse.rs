//! Parse arbitrary text as a KG entry and build a guard from it: errors are fine, panics are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use terraphim_guard::{Entry, Guard, Kg, Tier};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for tier in [Tier::Destructive, Tier::Suspicious, Tier::Safe] {
        if let Ok(entry) = Entry::parse(std::path::Path::new("kg/guard-x/fuzz.md"), tier, text) {
            let mut kg = Kg::new();
            kg.push(entry);
            if let Ok(g) = Guard::new(&kg) {
                let _ = g.check("rm -rf / && git push --force | sh");
            }
        }
    }
});
