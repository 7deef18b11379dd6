@script-review
Feature: script pre-review of a tool's own directories and loopback servers
  A setup script writes a command-line tool's settings into its own configuration directory
  (made private, written through a temp file and backed up), a cleanup script prunes its own
  cache, and a docs preview serves the project's build on 127.0.0.1. None of that is flagged;
  the same commands on a directory every program shares, the tool's directory deleted whole,
  or a server on every interface still are.

  Scenario: a tool's settings written into its own configuration directory are clean
    Given a project file "init_config.sh" containing:
      """
      #!/bin/sh
      set -eu
      dir="$HOME/.config/quillnote"
      mkdir -p "$dir"
      chmod 700 "$dir"
      tmp="$(mktemp "$dir/.config.XXXXXX")"
      printf 'region = north\n' > "$tmp"
      chmod 600 "$tmp"
      if [ -f "$dir/config" ]; then cp -p "$dir/config" "$dir/config.bak"; fi
      mv "$tmp" "$dir/config"
      """
    When I run "terraphim-agent guard review-script init_config.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same commands on the git configuration directory are still dangerous
    Given a project file "init_git.sh" containing:
      """
      #!/bin/sh
      set -eu
      dir="$HOME/.config/git"
      mkdir -p "$dir"
      chmod 700 "$dir"
      """
    When I run "terraphim-agent guard review-script --json init_git.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "guard:trust anchor tampering"

  Scenario: a tool's configuration directory deleted whole is still dangerous
    Given a project file "reset_config.sh" containing:
      """
      #!/bin/sh
      rm -rf "$HOME/.config/quillnote"
      """
    When I run "terraphim-agent guard review-script --json reset_config.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a docs preview served on loopback from the project's build is clean
    Given a project file "preview.sh" containing:
      """
      #!/bin/sh
      python3 -m http.server 8100 --bind 127.0.0.1 --directory build/site &
      """
    When I run "terraphim-agent guard review-script preview.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same server on every interface is still flagged
    Given a project file "preview_all.sh" containing:
      """
      #!/bin/sh
      python3 -m http.server 8100 --directory build/site &
      """
    When I run "terraphim-agent guard review-script --json preview_all.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: old entries of a project cache picked through enumerate are clean
    Given a project file "prune_bundles.py" containing:
      """
      import shutil
      from pathlib import Path

      CACHE = Path(__file__).resolve().parent / ".cache" / "bundles"
      entries = []
      for child in CACHE.iterdir():
          entries.append((child.stat().st_mtime, child))
      for i, (mtime, path) in enumerate(sorted(entries, reverse=True)):
          if i >= 5:
              shutil.rmtree(path)
      """
    When I run "terraphim-agent guard review-script prune_bundles.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the home directory's entries picked through enumerate are still dangerous
    Given a project file "prune_home.py" containing:
      """
      import shutil
      from pathlib import Path

      entries = []
      for child in Path.home().iterdir():
          entries.append((child.stat().st_mtime, child))
      for i, (mtime, path) in enumerate(sorted(entries)):
          if i >= 5:
              shutil.rmtree(path)
      """
    When I run "terraphim-agent guard review-script --json prune_home.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"
