//! Review arbitrary bytes as a python script, whole and truncated: never panic, never hang, and
//! every finding names its rule and capability chain. The verdict is the strictest finding.
#![no_main]

#[path = "review_common.rs"]
mod review_common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    review_common::review_bytes(data, terraphim_script_review::Language::Python);
});
