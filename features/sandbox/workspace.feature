Feature: the workspace profile runs a command on a copy-on-write view of the project
  A command under the `workspace` profile sees the project writable, but its writes land in an
  overlay's upper layer of its own; the project does not change while it runs. When it ends, the
  change set is judged as a whole: applied at once when it touches no protected path and destroys
  nothing git cannot give back, held whole otherwise (a protected path is refused and reported).
  The agent sees the command's own output and exit code, plus one line when changes are held.
  `guard changes` shows, applies or discards what was held.

  Background:
    Given a project file "README" containing:
      """
      hello from the project
      """
    And a project file "src/main.rs" containing:
      """
      fn main() {}
      """

  Scenario: a command that writes files in the project succeeds and the files appear
    When I run "mkdir -p build && echo generated > build/out.txt && echo done" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And stdout contains "done"
    And the project file "build/out.txt" contains "generated"
    And the report field "workspace.verdict" is "applied"
    And the report field "workspace.mode" is "overlay"
    And the report has no violations
    And 0 change sets are held

  Scenario: the command's own exit code and output reach the agent
    When I run "echo partial > partial.txt; echo oops >&2; exit 3" sandboxed with profile "workspace" with namespaces
    Then the exit code is 3
    And stderr contains "oops"
    And the project file "partial.txt" contains "partial"

  Scenario: deleting files with uncommitted work is held whole, then applied on request
    Given the project is a git repository with its files committed
    And a project file "src/main.rs" containing:
      """
      fn main() { work_in_progress(); }
      """
    And a project file "src/notes.txt" containing:
      """
      not yet committed
      """
    When I run "rm -rf src && echo ok > after.txt" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And stderr contains "guard changes --show ws-"
    And the report field "workspace.verdict" is "held"
    And the report field "workspace.reasons" contains "destroys-work"
    And the report field "workspace.reasons" contains "src/main.rs"
    And the report field "workspace.reasons" contains "src/notes.txt"
    And the project file "src/main.rs" contains "work_in_progress"
    And the project file "after.txt" does not exist
    And 1 change set is held
    When I show the held change set
    Then the exit code is 0
    And stdout contains "deleted src/"
    And stdout contains "+ok"
    When I apply the held change set
    Then the exit code is 0
    And the project file "src/main.rs" does not exist
    And the project file "after.txt" contains "ok"
    And 0 change sets are held

  Scenario: a held change set can be discarded, and the project stays as it was
    Given the project is a git repository with its files committed
    And a project file "src/main.rs" containing:
      """
      fn main() { work_in_progress(); }
      """
    When I run "rm -rf src" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "held"
    When I run "terraphim-agent guard sweep"
    Then stdout contains "## Held change sets (1)"
    And stdout contains "src/main.rs deleted; git cannot give it back (uncommitted changes)"
    When I discard the held change set
    Then the exit code is 0
    And the project file "src/main.rs" contains "work_in_progress"
    And 0 change sets are held

  Scenario: deleting and editing committed files git can give back is applied
    Given the project is a git repository with its files committed
    When I run "rm README && echo 'fn main() { println!(); }' > src/main.rs" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "applied"
    And the project file "README" does not exist
    And the project file "src/main.rs" contains "println"

  Scenario: without git, overwriting an existing file is held
    When I run "echo replaced > README" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "held"
    And the report field "workspace.reasons" contains "not in a git repository"
    And the project file "README" contains "hello from the project"

  Scenario: a write into git's own metadata refuses the whole change set and is reported
    Given the project is a git repository with its files committed
    When I run "echo notes > notes.txt && echo '*.tmp' >> .git/info/exclude" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "refused"
    And the report has a "fs-write" violation with evidence containing "workspace: the change set writes .git/info/exclude"
    And stderr contains "refused"
    And the project file ".git/info/exclude" does not contain "*.tmp"
    And the project file "notes.txt" does not exist
    When I apply the held change set
    Then the exit code is 1
    And the project file "notes.txt" does not exist

  Scenario: a change to git's own keys in the project's config is refused whole
    Given the project is a git repository with its files committed
    When I run "git config core.hooksPath /nonexistent/hooks && echo notes > notes.txt" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "refused"
    And the report has a "fs-write" violation with evidence containing "workspace: the change set writes .git/config"
    And the report field "workspace.reasons" contains "core.hookspath"
    And the project file ".git/config" does not contain "hooksPath"
    And the project file "notes.txt" does not exist

  Scenario: git's hooks are read-only inside the workspace
    Given the project is a git repository with its files committed
    When I run "echo true > .git/hooks/pre-commit" sandboxed with profile "workspace" with namespaces
    Then the exit code is not 0
    And the report has a "fs-write" violation
    And the project file ".git/hooks/pre-commit" does not exist

  # `git submodule--helper update --init` is what `git submodule update --init` runs: the wrapper
  # is a /bin/sh script, and under dash its forks fail in the sandbox today (EINTR from the fork
  # gate; docs/sandbox.md, Known limits). The files git writes are the same.
  Scenario Outline: what git submodule update --init writes is applied in the workspace (<how> namespaces)
    Given the project is a git repository with its files committed
    And the project has a submodule "sub" that is not initialized
    When I run "git submodule--helper update --init --quiet && git submodule--helper status" sandboxed with profile "workspace" <how> namespaces
    Then the exit code is 0
    And the report field "workspace.mode" is "<mode>"
    And the report field "workspace.verdict" is "applied"
    And the report has no violations
    And the project file "sub/a.txt" contains "from the submodule"
    And the project file ".git/modules/sub/config" contains "worktree = ../../../sub"
    And git "submodule status" in the project prints " sub (heads/main)"
    And git "-C sub log --oneline" in the project prints " a"

    Examples:
      | how     | mode    |
      | with    | overlay |
      | without | copy    |

  Scenario: git worktree add inside the project works in the workspace
    Given the project is a git repository with its files committed
    When I run "git worktree add -q wt-x" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "applied"
    And the report has no violations
    And the project file "wt-x/README" contains "hello from the project"
    And git "worktree list" in the project prints "[wt-x]"
    And git "-C wt-x status --porcelain" in the project prints ""

  Scenario Outline: a submodule's config with a key that runs a program or redirects git is refused (<key>)
    Given the project is a git repository with its files committed
    And the project has a submodule "sub" that is not initialized
    When I run "git submodule--helper update --init --quiet && git -C sub config <key> <value>" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "refused"
    And the report has a "fs-write" violation with evidence containing "workspace: the change set writes .git/modules/sub/config"
    And the report field "workspace.reasons" contains "<listed>"
    And the project file ".git/modules/sub/config" does not exist
    And the project file "sub/a.txt" does not exist

    Examples:
      | key                 | value             | listed              |
      | core.fsmonitor      | true              | core.fsmonitor      |
      | core.hooksPath      | /nonexistent      | core.hookspath      |
      | core.sshCommand     | true              | core.sshcommand     |
      | core.pager          | true              | core.pager          |
      | alias.st            | '!true'           | alias.st            |
      | include.path        | /nonexistent      | include.path        |
      | credential.helper   | true              | credential.helper   |
      | filter.x.smudge     | true              | filter.x.smudge     |
      | remote.origin.uploadpack | true         | remote.origin.uploadpack |

  Scenario Outline: a git pointer or hook that leads host git elsewhere is refused (<what>)
    Given the project is a git repository with its files committed
    And the project has a submodule "sub" that is not initialized
    When I run "<command>" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "refused"
    And the report has a "fs-write" violation with evidence containing "workspace: the change set writes <path>"
    And the project file "<path>" does not exist

    Examples:
      | what                          | command                                                                                                   | path                                  |
      | a hook in a submodule         | git submodule--helper update --init --quiet && printf '#!/bin/sh\ntrue\n' > .git/modules/sub/hooks/post-checkout && chmod +x .git/modules/sub/hooks/post-checkout | .git/modules/sub/hooks/post-checkout |
      | a worktree's commondir        | git worktree add -q wt-x && echo /nonexistent > .git/worktrees/wt-x/commondir                            | .git/worktrees/wt-x/commondir         |
      | a .git file outside           | mkdir -p elsewhere && echo 'gitdir: /nonexistent/.git' > elsewhere/.git                                    | elsewhere/.git                        |
      | alternates outside            | git submodule--helper update --init --quiet && echo /nonexistent/objects > .git/modules/sub/objects/info/alternates | .git/modules/sub/objects/info/alternates |
      | a nested repository's fsmonitor | git init -q nested && git -C nested config core.fsmonitor true                                          | nested/.git/config                    |

  Scenario: git commit, branch, merge and tag work in the workspace
    Given the project is a git repository with its files committed
    When I run "git checkout -q -b feature && echo more >> README && git commit -q -am more && git checkout -q main && git merge -q --no-ff -m merged feature && git tag v1" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "applied"
    And the report has no violations
    And the project file "README" contains "more"
    And git "log --oneline" in the project prints "merged"
    And git "tag" in the project prints "v1"

  Scenario Outline: a change to what tools outside the sandbox run is held (<file>)
    When I run "mkdir -p .github/workflows tests .vscode && echo step > <file>" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report field "workspace.verdict" is "held"
    And the report field "workspace.reasons" contains "host-tool"
    And the project file "<file>" does not exist

    Examples:
      | file                     |
      | Makefile                 |
      | tests/conftest.py        |
      | .envrc                   |
      | .github/workflows/ci.yml |
      | .vscode/tasks.json       |

  Scenario: package.json is held only when its scripts change
    Given a project file "package.json" containing:
      """
      {"name": "p", "version": "1.0.0", "scripts": {"test": "node test.js"}}
      """
    And the project is a git repository with its files committed
    When I run "sed -i 's/1.0.0/1.0.1/' package.json" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "applied"
    When I run "sed -i 's/node test.js/node other.js/' package.json" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "held"
    And the report field "workspace.reasons" contains "package.json scripts changed"
    And the project file "package.json" contains "node test.js"

  Scenario: a file made setuid never reaches the project with the bit
    # The sandbox refuses setting the bit; were it set, the change set would be held (`setuid`,
    # a unit test of the judgement).
    When I run "echo tool > tool; chmod u+s tool; echo end" sandboxed with profile "workspace" with namespaces
    Then stdout contains "end"
    And the project file "tool" is not setuid

  Scenario: a file changed on the host after the run started is never overwritten
    Given the project is a git repository with its files committed
    When I run "printf 'all:\n\ttrue\n' > Makefile" sandboxed with profile "workspace" with namespaces
    Then the report field "workspace.verdict" is "held"
    Given a project file "Makefile" containing:
      """
      written by the user meanwhile
      """
    When I apply the held change set
    Then the exit code is 1
    And stdout contains "conflict: Makefile"
    And the project file "Makefile" contains "written by the user meanwhile"
    And 1 change set is held

  Scenario: outside the project nothing is writable, through a symlink in it neither
    Given a symlink "rc" in the project pointing to "{home}/.bashrc"
    When I run "echo x >> {home}/.profile; echo y >> rc; echo z > {home}/new-file" sandboxed with profile "workspace" with namespaces
    Then the exit code is not 0
    And the report field "workspace.verdict" is "unchanged"
    And the file "{home}/.profile" does not exist
    And the file "{home}/.bashrc" does not exist
    And the file "{home}/new-file" does not exist

  Scenario: a project that holds the data home (where upper layers live) runs read-only instead
    Given the environment variable "XDG_DATA_HOME" is "{project}/.data"
    When I run "echo x > x.txt" sandboxed with profile "workspace" with namespaces
    Then the exit code is 1
    And stderr contains "lies inside the project"
    And stderr contains "running under profile `readonly` instead"
    And the project file "x.txt" does not exist

  Scenario: without namespaces there is no overlay: the command runs on a copy, and a harmless change is applied
    When I run "echo x > x.txt && mkdir -p gen && echo y > gen/y.txt && cat README" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And stdout contains "hello from the project"
    And stderr contains "running on a copy of the project"
    And the report field "workspace.mode" is "copy"
    And the report field "workspace.verdict" is "applied"
    And the project file "x.txt" contains "x"
    And the project file "gen/y.txt" contains "y"
    And 0 change sets are held

  Scenario: on the copy, deleting files with uncommitted work is held whole, then applied on request
    Given the project is a git repository with its files committed
    And a project file "src/main.rs" containing:
      """
      fn main() { work_in_progress(); }
      """
    When I run "rm -rf src && echo ok > after.txt" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And the report field "workspace.mode" is "copy"
    And the report field "workspace.verdict" is "held"
    And the report field "workspace.reasons" contains "src/main.rs"
    And the project file "src/main.rs" contains "work_in_progress"
    And the project file "after.txt" does not exist
    And 1 change set is held
    When I show the held change set
    Then stdout contains "deleted src/"
    When I apply the held change set
    Then the exit code is 0
    And the project file "src/main.rs" does not exist
    And the project file "after.txt" contains "ok"
    And 0 change sets are held

  Scenario: git commit, merge and tag work on the copy, which shares the project's objects instead of copying them
    Given the project is a git repository with its files committed
    When I run "git checkout -q -b feature && echo more >> README && git commit -q -am more && git checkout -q main && git merge -q --no-ff -m merged feature && git tag v1 && ls .git/objects/info" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And stdout contains "alternates"
    And the report field "workspace.mode" is "copy"
    And the report field "workspace.verdict" is "applied"
    And the report has no violations
    And the project file "README" contains "more"
    And the project file ".git/objects/info/alternates" does not exist
    And git "log --oneline" in the project prints "merged"
    And git "tag" in the project prints "v1"
    And git "fsck --no-progress" in the project prints ""

  Scenario: the copy leaves out build outputs and secrets, and what the command writes there is not applied
    Given a project file "target/debug/app" containing:
      """
      old build
      """
    And a project file ".env" containing:
      """
      TOKEN=not-for-the-sandbox
      """
    When I run "ls -a; echo new > target/app2; echo z > z.txt" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And stdout does not contain ".env"
    And stdout does not contain "target"
    And the project file "z.txt" contains "z"
    And the project file "target/app2" does not exist
    And the project file "target/debug/app" contains "old build"

  Scenario: with a mount namespace but no overlay, the copy is bound over the project's own path
    When I run "pwd -P; echo x > x.txt" sandboxed with profile "workspace" in bubblewrap
    Then the exit code is 0
    And stdout contains "{project}"
    And stdout does not contain "guard-copies"
    And stderr contains "running on a copy of the project, bound over the project's path"
    And the report field "workspace.mode" is "copy"
    And the report field "workspace.verdict" is "applied"
    And the project file "x.txt" contains "x"

  Scenario: git works on the copy bound over the project, reading the project's objects bound inside it
    Given the project is a git repository with its files committed
    When I run "git checkout -q -b feature && echo more >> README && git commit -q -am more && git checkout -q main && git merge -q --no-ff -m merged feature && git tag v1" sandboxed with profile "workspace" in bubblewrap
    Then the exit code is 0
    And the report field "workspace.mode" is "copy"
    And the report field "workspace.verdict" is "applied"
    And the report has no violations
    And the project file "README" contains "more"
    And the project file ".git/objects/info/alternates" does not exist
    And the project file ".git/objects/info/terraphim-host-objects" does not exist
    And git "log --oneline" in the project prints "merged"
    And git "fsck --no-progress" in the project prints ""

  Scenario: pass-through directories pass through the copy too, and links out of them are removed and reported
    Given a project file "target/debug/app" containing:
      """
      old build
      """
    And a sandbox profile "fast" based on "workspace" with:
      """
      pass_through = ["target"]
      """
    When I run "cat target/debug/app; echo new > target/app2; ln -s ../README target/out; echo z > z.txt" sandboxed with profile "fast" in bubblewrap
    Then the exit code is 0
    And stdout contains "old build"
    And the project file "target/app2" contains "new"
    And the project file "target/out" does not exist
    And the report has a "fs-write" violation with evidence containing "points out of its pass-through directory"
    And the report field "workspace.verdict" is "applied"
    And the project file "z.txt" contains "z"

  Scenario: without a mount namespace the copy runs at its own path, and the run says so
    When I run "pwd -P" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And stdout contains "guard-copies"
    And stderr contains "not the project's path: no mount namespace here"
    And the report field "workspace.ran_at" contains "guard-copies"

  Scenario: a project past the copy's bound runs readonly instead
    Given a sandbox profile "small" based on "workspace" with:
      """
      copy_max_files = 2
      """
    When I run "echo x > x.txt" sandboxed with profile "small" without namespaces
    Then the exit code is 1
    And stderr contains "larger than the copy's bound"
    And stderr contains "running under profile `readonly` instead"
    And the project file "x.txt" does not exist

  Scenario: the fallback still reads the project and reports what it refused
    Given a project file "notes.txt" containing:
      """
      kept
      """
    When I run "cat notes.txt" sandboxed with profile "workspace" without namespaces
    Then the exit code is 0
    And stdout contains "kept"

  Scenario: guard profiles says how the workspace is made here
    When I run "terraphim-agent guard profiles"
    Then the exit code is 0
    And stdout contains "workspace  (<embedded>/workspace.toml)"
    And stdout contains "overlayfs in the mount namespace"
    And stdout contains "a copy of the project (at most 5000 files / 256 MiB, leaving out target, node_modules"
    And stdout contains "bound over the project's own path in the mount namespace"

  Scenario: a change set held for destroying work counts against the program that did it
    Given the project is a git repository with its files committed
    And a project file "src/main.rs" containing:
      """
      fn main() { work_in_progress(); }
      """
    When I run "factor 12 && truncate -s 0 src/main.rs && ls" sandboxed with profile "workspace" with namespaces
    Then the exit code is 0
    And the report has a "destroys-work" violation with evidence containing "workspace: the change set was held"
    And the project file "src/main.rs" contains "work_in_progress"
    When I run "terraphim-agent guard sweep"
    Then a staged DENY proposal for "truncate" exists
    And no staged DENY proposal for "factor" exists

  Scenario: a pass-through build directory is written straight through, and a link out of it is removed
    Given a sandbox profile "fast" based on "workspace" with:
      """
      pass_through = ["target"]
      """
    And a project file "target/.keep" containing:
      """
      keep
      """
    When I run "echo built > target/app && ln -s ../src/main.rs target/planted && echo x > x.txt" sandboxed with profile "fast" with namespaces
    Then the exit code is 0
    And the project file "target/app" contains "built"
    And the project file "target/planted" does not exist
    And the report has a "fs-write" violation with evidence containing "points out of its pass-through directory"
    And the project file "x.txt" contains "x"
    When I run "terraphim-agent guard profiles"
    Then stdout contains "target bound writable straight through (not judged)"

  Scenario: a pass-through directory that is a symlink is not bound
    Given a sandbox profile "fast" based on "workspace" with:
      """
      pass_through = ["target"]
      """
    And a symlink "target" in the project pointing to "{home}"
    When I run "echo x > target/planted" sandboxed with profile "fast" with namespaces
    Then stderr contains "pass-through `target` is not a directory"
    And the file "{home}/planted" does not exist
