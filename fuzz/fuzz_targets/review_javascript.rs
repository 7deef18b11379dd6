//! Review arbitrary bytes as a javascript script, whole and truncated: never panic, never hang, and
//! every finding names its rule and capability chain. The verdict is the strictest finding.
#![no_main]

use libfuzzer_sys::fuzz_target;
use terraphim_script_review::{Config, Context, Language, Verdict, review_source};

fn check(code: &str) {
    let ctx = Context {
        cwd: "/home/u/proj".into(),
        home: "/home/u".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let report = review_source(code, Language::JavaScript, &ctx, &Config::default());
    let strictest = report
        .findings
        .iter()
        .map(|f| f.severity)
        .max()
        .unwrap_or(Verdict::Clean);
    assert_eq!(
        report.verdict, strictest,
        "verdict is not the strictest finding: {code:?}"
    );
    for f in &report.findings {
        assert!(
            !f.rule.is_empty() && !f.chain.is_empty(),
            "finding without rule or chain: {f:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(code) = std::str::from_utf8(data) else {
        return;
    };
    check(code);
    // The same script cut short, as an agent's half-written file would be.
    let mut cut = code.len() / 2;
    while !code.is_char_boundary(cut) {
        cut -= 1;
    }
    check(&code[..cut]);
});
