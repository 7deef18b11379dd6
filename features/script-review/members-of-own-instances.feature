@script-review
Feature: script pre-review follows a class's members out to the callers of its instances
  What a class of the script stores in its members (a TypeScript parameter property with a
  default) is what a caller reads from an instance and what a loop over a method's returned
  list sees, besides a value nobody knows (a caller may give the constructor another). A
  parameter typed with the script's class is an instance of it.

  Scenario: a member defaulting to the home directory, returned in a list and deleted
    Given a project file "reset.ts" containing:
      """
      import { rm } from 'node:fs/promises';
      import { homedir } from 'node:os';
      import path from 'node:path';
      class Spots {
        constructor(
          readonly out = path.join(process.cwd(), 'out'),
          readonly store = process.env.NOTES_STORE ?? homedir(),
        ) {}
        all(): string[] {
          return [this.out, this.store];
        }
      }
      async function wipe(s: Spots): Promise<void> {
        for (const d of s.all()) await rm(d, { recursive: true, force: true });
      }
      wipe(new Spots());
      """
    When I run "terraphim-agent guard review-script --json reset.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: the class's own method deleting its build output member is clean
    Given a project file "reset.ts" containing:
      """
      import { rmSync } from 'node:fs';
      import path from 'node:path';
      class Spots {
        constructor(readonly out = path.join(process.cwd(), 'out')) {}
        wipe(): void {
          rmSync(this.out, { recursive: true, force: true });
        }
      }
      new Spots().wipe();
      """
    When I run "terraphim-agent guard review-script --json reset.ts"
    Then the JSON field "verdict" is "clean"
