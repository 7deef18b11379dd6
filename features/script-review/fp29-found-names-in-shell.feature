@script-review
Feature: script pre-review of shell commands built with names a glob found
  A release script globs the project's own files (`doc/release/*`, `images/*.png`) and passes a
  match as an operand of a command it spells out: the names are the project's, as its files'
  text is, and what runs is visible. Names found anywhere else (a temporary or download
  directory) were chosen by whoever wrote those files, and the shell reads them as code. A
  command-line argument in a shell string is flagged however it is taken from the argv.

  Scenario: a match of a glob under the project copied with a shell command is clean
    Given a project file "notes.py" containing:
      """
      import glob, os

      latest = sorted(glob.glob("doc/release/*.rst"))[-1]
      os.system(f"cp {latest} NOTES.txt")
      """
    When I run "terraphim-agent guard review-script notes.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a match of a glob in a temporary directory in a shell command is still flagged
    Given a project file "intake.py" containing:
      """
      import glob, os

      for f in glob.glob("/tmp/inbox/*.csv"):
          dst = os.path.splitext(f)[0] + ".bak"
          os.system(f"cp {f} {dst}")
      """
    When I run "terraphim-agent guard review-script --json intake.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: a command-line argument taken by array destructuring is still flagged
    Given a project file "bump.js" containing:
      """
      const { execSync } = require('child_process');
      const [, , version] = process.argv;
      execSync(`npm version --no-git-tag-version ${version}`, { stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json bump.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"
