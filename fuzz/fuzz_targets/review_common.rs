//! What every script-review fuzz target checks, for one language: arbitrary bytes reviewed
//! whole and truncated never panic or hang, the verdict is the strictest finding, and every
//! finding names its rule and capability chain. Included by the `review_*` targets.

use terraphim_script_review::{Config, Context, Language, Verdict, review_source};

fn check(code: &str, language: Language) {
    let ctx = Context {
        cwd: "/home/u/proj".into(),
        home: "/home/u".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    let report = review_source(code, language, &ctx, &Config::default());
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

/// Review `data` as a script of `language`, whole and cut short (as an agent's half-written
/// file would be).
pub fn review_bytes(data: &[u8], language: Language) {
    let Ok(code) = std::str::from_utf8(data) else {
        return;
    };
    check(code, language);
    let mut cut = code.len() / 2;
    while !code.is_char_boundary(cut) {
        cut -= 1;
    }
    check(&code[..cut], language);
}
