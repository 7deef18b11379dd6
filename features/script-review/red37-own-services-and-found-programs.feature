@script-review
Feature: a service whose session the script kills is its own, and a program found on PATH is that program
  A process started in a new session whose whole process group the script stops with
  os.killpg ends with the run; one never stopped is still meant to outlive it.
  shutil.which("openssl") is where openssl is on PATH: running it runs openssl, not a name
  built at run time.

  Scenario: a local server started in its own session and killpg'd in teardown is clean
    Given a project file "bench.py" containing:
      """
      import os
      import signal
      import subprocess

      proc = subprocess.Popen(["./target/release/server"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
      try:
          subprocess.run(["curl", "-fsS", "http://127.0.0.1:8080/health"], check=True)
      finally:
          os.killpg(proc.pid, signal.SIGTERM)
          proc.wait(timeout=10)
      """
    When I run "terraphim-agent guard review-script bench.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a server started in its own session and never stopped still escapes the run
    Given a project file "bench.py" containing:
      """
      import subprocess

      proc = subprocess.Popen(["./target/release/server"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
      print("started", proc.pid)
      """
    When I run "terraphim-agent guard review-script --json bench.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: a tool found with shutil.which and run with fixed words is clean
    Given a project file "vault_dev.py" containing:
      """
      import shutil
      import subprocess

      def require_tool(name):
          path = shutil.which(name)
          if not path:
              raise SystemExit(f"{name} missing from PATH")
          return path

      subprocess.run([require_tool("openssl"), "version"], check=True)
      """
    When I run "terraphim-agent guard review-script vault_dev.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a program whose name comes from the command line is still built at run time
    Given a project file "tool.py" containing:
      """
      import shutil
      import subprocess
      import sys

      exe = shutil.which(sys.argv[1])
      subprocess.run([exe, "version"])
      """
    When I run "terraphim-agent guard review-script --json tool.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: migrations of the project's own package imported by name are clean
    Given a project file "migrate.py" containing:
      """
      import importlib
      import pkgutil

      PACKAGE = "shopdb.upgrades"
      pkg = importlib.import_module(PACKAGE)
      for found in pkgutil.iter_modules(pkg.__path__):
          module = importlib.import_module(f"{PACKAGE}.{found.name}")
          module.up()
      """
    When I run "terraphim-agent guard review-script migrate.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a module named whole on the command line is still imported by a computed name
    Given a project file "plugin.py" containing:
      """
      import importlib
      import sys

      module = importlib.import_module(sys.argv[1])
      module.main()
      """
    When I run "terraphim-agent guard review-script --json plugin.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "obfuscated-execution"
