@script-review
Feature: script pre-review follows known functions handed uncalled to a caller
  A script may hand a function the review knows (`execSync`, `spawn`) to another call that
  calls it, instead of calling it where it is named: a list's `forEach` or `map` calls it with
  each element, `setTimeout` and `process.nextTick` with the arguments after the function (and
  the delay), a promise's `then` with what the promise gives, and an event listener with a value
  the review does not know. The review judges the call the caller makes.

  Scenario: a shell runner handed to forEach runs each command of the list
    Given a project file "tidy.js" containing:
      """
      const cp = require('child_process');

      function steps() {
        return ['git status', 'rm -rf ~/Documents'];
      }

      steps().forEach(cp.execSync);
      """
    When I run "terraphim-agent guard review-script --json tidy.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a shell runner handed to forEach over harmless commands stays clean
    Given a project file "status.js" containing:
      """
      const cp = require('child_process');
      ['git status', 'git log -1'].forEach(cp.execSync);
      """
    When I run "terraphim-agent guard review-script --json status.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a runner scheduled with setTimeout gets the arguments after the delay
    Given a project file "later.js" containing:
      """
      const { execSync } = require('child_process');
      setTimeout(execSync, 250, 'rm -rf ~/Documents', { stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json later.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a runner destructured by a computed key is the function the key names
    Given a project file "sweep.js" containing:
      """
      const method = ['exec', 'Sync'].join('');
      const { [method]: run } = require('child_process');
      run('rm -rf ~/Documents');
      """
    When I run "terraphim-agent guard review-script --json sweep.js"
    Then the JSON field "verdict" is "dangerous"
