@script-review
Feature: script pre-review knows the git branches, repositories and changes a script made itself
  The command guard denies deleting or force-pushing a branch, checking files out over the
  working tree and removing a `.git` directory, because each can destroy somebody's work. A
  script that undoes only its own work destroys nothing of the user's: a branch it created
  (`git checkout -b`, `git switch -c`, `git branch NAME`, `git worktree add -b`) deleted or
  pushed over; a file it wrote or edited restored from the index; the `.git` of a repository
  it made (`git init`, `git clone`) or one in its temporary directory removed. The same
  commands on what it did not make, on a line of development (`main`), or on the project's own
  `.git` stay dangerous.

  Scenario: a preview branch the script created, force-pushed and deleted again, is clean
    Given a project file "preview.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      topic="api-preview-$(date +%s)"
      git checkout -b "$topic"
      make openapi
      git add docs/openapi.json
      git commit -qm "preview the API description"
      git push -f origin "$topic"
      git checkout -
      git branch -D "$topic"
      """
    When I run "terraphim-agent guard review-script --json preview.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: deleting a branch the script did not create is still dangerous
    Given a project file "prune.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      for b in $(git branch --merged | grep -v '\*'); do
        git branch -D "$b"
      done
      """
    When I run "terraphim-agent guard review-script --json prune.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a version the script stamped into a file and restored afterwards is clean
    Given a project file "stamp.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      sed -i "s/^__version__ = .*/__version__ = \"$1\"/" pkg/__init__.py
      python3 -m build --sdist
      git checkout -- pkg/__init__.py
      """
    When I run "terraphim-agent guard review-script --json stamp.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: restoring files the script never touched is still dangerous
    Given a project file "reset_docs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      git restore docs
      make html
      """
    When I run "terraphim-agent guard review-script --json reset_docs.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: removing the .git of a repository the script initialised is clean
    Given a project file "bundle.sh" containing:
      """
      #!/bin/sh
      set -eu
      mkdir -p packaging/stage
      cp -R assets/. packaging/stage/
      cd packaging/stage
      git init -q
      git add -A
      git -c user.name=ci -c user.email=ci@example.org commit -qm bundle
      git bundle create ../assets.bundle --all
      rm -rf .git
      """
    When I run "terraphim-agent guard review-script --json bundle.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: removing the project's own .git is still dangerous
    Given a project file "squash.sh" containing:
      """
      #!/bin/sh
      set -eu
      rm -rf .git
      git init -q
      git add -A
      git commit -qm "initial"
      """
    When I run "terraphim-agent guard review-script --json squash.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a Node script that deletes its own draft branch on the remote is clean
    Given a project file "draft.mjs" containing:
      """
      import { execSync } from "node:child_process";
      const run = (cmd) => execSync(cmd, { stdio: "inherit" });
      run("git switch -c notes-draft");
      run("git commit --allow-empty -m draft");
      run("git push origin notes-draft");
      run("git push origin --delete notes-draft");
      run("git switch -");
      run("git branch -D notes-draft");
      """
    When I run "terraphim-agent guard review-script --json draft.mjs"
    Then the JSON field "verdict" is "clean"

  Scenario: pushing over a bare repository the script made as a test remote is clean
    Given a project file "push_test.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      scratch="$(mktemp -d)"
      trap 'rm -rf "$scratch"' EXIT
      git init -q --bare "$scratch/remote.git"
      git push -q --force "$scratch/remote.git" HEAD:main
      git ls-remote "$scratch/remote.git"
      """
    When I run "terraphim-agent guard review-script --json push_test.sh"
    Then the JSON field "verdict" is "clean"
