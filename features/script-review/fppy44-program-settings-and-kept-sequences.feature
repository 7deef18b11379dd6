@script-review
Feature: programs named by environment settings, and sequences the Python walk keeps
  A program named by an environment variable with the script's default (GODOT_BIN defaulting
  to godot) is the user's copy of that tool: the command is judged with the default. A helper
  that runs list(map(str, argv)) runs the words its callers give it. A listing splatted into a
  tuple holds the paths of that listing. The same forms that reach the home directory stay
  dangerous.

  Scenario: a game export running the engine named by its setting is clean
    Given a project file "export.py" containing:
      """
      import os
      import subprocess

      ENGINE = os.environ.get("GODOT_BIN", "godot")
      subprocess.run([ENGINE, "--headless", "--export-release", "Linux", "build/game.x86_64"],
                     check=True)
      """
    When I run "terraphim-agent guard review-script export.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a setting whose default deletes the home directory is still dangerous
    Given a project file "sweep.py" containing:
      """
      import os
      import subprocess

      TOOL = os.environ.get("SWEEP_BIN", "rm")
      subprocess.run([TOOL, "-rf", os.path.expanduser("~")], check=True)
      """
    When I run "terraphim-agent guard review-script --json sweep.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: a helper running its words through map(str, ...) runs the commands it is given
    Given a project file "data.py" containing:
      """
      import subprocess

      def sh(*argv):
          print("+", " ".join(map(str, argv)))
          return subprocess.run(list(map(str, argv)), check=True)

      sh("git", "status", "--porcelain")
      sh("dvc", "pull")
      """
    When I run "terraphim-agent guard review-script data.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same helper given a deletion of the home directory is still dangerous
    Given a project file "data_home.py" containing:
      """
      import subprocess
      from pathlib import Path

      def sh(*argv):
          return subprocess.run(list(map(str, argv)), check=True)

      sh("git", "status")
      sh("rm", "-rf", Path.home())
      """
    When I run "terraphim-agent guard review-script --json data_home.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: build directories and egg-info matches splatted into a tuple are the project's
    Given a project file "clean_build.py" containing:
      """
      import shutil
      from pathlib import Path

      ROOT = Path(__file__).resolve().parents[1]
      for d in (ROOT / "dist", ROOT / "build", *ROOT.glob("src/*.egg-info")):
          if d.exists():
              shutil.rmtree(d)
      """
    When I run "terraphim-agent guard review-script clean_build.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: hidden entries of the home directory splatted into the tuple are still dangerous
    Given a project file "clean_home.py" containing:
      """
      import shutil
      from pathlib import Path

      ROOT = Path(__file__).resolve().parents[1]
      for d in (ROOT / "dist", *Path.home().glob(".*")):
          shutil.rmtree(d)
      """
    When I run "terraphim-agent guard review-script --json clean_home.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "destructive"

  Scenario: the host of a .env database URL kept in a helper's dictionary is printed cleanly
    Given a project file "reset_db.py" containing:
      """
      import sys
      from pathlib import Path
      from urllib.parse import urlparse

      def load_dotenv(path):
          values = {}
          for raw in path.read_text().splitlines():
              key, _, value = raw.partition("=")
              values[key.strip()] = value.strip()
          return values

      def parse(url):
          p = urlparse(url)
          return {"host": p.hostname or "localhost", "port": str(p.port or 5432),
                  "password": p.password or ""}

      conn = parse(load_dotenv(Path(".env"))["DATABASE_URL"])
      print(f"resetting {conn['host']}:{conn['port']}", file=sys.stderr)
      """
    When I run "terraphim-agent guard review-script reset_db.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the password member of the same dictionary printed is still dangerous
    Given a project file "show_db.py" containing:
      """
      import sys
      from pathlib import Path
      from urllib.parse import urlparse

      def load_dotenv(path):
          values = {}
          for raw in path.read_text().splitlines():
              key, _, value = raw.partition("=")
              values[key.strip()] = value.strip()
          return values

      def parse(url):
          p = urlparse(url)
          return {"host": p.hostname or "localhost", "password": p.password or ""}

      conn = parse(load_dotenv(Path(".env"))["DATABASE_URL"])
      print(f"using {conn['password']}", file=sys.stderr)
      """
    When I run "terraphim-agent guard review-script --json show_db.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "exfiltration"
