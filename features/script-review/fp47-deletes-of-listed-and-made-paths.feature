@script-review
Feature: script pre-review of deletes whose path the script listed, made or located itself
  A generator that only filters a directory listing (`sorted(p for p in d.iterdir() if
  p.is_dir())`) holds entries of that directory, as `sorted(d.iterdir())` does; a slice of
  it (`[:-keep]`) keeps some of them, also when the helper returns `[]` for a missing
  directory. The elements `splice(0)` takes out of an array are that array's. A `let`
  declared without a value (or an empty array) that the script gives a temporary directory
  after a cleanup handler was written holds that directory when the handler runs. Bun's
  `import.meta.dir` is the script's own directory, as `import.meta.dirname` is.

  The same shapes over the home directory, a path from the command line or the project's
  root stay flagged.

  Scenario: pruning old snapshot directories listed by a filtering generator is clean
    Given a project file "tools/prune_snapshots.py" containing:
      """
      import shutil
      import sys
      from pathlib import Path

      HERE = Path(__file__).resolve().parent.parent
      SNAPSHOTS = HERE / "var" / "snapshots"


      def snapshots():
          if not SNAPSHOTS.exists():
              return []
          return sorted(s for s in SNAPSHOTS.iterdir() if s.is_dir() and s.name[:4].isdigit())


      keep = int(sys.argv[1]) if len(sys.argv) > 1 else 3
      for stale in snapshots()[:-keep]:
          shutil.rmtree(stale)
      """
    When I run "terraphim-agent guard review-script --json tools/prune_snapshots.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same generator over the home directory is dangerous
    Given a project file "tools/prune_home.py" containing:
      """
      import shutil
      from pathlib import Path

      for stale in sorted(s for s in Path.home().iterdir() if s.is_dir())[:-3]:
          shutil.rmtree(stale)
      """
    When I run "terraphim-agent guard review-script --json tools/prune_home.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: temporary directories spliced out of the array that holds them are removed cleanly
    Given a project file "scripts/fixtures.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');

      const scratch = [];
      function removeScratch() {
        for (const d of scratch.splice(0)) fs.rmSync(d, { recursive: true, force: true });
      }
      process.on('exit', removeScratch);

      function scratchDir() {
        const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-'));
        scratch.push(d);
        return d;
      }
      fs.writeFileSync(path.join(scratchDir(), 'case.json'), '{}');
      """
    When I run "terraphim-agent guard review-script --json scripts/fixtures.js"
    Then the JSON field "verdict" is "clean"

  Scenario: directories from the command line spliced out of an array stay suspicious
    Given a project file "scripts/wipe.js" containing:
      """
      const fs = require('fs');

      const targets = [];
      function wipe() {
        for (const d of targets.splice(0)) fs.rmSync(d, { recursive: true, force: true });
      }
      for (const a of process.argv.slice(2)) targets.push(a);
      wipe();
      """
    When I run "terraphim-agent guard review-script --json scripts/wipe.js"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a let given a temporary directory after its cleanup handler is that directory
    Given a project file "scripts/load-test.ts" containing:
      """
      import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
      import os from "node:os";
      import path from "node:path";

      async function main(): Promise<void> {
        let dataDir: string | undefined;
        const cleanup = () => {
          if (dataDir) rmSync(dataDir, { recursive: true, force: true });
        };
        process.once("SIGINT", () => {
          cleanup();
          process.exit(130);
        });
        try {
          dataDir = mkdtempSync(path.join(os.tmpdir(), "load-data-"));
          writeFileSync(path.join(dataDir, "seed.json"), "{}");
        } finally {
          cleanup();
        }
      }

      void main();
      """
    When I run "terraphim-agent guard review-script --json scripts/load-test.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same let given the home directory later is dangerous
    Given a project file "scripts/reset.ts" containing:
      """
      import { rmSync } from "node:fs";
      import os from "node:os";

      let target: string | undefined;
      function cleanup(): void {
        if (target) rmSync(target, { recursive: true, force: true });
      }
      process.on("exit", cleanup);

      function choose(): void {
        target = os.homedir();
      }
      choose();
      """
    When I run "terraphim-agent guard review-script --json scripts/reset.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: Bun's import.meta.dir locates the project's build output
    Given a project file "scripts/clean-sam.ts" containing:
      """
      import { existsSync, rmSync } from "node:fs";
      import path from "node:path";

      const ROOT = path.resolve(import.meta.dir, "..");
      const BUILD = path.join(ROOT, ".aws-sam");
      if (existsSync(BUILD)) rmSync(BUILD, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json scripts/clean-sam.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: removing the project root found from import.meta.dir is dangerous
    Given a project file "scripts/clean-all.ts" containing:
      """
      import { rmSync } from "node:fs";
      import path from "node:path";

      const ROOT = path.resolve(import.meta.dir, "..");
      rmSync(ROOT, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json scripts/clean-all.ts"
    Then the JSON field "verdict" is "dangerous"
