//! A few characters cut from a secret are no secret: scripts print the last four of a token
//! (`tok[-4:]`, `tok.slice(-4)`, `${TOKEN: -4}`) so the user can tell which one is in use.
//! Each masked row has its twins: a cut that keeps all but a few characters, or forty of
//! them, and the whole token, printed or sent, stay what they were. (A token read and only
//! shown masked is still the suspicious `secret-read` of a secret that goes nowhere.)

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, verdict};

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Dangerous, Suspicious};

/// No secret shown: the review finds no `secret-to-output`, only the token read.
#[track_caller]
fn shows_no_secret(lang: Language, code: &str) {
    let report = verdict(lang, code, Suspicious);
    assert!(
        report.findings.iter().all(|f| f.rule != "secret-to-output"),
        "{lang} `{code}`\n{report:#?}"
    );
    has_rule(&report, "secret-read");
}

fn py(shown: &str) -> String {
    format!(
        "import os, sys\n\ntoken = os.environ[\"DEPLOY_API_TOKEN\"]\nprint(f\"using token ...{{{shown}}}\", file=sys.stderr)\n"
    )
}

fn js(shown: &str) -> String {
    format!(
        "const token = process.env.DEPLOY_API_TOKEN;\nconsole.log(`using token ...${{{shown}}}`);\n"
    )
}

fn sh(shown: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\n: \"${{DEPLOY_API_TOKEN:?set it}}\"\necho \"using token ...{shown}\"\n"
    )
}

#[test]
fn the_last_characters_of_a_token_are_no_secret() {
    for (lang, code) in [
        (Py, py("token[-4:]")),
        (Py, py("token[:4]")),
        (Py, py("token[0:4]")),
        (Js, js("token.slice(-4)")),
        (Ts, js("token.slice(0, 4)")),
        (Js, js("token.substring(0, 4)")),
        (Sh, sh("${DEPLOY_API_TOKEN: -4}")),
        (Sh, sh("${DEPLOY_API_TOKEN:(-4)}")),
        (Sh, sh("${DEPLOY_API_TOKEN:0:4}")),
    ] {
        shows_no_secret(lang, &code);
    }
}

#[test]
fn a_cut_that_keeps_most_of_a_token_is_the_token() {
    for (lang, code) in [
        (Py, py("token")),
        (Py, py("token[4:]")),
        (Py, py("token[:-4]")),
        (Py, py("token[-40:]")),
        (Py, py("token[::2]")),
        (Js, js("token")),
        (Js, js("token.slice(4)")),
        (Js, js("token.slice(-40)")),
        (Js, js("token.substring(-4)")),
        (Ts, js("token.slice(0, -4)")),
        (Sh, sh("${DEPLOY_API_TOKEN}")),
        (Sh, sh("${DEPLOY_API_TOKEN:4}")),
        (Sh, sh("${DEPLOY_API_TOKEN: -40}")),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-output");
    }
}

/// A mask helper of the script's own: what it returns is judged, not its name.
#[test]
fn a_mask_helper_is_judged_by_what_it_returns() {
    let helper = |body: &str| {
        format!(
            "import os\n\ndef mask(value):\n    return {body}\n\nkey = os.environ[\"STRIPE_SECRET_KEY\"]\nprint(\"stripe key\", mask(key))\n"
        )
    };
    shows_no_secret(Py, &helper("\"...\" + value[-4:]"));
    has_rule(
        &verdict(Py, &helper("\"...\" + value[4:]"), Dangerous),
        "secret-to-output",
    );
    has_rule(
        &verdict(Py, &helper("value.replace(\"sk_\", \"\")"), Dangerous),
        "secret-to-output",
    );
}

/// A cut of a secrets file's lines is lines of it: whole secrets, however few.
#[test]
fn a_cut_of_a_secrets_files_lines_is_lines() {
    for (lang, code) in [
        (
            Py,
            "lines = open('.env').read().splitlines()\nprint(lines[-2:])\n",
        ),
        (
            Js,
            "const fs = require('node:fs');\nconst lines = fs.readFileSync('.env', 'utf8').split('\\n');\nconsole.log(lines.slice(0, 3));\n",
        ),
    ] {
        verdict(lang, code, Dangerous);
    }
}

