@script-review
Feature: an option's default is what a script uses when run without it
  A Python script's `argparse` options hold their default when the command line does not give
  them, so `parse_args()` returns a namespace whose fields are the defaults or a value nobody
  knows. A dataclass field made by a factory that names a directory (`Path.home`, `Path.cwd`)
  holds that directory.

  Scenario: a cleanup whose directory option defaults to the home deletes the home
    Given a project file "clean.py" containing:
      """
      import argparse
      import os
      import shutil

      def main():
          ap = argparse.ArgumentParser()
          ap.add_argument("--root", default=os.path.expanduser("~"))
          args = ap.parse_args()
          for name in os.listdir(args.root):
              shutil.rmtree(os.path.join(args.root, name), ignore_errors=True)

      main()
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a cleanup whose directory option defaults to a build directory stays a run-time path
    Given a project file "clean.py" containing:
      """
      import argparse
      import shutil

      ap = argparse.ArgumentParser()
      ap.add_argument("--out", default="dist")
      args = ap.parse_args()
      shutil.rmtree(args.out, ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a dataclass whose base directory is made by Path.home resets the home
    Given a project file "reset.py" containing:
      """
      import shutil
      from dataclasses import dataclass, field
      from pathlib import Path

      @dataclass
      class Workspace:
          name: str
          base: Path = field(default_factory=Path.home)

          def reset(self):
              shutil.rmtree(self.base, ignore_errors=True)

      Workspace("scratch").reset()
      """
    When I run "terraphim-agent guard review-script --json reset.py"
    Then the JSON field "verdict" is "dangerous"
