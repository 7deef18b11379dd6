//! Integration tests of the script review, one test binary (house style): verdicts by rule and
//! by capability chain, the fixtures and their manifest, and the hook's choice of what to review.

mod capabilities;
mod fixtures;
mod fpsh44;
mod fpsh45;
mod hook;
mod js_hosts_and_members;
mod made_keys;
mod real_scripts;
mod recall45;
mod rules;
mod secret_owners;
mod secrets_in_use;
mod shell_function_calls;

use terraphim_script_review::{Config, Context, Language, Report, review_source};

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
