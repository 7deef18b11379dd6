@script-review
Feature: script pre-review of commands built from fixed parts
  A shell helper given a literal command by one call and a command whose run-time parts are
  operands by another runs what each names; a table of several programs' argv lists names each
  program. A command-line value in the shell string, or a home delete in the table, is still
  flagged.

  Scenario: a shell helper given a literal command and a git log with a count is clean
    Given a project file "notes.py" containing:
      """
      import subprocess

      def sh(cmd):
          return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout

      def latest(count):
          return sh(f"git log -n {count} --format=%an")

      print(sh("git branch --show-current"))
      print(latest(8))
      """
    When I run "terraphim-agent guard review-script --json notes.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same helper given a command-line value in the shell string is still flagged
    Given a project file "notes_arg.py" containing:
      """
      import subprocess, sys

      def sh(cmd):
          return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout

      print(sh("git branch --show-current"))
      print(sh(f"git blame {sys.argv[1]}"))
      """
    When I run "terraphim-agent guard review-script --json notes_arg.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: a check runner's table of several programs is clean
    Given a project file "checks.py" containing:
      """
      import subprocess
      from dataclasses import dataclass

      @dataclass
      class Gate:
          name: str
          argv: list[str]

      GATES = [
          Gate("lint", ["pylint", "--jobs", "2", "app"]),
          Gate("lint-tests", ["pylint", "--disable", "C", "tests"]),
          Gate("types", ["pyre", "check"]),
          Gate("unit", ["pytest", "-x", "tests/unit"]),
      ]

      def run(gate):
          return subprocess.run(gate.argv).returncode

      for g in GATES:
          run(g)
      """
    When I run "terraphim-agent guard review-script --json checks.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same table holding a delete of the home directory is dangerous
    Given a project file "checks_wipe.py" containing:
      """
      import os, subprocess
      from dataclasses import dataclass

      @dataclass
      class Gate:
          name: str
          argv: list[str]

      GATES = [
          Gate("lint", ["pylint", "--jobs", "2", "app"]),
          Gate("lint-tests", ["pylint", "--disable", "C", "tests"]),
          Gate("types", ["pyre", "check"]),
          Gate("reset", ["rm", "-rf", os.path.expanduser("~")]),
      ]

      def run(gate):
          return subprocess.run(gate.argv).returncode

      for g in GATES:
          run(g)
      """
    When I run "terraphim-agent guard review-script --json checks_wipe.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"
