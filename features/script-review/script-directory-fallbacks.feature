@script-review
Feature: the script's own directory with a fallback for old runtimes is still the script's directory
  `import.meta.dirname ?? "."` (and `__dirname || ...`) names the directory the script is in; the
  fallback only matters on a runtime too old to say it. A project tool that finds its root as
  that directory's parent writes in the project. Climbing above that root still leaves the
  project, and any other value with a fallback keeps both sides.

  Scenario: a route generator finds the project from its own directory with a fallback
    Given a project file "gen-routes.ts" containing:
      """
      import path from "node:path";
      import { writeFile } from "node:fs/promises";

      const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
      await writeFile(path.join(ROOT, "src", "routes.gen.ts"), "export const routes = [];\n");
      """
    When I run "terraphim-agent guard review-script --json gen-routes.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: deleting beside that root is still outside the project
    Given a project file "tidy.ts" containing:
      """
      import path from "node:path";
      import { rm } from "node:fs/promises";

      const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
      await rm(path.join(path.dirname(ROOT), "other"), { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json tidy.ts"
    Then the JSON field "verdict" is "dangerous"
