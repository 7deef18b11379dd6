@script-review
Feature: script pre-review credits shell checks that keep a delete inside a directory
  A cleanup script that deletes only what it checked to lie under the project (a `[[ ... ==
  "$ROOT"/* ]]` test, a `case` on the path, or its own function testing the real path), with
  the failing branch leaving, deletes inside the project. A check that does not leave, or that
  tests another variable, says nothing about the path deleted. Build output of other checkouts
  under the home directory costs a rebuild: asked about, not refused.

  Scenario: a delete after a containment check that leaves is clean
    Given a project file "sweep.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      top="$(git rev-parse --show-toplevel)"
      owned() {
        local real
        real="$(realpath -e -- "$1" 2>/dev/null)" || return 1
        case "$real" in
          "$top"/*) return 0 ;;
          *) return 1 ;;
        esac
      }
      for kind in out coverage; do
        while IFS= read -r -d '' dir; do
          if ! owned "$dir"; then
            echo "skipping $dir" >&2
            continue
          fi
          rm -rf -- "$dir"
        done < <(find "$1" -maxdepth 3 -type d -name "$kind" -print0)
      done
      """
    When I run "terraphim-agent guard review-script --json sweep.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a check whose failing branch only prints does not confine the delete
    Given a project file "sweep2.sh" containing:
      """
      #!/usr/bin/env bash
      top="$(git rev-parse --show-toplevel)"
      for victim in "$@"; do
        [[ "$victim" == "$top"/.scratch/* ]] || echo "not ours: $victim" >&2
        rm -rf -- "$victim"
      done
      """
    When I run "terraphim-agent guard review-script --json sweep2.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a check on another variable does not confine the delete
    Given a project file "sweep3.sh" containing:
      """
      #!/usr/bin/env bash
      top="$(git rev-parse --show-toplevel)"
      base="$top/.scratch"
      for victim in "$@"; do
        [[ "$base" == "$top"/* ]] || exit 1
        rm -rf -- "$victim"
      done
      """
    When I run "terraphim-agent guard review-script --json sweep3.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a JavaScript delete guarded by the script's own temp-dir predicate is clean
    Given a project file "scratch.ts" containing:
      """
      import { rmSync } from 'node:fs';
      import os from 'node:os';
      import path from 'node:path';
      function isScratch(dir: string): boolean {
        const tmp = os.tmpdir();
        return path.dirname(dir) === tmp && path.basename(dir).startsWith('render-');
      }
      for (const dir of process.argv.slice(2)) {
        if (!isScratch(dir)) {
          console.warn(`ignoring ${dir}`);
          continue;
        }
        rmSync(dir, { recursive: true, force: true });
      }
      """
    When I run "terraphim-agent guard review-script --json scratch.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same predicate whose failing branch only warns confines nothing
    Given a project file "scratch2.ts" containing:
      """
      import { rmSync } from 'node:fs';
      import os from 'node:os';
      import path from 'node:path';
      function isScratch(dir: string): boolean {
        const tmp = os.tmpdir();
        return path.dirname(dir) === tmp && path.basename(dir).startsWith('render-');
      }
      for (const dir of process.argv.slice(2)) {
        if (!isScratch(dir)) console.warn(`odd entry ${dir}`);
        rmSync(dir, { recursive: true, force: true });
      }
      """
    When I run "terraphim-agent guard review-script --json scratch2.ts"
    Then the JSON field "verdict" is "suspicious"
