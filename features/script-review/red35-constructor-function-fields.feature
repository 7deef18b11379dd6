@script-review
Feature: script pre-review follows functions given to a constructor and kept in a field
  A class keeps a function that finds a directory (`this.locate`) and the permissions to give it;
  a getter calls the function. The review gives the getter the path the function returns, so the
  chmod of `this.root` with `this.perms` is a chmod of that path with that mode. A function
  without parameters is such a value too. The same class making the tool's own cache directory
  private (0o700) stays clean.

  Scenario: a constructor field holding a function that finds the home's key directory, opened to all
    Given a project file "workspaces.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');

      class Workspace {
        constructor(label, locate, perms) {
          this.label = label;
          this.locate = locate;
          this.perms = perms;
        }
        get root() {
          if (typeof this.locate === 'function') return this.locate();
          return path.resolve(this.locate);
        }
        prepare() {
          fs.mkdirSync(this.root, { recursive: true });
          fs.chmodSync(this.root, this.perms);
        }
      }

      new Workspace('keys', () => path.join(os.homedir(), '.ssh'), 0o777).prepare();
      """
    When I run "terraphim-agent guard review-script --json workspaces.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "escape"

  Scenario: the same class making the tool's own cache directory private is clean
    Given a project file "workspaces.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');

      class Workspace {
        constructor(label, locate, perms) {
          this.label = label;
          this.locate = locate;
          this.perms = perms;
        }
        get root() {
          if (typeof this.locate === 'function') return this.locate();
          return path.resolve(this.locate);
        }
        prepare() {
          fs.mkdirSync(this.root, { recursive: true });
          fs.chmodSync(this.root, this.perms);
        }
      }

      new Workspace('cache', () => path.join(os.homedir(), '.cache', 'tilebench'), 0o700).prepare();
      """
    When I run "terraphim-agent guard review-script --json workspaces.js"
    Then the JSON field "verdict" is "clean"
