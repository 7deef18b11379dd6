//! Integration tests of the script review, one test binary (house style): verdicts by rule and
//! by capability chain, the fixtures and their manifest, and the hook's choice of what to review.

mod capabilities;
mod configured_endpoints;
mod dclean51;
mod dotenv56;
mod dotenv57;
mod dotenv_keys;
mod fixtures;
mod fp47;
mod fp58;
mod fp58b;
mod fpmix55;
mod fpmix56;
mod fpmix57;
mod fppy48;
mod fppy49;
mod fppy50;
mod fppy51;
mod fppy52;
mod fppy53;
mod fppy54;
mod fpsh44;
mod fpsh45;
mod fpsh46;
mod fpsh48;
mod fpsh49;
mod fpsh50;
mod fpsh51;
mod fpsh52;
mod fpsh53;
mod fpsh54;
mod hook;
mod image_files;
mod js_hosts_and_members;
mod js_iteration_and_calls;
mod lead50;
mod made_keys;
mod masked_secrets;
mod opt_in_gates;
mod real_scripts;
mod recall45;
mod recall46;
mod recall47;
mod recall48;
mod recall49;
mod recall50;
mod recall50_uploads;
mod recall51;
mod recall52;
mod recall53;
mod recall54;
mod recall55;
mod recall56;
mod recall57;
mod recall57b;
mod recall58;
mod recall58b;
mod rules;
mod secret_owners;
mod secret_uses;
mod secrets_in_use;
mod shell_function_calls;
mod tool_addresses;

use terraphim_script_review::{
    CommandJudge, Config, Context, Language, Report, Verdict, review_source, review_source_judged,
};

/// One review in the context every table of this binary uses: a project at
/// `/home/dev/project`, home `/home/dev`, temporary files under `/tmp`.
fn review(lang: Language, code: &str) -> Report {
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    review_source(code, lang, &ctx, &Config::default())
}

/// Table rows of (language, code, verdict, category of the first finding): every row that
/// differs is reported, with its findings, before the test fails.
fn rows(rows: &[(Language, String, Verdict, &str)]) {
    let mut failed = Vec::new();
    for (lang, code, verdict, category) in rows {
        let report = review(*lang, code);
        let top = report.findings.first().map(|f| f.category.as_str());
        let ok =
            report.verdict == *verdict && (*verdict == Verdict::Clean || top == Some(*category));
        if !ok {
            failed.push(format!(
                "{lang} expected {verdict:?}/{category}, got {:?}/{top:?}\n{code}\n{:#?}",
                report.verdict, report.findings
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

/// One review whose verdict must be `want`; the report, for checks of its findings.
#[track_caller]
fn verdict(lang: Language, code: &str, want: Verdict) -> Report {
    let report = review(lang, code);
    assert_eq!(report.verdict, want, "{lang} `{code}`\n{report:#?}");
    report
}

#[track_caller]
fn has_rule(report: &Report, rule: &str) {
    assert!(
        report.findings.iter().any(|f| f.rule == rule),
        "no {rule} finding\n{report:#?}"
    );
}

/// One shell review in the tables' context, asked of `judge` (a stand-in for the command
/// guard) when `judged`.
fn review_shell_judged(code: &str, judged: bool, judge: &dyn CommandJudge) -> Report {
    let ctx = Context {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        tmp_dirs: vec!["/tmp".into()],
    };
    review_source_judged(
        code,
        Language::Shell,
        &ctx,
        &Config::default(),
        judged.then_some(judge),
    )
}

/// Rows of (shell script, judged by `judge`, verdict, category of a finding when flagged):
/// every row that differs is reported before the test fails.
#[track_caller]
fn judged_shell_rows(rows: &[(&str, bool, Verdict, &str)], judge: &dyn CommandJudge) {
    let mut failed = Vec::new();
    for &(code, judged, verdict, category) in rows {
        let report = review_shell_judged(code, judged, judge);
        let found = verdict == Verdict::Clean
            || report
                .findings
                .iter()
                .any(|f| f.category.as_str() == category);
        if report.verdict != verdict || !found {
            failed.push(format!(
                "`{code}`: want {verdict:?} {category}, got {:?}\n{:#?}",
                report.verdict, report.findings
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
