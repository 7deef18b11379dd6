@script-review
Feature: services the script stops, signing passwords given to their tool, members of its objects
  A server started in its own session is the script's own when the script stops its process
  group, named first (pgid = os.getpgid(proc.pid)) or kept in a pid file its stop path reads.
  A signing password from the environment handed to a signing tool on its standard input is
  its use. A member of the script's object holds what its methods stored in it, not every
  argument the object was given.

  Scenario: a dev server whose named process group the script kills is clean
    Given a project file "e2e.py" containing:
      """
      import os
      import signal
      import subprocess

      web = subprocess.Popen(["npm", "run", "preview"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
      try:
          subprocess.run(["npx", "cypress", "run"], check=True)
      finally:
          pgid = os.getpgid(web.pid)
          os.killpg(pgid, signal.SIGTERM)
      """
    When I run "terraphim-agent guard review-script e2e.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a server whose pid goes to a file with no stop path still escapes the run
    Given a project file "up.py" containing:
      """
      import subprocess
      from pathlib import Path

      web = subprocess.Popen(["npm", "run", "preview"], start_new_session=True)
      Path(".web.pid").write_text(str(web.pid))
      """
    When I run "terraphim-agent guard review-script --json up.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: a signing password from the environment given to minisign on stdin is clean
    Given a project file "sign.py" containing:
      """
      import os
      import subprocess

      secret = os.environ.get("PKG_SIGNING_PASSWORD", "")
      subprocess.run(["minisign", "-S", "-m", "build/pkg.tar.zst"], input=secret + "\n",
                     text=True, check=True)
      """
    When I run "terraphim-agent guard review-script sign.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a signing password given to a program that is no signing tool is still a stray read
    Given a project file "sign.py" containing:
      """
      import os
      import subprocess

      secret = os.environ.get("PKG_SIGNING_PASSWORD", "")
      subprocess.run(["tee", "build/notes.txt"], input=secret, text=True, check=True)
      """
    When I run "terraphim-agent guard review-script --json sign.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "secret-read"

  Scenario: a response header kept on an API client built with a token is printed cleanly
    Given a project file "issues.py" containing:
      """
      import json
      import os
      import urllib.request

      class Hub:
          def __init__(self, token):
              self.token = token
              self.quota = None

          def issues(self, repo):
              req = urllib.request.Request(f"https://api.github.com/repos/{repo}/issues",
                                           headers={"Authorization": f"Bearer {self.token}"})
              with urllib.request.urlopen(req, timeout=20) as resp:
                  self.quota = resp.headers.get("X-RateLimit-Remaining")
                  return json.loads(resp.read())

      hub = Hub(os.environ["GITHUB_TOKEN"])
      found = hub.issues("octo/lamp")
      print(len(found), "issues; quota left:", hub.quota)
      """
    When I run "terraphim-agent guard review-script issues.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the token member of the same client printed is still a leak
    Given a project file "issues.py" containing:
      """
      import os

      class Hub:
          def __init__(self, token):
              self.token = token
              self.quota = None

      hub = Hub(os.environ["GITHUB_TOKEN"])
      print("using", hub.token)
      """
    When I run "terraphim-agent guard review-script --json issues.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "exfiltration"
