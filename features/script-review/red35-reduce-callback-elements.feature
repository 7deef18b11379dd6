@script-review
Feature: script pre-review gives a reduce callback the element as its second parameter
  `found.reduce((n, a) => { rmSync(a.path, ...) }, 0)`: the accumulator comes first, the
  element second, so `a.path` is each element's path. With the elements the entries of a
  directory that a default parameter climbs two levels out of the working directory to, the
  recursive delete reaches outside the project. The same reduce over the project's own
  artifact directories stays clean.

  Scenario: a reduce deleting the entries of a directory two levels above the project
    Given a project file "prune.ts" containing:
      """
      import { readdirSync, rmSync } from "node:fs";
      import path from "node:path";

      function projectRoot(start = process.cwd()): string {
        return path.resolve(start, "..", "..");
      }

      function* artifacts(root: string): Generator<{ path: string }> {
        for (const entry of readdirSync(root)) {
          yield { path: path.join(root, entry) };
        }
      }

      const found = [...artifacts(projectRoot())];
      const removed = found.reduce((n, a) => {
        rmSync(a.path, { recursive: true, force: true });
        return n + 1;
      }, 0);
      console.log(`${removed} removed`);
      """
    When I run "terraphim-agent guard review-script --json prune.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a reduce deleting the project's own artifact directories is clean
    Given a project file "prune.ts" containing:
      """
      import { rmSync } from "node:fs";
      import path from "node:path";

      const ARTIFACT_DIRS = ["test-results", "playwright-report", "blob-report"];

      function* artifacts(): Generator<{ path: string }> {
        for (const entry of ARTIFACT_DIRS) {
          yield { path: path.join("e2e", entry) };
        }
      }

      const found = [...artifacts()];
      const removed = found.reduce((n, a) => {
        rmSync(a.path, { recursive: true, force: true });
        return n + 1;
      }, 0);
      console.log(`${removed} removed`);
      """
    When I run "terraphim-agent guard review-script --json prune.ts"
    Then the JSON field "verdict" is "clean"
