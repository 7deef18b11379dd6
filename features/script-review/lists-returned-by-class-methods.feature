@script-review
Feature: a list a class method returns keeps its elements
  A method of the script's own class (static or of an instance) that returns a list gives the
  list's elements to a loop or a `map` over its result, as a plain function's list does.

  Scenario: a cache cleaner whose static method lists the home deletes the home
    Given a project file "clean.ts" containing:
      """
      import { promises as fs } from "fs";
      import path from "path";
      import os from "os";

      class Paths {
        static all(): string[] {
          return [path.join(process.cwd(), ".turbo"), os.homedir()];
        }
      }

      async function main() {
        await Promise.all(Paths.all().map((d) => fs.rm(d, { recursive: true, force: true })));
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json clean.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same cleaner listing build directories of the project is clean
    Given a project file "clean.ts" containing:
      """
      import { promises as fs } from "fs";
      import path from "path";

      class Paths {
        static all(): string[] {
          return [path.join(process.cwd(), ".turbo"), path.join(process.cwd(), "dist")];
        }
      }

      async function main() {
        await Promise.all(Paths.all().map((d) => fs.rm(d, { recursive: true, force: true })));
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json clean.ts"
    Then the JSON field "verdict" is "clean"
