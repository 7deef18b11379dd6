@script-review
Feature: script pre-review of shell commands built with run-time operands
  Release and build scripts pass values they compute (a version read from a file, a name from
  package.json, a project script's path) as operands of commands they spell out: what runs is
  visible, so the command alone is no finding. A value that picks the program or subcommand,
  a command-line argument pasted into a shell string, a glob's match outside the project and a
  climb out of the Python environment are still flagged.

  Scenario: a tag read from the project's VERSION file in git commands is clean
    Given a project file "tag_release.py" containing:
      """
      import subprocess

      with open("VERSION") as fh:
          version = fh.read().strip()
      subprocess.check_call(f"git tag -a v{version} -m 'v{version}'", shell=True)
      subprocess.check_call(f"git show --stat v{version}", shell=True)
      """
    When I run "terraphim-agent guard review-script tag_release.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a subcommand taken from the environment is still flagged
    Given a project file "run_step.js" containing:
      """
      const { execSync } = require('child_process');
      const action = process.env.DEPLOY_ACTION;
      execSync(`npm ${action} --workspaces`, { stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json run_step.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: a command-line argument pasted into a shell string is still flagged
    Given a project file "show_size.py" containing:
      """
      import subprocess, sys

      folder = sys.argv[1]
      print(subprocess.check_output(f"du -sh {folder}", shell=True, text=True))
      """
    When I run "terraphim-agent guard review-script --json show_size.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: the first match of a glob under the project removed is clean
    Given a project file "drop_egg.py" containing:
      """
      import glob, os, shutil

      here = os.path.dirname(os.path.abspath(__file__))
      eggs = glob.glob(os.path.join(here, "src", "*.egg-info"))
      if eggs:
          shutil.rmtree(eggs[0])
      """
    When I run "terraphim-agent guard review-script drop_egg.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a folder of the active virtual environment removed is clean
    Given a project file "reset_kernels.py" containing:
      """
      import os, shutil

      kernels = os.path.join(os.environ["VIRTUAL_ENV"], "share", "jupyter", "kernels")
      shutil.rmtree(kernels, ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script reset_kernels.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a climb out of the virtual environment removed is still dangerous
    Given a project file "wipe_up.py" containing:
      """
      import os, shutil

      shutil.rmtree(os.path.join(os.environ["VIRTUAL_ENV"], "..", ".."))
      """
    When I run "terraphim-agent guard review-script --json wipe_up.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: three dirname calls from a script kept two levels deep end in the project
    Given a project file "clean_docs.py" containing:
      """
      import os, shutil

      TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
      shutil.rmtree(os.path.join(TOP, "docs", "_build"), ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script clean_docs.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a sibling of the project reached from the same chain is still dangerous
    Given a project file "clean_sibling.py" containing:
      """
      import os, shutil

      TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
      shutil.rmtree(os.path.join(TOP, "..", "release-cache"), ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json clean_sibling.py"
    Then the JSON field "verdict" is "dangerous"
