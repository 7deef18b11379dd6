@script-review
Feature: script pre-review of the project's own code run by exec, and of editor bang modifiers
  A script that reads its package's version by running the project's `_version.py` with `exec`
  runs the project's own code, as running that file would; a release script that opens an
  editor with `+'exe "norm! iText!"'` only types text. Neither is flagged; the same `exec` of a
  file the script wrote or took from the command line, and an editor told to run `!rm`, still
  are.

  Scenario: exec of the project's own version file is clean
    Given a project file "show_version.py" containing:
      """
      import pathlib

      meta = {}
      version_file = pathlib.Path(__file__).parent / "src" / "pkg" / "_version.py"
      exec(compile(version_file.read_text(encoding="utf-8"), str(version_file), "exec"), meta)
      print(meta.get("__version__", "unknown"))
      """
    When I run "terraphim-agent guard review-script show_version.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: exec of a file named on the command line is still flagged
    Given a project file "run_any.py" containing:
      """
      import sys

      exec(open(sys.argv[1]).read())
      """
    When I run "terraphim-agent guard review-script --json run_any.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unknown-exec"

  Scenario: an editor whose bangs are modifiers runs nothing
    Given a project file "bump.sh" containing:
      """
      #!/bin/sh
      sed -i 's/VERSION 1/VERSION 2/' CMakeLists.txt
      nvim +'/VERSION' +'exe "norm! oBumped!"' -O CMakeLists.txt
      git add CMakeLists.txt
      """
    When I run "terraphim-agent guard review-script bump.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: an editor told to run a shell command after a bang modifier is still dangerous
    Given a project file "bump_bad.sh" containing:
      """
      #!/bin/sh
      nvim +'q!' +'silent !rm -rf ~' CMakeLists.txt
      """
    When I run "terraphim-agent guard review-script --json bump_bad.sh"
    Then the JSON field "verdict" is "dangerous"
