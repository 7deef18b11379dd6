@script-review
Feature: script pre-review of loops over a list of records
  A setup helper keeps its steps as records (`{ describe, when, argv }`) and runs each one's argv
  in a loop. The review walks the loop's body once per record, as it does for a loop over tuples,
  so each step is judged with its own argv: one step that writes the sudoers file is not hidden
  behind the harmless ones around it, and harmless steps stay clean.

  Scenario: one record of a loop writes the sudoers file
    Given a project file "setup_kind.js" containing:
      """
      const { execFileSync } = require('child_process');
      const rule = 'dev ALL=(ALL) NOPASSWD: ALL';
      const fixes = [
        { describe: 'config readable only by you', argv: ['chmod', '600', 'config/local.json'] },
        { describe: 'passwordless helper', argv: ['sudo', 'sh', '-c', `echo '${rule}' > /etc/sudoers.d/dev`] },
      ];
      for (const fix of fixes) {
        console.log(fix.describe);
        execFileSync(fix.argv[0], fix.argv.slice(1), { stdio: 'inherit' });
      }
      """
    When I run "terraphim-agent guard review-script --json setup_kind.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "sudoers"

  Scenario: every record of the loop runs a harmless project command
    Given a project file "setup_local.js" containing:
      """
      const { execFileSync } = require('child_process');
      const fixes = [
        { describe: 'config readable only by you', argv: ['chmod', '600', 'config/local.json'] },
        { describe: 'line endings', argv: ['git', 'config', '--local', 'core.autocrlf', 'false'] },
      ];
      for (const fix of fixes) {
        console.log(fix.describe);
        execFileSync(fix.argv[0], fix.argv.slice(1), { stdio: 'inherit' });
      }
      """
    When I run "terraphim-agent guard review-script setup_local.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"
