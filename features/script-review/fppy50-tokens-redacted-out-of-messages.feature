@script-review
Feature: script pre-review of a token redacted out of a message
  An error handler or a log viewer takes the token out of what it prints:
  `msg.replace(token, '***')`, `line.replace(token, "<token>")`, `s.split(TOKEN).join('***')`.
  The text searched for, or split at, is taken out, not put in, so the printed text holds
  nothing of the token. The token as the replacement or the joiner, or a replacement that
  gives the match back (`$&`), is the token printed.

  Scenario: a bot's error message with its token replaced by a mark shows no secret
    Given a project file "notify_build.js" containing:
      """
      const token = process.env.SLACK_BOT_TOKEN || '';

      async function main() {
        const res = await fetch('https://slack.com/api/chat.postMessage', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ channel: '#ci', text: 'release tagged' }),
        });
        const out = await res.json();
        if (!out.ok) throw new Error(`slack refused: ${out.error}`);
      }

      main().catch((err) => {
        console.error(String(err.message).replaceAll(token || '-', '[slack-token]'));
        process.exit(1);
      });
      """
    When I run "terraphim-agent guard review-script --json notify_build.js"
    Then the JSON field "verdict" is "clean"
    And stdout does not contain "secret-to-output"

  Scenario: the same message with the match given back by the replacement prints the token
    Given a project file "notify_build_echo.js" containing:
      """
      const token = process.env.SLACK_BOT_TOKEN || '';

      async function main() {
        const res = await fetch('https://slack.com/api/chat.postMessage', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ channel: '#ci', text: 'release tagged' }),
        });
        const out = await res.json();
        if (!out.ok) throw new Error(`slack refused: ${out.error}`);
      }

      main().catch((err) => {
        console.error(String(err.message).replaceAll(token || '-', '<$&>'));
        process.exit(1);
      });
      """
    When I run "terraphim-agent guard review-script --json notify_build_echo.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a log line with the gh token replaced shows no secret, with the mark replaced by the token it does
    Given a project file "show_ci_log.py" containing:
      """
      import os
      import subprocess
      from pathlib import Path

      token = os.environ.get("GH_TOKEN", "")
      subprocess.run(["gh", "run", "view", "--log-failed"], check=False)
      for line in Path("build/ci.log").read_text().splitlines():
          print(line.replace(token, "<gh-token>") if token else line)
      """
    And a project file "show_ci_log_filled.py" containing:
      """
      import os
      import subprocess
      from pathlib import Path

      token = os.environ.get("GH_TOKEN", "")
      subprocess.run(["gh", "run", "view", "--log-failed"], check=False)
      for line in Path("build/ci.log").read_text().splitlines():
          print(line.replace("<gh-token>", token) if token else line)
      """
    When I run "terraphim-agent guard review-script --json show_ci_log.py"
    Then the JSON field "verdict" is "clean"
    When I run "terraphim-agent guard review-script --json show_ci_log_filled.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: lines split at the token and joined with a mark show no secret, joined with the token they do
    Given a project file "release_notes.ts" containing:
      """
      import { readFileSync } from 'node:fs';

      const TOKEN = process.env.GITHUB_TOKEN ?? '';

      async function main(): Promise<void> {
        const res = await fetch('https://api.github.com/repos/acme/tools/releases/latest', {
          headers: { Authorization: `Bearer ${TOKEN}` },
        });
        if (!res.ok) throw new Error(`release lookup: ${res.status}`);
        for (const line of readFileSync('build/notes.log', 'utf8').split('\n')) {
          console.log(TOKEN ? line.split(TOKEN).join('***') : line);
        }
      }

      main();
      """
    And a project file "release_notes_joined.ts" containing:
      """
      import { readFileSync } from 'node:fs';

      const TOKEN = process.env.GITHUB_TOKEN ?? '';

      async function main(): Promise<void> {
        const res = await fetch('https://api.github.com/repos/acme/tools/releases/latest', {
          headers: { Authorization: `Bearer ${TOKEN}` },
        });
        if (!res.ok) throw new Error(`release lookup: ${res.status}`);
        for (const line of readFileSync('build/notes.log', 'utf8').split('\n')) {
          console.log(TOKEN ? line.split('***').join(TOKEN) : line);
        }
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json release_notes.ts"
    Then the JSON field "verdict" is "clean"
    When I run "terraphim-agent guard review-script --json release_notes_joined.ts"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
