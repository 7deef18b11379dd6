@script-review
Feature: script pre-review of a tool's own cache, modules of a listed project directory and services stopped by kept pids
  A directory of the cache or state root that the script names and makes itself is its own:
  clearing it, a release archive, a partial download or a data file's temporary twin written
  there is housekeeping. A module loaded by a name from the listing of a project directory is
  the project's own migration or plugin. A detached service whose pid the script keeps and
  whose process group it stops later is no process left behind. The cache root, a path that
  climbs out of the cache, a module named on the command line and a detached child nobody
  stops are still flagged.

  Scenario: clearing the cache directory the script made for itself is clean
    Given a project file "thumbs.js" containing:
      """
      const fs = require('node:fs/promises');
      const os = require('node:os');
      const path = require('node:path');
      const STORE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'thumb-forge');
      async function save(index) {
        await fs.mkdir(STORE, { recursive: true });
        await fs.writeFile(path.join(STORE, 'index.json'), JSON.stringify(index));
      }
      async function main() {
        if (process.argv.includes('--wipe')) {
          await fs.rm(STORE, { recursive: true, force: true });
          return;
        }
        await save({});
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json thumbs.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a cache entry that climbs back to the home directory is still dangerous
    Given a project file "thumbs_up.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');
      const STORE = path.join(os.homedir(), '.cache', path.relative(path.join(os.homedir(), '.cache'), os.homedir()));
      fs.mkdirSync(STORE, { recursive: true });
      fs.rmSync(STORE, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json thumbs_up.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a release archive downloaded into the script's own cache is clean
    Given a project file "pin_node.py" containing:
      """
      import os, urllib.request
      from pathlib import Path
      STORE = Path(os.environ.get('XDG_CACHE_HOME', Path.home() / '.cache')) / 'toolpin'
      STORE.mkdir(parents=True, exist_ok=True)
      with urllib.request.urlopen('https://nodejs.org/dist/v22.1.0/node-v22.1.0-linux-x64.tar.xz') as r, open(STORE / 'node-v22.1.0-linux-x64.tar.xz.part', 'wb') as out:
          out.write(r.read())
      """
    When I run "terraphim-agent guard review-script --json pin_node.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a migration runner loading each file of its migrations directory is clean
    Given a project file "migrate.mjs" containing:
      """
      import fs from 'node:fs';
      import path from 'node:path';
      import { pathToFileURL } from 'node:url';
      const STEPS = path.join(process.cwd(), 'db', 'steps');
      for (const f of fs.readdirSync(STEPS).sort()) {
        const mod = await import(pathToFileURL(path.join(STEPS, f)).href);
        await mod.up();
      }
      """
    When I run "terraphim-agent guard review-script --json migrate.mjs"
    Then the JSON field "verdict" is "clean"

  Scenario: a module named on the command line is still flagged
    Given a project file "migrate_one.mjs" containing:
      """
      import fs from 'node:fs';
      import path from 'node:path';
      import { pathToFileURL } from 'node:url';
      const STEPS = path.join(process.cwd(), 'db', 'steps');
      fs.readdirSync(STEPS);
      const mod = await import(pathToFileURL(path.join(STEPS, process.argv[2])).href);
      """
    When I run "terraphim-agent guard review-script --json migrate_one.mjs"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "obfuscated-execution"

  Scenario: a detached service whose kept pid the script stops later is clean
    Given a project file "stack.ts" containing:
      """
      import { spawn } from "node:child_process";
      import { writeFileSync, readFileSync } from "node:fs";
      const PIDFILE = "tmp/stack.json";
      function start(): void {
        const child = spawn("pnpm", ["--filter", "web", "dev"], { stdio: "ignore", detached: true });
        child.unref();
        writeFileSync(PIDFILE, JSON.stringify({ web: child.pid }));
      }
      function stopGroup(pid: number): void {
        process.kill(-pid, "SIGTERM");
      }
      function stop(): void {
        for (const pid of Object.values(JSON.parse(readFileSync(PIDFILE, "utf8")))) stopGroup(pid as number);
      }
      process.argv[2] === "down" ? stop() : start();
      """
    When I run "terraphim-agent guard review-script --json stack.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a detached service whose pid nobody keeps is still flagged
    Given a project file "stack_gone.ts" containing:
      """
      import { spawn } from "node:child_process";
      function start(): void {
        const child = spawn("pnpm", ["--filter", "web", "dev"], { stdio: "ignore", detached: true });
        child.unref();
      }
      function stopGroup(pid: number): void {
        process.kill(-pid, "SIGTERM");
      }
      start();
      """
    When I run "terraphim-agent guard review-script --json stack_gone.ts"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: a checksum fetched from the official Kubernetes release host is clean
    Given a project file "kubectl_sum.ts" containing:
      """
      const res = await fetch("https://dl.k8s.io/release/v1.31.0/bin/linux/amd64/kubectl.sha256");
      console.log((await res.text()).trim());
      """
    When I run "terraphim-agent guard review-script --json kubectl_sum.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a look-alike host under another domain is still flagged
    Given a project file "kubectl_mirror.ts" containing:
      """
      const res = await fetch("https://dl.k8s.io.mirror-cdn.example.net/release/stable.txt");
      console.log(await res.text());
      """
    When I run "terraphim-agent guard review-script --json kubectl_mirror.ts"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "network"
