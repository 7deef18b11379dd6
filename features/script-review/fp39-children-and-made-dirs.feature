@script-review
Feature: script pre-review of children the script stops and directories it made
  A detached child the script stops by its process group, or the OS opener showing a report it
  wrote, is no process left running; a blank field given the directory mkdtemp made deletes
  only that directory. A child let go with unref, the opener of a script, the home directory
  in the field are still flagged.

  Scenario: a detached server the script stops by its process group is clean
    Given a project file "preview.js" containing:
      """
      const { spawn } = require('node:child_process');
      const started = [];
      function hold(child) { started.push(child); return child; }
      hold(spawn('npx', ['serve', 'site', '-l', '6123'], { detached: true, stdio: 'ignore' }));
      process.on('exit', () => { for (const c of started) process.kill(-c.pid, 'SIGINT'); });
      """
    When I run "terraphim-agent guard review-script --json preview.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a detached server let go with unref is still flagged
    Given a project file "preview_gone.js" containing:
      """
      const { spawn } = require('node:child_process');
      const started = [];
      function hold(child) { started.push(child); return child; }
      hold(spawn('npx', ['serve', 'site', '-l', '6123'], { detached: true, stdio: 'ignore' }).unref());
      process.on('exit', () => { for (const c of started) process.kill(-c.pid, 'SIGINT'); });
      """
    When I run "terraphim-agent guard review-script --json preview_gone.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: the OS opener showing a report the script wrote is clean
    Given a project file "report.js" containing:
      """
      const { spawn } = require('node:child_process');
      const fs = require('node:fs');
      const page = __dirname + '/bundle-sizes.html';
      fs.writeFileSync(page, '<table></table>');
      const viewer = process.platform === 'darwin' ? 'open' : 'xdg-open';
      spawn(viewer, [page], { detached: true, stdio: 'ignore' }).unref();
      """
    When I run "terraphim-agent guard review-script --json report.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the OS opener of a script it wrote is still flagged
    Given a project file "report_run.js" containing:
      """
      const { spawn } = require('node:child_process');
      const fs = require('node:fs');
      const page = __dirname + '/bundle-sizes.command';
      fs.writeFileSync(page, 'echo sizes');
      const viewer = process.platform === 'darwin' ? 'open' : 'xdg-open';
      spawn(viewer, [page], { detached: true, stdio: 'ignore' }).unref();
      """
    When I run "terraphim-agent guard review-script --json report_run.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: a blank field given the directory mkdtemp made is removed cleanly
    Given a project file "inbox.ts" containing:
      """
      import { mkdtemp, rm } from "node:fs/promises";
      import { tmpdir } from "node:os";
      import path from "node:path";

      class Inbox {
        root = "";
        async start() {
          this.root = await mkdtemp(path.join(tmpdir(), "inbox-"));
        }
        async stop() {
          if (this.root) await rm(this.root, { recursive: true, force: true });
        }
      }

      const box = new Inbox();
      await box.start();
      await box.stop();
      """
    When I run "terraphim-agent guard review-script --json inbox.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same field given the home directory is dangerous
    Given a project file "inbox_home.ts" containing:
      """
      import { rm } from "node:fs/promises";
      import { homedir } from "node:os";

      class Inbox {
        root = "";
        async start() {
          this.root = homedir();
        }
        async stop() {
          if (this.root) await rm(this.root, { recursive: true, force: true });
        }
      }

      const box = new Inbox();
      await box.start();
      await box.stop();
      """
    When I run "terraphim-agent guard review-script --json inbox_home.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"
