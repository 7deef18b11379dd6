Feature: Script review, eighth round: clean scripts from real repositories

  Scenario: a shell script's own function named like a program is the function
    Given a project file "check.sh" containing:
      """
      ok=0
      pass() { echo "ok: $1"; ok=$((ok + 1)); }
      for f in build/*.bin; do
        pass "$f"
      done
      echo "$ok passed"
      """
    When I run "terraphim-agent guard review-script --json check.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a command template over the names of a literal list is each literal command
    Given a project file "bundle.js" containing:
      """
      const { execSync } = require('child_process');
      const parts = ['alpha.res', 'beta.res'];
      parts.forEach((p) => {
        execSync(`pkgtool add ${p} bundle.dat`, { cwd: 'vendor/data' });
      });
      """
    When I run "terraphim-agent guard review-script --json bundle.js"
    Then the JSON field "verdict" is "clean"

  Scenario: one alternative of a command that deletes the home directory is caught
    Given a project file "tidy.js" containing:
      """
      const { execSync } = require('child_process');
      for (const d of ['dist', '~']) execSync(`rm -rf ${d}`);
      """
    When I run "terraphim-agent guard review-script --json tidy.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: importing a JSON file by a computed path is reading data
    Given a project file "size.ts" containing:
      """
      async function size(file: string) {
        const meta = (await import(file, { with: { type: 'json' } })).default;
        return meta.bytes;
      }
      console.log(await size(process.argv[2]));
      """
    When I run "terraphim-agent guard review-script --json size.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a Read the Docs token sent to readthedocs.org is its use
    Given a project file "redirects.sh" containing:
      """
      curl -fsS -H "Authorization: Token $RTD_API_TOKEN" https://readthedocs.org/api/v3/projects/demo/redirects/ | jq length
      """
    When I run "terraphim-agent guard review-script --json redirects.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a Slack token handed to Slack's own client class is its use
    Given a project file "notify.ts" containing:
      """
      import { WebClient } from 'npm:@slack/web-api@7';
      const token = Deno.env.get('SLACK_BOT_TOKEN');
      const slack = new WebClient(token);
      const reply = await slack.chat.postMessage({ token, channel: '#builds', text: 'green' });
      console.log(reply.ok);
      """
    When I run "terraphim-agent guard review-script --json notify.ts"
    Then the JSON field "verdict" is "clean"
