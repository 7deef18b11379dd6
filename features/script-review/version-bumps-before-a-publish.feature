@script-review
Feature: a manifest whose version a release bumps before it publishes is no self-spreading package
  A JavaScript script that rewrites package.json and then publishes is judged as a worm spreading
  itself (`rewrite-and-publish`) unless the walk saw every member the script set and each was a
  release's (`version`, `description`, ...): then the rewrite is a version bump and the publish is
  judged for what it is (a package published, which cannot be taken back). A member that runs
  code (`scripts`, `bin`, `main`...), a rename, or members merged in by names the review cannot
  read keep the rule.

  Scenario: a version bump before npm publish is a publish, not a worm
    Given a project file "release.js" containing:
      """
      const fs = require("fs");
      const { execSync } = require("child_process");

      const manifest = JSON.parse(fs.readFileSync("package.json", "utf8"));
      manifest.version = process.argv[2];
      fs.writeFileSync("package.json", JSON.stringify(manifest, null, 2) + "\n");
      execSync("npm publish");
      """
    When I run "terraphim-agent guard review-script --json release.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout does not contain "rewrite-and-publish"

  Scenario: a bin entry added before npm publish is a package spreading a program
    Given a project file "release.js" containing:
      """
      const fs = require("fs");
      const { execSync } = require("child_process");

      const manifest = JSON.parse(fs.readFileSync("package.json", "utf8"));
      manifest.version = process.argv[2];
      manifest.bin = { helper: "./lib/.cache.js" };
      fs.writeFileSync("package.json", JSON.stringify(manifest));
      execSync("npm publish");
      """
    When I run "terraphim-agent guard review-script --json release.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "rewrite-and-publish"
