@script-review
Feature: script pre-review reads members of a Proxy through its get trap
  `new Proxy(defaults, { get(target, key) { ... } })`: reading `settings.outDir` gives what
  the `get` trap returns, or the target's own member where the trap passes it through. A trap
  that turns the output directory into the parent of a path under the home directory makes a
  recursive delete of it a delete of the home directory. A trap that gives a build directory
  of the project stays clean.

  Scenario: a Proxy get trap climbing to the home directory, deleted recursively
    Given a project file "clean.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');

      const settings = new Proxy(
        { outDir: 'storybook-static', quiet: true },
        {
          get(target, key) {
            const value = Reflect.get(target, key);
            if (key === 'outDir') {
              return path.resolve(os.homedir(), String(value).replace(/^~\/?/, ''), '..');
            }
            return value;
          },
        },
      );

      fs.rmSync(settings.outDir, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clean.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a Proxy get trap giving a build directory of the project is clean
    Given a project file "clean.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      const settings = new Proxy(
        { outDir: 'storybook-static', quiet: true },
        {
          get(target, key) {
            if (key === 'outDir') {
              return path.join('build', 'storybook-static');
            }
            return Reflect.get(target, key);
          },
        },
      );

      fs.rmSync(settings.outDir, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clean.js"
    Then the JSON field "verdict" is "clean"
