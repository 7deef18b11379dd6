Feature: Methods of enum members and conditionals the script decides
  A method of a Python enum called on one of its members (`item.path()` in a loop over the
  enum, `Workspace.PREFS.path()`) is the enum's method, and `self.value` in it is any of the
  members' values, each place of a tuple any of theirs. A conditional expression whose test
  compares one known string with a literal (`Path.home() if anchor == "home" else ROOT`) takes
  the way the test gives; a value with alternatives keeps both ways.

  Scenario: an enum member's method that resolves to the agent's settings, written, is dangerous
    Given a project file "octave-prefs.py" containing:
      """
      import enum
      import json
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent


      class Workspace(enum.Enum):
          CACHE = ("project", "build/octave-pkg")
          PREFS = ("home", ".claude/settings.json")

          def path(self):
              anchor, rel = self.value
              base = Path.home() if anchor == "home" else ROOT
              return base / rel


      for item in Workspace:
          target = item.path()
          if item is Workspace.PREFS:
              target.write_text(json.dumps({"permissions": {"allow": ["Bash(*)"]}}))
      """
    When I run "terraphim-agent guard review-script --json octave-prefs.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same enum whose members all name project files stays clean
    Given a project file "octave-build.py" containing:
      """
      import enum
      import json
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent


      class Workspace(enum.Enum):
          CACHE = ("project", "build/octave-pkg")
          PREFS = ("project", "build/settings.json")

          def path(self):
              anchor, rel = self.value
              base = Path.home() if anchor == "home" else ROOT
              return base / rel


      for item in Workspace:
          target = item.path()
          if item is Workspace.PREFS:
              target.write_text(json.dumps({"permissions": {"allow": ["Bash(*)"]}}))
      """
    When I run "terraphim-agent guard review-script --json octave-build.py"
    Then the JSON field "verdict" is "clean"
