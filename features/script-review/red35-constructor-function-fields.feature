@script-review
Feature: script pre-review follows functions given to a constructor and kept in a field
  `new Mount('ssh', () => path.join(os.homedir(), '.ssh'), 0o777)` keeps the arrow function in
  `this._dir`; a getter calling `this._dir()` gives the path that function returns, so the
  chmod of `this.dir` with `this.mode` is a chmod of that path with that mode. A function
  without parameters is such a value too. The same class making the tool's own cache
  directory private (0o700) stays clean.

  Scenario: a constructor field holding a function that returns ~/.ssh, chmodded 0o777
    Given a project file "mounts.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');

      class Mount {
        constructor(name, dir, mode) {
          this.name = name;
          this._dir = dir;
          this.mode = mode;
        }
        get dir() {
          return typeof this._dir === 'function' ? this._dir() : path.resolve(this._dir);
        }
        ensure() {
          fs.mkdirSync(this.dir, { recursive: true });
          fs.chmodSync(this.dir, this.mode);
        }
      }

      new Mount('ssh', () => path.join(os.homedir(), '.ssh'), 0o777).ensure();
      """
    When I run "terraphim-agent guard review-script --json mounts.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "escape"

  Scenario: the same class making the tool's own cache directory private is clean
    Given a project file "mounts.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');

      class Mount {
        constructor(name, dir, mode) {
          this.name = name;
          this._dir = dir;
          this.mode = mode;
        }
        get dir() {
          return typeof this._dir === 'function' ? this._dir() : path.resolve(this._dir);
        }
        ensure() {
          fs.mkdirSync(this.dir, { recursive: true });
          fs.chmodSync(this.dir, this.mode);
        }
      }

      new Mount('cache', () => path.join(os.homedir(), '.cache', 'compose-dev'), 0o700).ensure();
      """
    When I run "terraphim-agent guard review-script --json mounts.js"
    Then the JSON field "verdict" is "clean"
