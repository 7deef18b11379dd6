@script-review
Feature: a list a class method returns keeps its elements
  A method of the script's own class (static or of an instance) that returns a list gives the
  list's elements to a loop or a `map` over its result, as a plain function's list does. A
  builder's methods that push into `this.targets` and return `this` fill the class's list, and
  a chain of them is an instance of the class still.

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

  Scenario: a builder whose chained calls push the home into its list deletes the home
    Given a project file "clean.ts" containing:
      """
      import { rmSync } from "fs";
      import { homedir } from "os";

      class Cleaner {
        private targets: string[] = [];
        add(p: string) {
          this.targets.push(p);
          return this;
        }
        run() {
          for (const t of this.targets) rmSync(t, { recursive: true, force: true });
        }
      }

      new Cleaner().add("dist").add(homedir()).run();
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
