@script-review
Feature: a run-time value quoted as one shell word is data in the command
  `shlex.quote(v)`, `shlex.join(argv)` and shell-quote's `quote(argv)` make each value one
  single-quoted word: it cannot end the command or start another, so a command string built
  from quoted values is judged as the argument list it spells. A quoted value as the program,
  as code for `sh -c`, or naming the home directory is still judged by what it is.

  Scenario: a release script quotes the version it was given
    Given a project file "release.py" containing:
      """
      import shlex
      import subprocess
      import sys

      version = sys.argv[1]
      subprocess.run(f"git tag -a {shlex.quote('v' + version)} -m {shlex.quote('Release ' + version)}", shell=True, check=True)
      subprocess.run("git push origin " + shlex.quote("v" + version), shell=True, check=True)
      """
    When I run "terraphim-agent guard review-script --json release.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a quoted value handed to another shell as code stays flagged
    Given a project file "run.py" containing:
      """
      import os
      import shlex
      import sys

      os.system("bash -c " + shlex.quote(sys.argv[1]))
      """
    When I run "terraphim-agent guard review-script --json run.py"
    Then the JSON field "verdict" is "suspicious"
