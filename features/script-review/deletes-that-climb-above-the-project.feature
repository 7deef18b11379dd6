@script-review
Feature: script pre-review follows delete targets that climb above the project
  A delete whose target is the project's parent, a sibling project, the home directory or its
  entries is dangerous however the path was built. The review follows the values that build
  it: an option a command-line flag may override keeps its default as one of its values; the
  directory above the working tree (`path.dirname`, `Path.parent`, `parents[n]`) stays a climb
  out of it, also when the project lies in a temporary directory; `Promise.all` gives the list
  of what its promises give; an array callback sees its elements in the round it is given
  them; a Python `lambda` kept in a dictionary is what calling it returns; objects whose list
  members differ (path segments) keep every element at each place, and a command whose word
  has several such values is judged with each. Deletes inside the project stay clean.

  Scenario: every directory two levels above the project, the root overridable by a flag
    Given a project file "wipe.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      const opts = { root: process.cwd(), levels: 1 };
      for (let i = 2; i < process.argv.length; i++) {
        if (process.argv[i] === '--root') opts.root = process.argv[++i];
      }
      function top({ root, levels = 1 }) {
        let dir = path.resolve(root);
        for (let n = 0; n <= levels; n++) dir = path.dirname(dir);
        return dir;
      }
      const base = top(opts);
      for (const name of fs.readdirSync(base)) {
        fs.rmSync(path.join(base, name), { recursive: true, force: true });
      }
      """
    When I run "terraphim-agent guard review-script --json wipe.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a default list holding '..' cleaned through Promise.all and a map callback
    Given a project file "clean.ts" containing:
      """
      import { rm } from 'node:fs/promises';
      import path from 'node:path';
      const ROOT = process.cwd();
      const DEFAULTS = { out: 'dist', caches: ['.cache', '..'] };
      async function load() { return DEFAULTS; }
      function targets(cfg: typeof DEFAULTS): string[] {
        return [cfg.out, ...cfg.caches].map((d) => path.resolve(ROOT, d));
      }
      async function main() {
        const cfg = await load();
        await Promise.all(targets(cfg).map(async (dir) => rm(dir, { recursive: true, force: true })));
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json clean.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a clean of default project directories is clean
    Given a project file "clean.ts" containing:
      """
      import { rm } from 'node:fs/promises';
      import path from 'node:path';
      const ROOT = process.cwd();
      const DEFAULTS = { out: 'dist', caches: ['.cache', 'tmp', 'coverage'] };
      async function clean(dirs: string[]): Promise<void> {
        for (const d of dirs) {
          await rm(path.resolve(ROOT, d), { recursive: true, force: true });
        }
      }
      clean([DEFAULTS.out, ...DEFAULTS.caches]);
      """
    When I run "terraphim-agent guard review-script --json clean.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: sibling projects listed by a lambda in a dictionary of clean targets
    Given a project file "tools/reclaim.py" containing:
      """
      import shutil
      from pathlib import Path
      ROOT = Path(__file__).resolve().parents[1]
      def above(n: int = 1) -> Path:
          return ROOT.parents[n - 1]
      TARGETS = {
          "out": lambda: [ROOT / "out"],
          "near": lambda: [p for p in above().iterdir() if p.is_dir() and p != ROOT],
      }
      for name in "out,near".split(","):
          for path in TARGETS[name]():
              shutil.rmtree(path, ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json tools/reclaim.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a dictionary of lambdas naming only project directories is clean
    Given a project file "tools/reclaim.py" containing:
      """
      import shutil
      from pathlib import Path
      ROOT = Path(__file__).resolve().parents[1]
      TARGETS = {
          "out": lambda: [ROOT / "out"],
          "cov": lambda: [ROOT / "coverage", ROOT / ".pytest_cache"],
      }
      for name in ("out", "cov"):
          for path in TARGETS[name]():
              shutil.rmtree(path, ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json tools/reclaim.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the home directory's entries pruned when a configured directory defaults to ''
    Given a project file "prune.js" containing:
      """
      const fs = require('fs/promises');
      const os = require('os');
      const path = require('path');
      const DIRS = { logs: process.env.APP_LOG_DIR ?? '', thumbs: '.cache/app/thumbs' };
      async function entries(dir) {
        const names = await fs.readdir(dir).catch(() => []);
        return Promise.all(names.map(async (n) => ({ full: path.join(dir, n) })));
      }
      async function prune(rel) {
        const dir = path.join(os.homedir(), rel);
        for (const item of (await entries(dir)).slice(5)) {
          await fs.rm(item.full, { recursive: true, force: true });
        }
      }
      (async () => { for (const rel of Object.values(DIRS)) await prune(rel); })();
      """
    When I run "terraphim-agent guard review-script --json prune.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: an SSH config among file specs joined from path segments
    Given a project file "pair.ts" containing:
      """
      import { writeFileSync } from 'node:fs';
      import os from 'node:os';
      import path from 'node:path';
      type Spec = { parts: string[]; at: 'repo' | 'home'; body: string };
      const SPECS: Spec[] = [
        { parts: ['.editorconfig'], at: 'repo', body: 'root = true\n' },
        { parts: ['.ss' + 'h', 'config'], at: 'home', body: 'Host *\n  StrictHostKeyChecking no\n' },
      ];
      function target(s: Spec): string {
        const base = s.at === 'home' ? os.homedir() : process.cwd();
        return path.join(base, ...s.parts);
      }
      for (const s of SPECS) writeFileSync(target(s), s.body);
      """
    When I run "terraphim-agent guard review-script --json pair.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "config-tampering"

  Scenario: sibling projects reached by dirname of the project's root in shell
    Given a project file "scripts/tidy.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ROOT="$(cd "$(dirname "$0")/.." && pwd)"
      PARENT="$(dirname "$ROOT")"
      for d in "$PARENT"/*; do
        [ "$d" = "$ROOT" ] && continue
        rm -rf "$d/src"
      done
      """
    When I run "terraphim-agent guard review-script --json scripts/tidy.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a delete that climbs above the home is outside it, wherever the home is
    Given a project file "tidy.ts" containing:
      """
      import { rmSync } from "node:fs";
      import { homedir } from "node:os";
      import { join } from "node:path";

      rmSync(join(homedir(), "src", "../../.config"), { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json tidy.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the workspace above the project named with os.pardir
    Given a project file "tools/sweep.py" containing:
      """
      import os
      import shutil
      ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
      WORKSPACE = os.path.abspath(os.path.join(ROOT, os.pardir))
      for name in os.listdir(WORKSPACE):
          full = os.path.join(WORKSPACE, name)
          if os.path.isdir(full) and full != ROOT:
              shutil.rmtree(full)
      """
    When I run "terraphim-agent guard review-script --json tools/sweep.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"
