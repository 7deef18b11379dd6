//! Session 50's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! A token redacted out of a message (`msg.replace(token, '***')`, `s.split(TOKEN).join('***')`)
//! is taken out of the text, not put in: the searched text and the separator give the result
//! nothing. Each clean row has its twins: the token as the replacement or the joiner, a
//! replacement that gives the match back (`$&`, a callback), a regular expression made at run
//! time that captures the separator, and the message printed unredacted stay dangerous.

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, rows, verdict};

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A Slack poster whose error handler redacts the bot token out of the message it prints.
fn slack_js(redact: &str) -> String {
    format!(
        "const token = process.env.SLACK_BOT_TOKEN || '';\n\nasync function post(method, body) {{\n  const res = await fetch(`https://slack.com/api/${{method}}`, {{\n    method: 'POST',\n    headers: {{ Authorization: `Bearer ${{token}}`, 'Content-Type': 'application/json' }},\n    body: JSON.stringify(body),\n  }});\n  return res.json();\n}}\n\nasync function main() {{\n  const out = await post('chat.postMessage', {{ channel: '#builds', text: 'nightly build finished' }});\n  if (!out.ok) throw new Error(`slack answered ${{out.error}}`);\n}}\n\nmain().catch((err) => {{\n  console.error(String(err.message || err){redact});\n  process.exit(1);\n}});\n"
    )
}

/// A release-notes printer that scrubs the GitHub token out of every line of a local log.
fn scrub_ts(scrub: &str) -> String {
    format!(
        "import {{ readFileSync }} from 'node:fs';\n\nconst TOKEN = process.env.GITHUB_TOKEN ?? '';\nconst scrub = (s: string): string => (TOKEN ? {scrub} : s);\n\nasync function main(): Promise<void> {{\n  const res = await fetch('https://api.github.com/repos/acme/widgets/releases/latest', {{\n    headers: {{ Authorization: `Bearer ${{TOKEN}}` }},\n  }});\n  if (!res.ok) throw new Error(`release lookup: ${{res.status}}`);\n  const log = readFileSync('build/release-notes.log', 'utf8');\n  for (const line of log.split('\\n')) console.log(scrub(line));\n}}\n\nmain().catch((e: Error) => {{\n  console.error(scrub(e.message));\n  process.exit(1);\n}});\n"
    )
}

/// A CI log viewer that hides the `gh` token in the lines of a local log it shows.
fn gh_log_py(shown: &str) -> String {
    format!(
        "import os\nimport subprocess\nfrom pathlib import Path\n\ntoken = os.environ.get(\"GH_TOKEN\", \"\")\nsubprocess.run([\"gh\", \"run\", \"list\", \"--limit\", \"5\"], check=False)\nfor line in Path(\"build/release.log\").read_text().splitlines():\n    print({shown} if token else line)\n"
    )
}

/// The token searched for by `replace`/`replaceAll` with a plain-text replacement is taken
/// out of the message; as the replacement, or given back by `$&` or a callback, it is in it.
#[test]
fn token_replaced_out_of_a_message_is_not_printed() {
    rows(&[
        (Js, slack_js(".replace(token || '-', '[token]')"), Clean, ""),
        (
            Js,
            slack_js(".replaceAll(token || '-', 'xoxb-…')"),
            Clean,
            "",
        ),
        // The token put in, or the match given back.
        (
            Js,
            slack_js(".replace('[token]', token)"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            slack_js(".replace(token || '-', '<$&>')"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            slack_js(".replace(token || '-', (m) => `[${m}]`)"),
            Dangerous,
            "exfiltration",
        ),
        // Printed as it is.
        (Js, slack_js(" + ' ' + token"), Dangerous, "exfiltration"),
        (
            Py,
            gh_log_py("line.replace(token, \"<gh-token>\")"),
            Clean,
            "",
        ),
        (
            Py,
            gh_log_py("line.replace(\"<gh-token>\", token)"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            gh_log_py("line.replace(\"x\", \"y\") + token"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `s.split(TOKEN).join('***')`: the pieces between the token hold nothing of it; joined with
/// the token, or split by a regular expression that captures it, they do.
#[test]
fn token_split_out_of_a_line_is_not_printed() {
    rows(&[
        (Ts, scrub_ts("s.split(TOKEN).join('***')"), Clean, ""),
        (
            Ts,
            scrub_ts("s.split('***').join(TOKEN)"),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            scrub_ts("s.split(new RegExp(`(${TOKEN})`)).join(' ')"),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            scrub_ts("s.split(' ').concat([TOKEN]).join(' ')"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A helper that builds a child's environment: a copy of `os.environ` with the one key taken
/// from the project's `.env` put in, then shows that key masked.
fn rover_env_py(shown: &str) -> String {
    format!(
        "import os\nimport subprocess\nfrom pathlib import Path\n\n\ndef read_dotenv(path):\n    out = {{}}\n    if path.exists():\n        for raw in path.read_text().splitlines():\n            k, sep, v = raw.partition(\"=\")\n            if sep and not raw.startswith(\"#\"):\n                out[k.strip()] = v.strip()\n    return out\n\n\ndef mask(secret):\n    if not secret:\n        return \"<unset>\"\n    return \"*\" * 8 + secret[-4:]\n\n\nenv = dict(os.environ)\ndot = read_dotenv(Path(\".env\"))\nif \"FLY_API_TOKEN\" not in env and \"FLY_API_TOKEN\" in dot:\n    env[\"FLY_API_TOKEN\"] = dot[\"FLY_API_TOKEN\"]\nprint(f\"using {shown}\")\nsubprocess.run([\"flyctl\", \"status\"], env=env, check=True)\n"
    )
}

/// The member of a copy of the environment named by the one key the script put in from the
/// `.env` is that variable: masked, it shows nothing. Printed whole it is the token; another
/// member, or the whole copy, is still the environment.
#[test]
fn own_key_of_an_environment_copy_is_that_variable() {
    rows(&[
        (Py, rover_env_py("{mask(env['FLY_API_TOKEN'])}"), Clean, ""),
        (
            Py,
            rover_env_py("{env['FLY_API_TOKEN']}"),
            Dangerous,
            "exfiltration",
        ),
    ]);
    // Another member is still anything the environment holds.
    let other = verdict(Py, &rover_env_py("{mask(env['GITHUB_TOKEN'])}"), Suspicious);
    has_rule(&other, "env-to-output");
}
