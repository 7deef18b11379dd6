@script-review
Feature: script pre-review credits an archive whose members are checked before extraction
  `tarfile`'s `extractall` without a filter writes wherever a member's name points (`../`, an
  absolute path). A loop over the archive's members that leaves (raise, return, exit) at one
  whose path escapes the target, before the extraction, is the check the advisories give; a
  check that only skips a member, or does not look at the member, changes nothing.

  Scenario: members checked to stay in the target, then extracted, is clean
    Given a project file "fetch_tools.py" containing:
      """
      import tarfile
      from pathlib import Path

      target = Path(".tools")
      with tarfile.open("node.tar.gz") as tar:
          for member in tar.getmembers():
              resolved = (target / member.name).resolve()
              if target.resolve() not in resolved.parents:
                  raise SystemExit(f"archive member escapes target: {member.name}")
          tar.extractall(target)
      """
    When I run "terraphim-agent guard review-script --json fetch_tools.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a check that only skips the escaping member still extracts it
    Given a project file "fetch_tools.py" containing:
      """
      import tarfile
      from pathlib import Path

      target = Path(".tools")
      with tarfile.open("node.tar.gz") as tar:
          for member in tar.getmembers():
              resolved = (target / member.name).resolve()
              if target.resolve() not in resolved.parents:
                  continue
          tar.extractall(target)
      """
    When I run "terraphim-agent guard review-script --json fetch_tools.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "unsafe-extract"