/// One token or its fallback (`PYPI_TOKEN` or `TEST_PYPI_TOKEN`, a name picked from a table of
/// indexes) is one string whichever it is: its last characters are no secret. Twins: the
/// whole of it printed, and a fallback that is a secrets file's lines, stay a leak.
#[test]
fn the_last_characters_of_one_token_or_another_are_no_secret() {
    let either = |fallback: &str, shown: &str| {
        format!(
            "import os\n\ntok = os.environ.get(\"PYPI_TOKEN\") or {fallback}\nprint(\"uploading with token ...\" + {shown})\n"
        )
    };
    let by_table = |shown: &str| {
        format!(
            "import os, sys\n\nINDEXES = {{\"pypi\": {{\"token_env\": \"PYPI_TOKEN\"}}, \"testpypi\": {{\"token_env\": \"TEST_PYPI_TOKEN\"}}}}\nindex = INDEXES[sys.argv[1]]\ntok = os.environ.get(index[\"token_env\"], \"\")\nprint(f\"token ...{{{shown}}}\")\n"
        )
    };
    shows_no_secret(
        Py,
        &either("os.environ.get(\"TEST_PYPI_TOKEN\", \"\")", "tok[-4:]"),
    );
    shows_no_secret(Py, &by_table("tok[-4:]"));
    for code in [
        either("os.environ.get(\"TEST_PYPI_TOKEN\", \"\")", "tok"),
        either("os.environ.get(\"TEST_PYPI_TOKEN\", \"\")", "tok[4:]"),
        by_table("tok"),
        either("open(\".env\").read().splitlines()", "str(tok[-4:])"),
    ] {
        has_rule(&verdict(Py, &code, Dangerous), "secret-to-output");
    }
}

/// A key's vendor prefix and a few characters (at most eight a cut) tell API keys apart: a
/// mask helper of the script's own (`key[:5] + "*" * 6 + key[-3:]`, a JS arrow showing
/// `key.slice(0, 8)` and `key.slice(-4)`, bash's `${TOKEN:0:8}`) shows no secret of a
/// machine-made key. Twins: the same cut of a password (a few characters a person chose),
/// a cut longer than eight, a cut whose bounds come from the value's length, and a helper
/// that returns the whole value stay a leak.
#[test]
fn a_keys_prefix_and_a_few_characters_are_no_secret() {
    let py = |var: &str, body: &str| {
        format!(
            "import os\n\ndef redact(key):\n    return {body}\n\nkey = os.environ[\"{var}\"]\nprint(f\"using key {{redact(key)}}\")\n"
        )
    };
    let js = |var: &str, body: &str| {
        format!(
            "const masked = (key) => {body};\nconst cfg = {{ key: process.env.{var} }};\nconsole.error(`key ${{masked(cfg.key)}}`);\n"
        )
    };
    let sh = |var: &str, shown: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\n: \"${{{var}:?set it}}\"\necho \"using key {shown}...\"\n"
        )
    };
    for (lang, code) in [
        (Py, py("MOLLIE_API_KEY", "key[:5] + \"*\" * 6 + key[-3:]")),
        (Py, py("MOLLIE_API_KEY", "key[:8] + \"...\"")),
        (
            Js,
            js("TS_API_KEY", "`${key.slice(0, 8)}…${key.slice(-4)}`"),
        ),
        (Ts, js("ADYEN_API_KEY", "`${key.slice(0, 6)}…`")),
        (Sh, sh("DEPLOY_API_TOKEN", "${DEPLOY_API_TOKEN:0:8}")),
    ] {
        shows_no_secret(lang, &code);
    }
    for (lang, code) in [
        (Py, py("MOLLIE_API_KEY", "key")),
        (Py, py("MOLLIE_API_KEY", "key[:9]")),
        (Py, py("MOLLIE_API_KEY", "key[:len(key) - 4]")),
        (Py, py("SMTP_PASSWORD", "key[:5] + \"*\" * 6 + key[-3:]")),
        (Js, js("TS_API_KEY", "`${key.slice(0, 12)}…`")),
        (Js, js("TS_API_KEY", "`${key.slice(0, key.length - 4)}…`")),
        (Js, js("DB_PASSWORD", "`${key.slice(0, 8)}…`")),
        (Sh, sh("DEPLOY_API_TOKEN", "${DEPLOY_API_TOKEN:0:9}")),
        (Sh, sh("ADMIN_PASSWORD", "${ADMIN_PASSWORD:0:8}")),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-output");
    }
}
