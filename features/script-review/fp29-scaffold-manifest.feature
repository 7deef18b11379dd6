@script-review
Feature: script pre-review of a manifest written into a directory the script made new
  A component scaffolder refuses a name that exists, makes the component's directory (a
  `mkdirSync` that fails if it exists) and writes the new package's files, its package.json
  among them: a new file of the scaffold, not a rewrite of one of the project's manifests. A
  directory that may exist already is still flagged.

  Scenario: a new package's manifest in a directory made new is clean
    Given a project file "new_package.js" containing:
      """
      const fs = require('fs');
      const name = process.argv[2];
      const dir = `packages/${name}`;
      if (fs.existsSync(dir)) throw new Error(`${dir} exists`);
      fs.mkdirSync(dir);
      fs.writeFileSync(`${dir}/package.json`, `{\n  "name": "@acme/${name}",\n  "version": "0.0.0"\n}\n`);
      """
    When I run "terraphim-agent guard review-script new_package.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a manifest in a directory that may exist already is still flagged
    Given a project file "new_package_any.js" containing:
      """
      const fs = require('fs');
      const name = process.argv[2];
      const dir = `packages/${name}`;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(`${dir}/package.json`, `{\n  "name": "@acme/${name}",\n  "version": "0.0.0"\n}\n`);
      """
    When I run "terraphim-agent guard review-script --json new_package_any.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "source-poisoning"
