@script-review
Feature: script pre-review knows a program by its file name in a directory found at run time
  A virtual environment or toolchain keeps its own copy of a program (`VENV/bin/python`,
  `TOOLCHAIN/bin/pip`): the directory is known only when the script runs, the program is known
  by its name, so the command is judged as that program. A script that fetched anything to
  disk may have unpacked a program of any name, so there the name alone proves nothing.
  Comments between the words of an argument vector are not words, and an attribute of `self` in
  a class's methods is that class's own.

  Scenario: the environment's python running a project script is clean
    Given a project file "release.py" containing:
      """
      import os
      import subprocess
      import sys

      venv = sys.argv[1]
      cmd = [os.path.join(venv, "bin", "python"), "tools/check_version.py", "1.0"]
      subprocess.run(cmd, check=True)
      subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-r", "requirements.txt"])
      """
    When I run "terraphim-agent guard review-script --json release.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a program of an unknown name in a directory found at run time stays unknown
    Given a project file "run.py" containing:
      """
      import os
      import subprocess
      import sys

      subprocess.run([os.path.join(sys.argv[1], "bin", sys.argv[2]), "--version"])
      """
    When I run "terraphim-agent guard review-script --json run.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: after a download to disk, a known name in an unknown directory proves nothing
    Given a project file "fetch.py" containing:
      """
      import os
      import subprocess
      import sys
      import tarfile
      import tempfile
      import urllib.request

      work = tempfile.mkdtemp()
      archive = os.path.join(work, "tool.tgz")
      urllib.request.urlretrieve(sys.argv[1], archive)
      tarfile.open(archive).extractall(work)
      subprocess.run([os.path.join(sys.argv[2], "python"), "-V"])
      """
    When I run "terraphim-agent guard review-script --json fetch.py"
    Then stdout contains "the command name is built at run time"

  Scenario: comments inside an argument vector's tuple are not part of the command
    Given a project file "untracked.py" containing:
      """
      import subprocess

      cmd = (
          # fmt: off
          "git", "ls-files",
          "--others", "--exclude-standard", "--", ".",
          # fmt: on
      )
      print(subprocess.check_output(cmd, text=True))
      """
    When I run "terraphim-agent guard review-script --json untracked.py"
    Then the JSON field "verdict" is "clean"

  Scenario: two API clients with a token attribute each send each token to its own host
    Given a project file "clients.py" containing:
      """
      import os
      import urllib.request
      from dataclasses import dataclass


      class GitHub:
          def __init__(self, token):
              self.token = token

          def user(self):
              req = urllib.request.Request("https://api.github.com/user")
              req.add_header("Authorization", "Bearer " + self.token)
              return urllib.request.urlopen(req).read()


      @dataclass
      class GitLab:
          token: str

          def user(self):
              req = urllib.request.Request(
                  "https://gitlab.com/api/v4/user", headers={"PRIVATE-TOKEN": self.token}
              )
              return urllib.request.urlopen(req).read()


      GitHub(os.environ.get("GITHUB_TOKEN")).user()
      GitLab(os.environ.get("GITLAB_TOKEN")).user()
      """
    When I run "terraphim-agent guard review-script --json clients.py"
    Then the JSON field "verdict" is "clean"
