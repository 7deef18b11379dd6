@script-review
Feature: a deletion checked against a directory's parents, over a list joined with glob matches
  `if ROOT not in path.resolve().parents: raise ...` (or `if ROOT in path.parents:` around the
  call) places the path under ROOT, as `is_relative_to` does; a check of the home directory, or
  one whose failure does not leave, confines nothing. A literal list joined with the names a
  glob finds (`[root / t for t in TARGETS] + list(root.glob("src/*.egg-info"))`) holds both, so
  a loop over it deletes only those.

  Scenario: a build cleaner checks each target lies under the project before it deletes
    Given a project file "clean.py" containing:
      """
      import shutil
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      TARGETS = ("build", "dist")


      def clean(root):
          victims = [root / t for t in TARGETS] + list(root.glob("src/*.egg-info"))
          for path in victims:
              resolved = path.resolve()
              if root not in resolved.parents:
                  raise RuntimeError(f"{resolved} is outside {root}")
              if resolved.is_dir():
                  shutil.rmtree(resolved)


      clean(ROOT)
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a check against the home directory confines nothing
    Given a project file "clean.py" containing:
      """
      import shutil
      import sys
      from pathlib import Path

      p = Path(sys.argv[1]).resolve()
      if Path.home() not in p.parents:
          raise SystemExit("outside")
      shutil.rmtree(p)
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "suspicious"
