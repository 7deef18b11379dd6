@script-review
Feature: script pre-review of helper results handed on
  A helper that looks a program up (`need("darktable-cli")` returning `shutil.which(tool)`),
  whose result the caller hands to another helper, runs the program looked up: the first round
  of the walk no longer passes that result on as a string nobody knows before the helper's body
  was walked with its argument. A helper given a name nobody knows still runs a program built
  at run time, and a deleting helper given a directory nobody knows still deletes one.

  Scenario: a program looked up by a helper and handed to another helper is that program
    Given a project file "previews.py" containing:
      """
      import shutil, subprocess, sys

      def need(tool):
          path = shutil.which(tool)
          if not path:
              sys.exit(f"{tool} is required")
          return path

      def previews(darktable, files):
          for f in files:
              subprocess.run([darktable, str(f), "--width", "800"], capture_output=True)

      def main():
          dt = need("darktable-cli")
          previews(dt, ["a.raw"])

      main()
      """
    When I run "terraphim-agent guard review-script --json previews.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a program named at run time and handed to another helper stays unknown
    Given a project file "previews_any.py" containing:
      """
      import shutil, subprocess, sys

      def need(tool):
          path = shutil.which(tool)
          if not path:
              sys.exit(f"{tool} is required")
          return path

      def previews(darktable, files):
          for f in files:
              subprocess.run([darktable, str(f), "--width", "800"], capture_output=True)

      def main():
          dt = need(input("tool? "))
          previews(dt, ["a.raw"])

      main()
      """
    When I run "terraphim-agent guard review-script --json previews_any.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a directory nobody knows handed to a deleting helper beside a literal one stays flagged
    Given a project file "wipe.py" containing:
      """
      import shutil

      def pick():
          return input("dir? ")

      def wipe(d):
          shutil.rmtree(d)

      def main():
          d = pick()
          wipe(d)
          wipe("build")

      main()
      """
    When I run "terraphim-agent guard review-script --json wipe.py"
    Then the JSON field "verdict" is "suspicious"
