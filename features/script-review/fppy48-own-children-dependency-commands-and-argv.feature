@script-review
Feature: script pre-review knows a child the script waits for, a dependency's command and a long argv
  A test runner starts its child in a session of its own so that Ctrl-C reaches the script
  first, and waits for it: nothing of it outlives the run. A fixed name in the project's
  `node_modules/.bin` is that dependency's command, what `npx` runs. A long argv turned into
  text element by element keeps its program. Each benign form has its twin beside it: a child
  in its own session that the script never waits for, a program of another name elsewhere, or
  a program from the command line stays flagged.

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
      import * as fs from 'node:fs';
      import * as path from 'node:path';

      const ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());
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
      import * as fs from 'node:fs';
      import * as path from 'node:path';

      const ROOT = fs.realpathSync(execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim());
      const tool = path.join(ROOT, 'tools', 'bin', 'relay-helper');
      spawnSync(tool, ['--check'], { cwd: ROOT, stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json tool_run.ts"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "remote-code"
