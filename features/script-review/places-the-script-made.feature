@script-review
Feature: script pre-review knows the places a script made or named as its root
  A script kept somewhere in the repository finds the repository's top by climbing out of its
  own directory (`$(cd "$(dirname "$0")/../.." && pwd)`, `path.join(__dirname, '..', '..')`);
  the review does not know how deep the script lies, so that climb ends at the project's top,
  and once the root is spelled a further `..` climbs out of the project. A path `mktemp`
  printed is the script's own: removing exactly it removes nothing it found. A path helper of
  the script returns, for each call given known arguments, that call's own path. Deletes that
  reach beside the project stay dangerous.

  Scenario: a vendored library replaced from a script two levels deep is clean
    Given a project file "refresh-vendor.sh" containing:
      """
      #!/bin/sh
      set -e
      TOP=$(cd "$(dirname "$0")/../.." && pwd)
      VENDORED="$TOP/third_party/minijson"
      STAGE=$(mktemp -d)
      trap 'rm -rf "$STAGE"' EXIT
      cp -R "$TOP/build/minijson-export" "$STAGE/minijson"
      rm -rf "$VENDORED"
      mv "$STAGE/minijson" "$VENDORED"
      """
    When I run "terraphim-agent guard review-script --json refresh-vendor.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: one more climb from the spelled root deletes beside the project
    Given a project file "drop-checkout.sh" containing:
      """
      #!/bin/sh
      set -e
      TOP=$(cd "$(dirname "$0")/../.." && pwd)
      rm -rf "$TOP/../minijson-checkout"
      """
    When I run "terraphim-agent guard review-script --json drop-checkout.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: the trap that removes a mktemp file beside a settings file is not a finding
    Given a project file "save-settings.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      DIR="$HOME/.config/notetaker"
      staging=$(mktemp "$DIR/.settings.toml.XXXXXX")
      trap 'rm -f -- "$staging"' EXIT
      printf 'theme = "dark"\n' > "$staging"
      mv -f "$staging" "$DIR/settings.toml"
      """
    When I run "terraphim-agent guard review-script --json save-settings.sh"
    Then stdout does not contain "rm -f -- "
    And stdout does not contain "delete-outside"

  Scenario: a JavaScript path helper returns each call's own path
    Given a project file "clean.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      const REPO = path.resolve(__dirname, '..');
      function inRepo(rel) {
        const full = path.resolve(REPO, rel);
        if (!full.startsWith(REPO + path.sep)) throw new Error(`${rel} leaves the repository`);
        return full;
      }
      fs.rmSync(inRepo('coverage'), { recursive: true, force: true });
      for (const entry of fs.readdirSync(REPO)) {
        if (entry.endsWith('.tgz')) fs.unlinkSync(inRepo(entry));
      }
      """
    When I run "terraphim-agent guard review-script --json clean.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same helper given a path above the repository deletes outside it
    Given a project file "clean.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      const REPO = path.resolve(__dirname, '..');
      function under(rel) {
        const full = path.resolve(REPO, rel);
        return full;
      }
      fs.rmSync(under('coverage'), { recursive: true, force: true });
      fs.rmSync(under('../shared'), { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clean.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"
